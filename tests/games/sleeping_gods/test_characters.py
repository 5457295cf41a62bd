"""Characters in the Sleeping Gods core (characters.py): health bounds, venom at turn start,
defeat, the 0-HP rule for challenges, attacks and damage, statuses (PP-CORE-2,5,6, PP-TURN-1,
PP-CHAR-4, PP-COMBAT-9, TR-BASE-COND-2,3), through the test host's frames."""
from boardgym.games.sleeping_gods import challenge, characters
from boardgym.games.sleeping_gods.kinds import D_WOUND, FRIGHTENED, MADNESS, VENOM, WEAKENED

from .host import (CHAR, CONFIRM, GUNNER, JON, LOIS, MEILING, MILK, NAVIGATOR, PP_HP, STR, TR_HP, VINE,
                   legal, new, roll)


def test_venom_costs_1_at_turn_start_while_above_0():
    """PP-TURN-1: "At start, venom costs 1 HP (only while HP > 0)"; rulebook: "Venom: This
    character takes 1 damage at the start of each player's turn. If a character reaches 0 health,
    ignore the token until the character has at least 1 health." Jon (venomed) at 1 falls to 0,
    then stays; Lois (venomed) at full loses 1; Milk (no venom) loses nothing."""
    s = new("pp", 2)
    characters.give(s, JON, VENOM)
    characters.give(s, LOIS, VENOM)
    s.hp[JON] = 1
    assert characters.venom_tick(s) == [JON, LOIS]
    assert s.hp[JON] == 0 and s.hp[LOIS] == PP_HP[LOIS] - 1 and s.hp[MILK] == PP_HP[MILK]
    assert characters.venom_tick(s) == [LOIS]
    assert s.hp[JON] == 0 and s.hp[LOIS] == PP_HP[LOIS] - 2


def test_defeat_only_when_every_character_is_at_0():
    """PP-CORE-6: "All 5 characters at 0 HP: defeat"; rulebook: "If all characters have 0
    health, you are defeated." Four at 0 and one at 1 is not a defeat; all five at 0 is."""
    s = new("pp", 2)
    s.hp = [0, 0, 0, 0, 1]
    assert not characters.all_down(s)
    s.hp[4] = 0
    assert characters.all_down(s)


def test_health_stays_between_0_and_max():
    """PP-CORE-2: "HP ∈ [0, max]"; rulebook: "You can never have more than your max health" and
    "In combat, ... any remaining damage is ignored". Healing past the maximum stops at it and
    returns what was gained; combat damage past 0 stops at 0; nothing, or a negative amount,
    changes nothing."""
    s = new("pp", 2)
    s.hp[JON] = PP_HP[JON] - 2
    assert characters.heal(s, JON, 5) == 2 and s.hp[JON] == PP_HP[JON]
    assert characters.heal(s, JON, 0) == 0 and characters.heal(s, JON, -2) == 0 and s.hp[JON] == PP_HP[JON]
    s.hp[JON] = 3
    assert characters.heal(s, JON, 0) == 0 and characters.heal(s, JON, -1) == 0 and s.hp[JON] == 3
    assert characters.heal(s, JON, 1) == 1 and s.hp[JON] == 4
    assert characters.combat_damage(s, JON, 0) == 0 and characters.combat_damage(s, JON, -1) == 0
    assert s.hp[JON] == 4
    assert characters.combat_damage(s, JON, 1) == 1 and s.hp[JON] == 3
    assert characters.combat_damage(s, JON, 5) == 3 and s.hp[JON] == 0


def test_one_health_is_enough_to_join_and_attack():
    """PP-CORE-5 / rulebook: at 0 health a character "cannot assist in skill challenges,
    participate in combat ... until they have at least 1 health": at 1 they can, at 0 they
    cannot; a frightened one cannot attack (PP-CHAR-4)."""
    s = new("pp", 1)
    s.hp[JON], s.hp[LOIS] = 1, 0
    assert characters.can_join(s, JON) and not characters.can_join(s, LOIS)
    assert characters.can_attack(s, JON) and not characters.can_attack(s, LOIS)
    characters.give(s, MEILING, FRIGHTENED)
    assert not characters.can_attack(s, MEILING) and characters.can_join(s, MEILING)
    challenge.start(s, STR, 5, 0)
    assert CHAR + JON in legal(s) and CHAR + LOIS not in legal(s)


