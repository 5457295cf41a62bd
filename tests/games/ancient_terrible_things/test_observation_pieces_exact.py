"""The ATT observation (observation.py) piece by piece, exact values where random play seldom goes
(spec §5): Scenario II, every Gorg icon, the achievements' sides and retired flags, the solo
Adversary on tile 1, an empty row slot and an empty deck, counts past saturation (a score above
30 or below -30), a seat before its character is drawn, a chance step with a decision waiting,
the declared entity sets' presence columns, the block cache against fresh encodings where keys
could collide, and the dict view's fields for encounter 0, swag 0 and a green die."""
from __future__ import annotations

import numpy as np

from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.achievements import icon_counts
from boardgym.games.ancient_terrible_things.constants import (COURAGE, PITFALL, TOKENS, TURN_STEP_CAP, VILLAIN,
                                                              YELLOW)
from boardgym.games.ancient_terrible_things.kinds import D_EXPLORE, D_GUNSLOOP, DECISIONS
from boardgym.games.ancient_terrible_things.observation import encode

from .scripted import Script
from .test_spec_cases import to_decision


def piece(sc, obs, name):
    L = sc.game.layout
    o = L.offset(name)
    size = next(size for n, _, size, _ in L.pieces if n == name)
    return obs[o:o + size].tolist()


def fresh(s, player=0):
    return encode(s, player, use_cache=False)


def at_the_roll() -> Script:
    """3 players; enc04 (tile 1), enc01 (the pack's first encounter, id 0, tile 2); seat 0
    explores tile 1 and is at the roll, a yellow die added beside the five greens."""
    sc = Script.start(3, deck=(2, 6, 6), reveal=["enc04", "enc01", "enc13", "enc14", "enc16"])
    sc.act(A.LOC + 0)
    to_decision(sc, "preroll")
    sc.s.d_col[5] = YELLOW  # set-up: an added die
    return sc


def test_the_scenario_piece_names_scenario_ii():
    """ATT-SETUP-8 (the common scenario, I or II): the scenario piece is one-hot, [0, 1] for II."""
    sc = Script.start(3, scenario="II")
    for player in range(3):
        assert piece(sc, fresh(sc.s, player), "scenario") == [0.0, 1.0]
        assert piece(sc, encode(sc.s, player), "scenario") == [0.0, 1.0]


def test_the_gorg_icon_piece_is_one_hot_for_each_type():
    """ATT-LOC-G: the type chosen at the Gorg this turn is one cell of four set to 1, for each of
    the four types (Pitfall, the first, included); none chosen: all four 0."""
    sc = Script.start(3)
    s = sc.s
    for icon in range(4):
        s.gorg_icon = icon
        assert piece(sc, fresh(s), "gorg_icon") == [float(k == icon) for k in range(4)], icon
    s.gorg_icon = -1
    assert piece(sc, fresh(s), "gorg_icon") == [0.0] * 4


def test_each_achievement_shows_holder_side_and_retired_flag():
    """ATT-ACH-1/2, ATT-SOLO-4 (a forgotten achievement leaves the game, never re-earnable): per
    type 7 cells -- holder relative to the observer (4), nobody, Mastery side, retired. A side
    shows only while the achievement is held; a retired one shows nobody and retired."""
    sc = Script.start(3)
    s = sc.s
    s.ach_holder[:], s.ach_side[:], s.ach_retired[:] = [-1, 2, -1, 0], [1, 1, 0, 1], [1, 0, 1, 0]
    obs = piece(sc, fresh(s, 0), "achievements")
    assert [obs[7 * t:7 * t + 7] for t in range(4)] == [
        [0, 0, 0, 0, 1, 0, 1],    # retired, nobody's (its side no longer counts)
        [0, 0, 1, 0, 0, 1, 0],    # seat 2 (observer + 2), Mastery
        [0, 0, 0, 0, 1, 0, 1],    # retired on its Prowess side
        [1, 0, 0, 0, 0, 1, 0],    # the observer's own, Mastery
    ]


def test_the_solo_adversary_on_tile_1_and_absent():
    """ATT-SOLO-2/3: the d6 places the Adversary (1 = tile 1): the adversary piece is one-hot on
    its tile, its sixth cell marks it absent (removed for the round)."""
    sc = Script(num_players=1)
    sc.s.deck[:] = [2, 0, 0]
    sc.force("encounter", "enc01", arg=0).force("encounter", "enc04", arg=1)
    sc.force("adversary_d6", 1).force("movement", "stay")
    sc.resolve()
    s = sc.s
    assert s.adv == 0
    assert piece(sc, fresh(s), "adversary") == [1.0, 0, 0, 0, 0, 0]
    assert s.observation_dict(0)["adversary"] == 0
    s.adv = -1
    assert piece(sc, fresh(s), "adversary") == [0, 0, 0, 0, 0, 1.0]


