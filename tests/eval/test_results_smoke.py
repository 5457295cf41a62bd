"""``python -m boardgym.eval.results`` writes the results page: a section per configured game with random,
heuristic, ISMCTS and (given models) PPO rows on the same seeds, budgets and timestamps."""
import json

import yaml

from boardgym.eval.results import main

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

    from boardgym.train.envs import make_vec_env

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
    assert "command: `python -m boardgym.eval.results --config" in text and "UTC" in text
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
    from boardgym.train.value import build_mlp, to_value_net

    net_path = tmp_path / "value.npz"
    entry = {"key": "paleo", "train_config": "paleo.yaml",
             "ismcts": {"simulations": 2, "evaluator": f"value:{net_path}"}}
    conf = tmp_path / "results.yaml"
    conf.write_text(yaml.safe_dump(dict(CONFIG, games=1, entries=[entry])))
    out, js = tmp_path / "results.md", tmp_path / "results.json"
    args = ["--config", str(conf), "--runs", str(tmp_path / "none"), "--out", str(out), "--json", str(js)]
    assert main(args) == 0
    text = out.read_text()
    assert "ISMCTS not run: its value network" in text and "python -m boardgym.train.value" in text
    assert [r["agent"] for r in json.loads(js.read_text())["results"][0]["rows"]] == ["random", "heuristic"]

    th.manual_seed(0)
    size = make_game("paleo", level=1, num_groups=2).observation_size
    to_value_net(build_mlp(size, [8]), {"game": "paleo"}).save(net_path)
    assert main(args) == 0
    text = out.read_text()
    assert "ISMCTS not run" not in text and f"scored by the value network `{net_path}`" in text
    assert "- ismcts vs the heuristic on the same 1 seeds: won " in text  # the paired line
    assert [r["agent"] for r in json.loads(js.read_text())["results"][0]["rows"]] == ["random", "heuristic", "ismcts"]


TIDES = {"seed_base": 500000, "games": 2, "ismcts": CONFIG["ismcts"],
         "entries": [{"key": "paleo", "train_config": "paleo.yaml"},
                     {"key": "tides_easy", "train_config": "tides_short.yaml", "games": 3,
                      "game_kwargs": {"difficulty": "easy"}},
                     {"key": "tides_hard", "train_config": "tides_short.yaml", "games": 3,
                      "game_kwargs": {"difficulty": "hard"}}]}


def test_one_game_alone_kept_into_the_committed_page(tmp_path):
    """``--only GAME`` runs every entry of that game; an entry's games and game_kwargs override the
    config and the training config; ``--keep-others`` without the (git-ignored) JSON keeps the
    page's other sections as they are written; the score is the game's team score (TR-END-4)."""
    conf = tmp_path / "results.yaml"
    conf.write_text(yaml.safe_dump(TIDES))
    out, js = tmp_path / "results.md", tmp_path / "results.json"
    kept = "## paleo: `boardgym/Paleo-v0` (cooperative, 2 seats, one shared agent)\n\n- measured long ago\n\n| a |"
    out.write_text("# Results\n\n- command: old\n\n" + kept + "\n")
    assert main(["--config", str(conf), "--runs", str(tmp_path / "none"), "--only", "tides_of_ruin_arcade",
                 "--keep-others", "--no-ismcts", "--jobs", "2", "--out", str(out), "--json", str(js)]) == 0
    text = out.read_text()
    assert kept in text and text.index("## paleo:") < text.index("## tides_easy:") < text.index("## tides_hard:")
    assert "command: old" not in text and "--only tides_of_ruin_arcade --keep-others" in text
    assert "Sections kept as the previous page wrote them (each names the command and time that produced it, " \
           "and was measured by the code of that time): paleo." in text
    assert ('- game options: `{"difficulty": "hard", "length": "short", "num_players": 1, "reward": "sparse"}` '
            '(training config `boardgym/train/configs/tides_short.yaml`, with this section\'s `{"difficulty": "hard"}`)') in text
    assert "- random vs the heuristic on the same 3 seeds: won " in text
    data = json.loads(js.read_text())
    assert [r["key"] for r in data["results"]] == ["paleo", "tides_easy", "tides_hard"]
    assert data["results"][0] == {"key": "paleo", "markdown": kept}
    easy, hard = data["results"][1:]
    assert easy["game_kwargs"]["difficulty"] == "easy" and hard["game_kwargs"]["difficulty"] == "hard"
    assert all(r["games"] == 3 for r in easy["rows"] + hard["rows"])
    assert [r["agent"] for r in hard["rows"]] == ["random", "heuristic"]
    # hard adds 200 to the score (TR-END-4) whatever happens: a team score, not the +1/-1 return
    assert all(r["mean_score"] > 100 for r in hard["rows"]) and all(r["mean_score"] < 200 for r in easy["rows"])

    # again with the JSON now there: the kept section survives a second partial run; --games wins
    assert main(["--config", str(conf), "--runs", str(tmp_path / "none"), "--only", "tides_hard",
                 "--keep-others", "--no-ismcts", "--games", "1", "--out", str(out), "--json", str(js)]) == 0
    again = json.loads(js.read_text())["results"]
    assert again[0] == {"key": "paleo", "markdown": kept} and again[1]["rows"] == easy["rows"]
    assert all(r["games"] == 1 for r in again[2]["rows"])
    assert kept in out.read_text()


