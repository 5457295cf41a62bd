"""The vector and training sections of boardgym.eval.bench and the page docs/performance.md: a
tiny real run fills every column (no timing is asserted: timings never pass or fail), the
pairing takes the median of alternating slices, and the page is in step with its data file."""
import json
from pathlib import Path

import pytest

from boardgym.core.errors import ConfigError
from boardgym.eval import bench, bench_train, bench_vector, perf_page

DOCS = Path(__file__).resolve().parents[2] / "docs"
TIDES = {"id": "boardgym/TidesOfRuinArcade-v0", "game": "tides_of_ruin_arcade"}


@pytest.fixture(scope="module")
def tiny_run():
    """Every side and ratio over 2 envs of one id, slices of 10 ms, the curve at 1 and 2 envs, the
    workers again over 4 envs."""
    return bench_vector.run(seconds=0.01, pairs=2, num_envs=2, ids=[TIDES], scaling_envs=(1, 2), worker_envs=(4,),
                            log=lambda *a: None)


def test_the_vector_section_fills_every_column(tiny_run, tmp_path):
    (row,) = tiny_run["rows"]
    assert row["id"] == TIDES["id"] and row["obs_floats"] > 0 and row["actions"] > 1
    assert set(row["rates"]) == set(bench_vector.SIDES)
    for side, rate in row["rates"].items():
        assert rate["steps"] > 0 and rate["steps_per_s"] > 0, side
        assert side == "games2" or rate["steps"] % 2 == 0, side   # N steps per call (games2: two processes of N/2)
    assert set(row["ratios"]) == {f"{a}/{b}" for a, b in bench_vector.RATIOS}
    for key, r in row["ratios"].items():
        assert r["pairs"] == 2 and 0 < r["min"] <= r["median"] <= r["max"], key
    (more,) = row["workers"]   # 1 and 2 workers, and the lockstep ceiling, over 4 envs
    assert more["num_envs"] == 4 and set(more["rates"]) == set(bench_vector.WORKER_SIDES)
    assert set(more["ratios"]) == {"mp2/mp1", "lock2/lock1"} and all(r["median"] > 0 for r in more["ratios"].values())
    assert all(r["steps"] % 4 == 0 for s, r in more["rates"].items())   # N steps per call: lockstep too
    assert [p["num_envs"] for p in tiny_run["scaling"]["points"]] == [1, 2]
    assert all(p["batched"] > 0 and p["sync"] > 0 and p["ratio"]["median"] > 0 for p in tiny_run["scaling"]["points"])
    assert "PufferLib" not in bench_vector.SIDES and "torch" in tiny_run["pufferlib"]   # says why it is absent
    md = perf_page.bench_markdown({"vector": tiny_run})
    table = [line for line in md.splitlines() if line.startswith(f"| {TIDES['id']} |")]
    assert len(table) == 3   # the rates, the ratios, and 2 workers / 1 with its ceiling at N = 2 and 4
    for line in table:
        cells = [c.strip() for c in line.strip("|").split("|")][1:]
        assert cells and all(c not in ("-", "n/a", "failed", "") for c in cells), line
    for label in bench_vector.LABELS.values():
        assert f"| {label} |" in md or f"| {label}" in md
    drawn = perf_page.draw(tiny_run, tmp_path, prefix="bench")
    assert [p.name for p in drawn] == ["bench_envs.png", "bench_workers.png"]
    assert all(p.stat().st_size > 1000 for p in drawn)


def test_pairs_alternate_their_order_and_take_the_median_ratio(monkeypatch):
    """Pair i runs A then B when i is even, B then A when odd; the ratio is the median of the
    per-pair ratios and each side's totals hold all its slices (fake slices: no timing)."""
    calls = []
    rates = {"a": iter([100, 300, 200]), "b": iter([100, 100, 400])}

    def fake(stepper, seconds, rng, state):
        calls.append(stepper)
        return {"steps": next(rates[stepper]), "seconds": 1.0}

    monkeypatch.setattr(bench_vector, "timed_slice", fake)
    totals = {}
    r = bench_vector.paired("a", "b", 1.0, 3, None, {"a": {}, "b": {}}, totals, ("a", "b"))
    assert calls == ["a", "b", "b", "a", "a", "b"]
    assert r == {"median": 1.0, "min": 0.5, "max": 3.0, "pairs": 3}   # of 1.0, 3.0, 0.5
    assert totals == {"a": {"steps": 600, "seconds": 3.0}, "b": {"steps": 600, "seconds": 3.0}}


def test_a_side_that_fails_is_reported_and_the_others_still_run(monkeypatch):
    real = bench_vector.build

    def build(side, *args):
        if side == "sync":
            raise ConfigError("no sync today")
        return real(side, *args)

    monkeypatch.setattr(bench_vector, "build", build)
    got = bench_vector.measure_id(TIDES["id"], {}, 2, 0.005, 1, ("batched", "sync", "mp1", "mp2"), log=lambda *a: None)
    assert got["rates"]["sync"] == {"error": "ConfigError: no sync today"} and got["ratios"]["batched/sync"] is None
    assert got["rates"]["batched"]["steps"] > 0 and got["ratios"]["mp2/mp1"]["median"] > 0


