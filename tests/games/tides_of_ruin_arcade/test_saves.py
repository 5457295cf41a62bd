"""Saved Tides of Ruin states that no game could reach are refused in words, and the legal states
at the same boundaries load: each case takes a state of seeded random play where the rule is at
work, changes one thing the rules forbid, and expects the loader's StateError to say what is
wrong. The generic tests (tests/games/test_saved_states.py, test_state_mutation.py) attack every
field at random; these pin each boundary of this game's own checks to the rule behind it."""
from __future__ import annotations

import pytest

from boardgym.core import StateError
from boardgym.games.sleeping_gods.kinds import CH_ROLL, D_TARGET, D_WOUND, P_ATTACK, P_CHALLENGE, P_HOST
from boardgym.games.tides_of_ruin_arcade import actions as A
from boardgym.games.tides_of_ruin_arcade.kinds import (BACK_CHALLENGE, BACK_REWARD, CH_ADV, CH_ARCADE, CH_SKILL,
                                                       D_DISCARD, D_EQUIP_SWAP, D_EQUIP_TO, D_PREP, D_STRIKE,
                                                       D_TRAIN_CREW, D_TRAIN_SKILL, PH_CHALLENGE, PH_COMBAT, PH_PREP,
                                                       PH_PREP_OPEN, PH_REVEAL, TRAIN_LIMIT)
from tests.games.saved_pool import edited, load, refused, top

from .helpers import find_save


# -- the field declaration: ranges the rules set -----------------------------------------------
def test_an_encounter_is_a_challenge_or_a_combat():
    """TR-TURN-3: a drawn challenge or combat card is the encounter; a reward card never is
    (TR-TURN-1). The encounter's kind is its back: 1 challenge, 2 combat; 0 (reward) or 3 refused."""
    g, data = find_save(lambda st: st["enc_kind"] == BACK_CHALLENGE)
    assert load(g, data) is not None
    for bad in (0, 3):
        refused(g, edited(data, enc_kind=bad), "enc_kind")


def test_an_encounter_is_won_once():
    """TR-TURN-3: each Arcade card is met once a game, so an encounter is in `won` at most once."""
    g, data = find_save(lambda st: len(st["won"]) >= 1)
    refused(g, edited(data, won=data["state"]["won"] + data["state"]["won"][:1]), "won")


def test_six_rewards_of_a_card_fit_the_taken_bits():
    """TR-REW-2: a reward card has 6 rewards; on easy all 6 are taken one at a time, so the bits
    of the rewards taken reach 63 (all six) and no further."""
    g, data = find_save(lambda st: st["rw_open"] >= 0 and st["rw_taken"] > 0)
    ok = edited(data, rw_taken=63)
    try:   # 63 fits the field; the loader may still refuse it for the open card's own count
        load(g, ok)
    except StateError as err:
        assert "rw_taken is 63" not in str(err), str(err)
    refused(g, edited(data, rw_taken=64), "rw_taken is 64")


def test_rewards_are_taken_only_from_an_open_card():
    """TR-REW-2: rewards are taken one at a time from the open card, then the card is discarded;
    with no card open nothing is marked taken, neither a reward nor the corner action."""
    g, data = find_save(lambda st: st["rw_open"] < 0 and st["phase"] == PH_PREP)
    for change in ({"rw_taken": 5}, {"rw_corner": 1}):
        refused(g, edited(data, **change), "rewards are marked taken with no reward card open")


def test_experience_up_to_999_loads():
    """TR-BASE-COND-6: experience is gained without limit and spent 3 at a time on training; the
    save keeps up to 999 of it, gained and banked, and refuses 1,000."""
    g, data = find_save(lambda st: top(st)[0] == D_PREP)
    state = load(g, edited(data, xp_gained=999, xp_bank=999))
    assert (state.xp_gained, state.xp_bank) == (999, 999)
    refused(g, edited(data, xp_gained=1000, xp_bank=999), "xp_gained is 1000")
    refused(g, edited(data, xp_gained=999, xp_bank=1000), "xp_bank is 1000")


