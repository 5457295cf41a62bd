"""eval.bench runs with a tiny time budget and reports positive numbers (no timing targets)."""
import json

from eval import bench


def test_bench_tiny_budget(tmp_path):
    assert bench.main(["--seconds", "0.05", "--out", str(tmp_path)]) == 0
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
    md = (tmp_path / "bench.md").read_text()
    assert "| ancient_terrible_things | solo |" in md
    c4 = data["connect_four_v3"]
    assert c4["available"] or c4["reason"]


def test_bench_tides_configs(tmp_path):
    """Tides of Ruin is benched on its configured short easy games (1, 2 and 4 seats) and every
    measurement runs (a failure would be a row with an error)."""
    assert bench.main(["--seconds", "0.05", "--games", "tides_of_ruin_arcade", "--out", str(tmp_path)]) == 0
    rows = json.loads((tmp_path / "bench.json").read_text())["rows"]
    assert [r["config"] for r in rows] == ["1p short easy", "2p short easy", "4p short easy"]
    for r, n in zip(rows, (1, 2, 4)):
        assert "error" not in r and r["kwargs"] == {"num_players": n, "difficulty": "easy", "length": "short"}
        assert all(r[k]["steps"] > 0 for k in ("engine", "aec", "gym")) and r["clone_us"] > 0
    assert "| tides_of_ruin_arcade | 4p short easy |" in (tmp_path / "bench.md").read_text()
