"""The games' pictures (``render_rgb``, the viewer's board) say what the text says and keep
their words legible: no two pieces of text are drawn over each other (a panel's title over a
name), and an enemy is numbered as the text numbers it (from 1)."""
from __future__ import annotations

import importlib

import numpy as np
import pytest

from boardgym.core import draw as D
from boardgym.core.replay import random_walk
from boardgym.games import GAMES, make_game

CONFIGS = {"ancient_terrible_things": {"num_players": 4}, "paleo": {"num_groups": 4},
           "tides_of_ruin_arcade": {"num_players": 2}, "primeval_peril": {"num_players": 2}}


def _texts(monkeypatch):
    """Record every text drawn: (x0, y0, x1, y1, words)."""
    drawn = []
    real = D.Canvas.text

    def text(self, x, y, words, size=14, fill=D.INK, width=None, align="left", min_size=None):
        end = real(self, x, y, words, size, fill, width, align, min_size)
        if words and end > x:
            fitted = D.fit_text(words, width, size, min_size)[1] if width is not None else size
            height = D._mask("Ag", fitted).height
            x0 = x if align == "left" else end - (end - x) if align == "right" else x
            drawn.append((min(x0, end), y, max(x0, end), y + height, words))
        return end

    monkeypatch.setattr(D.Canvas, "text", text)
    return drawn


def _overlaps(drawn):
    out = []
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            dx = min(a[2], b[2]) - max(a[0], b[0])
            dy = min(a[3], b[3]) - max(a[1], b[1])
            if dx > 2 and dy > 3 and a[4] != b[4]:
                out.append((a[4], b[4]))
    return out


@pytest.mark.parametrize("game_name", sorted(CONFIGS))
def test_no_text_is_drawn_over_another(game_name, monkeypatch):
    picture = importlib.import_module(f"boardgym.games.{game_name}.picture")
    drawn = _texts(monkeypatch)
    game = make_game(game_name, **CONFIGS[game_name])
    states = [s for k, s in zip(range(600), random_walk(game, np.random.default_rng(1))) if k % 30 == 0]
    assert len(states) >= 8
    for s in states:
        drawn.clear()
        cv = picture.build(game)   # the backdrop (titles, names) and the frame over it
        picture._paint(cv, s)
        assert not _overlaps(drawn), _overlaps(drawn)[:5]


@pytest.mark.parametrize("game_name", ["primeval_peril", "tides_of_ruin_arcade"])
def test_enemies_are_numbered_alike_in_the_picture_and_the_text(game_name, monkeypatch):
    """The grids' titles in the picture and the table in words name enemy e as "Enemy e+1"."""
    from boardgym.terminal.words import Words

    picture = importlib.import_module(f"boardgym.games.{game_name}.picture")
    drawn = _texts(monkeypatch)
    game = make_game(game_name, num_players=1)
    words = Words(game_name)
    checked = 0
    for seed in range(6):
        for _, s in zip(range(3000), random_walk(game, np.random.default_rng(seed))):
            if not s.sg_enemy or s.current_player < 0:
                continue
            drawn.clear()
            picture._paint(picture.build(game), s)
            shown = [t[4] for t in drawn]
            text = words.table(s, s.current_player)
            for e, eid in enumerate(s.sg_enemy):
                label = f"Enemy {e + 1}, {game.sg.enemies[eid].name}"
                assert any(t.startswith(label + ":") for t in shown), (label, shown)
                assert label in text
            assert not any(t.startswith(f"[{e}]") for t in shown for e in range(len(s.sg_enemy)))
            checked += 1
            break
    assert checked >= 3


def _panels(monkeypatch):
    """Record every titled panel drawn: (x0, y0, x1, y1, title)."""
    rects = []
    real = D.Canvas.panel

    def panel(self, rect, title="", *args, **kwargs):
        rects.append((*rect, title))
        return real(self, rect, title, *args, **kwargs)

    monkeypatch.setattr(D.Canvas, "panel", panel)
    return rects


@pytest.mark.parametrize("game_name", sorted(CONFIGS))
def test_no_panel_is_left_empty(game_name, monkeypatch):
    """Every titled panel of a picture holds words in every state: what it shows, or why it is
    empty now ("no encounter revealed yet")."""
    picture = importlib.import_module(f"boardgym.games.{game_name}.picture")
    drawn, rects = _texts(monkeypatch), _panels(monkeypatch)
    game = make_game(game_name, **CONFIGS[game_name])
    states = [s for k, s in zip(range(900), random_walk(game, np.random.default_rng(2))) if k % 20 == 0]
    for s in states:
        drawn.clear()
        rects.clear()
        cv = picture.build(game)
        picture._paint(cv, s)
        for x0, y0, x1, y1, title in rects:
            if not title:
                continue
            inside = [t for t in drawn if t[4] != title and x0 <= t[0] < x1 and y0 <= t[1] < y1]
            assert inside, (title, s.current_player)
