"""The turn machine (flow.py) at its edges: the Reveal's "all 5 locations empty" test and the
Inexplicable Event's boundary (ATT-REVEAL-1/2, ATT-END-1), the turn-order bonus when the Captain
is not in seat 0 (ATT-SETUP-9, ATT-D-6), and the solo Adversary's leaving and the round's end
(ATT-SOLO-3/4), each with the first encounter of the pack (id 0, "enc01") on the board: an
encounter id of 0 is an encounter, not an empty location."""
from __future__ import annotations

from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.constants import BLUE, PURPLE, YELLOW
from boardgym.games.ancient_terrible_things.observation import encode

from .scripted import Script
from .test_spec_cases import to_decision


def fail_at(sc, loc: int) -> None:
    """The active player explores ``loc`` and fails there: no die shows 5 or more and both whites
    are blank, so the encounter (a single 5+ here) stays and goes to the Rumours."""
    sc.act(A.LOC + loc)
    to_decision(sc, "preroll")
    sc.dice(1, 1, 2, 2, 3).whites("blank", "blank")
    sc.act(A.ROLL, A.TO_RESOLVE, A.PASS)


def locations(sc) -> set[int]:
    """The locations the pending Explore may choose."""
    return {a - A.LOC for a in sc.legal() if A.LOC <= a < A.LOC + 5}


def test_a_reveal_of_exactly_as_many_encounters_as_players_goes_on():
    """ATT-REVEAL-2: "If there are not enough Encounter cards for the number of players, The
    Inexplicable Event is triggered" -- exactly as many cards as players is enough: 3 players
    and 3 cards fill tiles 1-3 (ATT-D-8) and the first player explores; 2 players, 2 cards, too."""
    for n in (3, 2):
        sc = Script.start(n, deck=(n, 0, 0))
        s = sc.s
        assert not s.is_terminal(), n
        assert [e >= 0 for e in s.enc_at] == [k < n for k in range(5)], n
        assert sum(s.deck) == 0 and sc.decision() == "explore" and s.round == 1, n


def test_the_inexplicable_event_of_a_multiplayer_game_is_no_solo_result():
    """ATT-REVEAL-2 / ATT-END-1: the game ends immediately and "the player with the most
    Secrets" wins -- a multi-player game records no solo win or defeat (solo_result 0), whether it ends at a Reveal of too few cards or on a tentacle owed with
    the Doom stack empty."""
    sc = Script.start(3, deck=(2, 0, 0))
    s = sc.s
    assert s.is_terminal() and s.solo_result == 0

    sc = Script.start(3, deck=(1, 6, 6), reveal=["enc04", "enc13", "enc14", "enc16", "enc18"])
    s = sc.s
    for v in s.doom:  # set-up: the Doom stack already emptied (tentacles back to the box)
        s.tent_pool[v] += 1
    s.doom.clear()
    fail_at(sc, 0)
    assert s.is_terminal() and s.tent[0] == [] and s.solo_result == 0


def test_a_location_holding_the_first_encounter_is_not_empty_no_reveal():
    """ATT-REVEAL-1: "Skip this phase if there are Encounter Cards at any Fateful Locations".
    Only tile 2 still holds an encounter, enc01 (the pack's first, id 0): the next player's turn
    deals nothing, and tile 2 is the only location to explore."""
    sc = Script.start(3, deck=(2, 6, 6), reveal=["enc04", "enc01", "enc13", "enc14", "enc16"])
    s = sc.s
    enc01 = sc.enc("enc01")
    assert enc01 == 0 and s.enc_at[1] == enc01
    s.enc_at[2] = s.enc_at[3] = s.enc_at[4] = -1  # set-up: three tiles already cleared
    deck = list(s.deck)
    fail_at(sc, 0)
    to_decision(sc, "explore")
    assert s.active == 1 and s.round == 1
    assert s.enc_at == [-1, enc01, -1, -1, -1] and s.deck == deck
    assert locations(sc) == {1}


