"""Observation cells that random play leaves at one side of a boundary (spec §5, observation.py):
caps that only bind past the usual counts, a card lying on another card, card id 0, the
commitments of other seats (hidden unless the game opens them), and the structured view
(observation_dict) field by field. Cells are read through the layout's offsets and compared
with exact float32 values."""
import json
import shutil
import warnings

import numpy as np

from boardgym.games.paleo import PaleoGame
from boardgym.games.paleo import actions as A
from boardgym.games.paleo import observation as po
from boardgym.games.paleo.constants import KINDS
from boardgym.games.paleo.kinds import ON_CARD, TABLE

from .scripted import Script
from .test_placement import _scout

OPT0 = po.G_BODY_END + 3 + len(KINDS)  # option 0's first cell in a group's revealed-card row
F32 = np.float32


def _g(seat, g, n=2):
    """Offset of group g's block in ``seat``'s view (ego-rotated: group0 = the observer)."""
    return po.O_GROUP[(g - seat) % n]


# -- caps ----------------------------------------------------------------------------------------
def test_a_groups_tool_count_reads_over_five_capped_at_one(xs):
    """PALEO-REW-2 / layout "group": a group's tokens of each tool type /5, capped at 1 (a type
    has up to 8 tokens in the pack). Group 0 with 3 spears reads 0.6, with 5 reads 1, with 7
    still 1; the cell is in group 0's block of either seat's view, and only that cell moves."""
    sc = xs()
    for h in range(2):
        sc.clear_tools(h)
    s = sc.s
    t = sc.g.content.tool_index["spear"]
    before = [s.observation(seat) for seat in range(2)]
    for n, shown in ((3, 0.6), (5, 1.0), (7, 1.0)):
        s.tools[t] = n
        for seat in range(2):
            cell = _g(seat, 0) + po.G_BODY + t
            obs = s.observation(seat)
            assert np.flatnonzero(obs != before[seat]).tolist() == [cell]
            assert obs[cell] == F32(shown), (n, seat, obs[cell])


def test_a_tool_bonus_past_ten_reads_one(xs):
    """PALEO-ACT-2 / layout "check": the tool bonus /10 is capped at 1 (every attribute token at
    once may give up to 42): a strength bonus of 10 and one of 12 both read 1, 7 reads 0.7."""
    sc = xs()
    sc.reveal_turn({}, {0: "X18", 1: "X09"})
    s = sc.s
    for bonus, shown in ((7, 0.7), (10, 1.0), (12, 1.0)):
        s.bonus[:] = [bonus, 0, 0]
        check = s.observation(1)[po.O_CHECK:po.O_CHECK + 6]
        assert check[3] == F32(shown) and not check[4:].any(), (bonus, check)


def test_the_turn_count_reads_over_a_hundred_capped_at_one():
    """Layout "counts" cell 9: the turn count /100, capped at 1 (a long game has more turns):
    turn 50 reads 0.5, turn 100 reads 1, turn 250 still 1; the round cell (round/max_rounds)
    reads 1 at the last round."""
    s = Script.start(seed=0, num_groups=2).s
    counts = s.game.layout.slice("counts")
    for turn, shown in ((50, 0.5), (100, 1.0), (250, 1.0)):
        s.turn = turn
        assert s.observation(0)[counts][9] == F32(shown), turn
    s.round = s.game.max_rounds
    assert s.observation(1)[counts][8] == F32(1.0)
    s.round = 3
    assert s.observation(1)[counts][8] == F32(3 / s.game.max_rounds)


