"""Replay files (format 1): save and load over every game, and every way a file can be wrong is
refused with a StateError that names what (the step and the action in words for a move that
is not legal), leaving the file as it was."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from boardgym.core import StateError
from boardgym.core.replay import FORMAT_VERSION, Recorder, Replay, play
from boardgym.core.chance import resolve_chance
from boardgym.games import GAMES, make_game


def _random_game(name, seed=0, **config):
    game = make_game(name, **config)
    rng = np.random.default_rng(seed)
    return play(game, seed, lambda s: int(rng.choice(np.flatnonzero(s.legal_mask()))))


@pytest.mark.parametrize("name", GAMES)
def test_save_load_replays_every_game_exactly(name, tmp_path):
    final, replay = _random_game(name, 1)
    replay.agents = ["random"] * final.game.num_players
    path = replay.save(tmp_path / "game.json")
    loaded = Replay.load(path)
    assert loaded == replay
    d = json.loads(path.read_text())
    assert d["format"] == "boardgym-replay" and d["format_version"] == FORMAT_VERSION
    assert d["finished"] is True and d["returns"] == [float(x) for x in final.returns()]
    assert len(d["chance"]) > 0 and d["players"] == final.game.num_players
    assert loaded.final_state().to_json() == final.to_json()


def test_chance_outcomes_are_applied_not_resampled():
    """A game whose chance came from another generator (an env's) replays from its outcomes."""
    game = make_game("ancient_terrible_things")
    rng, pick = np.random.default_rng(99), np.random.default_rng(5)
    rec = Recorder(game, None, source="test")
    state = game.new_initial_state()
    while not state.is_terminal():
        rec.resolve(state, rng)
        if state.is_terminal():
            break
        a = int(pick.choice(np.flatnonzero(state.legal_mask())))
        state.apply(a)
        rec.decision(a)
    replay = Replay.from_json(rec.replay(state).to_json())
    assert replay.seed is None and replay.final_state().to_json() == state.to_json()


def test_recorder_draws_what_resolve_chance_draws():
    for name in GAMES:
        game = make_game(name)
        a, b = game.new_initial_state(), game.new_initial_state()
        ra, rb = np.random.default_rng(7), np.random.default_rng(7)
        resolve_chance(a, ra)
        Recorder(game).resolve(b, rb)
        assert a.to_json() == b.to_json() and ra.random() == rb.random(), name


def test_format_0_files_still_load():
    final, replay = _random_game("ancient_terrible_things", 2)
    old = Replay(replay.game, replay.config, replay.seed, replay.actions)
    text = old.to_json()
    assert sorted(json.loads(text)) == ["actions", "config", "game", "seed"]
    assert Replay.from_json(text).final_state().to_json() == final.to_json()


@pytest.fixture(scope="module")
def saved():
    final, replay = _random_game("ancient_terrible_things", 3, num_players=2)
    return json.loads(replay.to_json())


def _refused(tmp_path, data, words):
    path = tmp_path / "bad.json"
    text = data if isinstance(data, str) else json.dumps(data)
    path.write_text(text)
    with pytest.raises(StateError, match=words):
        Replay.load(path)
    assert path.read_text() == text  # loading never changes the file


def test_bad_files_are_refused_with_what_is_wrong(saved, tmp_path):
    def edit(**kw):
        d = json.loads(json.dumps(saved))
        d.update(kw)
        return d

    _refused(tmp_path, "{not json", "not JSON")
    _refused(tmp_path, edit(format_version=2), "format version 2")
    _refused(tmp_path, edit(format="other"), "format is")
    _refused(tmp_path, edit(game="chess"), "'chess', which is not a registered game")
    _refused(tmp_path, edit(config={"num_players": 9}), "configuration is not valid for ancient_terrible_things")
    _refused(tmp_path, edit(config={"colour": 1}), "unknown option")
    _refused(tmp_path, edit(game_version=saved["game_version"] + 1), "rules version")
    _refused(tmp_path, edit(seed=1.5), "seed is 1.5")
    _refused(tmp_path, edit(actions=[True]), r"actions\[0\] is true")
    _refused(tmp_path, edit(chance="x"), "chance is")
    _refused(tmp_path, edit(extra=1), "unknown key")
    _refused(tmp_path, edit(returns=[1.0, "a"]), "returns must be")
    _refused(tmp_path, edit(returns=[9.0, -9.0]), "replaying gives")
    _refused(tmp_path, edit(finished=False), "finished must be true exactly when")
    _refused(tmp_path, edit(agents=["a"], players=None), "1 agents for 2 seats")
    d = json.loads(json.dumps(saved))
    del d["chance"]
    _refused(tmp_path, d, r"missing key\(s\) \['chance'\]")


def test_a_move_that_is_not_legal_is_named_with_its_step_in_words(saved, tmp_path):
    game = make_game("ancient_terrible_things", **saved["config"])
    d = json.loads(json.dumps(saved))
    # the first decision replaced by an action that is not legal there
    replay = Replay.from_json(json.dumps(d))
    for state, kind, _a in replay.steps(game):
        if kind == "decision":
            break
    bad = int(np.flatnonzero(~state.legal_mask())[0])
    d["actions"][0] = bad
    from boardgym.terminal.words import Words

    words = Words("ancient_terrible_things").action(state, bad)  # the action in the game's words
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(d))
    with pytest.raises(StateError) as err:
        Replay.load(path)
    msg = str(err.value)
    assert "decision 0, seat " in msg and f"action {bad} ({words})" in msg and "is not legal here" in msg, msg
    assert str(path) in msg
    for j in (0, 2):   # the outcome named by its place among the replay's chance outcomes
        d = json.loads(json.dumps(saved))
        d["chance"][j] = 10**6
        _refused(tmp_path, d, rf"\(chance outcome {j}\).*cannot be drawn here")
    d = json.loads(json.dumps(saved))
    d["actions"].append(d["actions"][-1])
    _refused(tmp_path, d, "the game is over but the replay has 1 more decision")
    d = json.loads(json.dumps(saved))
    d["chance"] = d["chance"][:3]
    _refused(tmp_path, d, "chance outcomes are used up")


