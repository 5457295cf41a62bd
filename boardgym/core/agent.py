"""The one agent interface every policy keeps (random, heuristic, search, trained)."""
from __future__ import annotations

import numpy as np


class Agent:
    """``act(observation, legal_mask, state=None) -> action``.

    ``observation`` is the player's float32 vector, ``legal_mask`` a bool/int8 mask over the
    game's action catalogue. Rule-based and search agents also read ``state`` (the engine
    state, which holds nothing the deciding player cannot see; search agents redeterminize it).
    """

    name = "agent"
    needs_state = False

    def act(self, observation, legal_mask, state=None) -> int:
        raise NotImplementedError

    def reset(self, seed: int | None = None) -> None:
        """Called at the start of each game with a seed for the agent's own generator."""


class RandomAgent(Agent):
    """Uniform over legal actions, with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = np.random.default_rng(seed)

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)

    def act(self, observation, legal_mask, state=None) -> int:
        legal = np.flatnonzero(legal_mask)
        return int(legal[self.rng.integers(len(legal))])


class CallableAgent(Agent):
    """Wraps ``f(observation, legal_mask)`` or ``f(observation, legal_mask, state)``."""

    def __init__(self, fn, name: str | None = None):
        self.fn = fn
        self.name = name or getattr(fn, "__name__", "callable")

    def act(self, observation, legal_mask, state=None) -> int:
        try:
            return int(self.fn(observation, legal_mask, state))
        except TypeError:
            return int(self.fn(observation, legal_mask))


def seat_chooser(by_seat: list, seed: int):
    """The chooser a game is played with, ``by_seat[p]`` deciding for seat ``p``: every agent
    is reset with ``seed * 16 + seat`` first, so a game's agent randomness comes from its seed
    alone (``python -m boardgym.eval``, its Ray tasks and ``boardgym view --game`` play alike)."""
    for p, a in enumerate(by_seat):
        a.reset(seed * 16 + p)

    last = [None]

    def choose(state):
        p = state.current_player
        last[0] = by_seat[p]
        return by_seat[p].act(state.observation(p), state.legal_mask(), state)

    def take_note():  # what the agent of the last decision said of it (replays keep it)
        take = getattr(last[0], "take_note", None)
        return take() if take is not None else None

    choose.take_note = take_note
    return choose
