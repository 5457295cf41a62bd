"""boardgym-bench: the shipped suite and its refusals, the normalized score, the aggregates
against rliable's own, and scorecards end to end (here and on Ray), with the leaderboard page."""
import copy
import json
import math

import numpy as np
import pytest

from boardgym.core.errors import ConfigError, ContentError
from boardgym.eval.benchmark import score, scorecard
from boardgym.eval.benchmark.__main__ import main as bench_main
from boardgym.eval.benchmark.suite import MEASURE_WORDS, SUITES, load_suite

V1 = json.loads((SUITES / "v1.json").read_text())
CHEAP = ["paleo_l1_2groups", "tides_epic_hard_4p"]   # ~0.2 s a game


def write_suite(path, tasks=None, **changes):
    """A copy of v1 with ``tasks`` (ids) only and ``changes`` applied to its first task."""
    doc = copy.deepcopy(V1)
    if tasks:
        doc["tasks"] = [t for t in doc["tasks"] if t["id"] in tasks]
    doc["tasks"][0].update(changes)
    path.write_text(json.dumps(doc))
    return str(path)


def test_the_shipped_suite_covers_every_game_and_shows_what_each_task_lacks(capsys):
    suite = load_suite()
    assert suite.version == "v1" and len(suite.tasks) >= 10
    assert {t.game for t in suite.tasks} == {"ancient_terrible_things", "paleo", "tides_of_ruin_arcade",
                                               "primeval_peril"}
    assert {t.measure for t in suite.tasks} == {"win_rate", "mean_score", "elo"}
    elo = [t for t in suite.tasks if t.measure == "elo"]
    assert elo and {"random", "heuristic"} <= set(elo[0].reference_pool) and len(elo[0].reference_pool) >= 4
    for t in suite.tasks:
        assert max(t.seeds()) < t.train_seeds[0] or min(t.seeds()) > t.train_seeds[1]
        assert t.agent_seats == "all" or t.num_players > 1
        # a task without evidence or references says so: never a silent pass
        assert ("headroom evidence" in t.missing()) == (t.evidence["status"] == "missing")
        assert ("headroom (measured: none)" in t.missing()) == (t.evidence["status"] == "no_headroom")
        assert ("reference points" in t.missing()) == (not t.references)
    # a task measured without headroom stays in the file, visible, but is not played by default
    assert [t.id for t in suite.select(None)] == [t.id for t in suite.tasks if t.evidence["status"] != "no_headroom"]
    from boardgym.cli import main as cli_main

    assert cli_main(["benchmark", "--list"]) == 0   # boardgym benchmark = python -m boardgym.eval.benchmark
    listed = capsys.readouterr().out
    for t in suite.tasks:
        line = listed.split(t.id)[1].split("\n")[0]
        assert ("missing:" in line) == bool(t.missing())
        assert MEASURE_WORDS[t.measure] in line and t.measure not in line.replace(" ", "")   # words, not codes


def test_every_shipped_task_has_its_headroom_evidence_references_and_reference_rows():
    """v1 is complete: every task has measured headroom evidence (figures, command, date) and
    references on all its test seeds, so every task is played by default; the kept random and
    heuristic scorecards hold a row of every task on all its seeds, the heuristic's at 1. The
    Elo task's pool is rated from its stored round robin, random at the bottom."""
    from boardgym.eval.benchmark import episodes as ep
    from boardgym.eval.benchmark.leaderboard import SCORECARDS

    suite = load_suite()
    assert suite.select(None) == list(suite.tasks)
    for t in suite.tasks:
        assert not t.missing(), (t.id, t.missing())
        assert all(t.evidence.get(k) for k in ("figures", "command", "date")), t.id
    for name, one in (("random", 0.0), ("heuristic", 1.0)):
        card = scorecard.check(SCORECARDS / f"{name}.json", suite)
        rows = {r["id"]: r for r in card["tasks"]}
        assert list(rows) == [t.id for t in suite.tasks]
        for t in suite.tasks:
            assert rows[t.id]["episodes"] == t.episodes and rows[t.id]["normalized"] == pytest.approx(one), t.id
    elo = suite.task("att_2p_elo")
    ratings = ep.pool_ratings(elo, elo.references["pool_wins"])
    assert min(ratings, key=ratings.get) == "random" and set(ratings) == set(elo.reference_pool)


