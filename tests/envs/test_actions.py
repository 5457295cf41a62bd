"""One action check for the engine, Gymnasium, AEC and Parallel, over every game and adapter:
Python ints, NumPy integers and 0-d integer arrays are accepted; bools, floats (even ``3.0``),
strings, None and other arrays are refused with ``IllegalActionError``, the state unchanged,
whatever the illegal-action mode. Parallel also refuses them from seats with no pending
decision. Nothing here names a game."""
import gymnasium as gym
import numpy as np
import pytest

from boardgym.core.chance import resolve_chance
from boardgym.core.errors import IllegalActionError
from boardgym.envs import registry
from boardgym.games import GAMES, make_game
from tests.conftest import gym_entries, pz_entries, pz_module

ACCEPTED = [int, np.int64, np.int32, np.uint8, lambda a: np.array(a), lambda a: np.array(a, np.int16)]
REFUSED = [True, False, np.True_, 3.0, np.float64(3.0), np.float32(1.0), 1.5, "3", None,
           np.array(3.0), np.array([3]), np.array(True), [3], 3 + 0j]


def _first_legal(mask):
    return int(np.flatnonzero(mask)[0])


def _refuses_then_accepts(env, n, mask, game_state):
    """``env`` (Gymnasium or AEC, just reset with seed 0) refuses every REFUSED action and the
    ids ``n`` and -1, its game state unchanged; every ACCEPTED spelling of the first legal action
    leads to the same state."""
    before = game_state().to_json()
    for bad in REFUSED + [n, -1]:
        with pytest.raises(IllegalActionError):
            env.step(bad)
        assert game_state().to_json() == before, bad
    a = _first_legal(mask)
    results = set()
    for kind in ACCEPTED:
        env.reset(seed=0)
        env.step(kind(a))
        results.add(game_state().to_json())
    assert len(results) == 1


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
    _refuses_then_accepts(env, env.action_space.n, obs["action_mask"], lambda: env.unwrapped.state)


def _pz(entry):
    return pz_module(entry), dict(entry.get("kwargs", {}))


@pytest.mark.parametrize("env_id", [e["id"] for e in pz_entries()])
def test_aec_accepts_and_refuses(env_id):
    mod, kwargs = _pz(next(e for e in pz_entries() if e["id"] == env_id))
    env = mod.env(**kwargs)
    env.reset(seed=0)
    _refuses_then_accepts(env, env.action_space(env.agent_selection).n,
                          env.observe(env.agent_selection)["action_mask"], lambda: env.unwrapped.game_state)


def _until_a_seat_is_idle(env):
    """Reset and play first-legal moves until some seat has no pending decision (a NOOP-only
    mask); the same moves every time."""
    obs, _ = env.reset(seed=0)
    for _ in range(500):
        idle = [a for a in env.agents if obs[a]["action_mask"].sum() == 1 and obs[a]["action_mask"][0]]
        if idle:
            return {a: _first_legal(obs[a]["action_mask"]) for a in env.agents}, idle
        obs, *_ = env.step({a: _first_legal(obs[a]["action_mask"]) for a in env.agents})
    raise AssertionError("no seat without a pending decision in 500 steps")


@pytest.mark.parametrize("env_id", [e["id"] for e in pz_entries()])
def test_parallel_accepts_and_refuses_from_every_seat(env_id):
    entry = next(e for e in pz_entries() if e["id"] == env_id)
    mod = pz_module(entry)
    kwargs = dict(entry.get("kwargs", {}), **{entry["players_kwarg"]: max(entry["test_player_counts"])})
    env = mod.parallel_env(**kwargs)
    legal, idle = _until_a_seat_is_idle(env)
    deciding = next(a for a in env.agents if a not in idle)
    before = env.game_state.to_json()
    n = env.action_space(idle[0]).n
    for bad in REFUSED + [n, -1]:
        for who in (idle[0], deciding):
            with pytest.raises(IllegalActionError):
                env.step(dict(legal, **{who: bad}))
            assert env.game_state.to_json() == before, (who, bad)
    with pytest.raises(IllegalActionError, match="not an agent"):
        env.step(dict(legal, player_99=0))
    assert env.game_state.to_json() == before
    results = set()
    for kind in ACCEPTED:  # an in-space action of an idle seat is ignored, of any accepted type
        _until_a_seat_is_idle(env)
        env.step({a: kind(n - 1 if a in idle else legal[a]) for a in env.agents})
        results.add(env.game_state.to_json())
    assert len(results) == 1 and before not in results
