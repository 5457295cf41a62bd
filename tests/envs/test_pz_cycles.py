"""PettingZoo's own tests beyond the API tests, over every multi-seat configuration of the
registry (each game's ``test_configs`` with two or more seats, and every PettingZoo entry as
registered): ``max_cycles_test`` (a cycle is every live agent acting once), ``aec_to_parallel``
on the cycle-ordered AEC env, and ``metadata["is_parallelizable"]`` telling the truth for the
default decision order. Nothing names a game."""
import functools
import types
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test, state_test
from pettingzoo.utils import aec_to_parallel

from boardgym.core.errors import ConfigError
from boardgym.envs.kwargs import UnknownOptionError
from boardgym.envs.registry import test_configs as game_configs
from tests.conftest import pz_entries, pz_module


def _multi_seat_configs():
    out = []
    for entry in pz_entries():
        game = entry["module"].rsplit(".", 1)[-1][: -len("_v0")]
        for cfg in game_configs(game):
            kwargs = {**entry.get("kwargs", {}), **cfg}
            if kwargs.get(entry["players_kwarg"], 1) >= 2:
                name = "-".join(f"{k}={v}" for k, v in cfg.items()) or "default"
                out.append(pytest.param(entry, kwargs, id=f"{game}-{name}"))
    return out


CONFIGS = _multi_seat_configs()
ENTRIES = [pytest.param(e, id=e["id"]) for e in pz_entries()]


def _module(entry, kwargs, **extra):
    """A stand-in for a ``<game>_v0`` module with the config's options bound (what
    ``max_cycles_test`` and ``seed_test`` take)."""
    mod = pz_module(entry)
    return types.SimpleNamespace(env=functools.partial(mod.env, **kwargs, **extra),
                                 parallel_env=functools.partial(mod.parallel_env, **kwargs))


def _policy(obs):
    legal = np.flatnonzero(obs["action_mask"])
    return int(legal[int(np.abs(obs["observation"]).sum() * 1000) % len(legal)])


def test_every_game_has_a_multi_seat_config():
    games = {p.values[0]["id"] for p in CONFIGS}
    assert games == {e["id"] for e in pz_entries()}


@pytest.mark.parametrize("entry,kwargs", CONFIGS)
def test_pettingzoo_max_cycles_test(entry, kwargs):
    """``max_cycles=K`` gives K Parallel steps and, in AEC, K turns of every agent."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        max_cycles_test(_module(entry, kwargs))


@pytest.mark.parametrize("entry", ENTRIES)
def test_pettingzoo_max_cycles_test_on_the_module_itself(entry):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        max_cycles_test(pz_module(entry))


@pytest.mark.parametrize("entry,kwargs", CONFIGS)
def test_aec_to_parallel_works_in_cycle_order_and_is_refused_in_decision_order(entry, kwargs):
    mod = pz_module(entry)
    default = mod.env(**kwargs)
    assert default.metadata["is_parallelizable"] is False  # one seat may decide several times
    with pytest.raises(AssertionError, match="is_parallelizable"):  # PettingZoo's own refusal
        aec_to_parallel(default)
    cycled = mod.env(agent_order="cycle", **kwargs)
    assert cycled.metadata["is_parallelizable"] is True
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(aec_to_parallel(cycled), num_cycles=100)
        api_test(mod.env(agent_order="cycle", **kwargs), num_cycles=100)
        seed_test(_module(entry, kwargs, agent_order="cycle").env, num_cycles=40)


@pytest.mark.parametrize("entry,kwargs", CONFIGS)
def test_converted_aec_plays_the_game_parallel_env_plays(entry, kwargs):
    """The same seed and policy give the same game through ``aec_to_parallel(env(agent_order=
    "cycle"))`` and ``parallel_env()``: a cycle is one Parallel step."""
    mod = pz_module(entry)
    converted = aec_to_parallel(mod.env(agent_order="cycle", **kwargs))
    native = mod.parallel_env(**kwargs)
    obs_c, _ = converted.reset(seed=5)
    obs_n, _ = native.reset(seed=5)
    for _ in range(60):
        if not native.agents:
            break
        assert sorted(obs_c) == sorted(obs_n)
        for a in obs_n:
            assert np.array_equal(obs_c[a]["action_mask"], obs_n[a]["action_mask"])
            assert np.array_equal(obs_c[a]["observation"], obs_n[a]["observation"])
        actions = {a: _policy(o) for a, o in obs_n.items()}
        obs_c, rew_c, term_c, trunc_c, _ = converted.step(actions)
        obs_n, rew_n, term_n, trunc_n, _ = native.step(actions)
        assert dict(rew_c) == rew_n and term_c == term_n and trunc_c == trunc_n
        assert converted.unwrapped.game_state.to_json() == native.game_state.to_json()


@pytest.mark.parametrize("entry,kwargs", CONFIGS)
def test_cycle_order_asks_every_agent_and_ignores_a_seat_with_nothing_to_decide(entry, kwargs):
    mod = pz_module(entry)
    env = mod.env(agent_order="cycle", illegal_action="raise", **kwargs)
    env.reset(seed=1)
    seen = []
    for _ in range(3 * len(env.possible_agents)):
        agent = env.agent_selection
        seen.append(agent)
        mask = env.observe(agent)["action_mask"]
        if mask.sum() == 1 and mask[0] == 1:  # nothing to decide: any action is ignored
            before = env.unwrapped.game_state.to_json()
            env.step(env.action_space(agent).n - 1)
            assert env.unwrapped.game_state.to_json() == before
        else:
            env.step(_policy(env.observe(agent)))
    assert seen == env.possible_agents * 3  # every agent once per cycle, in seat order


@pytest.mark.parametrize("entry", ENTRIES)
def test_agent_order_is_checked(entry):
    mod = pz_module(entry)
    with pytest.raises(ConfigError, match="agent_order"):
        mod.env(agent_order="seat")
    with pytest.raises(UnknownOptionError, match="agent_order"):  # Parallel is always in cycles
        mod.parallel_env(agent_order="cycle")
    assert mod.env().unwrapped.agent_order == "decision"
    assert mod.env(max_cycles=3).unwrapped.agent_order == "cycle"  # PettingZoo's cycles
    assert mod.env(max_cycles=3, agent_order="decision").metadata["is_parallelizable"] is False


@pytest.mark.parametrize("entry", ENTRIES)
def test_pettingzoo_state_test_in_both_orders(entry):
    mod = pz_module(entry)
    kwargs = {**entry.get("kwargs", {}), entry["players_kwarg"]: 2}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for order in ("decision", "cycle"):
            state_test(mod.env(agent_order=order, **kwargs), mod.parallel_env(**kwargs), num_cycles=30)
