"""Challenges with mastery (TR-MAST, TR-BASE-CHAL), skill-card abilities in the core's windows
(TR-BASE-SKILL), fatigue (TR-BASE-COND-3), combat (TR-BASE-COMBAT, TR-REF-1) and the final
battle (TR-BOSS)."""
import json

import pytest

from boardgym.core import CHANCE, StateError
from boardgym.games.sleeping_gods import grid
from boardgym.games.sleeping_gods.kinds import (C_ROUND, D_ATTACKER, D_CHAR_TARGET, D_HEAL_ALLY,
                                                D_HEAL_SQUARE, D_JOIN, D_MODIFY, H_ROLL, P_CHALLENGE, P_HOST,
                                                VENOM)
from boardgym.games.tides_of_ruin_arcade import actions as A
from boardgym.games.tides_of_ruin_arcade.kinds import (D_KEEP, PH_BOSS, PH_COMBAT, PH_REVEAL)

from ..packs import edited_pack
from .helpers import (CAPTAIN, GUNNER, KNO, NAVIGATOR, SURGEON, challenge_id, combat_id, destiny, game,
                      legal, outcome, play_until, reveal, to_combat_window, to_prep)

FORTUNE, KNACK_KNO = 14, 9


def _knowledge_6(difficulty, draw, wounded=True):
    """KNOWLEDGE 6 (spec §6): the Navigator (KNO 3) and the Surgeon (KNO 2) join, Destiny ``draw``."""
    s = game(difficulty=difficulty).new_initial_state()
    to_prep(s)
    if wounded:
        s.hp[NAVIGATOR] -= 1
    s.invalidate()
    reveal(s, challenge_id(s, KNO, 6))
    assert s.pend[-1][0] == D_JOIN
    s.apply(A.CREW + NAVIGATOR)
    s.apply(A.CREW + SURGEON)
    assert s.res[NAVIGATOR] == s.res[SURGEON] == 1  # TR-BASE-CHAL-1: paid at once
    s.apply(A.CONFIRM)
    destiny(s, draw)
    assert s.pend[-1][0] == D_MODIFY  # 1 OM buys a redraw, so the window asks
    s.apply(A.CONFIRM)
    return s


@pytest.mark.parametrize("difficulty,mastery", [("easy", True), ("intermediate", True), ("hard", False)])
def test_knowledge_6_total_8(difficulty, mastery):
    """TR-MAST-1,2: total 8 succeeds; mastery needs 6 + 0 / 6 + 2 / 6 + 4: +1 XP and 1 wound
    healed on easy and intermediate, not on hard (and no other consequence)."""
    s = _knowledge_6(difficulty, 3)
    card = s.game.content.challenges[challenge_id(s, KNO, 6)]
    assert card.id in s.won and s.res[NAVIGATOR] == s.res[SURGEON] == 1
    reward_xp = card.reward[1] if card.reward[0] == 3 else 0
    assert s.xp_gained == reward_xp + (1 if mastery else 0)
    assert s.hp[NAVIGATOR] == s.max_hp(NAVIGATOR) - (0 if mastery else 1)


@pytest.mark.parametrize("difficulty,draw,mastery", [
    ("easy", 1, True), ("intermediate", 3, True), ("hard", 4, False), ("hard", 5, True)])
def test_mastery_margin_at_its_boundary(difficulty, draw, mastery):
    """TR-MAST-1,2: "A total >= number + M also grants the card's mastery rewards", M = 0 / 2 / 4:
    on KNOWLEDGE 6 (KNO 3 + 2 joined) a total of exactly 6 on easy, 8 on intermediate and 10 on
    hard is mastery (+1 XP, 1 wound healed); 9 on hard is a success without it."""
    s = _knowledge_6(difficulty, draw)
    card = s.game.content.challenges[challenge_id(s, KNO, 6)]
    assert card.id in s.won
    reward_xp = card.reward[1] if card.reward[0] == 3 else 0
    assert s.xp_gained == reward_xp + (1 if mastery else 0)
    assert s.hp[NAVIGATOR] == s.max_hp(NAVIGATOR) - (0 if mastery else 1)


def test_total_7_on_intermediate_succeeds_without_mastery():
    s = _knowledge_6("intermediate", 2)
    assert challenge_id(s, KNO, 6) in s.won and s.hp[NAVIGATOR] == s.max_hp(NAVIGATOR) - 1


