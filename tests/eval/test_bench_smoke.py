"""boardgym.eval.bench runs with a tiny time budget and reports positive numbers (no timing targets)."""
import json

from boardgym.eval import bench


def test_bench_tiny_budget(tmp_path):
    assert bench.main(["--seconds", "0.05", "--sections", "main", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "bench.json").read_text())
    labels = {(r["game"], r["config"]) for r in data["rows"]}
    assert ("ancient_terrible_things", "solo") in labels and ("ancient_terrible_things", "4p") in labels
    ok = [r for r in data["rows"] if "error" not in r and r["game"] == "ancient_terrible_things"]
    assert len(ok) == 4
    for r in data["rows"]:
        if "error" in r:
            continue
        for k in ("engine", "aec", "gym"):
            assert r[k]["steps"] > 0 and r[k]["steps_per_s"] > 0
        assert r["clone_us"] > 0 and r["json_roundtrip_us"] > 0
        assert r["json_bytes"] > 0 and r["clone_bytes"] > 0
    rendered = [r for r in data["rows"] if "render" in r]  # each game's first configuration
    assert sorted(r["game"] for r in rendered) == sorted({r["game"] for r in data["rows"]})  # one each
    for r in rendered:
        assert r["render"]["frames"] >= 5 and r["render"]["frame_ms_median"] > 0
        assert r["render"]["shape"] == [900, 1600, 3]
    md = (tmp_path / "bench.md").read_text()
    assert "| ancient_terrible_things | solo |" in md and "rgb_array frame ms" in md
    c4 = data["connect_four_v3"]
    assert c4["available"] or c4["reason"]
    if c4["available"]:  # the AEC ratio is paired slice by slice with connect_four
        for r in ok:
            p = r["aec_pairs"]
            assert p["pairs"] == bench.PAIRS and p["min"] <= p["median"] <= p["max"]
            assert r["ratio_to_connect_four"]["aec"] == p["median"]
        assert "paired slices" in md


def test_paired_aec_ratio_is_the_median_of_adjacent_slices(monkeypatch):
    """Each pair is (peer slice, then env slice); the ratio is the median of the pair ratios and
    the rate is over all the env's slices (fake rates: no timing asserted)."""
    rates = iter([100, 50, 200, 300, 100, 100, 50, 10])  # peer, env, peer, env, ...
    monkeypatch.setattr(bench, "aec_rate", lambda make, part, seed=0: {
        "steps_per_s": (v := next(rates)), "steps": v, "games": 1, "seconds": 1.0})
    rate, pairs = bench.paired_aec(None, None, 4.0, pairs=4)
    assert pairs["pairs"] == 4 and pairs["min"] == 0.2 and pairs["max"] == 1.5
    assert pairs["median"] == (0.5 + 1.0) / 2  # of 0.5, 1.5, 1.0, 0.2
    assert rate["steps"] == 50 + 300 + 100 + 10 and rate["steps_per_s"] == rate["steps"] / 4.0


def test_bench_tides_configs(tmp_path):
    """Tides of Ruin is benched on its configured short easy games (1, 2 and 4 seats) and every
    measurement runs (a failure would be a row with an error)."""
    assert bench.main(["--seconds", "0.05", "--games", "tides_of_ruin_arcade", "--sections", "main",
                       "--out", str(tmp_path)]) == 0
    rows = json.loads((tmp_path / "bench.json").read_text())["rows"]
    assert [r["config"] for r in rows] == ["1p short easy", "2p short easy", "4p short easy"]
    for r, n in zip(rows, (1, 2, 4)):
        assert "error" not in r and r["kwargs"] == {"num_players": n, "difficulty": "easy", "length": "short"}
        assert all(r[k]["steps"] > 0 for k in ("engine", "aec", "gym")) and r["clone_us"] > 0
    assert "| tides_of_ruin_arcade | 4p short easy |" in (tmp_path / "bench.md").read_text()
