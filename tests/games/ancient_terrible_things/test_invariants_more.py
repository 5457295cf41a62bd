"""Saved ATT states at the boundaries of the loader's checks (invariants.py) that the older save
tests (test_saves.py) leave open: the feat draws a queue may hold (the deck, the hand cap), the
tentacle count the refusal names, and where the solo forget decision may wait. Each case takes a
state of seeded random play (or a scripted one), moves it to one side of a boundary and the
other, and expects the legal side to load and the other to be refused in words."""
from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from boardgym.games import make_game
from boardgym.games.ancient_terrible_things.constants import GREEN, MAX_DICE, MAX_FEATS, MAX_SWAG
from boardgym.games.ancient_terrible_things.combos import can_extend
from boardgym.games.ancient_terrible_things.content import DEFAULT_PACK
from boardgym.games.ancient_terrible_things.encounter import combo_of, usable_faces
from boardgym.games.ancient_terrible_things.kinds import (CH_ENC, CH_FEAT, CH_FEAT_DISCARD, CH_ROW, CH_TENT, CH_WHITE, DECISIONS,
                                                          D_EXPLORE, D_FORGET, D_SELECT, D_SHRINE, PH_BONUS, PH_ENCOUNTER, PH_NEXT,
                                                          PH_TURN_START, SEL_COMBO)
from tests.games.saved_pool import edited, load, pool, refused, top
from tests.games.soundness import random_play

from .test_saves import CONFIGS, GAME, SEEDS, encounter_window, find_save


def _kinds(st):
    return [k for k, _ in st["cq"]]


# -- feat draws: no more than the deck holds, no hand past its cap (ATT-D-11) -----------------------
def test_queued_feat_draws_and_the_first_discard_fit_in_the_feat_deck():
    """ATT-SETUP / ATT-D-11: the opening deal queues a feat discard and each seat's feat draws;
    a save whose feat deck holds exactly that many cards (the rest in the discard) loads, and
    one card fewer is refused: more draws queued than the deck holds."""
    g, data = find_save(lambda st: st["phase"] == PH_TURN_START and len(st["chars"]) == 1
                        and CH_FEAT_DISCARD in _kinds(st) and CH_FEAT in _kinds(st))
    st = data["state"]
    q = _kinds(st).count(CH_FEAT) + _kinds(st).count(CH_FEAT_DISCARD)
    assert _kinds(st).count(CH_FEAT_DISCARD) == 1 and q == 4
    deck = st["feat_deck"]

    def short(keep):
        return edited(data, feat_deck=deck[:keep], feat_discard=st["feat_discard"] + deck[keep:])

    assert load(g, short(q)) is not None
    refused(g, short(q - 1), "more feat draws queued than feats in the deck")


def test_a_queued_feat_draw_never_takes_a_hand_past_eight():
    """ATT-D-11: the feat hand cap is 8 (excess draws are skipped, not queued): with one feat
    draw queued for a seat, a hand of 7 loads and a hand of 8 is refused."""
    g, data = find_save(lambda st: st["phase"] == PH_ENCOUNTER and _kinds(st) == [CH_FEAT]
                        and len(st["chars"]) == 3)
    st = data["state"]
    p = st["cq"][0][1]
    hand, deck = st["feats"][p], st["feat_deck"]

    def hand_of(size):
        extra = size - len(hand)
        feats = [list(h) for h in st["feats"]]
        feats[p] = hand + deck[:extra]
        return edited(data, feats=feats, feat_deck=deck[extra:])

    assert load(g, hand_of(MAX_FEATS - 1)) is not None
    refused(g, hand_of(MAX_FEATS), f"seat {p}: a feat hand over its cap with the queued draws")


# -- tentacles: the refusal counts doom, held and queued tentacles (ATT-SETUP-5) -----------------------
def test_the_tentacle_count_refusal_counts_the_doom_stack_and_the_held_tentacles():
    """ATT-SETUP-5: the table's count of tentacles is drawn at setup and stays in play (Doom
    stack or held). A save where one Doom tentacle went back to the pool keeps every tentacle
    accounted for but has one fewer in play: refused, naming the count in play (Doom + held)."""
    g, data = find_save(lambda st: any(st["tent"]) and len(st["doom"]) >= 1 and not st["cq"])
    st = data["state"]
    held = sum(len(t) for t in st["tent"])
    doom, pool = list(st["doom"]), list(st["tent_pool"])
    pool[doom.pop()] += 1
    in_play = len(doom) + held
    msg = refused(g, edited(data, doom=doom, tent_pool=pool), f"the setup has {in_play + 1}")
    assert msg.endswith(f"state: {in_play} tentacles in play, the setup has {in_play + 1}"), msg


