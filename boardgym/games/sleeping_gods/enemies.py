"""Enemies as data: an immutable ``Enemy`` and the grid notation of PP §2.7 (``parse_enemy``).

A grid is three rows of three squares, read top to bottom and left to right (square index
``3 * row + col``, both from 0). Each square is blank (``.``), a heart of value v (a digit 1-9),
power growth (``P``) or an ability letter (PP-ENEMY):

* passive while uncovered: ``K`` block x (adds up), ``N`` can't remove power, ``T`` first strike;
* hourglass (end of round): ``G`` +x power to every other remaining enemy, ``D`` x damage to
  one character, ``H`` heal self x, ``L`` heal an ally x, ``O`` x boat damage, ``F`` frighten,
  ``M`` madness, ``V`` venom (poison), ``W`` weaken.

The letters that take a parameter x (K, G, D, H, L, O) get it from ``params`` (one value per
letter, used by each of its squares: Bark Beetle's ``K2K`` with ``{"K": 1}`` blocks 2 in all).
"""
from __future__ import annotations

from dataclasses import dataclass, field

BLANK = "."
HEART = "heart"
GROWTH = "P"
PASSIVE = frozenset("KNT")
HOURGLASS = frozenset("GDHLOFMVW")
WITH_PARAM = frozenset("KGDHLO")
LETTERS = frozenset("PKNTGDHLOFMVW")
MAX_PARAM = 9
MAX_ATTACK = 9
ALLOWED = "a digit 1-9 (a heart), '.' (blank) or one of " + " ".join(sorted(LETTERS))


class EnemyError(ValueError):
    """A malformed enemy: a ``ValueError`` whose ``field`` ("attack", "grid" or "params") says
    which entry field is wrong, for a pack loader's ``ContentError``."""

    def __init__(self, field_name: str, message: str):
        super().__init__(message)
        self.field = field_name


@dataclass(frozen=True)
class Enemy:
    """One enemy: its name, basic counterattack damage and 9 squares (row-major).

    ``kinds[i]`` is ``"."`` (blank), ``"heart"`` or a letter; ``values[i]`` is the heart's value,
    the letter's parameter x, or 0. ``hearts``, ``growth`` and ``hourglass`` are derived once."""

    name: str
    attack: int
    kinds: tuple
    values: tuple
    hearts: tuple = field(init=False, repr=False, compare=False)  # heart squares
    growth: int = field(init=False, repr=False, compare=False)  # P squares: start power (PP-COMBAT-1)
    hourglass: tuple = field(init=False, repr=False, compare=False)  # end-of-round squares

    def __post_init__(self):
        k = self.kinds
        object.__setattr__(self, "hearts", tuple(i for i in range(9) if k[i] == HEART))
        object.__setattr__(self, "growth", sum(1 for x in k if x == GROWTH))
        object.__setattr__(self, "hourglass", tuple(i for i in range(9) if k[i] in HOURGLASS))

    def squares(self, letter: str) -> tuple:
        return tuple(i for i, k in enumerate(self.kinds) if k == letter)

    def cost(self, sq: int) -> int:
        """Damage needed to cover a square: a v-heart v, any other square 1 (PP-COMBAT-5)."""
        return self.values[sq] if self.kinds[sq] == HEART else 1

    def notation(self) -> str:
        """The grid back in PP §2.7 notation."""
        cells = [str(v) if k == HEART else k for k, v in zip(self.kinds, self.values)]
        return "/".join("".join(cells[3 * r:3 * r + 3]) for r in range(3))


