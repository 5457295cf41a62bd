"""Named pieces of a flat float32 observation vector, and the encoders' bounded block cache."""
from __future__ import annotations

import functools
import sys
from typing import NamedTuple

import numpy as np


class EntitySet(NamedTuple):
    """Rows of same-shaped entities inside an observation vector (dice, cards, enemies, crew,
    seats): ``rows`` holds each row's offset in the vector, ``width`` its size; ``presence`` is
    the column of a row's "present" bit, or None when an absent row is all zeros."""

    name: str
    pieces: tuple[str, ...]
    rows: tuple[int, ...]
    width: int
    presence: int | None
    doc: str


class ObsLayout:
    """Offsets of named pieces in one observation vector (``layout.slice("my.health")``), and
    declarations that change none of them: which pieces hold sets of same-shaped entities
    (``entities``) and which piece one-hot encodes the pending decision's kind (``decision_kind``)."""

    __slots__ = ("pieces", "size", "_index", "entity_sets", "decision_piece")

    def __init__(self):
        self.pieces: list[tuple[str, int, int, str]] = []
        self._index: dict[str, tuple[int, int]] = {}
        self.size = 0
        self.entity_sets: list[EntitySet] = []
        self.decision_piece: str | None = None

    def add(self, name: str, size: int, doc: str = "") -> int:
        if name in self._index:
            raise ValueError(f"duplicate observation piece {name!r}")
        offset = self.size
        self.pieces.append((name, offset, size, doc))
        self._index[name] = (offset, size)
        self.size += size
        return offset

    def _piece(self, name: str, what: str) -> tuple[int, int]:
        if name not in self._index:
            raise ValueError(f"{what}: no observation piece {name!r} (pieces: "
                             f"{', '.join(n for n, *_ in self.pieces)})")
        return self._index[name]

    def entities(self, name: str, pieces, width: int | None = None, presence: int | None = None,
                 doc: str = "") -> EntitySet:
        """Declare the entity set ``name``: one piece cut into rows of ``width`` (``pieces`` a
        name), or several pieces of one size, a row each (``pieces`` a list). ``presence``: the
        column of each row's "present" bit (None: an all-zero row is an absent entity). The
        vector is unchanged; a piece belongs to one set at most."""
        what = f"entity set {name!r}"
        if any(e.name == name for e in self.entity_sets):
            raise ValueError(f"duplicate {what}")
        names = (pieces,) if isinstance(pieces, str) else tuple(pieces)
        if not names:
            raise ValueError(f"{what} names no piece")
        taken = {p: e.name for e in self.entity_sets for p in e.pieces}
        for p in names:
            if p in taken:
                raise ValueError(f"{what}: piece {p!r} is already in entity set {taken[p]!r}")
        if isinstance(pieces, str):
            offset, size = self._piece(pieces, what)
            if width is None or width < 1 or size % width:
                raise ValueError(f"{what}: piece {pieces!r} ({size} values) is not rows of width {width!r}")
            rows = tuple(range(offset, offset + size, width))
        else:
            spans = [self._piece(p, what) for p in names]
            sizes = {s for _, s in spans}
            if len(sizes) != 1 or (width is not None and sizes != {width}):
                raise ValueError(f"{what}: pieces {', '.join(names)} must have one size"
                                 f"{'' if width is None else f' ({width})'}, got {[s for _, s in spans]}")
            width = sizes.pop()
            rows = tuple(o for o, _ in spans)
        if presence is not None and not 0 <= presence < width:
            raise ValueError(f"{what}: presence column {presence} is outside its rows (width {width})")
        entry = EntitySet(name, names, rows, width, presence, doc)
        self.entity_sets.append(entry)
        return entry

    def decision_kind(self, name: str) -> None:
        """Declare the piece that one-hot encodes the pending decision's kind (all zeros when
        nobody decides: a chance step or the end)."""
        self._piece(name, "decision kind")
        self.decision_piece = name

    def offset(self, name: str) -> int:
        return self._index[name][0]

    def slice(self, name: str) -> slice:
        offset, size = self._index[name]
        return slice(offset, offset + size)

    def markdown(self) -> str:
        lines = ["| piece | offset | size | meaning |", "|---|---|---|---|"]
        for name, offset, size, doc in self.pieces:
            lines.append(f"| `{name}` | {offset} | {size} | {doc} |")
        return "\n".join(lines)

    def entities_markdown(self) -> str:
        """The entity sets and the decision-kind piece as a Markdown table."""
        lines = ["| entity set | pieces | rows x width | absent rows | meaning |", "|---|---|---|---|---|"]
        for e in self.entity_sets:
            absent = "all zeros" if e.presence is None else f"column {e.presence} is 0"
            lines.append(f"| `{e.name}` | {', '.join(f'`{p}`' for p in e.pieces)} | "
                         f"{len(e.rows)} x {e.width} | {absent} | {e.doc} |")
        if self.decision_piece is not None:
            size = self._index[self.decision_piece][1]
            lines.append(f"| decision kind | `{self.decision_piece}` | 1 x {size} | all zeros when nobody decides | "
                         f"one-hot of the pending decision's kind |")
        return "\n".join(lines)