def test_an_unfinished_game_loads_without_returns(saved, tmp_path):
    d = json.loads(json.dumps(saved))
    d["actions"] = d["actions"][:10]
    d["returns"], d["finished"] = None, False
    path = tmp_path / "part.json"
    path.write_text(json.dumps(d))
    replay = Replay.load(path)
    assert not replay.final_state().is_terminal()


def test_files_that_are_not_replays(tmp_path):
    with pytest.raises(StateError, match="no such replay file"):
        Replay.load(tmp_path / "missing.json")
    with pytest.raises(StateError, match="is a folder"):
        Replay.load(tmp_path)
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(StateError, match="not UTF-8"):
        Replay.load(tmp_path / "bin.json")


# -- what a replay file names, and what is not a replay file ------------------------------------------
def test_players_and_boardgym_version_are_checked(saved, tmp_path):
    def edit(**kw):
        d = json.loads(json.dumps(saved))
        d.update(kw)
        return d

    assert saved["players"] == 2
    _refused(tmp_path, edit(players=0), "players is 0, must be null or a number of seats")
    _refused(tmp_path, edit(players="2"), "players is the text '2'")
    _refused(tmp_path, edit(players=2.0), "players is 2.0")
    _refused(tmp_path, edit(players=3), "players is 3 but returns has 2 entries")
    _refused(tmp_path, edit(players=3, returns=None, finished=False), "says it has 3 players; its game has 2 seats")
    _refused(tmp_path, edit(boardgym_version=1), "boardgym_version is 1")
    _refused(tmp_path, edit(boardgym_version="x" * 1000), "boardgym_version is")
    Replay.load(_write(tmp_path, edit(players=None, boardgym_version=None)))  # both may be unknown


def _write(tmp_path, d) -> Path:
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(d))
    return path