@pytest.mark.parametrize("changes, field, words", [
    ({"env": "boardgym/NoSuchGame-v0"}, "env", "not a registered environment id"),
    ({"opponents": ["pretrained:att_solo"]}, "opponents.0", "trained for"),
    ({"opponents": ["heuristc"]}, "opponents.0", "did you mean 'heuristic'"),
    ({"test_seeds": {"first": 999_900}}, "test_seeds", "overlap the training seeds"),
    ({"options": {"num_players": 9}}, "options", "num_players"),
    ({"measure": "wins"}, "measure", "'wins' is not one of"),
    ({"episodes": 0}, "episodes", "minimum"),
    ({"agent_seats": "all"}, "opponents", "no seat for opponents"),
])
def test_a_bad_suite_is_refused_naming_the_task_and_the_field(tmp_path, changes, field, words):
    path = write_suite(tmp_path / "bad.json", **changes)
    with pytest.raises(ContentError) as err:
        load_suite(path)
    assert err.value.entry == "att_2p_vs_heuristic" and err.value.field == field
    assert words in str(err.value)


def test_a_suite_without_a_required_field_and_with_a_duplicate_task_is_refused(tmp_path):
    doc = copy.deepcopy(V1)
    del doc["tasks"][2]["evidence"]
    (tmp_path / "a.json").write_text(json.dumps(doc))
    with pytest.raises(ContentError, match="att_solo.*evidence"):
        load_suite(str(tmp_path / "a.json"))
    doc = copy.deepcopy(V1)
    doc["tasks"].append(doc["tasks"][0])
    (tmp_path / "b.json").write_text(json.dumps(doc))
    with pytest.raises(ContentError, match="att_2p_vs_heuristic"):
        load_suite(str(tmp_path / "b.json"))


def test_a_header_the_schema_would_refuse_is_refused_before_any_game(tmp_path, monkeypatch):
    """A --compute or --name that the scorecard schema refuses stops the run before it plays: a
    long scorecard refused only at --check would have cost the whole run."""
    def no_game(*_a, **_k):
        raise AssertionError("a game was played")

    monkeypatch.setattr(scorecard.score, "measure_task", no_game)
    base = ["--agent", "random", "--tasks", "att_solo", "--episodes", "1", "--out", str(tmp_path)]
    with pytest.raises(SystemExit, match=r"--compute: at most 300 characters in a scorecard \(this one has 301\)"):
        bench_main(base + ["--compute", "x" * 301])
    with pytest.raises(SystemExit, match="the scorecard would be refused.*name"):
        bench_main(base + ["--name", "-bad name"])
    assert not any(tmp_path.iterdir())


def test_unknown_tasks_and_specs_that_do_not_fit_are_refused(tmp_path, capsys):
    suite = load_suite()
    with pytest.raises(ConfigError, match="unknown task 'att_sol'.*did you mean 'att_solo'"):
        suite.select(["att_sol"])
    with pytest.raises(ConfigError, match="task 'att_2p_vs_heuristic'.*att_solo.*num_players=1"):
        scorecard.assign_agents(suite.select(["att_2p_vs_heuristic"]), "pretrained:att_solo", suite)
    # plain pretrained: the shipped policy where one fits, the other tasks skipped with the reason
    picked, skipped = scorecard.assign_agents(suite.select(["att_solo", "primeval_hard_4p"]), "pretrained", suite)
    assert list(picked) == ["att_solo"] and "no shipped policy fits" in skipped["primeval_hard_4p"]
    mapping = tmp_path / "agents.yaml"
    mapping.write_text("att_solo: heuristic\natt_sol: random\n")
    with pytest.raises(ConfigError, match="unknown task 'att_sol'"):
        scorecard.assign_agents(list(suite.tasks), str(mapping), suite)
    for argv, words in ((["--agent", "heuristic", "--tasks", "nope"], "unknown task 'nope'"),
                        (["--agent", "pretrained:att_solo", "--tasks", "att_2p_vs_heuristic"], "trained for"),
                        (["--agent", "heuristic", "--track", "no-search", "--tasks", "att_sol"], "unknown task"),
                        (["--agent", "random", "--tasks", "att_2p_elo", "--episodes", "5000"],
                         f"task 'att_2p_elo' has {suite.task('att_2p_elo').episodes} test seeds"),
                        (["--agent", "ismcts:simulations=2", "--track", "no-search", "--tasks", "att_solo",
                          "--episodes", "1"], "its track is 'search'")):
        with pytest.raises(SystemExit, match=words):
            bench_main(argv)
    with pytest.raises(SystemExit) as typo:   # a typo'd flag: argparse's usage and exit status 2
        bench_main(["--agnet", "heuristic"])
    assert typo.value.code == 2 and "--agnet" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench_main(["--episode", "3", "--agent", "random"])   # no abbreviation of --episodes


