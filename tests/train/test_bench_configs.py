"""The 1M-step tier's PPO-from-scratch configs (boardgym/train/configs/bench/<task>.yaml) stay
the benchmark's tasks: one per task that a trained policy plays against fixed opponents (the
Elo task rates a self-play agent against a pool, so it has none), each on the task's env id,
options, seats and opponents, seeded inside the task's training seeds, at most 1,000,000 env
steps, plain MaskablePPO (no warm start); and a run of one, cut off after a checkpoint,
continues from the run folder up to its total."""
import json
from pathlib import Path

import pytest
import yaml

from boardgym.envs.gym_env import ENV_OPTIONS
from boardgym.eval.benchmark.suite import load_suite
from boardgym.train.config import CONFIG_DIR, load_config

BENCH = CONFIG_DIR / "bench"
TIER = 1_000_000
# env keys that change what PPO learns from, never the game the task plays or what it measures
TRAINING_ONLY = set(ENV_OPTIONS) | {"reward"}
SUITE = load_suite("v1")
PLAYED = [t for t in SUITE.tasks if t.measure != "elo"]


def test_one_config_per_played_task_and_none_else():
    assert sorted(p.stem for p in BENCH.glob("*.yaml")) == sorted(t.id for t in PLAYED)
    assert len(PLAYED) >= 10


@pytest.mark.parametrize("task", PLAYED, ids=lambda t: t.id)
def test_config_matches_its_task(task):
    cfg = load_config(BENCH / f"{task.id}.yaml")      # the trainer's own schema check
    assert cfg["env_id"] == task.env
    kwargs = dict(cfg["env_kwargs"])
    game_options = {k: v for k, v in kwargs.items() if k not in TRAINING_ONLY}
    assert game_options == task.raw["options"]
    if task.agent_seats == "one":   # the agent holds one seat, rotated: the opponents hold the others
        opponents = kwargs.get("opponents")
        assert (list(opponents) if isinstance(opponents, list) else [opponents]) == list(task.opponents)
        assert kwargs.get("seat") == "random"
        assert cfg["eval"]["opponents"] == list(dict.fromkeys(task.opponents))
    else:                           # solo and cooperative: the one policy decides for every seat
        assert "opponents" not in kwargs and "seat" not in kwargs and not task.opponents
    first, last = task.train_seeds
    seeds = range(cfg["seed"], cfg["seed"] + cfg["n_envs"])
    checked = range(cfg["eval"]["seed_base"], cfg["eval"]["seed_base"] + cfg["eval"]["games"])
    for r in (seeds, checked):
        assert first <= r[0] and r[-1] <= last and r[-1] < task.test_first
    assert 0 < cfg["total_timesteps"] <= TIER
    assert cfg["checkpoint_freq"] < cfg["total_timesteps"]
    assert cfg.get("backend", "sb3") == "sb3"
    assert not any(cfg.get(k) for k in ("pretrain", "dagger", "kl", "exit", "pool"))   # from scratch
    from boardgym.train.envs import make_env

    env = make_env(cfg["env_id"], cfg["env_kwargs"], cfg["seed"])   # the trainer's env builds and starts
    try:
        obs, _ = env.reset(seed=cfg["seed"])
        assert obs.shape == env.observation_space.shape and env.unwrapped.action_masks().any()
        game = env.unwrapped.game
        assert game.num_players == task.num_players and game.info.name == task.game
    finally:
        env.close()


def test_an_interrupted_run_resumes_from_its_folder(tmp_path):
    """A bench config trained to its first checkpoint and cut off there (no model.zip yet, as
    when the process is killed) continues from the run folder alone (config and newest
    checkpoint) and reaches its total."""
    from sb3_contrib import MaskablePPO

    from boardgym.train.__main__ import main

    out = tmp_path / "att_solo"
    tiny = ["--n-envs", "2", "--set", "ppo.n_steps=64", "--set", "ppo.batch_size=64", "--set", "ppo.n_epochs=1",
            "--set", "checkpoint_freq=128", "--no-progress-bar", "--no-eval"]
    assert main(["--config", str(BENCH / "att_solo.yaml"), "--out", str(out), "--timesteps", "128", *tiny]) == 0
    (out / "model.zip").unlink()     # cut off before the end: only the checkpoints are there
    recorded = yaml.safe_load((out / "config.yaml").read_text())
    assert recorded["vec_env_used"] == "batched" and recorded["env_kwargs"] == {"shaping": True}

    assert main(["--resume", str(out), "--timesteps", "384", "--no-progress-bar", "--no-eval"]) == 0
    res = json.loads((out / "results.json").read_text())
    assert res["resumed_from"] == str(out) and res["timesteps"] == 384
    assert res["trained_steps_this_run"] == 256      # from the 128-step checkpoint, not from 0
    assert MaskablePPO.load(out / "model.zip", device="cpu").num_timesteps == 384
    again = yaml.safe_load((out / "config.yaml").read_text())
    assert again["env_id"] == recorded["env_id"] and again["n_envs"] == 2
    assert Path(again["config_file"]).name == "config.yaml"


RLLIB = CONFIG_DIR / "bench_rllib"


@pytest.mark.parametrize("path", sorted(RLLIB.glob("*.yaml")), ids=lambda p: p.stem)
def test_rllib_configs_play_their_task_within_the_tier(path):
    """The RLlib PPO row's configs (bench_rllib/<task>.yaml): the task's env id and options, seeded
    inside its training seeds, from scratch, and at most the tier's 1,000,000 env steps in all
    (iterations x train batch)."""
    task = next((t for t in PLAYED if t.id == path.stem), None)
    assert task is not None, f"{path.name} names no task of the suite"
    cfg = load_config(path)
    assert cfg["backend"] == "rllib" and cfg["env_id"] == task.env
    kwargs = dict(cfg["env_kwargs"])
    assert {k: v for k, v in kwargs.items() if k not in TRAINING_ONLY} == task.raw["options"]
    assert task.agent_seats != "one" or kwargs.get("opponents") is not None
    first, last = task.train_seeds
    assert first <= cfg["seed"] <= last and cfg["seed"] < task.test_first
    rl = cfg["rllib"]
    assert 0 < rl["iterations"] * rl["train_batch_size"] <= TIER
    assert not any(cfg.get(k) for k in ("pretrain", "dagger", "kl", "exit", "pool"))