def test_an_empty_row_slot_and_an_empty_deck_show_nothing():
    """ATT-SETUP-7 / ATT-D-14 (the row is refilled while the swag deck lasts) and ATT-SETUP-4 (the
    deck's top back): a row slot left empty reads all zeros, and with no encounter left in the
    deck no back is on top; with greens gone the orange back is on top."""
    sc = Script.start(3)
    s = sc.s
    s.row[1] = -1
    row = piece(sc, fresh(s), "row")
    w = len(row) // 3
    assert row[w:2 * w] == [0.0] * w and row[0] == row[2 * w] == 1.0
    assert sc.s.observation_dict(0)["row"][1] is None
    s.deck[:] = [0, 2, 3]
    assert piece(sc, fresh(s), "deck_top") == [0.0, 1.0, 0.0]
    s.deck[:] = [0, 0, 0]
    assert piece(sc, fresh(s), "deck_top") == [0.0, 0.0, 0.0]


def test_counts_past_their_scale_saturate_at_exactly_one():
    """Spec §5 (every count clipped to the Box): seat 1 with 12 stacked encounters (more than 10,
    over 30 secrets, 7 Pitfall icons), five 0-tentacles held and flipped, and a score of 45
    (ATT-END-2: Courage tops it up, 3 a secret) reads exactly 1 in each of those cells and in
    every icon count of 5 or more; seat 2 with eleven 3-tentacles scores -33, below -30: exactly -1."""
    sc = Script.start(3)
    s, c = sc.s, sc.game.content
    # seven Pitfall encounters (7 icons: 1.4 before clipping), then the five richest others
    richest = sorted(range(len(c.enc_key)), key=lambda e: -c.enc_secrets[e])
    pit = [e for e in richest if PITFALL in c.enc_types[e]]
    rest = [e for e in richest if PITFALL not in c.enc_types[e]]
    s.stack[1] = pit[:7] + rest[:5]
    assert sum(c.enc_secrets[e] for e in s.stack[1]) > 30
    s.tent[1], s.flipped[1] = [0] * 5, [1] * 5
    s.tokens[4 * 1 + COURAGE] = 0
    s.tokens[4 * 1 + COURAGE] = 3 * max(0, 45 - s.score(1))  # a score of 45: 1.5 before clipping
    s.tent[2], s.flipped[2] = [3] * 11, [0] * 11
    assert 30 < s.score(1) < 60 and s.score(2) < -30
    icons = icon_counts(s, 1)
    assert 6 <= icons[PITFALL] <= 9
    for cached in (False, True):
        obs = encode(s, 0, use_cache=cached)
        one = piece(sc, obs, "player1")
        assert one[5:9] == [1.0 if x >= 5 else np.float32(x * 0.2) for x in icons]
        assert one[9:12] == [1.0, 1.0, 1.0] and one[15] == 1.0 and one[21] == 1.0
        two = piece(sc, obs, "player2")
        assert two[14] == 1.0 and two[21] == -1.0


def test_a_seat_before_its_character_is_drawn_shows_no_character():
    """ATT-SETUP-8 (random characters): before the draws every seat's character cells are 0 and
    its score cell holds its score (0), nothing else; the dict view names no character."""
    sc = Script.start(3, chars=["reporter", "captain", "naturalist"], resolve=False)
    s = sc.s
    assert s.chars == [-1, -1, -1]
    for cached in (False, True):
        for k in range(3):
            block = piece(sc, encode(s, 0, use_cache=cached), f"player{k}")
            assert block[21:26] == [0.0] * 5, (k, cached)
    assert [pl["character"] for pl in s.observation_dict(0)["players"]] == [None] * 3


def test_a_chance_step_with_a_decision_waiting_shows_no_decision():
    """The decision piece is "zeros at chance/terminal": at the roll's dice (chance steps) the
    encounter decision waits underneath; nobody decides, so the decision and decider pieces are
    all zeros and the dict view names no decision and no decider."""
    sc = at_the_roll()
    sc.act(A.ROLL, resolve=False)
    s = sc.s
    assert s.cq and s.pend and s.current_player < 0
    for cached in (False, True):
        obs = encode(s, 0, use_cache=cached)
        assert not any(piece(sc, obs, "decision")) and not any(piece(sc, obs, "decider"))
    d = s.observation_dict(0)
    assert d["decision"] is None and d["decider"] is None