def parse_enemy(name: str, attack: int, grid: str, params: dict[str, int]) -> Enemy:
    """An ``Enemy`` from PP §2.7 notation (``"P.1/1D2/P.1"``, params ``{"D": 1}``).

    Raises ``EnemyError`` (a ``ValueError``; its ``field`` names the entry field, ``params.K``
    for one parameter) naming the
    enemy, the row and column or the letter, and what is allowed: an unknown character, a row
    that is not 3 squares, not 3 rows, a letter that takes a parameter without one, a parameter
    for a letter the grid lacks, a parameter or an attack out of range, a grid without a heart."""

    def fail(field_name: str, message: str) -> EnemyError:
        return EnemyError(field_name, f"enemy {name!r}: {message}")

    if type(attack) is not int or not 0 <= attack <= MAX_ATTACK:
        raise fail("attack", f"attack {attack!r} must be an int 0..{MAX_ATTACK}")
    if not isinstance(grid, str):
        raise fail("grid", "grid must be a string of 3 rows separated by '/'")
    rows = grid.split("/")
    if len(rows) != 3:
        raise fail("grid", f"grid {grid!r} has {len(rows)} row(s); it needs 3 rows of 3 squares "
                         "separated by '/' (top, middle, bottom)")
    if not isinstance(params, dict):
        raise fail("params", "params must be a dict of letter -> int")
    kinds, values = [], []
    for r, row in enumerate(rows, 1):
        if len(row) != 3:
            raise fail("grid", f"row {r} ({row!r}) has {len(row)} square(s); each row has 3")
        for c, ch in enumerate(row, 1):
            if ch.isdigit() and ch != "0":
                kinds.append(HEART)
                values.append(int(ch))
            elif ch == BLANK:
                kinds.append(BLANK)
                values.append(0)
            elif ch in LETTERS:
                kinds.append(ch)
                values.append(0)
            else:
                raise fail("grid", f"row {r}, column {c} is {ch!r}; allowed: {ALLOWED}")
    present = set(kinds)
    for letter, x in params.items():
        if letter not in WITH_PARAM:
            raise fail(f"params.{letter}", f"parameter {letter!r} is not a letter that takes one "
                             f"(only {' '.join(sorted(WITH_PARAM))} do)")
        if letter not in present:
            raise fail(f"params.{letter}", f"parameter {letter!r} given, but the grid has no {letter!r} square")
        if type(x) is not int or not 1 <= x <= MAX_PARAM:
            raise fail(f"params.{letter}", f"parameter {letter}={x!r} must be an int 1..{MAX_PARAM}")
    for i, k in enumerate(kinds):
        if k in WITH_PARAM:
            if k not in params:
                raise fail(f"params.{k}", f"letter {k!r} (row {i // 3 + 1}, column {i % 3 + 1}) needs a "
                                 f"parameter: give params {{{k!r}: x}} with x 1..{MAX_PARAM}")
            values[i] = params[k]
    if HEART not in present:
        raise fail("grid", f"grid {grid!r} has no heart; an enemy needs at least one heart "
                         "(a digit 1-9) to be defeated")
    return Enemy(name, attack, tuple(kinds), tuple(values))


def enemy_from_entry(entry: dict, file: str) -> Enemy:
    """An enemy entry of a pack (``schema/enemy.schema.json``, already validated) as an
    ``Enemy``; what the schema cannot see raises ``ContentError`` naming the file, the entry
    (its id, else its name) and the field."""
    from boardgym.core.errors import ContentError

    try:
        return parse_enemy(entry["name"], entry["attack"], entry["grid"], dict(entry.get("params", {})))
    except EnemyError as err:
        raise ContentError(file, str(entry.get("id", entry["name"])), err.field, str(err)) from None


@dataclass(frozen=True, slots=True)
class RosterEnemy:
    """A pack's roster entry as both games' content tables hold it; ``piece`` is the playing
    piece the core fights with (``Enemy``)."""
    id: int
    key: str
    name: str
    attack: int
    grid: str            # PP 2.7 notation: "top/middle/bottom"
    params: tuple        # ((letter, value), ...) sorted by letter
    squares: tuple       # the 9 squares row by row, top left first
    hearts: int          # the sum of its hearts' values
    growth: int          # its P squares (start power, PP-COMBAT-1)
    piece: Enemy


def roster(entries, file) -> tuple:
    """A pack's enemy table: each grid read by ``enemy_from_entry`` (a grid without a heart, a
    lettered ability without its value or a value without its letter is refused with a
    ContentError naming the entry and the field, ``grid`` or ``params.<letter>``)."""
    out = []
    for i, d in enumerate(entries):
        piece = enemy_from_entry(d, file)
        out.append(RosterEnemy(i, d["id"], d["name"], d["attack"], d["grid"],
                               tuple(sorted(d.get("params", {}).items())), tuple(d["grid"].replace("/", "")),
                               sum(piece.values[j] for j in piece.hearts), piece.growth, piece))
    return tuple(out)
