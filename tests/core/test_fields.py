"""The core field declaration (boardgym/core/fields.py) on a small state of its own: generated
clone, dump and load, and the checks every field gets on load, each naming what was wrong."""
import json

import pytest

from boardgym.core import StateError
from boardgym.core.fields import (FLAG, NONE, SEAT, SEAT_SET, ZERO, Frames, Int, Ints, Nested, StateFields, between,
                                  enum, ids, queue_errors, show, stack_errors)
from boardgym.core.game import State


class ToyGame:
    num_players = 3
    cards = 10


CARD = between(0, lambda g: g.cards - 1, "a card id")
FIELDS = StateFields(
    Int("phase", between(0, 4, "a phase code")),
    Int("holder", NONE | SEAT),
    Ints("score", between(0, 99, "a score"), length=lambda g: g.num_players),
    Ints("deck", CARD, max_len=lambda g: g.cards, distinct=True),
    Ints("doom", between(0, 3, "a tentacle"), max_len=5, order="desc"),
    Ints("res", (between(0, 20, "food"), between(0, 8, "stone"))),
    Nested("hands", CARD, outer=lambda g: g.num_players, max_len=4),
    Frames("pend", {0: (SEAT,), 1: (SEAT, FLAG)}, ("pick", "choose"), max_len=3, what="decision"),
    derived={"n": lambda g: g.num_players},
    transient={"_cache": "None"},
)


class Toy(State):
    __slots__ = FIELDS.slots


FIELDS.install(Toy)


def _saved():
    return {"phase": 1, "holder": -1, "score": [0, 5, 99], "deck": [3, 1, 9], "doom": [3, 3, 0],
            "res": [20, 0], "hands": [[0], [], [2, 4, 5, 6]], "pend": [[1, 2, 0], [0, 0]]}


def _load(data):
    s = Toy.__new__(Toy)
    s.game = ToyGame()
    s._load(json.loads(json.dumps(data)))
    return s


def test_load_dump_clone_round_trip():
    s = _load(_saved())
    assert s._dump() == _saved()
    assert s.pend == [(1, 2, 0), (0, 0)] and s.n == 3 and s._cache is None
    c = s.clone()
    assert c._dump() == s._dump() and c.game is s.game and c.n == 3
    c.hands[2].append(7)
    c.score[0] = 1
    c.pend.pop()
    assert s.hands[2] == [2, 4, 5, 6] and s.score[0] == 0 and len(s.pend) == 2


@pytest.mark.parametrize("field,value,words", [
    ("phase", 5, "phase is 5, must be a phase code (0..4)"),
    ("phase", True, "phase is true (a bool), must be an int"),
    ("phase", 1.0, "phase is 1.0 (a float), must be an int"),
    ("phase", "1", "phase is the text '1', must be an int"),
    ("phase", None, "phase is null"),
    ("phase", 10**100, "phase is an integer of about 101 digits"),
    ("holder", 3, "holder is 3, must be -1 (none) or a seat (-1, 0..2)"),
    ("holder", -2, "holder is -2"),
    ("score", [0, 5], "score has 2 entries, must have 3"),
    ("score", [0, 5, 100], "score[2] is 100, must be a score (0..99)"),
    ("score", {"a": 1}, "score is an object of 1 key(s), must be a list"),
    ("deck", [3, 1, 3], "deck[2] repeats 3"),
    ("deck", list(range(11)), "deck has 11 entries, must have 0..10"),
    ("deck", [10], "deck[0] is 10, must be a card id (0..9)"),
    ("doom", [0, 3], "doom is not in descending order at [1]"),
    ("res", [20, 9], "res[1] is 9, must be stone (0..8)"),
    ("res", [20, 0, 0], "res has 3 entries, must have 2"),
    ("hands", [[0], []], "hands has 2 entries, must have 3"),
    ("hands", [[0], [], [1, 2, 3, 4, 5]], "hands[2] has 5 entries, must have 0..4"),
    ("hands", [[0], [False], []], "hands[1][0] is false (a bool)"),
    ("pend", [[2, 0]], "pend[0] kind is 2, must be a decision kind (0..1)"),
    ("pend", [[1, 0]], "pend[0] (decision 'choose') has 1 argument(s), must have 2"),
    ("pend", [[1, 0, 2]], "pend[0] (decision 'choose') argument 2 is 2, must be 0 or 1"),
    ("pend", [[0, 3]], "pend[0] (decision 'pick') argument 1 is 3, must be a seat (0..2)"),
    ("pend", [[]], "pend[0] is a list of 0, must be a non-empty list"),
    ("pend", [[0, 0]] * 4, "pend has 4 entries, must have 0..3"),
])
def test_a_wrong_field_is_refused_naming_field_index_and_values(field, value, words):
    data = _saved()
    data[field] = value
    with pytest.raises(StateError) as err:
        _load(data)
    assert words in str(err.value)


