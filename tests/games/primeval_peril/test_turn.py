"""The setup and the turn through the real game (PP-SETUP, PP-TURN-1..5, PP-CORE-2, spec §6
rows PP-TURN-3,4, PP-TURN-1, PP-CORE-2 / PP-TURN-2), chance outcomes set by hand."""
from boardgym.core.game import CHANCE
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.kinds import (CH_EVENT, D_GAIN, D_MAIN, D_PLACE_START, PH_ACTIONS,
                                                 PH_EVENT)
from boardgym.games.sleeping_gods.kinds import D_JOIN, D_MODIFY

from .helpers import (EV_BOAT_CHALLENGE, EV_JON_VENOM, EV_CALM, JON, LOIS, MEAT, MEILING, MILK, ROPE,
                      STORAGE, VENOM, VINE, at_menu, draw_event, game, legal, new, outcome, place_start)


def shuttle(s, k: int = 1) -> None:
    """k travel actions between the start (0) and the trading post (2): no rocks."""
    for _ in range(k):
        s.apply(A.TRAVEL + (1 if s.pos == 0 else 0))


def test_setup():
    """PP-SETUP-1..5: boat on start at 8, watch at start, 6 moons, seat 0 active, every character at
    level 1, full HP, 3 stamina; the active places 1 of each resource on characters."""
    s = game(num_players=2).new_initial_state()
    assert s.pos == 0 and s.game.spaces[s.pos].start and s.boat == 8 and s.watch == 0
    assert s.moons == 0 and s.active == 0 and s.level == [1] * 5
    assert s.hp == [8, 6, 8, 7, 7] and s.res == [3] * 5 and s.status == [0] * 5
    for t in range(6):
        assert s.pend[-1] == (D_PLACE_START, 0, t, 0)
        assert legal(s) == {A.DEST + c for c in range(5)}  # characters only, not the storage
        s.apply(A.DEST + (t % 5))
    assert sum(s.inv) == 6 and [sum(s.inv[t::6]) for t in range(6)] == [1] * 6
    assert s.current_player == CHANCE and s.cq[0][0] == CH_EVENT and s.phase == PH_EVENT


def test_end_early_and_bonus_time():
    """PP-TURN-3,4 (§6): 4 time spent, no bonus: ending early is legal; the next seat has 6 (the
    6th after its event). 2 left: end early only with the bonus unused. 1 left: EXPLORE masked."""
    s = new(num_players=2)
    shuttle(s, 3)
    assert s.watch == 3 and A.END_TURN_EARLY not in legal(s)  # 2 left, no bonus
    shuttle(s)
    assert s.watch == 4 and A.END_TURN_EARLY in legal(s)
    s.apply(A.END_TURN_EARLY)
    assert s.active == 1 and s.bonus == 1 and s.phase == PH_EVENT
    draw_event(s, EV_CALM)
    assert at_menu(s) and s.pend[-1][1] == 1
    shuttle(s, 3)
    assert s.watch == 3 and A.END_TURN_EARLY not in legal(s)
    shuttle(s)  # 2 left with the bonus unused: the watch is on the second-to-last space
    assert s.watch == 4 and A.END_TURN_EARLY in legal(s)
    assert s.pos == 0
    shuttle(s)  # onto the trading post (a square location): 1 left, the bonus
    assert s.watch == 5 and s.bonus == 1 and at_menu(s)
    assert A.EXPLORE not in legal(s) and A.REPAIR not in legal(s) and A.END_TURN_EARLY not in legal(s)
    shuttle(s)  # the 6th time: the turn ends, seat 0 next, no bonus
    assert s.active == 0 and s.bonus == 0 and s.phase == PH_EVENT


def test_solo_bonus_token_comes_back():
    s = new()
    shuttle(s, 4)
    s.apply(A.END_TURN_EARLY)
    assert s.active == 0 and s.bonus == 1


def test_turn_passes_when_time_is_spent():
    """PP-TURN-4, 5: the action that leaves 0 time ends the turn; the watch resets."""
    s = new(num_players=3)
    shuttle(s, 5)
    assert s.active == 1 and s.watch == 0 and s.phase == PH_EVENT and s.turn == 2


