"""Every registered game's default training config (boardgym/train/configs/defaults.yaml, what
``python -m boardgym.train --game GAME`` and ``make train GAME=...`` use) passes the config schema, names
that game's env, and trains through the CLI with a tiny budget to a model, its resolved config
and an evaluation table with the trained agent, random and the heuristic on the same seeds."""
import json

import pytest
import yaml

from boardgym.games import GAMES
from boardgym.train.__main__ import main
from boardgym.train.config import default_config_path, load_config, validate_config

ENV_GAME = {"boardgym/AncientTerribleThingsSolo-v0": "ancient_terrible_things"}


def config_game(cfg: dict) -> str:
    import gymnasium

    import boardgym  # noqa: F401

    return ENV_GAME.get(cfg["env_id"]) or gymnasium.spec(cfg["env_id"]).kwargs["game"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_default_config_is_valid_and_the_games_own(game):
    cfg = validate_config(load_config(default_config_path(game)))
    assert config_game(cfg) == game
    assert cfg["ppo"]["n_steps"] * cfg["n_envs"] % cfg["ppo"]["batch_size"] == 0
    assert cfg["eval"]["baselines"] == ["random", "heuristic"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_default_config_trains_and_evaluates(game, tmp_path):
    cfg = load_config(default_config_path(game))
    out = tmp_path / game
    tiny = ["--timesteps", "512", "--n-envs", "2", "--set", "ppo.n_steps=256", "--set", "ppo.batch_size=256",
            "--set", "ppo.n_epochs=1", "--eval-games", "2"]
    if cfg.get("dagger"):
        tiny += ["--set", "dagger.iterations=1", "--set", "dagger.episodes=2", "--set", "dagger.jobs=1"]
    if game == "primeval_peril":   # a whole solo game is ~300 decisions: 6 turns keep it short
        tiny += ["--set", "env_kwargs.max_turns=6"]
    assert main(["--game", game, "--out", str(out), "--no-progress-bar", *tiny]) == 0
    assert (out / "model.zip").is_file() and (out / "results.md").is_file()
    written = yaml.safe_load((out / "config.yaml").read_text())
    assert written["name"] == cfg["name"] and written["total_timesteps"] == 512
    res = json.loads((out / "results.json").read_text())
    assert res["timesteps"] >= 512
    if cfg.get("dagger"):
        (first,) = res["dagger"]["history"]
        assert res["dagger"]["iterations"] == 1 and first["episodes"] == 2 and first["new_decisions"] > 0
    rows = res["evaluation"]["rows"]
    assert {r["agent"] for r in rows} == {"ppo", "random", "heuristic"}
    for r in rows:
        assert r["games"] >= 2
        assert r["win_low"] <= r["win_rate"] <= r["win_high"]
