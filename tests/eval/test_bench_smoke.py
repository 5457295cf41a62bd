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
