"""The vector envs take a policy's integer action array through a one-pass check: the same
results as a list of ints, and every value that is not an action of the space (out of range,
negative, bool, float) is refused as before, naming it, before any game moves. Every id
(batched) and the multi-process env (its parent writes the array into shared memory)."""
import gymnasium as gym
import numpy as np
import pytest

import boardgym  # noqa: F401
from boardgym.core.errors import IllegalActionError
from boardgym.envs.registry import registry
from boardgym.envs.vector import int_ids

GYM_IDS = [e["id"] for e in registry()["gymnasium"]]


def _play(envs, as_array, steps=12):
    obs, _ = envs.reset(seed=3)
    rng = np.random.default_rng(0)
    out = []
    for _ in range(steps):
        acts = np.argmax(rng.random(obs["action_mask"].shape) * obs["action_mask"], axis=1)
        obs, reward, term, trunc, info = envs.step(acts if as_array else [int(a) for a in acts])
        out.append((obs["observation"].tobytes(), reward.tolist(), term.tolist(), trunc.tolist()))
    return out


def _refused_before_any_move(envs, legal):
    before = envs._vec.copy()
    for bad, words in ((np.array([legal, 10**6]), "not an action of Discrete"),
                       (np.array([legal, -1]), "not an action of Discrete"),
                       (np.array([legal, 1.0]), "not an integer action id"),
                       (np.array([True, False]), "not an integer action id")):
        with pytest.raises(IllegalActionError, match=words):
            envs.step(bad)
        assert np.array_equal(envs._vec, before)   # no game moved


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_an_action_array_plays_as_the_list_and_bad_values_are_refused(env_id):
    a, same, b = (gym.make_vec(env_id, num_envs=n) for n in (3, 3, 2))
    try:
        assert _play(a, True) == _play(same, False)
        obs, _ = b.reset(seed=0)
        _refused_before_any_move(b, int(np.flatnonzero(obs["action_mask"][0])[0]))
    finally:
        a.close(), same.close(), b.close()


def test_the_multiprocess_env_takes_the_array_alike():
    env_id = GYM_IDS[-1]
    mp_env = gym.make_vec(env_id, num_envs=3, num_workers=2)
    one = gym.make_vec(env_id, num_envs=3)
    try:
        assert _play(mp_env, True) == _play(one, False)
        mp_env.close()
        mp_env = gym.make_vec(env_id, num_envs=2, num_workers=2)
        obs, _ = mp_env.reset(seed=0)
        _refused_before_any_move(mp_env, int(np.flatnonzero(obs["action_mask"][0])[0]))
    finally:
        mp_env.close(), one.close()


def test_int_ids_takes_only_integer_arrays_inside_the_space():
    assert int_ids(np.array([0, 4, 2], np.uint8), 5) == [0, 4, 2]
    assert int_ids(np.array([0, 5]), 5) is None and int_ids(np.array([-1, 0]), 5) is None
    assert int_ids(np.array([True, False]), 5) is None and int_ids(np.array([0.0, 1.0]), 5) is None
    assert int_ids([0, 1], 5) is None and int_ids(np.array([[0, 1]]), 5) is None
