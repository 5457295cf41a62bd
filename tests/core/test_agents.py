"""Agents in core: the chooser a game is played with (``seat_chooser``: each seat's agent, seeded
from the game's seed, and the note of the agent that decided last), ``play_agents``' check of
the chosen actions, and ``ViewAgent`` carrying out a view action's expansion over the
decisions that follow, first flat action first."""
import numpy as np
import pytest

from boardgym.core import Agent, IllegalActionError
from boardgym.core.action_views import ActionView, ViewAgent
from boardgym.core.agent import RandomAgent, seat_chooser
from boardgym.core.replay import play, play_agents

from .toy import ToyGame


class Fixed(Agent):
    """Plays ``action`` always; records its resets; says who it is in its notes."""

    def __init__(self, name, action):
        self.name, self.action, self.seeds = name, action, []

    def reset(self, seed=None):
        self.seeds.append(seed)

    def act(self, observation, legal_mask, state=None):
        return self.action

    def take_note(self):
        return {"by": self.name}


# -- seat_chooser ------------------------------------------------------------------------------------
def test_seat_chooser_seeds_every_seat_and_asks_the_seat_to_decide():
    agents = [Fixed("a", 1), Fixed("b", 2), Fixed("c", 1)]
    choose = seat_chooser(agents, 5)
    assert [a.seeds for a in agents] == [[80], [81], [82]]   # seed * 16 + seat
    s = ToyGame(num_players=3).new_initial_state()
    for seat, want in ((0, 1), (1, 2), (2, 1), (0, 1)):
        assert s.current_player == seat
        a = choose(s)
        assert a == want and choose.take_note() == {"by": agents[seat].name}
        s.apply(a)


def test_seat_chooser_notes_go_into_the_replay_with_their_decision():
    agents = [Fixed("a", 1), Fixed("b", 2)]
    final, replay = play(ToyGame(), 3, seat_chooser(agents, 3))
    assert final.is_terminal() and final.points == [2, 4] and replay.actions == [1, 2, 1, 2]
    assert replay.notes == [{"by": "a", "decision": 0}, {"by": "b", "decision": 1},
                            {"by": "a", "decision": 2}, {"by": "b", "decision": 3}]


def test_seat_chooser_without_notes_takes_none():
    choose = seat_chooser([RandomAgent(), RandomAgent()], 0)
    assert choose.take_note() is None   # nothing decided yet
    choose(ToyGame().new_initial_state())
    assert choose.take_note() is None   # an agent without take_note


# -- play_agents ---------------------------------------------------------------------------------------
def test_play_agents_plays_legal_choices_to_the_end():
    final = play_agents(ToyGame(), 0, [Fixed("a", 2), Fixed("b", 1)])
    assert final.is_terminal() and final.points == [4, 2]
    assert play_agents(ToyGame(), 0, [RandomAgent(1), RandomAgent(2)]).is_terminal()


def test_play_agents_names_an_illegal_choice_when_checking():
    with pytest.raises(AssertionError, match=r"seat 1 \(noop\) chose illegal NOOP"):
        play_agents(ToyGame(), 0, [Fixed("a", 2), Fixed("noop", 0)])
    with pytest.raises(IllegalActionError):   # unchecked: the state refuses it itself
        play_agents(ToyGame(), 0, [Fixed("a", 2), Fixed("noop", 0)], check=False)


# -- ViewAgent -----------------------------------------------------------------------------------------
class Decision:
    """A stand-in state: ``hidden`` says whether the view hides the pending decision."""

    current_player = 0

    def __init__(self, hidden=False):
        self.hidden = hidden

    def observation(self, p):
        return np.zeros(1, np.float32)


class Macro(ActionView):
    """View action 1 stands for the flat actions 3, 4, 5; action 2 for 6 alone; ``finish``
    answers 9."""

    name, num_actions = "macro", 3
    EXPANSIONS = {1: [3, 4, 5], 2: [6]}

    def mask(self, state):
        return np.array([False, True, True])

    def expand(self, state, action):
        return list(self.EXPANSIONS[action])

    def hides(self, state):
        return state.hidden

    def finish(self, state):
        return 9


ALL = np.ones(10, dtype=bool)


