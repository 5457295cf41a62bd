"""combos.py: valid / can_extend / exists (ATT-COMBO-1..5, ATT-D-2; spec case 3), with a
hypothesis property test against brute-force enumeration of dice subsets."""
from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgym.games.ancient_terrible_things.combos import can_extend, exists, valid
from boardgym.games.ancient_terrible_things.constants import BLOCK, HIGH, PAIR, RUN

BLOCK4 = (BLOCK, 4, 3)
HIGH4X3 = (HIGH, 4, 3)
RUN2 = (RUN, 2, 3)
PAIR3 = (PAIR, 3, 2)


# -- spec case 3: the rulebook's examples ---------------------------------------------------------
@pytest.mark.parametrize("combo,faces,ok", [
    (BLOCK4, [4, 4, 4], True), (BLOCK4, [5, 5, 5], True), (BLOCK4, [6, 6, 6], True),
    (BLOCK4, [5, 5, 5, 5], True), (BLOCK4, [3, 3, 3], False), (BLOCK4, [4, 4, 5], False),
    (BLOCK4, [4, 4], False),
    (HIGH4X3, [4, 4, 4], True), (HIGH4X3, [4, 5, 5], True), (HIGH4X3, [4, 5, 4], True),
    (HIGH4X3, [4, 4, 3], False), (HIGH4X3, [4, 5], False), (HIGH4X3, [4, 5, 6, 6], False),
    (RUN2, [2, 3, 4], True), (RUN2, [3, 4, 5], True), (RUN2, [4, 5, 6], True),
    (RUN2, [2, 3, 4, 5], True), (RUN2, [5, 3, 4], True), (RUN2, [1, 2, 3], False),
    (RUN2, [2, 3, 5], False), (RUN2, [2, 3, 3, 4], False), (RUN2, [2, 3], False),
    (PAIR3, [3, 3], True), (PAIR3, [6, 6], True), (PAIR3, [3, 3, 3], False),
    (PAIR3, [2, 2], False), (PAIR3, [3, 4], False),
    ((HIGH, 5, 1), [5], True), ((HIGH, 5, 1), [4], False), ((HIGH, 5, 1), [5, 6], False),
])
def test_valid_text_examples(combo, faces, ok):
    """ATT-COMBO-1..4, ATT-D-2 (spec case 3)."""
    assert valid(combo, faces) is ok


def test_valid_empty_selection():
    for combo in (BLOCK4, HIGH4X3, RUN2, PAIR3):
        assert not valid(combo, [])


@pytest.mark.parametrize("combo,faces,ok", [
    (BLOCK4, [4, 4, 4, 1, 2], True), (BLOCK4, [3, 3, 3, 4, 4], False), (BLOCK4, [6, 6, 1, 6], True),
    (HIGH4X3, [4, 4, 3, 1], False), (HIGH4X3, [4, 4, 3, 6], True), (HIGH4X3, [6, 6], False),
    (RUN2, [1, 2, 3], False), (RUN2, [1, 2, 3, 4], True), (RUN2, [2, 3, 5, 6], False),
    (RUN2, [6, 5, 4], True),
    (PAIR3, [2, 2], False), (PAIR3, [3, 3, 3], True), (PAIR3, [1, 2, 3, 4, 5, 6], False),
])
def test_exists_examples(combo, faces, ok):
    """ATT-COMBO-1..4 (spec case 3): is any valid instance among the faces?"""
    assert exists(combo, faces) is ok


@pytest.mark.parametrize("combo,sel,cand,avail,ok", [
    # Block 4+: only equal faces >= 4, enough of them left
    (BLOCK4, [], 4, [4, 4, 4, 3], True), (BLOCK4, [], 3, [3, 3, 3], False),
    (BLOCK4, [4, 4], 5, [5, 5, 5], False), (BLOCK4, [4, 4], 4, [4], True),
    (BLOCK4, [], 5, [5, 5], False), (BLOCK4, [4, 4, 4], 4, [4], True),  # a block may grow
    # High 4+ x3: exactly three dice >= 4
    (HIGH4X3, [], 3, [3, 4, 4, 4], False), (HIGH4X3, [4, 5], 6, [6], True),
    (HIGH4X3, [4, 5, 5], 6, [6], False), (HIGH4X3, [], 4, [4, 4], False),
    # Run from 2: distinct consecutive values, lowest >= 2
    (RUN2, [2, 3], 4, [4, 5], True), (RUN2, [2, 3], 5, [5, 6], False),
    (RUN2, [2, 3], 5, [4, 5], True), (RUN2, [2, 3], 3, [3, 4], False),
    (RUN2, [], 1, [1, 2, 3], False), (RUN2, [3, 4, 5], 2, [2], True),
    (RUN2, [], 6, [6, 5, 4], True), (RUN2, [], 6, [6, 5, 3], False),
    # Pair 3+: exactly two equal dice >= 3
    (PAIR3, [], 3, [3, 3], True), (PAIR3, [], 3, [3], False), (PAIR3, [3], 3, [3], True),
    (PAIR3, [3, 3], 3, [3], False), (PAIR3, [], 2, [2, 2], False), (PAIR3, [4], 3, [3, 3], False),
])
def test_can_extend_examples(combo, sel, cand, avail, ok):
    """ATT-COMBO-1..5, ATT-D-2 (spec case 3): which die may join a selection."""
    assert can_extend(combo, sel, cand, avail) is ok


