"""Stable-Baselines3 on the batched vector env (``boardgym/envs/sb3_vector.py``) for every
registered Gymnasium id: the same observations, rewards, dones, terminal observations and masks
as SB3's ``DummyVecEnv`` of ``ObservationOnly(gym.make(id))`` on the same seeds, and
MaskablePPO learning through it with ``illegal_action="raise"`` (one action outside the mask
fails the test). Nothing here names a game."""
import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from boardgym.core.errors import ConfigError
from tests.conftest import gym_entries
from tests.envs.test_interop_sb3 import learn_and_play_legally

GYM_IDS = [e["id"] for e in gym_entries()]


def _sb3(env_id, n, **kwargs):
    from boardgym.envs.sb3_vector import SB3VecEnv

    return SB3VecEnv(gym.make_vec(env_id, num_envs=n, autoreset_mode=AutoresetMode.SAME_STEP, **kwargs))


def _dummy(env_id, n, **kwargs):
    from stable_baselines3.common.vec_env import DummyVecEnv

    from boardgym.envs.wrappers import ObservationOnly

    return DummyVecEnv([lambda: ObservationOnly(gym.make(env_id, **kwargs)) for _ in range(n)])


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_sb3_vec_env_equals_dummy_vec_env(env_id):
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    kwargs = {"max_episode_steps": 15}   # truncations, and the autoreset after them
    batched, dummy = _sb3(env_id, 3, **kwargs), _dummy(env_id, 3, **kwargs)
    try:
        assert batched.observation_space == dummy.observation_space
        assert batched.action_space == dummy.action_space and is_masking_supported(batched)
        batched.seed(11), dummy.seed(11)
        ob, od = batched.reset(), dummy.reset()
        assert ob.tobytes() == od.tobytes()
        rng = np.random.default_rng(0)
        ends = 0
        for _ in range(40):
            masks = get_action_masks(batched)
            assert masks.dtype == bool and np.array_equal(masks, get_action_masks(dummy))
            actions = np.array([int(rng.choice(np.flatnonzero(m))) if rng.random() > 0.1
                                else int(rng.integers(len(m))) for m in masks])
            ob, rb, db, ib = batched.step(actions)
            od, rd, dd, id_ = dummy.step(actions)
            assert ob.tobytes() == od.tobytes() and ob.dtype == od.dtype
            assert rb.dtype == rd.dtype and rb.tobytes() == rd.tobytes()
            assert np.array_equal(db, dd)
            for x, y in zip(ib, id_):
                assert x["TimeLimit.truncated"] == y["TimeLimit.truncated"]
                assert x.get("illegal_action") == y.get("illegal_action")
                assert ("terminal_observation" in x) == ("terminal_observation" in y)
                if "terminal_observation" in x:
                    assert x["terminal_observation"].tobytes() == y["terminal_observation"].tobytes()
            ends += int(db.sum())
        assert ends >= 3
    finally:
        batched.close(), dummy.close()


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_maskable_ppo_learns_through_the_batched_env(env_id):
    from sb3_contrib import MaskablePPO
    import torch
    from stable_baselines3.common.vec_env import VecMonitor

    torch.set_num_threads(1)   # as python -m boardgym.train runs it (torch_threads: 1)
    venv = VecMonitor(_sb3(env_id, 2, illegal_action="raise", max_episode_steps=40))
    try:
        venv.seed(0)
        model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=64, n_epochs=1, seed=0,
                            device="cpu", policy_kwargs={"net_arch": [32]})
        learn_and_play_legally(model, venv, 256)   # two rollouts of 2 x 64 steps, two updates
    finally:
        venv.close()


def test_sb3_vec_env_needs_same_step_autoreset():
    from boardgym.envs.sb3_vector import SB3VecEnv

    envs = gym.make_vec(GYM_IDS[0], num_envs=2)
    try:
        with pytest.raises(ConfigError, match="autoreset_mode='SameStep'"):
            SB3VecEnv(envs)
    finally:
        envs.close()
    with pytest.raises(ConfigError, match="wraps a BoardgymVectorEnv"):
        SB3VecEnv(gym.make_vec(GYM_IDS[0], num_envs=2, vectorization_mode="sync"))
