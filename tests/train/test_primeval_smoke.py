"""The Primeval Peril training config (solo normal game 1, sparse ending reward) passes the config
schema, is the default for ``make train GAME=primeval_peril``, and trains (tiny budget) through
the same CLI to a model, its config and an evaluation table."""
import json

import yaml

from train.__main__ import main
from train.config import default_config_path, load_config, validate_config


def test_primeval_normal_is_the_default_config_and_valid():
    path = default_config_path("primeval_peril")
    assert path.name == "primeval_normal.yaml"
    cfg = validate_config(load_config(path))
    assert cfg["env_id"] == "boardgym/PrimevalPeril-v0"
    assert cfg["env_kwargs"] == {"num_players": 1, "difficulty": "normal", "game_index": 1, "reward": "sparse"}
    assert cfg["ppo"]["n_steps"] * cfg["n_envs"] % cfg["ppo"]["batch_size"] == 0
    assert cfg["eval"]["opponents"] == []


def test_primeval_smoke_train(tmp_path):
    out = tmp_path / "pp"
    assert main(["--game", "primeval_peril", "--timesteps", "1024", "--n-envs", "2", "--out", str(out),
                 "--eval-games", "2", "--no-progress-bar", "--set", "ppo.n_steps=512",
                 "--set", "ppo.batch_size=256", "--set", "ppo.n_epochs=1", "--set", "env_kwargs.max_turns=6"]) == 0
    assert (out / "model.zip").is_file()
    cfg = yaml.safe_load((out / "config.yaml").read_text())
    assert cfg["name"] == "primeval_normal" and cfg["total_timesteps"] == 1024
    res = json.loads((out / "results.json").read_text())
    assert res["timesteps"] >= 1024
    ev = res["evaluation"]
    assert ev["mode"] == "team" and ev["game_kwargs"]["difficulty"] == "normal"
    rows = {r["agent"]: r for r in ev["rows"]}
    assert set(rows) == {"ppo", "random", "heuristic"}
    for r in rows.values():
        assert r["games"] == 2 and 0 <= r["wins"] <= 2
        assert r["win_low"] <= r["win_rate"] <= r["win_high"]
