"""Words for actions and states: ``describe_action(state, action)`` says what an option will do
in the pending decision (``boardgym play``); ``state_lines`` is the text table (render.py),
showing the encounter, the crew, the grids and every Destiny draw."""
from __future__ import annotations

from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods.challenge import current_total
from boardgym.games.sleeping_gods.kinds import (A_CH, A_D, A_LEFT, A_TGT, C_ROUND, H_NUMBER, H_PARTS,
                                                H_ROLL, H_STATE, STATUS_NAMES)
from boardgym.games.sleeping_gods.words import enemy_label, enemy_lines

from . import actions as A
from .cards import skill_left
from .content import BOSS_KINDS, CORNERS, REWARDS
from .kinds import BACKS, DECISIONS, MASTERY, OM_COSTS, PHASES, QUOTA, UNITS

STATUS_WORDS = ("poison",) + STATUS_NAMES[1:]


def crew_name(s, ch: int) -> str:
    cr = s.game.content.crew[ch]
    return f"{cr.role} {cr.name}"


# a reward card's items and corner actions, as a player reads them (TR-BASE-REWARD)
REWARD_WORDS = {"om": "+{n} order markers", "skill_cards": "draw {n} skill cards", "heal": "heal {n} wounds",
                "fatigue": "remove {n} fatigue", "status": "remove {n} statuses", "xp": "+{n} XP",
                "food": "+{n} food", "coins": "+{n} coins", "recover": "recover {n} spent order markers",
                "adventure": "draw {n} adventure card"}
CORNER_WORDS = {"port": "Port (all fatigue removed, all spent order markers back, every crew member heals 1)",
                "market": "Market (buy from 3 adventure cards, or blind skill cards at 2 coins)"}
# one unit of a reward being handed out (UNITS), to a player or a crew member
UNIT_WORDS = {"om": "an order marker", "skill": "a skill card", "heal": "a healed wound",
              "fatigue": "a fatigue removed", "status": "a status removed",
              "recover": "a spent order marker back", "give_poison": "poison",
              "give_frightened": "fright", "give_weakened": "weakness", "give_madness": "madness"}
# the Boss card's improvements (TR-BASE-BOSS)
BOSS_WORDS = {"start_power": "each enemy starts with +{n} power",
              "power_per_round": "each enemy gains +{n} power at every end of round",
              "damage_bonus": "+{n} to every damage an enemy deals",
              "counter_bonus": "+{n} counterattack damage",
              "frighten": "end of round: each enemy frightens a crew member",
              "poison": "end of round: each enemy poisons a crew member"}
# what a grid letter does (PP-ENEMY), for the legend under the grids
LETTER_WORDS = {"P": "P power +1 each round", "K": "K block", "N": "N power can't be removed",
                "T": "T strikes first", "G": "G more power to the other enemies", "D": "D damage to a crew member",
                "H": "H heals itself", "L": "L heals an ally", "O": "O boat damage (no boat here: ignored)",
                "F": "F frightens", "M": "M madness", "V": "V poisons", "W": "W weakens"}


def _reward_text(s, r: int) -> str:
    card = s.game.content.rewards[r]
    items = ", ".join(REWARD_WORDS[REWARDS[k]].format(n=n) for k, n in card.rewards)
    return f"{card.name} [{items}; corner: {CORNER_WORDS[CORNERS[card.corner]]}]"


def boss_text(s) -> str:
    """The Boss improvements drawn so far, by Destiny value, in words (TR-BOSS)."""
    imps = s.game.content.boss
    return "; ".join(f"{v}: {BOSS_WORDS[BOSS_KINDS[imps[v].kind]].format(n=imps[v].amount)}"
                     for v in range(6) if s.boss >> v & 1)