def test_a_score_tasks_headroom_by_its_proven_maximum_is_the_games_own_ceiling(tmp_path):
    """The Primeval Peril solo score task: its evidence's maximum is the scoring code's ceiling
    for the task's options (checked part by part in the game's tests), the heuristic's reference
    is at least 10% below it, and the task is played by default. A maximum the heuristic comes
    within 10% of, or one on a win-rate task, is refused naming the field."""
    from boardgym.games import make_game
    from boardgym.games.primeval_peril.scoring import max_score

    suite = load_suite()
    task = suite.task("primeval_hard_solo")
    top = task.evidence["maximum"]
    assert task.measure == "mean_score" and top == max_score(make_game(task.game, **task.game_kwargs)) == 135
    assert task.references["heuristic"]["value"] <= 0.9 * top and not task.missing()
    assert task in suite.select(None)
    doc = copy.deepcopy(V1)
    entry = next(t for t in doc["tasks"] if t["id"] == "primeval_hard_solo")
    entry["evidence"]["maximum"] = 44
    (tmp_path / "near.json").write_text(json.dumps(doc))
    with pytest.raises(ContentError, match="not at least 10% below the maximum 44") as err:
        load_suite(str(tmp_path / "near.json"))
    assert err.value.entry == "primeval_hard_solo" and err.value.field == "evidence.maximum"
    doc["tasks"][0]["evidence"]["maximum"] = 1
    entry["evidence"]["maximum"] = 135
    (tmp_path / "rate.json").write_text(json.dumps(doc))
    with pytest.raises(ContentError, match="a proven maximum is headroom for a score task"):
        load_suite(str(tmp_path / "rate.json"))


def test_normalization_on_known_numbers():
    assert score.normalize(0.5, 0.1, 0.9) == pytest.approx(0.5)
    assert score.normalize(0.1, 0.1, 0.9) == 0.0 and score.normalize(0.9, 0.1, 0.9) == pytest.approx(1.0)
    assert score.normalize(-10.0, 10.0, 30.0) == pytest.approx(-1.0)   # worse than random
    assert math.isnan(score.normalize(0.3, 0.5, 0.5))                   # no span: cannot be scored
    task = load_suite().task("tides_long_hard_solo")
    refs = {"random": {"value": 100.0}, "heuristic": {"value": 300.0}}
    m = {"value": 250.0, "low": 240.0, "high": 260.0, "blocks": [200.0, 300.0]}
    assert score.normalized(task, m, refs) == {"score": 0.75, "low": 0.7, "high": 0.8, "blocks": [0.5, 1.0]}
    # headroom shown by the references alone: a win-rate task whose heuristic's interval stays <= 90%
    entry = {"measure": "win_rate", "test_seeds": {"first": 7}}
    refs = {"random": {"value": 0.1, "low": 0.05, "high": 0.15},
            "heuristic": {"value": 0.85, "low": 0.8, "high": 0.9, "episodes": 500, "date": "2026-01-02"}}
    ev = score.win_rate_evidence(entry, refs, "cmd")
    assert ev["status"] == "measured" and "0.850 [0.800, 0.900]" in ev["figures"] and ev["date"] == "2026-01-02"
    refs["heuristic"]["high"] = 0.91
    assert score.win_rate_evidence(entry, refs, "cmd") is None
    assert score.win_rate_evidence({"measure": "mean_score"}, refs, "cmd") is None
    cut = score.blocks(25)   # consecutive, covering every game once, sizes differing by at most 1
    assert [i for b in cut for i in b] == list(range(25)) and {len(b) for b in cut} == {2, 3} and len(cut) == 10
    assert [list(b) for b in score.blocks(3)] == [[0], [1], [2]]