def test_missing_unknown_and_non_object_fields_are_refused():
    data = _saved()
    del data["doom"]
    with pytest.raises(StateError, match=r"missing field\(s\) \['doom'\]"):
        _load(data)
    with pytest.raises(StateError, match=r"unknown field\(s\) \['extra'\]"):
        _load(dict(_saved(), extra=1))
    with pytest.raises(StateError, match=r"unknown field\(s\) \['" + "x" * 30 + r"'\]$"):
        _load(dict(_saved(), **{"x" * 40: 1}))   # a long name is cut to its first 30 characters
    with pytest.raises(StateError, match="must be an object of fields"):
        _load([1, 2])


def test_nothing_is_set_when_a_field_is_wrong():
    s = Toy.__new__(Toy)
    s.game = ToyGame()
    data = _saved()
    data["pend"] = [[9]]
    with pytest.raises(StateError):
        s._load(data)
    assert not hasattr(s, "phase") and not hasattr(s, "score")


def test_values_depend_on_the_configured_game():
    class Bigger(ToyGame):
        num_players = 4
        cards = 20

    s = Toy.__new__(Toy)
    s.game = Bigger()
    data = _saved()
    data["holder"], data["deck"] = 3, [19]
    data["score"], data["hands"] = [0, 0, 0, 0], [[], [], [], [19]]
    s._load(data)
    assert s.holder == 3 and s.deck == [19] and s.n == 4


def test_show_never_prints_a_container_or_a_huge_number():
    assert show([[[]]]) == "a list of 1"
    assert show(10**5000) == "an integer of about 5001 digits"
    assert show(-10**100) == "a negative integer of about 101 digits"
    assert show("x" * 100).endswith("...")
    # numbers of up to 15 digits are written out, from 10**15 on counted
    assert (show(10**15 - 1), show(1 - 10**15)) == ("999999999999999", "-999999999999999")
    assert show(10**15) == "an integer of about 16 digits"
    assert show(-10**15) == "a negative integer of about 16 digits"
    # texts of up to 24 characters are shown whole, longer ones cut
    assert show("x" * 24) == f"the text {'x' * 24!r}" and show("x" * 25) == f"the text {'x' * 24!r}..."


def test_declarations_that_cannot_work_are_refused():
    with pytest.raises(ValueError, match="exactly one of length and max_len"):
        Ints("x", FLAG)
    with pytest.raises(ValueError, match="missing"):
        Frames("f", {0: ()}, ("a", "b"), max_len=2)
    with pytest.raises(ValueError, match="twice"):
        StateFields(Int("a", FLAG), Int("a", FLAG))

    class NoSlots(State):
        __slots__ = ("phase",)

    with pytest.raises(ValueError, match="lacks"):
        FIELDS.install(NoSlots)


def test_stack_and_queue_shapes():
    names = ("open", "inner", "other")
    assert stack_errors([(0,), (1,)], names, "pend", {0}, {1: {0}}) == []
    assert "cannot open here" in stack_errors([(1,)], names, "pend", {0}, {1: {0}})[0]
    assert "'other' frame on a 'open'" in stack_errors([(0,), (2,)], names, "pend", {0}, {1: {0}})[0]
    assert queue_errors([(0, 1), (2, 0)], names, "cq", {0}) == ["cq[1] is a 'other' entry, which cannot be pending here"]


# -- the values at each end of a declaration ------------------------------------------------------------
class Deck:
    num_players = 2
    cards = 4


ENDS = StateFields(
    Int("flag", FLAG),
    Int("zero", ZERO),
    Int("card", ids(lambda g: g.cards, "a card id")),
    Int("gap", NONE | between(1, 3, "a die")),
    Int("helped", SEAT_SET),
    Int("step", enum(("draw", "play", "rest"), "step")),
    Ints("touching", between(5, 9, "high") | NONE | between(0, 4, "low"), max_len=12),
    Ints("up", between(0, 9, "a digit"), max_len=5, order="asc"),
    Ints("down", between(0, 9, "a digit"), max_len=5, order="desc"),
)


class Ends(State):
    __slots__ = ENDS.slots


ENDS.install(Ends)


def _ends(**edit):
    data = {"flag": 0, "zero": 0, "card": 0, "gap": -1, "helped": 0, "step": 0, "touching": [], "up": [], "down": []}
    data.update(edit)
    s = Ends.__new__(Ends)
    s.game = Deck()
    s._load(data)
    return s