def describe_action(s, a: int) -> str:
    c = s.game.content
    if s.cq or not s.pend:
        return s.game.catalog.describe(a)
    f = s.pend[-1]
    kind = DECISIONS[f[0]]
    if a == A.CONFIRM and kind == "prep" and s.rw_open >= 0:  # TR-REW-3: the card stays open
        return ("hand the window round, so the others can spend order markers before the next item"
                if f[1] == s.active else "pass (the window goes on round, the reward card stays open)")
    if a == A.CONFIRM:
        return {"prep": "pass (when every player passes, the encounter is revealed)", "place_card": "leave it in the stash",
                "adv_to": "put it in the stash", "market": "close the market", "keep": "keep the new draw",
                "strike": "+2 damage", "sg_join": "done adding crew", "sg_attacker": "pass",
                "sg_place": "stop placing damage"}.get(kind, "confirm")
    if A.CREW <= a < A.CREW + A.N_CREW:
        ch = a - A.CREW
        return chosen_text(s, f, f"{crew_name(s, ch)} (HP {s.hp[ch]}/{s.max_hp(ch)}, fatigue {s.res[ch]})")
    if A.PLAYER <= a < A.PLAYER + 4:
        return chosen_text(s, f, f"player {a - A.PLAYER}")
    if A.STATUS <= a < A.STATUS + A.N_STATUS:
        return f"remove {STATUS_WORDS[a - A.STATUS]}"
    if A.SKILL <= a < A.SKILL + A.N_SKILLS:
        return f"+1 {SKILL_WORDS[a - A.SKILL]}"
    if A.USE_REWARD <= a < A.USE_REWARD + A.MAX_REWARDS:
        return f"use {_reward_text(s, s.rewards[a - A.USE_REWARD])}, take {QUOTA[s.game.difficulty]} of 6"
    if A.REWARD_ITEM <= a < A.REWARD_ITEM + 6:
        k, n = c.rewards[s.rw_open].rewards[a - A.REWARD_ITEM]
        return f"take {REWARD_WORDS[REWARDS[k]].format(n=n)}"
    if A.HAND <= a < A.HAND + A.HAND_SLOTS:
        card = c.skills[s.hand[f[1]][a - A.HAND]]
        return f"{'discard' if kind == 'discard' else 'equip'} {card.name} ({card.text})"
    if A.EQUIPPED <= a < A.EQUIPPED + 10:
        ch, j = divmod(a - A.EQUIPPED, 2)
        card = c.skills[s.equip[ch][j]]
        verb = "discard" if kind in ("prep", "equip_swap") else "activate (1 order marker)"
        return f"{verb} {crew_name(s, ch)}'s {card.name}: {card.text}"
    if A.ADVENTURE <= a < A.ADVENTURE + A.N_ADVENTURE:
        x = c.adventure[a - A.ADVENTURE]
        return f"{'cook' if x.kind == 2 and kind == 'prep' else 'take' if kind == 'start_pick' else 'move'} {x.name}: {x.text}"
    if A.WEAPON_OF <= a < A.WEAPON_OF + A.N_CREW:
        return f"exchange {crew_name(s, a - A.WEAPON_OF)}'s weapon"
    if A.MARKET_SLOT <= a < A.MARKET_SLOT + 3:
        x = c.adventure[s.market[a - A.MARKET_SLOT]]
        return f"buy {x.name} for {x.price} coins"
    if A.ENEMY <= a < A.ENEMY + A.MAX_ENEMIES:
        return f"attack {enemy_label(s, a - A.ENEMY)}"
    if A.SQUARE <= a < A.SQUARE + 36:
        e, sq = divmod(a - A.SQUARE, 9)
        return f"damage on {enemy_label(s, e)}, row {sq // 3 + 1} column {sq % 3 + 1}"
    words = {A.FLEE: "flee (the encounter fails, +1 fatigue to each crew member above 0 HP)",
             A.REDRAW: "spend 1 order marker: draw Destiny again",
             A.PORT: "Port: remove all fatigue, recover all spent order markers, heal 1 each",
             A.MARKET: "Market: reveal 3 adventure cards", A.BUY_SKILL: "buy a blind skill card (2 coins)",
             A.OM_FATIGUE: f"spend {OM_COSTS[0]} order markers: remove 1 fatigue",
             A.OM_HEAL: f"spend {OM_COSTS[1]} order markers: heal 1 wound",
             A.OM_STATUS: f"spend {OM_COSTS[2]} order markers: remove 1 status", A.XP_TRAIN: "spend 3 XP: +1 to a skill",
             A.KEEP_EARLIER: "keep the earlier draw", A.STRIKE_POWER: "remove 1 power"}
    return words.get(a, s.game.catalog.describe(a))


