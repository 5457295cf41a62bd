"""The cooperative Paleo config trains (tiny budget) through the same CLI and is the default for
``make train GAME=paleo``; its shaping reads Paleo's potential."""
import json

import gymnasium as gym
import numpy as np
import yaml

import boardgym  # noqa: F401
from boardgym.train.__main__ import main
from boardgym.train.config import default_config_path, load_config


def test_paleo_is_the_default_config():
    path = default_config_path("paleo")
    assert path.name == "paleo.yaml"
    cfg = load_config(path)
    assert cfg["env_id"] == "boardgym/Paleo-v0"
    assert cfg["env_kwargs"]["level"] == 1 and cfg["env_kwargs"]["num_groups"] == 2


def test_paleo_shaping_telescopes_to_the_potential():
    cfg = load_config(default_config_path("paleo"))
    env = gym.make(cfg["env_id"], **cfg["env_kwargs"])
    obs, _ = env.reset(seed=0)
    game = env.unwrapped
    assert game.game.modules == ["A", "B"] and game.game.num_groups == 2
    phi0 = game.state.potential(0)
    total, rng, done = 0.0, np.random.default_rng(0), False
    while not done:
        obs, r, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += r
        done = term or trunc
    expected = game.state.returns()[0] + game.state.potential(0) - phi0
    assert abs(total - expected) < 1e-6


def test_paleo_smoke_train(tmp_path):
    out = tmp_path / "paleo"
    assert main(["--game", "paleo", "--timesteps", "512", "--n-envs", "2", "--out", str(out),
                 "--eval-games", "2", "--no-progress-bar", "--set", "ppo.n_steps=256",
                 "--set", "ppo.batch_size=128", "--set", "ppo.n_epochs=1"]) == 0
    cfg = yaml.safe_load((out / "config.yaml").read_text())
    assert cfg["name"] == "paleo" and cfg["total_timesteps"] == 512
    res = json.loads((out / "results.json").read_text())
    assert res["evaluation"]["mode"] == "team"
    assert res["evaluation"]["game_kwargs"]["level"] == 1
    rows = {r["agent"]: r for r in res["evaluation"]["rows"]}
    assert rows["ppo"]["games"] == 2 and rows["heuristic"]["games"] == 2