def test_failure_wounds_participants_first():
    """TR-BASE-CHAL-4: a failure's wounds go to participants first; the card goes face down."""
    s = game().new_initial_state()
    to_prep(s)
    reveal(s, challenge_id(s, KNO, 6))  # 2 wounds on failure
    s.apply(A.CREW + GUNNER)  # KNO 0
    s.apply(A.CONFIRM)
    destiny(s, 0)
    s.apply(A.CONFIRM)
    assert challenge_id(s, KNO, 6) in s.lost
    assert s.hp[GUNNER] == s.max_hp(GUNNER) - 2 and s.hp[CAPTAIN] == s.max_hp(CAPTAIN)


def test_fatigue_3_cannot_join_or_attack():
    """TR-BASE-COND-3: at 3 fatigue a crew member can neither participate nor attack."""
    s = game().new_initial_state()
    to_prep(s)
    s.res[NAVIGATOR] = 3
    s.invalidate()
    reveal(s, challenge_id(s, KNO, 6))
    assert A.CREW + NAVIGATOR not in legal(s) and A.CREW + SURGEON in legal(s)
    s2 = game().new_initial_state()
    to_prep(s2)
    to_combat_window(s2)
    s2.res[GUNNER] = 3
    s2.invalidate()
    reveal(s2, combat_id(s2, "the_coral_wall"))
    assert s2.pend[-1][0] == D_ATTACKER
    assert A.CREW + GUNNER not in legal(s2) and A.CREW + CAPTAIN in legal(s2)


def _fortune_drawing():
    """KNOWLEDGE 8 with the Navigator's Knack used and its Fortune's second draw pending."""
    s = game().new_initial_state()
    to_prep(s, skill=KNACK_KNO)
    s.hand[0] = [KNACK_KNO, FORTUNE]
    s.invalidate()
    s.apply(A.HAND + 0)
    s.apply(A.CREW + NAVIGATOR)
    s.apply(A.HAND + 0)
    s.apply(A.CREW + NAVIGATOR)
    assert s.om == [3] and s.skill(NAVIGATOR, KNO) == 3 + 1 + 1
    reveal(s, challenge_id(s, KNO, 8))
    s.apply(A.CREW + NAVIGATOR)
    s.apply(A.CONFIRM)
    destiny(s, 0)
    knack, fortune = A.EQUIPPED + 2 * NAVIGATOR, A.EQUIPPED + 2 * NAVIGATOR + 1
    assert {knack, fortune, A.REDRAW} <= legal(s)
    s.apply(knack)
    assert s.om == [2] and knack not in legal(s)
    s.apply(fortune)
    assert s.cq == [(0, P_HOST)]
    return s, knack, fortune


def test_knack_adds_2_and_fortune_keeps_either_draw():
    """TR-BASE-SKILL: an equipped Knack (+1 KNO icon) gives +2 to its skill's challenge for 1
    OM, once per encounter; Fortune (+1 KNO, equip 1 OM) draws again, the seat keeps either."""
    s, knack, fortune = _fortune_drawing()
    outcome(s, 1)
    assert s.pend[-1][0] == D_KEEP and legal(s) == {A.CONFIRM, A.KEEP_EARLIER}
    s.apply(A.CONFIRM)  # keep the new 1: 5 + 1 + 2 = 8
    assert s.pend[-1][0] == D_MODIFY and fortune not in legal(s)
    s.apply(A.CONFIRM)
    assert challenge_id(s, KNO, 8) in s.won and s.om == [1]


def test_fortunes_choice_waits_for_its_second_draw():
    """TR-BASE-SKILL (Fortune): "draw again, and keep either": the choice of which draw to keep
    follows the second draw. A save where the keep choice already sits on top of the window while
    the second draw is still pending is refused in words; the save made at the draw loads."""
    s, _, _ = _fortune_drawing()
    data = json.loads(s.to_json())
    assert s.game.state_from_json(json.dumps(data)).cq == [(0, P_HOST)]
    window = data["state"]["pend"][-1]
    data["state"]["pend"].append([D_KEEP, window[1], s.sg_chal[H_ROLL], 16 * P_CHALLENGE + 1])
    with pytest.raises(StateError, match="Fortune's draw without its window"):
        s.game.state_from_json(json.dumps(data))