# -- what each pending choice points at ---------------------------------------------------------
def test_equipping_names_a_card_in_the_hand():
    """TR-TURN-2 (equip skill cards): the card equipped is one of the seat's hand; a slot past the
    hand's last card is refused."""
    g, data = find_save(lambda st: top(st)[0] == D_PREP and len(st["hand"][top(st)[1]]) >= 1)
    st = data["state"]
    seat = top(st)[1]
    n = len(st["hand"][seat])
    last = edited(data, pend=st["pend"] + [[D_EQUIP_TO, seat, n - 1, 0]])
    assert load(g, last).pend[-1] == (D_EQUIP_TO, seat, n - 1, 0)
    refused(g, edited(data, pend=st["pend"] + [[D_EQUIP_TO, seat, n, 0]]), "no such hand card")


def test_training_needs_room_and_three_xp():
    """TR-BASE-COND-6: training costs 3 XP and raises a crew member's skills by at most +2 in all;
    a pending training of a crew member at the limit, or with 2 XP, is refused, and the limit of
    one crew member does not stop another's."""
    g, data = find_save(lambda st: top(st)[0] == D_PREP and top(st)[1] == st["active"])
    st = data["state"]
    seat = st["active"]
    train = [0] * len(st["train"])
    train[1 * 5] = TRAIN_LIMIT          # the Navigator is fully trained, the Captain not at all
    base = dict(train=train, xp_gained=3, xp_bank=3)
    ok = edited(data, pend=st["pend"] + [[D_TRAIN_SKILL, seat, 0, 0]], **base)
    assert load(g, ok).pend[-1][2] == 0
    refused(g, edited(data, pend=st["pend"] + [[D_TRAIN_SKILL, seat, 1, 0]], **base), "cannot train")
    refused(g, edited(data, pend=st["pend"] + [[D_TRAIN_SKILL, seat, 0, 0]],
                        **dict(base, xp_bank=2)), "cannot train")
    # the choice of whom to train waits only with 3 XP in the bank
    crew_choice = st["pend"] + [[D_TRAIN_CREW, seat, 0, 0]]
    assert load(g, edited(data, pend=crew_choice, **base)).pend[-1][0] == D_TRAIN_CREW
    refused(g, edited(data, pend=crew_choice, **dict(base, xp_bank=2)), "no XP to train")


# -- what may be drawn when ---------------------------------------------------------------------
def test_a_destiny_draw_serves_the_step_it_is_drawn_in():
    """TR-BASE-CHAL-1: a challenge's Destiny draw is the challenge's; one marked for an attack
    while a challenge runs is refused, and the message says so in words."""
    g, data = find_save(lambda st: st["phase"] == PH_CHALLENGE and st["cq"] and st["cq"][0][0] == CH_ROLL)
    assert data["state"]["cq"][0][1] == P_CHALLENGE
    refused(g, edited(data, cq=[[CH_ROLL, P_ATTACK]]), "a Destiny draw for an attack during a challenge")


def test_the_turns_reward_card_is_drawn_only_before_the_window():
    """TR-TURN-1: a reward card is drawn at the start of the turn (before preparation), an
    encounter card at the reveal; a reward back drawn at the reveal is refused, as is an
    encounter back drawn before the window."""
    g, data = find_save(lambda st: st["phase"] == PH_REVEAL and st["cq"] and st["cq"][0][0] == CH_ARCADE)
    refused(g, edited(data, cq=[[CH_ARCADE, BACK_REWARD]]), "wrong back")
    g, data = find_save(lambda st: st["phase"] == PH_PREP_OPEN and st["cq"] and st["cq"][0][0] == CH_ARCADE)
    refused(g, edited(data, cq=[[CH_ARCADE, BACK_CHALLENGE]]), "wrong back")


def test_no_card_is_drawn_while_a_choice_waits_above_the_window():
    """TR-TURN-2: each preparation action ends before the next begins: a draw pending while an
    equip choice sits above the window is refused; at the window itself it loads."""
    g, data = find_save(lambda st: st["phase"] == PH_PREP and st["cq"] and top(st)[0] == D_PREP
                    and len(st["hand"][top(st)[1]]) >= 1)
    st = data["state"]
    assert load(g, data) is not None
    refused(g, edited(data, pend=st["pend"] + [[D_EQUIP_TO, top(st)[1], 0, 0]]),
             "a card is drawn while a choice waits above the window")


def test_the_market_is_open_exactly_while_its_frame_or_draws_are():
    """TR-BASE-REWARD (Market corner): the market opens with its choice and its cards' draws; a
    market draw with the market closed is refused, and so is the market open with neither."""
    g, data = find_save(lambda st: st["mk_open"] == 1 and any(e[0] == CH_ADV and e[1] == 1 for e in st["cq"]))
    refused(g, edited(data, mk_open=0), "the market is open without its frame or draws")
    g, data = find_save(lambda st: st["mk_open"] == 0 and st["phase"] == PH_PREP)
    refused(g, edited(data, mk_open=1), "the market is open without its frame or draws")


