"""Every core decision kind's ``(mask, apply)`` and the chance node's outcomes and apply, for a
host to register under the same codes (``kinds.DECISIONS``, ``kinds.CHANCES``)."""
from __future__ import annotations

from . import challenge, characters, combat, enemy_phase
from .kinds import CH_ROLL, DECISIONS, P_ATTACK, P_CHALLENGE

HANDLERS = {}
for _m in (challenge, characters, combat, enemy_phase):
    HANDLERS.update(_m.HANDLERS)
assert sorted(HANDLERS) == list(range(len(DECISIONS))), "every core decision kind needs a handler"


def _randomizer(s, purpose: int):
    r = s.game.sg.hooks.randomizer
    return r.attack if purpose == P_ATTACK else r.challenge


def roll_outcomes(s, purpose: int) -> list:
    """The randomiser's outcomes: die faces, or the values left in the deck."""
    return _randomizer(s, purpose).outcomes(s.sg_discard)


def roll_apply(s, purpose: int, outcome: int) -> None:
    value = s.sg_last = _randomizer(s, purpose).draw(s.sg_discard, outcome)
    if purpose == P_CHALLENGE:
        challenge.rolled(s, value)
    elif purpose == P_ATTACK:
        combat.rolled(s, value)
    else:
        s.on_drawn(value)


CHANCE_OUTCOMES = {CH_ROLL: roll_outcomes}
CHANCE_APPLY = {CH_ROLL: roll_apply}


def host_draw(s) -> None:
    """Queue a draw for the host's own use (TR's boss draws): ``s.on_drawn(value)`` follows."""
    from .kinds import P_HOST

    s.cq.append((CH_ROLL, P_HOST))
    s.invalidate()