class DerivedCache:
    """Marks a cache a game's modules build from its content and hang on the game object (the
    block cache, an encoder's card rows): pickling or deep-copying the game leaves it out
    (``Game.__getstate__``), and the copy builds its own on first use. Caches may hold objects that
    neither pickle nor deep-copy, such as memoryviews."""

    __slots__ = ()


class PieceOffsets(DerivedCache):
    """A layout's offsets by piece name (attributes); an encoder keeps one per game
    (``game_offsets``) and may add its own precomputed rows to it."""

    def __init__(self, layout: ObsLayout):
        for name, off, _size, _doc in layout.pieces:
            setattr(self, name, off)


def game_offsets(game, make=None):
    """The game's offsets, built on first use and kept on the game: ``PieceOffsets`` of its
    layout, or ``make(game)`` (an encoder's subclass that adds its own rows)."""
    o = game.__dict__.get("_obs_offsets")
    if o is None:
        o = game._obs_offsets = make(game) if make is not None else PieceOffsets(game.layout)
    return o


def clip_ratio(x, d) -> float:
    """``x / d`` clipped to [-1, 1]: a count scaled by the largest value the rules allow, so no
    piece leaves the Box."""
    v = x / d
    return 1.0 if v > 1 else (-1.0 if v < -1 else v)


def ratios(d, n: int = 1024) -> tuple:
    """``clip_ratio(x, d)`` for every count x in 0..n-1 (the state's bounds keep counts there):
    a tuple lookup is a third of a call, and an encoder makes dozens of them per observation."""
    return tuple(clip_ratio(x, d) for x in range(n))


def f32_scaled(factor: float, n: int = 1024) -> tuple:
    """``x * factor`` for every count x in 0..n-1, multiplied in float32 exactly as
    ``buf[a:b] *= factor`` does on a float32 vector (NumPy casts the factor to float32 first):
    an encoder that builds a block in Python writes the very same numbers."""
    t = np.arange(n, dtype=np.float32)
    t *= factor
    return tuple(t.tolist())


def f32_accumulated(step: float, n: int = 64) -> tuple:
    """What ``buf[i] += step`` repeated k times gives on a float32 vector, for k in 0..n-1 (each
    addition rounded to float32), so an encoder can write a count's total in one store."""
    acc = np.zeros(1, np.float32)
    out = [0.0]
    for _ in range(n - 1):
        acc[0] += step
        out.append(float(acc[0]))
    return tuple(out)


def plain_f32(out) -> bool:
    """Is ``out`` a contiguous 1-D float32 vector, one an encoder may write through a float32
    memoryview? (Encoders given any other ``out`` encode a new vector and copy it in.)"""
    return out.dtype == np.float32 and out.ndim == 1 and out.flags.c_contiguous


def accepts_any_out(encode):
    """Every game's ``encode(s, player, out=None, **options)`` decorated with this writes
    through a float32 memoryview, so it takes only a ``plain_f32`` ``out``: given any other (a
    float64 or strided vector) the wrapper encodes a new vector and copies its values in, the
    same float32 numbers, and returns ``out``."""
    @functools.wraps(encode)
    def wrapper(s, player, out=None, **options):
        if out is not None and not plain_f32(out):
            out[:] = encode(s, player, None, **options)
            return out
        return encode(s, player, out, **options)
    return wrapper


def clip_unit(view: np.ndarray) -> None:
    """``np.clip(view, -1, 1, out=view)`` (the same numbers) through the two ufuncs, without
    ``np.clip``'s Python layers: encoders clip a block on every cache miss."""
    np.maximum(view, -1.0, out=view)
    np.minimum(view, 1.0, out=view)


# -- the block cache ---------------------------------------------------------------------------
BLOCK_CACHE_BYTES = 4 << 20  # per game: every env (and every vectorised copy) holds its own game
_TUPLE_BYTES = sys.getsizeof(())  # a key's tuple header
_ITEM_BYTES = 8 + sys.getsizeof(1 << 60)  # per key item: a pointer and an int object (over-allowed:
# CPython shares small ints, so most items cost only the pointer)
# a stored block's header (its data is added): a NumPy array, or a memoryview and its bytes object
_ARRAY_BYTES = max(sys.getsizeof(np.zeros(0, np.float32)), sys.getsizeof(memoryview(b"")) + sys.getsizeof(b""))
_SLOT_BYTES = 48  # a dict slot with its share of the hash table (over-allowed)


