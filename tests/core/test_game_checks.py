"""What the game base (``core.game``) and the frame engine (``core.engine``) check for every game,
on the toy game of ``tests/core/toy.py``: a loaded state's consistency (``_check_loaded``: its
invariants' problems, the player to decide), the action ids ``apply`` takes and refuses, the
range an out-of-space action is told, and the default seat of ``score``."""
import numpy as np
import pytest

from boardgym.core import CHANCE, TERMINAL, IllegalActionError, StateError
from boardgym.core.game import State

from .toy import ToyGame, saved


def _loaded(n=2, **fields):
    game = ToyGame(num_players=n)
    return game.state_from_fields(saved(n, **fields))


# -- a loaded state's consistency -------------------------------------------------------------------
@pytest.mark.parametrize("count", [1, 2, 3])
def test_a_broken_invariant_is_named_in_full_up_to_three(count):
    with pytest.raises(StateError) as err:
        _loaded(problems=count)
    assert str(err.value) == "corrupt saved state: " + "; ".join(f"problem {i}" for i in range(count))


def test_more_than_three_broken_invariants_name_the_first_three():
    with pytest.raises(StateError) as err:
        _loaded(problems=5)
    assert str(err.value) == "corrupt saved state: problem 0; problem 1; problem 2"


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_player_to_decide_must_be_a_seat(n):
    """Seats 0..n-1 load; seat n (the first past the last) and beyond are refused by name."""
    for seat in range(n):
        assert _loaded(n, pend=[[0, seat]]).current_player == seat
    for seat in (n, n + 1, 7):
        with pytest.raises(StateError, match=f"the player to decide, {seat}, is not a seat"):
            _loaded(n, pend=[[0, seat]])


def test_a_pending_decision_with_no_legal_action_is_refused(monkeypatch):
    """A save whose seat to decide has nothing legal to do would stop every agent: refused,
    naming the seat; the same save loads while the seat has a legal action."""
    from .toy import ToyState

    assert _loaded(pend=[[0, 1]]).current_player == 1
    plain = ToyState.legal_mask_for
    monkeypatch.setattr(ToyState, "legal_mask_for",
                        lambda self, seat: plain(self, seat) & (seat != 1))
    assert _loaded(pend=[[0, 0]]).current_player == 0
    with pytest.raises(StateError, match="the pending decision of seat 1 has no legal action"):
        _loaded(pend=[[0, 1]])


def test_a_check_that_fails_unexpectedly_still_refuses_the_save_saying_why(monkeypatch):
    """An error no check names (a bug, or a save no check foresaw) still refuses the save, as a
    StateError giving the error's kind and its first 80 characters."""
    from .toy import ToyState

    why = "".join(str(i % 10) for i in range(100))

    def broken(self):
        raise ValueError(why)
    monkeypatch.setattr(ToyState, "_check_loaded", broken)
    with pytest.raises(StateError) as err:
        _loaded()
    assert str(err.value) == f"corrupt saved state: checking it failed (ValueError: {why[:80]})"


def test_a_pending_chance_node_and_the_end_load():
    s = _loaded(cq=[[0, 0]])
    assert s.is_chance_node() and s.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    s = _loaded(pend=[], over=1, points=[4, 2])
    assert s.is_terminal() and s.legal_actions() == [] and s.returns() == [1.0, -1.0]
    with pytest.raises(StateError, match="nothing pending and not over"):
        _loaded(pend=[])


def test_a_save_round_trips_through_json():
    game = ToyGame()
    s = game.new_initial_state()
    s.apply(2)
    s.apply(1)
    again = game.state_from_json(s.to_json())
    assert again._dump() == s._dump() == saved(points=[2, 1])


# -- the action ids apply takes ----------------------------------------------------------------------
@pytest.mark.parametrize("action", [2, np.int64(2), np.int8(2), np.array(2)])
def test_apply_takes_an_int_a_numpy_integer_or_a_0d_array_as_the_same_int(action):
    """Whatever integer type it is given, the rules receive a Python int: the state stays JSON."""
    s = ToyGame().new_initial_state()
    s.apply(action)
    assert s.points == [2, 0] and all(type(x) is int for x in s.points)
    assert ToyGame().state_from_json(s.to_json())._dump() == s._dump()


@pytest.mark.parametrize("action", [True, False, 1.0, 2.0, "1", None, np.float64(1.0), np.array([1]),
                                    np.array(True)])
