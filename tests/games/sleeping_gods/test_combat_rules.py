"""Combat rules through the core's frames and masks (PP §6 core rows, TR rows with TR hooks)."""
import pytest

from boardgym.games.sleeping_gods import AttackProfile, characters, combat
from boardgym.games.sleeping_gods.kinds import (A_LEFT, C_ROUND, CB_FLED, CB_LOST, CB_RUNNING,
                                                CB_WON, D_ATTACKER, D_BLOCK, D_CHAR_TARGET,
                                                D_HEAL_SQUARE, D_PLACE, D_ROLLED, D_TARGET, D_WOUND,
                                                FRIGHTENED, VENOM)

from .host import (CAPTAIN, CHAR, CONFIRM, COOK, CUTLASS, ENEMY, ENEMY_IDS, FLEE, GUARD, GUNNER,
                   JON, LOIS, MEILING, MILK, NAVIGATOR, SQUARE, SURGEON, UNARMED, VINE, WHIP,
                   legal, new, roll, sq)

E = ENEMY_IDS


def _combat(variant, names, n=2, **kw):
    s = new(variant, n, **kw)
    combat.start(s, [E[x] for x in names])
    return s


def _pass_round(s):
    """Every seat passes (CONFIRM) until the enemy phase asks something or a new round starts."""
    r = s.sg_com[C_ROUND]
    while s.pend and s.pend[-1][0] == D_ATTACKER and s.sg_com[C_ROUND] == r:
        s.apply(CONFIRM)


def _attack(s, ch, profile, target):
    """A host-chosen attack (``combat.begin_attack``, as PP's PLAY handler would call it)."""
    s.pend.pop()  # the seat's D_ATTACKER frame: the host's own handler takes the choice
    combat.begin_attack(s, ch, profile)
    s.apply(ENEMY + target)


def test_splash_after_half_and_unblocked():
    """PP-COMBAT-5,6 (D 5): splash after 3 on the target, at most 2; a blocker hit by splash
    does not block (PP-COMBAT-6)."""
    s = _combat("pp", ["Pillar", "Blocker"])
    _attack(s, LOIS, AttackProfile(5), 0)
    s.apply(sq(0, 1, 3))
    s.apply(sq(0, 2, 3))
    assert sq(1, 1, 1) not in legal(s) and sq(1, 2, 1) not in legal(s)  # 2 < ⌈5/2⌉
    s.apply(sq(0, 3, 3))
    assert {sq(1, 1, 1), sq(1, 2, 1), sq(1, 3, 1)} <= legal(s)
    s.apply(sq(1, 2, 1))
    s.apply(sq(1, 1, 1))  # the blocker's block does not eat splash: both tokens cost 1
    assert sum(s.sg_cover[9:18]) == 2 and s.sg_atk[0] == -1  # 5 placed, the attack is over
    assert s.hp[LOIS] == 7 - 2  # only the target counterattacks


def test_block_paid_first_counts_toward_half():
    """PP-COMBAT-6 (§6, D = 4, target with Block 1): 3 to place, splash after 1 more, ≤ 2."""
    s = _combat("pp", ["Blocker", "Pillar"])
    _attack(s, LOIS, AttackProfile(4), 0)
    assert s.sg_atk[A_LEFT] == 3
    assert sq(1, 1, 1) not in legal(s)
    s.apply(sq(0, 1, 3))
    assert sq(1, 1, 1) in legal(s)  # block 1 + 1 token = 2 = ⌈4/2⌉
    s.apply(sq(1, 1, 1))
    s.apply(sq(1, 2, 1))
    assert sum(1 for v in s.sg_cover[9:18] if v) == 2


def test_splash_masked_when_target_cannot_take_half():
    """PP-COMBAT-6 (§6, D = 4, the target has one free 1-square): splash masked, the rest lost."""
    s = _combat("pp", ["Pillar", "Lone square"])
    for i in range(1, 9):
        s.sg_cover[9 + i] = 1  # the lone square's blanks are covered: one free square left
    _attack(s, LOIS, AttackProfile(4), 1)
    assert legal(s) == {CONFIRM, sq(1, 1, 1)}
    s.apply(sq(1, 1, 1))
    assert s.pend[-1][0] != D_PLACE  # nothing legal: the attack went on to its counterattack
    assert not any(s.sg_cover[:9])  # the pillar beside it took nothing
    assert combat.defeated(s, 1)


