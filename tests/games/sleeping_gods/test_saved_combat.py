"""The Sleeping Gods core's combat record in saved states (core invariants, run on load): each
case takes a state of seeded random Tides of Ruin play where a combat runs (the core serves
Primeval Peril the same way), changes one thing the combat rules forbid, and expects the loader to
refuse it in words. PP-COMBAT: each character attacks at most once a round, an attack has one
attacker and one target among the enemies, and the player controlling the attacker decides."""
from __future__ import annotations

from boardgym.games.sleeping_gods.kinds import (A_BASE, A_CH, A_D, A_LEFT, A_ON, A_ROLL, A_STEP, A_TGT, AS_NONE,
                                                AS_ROLLED, AS_TARGET, C_ATTACKED, C_COUNT, C_EOR_E, C_ROUND, C_STATE,
                                                C_TURN, CB_NONE, CB_RUNNING, CH_JOIN, CH_ROLL, CH_WINDOW, D_ATTACKER,
                                                D_CHAR_TARGET, D_HEAL_SQUARE, D_JOIN, D_TARGET, D_WOUND, EOR_LETTERS,
                                                H_STATE)
from boardgym.games.tides_of_ruin_arcade.kinds import PH_CHALLENGE
from tests.games.primeval_peril.helpers import find_save as find_pp_save
from tests.games.saved_pool import edited, load, refused, top
from tests.games.tides_of_ruin_arcade.helpers import find_save


def _with_atk(data, **at):
    atk = list(data["state"]["sg_atk"])
    for k, v in at.items():
        atk[{"ch": A_CH, "tgt": A_TGT, "step": A_STEP}[k]] = v
    return edited(data, sg_atk=atk)


def test_an_attack_past_its_target_choice_has_an_enemy_target():
    """PP-COMBAT: after the target is chosen, the attack's target is one of the combat's enemies;
    none (-1) or one past the last is refused."""
    g, data = find_save(lambda st: st["sg_atk"][A_STEP] > AS_TARGET and st["sg_enemy"])
    n = len(data["state"]["sg_enemy"])
    for bad in (-1, n):
        refused(g, _with_atk(data, tgt=bad), f"the attack's target {bad} is not one of the {n} enemies")


def test_no_attacker_is_recorded_between_attacks():
    """PP-COMBAT: the attacker and target belong to the attack being resolved; between attacks
    neither is recorded, the first character (0) included."""
    g, data = find_save(lambda st: st["sg_enemy"] and st["sg_atk"][A_STEP] == AS_NONE and st["sg_atk"][A_CH] < 0)
    for change in ({"ch": 0}, {"tgt": 0}):
        refused(g, _with_atk(data, **change), "an attacker or target is recorded with no attack being resolved")


def test_the_rounds_attack_count_matches_the_attackers_and_the_seats():
    """PP-COMBAT: each character attacks at most once a round; the round's count is both the
    characters marked as having attacked and the seats' counts. A count that disagrees with
    either alone is refused."""
    g, data = find_save(lambda st: st["sg_enemy"] and st["sg_com"][C_COUNT] >= 1 and st["sg_atk"][A_STEP] == AS_NONE)
    st = data["state"]
    seats = list(st["sg_seat_atk"])
    seats[seats.index(max(seats))] += 1      # the seats count one more; the attackers' bits do not
    refused(g, edited(data, sg_seat_atk=seats), "the round's attack count disagrees")
    com = list(st["sg_com"])
    attacked = com[C_ATTACKED]
    com[C_ATTACKED] = attacked | (1 << next(c for c in range(5) if not attacked >> c & 1))
    refused(g, edited(data, sg_com=com), "the round's attack count disagrees")


def test_a_target_choice_waits_at_the_target_step():
    """PP-COMBAT: the target is chosen once the attacker is; a target choice pending while the
    attack is at another step is refused."""
    g, data = find_save(lambda st: top(st)[0] == D_TARGET and st["sg_atk"][A_STEP] == AS_TARGET)
    assert load(g, data) is not None
    refused(g, _with_atk(data, step=AS_ROLLED, tgt=0), "the combat is not at that step of an attack")


def test_the_target_choice_names_the_seat_that_does_not_control_the_attacker():
    """TR-BASE-CREW: the attacker's controller chooses; with 2 players, the refusal of a choice
    given to the other seat names that seat."""
    g, data = find_save(lambda st: top(st)[0] == D_TARGET and len(st["om"]) == 2)
    st = data["state"]
    frame = list(top(st))
    frame[1] = 1 - frame[1]
    refused(g, edited(data, pend=st["pend"][:-1] + [frame]), f"seat {frame[1]} does not control the attacker")


