"""A tiny game on the core frame engine, for tests of the engine itself (no game package).

Seats take turns adding 1 or 2 to their own points (actions ``ADD[0]`` = +1, ``ADD[1]`` = +2;
``NOOP`` is never legal for the seat deciding); the game ends once the points add up to
``GOAL``, the leader winning. The saved fields are declared wider than the rules need, so a
test can save what the fields accept and only ``State._check_loaded`` refuses: a seat slot of a
pending decision holds 0..7 whatever the seat count, and ``problems`` makes the invariants
report that many problems.
"""
from __future__ import annotations

import numpy as np

from boardgym.core import ActionCatalog, GameInfo, ObsLayout
from boardgym.core.engine import TRANSIENT, Rules, ScoredFrameState
from boardgym.core.fields import FLAG, ZERO, Frames, Int, Ints, StateFields, between
from boardgym.core.game import Game

GOAL = 6
CATALOG_DOCS = {"NOOP": "nothing (a seat not deciding)", "ADD": "add 1 or 2 to your points"}

FIELDS = StateFields(
    Frames("pend", {0: (between(0, 7, "a seat slot"),)}, ("take",), max_len=2, what="decision"),
    Frames("cq", {0: (ZERO,)}, ("coin",), max_len=1, what="chance draw"),
    Int("over", FLAG),
    Ints("points", between(0, 99, "points"), length=lambda g: g.num_players),
    Int("problems", between(0, 9, "a count of problems")),
    transient=dict(TRANSIENT),
)


def _mask(s, frame, m):
    m[1] = m[2] = True


def _take(s, frame, action):
    seat = frame[1]
    s.points[seat] += action
    s.pend[-1] = (0, (seat + 1) % s.game.num_players)


def _advance(s):
    if sum(s.points) >= GOAL and not s.cq:
        s.over, s.pend = 1, []


def _coin(s, arg, outcome):
    s.points[0] += outcome


def _returns(s):
    best = max(s.points)
    return [1.0 if x == best else -1.0 for x in s.points]


RULES = Rules(decisions={0: (_mask, _take)}, decision_names=("take",),
              chance_outcomes={0: lambda s, arg: [(0, 0.5), (1, 0.5)]}, chance_apply={0: _coin},
              advance=_advance, invariants=lambda s: [f"problem {i}" for i in range(s.problems)],
              returns=_returns, score=lambda s, p: s.points[p],
              observation=lambda s, p, out=None: np.array(s.points, dtype=np.float32))


class ToyState(ScoredFrameState):
    __slots__ = FIELDS.slots


FIELDS.install(ToyState)


class ToyGame(Game):
    info = GameInfo("toy", "Toy", 1, 4, False, 100, (-1.0, 1.0), defaults={"num_players": 2})
    state_class = ToyState
    rules = RULES

    def _configure(self, config: dict) -> dict:
        self.catalog = ActionCatalog([("NOOP", 1), ("ADD", 2)], docs=CATALOG_DOCS)
        self.layout = ObsLayout()
        self.layout.add("points", config["num_players"], "each seat's points")
        return config

    @property
    def num_players(self) -> int:
        return self.config["num_players"]

    def new_initial_state(self) -> ToyState:
        return self.state_from_fields(saved(self.num_players))


def saved(n: int = 2, **fields) -> dict:
    """The saved fields of a toy state (seat 0 to decide, no points), with ``fields`` changed."""
    out = {"pend": [[0, 0]], "cq": [], "over": 0, "points": [0] * n, "problems": 0}
    out.update(fields)
    return out
