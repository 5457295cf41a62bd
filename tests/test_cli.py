"""The ``boardgym`` command line: ``list`` and a piped ``play`` (the terminal player itself is
tested through a real pseudo-terminal in tests/terminal)."""
from __future__ import annotations

import io
import re
import subprocess
import sys

from boardgym.cli import main
from boardgym.envs.registry import gym_ids, pettingzoo_ids, text_gym_ids, text_pettingzoo_ids


class Inputs(io.StringIO):
    """stdin that gives the scripted lines, then answers the lowest option shown each time.
    ``out`` is the StringIO the game writes to (set by ``run``)."""

    def __init__(self, lines=()):
        super().__init__("".join(f"{x}\n" for x in lines))
        self.out = None

    def readline(self, *a):
        line = super().readline(*a)
        if line:
            return line
        text = self.out.getvalue() if self.out is not None else ""
        if text.endswith("press Enter to skip: "):
            return "\n"  # no replay
        keys = re.findall(r"^\s+(\d+)\. ", text[text.rfind("your options:"):], flags=re.M)
        return f"{min(keys, key=int)}\n" if keys else "q\n"


def run(argv, stdin):
    out = io.StringIO()
    if isinstance(stdin, Inputs):
        stdin.out = out
    rc = main(argv, stdin=stdin, stdout=out)
    return rc, out.getvalue()


def options(text: str) -> dict[int, str]:
    """The numbered options of the last menu in ``text``, by number."""
    block = text[text.rfind("your options:"):]
    return {int(k): o for k, o in re.findall(r"^\s+(\d+)\. (.*)$", block, flags=re.M)}


def test_list_contains_ids():
    rc, text = run(["list"], io.StringIO())
    assert rc == 0
    for i in gym_ids() + pettingzoo_ids() + text_gym_ids() + text_pettingzoo_ids():
        assert i in text
    assert "ancient_terrible_things" in text


def test_play_piped_reaches_the_end():
    rc, text = run(["play", "ancient_terrible_things", "--players", "3", "--seed", "1",
                    "--opponents", "random"], Inputs())
    assert rc == 0
    assert "Final scores: seat 0 " in text and "seat 2 " in text.split("Final scores:")[1]
    assert "-- Seat 0, your options:" in text
    assert "Seat 1 (random) chose: " in text
    assert "explore " in text and "== Ancient Terrible Things, scenario I, turn 1" in text
    assert re.search(r"^Seat \d: -?\d+ points = ", text, re.M) and re.search(r"^Winners?", text, re.M)


def test_play_heuristic_opponents_other_seat():
    rc, text = run(["play", "ancient_terrible_things", "--players", "2", "--seat", "1", "--seed", "4"],
                   Inputs())
    assert rc == 0
    assert "Seat 0 (heuristic) chose: " in text and "-- Seat 1, your options:" in text
    assert "Final scores:" in text


def test_play_solo():
    rc, text = run(["play", "ancient_terrible_things", "--players", "1", "--seed", "2"], Inputs())
    assert rc == 0
    assert "Final scores: seat 0" in text and "Result: " in text


def test_numbers_are_action_ids_and_one_option_steps_go_on_their_own():
    from boardgym.games import make_game

    cat = make_game("ancient_terrible_things", num_players=2).catalog
    rc, text = run(["play", "ancient_terrible_things", "--players", "2", "--seed", "1"], Inputs(["q"]))
    first = options(text)
    assert sorted(first) == [cat.start("LOC") + k for k in range(5)]  # explore: LOC 1..5, not 0..4
    rc, text = run(["play", "ancient_terrible_things", "--players", "2", "--seed", "1"],
                   Inputs([str(cat.start("LOC")), "q"]))
    assert f"Seat 0 (you, the only option): roll the dice" in text
    rc, text = run(["play", "ancient_terrible_things", "--players", "2", "--seed", "1", "--confirm-single"],
                   Inputs([str(cat.start("LOC")), "q"]))
    assert options(text) == {cat.index("ROLL"): "roll the dice"}


def test_invalid_input_reprompts_help_view_and_quit():
    rc, text = run(["play", "ancient_terrible_things", "--players", "3", "--seed", "1"],
                   io.StringIO("hello\n99\n-1\nh\nv\nt\nq\n"))
    assert rc == 1
    assert "Invalid choice 'hello'" in text
    assert "Invalid choice 99: it is not one of the options shown (3-7)" in text
    assert "Invalid choice -1" in text
    assert "Commands:" in text and "Feat discard pile (newest last): " in text
    assert text.count("-- Seat 0, your options:") == 2  # t shows the table again
    assert text.count("Your choice") == 7
    assert text.rstrip().endswith("Quit.") and "Save a replay" not in text  # nothing played yet


def test_quit_offers_a_replay_that_replays(tmp_path):
    from boardgym.core.replay import Replay
    from boardgym.games import make_game

    cat = make_game("ancient_terrible_things", num_players=2).catalog
    path = tmp_path / "game.json"
    rc, text = run(["play", "ancient_terrible_things", "--players", "2", "--seed", "5"],
                   Inputs([str(cat.start("LOC")), "q", str(path)]))
    assert rc == 1 and "Save a replay of this game?" in text and f"Replay saved to {path}" in text
    rep = Replay.from_json(path.read_text())
    assert rep.game == "ancient_terrible_things" and rep.seed == 5 and len(rep.actions) >= 2
    final = rep.final_state()  # the replay reproduces the game: the same dice as were told
    faces = [int(f) for f in re.findall(r"green (\d)", text.split("Seat 0 rolls: ")[1].splitlines()[0])]
    assert [final.d_face[d] for d in range(len(faces))] == faces