def test_venom_at_every_turn_start():
    """PP-TURN-1 (§6): 2 seats, Jon venomed: −1 at every turn start, none at 0 HP."""
    s = new(num_players=2)
    s.status[JON] |= 1 << VENOM
    shuttle(s, 5)
    assert s.hp[JON] == 7
    draw_event(s, EV_CALM)
    shuttle(s, 5)
    assert s.hp[JON] == 6
    s.hp[JON] = 1
    draw_event(s, EV_CALM)
    shuttle(s, 5)
    assert s.hp[JON] == 0
    draw_event(s, EV_CALM)
    shuttle(s, 5)
    assert s.hp[JON] == 0 and s.status[JON] >> VENOM & 1  # ignored at 0, not removed


def test_event_status_unless_held():
    """PP-CORE-2 (§6): "Jon gains venom unless he has it": he has it: no change; then +1 rope."""
    s = game().new_initial_state()
    place_start(s, (VINE, VINE, VINE, MILK, MILK, MILK))
    s.status[JON] = 1 << VENOM
    draw_event(s, EV_JON_VENOM)
    assert s.status == [0, 0, 1 << VENOM, 0, 0]
    assert s.pend[-1][0] == D_GAIN and s.pend[-1][2] == ROPE
    assert legal(s) == {A.DEST + h for h in (JON, LOIS, MEILING, STORAGE)}  # Vine and Milk are full
    s.apply(A.DEST + STORAGE)
    assert s.inv[6 * STORAGE + ROPE] == 1 and at_menu(s)


def test_event_challenge_failed_still_rewards():
    """PP-TURN-2 (§6): an event challenge (fail: 2 boat damage; +1 rope) failed: boat −2, +1 rope."""
    s = new(event=EV_BOAT_CHALLENGE)
    assert s.pend[-1][0] == D_JOIN
    s.apply(A.CONFIRM)  # nobody joins (PP-CHAL-1)
    outcome(s, 0)
    assert s.pend[-1][0] == D_MODIFY and A.res_action(VINE, MEAT) in legal(s)  # Vine's meat: +1 STR
    s.apply(A.CONFIRM)
    assert s.boat == 6
    assert s.pend[-1][0] == D_GAIN and s.pend[-1][2] == ROPE
    s.apply(A.DEST + LOIS)
    assert s.inv[6 * LOIS + ROPE] == 2 and at_menu(s) and s.phase == PH_ACTIONS


def test_event_deck_order_is_not_stored():
    """PP-TURN-2: each draw comes from the events not yet seen; an empty deck reshuffles."""
    s = new(event=EV_CALM)
    assert s.ev_seen[EV_CALM] == 1
    s.ev_seen = [1] * len(s.ev_seen)
    s.ev_seen[EV_JON_VENOM] = 0
    shuttle(s, 5)
    assert [o for o, _ in s.chance_outcomes()] == [EV_JON_VENOM]
    draw_event(s, EV_JON_VENOM)
    s.apply(A.DEST + LOIS)
    shuttle(s, 5)
    outs = s.chance_outcomes()
    assert len(outs) == len(s.ev_seen) and abs(sum(p for _, p in outs) - 1) < 1e-9  # reshuffled
    draw_event(s, EV_BOAT_CHALLENGE)
    assert sum(s.ev_seen) == 1


def test_menu_is_the_active_seats():
    s = new(num_players=4)
    assert s.pend[-1] == (D_MAIN, 0, 0, 0)
    shuttle(s, 5)
    draw_event(s, EV_CALM)
    assert s.pend[-1] == (D_MAIN, 1, 0, 0) and s.controller(VINE) == 1


def test_lost_time_spares_the_bonus_during_the_event():
    """PP-TURN-3: the bonus token is spent only in the action step; an event's lost time comes
    off the watch."""
    from boardgym.games.primeval_peril import effects

    s = new()
    shuttle(s, 4)
    s.apply(A.END_TURN_EARLY)
    assert s.bonus == 1 and s.phase == PH_EVENT
    s.watch = 4
    effects._lose_time(s, 3, -1, -1)
    assert s.watch == 5 and s.bonus == 1