@pytest.mark.parametrize("field,good,bad,words", [
    ("flag", (0, 1), (-1, 2), "must be 0 or 1 (0..1)"),
    ("zero", (0,), (-1, 1), "must be 0"),                      # an argument a kind does not use
    ("card", (0, 3), (-1, 4), "must be a card id (0..3)"),      # ids of a table of 4 entries
    ("gap", (-1, 1, 3), (-2, 0, 4), "must be -1 (none) or a die (-1, 1..3)"),
    ("helped", (0, 3), (-1, 4), "must be a set of seats (bit mask) (0..3)"),  # both seats of 2: 0b11
    ("step", (0, 2), (-1, 3), "must be a step code (0..2)"),              # a vocabulary of 3 names
])
def test_both_ends_of_the_values_load_and_one_past_them_is_refused(field, good, bad, words):
    for v in good:
        assert getattr(_ends(**{field: v}), field) == v
    for v in bad:
        with pytest.raises(StateError) as err:
            _ends(**{field: v})
        assert f"{field} is {v}, {words}" in str(err.value)


def test_a_frames_arguments_at_both_ends_load_and_one_past_them_is_refused():
    """A pending decision's arguments are checked against their declared values like any field:
    a 'choose' frame of the last seat (2 of a 3-player game) with its flag 1 loads, at both top
    ends; one past either (seat 3, flag 2) is refused naming the frame."""
    s = _load(dict(_saved(), pend=[[1, 2, 1]]))
    assert s.pend == [(1, 2, 1)]
    for bad in ([1, 3, 1], [1, 2, 2], [1, -1, 0]):
        with pytest.raises(StateError) as err:
            _load(dict(_saved(), pend=[bad]))
        assert "pend[0]" in str(err.value), (bad, str(err.value))


def test_ranges_that_touch_are_one_range_whatever_their_order():
    assert _ends(touching=list(range(-1, 10))).touching == list(range(-1, 10))
    # the lists' one-pass check takes touching or overlapping ranges as one, a gap as two
    one = between(0, 10, "a") | between(2, 5, "b") | between(11, 12, "c")
    assert one.bind(None).one_range and (between(6, 9, "a") | between(0, 5, "b")).bind(None).one_range
    assert not (between(0, 5, "a") | between(7, 9, "b")).bind(None).one_range
    for v in (-2, 10):
        with pytest.raises(StateError, match=rf"touching\[1\] is {v}, must be high or -1 \(none\) or low"):
            _ends(touching=[0, v])


def test_a_value_in_a_gap_between_ranges_is_refused_in_a_list_too():
    field = Ints("dice", NONE | between(1, 3, "a die"), max_len=4)
    check = field.checker(Deck())
    assert check([-1, 1, 3]) == [-1, 1, 3]
    with pytest.raises(StateError, match=r"dice\[2\] is 0, must be -1 \(none\) or a die"):
        check([3, -1, 0])


@pytest.mark.parametrize("field,value,at", [
    ("up", [1, 1, 0], 2), ("up", [2, 1, 1], 1), ("up", [0, 0, 5, 5, 4], 4),
    ("down", [0, 0, 3], 2), ("down", [1, 2, 2], 1), ("down", [9, 9, 3, 3, 4], 4),
])
def test_the_first_entry_out_of_order_is_named_equal_neighbours_being_in_order(field, value, at):
    word = "ascending" if field == "up" else "descending"
    with pytest.raises(StateError, match=rf"{field} is not in {word} order at \[{at}\]$"):
        _ends(**{field: value})
    assert _ends(up=[0, 0, 5, 5, 9], down=[9, 9, 3, 3, 0]).up == [0, 0, 5, 5, 9]


def test_the_lists_fast_check_takes_lists_of_ints_only():
    """A list field is checked in one pass only when every entry is an int (not a bool, not a
    float); any other list goes through the entry-by-entry check that names the entry."""
    from boardgym.core.fields import _all_ints

    assert _all_ints([1, 2, 3]) and _all_ints([])
    assert not _all_ints([1, True]) and not _all_ints([1, 2.0]) and not _all_ints(["1"])


def test_a_distinct_list_refuses_any_repeated_value_from_0_but_may_repeat_minus_1():
    """``distinct`` means no value >= 0 twice: a card id 0 saved twice (the lowest id, at the
    very bound of the rule) is refused naming the entry, while -1 (an empty slot) may appear any
    number of times, so a list of empty slots loads."""
    check = Ints("slots", NONE | between(0, 9, "a card id"), max_len=5, distinct=True).checker(Deck())
    assert check([-1, -1, 0, -1, 9]) == [-1, -1, 0, -1, 9]
    with pytest.raises(StateError, match=r"slots\[2\] repeats 0 \(each value once\)"):
        check([0, -1, 0])


