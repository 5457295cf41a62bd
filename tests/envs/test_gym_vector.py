"""Gymnasium's vector envs and episode cap over every registered id: ``gym.make_vec`` in both
autoreset modes (sync, async and the batched env of the ids' vector entry point) with masks, and
``max_episode_steps``. At a game's end the
observation's mask, ``info["action_mask"]`` and ``action_masks()`` agree, and say NOOP only,
as PettingZoo does. Nothing here names a game."""
import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from boardgym.envs.registry import max_episode_steps
from boardgym.games import game_class
from tests.conftest import gym_entries

GYM_IDS = [e["id"] for e in gym_entries()]
CASES = [(i, mode, auto) for i in GYM_IDS for mode in ("sync", "async", "vector_entry_point")
         for auto in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP)]


def _kwargs(env_id):  # random opponents where the game has any: short, fast games
    return {"opponents": "random"} if "opponents" in gym.spec(env_id).kwargs else {}


def _noop(n):
    m = np.zeros(n, dtype=np.int8)
    m[0] = 1
    return m


def _masked_actions(obs, rng):
    return np.array([int(rng.choice(np.flatnonzero(m))) for m in obs["action_mask"]])


@pytest.mark.parametrize("env_id,mode,autoreset", CASES)
def test_make_vec_autoreset_masks_agree(env_id, mode, autoreset):
    if mode == "vector_entry_point":   # the batched env takes its options as kwargs
        envs = gym.make_vec(env_id, num_envs=2, vectorization_mode=mode, autoreset_mode=autoreset,
                            **_kwargs(env_id))
    else:
        envs = gym.make_vec(env_id, num_envs=2, vectorization_mode=mode,
                            vector_kwargs={"autoreset_mode": autoreset}, **_kwargs(env_id))
    try:
        n = envs.single_action_space.n
        obs, info = envs.reset(seed=0)
        rng = np.random.default_rng(0)
        ends = 0
        after_end = np.zeros(2, dtype=bool)
        for _ in range(3000):
            obs, rew, term, trunc, info = envs.step(_masked_actions(obs, rng))
            done = term | trunc
            masks = np.stack(envs.call("action_masks"))
            assert masks.dtype == bool
            assert np.array_equal(obs["action_mask"], info["action_mask"])
            if autoreset == AutoresetMode.SAME_STEP:
                # the returned observation is the new game's; the final one is in info
                assert np.array_equal(masks.astype(np.int8), obs["action_mask"])
                for i in np.flatnonzero(done):
                    assert np.array_equal(info["final_obs"][i]["action_mask"], _noop(n))
                    assert np.array_equal(info["final_info"]["action_mask"][i], _noop(n))
                    assert obs["action_mask"][i].sum() >= 1 and envs.observation_space.contains(obs)
            else:
                assert np.array_equal(masks.astype(np.int8), obs["action_mask"])
                for i in np.flatnonzero(done):  # the terminal observation itself
                    assert np.array_equal(obs["action_mask"][i], _noop(n))
                    assert np.array_equal(masks[i], _noop(n).astype(bool))
                # the step after an end resets that env: a fresh game with its own mask
                assert not (term | trunc)[after_end].any() and (rew[after_end] == 0).all()
                after_end = done
            ends += int(done.sum())
            if ends >= 2:
                break
        assert ends >= 2, "no game ended"
    finally:
        envs.close()


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_every_id_declares_max_episode_steps(env_id):
    game = gym.spec(env_id).kwargs["game"]
    cap = gym.spec(env_id).max_episode_steps
    assert cap == max_episode_steps(game) == game_class(game).info.max_decisions


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_max_episode_steps_truncates_a_policy_stuck_on_illegal_actions(env_id):
    env = gym.make(env_id, max_episode_steps=5)
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    for t in range(1, 6):
        obs, r, term, trunc, info = env.step(illegal)
        assert "illegal_action" in info and not term
        assert trunc == (t == 5)