def test_every_entity_sets_presence_column_is_the_present_bit():
    """The layout's entity sets (spec §5): the other seats (player1..3), the dice, the row, own
    swag and own feats; in every row the presence column reads exactly 1 for a present entity
    (a seat of the game, a die in the pool -- a yellow one too -- a card) and an absent
    entity's row is all zeros."""
    sc = at_the_roll()
    s = sc.s
    sc.dice(1, 2, 3, 4, 5, 6).whites("blank", "blank")
    sc.act(A.ROLL)
    L = sc.game.layout
    sets = {e.name: e for e in L.entity_sets}
    assert sets["opponents"].pieces == ("player1", "player2", "player3")
    obs = fresh(s)
    present = {"opponents": [True, True, False], "dice": [d < 6 for d in range(8)],
               "row": [w >= 0 for w in s.row], "my_swag": [k < len(s.swag[0]) for k in range(12)],
               "my_feats": [k < len(s.feats[0]) for k in range(8)]}
    for name, want in present.items():
        e = sets[name]
        assert len(e.rows) == len(want), name
        for r, here in zip(e.rows, want):
            row = obs[r:r + e.width]
            assert (row[e.presence] == 1.0) if here else not row.any(), (name, r)


def test_the_cached_blocks_follow_states_whose_keys_differ_only_in_small_ids():
    """The block cache must give what a fresh encoding gives: the Old Stock and the feat discard
    emptied after card 0 or card 1 lay on top (ATT-SWAG, ATT-SETUP-6), and a seat that chose the Villain at
    the Gorg (ATT-LOC-G) seen again once another seat is active."""
    sc = Script.start(3)
    s = sc.s
    for pile in ("old_stock", "feat_discard"):
        for card in (0, 1):
            t = s.clone()
            getattr(t, pile)[:] = [card]
            assert np.array_equal(encode(t, 0), fresh(t)), (pile, card)
            getattr(t, pile)[:] = []
            assert np.array_equal(encode(t, 0), fresh(t)), (pile, card, "emptied")
    t = s.clone()
    p = t.active
    t.gorg_icon = VILLAIN
    for q in range(3):
        encode(t, q)
    t.gorg_icon = -1
    t.active = (p + 1) % 3
    for q in range(3):
        assert np.array_equal(encode(t, q), fresh(t, q)), q


def test_the_dict_view_shows_encounter_0_swag_0_green_dice_and_token_counts():
    """observation_dict: tile 2's encounter is enc01 (the pack's first, id 0); a row slot holding
    swag card 0 names it; the five green dice (colour 0) are listed; each location's and each
    seat's tokens are its four counts by name; the seat deciding is named."""
    sc = at_the_roll()
    s, c = sc.s, sc.game.content
    s.d_col[5] = -1
    sc.dice(1, 2, 3, 4, 5).whites("blank", "blank")
    sc.act(A.ROLL)
    s.row[0] = 0
    s.loc_tokens[4:8] = [1, 2, 0, 3]
    d = s.observation_dict(0)
    assert d["locations"][1]["encounter"] == "enc01"
    assert d["row"][0] == c.swag[0].key
    assert [x["colour"] for x in d["dice"]] == ["green"] * 5
    assert [x["face"] for x in d["dice"]] == [1, 2, 3, 4, 5]
    assert d["locations"][1]["tokens"] == dict(zip(TOKENS, [1, 2, 0, 3]))
    assert [pl["tokens"] for pl in d["players"]] == [dict(zip(TOKENS, sc.tok(p))) for p in range(3)]
    assert d["decider"] == s.pend[-1][1] == 0
    assert d["adversary"] is None
    assert len(d["locations"]) == 5 and len(d["achievements"]) == 4
    s.enc_at[4] = -1  # set-up: tile 5 cleared
    assert s.observation_dict(0)["locations"][4]["encounter"] is None


def test_the_turn_and_the_step_cap_cells():
    """Spec §5: "turn / 60", saturating at 1 in a game past its 60th turn; "turn step cap reached
    (ATT-D-17)": 1 once a turn has taken 400 decision steps, 0 before."""
    sc = Script.start(3)
    s = sc.s
    s.turn = 30
    assert piece(sc, fresh(s), "turn") == [0.5]
    s.turn = 90
    assert piece(sc, fresh(s), "turn") == [1.0]
    s.turn_steps = TURN_STEP_CAP - 1
    assert piece(sc, fresh(s), "step_cap") == [0.0]
    s.turn_steps = TURN_STEP_CAP
    assert piece(sc, fresh(s), "step_cap") == [1.0]


def test_the_decision_on_top_of_the_stack_is_the_one_shown():
    """Decisions nest (a frame pushed over the one waiting, e.g. the Gunsloop's discard over the
    Explore): the observation and the dict view show the top frame's kind and decider, not the
    frame beneath."""
    sc = Script.start(3)
    s = sc.s
    assert len(s.pend) == 1 and s.pend[0][:2] == (D_EXPLORE, 0)
    s.pend.append((D_GUNSLOOP, 1, 0, 0))
    d = s.observation_dict(0)
    assert d["decision"] == DECISIONS[D_GUNSLOOP] and d["decider"] == 1
    obs = fresh(s, 0)
    assert piece(sc, obs, "decision") == [float(k == D_GUNSLOOP) for k in range(len(DECISIONS))]
    assert piece(sc, obs, "decider") == [0.0, 1.0, 0.0, 0.0]