def test_stop_early_loses_the_rest():
    s = _combat("pp", ["Pillar"])
    _attack(s, LOIS, AttackProfile(3), 0)
    s.apply(sq(0, 1, 1))
    s.apply(CONFIRM)
    assert sum(s.sg_cover[:9]) == 1


def test_first_strike_counters_first_and_once():
    """PP-COMBAT-3 (§6): whip on First Strike (attack 2, 1 power): counter 3 − 2 first, none after."""
    s = _combat("pp", ["Striker", "Pillar"])
    s.sg_power[0] = 1
    s.card[LOIS] = WHIP
    s.apply(CHAR + LOIS)
    s.apply(ENEMY + 0)
    assert s.hp[LOIS] == 6  # countered before any damage
    assert s.pend[-1][0] == D_PLACE
    s.apply(sq(0, 1, 2))  # covers the T itself
    assert s.sg_power[0] == 0  # the whip's power removal after the damage
    assert s.hp[LOIS] == 6  # no counterattack after
    assert s.pend[-1][:2] == (D_ATTACKER, 1)


def test_first_strike_to_zero_loses_the_attack():
    s = _combat("pp", ["Striker", "Pillar"])
    s.hp[LOIS] = 1
    s.card[LOIS] = WHIP
    s.sg_power[0] = 2
    s.apply(CHAR + LOIS)
    s.apply(ENEMY + 0)
    assert s.hp[LOIS] == 0 and not any(s.sg_cover)
    assert s.pend[-1][:2] == (D_ATTACKER, 1)


def test_cant_remove_power_until_covered():
    """PP-COMBAT-8: no power removal while N is uncovered; removal comes after the damage."""
    s = _combat("pp", ["Mudback Brute", "Pillar"])
    s.sg_power[0] = 3
    _attack(s, LOIS, AttackProfile(1, remove_power=1), 0)
    s.apply(sq(0, 2, 1))
    assert s.sg_power[0] == 3


def test_power_removed_when_n_covered_by_this_attack():
    s = _combat("pp", ["Mudback Brute", "Pillar"])
    s.sg_power[0] = 3
    _attack(s, LOIS, AttackProfile(1, remove_power=1), 0)
    s.apply(sq(0, 1, 2))  # the N square
    assert s.sg_power[0] == 2


def test_counterattack_after_defeat_and_excess_lost():
    """PP-COMBAT-9 (§6): attacker at 2, counterattack 5 after a defeat: 0, excess ignored."""
    s = _combat("pp", ["Pillar", "Pillar"])
    s.sg_power[0] = 3
    s.hp[LOIS] = 2
    _attack(s, LOIS, AttackProfile(9), 0)
    for i in range(9):
        s.apply(SQUARE + i)
    assert combat.defeated(s, 0)
    assert s.hp[LOIS] == 0
    assert combat.outcome(s) == CB_RUNNING
    assert CHAR + LOIS not in _seat0_next_round_attackers(s)


def _seat0_next_round_attackers(s):
    t = s.clone()
    _pass_round(t)
    return legal(t) if t.pend and t.pend[-1][1] == 0 else set()


def test_damage_outside_combat_goes_to_others():
    """PP-CORE-5 (§6): 4 damage outside combat, Jon at 1: Jon 0, the 3 others go elsewhere."""
    s = new("pp", 2)
    s.hp[JON] = 1
    characters.distribute(s, 4, 1 << JON)
    assert s.hp[JON] == 0
    assert s.pend[-1][:3] == (D_WOUND, 0, 3)
    assert legal(s) == {CHAR + c for c in range(5) if c != JON}
    for c in (LOIS, LOIS, MEILING):
        s.apply(CHAR + c)
    assert s.hp[JON] == 0 and s.hp[LOIS] == 5 and s.hp[MEILING] == 6 and not s.pend