def test_flee_from_round_two():
    """TR-BASE-COMBAT-6: FLEE is masked in round 1; in round 2 the card fails (face down) and
    each crew member above 0 HP gains 1 fatigue."""
    s = game().new_initial_state()
    to_prep(s)
    to_combat_window(s)
    s.hp[COOK] = 0
    s.res = [0] * 5
    s.invalidate()
    reveal(s, combat_id(s, "the_coral_wall"))
    assert A.FLEE not in legal(s)
    s.apply(A.CONFIRM)  # everybody passes round 1
    _end_of_round(s)
    assert s.sg_com[C_ROUND] == 2 and A.FLEE in legal(s)
    s.apply(A.FLEE)
    assert combat_id(s, "the_coral_wall") + 50 in s.lost
    assert s.res == [1, 1, 1, 1, 0]


COOK = 4


def _end_of_round(s):
    while s.pend and s.pend[-1][0] in (D_CHAR_TARGET, D_HEAL_SQUARE, D_HEAL_ALLY):
        s.apply(min(legal(s)))


def test_boat_damage_is_ignored():
    """TR-REF-1: an O2 ability does nothing (the boat is absent); a pack with one plays."""
    from boardgym.games.tides_of_ruin_arcade.content import DEFAULT_PACK

    def edit(doc):
        e = next(x for x in doc["enemies"] if x["id"] == "gull_swarm")
        e["grid"], e["params"] = "1O1/.1./1P1", {"O": 2}

    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        g = game(content_pack=edited_pack(DEFAULT_PACK, tmp, "enemies", edit))
        assert g.sg.hooks.ignored_effects == frozenset({"O"})
        s = g.new_initial_state()
        to_prep(s)
        to_combat_window(s)
        reveal(s, combat_id(s, "lights_under_the_hull"))  # gull swarm and lantern jelly
        hp = list(s.hp)
        s.apply(A.CONFIRM)
        _end_of_round(s)
        lost = sum(hp) - sum(s.hp)
        assert lost == 0 and s.sg_com[C_ROUND] == 2  # the jelly's V poisons, no one is hurt


def _to_final_battle(difficulty, seed=5):
    """Play with the heuristic until the face of the last card (the final combat) is drawn."""
    s = game(difficulty=difficulty).new_initial_state()
    return play_until(s, lambda s: s.phase == PH_REVEAL and not s.deck, seed)


def test_boss_draws_redraw_repeated_values():
    """TR-BOSS-1: hard draws Destiny 3 times; draws 2, 2, 5, 3 apply {2, 5, 3}, the second 2 is
    ignored and redrawn; the draws are chance nodes with no REDRAW or Fortune between them, and
    the observation shows the values applied and the draws left."""
    s = _to_final_battle("hard")
    s.sg_discard = [0] * len(s.sg_discard)
    outcome(s, combat_id(s, "dead_mans_boarding"))
    assert s.phase == PH_BOSS and s.final and s.boss_left == 3
    for v in (2, 2, 5):
        assert s.current_player == CHANCE and not s.pend
        destiny(s, v)
    assert s.boss == (1 << 2) | (1 << 5) and s.boss_left == 1
    # what the players see: the encounter piece ends with the final battle, the boss values
    # applied (6) and the boss draws left / 3
    enc = s.observation_dict(0)["encounter"]
    assert enc[-8] == 1.0 and list(enc[-7:-1]) == [0, 0, 1, 0, 0, 1]
    assert enc[-1] == pytest.approx(1 / 3)
    destiny(s, 3)
    assert s.boss == (1 << 2) | (1 << 3) | (1 << 5) and s.phase == PH_COMBAT
    assert s.sg_enemy == list(s.game.content.combats[combat_id(s, "dead_mans_boarding")].enemies)


@pytest.mark.parametrize("difficulty,draws", [("easy", 1), ("intermediate", 2)])
def test_boss_draws_by_difficulty(difficulty, draws):
    s = _to_final_battle(difficulty)
    s.sg_discard = [0] * len(s.sg_discard)
    outcome(s, combat_id(s, "eel_holes"))
    for v in range(draws):
        destiny(s, v)
    assert s.boss == (1 << draws) - 1 and s.phase == PH_COMBAT