def test_end_of_input_quits():
    rc, text = run(["play", "ancient_terrible_things", "--players", "2", "--seed", "1"], io.StringIO(""))
    assert rc == 1 and "end of input" in text


def test_bad_seat_is_an_error(capsys):
    rc = main(["play", "ancient_terrible_things", "--players", "2", "--seat", "5"],
              stdin=io.StringIO(), stdout=io.StringIO())
    assert rc == 2
    assert "seat" in capsys.readouterr().err


def test_subprocess_piped_stdin():
    """Piped stdin in a real process; every answer 3 (explore the first location when asked,
    else invalid until the input ends: the game quits cleanly at the end of input)."""
    proc = subprocess.run([sys.executable, "-m", "boardgym.cli", "play", "ancient_terrible_things",
                           "--players", "3", "--seed", "7", "--opponents", "random"],
                          input="3\n" * 5, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "Seat 0 (you) chose: explore " in proc.stdout and "(end of input)" in proc.stdout


def test_play_paleo_groups_piped_reaches_the_end():
    """Cooperative Paleo: --groups maps to num_groups; heuristic partners; readable names."""
    rc, text = run(["play", "paleo", "--groups", "2", "--seed", "3"], Inputs())
    assert rc == 0
    assert "Paleo: 2 players, you play seat 0, partners: heuristic" in text
    assert "-- Seat 0, your options:" in text
    assert "Seat 1 (heuristic) chose its card in secret" in text
    assert re.search(r"^\s+\d+\. take the second card \((Forest|River|Mountain|People|Dream|Idea|Red|Mission)", text, re.M)
    assert re.search(r"^\s+\d+\. sleep early: the rest of the deck \(\d+ cards\) goes facedown$", text, re.M)
    assert "=== Game over after" in text and "Result: " in text
    assert re.search(r"^The end: .*the tribe (wins|loses)", text, re.M)


def test_play_paleo_all_seats_and_players_alias():
    rc, text = run(["play", "paleo", "--players", "3", "--all-seats", "--seed", "1"], Inputs())
    assert rc == 0
    assert "you play every seat" in text
    assert "-- Seat 2, your options:" in text
    assert "(heuristic)" not in text
    assert "=== Game over after" in text


def test_play_paleo_bad_group_count(capsys):
    rc = main(["play", "paleo", "--groups", "5"], stdin=io.StringIO(), stdout=io.StringIO())
    assert rc == 2
    assert "1-4 players" in capsys.readouterr().err


def test_play_refuses_bad_flags_naming_them(capsys):
    from boardgym.agents.specs import KINDS

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
    assert rc == 0 and "Seat 1 (ismcts) chose: " in text and "Final scores:" in text


def test_save_replay_flag_saves_a_finished_game(tmp_path):
    """With ``--save-replay FILE`` (``args.save_replay``) the finished game is saved without a
    question, and replaying it gives the scores the summary printed."""
    from boardgym.cli import build_parser
    from boardgym.core.replay import Replay
    from boardgym.terminal import play

    path = tmp_path / "solo.json"
    args = build_parser().parse_args(["play", "ancient_terrible_things", "--players", "1", "--seed", "2"])
    args.save_replay = str(path)
    inp, out = Inputs(), io.StringIO()
    inp.out = out
    assert play(args, inp, out) == 0
    text = out.getvalue()
    assert f"Replay saved to {path}" in text and "Save a replay" not in text
    final = Replay.from_json(path.read_text()).final_state()
    assert final.is_terminal() and f"Final scores: seat 0 {final.score(0)}\n" in text
    args.save_replay = str(tmp_path / "no_such_folder" / "x.json")
    try:
        play(args, Inputs(), io.StringIO())
    except Exception as exc:  # refused before the game, naming the flag
        assert "--save-replay: the folder" in str(exc)
    else:
        raise AssertionError("a replay path in a missing folder was accepted")


from boardgym.core.agent import Agent  # noqa: E402


class Cheat(Agent):
    """An agent that always answers action 0 (NOOP), legal only where nothing is to decide."""
    name = "cheat"

    def act(self, obs, mask, state=None):
        return 0


def test_an_agent_choosing_an_illegal_action_is_a_clear_error(capsys):
    rc = main(["play", "ancient_terrible_things", "--players", "2", "--seat", "1", "--seed", "1",
               "--opponents", "tests.test_cli:Cheat"], stdin=io.StringIO(), stdout=io.StringIO())
    err = capsys.readouterr().err
    assert rc == 2 and "the agent of seat 0 (Cheat) chose action 0, which is not one of the legal" in err


def test_every_boardgym_error_reaches_the_user_in_words(monkeypatch, capsys):
    """A replay whose game cannot go on (a story that loops without a choice stops at the
    engine's step bound) or names a broken pack is told in words with exit 2, not a traceback:
    the CLI answers every boardgym error, not only bad options."""
    from boardgym import cli
    from boardgym.core.errors import ContentError, StateError, StepLimitError

    for exc in (StepLimitError("Primeval Peril: the story phase ran 10000 automatic steps"),
                ContentError("story.json", "sections[3]", "next", "leads back to itself"),
                StateError("the replay's content pack cannot be loaded")):
        def boom(args, out, exc=exc):
            raise exc
        monkeypatch.setattr(cli, "cmd_view", boom)
        rc = main(["view", "--game", "paleo"], stdout=io.StringIO())
        assert rc == 2
        assert capsys.readouterr().err == f"boardgym: error: {exc}\n"
