"""The phase machine: setup (PP-SETUP), the turn (PP-TURN-1..5: venom, the event, the action
step, the end), the last turns (PP-REST-3) and defeat (PP-CORE-6).

``advance`` runs after every decision and chance outcome: while nothing is pending it takes the
next automatic step: a challenge the core has resolved hands its consequences to the effect
program; the program runs its next entry; else the phase steps on.
"""
from __future__ import annotations

from boardgym.core.game import AUTO_STEPS, step_limit_error
from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods.kinds import CH_DONE, H_STATE

from . import effects, fight, journey
from .journey import RESULT_LOST, RESULT_NONE, end_game
from .kinds import (CH_EVENT, D_MAIN, D_PLACE_START, PH_ACTIONS, PH_END_TURN, PH_EVENT, PH_OVER,
                    PH_SETUP, PH_TURN_START, PHASES)


def start(s) -> None:
    """A new state: the cards unlocked by earlier games (PP-END-4), then the setup's steps."""
    from .cards import gain_card

    for n in s.game.unlocked:
        gain_card(s, n)
    advance(s)


def _lost(s) -> bool:
    """PP-CORE-6: every character at 0; PP-REST-3: no last turn left."""
    return s.final == 0 or (s.phase != PH_SETUP and chars.all_down(s))


def advance(s) -> None:
    if s.over:
        return
    if _lost(s):  # even with a draw queued: the game is over
        end_game(s, RESULT_LOST)
        return
    for _ in AUTO_STEPS:  # bounded: a loop raises StepLimitError below
        if s.cq or s.pend:
            return
        if fight.finished(s):
            if not fight.combat_over(s):
                return
        elif s.sg_chal[H_STATE] == CH_DONE:
            effects.challenge_done(s)
        elif s.fx:
            effects.run_next(s)
        else:
            STEPS[s.phase](s)
        s.invalidate()
        if s.cq or s.over:
            return
        if _lost(s):  # checked after each step, not before the first (just checked above)
            end_game(s, RESULT_LOST)
            return
    else:
        raise step_limit_error(s, PHASES)


def _setup(s) -> None:
    """PP-SETUP-4, 5: the active seat places 1 each of the six resources on characters; the
    intro is read; then the first turn."""
    if s.placed == 0:
        s.placed = 1
        s.pend.append((D_PLACE_START, s.active, 0, 0))
        return
    if s.placed == 1:
        from .story import read, section_id

        s.placed = 2
        read(s, section_id(s, s.game.content.story.intro))
        return
    s.sec = -1
    s.phase = PH_TURN_START


def _turn_start(s) -> None:
    """PP-TURN-1: venom costs 1 HP (only while HP > 0); then the event."""
    s.turn += 1
    if s.turn > s.game.max_turns:  # truncation: neither an ending nor a defeat
        end_game(s, RESULT_NONE)
        return
    s.moves = 0
    chars.venom_tick(s)
    s.phase = PH_EVENT


def _event(s) -> None:
    """PP-TURN-2: draw the top event (its face at reveal) and resolve it; once its program is
    done, the action step. After the sixth moon only 3 events remain (PP-REST-3)."""
    if s.ev_cur < 0:
        if s.ev_short == 0:  # the short deck is used up [D]: no event
            s.phase = PH_ACTIONS
            return
        s.cq.append((CH_EVENT, 0))
        return
    s.ev_cur = -1
    s.phase = PH_ACTIONS


def event_drawn(s, ev_id: int) -> None:
    ev = s.game.events[ev_id]
    s.ev_cur = ev_id
    if s.ev_short > 0:
        s.ev_short -= 1
    prog = [effects.entry(e) for e in ev.effects_before]
    if ev.challenge is not None:
        prog.append((effects.OP_CHALLENGE, effects.SRC_EVENT, ev_id, 0))
    else:
        prog += [effects.entry(e) for e in ev.effects]
    if ev.choice:
        prog.append((effects.OP_EVENT_CHOICE, ev_id, 0, 0))
    effects.push_front(s, prog)


def _actions(s) -> None:
    """PP-TURN-3, 4: the menu again, or the end of the turn when no time is left."""
    s.exploring, s.sec = 0, -1  # an explore is over once its program is done
    if journey.time_left(s) <= 0:
        s.phase = PH_END_TURN
        return
    s.pend.append((D_MAIN, s.active, 0, 0))


def _end_turn(s) -> None:
    """PP-TURN-5: reset the watch, pass the active token left; the bonus token goes with it
    when the turn ended early. The last turns count down (PP-REST-3)."""
    s.watch = 0
    s.bonus, s.bonus_next = s.bonus_next, 0
    if s.final > 0:
        s.final -= 1  # at 0: defeat (``advance``)
    s.active = (s.active + 1) % s.n
    s.phase = PH_TURN_START


def _noop(s) -> None:
    raise AssertionError(f"nothing pending in phase {s.phase}")


STEPS = {PH_SETUP: _setup, PH_TURN_START: _turn_start, PH_EVENT: _event, PH_ACTIONS: _actions,
         PH_END_TURN: _end_turn, PH_OVER: _noop}
