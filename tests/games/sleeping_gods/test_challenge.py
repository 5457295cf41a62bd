"""Skill challenges and the randomisers through the core's frames (PP-CHAL-1..4, PP-CHAR-4,
PP-END-2; TR-BASE-CHAL-1,2 with TR hooks)."""
import pytest

from boardgym.games.sleeping_gods import challenge, characters
from boardgym.games.sleeping_gods.decisions import host_draw
from boardgym.games.sleeping_gods.kinds import (D_JOIN, D_MODIFY, D_WOUND, MADNESS, WEAKENED)

from .host import (CHAR, CONFIRM, DESTINY, JON, KNO, LOIS, MEILING, MILK, NAVIGATOR, PP_HP, REROLL,
                   STR, SURGEON, VINE, legal, new, roll)


def _pp_strength_5(joiners_seat0, joiners_seat1):
    s = new("pp", 2)
    challenge.start(s, STR, 5, 3)
    assert s.pend[-1][:2] == (D_JOIN, 0)  # from the active seat
    assert legal(s) == {CONFIRM, CHAR + VINE, CHAR + LOIS, CHAR + MEILING}  # only its own
    for c in joiners_seat0:
        s.apply(CHAR + c)
    s.apply(CONFIRM)
    assert s.pend[-1][:2] == (D_JOIN, 1)
    assert legal(s) == {CONFIRM, CHAR + JON, CHAR + MILK}
    for c in joiners_seat1:
        s.apply(CHAR + c)
    s.apply(CONFIRM)
    return s


def test_pp_strength_5_success():
    """PP-CHAL-1,4 (§6): Jon (STR 3) and Vine (STR 1) join: stamina 3 → 2 each; die 1: success."""
    s = _pp_strength_5([VINE], [JON])
    assert s.res == [2, 3, 2, 3, 3]
    roll(s, 1)
    assert challenge.done(s) and challenge.result(s) == 1 and challenge.total(s) == 5
    assert s.hp == [8, 6, 8, 7, 7]


def test_pp_strength_5_failure_hits_participants_first():
    """PP-CHAL-4 (§6): die 0: fail, the 3 go to Jon / Vine only."""
    s = _pp_strength_5([VINE], [JON])
    roll(s, 0)
    assert challenge.result(s) == 0
    assert s.pend[-1][:4] == (D_WOUND, 0, 3, 1 << VINE | 1 << JON)
    assert legal(s) == {CHAR + VINE, CHAR + JON}
    for c in (JON, JON, VINE):
        s.apply(CHAR + c)
    assert s.hp == [7, 6, 6, 7, 7] and challenge.done(s) and not s.pend


def test_pp_nobody_joins():
    """PP-CHAL-1,4 (§6): nobody joins; die 4: 4 < 5, fail, the 3 go to anyone."""
    s = _pp_strength_5([], [])
    assert s.res == [3] * 5
    roll(s, 4)
    assert challenge.result(s) == 0 and challenge.total(s) == 4
    assert legal(s) == {CHAR + c for c in range(5)}


def test_failure_damage_moves_on_when_participants_fall():
    s = _pp_strength_5([], [JON])
    s.hp[JON] = 1
    roll(s, 0)
    assert s.hp[JON] == 0  # the only participant takes the first point at once
    assert legal(s) == {CHAR + c for c in range(5) if c != JON}


def test_zero_hp_and_no_stamina_cannot_join():
    """PP-CHAL-1, PP-CORE-5: HP > 0 and stamina ≥ 1 to join."""
    s = new("pp", 2)
    s.hp[LOIS], s.res[MEILING] = 0, 0
    challenge.start(s, STR, 5, 0)
    assert legal(s) == {CONFIRM, CHAR + VINE}


def test_seat_done_when_nobody_left_to_add():
    s = new("pp", 1)
    challenge.start(s, STR, 5, 0)
    for c in range(5):
        s.apply(CHAR + c)
    assert not s.pend and s.cq  # everyone joined: the fate die is next