def test_fatigue_3_stops_joining_and_attacking():
    """TR-BASE-COND-3: "at 3 a crew member can neither participate nor attack"; 2 fatigue still
    can."""
    s = new("tr", 1)
    s.res[GUNNER], s.res[NAVIGATOR] = 3, 2
    assert not characters.can_join(s, GUNNER) and not characters.can_attack(s, GUNNER)
    assert characters.can_join(s, NAVIGATOR) and characters.can_attack(s, NAVIGATOR)


def test_a_status_is_removed_alone():
    """PP-CORE-2: "at most one of each per character": removing venom leaves Jon's other
    statuses, and removing one he lacks changes nothing."""
    s = new("pp", 1)
    for st in (VENOM, WEAKENED, MADNESS):
        assert characters.give(s, JON, st)
    characters.remove(s, JON, VENOM)
    assert not characters.has(s, JON, VENOM) and characters.has(s, JON, WEAKENED) and characters.has(s, JON, MADNESS)
    characters.remove(s, JON, FRIGHTENED)
    assert [characters.has(s, JON, st) for st in (VENOM, FRIGHTENED, WEAKENED, MADNESS)] == [False, False, True, True]
    assert s.status[LOIS] == 0


def test_damage_outside_combat_goes_to_others_once_the_preferred_fall():
    """PP-CORE-5: "outside combat the excess goes to others"; rulebook: "Outside of combat, if you
    assign damage to a character and they reach 0 health, you must assign the remaining damage to
    other characters." 3 damage, Jon (the only participant) at 1: he takes 1 at once, then the
    active seat places the other 2 among those above 0, one point at a time."""
    s = new("pp", 1)
    s.hp[JON], s.hp[VINE] = 1, 0
    characters.distribute(s, 3, 1 << JON)
    assert s.hp[JON] == 0
    assert s.pend[-1][:3] == (D_WOUND, 0, 2)
    assert legal(s) == {CHAR + c for c in (MILK, LOIS, MEILING)}
    s.apply(CHAR + LOIS)
    assert s.pend[-1][:3] == (D_WOUND, 0, 1) and s.hp[LOIS] == PP_HP[LOIS] - 1
    s.apply(CHAR + LOIS)
    assert not s.pend and s.hp[LOIS] == PP_HP[LOIS] - 2


def test_damage_no_one_can_take_is_lost():
    """PP-CORE-5: a 0-HP character "takes no damage": with one character above 0 it takes every
    point it can without a question, and the rest is lost."""
    s = new("tr", 1)
    s.hp = [0, 2, 0, 0, 0]
    characters.distribute(s, 4)
    assert s.hp == [0, 0, 0, 0, 0] and not s.pend
    assert TR_HP[NAVIGATOR] > 2


def test_a_lone_participant_takes_the_failure_damage_while_above_0():
    """PP-CHAL-4 / PP-CORE-5: failure damage goes first to participants "with HP > 0": Jon joins
    at 2 HP, the only participant, and takes both points of 2 one by one (at 1 he is still above
    0), with no question asked."""
    s = new("pp", 1)
    s.hp[JON] = 2
    challenge.start(s, STR, 9, 2)
    s.apply(CHAR + JON)
    s.apply(CONFIRM)
    roll(s, 0)
    assert s.hp[JON] == 0 and challenge.done(s) and not s.pend  # both points to Jon, one by one


def test_damage_with_no_preference_is_placed_by_the_active_seat():
    """PP-CORE-1: "Outside combat, active splits damage": damage with no one preferred (not a
    challenge's) is offered on every character above 0, Vine included, and placed as chosen."""
    s = new("pp", 2)
    characters.distribute(s, 1)
    assert s.pend[-1][:3] == (D_WOUND, 0, 1) and legal(s) == {CHAR + c for c in range(5)}
    s.apply(CHAR + MILK)
    assert not s.pend and s.hp == [h - (c == MILK) for c, h in enumerate(PP_HP)]