ASKS = {
    "start_pick": "choose a starting adventure card ({a} still to choose)",
    "place_card": "place {card}: on a crew member, or in the stash",
    "prep": "the preparation window{passed}",
    "equip_to": "equip {skill} on a crew member", "equip_swap": "discard one of {crew}'s skill cards",
    "swap_with": "exchange {crew_a}'s weapon with", "adv_to": "move {card}", "om_crew": "spend order markers on whom",
    "pick_status": "which status {crew_a} loses", "train_crew": "train whom", "train_skill": "train which skill of {crew_a}",
    "discard": "discard down to 3 skill cards", "market": "buy at the market, or close it",
    "buy_to": "give the blind skill card to", "recipe_crew": "who gets the recipe's effect",
    "keep": "Fortune: keep the new draw ({new}) or the earlier one ({a})",
    "strike": "Strike: +2 damage or remove 1 power",
    "sg_join": "join the challenge", "sg_modify": "the challenge's modify window",
    "sg_wound": "place 1 of {wounds}", "sg_attacker": "attack with a crew member, pass or flee",
    "sg_target": "choose the enemy to attack", "sg_rolled": "the window after the attack's Destiny draw",
    "sg_place": "place the next damage token", "sg_block": "the block window before the counterattack",
    "sg_char_target": "choose who suffers the enemy's ability", "sg_heal_square": "choose the token the enemy heals",
    "sg_heal_ally": "choose the enemy that is healed",
}


def decision_text(s, f) -> str:
    kind = DECISIONS[f[0]]
    if kind == "units":
        return f"give {UNIT_WORDS[UNITS[f[2]]]} ({f[3]} left)"
    words = frame_words(s, f)
    try:
        return ASKS[kind].format(**words)
    except KeyError:
        return kind


def frame_words(s, f) -> dict:
    """The words a pending frame ``f`` fills in (its card, crew member...), for its question
    (``ASKS``) and its options (``CHOSEN``)."""
    kind = DECISIONS[f[0]]
    c = s.game.content
    words = {"a": f[2], "new": f[3] % 16, "card": "the card", "skill": "the skill card",
             "crew_a": "a crew member", "crew": "a crew member", "passed": "", "wounds": f"{f[2]} wounds"}
    if kind == "prep" and f[2] > 0:
        words["passed"] = f" ({f[2]} {'player has' if f[2] == 1 else 'players have'} passed in turn)"
    if kind == "sg_wound" and f[2] == 1:
        words["wounds"] = "1 wound"
    if kind == "equip_to" and 0 <= f[1] < len(s.hand) and 0 <= f[2] < len(s.hand[f[1]]):
        words["skill"] = c.skills[s.hand[f[1]][f[2]]].name
    if kind in ("place_card", "adv_to") and f[2] < len(c.adventure):
        words["card"] = c.adventure[f[2]].name
    if kind in ("swap_with", "pick_status", "train_skill") and f[2] < 5:
        words["crew_a"] = crew_name(s, f[2])
    if kind == "equip_swap" and f[3] < 5:
        words["crew"] = crew_name(s, f[3])
    return words


