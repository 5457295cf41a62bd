"""``python -m eval.results`` writes the results page: a section per configured game with random,
heuristic, ISMCTS and (given models) PPO rows on the same seeds, budgets and timestamps."""
import json

import yaml

from eval.results import main

CONFIG = {
    "seed_base": 500000, "games": 2,
    "ismcts": {"simulations": 3, "search": "key", "prior": "heuristic", "prior_weight": 0.5,
               "rollout": "heuristic", "rollout_depth": 4, "c": 1.0, "games": 1},
    "entries": [
        {"key": "att_2p", "train_config": "att_selfplay.yaml", "ismcts": {"opponents": ["heuristic"]}},
        {"key": "paleo", "train_config": "paleo.yaml", "ismcts": {"simulations": 2},
         "more_ppo": [{"label": "ppo_bc", "train_config": "paleo_bc.yaml"}]},
    ],
}


def test_results_page_smoke(tmp_path):
    from sb3_contrib import MaskablePPO

    from train.envs import make_vec_env

    venv = make_vec_env("boardgym/Paleo-v0", {}, 1, 0, "dummy")
    MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=32, device="cpu", seed=0).save(tmp_path / "m.zip")
    venv.close()
    conf = tmp_path / "results.yaml"
    conf.write_text(yaml.safe_dump(CONFIG))
    out, js = tmp_path / "results.md", tmp_path / "results.json"
    assert main(["--config", str(conf), "--runs", str(tmp_path / "none"), "--jobs", "2",
                 "--ppo", f"paleo={tmp_path / 'm.zip'}", "--ppo", f"paleo:ppo_bc={tmp_path / 'm.zip'}",
                 "--out", str(out), "--json", str(js)]) == 0
    text = out.read_text()
    assert "## att_2p: `boardgym/AncientTerribleThings-v0` (competitive, 2 players)" in text
    assert "## paleo: `boardgym/Paleo-v0` (cooperative, 2 seats, one shared agent)" in text
    assert "ISMCTS budget: 3 simulations per searched decision" in text      # att_2p: the default
    assert "ISMCTS budget: 2 simulations per searched decision" in text      # paleo: its own budget
    assert "PUCT prior: heuristic" in text and "key decisions" in text and "against heuristic (" in text
    assert "- ppo_bc: `" in text and text.count("- PPO: no model") == 1  # att_2p has none
    assert "command: `python -m eval.results --config" in text and "UTC" in text
    data = json.loads(js.read_text())
    att, paleo = data["results"]
    assert {(r["agent"], r["opponent"]) for r in att["rows"]} == {
        (a, o) for a in ("random", "heuristic") for o in ("heuristic", "random")} | {("ismcts", "heuristic")}
    assert all(r["games"] == (1 if r["agent"] == "ismcts" else 2) for r in att["rows"])
    assert [r["agent"] for r in paleo["rows"]] == ["random", "heuristic", "ismcts", "ppo", "ppo_bc"]
    assert paleo["game_kwargs"]["level"] == 1 and paleo["players"] == 2
    for r in att["rows"] + paleo["rows"]:
        assert 0.0 <= r["win_low"] <= r["win_rate"] <= r["win_high"] <= 1.0

    # re-run one entry and keep the other's section from the JSON
    assert main(["--config", str(conf), "--runs", str(tmp_path / "none"), "--only", "att_2p",
                 "--keep-others", "--no-ismcts", "--games", "1",
                 "--out", str(out), "--json", str(js)]) == 0
    again = json.loads(js.read_text())
    att2, paleo2 = again["results"]
    assert att2["key"] == "att_2p" and all(r["games"] == 1 for r in att2["rows"])
    assert paleo2["rows"] == paleo["rows"] and paleo2["command"] == paleo["command"]
    text = out.read_text()
    assert "## paleo:" in text and "- ppo_bc: `" in text and "--only att_2p --keep-others" in text


def test_paleo_search_with_a_value_network_or_a_note_when_it_is_missing(tmp_path):
    """An ISMCTS budget whose value network does not exist yet is skipped with the command that
    makes it; once the file exists the row is played and the budget names the network."""
    import torch as th

    from boardgym.games import make_game
    from train.value import build_mlp, to_value_net

    net_path = tmp_path / "value.npz"
    entry = {"key": "paleo", "train_config": "paleo.yaml",
             "ismcts": {"simulations": 2, "evaluator": f"value:{net_path}"}}
    conf = tmp_path / "results.yaml"
    conf.write_text(yaml.safe_dump(dict(CONFIG, games=1, entries=[entry])))
    out, js = tmp_path / "results.md", tmp_path / "results.json"
    args = ["--config", str(conf), "--runs", str(tmp_path / "none"), "--out", str(out), "--json", str(js)]
    assert main(args) == 0
    text = out.read_text()
    assert "ISMCTS not run: its value network" in text and "python -m train.value" in text
    assert [r["agent"] for r in json.loads(js.read_text())["results"][0]["rows"]] == ["random", "heuristic"]

    th.manual_seed(0)
    size = make_game("paleo", level=1, num_groups=2).observation_size
    to_value_net(build_mlp(size, [8]), {"game": "paleo"}).save(net_path)
    assert main(args) == 0
    text = out.read_text()
    assert "ISMCTS not run" not in text and f"scored by the value network `{net_path}`" in text
    assert "- ismcts vs the heuristic on the same 1 seeds: won " in text  # the paired line
    assert [r["agent"] for r in json.loads(js.read_text())["results"][0]["rows"]] == ["random", "heuristic", "ismcts"]