def test_the_machine_ceiling_runs_one_and_two_processes_and_reports_a_failure():
    """games2/games1: the games alone in two processes at once against one; lock2/lock1: the same
    processes stepped one message a vector step (every call steps all N games: N/2 in each of two);
    a process that cannot build its games is reported as the sides' error, and no process is left
    behind."""
    import multiprocessing as mp

    got = bench_vector.ceiling(TIDES["id"], {}, 4, 0.01, 2)
    assert set(got["rates"]) == {"games1", "games2", "lock1", "lock2"}
    assert set(got["ratios"]) == {"games2/games1", "lock2/lock1"} and all(r["pairs"] == 2 for r in got["ratios"].values())
    assert all(r["steps"] > 0 for r in got["rates"].values())
    assert got["rates"]["lock1"]["steps"] % 4 == 0 and got["rates"]["lock2"]["steps"] % 4 == 0
    only = bench_vector.ceiling(TIDES["id"], {}, 2, 0.01, 1, free=False)
    assert set(only["rates"]) == {"lock1", "lock2"} and set(only["ratios"]) == {"lock2/lock1"}
    bad = bench_vector.measure_id(TIDES["id"], {"num_players": 99}, 2, 0.005, 1, ("games1", "games2", "lock1", "lock2"),
                                  log=lambda *a: None)
    assert "num_players" in bad["rates"]["games2"]["error"] and "num_players" in bad["rates"]["lock1"]["error"]
    assert bad["ratios"]["games2/games1"] is None and bad["ratios"]["lock2/lock1"] is None
    assert not [p for p in mp.active_children() if p.is_alive()]


def test_the_train_section_alternates_kinds_and_pairs_rounds():
    """Round 1 runs batched, subproc, dummy; round 2 the reverse; each ratio is the median of the
    rounds' ratios and a kind that fails is named (a fake runner: no training, no timing)."""
    order = []
    speed = {"batched": [300, 600], "subproc": [100, 400], "dummy": [200, 300]}

    def runner(config, kind, timesteps, n):
        order.append(kind)
        assert timesteps == 64 and n == 8   # the config's n_envs
        return {"steps_per_s": speed[kind][sum(k == kind for k in order) - 1], "steps": 64, "seconds": 1.0}

    got = bench_train.run(timesteps=64, rounds=2, runner=runner, log=lambda *a: None)
    assert order == ["batched", "subproc", "dummy", "dummy", "subproc", "batched"]
    assert got["n_envs"] == 8 and got["env_id"] == "boardgym/AncientTerribleThingsSolo-v0"
    assert got["ratios"]["batched/subproc"] == {"median": 2.25, "min": 1.5, "max": 3.0, "pairs": 2}
    assert got["ratios"]["batched/dummy"]["median"] == pytest.approx((1.5 + 2.0) / 2)
    assert got["rates"]["dummy"] == {"steps_per_s": 64.0, "steps": 128, "seconds": 2.0}

    def broken(config, kind, timesteps, n):
        if kind == "subproc":
            raise RuntimeError("python -m boardgym.train --vec-env subproc failed: boom")
        return {"steps_per_s": 10.0, "steps": 10, "seconds": 1.0}

    got = bench_train.run(timesteps=64, rounds=2, runner=broken, log=lambda *a: None)
    assert "boom" in got["rates"]["subproc"]["error"] and got["ratios"]["batched/subproc"] is None
    assert "boom" in perf_page.bench_markdown({"train": got})


def test_the_performance_page_is_in_step_with_its_data_file(tmp_path):
    """docs/performance.md is what --docs writes from docs/performance.json (the kept results of a
    make bench run), and the page shows its plots."""
    data = json.loads((DOCS / "performance.json").read_text())
    fresh = perf_page.write_page(tmp_path / "performance.md", data)
    assert fresh.read_text() == (DOCS / "performance.md").read_text(), "run: python -m boardgym.eval.bench --docs"
    for name in ("performance_envs.png", "performance_workers.png"):
        assert (tmp_path / perf_page.PLOTS / name).is_file() and (DOCS / perf_page.PLOTS / name).is_file()
        assert f"({perf_page.PLOTS}/{name})" in fresh.read_text()
    for row in data["vector"]["rows"]:   # every registered id is on the page
        assert f"| {row['id']} |" in fresh.read_text()
    assert {r["id"] for r in data["vector"]["rows"]} == {e["id"] for e in bench_vector.gym_ids()}


def test_docs_takes_a_bench_json_and_refuses_one_without_a_vector_section(tiny_run, tmp_path):
    run = tmp_path / "bench.json"
    run.write_text(json.dumps({"python": "3", "machine": "x", "cpus": 2, "date": "2026-12-03", "rows": [],
                               "vector": tiny_run}))
    page = perf_page.write_docs(run, tmp_path / "performance.md", tmp_path / "performance.json")
    assert TIDES["id"] in page.read_text() and "On a bigger machine" in page.read_text()
    assert json.loads((tmp_path / "performance.json").read_text())["vector"] == tiny_run
    run.write_text(json.dumps({"rows": []}))
    with pytest.raises(ConfigError, match="no vector section"):
        perf_page.write_docs(run, tmp_path / "p.md", tmp_path / "p.json")
    with pytest.raises(SystemExit, match="no .*missing.json"):
        bench.main(["--docs", "--from", str(tmp_path / "missing.json")])
