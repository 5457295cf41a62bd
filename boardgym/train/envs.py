"""Vectorised training envs for MaskablePPO over any registered boardgym id.

Each env is ``gym.make(id) -> ObservationOnly -> ActionMasker -> Monitor``: the policy (an
MlpPolicy) sees only the ``observation`` Box, while ``action_masks()`` stays reachable through
every wrapper and through SubprocVecEnv/DummyVecEnv (``env_method("action_masks")`` resolves it
with ``get_wrapper_attr``).
"""
from __future__ import annotations

import copy

import gymnasium as gym
import numpy as np

from boardgym.envs.wrappers import ObservationOnly


def _masks(env: gym.Env) -> np.ndarray:
    return env.unwrapped.action_masks()


def make_env(env_id: str, env_kwargs: dict | None = None, seed: int | None = None):
    """One wrapped env (a thunk-friendly builder: top-level, picklable)."""
    import boardgym  # noqa: F401  (registers the ids in a fresh subprocess)
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.monitor import Monitor

    env = gym.make(env_id, **(env_kwargs or {}))
    env = ObservationOnly(env)
    env = ActionMasker(env, _masks)
    env = Monitor(env)
    if seed is not None:
        env.action_space.seed(seed)
    return env


class _Thunk:
    def __init__(self, env_id, env_kwargs, seed):
        self.env_id, self.env_kwargs, self.seed = env_id, env_kwargs, seed

    def __call__(self):
        # a deep copy: every env owns its opponent objects (e.g. a self-play OpponentPool)
        return make_env(self.env_id, copy.deepcopy(self.env_kwargs), self.seed)


def make_batched_vec_env(env_id: str, env_kwargs: dict, n_envs: int, seed: int, workers: int | None = None):
    """The batched vector env (``boardgym/envs/vector.py``) as SB3's VecEnv, in ``VecMonitor``
    (episode statistics, as ``Monitor`` per env): the same envs as ``make_env`` builds (each
    with its own opponent objects), stepped in this process, or with ``workers`` in that many
    processes over shared memory (``boardgym/envs/vector_mp.py``); observations, rewards and
    dones are DummyVecEnv's of the same seeds."""
    import boardgym  # noqa: F401
    from gymnasium.vector import AutoresetMode
    from stable_baselines3.common.vec_env import VecMonitor

    from boardgym.envs.sb3_vector import SB3VecEnv
    from boardgym.envs.vector import BoardgymVectorEnv

    if workers is not None:
        venv = gym.make_vec(env_id, num_envs=n_envs, num_workers=workers, autoreset_mode=AutoresetMode.SAME_STEP,
                            **copy.deepcopy(env_kwargs))
        return VecMonitor(SB3VecEnv(venv))
    envs = [gym.make(env_id, **copy.deepcopy(env_kwargs)) for _ in range(n_envs)]
    for i, env in enumerate(envs):
        env.action_space.seed(seed + i)
    return VecMonitor(SB3VecEnv(BoardgymVectorEnv.from_envs(envs, autoreset_mode=AutoresetMode.SAME_STEP)))


def make_vec_env(env_id: str, env_kwargs: dict, n_envs: int, seed: int, kind: str = "subproc",
                 workers: int | None = None):
    """``n_envs`` envs seeded ``seed .. seed + n_envs - 1``: ``kind`` 'batched' steps them all
    in this process, or in ``workers`` processes (``make_batched_vec_env``); SubprocVecEnv when ``kind == 'subproc'`` and
    ``n_envs > 1``, else DummyVecEnv."""
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    if kind == "batched":
        venv = make_batched_vec_env(env_id, env_kwargs, n_envs, seed, workers)
        venv.seed(seed)
        return venv
    thunks = [_Thunk(env_id, dict(env_kwargs), seed + i) for i in range(n_envs)]
    if kind == "subproc" and n_envs > 1:
        venv = SubprocVecEnv(thunks, start_method="forkserver")
    else:
        venv = DummyVecEnv(thunks)
    venv.seed(seed)
    return venv
