"""What a replay file may say (``Replay.from_json``, format 1): its number of seats up to
``MAX_SEATS``, notes that point at one of its decisions; and ``Replay.states`` yielding the
decision states of a game, then its end."""
import json
import re

import numpy as np
import pytest

from boardgym.core import StateError
from boardgym.core.fields import show
from boardgym.core.replay import MAX_SEATS, Replay, play
from boardgym.games import GAMES, game_class, make_game


def _v1(**edit) -> str:
    """A format 1 replay of three decisions (of no registered game: only its shape is read)."""
    d = json.loads(Replay("x", {}, 0, [1, 2, 3], [0], game_version=0).to_json())
    d.update(edit)
    return json.dumps(d)


def test_players_may_be_any_seat_count_up_to_max_seats():
    """The bound is above every registered game's seat count (a replay of any game is read); at
    the bound a count is read, one past it refused, and the message names the bound."""
    assert MAX_SEATS >= max(game_class(g).info.max_players for g in GAMES)
    assert MAX_SEATS == 16   # the bound the replay format documents (docs/architecture.md)
    for n in (1, 2, MAX_SEATS):
        assert Replay.from_json(_v1(players=n)).players == n
    for n in (0, -1, MAX_SEATS + 1, 1000):
        with pytest.raises(StateError, match=f"players is {n}, must be null or a number of seats "
                                             f"1..{MAX_SEATS}$"):
            Replay.from_json(_v1(players=n))


def test_per_seat_lists_of_max_seats_entries_are_read():
    r = Replay.from_json(_v1(players=MAX_SEATS, agents=["random"] * MAX_SEATS,
                             returns=[0.0] * MAX_SEATS, finished=True))
    assert len(r.agents) == len(r.returns) == MAX_SEATS


@pytest.mark.parametrize("agents", ["random", ["random", 3], {"0": "random"}])
def test_agents_are_a_list_of_names(agents):
    """A replay's agents are null or a list of names, one per seat: a bare name, a list holding
    a number, or a mapping is refused in words."""
    assert Replay.from_json(_v1(agents=["random", "heuristic"])).agents == ["random", "heuristic"]
    with pytest.raises(StateError, match="agents must be null or a list of names, one per seat"):
        Replay.from_json(_v1(agents=agents))


def test_notes_point_at_one_of_the_decisions():
    """With 3 decisions a note's decision is 0, 1 or 2: -1, 3 and what is not an int are refused."""
    r = Replay.from_json(_v1(notes=[{"decision": 0, "said": "a"}, {"decision": 2}, {"decision": 1}]))
    assert [n["decision"] for n in r.notes] == [0, 2, 1] and r.notes[0]["said"] == "a"
    assert Replay.from_json(_v1()).notes is None
    assert Replay.from_json(_v1(notes=[])).notes == []
    for k, bad in ((0, {"decision": 3}), (0, {"decision": -1}), (0, {"decision": True}),
                   (0, {"decision": 1.0}), (0, {"said": "no index"}), (0, [0]), (1, {"decision": 99})):
        notes = [bad] if k == 0 else [{"decision": 0}, bad]
        with pytest.raises(StateError, match=f"note {k} must be an object whose decision is the index "
                                             "of one of the 3 decisions"):
            Replay.from_json(_v1(notes=notes))
    with pytest.raises(StateError, match="notes must be null or a list"):
        Replay.from_json(_v1(notes={"decision": 0}))
    with pytest.raises(StateError, match="one of the 0 decisions"):
        Replay.from_json(_v1(actions=[], notes=[{"decision": 0}]))


def test_states_are_the_decision_states_then_the_end():
    game = make_game("ancient_terrible_things", num_players=1)
    rng = np.random.default_rng(2)
    seen = []

    def choose(state):
        seen.append(state.to_json())
        return int(rng.choice(np.flatnonzero(state.legal_mask())))

    final, replay = play(game, 2, choose)
    assert replay.chance, "a game with no chance node would not tell decisions from draws"
    states = list(replay.states())
    assert len(states) == len(replay.actions) + 1
    assert [s.to_json() for s in states[:-1]] == seen
    assert all(s.current_player >= 0 for s in states[:-1])   # decisions, no chance node
    assert states[-1].is_terminal() and states[-1].to_json() == final.to_json()
    assert replay.final_state().to_json() == final.to_json()


