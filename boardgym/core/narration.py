"""Helpers the games' narrators share (``make_narrator()``: words for what happened between two
states, told by ``boardgym play`` and the replay viewer)."""
from __future__ import annotations


def added(after: list, before: list) -> list:
    """What ``after`` holds beyond ``before``, counted as a multiset, in ``after``'s order: the
    cards a hand gained (``added([3, 5, 5], [5]) == [3, 5]``); swap them for what left it."""
    left = list(before)
    out = []
    for x in after:
        if x in left:
            left.remove(x)
        else:
            out.append(x)
    return out


def first_names(names: list[str], k: int = 5) -> str:
    """The first ``k`` names, then how many more (``a, b ... 3 more``), or ``none``: a long pile
    told short (the games' ``describe.hidden_lines``)."""
    if not names:
        return "none"
    more = len(names) - k
    return ", ".join(names[:k]) + (f" ... {more} more" if more > 0 else "")