def test_an_attacker_attacks_once_a_round():
    """PP-COMBAT: a character already marked as having attacked this round cannot be resolving a
    new attack, the first character included."""
    g, data = find_save(lambda st: st["sg_atk"][A_STEP] > AS_NONE and st["sg_atk"][A_CH] >= 0
                    and not st["sg_com"][C_ATTACKED] >> st["sg_atk"][A_CH] & 1)
    st = data["state"]
    ch = st["sg_atk"][A_CH]
    com = list(st["sg_com"])
    com[C_ATTACKED] |= 1 << ch
    com[C_COUNT] += 1
    seats = list(st["sg_seat_atk"])
    seat = load(g, data).controller(ch)
    seats[seat] += 1
    refused(g, edited(data, sg_com=com, sg_seat_atk=seats), f"character {ch} attacks a second time this round")


def test_a_heal_choice_names_the_enemy_it_cannot_heal():
    """PP-COMBAT (enemy phase heal): a heal that removes tokens needs an enemy with more tokens
    than it removes; the refusal names the enemy."""
    g, data = find_save(lambda st: top(st)[0] == D_HEAL_SQUARE)
    st = data["state"]
    frame = list(top(st))
    frame[3] = 9   # removes more tokens than any grid of 9 squares holds
    refused(g, edited(data, pend=st["pend"][:-1] + [frame]),
            f"enemy {frame[2]} has no more tokens than the heal removes")


def test_a_wound_choice_waits_only_between_several_candidates():
    """PP-CHAL-4, PP-CORE-5: damage goes to the preferred characters above 0 HP, else to anyone
    above 0 HP; the active seat is asked only when several could take the next point. A pending
    wound choice with the preferred set narrowed to one character is refused."""
    g, data = find_save(lambda st: top(st)[0] == D_WOUND)
    st = data["state"]
    frame = list(top(st))
    alive = [c for c, hp in enumerate(st["hp"]) if hp > 0]
    assert len(alive) > 1 and load(g, data) is not None
    frame[3] = 1 << alive[0]     # only one preferred character, above 0 HP
    refused(g, edited(data, pend=st["pend"][:-1] + [frame]), "has no choice to make")


def test_an_attacks_numbers_are_cleared_between_attacks_and_empty_before_its_draw():
    """PP-COMBAT: each attack starts from nothing: between attacks the attack record is clear (a
    base, a roll or damage left from the last one is refused), and an attack still choosing its
    target has drawn, dealt and placed nothing."""
    g, data = find_save(lambda st: st["sg_enemy"] and st["sg_atk"][A_STEP] == AS_NONE)
    for field in (A_D, A_ROLL, A_BASE):
        atk = list(data["state"]["sg_atk"])
        atk[field] = 1
        refused(g, edited(data, sg_atk=atk), "an attack's numbers are left over with no attack being resolved")
    g, data = find_save(lambda st: top(st)[0] == D_TARGET and st["sg_atk"][A_STEP] == AS_TARGET)
    for field in (A_D, A_LEFT, A_ON, A_ROLL):
        atk = list(data["state"]["sg_atk"])
        atk[field] = 1
        refused(g, edited(data, sg_atk=atk), "damage or a draw is recorded for an attack that has no target yet")


def test_an_enemy_phase_step_past_the_last_is_refused():
    """PP-COMBAT (end of round): an enemy's end-of-round steps are its hourglass squares, then up
    to 4 statuses it grants, numbered from the status step (10) to 14; a save with step 15 is
    refused by the field's declaration, naming it."""
    g, data = find_save(lambda st: st["sg_enemy"])
    com = list(data["state"]["sg_com"])
    com[-1] = 15
    refused(g, edited(data, sg_com=com), "is 15", "an end-of-round step")


def test_the_core_draws_one_destiny_card_at_a_time():
    """PP-COMBAT, TR-BASE-CHAL: each draw is resolved before the next is queued; a save with two
    of the core's draws queued at once is refused, saying how many."""
    g, data = find_save(lambda st: st["phase"] == PH_CHALLENGE and st["cq"] and st["cq"][0][0] == CH_ROLL)
    refused(g, edited(data, cq=data["state"]["cq"] * 2), "2 core draws queued at once")


