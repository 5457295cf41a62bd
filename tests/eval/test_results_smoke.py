"""``python -m eval.results`` writes the results page: a section per configured game with random,
heuristic, ISMCTS and (given a model) PPO rows on the same seeds, budgets and timestamps."""
import json

from eval.results import main


def test_results_page_smoke(tmp_path):
    from sb3_contrib import MaskablePPO

    from train.envs import make_vec_env

    venv = make_vec_env("boardgym/Paleo-v0", {}, 1, 0, "dummy")
    MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=32, device="cpu", seed=0).save(tmp_path / "m.zip")
    venv.close()
    out, js = tmp_path / "results.md", tmp_path / "results.json"
    assert main(["--only", "att_2p,paleo", "--games", "2", "--ismcts-games", "1",
                 "--runs", str(tmp_path / "none"),
                 "--ppo", f"paleo={tmp_path / 'm.zip'}", "--out", str(out), "--json", str(js)]) == 0
    text = out.read_text()
    assert "## att_2p: `boardgym/AncientTerribleThings-v0` (competitive, 2 players)" in text
    assert "## paleo: `boardgym/Paleo-v0` (cooperative, 2 seats, one shared agent)" in text
    assert "ISMCTS budget: 20 simulations per searched decision" in text      # att_2p: the config's default
    assert "ISMCTS budget: 10 simulations per searched decision" in text      # paleo: its own budget
    assert "command: `python -m eval.results --only att_2p,paleo" in text and "UTC" in text
    data = json.loads(js.read_text())
    att, paleo = data["results"]
    assert {(r["agent"], r["opponent"]) for r in att["rows"]} == {
        (a, o) for a in ("random", "heuristic", "ismcts") for o in ("heuristic", "random")}
    assert all(r["games"] == (1 if r["agent"] == "ismcts" else 2) for r in att["rows"])
    assert [r["agent"] for r in paleo["rows"]] == ["random", "heuristic", "ismcts", "ppo"]
    assert paleo["game_kwargs"]["level"] == 1 and paleo["players"] == 2
    for r in att["rows"] + paleo["rows"]:
        assert 0.0 <= r["win_low"] <= r["win_rate"] <= r["win_high"] <= 1.0
