"""The Tides of Ruin training config (solo short easy, sparse survival reward) passes the config
schema, is the default for ``make train GAME=tides_of_ruin_arcade``, and trains (tiny budget)
through the same CLI to a model, its config and an evaluation table."""
import json

import yaml

from train.__main__ import main
from train.config import default_config_path, load_config, validate_config


def test_tides_short_is_the_default_config_and_valid():
    path = default_config_path("tides_of_ruin_arcade")
    assert path.name == "tides_short.yaml"
    cfg = validate_config(load_config(path))
    assert cfg["env_id"] == "boardgym/TidesOfRuinArcade-v0"
    assert cfg["env_kwargs"] == {"num_players": 1, "difficulty": "easy", "length": "short", "reward": "sparse"}
    assert cfg["ppo"]["n_steps"] * cfg["n_envs"] % cfg["ppo"]["batch_size"] == 0
    assert cfg["eval"]["opponents"] == []


def test_tides_smoke_train(tmp_path):
    out = tmp_path / "tides"
    assert main(["--game", "tides_of_ruin_arcade", "--timesteps", "2048", "--n-envs", "2", "--out", str(out),
                 "--eval-games", "3", "--no-progress-bar", "--set", "ppo.n_steps=512",
                 "--set", "ppo.batch_size=256", "--set", "ppo.n_epochs=1"]) == 0
    assert (out / "model.zip").is_file()
    cfg = yaml.safe_load((out / "config.yaml").read_text())
    assert cfg["name"] == "tides_short" and cfg["total_timesteps"] == 2048
    res = json.loads((out / "results.json").read_text())
    assert res["timesteps"] >= 2048
    ev = res["evaluation"]
    assert ev["mode"] == "team" and ev["game_kwargs"]["difficulty"] == "easy"
    rows = {r["agent"]: r for r in ev["rows"]}
    assert set(rows) == {"ppo", "random", "heuristic"}
    for r in rows.values():
        assert r["games"] == 3 and 0 <= r["wins"] <= 3
        assert r["win_low"] <= r["win_rate"] <= r["win_high"]
    assert rows["heuristic"]["mean_score"] > 50  # the TR-END-4 score: +50 for surviving, the heuristic survives
