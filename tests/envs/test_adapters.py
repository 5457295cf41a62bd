"""Adapter behaviour beyond the conformance suite: masks through vector envs, opponents,
seeds, wrong kwargs, cooperative/competitive seats."""
import gymnasium as gym
import numpy as np
import pytest

import boardgym  # noqa: F401
from boardgym.core.agent import Agent, RandomAgent
from boardgym.core.errors import ConfigError


def _make(**kw):
    return gym.make("boardgym/AncientTerribleThings-v0", **kw)


def test_action_masks_through_vector_envs():
    """sb3-contrib calls env_method('action_masks') on the vector env."""
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    fns = [lambda: gym.make("boardgym/AncientTerribleThingsSolo-v0") for _ in range(2)]
    for cls in (DummyVecEnv, SubprocVecEnv):
        venv = cls(fns) if cls is DummyVecEnv else cls(fns, start_method="fork")
        venv.seed(0)
        obs = venv.reset()
        masks = np.stack(venv.env_method("action_masks"))
        assert masks.shape == (2, venv.action_space.n) and masks.dtype == bool
        assert np.array_equal(masks.astype(np.int8), obs["action_mask"])
        venv.close()


def test_same_seed_same_episode():
    def run(seed):
        env = _make(opponents="random", num_players=3)
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(1)
        out = [obs["observation"].copy()]
        done = False
        while not done:
            a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, r, done, _, _ = env.step(a)
            out.append(obs["observation"].copy())
        return out, r

    a, ra = run(4)
    b, rb = run(4)
    assert ra == rb and len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b))
    c, _ = run(5)
    assert len(c) != len(a) or any(not np.array_equal(x, y) for x, y in zip(a, c))


def test_learner_only_acts_on_its_seat():
    env = _make(opponents="random", num_players=4, seat=2)
    obs, info = env.reset(seed=0)
    done = False
    rng = np.random.default_rng(0)
    while not done:
        assert info["player"] == 2
        obs, r, done, _, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_opponent_specs():
    class Always(Agent):
        def __init__(self):
            self.calls = 0

        def act(self, observation, legal_mask, state=None):
            self.calls += 1
            return int(np.flatnonzero(legal_mask)[0])

    mine = Always()
    env = _make(num_players=2, opponents=mine, seat=1)  # seat 0 (the Captain) starts
    env.reset(seed=0)
    assert mine.calls > 0
    env = _make(num_players=3, opponents=["random", lambda o, m: int(np.flatnonzero(m)[-1])])
    env.reset(seed=0)
    env = _make(num_players=3, opponents={1: RandomAgent(0), 2: "random"})
    env.reset(seed=0)


@pytest.mark.parametrize("kwargs,match", [
    ({"num_players": 9}, "num_players"),
    ({"seat": 5}, "seat"),
    ({"opponents": 42}, "opponent"),
    ({"opponents": ["random"], "num_players": 3}, "2 opponent seats"),
    ({"reward": "money"}, "reward"),
    ({"scenario": "III"}, "scenario"),
    ({"tiles": "JBCDE"}, "slot 1"),
    ({"tiles": "FBCDJ"}, "solo"),
    ({"render_mode": "rgb"}, "render_mode"),
    ({"illegal_action": "ignore"}, "illegal_action"),
    ({"colour": "red"}, "unexpected keyword argument .colour."),
])
def test_wrong_kwargs_raise_clear_errors(kwargs, match):
    with pytest.raises(ConfigError, match=match):
        _make(**kwargs)


def test_shaping_rewards_sum_to_terminal_score_change():
    env = gym.make("boardgym/AncientTerribleThings-v0", opponents="random", shaping=True, reward="raw")
    obs, _ = env.reset(seed=2)
    start = env.unwrapped.state.potential(0)
    total, done = 0.0, False
    rng = np.random.default_rng(0)
    while not done:
        obs, r, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += r
    final = env.unwrapped.state
    assert total == pytest.approx(final.returns()[0] + final.potential(0) - start)


def test_zero_dim_integer_array_actions_are_accepted():
    env = gym.make("boardgym/AncientTerribleThingsSolo-v0", illegal_action="raise")
    obs, _ = env.reset(seed=0)
    a = np.array(int(np.flatnonzero(obs["action_mask"])[0]))
    env.step(a)
