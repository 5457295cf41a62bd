"""The viewer's full state is player words with every hidden part included: the acting seat's
table (``describe.state_text``) and the game's ``describe.hidden_lines``, no internal code.
Generic over every registered game."""
from __future__ import annotations

import importlib

import pytest

from boardgym.games import GAMES
from boardgym.terminal.words import Words
from boardgym.viewer import collect, play_replay
from boardgym.viewer.collect import HIDDEN_HEAD
from tests.terminal.test_pty_games import CODE


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_hidden_lines_that_run_on_every_state(game):
    hidden = importlib.import_module(f"boardgym.games.{game}.describe").hidden_lines
    replay = play_replay(game, ["random"], seed=3)
    n = 0
    for state, _kind, _a in replay.steps(replay.make_game()):
        lines = hidden(state)
        assert lines and all(isinstance(x, str) and x for x in lines)
        n += 1
    assert n > 10


@pytest.mark.parametrize("game", GAMES)
def test_the_full_state_is_player_words(game):
    data = collect(play_replay(game, ["random"], seed=2), max_steps=10)
    for st in data["steps"]:
        head, sep, hidden = st["x"].partition(HIDDEN_HEAD)
        assert sep and hidden.strip(), st["x"]
        for line in st["x"].splitlines():
            assert not CODE.search(line), line


def test_paleo_full_state_names_hidden_fronts_its_seats_do_not():
    data = collect(play_replay("paleo", ["heuristic"], seed=1), max_steps=6)
    cards = play_replay("paleo", ["random"], seed=0).make_game().content.cards
    names = {c.name for c in cards}
    for st in data["steps"]:
        hidden = st["x"].partition(HIDDEN_HEAD)[2]
        own = "\n".join(st["v"])
        unseen = [nm for nm in names if nm in hidden and nm not in own]
        assert unseen, hidden


def test_a_game_without_hidden_lines_falls_back_to_its_render(monkeypatch):
    from boardgym.viewer.collect import full_text

    words = Words("paleo")
    monkeypatch.setattr(words, "_hidden", None)
    replay = play_replay("paleo", ["random"], seed=0)
    state = next(s for s, kind, _a in replay.steps(replay.make_game()) if kind == "decision")
    assert words.hidden(state) is None and full_text(state, words) == state.render()


def test_tides_hidden_hands_are_in_the_full_state_only():
    data = collect(play_replay("tides_of_ruin_arcade", ["random"], 1,
                               {"num_players": 2, "hidden_hands": True}), max_steps=4)
    st = data["steps"][-1]
    hidden = st["x"].partition(HIDDEN_HEAD)[2]
    assert "Player 0's hand:" in hidden and "Player 1's hand:" in hidden
    assert not any(CODE.search(x) for x in hidden.splitlines())
    # seat 1 sees only how many cards seat 0 holds; the full state names them
    theirs = next(x for x in st["v"][1].splitlines() if x.startswith("  player 0: order markers "))
    assert theirs.endswith(" cards") or theirs.endswith(" card"), theirs
    named = next(x for x in hidden.splitlines() if "Player 0's hand:" in x).split(": ", 1)[1]
    assert named != "empty" and named not in theirs