def test_boss_improvements_stack():
    """TR-BOSS-2,3 / TR-BASE-BOSS: with {2, 3, 5} an attack-2 enemy with 1 power counterattacks
    for 5, a D2 deals 3, and at the end of round each of the 3 enemies poisons a different
    crew member."""
    s = _to_final_battle("hard")
    s.sg_discard = [0] * len(s.sg_discard)
    outcome(s, combat_id(s, "dead_mans_boarding"))
    for v in (2, 3, 5):
        destiny(s, v)
    m = s.game.sg.hooks.global_mods(s)
    assert (m.damage, m.counter, m.statuses) == (1, 1, ("V",))
    assert grid.counterattack(2, 1, 0, m.damage + m.counter) == 5
    assert 2 + m.damage == 3
    s.hp = [s.max_hp(c) for c in range(5)]
    s.status = [0] * 5
    s.invalidate()
    while s.pend[-1][0] == D_ATTACKER and s.sg_com[C_ROUND] == 1:
        s.apply(A.CONFIRM)
    raider_hit = None
    while s.pend and s.pend[-1][0] in (D_CHAR_TARGET, D_HEAL_SQUARE, D_HEAL_ALLY):
        f = s.pend[-1]
        if f[0] == D_CHAR_TARGET and f[2] == 0:  # the raider's D1 (+1)
            raider_hit = min(legal(s)) - A.CREW
        s.apply(min(legal(s)))
    poisoned = [c for c in range(5) if s.status[c] >> VENOM & 1]
    assert len(poisoned) == 3
    assert raider_hit is not None and s.hp[raider_hit] == s.max_hp(raider_hit) - 2


@pytest.mark.parametrize("choice", ["damage", "power"])
def test_guard_blocks_2_and_strike_adds_2_or_removes_power(choice):
    """TR-BASE-SKILL: Guard (1 OM) blocks 2 on any counterattack, here the eel's First Strike:
    1 + 1 power − (Cutlass block 1 + 2) = 0; Strike (1 OM) on the attacker's own attack: +2
    damage (D = 1 + Destiny + STR 3 + 1 + 2) or −1 power; each once per encounter."""
    from boardgym.games.sleeping_gods.kinds import A_D, D_BLOCK, D_PLACE, D_ROLLED
    from boardgym.games.tides_of_ruin_arcade.kinds import D_STRIKE

    s = game().new_initial_state()
    to_prep(s)
    to_combat_window(s)
    s.hand[0] = [10, 12]  # Strike (STR), Guard (CRA)
    s.om = [4]
    s.invalidate()
    s.apply(A.HAND + 0)
    s.apply(A.CREW + GUNNER)
    s.apply(A.HAND + 0)
    s.apply(A.CREW + GUNNER)
    cutlass = s.game.content.starting[0]
    s.apply(A.ADVENTURE + cutlass)
    s.apply(A.CREW + GUNNER)
    reveal(s, combat_id(s, "eel_holes"))
    s.apply(A.CREW + GUNNER)
    s.apply(A.ENEMY + 0)
    assert s.pend[-1][0] == D_BLOCK
    guard, strike = A.EQUIPPED + 2 * GUNNER + 1, A.EQUIPPED + 2 * GUNNER
    assert guard in legal(s) and strike not in legal(s)
    s.apply(guard)
    assert guard not in legal(s) and s.om == [3]
    hp = s.hp[GUNNER]
    s.apply(A.CONFIRM)
    assert s.hp[GUNNER] == hp  # blocked in full
    v = min(o for o, _ in s.chance_outcomes())
    destiny(s, v)
    assert s.pend[-1][0] == D_ROLLED and strike in legal(s)
    s.apply(strike)
    assert s.pend[-1][0] == D_STRIKE and legal(s) == {A.CONFIRM, A.STRIKE_POWER}
    saved = s.to_json()  # a save made while the Strike choice is pending loads, and plays on
    s = s.game.state_from_json(saved)
    assert s.to_json() == saved and legal(s) == {A.CONFIRM, A.STRIKE_POWER}
    s.apply(A.CONFIRM if choice == "damage" else A.STRIKE_POWER)
    assert strike not in legal(s) and s.om == [2]
    s.apply(A.CONFIRM)
    if choice == "damage":
        assert s.sg_atk[A_D] == 7 + v
    else:
        assert s.sg_atk[A_D] == 5 + v
        while s.pend and s.pend[-1][0] == D_PLACE:
            s.apply(A.CONFIRM)
        assert s.sg_power[0] == 0


def _navigator_with(card, om=4):
    """The first preparation window: the Navigator equips ``card`` (the player's only card)."""
    s = game().new_initial_state()
    to_prep(s, skill=card)
    s.hand[0] = [card]
    s.om = [om]
    s.invalidate()
    s.apply(A.HAND + 0)
    s.apply(A.CREW + NAVIGATOR)
    return s