# what choosing a crew member or a player ({who}) does in each pending decision, so that an
# option says its verb ("place Boarding Cutlass on Gunner Bram Kettle (HP 8/8, fatigue 2)")
CHOSEN = {
    "place_card": "place {card} on {who}", "equip_to": "equip {skill} on {who}",
    "swap_with": "exchange {crew_a}'s weapon with {who}'s", "adv_to": "move {card} to {who}",
    "train_crew": "train {who}", "buy_to": "give the blind skill card to {who}",
    "recipe_crew": "the recipe's effect on {who}", "sg_join": "{who} joins the challenge",
    "sg_wound": "place the wound on {who}", "sg_attacker": "{who} attacks",
    "sg_char_target": "{who} suffers the enemy's ability",
    "om_crew": ("spend {cost} order markers: remove 1 fatigue from {who}",
                "spend {cost} order markers: heal 1 wound of {who}",
                "spend {cost} order markers: remove 1 status of {who}"),
    "units": {"om": "give an order marker to {who}", "skill": "give a skill card to {who}",
              "heal": "heal 1 wound of {who}", "fatigue": "remove 1 fatigue of {who}",
              "status": "remove 1 status of {who}", "recover": "give a spent order marker back to {who}",
              "give_poison": "poison {who}", "give_frightened": "frighten {who}",
              "give_weakened": "weaken {who}", "give_madness": "give madness to {who}"},
}


def chosen_text(s, f, who: str) -> str:
    """An option that chooses ``who`` (a crew member, a player) in the pending frame ``f``,
    with the frame's verb."""
    kind = DECISIONS[f[0]]
    template = CHOSEN.get(kind)
    if kind == "om_crew" and 0 <= f[2] < 3:
        return template[f[2]].format(cost=OM_COSTS[f[2]], who=who)
    if kind == "units" and 0 <= f[2] < len(UNITS):
        return template[UNITS[f[2]]].format(who=who)
    if isinstance(template, str):
        return template.format(who=who, **frame_words(s, f))
    return f"choose {who}"


PHASE_WORDS = {"setup": "setting up", "turn_start": "a new turn", "prep_open": "preparation",
               "prep": "preparation", "reveal": "the reveal", "boss": "the boss draws", "challenge": "a challenge",
               "ch_reward": "the challenge's reward", "combat": "a fight", "end_turn": "end of the turn",
               "scoring": "scoring", "over": "game over"}


def state_text(s, seat: int) -> str:
    """The table as ``seat`` sees it: with hidden hands (``hidden_hands``) the others' hands as
    counts, the seat's own by name."""
    lines = state_lines(s)
    if s.game.hidden_hands and 0 <= seat < s.n:
        head = f"  player {seat}: order markers "
        c = s.game.content
        own = ", ".join(c.skills[x].name for x in s.hand[seat]) or "-"
        lines = [ln.rsplit("; hand ", 1)[0] + f"; hand {own}" if ln.startswith(head) else ln for ln in lines]
    return "\n".join(lines)


def public_lines(s) -> list[str]:
    """The public piles: Destiny's discard, the reward cards used, the market, won and lost encounters."""
    from .flow import encounter_card

    c = s.game.content
    dv = ", ".join(f"{v} x{n}" for v, n in zip(s.game.sg.deck.distinct, s.sg_discard) if n)

    def enc(code):
        return encounter_card(c, code).name

    return [f"Destiny discard: {dv or 'empty'}",
            "Reward cards used: " + (", ".join(c.rewards[x].name for x in s.rw_disc) or "none"),
            "Market: " + (", ".join(f"{c.adventure[x].name} ({c.adventure[x].price} coins)" for x in s.market) or "empty"),
            "Encounters won: " + (", ".join(enc(x) for x in s.won) or "none"),
            "Encounters lost: " + (", ".join(enc(x) for x in s.lost) or "none"),
            f"Skill cards: {sum(skill_left(s))} in the deck, {sum(s.sk_disc)} discarded"]


