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


def make_vec_env(env_id: str, env_kwargs: dict, n_envs: int, seed: int, kind: str = "subproc"):
    """``n_envs`` envs seeded ``seed .. seed + n_envs - 1``; SubprocVecEnv when ``kind ==
    'subproc'`` and ``n_envs > 1``, else DummyVecEnv."""
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    thunks = [_Thunk(env_id, dict(env_kwargs), seed + i) for i in range(n_envs)]
    if kind == "subproc" and n_envs > 1:
        venv = SubprocVecEnv(thunks, start_method="forkserver")
    else:
        venv = DummyVecEnv(thunks)
    venv.seed(seed)
    return venv
