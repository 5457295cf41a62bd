"""The viewer's data and page without a browser, and the commands that make replays and pages:
``boardgym view`` (a file, or ``--game`` to play one), ``boardgym play --save-replay``,
``python -m boardgym.eval --save-replays``. Generic over every registered game."""
from __future__ import annotations

import io
import json
import re

import numpy as np
import pytest

from boardgym.cli import main as cli
from boardgym.core.replay import Replay
from boardgym.games import GAMES
from boardgym.viewer import collect, play_replay, render_page
from boardgym.terminal.words import Words
from boardgym.viewer.collect import full_text, seat_view
from tests.games.soundness import random_play


@pytest.fixture(scope="module", params=GAMES)
def game_data(request):
    replay = play_replay(request.param, ["heuristic"], seed=1)
    return replay, collect(replay, max_steps=12)


def test_every_step_holds_what_the_page_shows(game_data):
    replay, data = game_data
    game = replay.make_game()
    n = game.num_players
    assert data["shown"] == 12 and len(data["steps"]) == 13 and data["truncated"]
    w, h = data["picture"]["size"]
    t = data["picture"]["tile"]
    states = [s for s, kind, _a in _decision_states(replay, game, 13)]
    for st, state in zip(data["steps"], states):
        assert len(st["p"]) == -(-w // t) * -(-h // t)
        assert st["x"] == full_text(state, Words(game.info.name))
        assert st["v"] == [seat_view(state, s, Words(game.info.name)) for s in range(n)]
        assert sorted(int(k) for k in st["o"]) == state.acting_players()
        if st["d"] is not None:
            assert st["d"]["by"] == state.current_player and st["d"]["text"]
    assert max(max(st["p"]) for st in data["steps"]) < len(data["picture"]["sheets"]) * 256


def _decision_states(replay, game, k):
    out = []
    for state, kind, a in replay.steps(game):
        if kind == "decision":
            out.append((state.clone(), kind, a))
            if len(out) == k:
                break
    return out


def test_a_hidden_commitment_is_unseen_by_the_other_seats():
    """Paleo's groups commit at the same time, hidden from each other: in each seat's own view
    the other group's commitment is a choice it does not see (the observation did not change)."""
    replay = play_replay("paleo", ["heuristic"], seed=0)
    data = collect(replay, max_steps=20)
    hidden = [st["d"] for st in data["steps"] if st["d"] and st["d"]["hide"]]
    assert hidden and all(d["by"] not in d["hide"] for d in hidden)
    assert any("PICK" in d["text"] or "commit" in d["text"].lower() or "take" in d["text"].lower()
               for d in hidden)


def test_page_is_self_contained(game_data):
    _replay, data = game_data
    page = render_page(data)
    assert "__DATA__" not in page and "__SHEETS__" not in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<title>" + data["title"].replace("&", "&amp;") in page


def test_view_command_plays_and_writes_a_page(tmp_path):
    out = io.StringIO()
    page = tmp_path / "tides.html"
    assert cli(["view", "--game", "tides_of_ruin_arcade", "--seed", "2", "--max-steps", "5",
                "-o", str(page)], stdout=out) == 0
    assert page.exists() and (tmp_path / "tides.json").exists()
    assert f"Viewer written to {page}" in out.getvalue()
    again = tmp_path / "again.html"
    assert cli(["view", str(tmp_path / "tides.json"), "-o", str(again), "--seat", "0",
                "--max-steps", "5"], stdout=out) == 0
    assert again.exists()


def test_view_command_refuses_bad_input(tmp_path, capsys):
    replay = play_replay("ancient_terrible_things", ["random"], seed=0)
    path = replay.save(tmp_path / "att.json")
    assert cli(["view", str(path), "--seat", "7"]) == 2
    assert "--seat must be a seat of this game, 0..1, got 7" in capsys.readouterr().err
    d = json.loads(path.read_text())
    d["actions"][0] = 10**5
    path.write_text(json.dumps(d))
    assert cli(["view", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "decision 0" in err and "not legal here" in err
    assert not path.with_suffix(".html").exists()
    assert cli(["view"]) == 2 and "give a replay file" in capsys.readouterr().err
    assert cli(["view", "--game", "chess"]) == 2 and "unknown game 'chess'" in capsys.readouterr().err
    assert cli(["view", "--game", "paleo", "--agents", "nonsense"]) == 2


def test_play_saves_a_replay_even_on_quit(tmp_path):
    path = tmp_path / "mine.json"
    out = io.StringIO()
    code = cli(["play", "paleo", "--seed", "4", "--save-replay", str(path)],
               stdin=io.StringIO("q\n"), stdout=out)
    assert code == 1 and f"Replay saved to {path}" in out.getvalue()
    replay = Replay.load(path)  # the game so far: its setup's chance outcomes, no decision yet
    assert replay.returns is None and replay.source == "boardgym play" and replay.chance
    assert cli(["play", "paleo", "--save-replay", str(tmp_path / "no" / "x.json")],
               stdin=io.StringIO("q\n"), stdout=out) == 2


def test_eval_saves_every_game(tmp_path, monkeypatch):
    from boardgym.eval.__main__ import main as eval_main
    from boardgym.eval.play import REPLAYS_ENV

    monkeypatch.delenv(REPLAYS_ENV, raising=False)
    folder = tmp_path / "replays"
    assert eval_main(["--game", "tides_of_ruin_arcade", "--agents", "random,heuristic", "--games", "2",
                      "--players", "1", "--bootstrap", "0", "--out", str(tmp_path / "out"),
                      "--save-replays", str(folder)]) == 0
    monkeypatch.delenv(REPLAYS_ENV, raising=False)
    files = sorted(folder.glob("*.json"))
    assert len(files) == 4  # two games for each agent
    for f in files:
        r = Replay.load(f)
        assert r.source == "python -m boardgym.eval" and r.returns is not None and len(r.agents) == 1
    assert np.unique([f.name for f in files]).size == 4


SHORT = {"ancient_terrible_things": {"num_players": 2, "length": "short"},   # whole games, quickly
         "paleo": {"max_rounds": 2}, "tides_of_ruin_arcade": {}, "primeval_peril": {"max_turns": 2}}


@pytest.mark.parametrize("game", GAMES)
def test_the_end_and_the_score_column_in_player_words(game):
    """Who won, as the viewer's last step says it, is the terminal's line ("Winner: seat 1",
    "Result: win"), never the learners' returns; the score column is named and explained (a game
    without points shows "progress", said to be the shaping measure)."""
    from boardgym.games import make_game
    from boardgym.terminal.summary import result_line
    from boardgym.viewer.collect import score_words

    rng = np.random.default_rng(0)
    final = make_game(game, **SHORT[game]).new_initial_state()
    for _ in random_play(final, rng):   # one random game to its end
        pass
    assert re.match(r"(Result: |Winners?( \(tied\))?: seats? \d)", result_line(final, Words(game).summary(final)))
    words = score_words(final)
    assert words["score_note"].startswith(words["score_label"] + ": ")
    if not hasattr(final, "score"):
        assert words["score_label"] == "progress" and "keeps no points" in words["score_note"]


def test_a_finished_replay_page_says_who_won():
    """The page of a whole game carries the result line and the explained columns; its script
    no longer writes "returns seat 0 1" or an unexplained "running score"."""
    from boardgym.terminal.summary import result_line

    replay = play_replay("primeval_peril", ["heuristic"], seed=2, options={"max_turns": 1})
    data = collect(replay)
    final = None
    for final, _kind, _a in replay.steps(replay.make_game()):
        pass
    assert data["over"] and data["result"] == result_line(final, Words("primeval_peril").summary(final))
    assert data["score_label"] == "score" and data["score_note"]
    page = render_page(data)
    assert '": returns "' not in page and "running score" not in page