def _except(*illegal):
    m = ALL.copy()
    m[list(illegal)] = False
    return m


def test_a_view_action_is_played_first_flat_action_first():
    agent = ViewAgent(Fixed("p", 1), Macro())
    s = Decision()
    assert agent.act(None, ALL, s) == 3
    s.hidden = True
    assert agent.act(None, ALL, s) == 4
    assert agent.act(None, ALL, s) == 5   # the plan's last action
    assert agent.act(None, ALL, s) == 9   # the plan is spent: the view finishes
    s.hidden = False
    assert agent.act(None, ALL, s) == 3   # a new view action


def test_a_one_action_expansion_leaves_no_plan():
    agent = ViewAgent(Fixed("p", 2), Macro())
    s = Decision()
    assert agent.act(None, ALL, s) == 6
    s.hidden = True
    assert agent.act(None, ALL, s) == 9


def test_the_plan_goes_on_only_while_its_next_action_is_legal_in_the_same_game():
    agent = ViewAgent(Fixed("p", 1), Macro())
    s = Decision()
    assert agent.act(None, ALL, s) == 3
    s.hidden = True
    assert agent.act(None, _except(5), s) == 4      # the action after the next is not asked about
    assert agent.act(None, _except(5), s) == 9      # the next one is illegal: the view finishes
    agent = ViewAgent(Fixed("p", 1), Macro())
    assert agent.act(None, ALL, s := Decision()) == 3
    assert agent.act(None, ALL, Decision(hidden=True)) == 9   # another state (a copy search asks on)
    s.hidden = True
    assert agent.act(None, ALL, s) == 4
    agent.reset(0)
    assert agent.act(None, ALL, s) == 9             # a reset drops the plan


# -- FlatAgentInView -------------------------------------------------------------------------------
class Turns:
    """A stand-in state for a flat agent in a view: seat 0 takes flat actions; after the first,
    the decisions are hidden (the middle of a view action) until ``length`` are taken; the turn
    passes to seat 1 after ``passes_after`` actions, hidden or not."""

    def __init__(self, length=3, passes_after=99):
        self.taken, self.length, self.passes_after = [], length, passes_after

    @property
    def current_player(self):
        return 1 if len(self.taken) >= self.passes_after else 0

    def clone(self):
        c = Turns(self.length, self.passes_after)
        c.taken = list(self.taken)
        return c

    def apply(self, a):
        self.taken.append(a)

    def observation(self, p):
        return np.zeros(1, np.float32)

    def legal_mask(self):
        return ALL.copy()


class Sequence(Agent):
    def __init__(self, *actions):
        self.actions = list(actions)

    def act(self, observation, legal_mask, state=None):
        return self.actions[len(state.taken)]


class Collapse(Macro):
    def hides(self, state):
        return 0 < len(state.taken) < state.length

    def collapse(self, state, flat):
        return next((a for a, e in self.EXPANSIONS.items() if e == flat), None)


def test_a_flat_agent_in_a_view_is_asked_through_the_hidden_decisions_of_its_seat():
    """``FlatAgentInView`` plays the flat agent on a copy while the view hides the decisions of
    the same seat, and answers with the view action standing for the whole sequence; the game
    itself is not moved."""
    from boardgym.core.action_views import FlatAgentInView

    s = Turns()
    assert FlatAgentInView(Sequence(3, 4, 5), Collapse()).act(None, ALL, s) == 1
    assert s.taken == []
    assert FlatAgentInView(Sequence(6), Collapse()).act(None, ALL, Turns(length=1)) == 2


def test_a_flat_agent_in_a_view_stops_when_the_turn_passes_even_mid_expansion():
    """Once another seat decides, the view action is what the flat actions so far stand for,
    whether or not the view would hide the next decision."""
    from boardgym.core.action_views import FlatAgentInView

    assert FlatAgentInView(Sequence(6, 99), Collapse()).act(None, ALL, Turns(passes_after=1)) == 2


