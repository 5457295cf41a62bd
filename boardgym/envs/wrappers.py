"""Wrappers for training libraries: a single Box observation (SB3), RLlib's observation keys."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.wrappers import BaseParallelWrapper, BaseWrapper

from boardgym.core.errors import ConfigError


class ObservationOnly(gym.ObservationWrapper):
    """``Dict(observation, action_mask)`` -> the ``observation`` Box alone.

    ``action_masks()`` stays reachable through the wrapper (sb3-contrib's MaskablePPO finds it
    with ``get_wrapper_attr``), so the policy sees the vector and the mask is applied to its
    logits: ``MaskablePPO("MlpPolicy", ObservationOnly(gym.make(id)))``.
    """

    def __init__(self, env: gym.Env):
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation):
        return observation["observation"]

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()


# -- RLlib: its PettingZoo wrappers and its action-masking RLModule ------------------------------
def _rllib_space(space: gym.spaces.Dict) -> gym.spaces.Dict:
    mask = space["action_mask"]
    return gym.spaces.Dict({"observations": space["observation"],
                            "action_mask": gym.spaces.Box(0.0, 1.0, mask.shape, np.float32)})


def _rllib_obs(obs):
    if obs is None:
        return None
    return {"observations": obs["observation"], "action_mask": obs["action_mask"].astype(np.float32)}


class RLlibAECObservations(BaseWrapper):
    """An AEC env whose observations use the keys of RLlib's action-masking RLModule:
    ``Dict(observations=Box(-1, 1, (D,), float32), action_mask=Box(0, 1, (N,), float32))``."""

    def __init__(self, env: AECEnv):
        super().__init__(env)
        self._spaces = {a: _rllib_space(env.observation_space(a)) for a in env.possible_agents}

    def observation_space(self, agent):
        return self._spaces[agent]

    def observe(self, agent):
        return _rllib_obs(self.env.observe(agent))


class RLlibParallelObservations(BaseParallelWrapper):
    """The Parallel twin of ``RLlibAECObservations``."""

    def __init__(self, env: ParallelEnv):
        super().__init__(env)
        self._spaces = {a: _rllib_space(env.observation_space(a)) for a in env.possible_agents}

    def observation_space(self, agent):
        return self._spaces[agent]

    def reset(self, seed=None, options=None):
        obs, infos = self.env.reset(seed=seed, options=options)
        return {a: _rllib_obs(o) for a, o in obs.items()}, infos

    def step(self, actions):
        obs, rewards, terms, truncs, infos = self.env.step(actions)
        return {a: _rllib_obs(o) for a, o in obs.items()}, rewards, terms, truncs, infos


def rllib_observations(env):
    """A boardgym PettingZoo env (AEC ``env()`` / ``raw_env()`` or ``parallel_env()``) with the
    observation keys RLlib's action-masking module reads (``observations``, ``action_mask``, the
    mask as float32), for RLlib's own wrappers::

        PettingZooEnv(rllib_observations(paleo_v0.env(illegal_action="raise")))
        ParallelPettingZooEnv(rllib_observations(paleo_v0.parallel_env(illegal_action="raise")))

    with ``ActionMaskingTorchRLModule`` (``ray.rllib.examples.rl_modules.classes.
    action_masking_rlm``) as the module: it adds ``log(mask)`` to the logits, so an illegal action
    is never sampled (``eval/rllib_pettingzoo.py`` trains this way)."""
    if isinstance(env, ParallelEnv):
        return RLlibParallelObservations(env)
    if isinstance(env, AECEnv):
        return RLlibAECObservations(env)
    raise ConfigError(f"rllib_observations wraps a PettingZoo AEC or Parallel env, got {type(env).__name__}")