def test_apply_refuses_what_is_not_an_integer_id_and_changes_nothing(action):
    for s in (ToyGame().new_initial_state(), _loaded(cq=[[0, 0]])):   # a decision, a chance node
        before = s._dump()
        with pytest.raises(IllegalActionError, match="not an integer action id"):
            s.apply(action)
        assert s._dump() == before


class _Plain(State):
    """A state on the game base alone (no frame engine): every action of the catalogue legal."""

    __slots__ = ("applied",)

    def __init__(self, game):
        self.game, self.applied = game, []

    @property
    def current_player(self):
        return 0

    def legal_mask(self):
        return np.ones(self.game.catalog.n, dtype=bool)

    def _apply(self, action):
        self.applied.append(action)


@pytest.mark.parametrize("make", [lambda g: g.new_initial_state(), _Plain], ids=["frame", "base"])
def test_an_action_outside_the_space_is_told_the_space(make):
    """The toy's catalogue holds 3 actions: 0..2 is the space, 3 and -1 are outside it."""
    game = ToyGame()
    s = make(game)
    for a in (3, -1, 10**6):
        with pytest.raises(IllegalActionError) as err:
            s.apply(a)
        assert err.value.action == a and "outside the action space 0..2" in str(err.value)
    s.apply(np.int64(2))  # the last action of the space is inside it
    if isinstance(s, _Plain):
        assert s.applied == [2] and type(s.applied[0]) is int
        s.apply(0)        # the first action of the space too
        assert s.applied == [2, 0]
    else:                 # the toy's NOOP is inside the space, and not legal for the seat deciding
        with pytest.raises(IllegalActionError) as err:
            s.apply(0)
        assert "outside the action space" not in str(err.value) and "NOOP" in str(err.value)
        with pytest.raises(IllegalActionError, match="not an integer action id"):
            s.apply(True)


# -- score ---------------------------------------------------------------------------------------------
def test_score_without_a_seat_is_seat_0s():
    for points in ([3, 5], [5, 3], [1, 0, 4]):
        s = _loaded(len(points), points=points)
        assert [s.score(p) for p in range(len(points))] == points
        assert s.score() == points[0]


class _PlainChance(_Plain):
    """A base-class state at a chance node whose outcomes are 0 and 2 (or at the end)."""

    __slots__ = ("player",)

    def __init__(self, game, player=CHANCE):
        super().__init__(game)
        self.player = player

    @property
    def current_player(self):
        return self.player

    def _chance_outcomes(self):
        return [(0, 0.5), (2, 0.5)]


def test_the_base_state_applies_only_a_listed_outcome_and_nothing_at_the_end():
    """``State.apply`` on the game base alone (a game not on the frame engine): at a chance node
    an id the node lists is applied and any other is refused in words; at the end every id is."""
    s = _PlainChance(ToyGame())
    with pytest.raises(IllegalActionError, match="not an outcome of the pending chance node"):
        s.apply(1)
    s.apply(2)
    assert s.applied == [2]
    over = _PlainChance(ToyGame(), TERMINAL)
    with pytest.raises(IllegalActionError, match="the game is over"):
        over.apply(0)
    assert over.applied == []


def test_a_state_on_the_base_alone_has_no_shaping_potential():
    """``State.potential`` (potential-based shaping, r + gamma * phi' - phi): a game that does not
    define one shapes nothing, so the base gives 0 to every seat, in every state."""
    s = _Plain(ToyGame())
    assert [s.potential(p) for p in range(2)] == [0.0, 0.0]
    s.apply(1)
    assert s.potential(1) == 0.0


def test_a_game_that_declares_no_rules_version_is_at_version_0():
    """``GameInfo.version`` (the rules' version a save and a replay carry) starts at 0: the toy
    declares none, so its saves say 0, load back, and a save from version 1 is refused."""
    import json

    game = ToyGame()
    assert game.info.version == 0
    text = game.new_initial_state().to_json()
    data = json.loads(text)
    assert data["version"] == 0 and game.state_from_json(text).to_json() == text
    data["version"] = 1
    with pytest.raises(StateError, match="saved state has version 1, engine is 0"):
        game.state_from_json(json.dumps(data))


