"""Observation spaces shared by the adapters."""
from gymnasium import spaces
import numpy as np


def observation_space(game) -> spaces.Dict:
    return spaces.Dict({
        "observation": spaces.Box(-1.0, 1.0, (game.observation_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (game.num_actions,), np.int8),
    })
