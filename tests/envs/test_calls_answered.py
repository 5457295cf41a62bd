"""The adapters answer every call, over every registered Gymnasium id and PettingZoo factory:
NumPy integer seeds are seeds (bools, floats, text and negative numbers are refused by name), a
Parallel step given a list instead of a dict says what it takes, and an id that fixes an option
refuses a kwarg that contradicts it. Nothing here names a game."""
import gymnasium as gym
import numpy as np
import pytest

from boardgym.core.errors import ConfigError, IllegalActionError
from boardgym.games import make_game
from tests.conftest import gym_entries, pz_entries, pz_module

GYM_IDS = [e["id"] for e in gym_entries()]
PZ_IDS = [e["id"] for e in pz_entries()]
NUMPY_SEEDS = [np.int64(5), np.int32(5), np.uint8(5), np.uint64(5)]
BAD_SEEDS = [True, np.bool_(True), 5.0, np.float64(5), "5", -1, np.int64(-1), [5]]


def _pz(env_id):
    entry = next(e for e in pz_entries() if e["id"] == env_id)
    mod, kwargs = pz_module(entry), dict(entry.get("kwargs", {}))
    return mod, kwargs


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_gym_reset_takes_numpy_integer_seeds(env_id):
    env = gym.make(env_id)
    want, _ = env.reset(seed=5)
    for seed in NUMPY_SEEDS:
        obs, _ = env.reset(seed=seed)
        assert np.array_equal(obs["observation"], want["observation"]), type(seed)
    for bad in BAD_SEEDS:
        with pytest.raises(ConfigError, match="seed must be"):
            env.reset(seed=bad)


@pytest.mark.parametrize("env_id", PZ_IDS)
def test_pettingzoo_reset_takes_numpy_integer_seeds(env_id):
    mod, kwargs = _pz(env_id)
    par = mod.parallel_env(**kwargs)
    want, _ = par.reset(seed=5)
    aec = mod.env(**kwargs)
    aec.reset(seed=5)
    want_aec = aec.observe(aec.agent_selection)
    for seed in NUMPY_SEEDS:
        obs, _ = par.reset(seed=seed)
        assert all(np.array_equal(obs[a]["observation"], want[a]["observation"]) for a in want)
        aec.reset(seed=seed)
        assert np.array_equal(aec.observe(aec.agent_selection)["observation"], want_aec["observation"])
    for bad in BAD_SEEDS:
        for env in (par, aec):
            with pytest.raises(ConfigError, match="seed must be"):
                env.reset(seed=bad)


@pytest.mark.parametrize("env_id", PZ_IDS)
def test_parallel_step_with_a_list_says_it_takes_a_dict(env_id):
    mod, kwargs = _pz(env_id)
    par = mod.parallel_env(**kwargs)
    par.reset(seed=0)
    n = len(par.possible_agents)
    for wrong in ([0] * n, tuple([0] * n), np.zeros(n, np.int64), 0):
        with pytest.raises(IllegalActionError, match="takes a dict of actions by agent"):
            par.step(wrong)


FIXING = [(e["id"], name) for e in gym_entries() for name in e.get("fixed", ())]


def test_some_id_fixes_an_option():
    assert FIXING, "no registered id fixes an option: the tests below would check nothing"


@pytest.mark.parametrize("env_id,name", FIXING)
def test_a_kwarg_that_contradicts_what_the_id_fixes_is_refused(env_id, name):
    """An id that fixes an option (the registry's ``fixed``) refuses another value of it, even
    one its game would accept, rather than silently build another game than the id names; the
    fixed value itself is accepted."""
    spec = gym.spec(env_id)
    game, value = spec.kwargs["game"], spec.kwargs[name]
    others = []
    for other in (value + 1, value - 1):
        try:
            make_game(game, **{name: other})
        except ConfigError:
            continue
        others.append(other)
    assert others, f"{env_id}: no other value of {name} to try"
    for other in others:
        with pytest.raises(ConfigError, match=f"{name}={other!r} contradicts this id"):
            gym.make(env_id, **{name: other})
    assert gym.make(env_id, **{name: value}).unwrapped.game.config[name] == value