def test_results_config_and_only_are_checked(tmp_path):
    import re

    import pytest

    out, js = tmp_path / "results.md", tmp_path / "results.json"
    bad = [({"key": "t", "train_config": "tides_short.yaml", "gmes": 3}, "entry t: unknown field(s) ['gmes']"),
           ({"key": "t", "train_config": "tides_short.yaml", "games": 0}, "entry t: games must be a whole number >= 1"),
           ({"key": "t", "train_config": "tides_short.yaml", "game_kwargs": "hard"}, "game_kwargs must be a mapping"),
           ({"train_config": "tides_short.yaml"}, "entry #1 needs a key and a train_config")]
    for entry, message in bad:
        conf = tmp_path / "results.yaml"
        conf.write_text(yaml.safe_dump(dict(TIDES, entries=[entry])))
        with pytest.raises(SystemExit, match=re.escape(message)):
            main(["--config", str(conf), "--out", str(out), "--json", str(js)])
    conf.write_text(yaml.safe_dump(TIDES))
    with pytest.raises(SystemExit, match=r"--only: unknown entries \['tides'\]; known: \['paleo', 'tides_easy', 'tides_hard'\], or a game"):
        main(["--config", str(conf), "--only", "tides", "--out", str(out), "--json", str(js)])
    with pytest.raises(SystemExit, match=r"--only: no entry of \['ancient_terrible_things'\]"):
        main(["--config", str(conf), "--only", "ancient_terrible_things", "--out", str(out), "--json", str(js)])
    with pytest.raises(SystemExit, match="--keep-others: no previous results file"):
        main(["--config", str(conf), "--only", "tides_hard", "--keep-others", "--no-ismcts",
              "--out", str(out), "--json", str(js)])
    assert not out.exists()


def test_rows_adds_a_pretrained_row_and_keeps_the_others(tmp_path, monkeypatch):
    """``--rows pretrained`` plays only the shipped policy's row of a section (a tiny Tides policy
    exported into a temporary manifest) and keeps the section's other rows from the JSON; a
    missing policy is a skipped row that says why, and ``--rows`` alone is refused."""
    import io

    import pytest

    from boardgym.pretrained import ENV_VAR
    from boardgym.train.export_pretrained import export
    from boardgym.train.run import train

    run, folder = tmp_path / "run", tmp_path / "pretrained"
    cfg = {"name": "tiny", "env_id": "boardgym/TidesOfRuinArcade-v0",
           "env_kwargs": {"difficulty": "hard", "length": "short"}, "seed": 1, "total_timesteps": 128,
           "n_envs": 1, "vec_env": "dummy", "torch_threads": 1, "checkpoint_freq": 100000,
           "ppo": {"n_steps": 64, "batch_size": 32, "n_epochs": 1, "policy_kwargs": {"net_arch": [16]}},
           "eval": {"games": 2, "seed_base": 500, "baselines": [], "opponents": []}}
    train(cfg, run, progress_bar=False)
    export(run, "tides_tiny", default=True, method="a smoke run", folder=folder, check=50, out=io.StringIO())
    monkeypatch.setenv(ENV_VAR, str(folder))
    conf = dict(TIDES, entries=[dict(TIDES["entries"][2], pretrained="tides_tiny"),
                                dict(TIDES["entries"][1], pretrained="no_such_policy")])
    path = tmp_path / "results.yaml"
    path.write_text(yaml.safe_dump(conf))
    out, js = tmp_path / "results.md", tmp_path / "results.json"
    base = ["--config", str(path), "--runs", str(tmp_path / "none"), "--no-ismcts", "--out", str(out), "--json", str(js)]
    assert main(base) == 0
    first = json.loads(js.read_text())["results"]
    hard = first[0]
    assert [r["agent"] for r in hard["rows"]] == ["random", "heuristic", "pretrained"]
    assert first[1]["rows"][-1]["agent"] == "pretrained" and "no_such_policy" in first[1]["rows"][-1]["note"]
    assert main(base + ["--only", "tides_hard", "--keep-others", "--rows", "pretrained", "--games", "1"]) == 0
    again = json.loads(js.read_text())["results"]
    h2 = again[0]
    assert [r["agent"] for r in h2["rows"]] == ["random", "heuristic", "pretrained"]
    assert h2["rows"][:2] == hard["rows"][:2] and h2["rows"][2]["games"] == 1 and hard["rows"][2]["games"] == 3
    assert again[1] == first[1]
    text = out.read_text()
    assert "- pretrained: the policy `tides_tiny` shipped in `boardgym/pretrained/tides_tiny.npz` (a smoke run)" in text
    assert "- rows pretrained re-played by `python -m boardgym.eval.results" in text
    with pytest.raises(SystemExit, match="--rows needs --only and --keep-others"):
        main(base + ["--rows", "pretrained"])
