"""A tiny tournament (random vs random, competitive and solo) writes md, json and png files."""
import json

import pytest

from boardgym.eval.__main__ import main


def _tb_run(path):
    from torch.utils.tensorboard import SummaryWriter

    w = SummaryWriter(str(path / "ppo_1"))
    for step in range(0, 5000, 1000):
        w.add_scalar("rollout/ep_rew_mean", -1.0 + step / 5000, step)
        w.add_scalar("rollout/ep_len_mean", 100.0, step)
    w.close()
    return path


def test_tiny_tournament_writes_outputs(tmp_path):
    tb = _tb_run(tmp_path / "tb")
    out = tmp_path / "res"
    assert main(["--game", "ancient_terrible_things", "--agents", "random,random", "--games", "3",
                 "--players", "2,1", "--bootstrap", "20", "--out", str(out), "--tb", str(tb)]) == 0
    md = (out / "tournament.md").read_text()
    assert "2 players (competitive)" in md and "solo" in md and "Elo" in md
    data = json.loads((out / "tournament.json").read_text())
    comp, solo = data["tournaments"]
    assert comp["kind"] == "competitive" and comp["agents"] == ["random", "random#2"]
    assert sum(map(sum, comp["pair_results"])) == 2 * 3  # 3 games, one pairwise result each, both ways
    assert abs(sum(comp["elo"]) / 2 - 1000) < 1e-6
    assert solo["kind"] == "team" and solo["rows"][0]["games"] == 3
    for name in ("ratings_2p.png", "winrate_1p.png", "learning_curve.png"):
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_read_scalars(tmp_path):
    from boardgym.eval.plots import read_scalars

    s = read_scalars(_tb_run(tmp_path / "tb"))
    assert [step for step, _ in s["rollout/ep_rew_mean"]] == [0, 1000, 2000, 3000, 4000]


def test_ismcts_spec_and_game_options(tmp_path):
    """An ``ismcts:K=V,...`` agent and ``--option`` game options reach the tournament."""
    out = tmp_path / "res"
    spec = "ismcts:simulations=2,rollout_depth=3,prior=heuristic,rollout=heuristic,search=key"
    assert main(["--game", "paleo", "--agents", f"heuristic;{spec}", "--games", "1", "--players", "2",
                 "--option", "level=1", "--option", "modules=null", "--out", str(out)]) == 0
    data = json.loads((out / "tournament.json").read_text())
    team = data["tournaments"][0]
    assert team["kind"] == "team" and team["game_kwargs"] == {"level": 1, "modules": None, "num_groups": 2}
    assert [r["agent"] for r in team["rows"]] == ["heuristic", "ismcts"]
    # the two agents met the same seed: wins seed by seed and their paired comparison
    assert [len(r["per_seed"]) for r in team["rows"]] == [1, 1]
    (pair,) = team["paired"]
    assert (pair["a"], pair["b"]) == ("heuristic", "ismcts")
    h, i = team["rows"][0]["per_seed"][0], team["rows"][1]["per_seed"][0]
    assert (pair["a_only"], pair["b_only"]) == (int(h == 1 and i == 0), int(h == 0 and i == 1))
    # and their scores seed by seed, compared pair by pair
    hs, is_ = team["rows"][0]["per_seed_score"][0], team["rows"][1]["per_seed_score"][0]
    assert hs == team["rows"][0]["mean_score"] and pair["scores"]["mean_difference"] == pytest.approx(hs - is_)
    md = (out / "tournament.md").read_text()
    assert "Paired on the same seeds" in md and "points a game against ismcts on the same seeds" in md


def test_seat_and_team_wins_count_shared_first_places():
    """The one win rule every evaluation, DAgger, expert iteration and the RLlib env use."""
    from boardgym.eval.play import seat_win, team_win

    assert seat_win([3.0, 1.0], 0) == 1.0 and seat_win([3.0, 1.0], 1) == 0.0
    assert seat_win([2.0, 2.0, 1.0], 1) == 0.5 and seat_win([2.0, 2.0, 2.0], 2) == 1 / 3
    assert team_win([1.0, 1.0]) == 1.0 and team_win([-1.0, -1.0]) == 0.0 and team_win([0.0]) == 0.0