def test_the_turn_order_bonus_counts_from_the_captain_in_seat_1():
    """ATT-SETUP-9 / ATT-D-6: "The Captain starts the game ... Each player receives additional
    starting resource tokens according to turn order (1st, 2nd, 3rd, 4th player)": 1st none, 2nd
    +1 Focus, 3rd +1 Focus +1 Courage, counted clockwise from the Captain's seat (here seat 1),
    on top of 1 of each token (ATT-SETUP-8) and the character's own (Captain +1 Focus, Reporter
    +1 Focus +1 Feat, Naturalist +1 Focus +1 Treasure)."""
    sc = Script.start(3, chars=["reporter", "captain", "naturalist"])
    s = sc.s
    assert s.first == 1 and s.active == 1 and sc.decision() == "explore"
    # [Focus, Treasure, Feat, Courage]: seat 1 is 1st, seat 2 is 2nd, seat 0 is 3rd
    assert [sc.tok(p) for p in range(3)] == [[3, 1, 2, 2], [2, 1, 1, 1], [3, 2, 1, 1]]


def solo_two_encounters() -> Script:
    """Solo, a Reveal of two green encounters (enc01, id 0, at tile 1; enc04 at tile 2), the
    Adversary placed on tile 1 (d6 = 1) and staying there (Movement: stay)."""
    sc = Script(num_players=1)
    sc.s.deck[:] = [2, 0, 0]
    sc.force("encounter", "enc01", arg=0).force("encounter", "enc04", arg=1)
    sc.force("adversary_d6", 1).force("movement", "stay")
    sc.resolve()
    return sc


def test_solo_two_locations_with_encounters_move_the_adversary_one_with_enc01_included():
    """ATT-SOLO-3: "If there is only one Fateful Location with an Encounter card, instead remove
    the Adversary tile"; otherwise the Movement die moves it, and "You may not choose to explore
    the same Fateful Location as the Adversary". Tiles 1 (enc01, id 0) and 2 hold encounters:
    the Adversary stays on tile 1 and only tile 2 may be explored."""
    sc = solo_two_encounters()
    s = sc.s
    assert s.enc_at[:2] == [sc.enc("enc01"), sc.enc("enc04")]
    assert sc.decision() == "explore" and s.adv == 0 and not s.adv_removed
    assert locations(sc) == {1}


def test_solo_a_turn_leaving_enc01_on_the_board_ends_no_round():
    """ATT-SOLO-4: "A round is complete at the end of a turn where there are no Encounter cards at
    any Fateful Locations". The player fails at tile 2 (1 secret to the Rumours) while enc01
    (id 0) stays on tile 1: no round end, no forgetting (nothing to forget with: that would be a
    defeat); the next Explore finds one location with an encounter, so the Adversary leaves and
    tile 1 may be explored."""
    sc = solo_two_encounters()
    s = sc.s
    fail_at(sc, 1)
    assert not s.is_terminal() and s.rumours == [sc.enc("enc04")]
    to_decision(sc, "explore")
    assert s.forget_req == 0 and s.round == 1 and s.turn == 1
    assert s.enc_at == [sc.enc("enc01"), -1, -1, -1, -1]
    assert s.adv == -1 and s.adv_removed == 1
    assert locations(sc) == {0}


def test_every_die_leaves_the_pool_at_the_end_of_a_turn_the_eighth_included():
    """End of Your Turn: "Pass the 5 green Focus dice and 2 white action dice to the next player"
    -- the turn's pool is emptied: with three extra dice (yellow, purple, blue: dice 6-8, as
    three add-a-die cards would give) rolled beside the five greens, none of the eight is left
    for the next player's Explore, and the seat's observation shows no die."""
    sc = Script.start(3, deck=(2, 6, 6), reveal=["enc04", "enc01", "enc13", "enc14", "enc16"])
    s = sc.s
    sc.act(A.LOC + 0)
    to_decision(sc, "preroll")
    s.d_col[5:8] = [YELLOW, PURPLE, BLUE]  # set-up: three dice added before the roll
    sc.dice(1, 1, 2, 2, 3, 2, 2, 2).whites("blank", "blank")
    sc.act(A.ROLL)
    assert all(s.d_face[d] > 0 for d in range(8))
    sc.act(A.TO_RESOLVE, A.PASS)
    to_decision(sc, "explore")
    assert s.active == 1 and s.d_col == [-1] * 8 and s.w_face == [-1, -1]
    o = sc.game.layout.offset("dice")
    assert not encode(s, 1, use_cache=False)[o:o + 8 * 17].any()
