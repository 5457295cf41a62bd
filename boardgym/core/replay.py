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
from .fields import show
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
        """A replay saved by ``to_json``; ``StateError`` names what is wrong (the same strictness
        as saved states: ints are ints, not bools, floats or text)."""
        try:
            d = json.loads(text)
        except RecursionError:
            raise StateError("corrupt replay: nested too deeply") from None
        except (TypeError, ValueError) as exc:
            raise StateError(f"corrupt replay: not JSON that can be read: {str(exc)[:80]}") from None
        if type(d) is not dict or sorted(d) != ["actions", "config", "game", "seed"]:
            raise StateError("corrupt replay: must be an object with game, config, seed and actions")
        game, config, seed, actions = d["game"], d["config"], d["seed"], d["actions"]
        if type(game) is not str or type(config) is not dict:
            raise StateError("corrupt replay: game must be a name and config an object")
        if type(seed) is not int or seed < 0:
            raise StateError(f"corrupt replay: seed is {show(seed)}, must be an int >= 0")
        if type(actions) is not list:
            raise StateError(f"corrupt replay: actions is {show(actions)}, must be a list of action ids")
        for i, a in enumerate(actions):
            if type(a) is not int or a < 0:
                raise StateError(f"corrupt replay: actions[{i}] is {show(a)}, must be an action id")
        return cls(game, config, seed, actions)

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


def random_walk(game, rng: np.random.Generator):
    """The decision states of uniformly random play, without end: a new game starts when one
    ends. Each state is yielded before its move is drawn and applied; read or clone it, do not
    change it. Chance outcomes and moves come from ``rng`` in play order."""
    state = game.new_initial_state()
    while True:
        p = state.current_player
        if p == TERMINAL:
            state = game.new_initial_state()
        elif p == CHANCE:
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            yield state
            legal = np.flatnonzero(state.legal_mask())
            state.apply(int(legal[rng.integers(len(legal))]))


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
