"""Sampling chance nodes with an explicit generator (never a global RNG)."""
from __future__ import annotations

import numpy as np

from .game import CHANCE


def sample_outcome(outcomes: list[tuple[int, float]], rng: np.random.Generator) -> int:
    """One outcome id drawn by its probability with one ``rng.random()`` call."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    u = rng.random()
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if u < acc:
            return outcome
    return outcomes[-1][0]


def resolve_chance(state, rng: np.random.Generator) -> None:
    """Apply sampled outcomes until the state waits for a decision or is terminal: at each chance
    node ``sample_outcome(state.chance_outcomes(), rng)``, applied unchecked. A state whose class
    defines ``_resolve_chance(rng)`` (a game's faster loop that draws and applies exactly the
    same, ``tests/games/test_engine_contract.py``) runs that instead."""
    own = getattr(state, "_resolve_chance", None)
    if own is not None:
        own(rng)
        return
    while state.current_player == CHANCE:
        state._apply(sample_outcome(state.chance_outcomes(), rng))


def uniform(ids) -> list[tuple[int, float]]:
    ids = list(ids)
    p = 1.0 / len(ids)
    return [(i, p) for i in ids]


def from_counts(counts: dict[int, int]) -> list[tuple[int, float]]:
    """Outcomes with probabilities proportional to positive counts (a multiset draw)."""
    total = sum(c for c in counts.values() if c > 0)
    return [(k, c / total) for k, c in sorted(counts.items()) if c > 0]