def test_victory_and_defeat():
    s = _combat("pp", ["Lone square"])
    _attack(s, LOIS, AttackProfile(1), 0)
    s.apply(sq(0, 1, 1))
    assert combat.outcome(s) == CB_WON and not s.pend
    s = _combat("pp", ["Pillar"])
    for c in range(5):
        s.hp[c] = 0 if c != LOIS else 1
    _attack(s, LOIS, AttackProfile(1), 0)
    s.apply(sq(0, 1, 1))
    assert combat.outcome(s) == CB_LOST and not s.pend  # PP-COMBAT-13


def test_frightened_cannot_attack():
    """PP-CHAR-4 (§6): PLAY on a frightened Lois is masked."""
    s = _combat("pp", ["Pillar"])
    characters.give(s, LOIS, FRIGHTENED)
    s.invalidate()
    assert CHAR + LOIS not in legal(s) and CHAR + MEILING in legal(s)


def test_heal_self_on_a_three_heart():
    """PP-ENEMY (§6, H1 on a 3-heart): the token comes off, 3 are needed again."""
    s = _combat("pp", ["Healer", "Pillar"])
    s.sg_cover[0] = s.sg_cover[3] = 1  # the 3-heart and a blank covered
    _pass_round(s)
    assert s.pend[-1][:4] == (D_HEAL_SQUARE, 0, 0, 1)
    assert legal(s) == {sq(0, 1, 1), sq(0, 2, 1)}
    s.apply(sq(0, 1, 1))  # one token, though it covered 3 damage
    assert s.sg_cover[0] == 0 and s.sg_cover[3] == 1
    assert s.sg_com[C_ROUND] == 2
    _attack(s, LOIS, AttackProfile(2), 0)
    assert sq(0, 1, 1) not in legal(s)  # 2 left: the 3-heart needs 3 again


def test_ally_power_and_growth():
    """PP-ENEMY (§6, G1): +1 power to each other live enemy; growth first."""
    s = _combat("pp", ["Stilt Warden L", "Pillar", "Pillar"])
    for i in range(9):
        s.sg_cover[18 + i] = 1  # the third enemy is defeated
    assert s.sg_power[:3] == [2, 0, 0]
    _pass_round(s)
    assert s.sg_power[:3] == [4, 1, 0]


def test_heal_ally_chosen_by_active():
    s = _combat("pp", ["Reed Shaman", "Pillar", "Pillar"])
    s.sg_cover[9] = s.sg_cover[18] = 1
    s.hp[:] = [1, 1, 1, 1, 1]
    _pass_round(s)
    # M first (madness to one character: the active picks), then L2 on an ally
    assert s.pend[-1][0] == D_CHAR_TARGET
    s.apply(CHAR + JON)
    assert s.pend[-1][0] != D_CHAR_TARGET and legal(s) == {ENEMY + 1, ENEMY + 2}
    s.apply(ENEMY + 2)
    assert s.sg_cover[18] == 0 and s.sg_cover[9] == 1


def test_round_cap_counts_as_defeat_in_pp():
    """PP-COMBAT-13: reaching the round cap (30) counts as all characters at 0."""
    s = _combat("pp", ["Pillar"])
    for _ in range(30):
        _pass_round(s)
    assert combat.outcome(s) == CB_LOST and not s.pend


# -- Tides of Ruin hook values ----------------------------------------------------------------------
def test_tr_fatigue_three_masks_participation_and_attack():
    """TR-BASE-COND-3: a crew member with 3 fatigue can neither join nor attack."""
    from boardgym.games.sleeping_gods import challenge

    s = new("tr", 1)
    s.res[GUNNER] = 3
    challenge.start(s, 0, 5, 2)
    assert CHAR + GUNNER not in legal(s) and CHAR + NAVIGATOR in legal(s)
    s = new("tr", 1)
    s.res[GUNNER] = 3
    combat.start(s, [E["Pillar"]])
    assert CHAR + GUNNER not in legal(s) and CHAR + CAPTAIN in legal(s)