def test_a_deck_over_fifty_reads_one_and_its_rest_is_counted_by_back_type(xs):
    """Layout "group": deck size /50 capped at 1; the top 12 backs one by one; the backs under
    them as a histogram by back type /50. A deck of 60 slots reads 1 (and 50 reads 1, 49 reads
    0.98); the histogram holds exactly the types of slots 13 onward."""
    sc = xs()
    s = sc.s
    btype = [t for t, _ in sc.g.content.back_keys]
    deck = (s.deck_b[0] + s.deck_b[1]) * 2
    hist = po.G_BODY_END - po.NB
    for size, shown in ((49, 0.98), (50, 1.0), (60, 1.0)):
        s.deck_b[0] = deck[:size]
        obs = s.observation(1)
        o = _g(1, 0)
        assert obs[o + po.G_DECK] == F32(shown), size
        want = [po.SUM50[sum(1 for b in deck[12:size] if btype[b] == t)] for t in range(po.NB)]
        assert obs[o + hist:o + po.G_BODY_END].tolist() == want


def test_an_options_losses_past_the_box_read_minus_one(pack, tmp_path):
    """Layout "revealed card" (option rows: resources gained minus lost /9, each cell clipped to
    [-1, 1]): Wood Gift edited to lose 9 food twice (-18/9) reads -1 in its food cell, lose 9 once
    reads -1 too, and Charcoal Pit (two CRAFT effects, +2) reads 1 in its craft cell."""
    dst = tmp_path / "pack"
    shutil.copytree(pack, dst)
    f = dst / "modules" / "X.json"
    doc = json.loads(f.read_text())
    loss = {"kind": "LOSE_RES", "res": "food", "n": 9}
    cards = {c["id"]: c for c in doc["cards"]}
    cards["X18"]["options"] = [{"reward": [loss, loss]}]
    cards["X09"]["options"] = [{"reward": [loss]}]
    f.write_text(json.dumps(doc))
    sc = Script.start(seed=0, modules=["X", "B"], content_pack=str(dst), num_groups=2)
    sc.reveal_turn({}, {0: "X18", 1: "X09"})
    s = sc.s
    for seat in range(2):
        obs = s.observation(seat)
        assert obs[_g(seat, 0) + OPT0 + 20] == obs[_g(seat, 1) + OPT0 + 20] == F32(-1.0)
    s.rev[1] = sc.card("B10")  # Charcoal Pit: CRAFT, CRAFT in option 0
    assert s.observation(0)[_g(0, 1) + OPT0 + 20 + 13] == F32(1.0)


# -- positions -----------------------------------------------------------------------------------
def _loc_cells(s, seat, key_id):
    i = s.inplay.index(key_id)
    q = po.O_INPLAY + i * po.INPLAY_F + 1 + po.CARD_F
    return s.observation(seat)[q:q + 6].tolist()


def test_a_card_lying_on_another_card_is_shown_on_a_card(pack, tmp_path):
    """PALEO-SPEC-2 / layout "inplay" location cells (table, on a card, group relative x4): the
    Trail Scout placed on mission X01 reads "on a card" (cell 1) only, in both seats' views; the
    mission under it lies on the table (cell 0)."""
    sc = _scout(pack, tmp_path, {"to": "MISSION"})
    sc.act(A.CARD + sc.s.inplay.index(sc.card("X01")))
    s = sc.s
    scout, mission = sc.card("A05"), sc.card("X01")
    assert s.inloc[s.inplay.index(scout)] == ON_CARD + mission
    assert s.inloc[s.inplay.index(mission)] == TABLE
    for seat in range(2):
        assert _loc_cells(s, seat, scout) == [0, 1, 0, 0, 0, 0]
        assert _loc_cells(s, seat, mission) == [1, 0, 0, 0, 0, 0]


def test_a_card_in_a_group_is_shown_relative_to_the_observer(pack, tmp_path):
    """PALEO-SPEC-2 / layout "inplay": a card lying in group 0 (the Trail Scout's location set
    to group 0) is in the observer's own group (relative 0, cell 2) for seat 0 and in the group
    on its left (relative 1, cell 3) for seat 1; set to group 1 it swaps."""
    sc = _scout(pack, tmp_path, {"to": "MISSION"})
    sc.act(A.CARD + sc.s.inplay.index(sc.card("X01")))
    s = sc.s
    scout = sc.card("A05")
    for g, views in ((0, ([0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 0])),
                     (1, ([0, 0, 0, 1, 0, 0], [0, 0, 1, 0, 0, 0]))):
        s.inloc[s.inplay.index(scout)] = g
        assert [_loc_cells(s, seat, scout) for seat in range(2)] == list(views), g