@pytest.mark.parametrize("kind,highest,words", [
    (D_STRIKE, A.N_CREW * A.EQUIP_SLOTS - 1, "an equipped card"),
    (D_EQUIP_SWAP, A.HAND_SLOTS - 1, "a hand slot"),
])
def test_a_choices_card_is_one_the_table_can_hold(kind, highest, words):
    """TR-BASE-SKILL: each of the 5 crew members holds at most 2 equipped skill cards (10 in
    all); TR-SETUP-3, TR-REW-4: a hand holds 3 cards and up to 4 drawn before the discard (7).
    The highest position passes the save's declaration (then the frame's own check refuses it
    here, in words of the rules); one past it, or -1, is refused by the declaration, naming the range."""
    g, data = find_save(lambda st: top(st)[0] == D_PREP)
    st = data["state"]
    seat = top(st)[1]
    with pytest.raises(StateError) as err:
        load(g, edited(data, pend=st["pend"] + [[kind, seat, highest, 0]]))
    assert words not in str(err.value), str(err.value)
    refused(g, edited(data, pend=st["pend"] + [[kind, seat, highest + 1, 0]]), f"is {highest + 1}", words)
    refused(g, edited(data, pend=st["pend"] + [[kind, seat, -1, 0]]), "is -1", words)   # positions count from 0


def test_an_item_slot_holds_an_item():
    """TR-BASE-ADV-4: a crew member holds one weapon and one item; a weapon card in the item
    slot is refused, naming the card."""
    g, data = find_save(lambda st: any(w >= 0 for w in st["weapon"]) and st["phase"] == PH_PREP)
    st = data["state"]
    ch = next(c for c, w in enumerate(st["weapon"]) if w >= 0)
    weapon, item = list(st["weapon"]), list(st["item"])
    item[ch], weapon[ch] = weapon[ch], -1
    key = g.content.adventure[item[ch]].key
    refused(g, edited(data, weapon=weapon, item=item), f"holds {key} as an item")


def test_a_resolved_encounter_was_revealed():
    """TR-TURN-3: only a revealed card is won or lost; a success on a challenge never revealed
    is refused."""
    g, data = find_save(lambda st: st["won"] and st["phase"] == PH_PREP)
    st = data["state"]
    unseen = next(i for i, seen in enumerate(st["seen_ch"]) if not seen)
    key = g.content.challenges[unseen].key
    refused(g, edited(data, won=st["won"] + [unseen]), f"resolved encounter {key!r} (challenge) was never revealed")


def test_an_adventure_card_is_in_one_place():
    """TR-BASE-ADV-4: each adventure card is in one place, held by a crew member or in the stash;
    the first card of the pack (the Boarding Cutlass, a starting weapon) held and stashed at once
    is refused."""
    g, data = find_save(lambda st: 0 in st["weapon"] and st["phase"] == PH_PREP)
    refused(g, edited(data, stash=data["state"]["stash"] + [0]),
             f"adventure card {g.content.adventure[0].key} is in two places")


def test_passes_in_a_row_are_fewer_than_the_players():
    """TR-TURN-2: the window passes round the table and closes when every player has passed in a
    row; with no reward card open, a window frame counting as many passes as players is refused,
    one fewer loads."""
    g, data = find_save(lambda st: st["phase"] == PH_PREP and st["rw_open"] < 0 and len(st["om"]) == 2
                    and top(st)[0] == D_PREP and not st["cq"] and len(st["pend"]) == 1)
    seat = top(data["state"])[1]
    assert load(g, edited(data, pend=[[D_PREP, seat, 1, 0]])).pend[-1][2] == 1
    refused(g, edited(data, pend=[[D_PREP, seat, 2, 0]]), "2 passes in a row where at most 1 can be")