def test_tr_flee_from_round_two():
    """TR-BASE-COMBAT-6 (§6): FLEE masked in round 1; in round 2 the encounter fails and each
    crew member above 0 HP gains 1 fatigue."""
    s = _combat("tr", ["Pillar"], n=1)
    assert FLEE not in legal(s)
    _pass_round(s)
    assert s.sg_com[C_ROUND] == 2 and FLEE in legal(s)
    s.hp[GUNNER] = 0
    s.res[NAVIGATOR] = 3
    s.apply(FLEE)
    assert combat.outcome(s) == CB_FLED and not s.pend
    assert s.res == [1, 3, 0, 1, 1]


def test_tr_round_cap_counts_as_fleeing():
    """TR-BASE-COMBAT-6: "Reaching the round cap counts as fleeing"; the cap is 30 rounds
    (PP-COMBAT-13, ``max_combat_rounds``): after 29 the combat goes on, the 30th ends it."""
    s = _combat("tr", ["Pillar"], n=1)
    for _ in range(29):
        _pass_round(s)
    assert combat.outcome(s) == CB_RUNNING and s.sg_com[C_ROUND] == 30
    _pass_round(s)
    assert combat.outcome(s) == CB_FLED and s.res == [1, 1, 1, 1, 1]


def test_tr_boss_counterattack_and_abilities():
    """TR-BOSS-2,3 (§6): {2, 3, 5} applied; base attack 2 with 1 power: counterattack 5;
    D2 deals 3; at the end of round 3 poison tokens on 3 different crew members."""
    s = new("tr", 1)
    s.boss = 1 << 2 | 1 << 3 | 1 << 5
    combat.start(s, [E["Raider"], E["Pillar"], E["Pillar"]])
    s.sg_power[0] = 1
    s.card[CAPTAIN] = UNARMED
    s.apply(CHAR + CAPTAIN)
    s.apply(ENEMY + 0)
    roll(s, 0)  # Destiny 0: 0 damage, straight to the counterattack: 2 + 1 + 1 + 1
    assert s.hp[CAPTAIN] == 8 - 5
    s.apply(CONFIRM)  # the seat passes: the enemy phase
    assert s.pend[-1][:4] == (D_CHAR_TARGET, 0, 0, 3)  # D2 + 1
    s.apply(CHAR + NAVIGATOR)
    assert s.hp[NAVIGATOR] == 7 - 3
    poisoned = []
    while s.pend and s.pend[-1][0] == D_CHAR_TARGET:
        cands = legal(s)
        assert all(not characters.has(s, a - CHAR, VENOM) for a in cands)
        a = min(cands)
        poisoned.append(a - CHAR)
        s.apply(a)
    assert len(set(poisoned)) == 3
    assert sum(characters.has(s, c, VENOM) for c in range(5)) == 3


def test_tr_boss_start_power():
    s = new("tr", 1)
    s.boss = 1 << 0
    combat.start(s, [E["Zokmere Croc a"]])
    assert s.sg_power[0] == 4  # 2 growth + 2 (value 0); TR start_power_mod is 0


def test_tr_boat_damage_ignored():
    """TR-REF-1 (§6): O2 in combat has no effect."""
    s = _combat("tr", ["Zokmere Croc c"], n=1)
    _pass_round(s)
    assert s.boat == 8 and s.sg_power[0] == 4
    p = _combat("pp", ["Zokmere Croc c"])
    _pass_round(p)
    assert p.boat == 6


def test_tr_cutlass_block_and_window():
    s = _combat("tr", ["Pillar"], n=1)
    s.card[GUNNER] = CUTLASS
    s.apply(CHAR + GUNNER)
    s.apply(ENEMY + 0)
    roll(s, 1)
    assert combat.damage_of(s) == 1 + 1 + 3
    for a in (sq(0, 1, 1), sq(0, 1, 2), sq(0, 1, 3), sq(0, 2, 3), sq(0, 3, 3)):
        s.apply(a)
    assert s.hp[GUNNER] == 8 - (2 - 1)
    assert not any(f[0] == D_BLOCK for f in s.pend)  # no host block action: window passed


