"""Observation spaces shared by the adapters."""
from gymnasium import spaces
import numpy as np


def observation_space(game, num_actions: int | None = None) -> spaces.Dict:
    """``num_actions``: the size of the env's action space where it is not the game's
    catalogue (an ``action_space`` view)."""
    n = game.num_actions if num_actions is None else num_actions
    return spaces.Dict({
        "observation": spaces.Box(-1.0, 1.0, (game.observation_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (n,), np.int8),
    })