def test_aggregates_are_rliables_own():
    from boardgym.eval import stats

    rng = np.random.default_rng(3)
    scores = {"a": rng.normal(0.8, 0.3, (6, 4)), "b": rng.normal(0.4, 0.5, (6, 4))}
    library, metrics = stats.rliable()

    def fn(x):
        return np.array([metrics.aggregate_iqm(x), metrics.aggregate_median(x), metrics.aggregate_mean(x),
                         metrics.aggregate_optimality_gap(x)])

    # rliable 1.2 resamples from numpy's global generator (its random_state is not used for the
    # draws); ours draws the same indices from its own generator seeded alike
    saved = np.random.get_state()
    try:
        np.random.seed(7)
        point, interval = library.get_interval_estimates(scores, fn, reps=100)
        np.random.seed(7)
        p_point, p_interval = library.get_interval_estimates({"a,b": [scores["a"], scores["b"]]},
                                                             metrics.probability_of_improvement, reps=100)
    finally:
        np.random.set_state(saved)
    ours = stats.aggregates(scores, reps=100, seed=7)
    assert stats.aggregates(scores, reps=100, seed=7) == ours   # deterministic given the seed
    for k in scores:
        for i, name in enumerate(stats.AGGREGATES):
            assert ours[k][name] == pytest.approx((point[k][i], interval[k][0][i], interval[k][1][i]))
        assert ours[k]["IQM"][1] < ours[k]["IQM"][0] < ours[k]["IQM"][2]
    p = stats.probability_of_improvement({"a,b": (scores["a"], scores["b"])}, reps=100, seed=7)["a,b"]
    assert p == pytest.approx((p_point["a,b"], *np.ravel(p_interval["a,b"])))
    assert 0.5 < p[1] < p[0] < p[2] <= 1.0
    taus = np.array([0.0, 0.5, 1.0])
    curves, bands = stats.performance_profiles(scores, taus, reps=100)
    assert curves["a"] == pytest.approx([np.mean(scores["a"] > t) for t in taus])
    assert bands["a"].shape == (2, 3)


@pytest.fixture(scope="module")
def small_suite(tmp_path_factory):
    """Two cheap tasks with references measured on their first 10 test seeds (and the random
    and heuristic scorecards of those games in ``cards/``)."""
    folder = tmp_path_factory.mktemp("suite")
    path = folder / "small.json"
    write_suite(path, tasks=CHEAP)
    assert bench_main(["--suite", str(path), "--references", "--episodes", "10", "--scorecards",
                       str(folder / "cards"), "--reps", "100"]) == 0
    return str(path)


def _card(out):
    data = json.loads((out / "scorecard.json").read_text())
    for k in ("seconds", "played_on", "date", "command"):
        data.pop(k)
    for r in data["tasks"]:
        r.pop("seconds")
    return data


def test_a_heuristic_scorecard_scores_one_on_every_task_and_passes_its_check(small_suite, tmp_path, capsys):
    suite = load_suite(small_suite)
    assert all(t.references and t.missing()[-1] == f"reference points on all {t.episodes} test seeds"
               for t in suite.tasks)
    out = tmp_path / "h"
    assert bench_main(["--suite", small_suite, "--agent", "heuristic", "--episodes", "10", "--reps", "200",
                       "--out", str(out)]) == 0
    card = _card(out)
    assert card["track"] == "no-search" and card["budget"] == "none" and card["suite"] == "v1"
    assert [r["id"] for r in card["tasks"]] == CHEAP
    for r in card["tasks"]:   # the heuristic replays its reference games: exactly 1
        assert r["episodes"] == 10 and r["normalized"] == pytest.approx(1.0)
        assert r["normalized_low"] <= 1.0 <= r["normalized_high"]
    lo_iqm = card["aggregates"]["IQM"]
    assert lo_iqm[1] <= 1.0 <= lo_iqm[2] and card["aggregates"]["tasks"] == 2
    assert (out / "performance_profile.png").stat().st_size > 1000
    md = (out / "scorecard.md").read_text()   # what a task lacks is said on its row
    for r in card["tasks"]:
        row = md.split(r["id"])[1].split("\n")[0]
        assert r["missing"] and all(f"{m} missing" in row for m in r["missing"])
        assert f"| {MEASURE_WORDS[r['measure']]} |" in row and r["measure"] not in row   # words, not codes
    assert bench_main(["--check", str(out / "scorecard.json")]) == 0
    bad = json.loads((out / "scorecard.json").read_text())
    bad["budget"] = "2M"
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    with pytest.raises(SystemExit, match="field 'budget'.*'2M' is not one of"):
        bench_main(["--check", str(tmp_path / "bad.json")])
    bad["budget"], bad["tasks"][0]["id"] = "1M", "no_such_task"
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    with pytest.raises(SystemExit, match="no_such_task.*no such task"):
        bench_main(["--check", str(tmp_path / "bad.json")])
    capsys.readouterr()