def summary_lines(s) -> list[str]:
    """TR-END-4: the team score and its parts."""
    from .kinds import DIFF_BONUS
    from .scoring import penalties, score

    return [("The crew survived the voyage." if s.survived else "The whole crew is down."),
            f"Team score {score(s)} = +{10 * len(s.won)} for {len(s.won)} successes, -{penalties(s)} for wounds, "
            f"statuses and fatigue, +{s.xp_gained} XP, +{50 * s.survived} for surviving, "
            f"+{DIFF_BONUS[s.game.difficulty]} for the difficulty"]


BACK_WORDS = ("reward", "challenge", "combat")   # an Arcade card's back (TR-SETUP)
SKILL_WORDS = ("strength", "cunning", "perception", "craft", "knowledge")   # content.SKILLS, in words


def state_lines(s) -> list[str]:
    g = s.game
    c = g.content
    head = (f"Tides of Ruin — Arcade ({g.difficulty}, {g.length})  turn {s.turn}  {PHASE_WORDS[PHASES[s.phase]]}  "
            f"Captain: player {s.active}")
    lines = [head]
    if s.over:
        from .scoring import score

        lines.append(f"GAME OVER — {'the crew survived the voyage' if s.survived else 'the whole crew is down'}; "
                     f"score {score(s)}")
    elif s.cq:
        lines.append("a card or Destiny draw is next")
    else:
        f = s.pend[-1]
        lines.append(f"player {f[1]} decides: {decision_text(s, f)}")
    backs = ", ".join(BACK_WORDS[b] for b in s.deck)
    lines.append(f"Arcade deck ({len(s.deck)} cards, top first): {backs or 'empty'}; "
                 f"successes {len(s.won)}, failures {len(s.lost)}")
    lines.append(f"team: XP {s.xp_gained} gained, {s.xp_bank} to spend; food {s.food}; coins {s.coins}; "
                 f"skill deck {sum(skill_left(s))}, discard {sum(s.sk_disc)}")
    dv = " ".join(f"{v}x{n}" for v, n in zip(g.sg.deck.distinct, s.sg_discard) if n)
    last = f"last draw {s.sg_last}" if s.sg_last >= 0 else "no draw yet"
    lines.append(f"Destiny: {last}; discard {dv or '-'}")
    for ch in range(5):
        st = ", ".join(STATUS_WORDS[k] for k in range(4) if s.status[ch] >> k & 1) or "-"
        sk = ", ".join(f"{SKILL_WORDS[k]} {chars.effective_skill(s, ch, k)}" for k in range(5))
        w = c.adventure[s.weapon[ch]].name if s.weapon[ch] >= 0 else "unarmed"
        it = c.adventure[s.item[ch]].name if s.item[ch] >= 0 else "-"
        eq = ", ".join(c.skills[x].name for x in s.equip[ch]) or "-"
        lines.append(f"  {crew_name(s, ch):22} player {s.controller(ch)}  HP {s.hp[ch]}/{s.max_hp(ch)}  "
                     f"fatigue {s.res[ch]}  status {st}  {sk}  weapon {w}  item {it}  cards {eq}")
    for p in range(s.n):
        hand = ", ".join(c.skills[x].name for x in s.hand[p]) if not g.hidden_hands else f"{len(s.hand[p])} cards"
        lines.append(f"  player {p}: order markers {s.om[p]} ready, {s.spent[p]} spent; hand {hand or '-'}")
    if s.rewards:
        lines.append("reward cards: " + "; ".join(_reward_text(s, r) for r in s.rewards))
    if s.rw_open >= 0:
        name, _, items = _reward_text(s, s.rw_open).partition(" [")
        lines.append(f"in use: {name}, {bin(s.rw_taken).count('1')} of {QUOTA[s.game.difficulty]} taken "
                     f"[{items}")
    if s.stash or s.recipes:
        lines.append("stash: " + (", ".join(c.adventure[x].name for x in s.stash) or "-")
                     + "   recipes: " + (", ".join(c.adventure[x].name for x in s.recipes) or "-"))
    if s.picked or s.to_place:
        lines.append("starting cards taken: " + (", ".join(c.adventure[x].name for x in s.picked) or "-")
                     + "   to place: " + (", ".join(c.adventure[x].name for x in s.to_place) or "-"))
    if s.adv_bottom:
        lines.append("market deck bottom: " + ", ".join(c.adventure[x].name for x in s.adv_bottom))
    if s.rw_disc:
        lines.append("reward cards used: " + ", ".join(c.rewards[x].name for x in s.rw_disc))
    if s.market:
        lines.append("market: " + ", ".join(f"{c.adventure[x].name} ({c.adventure[x].price})" for x in s.market))
    lines += _encounter_lines(s)
    return lines


