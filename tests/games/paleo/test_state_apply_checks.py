"""Paleo's own ``apply`` (state.py) checks every action against the state as it is now, whatever
was asked of the state before: a group can never play a choice that was open at an earlier step
and is closed now, and is never refused one that is open now.

* ``test_apply_checks_the_current_decision_without_a_mask_asked_first``: seeded games played with
  ``apply`` alone (no ``legal_mask`` call before it; chance nodes by ``apply`` and by the engine's
  ``resolve_chance`` loop): at every decision an action open at the previous decision and closed
  now is refused, and a legal one is taken.
* ``test_a_scripted_edit_then_invalidate_rechecks_the_action``: after a test edits fields and
  calls ``invalidate``, the next ``apply`` checks against the edited state.
* ``test_a_deal_outcome_is_checked_as_state_apply_checks_it``: at a deal draw (PALEO-D-21, a back
  drawn from the backs left to deal) a NumPy integer deals the same back as an int, and a bool or
  a float is refused as ``State.apply`` refuses it.
"""
from __future__ import annotations

import numpy as np
import pytest

from boardgym.core.chance import resolve_chance, sample_outcome
from boardgym.core.errors import IllegalActionError
from boardgym.core.game import CHANCE, TERMINAL, State
from boardgym.games.paleo import PaleoGame
from boardgym.games.paleo.kinds import CH_DEAL, D_COMMIT


def _error(fn):
    try:
        fn()
    except IllegalActionError as err:
        return str(err)
    return None


def _legal_now(s):
    """The legal actions of the pending decision, worked out on a copy (``s`` keeps nothing)."""
    return set(np.flatnonzero(s.clone().legal_mask()).tolist())


@pytest.mark.parametrize("groups, seed", [(1, 0), (2, 1), (3, 2)])
def test_apply_checks_the_current_decision_without_a_mask_asked_first(groups, seed):
    """PALEO-DAY-1 and every later decision: only the choices open now may be played. A state
    whose previous decision (or chance draw) had other choices open must refuse those that are
    closed now, and accept any open one, with nothing asked of it in between. ``apply`` alone
    drives the game here: an action open at the previous decision and closed now is refused
    (the state unchanged), then a random open one is taken."""
    rng = np.random.default_rng(seed)
    s = PaleoGame(num_groups=groups, level=1).new_initial_state()
    before: set[int] = set()
    refused = steps = 0
    while s.current_player != TERMINAL and steps < 400:
        if s.current_player == CHANCE:
            if steps % 2:
                resolve_chance(s, rng)   # Paleo's own loop (deal runs, PALEO-D-21)
            else:
                s.apply(sample_outcome(s.chance_outcomes(), rng))
            continue
        steps += 1
        legal = _legal_now(s)
        assert legal, "a decision with no legal action"
        closed = sorted(before - legal)
        if closed:
            text = s.to_json()
            assert _error(lambda: s.apply(closed[0])) is not None, (
                f"step {steps}: action {closed[0]}, open at the previous decision, was played now")
            assert s.to_json() == text
            refused += 1
        a = sorted(legal)[int(rng.integers(len(legal)))]
        assert _error(lambda: s.apply(a)) is None, f"step {steps}: legal action {a} refused"
        before = legal
    assert refused >= 5, refused


def test_a_scripted_edit_then_invalidate_rechecks_the_action():
    """PALEO-DAY-1: at the commit every awake uncommitted group picks; a group marked asleep
    (edited, then ``invalidate``) has no pick open. Its pick, legal before the edit and checked
    then (the mask kept), is refused after ``invalidate``; on a copy edited the same way it is
    refused too."""
    rng = np.random.default_rng(0)
    s = PaleoGame(num_groups=2, level=1).new_initial_state()
    while s.current_player == CHANCE or s.pend[-1][0] != D_COMMIT:
        if s.current_player == CHANCE:
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            s.apply(int(np.flatnonzero(s.legal_mask())[0]))
    seat = s.pend[-1][1]
    pick = int(np.flatnonzero(s.legal_mask())[0])
    assert pick != 0 and s.legal_mask()[pick]       # (the mask is now kept for apply)
    s.awake[seat] = 0
    s.deck_b[seat] = []
    fresh = s.clone()
    s.invalidate()
    assert not fresh.legal_mask()[pick]
    assert _error(lambda: fresh.apply(pick)) is not None
    assert _error(lambda: s.apply(pick)) == _error(lambda: fresh.clone().apply(pick))


def test_a_deal_outcome_is_checked_as_state_apply_checks_it():
    """PALEO-D-21: a dealt card's back is drawn from the backs left to deal. At deal draws, a
    NumPy integer outcome deals exactly what the int deals (the saved state the same), and a bool
    or a float is refused with the error ``State.apply`` gives, the state unchanged."""
    rng = np.random.default_rng(1)
    s = PaleoGame(num_groups=2, level=1).new_initial_state()
    deals = 0
    while deals < 12 and s.current_player != TERMINAL:
        if s.current_player != CHANCE:
            s.apply(int(rng.choice(np.flatnonzero(s.legal_mask()))))
            continue
        o = sample_outcome(s.chance_outcomes(), rng)
        if s.cq[0][0] == CH_DEAL:
            deals += 1
            for bad in (True, False, float(o), o + 0.5):
                t = s.clone()
                want = _error(lambda: State.apply(s.clone(), bad))
                assert want is not None
                assert _error(lambda: t.apply(bad)) == want
                assert t.to_json() == s.to_json()
            t = s.clone()
            t.apply(np.int64(o))
            s.apply(o)
            assert t.to_json() == s.to_json()
        else:
            s.apply(o)
    assert deals == 12
