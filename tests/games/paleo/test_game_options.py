"""Paleo's configuration (game.py, docs/games/paleo.md "Options"): each option's range is exact at
both ends, wrong kinds of values are refused naming the option, the level / modules exclusivity,
the 4-group advice (PALEO-SETUP-6), the removal counts of PALEO-SETUP-4 / D-16 and the deal order
of PALEO-D-6."""
import warnings

import pytest

from boardgym.core.errors import ConfigError
from boardgym.games.paleo import PaleoGame
from boardgym.games.paleo.kinds import CH_DEAL


def _game(**cfg):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # the 4-group advice (tested below)
        return PaleoGame(**cfg)


def _refused(words, **cfg):
    with pytest.raises(ConfigError) as err:
        _game(**cfg)
    assert words in str(err.value), str(err.value)


@pytest.mark.parametrize("key,lo,hi", [
    ("num_groups", 1, 4),              # PALEO-SETUP-6: 1-4 groups
    ("remove_per_module", 0, 12),      # PALEO-D-16: 0-12 cards removed unseen from every module
    ("max_rounds", 1, 1000),           # PALEO-D-17: nights before truncation
])
def test_each_int_option_accepts_exactly_its_range(key, lo, hi):
    """docs "Options": num_groups 1-4, remove_per_module 0-12, max_rounds 1-1000 (the message
    names the range); one beyond either end is refused, each end itself is a game."""
    for v in (lo - 1, hi + 1):
        _refused(f"{key} must be an int in {lo}..{hi}", **{key: v})
    for v in (lo, hi):
        assert _game(**{key: v}).config[key] == v


def test_the_ends_of_the_ranges_configure_the_game():
    """The accepted ends are the game's settings: 1 or 4 groups are 1 or 4 players; max_rounds
    1 and 1000 are the truncation round (PALEO-D-17)."""
    assert _game(num_groups=1).num_players == 1 and _game(num_groups=4).num_players == 4
    assert _game(max_rounds=1).max_rounds == 1 and _game(max_rounds=1000).max_rounds == 1000


def test_removal_counts_follow_remove_per_module_capped_at_the_modules_cards():
    """PALEO-SETUP-4 / D-16: each module's removal count is its manifest's (3 in the shipped A and
    B) unless remove_per_module overrides it; an override larger than a module's day cards
    removes them all."""
    default = _game(modules=["A", "B"]).removal
    assert [(m, k) for m, k, _ in default] == [("A", 3), ("B", 3)]
    zero = _game(modules=["A", "B"], remove_per_module=0).removal
    assert [(m, k) for m, k, _ in zero] == [("A", 0), ("B", 0)]
    big = _game(modules=["A", "B"], remove_per_module=12).removal
    assert [k for _, k, _ in big] == [len(cards) for _, _, cards in big]
    assert all(len(cards) < 12 for _, _, cards in big)


@pytest.mark.parametrize("cfg,words", [
    ({"content_pack": 3}, "content_pack must be a folder path"),
    ({"level": 0}, "level must be an int >= 1"),
    ({"level": True}, "level must be an int >= 1"),
    ({"level": "1"}, "level must be an int >= 1"),
    ({"modules": "AB"}, "modules must be a list of distinct module letters"),
    ({"modules": ["A", 1]}, "modules must be a list of distinct module letters"),
    ({"modules": ["A", "A"]}, "modules must be a list of distinct module letters"),
    ({"open_commitments": 1}, "open_commitments must be a bool"),
    ({"remove_per_module": 1.5}, "remove_per_module must be an int"),
])
def test_values_of_the_wrong_kind_are_refused_naming_the_option(cfg, words):
    """docs "Options": a wrong value raises ConfigError naming the option (a level is a row of
    the level table, 1 or more; modules are distinct letters)."""
    _refused(words, **cfg)


def test_a_level_and_its_own_modules_may_be_given_together():
    """PALEO-SETUP-7: level 1 is modules A and B; giving both level 1 and those modules (in any
    order) is the same game, any other modules with a level are refused."""
    g = _game(level=1, modules=["B", "A"])
    assert g.modules == ["A", "B"] and g.config["level"] == 1
    _refused("give either modules or level", level=1, modules=["A", "C"])
    assert _game(level=2).modules == sorted(g.content.levels[1])
    assert _game(level=1).config["level"] == 1 and _game().config["level"] is None


@pytest.mark.parametrize("groups,cfg,warns", [
    (4, {}, True), (4, {"level": 1}, True), (3, {}, False), (3, {"level": 1}, False),
    (4, {"level": 2}, False),
])
def test_only_four_groups_on_level_one_warn(groups, cfg, warns):
    """PALEO-SETUP-6 (rulebook: "Do not play your first game with 4 groups! ... there are a total
    of 3 groups max"): 4 groups at level 1 warn; 3 groups, or 4 at a later level, do not."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        PaleoGame(num_groups=groups, **cfg)
    assert any("3 groups" in str(x.message) for x in w) == warns


def test_the_deal_goes_round_the_table_from_its_first_seat():
    """PALEO-D-6 / NIGHT-5: the cards are dealt one at a time from the deal's first seat, then
    the next seats in order, round the table: with 3 groups, from seat 1: 1, 2, 0, 1, 2, 0 ..."""
    g = _game(num_groups=3)
    for a in range(3):
        seats = [seat for kind, seat in g.deal_rounds[a]]
        assert all(kind == CH_DEAL for kind, _ in g.deal_rounds[a])
        assert seats[:7] == [(a + i) % 3 for i in range(7)], (a, seats[:7])
        assert len(seats) == len(g.in_game)
