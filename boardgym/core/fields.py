"""A game state's fields, declared once; clone, save, load and validation are derived from it.

A game lists what its state holds in a ``StateFields``: per field its kind (``Int``, ``Ints``
a list of ints, ``Nested`` a list of int lists such as one hand per seat, ``Frames`` a list of
tuples such as the pending-decision stack), the ints it may hold (``Values``: ranges whose ends
may depend on the configured game, with words for messages), its length (fixed, per seat or
bounded) and, for frame lists, each frame kind's arguments. From the declaration core derives

* ``clone()``: straight-line generated code (ints by reference, lists by slice, nested lists by
  a comprehension, frames are tuples), as fast as a hand-written copy: it feeds search;
* ``_dump()``: the saved layout, one JSON key per field (frames as lists);
* ``_load(data)``: every field checked before anything is set: its type (no bool, float or
  string where an int belongs), its length, its values, each frame's kind and arguments. The
  first problem raises ``StateError`` naming the field, the index (or seat) and what is allowed.
  Nothing is read deeper than the declaration, so no input nests the checker into recursion.

Consistency *between* fields (components conserved, a frame's argument pointing at a card that
is there, the phase a decision belongs to) is the game's ``invariant_errors``; the game's
``state_from_json`` runs it after the fields load (``State._check_loaded``).
"""
from __future__ import annotations

import weakref
from typing import Callable, Union

from .errors import StateError

Bound = Union[int, Callable]  # an int, or a function of the Game giving one


def _at(bound: Bound, game) -> int:
    return bound(game) if callable(bound) else bound


def show(v) -> str:
    """A value as a message shows it: short, never a container's contents (no deep repr)."""
    t = type(v)
    if t is bool:
        return f"{'true' if v else 'false'} (a bool)"
    if t is int:
        if -10**15 < v < 10**15:
            return str(v)
        sign = "a negative" if v < 0 else "an"
        return f"{sign} integer of about {int(abs(v).bit_length() * 0.30103) + 1} digits"
    if t is float:
        return f"{v!r} (a float)"
    if t is str:
        return f"the text {v[:24]!r}" + ("..." if len(v) > 24 else "")
    if v is None:
        return "null"
    if t is list:
        return f"a list of {len(v)}"
    if t is dict:
        return f"an object of {len(v)} key(s)"
    return f"a {t.__name__}"


class Values:
    """The ints a field or frame argument may hold: one or more ranges ``lo..hi`` (ends are ints
    or functions of the game) and what they are, in words ("a seat", "an encounter card id").
    ``a | b`` is the union (``NONE | seat``: -1 or a seat)."""

    __slots__ = ("ranges", "what")

    def __init__(self, lo: Bound, hi: Bound, what: str):
        self.ranges = ((lo, hi),)
        self.what = what

    def __or__(self, other: "Values") -> "Values":
        v = Values(0, 0, f"{self.what} or {other.what}")
        v.ranges = self.ranges + other.ranges
        return v

    def bind(self, game) -> "_BoundValues":
        return _BoundValues(tuple((_at(lo, game), _at(hi, game)) for lo, hi in self.ranges), self.what)


class _BoundValues:
    __slots__ = ("ranges", "text", "lo", "hi", "one_range")

    def __init__(self, ranges, what):
        self.ranges = tuple((lo, hi) for lo, hi in ranges if lo <= hi)
        self.lo = min((lo for lo, _ in self.ranges), default=0)
        self.hi = max((hi for _, hi in self.ranges), default=-1)
        spans = ", ".join(str(lo) if lo == hi else f"{lo}..{hi}" for lo, hi in self.ranges)
        self.text = f"{what} ({spans or 'none possible in this configuration'})"
        merged = []  # touching ranges as one (-1 | 0..35 is -1..35): lists check in one pass
        for lo, hi in sorted(self.ranges):
            if merged and lo <= merged[-1][1] + 1:
                merged[-1][1] = max(merged[-1][1], hi)
            else:
                merged.append([lo, hi])
        self.one_range = len(merged) == 1

    def __contains__(self, v: int) -> bool:
        for lo, hi in self.ranges:
            if lo <= v <= hi:
                return True
        return False


def between(lo: Bound, hi: Bound, what: str) -> Values:
    return Values(lo, hi, what)


def enum(names, what: str) -> Values:
    """A code of a fixed vocabulary (phases, decision kinds): 0..len(names)-1."""
    return Values(0, len(names) - 1, f"a {what} code")