def test_knack_is_offered_only_when_its_holder_takes_part():
    """TR-BASE-SKILL: Knack's ability is "+2 to a challenge in that skill", the challenge its
    holder faces: with the Surgeon alone in KNOWLEDGE 8, the Navigator's Knack is not offered
    (REDRAW still is); with the Navigator in, it is."""
    for joins, offered in ((SURGEON, False), (NAVIGATOR, True)):
        s = _navigator_with(KNACK_KNO)
        reveal(s, challenge_id(s, KNO, 8))
        s.apply(A.CREW + joins)
        s.apply(A.CONFIRM)
        destiny(s, 0)
        assert s.pend[-1][0] == D_MODIFY and A.REDRAW in legal(s)
        assert (A.EQUIPPED + 2 * NAVIGATOR in legal(s)) == offered


def test_fortune_keep_earlier_keeps_the_first_draw():
    """TR-BASE-SKILL: Fortune "after a Destiny draw ..., draw again and keep either": KNOWLEDGE 8,
    the Navigator (KNO 3 + 1 Fortune icon) draws 4 (total 8), Fortune draws 0, KEEP_EARLIER keeps
    the 4: the challenge succeeds. A save made while the choice is open (the keep decision holds
    the draw's purpose and the new draw in one number) loads back, as one made after it does."""
    s = _navigator_with(FORTUNE)
    reveal(s, challenge_id(s, KNO, 8))
    s.apply(A.CREW + NAVIGATOR)
    s.apply(A.CONFIRM)
    destiny(s, 4)
    s.apply(A.EQUIPPED + 2 * NAVIGATOR)
    outcome(s, 0)
    assert s.pend[-1][0] == D_KEEP
    open_choice = s.to_json()
    s = s.game.state_from_json(open_choice)
    assert s.to_json() == open_choice
    s.apply(A.KEEP_EARLIER)
    assert s.pend[-1][0] == D_MODIFY and s.fk_seat == -1  # no Fortune choice left open
    saved = s.to_json()
    s = s.game.state_from_json(saved)  # the save made after the choice loads back
    assert s.to_json() == saved
    s.apply(A.CONFIRM)
    assert challenge_id(s, KNO, 8) in s.won


@pytest.mark.parametrize("lowest_first", [True, False])
def test_fortune_after_an_attack_draw_keeps_the_new_draw(lowest_first):
    """TR-BASE-SKILL: Fortune also follows an attack's Destiny draw (TR-BASE-COMBAT-2): the
    Gunner's attack on the reef eel draws the lowest (or highest) value left in the Destiny deck,
    the Navigator's Fortune draws the other and CONFIRM keeps it: the attack's damage is that of
    a plain draw of the kept value."""
    from boardgym.games.sleeping_gods.kinds import A_D, A_ROLL, D_BLOCK, D_ROLLED

    s = game().new_initial_state()
    to_prep(s, skill=FORTUNE)
    to_combat_window(s)
    s.hand[0] = [FORTUNE]
    s.om = [4]
    s.invalidate()
    s.apply(A.HAND + 0)
    s.apply(A.CREW + NAVIGATOR)
    reveal(s, combat_id(s, "eel_holes"))
    s.apply(A.CREW + GUNNER)
    s.apply(A.ENEMY + 0)  # the eel's First Strike counterattacks first: nothing to block it with
    while s.current_player != CHANCE and s.pend[-1][0] == D_BLOCK:
        s.apply(A.CONFIRM)

    def attack_damage(draw, fortune_draw=None):
        t = s.clone()
        destiny(t, draw)
        assert t.pend[-1][0] == D_ROLLED
        if fortune_draw is not None:
            t.apply(A.EQUIPPED + 2 * NAVIGATOR)
            outcome(t, fortune_draw)
            assert t.pend[-1][0] == D_KEEP
            t.apply(A.CONFIRM)
            assert t.pend[-1][0] == D_ROLLED and t.sg_atk[A_ROLL] == fortune_draw
        t.apply(A.CONFIRM)
        return t.sg_atk[A_D]

    left = sorted(o for o, _ in s.chance_outcomes())
    first, second = (left[0], left[-1]) if lowest_first else (left[-1], left[0])
    assert attack_damage(first, second) == attack_damage(second) != attack_damage(first)


