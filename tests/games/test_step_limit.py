"""No content can hang the engine: one ``apply`` runs at most ``MAX_AUTO_STEPS`` automatic steps
(``core.game.AUTO_STEPS``, the loop of every game's phase machine) before it reaches a
decision, a chance node or the end, else it raises ``StepLimitError`` naming the game and the
phase. Every test here runs under an alarm, so an engine without the bound fails instead of
hanging."""
import dataclasses
import importlib
import signal
from contextlib import contextmanager

import numpy as np
import pytest

from boardgym.core import TERMINAL
from boardgym.core.errors import BoardgymError, StepLimitError
from boardgym.core.game import MAX_AUTO_STEPS
from boardgym.envs.registry import test_configs as configs_of
from boardgym.games import GAMES, make_game
from tests.games.soundness import random_play

ALARM_S = 30  # far above what the bound needs (MAX_AUTO_STEPS steps take well under a second)


@contextmanager
def alarm(seconds=ALARM_S):
    """Fail (TimeoutError) instead of hanging when the code inside does not return."""
    def hang(signum, frame):
        raise TimeoutError(f"apply() did not return within {seconds} s: the engine loops unbounded")

    old = signal.signal(signal.SIGALRM, hang)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("name", GAMES)
def test_a_phase_machine_that_loops_raises_naming_game_and_phase(name, monkeypatch):
    """Every phase step made a no-op: the first time the game's phase machine must step on, its
    automatic steps loop with nothing pending. ``apply`` raises ``StepLimitError`` (a boardgym
    error) naming the game's title and the phase in words, instead of never returning."""
    game = make_game(name)
    rng = np.random.default_rng(0)
    state = game.new_initial_state()
    for _ in random_play(state, rng, max_steps=3):  # a few steps in: the machine is running
        pass
    flow = importlib.import_module(f"boardgym.games.{name}.flow")
    kinds = importlib.import_module(f"boardgym.games.{name}.kinds")
    monkeypatch.setattr(flow, "STEPS", {phase: (lambda s: None) for phase in flow.STEPS})
    with alarm(), pytest.raises(StepLimitError) as err:
        for _ in random_play(state, rng, max_steps=5000):
            pass
        assert state.current_player != TERMINAL, f"{name}: ended without a phase step"
    assert isinstance(err.value, BoardgymError)
    text = str(err.value)
    assert game.info.title in text and f"{MAX_AUTO_STEPS:,} automatic steps" in text
    assert f"'{kinds.PHASES[state.phase].replace('_', ' ')}' phase" in text


def _looping_story(content):
    """The shipped story with the intro continuing to another section and that one back to the
    intro, neither with a choice, an effect, a combat or an ending: reading never stops."""
    story = content.story
    intro = story.sections[story.by_key[story.intro]]
    other = next(sec for sec in story.sections if sec.id != intro.id)

    def loop_to(sec, goto):
        return dataclasses.replace(sec, redirects=(), effects=(), choices=(), goto=goto, combat=0,
                                   ends=None, ending="")

    sections = list(story.sections)
    sections[intro.id] = loop_to(intro, other.key)
    sections[other.id] = loop_to(other, intro.key)
    return dataclasses.replace(content, story=dataclasses.replace(story, sections=tuple(sections)))


def test_a_primeval_peril_story_that_loops_without_a_choice_raises():
    """A story pack whose sections lead to one another with no choice (the loader's story-graph
    check refuses such a pack; built here in memory, past the loader, as a pack the check missed
    would be): reading the intro after the starting tokens are placed (PP-SETUP-4, 5) raises
    ``StepLimitError`` naming Primeval Peril and its setup phase, instead of hanging."""
    from boardgym.games.primeval_peril.content import load_content
    from boardgym.games.primeval_peril.game import PrimevalGame

    game = PrimevalGame.from_content(_looping_story(load_content()))
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    with alarm(), pytest.raises(StepLimitError) as err:
        for _ in random_play(state, rng, max_steps=200):
            pass
    text = str(err.value)
    assert "Primeval Peril" in text and "'setup' phase" in text and "story sections" in text


@pytest.mark.parametrize("name", GAMES)
def test_legal_play_stays_far_below_the_bound(name, monkeypatch):
    """The most automatic steps one ``apply`` takes in seeded random games of every test config
    (counted through the shared bound) is a tiny fraction of ``MAX_AUTO_STEPS``: the bound is
    never hit in legal play (measured: at most 16, Paleo)."""
    flow = importlib.import_module(f"boardgym.games.{name}.flow")
    most = [0]

    class Counted:  # the shared bound, counting the steps each loop takes
        def __iter__(self):
            for n in range(MAX_AUTO_STEPS):
                most[0] = max(most[0], n + 1)
                yield n

    monkeypatch.setattr(flow, "AUTO_STEPS", Counted())
    for cfg in configs_of(name):
        game = make_game(name, **cfg)
        for seed in range(2):
            rng = np.random.default_rng(seed)
            state = game.new_initial_state()
            for _ in random_play(state, rng):
                pass
    assert 1 < most[0] <= 100, f"{name}: {most[0]} automatic steps in one apply"
    assert MAX_AUTO_STEPS >= 100 * 100
