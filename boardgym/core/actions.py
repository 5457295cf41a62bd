"""The flat action catalogue: named index ranges inside one fixed ``Discrete(N)``."""
from __future__ import annotations

import numpy as np

from .errors import IllegalActionError

NOT_AN_ID = "not an integer action id (bools, floats, strings and None are refused)"


def action_id(action) -> int:
    """The int id of ``action``: a Python int, a NumPy integer or a 0-d integer array.

    The one check of an action's type, shared by ``State.apply`` and every adapter (Gymnasium,
    PettingZoo AEC and Parallel), so all of them accept and refuse the same values. Bools,
    floats (even ``3.0``), strings, None and anything else raise ``IllegalActionError``.
    """
    if type(action) is int:
        return action
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        return int(action)
    if (isinstance(action, np.ndarray) and action.shape == ()
            and np.issubdtype(action.dtype, np.integer)):
        return int(action)
    raise IllegalActionError(action, NOT_AN_ID)


class ActionCatalog:
    """Names contiguous ranges of a flat action space.

    ``ActionCatalog([("NOOP", 1), ("LOC", 5)])`` gives ``index("LOC", 2) == 3`` and
    ``describe(3) == "LOC[2]"``. Index 0 is always ``NOOP`` (the only legal action of a
    seat that is not deciding), so every game shares that convention.
    """

    __slots__ = ("ranges", "n", "_start", "_owner", "_labels", "docs")

    def __init__(self, ranges, labels: dict[str, list[str]] | None = None,
                 docs: dict[str, str] | None = None):
        ranges = list(ranges)
        if not ranges or ranges[0] != ("NOOP", 1):
            raise ValueError("an ActionCatalog starts with ('NOOP', 1)")
        self.ranges: list[tuple[str, int, int]] = []
        self._start: dict[str, tuple[int, int]] = {}
        start = 0
        for name, size in ranges:
            if name in self._start or size < 1:
                raise ValueError(f"bad range {name!r} size {size}")
            self.ranges.append((name, start, size))
            self._start[name] = (start, size)
            start += size
        self.n = start
        self._owner = [0] * self.n
        for k, (_, s, size) in enumerate(self.ranges):
            for i in range(s, s + size):
                self._owner[i] = k
        self._labels = labels or {}
        self.docs = docs or {}

    def index(self, name: str, k: int = 0) -> int:
        start, size = self._start[name]
        if not 0 <= k < size:
            raise IndexError(f"{name}[{k}] outside 0..{size - 1}")
        return start + k

    def start(self, name: str) -> int:
        return self._start[name][0]

    def size(self, name: str) -> int:
        return self._start[name][1]

    def split(self, action: int) -> tuple[str, int]:
        """``action -> (range name, offset inside the range)``."""
        if not 0 <= action < self.n:
            raise IndexError(f"action {action} outside 0..{self.n - 1}")
        name, start, _ = self.ranges[self._owner[action]]
        return name, action - start

    def describe(self, action: int) -> str:
        name, k = self.split(action)
        _, _, size = self.ranges[self._owner[action]]
        labels = self._labels.get(name)
        if labels:
            return f"{name}[{labels[k]}]"
        return name if size == 1 else f"{name}[{k}]"

    def empty_mask(self) -> np.ndarray:
        return np.zeros(self.n, dtype=bool)

    def markdown(self) -> str:
        """The catalogue as a markdown table (index range, name, meaning); a ValueError naming
        the ranges without a meaning (``docs``), so no row of a game's table is left empty."""
        missing = [name for name, _, _ in self.ranges if not self.docs.get(name, "").strip()]
        if missing:
            raise ValueError(f"action ranges without a meaning in the catalogue's docs: {', '.join(missing)}")
        lines = ["| index | name | use |", "|---|---|---|"]
        for name, s, size in self.ranges:
            idx = str(s) if size == 1 else f"{s}-{s + size - 1}"
            label = name if size == 1 else f"{name}[0..{size - 1}]"
            lines.append(f"| {idx} | {label} | {self.docs.get(name, '')} |")
        lines.append(f"\n{self.n} actions in all.")
        return "\n".join(lines)