def test_a_nested_list_bounded_by_outer_max_may_be_empty_or_full_but_not_longer():
    """A list of lists declared with ``outer_max`` (a variable number of inner lists, e.g. the
    cards in play) loads with no inner list at all and with exactly ``outer_max`` of them; one
    more is refused naming the field and the bound."""
    check = Nested("in_play", between(0, 9, "a card id"), outer_max=2, max_len=3).checker(Deck())
    assert check([]) == []
    assert check([[1, 2, 3], []]) == [[1, 2, 3], []]
    with pytest.raises(StateError, match=r"in_play has 3 entries, must have 0\.\.2$"):
        check([[1], [2], [3]])


def test_frames_declaring_a_kind_without_a_name_or_a_name_without_a_kind_are_refused():
    """Every kind named must have its arguments declared and every declared kind a name: a
    declaration with an extra kind (no name for it) is refused, as is one whose kinds skip a
    name while their count matches the names'; the exact declaration is accepted."""
    with pytest.raises(ValueError, match=r"declare the arguments of every kind \(missing \[\]\)"):
        Frames("f", {0: (), 1: (), 2: ()}, ("a", "b"), max_len=2)
    with pytest.raises(ValueError, match=r"missing \['b'\]"):
        Frames("f", {0: (), 2: ()}, ("a", "b"), max_len=2)
    assert Frames("f", {0: (), 1: ()}, ("a", "b"), max_len=2).names == ("a", "b")


def test_a_frame_kind_below_0_is_refused_naming_the_kinds():
    """A saved frame whose kind is -1 (one below the first kind) is refused as a StateError that
    names the allowed kinds, never looked up as a kind (no KeyError escapes); kind 0 loads."""
    assert _load(dict(_saved(), pend=[[0, 0]])).pend == [(0, 0)]
    with pytest.raises(StateError, match=r"pend\[0\] kind is -1, must be a decision kind \(0\.\.1\)"):
        _load(dict(_saved(), pend=[[-1, 0]]))


@pytest.mark.parametrize("frame,words", [
    ([0, True], "pend[0] (decision 'pick') argument 1 is true (a bool), must be an int"),
    ([1, 2, 1.0], "pend[0] (decision 'choose') argument 2 is 1.0 (a float), must be an int"),
])
def test_a_frame_argument_that_is_not_an_int_is_refused_even_when_its_value_fits(frame, words):
    """A frame's argument must be an int: ``true`` or ``1.0``, which compare equal to allowed
    values (a seat, a flag), are refused naming the frame and the argument, as for a field."""
    with pytest.raises(StateError) as err:
        _load(dict(_saved(), pend=[frame]))
    assert words in str(err.value)


def test_a_frame_argument_in_the_gap_between_its_ranges_is_refused():
    """A frame argument may hold several ranges with a gap (-1 or a die 1..3): the values at each
    end of each range load, the value in the gap (0) is refused naming the frame and the values."""
    check = Frames("rolls", {0: (NONE | between(1, 3, "a die"),)}, ("roll",), max_len=4).checker(Deck())
    assert check([[0, -1], [0, 1], [0, 3]]) == [(0, -1), (0, 1), (0, 3)]
    with pytest.raises(StateError, match=r"rolls\[1\] \(frame 'roll'\) argument 1 is 0, must be -1 \(none\) or a die"):
        check([[0, 1], [0, 0]])


def test_missing_and_unknown_fields_are_listed_up_to_five():
    """A state lacking (or adding) many fields names the first five, in declaration order for
    the missing ones and sorted for the unknown ones, so the message stays short; five are all
    listed."""
    data = _saved()
    for k in ("phase", "holder", "score", "deck", "doom", "res"):
        del data[k]
    with pytest.raises(StateError, match=r"missing field\(s\) \['phase', 'holder', 'score', 'deck', 'doom'\]$"):
        _load(data)
    five = dict(_saved(), e=0, d=0, c=0, b=0, a=0)
    with pytest.raises(StateError, match=r"unknown field\(s\) \['a', 'b', 'c', 'd', 'e'\]$"):
        _load(five)
    with pytest.raises(StateError, match=r"unknown field\(s\) \['a', 'b', 'c', 'd', 'e'\]$"):
        _load(dict(five, f=0))


def test_a_frame_that_cannot_open_names_the_kinds_that_may_or_none():
    """The stack check's message lists the kinds that may open the stack (sorted, by name), or
    says "none" when no kind may open in that phase, so the reader knows what was expected."""
    names = ("open", "inner", "other")
    assert stack_errors([(1,)], names, "pend", {2, 0}, {}) == [
        "pend[0] is a 'inner' frame, which cannot open here (may: open, other)"]
    assert stack_errors([(1,)], names, "pend", set(), {}) == [
        "pend[0] is a 'inner' frame, which cannot open here (may: none)"]
