"""Rest, moons, the last turns, the boat, repair, travel and bloodflowers through the real game
(spec §6 rows PP-REST-2, PP-REST-3 / PP-CORE-3, PP-REPAIR-1, PP-TRAVEL-2,3, PP-EXPL-11)."""
import pytest

from boardgym.core.game import CHANCE, TERMINAL
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.characters import AB_VINE_ROCKS
from boardgym.games.primeval_peril.content import DIRECTIONS
from boardgym.games.primeval_peril.journey import RESULT_LOST
from boardgym.games.primeval_peril.kinds import (D_FATE_WINDOW, D_LEVEL_UP, D_REST_HEAL, D_REST_SETS,
                                                 D_REST_STATUS, PH_EVENT, repair_amount)
from boardgym.games.sleeping_gods.kinds import D_JOIN

from .helpers import (EV_BLOOM, EV_FATE, EV_CALM, FRUIT, JON, LOIS, MEAT, MEILING, MILK, STORAGE,
                      VINE, WEAKENED, at_menu, draw_event, empty_tokens, game, legal, new, outcome,
                      place_start)
from .test_turn import shuttle


def test_rest():
    """PP-REST-2 (§6): Jon 3/8, weakened, stamina 0; others full; 1 meat + 1 fruit: moon 1
    crossed; stamina 3; Jon 5, weakened removed; the set: Jon 8, 2 lost."""
    s = new()
    empty_tokens(s)
    s.inv[6 * VINE + MEAT] = s.inv[6 * STORAGE + FRUIT] = 1
    s.hp[JON], s.status[JON], s.res[JON] = 3, 1 << WEAKENED, 0
    s.invalidate()
    s.apply(A.REST)
    assert s.moons == 1 and s.res == [3] * 5 and s.hp[JON] == 5 and s.watch == 0  # 0 time
    assert s.pend[-1][0] == D_REST_STATUS and legal(s) == {A.CONFIRM, A.CHAR + JON}
    s.apply(A.CHAR + JON)
    assert s.status[JON] == 0
    assert s.pend[-1][0] == D_REST_SETS and legal(s) == {A.CONFIRM, A.res_action(VINE, MEAT)}
    s.apply(A.res_action(VINE, MEAT))
    assert legal(s) == {A.res_action(STORAGE, FRUIT)}  # the fruit of the set (from storage)
    s.apply(A.res_action(STORAGE, FRUIT))
    assert s.hp == [8, 6, 8, 7, 7] and sum(s.inv) == 0 and at_menu(s)  # 3 to Jon, 2 lost


def test_rest_set_split_among_characters():
    s = new()
    empty_tokens(s)
    s.inv[6 * VINE + MEAT] = s.inv[6 * VINE + FRUIT] = 1
    s.hp[JON], s.hp[LOIS] = 2, 1
    s.invalidate()
    s.apply(A.REST)
    assert s.pend[-1][0] == D_REST_SETS  # no status: straight to the sets
    s.apply(A.res_action(VINE, MEAT))
    s.apply(A.res_action(VINE, FRUIT))
    assert s.pend[-1][:3] == (D_REST_HEAL, 0, 5) and legal(s) == {A.CHAR + JON, A.CHAR + LOIS}
    for c in (JON, JON, JON, LOIS, LOIS):
        s.apply(A.CHAR + c)
    assert s.hp[JON] == 7 and s.hp[LOIS] == 5 and at_menu(s)


def test_sixth_moon_three_turns_then_defeat():
    """PP-REST-3 (§6): the 6th moon crossed on turn t: event deck 3; no ending by the end of
    t+3: defeat."""
    s = new(num_players=2)
    empty_tokens(s)
    s.moons = 5
    t = s.turn
    s.apply(A.REST)
    assert s.moons == 6 and s.ev_short == 3 and A.REST not in legal(s)
    for turn in (t, t + 1, t + 2):
        shuttle(s, 5)
        assert s.phase == PH_EVENT and s.turn == turn + 1
        draw_event(s, EV_CALM)
    assert s.ev_short == 0
    shuttle(s, 5)  # the end of t + 3
    assert s.current_player == TERMINAL and s.result == RESULT_LOST
    assert s.returns() == [-1.0, -1.0]


def test_sixth_moon_counting_the_current_turn():
    s = new(final_turns_count_current=True)
    empty_tokens(s)
    s.moons = 5
    s.apply(A.REST)
    shuttle(s, 5)
    draw_event(s, EV_CALM)
    shuttle(s, 5)
    draw_event(s, EV_CALM)
    shuttle(s, 5)
    assert s.result == RESULT_LOST and s.turn == 3


def test_after_the_short_deck_no_event():
    s = new()
    s.moons, s.final, s.ev_short = 6, 3, 0
    shuttle(s, 5)
    assert at_menu(s)  # no event to draw [D]


def test_boat_at_zero_crosses_a_moon():
    """PP-CORE-3 (§6): the boat at 1 takes 2: a moon crossed, boat 1."""
    s = game().new_initial_state()
    place_start(s)
    s.boat = 1
    draw_event(s, EV_FATE)
    outcome(s, 0)  # 0 <= 1: 2 boat damage
    assert s.moons == 1 and s.boat == 1 and at_menu(s)