@pytest.mark.parametrize("outcomes,loads", [
    ([(0, 0.5), (1, 0.5)], True),
    ([], False),                       # nothing can come of it
    ([(0, 1.0), (1, 0.0)], False),     # an outcome that cannot happen, though the sum is 1
    ([(0, 0.5), (1, 0.4)], False),     # chances that do not add up to 1
])
def test_a_saved_chance_node_needs_possible_outcomes_that_add_up(monkeypatch, outcomes, loads):
    """A loaded state at a chance node is checked like the engine's own: each listed outcome has
    a chance above 0 and the chances add up to 1, else the save is refused in words."""
    from .toy import RULES

    monkeypatch.setitem(RULES.chance_outcomes, 0, lambda s, arg: list(outcomes))
    if loads:
        assert _loaded(cq=[[0, 0]]).is_chance_node()
    else:
        with pytest.raises(StateError, match="the pending chance node has no possible outcome"):
            _loaded(cq=[[0, 0]])


class _PlainMasked(_PlainChance):
    """A base-class state whose seat ``player`` decides, only ADD[1] (id 2) legal, or that is at
    a chance node (the outcomes of ``_PlainChance``) or at the end."""

    __slots__ = ()

    def __init__(self, game, player=1):
        super().__init__(game, player)

    def legal_mask(self):
        m = np.zeros(self.game.catalog.n, dtype=bool)
        m[2] = True
        return m

    def clone(self):
        c = _PlainMasked(self.game, self.player)
        c.applied = self.applied[:]
        return c


def test_what_the_base_state_answers_at_a_decision_a_chance_node_and_the_end():
    """What ``State`` gives every game that does not define its own: at seat 1's decision the
    legal ids are the mask's, seat 1's mask is its decision's (a copy) and any other seat's is
    NOOP alone; an illegal id is refused naming the action in words and why; no chance outcomes
    and no broken invariant are reported; a redeterminized state is a copy (it re-draws
    nothing). At a chance node no seat acts and no action is legal; at the end neither."""
    s = _PlainMasked(ToyGame(), player=1)
    assert s.acting_players() == [1] and s.legal_actions() == [2] and s.chance_outcomes() == []
    first = _PlainMasked(ToyGame(), player=0)
    assert first.acting_players() == [0] and first.legal_actions() == [2]
    mine, other = s.legal_mask_for(1), s.legal_mask_for(0)
    assert mine.tolist() == [False, False, True] and mine is not s.legal_mask()
    assert other.tolist() == [True, False, False]
    assert s.action_to_string(2) == "ADD[1]" and s.action_to_string(0) == "NOOP"
    with pytest.raises(IllegalActionError) as err:
        s.apply(1)
    assert str(err.value) == "illegal action 1 (ADD[0]): not in the legal mask of the pending decision"
    assert s.applied == [] and s.invariant_errors() == [] and not s.redraws_hidden()
    copy = s.redeterminize(1, np.random.default_rng(0))
    assert copy is not s and copy.player == 1 and copy.applied == []
    chance = _PlainMasked(ToyGame(), player=CHANCE)
    assert chance.acting_players() == [] and chance.legal_actions() == []
    assert chance.chance_outcomes() == [(0, 0.5), (2, 0.5)] and chance.is_chance_node()
    over = _PlainMasked(ToyGame(), player=TERMINAL)
    assert over.legal_actions() == [] and over.chance_outcomes() == [] and over.is_terminal()
    assert not over.is_chance_node() and not chance.is_terminal()


@pytest.mark.parametrize("phase,named", [(0, "'first step' phase"), (1, "'second' phase"),
                                         (2, "'2' phase"), (-1, "'-1' phase"), ("odd", "'odd' phase")])
def test_the_step_limit_error_names_the_phase_or_what_the_state_holds(phase, named):
    """A game whose content loops stops after ``MAX_AUTO_STEPS`` automatic steps with an error
    naming the game and the phase it looped in (underscores read as spaces). A phase number
    outside the game's list of phases (one past its end, or below 0), or not a number, is shown
    as it is instead of failing while the error is written."""
    from types import SimpleNamespace

    from boardgym.core.errors import StepLimitError
    from boardgym.core.game import MAX_AUTO_STEPS, step_limit_error

    state = SimpleNamespace(phase=phase, game=ToyGame())
    err = step_limit_error(state, ("first_step", "second"))
    assert isinstance(err, StepLimitError)
    assert str(err).startswith(f"Toy: the game ran {MAX_AUTO_STEPS:,} automatic steps in its {named}")
