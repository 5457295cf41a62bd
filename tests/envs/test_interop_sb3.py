"""Stable-Baselines3 + sb3-contrib drive every registered Gymnasium id exactly as their users do:
``make_vec_env(id, n_envs=2, vec_env_cls=SubprocVecEnv, wrapper_class=ObservationOnly)`` (SB3
passes ``render_mode="rgb_array"``) and MaskablePPO reading the masks with
``env_method("action_masks")``. Nothing here names a game."""
import numpy as np
import pytest

from tests.conftest import gym_entries


def learn_and_play_legally(model, venv, steps: int) -> None:
    """``model.learn(steps)`` takes gradient steps, episodes end and restart through the masks,
    and the trained policy's deterministic actions on a fresh reset are legal in every env."""
    from sb3_contrib.common.maskable.utils import get_action_masks

    before = [p.detach().clone() for p in model.policy.parameters()]
    model.learn(steps)
    assert model.num_timesteps >= steps
    assert any(not np.array_equal(b.numpy(), p.detach().numpy())
               for b, p in zip(before, model.policy.parameters())), "no gradient step taken"
    assert len(model.ep_info_buffer) >= 2, "episodes end and restart through the masks (autoreset)"
    obs = venv.reset()
    actions, _ = model.predict(obs, action_masks=get_action_masks(venv), deterministic=True)
    masks = get_action_masks(venv)
    assert all(masks[i, a] for i, a in enumerate(actions))

GYM_IDS = [e["id"] for e in gym_entries()]
STEPS_PER_EPISODE = 200  # at most, per worker: learn(512) below plays 256 steps in each of 2 workers


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_maskable_ppo_learns_through_make_vec_env_subproc(env_id):
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.env_util import make_vec_env
    from stable_baselines3.common.vec_env import SubprocVecEnv

    from boardgym.envs.wrappers import ObservationOnly

    # illegal_action="raise": one action outside the mask and the worker fails the test.
    # max_episode_steps (Gymnasium's TimeLimit, as a user would pass it): each worker's episode
    # ends within the 256 steps it plays here, however long the game (a random Primeval Peril
    # adventure takes 200-500 decisions), so the autoreset through the masks is always reached
    venv = make_vec_env(env_id, n_envs=2, seed=0, vec_env_cls=SubprocVecEnv, wrapper_class=ObservationOnly,
                        env_kwargs={"illegal_action": "raise", "max_episode_steps": STEPS_PER_EPISODE})
    try:
        assert venv.render_mode == "rgb_array"
        n = venv.action_space.n
        masks = get_action_masks(venv)  # env_method("action_masks") in each worker
        assert masks.shape == (2, n) and masks.dtype == bool and masks.any(axis=1).all()
        assert np.array_equal(np.stack(venv.env_method("action_masks")), masks)
        model = MaskablePPO("MlpPolicy", venv, n_steps=128, batch_size=64, n_epochs=1, seed=0,
                            policy_kwargs={"net_arch": [32]})
        learn_and_play_legally(model, venv, 512)
        frames = venv.get_images()  # render_mode="rgb_array" as SB3's VecVideoRecorder uses it
        assert all(f.dtype == np.uint8 and f.ndim == 3 and f.shape[2] == 3 for f in frames)
    finally:
        venv.close()
