"""Words for people: the public state as lines (the text render, the picture) and what an
action id does in the pending decision (``describe_action``, used by ``boardgym play``)."""
from __future__ import annotations

from boardgym.games.sleeping_gods import challenge
from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods.kinds import (A_CH, A_D, A_LEFT, A_TGT, C_ROUND, C_STATE, CB_RUNNING,
                                                CH_NONE, D_ATTACKER, D_JOIN, D_MODIFY, EOR_LETTERS,
                                                H_NUMBER, H_SKILL, H_STATE, STATUS_NAMES)
from boardgym.games.sleeping_gods.words import enemy_label, enemy_lines

from . import actions as A
from .characters import ABILITIES, NAMES
from .content import DIRECTIONS, ICONS, RESOURCES, SLOTS
from .kinds import (TORCH, D_BANNER, D_EVENT_CHOICE, D_MARKET, D_STORY_CHOICE, DECISIONS, DIFFICULTIES, HOST_FIRST,
                    PHASES, TIME)

HOLDERS = NAMES + ("the storage",)
SKILL_WORDS = ("Craft", "Cunning", "Perception", "Savvy", "Strength")  # content.SKILLS order
PHASE_WORDS = ("setup", "start of the turn", "event", "actions", "end of the turn", "game over")
assert len(PHASE_WORDS) == len(PHASES)
ICON_WORDS = {k: k.replace("_", " ") for k in ICONS}
# what a grid letter does (PP-ENEMY), for the legend under the grids
LETTER_WORDS = {"P": "P power +1 each round", "K": "K block", "N": "N power can't be removed",
                "T": "T strikes first", "G": "G more power to the other enemies", "D": "D damage to a character",
                "H": "H heals itself", "L": "L heals an ally", "O": "O damages the boat", "F": "F frightens",
                "M": "M madness", "V": "V venom", "W": "W weakens"}
ABILITY_WORDS = {"ignore_rocks": "ignore the rocks", "remove_power": "remove 1 power from an enemy",
                 "block": "block 1 on a counterattack", "reroll_combat": "reroll the combat die"}
EOR_WORDS = {"D": "takes the damage", "F": "is frightened", "M": "suffers madness", "V": "gains venom",
             "W": "is weakened"}


def _tokens(s, h) -> str:
    return ", ".join(f"{s.inv[6 * h + t]} {RESOURCES[t]}" for t in range(6) if s.inv[6 * h + t]) or "no tokens"


def _card_name(s, n) -> str:
    return s.game.content.cards.numbered[n].name


def skill_test(c) -> str:
    """A challenge in words: "Savvy 5"."""
    return f"{SKILL_WORDS[c.skill]} {c.number}"


def combat_name(s, n: int) -> str:
    cb = s.game.content.by_number.get(n)
    return f"combat {n}" + (f" ({cb.name})" if cb is not None else "")


def choice_text(s, ch) -> str:
    """A story choice with what it asks: "Climb the bank (needs the keyword rope-bridge; a Strength 5
    challenge; then a fight: combat 3 (Zokmere Crocs))"."""
    asks = []
    if ch.requires:
        owned = ch.requires in keywords_owned(s)
        asks.append(f"needs the keyword {ch.requires}" + ("" if owned else ", not owned"))
    if ch.challenge:
        asks.append(f"a {skill_test(ch.challenge)} challenge")
    if ch.combat:
        asks.append(f"a fight: {combat_name(s, ch.combat)}")
    return ch.text + (f" ({'; '.join(asks)})" if asks else "")


def keywords_owned(s) -> set:
    num = s.game.content.cards.numbered
    return {k for n in s.owned for k in getattr(num[n], "keywords", ())}


def exit_text(s, k: int) -> str:
    """Exit k of the boat's space in words: the space, its page when it is another one, the edge
    crossed, rocks there."""
    g = s.game
    sp = g.spaces[s.pos]
    to = g.spaces[sp.exits[k]]
    bits = []
    edge = dict(sp.edges).get(k)
    if edge is not None:
        bits.append(f"{DIRECTIONS[edge]} edge")
    if to.page != sp.page:
        bits.append(f"page {g.pages[to.page].number}")
    if to.rocks:
        bits.append("rocks")
    if to.location:
        bits.append(f"location {to.location}")
    return to.name + (f" ({', '.join(bits)})" if bits else "")


