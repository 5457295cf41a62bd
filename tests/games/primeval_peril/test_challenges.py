"""Challenges and damage through the real game's events (spec §6 rows PP-CHAL-1,4, PP-END-2,
PP-CHAR-4, PP-CORE-5; PP-CHAL-3's window: rerolls, carried resources, abilities)."""
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.characters import AB_MILK
from boardgym.games.primeval_peril.kinds import D_ABILITY_CHAR, D_MAIN
from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods import combat, grid
from boardgym.games.sleeping_gods.kinds import D_JOIN, D_MODIFY, D_WOUND

from .helpers import (EV_AMBUSH, EV_BRUISE, JON, LOIS, MADNESS, MEAT, MEILING, MILK, STR, VINE,
                      WEAKENED, at_menu, draw_event, empty_tokens, game, legal, new, outcome, place_start)


def _ambush(num_players=2, difficulty="normal", join=(VINE, JON), tokens=False):
    """The STRENGTH 5 (fail −3) event; ``join`` joins, seat by seat from the active seat."""
    s = game(num_players=num_players, difficulty=difficulty).new_initial_state()
    place_start(s)
    if not tokens:
        empty_tokens(s)
    draw_event(s, EV_AMBUSH)
    while s.pend and s.pend[-1][0] == D_JOIN:
        seat = s.pend[-1][1]
        mine = [c for c in join if s.controller(c) == seat and A.CHAR + c in legal(s)]
        if mine:
            s.apply(A.CHAR + mine[0])
        else:
            s.apply(A.CONFIRM)
    return s


def test_strength_5_success():
    """PP-CHAL-1,4 (§6): Jon (STR 3) and Vine (STR 1) join: stamina 3 → 2 each; die 1: success."""
    s = _ambush()
    assert s.res == [2, 3, 2, 3, 3]
    outcome(s, 1)
    assert at_menu(s) and s.hp == [8, 6, 8, 7, 7]


def test_strength_5_failure_hits_participants_first():
    """PP-CHAL-4 (§6): die 0: fail, the 3 go to Jon / Vine only."""
    s = _ambush()
    outcome(s, 0)
    assert s.pend[-1][0] == D_WOUND and legal(s) == {A.CHAR + VINE, A.CHAR + JON}
    for c in (JON, JON, VINE):
        s.apply(A.CHAR + c)
    assert s.hp == [7, 6, 6, 7, 7] and at_menu(s)


def test_nobody_joins_damage_to_anyone():
    """PP-CHAL-1,4 (§6): nobody joins; die 4: fail, the 3 go to anyone."""
    s = _ambush(join=())
    assert s.res == [3] * 5
    outcome(s, 4)
    assert legal(s) == {A.CHAR + c for c in range(5)}


def test_joining_is_per_seat_own_characters():
    """PP-CHAL-1: from the active seat, each seat picks among its own characters (2 seats: seat 0
    Lois, Meiling and Vine; seat 1 Jon and Milk)."""
    s = game(num_players=2).new_initial_state()
    place_start(s)
    draw_event(s, EV_AMBUSH)
    assert s.pend[-1][:2] == (D_JOIN, 0) and legal(s) == {A.CONFIRM, A.CHAR + VINE, A.CHAR + LOIS, A.CHAR + MEILING}
    s.apply(A.CONFIRM)
    assert s.pend[-1][:2] == (D_JOIN, 1) and legal(s) == {A.CONFIRM, A.CHAR + JON, A.CHAR + MILK}


def test_hard_adds_one_to_the_number():
    """PP-END-2 (§6): on hard STRENGTH 5 needs 6: Jon + Vine (4) and die 1 fail; on normal they
    succeed (test_strength_5_success)."""
    s = _ambush(difficulty="hard")
    outcome(s, 1)
    assert s.pend[-1][0] == D_WOUND


def test_easy_adds_one_to_the_die():
    """PP-END-2 (§6): on easy the die is +1: Jon + Vine and die 0 make 5."""
    s = _ambush(difficulty="easy")
    outcome(s, 0)
    assert at_menu(s) and s.hp == [8, 6, 8, 7, 7]
    n = _ambush(difficulty="normal")
    outcome(n, 0)
    assert n.pend[-1][0] == D_WOUND


def test_start_power_by_difficulty():
    """PP-END-2 (§6): croc start power 3 on hard, 1 on easy, 2 on normal (PP-COMBAT-1)."""
    for diff, power in (("hard", 3), ("easy", 1), ("normal", 2)):
        g = game(difficulty=diff)
        croc = g.sg.enemies[0]
        assert grid.start_power(croc, g.sg.hooks.start_power_mod) == power
        s = g.new_initial_state()
        combat.start(s, [0, 1, 2])
        assert s.sg_power[:3] == [power] * 3


