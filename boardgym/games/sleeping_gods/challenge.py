"""Skill challenges (PP-CHAL-1..4, TR-BASE-CHAL-1..4).

1. Participants, seat by seat from the active seat (``D_JOIN``): each seat adds its own
   characters that can pay the ``challenge_cost`` (HP > 0), paying at once, then CONFIRM.
   Choosing no one is legal; a seat with no candidate is passed.
2. The randomiser (``CH_ROLL``, purpose ``P_CHALLENGE``): the fate die or a Destiny draw.
3. The modify window (``D_MODIFY``): host actions (resources, abilities, rerolls) add
   ``add_bonus`` or call ``redraw``; all seats pass in a row to close it.
4. Total = Σ effective skill of the participants + result + bonus; success if ≥ the number.
   Failure: the damage goes first to participants with HP > 0, then to the others
   (``characters.distribute``). The host reads ``result(s)`` and ``total(s)`` when done (it
   applies mastery, rewards and other consequences itself).
"""
from __future__ import annotations

from . import characters as chars
from .kinds import (CH_DONE, CH_JOIN, CH_NONE, CH_ROLL, CH_ROLLING, CH_WINDOW, CH_WOUNDS,
                    D_JOIN, D_MODIFY, H_BONUS, H_DAMAGE, H_NUMBER, H_PARTS, H_RESULT, H_ROLL,
                    H_SEATS, H_SKILL, H_STATE, H_TOTAL, P_CHALLENGE)
from .windows import handlers as window_handlers
from .windows import open_window


def total_of(skills: list[int], roll: int, bonus: int = 0) -> int:
    """The challenge total: participants' effective skills + the randomiser + bonuses."""
    return sum(skills) + roll + bonus


def succeeds(total: int, number: int) -> bool:
    """Success is a total ≥ the challenge number (PP-CHAL-4)."""
    return total >= number


def start(s, skill: int, number: int, damage: int = 0) -> None:
    """Open a challenge of ``skill`` at ``number``; ``damage`` is its failure damage."""
    s.sg_chal[:] = [CH_JOIN, skill, number, damage, 0, 0, 0, 0, 0, -1]
    _next_seat(s)


def candidates(s, seat: int) -> list[int]:
    parts = s.sg_chal[H_PARTS]
    return [c for c in chars.own(s, seat) if not parts >> c & 1 and chars.can_join(s, c)]


def participants(s) -> list[int]:
    parts = s.sg_chal[H_PARTS]
    return [c for c in range(s.game.sg.n_chars) if parts >> c & 1]


def _next_seat(s) -> None:
    ch = s.sg_chal
    while ch[H_SEATS] < s.n:
        seat = (s.active + ch[H_SEATS]) % s.n
        if candidates(s, seat):
            s.pend.append((D_JOIN, seat, 0, 0))
            s.invalidate()
            return
        ch[H_SEATS] += 1
    ch[H_STATE] = CH_ROLLING
    s.cq.append((CH_ROLL, P_CHALLENGE))
    s.invalidate()


def _join_mask(s, f, m):
    ids = s.game.sg.ids
    m[ids.confirm] = True
    for c in candidates(s, f[1]):
        m[ids.char + c] = True


def _join_apply(s, f, a):
    ids = s.game.sg.ids
    if a == ids.confirm:
        s.pend.pop()
        s.sg_chal[H_SEATS] += 1
        _next_seat(s)
        return
    c = a - ids.char
    chars.pay(s, c)
    s.sg_chal[H_PARTS] |= 1 << c
    if not candidates(s, f[1]):  # nobody else to add: the seat is done
        s.pend.pop()
        s.sg_chal[H_SEATS] += 1
        _next_seat(s)
    s.invalidate()


def rolled(s, value: int) -> None:
    """The randomiser's result (the ``CH_ROLL`` outcome): open the modify window."""
    s.sg_chal[H_ROLL] = value
    s.sg_chal[H_STATE] = CH_WINDOW
    open_window(s, D_MODIFY, s.active, 0, resolve)


def add_bonus(s, n: int) -> None:
    """A modifier from the window (a resource, a skill card): +n to the total."""
    s.sg_chal[H_BONUS] += n


def set_roll(s, value: int) -> None:
    """Keep another result (TR Fortune: draw again, keep either) while the window is open."""
    s.sg_chal[H_ROLL] = value


def redraw(s) -> None:
    """Roll or draw the randomiser again (a reroll token, an Order-marker redraw): the window
    closes and opens again after the new result."""
    while s.pend and s.pend[-1][0] == D_MODIFY:
        s.pend.pop()
    s.sg_chal[H_STATE] = CH_ROLLING
    s.cq.append((CH_ROLL, P_CHALLENGE))
    s.invalidate()


def current_total(s) -> int:
    ch = s.sg_chal
    skills = [chars.effective_skill(s, c, ch[H_SKILL]) for c in participants(s)]
    die_bonus = s.game.sg.hooks.randomizer.challenge.bonus  # PP-END-2: easy +1
    return total_of(skills, ch[H_ROLL] + die_bonus, ch[H_BONUS])


def resolve(s) -> None:
    ch = s.sg_chal
    ch[H_TOTAL] = current_total(s)
    ok = succeeds(ch[H_TOTAL], ch[H_NUMBER])
    ch[H_RESULT] = int(ok)
    if not ok and ch[H_DAMAGE] > 0:
        ch[H_STATE] = CH_WOUNDS
        chars.distribute(s, ch[H_DAMAGE], ch[H_PARTS])
    else:
        ch[H_STATE] = CH_DONE


def done(s) -> bool:
    return s.sg_chal[H_STATE] == CH_DONE


def result(s) -> int:
    """1 success, 0 failure, -1 not resolved yet."""
    return s.sg_chal[H_RESULT]


def total(s) -> int:
    return s.sg_chal[H_TOTAL]


def clear(s) -> None:
    s.sg_chal[:] = [CH_NONE, -1, 0, 0, 0, 0, 0, 0, 0, -1]


HANDLERS = {D_JOIN: (_join_mask, _join_apply), D_MODIFY: window_handlers(D_MODIFY, resolve)}
