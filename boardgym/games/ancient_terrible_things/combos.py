"""Dice combinations (ATT-COMBO-1..5, ATT-D-2): validity and which dice extend a selection.

A combination is ``(kind, min, len)``. HIGH: exactly ``len`` dice each >= min. PAIR: exactly
two equal dice >= min. BLOCK: ``len`` or more equal dice >= min. RUN: ``len`` or more dice of
distinct consecutive values, lowest >= min. Faces are ints 1..6.
"""
from __future__ import annotations

from .constants import BLOCK, HIGH, PAIR, RUN


def _counts(faces) -> list[int]:
    c = [0] * 7
    for f in faces:
        c[f] += 1
    return c


def valid(combo, faces) -> bool:
    kind, lo, ln = combo
    n = len(faces)
    if n == 0:
        return False
    if kind == HIGH:
        return n == ln and min(faces) >= lo
    first = faces[0]
    if kind == PAIR:
        return n == 2 and faces[1] == first and first >= lo
    if kind == BLOCK:
        return n >= ln and first >= lo and all(f == first for f in faces)
    # RUN
    s = set(faces)
    return len(s) == n and n >= ln and min(s) >= lo and max(s) - min(s) == n - 1


def _run_ranges(lo, ln):
    for a in range(lo, 7):
        for b in range(a + ln - 1, 7):
            yield a, b


def can_extend(combo, sel_faces, cand: int, avail_faces) -> bool:
    """Can ``cand`` join ``sel_faces`` toward a valid instance? ``avail_faces`` are the
    faces of every other still-usable unselected die, ``cand`` included."""
    kind, lo, ln = combo
    k = len(sel_faces)
    if cand < lo and kind != RUN:
        return False
    if kind == HIGH:
        return k < ln and sum(1 for f in avail_faces if f >= lo) >= ln - k
    if kind == PAIR:
        if k == 0:
            return sum(1 for f in avail_faces if f == cand) >= 2
        return k == 1 and cand == sel_faces[0]
    if kind == BLOCK:
        if k and cand != sel_faces[0]:
            return False
        return k + sum(1 for f in avail_faces if f == cand) >= ln
    # RUN: distinct values, some range [a, b] of length >= ln, a >= lo, covers sel + cand,
    # and every value of the range is present among sel + avail
    if cand in sel_faces:
        return False
    have = set(sel_faces) | set(avail_faces)
    need = set(sel_faces) | {cand}
    mn, mx = min(need), max(need)
    for a, b in _run_ranges(lo, ln):
        if a <= mn and mx <= b and all(v in have for v in range(a, b + 1)):
            return True
    return False


def exists(combo, faces) -> bool:
    """Is there any valid instance among ``faces``?"""
    kind, lo, ln = combo
    c = _counts(faces)
    if kind == HIGH:
        return sum(c[lo:]) >= ln
    if kind == PAIR:
        return any(c[v] >= 2 for v in range(lo, 7))
    if kind == BLOCK:
        return any(c[v] >= ln for v in range(lo, 7))
    return any(all(c[v] for v in range(a, a + ln)) for a in range(lo, 8 - ln))