def test_the_tentacle_count_refusal_counts_the_queued_tentacle_draws():
    """ATT-SETUP-5: while the setup's tentacle draws are still queued they count as in play; a
    save with one queued draw dropped is refused, naming the count left (queued draws included)."""
    g, data = find_save(lambda st: st["phase"] == PH_TURN_START and CH_TENT in _kinds(st))
    st = data["state"]
    queued = _kinds(st).count(CH_TENT)
    assert queued >= 2 and not st["doom"] and not any(st["tent"])
    cq = list(st["cq"])
    cq.remove([CH_TENT, 0])
    msg = refused(g, edited(data, cq=cq), f"tentacles in play, the setup has {queued}")
    assert msg.endswith(f"state: {queued - 1} tentacles in play, the setup has {queued}"), msg


# -- the solo forget decision (ATT-SOLO-4, ATT-D-16) ----------------------------------------------------
def test_a_solo_forget_decision_waits_between_turns_but_never_in_a_multiplayer_game():
    """ATT-SOLO-4: at a failed solo round's end the player forgets in its own decision, between
    turns: the stack checks (run on every load) accept it there (random solo play never lives
    to forget, so the state is scripted and checked directly, as in test_saves.py). Forgetting is
    solo only: between turns of a 3-player game no decision may wait, a forget frame included."""
    from boardgym.games.ancient_terrible_things.invariants import _stack

    from .test_solo_rules import failed_round

    s = failed_round(["enc25", "enc14", "enc16"], ach=0).s
    assert s.phase == PH_NEXT and s.pend == [(D_FORGET, 0, 10, 0)]
    assert _stack(s) == []

    g, data = find_save(lambda st: len(st["chars"]) == 3 and encounter_window(st))
    refused(g, edited(data, phase=PH_NEXT, pend=[[D_FORGET, 0, 1, 0]]),
            "pend[0] is a 'forget' frame, which cannot open here (may: none)")


# -- the Shrine's selection (ATT-LOC-A) ------------------------------------------------------------------
def test_the_shrine_selection_may_be_full_but_never_past_its_count():
    """ATT-LOC-A: the Shrine refreshes up to its count (2 on the 3-player tile) of exhausted
    swag: a save with the selection full (2 picks, only CONFIRM left) loads, and a third
    exhausted pick is refused."""
    g, data = find_save(lambda st: top(st)[0] == D_SHRINE and len(st["sel"]) == top(st)[2] == 2
                        and len(st["swag"][top(st)[1]]) == 4)
    st = data["state"]
    assert load(g, data) is not None
    p = top(st)[1]
    hats = set(g.content.hats)
    third = next(j for j, w in enumerate(st["swag"][p]) if j not in st["sel"] and w not in hats)
    exh = [list(e) for e in st["exh"]]
    exh[p][third] = 1
    assert load(g, edited(data, exh=exh)) is not None
    refused(g, edited(data, exh=exh, sel=st["sel"] + [third]), "more picks than the Shrine allows")


# -- tentacle draws may take the whole pool (ATT-SETUP-5) -----------------------------------------------
def test_a_pack_holding_just_the_tables_tentacles_draws_every_one(tmp_path):
    """ATT-SETUP-5: the setup draws the table's count of tentacles (10 at a standard 4-player
    table, the most any table draws) from the pack's tentacles. In a pack holding exactly 10 the
    queued draws take the whole pool, and every save of the opening (the draws pending, then
    made) loads back."""
    pack = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, pack)
    rules = json.loads((pack / "rules.json").read_text())
    rules["tentacles"] = {"0": 3, "1": 3, "2": 2, "3": 2}
    (pack / "rules.json").write_text(json.dumps(rules))
    g = make_game("ancient_terrible_things", num_players=4, length="standard", content_pack=str(pack))
    s = g.new_initial_state()
    seen = []
    for st in random_play(s, np.random.default_rng(0), max_steps=200):
        seen.append((sum(1 for k, _ in st.cq if k == CH_TENT), sum(st.tent_pool)))
        text = st.to_json()
        assert g.state_from_json(text).to_json() == text
        if seen[-1] == (0, 0):
            break
    assert (10, 10) in seen and seen[-1] == (0, 0) and s.doom == [3, 3, 2, 2, 1, 1, 1, 0, 0, 0]


