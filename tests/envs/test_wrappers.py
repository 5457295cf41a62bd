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


def test_rllib_observations_declare_the_mask_as_zeros_and_ones():
    """RLlib's action-masking module adds log(mask) to the logits: the wrapped spaces declare
    ``action_mask`` as Box(0, 1) float32 of the actions' length beside the observation, for the
    AEC and the Parallel env, and every observation lies in them."""
    from boardgym.envs import paleo_v0
    from boardgym.envs.wrappers import rllib_observations

    aec, par = rllib_observations(paleo_v0.env()), rllib_observations(paleo_v0.parallel_env())
    agent = aec.possible_agents[0]
    n = aec.action_space(agent).n
    for env in (aec, par):
        space = env.observation_space(agent)
        assert space["action_mask"] == gym.spaces.Box(0.0, 1.0, (n,), np.float32)
        assert space["observations"] == paleo_v0.env().observation_space(agent)["observation"]
    aec.reset(seed=0)
    obs = aec.observe(aec.agent_selection)
    assert aec.observation_space(aec.agent_selection).contains(obs) and obs["action_mask"].max() == 1.0
    first, _ = par.reset(seed=0)
    assert all(par.observation_space(a).contains(o) for a, o in first.items())