def test_weakened_and_madness():
    """PP-CHAR-4 (§6): weakened Jon has STR 1 (3 − 2, floor 0); madness leaves skills counting."""
    s = new("pp", 2)
    characters.give(s, JON, WEAKENED)
    assert characters.effective_skill(s, JON, STR) == 1
    assert characters.effective_skill(s, LOIS, STR) == 1
    characters.give(s, LOIS, WEAKENED)
    assert characters.effective_skill(s, LOIS, STR) == 0  # floor 0
    characters.give(s, MEILING, MADNESS)
    assert characters.effective_skill(s, MEILING, 0) == 3
    assert not characters.give(s, JON, WEAKENED)  # at most one of each (PP-CORE-2)
    assert s.status[JON] == 1 << WEAKENED


def test_easy_adds_one_to_the_die():
    """PP-END-2 (§6): on easy every die +1."""
    s = new("pp", 1, difficulty="easy")
    challenge.start(s, STR, 5, 0)
    s.apply(CONFIRM)
    roll(s, 4)
    assert challenge.total(s) == 5 and challenge.result(s) == 1


def test_reroll_in_the_modify_window():
    """PP-CHAL-3: a host action in the window (a reroll token) draws again; the window
    reopens and closes once no seat can act."""
    s = new("pp", 2)
    s.rerolls = 1
    challenge.start(s, STR, 5, 0)
    s.apply(CHAR + VINE)
    s.apply(CONFIRM)
    s.apply(CHAR + JON)
    s.apply(CONFIRM)
    roll(s, 0)
    assert s.pend[-1][:2] == (D_MODIFY, 0) and legal(s) == {CONFIRM, REROLL}
    s.apply(CONFIRM)
    assert s.pend[-1][:2] == (D_MODIFY, 1)  # windows cycle from the active seat
    s.apply(REROLL)
    assert s.rerolls == 0 and s.cq
    roll(s, 3)
    assert challenge.total(s) == 7 and challenge.result(s) == 1 and not s.pend


def test_tr_knowledge_6():
    """TR-BASE-CHAL-1,2 / TR-MAST-1 (§6): Navigator (KNO 3) and Surgeon (KNO 2) join, Destiny 3:
    total 8, success, each +1 fatigue (mastery is the host's: 8 ≥ 6 + M)."""
    s = new("tr", 1)
    challenge.start(s, KNO, 6, 2)
    s.apply(CHAR + NAVIGATOR)
    s.apply(CHAR + SURGEON)
    s.apply(CONFIRM)
    assert s.res == [0, 1, 0, 1, 0]
    roll(s, 3)
    assert challenge.total(s) == 8 and challenge.result(s) == 1
    assert s.sg_discard[DESTINY.distinct.index(3)] == 1


def test_destiny_without_replacement_and_reshuffle():
    """TR-BASE-DESTINY: 12 cards, a public discard, reshuffled when the deck runs out."""
    s = new("tr", 1)
    host_draw(s)
    assert dict(s.chance_outcomes())[2] == pytest.approx(3 / 12)
    roll(s, 5)
    host_draw(s)
    assert 5 not in dict(s.chance_outcomes()) and dict(s.chance_outcomes())[2] == pytest.approx(3 / 11)
    for v in (0, 0, 1, 1, 1, 2, 2, 2, 3, 3):
        roll(s, v)
        host_draw(s)
    assert [o for o, _ in s.chance_outcomes()] == [4]
    roll(s, 4)
    assert sum(s.sg_discard) == 12
    host_draw(s)
    assert dict(s.chance_outcomes())[5] == pytest.approx(1 / 12)  # reshuffled
    roll(s, 5)
    assert sum(s.sg_discard) == 1 and s.boss == (1 << 0 | 1 << 1 | 1 << 2 | 1 << 3 | 1 << 4 | 1 << 5)


def test_fate_die_outcomes():
    s = new("pp", 1)
    challenge.start(s, STR, 5, 0)
    s.apply(CONFIRM)
    assert dict(s.chance_outcomes()) == pytest.approx({0: 1 / 6, 1: 1 / 6, 2: 2 / 6, 3: 1 / 6, 4: 1 / 6})


