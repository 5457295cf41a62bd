"""Competitive self-play: a smoke run of boardgym/train/configs/att_selfplay.yaml (tiny budget, at least
one pool snapshot and one evaluation), the opponent pool re-reading its folder, and the env's
``seat="random"``."""
import json

import gymnasium as gym
import numpy as np
import pytest
import yaml

import boardgym  # noqa: F401
from boardgym.train.__main__ import main
from boardgym.train.config import CONFIG_DIR
from boardgym.train.pool import OpponentPool, list_snapshots, save_snapshot


def test_selfplay_smoke(tmp_path):
    out = tmp_path / "sp"
    assert main(["--config", str(CONFIG_DIR / "att_selfplay.yaml"), "--timesteps", "1024", "--n-envs", "2",
                 "--out", str(out), "--no-progress-bar", "--eval-games", "2",
                 "--set", "ppo.n_steps=256", "--set", "ppo.batch_size=128", "--set", "ppo.n_epochs=1",
                 "--set", "pool.snapshot_every=512", "--set", "eval.every=1024",
                 "--set", "eval.every_games=4", "--set", "eval.pool_games=2",
                 "--set", "eval.elo_bootstrap=20"]) == 0
    cfg = yaml.safe_load((out / "config.yaml").read_text())
    assert cfg["pool"]["snapshot_every"] == 512 and cfg["env_kwargs"]["seat"] == "random"
    snaps = list_snapshots(out / "pool")
    # the untrained policy at 0, then 512 and 1024 steps (size 5 keeps them all)
    assert [s.name for s in snaps] == ["snap_0000000000.zip", "snap_0000000512.zip", "snap_0000001024.zip"]
    elo = json.loads((out / "elo.json").read_text())
    assert len(elo["history"]) == 1 and elo["history"][0]["step"] == 1024   # one evaluation
    row = elo["history"][0]
    for opp in ("heuristic", "random"):
        wr, lo, hi = row[f"win_rate_vs_{opp}"]
        assert 0.0 <= lo <= wr <= hi <= 1.0
    ratings = elo["ratings"]
    assert ratings["random"][0] == 0.0            # the anchor
    assert {"heuristic", "learner@1024", "snap_0", "snap_512", "snap_1024"} <= set(ratings)
    assert ratings["heuristic"][0] > ratings["random"][0]   # heuristic beats random every game
    assert "| heuristic |" in (out / "elo.md").read_text()
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    tags = set()
    for d in (out / "tb").iterdir():
        ea = EventAccumulator(str(d))
        ea.Reload()
        tags |= set(ea.Tags()["scalars"])
    assert {"eval/win_rate_vs_heuristic", "eval/win_rate_vs_random", "elo/learner", "elo/heuristic",
            "elo/snap_512", "pool/snapshots"} <= tags
    res = json.loads((out / "results.json").read_text())
    assert res["timesteps"] == 1024
    assert {(r["agent"], r["opponent"]) for r in res["evaluation"]["rows"]} >= {("ppo", "heuristic"),
                                                                                  ("ppo", "random")}


def test_pool_rereads_folder_and_respects_weights(tmp_path):
    from sb3_contrib import MaskablePPO

    from boardgym.train.envs import make_vec_env

    venv = make_vec_env("boardgym/AncientTerribleThings-v0", {"opponents": "random"}, 1, 0, "dummy")
    model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=32, device="cpu", seed=0)
    venv.close()
    pool_dir = tmp_path / "pool"
    pool = OpponentPool("ancient_terrible_things", pool_dir, {"pool": 1.0, "random": 1.0})
    for s in range(20):
        pool.reset(s)
    assert set(pool.counts) == {"random"}        # no snapshot yet: the pool weight is dropped
    save_snapshot(model, pool_dir, 100, size=2)
    for s in range(40):
        pool.reset(s)
    assert pool.counts.get("snap_100", 0) > 5    # seen without rebuilding the agent
    save_snapshot(model, pool_dir, 200, size=2)
    save_snapshot(model, pool_dir, 300, size=2)
    assert [p.name for p in list_snapshots(pool_dir)] == ["snap_0000000200.zip", "snap_0000000300.zip"]
    pool.counts.clear()
    for s in range(60):
        pool.reset(s)
    assert "snap_100" not in pool.counts and pool.counts.get("snap_200") and pool.counts.get("snap_300")
    # an env with the pool plays whole games legally
    env = gym.make("boardgym/AncientTerribleThings-v0", opponents=pool, seat="random")
    obs, _ = env.reset(seed=1)
    done = False
    while not done:
        a = int(np.flatnonzero(obs["action_mask"])[0])
        obs, _, term, trunc, _ = env.step(a)
        done = term or trunc
    with pytest.raises(ValueError):
        OpponentPool("ancient_terrible_things", pool_dir, {"pool": 0.0})


def test_random_seat_alternates_and_learner_acts_only_on_its_seat():
    env = gym.make("boardgym/AncientTerribleThings-v0", opponents="random", seat="random")
    seats = []
    for seed in range(12):
        obs, info = env.reset(seed=seed)
        seats.append(info["seat"])
        for _ in range(30):
            assert info["player"] == info["seat"]
            obs, _, term, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            if term:
                break
    assert set(seats) == {0, 1}
    # the same seed draws the same seat
    assert env.reset(seed=3)[1]["seat"] == seats[3]
