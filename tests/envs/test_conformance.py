"""Conformance over every registered Gymnasium id and PettingZoo factory (DESIGN: envs contract).

Later games join by registering in envs_registry.yaml: nothing here names a game.
"""
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from boardgym.core.errors import IllegalActionError
from tests.conftest import gym_entries, pz_entries, pz_module

GYM_IDS = [e["id"] for e in gym_entries()]
PZ = [(e["id"], n) for e in pz_entries() for n in e.get("test_player_counts", [None])]


def _pz_kwargs(entry_id, n):
    entry = next(e for e in pz_entries() if e["id"] == entry_id)
    kwargs = dict(entry.get("kwargs", {}))
    if n is not None:
        kwargs[entry["players_kwarg"]] = n
    return entry, kwargs


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_gymnasium_check_env(env_id):
    env = gym.make(env_id)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped, skip_render_check=False)
    env.close()


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_gymnasium_mask_api_and_episode(env_id):
    env = gym.make(env_id, opponents="random") if "opponents" in gym.spec(env_id).kwargs else gym.make(env_id)
    obs, info = env.reset(seed=3)
    assert obs["observation"].dtype == np.float32
    assert env.observation_space.contains(obs)
    declared = env.observation_space["action_mask"]   # a 0/1 mask, as the masked learners read it
    assert declared.dtype == np.int8 and (declared.low == 0).all() and (declared.high == 1).all()
    rng = np.random.default_rng(0)
    done = False
    steps = 0
    while not done:
        mask = env.unwrapped.action_masks()
        assert mask.dtype == bool and mask.any()
        assert np.array_equal(mask.astype(np.int8), obs["action_mask"])
        assert np.array_equal(info["action_mask"], obs["action_mask"])
        a = int(rng.choice(np.flatnonzero(mask)))
        obs, r, done, trunc, info = env.step(a)
        assert env.observation_space.contains(obs)
        steps += 1
    assert steps > 5 and isinstance(r, float)
    env.close()


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_gymnasium_illegal_action_modes(env_id):
    """An illegal action never half-applies: penalized (default) or raised on request."""
    env = gym.make(env_id)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.unwrapped.state.to_json()
    obs2, r, term, trunc, info = env.step(illegal)
    assert r == -1.0 and not term and "illegal action" in info["illegal_action"]
    assert env.unwrapped.state.to_json() == before
    strict = gym.make(env_id, illegal_action="raise")
    strict.reset(seed=1)
    before = strict.unwrapped.state.to_json()
    with pytest.raises(IllegalActionError, match=str(illegal)):
        strict.step(illegal)
    assert strict.unwrapped.state.to_json() == before
    with pytest.raises(IllegalActionError):
        strict.step(10_000)


@pytest.mark.parametrize("env_id,n", PZ)
def test_pettingzoo_api(env_id, n):
    entry, kwargs = _pz_kwargs(env_id, n)
    mod = pz_module(entry)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(mod.env(**kwargs), num_cycles=300)
        parallel_api_test(mod.parallel_env(**kwargs), num_cycles=300)


@pytest.mark.parametrize("env_id,n", PZ)
def test_pettingzoo_seed(env_id, n):
    entry, kwargs = _pz_kwargs(env_id, n)
    mod = pz_module(entry)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda **kw: mod.env(**kwargs, **kw), num_cycles=100)
        parallel_seed_test(lambda **kw: mod.parallel_env(**kwargs, **kw), num_cycles=100)