def test_status_outside_combat_to_one_who_lacks_it():
    """TR-BASE-COND-5 / PP §3: the active seat places a status; one holding it is masked while
    another candidate exists; nobody gains a second copy (PP-CORE-2)."""
    from boardgym.games.sleeping_gods import enemy_phase

    s = new("pp", 2)
    for c in (VINE, MILK, LOIS):
        characters.give(s, c, WEAKENED)
    assert enemy_phase.aim(s, "W", 0)
    assert legal(s) == {CHAR + JON, CHAR + MEILING}
    s.apply(CHAR + MEILING)
    assert characters.has(s, MEILING, WEAKENED) and not s.pend
    assert not enemy_phase.aim(s, "W", 0)  # one candidate left: Jon, without asking
    assert characters.has(s, JON, WEAKENED)
    before = list(s.status)
    assert not enemy_phase.aim(s, "W", 0) and s.status == before  # all have it: nothing


def test_keep_another_result_and_add_a_bonus():
    """PP-CHAL-3 / TR-BASE-CHAL-3: window effects: a resource's +1, a kept second draw."""
    s = new("tr", 1)
    s.rerolls = 1  # keeps the window open for the host's effects
    challenge.start(s, KNO, 6, 0)
    s.apply(CHAR + NAVIGATOR)
    s.apply(CONFIRM)
    roll(s, 0)
    challenge.add_bonus(s, 1)
    challenge.set_roll(s, 2)
    s.apply(CONFIRM)
    assert challenge.total(s) == 3 + 2 + 1 and challenge.result(s) == 1


def test_deck_size_left_counts_what_left_holds():
    """``Deck.size_left`` (the encoder's count) equals the cards ``left`` lists, through the
    reshuffle when the discard holds the whole deck (TR-BASE-DESTINY)."""
    from itertools import product

    from boardgym.games.sleeping_gods.randomizer import Deck

    deck = Deck((0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5))
    full = [2, 3, 3, 2, 1, 1]
    for discard in product(*(range(n + 1) for n in full)):
        assert deck.size_left(discard) == sum(deck.left(discard).values())
    assert deck.size_left(full) == 12 and deck.size_left([0] * 6) == 12 and deck.size_left([2, 3, 3, 2, 1, 0]) == 1


def test_a_seat_with_nobody_to_join_passes_to_the_next_seat():
    """PP-CHAL-1: "From active, each seat picks participants among its own characters with HP > 0
    and stamina ≥ 1"; rulebook: "If a character cannot spend stamina, they cannot participate."
    3 seats: the active seat 0 (Vine and Milk) has nobody able, so seat 1 (Jon) is asked next,
    then seat 2 (Lois and Meiling)."""
    s = new("pp", 3)
    s.hp[VINE], s.res[MILK] = 0, 0
    challenge.start(s, STR, 5, 0)
    assert s.pend[-1][:2] == (D_JOIN, 1) and legal(s) == {CONFIRM, CHAR + JON}
    s.apply(CONFIRM)
    assert s.pend[-1][:2] == (D_JOIN, 2) and legal(s) == {CONFIRM, CHAR + LOIS, CHAR + MEILING}


def test_the_result_is_pending_until_the_challenge_resolves_and_after_it_is_cleared():
    """PP-CHAL-4: success or failure is decided by the check ("Check the final skill number
    against the challenge number"), not before: while seats join and while the window is open the
    result reads "not resolved" (-1); the host clears the record after reading it, and the cleared
    record is the same as a new game's (no challenge)."""
    s = new("pp", 1)
    fresh = list(s.sg_chal)
    challenge.start(s, STR, 5, 0)
    assert challenge.result(s) == -1
    s.apply(CHAR + JON)
    s.apply(CONFIRM)
    assert challenge.result(s) == -1
    roll(s, 4)  # Jon's 3 + 4 = 7 >= 5
    assert challenge.done(s) and challenge.result(s) == 1 and challenge.total(s) == 7
    challenge.clear(s)
    assert s.sg_chal == fresh and challenge.result(s) == -1 and not challenge.done(s)


def test_a_challenge_without_failure_damage_fails_harmlessly_and_saves():
    """PP-CHAL-4 / rulebook "If you fail, you take the consequences": a challenge whose failure
    deals no damage (the host passes none) fails with every character's health intact, and a
    save made during it loads back."""
    s = new("pp", 1)
    challenge.start(s, STR, 9)
    s.apply(CONFIRM)  # nobody joins
    saved = s.to_json()
    assert s.game.state_from_json(saved).to_json() == saved
    roll(s, 0)
    assert challenge.done(s) and challenge.result(s) == 0 and s.hp == list(PP_HP) and not s.pend


