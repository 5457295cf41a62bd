"""Observation and action spaces shared by the adapters."""
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


class ActionSpace(spaces.Discrete):
    """``Discrete(n)``, with the masked ``sample(mask)`` of random play taken by a short path:
    for a well-formed mask (an int8 array of shape ``(n,)``, every value 0 or 1, one at least)
    it draws the same action from the same generator state as ``Discrete.sample`` (its
    ``np_random.choice`` over the legal ids is one ``integers(0, len)`` draw), without its
    per-call checks through NumPy's Python layers; anything else is ``Discrete.sample``'s, with
    its results and errors. Equal to a ``Discrete`` of the same size (``==``, ``isinstance``)."""

    def sample(self, mask=None, probability=None):
        if (probability is None and type(mask) is np.ndarray and mask.dtype == np.int8
                and mask.shape == (self.n,)):
            legal = mask.nonzero()[0]
            # every value 0 or 1: as many bytes equal to 1 as bytes not 0
            if len(legal) and mask.tobytes().count(1) == len(legal):
                return self.start + self.dtype.type(legal[self.np_random.integers(0, len(legal))])
        return super().sample(mask, probability)