FLAG = Values(0, 1, "0 or 1")
ZERO = Values(0, 0, "0")
NONE = Values(-1, -1, "-1 (none)")
SEAT = Values(0, lambda g: g.num_players - 1, "a seat")
SEAT_OR_NONE = NONE | SEAT
SEAT_SET = Values(0, lambda g: (1 << g.num_players) - 1, "a set of seats (bit mask)")


def ids(count: Callable, what: str) -> Values:
    """An id into a table of ``count(game)`` entries."""
    return Values(0, lambda g: count(g) - 1, what)


# -- fields ---------------------------------------------------------------------------------------
_INT = {int}


def _all_ints(v: list) -> bool:
    """Every entry an int (not a bool): one pass in C."""
    return set(map(type, v)) <= _INT


def _int(v, where, vals: _BoundValues) -> int:
    if type(v) is int and vals.lo <= v <= vals.hi and (vals.one_range or v in vals):
        return v  # the common case: no message to write
    if type(v) is not int:
        raise StateError(f"corrupt saved state: {where} is {show(v)}, must be an int: {vals.text}")
    if not (vals.lo <= v <= vals.hi and v in vals):
        raise StateError(f"corrupt saved state: {where} is {show(v)}, must be {vals.text}")
    return v


def _list(v, where, lo: int, hi: int | None) -> list:
    if type(v) is not list:
        raise StateError(f"corrupt saved state: {where} is {show(v)}, must be a list")
    n = len(v)
    if hi is None:
        if n != lo:
            raise StateError(f"corrupt saved state: {where} has {n} entries, must have {lo}")
    elif not lo <= n <= hi:
        raise StateError(f"corrupt saved state: {where} has {n} entries, must have {lo}..{hi}")
    return v


class Field:
    """One attribute of the state."""

    __slots__ = ("name",)
    clone_expr = "self.{0}"

    def __init__(self, name: str):
        self.name = name

    def checker(self, game) -> Callable:
        """A function(saved value) -> the value to set, raising StateError when it is wrong."""
        raise NotImplementedError

    def dump_expr(self) -> str:
        return f"self.{self.name}"


class Int(Field):
    """One int."""

    __slots__ = ("values",)

    def __init__(self, name: str, values: Values):
        super().__init__(name)
        self.values = values

    def checker(self, game):
        vals, name = self.values.bind(game), self.name
        return lambda v: _int(v, name, vals)


class Ints(Field):
    """A list of ints: ``length`` fixed (an int or a function of the game) or ``max_len`` bounded;
    ``values`` one ``Values`` for every entry, or a tuple of them, one per index (then the length
    is theirs); ``distinct``: no value >= 0 twice; ``order``: "asc" or "desc" when the game keeps
    the list sorted."""

    __slots__ = ("values", "length", "max_len", "distinct", "order")
    clone_expr = "self.{0}[:]"

    def __init__(self, name: str, values, length: Bound | None = None,
                 max_len: Bound | None = None, distinct: bool = False, order: str | None = None):
        super().__init__(name)
        if isinstance(values, tuple) and length is None and max_len is None:
            length = len(values)
        if (length is None) == (max_len is None):
            raise ValueError(f"{name}: give exactly one of length and max_len")
        self.values, self.length, self.max_len = values, length, max_len
        self.distinct, self.order = distinct, order

    def bind(self, game):
        """(values, min length, max length or None for a fixed length) in this configuration;
        values is a tuple, one per index, when declared so."""
        lo, hi = (_at(self.length, game), None) if self.length is not None else (0, _at(self.max_len, game))
        if isinstance(self.values, tuple):
            return tuple(v.bind(game) for v in self.values), lo, hi
        return self.values.bind(game), lo, hi

    def check_list(self, v, where, vals, lo, hi) -> list:
        _list(v, where, lo, hi)
        if (not isinstance(vals, tuple) and vals.one_range and _all_ints(v)
                and (not v or vals.lo <= min(v) and max(v) <= vals.hi)):
            pass  # every entry an int inside the one range: no message to write
        elif isinstance(vals, tuple):
            for i, x in enumerate(v):
                _int(x, f"{where}[{i}]", vals[i])
        else:
            for i, x in enumerate(v):
                _int(x, f"{where}[{i}]", vals)
        if self.distinct and len(set(v)) != len(v):
            seen = set()
            for i, x in enumerate(v):
                if x >= 0 and x in seen:
                    raise StateError(f"corrupt saved state: {where}[{i}] repeats {x} (each value once)")
                seen.add(x)
        if self.order is not None and v != sorted(v, reverse=self.order == "desc"):
            desc = self.order == "desc"
            for i in range(1, len(v)):
                if (v[i] > v[i - 1]) if desc else (v[i] < v[i - 1]):
                    word = "descending" if desc else "ascending"
                    raise StateError(f"corrupt saved state: {where} is not in {word} order at [{i}]")
        return list(v)

    def checker(self, game):
        vals, lo, hi = self.bind(game)
        name = self.name
        return lambda v: self.check_list(v, name, vals, lo, hi)