def state_lines(s) -> list[str]:
    g = s.game
    sp = g.spaces[s.pos]
    page = g.pages[sp.page]
    out = [f"Primeval Peril - turn {s.turn}, {PHASE_WORDS[s.phase]}, active seat {s.active}, {DIFFICULTIES[s.diff]}",
           f"time left {(TIME - s.watch) + s.bonus} (watch {s.watch}/{TIME}, bonus {s.bonus}), moons crossed "
           f"{s.moons}/6" + (f", last turns {s.final}" if s.final >= 0 else "")
           + f", boat {s.boat}/8, rerolls {s.rerolls}, bloodflowers {s.blooms}",
           f"the Harpy is at {sp.name} (page {page.number}, {page.name})"
           + (f", rocks (fate {'/'.join(map(str, sp.rocks))}: {sp.rocks_damage} boat damage)" if sp.rocks else "")
           + (f", {ICON_WORDS[ICONS[sp.icon]]}" if sp.icon >= 0 else "")
           + (f", location {sp.location}" + (" (crossed off)" if sp.location in s.crossed else "")
              if sp.location else ""),
           "  exits: " + "; ".join(exit_text(s, k) for k in range(len(sp.exits)))]
    for c in range(5):
        sts = ", ".join(STATUS_NAMES[k] for k in range(4) if s.status[c] >> k & 1) or "-"
        gear = ", ".join(_card_name(s, n) for n in s.equip[c]) or "no cards"
        out.append(f"  {NAMES[c]} (seat {s.controller(c)}, level {s.level[c]}): HP {s.hp[c]}/{s.max_hp(c)}, "
                   f"stamina {s.res[c]}, {sts} | {_tokens(s, c)} | {gear}")
    out.append(f"  storage: {_tokens(s, 5)}")
    names: dict = {}
    for x in s.deck_in:
        nm = g.combat_cards[x].name
        names[nm] = names.get(nm, 0) + 1
    out.append(f"  deck ({len(s.deck_in)}): " + ", ".join(f"{nm} x{k}" if k > 1 else nm for nm, k in names.items())
               + f" | free moves {s.moves}/{g.max_free_moves}")
    quests = [_card_name(s, n) for n in s.owned if hasattr(g.content.cards.numbered[n], "keywords")]
    if quests:
        out.append(f"  quests: {', '.join(quests)}")
    if s.ev_cur >= 0:
        out.append(f"EVENT {g.events[s.ev_cur].name}: {g.events[s.ev_cur].text}")
    if s.sec >= 0:
        sec = g.content.story.sections[s.sec]
        out.append(f"SECTION {sec.key}: {sec.text}")
        for k, ch in enumerate(sec.choices):
            out.append(f"  - {choice_text(s, ch)}")
    market = next((f[2] for f in reversed(s.pend) if f[0] == D_MARKET), -1)
    if market >= 0:
        out += market_lines(s, market)
    if s.sg_chal[H_STATE] != CH_NONE:
        out.append(f"CHALLENGE {SKILL_WORDS[s.sg_chal[H_SKILL]]} {s.sg_chal[H_NUMBER]}: total so far "
                   f"{challenge.current_total(s)}, participants "
                   + (", ".join(NAMES[c] for c in challenge.participants(s)) or "none"))
    if s.sg_com[C_STATE] == CB_RUNNING:
        out.append(f"COMBAT round {s.sg_com[C_ROUND]}")
        out += enemy_lines(s, LETTER_WORDS)
        at = s.sg_atk
        if at[A_CH] >= 0:
            tgt = enemy_label(s, at[A_TGT]) if at[A_TGT] >= 0 else "an enemy to choose"
            out.append(f"  {NAMES[at[A_CH]]} attacks {tgt}: damage {at[A_D]}, {at[A_LEFT]} to place")
        for p in range(s.n):
            out.append(f"  seat {p} hand: " + (", ".join(g.combat_cards[x].name for x in s.hand[p]) or "empty"))
    if s.pend and not s.cq:
        f = s.pend[-1]
        out.append(f"seat {f[1]} decides: {decision_text(s, f)}")
    elif s.cq and not s.over:
        out.append("a die roll or a card draw is next")
    if s.over:
        out.append(["GAME OVER: the turn limit cut the game off", "GAME OVER: an ending is reached, the game is won",
                    "GAME OVER: the crew is defeated"][s.result] + f"; score {s.score()}")
    return out


