"""What just happened, in words, for a person following a game (``boardgym play``): the event
drawn, the section read, each fate or combat die roll (the challenge's outcome shows in what it does), each change to a character (HP,
stamina, statuses, level), the boat, the moons, tokens and cards gained or lost, combat cards
drawn (the hands are public), each enemy defeated and a fight won, the end of the game.

``make_narrator()`` returns ``narrate(before, after) -> list[str]``, called with the state
before and after each step (decisions and chance alike); it reads only what the table shows."""
from __future__ import annotations

from boardgym.games.sleeping_gods import combat
from boardgym.games.sleeping_gods.words import fight_lines
from boardgym.games.sleeping_gods.kinds import A_BASE, C_STATE, CB_RUNNING, CH_ROLL, P_ATTACK, STATUS_NAMES

from .characters import NAMES
from .content import RESOURCES
from .describe import SKILL_WORDS
from .kinds import CH_CARD, CH_EVENT


def _chars(b, a) -> list[str]:
    out = []
    for c in range(5):
        bits = []
        if a.hp[c] != b.hp[c]:
            bits.append(f"{a.hp[c] - b.hp[c]:+d} HP ({a.hp[c]}/{a.max_hp(c)})" + (", down" if a.hp[c] == 0 else ""))
        if a.res[c] != b.res[c]:
            bits.append(f"{a.res[c] - b.res[c]:+d} stamina")
        bits += [f"now {STATUS_NAMES[k]}" for k in range(4) if a.status[c] >> k & 1 and not b.status[c] >> k & 1]
        bits += [f"no longer {STATUS_NAMES[k]}" for k in range(4) if b.status[c] >> k & 1 and not a.status[c] >> k & 1]
        if a.level[c] != b.level[c]:
            bits.append("turns to level 2")
        if bits:
            out.append(f"{NAMES[c]}: " + ", ".join(bits))
    return out


def _tokens(b, a) -> list[str]:
    out = []
    for t in range(6):
        d = sum(a.inv[t::6]) - sum(b.inv[t::6])
        if d:
            out.append(f"{d:+d} {RESOURCES[t]}")
    if a.rerolls != b.rerolls:
        out.append(f"{a.rerolls - b.rerolls:+d} reroll token")
    return [", ".join(out)] if out else []


def base_parts(s, ch: int) -> list[tuple[str, int]]:
    """The named parts of an attack's base damage: the combat card played, each equipped
    passive card that adds damage, and what cards or abilities used during the attack added."""
    from .cards import AB_DAMAGE, passive_cards

    g = s.game
    code = s.played[ch]
    parts = [(g.combat_cards[code].name, g.profiles[code].base)] if code >= 0 else []
    parts += [(card.name, card.amount) for card in passive_cards(s, ch) if card.ability == AB_DAMAGE]
    rest = s.sg_atk[A_BASE] - sum(n for _, n in parts)
    return parts + ([("cards and abilities used in the attack", rest)] if rest else [])


def narrate(b, a) -> list[str]:
    g = a.game
    out = []
    if b.cq and b.cq[0][0] == CH_EVENT and a.ev_cur >= 0:
        ev = g.events[a.ev_cur]
        out.append(f"Event: {ev.name}. {ev.text}")
    if b.cq and b.cq[0][0] == CH_ROLL and a.sg_last >= 0:
        out.append(f"The {'combat' if b.cq[0][1] == P_ATTACK else 'fate'} die shows {a.sg_last}.")
    if b.cq and b.cq[0][0] == CH_CARD:
        seat = b.cq[0][1]
        new = [x for x in a.hand[seat] if x not in b.hand[seat]]
        if new:
            out.append(f"Seat {seat} draws {g.combat_cards[new[0]].name}.")
    if a.sec >= 0 and a.sec != b.sec:
        out.append(f"Section {g.content.story.sections[a.sec].key}: {g.content.story.sections[a.sec].text}")
    for e in range(len(a.sg_enemy)):
        if e < len(b.sg_enemy) and combat.defeated(a, e) and not combat.defeated(b, e):
            out.append(f"{g.sg.enemies[a.sg_enemy[e]].name} is defeated.")
    if b.sg_com[C_STATE] == CB_RUNNING and a.sg_com[C_STATE] != CB_RUNNING and not a.over:
        out.append("The fight is won: every enemy is defeated.")
    out += fight_lines(b, a, lambda c: NAMES[c], base_parts, "the combat die", SKILL_WORDS)
    out += _chars(b, a) + _tokens(b, a)
    if a.boat != b.boat:
        out.append(f"The Harpy: {a.boat - b.boat:+d} health ({a.boat}/8).")
    if a.moons != b.moons:
        out.append(f"A moon is crossed off ({a.moons}/6)." + (" Three turns remain." if a.moons == 6 else ""))
    for n in a.owned:
        if n not in b.owned:
            out.append(f"Card {n} gained: {g.content.cards.numbered[n].name}.")
    for n in b.owned:
        if n not in a.owned:
            out.append(f"Card {n} returned: {g.content.cards.numbered[n].name}.")
    if a.over and not b.over:
        out.append(["The game is cut off.", "An ending is reached: the game is won.",
                    "The crew is defeated."][a.result] + f" Score {a.score()}.")
    return out


def make_narrator():
    return narrate
