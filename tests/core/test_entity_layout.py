"""The observation layout's entity sets and decision-kind piece (``ObsLayout.entities``,
``ObsLayout.decision_kind``): every game declares them on real pieces, and the declarations
change nothing in the vector."""
from __future__ import annotations

import numpy as np
import pytest

from boardgym.core.game import CHANCE
from boardgym.core.observation import ObsLayout
from boardgym.games import GAMES, make_game
from tests.games.soundness import random_play


def observations(game, seed: int, steps: int):
    """``(observation of the seat to decide, state)`` along a seeded uniform playout."""
    out = []
    for state in random_play(game.new_initial_state(), np.random.default_rng(seed)):
        if state.current_player != CHANCE:
            if len(out) == steps:
                break
            out.append(state.observation(state.current_player).copy())
    return out


@pytest.mark.parametrize("name", GAMES)
def test_entity_sets_and_decision_kind_tile_real_pieces(name):
    layout = make_game(name).layout
    pieces = {n: (o, s) for n, o, s, _ in layout.pieces}
    assert layout.entity_sets, f"{name} declares no entity set"
    for e in layout.entity_sets:
        assert e.width >= 1 and len(e.rows) >= 2, e
        spans = sorted(pieces[p] for p in e.pieces)
        # the rows cut the declared pieces exactly: row after row, no gap, nothing outside
        cells = sorted(c for r in e.rows for c in range(r, r + e.width))
        assert cells == sorted(c for o, s in spans for c in range(o, o + s)), e.name
        assert len(set(cells)) == len(cells) and 0 <= cells[0] and cells[-1] < layout.size
        assert e.presence is None or 0 <= e.presence < e.width
    owned = [p for e in layout.entity_sets for p in e.pieces]
    assert len(owned) == len(set(owned))                      # a piece in one set at most
    assert layout.decision_piece in pieces
    # the decision-kind piece is a one-hot of the kind at every decision of a real game
    sl = layout.slice(layout.decision_piece)
    seen = set()
    for obs in observations(make_game(name), 0, 150):
        kind = obs[sl]
        assert set(np.unique(kind)) <= {0.0, 1.0} and kind.sum() == 1.0
        seen.add(int(kind.argmax()))
    assert len(seen) >= 2                                      # the piece follows the decision


@pytest.mark.parametrize("name", GAMES)
def test_presence_columns_are_bits_and_absent_rows_are_empty(name):
    """A set with a presence column holds 0/1 there; an absent row carries nothing else (what
    the entity encoder relies on when it pools over the present rows only)."""
    game = make_game(name)
    layout = game.layout
    for obs in observations(game, 1, 120):
        for e in layout.entity_sets:
            rows = np.stack([obs[r:r + e.width] for r in e.rows])
            if e.presence is not None:
                col = rows[:, e.presence]
                assert set(np.unique(col)) <= {0.0, 1.0}, e.name
                assert not rows[col == 0].any(), f"{name}: an absent row of {e.name} holds values"


@pytest.mark.parametrize("name", GAMES)
def test_declarations_leave_the_vector_unchanged(name, monkeypatch):
    """The same seeded observations, and the same pieces, with the declarations made and with
    them switched off."""
    game = make_game(name)
    before = observations(game, 3, 80)
    pieces = list(game.layout.pieces)
    monkeypatch.setattr(ObsLayout, "entities", lambda self, *a, **k: None)
    monkeypatch.setattr(ObsLayout, "decision_kind", lambda self, *a, **k: None)
    bare = make_game(name)
    assert not bare.layout.entity_sets and bare.layout.decision_piece is None
    assert bare.layout.pieces == pieces and bare.layout.size == game.layout.size
    after = observations(bare, 3, 80)
    assert len(after) == len(before)
    for a, b in zip(before, after):
        assert np.array_equal(a, b)


def test_entity_declarations_are_checked():
    L = ObsLayout()
    L.add("a", 6)
    L.add("p0", 3)
    L.add("p1", 3)
    L.add("q", 4)
    L.add("r", 2)
    e = L.entities("rows", "a", 2, presence=0)
    assert e.rows == (0, 2, 4) and e.width == 2
    assert L.entities("seats", ["p0", "p1"]).rows == (6, 9)
    assert [p[:3] for p in L.pieces] == [("a", 0, 6), ("p0", 6, 3), ("p1", 9, 3), ("q", 12, 4), ("r", 16, 2)]
    assert L.size == 18
    with pytest.raises(ValueError, match=r"piece .q. \(4 values\) is not rows of width 3"):
        L.entities("bad", "q", 3)
    for width in (None, 0, -2):   # a piece cut into rows needs a width of 1 or more
        with pytest.raises(ValueError, match=rf"piece .q. \(4 values\) is not rows of width {width}"):
            L.entities("bad", "q", width)
    with pytest.raises(ValueError, match="no observation piece 'nope'"):
        L.entities("bad", "nope", 1)
    with pytest.raises(ValueError, match="already in entity set 'rows'"):
        L.entities("again", "a", 3)
    with pytest.raises(ValueError, match="must have one size"):
        L.entities("mixed", ["q", "r"])
    with pytest.raises(ValueError, match="presence column 5 is outside"):
        L.entities("far", "q", 2, presence=5)
    with pytest.raises(ValueError, match="decision kind: no observation piece"):
        L.decision_kind("kind")
    L.decision_kind("q")
    assert L.decision_piece == "q"
    assert "| `rows` | `a` | 3 x 2 | column 0 is 0 |" in L.entities_markdown()


def test_entity_declarations_at_their_bounds():
    """Rows of width 1 are rows; pieces given by list may state their common size, and are
    refused when they do not have it (the message saying it); a presence column may be any
    column of a row, from 0 to width - 1, not -1 or width."""
    L = ObsLayout()
    L.add("q", 4)
    L.add("p0", 3)
    L.add("p1", 3)
    L.add("r", 2)
    assert L.entities("cells", "q", 1).rows == (0, 1, 2, 3)
    with pytest.raises(ValueError, match=r"pieces p0, p1 must have one size \(2\), got \[3, 3\]$"):
        L.entities("seats", ["p0", "p1"], 2)
    with pytest.raises(ValueError, match=r"pieces p0, r must have one size, got \[3, 2\]$"):
        L.entities("seats", ["p0", "r"])
    for bad in (-1, 3):
        with pytest.raises(ValueError, match=rf"presence column {bad} is outside its rows \(width 3\)"):
            L.entities("seats", ["p0", "p1"], 3, presence=bad)
    assert L.entities("seats", ["p0", "p1"], 3, presence=2).presence == 2


def test_the_entities_table_says_the_decision_kind_piece_and_its_size():
    """The Markdown table of entity sets ends with the decision-kind piece and its size (the
    number of decision kinds), and has no such line when none is declared."""
    L = ObsLayout()
    L.add("a", 6)
    L.add("kind", 4)
    L.entities("rows", "a", 3)
    assert "decision kind" not in L.entities_markdown()
    L.decision_kind("kind")
    assert L.entities_markdown().splitlines()[-1] == (
        "| decision kind | `kind` | 1 x 4 | all zeros when nobody decides | one-hot of the pending decision's kind |")
