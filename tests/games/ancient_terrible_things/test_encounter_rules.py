"""Encounter-phase card rules and the decks behind them, scripted with chosen dice and cards:
adding dice up to the supply, copying a die, paying a feat's cost before converting its tokens,
the feat deck's reshuffle and the Trading Post row's refill."""
from __future__ import annotations

import json
import shutil

from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.constants import FEAT_TOKEN, FOCUS, PURPLE, TREASURE
from boardgym.games.ancient_terrible_things.content import DEFAULT_PACK
from boardgym.games.ancient_terrible_things.kinds import D_REFRESH

from .scripted import Script

RNM = ["reporter", "naturalist", "mystic"]
REVEAL = ["enc13", "enc14", "enc16", "enc18", "enc19"]


def preroll(feats, **kw) -> Script:
    """The Reporter (seat 0, first) at the Shrine, before the roll, with ``feats`` in hand and
    plenty of Feat tokens."""
    sc = Script.start(3, chars=RNM, first=0, deck=(0, 6, 6), reveal=REVEAL, feats={0: feats}, **kw)
    sc.act(A.LOC + 0)
    assert sc.decision() == "preroll" and sc.player == 0
    sc.set_tokens(0, feat=10)
    return sc


def purples(sc) -> int:
    return sum(1 for c in sc.s.d_col if c == PURPLE)


# -- ATT-D-1: extra dice are limited by the supply ---------------------------------------------
def test_a_die_is_added_only_while_its_colour_is_left_in_the_supply():
    """ATT-D-1: swaps and extra dice are limited by the supply (2 dice of each colour). With one
    purple die in the pool a second may still be added; with both purple dice in the pool (after
    Violet Visions) the extra purple die of Glimpse Beyond the Veil cannot be added."""
    sc = preroll(["feat26", "feat23", "feat01"])
    assert sc.game.supply[PURPLE] == 2
    glimpse = A.FEAT + sc.feat_slot(0, "feat26")
    one = sc.clone()
    skull = one.give_swag(0, "swag28")  # Amethyst Skull: exhaust to add a purple die
    one.act(glimpse)
    assert purples(one) == 1
    assert one.is_legal(A.SWAG + skull)
    one.act(A.SWAG + skull)
    assert purples(one) == 2

    sc.act(A.FEAT + sc.feat_slot(0, "feat23"))  # Violet Visions: two greens become purple
    assert purples(sc) == 2
    assert not sc.is_legal(A.FEAT + sc.feat_slot(0, "feat26"))


# -- Mirror Trick: a second die copies the first ------------------------------------------------
def test_mirror_trick_gives_the_second_die_the_first_dies_face():
    """Mirror Trick (copy): pick two dice; the second takes the first die's face, the first is
    unchanged. Picked in either order, the die picked second changes."""
    for first, second in ((0, 1), (1, 0)):
        sc = preroll(["feat09", "feat01", "feat02"])
        sc.dice(2, 5, 3, 4, 6).whites("blank", "blank")
        sc.act(A.ROLL)
        faces = list(sc.s.d_face)
        sc.act(A.FEAT + sc.feat_slot(0, "feat09"), A.DIE + first, A.DIE + second, A.CONFIRM)
        assert sc.s.d_face[second] == faces[first] and sc.s.d_face[first] == faces[first]
        assert sc.s.d_face[2:5] == faces[2:5]


# -- a feat's Feat-token cost comes before its conversion ---------------------------------------
def test_a_feat_converting_feat_tokens_counts_them_after_its_cost(tmp_path):
    """ATT-ENC-4: a feat is paid in Feat tokens, then resolved. In a pack where Scrounge (cost 1)
    converts 2 Feat tokens into Focus, it is playable with 3 Feat tokens (1 paid, 2 converted)
    and not with 2 (1 paid leaves only 1 to convert)."""
    pack = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, pack)
    doc = json.loads((pack / "feats.json").read_text())
    card = next(f for f in doc["feats"] if f["id"] == "feat13")
    card["effects"] = [{"kind": "convert", "from": "feat", "to": "focus", "n": 2}]
    (pack / "feats.json").write_text(json.dumps(doc))

    def rolled(feat_tokens):
        sc = Script(num_players=3, characters="random", content_pack=str(pack))
        sc.s.deck[:] = [0, 6, 6]
        sc.force("character", *RNM).force("first_player", 0).force("feat", "feat13", "feat01", "feat02", arg=0)
        for k, e in enumerate(REVEAL):
            sc.force("encounter", e, arg=k)
        sc.resolve()
        sc.act(A.LOC + 0)
        sc.dice(2, 5, 3, 4, 6).whites("blank", "blank")
        sc.act(A.ROLL)
        sc.set_tokens(0, feat=feat_tokens, focus=0)
        return sc

    sc = rolled(2)
    assert not sc.is_legal(A.FEAT + sc.feat_slot(0, "feat13"))
    sc = rolled(3)
    sc.act(A.FEAT + sc.feat_slot(0, "feat13"))
    assert sc.tok(0)[FEAT_TOKEN] == 0 and sc.tok(0)[FOCUS] == 2