def test_card_zero_revealed_shows_its_row(xs):
    """Layout "group" revealed card: the revealed card's features, card id 0 (the first base
    card, Birch Grove) included: its row is present (cell 0 = 1) and equal to its static row;
    with nothing revealed the row is all zeros."""
    sc = xs()
    sc.reveal_turn({}, {0: "X18", 1: "X09"})
    s = sc.s
    rows = po._cache(sc.g)[0]
    s.rev[1] = 0
    for seat in range(2):
        o = _g(seat, 1) + po.G_BODY_END
        row = s.observation(seat)[o:o + po.CARD_F]
        assert row[0] == 1 and np.array_equal(row, rows[0])
    s.rev[1] = -1
    o = _g(0, 1) + po.G_BODY_END
    assert not s.observation(0)[o:o + po.CARD_F].any()


def test_revealed_secrets_are_flagged_by_number():
    """PALEO-D-1 / layout "secrets": cell n-1 is 1 once secret n has left the secret deck. With
    secrets 1 and 22 taken out, exactly cells 0 and 21 are set."""
    s = Script.start(seed=0, num_groups=2, level=7).s
    c = s.game.content
    assert not s.observation(0)[po.O_SECRETS:po.O_SECRETS + 22].any()
    for no in (1, 22):
        s.secrets.remove(c.secret_by_no[no])
    cells = s.observation(1)[po.O_SECRETS:po.O_SECRETS + 22]
    assert np.flatnonzero(cells).tolist() == [0, 21]


# -- hidden commitments ----------------------------------------------------------------------------
def _commit_cells(s, seat, n):
    obs = s.observation(seat)
    return [int(obs[_g(seat, g, n) + 7]) for g in range(n)]


def test_another_groups_commitment_is_hidden_unless_opened():
    """PALEO-DAY-1/2 (picks are simultaneous) / layout "group" flag 7 "committed if open": after
    group 0 commits, its own view shows its commitment, and group 1's and group 2's views do
    not (the flag stays 0); with open_commitments every seat sees it. The structured view says
    None for a commitment it may not show. The own-commitment block ("my_commit") holds PICK k
    in cell k and SLEEP_EARLY in cell 6, for its own seat only."""
    for opened in (False, True):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            sc = Script(PaleoGame(num_groups=3, open_commitments=opened)).run()
        s = sc.s
        s.apply(A.pick(1))
        assert s.commit[0] == A.pick(1)
        for seat in range(3):
            mine_or_open = opened or seat == 0
            assert _commit_cells(s, seat, 3)[0] == (1 if mine_or_open else 0), (opened, seat)
            groups = s.observation_dict(seat)["groups"]
            assert groups[0]["committed"] is (True if mine_or_open else None)
            assert groups[seat]["committed"] is (seat == 0)
        assert s.observation_dict(0)["my_commit"] == A.pick(1)
        assert s.observation_dict(1)["my_commit"] == 0
        assert not s.observation(1)[po.O_MYCOMMIT:po.O_MYCOMMIT + 7].any()
        want = [0] * 7
        want[A.pick(1) - A.PICK] = 1  # PICK[k] in cell k
        assert s.observation(0)[po.O_MYCOMMIT:po.O_MYCOMMIT + 7].tolist() == want
        s.apply(A.SLEEP_EARLY)  # group 1 sleeps early: its own cell 6, nothing in group 2's view
        assert s.observation(1)[po.O_MYCOMMIT:po.O_MYCOMMIT + 7].tolist() == [0, 0, 0, 0, 0, 0, 1]
        assert not s.observation(2)[po.O_MYCOMMIT:po.O_MYCOMMIT + 7].any()
        assert _commit_cells(s, 2, 3) == ([1, 1, 0] if opened else [0, 0, 0])