class Nested(Ints):
    """A list of int lists: ``outer`` entries (an int or a function of the game, e.g. one per
    seat; or ``outer_max`` at most), each checked like ``Ints`` (``length`` or ``max_len``)."""

    __slots__ = ("outer", "outer_max")
    clone_expr = "[x[:] for x in self.{0}]"

    def __init__(self, name: str, values: Values, outer: Bound | None = None,
                 outer_max: Bound | None = None, **kw):
        super().__init__(name, values, **kw)
        if (outer is None) == (outer_max is None):
            raise ValueError(f"{name}: give exactly one of outer and outer_max")
        self.outer, self.outer_max = outer, outer_max

    def checker(self, game):
        vals, lo, hi = self.bind(game)
        olo, ohi = (_at(self.outer, game), None) if self.outer is not None else (0, _at(self.outer_max, game))
        name = self.name

        def check(v):
            _list(v, name, olo, ohi)
            return [self.check_list(x, f"{name}[{i}]", vals, lo, hi) for i, x in enumerate(v)]

        return check


def per_seat(game) -> int:
    return game.num_players


class Frames(Field):
    """A list of tuples ``(kind, arg, ...)``: a pending-decision stack, a chance queue, a program.
    ``kinds`` maps every kind code to the ``Values`` of its arguments (their number is the
    frame's length less one); ``names`` are the kinds' names for messages."""

    __slots__ = ("kinds", "names", "max_len", "what")
    clone_expr = "self.{0}[:]"

    def __init__(self, name: str, kinds: dict, names, max_len: Bound, what: str = "frame"):
        super().__init__(name)
        missing = [names[k] for k in range(len(names)) if k not in kinds]
        if missing or len(kinds) != len(names):
            raise ValueError(f"{name}: declare the arguments of every kind (missing {missing})")
        self.kinds, self.names, self.max_len, self.what = kinds, tuple(names), max_len, what

    def dump_expr(self) -> str:
        return f"[list(f) for f in self.{self.name}]"

    def checker(self, game):
        kinds = {k: tuple(v.bind(game) for v in args) for k, args in self.kinds.items()}
        kind_vals = _BoundValues(((0, len(self.names) - 1),), f"a {self.what} kind")
        hi, name, names = _at(self.max_len, game), self.name, self.names

        n_kinds = len(self.names)

        def check(v):
            _list(v, name, 0, hi)
            out = []
            for i, f in enumerate(v):
                k = f[0] if type(f) is list and f else None
                args = kinds[k] if type(k) is int and 0 <= k < n_kinds else None
                if (args is None or len(f) != 1 + len(args) or not _all_ints(f)
                        or not all(b.lo <= x <= b.hi and (b.one_range or x in b)
                                   for x, b in zip(f[1:], args))):
                    _frame_problem(f, f"{name}[{i}]", kind_vals, kinds, names, self.what)
                out.append(tuple(f))
            return out

        return check


def _frame_problem(f, where, kind_vals, kinds, names, what) -> None:
    """Raise the StateError naming what is wrong with the saved frame ``f``."""
    if type(f) is not list or not f:
        raise StateError(f"corrupt saved state: {where} is {show(f)}, must be a "
                         f"non-empty list [kind, arguments...]")
    k = _int(f[0], f"{where} kind", kind_vals)
    args = kinds[k]
    label = f"{where} ({what} '{names[k]}')"
    if len(f) != 1 + len(args):
        raise StateError(f"corrupt saved state: {label} has {len(f) - 1} argument(s), "
                         f"must have {len(args)}")
    for j, (x, vals) in enumerate(zip(f[1:], args), 1):
        _int(x, f"{label} argument {j}", vals)


