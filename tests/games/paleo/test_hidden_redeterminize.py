"""Hidden fronts (PALEO-D-21, spec §4): what a determinization may redraw, and the deal's fast
draw loop.

Module M (tests/games/paleo/packs/M.json): Mx, My, Mz share one back and the module removes 1 of
its day cards at setup, unseen by everyone. A search agent's determinization
(``redeterminize``) redraws which unseen card was removed, never one a group has seen."""
import json

import numpy as np

from boardgym.core import CHANCE, sample_outcome
from boardgym.core.chance import resolve_chance
from boardgym.games.paleo import PaleoGame
from boardgym.games.paleo import actions as A
from boardgym.games.paleo.kinds import CH_DEAL, CH_PERSON

from .scripted import Script

DRAWS = 40


def _m_game(pack, removed):
    sc = Script(Script.start(modules=["M"], content_pack=pack, num_groups=1).g)
    sc.force("remove", removed).run()
    return sc


def _removed_over_draws(s, seat=0):
    """The removed module card of each of DRAWS determinizations, checking each keeps every
    view and every invariant, and keeps the removed card out of the cards to deal."""
    out = []
    for k in range(DRAWS):
        d = s.redeterminize(seat, np.random.default_rng(k))
        assert not d.invariant_errors(), d.invariant_errors()
        assert np.array_equal(d.observation(seat), s.observation(seat))
        assert all(d.u[x] == 0 for x in d.removed)
        out.append(tuple(d.removed))
    return out


def test_the_removed_card_is_redrawn_among_the_unseen(pack):
    """PALEO-D-16 / D-21: at the start nobody has seen Mx, My or Mz; the card removed at setup
    (My here) is any of the three in some determinization, and whichever is removed, the other two
    are back among the cards still to be drawn (U)."""
    sc = _m_game(pack, "My")
    s = sc.s
    trio = {sc.card(k) for k in ("Mx", "My", "Mz")}
    seen = set()
    for removed in _removed_over_draws(s):
        (r,) = [x for x in removed if x in trio]
        seen.add(r)
    assert seen == trio
    d = s.redeterminize(0, np.random.default_rng(1))
    (r,) = [x for x in d.removed if x in trio]
    assert all(d.u[x] == 1 for x in trio - {r})


def test_a_seen_card_is_never_redrawn_as_removed(pack):
    """PALEO-D-21: a card a group has seen cannot have been the removed one. Mx is revealed,
    discarded faceup, and shuffled back into the wilderness at the new day (so it is again among
    the cards still to be drawn, but seen): every determinization then removes My or Mz (both
    appear), never Mx; while Mx lies revealed it is not redrawn either."""
    sc = _m_game(pack, "My")
    s = sc.s
    trio = {sc.card(k) for k in ("Mx", "My", "Mz")}
    mx = sc.card("Mx")
    sc.top(0, "Mx").force("reveal", "Mx").act(A.pick(0))
    assert s.seen[mx] and not s.u[mx]
    assert {x for r in _removed_over_draws(s) for x in r if x in trio} == trio - {mx}
    sc.act(A.OPTION + 0, A.SLEEP_EARLY)  # Mx to the faceup pile; the rest facedown
    while s.round == 0 and not s.is_terminal():
        sc.act(int(np.flatnonzero(s.legal_mask())[0]))
    assert s.round == 1 and s.seen[mx] and s.u[mx]  # shuffled back, still seen
    assert {x for r in _removed_over_draws(s) for x in r if x in trio} == trio - {mx}



