"""Core primitives: action catalogue, observation layout, chance sampling, replays, errors."""
import re

import numpy as np
import pytest

from boardgym.core import ActionCatalog, ObsLayout, Replay, StateError, sample_outcome
from boardgym.core.chance import from_counts, uniform
from boardgym.core.errors import ContentError, IllegalActionError


def test_catalog_ranges_and_describe():
    cat = ActionCatalog([("NOOP", 1), ("LOC", 5), ("GO", 1)], labels={"LOC": list("abcde")},
                        docs={"NOOP": "nothing", "LOC": "where", "GO": "go"})
    assert cat.n == 7 and cat.index("LOC", 2) == 3 and cat.start("GO") == 6
    assert cat.describe(3) == "LOC[c]" and cat.describe(6) == "GO" and cat.describe(0) == "NOOP"
    assert cat.split(5) == ("LOC", 4)
    assert [(cat.start(n), cat.size(n)) for n in ("NOOP", "LOC", "GO")] == [(0, 1), (1, 5), (6, 1)]
    with pytest.raises(IndexError, match=r"LOC\[5\] outside 0..4"):
        cat.index("LOC", 5)
    with pytest.raises(IndexError, match=r"LOC\[-1\] outside 0..4"):   # not the range before's last action
        cat.index("LOC", -1)
    assert cat.index("LOC", 0) == 1 and cat.index("LOC", 4) == 5
    with pytest.raises(IndexError, match=r"action 7 outside 0\.\.6$"):   # the catalogue's last action
        cat.describe(7)
    assert "| 1-5 | LOC[0..4] | where |" in cat.markdown() and "| 0 | NOOP | nothing |" in cat.markdown()
    pair = ActionCatalog([("NOOP", 1), ("PAIR", 2)], docs={"NOOP": "nothing", "PAIR": "two"}).markdown()
    assert "| 1-2 | PAIR[0..1] | two |" in pair   # a range of two is a range, not one action
    with pytest.raises(ValueError):
        ActionCatalog([("LOC", 2)])  # NOOP must come first
    with pytest.raises(ValueError):
        ActionCatalog([("NOOP", 1), ("A", 1), ("A", 2)])



def test_catalog_refuses_an_empty_range_and_an_action_below_0():
    """A range of 0 actions is refused when the catalogue is made (a range of 1 is fine); an
    action id of -1 is outside the catalogue (never read as its last action), like one past the
    end."""
    with pytest.raises(ValueError, match="bad range 'A' size 0"):
        ActionCatalog([("NOOP", 1), ("A", 0)])
    cat = ActionCatalog([("NOOP", 1), ("A", 1), ("B", 2)])
    assert cat.n == 4 and cat.split(0) == ("NOOP", 0) and cat.split(3) == ("B", 1)
    for bad in (-1, 4):
        with pytest.raises(IndexError, match=rf"action {bad} outside 0\.\.3$"):
            cat.split(bad)

def test_obs_layout():
    L = ObsLayout()
    L.add("a", 3, "first")
    L.add("b", 2, "second")
    assert L.size == 5 and L.slice("b") == slice(3, 5) and L.offset("a") == 0
    assert "| `b` | 3 | 2 | second |" in L.markdown()
    with pytest.raises(ValueError):
        L.add("a", 1)


def test_sample_outcome_follows_probabilities():
    rng = np.random.default_rng(0)
    outcomes = [(1, 0.5), (6, 0.5)]
    draws = [sample_outcome(outcomes, rng) for _ in range(4000)]
    assert set(draws) == {1, 6} and abs(draws.count(1) / 4000 - 0.5) < 0.03
    assert sample_outcome([(9, 1.0)], rng) == 9
    assert from_counts({0: 4, 1: 0, 2: 4}) == [(0, 0.5), (2, 0.5)]
    assert uniform([3, 4]) == [(3, 0.5), (4, 0.5)]


def test_same_generator_seed_same_draws():
    a = np.random.default_rng(42)
    b = np.random.default_rng(42)
    outcomes = uniform(range(6))
    assert [sample_outcome(outcomes, a) for _ in range(50)] == [sample_outcome(outcomes, b) for _ in range(50)]