# -- a feat's swag refresh: one pick at a time, up to the card's number ---------------------------
def test_field_repairs_refreshes_two_exhausted_swag_one_pick_at_a_time():
    """Field Repairs (refresh_swag 2): its player refreshes up to two exhausted swag, picked one
    at a time: after the first pick one refresh is left (the decision's count drops from 2 to 1,
    its other argument staying 0), after the second the refresh is over and the third
    exhausted swag stays exhausted. CONFIRM ends it early."""
    sc = preroll(["feat21", "feat01", "feat02"])
    sc.dice(2, 5, 3, 4, 6).whites("blank", "blank")
    sc.act(A.ROLL)
    s, after_roll = sc.s, sc.decision()
    slots = [sc.give_swag(0, k, exhausted=True) for k in ("swag03", "swag05", "swag08")]
    early = sc.clone()
    sc.act(A.FEAT + sc.feat_slot(0, "feat21"))
    assert sc.decision() == "refresh" and s.pend[-1] == (D_REFRESH, 0, 2, 0)
    assert {A.SWAG + j for j in slots} | {A.CONFIRM} <= sc.legal()
    sc.act(A.SWAG + slots[0])
    assert s.pend[-1] == (D_REFRESH, 0, 1, 0) and s.exh[0][slots[0]] == 0
    assert A.SWAG + slots[0] not in sc.legal()
    sc.act(A.SWAG + slots[1])
    assert not any(f[0] == D_REFRESH for f in s.pend) and sc.decision() == after_roll
    assert [s.exh[0][j] for j in slots] == [0, 0, 1]
    early.act(A.FEAT + early.feat_slot(0, "feat21"), A.SWAG + slots[2], A.CONFIRM)
    assert early.decision() == after_roll and [early.s.exh[0][j] for j in slots] == [1, 1, 0]


# -- ATT-D-11: the feat deck is reshuffled from the discard only when empty ----------------------
def urgent_draw(deck_left: int, discard_left=None):
    """The first player flips a 0 tentacle (Urgent Revelation: draw a feat) with ``deck_left``
    feats in the deck and the rest of the unheld feats (or ``discard_left`` of them, the others
    set aside) in the discard."""
    sc = Script.start(3)
    s = sc.s
    p = s.active
    sc.give_tentacle(p, 0)
    rest = s.feat_deck + s.feat_discard
    s.feat_deck[:], s.feat_discard[:] = rest[:deck_left], rest[deck_left:]
    if discard_left is not None:
        del s.feat_discard[discard_left:]
    return sc, s, p


def test_the_feat_discard_is_shuffled_in_only_when_the_deck_is_empty():
    """ATT-D-11: an empty feat deck is refilled by shuffling the discard. With one feat left in
    the deck, the draw takes it and the discard stays; with none left, the discard becomes the
    deck and the draw comes from it, even when it holds a single card."""
    sc, s, p = urgent_draw(1)
    last, discard = s.feat_deck[0], list(s.feat_discard)
    sc.act(A.URGENT + 0)
    assert s.feats[p][-1] == last and s.feat_deck == [] and s.feat_discard == discard

    sc, s, p = urgent_draw(0)
    discard = list(s.feat_discard)
    sc.force("feat", discard[-1], arg=p)
    sc.act(A.URGENT + 0)
    assert s.feats[p][-1] == discard[-1] and s.feat_discard == []
    assert sorted(s.feat_deck) == sorted(discard[:-1])

    sc, s, p = urgent_draw(0, discard_left=1)  # a discard of one card: that card is drawn
    (only,) = s.feat_discard
    sc.act(A.URGENT + 0)
    assert s.feats[p][-1] == only and s.feat_deck == [] and s.feat_discard == []


# -- ATT-D-11, ATT-D-14: the row is refilled from the deck, then from the Old Stock ---------------
def test_an_empty_swag_deck_takes_the_old_stock_then_leaves_the_slot_empty():
    """ATT-D-11: an empty swag deck is refilled by shuffling the Old Stock; with both empty the
    row slot stays empty (ATT-LOC-E). With the deck empty, the Trading Post's cycled card goes to
    the Old Stock and comes back as the refill; a purchase with both piles empty leaves its slot
    empty, and an empty slot cannot be bought."""
    sc = Script.start(3, chars=RNM, first=0, deck=(0, 6, 6), row=["swag01", "swag11", "swag30"],
                      reveal=["enc16", "enc18", "enc19", "enc20", "enc14"])
    s = sc.s
    s.swag_deck.clear()
    sc.act(A.LOC + 4)
    sc.set_tokens(0, treasure=10)
    sc.set_tokens(1, treasure=10)
    sc.set_tokens(2, treasure=0)
    assert sc.decision() == "tp_cycle"
    sc.act(A.CYCLE + 2)  # Pouch of Coca Leaves to the Old Stock, and back as the refill
    assert s.row[2] == sc.swag("swag30") and s.old_stock == [] and s.swag_deck == []
    assert sc.decision() == "buy" and sc.player == 0
    sc.act(A.BUY + 0)  # the Camera: nothing left to refill its slot
    assert s.row[0] == -1 and sc.tok(0)[TREASURE] == 8
    assert sc.decision() == "buy" and sc.player == 1
    assert A.BUY + 0 not in sc.legal() and A.BUY + 1 in sc.legal()


