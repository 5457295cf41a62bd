"""``python -m boardgym.eval`` (and ``boardgym.eval.results``, ``boardgym.eval.bench``) refuse a wrong flag value before
any game is played: non-zero exit, a message naming the flag and what would be valid."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardgym.agents.specs import KINDS
from boardgym.eval.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def run_module(*argv, cwd=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", *argv], capture_output=True, text=True, timeout=300,
                          cwd=cwd or ROOT, env=env)


def test_unknown_agent_kind_exits_non_zero_listing_the_kinds(tmp_path):
    proc = run_module("boardgym.eval", "--agents", "foo", "--games", "1", "--out", str(tmp_path / "out"))
    assert proc.returncode != 0
    assert "--agents: agent spec 'foo' is not a known kind" in proc.stderr
    for kind in KINDS.values():
        assert kind.syntax in proc.stderr
    assert not (tmp_path / "out").exists()          # nothing ran, nothing written


@pytest.mark.parametrize("argv, message", [
    (["--agents", "random,heurstic"], "did you mean 'heuristic'"),
    (["--agents", "os:getcwd"], "names a function, not a subclass of boardgym.core.agent.Agent"),
    (["--agents", "ppo:no/such/model.zip"], "no model file"),
    (["--agents", "random;ismcts:simulatons=4"], "unknown ISMCTS key 'simulatons'"),
    (["--agents", ""], "no agent spec given"),
    (["--players", "7"], "--players: ancient_terrible_things takes 1 to 4 players, got 7"),
    (["--option", "num_players=3"], "--option num_players: set the player count with --players"),
    (["--option", "lenght=short"], "unknown option(s) ['lenght']"),
    (["--option", "length"], "--option expects KEY.PATH=VALUE"),
    (["--tb", "no/such/dir"], "--tb: no TensorBoard event files"),
])
def test_wrong_values_stop_before_playing(tmp_path, argv, message):
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as exc:
        main(argv + ["--games", "1", "--out", str(out)])
    assert message in str(exc.value.code)
    assert not out.exists()


@pytest.mark.parametrize("argv, message", [
    (["--games", "0"], "argument --games: expected a whole number >= 1, got 0"),
    (["--players", "two"], "argument --players: expected player counts"),
    (["--seed-base", "-1"], "argument --seed-base: expected a whole number >= 0"),
    (["--bootstrap", "lots"], "argument --bootstrap"),
    (["--game", "chess"], "argument --game: invalid choice: 'chess'"),
])
def test_argparse_types_refuse_bad_numbers(capsys, argv, message):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_results_and_bench_refuse_unknown_names(capsys):
    from boardgym.eval.bench import main as bench_main
    from boardgym.eval.results import main as results_main

    with pytest.raises(SystemExit, match=r"--only: unknown entries \['att_3p'\]; known: \['att_2p'"):
        results_main(["--only", "att_3p", "--out", "/dev/null"])
    with pytest.raises(SystemExit, match="--keep-others needs --only"):
        results_main(["--keep-others"])
    with pytest.raises(SystemExit) as exc:
        results_main(["--jobs", "0"])
    assert exc.value.code == 2 and "--jobs" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        bench_main(["--games", "paleo,chess"])
    assert exc.value.code == 2 and "unknown game(s) ['chess']" in capsys.readouterr().err