def test_pp_difficulty_start_power():
    """PP-END-2 (§6): croc start power 3 on hard, 1 on easy."""
    assert _combat("pp", ["Zokmere Croc a"], difficulty="hard").sg_power[0] == 3
    assert _combat("pp", ["Zokmere Croc a"], difficulty="easy").sg_power[0] == 1


def test_target_mask_only_remaining_enemies():
    s = _combat("pp", ["Pillar", "Lone square"])
    s.sg_cover[9] = 1
    s.card[LOIS] = WHIP
    s.apply(CHAR + LOIS)
    assert s.pend[-1][0] == D_TARGET and legal(s) == {ENEMY}


def test_block_window_host_action():
    """PP-COMBAT-9: block from abilities and equipment joins the card's in the block window;
    the window cycles from the active seat and closes when every seat passes in a row."""
    s = _combat("pp", ["Pillar", "Pillar"])
    s.sg_power[0] = 3
    s.guards = 1
    s.card[JON] = WHIP
    s.apply(CONFIRM)  # seat 0 passes; seat 1's Jon attacks
    s.apply(CHAR + JON)
    s.apply(ENEMY + 0)
    s.apply(sq(0, 1, 1))
    assert s.pend[-1][:2] == (D_BLOCK, 0)  # from the active seat
    assert combat.counter_value(s) == 2 + 2 - 2  # power 3 − 1, block 2
    s.apply(CONFIRM)
    assert s.pend[-1][:2] == (D_BLOCK, 1) and legal(s) == {CONFIRM, GUARD}
    s.apply(GUARD)
    assert combat.counter_value(s) == 0
    assert s.pend[-1][:2] == (D_BLOCK, 1) and s.pend[-1][2] == 0  # every seat asked again
    s.apply(CONFIRM)  # seat 1 passes; seat 0 has nothing: the window closes
    assert s.hp[JON] == 8 and s.pend[-1][:2] == (D_ATTACKER, 0)


def test_pp_four_cards_at_most_solo():
    """PP-COMBAT-2: solo, 5 characters but at most 4 cards; the round then ends."""
    s = _combat("pp", ["Pillar"], n=1)
    s.card[:] = [WHIP] * 5
    for c in (VINE, MILK, JON, LOIS):
        assert CHAR + c in legal(s)
        s.apply(CHAR + c)
        s.apply(ENEMY + 0)
        s.apply(SQUARE + min(a - SQUARE for a in legal(s) if a >= SQUARE))
    assert s.sg_com[C_ROUND] == 2 and CHAR + MEILING in legal(s)


def test_pp_vine_on_the_active_quota():
    """PP-COMBAT-2: 4 seats, 1 character each; the active seat plays on its own or on Vine."""
    s = _combat("pp", ["Pillar"], n=4)
    s.card[:] = [WHIP] * 5
    assert legal(s) == {CONFIRM, CHAR + VINE, CHAR + MILK}
    s.apply(CHAR + VINE)
    s.apply(ENEMY + 0)
    s.apply(sq(0, 1, 1))
    assert s.pend[-1][:2] == (D_ATTACKER, 1) and legal(s) == {CONFIRM, CHAR + JON}
    for _ in range(3):  # seats 1-3 pass
        s.apply(CONFIRM)
    # every seat passed after the active's attack: the round ends; the active seat opens the next
    assert s.sg_com[C_ROUND] == 2 and legal(s) == {CONFIRM, CHAR + VINE, CHAR + MILK}


def test_tr_each_crew_member_once_per_round():
    """TR-BASE-COMBAT-3: every crew member, the Captain too, attacks at most once a round;
    players cycle from the active one."""
    s = _combat("tr", ["Pillar"], n=2)
    assert legal(s) == {CONFIRM, CHAR + CAPTAIN, CHAR + NAVIGATOR, CHAR + SURGEON}
    s.apply(CHAR + CAPTAIN)
    s.apply(ENEMY + 0)
    roll(s, 0)
    assert s.pend[-1][:2] == (D_ATTACKER, 1) and legal(s) == {CONFIRM, CHAR + GUNNER, CHAR + COOK}
    s.apply(CONFIRM)
    assert legal(s) == {CONFIRM, CHAR + NAVIGATOR, CHAR + SURGEON}