def test_the_leaderboard_page_has_a_row_per_scorecard_and_embeds_the_plots(small_suite, tmp_path):
    """The random and heuristic rows that --references kept (the games of the references) are
    the scorecards --agent random / heuristic write."""
    from pathlib import Path

    cards = Path(small_suite).parent / "cards"
    for agent in ("random", "heuristic"):
        out = tmp_path / agent
        assert bench_main(["--suite", small_suite, "--agent", agent, "--episodes", "10", "--reps", "100",
                           "--out", str(out)]) == 0
        kept = json.loads((cards / f"{agent}.json").read_text())
        played = json.loads((out / "scorecard.json").read_text())
        for a, b in zip(kept["tasks"], played["tasks"], strict=True):
            a.pop("seconds"), b.pop("seconds")
            assert a == b
        assert kept["aggregates"] == played["aggregates"]
        assert bench_main(["--check", str(cards / f"{agent}.json")]) == 0
    page = tmp_path / "docs" / "benchmark.md"
    assert bench_main(["--suite", small_suite, "--leaderboard", "--scorecards", str(cards), "--page", str(page),
                       "--reps", "100"]) == 0
    text = page.read_text()
    rows = {line.split("|")[1].split("**")[1]: [c.strip() for c in line.split("|")[1:-1]]
            for line in text.splitlines() if line.startswith("| **")}
    assert list(rows) == ["heuristic", "random"]   # best IQM first
    for name, want in (("random", "0.00 ["), ("heuristic", "1.00 [")):
        # rows played on 10 of each task's 500 test seeds say so: on the row, in each cell, below the table
        assert rows[name][0] == f"**{name}** (partial)" and rows[name][1:4] == ["no-search", "none", "2 of 2"]
        assert len(rows[name]) == 4 + 4 + 2, rows[name]
        assert all(c.startswith(want) and c.endswith("(10 of 500 seeds)") for c in rows[name][8:]), rows[name]
        assert (f"- **{name}**: `paleo_l1_2groups` on 10 of its 500 test seeds (1000000..1000009); "
                f"`tides_epic_hard_4p` on 10 of its 500 test seeds (1000000..1000009).") in text
    for words in ("## Protocol", "benchmark/performance_profile.png", "benchmark/probability_of_improvement.png",
                  "`python -m boardgym.eval.benchmark --agent random --suite ", "`tides_epic_hard_4p`"):
        assert words in text, words
    assert (page.parent / "benchmark" / "probability_of_improvement.png").is_file()


def test_a_scorecard_on_ray_is_the_one_played_here(small_suite, tmp_path):
    pytest.importorskip("ray")
    import ray

    from boardgym.train.ray_cluster import init_ray

    here, there = tmp_path / "here", tmp_path / "ray"
    args = ["--suite", small_suite, "--agent", "random", "--episodes", "10", "--reps", "100"]
    assert bench_main([*args, "--out", str(here)]) == 0
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("RAY_worker_niceness", "0")
        init_ray(num_cpus=1)
    try:
        assert bench_main([*args, "--out", str(there), "--ray", "--games-per-task", "5"]) == 0
    finally:
        ray.shutdown()
    assert _card(there) == _card(here)
    assert json.loads((there / "scorecard.json").read_text())["played_on"].startswith("Ray")


def test_each_kept_row_agents_file_gives_the_agents_its_scorecard_played():
    """A row's agents file (``agents/NAME.yaml``, mapping tasks to specs) and its kept scorecard
    (``scorecards/NAME.json``) stay in step: the file names exactly the tasks the card played,
    each with the spec that played it, and the card's command plays that file, so the command
    on the leaderboard gives the row again."""
    from pathlib import Path

    from boardgym.eval.benchmark.leaderboard import SCORECARDS

    suite = load_suite()
    files = sorted((SCORECARDS.parent / "agents").glob("*.yaml"))
    assert files   # the ppo_1m and rllib_ppo rows
    for f in files:
        mapping = scorecard.read_agent_map(str(f), suite)
        card = json.loads((SCORECARDS / f"{f.stem}.json").read_text())
        played = {r["id"]: r["agent"] for r in card["tasks"] if r["agent"] != "-"}
        assert mapping == played, f.name
        rel = Path(*f.parts[-5:]).as_posix()   # boardgym/eval/benchmark/agents/NAME.yaml
        assert f"--agent {rel} " in card["command"], (f.name, card["command"])


