"""Combat through the real game (spec §6 rows PP-COMBAT-1, PP-COMBAT-3..9, PP-COMBAT-10,11,
PP-CHAR-4's frightened, PP-COMBAT-12; PP-COMBAT-13, PP-EXPL-7, 8, 9): the rulebook's Zokmere
Crocs example, reached by the fixture's story choice "Fight the crocs" (COMBAT 2)."""
import numpy as np

from boardgym.core.game import CHANCE, TERMINAL
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.characters import AB_JON_POWER, AB_LOIS_REROLL
from boardgym.games.primeval_peril.journey import RESULT_LOST
from boardgym.games.primeval_peril.kinds import CH_CARD, D_POWER_OFF, D_TORCH
from boardgym.games.primeval_peril.observation import as_dict
from boardgym.games.sleeping_gods import combat
from boardgym.games.sleeping_gods.kinds import (C_ROUND, CB_NONE, C_STATE, D_ATTACKER, D_CHAR_TARGET,
                                                D_PLACE, D_ROLLED, D_TARGET)

from .helpers import (FRIGHTENED, JON, LOIS, MEILING, MILK, ROPE, TORCH, VINE, WEAKENED, at_menu,
                      empty_tokens, legal, new, outcome)
from .test_story import at_location

WHIP, WRENCH, MACHETE, SPEAR, TAUNT, NOTES = 0, 2, 4, 6, 8, 10  # one code of each S card
# the Zokmere Crocs example's first round (PP-COMBAT-8, 9), on croc a: (seat, character, the
# die rolled or None for a card with no die, the squares covered, 1-based)
CROCS_ATTACKS = ((0, LOIS, None, [(3, 3)]), (1, JON, 2, [(2, 3), (1, 3)]),
                 (0, MEILING, 0, [(1, 2)]), (1, MILK, 0, [(2, 1)]))


def attack(s, ch, die, squares, enemy=0):
    """Character ``ch`` plays its card on ``enemy``, the die (if any) is rolled, and ``squares``
    are covered."""
    s.apply(A.play(0, ch))
    s.apply(A.ENEMY + enemy)
    if die is not None:
        outcome(s, die)
        s.apply(A.CONFIRM)
    for r, c in squares:
        s.apply(sq1(enemy, r, c))


def to_fight(num_players=2, draws=None, **opts):
    """Explore location 1 and choose the crocs (COMBAT 2); the opening draws are ``draws`` per
    seat (codes), or the first outcomes."""
    s = new(num_players=num_players, **opts)
    empty_tokens(s)
    at_location(s, 1)
    s.apply(A.OPTION + 3)
    k = [0] * s.n
    while s.current_player == CHANCE:
        seat = s.cq[0][1]
        if draws is not None:
            outcome(s, draws[seat][k[seat]])
            k[seat] += 1
        else:
            s.apply(s.chance_outcomes()[0][0])
    return s