def test_replay_json_round_trip_and_corruption():
    r = Replay("ancient_terrible_things", {"num_players": 2}, 5, [1, 2, 3])
    assert Replay.from_json(r.to_json()) == r
    for bad in ("[]", "{", '{"game": "x", "config": {}, "seed": "s", "actions": []}'):
        with pytest.raises(StateError):
            Replay.from_json(bad)
    ok = '{"game": "x", "config": {}, "seed": 5, "actions": [1]}'
    for bad, words in [(ok.replace('"x"', "1"), "game must be a name"),
                       (ok.replace("5", "true"), "seed is true (a bool)"),
                       (ok.replace("5", "5.0"), "seed is 5.0 (a float)"),
                       (ok.replace("[1]", "[3.7]"), "actions[0] is 3.7 (a float)"),
                       (ok.replace("[1]", "[false]"), "actions[0] is false (a bool)"),
                       (ok.replace("[1]", "[-1]"), "actions[0] is -1"),
                       (ok[:-1] + ', "extra": 0}', "must be an object with"),
                       ("[" * 100_000 + "]" * 100_000, "nested too deeply")]:
        with pytest.raises(StateError, match=words.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
            Replay.from_json(bad)


def test_error_messages_name_what_was_wrong():
    e = IllegalActionError(7, "no such move", "LOC[3]")
    assert "7 (LOC[3])" in str(e) and "no such move" in str(e)
    c = ContentError("feats.json", "feat03", "cost", "must be 1-3")
    assert str(c) == "feats.json: entry 'feat03', field 'cost': must be 1-3"


def test_random_walk_plays_on_through_game_ends_and_repeats_with_its_seed():
    """``random_walk`` yields only decision states, each with a legal move; a finished game is
    followed by a new one; the same seed gives the same walk, another seed another."""
    import itertools

    from boardgym.core.game import CHANCE, TERMINAL
    from boardgym.core.replay import random_walk
    from boardgym.games import make_game

    class Counting:   # counts the games the walk starts
        def __init__(self, game):
            self.game, self.started = game, 0

        def new_initial_state(self):
            self.started += 1
            return self.game.new_initial_state()

    def walk(seed, n):
        game = Counting(make_game("ancient_terrible_things", num_players=1))
        out = []
        for state in itertools.islice(random_walk(game, np.random.default_rng(seed)), n):
            assert state.current_player not in (CHANCE, TERMINAL) and state.legal_mask().any()
            out.append(state.to_json())
        return out, game.started

    a, started = walk(3, 1500)
    assert started >= 3          # a solo game is a few hundred decisions: the walk went on
    assert a == walk(3, 1500)[0] and a != walk(4, 1500)[0]


def test_option_checks_name_the_option_and_what_it_may_be():
    """A game's options are checked in words: an int in its range (a bool is no int), one of
    named choices (as text), true or false."""
    from boardgym.core.errors import ConfigError
    from boardgym.core.options import choice_option, flag_option, int_option

    assert int_option({"n": 4}, "n", 1, 4) == 4
    for bad in (0, 5, True, "3"):
        with pytest.raises(ConfigError, match=f"n must be an int in 1..4, got {bad!r}"):
            int_option({"n": bad}, "n", 1, 4)
    assert choice_option({"d": "hard"}, "d", ("easy", "hard")) == "hard"
    for bad in ("medium", "Hard", 1, None, ["hard"]):
        with pytest.raises(ConfigError, match=rf"d must be one of easy, hard, got {re.escape(repr(bad))}"):
            choice_option({"d": bad}, "d", ("easy", "hard"))
    assert flag_option({"f": False}, "f") is False
    with pytest.raises(ConfigError, match="f must be true or false, got 0"):
        flag_option({"f": 0}, "f")


@pytest.mark.parametrize("lo, hi", [(1, 4), (2, 2), (-3, 0)])
def test_an_int_option_takes_both_ends_of_its_range_and_nothing_past_them(lo, hi):
    """An int option's range is inclusive at both ends (a game of 1..4 players takes 1 and 4);
    one below the low end or above the high end is refused."""
    from boardgym.core.errors import ConfigError
    from boardgym.core.options import int_option

    assert int_option({"n": lo}, "n", lo, hi) == lo and int_option({"n": hi}, "n", lo, hi) == hi
    for bad in (lo - 1, hi + 1):
        with pytest.raises(ConfigError, match=f"n must be an int in {lo}..{hi}, got {bad}$"):
            int_option({"n": bad}, "n", lo, hi)