def test_a_row_slot_is_refilled_from_the_deck_while_it_has_cards():
    """ATT-LOC-E, ATT-D-14: a cycled row card goes to the Old Stock and the slot is refilled from
    the swag deck; the Old Stock keeps the card while the deck has any."""
    sc = Script.start(3, chars=RNM, first=0, deck=(0, 6, 6), row=["swag01", "swag11", "swag30"],
                      reveal=["enc16", "enc18", "enc19", "enc20", "enc14"])
    s = sc.s
    s.old_stock[:] = [sc.swag("swag07")]
    s.swag_deck.remove(sc.swag("swag07"))
    s.swag_deck[:] = [sc.swag("swag29")]
    sc.act(A.LOC + 4)
    sc.act(A.CYCLE + 2)
    assert s.row[2] == sc.swag("swag29") and s.swag_deck == []
    assert s.old_stock == [sc.swag("swag07"), sc.swag("swag30")]


def test_feat_draws_waiting_count_toward_the_hand_cap():
    """ATT-D-11: "hand cap 8 (excess draws skipped)". A draw already waiting counts: a player one
    feat short of the cap gets one draw queued, and a second draw asked before it resolves is
    skipped; a player with room for two gets both."""
    from boardgym.games import make_game
    from boardgym.games.ancient_terrible_things.cards import draw_feat
    from boardgym.games.ancient_terrible_things.constants import MAX_FEATS
    from boardgym.games.ancient_terrible_things.kinds import CH_FEAT

    s = make_game("ancient_terrible_things", num_players=2).new_initial_state()
    for short, queued in ((1, 1), (2, 2)):
        s.cq = []
        s.feats[0] = list(s.feat_deck[:MAX_FEATS - short])
        draw_feat(s, 0)
        draw_feat(s, 0)
        assert s.cq == [(CH_FEAT, 0)] * queued


def test_an_added_die_comes_from_the_supply_into_a_free_slot():
    """ATT-D-1: "at most 8 non-white dice; swaps only pre-roll, limited by supply (2 per
    colour)". An effect adding a die of a colour takes a free slot while the supply has one of
    that colour left; with the colour's supply in the pool, or no free slot, nothing is added
    (and nothing breaks)."""
    from types import SimpleNamespace

    from boardgym.games import make_game
    from boardgym.games.ancient_terrible_things.constants import E_ADD_DIE, PURPLE
    from boardgym.games.ancient_terrible_things.encounter import _run_effects

    s = make_game("ancient_terrible_things", num_players=2).new_initial_state()
    card = SimpleNamespace(effects=[(E_ADD_DIE, PURPLE, 1)])
    supply = s.game.supply[PURPLE]
    s.d_col[:] = [0, 0, 0, 0, 0, -1, -1, -1]
    _run_effects(s, 0, card, 0)
    assert s.d_col == [0, 0, 0, 0, 0, PURPLE, -1, -1]
    s.d_col[:] = [0, 0, 0] + [PURPLE] * supply + [-1] * (5 - supply)
    before = list(s.d_col)
    _run_effects(s, 0, card, 0)
    assert s.d_col == before                       # the colour's supply is all in the pool
    s.d_col[:] = [0] * 8
    _run_effects(s, 0, card, 0)
    assert s.d_col == [0] * 8                      # no free slot


def test_the_trading_posts_row_cycle_is_asked_only_with_a_swag_in_the_row():
    """ATT-LOC-E, ATT-D-14: the Trading Post's leader claims the Monkey, then cycles one row swag
    (mandatory); with no swag left in the row there is nothing to cycle and nothing is asked."""
    from boardgym.games import make_game
    from boardgym.games.ancient_terrible_things.kinds import D_TP_CYCLE
    from boardgym.games.ancient_terrible_things.locations import leader

    s = make_game("ancient_terrible_things", num_players=2).new_initial_state()
    s.cur_loc = next(i for i, t in enumerate(s.game.tiles) if t["leader"]["kind"] == "claim_monkey_cycle_row")
    for row, asked in ((list(s.swag_deck[:len(s.row)]), True), ([-1] * len(s.row), False)):
        s.row, s.pend = row, []
        leader(s)
        assert s.monkey_holder == s.active and (D_TP_CYCLE in [f[0] for f in s.pend]) == asked
