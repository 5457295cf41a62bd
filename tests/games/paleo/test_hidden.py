"""Hidden card fronts (PALEO-D-21, spec §4): exact lazy draws, dreams fixed when placed,
removal fixed at setup, and observations that never depend on unseen fronts."""
import numpy as np

from boardgym.core import CHANCE, sample_outcome
from boardgym.games.paleo import actions as A
from boardgym.games.paleo.hidden import release_piles
from boardgym.games.paleo.kinds import CH_REVEAL
from tests.games.soundness import random_play

from .scripted import Script


def test_case38_seen_card_is_more_likely_than_unseen(pack):
    """Module M: x, y, z share a unique back, removal 1. x revealed and discarded faceup on day
    1, the other slot of that back discarded facedown unrevealed. The first reveal of that back
    on day 2: {x: 1/2, the in-game one of y/z: 1/2}; so x 0.50, y 0.25, z 0.25 given x seen
    (a naive pool of all unseen or reshuffled fronts would give 1/3 each)."""
    totals = {"Mx": 0.0, "My": 0.0, "Mz": 0.0}
    for removed in ("My", "Mz"):
        sc = Script(Script.start(modules=["M"], content_pack=pack, num_groups=1).g)
        sc.force("remove", removed).run()
        s, c = sc.s, sc.g.content
        b = c.cards[sc.card("Mx")].back
        assert s.deal_pool[b] == 0 and sum(1 for x in s.deck_b[0] if x == b) == 2
        sc.top(0, "Mx").force("reveal", "Mx").act(A.pick(0), A.OPTION + 0)
        assert sc.card("Mx") in s.fu
        # the other b slot goes facedown unrevealed (early sleep), then the new-day shuffle
        sc.act(A.SLEEP_EARLY)
        while s.round == 0 and not s.is_terminal():
            sc.act(int(np.flatnonzero(s.legal_mask())[0]))
        while s.deal_pool[b]:
            s.apply(sample_outcome(s.chance_outcomes(), np.random.default_rng(0)))
        pos = s.deck_b[0].index(b)
        s.ch_b[0] = b  # ask the reveal node for that slot
        outs = dict(s.chance_outcomes()) if s.cq and s.cq[0][0] == CH_REVEAL else None
        from boardgym.games.paleo.hidden import reveal_outcomes
        outs = dict(reveal_outcomes(s, 0))
        other = "Mz" if removed == "My" else "My"
        assert outs == {sc.card("Mx"): 0.5, sc.card(other): 0.5}, (pos, outs)
        for k, p in outs.items():
            totals[c.cards[k].name] += 0.5 * p
    assert totals == {"Mx": 0.5, "My": 0.25, "Mz": 0.25}


def test_case39_dream_on_deck_is_a_dream(xs):
    """A dream put on a deck is fixed from the Dream deck (not exchangeable with a base card of the
    same back) until the next shuffle; after it both are in one U_b."""
    sc = xs()
    s = sc.s
    sc.reveal_turn({}, {0: "X14", 1: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    sc.force("dream", "drm07").act(A.OPTION + 0)
    x = sc.card("drm07")
    assert s.deck_c[0][0] == x and s.u[x] == 0
    b = s.deck_b[0][0]
    assert s.u[sc.card("base23")] == 1 and sc.g.content.cards[sc.card("base23")].back == b
    # move it facedown (as an early sleep would) and shuffle: now both share U_b
    s.fd_b.append(s.deck_b[0].pop(0))
    s.fd_c.append(s.deck_c[0].pop(0))
    release_piles(s)
    assert s.u[x] == 1 and s.u[sc.card("base23")] == 1


def test_case40_unseen_fronts_are_not_observed(xs):
    """CORE-1: states differing only in unseen fronts (removed cards, assigned dreams) give
    identical observations for every seat; redeterminize keeps every view."""
    sc = Script.start(seed=4, level=1, num_groups=3)
    s = sc.s
    rng = np.random.default_rng(0)
    for _ in random_play(s, rng, max_steps=300):
        pass
    while s.current_player == CHANCE:
        s.apply(sample_outcome(s.chance_outcomes(), rng))
    for seat in range(3):
        d = s.redeterminize(seat, np.random.default_rng(seat))
        assert not d.invariant_errors()
        for q in range(3):
            assert np.array_equal(d.observation(q), s.observation(q))
    # swap a removed card with an unseen same-back module card by hand
    t = s.clone()
    cards = sc.g.content.cards
    for r in t.removed:
        cand = [y for y in range(len(cards)) if t.u[y] and not t.seen[y] and cards[y].back == cards[r].back
                and cards[y].set == cards[r].set]
        if cand:
            y = cand[0]
            t.removed[t.removed.index(r)] = y
            t.u[y], t.u[r] = 0, 1
            break
    assert not t.invariant_errors()
    for q in range(3):
        assert np.array_equal(t.observation(q), s.observation(q))