# -- seats, the first player, the turn's location -------------------------------------------------------
def test_a_seat_may_own_twelve_swag():
    """ATT-D-11: at most 12 swag are owned, Hat and McGuffin included; a save where a seat holds
    exactly 12 (ten more bought from the deck, ready) loads."""
    g, data = find_save(lambda st: len(st["chars"]) == 3 and encounter_window(st))
    st = data["state"]
    p = st["active"]
    extra = MAX_SWAG - len(st["swag"][p])
    swag, exh = [list(w) for w in st["swag"]], [list(e) for e in st["exh"]]
    swag[p] += st["swag_deck"][:extra]
    exh[p] += [0] * extra
    s = load(g, edited(data, swag=swag, exh=exh, swag_deck=st["swag_deck"][extra:]))
    assert len(s.swag[p]) == MAX_SWAG == 12


def test_the_captain_in_seat_zero_makes_seat_zero_first():
    """ATT-SETUP-9: the player with the Captain (character 0) is the first player; a save where
    the Captain sits at seat 0 but another seat is first (active seat moved to match) is refused,
    naming both seats."""
    g, data = find_save(lambda st: len(st["chars"]) == 3 and st["chars"][0] == 0 and encounter_window(st))
    st = data["state"]
    assert st["first"] == 0
    first = 1
    active = (first + st["turn"]) % 3
    pend = [[f[0], active, *f[2:]] for f in st["pend"]]
    refused(g, edited(data, first=first, active=active, pend=pend),
            "seat 0 has the Captain, the first player is seat 1")


@pytest.mark.parametrize("field", ["cur_loc", "declared", "gorg_icon"])
def test_no_location_is_explored_before_the_explore_choice(field):
    """ATT-EXPLORE-1, ATT-LOC-B, ATT-LOC-G: the turn's location is chosen by the explore
    decision in the Leader step, and the Chateau's token or the Gorg's icon only there; before it
    (a save at that decision) none is set, value 0 (location slot 0, token 0, icon 0) included."""
    g, data = find_save(lambda st: st["pend"] and st["pend"][0][0] == D_EXPLORE and len(st["chars"]) == 3)
    st = data["state"]
    assert st[field] == -1 and load(g, data) is not None
    refused(g, edited(data, **{field: 0}), "this turn's location, declarations or selection set in phase 'leader'")


@pytest.mark.parametrize("field, words", [("declared", "a token declared at a location without the Chateau's"),
                                          ("gorg_icon", "a Gorg icon chosen at another location")])
def test_token_0_is_declared_and_icon_0_chosen_only_at_their_own_location(field, words):
    """ATT-LOC-B / ATT-LOC-G: only the Chateau's leader declares a token and only the Gorg's
    leader chooses an icon; at the Shrine (location 0) during its bonuses either one, value 0
    included, is refused."""
    g, data = find_save(lambda st: st["phase"] == PH_BONUS and st["cur_loc"] == 0 and len(st["chars"]) == 3)
    assert load(g, data) is not None
    refused(g, edited(data, **{field: 0}), words)


def _pack_without_tiles(tmp_path):
    """A copy of the default pack where the Shrine (A) and the Trading Post (E) lead to Courage:
    no Reanimation tile and no Monkey tile in the game."""
    pack = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, pack)
    doc = json.loads((pack / "locations.json").read_text())
    for loc in doc["locations"]:
        if loc["id"] in "AE":
            loc["leader"] = {"kind": "gain_courage"}
    (pack / "locations.json").write_text(json.dumps(doc))
    return pack


@pytest.mark.parametrize("field, words", [("rean_holder", "the Reanimation tile held without its location"),
                                          ("monkey_holder", "the Monkey tile held without its location")])