# -- the structured view -----------------------------------------------------------------------------
def test_the_structured_view_reports_each_field_of_the_public_state(xs):
    """observation_dict (spec §5: the same public view, structured): groups 0 (Boulder Carrier
    with 1 wound, Fire Tender with no ability; 2 spears) and 1 (a torch) reveal Wood Gift and
    Healing Spring; group 0 resolves its card (resolved, discarded faceup: nothing revealed),
    group 1's is not yet. Every field reads
    the state: people (wounds, hearts, ability name incl. NONE, value), tools held (only types
    held), deck backs with hidden ids (-1), revealed card and name, storage and supply, the
    piles, the decks' sizes, in-play cards, each seat's own seat number. Card 0 (Birch Grove)
    revealed is named; facedown discards show their backs only."""
    sc = xs()
    sc.people(0, ["ppl01", "ppl19"], wounds=[1, 0])
    for h in range(2):
        sc.clear_tools(h)
    sc.give_tool(0, "spear", 2).give_tool(1, "torch")
    sc.storage(food=3, wood=2, stone=1)
    sc.reveal_turn({}, {0: "X18", 1: "X09"})
    sc.act(A.RESOLVE_NEXT + 0, A.OPTION + 0)
    s, c = sc.s, sc.g.content
    assert s.rstat == [2, 1]
    s.skulls, s.victories = 2, 1
    for seat in range(2):
        d = s.observation_dict(seat)
        assert (d["seat"], d["phase"], d["round"], d["turn"]) == (seat, "order", s.round, s.turn)
        assert (d["current_player"], d["lead"]) == (s.current_player, s.lead)
        assert d["storage"] == dict(zip(("food", "wood", "stone"), s.store))
        assert d["supply"] == dict(zip(("food", "wood", "stone"), s.sup))
        assert sum(d["storage"].values()) + sum(d["supply"].values()) == 20 + 12 + 8
        assert (d["skulls"], d["victories"]) == (2, 1)
        assert d["general_supply"] == {t.key: s.gsup[t.id] for t in c.tools}
        assert d["craft_stock"] == {t.key: s.stock[t.id] for t in c.tools}
        assert d["craft_stock"]["torch"] == s.stock[c.tool_index["torch"]]
        assert (d["people_deck"], d["dream_deck"], d["idea_deck"]) == (
            len(s.people_deck), len(s.dream_deck), len(s.idea_deck))
        assert d["faceup_pile"] == s.fu == [sc.card("X18")] and d["cemetery"] == []
        assert d["facedown_pile"] == [{"back": po.BACK_TYPES[c.back_keys[b][0]], "card_id": -1}
                                      for b in s.fd_b]
        assert d["in_play"] == [{"card_id": x, "name": c.cards[x].name, "location": s.inloc[i],
                                 "held": list(s.held[i])} for i, x in enumerate(s.inplay)]
        assert (d["in_play"][0]["card_id"], d["in_play"][0]["location"]) == (sc.card("X01"), TABLE)
        assert d["secret"] == -1 and d["workbench"] == [c.cards[x].name for x in s.bench]
        g0, g1 = d["groups"]
        assert [g0["seat"], g1["seat"]] == [0, 1] and g0["awake"] is True and g1["awake"] is True
        assert g0["people"] == [
            {"card_id": sc.card("ppl01"), "name": "Boulder Carrier", "wounds": 1, "hearts": 3,
             "ability": "STR", "value": 1},
            {"card_id": sc.card("ppl19"), "name": "Fire Tender", "wounds": 0, "hearts": 3,
             "ability": "NONE", "value": 0}]
        assert g0["tools"] == {"spear": 2} and g1["tools"] == {"torch": 1}
        for g, entry in enumerate((g0, g1)):
            assert len(entry["deck"]) == len(s.deck_b[g]) > 0
            assert entry["deck"] == [{"back": po.BACK_TYPES[c.back_keys[b][0]],
                                      "hints": [po.HINTS[h] for h in c.back_keys[b][1]], "card_id": -1}
                                     for b in s.deck_b[g]]
        assert any(e["hints"] for e in g0["deck"] + g1["deck"])
        assert (g0["revealed"], g0["revealed_name"], g0["resolved"]) == (-1, None, True)
        assert (g1["revealed"], g1["revealed_name"], g1["resolved"]) == (sc.card("X09"), "Healing Spring", False)
    for _ in range(2):  # two slots of group 1 discarded facedown: backs public, fronts hidden
        s.fd_b.append(s.deck_b[1].pop())
        s.fd_c.append(s.deck_c[1].pop())
    pile = s.observation_dict(1)["facedown_pile"]
    assert [e["back"] for e in pile] == [po.BACK_TYPES[c.back_keys[b][0]] for b in s.fd_b[-2:]]
    assert len(pile) == len(s.fd_b) >= 2 and {e["card_id"] for e in pile} == {-1}
    s.rev[1] = 0
    assert s.observation_dict(0)["groups"][1]["revealed_name"] == c.cards[0].name == "Birch Grove"
    s.rev[1] = -1
    assert s.observation_dict(1)["groups"][1]["revealed_name"] is None
    s.awake[1] = 0
    assert s.observation_dict(0)["groups"][1]["awake"] is False


