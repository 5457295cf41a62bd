"""What every rule-based heuristic shares: its own seeded generator, ``strict`` (tests re-raise
an internal error or an illegal choice instead of falling back) and ``fallbacks`` (how often a
legal fallback had to stand in). A heuristic implements ``decide(state, mask)`` (an action, or
None where no rule applies) and ``fallback(mask)``."""
from __future__ import annotations

import numpy as np

from boardgym.core.agent import Agent


class RuleAgent(Agent):
    needs_state = True

    def __init__(self, seed: int | None = None, strict: bool = False):
        self.rng = np.random.default_rng(seed)
        self.strict = strict
        self.fallbacks = 0

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)

    def decide(self, state, mask) -> int | None:
        raise NotImplementedError

    def fallback(self, mask) -> int:
        raise NotImplementedError

    def act(self, observation, legal_mask, state=None) -> int:
        mask = np.asarray(legal_mask).astype(bool)
        legal = np.flatnonzero(mask)
        if state is None or len(legal) <= 1:
            return int(legal[0]) if len(legal) else 0   # NOOP, the first id of every catalogue
        try:
            a = self.decide(state, mask)
        except Exception:
            if self.strict:
                raise
            a = None
        if a is None or not (0 <= a < len(mask)) or not mask[a]:
            if self.strict and a is not None:
                raise AssertionError(f"heuristic chose illegal action {a}")
            self.fallbacks += 1
            a = self.fallback(mask)
        return int(a)
