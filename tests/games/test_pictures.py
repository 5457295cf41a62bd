"""The ``rgb_array`` picture of every game package and each of its registered test configs
(DESIGN: adapters): an ``HxWx3 uint8`` array of one even size for the whole
episode, that changes when anything public changes, and never shows what is hidden (pictures
are public: states that differ only in hidden parts, or in a simultaneous choice not yet
revealed, look the same). A game without a ``picture`` module gets its text drawn instead.

Nothing here names a game: a new game joins by registering its package and test configs.
"""
import json

import numpy as np
import pytest

from boardgym.core import CHANCE
from boardgym.core import draw as D
from boardgym.core.game import State
from boardgym.envs.registry import test_configs as configs_of
from boardgym.games import GAMES, make_game
from tests.games.soundness import random_play

CASES = [(g, i) for g in GAMES for i in range(len(configs_of(g)))]
IDS = [f"{g}-{json.dumps(configs_of(g)[i], sort_keys=True)}" for g, i in CASES]
DECISIONS = 80  # pictures per fuzzed game (each a few ms)


def _fuzz(name, i, seed):
    """(game, copies of the decision states and a few chance nodes of a random game, the state
    where it stopped: terminal, or after ``DECISIONS`` decisions)."""
    game = make_game(name, **configs_of(name)[i])
    s = game.new_initial_state()
    rng = np.random.default_rng(seed)
    states = []
    for _ in random_play(s, rng):
        if len(states) >= DECISIONS:
            break
        if s.current_player != CHANCE or rng.random() < 0.05:  # a few chance nodes too
            states.append(s.clone())
    return game, states, s


def _public(state):
    """Every seat's observation: a change that every seat sees is a public change."""
    return [state.observation(p).copy() for p in range(state.game.num_players)]


@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_pictures_have_one_size_and_follow_public_changes(name, i):
    """One even ``HxWx3 uint8`` size per configuration for every state of every episode (video
    encoders and RecordVideo need it), the final state included; and whenever every seat's view
    changes between two decisions, the picture changes too."""
    sizes = set()
    changes = 0
    game, states, final = _fuzz(name, i, 0)
    prev = None
    for s in states + [final]:
        pic = s.render_rgb()
        assert isinstance(pic, np.ndarray) and pic.dtype == np.uint8 and pic.ndim == 3
        assert pic.shape[2] == 3 and pic.shape[0] % 2 == 0 and pic.shape[1] % 2 == 0
        sizes.add(pic.shape)
        view = _public(s)
        if prev is not None and all(not np.array_equal(a, b) for a, b in zip(view, prev[1])):
            changes += 1
            assert not np.array_equal(pic, prev[0]), (
                f"every seat's view changed but the picture did not:\n{s.render()}")
        prev = (pic, view)
    assert len(sizes) == 1, sizes
    assert changes > 15  # the comparison above ran on many public changes


@pytest.mark.parametrize("name", GAMES)
def test_pictures_draw_nothing_hidden(name):
    """Hidden parts are not drawn, over every test config of the game: a redeterminized state
    (its hidden parts resampled consistently with what a seat has seen) gives the same picture,
    for every seat; and while a simultaneous choice is open, one seat's choice does not change
    the picture (commitments are hidden until revealed)."""
    resampled = simultaneous = open_choices = 0
    overrides = None
    for i in range(len(configs_of(name))):
        game, states, _ = _fuzz(name, i, 2)
        overrides = states[0].redraws_hidden()
        rng = np.random.default_rng(i)
        for s in states[::6]:
            pic = s.render_rgb()
            for p in range(game.num_players):
                d = s.redeterminize(p, rng)
                resampled += d.to_json() != s.to_json()
                assert np.array_equal(d.render_rgb(), pic), f"config {i}, seat {p}: a hidden part shows"
        for s in states:
            if s.current_player < 0 or len(s.acting_players()) < 2:
                continue
            open_choices += 1
            t = s.clone()
            t.apply(int(np.flatnonzero(t.legal_mask())[0]))  # the lowest acting seat chooses
            if t.current_player >= 0 and set(t.acting_players()) < set(s.acting_players()):
                simultaneous += 1
                assert np.array_equal(t.render_rgb(), s.render_rgb()), f"config {i}: a commitment shows"
    if overrides:  # the game has hidden parts to resample: the comparison was not vacuous
        assert resampled > 0
    assert simultaneous > 0 or open_choices == 0


def test_each_game_draws_its_own_picture():
    """Every registered game has a picture module (boardgym/games/<game>/picture.py), found by
    its package; it is not the text picture."""
    for name in GAMES:
        game = make_game(name, **configs_of(name)[0])
        assert D.picture_for(game) is not D._text_of, name
        s = game.new_initial_state()
        assert not np.array_equal(s.render_rgb(), D.text_picture(s.render()))


class _TextOnlyGame:
    """A game class in a package without a picture module (this tests package)."""


class _TextOnlyState:
    def __init__(self, text):
        self.game = _TextOnlyGame()
        self.text = text

    def render(self):
        return self.text

    render_rgb = State.render_rgb


def test_a_game_without_a_picture_module_gets_its_text_at_one_size():
    """The fallback: the text render drawn on a fixed canvas, the same size whatever the text
    (short, long, wide, accented), so a new game records videos from its first day."""
    short = _TextOnlyState("P0 decides: roll")
    long = _TextOnlyState("\n".join(f"line {k}: Café – naïve → {'x' * k}" for k in range(200)))
    wide = _TextOnlyState("w" * 2000)
    assert D.picture_for(short.game) is D._text_of
    pics = [st.render_rgb() for st in (short, long, wide)]
    assert len({p.shape for p in pics}) == 1 and pics[0].shape == (720, 1280, 3)
    assert all(p.dtype == np.uint8 for p in pics)
    assert not np.array_equal(pics[0], pics[1]) and not np.array_equal(pics[1], pics[2])
    assert np.array_equal(short.render_rgb(), pics[0])  # deterministic


def test_text_fitting_and_characters_the_font_lacks():
    """Text the bundled font cannot show is written the way it can (no boxes), and fitted text
    never runs past its width."""
    assert D.plain("Café – naïve → 3×2") == "Cafe - naive -> 3x2"
    assert D.plain("Ωmega") == "?mega"
    text, size = D.fit_text("a long card name that does not fit in the box", 120, 14)
    assert D.text_width(text, size) <= 121 and text.endswith("…") and size < 14
    lines = D.wrap("one two three four five six seven eight nine ten", 80, 12)
    assert len(lines) > 1 and all(D.text_width(x, 12) <= 81 for x in lines)
    assert " ".join(lines) == "one two three four five six seven eight nine ten"
    with pytest.raises(ValueError, match="even"):
        D.Canvas(101, 100)