def _encounter_lines(s) -> list[str]:
    c = s.game.content
    out = []
    ch = s.sg_chal
    if s.enc_kind == 1 and s.enc_id >= 0:
        card = c.challenges[s.enc_id]
        out.append(f"CHALLENGE {card.name}: {SKILL_WORDS[card.skill]} {card.number} "
                   f"(mastery {card.number + MASTERY[s.game.difficulty]}) — {card.text}")
        if ch[H_STATE]:
            parts = ", ".join(crew_name(s, m) for m in range(5) if ch[H_PARTS] >> m & 1) or "nobody"
            out.append(f"  joined: {parts}; Destiny {ch[H_ROLL]}; total {current_total(s)} of {ch[H_NUMBER]}")
    if s.enc_kind == 2 and s.enc_id >= 0:
        card = c.combats[s.enc_id]
        out.append(f"COMBAT {card.name}{' — FINAL BATTLE' if s.final else ''}: {card.text}")
        if s.boss:
            out.append(f"  {c.boss_name}: Destiny drew {boss_text(s)}")
        if s.sg_enemy:
            out.append(f"  round {s.sg_com[C_ROUND]}")
            out += enemy_lines(s, LETTER_WORDS)
            at = s.sg_atk
            if at[A_CH] >= 0:
                tgt = enemy_label(s, at[A_TGT]) if at[A_TGT] >= 0 else "an enemy to choose"
                out.append(f"  {crew_name(s, at[A_CH])} attacks {tgt}: damage {at[A_D]}, {at[A_LEFT]} to place")
    return out


def hidden_lines(s) -> list[str]:
    """What not every player sees, in player words (the viewer's full state): the hands when
    they are hidden (``hidden_hands``), the fronts an Arcade card of each back may still show,
    the skill deck and the Destiny deck (each drawn at random)."""
    from boardgym.core.narration import first_names as _some

    g, c = s.game, s.game.content
    out = []
    if g.hidden_hands:
        for p in range(s.n):
            out.append(f"Player {p}'s hand: " + (", ".join(c.skills[x].name for x in s.hand[p]) or "empty"))
    cards = {0: (s.seen_rw, c.rewards), 1: (s.seen_ch, c.challenges), 2: (s.seen_cb, c.combats)}
    for b in sorted(set(s.deck)):
        seen, pool = cards[b]
        left = [pool[i].name for i, x in enumerate(seen) if not x]
        out.append(f"Arcade {BACKS[b]} cards not drawn yet ({s.deck.count(b)} in the deck, drawn at random "
                   f"from these {len(left)}): {_some(left)}")
    left = skill_left(s)
    by_name: dict = {}
    for k in c.skills:
        if left[k.id] > 0:
            by_name[k.name] = by_name.get(k.name, 0) + left[k.id]
    skills = [f"{nm} x{n}" if n > 1 else nm for nm, n in by_name.items()]
    out.append(f"Skill deck ({sum(left)}, drawn at random): {_some(skills)}")
    dv = [f"{v} x{n}" for v, n in sorted(g.sg.deck.left(s.sg_discard).items()) if n]
    out.append(f"Destiny deck ({sum(g.sg.deck.left(s.sg_discard).values())}, drawn at random): {_some(dv, 10)}")
    return out