def test_reroll_the_combat_die():
    """PP §3 combat sequence: the die window after the roll (a reroll token here) rolls again."""
    from .host import REROLL, WRENCH

    s = _combat("pp", ["Pillar"])
    s.rerolls = 1
    s.card[LOIS] = WRENCH
    s.apply(CHAR + LOIS)
    s.apply(ENEMY + 0)
    roll(s, 0)
    assert s.pend[-1][:2] == (D_ROLLED, 0) and legal(s) == {CONFIRM, REROLL}
    s.apply(REROLL)
    roll(s, 3)
    assert s.pend[-1][0] == D_PLACE and combat.damage_of(s) == 3 + 0  # Lois has CRA 0
    assert s.rerolls == 0


def test_easy_die_bonus_both_ways():
    """PP-COMBAT-4 / PP-END-2: on easy a card adding the die gets +1, one subtracting it
    subtracts 1 less."""
    for difficulty, adds, subtracts in (("normal", 3, 1), ("easy", 4, 2)):
        for sign, want in ((1, adds), (-1, subtracts)):
            s = _combat("pp", ["Pillar"], difficulty=difficulty)
            _attack(s, LOIS, AttackProfile(1 if sign > 0 else 3, die_sign=sign), 0)
            roll(s, 2)
            assert combat.damage_of(s) == want, (difficulty, sign)


def test_non_attack_power_removal_respects_cant_remove_power():
    """PP-COMBAT-8 / PP-CHAR-8: rope or Jon's ability removes power, never while N is uncovered."""
    s = _combat("pp", ["Mudback Brute", "Zokmere Croc a"])
    s.sg_power[0] = 2
    assert combat.remove_power(s, 0, 1) == 0 and s.sg_power[0] == 2
    assert combat.remove_power(s, 1, 5) == 2 and s.sg_power[1] == 0  # floor 0
    s.sg_cover[1] = 1  # N covered
    assert combat.remove_power(s, 0, 1) == 1 and s.sg_power[0] == 1


def test_keep_another_result_in_the_die_window():
    """TR Fortune (TR-BASE-SKILL): a host draws again and keeps either: ``set_roll``."""
    from .host import REROLL

    s = _combat("tr", ["Pillar"], n=1)
    s.rerolls = 1  # keeps the window open
    s.card[GUNNER] = CUTLASS
    s.apply(CHAR + GUNNER)
    s.apply(ENEMY + 0)
    roll(s, 0)
    assert combat.damage_of(s) == 1 + 0 + 3
    combat.set_roll(s, 4)
    assert combat.damage_of(s) == 1 + 4 + 3
    s.rerolls = 0
    s.invalidate()
    assert legal(s) == {CONFIRM} and REROLL not in legal(s)


def test_an_ability_on_the_last_square_fires_in_the_enemy_phase():
    """PP-COMBAT-10: in the enemy phase each remaining enemy's uncovered hourglass abilities fire
    in grid order, the bottom right square's too (PP §2.7's Screech Swarm "F1./1P1/.1F"): with its
    top left F covered, the bottom right F still frightens a character the active seat picks."""
    s = _combat("pp", ["Screech Swarm"])
    s.sg_cover[0] = 1  # the top left F
    _pass_round(s)
    assert s.pend[-1][0] == D_CHAR_TARGET and legal(s) == {CHAR + c for c in range(5)}
    s.apply(CHAR + MILK)
    assert characters.has(s, MILK, FRIGHTENED)


def test_a_combat_has_one_to_the_most_enemies():
    """PP-COMBAT-1: a combat card holds its enemies left to right, at least one and at most the
    host's slots; starting a combat with none or one too many is a host error, said in words."""
    s = new("tr", 2)
    for ids in ([], [E["Pillar"]] * (s.game.sg.max_enemies + 1)):
        with pytest.raises(ValueError, match=f"a combat has 1..{s.game.sg.max_enemies} enemies, not {len(ids)}"):
            combat.start(s, ids)
    combat.start(s, [E["Pillar"]] * s.game.sg.max_enemies)
    assert len(s.sg_enemy) == s.game.sg.max_enemies