def _empty_replay(name: str, **config) -> dict:
    game = make_game(name)
    return json.loads(Replay(name, dict(game.config, **config), 0, [], [], game_version=game.info.version).to_json())


@pytest.mark.parametrize("name", GAMES)
def test_a_replay_naming_a_missing_or_malformed_pack_is_refused_by_name(name, tmp_path):
    import shutil

    from ..games.test_content_mutation import shipped_pack

    _refused(tmp_path, _empty_replay(name, content_pack=str(tmp_path / "gone")),
             f"content pack cannot be loaded: {tmp_path / 'gone'}.*no such folder")
    pack = tmp_path / "pack"
    shutil.copytree(shipped_pack(name), pack)
    broken = sorted(pack.glob("*.json"))[0]
    broken.write_text("[" * 100_000 + "]" * 100_000)
    _refused(tmp_path, _empty_replay(name, content_pack=str(pack)),
             f"content pack cannot be loaded: {broken}.*nested too deeply")


def test_a_pipe_is_not_read_as_a_replay(tmp_path):
    import os

    from ..games.test_pack_files import within

    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    with within(5), pytest.raises(StateError, match="fifo.json: not a replay file: a pipe"):
        Replay.load(fifo)                                   # was: a hang


DEV_ZERO = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (768 << 20, 768 << 20))
from boardgym.core.errors import StateError
from boardgym.core.replay import Replay
for path in sys.argv[1:]:
    try:
        Replay.load(path)
    except StateError as exc:
        print("refused:", exc)
"""


def test_a_device_is_not_read_as_a_replay(tmp_path):
    """In a child process with 768 MB of memory and a time limit: reading /dev/zero would run
    until memory is out."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    root = Path(__file__).parents[2]
    proc = subprocess.run([sys.executable, "-c", DEV_ZERO, "/dev/zero", str(link)], capture_output=True, text=True,
                          timeout=60, cwd=root, env=dict(os.environ, PYTHONPATH=str(root), OPENBLAS_NUM_THREADS="1"))
    assert proc.stdout.splitlines() == ["refused: /dev/zero: not a replay file: a device, not a regular file",
                                        f"refused: {link}: not a replay file: a device, not a regular file"], \
        proc.stdout + proc.stderr[-500:]


def test_view_into_a_missing_folder_is_refused_in_words(saved, tmp_path, capsys):
    from boardgym.cli import main

    path = _write(tmp_path, saved)
    out = tmp_path / "no" / "such" / "page.html"
    assert main(["view", str(path), "-o", str(out)]) == 2                # was: a traceback
    err = capsys.readouterr().err
    assert f"the folder {out.parent} does not exist" in err, err
    assert not out.parent.exists()


def test_a_replay_file_lists_its_keys_in_order():
    """A replay's JSON text is stable for the same game: its keys are sorted at every level and
    written without spaces, so two saves of one game are byte for byte the same and a diff of
    two replays shows only what differs."""
    from .toy import ToyGame

    _, replay = play(ToyGame(), 3, lambda s: int(np.flatnonzero(s.legal_mask())[0]))
    text = replay.to_json()
    data = json.loads(text)
    assert list(data) == sorted(data) and "notes" not in data
    assert text == json.dumps(data, sort_keys=True, separators=(",", ":"))


# -- where a replay stops fitting its game, and what a Recorder keeps ----------------------------------
def test_a_refused_move_is_named_by_its_step_counting_every_move_from_0(saved, tmp_path):
    """``replay step N`` counts every move before it, decisions and chance outcomes alike, from
    0: one decision too many after a game of D decisions and C outcomes is step D + C, and the
    first decision of the game is step 0 when no chance comes before it."""
    d = json.loads(json.dumps(saved))
    moves = len(d["actions"]) + len(d["chance"])
    d["actions"].append(d["actions"][-1])
    _refused(tmp_path, d, rf"replay step {moves}: the game is over but the replay has 1 more decision")
    first = next(i for i, (_s, kind, _a) in enumerate(Replay.from_json(json.dumps(saved)).steps())
                 if kind == "decision")
    d = json.loads(json.dumps(saved))
    d["actions"][0] = 10**6
    _refused(tmp_path, d, rf"replay step {first} \(decision 0, seat ")