def test_the_leaderboard_page_is_in_step_with_the_kept_scorecards(tmp_path):
    """docs/benchmark.md is what --leaderboard writes from the shipped suite and scorecards."""
    from pathlib import Path

    from boardgym.eval.benchmark.leaderboard import write_page

    docs = Path(__file__).resolve().parents[2] / "docs" / "benchmark.md"
    fresh = write_page(tmp_path / "benchmark.md", load_suite(), reps=20)
    assert fresh.read_text() == docs.read_text(), "run: python -m boardgym.eval.benchmark --leaderboard"


def test_a_task_added_to_a_kept_scorecard_gives_the_card_of_both_played_together(small_suite, tmp_path,
                                                                                 monkeypatch, capsys):
    """--add-to FILE plays only --tasks and keeps the card's other rows: the result is the card a
    run of every task writes, and its command plays every task; a card of another budget is
    refused before any game is played."""
    first, second = CHEAP
    common = ["--suite", small_suite, "--agent", "heuristic", "--episodes", "10", "--reps", "100"]
    assert bench_main([*common, "--tasks", first, "--out", str(tmp_path / "one")]) == 0
    kept = tmp_path / "one" / "scorecard.json"
    played = scorecard.run

    def run_taking_1234_s(*a, **k):   # this run's games, timed at a figure no sum of rows gives
        return {**played(*a, **k), "seconds": 1234.5}

    capsys.readouterr()
    with monkeypatch.context() as m:
        m.setattr(scorecard, "run", run_taking_1234_s)
        assert bench_main([*common, "--tasks", second, "--add-to", str(kept), "--out", str(tmp_path / "added")]) == 0
    # the closing line gives this run's time, not the merged card's (the sum of its rows' times)
    assert "this run played its games in 1234.5 s" in capsys.readouterr().out
    assert json.loads(kept.read_text())["seconds"] != 1234.5
    assert bench_main([*common, "--out", str(tmp_path / "both")]) == 0
    assert _card(tmp_path / "added") == _card(tmp_path / "both") == _card(tmp_path / "one")
    added = json.loads(kept.read_text())
    assert "--add-to" not in added["command"] and f"--tasks {first},{second}" in added["command"]
    assert bench_main(["--check", str(kept)]) == 0
    # a file mapping each task to its spec may add a row another agent plays: its command names the file
    (tmp_path / "row.yaml").write_text(f"{first}: heuristic\n{second}: random\n")
    mixed = [a if a != "heuristic" else str(tmp_path / "row.yaml") for a in common]
    assert bench_main([*mixed, "--name", "heuristic", "--tasks", second, "--add-to", str(kept),
                       "--out", str(tmp_path / "mixed")]) == 0
    card = json.loads(kept.read_text())
    assert [r["agent"] for r in card["tasks"]] == ["heuristic", "random"]
    assert f"--agent {tmp_path / 'row.yaml'}" in card["command"]

    from boardgym.eval.benchmark import score

    def no_game(*a, **k):
        raise AssertionError("a game was played before the refusal")

    monkeypatch.setattr(score, "measure_task", no_game)
    with pytest.raises(SystemExit, match=r"that scorecard's budget is 'none', this run's is '1M'; give --budget none"):
        bench_main([*common, "--tasks", second, "--budget", "1M", "--add-to", str(kept)])
    with pytest.raises(SystemExit, match="no scorecard there to add to"):
        bench_main([*common, "--tasks", second, "--add-to", str(tmp_path / "none.json")])
    # a kept row another agent played: one --agent SPEC would not play the merged card again
    other = [a if a != "heuristic" else "random" for a in common]
    with pytest.raises(SystemExit, match=rf"its {first} row was played by 'heuristic', and --agent 'random' gives "
                                         rf"it 'random'.*a file mapping each task to its spec"):
        bench_main([*other, "--name", "heuristic", "--tasks", second, "--add-to", str(kept)])
    (tmp_path / "only_second.yaml").write_text(f"{second}: random\n")
    with pytest.raises(SystemExit, match=rf"its {first} row was played by 'heuristic'.*does not name it"):
        bench_main([*common[:2], "--agent", str(tmp_path / "only_second.yaml"), *common[4:], "--name", "heuristic",
                    "--tasks", second, "--add-to", str(kept)])
    capsys.readouterr()