def test_a_frames_arguments_read_over_twenty_within_the_box(xs):
    """Layout "pending_args" cells 2-3: the pending frame's two arguments /20, kept in [-1, 1]
    (spec §5). Group 0's owner window edited into: a wound-group choice of 3 wounds (a = 3:
    0.15); a host choice with no host group (b = -1: -0.05); a split of a crafted tool
    (b = 100 + tool: 1); a night option of card 226 (a: 1). At the commit step the arguments
    are not shown."""
    from boardgym.games.paleo.kinds import D_HOST, D_NIGHTOPT, D_SPLIT, D_WGROUP

    sc = xs()
    sc.reveal_turn({}, {0: "X18", 1: "X09"})
    s = sc.s
    cases = (((D_WGROUP, 0, 3, 0), [0.15, 0]), ((D_HOST, 0, 1, -1), [0.05, -0.05]),
             ((D_SPLIT, 0, 0, 100 + 2), [0, 1]), ((D_NIGHTOPT, 0, 226, 0), [1, 0]))
    for frame, want in cases:
        s.pend[-1] = frame
        for seat in range(2):
            cells = s.observation(seat)[po.O_PARGS + 2:po.O_PARGS + 4]
            assert cells.tolist() == [F32(v) for v in want], (frame, cells)


def test_a_full_workbench_reads_the_same_from_the_block_cache(xs):
    """PALEO-REW-6 / D-15 (the workbench holds four ideas, faceup to all): the workbench cells are
    part of a block the encoder keeps and copies while nothing in it changes. With four ideas on
    the bench, a second observation (copied from that block) equals the first and that of a
    fresh copy of the state (encoded anew), the fourth slot included."""
    from .scripted import full_bench

    sc = xs()
    full_bench(sc, ("ide04", "ide05", "ide06", "ide07"), "ide01")
    sc.act(A.IDEA_SLOT + 1)
    s = sc.s
    assert len(s.bench) == 4
    first, again, fresh = s.observation(0), s.observation(0), s.clone().observation(0)
    fourth = slice(po.O_BENCH + 3 * (1 + po.CARD_F), po.O_BENCH + 4 * (1 + po.CARD_F))
    assert first[fourth].any()
    assert np.array_equal(first, again) and np.array_equal(first, fresh)