def test_a_dream_in_a_deck_is_redrawn_from_the_dream_deck(xs):
    """PALEO-REW-5 / D-21: a DREAM reward puts the top Dream card facedown on the group's deck,
    unseen by everyone: only its back (DREAM) is known. A determinization redraws which Dream card
    lies there from that card and the Dream deck (the same back): over the draws several
    identities appear, and each draw keeps every group's view, the invariants and the Dream
    cards as a whole (the one in the deck plus the deck's)."""
    sc = xs()
    s = sc.s
    sc.top(0, "X14")
    sc.reveal_turn({}, {0: "X14", 1: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    sc.force("dream", "drm04").act(A.OPTION + 0)
    slot = s.deck_c[0].index(sc.card("drm04"))
    dreams = sorted(s.dream_deck + [sc.card("drm04")])
    assert not s.seen[sc.card("drm04")]
    ids = set()
    for k in range(DRAWS):
        d = s.redeterminize(1, np.random.default_rng(k))
        assert not d.invariant_errors(), d.invariant_errors()
        for seat in range(2):
            assert np.array_equal(d.observation(seat), s.observation(seat)), seat
        assert d.deck_b[0] == s.deck_b[0]
        x = d.deck_c[0][slot]
        assert sorted(d.dream_deck + [x]) == dreams and x not in d.dream_deck
        ids.add(x)
    assert len(ids) > 1


# -- the deal's run of draws ----------------------------------------------------------------------------
def _setup_deal_state(seed=0):
    """A 2-group game just before its setup deal: the queue holds a deal node per card, then the
    People draws (2 per group)."""
    g = PaleoGame(num_groups=2, level=1)
    s = g.new_initial_state()
    rng = np.random.default_rng(seed)
    while s.cq and s.cq[0][0] != CH_DEAL:
        s.apply(sample_outcome(s.chance_outcomes(), rng))
    return g, s


def _public_loop(s, rng):
    while s.current_player == CHANCE:
        s._apply(sample_outcome(s.chance_outcomes(), rng))


def test_a_deal_run_stops_at_the_first_other_draw(pack):
    """PALEO-D-6 / D-21: the state's fast loop draws a run of deal nodes and must stop at the
    first node of another kind. A loadable save whose queue puts group 1's People draw between two
    deal draws resolves exactly as the public loop (one sampled outcome per node) does: the
    People draw goes to group 1, and every card is dealt."""
    g, s = _setup_deal_state()
    data = json.loads(s.to_json())
    cq = data["state"]["cq"]
    i = cq.index([CH_PERSON, 1])
    cq.insert(1, cq.pop(i))
    assert cq[:3] == [[CH_DEAL, 0], [CH_PERSON, 1], [CH_DEAL, 1]]
    text = json.dumps(data)
    fast, slow = g.state_from_json(text), g.state_from_json(text)
    resolve_chance(fast, np.random.default_rng(7))
    _public_loop(slow, np.random.default_rng(7))
    assert fast.to_json() == slow.to_json()
    assert not fast.invariant_errors()
    assert [len(p) for p in fast.ppl] == [2, 2]
    assert sum(fast.deal_pool) == 0


def test_a_deal_run_draws_as_the_public_loop_from_every_seat():
    """The same with the shipped queue order (deals, then People draws), from several seeds."""
    for seed in range(3):
        g, s = _setup_deal_state(seed)
        text = s.to_json()
        fast, slow = g.state_from_json(text), g.state_from_json(text)
        resolve_chance(fast, np.random.default_rng(seed))
        _public_loop(slow, np.random.default_rng(seed))
        assert fast.to_json() == slow.to_json()


def test_a_dream_slot_is_redrawn_among_dreams_only_when_a_day_card_wears_the_dream_back(tmp_path):
    """PALEO-REW-5 / D-21: a Dream card lies facedown, known, in its group's deck; the group's
    other facedown cards are unknown. A determinization redraws the known Dream among the Dream
    deck's cards of the same back and leaves every unknown card unknown. The pack here gives the
    last card of module J the Dream back (the schema allows any back), so the redraw cannot tell
    a Dream slot by its back alone: over the first 20 states of seeded random play with a known
    Dream and unknown cards in the decks, each redrawn 5 times, the unknown slots stay unknown,
    the Dream deck holds Dreams only, and every invariant holds."""
    from boardgym.games.paleo.content import DEFAULT_PACK

    from ..packs import edited_pack

    dream_back = json.loads((DEFAULT_PACK / "dreams.json").read_text())["cards"][0]["back"]
    pack = edited_pack(DEFAULT_PACK, tmp_path, "modules/J", lambda d: d["cards"][-1].update(back=dict(dream_back)))
    g = PaleoGame(num_groups=2, content_pack=pack)
    assert g.content.cards[-1].back == g.content.cards[g.content.sets["dream"][0]].back
    checked = 0
    for seed in range(10):
        s, rng = g.new_initial_state(), np.random.default_rng(seed)
        while not s.is_terminal() and checked < 20:
            if s.current_player == CHANCE:
                s.apply(sample_outcome(s.chance_outcomes(), rng))
                continue
            decks = [x for d in s.deck_c for x in d]
            if any(x < 0 for x in decks) and any(x >= 0 for x in decks):
                checked += 1
                for k in range(5):
                    d = s.redeterminize(s.current_player, np.random.default_rng(k))
                    assert not d.invariant_errors(), d.invariant_errors()
                    assert [[x < 0 for x in c] for c in d.deck_c] == [[x < 0 for x in c] for c in s.deck_c]
            legal = np.flatnonzero(s.legal_mask())
            s.apply(int(legal[rng.integers(len(legal))]))
    assert checked == 20