def market_lines(s, market: int) -> list[str]:
    """PP-EXPL-10: "you may look at each market card before deciding which to purchase": every
    card still on offer, affordable or not, with its price, slot, skill symbol and text."""
    from .cards import carried_coins, market_offer

    coins = carried_coins(s)
    out = [f"MARKET: every card on offer (the characters carry {coins} coin{'' if coins == 1 else 's'})"]
    for n in market_offer(s, market):
        card = s.game.content.cards.numbered[n]
        short = card.price - coins
        price = f"{card.price} coins" + (f", {short} more than carried" if short > 0 else "")
        skill = f", +1 {SKILL_WORDS[card.skill]}" if 0 <= card.skill < len(SKILL_WORDS) else ""
        out.append(f"  - {card.name} ({price}; {SLOTS[card.slot].replace('_', ' ')} card{skill})"
                   + (f": {card.text}" if card.text else ""))
    return out


# what each pending decision asks, in words (the frame's a / b in braces)
ASKS = {
    "sg_join": "who joins the challenge", "sg_modify": "the challenge's window: add tokens, abilities or a reroll, or go on",
    "sg_wound": "place 1 of {a} damage on a character", "sg_attacker": "who attacks next, or pass",
    "sg_target": "the enemy to attack", "sg_rolled": "the window after the combat die: reroll, cards or go on",
    "sg_place": "place the next damage on the enemy's grid", "sg_block": "the window before the counterattack: block or go on",
    "sg_char_target": "which character {eor}", "sg_heal_square": "the damage the enemy heals",
    "sg_heal_ally": "the enemy that is healed",
    "place_start": "place the starting {res} on a character", "main": "the next action, a token or card move, or an ability",
    "token": "what to do with {holder}'s {res}", "fruit": "the fruit: heal 1 HP or remove venom",
    "gain": "where the gained {res} goes", "gain_kind": "which resource to gain ({a} to gain)",
    "lose": "which token to lose", "heal": "who heals ({a} HP to heal)",
    "stamina_loss": "who loses 1 stamina ({a} more)", "status_off": "who loses {status}",
    "status_pick": "which status {char} loses", "level_up": "which character turns to level 2",
    "fate_window": "the window after the fate die: reroll or go on",
    "rest_status": "rest: who removes a status, or skip", "rest_sets": "rest: pay a meat and a fruit for 5 HP, or skip",
    "rest_heal": "rest: who heals ({a} HP to share)", "event_choice": "the event's choice",
    "ability_char": "whose status the ability removes", "banner": "use the banner ({banner}), or not",
    "equip": "who takes {card}", "market": "buy at the market, or close it", "story_choice": "the story's choice",
    "torch": "the square the torch burns (1 damage)", "power_off": "the enemy that loses 1 power",
    "deck": "edit the active combat deck (at least 12 cards), then confirm",
    "move_card": "where {card} goes", "swap_card": "which card of {char} to exchange for {card}",
}
assert set(ASKS) == set(DECISIONS), f"decisions without words: {set(DECISIONS) - set(ASKS)}"


