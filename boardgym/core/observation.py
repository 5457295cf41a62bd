"""Named pieces of a flat float32 observation vector."""
from __future__ import annotations


class ObsLayout:
    """Offsets of named pieces in one observation vector (``layout.slice("my.health")``)."""

    __slots__ = ("pieces", "size", "_index")

    def __init__(self):
        self.pieces: list[tuple[str, int, int, str]] = []
        self._index: dict[str, tuple[int, int]] = {}
        self.size = 0

    def add(self, name: str, size: int, doc: str = "") -> int:
        if name in self._index:
            raise ValueError(f"duplicate observation piece {name!r}")
        offset = self.size
        self.pieces.append((name, offset, size, doc))
        self._index[name] = (offset, size)
        self.size += size
        return offset

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


def reuse_block(blocks: dict | None, limit: int, buf, a: int, b: int, key, fill, *args) -> None:
    """Encoders' block cache: ``buf[a:b]`` is what ``fill(*args)`` writes there for a state whose
    fields give ``key``. On a hit the stored copy is written back; on a miss ``fill(*args)`` runs
    and its block is stored (the cache is cleared when it holds ``limit`` blocks). ``blocks``
    None: no cache, ``fill(*args)`` only. (Arguments, not a closure: encoders call this several
    times per observation.)"""
    if blocks is None:
        fill(*args)
        return
    block = blocks.get(key)
    if block is None:
        fill(*args)
        if len(blocks) >= limit:
            blocks.clear()
        blocks[key] = buf[a:b].copy()
    else:
        buf[a:b] = block
