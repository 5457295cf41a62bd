"""One action check for the engine and every adapter, over every game and id:
Python ints, NumPy integers and 0-d integer arrays are accepted; bools, floats (even ``3.0``),
strings, None and other arrays are refused with ``IllegalActionError``, the state unchanged,
whatever the illegal-action mode. Nothing here names a game."""
import gymnasium as gym
import numpy as np
import pytest

from boardgym.core.chance import resolve_chance
from boardgym.core.errors import IllegalActionError
from boardgym.envs import registry
from boardgym.games import GAMES, make_game
from tests.conftest import gym_entries

ACCEPTED = [int, np.int64, np.int32, np.uint8, lambda a: np.array(a), lambda a: np.array(a, np.int16)]
REFUSED = [True, False, np.True_, 3.0, np.float64(3.0), np.float32(1.0), 1.5, "3", None,
           np.array(3.0), np.array([3]), np.array(True), [3], 3 + 0j]


def _first_legal(mask):
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("game_name", GAMES)
def test_engine_accepts_and_refuses(game_name):
    game = make_game(game_name, **registry.test_configs(game_name)[0])
    state = game.new_initial_state()
    resolve_chance(state, np.random.default_rng(0))
    a = _first_legal(state.legal_mask())
    expected = state.clone()
    expected.apply(a)
    for kind in ACCEPTED:
        s = state.clone()
        s.apply(kind(a))
        assert s.to_json() == expected.to_json(), kind
    before = state.to_json()
    for bad in REFUSED:
        with pytest.raises(IllegalActionError, match="not an integer action id"):
            state.apply(bad)
        assert state.to_json() == before, bad


@pytest.mark.parametrize("env_id", [e["id"] for e in gym_entries()])
@pytest.mark.parametrize("mode", ["penalize", "raise"])
def test_gymnasium_accepts_and_refuses(env_id, mode):
    env = gym.make(env_id, illegal_action=mode)
    obs, _ = env.reset(seed=0)
    before = env.unwrapped.state.to_json()
    for bad in REFUSED + [env.action_space.n, -1]:
        with pytest.raises(IllegalActionError):
            env.step(bad)
        assert env.unwrapped.state.to_json() == before, bad
    a = _first_legal(obs["action_mask"])
    results = set()
    for kind in ACCEPTED:
        env.reset(seed=0)
        env.step(kind(a))
        results.add(env.unwrapped.state.to_json())
    assert len(results) == 1
