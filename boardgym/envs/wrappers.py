"""Wrappers for training libraries that take a single Box observation."""
from __future__ import annotations

import gymnasium as gym
import numpy as np


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