def test_a_running_combat_is_within_the_round_cap():
    """PP-COMBAT-13 / TR-BASE-COMBAT-6: reaching the round cap (30 rounds) ends the combat, as a
    defeat (Primeval Peril) or as fleeing (Tides of Ruin); so a combat still running is in round
    30 at most. Round 30 loads; round 31 of a running combat is refused."""
    g, data = find_save(lambda st: st["sg_com"][C_STATE] == CB_RUNNING and st["sg_atk"][A_STEP] == AS_NONE)
    cap = g.sg.hooks.round_cap
    com = list(data["state"]["sg_com"])
    com[C_ROUND] = cap
    assert load(g, edited(data, sg_com=com)).sg_com[C_ROUND] == cap
    com[C_ROUND] = cap + 1
    refused(g, edited(data, sg_com=com), f"the combat runs in round {cap + 1}, past the cap of {cap} rounds")


def test_a_join_choice_is_asked_of_the_seat_whose_turn_to_join_it_is():
    """PP-CHAL-1, TR-BASE-CHAL-1: "Decide which of your characters will participate ... Other
    players may choose to have their character(s) participate": the seats are asked in turn from
    the active one while the challenge takes its participants. A join choice given to the other
    seat, or one waiting while the challenge is past joining, is refused."""
    g, data = find_save(lambda st: top(st)[0] == D_JOIN and len(st["om"]) == 2)
    st = data["state"]
    assert load(g, data) is not None and st["sg_chal"][H_STATE] == CH_JOIN
    frame = list(top(st))
    frame[1] = 1 - frame[1]
    refused(g, edited(data, pend=st["pend"][:-1] + [frame]), "not the joining seat of a challenge")
    chal = list(st["sg_chal"])
    chal[H_STATE] = CH_WINDOW      # the seat is right, the challenge is not taking participants
    refused(g, edited(data, sg_chal=chal), "not the joining seat of a challenge")


def test_an_attacker_choice_names_the_seat_asked_and_the_seat_whose_turn_it_is():
    """TR-BASE-COMBAT-3: "turns cycle from the active player": the attacker is chosen by the
    seat whose combat turn it is; a save asking the other seat is refused, naming both seats."""
    g, data = find_save(lambda st: top(st)[0] == D_ATTACKER and len(st["om"]) == 2)
    st = data["state"]
    frame = list(top(st))
    assert load(g, data) is not None and frame[1] == st["sg_com"][C_TURN]
    frame[1] = 1 - frame[1]
    refused(g, edited(data, pend=st["pend"][:-1] + [frame]),
            f"seat {frame[1]} asked, but it is seat {st['sg_com'][C_TURN]}'s turn")


def test_a_heal_choice_names_one_of_the_combats_enemies():
    """PP-COMBAT (end of round): "Each remaining enemy then gains power and activates their end
    of round abilities": a heal belongs to one of the combat's enemies; a slot past the last
    (the frame's field allows 4) is refused, naming it."""
    g, data = find_save(lambda st: top(st)[0] == D_HEAL_SQUARE and len(st["sg_enemy"]) < 4)
    st = data["state"]
    frame = list(top(st))
    frame[2] = len(st["sg_enemy"])
    refused(g, edited(data, pend=st["pend"][:-1] + [frame]), f"no enemy phase, or no enemy {frame[2]}")


def test_a_character_target_waits_inside_a_combat_only_in_its_enemy_phase():
    """PP-COMBAT (end of round): "The active player decides which characters are affected by
    enemy abilities": inside a combat, a character is chosen for an enemy's ability only in the
    enemy phase, whatever the ability. Outside combat a status may be aimed (a failed challenge's
    madness, venom), but damage (D) is chosen only in the enemy phase."""
    g, data = find_save(lambda st: top(st)[0] == D_CHAR_TARGET and EOR_LETTERS[top(st)[2]] != "D")
    st = data["state"]
    assert load(g, data) is not None and st["sg_com"][C_STATE] == CB_RUNNING and st["sg_com"][C_EOR_E] >= 0
    com = list(st["sg_com"])
    com[C_EOR_E] = -1              # the combat runs, its enemy phase does not
    refused(g, edited(data, sg_com=com), "inside a combat only in its enemy phase")
    g, data = find_pp_save(lambda st: top(st)[0] == D_CHAR_TARGET and st["sg_com"][C_STATE] == CB_NONE)
    st = data["state"]
    assert load(g, data) is not None and EOR_LETTERS[top(st)[2]] != "D"
    frame = list(top(st))
    frame[2] = EOR_LETTERS.index("D")
    refused(g, edited(data, pend=st["pend"][:-1] + [frame]), "damage only there")