def test_an_agent_reads_its_observation_unless_it_declares_needs_state():
    """The agent contract (``act(observation, legal_mask, state=None)``): an agent that reads the
    engine state declares ``needs_state`` (the terminal table then hands it the state instead of
    the observation); by default an agent, the random one and any subclass that says nothing,
    reads only its observation."""

    class Reader(Agent):
        def act(self, observation, legal_mask, state=None) -> int:
            return int(np.flatnonzero(legal_mask)[0])

    assert Agent.needs_state is False and RandomAgent(0).needs_state is False
    assert Reader().needs_state is False


def test_the_view_agents_need_the_state_and_say_so():
    """Both view agents read the engine state (to expand a view action, or to play the flat
    agent on a copy): asked without it they refuse in words, and they declare ``needs_state``,
    so the terminal table and ``play_agents`` hand it to them."""
    from boardgym.core.action_views import FlatAgentInView
    from boardgym.core.errors import ConfigError

    for agent in (ViewAgent(Sequence(1), Collapse()), FlatAgentInView(Sequence(1), Collapse())):
        with pytest.raises(ConfigError, match="needs the state"):
            agent.act(None, ALL, None)
        assert agent.needs_state is True, type(agent).__name__


def test_a_flat_agent_that_never_ends_a_view_action_stops_after_1000_flat_decisions():
    """A flat agent whose decisions the view hides forever (a view or an agent at fault) is
    not asked without end: after 1,000 flat decisions on the copy, a StateError says so."""
    from boardgym.core.action_views import FlatAgentInView
    from boardgym.core.errors import StateError

    class Counting(Agent):
        asked = 0

        def act(self, observation, legal_mask, state=None):
            Counting.asked += 1
            return 3

    with pytest.raises(StateError, match="no 'macro' action after 1000 flat decisions"):
        FlatAgentInView(Counting(), Collapse()).act(None, ALL, Turns(length=10**9))
    assert Counting.asked == 1000


def test_a_policys_action_count_picks_its_action_space():
    """``view_for``: a policy's output size names the action space it was trained on: the
    catalogue's size is the flat space (None), a view's size is that view, and a size no space
    of the game has is refused naming each space's size."""
    from boardgym.core.action_views import view_for
    from boardgym.core.errors import ConfigError
    from boardgym.games import make_game

    game = make_game("ancient_terrible_things", num_players=2)
    view = type(game).action_spaces["combinations"](game)
    assert view.num_actions != game.num_actions
    assert view_for(game, game.num_actions) is None
    found = view_for(game, view.num_actions)
    assert found is not None and found.num_actions == view.num_actions and found.name == view.name
    with pytest.raises(ConfigError, match=f"fits no action space of {game.info.title}: 'flat' has "
                                          f"{game.num_actions}, 'combinations' has {view.num_actions}"):
        view_for(game, view.num_actions + 1)


# -- RandomAgent and CallableAgent -------------------------------------------------------------------
def _picks(agent, n=20):
    mask = np.ones(50, dtype=bool)
    return [agent.act(None, mask) for _ in range(n)]


def test_a_random_agent_reset_with_a_seed_plays_as_one_made_with_it():
    """``reset(seed)`` starts the agent's generator afresh from ``seed`` (a game's agent
    randomness comes from its seed alone); ``reset(None)`` leaves the generator where it is."""
    from boardgym.core.agent import RandomAgent

    a = RandomAgent(1)
    _picks(a, 3)
    a.reset(5)
    assert _picks(a) == _picks(RandomAgent(5))
    b, c = RandomAgent(1), RandomAgent(1)
    first = _picks(b, 3)
    b.reset(None)
    assert first + _picks(b) == _picks(c, 23)


def test_a_callable_agent_is_named_as_given_else_by_its_function():
    """A callable agent's name (tables, replays): the one given, else the function's own name,
    else "callable"; a function of two arguments is called without the state."""
    from boardgym.core.agent import CallableAgent

    def first_legal(observation, legal_mask):
        return int(np.flatnonzero(legal_mask)[0])

    class NoName:
        def __call__(self, observation, legal_mask, state=None):
            return 1

    assert CallableAgent(first_legal, "mine").name == "mine"
    assert CallableAgent(first_legal).name == "first_legal"
    assert CallableAgent(NoName()).name == "callable"
    assert CallableAgent(first_legal).act(None, np.array([0, 0, 1], dtype=bool), object()) == 2
    assert CallableAgent(NoName()).act(None, None) == 1
