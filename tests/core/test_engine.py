"""The frame engine (``core.engine``), for every registered game: one ``FrameState`` answers the
engine contract over the game's ``Rules`` table, bound to the game class, and no game state
re-implements it; ``apply`` checks against the mask or chance outcomes the caller listed, not
computing them again; the illegal-action message names the pending decision and the legal
actions in every game."""
import numpy as np
import pytest

from boardgym.core import CHANCE, TERMINAL, IllegalActionError, sample_outcome
from boardgym.core.engine import FrameState, Rules
from boardgym.envs.registry import test_configs as configs_of
from boardgym.games import GAMES, make_game
from tests.games.soundness import random_play

# what the engine answers for every game: a state class defining one of these re-delegates it
# (a game may still put a fast path of its own in front of ``apply``: Paleo's deal nodes)
ENGINE = ("current_player", "chance_outcomes", "_chance_outcomes", "_why_illegal", "observation",
          "observation_dict", "render", "invariant_errors", "returns", "potential", "score",
          "redeterminize")


def _game(name):
    return make_game(name, **configs_of(name)[0])


@pytest.mark.parametrize("name", GAMES)
def test_every_game_runs_on_the_core_engine(name):
    game = _game(name)
    cls = game.state_class
    assert issubclass(cls, FrameState), f"{name}: {cls.__name__} is not a core.engine.FrameState"
    assert isinstance(type(game).rules, Rules), f"{name}: its game class binds no Rules table"
    own = sorted(set(vars(cls)) & set(ENGINE))
    assert not own, f"{name}: {cls.__name__} defines {own} itself instead of its Rules table"
    state = game.new_initial_state()
    assert state.game.rules is type(game).rules


def _play_until(state, rng, want_chance, limit=5000):
    """Random play until a chance node (``want_chance``) or a decision is pending."""
    for _ in random_play(state, rng, max_steps=limit):
        if (state.current_player == CHANCE) == want_chance:
            return
    assert state.current_player != TERMINAL, "the game ended first"
    raise AssertionError("no such node reached")


@pytest.mark.parametrize("name", GAMES)
def test_apply_checks_against_the_outcomes_listed(name, monkeypatch):
    """At a chance node, ``apply`` after ``chance_outcomes()`` checks the outcome against that
    list instead of building it again; an outcome outside it is refused and changes nothing."""
    game = _game(name)
    state = game.new_initial_state()
    _play_until(state, np.random.default_rng(0), want_chance=True)
    rules = type(game).rules
    built = []
    table = dict(enumerate(rules.chance_outcomes)) if isinstance(rules.chance_outcomes, list) \
        else dict(rules.chance_outcomes)
    counting = {k: (lambda f: lambda s, arg: built.append(1) or f(s, arg))(f) for k, f in table.items()}
    monkeypatch.setattr(rules, "chance_outcomes", counting)
    outcomes = state.chance_outcomes()
    assert len(built) == 1
    saved = state._dump()
    bad = max(o for o, _ in outcomes) + 1000
    with pytest.raises(IllegalActionError, match="not an outcome of the pending chance node"):
        state.apply(bad)
    assert state._dump() == saved
    state.apply(sample_outcome(outcomes, np.random.default_rng(1)))
    assert len(built) == 1, "apply listed the chance outcomes again"


@pytest.mark.parametrize("name", GAMES)
def test_illegal_action_message_names_the_decision(name):
    game = _game(name)
    state = game.new_initial_state()
    _play_until(state, np.random.default_rng(0), want_chance=False)
    mask = state.legal_mask()
    illegal = np.flatnonzero(~mask)
    assert len(illegal), "every action legal"
    saved = state._dump()
    kind, seat = state.pend[-1][0], state.pend[-1][1]
    rules = type(game).rules
    with pytest.raises(IllegalActionError) as err:
        state.apply(int(illegal[0]))
    msg = str(err.value)
    assert f"the pending decision is '{rules.decision_names[kind]}' for {rules.seat} {seat}" in msg
    for a in np.flatnonzero(mask)[:3]:
        assert game.catalog.describe(int(a)) in msg
    assert state._dump() == saved
    with pytest.raises(IllegalActionError, match="outside the action space"):
        state.apply(game.catalog.n)


def test_rules_refuse_an_unknown_entry_and_import_a_named_module_on_first_use():
    with pytest.raises(TypeError, match="no entry"):
        Rules(obsevation=None)
    with pytest.raises(TypeError):
        Rules("boardgym.games.paleo")   # the package is named, never read from a position
    rules = Rules(render="boardgym.core.chance:sample_outcome")
    assert rules.render is not sample_outcome
    assert rules.render([(7, 1.0)], None) == 7  # imported and called
    assert rules.render is sample_outcome
    with pytest.raises(NotImplementedError, match="this game has no returns"):
        rules.returns(None)


@pytest.mark.parametrize("name", GAMES)
def test_redraws_hidden_says_whether_redeterminize_resamples(name):
    """``redraws_hidden()`` is what leak tests read to know their re-draw check is not vacuous:
    False means ``redeterminize`` is a plain copy in every state; True that the game's Rules
    table re-draws hidden parts."""
    game = _game(name)
    rng = np.random.default_rng(0)
    state = game.new_initial_state()
    redraws = state.redraws_hidden()
    assert redraws == (type(game).rules.redeterminize is not None)
    for _ in random_play(state, rng, max_steps=300):
        if state.current_player != CHANCE and not redraws:
            for q in range(game.num_players):
                assert state.redeterminize(q, rng).to_json() == state.to_json(), f"{name}: seat {q}"


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_are_the_masks_ids_at_a_decision_and_none_elsewhere(name):
    """``legal_actions()`` (OpenSpiel's list form of the mask): at every decision of a random
    game, seat 0's included, the ids the legal mask holds; at a chance node and at the end,
    none."""
    state = _game(name).new_initial_state()
    seen = set()
    for _ in random_play(state, np.random.default_rng(0), max_steps=3000):
        p = state.current_player
        if p == CHANCE:
            assert state.legal_actions() == []
        else:
            assert state.legal_actions() == np.flatnonzero(state.legal_mask()).tolist()
        seen.add(p)
    assert 0 in seen and CHANCE in seen
    assert state.is_terminal() and state.legal_actions() == []
