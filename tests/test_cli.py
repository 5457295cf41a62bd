"""The ``boardgym`` command line: ``list`` and a piped ``play``."""
from __future__ import annotations

import io
import subprocess
import sys

from boardgym.cli import main
from boardgym.envs.registry import gym_ids, pettingzoo_ids


class Inputs(io.StringIO):
    """stdin that answers '0' forever (after any scripted lines)."""

    def __init__(self, lines=()):
        super().__init__("".join(f"{x}\n" for x in lines))

    def readline(self, *a):
        line = super().readline(*a)
        return line if line else "0\n"


def run(argv, stdin):
    out = io.StringIO()
    rc = main(argv, stdin=stdin, stdout=out)
    return rc, out.getvalue()


def test_list_contains_ids():
    rc, text = run(["list"], io.StringIO())
    assert rc == 0
    for i in gym_ids() + pettingzoo_ids():
        assert i in text
    assert "ancient_terrible_things" in text


def test_play_piped_always_zero_reaches_the_end():
    rc, text = run(["play", "ancient_terrible_things", "--players", "3", "--seed", "1",
                    "--opponents", "random"], Inputs())
    assert rc == 0
    assert "Final scores: P0 " in text and "P2 " in text.split("Final scores:")[1]
    assert "-- P0, your legal actions:" in text
    assert "P1 (random):" in text
    assert "explore" in text and "== Ancient Terrible Things" in text


def test_play_heuristic_opponents_other_seat():
    rc, text = run(["play", "ancient_terrible_things", "--players", "2", "--seat", "1", "--seed", "4"],
                   Inputs())
    assert rc == 0
    assert "P0 (att_heuristic):" in text
    assert "Final scores:" in text


def test_play_solo():
    rc, text = run(["play", "ancient_terrible_things", "--players", "1", "--seed", "2"], Inputs())
    assert rc == 0
    assert "Final scores: P0" in text and "Result:" in text


def test_invalid_input_reprompts_and_quit():
    rc, text = run(["play", "ancient_terrible_things", "--players", "3", "--seed", "1"],
                   io.StringIO("hello\n99\n-1\nq\n"))
    assert rc == 1
    assert "Invalid choice 'hello'" in text
    assert "Invalid choice 99" in text
    assert "Invalid choice -1" in text
    assert text.count("Your choice") == 4
    assert "Quit." in text


def test_end_of_input_quits():
    rc, text = run(["play", "ancient_terrible_things", "--players", "2", "--seed", "1"], io.StringIO(""))
    assert rc == 1 and "end of input" in text


def test_bad_seat_is_an_error(capsys):
    rc = main(["play", "ancient_terrible_things", "--players", "2", "--seat", "5"],
              stdin=io.StringIO(), stdout=io.StringIO())
    assert rc == 2
    assert "seat" in capsys.readouterr().err


def test_subprocess_piped_stdin():
    proc = subprocess.run([sys.executable, "-m", "boardgym.cli", "play", "ancient_terrible_things",
                           "--players", "3", "--seed", "7", "--opponents", "random"],
                          input="0\n" * 3000, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Final scores:" in proc.stdout


def test_play_paleo_groups_piped_reaches_the_end():
    """Cooperative Paleo: --groups maps to num_groups; heuristic partners; readable names."""
    rc, text = run(["play", "paleo", "--groups", "2", "--seed", "3"], Inputs())
    assert rc == 0
    assert "Paleo: 2 player(s), you are P0, partners: heuristic" in text
    assert "-- P0, your legal actions:" in text
    assert "P1 (paleo_heuristic):" in text
    assert "take card 0 (" in text and "SLEEP_EARLY sleep early" in text
    assert "Game over after" in text and "Result: " in text
    assert "RESULT: the tribe" in text


def test_play_paleo_all_seats_and_players_alias():
    rc, text = run(["play", "paleo", "--players", "3", "--all-seats", "--seed", "1"], Inputs())
    assert rc == 0
    assert "you are every seat" in text
    assert "-- P2, your legal actions:" in text
    assert "(paleo_heuristic)" not in text
    assert "Game over after" in text


def test_play_paleo_bad_group_count(capsys):
    rc = main(["play", "paleo", "--groups", "5"], stdin=io.StringIO(), stdout=io.StringIO())
    assert rc == 2
    assert "1-4 players" in capsys.readouterr().err


def test_play_refuses_bad_flags_naming_them(capsys):
    from agents.specs import KINDS

    for argv, message in (
        (["play", "paleo", "--opponents", "foo"], "agent spec 'foo' is not a known kind"),
        (["play", "paleo", "--opponents", "foo", "--all-seats"], "agent spec 'foo'"),   # even unused
        (["play", "ancient_terrible_things", "--players", "2", "--opponents", "os:getcwd"],
         "'os:getcwd' names a function, not a subclass of boardgym.core.agent.Agent"),
        (["play", "paleo", "--set", "num_groups=3"], "--set num_groups: set the number of players with --players"),
        (["play", "paleo", "--set", "level=[1"], "--set level=[1: the value is not YAML"),
        (["play", "paleo", "--set", "levle=1"], "unknown option(s) ['levle']"),
        (["play", "paleo", "--seed", "-1"], "--seed must be a whole number >= 0"),
    ):
        rc = main(argv, stdin=io.StringIO(), stdout=io.StringIO())
        err = capsys.readouterr().err
        assert rc == 2 and message in err, (argv, err)
        if "foo" in argv:
            assert all(k.syntax in err for k in KINDS.values())


def test_play_against_a_search_spec():
    """--opponents takes every agent spec kind, e.g. ISMCTS (one parser for envs, eval, play)."""
    rc, text = run(["play", "ancient_terrible_things", "--players", "2", "--seed", "2",
                    "--opponents", "ismcts:simulations=1,rollout_depth=1"], Inputs())
    assert rc == 0 and "P1 (ismcts):" in text and "Final scores:" in text