@pytest.mark.parametrize("om", [1, 2])
def test_one_ready_marker_pays_an_ability_or_a_redraw(om):
    """TR-BASE-SKILL: each ability costs 1 OM ("Ability (1 OM)"), and so does a redraw
    (TR-BASE-OM): with exactly 1 ready marker the Navigator's Knack and REDRAW are both offered;
    once the Knack has spent it, REDRAW is offered only if a marker is left."""
    s = _navigator_with(KNACK_KNO, om=om)
    reveal(s, challenge_id(s, KNO, 8))
    s.apply(A.CREW + NAVIGATOR)
    s.apply(A.CONFIRM)
    destiny(s, 0)
    knack = A.EQUIPPED + 2 * NAVIGATOR
    assert s.pend[-1][0] == D_MODIFY and {knack, A.REDRAW} <= legal(s)
    s.apply(knack)
    assert s.om == [om - 1] and (A.REDRAW in legal(s)) == (om > 1)


@pytest.mark.parametrize("holder", ["fit", "one_hp", "down", "mad", "no_marker", "captain_mad"])
def test_an_ability_needs_its_holder_up_and_sane(holder):
    """TR-BASE-COND-2: at 0 HP "no participation, attack or activation"; TR-BASE-COND-4:
    madness turns "equipped skill-card abilities off"; TR-BASE-SKILL: "Ability (1 OM)". The
    Navigator holds Fortune, the Surgeon takes KNOWLEDGE 6 alone: Fortune is offered while the
    Navigator is above 0 HP (1 is enough) and sane, and the player has a ready marker."""
    from boardgym.games.sleeping_gods.kinds import MADNESS

    s = _navigator_with(FORTUNE)
    if holder == "one_hp":
        s.hp[NAVIGATOR] = 1
    if holder == "down":
        s.hp[NAVIGATOR] = 0
    if holder == "mad":
        s.status[NAVIGATOR] = 1 << MADNESS
    if holder == "no_marker":
        s.spent[0] += s.om[0]
        s.om = [0]
    if holder == "captain_mad":  # another crew member's madness does not matter
        s.status[CAPTAIN] = 1 << MADNESS
    s.invalidate()
    reveal(s, challenge_id(s, KNO, 6))
    s.apply(A.CREW + SURGEON)
    s.apply(A.CONFIRM)
    destiny(s, 0)
    if holder == "no_marker":  # nothing to decide: no redraw, no ability
        assert not s.pend or s.pend[-1][0] != D_MODIFY
        return
    assert s.pend[-1][0] == D_MODIFY
    assert (A.EQUIPPED + 2 * NAVIGATOR in legal(s)) == (holder in ("fit", "one_hp", "captain_mad"))


def test_the_second_players_redraw_is_offered_and_paid_by_that_player():
    """TR-BASE-OM: a redraw costs 1 OM of the player who asks for it. 2 players, turn 2, player 1
    active (it controls the Captain, TR-BASE-CREW) with 2 ready markers, player 0 with none: in
    the modify window player 1 is offered REDRAW and pays for it."""
    from .helpers import skip_challenge

    s = game(num_players=2).new_initial_state()
    to_prep(s)
    skip_challenge(s)
    assert s.turn == 2 and s.active == 1
    s.om, s.spent = [0, 2], [4, 2]
    s.invalidate()
    reveal(s, challenge_id(s, KNO, 8))
    while s.current_player != CHANCE:
        s.apply(A.CREW + CAPTAIN if A.CREW + CAPTAIN in legal(s) else A.CONFIRM)
    destiny(s, 0)
    assert s.pend[-1][0] == D_MODIFY and s.current_player == 1
    assert A.REDRAW in legal(s)
    s.apply(A.REDRAW)
    assert s.om == [0, 1]


def test_the_captains_first_equipped_card_is_used_like_any_other():
    """TR-BASE-SKILL Knack "+2 to a challenge in that skill" equipped on the Captain (its first
    slot, the first of the equipped cards): KNOWLEDGE 5, the Captain (KNO 1 + 1 Knack icon)
    draws 1, uses the Knack (1 OM): 2 + 1 + 2 = 5, a success."""
    s = game().new_initial_state()
    to_prep(s, skill=KNACK_KNO)
    s.hand[0] = [KNACK_KNO]
    s.om = [2]
    s.invalidate()
    s.apply(A.HAND + 0)
    s.apply(A.CREW + CAPTAIN)
    reveal(s, challenge_id(s, KNO, 5))
    s.apply(A.CREW + CAPTAIN)
    s.apply(A.CONFIRM)
    destiny(s, 1)
    assert A.EQUIPPED + 0 in legal(s)
    s.apply(A.EQUIPPED + 0)
    assert s.om == [1]
    s.apply(A.CONFIRM)
    assert challenge_id(s, KNO, 5) in s.won
