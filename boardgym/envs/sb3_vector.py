"""Stable-Baselines3's ``VecEnv`` over the batched vector env (``boardgym/envs/vector.py``), for
MaskablePPO: ``MaskablePPO("MlpPolicy", SB3VecEnv(gym.make_vec(id, num_envs=N,
autoreset_mode="SameStep")))``. Needs the ``train`` extra (stable-baselines3)."""
from __future__ import annotations

import numpy as np
from gymnasium.vector import AutoresetMode
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from boardgym.core.errors import ConfigError

from .vector import BoardgymVectorEnv


class SB3VecEnv(VecEnv):
    """A ``BoardgymVectorEnv`` in ``SAME_STEP`` autoreset mode (SB3 resets an ended game at once)
    as SB3's ``VecEnv``. The policy sees the ``observation`` vector (a Box, as
    ``ObservationOnly``); ``env_method("action_masks")`` (sb3-contrib's ``get_action_masks``)
    and ``action_masks()`` give the masks. Each step's infos hold what SB3 reads:
    ``TimeLimit.truncated``, and, for an ended game, ``terminal_observation``; an illegal action
    (``illegal_action="penalize"``) adds ``illegal_action``. Rewards, dones and observations
    are those of ``DummyVecEnv`` over ``ObservationOnly(gym.make(id))`` on the same seeds
    (``seed(s)``, then ``reset()``: game i gets ``s + i``). Wrap it in ``VecMonitor`` for episode
    statistics. The multi-process env (``gym.make_vec(id, num_envs=N, num_workers=W)``) goes
    under it alike."""

    def __init__(self, venv: BoardgymVectorEnv):
        if not isinstance(venv, BoardgymVectorEnv):
            raise ConfigError(f"SB3VecEnv wraps a BoardgymVectorEnv (gym.make_vec of a boardgym id), "
                              f"got {type(venv).__name__}")
        if venv.autoreset_mode != AutoresetMode.SAME_STEP:
            raise ConfigError("SB3VecEnv needs autoreset_mode='SameStep' (SB3 resets an ended game at "
                              f"once), the env has {venv.autoreset_mode.value!r}")
        self.venv = venv
        self._actions = None
        super().__init__(venv.num_envs, venv.single_observation_space["observation"],
                         venv.single_action_space)

    def reset(self):
        seeds = None if all(s is None for s in self._seeds) else list(self._seeds)
        self.venv.reset(seed=seeds)
        self.reset_infos = [{} for _ in range(self.num_envs)]
        self._reset_seeds()
        self._reset_options()
        return self.venv._vec.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self):
        venv = self.venv
        errors, finals = venv._step_into(self._actions)
        term, trunc = venv._term, venv._trunc
        dones = term | trunc
        infos = [{"TimeLimit.truncated": bool(trunc[i] and not term[i])} for i in range(self.num_envs)]
        for i, error in errors.items():
            infos[i]["illegal_action"] = error
        for i, (vec, _mask, _seat, _player, error) in finals.items():
            infos[i]["terminal_observation"] = vec
            if error is not None:
                infos[i]["illegal_action"] = error
        return venv._vec.copy(), venv._rewards.astype(np.float32), dones, infos

    def action_masks(self) -> np.ndarray:
        return self.venv.action_masks()

    def has_attr(self, attr_name: str) -> bool:   # (SB3's own fetches the attribute: a method
        return all(self.venv._per_env("has", attr_name, range(self.num_envs)))   # cannot leave a worker)

    def get_attr(self, attr_name: str, indices=None) -> list:
        return list(self.venv._per_env("get", attr_name, self._get_indices(indices)))

    def set_attr(self, attr_name: str, value, indices=None) -> None:
        indices = list(self._get_indices(indices))
        self.venv._per_env("set", attr_name, indices, values=[value] * len(indices))

    def env_method(self, method_name: str, *method_args, indices=None, **method_kwargs) -> list:
        if method_name == "action_masks":   # from the batched mask, not one call per game
            masks = self.venv.action_masks()
            return [masks[i] for i in self._get_indices(indices)]
        return list(self.venv._per_env("call", method_name, self._get_indices(indices),
                                       args=method_args, kwargs=method_kwargs))

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def get_images(self):
        return list(self.venv.render())

    def close(self) -> None:
        self.venv.close()