def test_no_seat_holds_a_tile_whose_location_is_not_in_the_game(tmp_path, field, words):
    """ATT-LOC-TILE: the Reanimation and Monkey tiles are claimed at their locations; in a game
    whose pack leaves both locations out, a save with seat 0 holding either tile is refused (and
    the save as played loads)."""
    g = make_game("ancient_terrible_things", num_players=3, content_pack=str(_pack_without_tiles(tmp_path)))
    s = g.new_initial_state()
    for st in random_play(s, np.random.default_rng(0)):
        if st.phase == PH_ENCOUNTER and not st.cq:
            break
    data = json.loads(s.to_json())
    assert load(g, data) is not None and data["state"][field] == -1
    refused(g, edited(data, **{field: 0}), words)


# -- the solo Adversary and the forgotten encounters (ATT-SOLO-2/4) ---------------------------------------
def test_a_removed_adversary_stands_nowhere_not_even_at_location_zero():
    """ATT-SOLO-2 / ATT-D-16: when the Adversary is removed for the round it stands at no
    location; a solo save with it removed yet standing at location 0 is refused."""
    g, data = find_save(lambda st: len(st["chars"]) == 1 and st["adv"] >= 0)
    refused(g, edited(data, adv=0, adv_removed=1), "the Adversary is removed for the round but stands at a location")


def test_only_the_solo_game_lets_a_drawn_encounter_leave():
    """ATT-SOLO-4: the solo player forgets overcome encounters and they leave the game, so a solo
    save missing a drawn encounter (one gone from its stack) loads; in a 3-player game nothing
    is forgotten and the same edit is refused."""
    g, data = find_save(lambda st: len(st["chars"]) == 1 and st["stack"][0] and encounter_window(st))
    st = data["state"]
    s = load(g, edited(data, stack=[st["stack"][0][1:]]))
    assert s.stack[0] == st["stack"][0][1:]
    g, data = find_save(lambda st: len(st["chars"]) == 3 and st["stack"][st["active"]] and encounter_window(st))
    st = data["state"]
    stack = [list(x) for x in st["stack"]]
    stack[st["active"]].pop()
    refused(g, edited(data, stack=stack), "a drawn encounter left the game (only solo forgets)")


# -- what a queued draw may be for: empty places only (ATT-REVEAL-1, ATT-LOC-E, ATT-ENC-3) ------------------
def _queued(kind):
    return lambda st: len(st["chars"]) == 3 and kind in _kinds(st)


def test_a_reveal_draws_for_empty_locations_only_encounter_0_included():
    """ATT-REVEAL-1: the Reveal deals an encounter to each empty location; a save with the deal
    queued for location 0 while encounter card 0 already lies there is refused."""
    g, data = find_save(_queued(CH_ENC))
    st = data["state"]
    assert [CH_ENC, 0] in st["cq"] and st["enc_at"][0] == -1 and 0 not in st["enc_at"]
    refused(g, edited(data, enc_at=[0] + st["enc_at"][1:]),
            "an encounter draw queued for a location twice or for one that is occupied")


def test_the_trading_post_row_refills_empty_slots_only_swag_0_included():
    """ATT-LOC-E / ATT-SETUP: a Trading Post row slot is refilled only when empty; a setup save
    with row slot 0 queued while swag card 0 already lies there is refused."""
    g, data = find_save(_queued(CH_ROW))
    st = data["state"]
    assert [CH_ROW, 0] in st["cq"] and st["row"] == [-1, -1, -1]
    refused(g, edited(data, row=[0, -1, -1]), "a Trading Post refill queued twice or for an occupied row slot")


def test_a_white_die_showing_face_0_is_not_rolled_again():
    """ATT-ENC-3: each white die is rolled once with the pool; a save with white die 0's roll
    queued while it already shows face 0 is refused."""
    g, data = find_save(lambda st: _queued(CH_WHITE)(st) and st["phase"] == PH_ENCOUNTER)
    st = data["state"]
    assert [CH_WHITE, 0] in st["cq"] and st["w_face"] == [-1, -1]
    refused(g, edited(data, w_face=[0, -1]), "a white die roll queued twice or for a spent die")


