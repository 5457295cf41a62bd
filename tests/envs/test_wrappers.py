import gymnasium as gym
import numpy as np

import boardgym  # noqa: F401
from boardgym.envs.wrappers import ObservationOnly


def test_observation_only_keeps_masks_and_learns_with_maskable_ppo():
    """The README quick start: MaskablePPO on the Box observation with the mask applied."""
    from sb3_contrib import MaskablePPO

    env = ObservationOnly(gym.make("boardgym/AncientTerribleThingsSolo-v0"))
    obs, _ = env.reset(seed=0)
    assert obs.shape == env.observation_space.shape and obs.dtype == np.float32
    assert env.get_wrapper_attr("action_masks")().any()
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0)
    model.learn(128)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)]