# -- brute force ----------------------------------------------------------------------------------
def valid_bf(combo, faces) -> bool:
    """The rulebook definitions, written independently of combos.valid."""
    kind, lo, ln = combo
    if not faces:
        return False
    if kind == HIGH:
        return len(faces) == ln and all(f >= lo for f in faces)
    if kind == PAIR:
        return len(faces) == 2 and faces[0] == faces[1] >= lo
    if kind == BLOCK:
        return len(faces) >= ln and len(set(faces)) == 1 and faces[0] >= lo
    srt = sorted(faces)
    return (len(faces) >= ln and srt[0] >= lo
            and all(b == a + 1 for a, b in zip(srt, srt[1:])))


def subsets(xs):
    for r in range(len(xs) + 1):
        yield from combinations(xs, r)


def exists_bf(combo, faces) -> bool:
    return any(valid_bf(combo, list(sub)) for sub in subsets(faces))


def completable_bf(combo, sel, rest) -> bool:
    """Can ``sel`` plus some subset of ``rest`` form a valid instance?"""
    return any(valid_bf(combo, list(sel) + list(sub)) for sub in subsets(rest))


combo_st = st.one_of(
    st.tuples(st.just(HIGH), st.integers(1, 6), st.integers(1, 3)),
    st.tuples(st.just(PAIR), st.integers(1, 6), st.just(2)),
    st.tuples(st.just(BLOCK), st.integers(1, 6), st.integers(3, 5)),
    st.integers(3, 6).flatmap(
        lambda ln: st.tuples(st.just(RUN), st.integers(1, 7 - ln), st.just(ln))),
)
dice_st = st.lists(st.integers(1, 6), min_size=0, max_size=8)


@settings(max_examples=400, deadline=None)
@given(combo=combo_st, faces=dice_st)
def test_exists_matches_brute_force(combo, faces):
    """ATT-COMBO-1..4: exists(combo, faces) iff some subset of the dice is a valid instance."""
    assert exists(combo, faces) == exists_bf(combo, faces)


@settings(max_examples=400, deadline=None)
@given(combo=combo_st, faces=st.lists(st.integers(1, 6), min_size=1, max_size=6))
def test_valid_matches_brute_force(combo, faces):
    assert valid(combo, faces) == valid_bf(combo, faces)


@settings(max_examples=500, deadline=None)
@given(combo=combo_st, faces=st.lists(st.integers(1, 6), min_size=1, max_size=8), data=st.data())
def test_can_extend_matches_brute_force(combo, faces, data):
    """ATT-COMBO-5, ATT-D-2: for a selection reachable by picks (it extends to a valid
    instance), a die may join iff selection + die + some other dice is valid."""
    idx = list(range(len(faces)))
    sel_idx = data.draw(st.lists(st.sampled_from(idx), unique=True, max_size=len(faces) - 1))
    rest_idx = [i for i in idx if i not in sel_idx]
    sel = [faces[i] for i in sel_idx]
    if not completable_bf(combo, sel, [faces[i] for i in rest_idx]):
        return  # the mask never leads to such a selection
    for c in rest_idx:
        cand = faces[c]
        avail = [faces[i] for i in rest_idx]  # every unselected usable die, cand included
        others = [faces[i] for i in rest_idx if i != c]
        expect = completable_bf(combo, sel + [cand], others)
        assert can_extend(combo, sel, cand, avail) == expect, (sel, cand, avail)


@settings(max_examples=300, deadline=None)
@given(combo=combo_st, faces=st.lists(st.integers(1, 6), min_size=1, max_size=8), data=st.data())
def test_pick_process_never_dead_ends(combo, faces, data):
    """The selection mask (can_extend picks, CONFIRM when valid) reaches a valid instance
    whenever one exists, and only then: any sequence of admitted picks can be completed."""
    if not exists(combo, faces):
        assert not any(can_extend(combo, [], f, faces) for f in faces)
        return
    free = list(range(len(faces)))
    sel: list[int] = []
    while True:
        sel_faces = [faces[i] for i in sel]
        avail = [faces[i] for i in free]
        options = [i for i in free if can_extend(combo, sel_faces, faces[i], avail)]
        if valid(combo, sel_faces) and (not options or data.draw(st.booleans())):
            break
        assert options, (combo, faces, sel_faces)
        i = data.draw(st.sampled_from(options))
        sel.append(i)
        free.remove(i)
    assert valid_bf(combo, [faces[i] for i in sel])