_ENTRY_BYTES = _TUPLE_BYTES + _ARRAY_BYTES + _SLOT_BYTES


def entry_bytes(key: tuple, block: np.ndarray) -> int:
    """An upper bound of what one cached block holds: its key (a flat tuple of ints), the array
    header and data, and the dict slot."""
    return _ENTRY_BYTES + _ITEM_BYTES * len(key) + block.nbytes


class CachedTuple(tuple, DerivedCache):
    """A tuple of cached tables (a ``DerivedCache``): left out when the game is copied."""

    __slots__ = ()


class BlockCache(DerivedCache):
    """Encoders' cache of observation blocks, bounded in bytes (``max_bytes``, counted by
    ``entry_bytes``), shared by every state of one game.

    An observation is written in blocks that change slowly (a board, a player's cards); a block
    is stored under a key holding every state field it reads (a flat tuple of ints: a tag, then
    the fields, with the length before each list whose length varies), and an unchanged block is
    copied back instead of being encoded again. Nearly all reuse is between nearby steps, so two
    generations suffice: new blocks go to the young one; when it holds half the budget it becomes
    the old one (the previous old one is dropped), and a block found in the old one is copied back
    into the young one. The cache therefore never holds more than ``max_bytes`` and keeps what was
    used recently."""

    __slots__ = ("max_bytes", "nbytes", "_young", "_old", "_young_bytes")

    def __init__(self, max_bytes: int = BLOCK_CACHE_BYTES):
        if not isinstance(max_bytes, int) or isinstance(max_bytes, bool) or max_bytes < 0:
            raise ValueError(f"max_bytes must be an int >= 0, got {max_bytes!r}")
        self.max_bytes = max_bytes
        self.clear()

    def clear(self) -> None:
        self._young: dict = {}
        self._old: dict = {}
        self._young_bytes = 0
        self.nbytes = 0  # bytes held, both generations

    def resize(self, max_bytes: int) -> None:
        """A new bound (emptying the cache)."""
        BlockCache.__init__(self, max_bytes)

    def __len__(self) -> int:
        return len(self._young) + len(self._old)

    def entries(self):
        """(key, block) of every stored block (both generations)."""
        yield from self._old.items()
        yield from self._young.items()

    def reuse(self, buf, a: int, b: int, key: tuple, fill, *args) -> None:
        """``buf[a:b]`` becomes what ``fill(*args)`` writes there for a state whose fields give
        ``key``: the stored copy when there is one, else ``fill`` runs and its block is stored.
        (Arguments, not a closure: encoders call this several times per observation.) ``buf``
        is the vector or, faster, a memoryview of it: blocks are then kept as memoryviews and
        copied memoryview to memoryview, a third of a NumPy slice copy."""
        block = self._young.get(key)
        if block is not None:
            try:
                buf[a:b] = block
            except (TypeError, ValueError):  # another item format than the stored block's
                _copy_into(buf, a, b, block)
            return
        block = self._old.get(key)
        if block is None:
            fill(*args)
            block = (memoryview(buf[a:b].tobytes()).cast(buf.format) if type(buf) is memoryview
                     else buf[a:b].copy())
        else:
            _copy_into(buf, a, b, block)
        # store it in the young generation (entry_bytes, written out: this is the hot path)
        size = _ENTRY_BYTES + _ITEM_BYTES * len(key) + block.nbytes
        young_bytes = self._young_bytes + size
        if young_bytes > self.max_bytes >> 1:  # the young generation is full: it becomes the
            self._old, self._young = self._young, {}  # old one (the previous old one is dropped)
            self.nbytes = self._young_bytes
            young_bytes = size
            if size > self.max_bytes >> 1:  # a block larger than a generation is not kept
                self._young_bytes = 0
                return
        self._young[key] = block
        self._young_bytes = young_bytes
        self.nbytes += size


def _copy_into(buf, a: int, b: int, block) -> None:
    """``buf[a:b] = block`` whatever each is (an array or a memoryview, of any item format)."""
    np.asarray(buf)[a:b] = np.asarray(block)


def block_cache(game) -> BlockCache:
    """The block cache of ``game``'s observation encoder (made on first use, ``BLOCK_CACHE_BYTES``;
    ``block_cache(game).resize(n)`` sets another bound)."""
    cache = game.__dict__.get("_block_cache")
    if cache is None:
        cache = game._block_cache = BlockCache()
    return cache