def test_no_green_die_waits_in_the_pool_outside_the_encounter():
    """ATT-ENC-2: the dice pool is taken in the encounter; at the explore choice a save with a
    green die (colour 0) in slot 0 is refused."""
    g, data = find_save(lambda st: st["pend"] and st["pend"][0][0] == D_EXPLORE and len(st["chars"]) == 3)
    st = data["state"]
    assert st["d_col"] == [-1] * MAX_DICE
    refused(g, edited(data, d_col=[GREEN] + st["d_col"][1:]), "dice in the pool in phase 'leader'")


def test_a_shrine_pick_past_the_hand_is_refused_in_words():
    """ATT-LOC-A: the Shrine refreshes exhausted swag of the player's hand; a pick naming the
    slot just past the hand is refused as a swag that is not exhausted (no crash)."""
    g, data = find_save(lambda st: top(st)[0] == D_SHRINE and not st["sel"])
    st = data["state"]
    refused(g, edited(data, sel=[len(st["swag"][top(st)[1]])]), "a swag that is not exhausted")


def test_once_the_setup_is_done_the_first_round_has_begun():
    """ATT-REVEAL-1: the first Reveal opens round 1; a save past the setup (at the explore
    choice) whose round count still reads 0 is refused, naming the round and the turn."""
    g, data = find_save(lambda st: st["pend"] and st["pend"][0][0] == D_EXPLORE and len(st["chars"]) == 3
                        and st["turn"] == 0)
    assert data["state"]["round"] == 1 and load(g, data) is not None
    refused(g, edited(data, round=0), "round 0 and turn 0 in phase 'leader'")


def test_no_round_is_counted_before_the_first_reveal():
    """ATT-SETUP / ATT-REVEAL-1: the first round begins with the first Reveal; a save of the
    opening deal (turn start, no turn played) whose round count reads 1 is refused."""
    g, data = find_save(lambda st: st["phase"] == PH_TURN_START and len(st["chars"]) == 3)
    assert data["state"]["round"] == data["state"]["turn"] == 0 and load(g, data) is not None
    refused(g, edited(data, round=1), "round 1 and turn 0 in phase 'turn_start'")


def test_a_combination_selection_is_a_start_of_its_combination():
    """ATT-RESOLVE-1/2 (dice spent on an encounter or a line must form its combination): a saved
    selection for a combination holds dice each of which could join the ones picked before it,
    as the selection's mask offers them. A save from play loads; the same save with one more
    usable die that cannot join (for a block or a pair, another face) is refused, naming the
    faces."""

    def misfit(s):
        """A usable die that cannot join the selection, or None."""
        faces = [s.d_face[d] for d in s.sel]
        combo = combo_of(s, s.pend[-1][3])
        return next((d for d in range(MAX_DICE) if s.d_col[d] >= 0 and not s.d_used[d] and d not in s.sel
                     and not can_extend(combo, faces, s.d_face[d], usable_faces(s, s.sel))), None)

    games = [make_game(GAME, **dict(cfg)) for cfg in CONFIGS]
    for i, text in pool(GAME, CONFIGS, SEEDS):
        data = json.loads(text)
        if top(data["state"])[0] == D_SELECT and top(data["state"])[2] == SEL_COMBO and data["state"]["sel"]:
            s = load(games[i], data)       # (a save from play loads)
            d = misfit(s)
            if d is not None:
                break
    else:
        raise AssertionError("no saved combination selection with a die that cannot join")
    wrong = [s.d_face[x] for x in s.sel] + [s.d_face[d]]
    refused(games[i], edited(data, sel=list(s.sel) + [d]), f"dice showing {wrong} are not a start of the combination")


def test_a_decision_of_the_wrong_seat_is_refused_naming_both_seats():
    """ATT-TURN-1 (the active player makes the turn's decisions): a saved decision frame of
    another seat is refused, naming the frame's decision, the seat it names and the seat it
    belongs to."""
    g, data = find_save(lambda st: len(st["chars"]) >= 2 and st["pend"] and not st["cq"]
                        and st["phase"] == PH_ENCOUNTER and len(st["pend"]) == 1)
    st = data["state"]
    frame = list(st["pend"][0])
    other = (st["active"] + 1) % len(st["chars"])
    frame[1] = other
    refused(g, edited(data, pend=[frame]),
            f"pend[0] ('{DECISIONS[frame[0]]}') is seat {other}'s; it belongs to seat {st['active']}")