def test_a_discard_waits_only_over_the_hand_limit():
    """TR-REW-4: "A player over a hand of 3 discards down to 3": a discard choice with 4 cards in
    hand loads; with 3 it is refused."""
    g, data = find_save(lambda st: st["phase"] == PH_PREP and top(st)[0] == D_PREP and not st["cq"])
    st = data["state"]
    seat = top(st)[1]
    kind = next(k.id for k in g.content.skills if k.count >= 4)
    for n, ok in ((4, True), (3, False)):
        hand = [[] for _ in st["hand"]]   # the other cards back in the deck: only these 4 or 3 out
        hand[seat] = [kind] * n
        case = edited(data, hand=hand, equip=[[] for _ in st["equip"]], sk_disc=[0] * len(st["sk_disc"]),
                       pend=st["pend"] + [[D_DISCARD, seat, 0, 0]])
        if ok:
            assert load(g, case).pend[-1][0] == D_DISCARD
        else:
            refused(g, case, "the hand is within the limit")


def test_the_attackers_choices_belong_to_the_attackers_seat():
    """TR-BASE-CREW, TR-BASE-COMBAT: the player controlling the attacking crew member picks its
    target; with 2 players, a target choice given to the other seat is refused."""
    g, data = find_save(lambda st: st["phase"] == PH_COMBAT and len(st["om"]) == 2 and top(st)[0] == D_TARGET)
    st = data["state"]
    frame = list(top(st))
    frame[1] = 1 - frame[1]
    refused(g, edited(data, pend=st["pend"][:-1] + [frame]), "not the attacker's seat")


def test_no_draw_waits_while_a_challenges_wounds_are_placed():
    """TR-BASE-CHAL-4: the wounds of a failure are placed after the draw; a Destiny draw pending
    while they are is refused, in words."""
    g, data = find_save(lambda st: st["phase"] == PH_CHALLENGE and top(st)[0] == D_WOUND and not st["cq"])
    refused(g, edited(data, cq=[[CH_ROLL, P_CHALLENGE]]), "the challenge is at its wounds, which is not what is pending")


def test_fortunes_second_draw_needs_its_window():
    """TR-BASE-SKILL (Fortune): the second draw is made in the window after the first, by the
    Fortune's holder; a Fortune draw pending at a boss draw, with no window, is refused, for the
    first seat as for any."""
    g, data = find_save(lambda st: any(e[0] == CH_ROLL and e[1] == P_HOST for e in st["cq"]))
    refused(g, edited(data, fk_seat=0), "Fortune's draw without its window")


def test_the_preparation_window_comes_back_only_to_the_active_player_with_a_reward_open():
    """TR-TURN-2 (the preparation window handed round): the window returns to the active player
    only while a reward card is open; a save giving it back with no reward card open is refused,
    for the active player too."""
    g, data = find_save(lambda st: top(st)[0] == D_PREP and top(st)[1] == st["active"] and st["rw_open"] < 0)
    st = data["state"]
    frame = list(top(st))
    frame[3] = 1
    refused(g, edited(data, pend=st["pend"][:-1] + [frame]),
            "only the active player gets the window back, with a reward card open")


def test_skill_cards_to_draw_are_never_negative():
    """TR-BASE-SKILL (dealing): each seat's skill cards still to draw count up from 0; a save of
    a deal in progress loads, and one giving a seat -1 cards to draw is refused by the field's
    declaration, in words."""
    g, data = find_save(lambda st: any(e[0] == CH_SKILL for e in st["cq"]))
    assert load(g, data) is not None
    n = len(data["state"]["sk_assign"])
    refused(g, edited(data, sk_assign=[-1] + [0] * (n - 1)),
            "sk_assign[0] is -1, must be skill cards to draw (0..40)")


def test_an_arcade_draw_names_a_card_back():
    """TR-TURN-1, TR-TURN-3: an Arcade draw is of one back (0 reward, 1 challenge, 2 combat); a
    pending draw of back -1 is refused by the queue's declaration, in words."""
    g, data = find_save(lambda st: any(e[0] == CH_ARCADE for e in st["cq"]))
    cq = [[k, -1 if k == CH_ARCADE else a] for k, a in data["state"]["cq"]]
    refused(g, edited(data, cq=cq), "argument 1 is -1, must be a card back (0..2)")


def test_the_chance_queue_holds_up_to_16_draws():
    """TR-SETUP-3, TR-BASE-SKILL: skill cards are drawn one chance node each, so a deal queues
    many draws; the save keeps up to 16 pending draws and refuses a 17th for its length."""
    g, data = find_save(lambda st: any(e[0] == CH_SKILL for e in st["cq"]))
    draw = [CH_SKILL, 0]
    assert load(g, edited(data, cq=[draw] * 16)) is not None
    refused(g, edited(data, cq=[draw] * 17), "cq has 17 entries, must have 0..16")
