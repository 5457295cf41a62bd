"""Saved states of seeded random play, for tests that edit one field of a save the rules forbid
and expect the loader to refuse it in words (and the legal state beside it to load)."""
from __future__ import annotations

import copy
import functools
import json

import numpy as np
import pytest

from boardgym.core import StateError
from boardgym.games import make_game
from tests.games.soundness import random_play


@functools.lru_cache(maxsize=None)
def pool(name: str, configs: tuple, seeds: tuple) -> tuple[tuple[int, str], ...]:
    """Every state (decisions and chance nodes) of seeded random games of ``name`` under each
    config (a tuple of (key, value) pairs), saved: (config index, JSON)."""
    out = []
    for i, cfg in enumerate(configs):
        game = make_game(name, **dict(cfg))
        for seed in seeds:
            s = game.new_initial_state()
            for st in random_play(s, np.random.default_rng(seed)):
                out.append((i, st.to_json()))
    return tuple(out)


def find(name: str, configs: tuple, seeds: tuple, pred):
    """The first saved state of the pool that ``pred`` accepts (given the save's ``state``
    fields): (its game, its data to edit)."""
    for i, text in pool(name, configs, seeds):
        data = json.loads(text)
        if pred(data["state"]):
            return make_game(name, **dict(configs[i])), data
    raise AssertionError("no state of the pool fits the case")


def load(game, data):
    return game.state_from_json(json.dumps(data))


def refused(game, data, *words) -> str:
    with pytest.raises(StateError) as err:
        load(game, data)
    for w in words:
        assert w in str(err.value), str(err.value)
    return str(err.value)


def edited(data, **changes):
    out = copy.deepcopy(data)
    out["state"].update(changes)
    return out


def top(st):
    """The frame on top of the stack, or a frame of nothing when the stack is empty."""
    return st["pend"][-1] if st["pend"] else [None] * 4