def test_a_first_format_replay_needs_a_seed_of_0_or_more():
    """A replay of the first format (game, config, seed, actions; before the format number)
    still loads; its seed is the game's, an int from 0 (numpy's seeds are never negative), and a
    seed of -1 is refused in words."""
    old = {"game": "x", "config": {}, "seed": 0, "actions": [1, 2]}
    r = Replay.from_json(json.dumps(old))
    assert (r.game, r.seed, list(r.actions)) == ("x", 0, [1, 2])
    with pytest.raises(StateError, match=r"seed is -1, must be an int >= 0"):
        Replay.from_json(json.dumps(dict(old, seed=-1)))


def test_unknown_keys_are_named_up_to_five_each_cut_to_30_characters():
    """A file with keys this boardgym does not know (a newer writer, a typo) is refused naming
    them, sorted: at most the first five, each cut to its first 30 characters, so a file of many
    long keys still gives a short message."""
    keys = {f"{c}{'k' * 40}": 1 for c in "abcdefg"}
    with pytest.raises(StateError) as err:
        Replay.from_json(_v1(**keys))
    assert str(err.value) == "corrupt replay: unknown key(s) " + str([f"{c}{'k' * 29}" for c in "abcde"])
    with pytest.raises(StateError, match=r"unknown key\(s\) \['" + "z" * 30 + r"'\]$"):
        Replay.from_json(_v1(**{"z" * 30: 1}))


@pytest.mark.parametrize("key", ["seed", "game_version"])
def test_seed_and_game_version_are_ints_from_0(key):
    """A format 1 replay's seed (or null) and rules version are ints from 0: 0 is read, -1, a bool,
    text and a float are refused naming the key."""
    assert getattr(Replay.from_json(_v1(**{key: 0})), key) == 0
    for bad in (-1, True, "1", 1.0):
        with pytest.raises(StateError, match=re.escape(f"{key} is {show(bad)}, must be ")):
            Replay.from_json(_v1(**{key: bad}))


@pytest.mark.parametrize("bad", ["1", True, 1.0])
def test_a_format_version_that_is_not_an_int_is_refused_as_such(bad):
    """A format version in the wrong type is a corrupt file (format and version named), not a
    file of another version."""
    with pytest.raises(StateError, match=re.escape(f"format is the text 'boardgym-replay' version {show(bad)}, must be")):
        Replay.from_json(_v1(format_version=bad))


@pytest.mark.parametrize("name", ["actions", "chance"])
def test_ids_below_0_are_refused(name):
    """Action ids and chance outcomes start at 0: 0 is read, -1 is refused naming its place."""
    assert getattr(Replay.from_json(_v1(**{name: [0, 0]})), name) == [0, 0]
    with pytest.raises(StateError, match=rf"{name}\[1\] is -1, must be "):
        Replay.from_json(_v1(**{name: [0, -1]}))


def test_finished_may_be_left_out_either_way():
    """``finished`` only repeats whether there are returns: a file without the key is read both
    for a game with returns and for one without."""
    d = json.loads(_v1())
    del d["finished"]
    assert Replay.from_json(json.dumps(d)).returns is None
    d["returns"] = [1.0, -1.0]
    assert Replay.from_json(json.dumps(d)).returns == [1.0, -1.0]


def test_a_files_seat_count_comes_from_its_agents_else_its_returns():
    """``players`` in a file: as set, else one per agent named (a game stopped early has no
    returns), else one per return, else unknown (null)."""
    def players(**kw):
        return json.loads(Replay("x", {}, 0, [], [], game_version=0, **kw).to_json())["players"]

    assert players(agents=["a", "b", "c"]) == 3
    assert players(returns=[1.0, -1.0]) == 2
    assert players(agents=["a", "b", "c"], returns=[1.0, -1.0, 0.0], players=3) == 3
    assert players() is None