def test_the_total_is_skills_plus_the_draw_plus_bonuses():
    """PP-CHAL-2: "Total = Σ effective skill + fate die" (PP-CHAL-3's bonuses added): with no
    bonus, the skills and the draw alone."""
    assert challenge.total_of([3, 1], 2) == 6
    assert challenge.total_of([3, 1], 2, 2) == 8
    assert challenge.total_of([], 0) == 0


def test_a_single_point_of_failure_damage_is_taken():
    """PP-CHAL-4: "Failure damage goes first to participants with HP > 0"; rulebook: "If this
    includes damage, assign the damage first to the characters that participated": a failure of
    1 damage with Jon alone in costs Jon 1 health (one candidate: no question)."""
    s = new("pp", 1)
    challenge.start(s, STR, 9, 1)
    s.apply(CHAR + JON)
    s.apply(CONFIRM)
    roll(s, 0)  # 3 + 0 < 9
    assert challenge.result(s) == 0 and challenge.done(s) and not s.pend
    assert s.hp == [h - (c == JON) for c, h in enumerate(PP_HP)]


def test_the_total_so_far_is_the_participants_skills_before_the_roll():
    """PP-CHAL-1,2; rulebook: "Determine the sum of the appropriate skill on participating
    characters ... and move to step 2. Roll the fate die and add the result to your total.": while
    seats still join, the total so far is the participants' skills alone (Jon's STR 3), and the
    roll adds to it once made."""
    s = new("pp", 2)
    challenge.start(s, STR, 5, 0)
    s.apply(CONFIRM)  # seat 0: nobody
    s.apply(CHAR + JON)
    assert s.pend[-1][:2] == (D_JOIN, 1)  # Milk may still join
    assert challenge.current_total(s) == 3
    s.apply(CONFIRM)
    roll(s, 2)
    assert challenge.total(s) == 3 + 2



@pytest.mark.parametrize("seats,active", [(2, 0), (2, 1), (3, 0), (3, 2)])
def test_the_modify_window_closes_once_every_seat_passed_in_a_row(seats, active):
    """PP-CHAL-3: "abilities, rerolls, any seat's carried resources": every seat may act in the
    modify window, from the active seat on, and it closes once each has passed in turn: with a
    reroll token left (so no seat is skipped), each seat is asked exactly once, then the check
    (PP-CHAL-4) fails the challenge."""
    s = new("pp", seats)
    s.active, s.rerolls = active, 1
    challenge.start(s, STR, 9, 0)
    for seat in range(seats):
        s.apply(CONFIRM)  # nobody joins
    roll(s, 0)
    asked = []
    while s.pend and s.pend[-1][0] == D_MODIFY:
        asked.append(s.pend[-1][1])
        assert len(asked) <= seats, f"the window asked {asked} and is still open"
        s.apply(CONFIRM)
    assert asked == [(active + k) % seats for k in range(seats)] and s.rerolls == 1
    assert challenge.result(s) == 0


@pytest.mark.parametrize("seats", [2, 3])
def test_a_seat_with_nothing_to_do_in_the_window_is_passed_for_the_next(seats):
    """PP-CHAL-3: the window offers "any seat's carried resources": when only seat 1 carries one,
    the active seat 0 (nothing but CONFIRM) is passed at once and seat 1 is asked, one pass in a
    row so far; once it passes (and seat 2, with nothing either, is passed), the window closes."""
    from . import host

    core_mask, core_apply = host.TABLE[D_MODIFY]

    def carried_by_seat_1(s, f, m):  # the reroll token is seat 1's own resource here
        core_mask(s, f, m)
        m[REROLL] = f[1] == 1 and s.rerolls > 0

    host.TABLE[D_MODIFY] = (carried_by_seat_1, core_apply)
    try:
        s = new("pp", seats)
        s.rerolls = 1
        challenge.start(s, STR, 9, 0)
        for _ in range(seats):
            s.apply(CONFIRM)  # nobody joins
        roll(s, 0)
        assert s.pend[-1][:3] == (D_MODIFY, 1, 1) and legal(s) == {CONFIRM, REROLL}
        s.apply(CONFIRM)
        assert not s.pend and challenge.result(s) == 0
    finally:
        host.TABLE[D_MODIFY] = (core_mask, core_apply)
