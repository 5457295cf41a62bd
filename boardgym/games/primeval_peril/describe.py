"""Words for people: the public state as lines (the text render, the picture) and what an
action id does in the pending decision (``describe_action``, used by ``boardgym play``)."""
from __future__ import annotations

from boardgym.games.sleeping_gods import challenge, combat
from boardgym.games.sleeping_gods.kinds import (C_ROUND, C_STATE, CB_RUNNING, CH_NONE, D_ATTACKER,
                                                D_JOIN, D_MODIFY, H_NUMBER, H_SKILL, H_STATE,
                                                STATUS_NAMES)

from . import actions as A
from .characters import ABILITIES, NAMES
from .content import RESOURCES, SKILLS
from .kinds import (D_BANNER, D_EVENT_CHOICE, D_MARKET, D_STORY_CHOICE, DECISIONS, DIFFICULTIES, PHASES,
                    TIME)

HOLDERS = NAMES + ("the storage",)


def _tokens(s, h) -> str:
    return " ".join(f"{RESOURCES[t]}x{s.inv[6 * h + t]}" for t in range(6) if s.inv[6 * h + t]) or "no tokens"


def _card_name(s, n) -> str:
    return s.game.content.cards.numbered[n].name


def state_lines(s) -> list[str]:
    g = s.game
    sp = g.spaces[s.pos]
    page = g.pages[sp.page]
    out = [f"Primeval Peril - turn {s.turn}, {PHASES[s.phase]}, active seat {s.active}, {DIFFICULTIES[s.diff]}",
           f"time left {(TIME - s.watch) + s.bonus} (watch {s.watch}/{TIME}, bonus {s.bonus}), moons crossed "
           f"{s.moons}/6" + (f", last turns {s.final}" if s.final >= 0 else "")
           + f", boat {s.boat}/8, rerolls {s.rerolls}, bloodflowers {s.blooms}",
           f"boat at {sp.name} (page {page.number}), exits: "
           + ", ".join(g.spaces[x].name for x in sp.exits)
           + (" - rocks" if sp.rocks else "") + (f" - location {sp.location}" if sp.location else "")
           + (" (crossed off)" if sp.location in s.crossed else "")]
    for c in range(5):
        sts = ", ".join(STATUS_NAMES[k] for k in range(4) if s.status[c] >> k & 1) or "-"
        gear = ", ".join(_card_name(s, n) for n in s.equip[c]) or "no cards"
        out.append(f"  {NAMES[c]} (seat {s.controller(c)}, L{s.level[c]}): HP {s.hp[c]}/{s.max_hp(c)}, "
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
            need = f" (requires {ch.requires})" if ch.requires else ""
            test = f" {SKILLS[ch.challenge.skill]} {ch.challenge.number}" if ch.challenge else ""
            out.append(f"  {k}. {ch.text}{need}{test}" + (f" COMBAT {ch.combat}" if ch.combat else ""))
    if s.sg_chal[H_STATE] != CH_NONE:
        out.append(f"CHALLENGE {SKILLS[s.sg_chal[H_SKILL]]} {s.sg_chal[H_NUMBER]}: total so far "
                   f"{challenge.current_total(s)}, participants "
                   + (", ".join(NAMES[c] for c in challenge.participants(s)) or "none"))
    if s.sg_com[C_STATE] == CB_RUNNING:
        out.append(f"COMBAT round {s.sg_com[C_ROUND]}")
        for e, i in enumerate(s.sg_enemy):
            en = g.sg.enemies[i]
            out.append(f"  [{e}] {en.name}: " + ("defeated" if combat.defeated(s, e) else
                                                 f"attack {en.attack}, power {s.sg_power[e]}"))
        for p in range(s.n):
            out.append(f"  seat {p} hand: " + (", ".join(g.combat_cards[x].name for x in s.hand[p]) or "empty"))
    if s.pend and not s.cq:
        f = s.pend[-1]
        out.append(f"decision: {DECISIONS[f[0]]} for seat {f[1]}")
    if s.over:
        out.append(["game over (truncated)", "an ending reached: won", "defeated"][s.result])
    return out


def describe_action(s, action: int) -> str:
    """What ``action`` does in the pending decision, in words."""
    cat = A.CATALOG
    name, k = cat.split(action)
    f = s.pend[-1] if s.pend else None
    kind = f[0] if f else -1
    g = s.game
    if name == "OPTION" and kind == D_STORY_CHOICE:
        return g.content.story.sections[f[2]].choices[k].text
    if name == "OPTION" and kind == D_EVENT_CHOICE:
        return g.events[f[2]].choice[k].text
    if name == "OPTION" and kind == D_MARKET:
        n = g.content.story.markets[f[2]].cards[k]
        card = g.content.cards.numbered[n]
        return f"buy {card.name} for {card.price} coins"
    if name == "OPTION" and kind == D_BANNER:
        return "pay and use the banner: " + g.pages[f[2] // 8].banner[f[2] % 8].text
    if name == "TRAVEL":
        return f"travel to {g.spaces[g.spaces[s.pos].exits[k]].name} (1 time)"
    if name == "CHAR":
        verb = "joins the challenge" if kind == D_JOIN else "attacks" if kind == D_ATTACKER else "is chosen"
        return f"{NAMES[k]} {verb}"
    if name == "PLAY":
        h, c = divmod(k, 5)
        return f"play {g.combat_cards[s.hand[f[1]][h]].name} on {NAMES[c]}"
    if name == "RESOURCE":
        h, t = divmod(k, 6)
        use = " (+1 to the challenge)" if kind == D_MODIFY else ""
        return f"{HOLDERS[h]}'s {RESOURCES[t]}{use}"
    if name == "DEST":
        return f"to {HOLDERS[k]}"
    if name == "CHAR_ABILITY":
        ab = ABILITIES[k]
        return f"{NAMES[ab.ch]}: {ab.kind.replace('_', ' ')} ({ab.cost} stamina)"
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