# -- the declaration ------------------------------------------------------------------------------
class StateFields:
    """Every saved field of one game's state, plus ``derived`` attributes (a function of the game,
    set on load and copied by clone, e.g. the seat count) and ``transient`` ones (caches: a
    Python expression evaluated afresh by clone and load, e.g. ``"None"``).

    ``install(cls)`` gives the state class its generated ``clone``, ``_dump`` and ``_load``;
    ``slots`` is what its ``__slots__`` must hold."""

    def __init__(self, *fields: Field, derived: dict | None = None, transient: dict | None = None):
        self.fields = fields
        self.names = tuple(f.name for f in fields)
        if len(set(self.names)) != len(self.names):
            raise ValueError("a field is declared twice")
        self.by_name = {f.name: f for f in fields}
        self.derived = dict(derived or {})
        self.transient = dict(transient or {})
        self._checkers = weakref.WeakKeyDictionary()

    @property
    def slots(self) -> tuple:
        return self.names + tuple(self.derived) + tuple(self.transient)

    # -- generated code -------------------------------------------------------------------------
    def _compile(self, cls, ns: dict):
        lines = ["def clone(self):", "    s = _new(_cls)", "    s.game = self.game"]
        lines += [f"    s.{k} = self.{k}" for k in self.derived]
        lines += [f"    s.{f.name} = " + f.clone_expr.format(f.name) for f in self.fields]
        lines += [f"    s.{k} = {expr}" for k, expr in self.transient.items()]
        lines += ["    return s", "", "def _dump(self):", "    return {"]
        lines += [f"        {f.name!r}: {f.dump_expr()}," for f in self.fields]
        lines += ["    }", "", "def _reset(s):"]
        lines += [f"    s.{k} = {expr}" for k, expr in self.transient.items()] or ["    pass"]
        env = dict(ns, _new=cls.__new__, _cls=cls)
        # the source is built from the declared field names only, never from saved data
        exec(compile("\n".join(lines), f"<{cls.__name__} fields>", "exec"), env)  # noqa: S102
        return env["clone"], env["_dump"], env["_reset"]

    def install(self, cls, namespace: dict | None = None):
        """Give ``cls`` its ``clone``, ``_dump`` and ``_load``; ``namespace`` holds the names the
        transient expressions use (e.g. ``{"np": numpy}``)."""
        missing = [k for k in self.slots if k not in getattr(cls, "__slots__", ())]
        if missing:
            raise ValueError(f"{cls.__name__}.__slots__ lacks {missing}")
        clone, dump, reset = self._compile(cls, namespace or {})
        fields = self

        def _load(state, data) -> None:
            fields.load(state, data)
            reset(state)

        clone.__doc__ = "A copy sharing the game and content; only the mutable containers are copied."
        dump.__doc__ = "The saved fields (JSON-ready), one key per declared field."
        _load.__doc__ = "Set every field from a saved dict, checked against the declaration."
        cls.clone, cls._dump, cls._load, cls.FIELDS = clone, dump, _load, self
        return cls

    # -- loading ----------------------------------------------------------------------------------
    def checkers(self, game) -> list:
        ch = self._checkers.get(game)
        if ch is None:
            ch = self._checkers[game] = [(f.name, f.checker(game)) for f in self.fields]
        return ch

    def load(self, state, data) -> None:
        """Check every saved field, then set them all (nothing is set when one is wrong)."""
        if type(data) is not dict:
            raise StateError(f"corrupt saved state: 'state' is {show(data)}, must be an object of fields")
        missing = [k for k in self.names if k not in data]
        if missing:
            raise StateError(f"corrupt saved state: missing field(s) {missing[:5]}")
        if len(data) != len(self.names):
            unknown = sorted(str(k)[:30] for k in data if k not in self.by_name)
            raise StateError(f"corrupt saved state: unknown field(s) {unknown[:5]}")
        values = [(name, check(data[name])) for name, check in self.checkers(state.game)]
        for name, v in values:
            setattr(state, name, v)
        for k, fn in self.derived.items():
            setattr(state, k, fn(state.game))


# -- shapes of frame lists (used by the games' invariants) ----------------------------------------
def stack_errors(frames, names, field: str, bottom, below: dict) -> list[str]:
    """Problems with the shape of a frame stack: its first frame's kind must be in ``bottom``
    (e.g. the kinds that may open in the current phase), and each later frame's kind ``k`` may
    only sit on a frame whose kind is in ``below[k]`` (kinds missing from ``below`` sit on
    nothing). Names the frame and the kinds."""
    bad = []
    for i, f in enumerate(frames):
        k = f[0]
        if i == 0:
            if k not in bottom:
                ok = ", ".join(names[x] for x in sorted(bottom)) or "none"
                bad.append(f"{field}[0] is a '{names[k]}' frame, which cannot open here (may: {ok})")
        elif frames[i - 1][0] not in below.get(k, ()):
            bad.append(f"{field}[{i}] is a '{names[k]}' frame on a '{names[frames[i - 1][0]]}' frame")
    return bad


def queue_errors(entries, names, field: str, allowed) -> list[str]:
    """Problems with a queue's kinds: each entry's kind must be in ``allowed``."""
    for i, e in enumerate(entries):
        if e[0] not in allowed:
            return [f"{field}[{i}] is a '{names[e[0]]}' entry, which cannot be pending here"]
    return []
