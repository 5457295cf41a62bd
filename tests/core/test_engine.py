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


# -- the engine on the toy game: masks kept, refused actions, the frame asked --------------------------
def _counting_rules(monkeypatch, seen=None):
    """The toy game's rules with a mask that counts its calls and offers +2 only to a seat that
    has no points yet; ``seen`` collects what the seat's mask says in the middle of its move."""
    from .toy import ToyGame

    calls = []
    rules = ToyGame.rules
    mask0, take0 = rules.decisions[0]

    def mask(s, frame, m):
        calls.append(1)
        m[1] = True
        m[2] = s.points[frame[1]] == 0

    def take(s, frame, action):
        s.points[frame[1]] += action
        if seen is not None:
            seen.append(s.legal_mask().tolist())
        s.pend[-1] = (0, (frame[1] + 1) % s.game.num_players)

    monkeypatch.setattr(rules, "decisions", {0: (mask, take)})
    return calls


def test_the_mask_is_computed_once_per_decision_and_kept_until_the_next_move(monkeypatch):
    """``legal_mask`` fills its array once per decision: asking again, and ``apply`` checking the
    action, reuse it (the envs ask for the mask on every step); after a move it is computed for
    the new decision."""
    from .toy import ToyGame

    calls = _counting_rules(monkeypatch)
    s = ToyGame().new_initial_state()
    assert s.legal_mask().tolist() == [False, True, True] and len(calls) == 1
    assert s.legal_mask().tolist() == [False, True, True] and len(calls) == 1
    s.apply(2)
    assert len(calls) == 1, "apply computed the mask again"
    assert s.legal_mask().tolist() == [False, True, True] and len(calls) == 2   # seat 1's


def test_invalidate_forgets_the_kept_mask_after_fields_are_edited_by_hand(monkeypatch):
    """A scripted test that edits a state's fields calls ``invalidate()``: the mask is then that
    of the edited state, not the one kept from before."""
    from .toy import ToyGame

    _counting_rules(monkeypatch)
    s = ToyGame().new_initial_state()
    assert s.legal_mask().tolist() == [False, True, True]
    s.points[0] = 3
    s.invalidate()
    assert s.legal_mask().tolist() == [False, True, False]


def test_a_rule_asking_for_the_mask_in_the_middle_of_a_move_gets_the_changed_states(monkeypatch):
    """A move's rule that reads the mask after changing the state sees the state as it is then
    (seat 0, now with points, is no longer offered +2), never the mask kept from before."""
    from .toy import ToyGame

    seen = []
    _counting_rules(monkeypatch, seen)
    s = ToyGame().new_initial_state()
    assert s.legal_mask()[2]
    s.apply(2)
    assert seen == [[False, True, False]]


@pytest.mark.parametrize("fields", [{"cq": [[0, 0]]}, {"over": 1}], ids=["chance node", "game over"])
def test_no_action_is_legal_at_a_chance_node_or_after_the_end_whatever_decision_is_stacked(fields):
    """The mask is all False at a chance node and once the game is over, even where a decision
    frame is still on the stack: an agent is never offered a move there."""
    from .toy import ToyGame, saved

    s = ToyGame().state_from_fields(saved(**fields))
    assert s.pend and not s.legal_mask().any() and not s.fresh_mask().any()


def test_apply_refuses_an_id_outside_the_action_space_naming_its_range():
    """The toy game has actions 0..2: 3 and -1 are refused as outside ``0..2`` and change nothing;
    0 is inside the space and refused as not legal instead."""
    from .toy import ToyGame

    s = ToyGame().new_initial_state()
    before = s.to_json()
    for a in (3, -1):
        with pytest.raises(IllegalActionError, match=r"outside the action space 0\.\.2$"):
            s.apply(a)
    with pytest.raises(IllegalActionError, match="the pending decision is 'take'"):
        s.apply(0)
    assert s.to_json() == before


def test_apply_refuses_a_bool_and_takes_a_numpy_integer_as_its_int():
    """``True`` is not the action 1 (a bool is refused and changes nothing); ``np.int64(2)`` is the
    action 2 and leaves plain ints in the state, which saves as one played with ``2``."""
    from .toy import ToyGame

    s, t = ToyGame().new_initial_state(), ToyGame().new_initial_state()
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(True)
    assert s.to_json() == before
    s.apply(np.int64(2))
    t.apply(2)
    assert s.to_json() == t.to_json() and type(s.points[0]) is int


def test_apply_after_the_end_says_the_game_is_over():
    from .toy import ToyGame, saved

    s = ToyGame().state_from_fields(saved(over=1, pend=[]))
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply(1)


def test_the_decision_asked_is_the_top_of_the_stack():
    """With two decisions stacked (seat 1's below, seat 0's on top) the top one is asked: seat 0
    decides, its move is the one applied, and a refused move names seat 0's decision."""
    from .toy import ToyGame, saved

    s = ToyGame().state_from_fields(saved(pend=[[0, 1], [0, 0]]))
    assert s.current_player == 0
    with pytest.raises(IllegalActionError, match="for player 0; legal"):
        s.apply(0)
    s.apply(2)
    assert s.points == [2, 0] and [list(f) for f in s.pend] == [[0, 1], [0, 1]]