def test_boat_loss_after_the_last_moon_removes_a_turn():
    s = game().new_initial_state()
    place_start(s)
    s.moons, s.final, s.ev_short, s.boat = 6, 3, 2, 2
    draw_event(s, EV_FATE)
    outcome(s, 1)
    assert s.final == 2 and s.boat == 1


def test_fate_roll_with_a_reroll():
    s = game().new_initial_state()
    place_start(s)
    s.rerolls = 1
    draw_event(s, EV_FATE)
    outcome(s, 0)
    assert s.pend[-1][0] == D_FATE_WINDOW and legal(s) == {A.CONFIRM, A.REROLL}
    s.apply(A.REROLL)
    assert s.current_player == CHANCE
    outcome(s, 4)
    assert s.boat == 8 and at_menu(s)


@pytest.mark.parametrize("hard,joiners,die,gain", [
    (False, (), 0, 0), (False, (MEILING,), 2, 1), (False, (MEILING,), 3, 2), (False, (MEILING,), 4, 2),
    (False, (MEILING, VINE), 4, 3), (True, (MEILING,), 3, 1), (True, (MEILING,), 4, 2),
    (True, (MEILING, VINE, MILK), 4, 3)])
def test_repair(hard, joiners, die, gain):
    """PP-REPAIR-1 (§6): results 0, 5, 6, 7, 8 restore +0, 1, 2, 2, 3; on hard 6, 7, 9: +1, 2, 3.
    Meiling CRA 3, Vine 1, Milk 1."""
    s = new(difficulty="hard" if hard else "normal")
    empty_tokens(s)
    s.boat = 1
    s.apply(A.REPAIR)
    assert s.watch == 2 and s.pend[-1][0] == D_JOIN
    for c in joiners:
        s.apply(A.CHAR + c)
    s.apply(A.CONFIRM)
    outcome(s, die)
    assert s.boat == 1 + gain and at_menu(s)


def test_repair_amounts_and_cap():
    assert [repair_amount(t, False) for t in (-1, 0, 1, 5, 6, 7, 8, 12)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [repair_amount(t, True) for t in (1, 2, 6, 7, 8, 9)] == [0, 1, 1, 2, 2, 3]
    s = new()
    empty_tokens(s)
    s.boat = 7
    s.apply(A.REPAIR)
    s.apply(A.CHAR + MEILING)
    s.apply(A.CHAR + VINE)
    s.apply(A.CONFIRM)
    outcome(s, 4)
    assert s.boat == 8


def test_rocks_bad_roll_and_vine():
    """PP-TRAVEL-2 (§6): rocks, a bad roll: 2 boat damage; Vine (level 2) spends 1 stamina: none."""
    s = new()
    s.apply(A.TRAVEL + 0)  # into the rocks
    assert s.watch == 1 and s.pos == 1 and s.current_player == CHANCE
    outcome(s, 0)
    assert s.boat == 6 and at_menu(s)  # no reroll token, Vine level 1: no window
    t = new()
    t.level[VINE] = 2
    t.apply(A.TRAVEL + 0)
    outcome(t, 1)
    assert t.pend[-1][0] == D_FATE_WINDOW
    assert legal(t) == {A.CONFIRM, A.CHAR_ABILITY + AB_VINE_ROCKS}
    t.apply(A.CHAR_ABILITY + AB_VINE_ROCKS)
    assert t.boat == 8 and t.res[VINE] == 2 and at_menu(t)
    u = new()
    u.apply(A.TRAVEL + 0)
    outcome(u, 2)  # a good face
    assert u.boat == 8


def test_rocks_easy_bonus_helps():
    s = new(difficulty="easy")
    s.apply(A.TRAVEL + 0)
    outcome(s, 1)  # 1 + 1 = 2: not a trigger face
    assert s.boat == 8


def test_page_edge():
    """PP-TRAVEL-3 (§6): leave page 2 north: page 1's southern linked space, 1 step."""
    s = new()
    s.apply(A.TRAVEL + 1)  # start -> the trading post
    sp = s.game.spaces[s.pos]
    k = next(i for i, d in sp.edges if DIRECTIONS[d] == "north")
    s.apply(A.TRAVEL + k)
    there = s.game.spaces[s.pos]
    assert s.watch == 2 and s.game.pages[there.page].number == 1
    assert any(there.exits[i] == 2 and DIRECTIONS[d] == "south" for i, d in there.edges)


def test_fifth_bloodflower_levels_up():
    """PP-EXPL-11 (§6): the 5th bloodflower, Jon at 4/8: level-up → Jon 4/10, statuses and
    stamina kept."""
    s = game().new_initial_state()
    place_start(s)
    s.blooms, s.hp[JON], s.res[JON], s.status[JON] = 4, 4, 1, 1 << WEAKENED
    draw_event(s, EV_BLOOM)
    assert s.blooms == 5 and s.pend[-1][0] == D_LEVEL_UP and legal(s) == {A.CHAR + c for c in range(5)}
    s.apply(A.CHAR + JON)
    assert s.level[JON] == 2 and s.hp[JON] == 4 and s.max_hp(JON) == 10
    assert s.res[JON] == 1 and s.status[JON] == 1 << WEAKENED and at_menu(s)
    assert s.skill(JON, 0) == 2 and s.skill(JON, 3) == 1  # level 2: CRA 2, SAV 1
