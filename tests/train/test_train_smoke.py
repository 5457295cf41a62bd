"""A smoke training run (DummyVecEnv, ~2048 steps) writes every artifact; resume continues it;
action masks reach MaskablePPO through the wrappers and a SubprocVecEnv."""
import json

import numpy as np
import yaml

from boardgym.train.__main__ import main


def test_smoke_train_and_resume(tmp_path):
    out = tmp_path / "run"
    assert main(["--game", "ancient_terrible_things", "--timesteps", "2048", "--n-envs", "1",
                 "--out", str(out), "--eval-games", "3", "--no-progress-bar"]) == 0
    assert (out / "model.zip").is_file()
    assert list((out / "tb").rglob("events.out.tfevents.*"))
    cfg = yaml.safe_load((out / "config.yaml").read_text())
    assert cfg["env_id"] == "boardgym/AncientTerribleThingsSolo-v0"
    assert cfg["total_timesteps"] == 2048 and cfg["seed"] == 0 and cfg["env_seeds"] == [0]
    res = json.loads((out / "results.json").read_text())
    assert res["timesteps"] == 2048
    rows = {r["agent"]: r for r in res["evaluation"]["rows"]}
    assert rows["ppo"]["games"] == 3 and rows["random"]["games"] == 3
    assert 0.0 <= rows["ppo"]["win_low"] <= rows["ppo"]["win_rate"] <= rows["ppo"]["win_high"] <= 1.0
    assert "| ppo |" in (out / "results.md").read_text()
    from PIL import Image

    with Image.open(out / "learning_curve.png") as im:    # the plot make train promises
        assert im.size[0] > 300 and im.size[1] > 200
    assert res["learning_curve"] == str(out / "learning_curve.png")
    assert "![learning curve](learning_curve.png)" in (out / "results.md").read_text()
    ckpt = out / "checkpoints" / "ppo_2048_steps.zip"
    assert ckpt.is_file()

    assert main(["--resume", str(ckpt), "--timesteps", "3072", "--n-envs", "1", "--no-eval",
                 "--no-progress-bar"]) == 0
    res = json.loads((out / "results.json").read_text())
    assert res["timesteps"] >= 3072 and res["resumed_from"] == str(ckpt)
    assert res["trained_steps_this_run"] >= 1024
    from sb3_contrib import MaskablePPO

    assert MaskablePPO.load(out / "model.zip", device="cpu").num_timesteps == res["timesteps"]


def test_ppo_agent_acts_legally(tmp_path):
    from sb3_contrib import MaskablePPO

    from boardgym.agents.ppo import PPOAgent
    from boardgym.core.replay import play
    from boardgym.games import make_game
    from boardgym.train.envs import make_vec_env

    venv = make_vec_env("boardgym/AncientTerribleThingsSolo-v0", {}, 1, 0, "dummy")
    model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=32, device="cpu", seed=0)
    model.save(tmp_path / "m.zip")
    venv.close()
    agent = PPOAgent(str(tmp_path / "m.zip"))
    game = make_game("ancient_terrible_things", num_players=1)
    seen = []

    def choose(state):
        mask = state.legal_mask().copy()
        a = agent.act(state.observation(0), mask, state)
        assert mask[a]
        seen.append(a)
        return a

    final, _ = play(game, 3, choose)
    assert final.is_terminal() and seen


def test_action_masks_through_subproc_vec_env():
    from sb3_contrib.common.maskable.utils import get_action_masks

    from boardgym.train.envs import make_vec_env

    venv = make_vec_env("boardgym/AncientTerribleThingsSolo-v0", {}, 2, 0, "subproc")
    try:
        obs = venv.reset()
        assert obs.shape == (2,) + venv.observation_space.shape
        masks = get_action_masks(venv)
        assert masks.shape == (2, venv.action_space.n) and masks.dtype == bool
        assert masks.any(axis=1).all()
        actions = np.array([np.flatnonzero(m)[0] for m in masks])
        venv.step(actions)
    finally:
        venv.close()
