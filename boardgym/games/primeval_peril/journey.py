"""The journey log and the action board: the time track and bonus token (PP-TURN-3, 4), the
boat's health (PP-CORE-3), the moons and the last three turns (PP-REST-1, 3), bloodflowers
(PP-EXPL-11), the end of the game (PP-END-1)."""
from __future__ import annotations

from .kinds import (BLOODFLOWERS_PER_LEVEL, BOAT_MAX_HP, D_LEVEL_UP, FINAL_TURNS, MOONS, NO_CHALLENGE,
                    PH_OVER, TIME)

RESULT_NONE, RESULT_WON, RESULT_LOST = 0, 1, 2


# -- time (PP-TURN-3, 4) ------------------------------------------------------------------------
def time_left(s) -> int:
    """The watch's spaces left plus an unused bonus token."""
    return (TIME - s.watch) + s.bonus


def spend(s, n: int) -> None:
    """Move the watch; once it is on the last space the bonus token pays."""
    w = min(n, TIME - s.watch)
    s.watch += w
    if n > w:
        s.bonus = max(0, s.bonus - (n - w))


def may_end_early(s) -> bool:
    """PP-TURN-4: the watch on the second-to-last space (1 left, or 2 with the bonus unused)."""
    return s.watch == TIME - 1


# -- the boat and the moons (PP-CORE-3, PP-REST-3) ------------------------------------------------
def boat_damage(s, x: int) -> None:
    """At 0 HP: cross off the leftmost moon and go back to 1 HP; with every moon crossed a boat
    loss removes one of the last turns [D] (the last one lost: defeat, which the phase machine
    declares once the rule running now is done, e.g. a combat's enemy phase)."""
    if x <= 0:
        return
    s.boat -= x
    if s.boat > 0:
        return
    s.boat = 1
    if s.moons < MOONS:
        cross_moon(s)
    else:
        s.final = max(0, s.final - 1)


def boat_repair(s, x: int) -> int:
    gained = max(0, min(BOAT_MAX_HP - s.boat, x))
    s.boat += gained
    return gained


def cross_moon(s) -> None:
    """Cross off the leftmost moon; the sixth starts the last turns (PP-REST-3): only the top 3
    events are kept, and 3 further turns follow (the current one counted only when
    ``final_turns_count_current``)."""
    s.moons += 1
    if s.moons == MOONS:
        s.ev_short = 3
        s.final = FINAL_TURNS + (0 if s.game.count_current else 1)


# -- bloodflowers (PP-EXPL-11) --------------------------------------------------------------------
def bloodflower(s, n: int) -> None:
    """Each 5th bloodflower: a level-1 character turns to level 2 (the active seat picks)."""
    for _ in range(n):
        s.blooms += 1
        if s.blooms % BLOODFLOWERS_PER_LEVEL == 0:
            s.ups += 1
    level_up_next(s)


def level_up_next(s) -> None:
    while s.ups > 0:
        cands = [c for c in range(5) if s.level[c] == 1]
        if not cands:
            s.ups = 0
            return
        if len(cands) > 1:
            s.pend.append((D_LEVEL_UP, s.active, 0, 0))
            s.invalidate()
            return
        level_up(s, cands[0])


def level_up(s, ch: int) -> None:
    """Turn to the level-2 side: the HP value, statuses and stamina are kept."""
    s.level[ch] = 2
    s.ups -= 1


def _level_mask(s, f, m):
    from . import actions as A

    for c in range(5):
        if s.level[c] == 1:
            m[A.CHAR + c] = True


def _level_apply(s, f, a):
    from . import actions as A

    s.pend.pop()
    level_up(s, a - A.CHAR)
    level_up_next(s)


# -- the end (PP-END-1) ---------------------------------------------------------------------------
def end_game(s, result: int) -> None:
    """The game is over: what was running (a challenge, a combat, a fate roll, the event, the
    explore) is dropped with the pending decisions and draws; the story section stays shown."""
    from boardgym.games.sleeping_gods import challenge, combat

    s.phase = PH_OVER
    s.over = 1
    s.result = result
    s.pend.clear()
    s.cq.clear()
    s.fx.clear()
    challenge.clear(s)
    combat.clear(s)
    s.chal = list(NO_CHALLENGE)
    s.fate = [0, -1, 0, 0]
    s.hand = [[] for _ in range(s.n)]
    s.cdisc, s.played = [], [-1] * 5
    s.ev_cur, s.exploring = -1, 0
    s.invalidate()


HANDLERS = {D_LEVEL_UP: (_level_mask, _level_apply)}