@pytest.mark.parametrize("env_id", [e["id"] for e in pz_entries()])
def test_pettingzoo_registry(env_id):
    import pettingzoo

    aec = pettingzoo.make("aec", env_id)
    par = pettingzoo.make("parallel", env_id)
    aec.reset(seed=0)
    par.reset(seed=0)
    assert aec.agents and par.agents


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_render_modes(env_id, capsys):
    env = gym.make(env_id, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "decides" in text
    human = gym.make(env_id, render_mode="human")
    human.reset(seed=0)
    assert human.render() is None
    assert "decides" in capsys.readouterr().out
    picture = gym.make(env_id, render_mode="rgb_array")
    picture.reset(seed=0)
    frame = picture.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert frame.shape[0] >= 100 and frame.shape[1] >= 100
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 1, "a blank picture"


def _kept(obs):
    """An observation dict with copies of its arrays, and the arrays themselves."""
    return {k: v.copy() for k, v in obs.items()}, obs


def _unchanged(kept):
    for copies, obs in kept:
        for k, v in copies.items():
            assert np.array_equal(obs[k], v), f"a kept observation's {k!r} changed later"
    arrays = [obs[k] for _, obs in kept for k in obs]
    assert len({id(a) for a in arrays}) == len(arrays), "one array handed out twice"
    for i in range(0, len(arrays) - 1, 7):  # (a sample of pairs: none shares memory)
        assert not np.shares_memory(arrays[i], arrays[i + 1])


@pytest.mark.parametrize("env_id,n", PZ)
def test_observations_handed_out_never_change_later(env_id, n):
    """Every observation (vector and mask) the AEC and Parallel envs return is the user's to
    keep: later steps and observations of other seats leave it as it was."""
    entry, kwargs = _pz_kwargs(env_id, n)
    mod = pz_module(entry)
    rng = np.random.default_rng(0)
    aec = mod.env(**kwargs)
    aec.reset(seed=2)
    kept = []
    for k, agent in enumerate(aec.agent_iter(max_iter=120)):
        obs, _, term, trunc, _ = aec.last()
        kept.append(_kept(obs))
        kept.append(_kept(aec.observe(aec.agents[k % len(aec.agents)])))
        aec.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    par = mod.parallel_env(**kwargs)
    obs, _ = par.reset(seed=2)
    for _ in range(40):
        if not par.agents:
            break
        kept += [_kept(o) for o in obs.values()]
        obs, *_ = par.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()})
    _unchanged(kept)


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_gymnasium_observations_handed_out_never_change_later(env_id):
    env = gym.make(env_id, opponents="random") if "opponents" in gym.spec(env_id).kwargs else gym.make(env_id)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(1)
    kept = [_kept(obs)]
    for _ in range(60):
        obs, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        kept.append(_kept(obs))
        if term or trunc:
            obs, info = env.reset()
            kept.append(_kept(obs))
    _unchanged(kept)
    env.close()


@pytest.mark.parametrize("env_id", [e["id"] for e in pz_entries()])
def test_pettingzoo_illegal_action_is_penalized_once_and_the_next_step_pays_as_usual(env_id):
    """An illegal action in the AEC env changes nothing but the step's rewards: the acting agent
    gets the penalty (-1.0 by default) and the reason, every other agent 0.0, and it is asked
    again. The next, legal, step pays exactly what the same step pays in an env that never saw
    the illegal action: the penalty is not carried on, and no agent starts from a stale reward."""
    entry, kwargs = _pz_kwargs(env_id, None)
    mod = pz_module(entry)
    env, twin = mod.env(**kwargs), mod.env(**kwargs)
    env.reset(seed=3), twin.reset(seed=3)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.unwrapped.game_state.to_json()
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.unwrapped.game_state.to_json() == before and env.agent_selection == agent
    assert env.rewards == {a: (-1.0 if a == agent else 0.0) for a in env.agents}
    assert "illegal action" in env.infos[agent]["illegal_action"]
    legal = int(np.flatnonzero(mask)[0])
    env.step(legal), twin.step(legal)
    assert env.rewards == twin.rewards and env.infos == twin.infos
    assert env.unwrapped.game_state.to_json() == twin.unwrapped.game_state.to_json()


@pytest.mark.parametrize("env_id", [e["id"] for e in pz_entries()])
def test_parallel_illegal_action_costs_its_sender_the_penalty_and_changes_nothing(env_id):
    """The Parallel env keeps the AEC env's contract: an in-space action outside the mask, sent
    by the seat that decides, changes no state; that agent's step reward is ``illegal_penalty``
    (here -0.5) with the reason in its info, and every other agent gets 0.0."""
    entry, kwargs = _pz_kwargs(env_id, None)
    env = pz_module(entry).parallel_env(illegal_penalty=-0.5, **kwargs)
    observations, _ = env.reset(seed=3)
    state = env.unwrapped.game_state
    deciding = env.possible_agents[state.current_player]
    before = state.to_json()
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
    actions[deciding] = int(np.flatnonzero(observations[deciding]["action_mask"] == 0)[0])
    _, rewards, terms, _, infos = env.step(actions)
    assert env.unwrapped.game_state.to_json() == before
    assert rewards == {a: (-0.5 if a == deciding else 0.0) for a in env.agents}
    assert "illegal action" in infos[deciding]["illegal_action"] and not any(terms.values())
