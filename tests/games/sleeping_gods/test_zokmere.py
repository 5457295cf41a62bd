"""Primeval Peril's Zokmere Crocs combat example (PP rulebook "Combat Example"; PP §6 rows
PP-COMBAT-1, PP-COMBAT-3..9, PP-COMBAT-10,11), step by step through the core's decision frames
and masks, with PP's hook values, 2 seats (PP §5: seat 0 Lois + Meiling, seat 1 Jon + Milk)."""
from boardgym.core.game import CHANCE
from boardgym.games.sleeping_gods import combat
from boardgym.games.sleeping_gods.kinds import (C_ROUND, CB_RUNNING, D_ATTACKER, D_CHAR_TARGET,
                                                D_PLACE, D_TARGET, WEAKENED)

from .host import (CHAR, CONFIRM, ENEMY, ENEMY_IDS, JON, LOIS, MACHETE, MEILING, MILK, TAUNT,
                   VINE, WHIP, WRENCH, legal, new, roll, sq)

CROCS = [ENEMY_IDS["Zokmere Croc a"], ENEMY_IDS["Zokmere Croc b"], ENEMY_IDS["Zokmere Croc c"]]


def covered(s, e):
    """The enemy's covered squares as (row, col), 1-based like the spec."""
    return {(i // 3 + 1, i % 3 + 1) for i in range(9) if s.sg_cover[9 * e + i]}


def test_zokmere_crocs_example_step_by_step():
    s = new("pp", 2)
    s.card[LOIS], s.card[JON], s.card[MEILING], s.card[MILK] = WHIP, WRENCH, MACHETE, TAUNT
    # PP-COMBAT-1: each croc starts with its 2 growth squares as power; hands 3 / 3
    combat.start(s, CROCS)
    assert s.sg_power[:3] == [2, 2, 2]
    assert s.hand == [3, 3]
    # seat 0 (active) may attack with its own Lois, Meiling or Vine (PP-COMBAT-2), or pass
    assert s.pend[-1][:2] == (D_ATTACKER, 0)
    assert legal(s) == {CONFIRM, CHAR + VINE, CHAR + LOIS, CHAR + MEILING}

    # (1) Lois plays the whip on croc a: 1 damage on the bottom right, −1 power, counter 3 − 2
    s.apply(CHAR + LOIS)
    assert s.pend[-1][:2] == (D_TARGET, 0) and legal(s) == {ENEMY, ENEMY + 1, ENEMY + 2}
    s.apply(ENEMY + 0)
    assert s.pend[-1][0] == D_PLACE
    m = legal(s)
    assert sq(0, 3, 3) in m and sq(0, 2, 3) not in m  # a 2-heart needs 2 left (PP-COMBAT-5)
    assert all(a == CONFIRM or (a - sq(0, 1, 1)) // 9 == 0 for a in m)  # first token on the target
    s.apply(sq(0, 3, 3))
    assert covered(s, 0) == {(3, 3)}
    assert s.sg_power[0] == 1
    assert s.hp[LOIS] == 6  # 7 − (2 + 1 − 2)
    assert s.hand == [2, 3]

    # (2) seat 1: Jon plays the wrench on croc a, combat die 2: D = 0 + 2 + CRA 1 = 3
    assert s.pend[-1][:2] == (D_ATTACKER, 1)
    assert legal(s) == {CONFIRM, CHAR + JON, CHAR + MILK}
    s.apply(CHAR + JON)
    s.apply(ENEMY + 0)
    assert s.current_player == CHANCE
    roll(s, 2)
    assert combat.damage_of(s) == 3
    s.apply(sq(0, 2, 3))  # the 2-heart takes 2
    m = legal(s)
    assert sq(0, 1, 3) in m and sq(0, 2, 2) in m
    assert sq(0, 3, 3) not in m  # already covered
    assert sq(1, 2, 1) in m  # 2 of 3 on the target: splash may go on croc b's touching square
    assert sq(0, 1, 1) not in m  # not adjacent to a token of this attack
    s.apply(sq(0, 1, 3))
    assert covered(s, 0) == {(3, 3), (2, 3), (1, 3)}
    assert s.sg_power[0] == 0
    assert s.hp[JON] == 6  # 8 − 2

    # (3) seat 0: Meiling, machete, die 0: D = 1 + 0 + STR 0 = 1 on (1,2); counter 2 − 1
    s.apply(CHAR + MEILING)
    s.apply(ENEMY + 0)
    roll(s, 0)
    s.apply(sq(0, 1, 2))
    assert s.sg_power[0] == 0 and s.hp[MEILING] == 6
    assert not combat.defeated(s, 0)

    # (4) seat 1: Milk, taunt, die 0: D = 0 + 0 + CUN 1 = 1 on (2,1): croc a defeated;
    # it still counterattacks (PP-COMBAT-9): 2 − 2 = 0
    s.apply(CHAR + MILK)
    s.apply(ENEMY + 0)
    roll(s, 0)
    s.apply(sq(0, 2, 1))
    assert combat.defeated(s, 0)
    assert s.hp[MILK] == 6
    assert s.hp == [8, 6, 6, 6, 6]

    # PP-COMBAT-10: 4 cards played, the round ends. Croc a is defeated (its D1 does not fire).
    # Croc b gains 2 power, then its W: the active seat 0 picks Jon.
    assert s.pend[-1][:2] == (D_CHAR_TARGET, 0)
    assert s.sg_power[:3] == [0, 4, 2]
    assert legal(s) == {CHAR + c for c in range(5)}
    s.apply(CHAR + JON)
    assert s.status[JON] == 1 << WEAKENED
    # croc c gains 2 power and deals 2 boat damage; the new round starts
    assert s.sg_power[:3] == [0, 4, 4]
    assert s.boat == 6
    assert s.hp == [8, 6, 6, 6, 6]  # no character was hit by the enemy phase
    # PP-COMBAT-11: each seat draws as many cards as it played: hands 3 / 3
    assert s.hand == [3, 3]
    assert combat.outcome(s) == CB_RUNNING and s.sg_com[C_ROUND] == 2
    assert s.pend[-1][:2] == (D_ATTACKER, 0)
    assert legal(s) == {CONFIRM, CHAR + VINE, CHAR + LOIS, CHAR + MEILING}
    assert ENEMY + 0 not in _targets_after(s, LOIS)


def _targets_after(s, ch):
    """The targets offered to ``ch`` now (on a clone): a defeated enemy is never one."""
    t = s.clone()
    t.apply(CHAR + ch)
    return legal(t)
