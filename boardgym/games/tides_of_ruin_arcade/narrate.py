"""What just happened, in words, for a person following a game (``boardgym play``): every card
revealed or drawn, every Destiny draw, each enemy defeated, each blow a crew member takes in a
fight, and the resolution of each encounter with what it did to the crew since it was revealed
("Dark Sails failed (total 2 of 8): Navigator Tobin Reach -3 HP (4/7), +1 fatigue").

``make_narrator()`` returns ``narrate(before, after) -> list[str]`` for one game: it is called
with the state before and after each step (decisions and chance alike) and remembers the crew
as the encounter was revealed. It reads only what the table shows: skill cards drawn into a
hidden hand are counted, not named, when the game hides hands.
"""
from __future__ import annotations

from boardgym.games.sleeping_gods import challenge, combat
from boardgym.games.sleeping_gods.words import fight_lines
from boardgym.games.sleeping_gods.kinds import A_BASE, CH_DONE, CH_WINDOW, CH_WOUNDS, H_NUMBER, H_STATE, H_TOTAL

from .describe import SKILL_WORDS, STATUS_WORDS, crew_name
from .flow import COMBAT_CODE, encounter_card
from .kinds import MASTERY

N_CREW = 5


def _crew(s) -> list[tuple[int, int, int]]:
    return [(s.hp[c], s.res[c], s.status[c]) for c in range(N_CREW)]


def crew_changes(s, was: list[tuple[int, int, int]]) -> list[str]:
    """Each crew member's HP, fatigue and statuses against ``was``, e.g. "Gunner ... -3 HP (5/8)"."""
    out = []
    for c, (hp, res, st) in enumerate(was):
        bits = []
        if s.hp[c] != hp:
            bits.append(f"{s.hp[c] - hp:+d} HP ({s.hp[c]}/{s.max_hp(c)})" + (", down" if s.hp[c] == 0 else ""))
        if s.res[c] != res:
            bits.append(f"{s.res[c] - res:+d} fatigue")
        gained = [STATUS_WORDS[k] for k in range(4) if s.status[c] >> k & 1 and not st >> k & 1]
        lost = [STATUS_WORDS[k] for k in range(4) if st >> k & 1 and not s.status[c] >> k & 1]
        bits += [f"now {w}" for w in gained] + [f"no longer {w}" for w in lost]
        if bits:
            out.append(f"{crew_name(s, c)} " + ", ".join(bits))
    return out


def _encounter_name(s, code: int) -> str:
    return encounter_card(s.game.content, code).name


def _chal_result(before) -> tuple[int, int] | None:
    """(total, number) of the challenge resolved on the step from ``before``, when it shows."""
    ch = before.sg_chal
    if ch[H_STATE] in (CH_WOUNDS, CH_DONE):
        return ch[H_TOTAL], ch[H_NUMBER]
    if ch[H_STATE] == CH_WINDOW:  # the window's last pass resolves it
        return challenge.current_total(before), ch[H_NUMBER]
    return None


def _draws(before, after) -> list[str]:
    """Destiny draws, the encounter revealed, reward, skill and adventure cards drawn."""
    c = after.game.content
    out = []
    if after.sg_last >= 0 and (sum(after.sg_discard) != sum(before.sg_discard) or after.sg_last != before.sg_last):
        out.append(f"Destiny draws {after.sg_last}")
    if after.enc_id >= 0 and (after.enc_kind, after.enc_id) != (before.enc_kind, before.enc_id):
        if after.enc_kind == 1:
            card = c.challenges[after.enc_id]
            out.append(f"Revealed: challenge {card.name} ({SKILL_WORDS[card.skill]} {card.number})")
        else:
            out.append(f"Revealed: combat {c.combats[after.enc_id].name}"
                       + (" — the final battle" if after.final else ""))
    for r in after.rewards:
        if r not in before.rewards:
            out.append(f"Reward card gained: {c.rewards[r].name}")
    for p in range(after.n):
        new = [x for x in after.hand[p]]
        for x in before.hand[p]:
            if x in new:
                new.remove(x)
        if new:
            what = (f"{len(new)} skill card{'s' if len(new) > 1 else ''}" if after.game.hidden_hands
                    else ", ".join(c.skills[x].name for x in new))
            out.append(f"player {p} draws {what}")
    for x in after.to_place:
        if x not in before.to_place:
            out.append(f"Adventure card gained, to place: {c.adventure[x].name}")
    for x in after.market:
        if x not in before.market:
            out.append(f"On the market: {c.adventure[x].name} ({c.adventure[x].price} coins)")
    return out


def base_parts(s, ch: int) -> list[tuple[str, int]]:
    """The named parts of an attack's base damage: the weapon (or unarmed), and what skill
    cards used during the attack added (Strike: +2)."""
    c = s.game.content
    w = s.weapon[ch]
    parts = [(c.adventure[w].name, s.game.weapons[w].base)] if w >= 0 else []
    rest = s.sg_atk[A_BASE] - sum(n for _, n in parts)
    return parts + ([("skill cards used in the attack", rest)] if rest else [])


def make_narrator():
    """``narrate(before, after)``: the lines for one step of one game."""
    at_reveal: list = []  # the crew as the running encounter was revealed

    def narrate(before, after) -> list[str]:
        out = _draws(before, after)
        if after.enc_id >= 0 and (after.enc_kind, after.enc_id) != (before.enc_kind, before.enc_id):
            at_reveal[:] = [_crew(before)]
        if before.sg_enemy and after.sg_enemy == before.sg_enemy:
            for e, eid in enumerate(after.sg_enemy):
                if combat.defeated(after, e) and not combat.defeated(before, e):
                    out.append(f"{after.game.sg.enemies[eid].name} is defeated")
        resolved = len(after.won) + len(after.lost) > len(before.won) + len(before.lost)
        if before.sg_enemy:   # each blow of a fight, with its cause, as it lands
            out += fight_lines(before, after, lambda ch: crew_name(after, ch), base_parts, "Destiny", SKILL_WORDS)
        if before.sg_enemy and not resolved:
            out += crew_changes(after, _crew(before))
        for code in after.won[len(before.won):] + after.lost[len(before.lost):]:
            won = code in after.won
            name = _encounter_name(after, code)
            if code >= COMBAT_CODE:
                head = f"Combat {name} {'won' if won else 'lost'}"
            else:
                res = _chal_result(before)
                master = res is not None and res[0] >= res[1] + MASTERY[after.game.difficulty]
                word = ("mastered" if master else "passed") if won else "failed"
                head = f"{name} {word}" + (f" (total {res[0]} of {res[1]})" if res else "")
            changes = crew_changes(after, at_reveal[0]) if at_reveal else []
            out.append(head + ": " + ("; ".join(changes) if changes else "the crew is unhurt"))
            at_reveal.clear()
        return out

    return narrate