def covered(s, e):
    return {(i // 3 + 1, i % 3 + 1) for i in range(9) if s.sg_cover[9 * e + i]}


def sq1(e, r, c):  # 1-based like the spec
    return A.sq(e, r - 1, c - 1)


def test_hands_by_seats():
    """PP-COMBAT-1 (§6): crocs at 2 power; hands 3/3 (solo 5; 3 seats 2/2/3; 4 seats 2 each)."""
    for n, sizes in ((2, [3, 3]), (1, [5]), (3, [2, 2, 3]), (4, [2, 2, 2, 2])):
        s = new(num_players=n)
        empty_tokens(s)
        at_location(s, 1)
        s.apply(A.OPTION + 3)
        assert [sum(1 for e in s.cq if e == (CH_CARD, p)) for p in range(n)] == sizes
        assert s.sg_power[:3] == [2, 2, 2]
        while s.current_player == CHANCE:
            s.apply(s.chance_outcomes()[0][0])
        assert [len(h) for h in s.hand] == sizes and s.pend[-1][:2] == (D_ATTACKER, 0)


def test_draws_come_from_the_unseen_deck():
    s = new()
    empty_tokens(s)
    at_location(s, 1)
    s.apply(A.OPTION + 3)
    assert [o for o, _ in s.chance_outcomes()] == list(range(12))  # the 12 S cards, no order stored
    s.apply(5)
    assert 5 not in [o for o, _ in s.chance_outcomes()]


def test_zokmere_crocs_example():
    """The rulebook's combat example through the game (§6 PP-COMBAT-3..9, 10, 11)."""
    s = to_fight(2, draws=[[WHIP, MACHETE, SPEAR], [WRENCH, TAUNT, NOTES]])
    assert s.hand == [[WHIP, MACHETE, SPEAR], [WRENCH, TAUNT, NOTES]]
    m = legal(s)
    assert A.play(0, LOIS) in m and A.play(0, VINE) in m and A.play(0, JON) not in m
    # (1) Lois, whip, croc a: (3,3); power 1; counter 3 − 2: Lois 7 → 6
    s.apply(A.play(0, LOIS))
    assert s.pend[-1][0] == D_TARGET
    s.apply(A.ENEMY + 0)
    assert s.pend[-1][0] == D_PLACE and sq1(0, 3, 3) in legal(s) and sq1(0, 2, 3) not in legal(s)
    s.apply(sq1(0, 3, 3))
    assert covered(s, 0) == {(3, 3)} and s.sg_power[0] == 1 and s.hp[LOIS] == 6
    # (2) seat 1: Jon, wrench, die 2: D = 0 + 2 + 1 = 3: (2,3) the 2-heart, (1,3); power 0; Jon 6
    assert s.pend[-1][:2] == (D_ATTACKER, 1)
    s.apply(A.play(0, JON))
    s.apply(A.ENEMY + 0)
    outcome(s, 2)
    assert s.pend[-1][:2] == (D_ROLLED, 0) and A.CHAR_ABILITY + AB_LOIS_REROLL in legal(s)  # Lois may reroll
    s.apply(A.CONFIRM)
    assert combat.damage_of(s) == 3
    s.apply(sq1(0, 2, 3))
    s.apply(sq1(0, 1, 3))
    assert covered(s, 0) == {(3, 3), (2, 3), (1, 3)} and s.sg_power[0] == 0 and s.hp[JON] == 6
    # (3) Meiling, machete, die 0: D 1 on (1,2); counter 2 − 1: Meiling 6
    s.apply(A.play(0, MEILING))
    s.apply(A.ENEMY + 0)
    outcome(s, 0)
    s.apply(A.CONFIRM)
    s.apply(sq1(0, 1, 2))
    assert s.hp[MEILING] == 6
    # (4) Milk, taunt, die 0: D 1 on (2,1): croc a defeated; counter 2 − 2: Milk 6
    s.apply(A.play(0, MILK))
    s.apply(A.ENEMY + 0)
    outcome(s, 0)
    s.apply(A.CONFIRM)
    s.apply(sq1(0, 2, 1))
    assert combat.defeated(s, 0) and s.hp == [8, 6, 6, 6, 6]
    # PP-COMBAT-10: the round ends; b: 4 power, W → Jon (seat 0 picks); c: 4 power, boat 8 → 6
    assert s.pend[-1][:2] == (D_CHAR_TARGET, 0) and s.sg_power[:3] == [0, 4, 2]
    s.apply(A.CHAR + JON)
    assert s.status[JON] == 1 << WEAKENED and s.sg_power[:3] == [0, 4, 4] and s.boat == 6
    assert s.cdisc == sorted([WHIP, WRENCH, MACHETE, TAUNT])  # the played cards are discarded
    # PP-COMBAT-11: each seat draws as many as it played: hands 3/3
    assert s.current_player == CHANCE and [e[1] for e in s.cq] == [0, 0, 1, 1]
    outs = {o for o, _ in s.chance_outcomes()}
    assert outs == set(range(12)) - {WHIP, WRENCH, MACHETE, TAUNT, SPEAR, NOTES}
    while s.current_player == CHANCE:
        s.apply(s.chance_outcomes()[0][0])
    assert [len(h) for h in s.hand] == [3, 3] and s.sg_com[C_ROUND] == 2
    assert s.pend[-1][:2] == (D_ATTACKER, 0)


def test_played_cards_are_discarded_before_the_enemies_act():
    """PP-COMBAT-10, in the rulebook's order: "First, discard all played combat cards on
    characters." Then each remaining enemy acts. The Zokmere Crocs example's first round (the
    rulebook's own words: "The 4 played combat cards are placed in a discard pile. The two
    remaining enemies activate their end-of-round abilities"): while the middle croc's Weaken
    waits for seat 0's pick, the four cards are already in the discard, no character shows a
    played card, and the observation says so; the draws (PP-COMBAT-11) come after the phase."""
    s = to_fight(2, draws=[[WHIP, MACHETE, SPEAR], [WRENCH, TAUNT, NOTES]])
    for seat, ch, die, squares in CROCS_ATTACKS:
        assert s.pend[-1][:2] == (D_ATTACKER, seat)
        attack(s, ch, die, squares)
    assert combat.defeated(s, 0)
    # the enemy phase has begun (croc b grew to 4 power) and waits on W's target
    assert s.pend[-1][:2] == (D_CHAR_TARGET, 0) and s.sg_power[:3] == [0, 4, 2]
    assert s.played == [-1] * 5 and s.cdisc == sorted([WHIP, WRENCH, MACHETE, TAUNT])
    assert s.invariant_errors() == []
    obs = as_dict(s, 0)
    assert [obs["characters"][40 * c + 32] for c in range(5)] == [0.0] * 5  # no card played shows
    assert obs["attack"][34] == np.float32(4 / 24)  # the discard holds the four
    assert not s.cq  # no card is drawn before the enemies are done
    s.apply(A.CHAR + JON)
    assert s.current_player == CHANCE and [e[1] for e in s.cq] == [0, 0, 1, 1]


def _win(s):
    """Play every card on croc-free targets until the combat ends (a helper for the aftermath)."""
    for _ in range(400):
        if s.sg_com[C_STATE] == CB_NONE or s.current_player == TERMINAL:
            return
        if s.current_player == CHANCE:
            s.apply(s.chance_outcomes()[-1][0])  # the highest face
            continue
        m = sorted(legal(s))
        plays = [a for a in m if A.PLAY <= a < A.PLAY + 40]
        squares = [a for a in m if A.SQUARE <= a < A.SQUARE + 36]
        s.apply(plays[0] if plays else squares[0] if squares else
                next((a for a in m if A.ENEMY <= a < A.ENEMY + 4), m[0]))


def test_victory_continues_the_story():
    """PP-EXPL-7, 8, 9: after victory the story goes on: card 31 gained (it joins the active
    deck), the location crossed off (EXPLORE no longer offered there)."""
    s = to_fight(1)
    for c in range(5):
        s.hp[c] = s.max_hp(c)
    s.sg_power[:3] = [0, 0, 0]
    _win(s)
    assert s.current_player != TERMINAL, s.render()
    assert 31 in s.owned and s.game.code_of_number[31] in s.deck_in and len(s.deck_in) == 13
    assert 1 in s.crossed and at_menu(s) and A.EXPLORE not in legal(s)
    assert s.hand == [[]] and s.cdisc == [] and s.played == [-1] * 5


def test_frightened_cannot_be_played_on():
    """PP-CHAR-4 (§6): Lois frightened: PLAY on Lois masked."""
    s = to_fight(2)
    s.status[LOIS] |= 1 << FRIGHTENED
    s.invalidate()
    m = legal(s)
    assert A.play(0, LOIS) not in m and A.play(0, MEILING) in m


def test_torch_rope_and_jon_between_attacks():
    """PP-COMBAT-12, PP-CHAR-8: a carried torch deals 1 to a cost-1 square, no counterattack; a
    rope removes 1 power; Jon's ability (1 stamina) too (PP-CHAR-3)."""
    s = to_fight(2)
    s.inv[6 * LOIS + TORCH] = s.inv[6 * MEILING + ROPE] = 1
    s.invalidate()
    m = legal(s)
    assert A.res_action(LOIS, TORCH) in m and A.res_action(MEILING, ROPE) in m
    s.apply(A.res_action(LOIS, TORCH))
    assert s.pend[-1][0] == D_TORCH
    assert sq1(1, 1, 3) in legal(s) and sq1(1, 2, 3) not in legal(s)  # a 2-heart costs 2
    s.apply(sq1(1, 1, 3))
    assert covered(s, 1) == {(1, 3)} and s.hp == [8, 6, 8, 7, 7] and s.pend[-1][:2] == (D_ATTACKER, 0)
    s.apply(A.res_action(MEILING, ROPE))
    assert s.pend[-1][0] == D_POWER_OFF
    s.apply(A.ENEMY + 2)
    assert s.sg_power[:3] == [2, 2, 1] and s.inv[6 * MEILING + ROPE] == 0
    s.apply(A.CONFIRM)  # seat 0 passes
    assert s.pend[-1][:2] == (D_ATTACKER, 1) and A.CHAR_ABILITY + AB_JON_POWER in legal(s)
    s.apply(A.CHAR_ABILITY + AB_JON_POWER)
    s.apply(A.ENEMY + 0)
    assert s.sg_power[0] == 1 and s.res[JON] == 2


def test_lost_combat_is_defeat():
    """PP-COMBAT-13, PP-CORE-6: every character at 0 ends the combat and the game."""
    s = to_fight(1)
    for c in range(5):
        s.hp[c] = 1 if c == LOIS else 0
    s.invalidate()
    s.apply(A.play(0, LOIS))
    s.apply(A.ENEMY + 0)
    while s.current_player == CHANCE:
        s.apply(s.chance_outcomes()[0][0])
    while s.current_player != TERMINAL and s.pend[-1][0] != D_ATTACKER:
        s.apply(sorted(legal(s))[0])
    assert s.current_player == TERMINAL and s.result == RESULT_LOST


def _fight_now(number, num_players=1, draws=None):
    """COMBAT ``number`` started from the menu (as a story section would), the opening draws
    the given codes for seat 0."""
    from boardgym.games.primeval_peril.fight import start_combat

    s = new(num_players=num_players)
    empty_tokens(s)
    s.pend.pop()
    start_combat(s, number)
    k = 0
    while s.current_player == CHANCE:
        if draws is not None and s.cq[0][1] == 0 and k < len(draws):
            outcome(s, draws[k])
            k += 1
        else:
            s.apply(s.chance_outcomes()[0][0])
    return s


def test_first_strike():
    """PP-COMBAT-3 (§6): whip on a First Strike enemy (attack 2, 1 power): counter 3 − 2 first,
    none after."""
    s = _fight_now(3, draws=[WHIP])
    assert s.sg_power[0] == 1
    s.apply(A.play(s.hand[0].index(WHIP), LOIS))
    s.apply(A.ENEMY + 0)
    assert s.hp[LOIS] == 6  # countered first: 2 + 1 − 2
    s.apply(sq1(0, 1, 1))
    assert s.sg_power[0] == 0 and s.hp[LOIS] == 6 and s.pend[-1][0] == D_ATTACKER  # no second counter


def test_heal_and_grow():
    """PP-ENEMY (§6): H1 on a 3-heart takes its token off (3 needed again); G1 gives +1 power to
    each other remaining enemy."""
    s = _fight_now(4, draws=[SPEAR])
    s.sg_cover[0] = 1  # the healer's 3-heart covered by an earlier attack
    s.invalidate()
    assert s.sg_power[:2] == [0, 2]
    s.apply(A.CONFIRM)  # pass: the round ends
    assert s.sg_cover[0] == 0  # healed: the heart needs 3 again
    assert s.sg_power[:2] == [1, 4]  # the warden's growth (+2) and its G1 to the healer