def frame_words(s, f) -> dict:
    """The words a pending frame ``f`` fills in (its card, resource, character...), for its
    question (``ASKS``) and its options (``CHOSEN``)."""
    name = DECISIONS[f[0]]
    g = s.game
    words = {"a": f[2], "res": "token", "holder": "a holder", "status": "a status", "char": "a character",
             "card": "the card", "banner": "", "eor": "suffers the enemy's ability"}
    if name == "sg_char_target" and 0 <= f[2] < len(EOR_LETTERS):
        words["eor"] = EOR_WORDS[EOR_LETTERS[f[2]]]
    if name in ("place_start", "gain") and 0 <= f[2] < 6:
        words["res"] = RESOURCES[f[2]]
    if name == "token":
        h, r = divmod(f[2], 6)
        words["holder"], words["res"] = HOLDERS[h], RESOURCES[r]
    if name == "status_off" and 0 <= f[2] < 4:
        words["status"] = STATUS_NAMES[f[2]]
    if name in ("status_pick",) and 0 <= f[2] < 5:
        words["char"] = NAMES[f[2]]
    if name == "swap_card" and 0 <= f[3] < 5:
        words["char"] = NAMES[f[3]]
    if name in ("equip", "move_card", "swap_card") and f[2] in g.content.cards.numbered:
        words["card"] = _card_name(s, f[2])
    if name == "banner":
        words["banner"] = g.pages[f[2] // 8].banner[f[2] % 8].text
    return words


def decision_text(s, f) -> str:
    """The pending frame ``f`` in words ("place the starting meat on a character")."""
    return ASKS[DECISIONS[f[0]]].format(**frame_words(s, f))


# what choosing a character or a holder ({who}) does in each pending decision, so that an
# option says its verb ("Lois takes the Machete (HP 6/8)", never a bare name)
CHOSEN = {
    "sg_wound": "place the damage on {who}", "sg_attacker": "{who} attacks",
    "sg_char_target": "{who} {eor}", "place_start": "put the starting {res} on {who}",
    "token": "{holder}'s {res}: use it for {who}", "gain": "put the {res} on {who}",
    "heal": "heal {who}", "stamina_loss": "{who} loses 1 stamina", "status_off": "{who} loses {status}",
    "level_up": "{who} turns to level 2", "rest_status": "{who} removes a status",
    "rest_heal": "{who} heals (rest)", "ability_char": "{who} loses a status (the ability)",
    "equip": "{who} takes {card}", "move_card": "move {card} to {who}",
}
MOVED = {"place_start": "put the starting {res} on {who}", "gain": "put the {res} on {who}",
         "token": "move {holder}'s {res} to {who}"}


def chosen_text(s, f, table: dict, who: str) -> str:
    """An option that chooses ``who`` in the pending frame ``f``, with the frame's verb."""
    name = DECISIONS[f[0]] if f is not None else ""
    template = table.get(name)
    return template.format(who=who, **frame_words(s, f)) if template else f"choose {who}"


def describe_action(s, action: int) -> str:
    """What ``action`` does in the pending decision, in words."""
    cat = A.CATALOG
    name, k = cat.split(action)
    f = s.pend[-1] if s.pend else None
    kind = f[0] if f else -1
    g = s.game
    if name == "CONFIRM":
        return CONFIRM_WORDS.get(DECISIONS[kind] if kind >= 0 else "", "go on")
    if name in PLAIN_WORDS:
        return PLAIN_WORDS[name]
    if name == "ENEMY":
        return f"{'attack' if kind < HOST_FIRST else 'choose'} {enemy_label(s, k)}"
    if name == "SQUARE":
        e, sq = divmod(k, 9)
        return f"{enemy_label(s, e)}, row {sq // 3 + 1} column {sq % 3 + 1}"
    if name == "SET_DIFFICULTY":
        return f"change the difficulty to {DIFFICULTIES[k]}"
    if name == "OPTION" and kind == D_STORY_CHOICE:
        return choice_text(s, g.content.story.sections[f[2]].choices[k])
    if name == "OPTION" and kind == D_EVENT_CHOICE:
        return g.events[f[2]].choice[k].text
    if name == "OPTION" and kind == D_MARKET:
        n = g.content.story.markets[f[2]].cards[k]
        card = g.content.cards.numbered[n]
        return f"buy {card.name} for {card.price} coins"
    if name == "OPTION" and kind == D_BANNER:
        return "pay and use the banner: " + g.pages[f[2] // 8].banner[f[2] % 8].text
    if name == "TRAVEL":
        return f"travel to {exit_text(s, k)} (costs 1 time)"
    if name == "CHAR" and kind == D_JOIN:
        sk = s.sg_chal[H_SKILL]
        return (f"{NAMES[k]} joins the challenge ({SKILL_WORDS[sk]} {chars.effective_skill(s, k, sk)}, "
                f"stamina {s.res[k]})")
    if name == "CHAR":
        return chosen_text(s, f, CHOSEN, f"{NAMES[k]} (HP {s.hp[k]}/{s.max_hp(k)})")
    if name == "PLAY":
        h, c = divmod(k, 5)
        card = g.combat_cards[s.hand[f[1]][h]]
        return f"{NAMES[c]} attacks with {card.name} ({card.text})"
    if name == "RESOURCE":
        h, t = divmod(k, 6)
        token = f"{HOLDERS[h]}'s {RESOURCES[t]}"
        if kind == D_MODIFY:
            return f"spend {token}: +1 to the challenge"
        if kind == D_ATTACKER:
            return f"use {token}: " + ("1 damage on an enemy" if t == TORCH else "an enemy loses 1 power")
        return RESOURCE_WORDS.get(DECISIONS[kind], "use or move {token}").format(token=token)
    if name == "DEST":
        return chosen_text(s, f, MOVED, HOLDERS[k])
    if name == "CHAR_ABILITY":
        ab = ABILITIES[k]
        what = (ABILITY_WORDS[ab.kind] if ab.kind in ABILITY_WORDS else
                "remove " + " or ".join(STATUS_NAMES[x] for x in ab.statuses))
        return f"{NAMES[ab.ch]}'s ability: {what} ({ab.cost} stamina)"
    if name == "CARD_ABILITY":
        c, j = divmod(k, 6)
        return f"{NAMES[c]}'s {_card_name(s, s.equip[c][j])}"
    if name == "OWNED_ADV":
        return f"move {_card_name(s, g.adventure_numbers[k])}"
    if name == "DECK_TOGGLE":
        card = g.combat_cards[k]
        return f"{'take' if k in s.deck_in else 'put'} {card.name} {'out of' if k in s.deck_in else 'into'} the deck"
    if name == "STATUS":
        return f"remove {STATUS_NAMES[k]}"
    return cat.describe(action)


CONFIRM_WORDS = {"sg_join": "done: nobody else joins", "sg_modify": "go on: resolve the challenge",
                 "sg_attacker": "pass: no more attacks this round", "sg_rolled": "go on: place the damage",
                 "sg_place": "stop placing damage", "sg_block": "go on: the counterattack",
                 "gain": "drop it", "fate_window": "go on",
                 "rest_status": "skip", "rest_sets": "skip: no more sets", "banner": "leave the banner",
                 "market": "close the market", "deck": "done: keep this deck", "move_card": "set it aside"}
RESOURCE_WORDS = {"lose": "lose {token}", "rest_sets": "pay {token}", "gain": "discard {token} to make room"}
PLAIN_WORDS = {"NOOP": "nothing (the game is over)", "END_TURN_EARLY": "end the turn early (the next seat gets the 1 time left)",
               "EXPLORE": "explore this space (costs 2 time)", "REPAIR": "repair the boat (costs 2 time)",
               "REST": "rest: cross off a moon (costs no time)", "REROLL": "spend a reroll token: roll the die again"}


def state_text(s, seat: int) -> str:
    return "\n".join(state_lines(s))


def public_lines(s) -> list[str]:
    """The public parts a player may look through: the combat deck, the cards owned, the quests."""
    g = s.game
    names: dict = {}
    for x in s.deck_in:
        names[g.combat_cards[x].name] = names.get(g.combat_cards[x].name, 0) + 1
    return ["Active combat deck: " + (", ".join(f"{k} x{v}" for k, v in names.items()) or "empty"),
            "Cards owned: " + (", ".join(_card_name(s, n) for n in s.owned) or "none"),
            f"Locations crossed off: {', '.join(map(str, sorted(s.crossed))) or 'none'}"]


def summary_lines(s) -> list[str]:
    """PP-END-3: the score and its parts."""
    from .difficulty import easiest_logged
    from .journey import RESULT_LOST, RESULT_WON
    from .kinds import DIFFICULTY_SCORE
    from .scoring import scored_cards

    why = {RESULT_WON: "an ending is reached, the game is won", RESULT_LOST: "the crew is defeated"}.get(
        s.result, "the turn limit cut the game off")
    cards, tokens = scored_cards(s), sum(s.inv)
    return [f"The end: {why}.",
            f"Score {s.score()} = +{2 * cards} for {cards} adventure cards, +{tokens // 4} for {tokens} tokens, "
            f"{'+10 for the ending' if s.result == RESULT_WON else '-10 for the defeat' if s.result == RESULT_LOST else '+0'}"
            f", +{DIFFICULTY_SCORE[easiest_logged(s)]} for the difficulty"]


def hidden_lines(s) -> list[str]:
    """What no player sees, in player words (the viewer's full state): the events the event deck
    may still draw and the combat cards left to draw; neither deck's order is stored, each card
    is drawn at random from these."""
    from boardgym.core.narration import first_names as _some
    from .fight import pile

    g = s.game
    events = [g.events[i].name for i, x in enumerate(s.ev_seen) if not x]
    out = [f"Event deck ({len(events)}, drawn at random): {_some(events)}"]
    names: dict = {}
    for x in pile(s):
        nm = g.combat_cards[x].name
        names[nm] = names.get(nm, 0) + 1
    left = [f"{nm} x{k}" if k > 1 else nm for nm, k in names.items()]
    out.append(f"Combat cards left to draw ({sum(names.values())}, drawn at random): {_some(left)}")
    return out
