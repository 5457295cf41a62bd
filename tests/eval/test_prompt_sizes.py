"""``python -m boardgym.eval.prompt_sizes``: the table of docs/llm.md, one row per game and count."""
from __future__ import annotations

import re

from boardgym.envs.registry import registry
from boardgym.eval.prompt_sizes import main


def test_prompt_sizes_measure_every_game(capsys):
    assert main(["--games", "1", "--players", "1"]) == 0
    out = capsys.readouterr().out
    rows = re.findall(r"^\| (\w+) \| 1 \| (\d+) \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \|$", out, re.M)
    assert [r[0] for r in rows] == list(registry()["games"])
    for game, decisions, first, median, p95, longest in rows:
        first, median, longest = (int(x.replace(",", "")) for x in (first, median, longest))
        assert int(decisions) > 5 and 500 < median <= longest and first <= longest