def test_an_action_id_past_the_catalogue_is_named_as_no_action_of_the_game(saved, tmp_path):
    """A decision whose id is the catalogue's size (one past its last action) is refused naming
    the range of the game's actions, 0..n-1, rather than put in words."""
    n = make_game("ancient_terrible_things", **saved["config"]).catalog.n
    d = json.loads(json.dumps(saved))
    d["actions"][0] = n
    _refused(tmp_path, d, rf"action {n} \(no action of this game, which has 0\.\.{n - 1}\) is not legal here")


def test_recorded_returns_must_match_to_within_rounding(saved, tmp_path):
    """Returns that differ from the replayed game's by a millionth are refused; those that differ
    by no more than float rounding (1e-12) are the game's."""
    d = json.loads(json.dumps(saved))
    d["returns"] = [r + 1e-6 for r in saved["returns"]]
    _refused(tmp_path, d, "replaying gives")
    d["returns"] = [r + 1e-12 for r in saved["returns"]]
    assert Replay.load(_write(tmp_path, d)).returns == d["returns"]


def test_a_recorder_keeps_returns_only_for_a_finished_game():
    """``Recorder.replay(state)`` records the returns of a finished game; a game still going, or
    no state given, leaves them out (the replay is of an unfinished game)."""
    from .toy import ToyGame

    game = ToyGame()
    rec, state = Recorder(game, 0, agents=["a", 7]), game.new_initial_state()
    for a in (2, 2):
        state.apply(a)
        rec.decision(a)
    assert rec.replay(state).returns is None and rec.replay().returns is None
    state.apply(2)
    rec.decision(2)
    assert state.is_terminal()
    r = rec.replay(state)
    assert r.returns == [1.0, -1.0] and r.actions == [2, 2, 2] and r.agents == ["a", "7"]


def test_a_recorders_notes_point_at_the_decision_just_recorded():
    """An agent's note is kept with the index of the decision recorded last (its own); an empty
    note or None keeps nothing, and a replay without notes has None (no key in the file)."""
    from .toy import ToyGame

    rec = Recorder(ToyGame())
    rec.decision(1)
    rec.note(None)
    rec.note({})
    assert rec.replay().notes is None
    rec.decision(2)
    rec.note({"said": "two"})
    assert rec.replay().notes == [{"said": "two", "decision": 1}]


@pytest.mark.parametrize("off,loads", [(1e-9, True), (2e-9, False)])
def test_recorded_returns_are_read_to_within_1e_9(saved, tmp_path, off, loads):
    """A replay's recorded returns are compared with the replayed game's to within 1e-9 (a
    float written as JSON text and read back): seat 0's 0.0 recorded as exactly 1e-9 loads,
    recorded as 2e-9 it is refused, naming both lists."""
    d = json.loads(json.dumps(saved))
    assert d["returns"][0] == 0.0
    d["returns"] = [off] + d["returns"][1:]
    if loads:
        path = tmp_path / "near.json"
        path.write_text(json.dumps(d))
        assert Replay.load(path).returns[0] == off
    else:
        _refused(tmp_path, d, r"replay records returns \[2e-09, .*\], replaying gives \[0.0, ")


def test_a_number_too_long_to_read_is_refused_with_the_reason_cut_to_80_characters(tmp_path):
    """A replay file holding an integer of 5,000 digits is refused as JSON that cannot be read,
    with Python's reason cut to its first 80 characters."""
    text = '{"seed": ' + "9" * 5000 + "}"
    try:
        json.loads(text)
    except ValueError as exc:
        reason = str(exc)
    assert len(reason) > 80
    path = tmp_path / "long.json"
    path.write_text(text)
    with pytest.raises(StateError) as err:
        Replay.load(path)
    assert str(err.value) == f"{path}: corrupt replay: not JSON that can be read: {reason[:80]}"