def test_weakened_is_minus_two():
    """PP-CHAR-4 (§6): Jon weakened: STR 1; a 0 floor [D]."""
    s = new()
    assert chars.effective_skill(s, JON, STR) == 3
    s.status[JON] |= 1 << WEAKENED
    assert chars.effective_skill(s, JON, STR) == 1
    assert chars.effective_skill(s, MILK, STR) == 0  # 0 − 2 floors at 0 (Milk is not weakened)
    s.status[MILK] |= 1 << WEAKENED
    assert chars.effective_skill(s, MILK, STR) == 0


def test_madness_masks_board_abilities():
    """PP-CHAR-4 (§6): mad: the board ability is masked (Dr. Milk's status removal)."""
    s = new()
    s.status[JON] |= 1 << WEAKENED
    s.invalidate()
    assert A.CHAR_ABILITY + AB_MILK in legal(s)
    s.status[MILK] |= 1 << MADNESS
    s.invalidate()
    assert A.CHAR_ABILITY + AB_MILK not in legal(s)


def test_milk_removes_weakened_for_two_stamina():
    """PP-CHAR-3: Dr. Milk, 2 stamina: remove venom or weakened from anyone."""
    s = new()
    s.status[JON] |= 1 << WEAKENED | 1 << MADNESS
    s.invalidate()
    s.apply(A.CHAR_ABILITY + AB_MILK)
    assert s.res[MILK] == 1 and s.pend[-1][0] == D_ABILITY_CHAR and legal(s) == {A.CHAR + JON}
    s.apply(A.CHAR + JON)
    assert s.status[JON] == 1 << MADNESS and at_menu(s)  # madness is Meiling's to remove


def test_carried_resource_and_reroll_in_the_window():
    """PP-CHAL-3: Vine's meat gives +1 STR; a reroll token rolls again."""
    s = _ambush(tokens=True, num_players=1)
    s.rerolls = 1
    outcome(s, 0)  # Vine + Jon 4, die 0: 4
    assert s.pend[-1][0] == D_MODIFY
    assert A.REROLL in legal(s) and A.res_action(VINE, MEAT) in legal(s)
    s.apply(A.REROLL)
    assert s.rerolls == 0
    outcome(s, 0)
    s.apply(A.res_action(VINE, MEAT))
    assert s.inv[6 * VINE + MEAT] == 0
    s.apply(A.CONFIRM)
    assert at_menu(s) and s.hp == [8, 6, 8, 7, 7]  # 4 + 1 = 5: success


def test_zero_hp_takes_no_damage_outside_combat():
    """PP-CORE-5 (§6): 4 damage outside combat, Jon at 1: Jon 0, 3 go to others."""
    s = game().new_initial_state()
    place_start(s)
    s.hp[JON] = 1
    draw_event(s, EV_BRUISE)
    assert s.pend[-1][:3] == (D_WOUND, 0, 4)
    s.apply(A.CHAR + JON)
    assert s.hp[JON] == 0 and A.CHAR + JON not in legal(s)
    for c in (VINE, VINE, LOIS):
        s.apply(A.CHAR + c)
    assert s.hp == [6, 6, 0, 6, 7] and s.pend[-1][0] == D_MAIN


def test_difficulty_changes_during_the_game():
    """PP-END-2: with allow_difficulty_change the level may change between actions; the new
    level's numbers apply (hard: STRENGTH 5 needs 6; easy: +1 to the die, start power −1) and the
    score uses the easiest level logged (PP-END-3)."""
    from boardgym.games.primeval_peril.fight import start_combat

    s = new(allow_difficulty_change=True)
    empty_tokens(s)
    assert {A.SET_DIFFICULTY + 0, A.SET_DIFFICULTY + 2} <= legal(s) and A.SET_DIFFICULTY + 1 not in legal(s)
    assert A.SET_DIFFICULTY not in legal(new())  # masked unless enabled
    s.apply(A.SET_DIFFICULTY + 2)  # hard
    t = s.clone()
    t.pend.pop()
    from boardgym.games.primeval_peril import effects

    effects.start_challenge(t, effects.SRC_EVENT, EV_AMBUSH, 0)
    assert t.sg_chal[2] == 6  # STRENGTH 5 + 1
    s.apply(A.SET_DIFFICULTY + 0)  # easy
    assert s.diff == 0 and s.diff_log == 0b111
    u = s.clone()
    u.pend.pop()
    start_combat(u, 2)
    assert u.sg_power[:3] == [1, 1, 1]
    s.boat = 1
    s.apply(A.REPAIR)
    s.apply(A.CHAR + MEILING)  # CRA 3
    s.apply(A.CONFIRM)
    outcome(s, 4)  # 3 + 4 + 1 (easy now) = 8: +3 (normal would make 7: +2)
    assert at_menu(s) and s.boat == 4
    from boardgym.games.primeval_peril.difficulty import easiest_logged

    assert easiest_logged(s) == "easy"
