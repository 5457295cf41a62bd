"""Replay records ``(game, config, seed, actions)`` that reproduce a game exactly.

Chance nodes are sampled from ``numpy.random.default_rng(seed)`` in order, so a replay
stores only the decisions. ``play`` drives a game with any chooser and returns the record.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np

from .chance import resolve_chance, sample_outcome
from .errors import StateError
from .game import CHANCE, TERMINAL


@dataclass
class Replay:
    game: str
    config: dict
    seed: int
    actions: list[int] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps({"game": self.game, "config": self.config, "seed": self.seed,
                           "actions": self.actions}, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "Replay":
        try:
            d = json.loads(text)
            return cls(str(d["game"]), dict(d["config"]), int(d["seed"]), [int(a) for a in d["actions"]])
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            raise StateError(f"corrupt replay: {exc}") from None

    def states(self):
        """Yield every decision state (a clone) along the replay, then the final state."""
        from boardgym.games import make_game

        game = make_game(self.game, **self.config)
        rng = np.random.default_rng(self.seed)
        state = game.new_initial_state()
        for a in self.actions:
            resolve_chance(state, rng)
            yield state.clone()
            state.apply(a)
        resolve_chance(state, rng)
        yield state

    def final_state(self):
        state = None
        for state in self.states():
            pass
        return state


def play(game, seed: int, choose, max_steps: int = 10**7, on_step=None):
    """Play one game: ``choose(state) -> action`` for decisions, chance from ``seed``.

    Returns ``(final_state, Replay)``. ``on_step(state)`` is called before every decision.
    """
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    actions = []
    for _ in range(max_steps):
        p = state.current_player
        if p == TERMINAL:
            break
        if p == CHANCE:
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        if on_step is not None:
            on_step(state)
        a = int(choose(state))
        state.apply(a)
        actions.append(a)
    return state, Replay(game.info.name, dict(game.config), seed, actions)


def play_agents(game, seed: int, agents, check: bool = True, max_steps: int = 10**6):
    """Play one game with one ``Agent`` per seat; chance from ``seed``. Returns the final state.

    Agents that read the state (``needs_state``) get it and no observation vector (they would
    not read it); others get ``state.observation(seat)``. With ``check`` every chosen action is
    asserted against the legal mask, naming the seat and the action.
    """
    def choose(state):
        p = state.current_player
        agent = agents[p]
        mask = state.legal_mask().copy()
        if agent.needs_state:
            a = agent.act(None, mask, state)
        else:
            a = agent.act(state.observation(p), mask, None)
        if check and not mask[a]:
            raise AssertionError(f"seat {p} ({agent.name}) chose illegal {game.catalog.describe(a)}")
        return a

    final, _ = play(game, seed, choose, max_steps=max_steps)
    if not final.is_terminal():
        raise AssertionError(f"the game did not end within {max_steps} decisions")
    return final
