"""Spec §6 test cases of Ancient Terrible Things, one or more scripted tests per row.

Every dice roll and card draw of a tested sequence is a forced chance outcome (scripted.py);
set-up pokes a few state fields (tokens, stacked encounters, owned or exhausted swag).
"""
from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from boardgym.core.errors import ContentError
from boardgym.games import make_game
from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.achievements import icons
from boardgym.games.ancient_terrible_things.constants import (ARTEFACT, COURAGE, FEAT_TOKEN, FOCUS,
                                                              GREEN, HORROR, PITFALL, TREASURE,
                                                              TURN_STEP_CAP, VILLAIN, YELLOW)
from boardgym.games.ancient_terrible_things.combos import exists, valid
from boardgym.games.ancient_terrible_things.constants import BLOCK, HIGH, PAIR, RUN
from boardgym.games.ancient_terrible_things.content import DEFAULT_PACK, load_content

from .scripted import Script, ScriptError

RNM = ["reporter", "naturalist", "mystic"]
DIE_RANGE = range(A.DIE, A.DIE + 8)


def dice_legal(sc) -> set[int]:
    """Die indices pickable now."""
    return {a - A.DIE for a in sc.legal() if a in DIE_RANGE}


def pass_or_confirm(sc) -> int:
    m = sc.mask()
    for a in (A.PASS, A.CONFIRM):
        if m[a]:
            return a
    interrupts = {A.REANIMATE, A.MONKEY} | set(range(A.URGENT, A.URGENT + 4))
    for a in np.flatnonzero(m):  # a mandatory choice (Chateau token, row cycle, Gorg icon)
        if int(a) not in interrupts:
            return int(a)
    raise ScriptError(f"no PASS/CONFIRM at '{sc.decision()}': {sc.names()}")


def to_decision(sc, name: str):
    return sc.act_until(name, pass_or_confirm)


def pick(sc, *dice):
    sc.act(*[A.DIE + d for d in dice])


def combo_actions(sc) -> set[int]:
    """Legal scenario lines, ENCOUNTER and CLAIMs (Resolve's dice-spending actions)."""
    spend = set(range(A.LINE, A.LINE + 6)) | {A.ENCOUNTER, A.CLAIM, A.CLAIM + 1}
    return sc.legal() & spend


# ================================================================================================
# Cases 1 and 2: the rulebook's worked example (Reporter vs Bad Egg)
# ================================================================================================
def example_start() -> Script:
    """Reporter (seat 0, first), Scenario I, Bad Egg at the Shrine, Tinker Tailor in hand."""
    sc = Script.start(3, chars=RNM, first=0, deck=(0, 6, 6),
                      reveal=["enc13", "enc14", "enc16", "enc18", "enc19"],
                      feats={0: ["feat01", "feat02", "feat10"]})
    assert sc.game.content.enc_name[sc.s.enc_at[0]] == "Bad Egg"
    sc.act(A.LOC + 0)
    assert sc.decision() == "preroll" and sc.player == 0
    sc.set_tokens(0, focus=3, feat=2)
    return sc


def example_after_hat():
    """The example up to the Hat reroll (dice 1,3,4,5,1 with 4 and 5 locked)."""
    sc = example_start()
    s = sc.s
    sc.act(A.FEAT + sc.feat_slot(0, "feat01"))
    sc.dice(1, 2, 4, 5, 2).whites("focus", "treasure")
    sc.act(A.ROLL)
    sc.act(A.SWAG + 0, A.ACTION_DIE + 0)
    pick(sc, 2, 3)
    sc.dice(1, 3, 1)
    sc.act(A.CONFIRM)
    assert s.d_face[:5] == [1, 3, 4, 5, 1]
    return sc


def example_final():
    sc = example_after_hat()
    sc.act(A.SWAG + 1)
    pick(sc, 0)
    sc.dice(6)
    sc.act(A.CONFIRM)
    sc.dice(3)
    sc.act(A.LUCK)
    assert sc.s.d_face[:5] == [6, 3, 4, 5, 3]
    return sc


def test_case01_text_example_encounter_phase():
    """ATT-ENC-1..8, ATT-D-18 (spec case 1): the Reporter's Encounter phase, step by step."""
    sc = example_start()
    s = sc.s
    # ATT-ENC-1: before rolling only the dice-swapping feat (no Hat, McGuffin, token feats)
    assert sc.legal() == {A.FEAT + sc.feat_slot(0, "feat01"), A.ROLL}
    sc.act(A.FEAT + sc.feat_slot(0, "feat01"))  # Tinker Tailor: 2 Feat, one green -> Luck
    assert sc.tok(0)[FEAT_TOKEN] == 0
    assert sc.feat("feat01") in s.feat_discard and sc.feat("feat01") not in s.feats[0]
    assert sorted(c for c in s.d_col if c >= 0) == [GREEN] * 4 + [YELLOW]
    assert s.d_col[4] == YELLOW
    assert sc.legal() == {A.ROLL}  # no second yellow swap left in hand

    # ATT-ENC-2: roll the pool, whites set aside locked (they never get a DIE index)
    sc.dice(1, 2, 4, 5, 2).whites("focus", "treasure")
    sc.act(A.ROLL)
    assert [(k, a) for k, a, _ in sc.log[-7:]] == [("die", d) for d in range(5)] + [("white", 0), ("white", 1)]
    assert s.d_face[:5] == [1, 2, 4, 5, 2] and s.d_col[5:] == [-1, -1, -1]
    assert s.w_face == [FOCUS, TREASURE]
    assert sc.decision() == "encounter"
    assert {A.SWAG + 0, A.SWAG + 1, A.TO_RESOLVE} <= sc.legal()
    assert not sc.is_legal(A.LUCK)  # Luck shows 2

    # ATT-ENC-6: Hat: spend W0, pay 2 Focus to lock G3 and G4, reroll all other unlocked dice
    sc.act(A.SWAG + 0)
    assert sc.decision() == "action_die" and sc.legal() == {A.ACTION_DIE + 0, A.ACTION_DIE + 1}
    sc.act(A.ACTION_DIE + 0)
    assert sc.decision() == "select"
    assert not sc.is_legal(A.CONFIRM)  # ATT-D-18: N >= 1
    assert dice_legal(sc) == {0, 1, 2, 3}  # unlocked green only: not the Luck die, no whites
    pick(sc, 2, 3)
    assert dice_legal(sc) == {0, 1}  # a third lock is affordable with Focus 3
    assert sc.is_legal(A.CONFIRM)
    sc.dice(1, 3, 1)
    sc.act(A.CONFIRM)
    assert [(k, a, o) for k, a, o in sc.log[-3:]] == [("die", 0, 1), ("die", 1, 3), ("die", 4, 1)]
    assert s.d_face[:5] == [1, 3, 4, 5, 1]
    assert s.d_lock[:5] == [0, 0, 1, 1, 0]  # ATT-ENC-8: 4 and 5 locked, untouched
    assert sc.tok(0)[FOCUS] == 1
    assert s.w_spent == [1, 0] and s.exh[0][0] == 0  # the Hat is never exhausted

    # ATT-ENC-7: McGuffin: spend W1 (the only one: no action-die step), exhaust, 1 Focus
    assert sc.is_legal(A.SWAG + 0)  # the Hat stays usable while a white is unspent
    sc.act(A.SWAG + 1)
    assert sc.decision() == "select"
    assert dice_legal(sc) == {0, 1}  # unlocked greens; locked dice and the Luck die excluded
    pick(sc, 0)
    assert dice_legal(sc) == set()  # 1 Focus pays for one die only
    sc.dice(6)
    sc.act(A.CONFIRM)
    assert s.d_face[0] == 6 and s.d_lock[0] == 0
    assert s.exh[0][1] == 1 and s.w_spent == [1, 1] and sc.tok(0)[FOCUS] == 0

    # Luck rider: the Luck die shows 1, reroll it for free
    assert sc.is_legal(A.LUCK)
    sc.dice(3)
    sc.act(A.LUCK)
    assert s.d_face[:5] == [6, 3, 4, 5, 3]
    assert sorted(s.d_face[:5]) == [3, 3, 4, 5, 6]
    assert sc.tok(0)[FOCUS] == 0
    # Hat ready but masked (no white left), McGuffin exhausted, Luck used
    assert s.exh[0][0] == 0 and s.exh[0][1] == 1
    assert not sc.is_legal(A.SWAG + 0) and not sc.is_legal(A.SWAG + 1) and not sc.is_legal(A.LUCK)
    sc.act(A.TO_RESOLVE)
    assert sc.decision() == "resolve"
    assert not sc.is_legal(A.CLAIM + 0) and not sc.is_legal(A.CLAIM + 1)  # both whites spent


def test_case01_preroll_admits_only_dice_swapping_cards():
    """ATT-ENC-1/2 (spec case 1): before the roll only dice-swapping cards: an 'any'-timing
    token feat and an action-die swag (Howler Warmask) wait until after the roll, so both
    white dice are always rolled."""
    sc = Script.start(3, chars=RNM, first=0, deck=(0, 6, 6), row=["swag01", "swag02", "swag03"],
                      reveal=["enc13", "enc14", "enc16", "enc18", "enc19"],
                      feats={0: ["feat13", "feat24", "feat14"]})
    j = sc.give_swag(0, "swag04")
    sc.act(A.LOC + 0)
    sc.set_tokens(0, feat=3)
    assert sc.legal() == {A.FEAT + sc.feat_slot(0, "feat24"), A.ROLL}
    sc.dice(1, 2, 3, 4, 5).whites("focus", "courage")
    sc.act(A.ROLL)
    assert sc.s.w_face == [FOCUS, COURAGE]
    assert {A.SWAG + j, A.FEAT + sc.feat_slot(0, "feat13")} <= sc.legal()


def test_case02_after_hat_two_ones_unusable():
    """ATT-COMBO-1..4, ATT-RESOLVE-1/2 (spec case 2): after the Hat reroll (1,1,3,4,5) the
    Encounter's Run 3+ takes {3,4,5}; no Scenario I line accepts either 1."""
    sc = example_after_hat()
    sc.act(A.TO_RESOLVE)
    assert sc.is_legal(A.ENCOUNTER)
    assert not sc.is_legal(A.LINE + 1) and not sc.is_legal(A.LINE + 3)  # Pair 2+, Block 1+
    for line in (0, 2):  # High 5+, Run 1+: legal, but neither 1 (dice 0 and 4) is pickable
        assert sc.is_legal(A.LINE + line)
        sc.act(A.LINE + line)
        assert dice_legal(sc) and not dice_legal(sc) & {0, 4}
        sc.act(A.PASS)  # cancel
    sc.act(A.ENCOUNTER)
    assert dice_legal(sc) == {1, 2, 3}
    pick(sc, 1, 2, 3)
    assert sc.is_legal(A.CONFIRM)
    sc.act(A.CONFIRM)
    assert sc.s.stack[0] == [sc.enc("enc13")]


@pytest.mark.parametrize("dice,ok", [((1, 2, 3), True), ((2, 3, 0), True), ((1, 2, 3, 0), True)])
def test_case02_final_dice_encounter_selections(dice, ok):
    """ATT-COMBO-4, ATT-D-2 (spec case 2): final 3,3,4,5,6: ENCOUNTER (Run 3+) accepts
    {3,4,5}, {4,5,6} and {3,4,5,6}; the second 3 never joins a run holding a 3."""
    sc = example_final()
    sc.act(A.TO_RESOLVE, A.ENCOUNTER)
    assert dice_legal(sc) == {0, 1, 2, 3, 4}
    for k, d in enumerate(dice):
        assert d in dice_legal(sc)
        pick(sc, d)
        if 1 in dice[:k + 1]:
            assert 4 not in dice_legal(sc)
    assert sc.is_legal(A.CONFIRM) is ok


def test_case02_path_a_encounter_then_pair():
    """ATT-RESOLVE-1/2, ATT-COMBO-2 (spec case 2, path a): ENCOUNTER {4,5,6} stacks Bad Egg
    (1 Horror icon), then Pair 2+ {3,3} gives 2 TOKEN steps (Focus or Feat each); no tentacle."""
    sc = example_final()
    s = sc.s
    doom = list(s.doom)
    sc.act(A.TO_RESOLVE, A.ENCOUNTER)
    pick(sc, 2, 3, 0)
    sc.act(A.CONFIRM)
    assert s.stack[0] == [sc.enc("enc13")] and s.enc_at[0] == -1
    assert icons(s, 0, HORROR) == 1
    assert s.d_used[:5] == [1, 0, 1, 1, 0]
    assert not sc.is_legal(A.ENCOUNTER)
    assert sc.is_legal(A.LINE + 1)
    sc.act(A.LINE + 1)
    assert dice_legal(sc) == {1, 4}
    pick(sc, 1, 4)
    before = sc.tok(0)
    sc.act(A.CONFIRM)
    assert sc.decision() == "token"
    assert sc.legal() == {A.TOKEN + FOCUS, A.TOKEN + FEAT_TOKEN}
    sc.act(A.TOKEN + FOCUS)
    assert sc.decision() == "token"
    assert sc.legal() == {A.TOKEN + FOCUS, A.TOKEN + FEAT_TOKEN}
    sc.act(A.TOKEN + FEAT_TOKEN)
    after = sc.tok(0)
    assert after[FOCUS] == before[FOCUS] + 1 and after[FEAT_TOKEN] == before[FEAT_TOKEN] + 1
    assert sc.decision() == "resolve" and combo_actions(sc) == set() and A.PASS in sc.legal()
    sc.act(A.PASS)
    assert s.tent[0] == [] and s.doom == doom and s.rumours == []
    assert s.active == 1


def test_case02_path_b_encounter_then_high():
    """ATT-RESOLVE-1/2, ATT-COMBO-1 (spec case 2, path b): ENCOUNTER {3,4,5}, High 5+ with the
    6 gives 1 Treasure, the lone 3 matches nothing; no tentacle."""
    sc = example_final()
    s = sc.s
    doom = list(s.doom)
    sc.act(A.TO_RESOLVE, A.ENCOUNTER)
    pick(sc, 1, 2, 3)
    sc.act(A.CONFIRM)
    assert s.stack[0] == [sc.enc("enc13")]
    treasure = sc.tok(0)[TREASURE]
    sc.act(A.LINE + 0)
    assert dice_legal(sc) == {0}
    pick(sc, 0)
    sc.act(A.CONFIRM)
    assert sc.tok(0)[TREASURE] == treasure + 1
    assert combo_actions(sc) == set()  # the lone 3 (die 4) matches nothing
    sc.act(A.PASS)
    assert s.tent[0] == [] and s.doom == doom and s.rumours == []


# ================================================================================================
# Case 3: combinations (unit level; test_combos.py holds the property tests)
# ================================================================================================
CASE3 = [
    ((BLOCK, 4, 3), [(4, 4, 4), (5, 5, 5), (6, 6, 6), (5, 5, 5, 5)], [(3, 3, 3), (4, 4, 5)]),
    ((HIGH, 4, 3), [(4, 4, 4), (4, 5, 5), (4, 5, 4)], [(4, 4, 3)]),
    ((RUN, 2, 3), [(2, 3, 4), (3, 4, 5), (4, 5, 6), (2, 3, 4, 5)], [(1, 2, 3), (2, 3, 5)]),
    ((PAIR, 3, 2), [(3, 3)], [(3, 3, 3), (2, 2)]),
]


@pytest.mark.parametrize("combo,good,bad", CASE3)
def test_case03_text_combination_examples(combo, good, bad):
    """ATT-COMBO-1..4, ATT-D-2 (spec case 3): the rulebook's combination examples."""
    for faces in good:
        assert valid(combo, list(faces)), faces
        assert exists(combo, list(faces)), faces
    for faces in bad:
        assert not valid(combo, list(faces)), faces


def test_case03_block_through_the_engine():
    """ATT-COMBO-3 (spec case 3): Block 4+ (Doctor Marrowgast) with dice 4,4,4,3,3: ENCOUNTER
    accepts the three 4s, never a 3; a 4,4 start cannot take the 3s."""
    sc = rolled((4, 4, 4, 3, 3), deck=(0, 0, 6), reveal=["enc27", "enc28", "enc29", "enc30", "enc31"])
    sc.act(A.TO_RESOLVE, A.ENCOUNTER)
    assert dice_legal(sc) == {0, 1, 2}
    pick(sc, 0, 1)
    assert not sc.is_legal(A.CONFIRM) and dice_legal(sc) == {2}
    pick(sc, 2)
    sc.act(A.CONFIRM)
    assert sc.s.stack[0] == [sc.enc("enc27")]


# ================================================================================================
# Resolve-phase cases on a plain position
# ================================================================================================
def rolled(faces, whites=("blank", "blank"), *, reveal=None, deck=(0, 6, 6), focus=None, first=0,
           n=3, swag=(), **kw):
    """Seat ``first`` explores tile 1 and rolls ``faces`` (green dice 0..4) and ``whites``."""
    reveal = reveal or ["enc13", "enc14", "enc16", "enc18", "enc19"]
    sc = Script.start(n, chars=RNM[:n] if n <= 3 else None, first=first if n <= 3 else None,
                      deck=deck, reveal=reveal, **kw)
    p = sc.s.active
    for key, exh in swag:
        sc.give_swag(p, key, exh)
    sc.act(A.LOC + 0)
    to_decision(sc, "preroll")
    if focus is not None:
        sc.set_tokens(p, focus=focus)
    sc.dice(*faces).whites(*whites)
    sc.act(A.ROLL)
    assert sc.s.d_face[:len(faces)] == list(faces)
    return sc


def test_case04_run_of_four_pays_four_tokens():
    """ATT-RESOLVE-1, ATT-D-2 (spec case 4): a run of four 2,3,4,5 on the Scenario I Run
    line gives 4 tokens (a TOKEN step per die)."""
    sc = rolled((2, 3, 4, 5, 1))
    sc.act(A.TO_RESOLVE, A.LINE + 2)
    pick(sc, 0, 1, 2)
    assert sc.is_legal(A.CONFIRM) and 3 in dice_legal(sc)  # run of 3 valid, may extend
    pick(sc, 3)
    assert 4 in dice_legal(sc)  # the 1 extends 2..5 downwards
    before = sc.tok(0)
    sc.act(A.CONFIRM)
    for _ in range(4):
        assert sc.decision() == "token"
        assert sc.legal() == {A.TOKEN + FEAT_TOKEN, A.TOKEN + TREASURE}
        sc.act(A.TOKEN + TREASURE)
    assert sc.decision() == "resolve"
    assert sc.tok(0)[TREASURE] == before[TREASURE] + 4


def test_case04_block_of_four_ones_pays_four_courage():
    """ATT-RESOLVE-1 (spec case 4): Block 1+ of 1,1,1,1 gives 4 Courage (one token type: no
    TOKEN step)."""
    sc = rolled((1, 1, 1, 1, 6))
    sc.act(A.TO_RESOLVE, A.LINE + 3)
    assert dice_legal(sc) == {0, 1, 2, 3}
    pick(sc, 0, 1, 2, 3)
    courage = sc.tok(0)[COURAGE]
    sc.act(A.CONFIRM)
    assert sc.decision() == "resolve"
    assert sc.tok(0)[COURAGE] == courage + 4


def test_case05_spent_die_cannot_be_reselected():
    """ATT-COMBO-5 (spec case 5): a die in a spent combination cannot be selected again."""
    sc = rolled((5, 5, 5, 2, 3))
    sc.act(A.TO_RESOLVE, A.LINE + 0)
    pick(sc, 0)
    sc.act(A.CONFIRM)
    assert sc.s.d_used[0] == 1
    sc.act(A.LINE + 0)
    assert dice_legal(sc) == {1, 2}
    sc.act(A.PASS)
    sc.act(A.LINE + 1)  # Pair 2+: the remaining two 5s only
    assert dice_legal(sc) == {1, 2}
    pick(sc, 1, 2)
    sc.act(A.CONFIRM, A.TOKEN + FOCUS, A.TOKEN + FOCUS)
    assert not sc.is_legal(A.LINE + 0) and not sc.is_legal(A.LINE + 1)
    assert not sc.is_legal(A.LINE + 3)  # no block left among 2, 3


def test_case06_white_dice_claims():
    """ATT-RESOLVE-3 (spec case 6): an unspent white on Treasure gives +1 Treasure; a white
    spent on swag, or a blank one, gives no CLAIM."""
    sc = rolled((1, 2, 3, 4, 6), whites=("treasure", "focus"), focus=3)
    sc.act(A.SWAG + 0, A.ACTION_DIE + 1)  # Hat pays with the Focus white
    pick(sc, 0)
    sc.dice(6, 6, 6, 6)
    sc.act(A.CONFIRM)
    sc.act(A.TO_RESOLVE)
    assert sc.is_legal(A.CLAIM + 0) and not sc.is_legal(A.CLAIM + 1)
    t = sc.tok(0)[TREASURE]
    sc.act(A.CLAIM + 0)
    assert sc.tok(0)[TREASURE] == t + 1
    assert not sc.is_legal(A.CLAIM + 0)

    sc = rolled((1, 2, 3, 4, 6), whites=("blank", "courage"))
    sc.act(A.TO_RESOLVE)
    assert not sc.is_legal(A.CLAIM + 0) and sc.is_legal(A.CLAIM + 1)
    c = sc.tok(0)[COURAGE]
    sc.act(A.CLAIM + 1)
    assert sc.tok(0)[COURAGE] == c + 1


def test_case07_failure_takes_top_tentacle():
    """ATT-RESOLVE-4, ATT-SETUP-5 (spec case 7): a failed encounter goes to Rumours and the
    player takes the Doom stack's top, a 0."""
    sc = rolled((1, 1, 2, 2, 6), tentacles=[3, 0, 2, 1, 0, 1, 3, 2])
    s = sc.s
    assert s.doom[-1] == 0 and s.doom == sorted(s.doom, reverse=True)
    enc = s.enc_at[0]
    sc.act(A.TO_RESOLVE, A.PASS)
    assert s.rumours == [enc] and s.enc_at[0] == -1
    assert s.tent[0] == [0] and s.flipped[0] == [0]
    assert len(s.doom) == 7 and not s.over
    assert s.active == 1


def test_case08_failure_with_empty_doom_ends_game():
    """ATT-END-1 (spec case 8): a failure with an empty Doom stack: the encounter goes to
    Rumours, no tentacle, the game ends and is scored."""
    sc = rolled((1, 1, 2, 2, 6))
    s = sc.s
    for v in s.doom:  # set-up: the Doom stack already emptied (tentacles back to the box)
        s.tent_pool[v] += 1
    s.doom.clear()
    enc = s.enc_at[0]
    sc.stack_encounter(1, "enc25")  # seat 1 holds 4 secrets
    sc.act(A.TO_RESOLVE, A.PASS)
    assert s.rumours == [enc] and s.tent[0] == []
    assert s.is_terminal()
    assert [s.score(p) for p in range(3)] == [sc.tok(p)[COURAGE] // 3 + 4 * (p == 1) for p in range(3)]
    r = s.returns()
    assert r[1] > 0 > r[0] and abs(sum(r)) < 1e-9


# ================================================================================================
# Reveal
# ================================================================================================
def test_case09_partial_reveal_fills_tiles_in_order():
    """ATT-REVEAL-2, ATT-D-8 (spec case 9): 3 players, 4 cards at Reveal: tiles 1-4 filled."""
    sc = Script.start(3, deck=(4, 0, 0))
    s = sc.s
    assert [e >= 0 for e in s.enc_at] == [True, True, True, True, False]
    assert sum(s.deck) == 0 and sc.decision() == "explore"
    assert sc.legal() == {A.LOC + k for k in range(4)}


def test_case09_reveal_below_player_count_ends_game():
    """ATT-REVEAL-2, ATT-END-1 (spec case 9): 3 players, 2 cards at Reveal: the game ends."""
    sc = Script.start(3, deck=(2, 0, 0))
    assert sc.s.is_terminal()
    assert sc.s.enc_at == [-1] * 5 and sc.s.deck == [2, 0, 0]

    # mid-game too: the last card is overcome, the next Reveal finds 2 cards
    sc = Script.start(3, deck=(3, 0, 0), reveal=["enc01", "enc04", "enc09"])
    s = sc.s
    s.enc_at[1] = s.enc_at[2] = -1  # set-up: two tiles already cleared
    s.deck[0] = 2
    sc.act(A.LOC + 0)
    to_decision(sc, "preroll")
    sc.dice(6, 1, 1, 2, 2).whites("blank", "blank")
    sc.act(A.ROLL, A.TO_RESOLVE, A.ENCOUNTER)
    pick(sc, 0)
    sc.act(A.CONFIRM, A.PASS)
    assert s.is_terminal() and s.stack[0] == [sc.enc("enc01")]


def test_case10_reveal_tokens_per_type_icon():
    """ATT-REVEAL-1 (spec case 10): Bad Egg (Horror) at the Shrine puts 1 Courage there; a
    Pitfall+Horror encounter puts 1 Focus + 1 Courage."""
    sc = Script.start(3, deck=(0, 6, 6), reveal=["Bad Egg", "enc23", "enc16", "enc24", "enc21"])
    s = sc.s
    lt = [s.loc_tokens[4 * k:4 * k + 4] for k in range(5)]
    assert lt[0] == [0, 0, 0, 1]  # Bad Egg: Horror -> Courage
    assert lt[1] == [1, 0, 0, 1]  # Mist-Choked Ravine: Pitfall + Horror
    assert lt[2] == [1, 0, 0, 0]  # Pitfall
    assert lt[3] == [0, 1, 1, 0]  # Artefact + Villain
    assert lt[4] == [0, 1, 0, 0]  # Artefact


# ================================================================================================
# Explore and locations
# ================================================================================================
def test_case11_shrine_leader_and_refresh_limits():
    """ATT-EXPLORE-1..3, ATT-LOC-A (spec case 11): the Reporter explores Bad Egg's Shrine
    (A): Courage +1, Reanimation hers on its active side; then she, then the others
    clockwise, may each refresh up to 2 exhausted swag (a third pick is masked)."""
    sc = Script.start(3, chars=RNM, first=0, deck=(0, 6, 6),
                      reveal=["enc13", "enc14", "enc16", "enc18", "enc19"])
    s = sc.s
    assert sc.game.tile_ids[0] == "A"
    for p, keys in enumerate((("swag03", "swag05"), ("swag08", "swag09"), ("swag10", "swag11"))):
        s.exh[p][1] = 1  # McGuffin exhausted
        for k in keys:
            sc.give_swag(p, k, exhausted=True)
    courage = sc.tok(0)[COURAGE]
    sc.act(A.LOC + 0)
    assert sc.tok(0)[COURAGE] == courage + 1
    assert s.loc_tokens[0:4] == [0, 0, 0, 0]
    assert s.rean_holder == 0 and s.rean_active == 1
    for p in (0, 1, 2):
        assert sc.decision() == "shrine" and sc.player == p
        picks = {a for a in sc.legal() if A.SWAG <= a < A.SWAG + 12}
        assert picks == {A.SWAG + 1, A.SWAG + 2, A.SWAG + 3}
        sc.act(A.SWAG + 1, A.SWAG + 3)
        assert sc.legal() == {A.CONFIRM}  # a third pick is masked
        sc.act(A.CONFIRM)
        assert s.exh[p] == [0, 0, 1, 0]
    assert sc.decision() == "preroll" and sc.player == 0


def test_case11_shrine_side_f_refreshes_three():
    """ATT-LOC-A/F (spec case 11): on side F (1-2 players) each player refreshes up to 3."""
    sc = Script.start(2, chars=RNM[:2], first=0, deck=(0, 6, 6))
    s = sc.s
    assert sc.game.tile_ids[0] == "F"
    s.exh[1][1] = 1
    for k in ("swag03", "swag05", "swag08"):
        sc.give_swag(1, k, exhausted=True)
    sc.act(A.LOC + 0)
    assert sc.decision() == "shrine" and sc.player == 1  # seat 0 has nothing exhausted: no step
    sc.act(A.SWAG + 1, A.SWAG + 2, A.SWAG + 3)
    assert sc.legal() == {A.CONFIRM}
    sc.act(A.CONFIRM)
    assert s.exh[1] == [0, 0, 0, 0, 1]


def chateau_start(n=3, *, stacks=None, holder=None, side=0, t=HORROR, first=0, swag=None):
    """Seat 0 (active) explores the Chateau; ``stacks``: {seat: [encounter keys]}."""
    chars = (RNM if n == 3 else None)
    reveal = ["enc16", "enc18", "enc19", "enc20", "enc24"]
    sc = Script.start(n, chars=chars, first=first if chars else None, deck=(0, 6, 6), reveal=reveal)
    s = sc.s
    for p, keys in (stacks or {}).items():
        for k in keys:
            sc.stack_encounter(p, k)
    for p, keys in (swag or {}).items():
        for k in keys:
            sc.give_swag(p, k)
    if holder is not None:
        s.ach_holder[t], s.ach_side[t] = holder, side
    sc.act(A.LOC + 1)
    return sc


HORRORS = ["enc09", "enc10", "enc12", "enc13", "enc14", "enc15", "enc22", "enc23", "enc32",
           "enc33", "enc34"]


def test_case12_chateau_token_and_prowess_claim():
    """ATT-LOC-B, ATT-ACH-1/2 (spec case 12): Treasure declared: every player Treasure +1,
    TOKEN Courage masked; B (2 Horror icons, nobody else 2) claims Horror Prowess (2)."""
    sc = chateau_start(stacks={1: HORRORS[:2]})
    s = sc.s
    assert sc.decision() == "chateau_token" and sc.player == 0
    assert sc.legal() == {A.TOKEN + FOCUS, A.TOKEN + TREASURE, A.TOKEN + FEAT_TOKEN}
    before = [sc.tok(p)[TREASURE] for p in range(3)]
    sc.act(A.TOKEN + TREASURE)
    # seat 0 has no claim (no step); seat 1 does
    assert sc.decision() == "achievement" and sc.player == 1
    assert sc.legal() == {A.ICON + HORROR, A.PASS}
    sc.act(A.ICON + HORROR)
    assert s.ach_holder[HORROR] == 1 and s.ach_side[HORROR] == 0
    assert sc.game.content.ach_secrets[HORROR][0] == 2
    assert s.score(1) == sum(sc.game.content.enc_secrets[e] for e in s.stack[1]) + 2 + sc.tok(1)[COURAGE] // 3
    assert sc.decision() == "preroll"  # seat 2 has no claim
    assert [sc.tok(p)[TREASURE] for p in range(3)] == [b + 1 for b in before]


def test_case12_steal_with_mastery():
    """ATT-ACH-1/2, ATT-LOC-B (spec case 12, later): C has 3 Horror (2 encounters + a
    Specimen-like swag icon), B holds Prowess with 2: C's claim steals it on Mastery (4)."""
    sc = chateau_start(stacks={1: HORRORS[:2], 2: HORRORS[2:4]}, swag={2: ["swag03"]}, holder=1)
    s = sc.s
    assert icons(s, 2, HORROR) == 3 and icons(s, 1, HORROR) == 2
    sc.act(A.TOKEN + FOCUS)
    assert sc.decision() == "achievement" and sc.player == 2  # B cannot beat C: no step
    assert A.ICON + HORROR in sc.legal()
    sc.act(A.ICON + HORROR)
    assert s.ach_holder[HORROR] == 2 and s.ach_side[HORROR] == 1
    assert sc.game.content.ach_secrets[HORROR][1] == 4


def test_case13_active_wins_tie_with_holder():
    """ATT-ACH-3, ATT-D-7 (spec case 13): active A at 3 ties holder C at 3: A claims and takes
    it (Mastery)."""
    sc = chateau_start(4, stacks={0: HORRORS[:3], 2: HORRORS[3:6]}, holder=2, side=1)
    s = sc.s
    assert s.active == 0
    sc.act(A.TOKEN + FOCUS)
    assert sc.decision() == "achievement" and sc.player == 0
    sc.act(A.ICON + HORROR)
    assert s.ach_holder[HORROR] == 0 and s.ach_side[HORROR] == 1
    assert sc.decision() == "preroll"  # C (3, tied with the active player) cannot take it back


def test_case13_tie_between_others_holder_keeps():
    """ATT-ACH-4, ATT-D-7 (spec case 13): holder D at 2, B and C at 3, A at 0: B's and C's
    claims masked, D keeps it."""
    sc = chateau_start(4, stacks={1: HORRORS[:3], 2: HORRORS[3:6], 3: HORRORS[6:8]}, holder=3)
    s = sc.s
    sc.act(A.TOKEN + FOCUS)
    assert sc.decision() == "preroll"  # nobody had a claim step
    assert s.ach_holder[HORROR] == 3 and s.ach_side[HORROR] == 0


def test_case13_tie_between_others_unclaimed_nobody():
    """ATT-ACH-4, ATT-D-7 (spec case 13): B, C at 2, unclaimed, A at 0: both masked."""
    sc = chateau_start(4, stacks={1: HORRORS[:2], 2: HORRORS[2:4]})
    sc.act(A.TOKEN + FOCUS)
    assert sc.decision() == "preroll"
    assert sc.s.ach_holder[HORROR] == -1


def test_case13_non_active_tie_with_active():
    """ATT-ACH-3, ATT-D-7 (spec case 13): non-active B ties active A at 2, unclaimed: B's claim
    is masked, A's succeeds."""
    sc = chateau_start(4, stacks={0: HORRORS[:2], 1: HORRORS[2:4]})
    sc.act(A.TOKEN + FOCUS)
    assert sc.decision() == "achievement" and sc.player == 0
    assert A.ICON + HORROR in sc.legal()
    other = sc.clone()
    sc.act(A.ICON + HORROR)
    assert sc.s.ach_holder[HORROR] == 0 and sc.s.ach_side[HORROR] == 0
    other.act(A.PASS)  # A declines: B still has no claim step
    assert other.decision() == "preroll" and other.s.ach_holder[HORROR] == -1


def test_case14_one_claim_per_bonus():
    """ATT-D-7 (spec case 14): at the Chateau B alone qualifies for Pitfall (3) and Villain
    (2); B claims Pitfall; Villain stays unclaimed until a later bonus."""
    sc = chateau_start(3, stacks={1: ["enc01", "enc02", "enc03", "enc04", "enc05"]})
    s = sc.s
    assert icons(s, 1, PITFALL) == 3 and icons(s, 1, VILLAIN) == 2
    sc.act(A.TOKEN + FOCUS)
    assert sc.decision() == "achievement" and sc.player == 1
    assert sc.legal() == {A.ICON + PITFALL, A.ICON + VILLAIN, A.PASS}
    sc.act(A.ICON + PITFALL)
    assert s.ach_holder[PITFALL] == 1 and s.ach_side[PITFALL] == 1
    assert s.ach_holder[VILLAIN] == -1
    assert sc.decision() == "preroll"  # no second claim step for B


def gorg_start():
    sc = Script.start(4, tiles="AGCDE", deck=(0, 6, 6),
                      reveal=["enc16", "enc18", "enc19", "enc20", "enc24"])
    s = sc.s
    for k in HORRORS[:2]:
        sc.stack_encounter(0, k)
    for k in HORRORS[2:4]:
        sc.stack_encounter(1, k)
    for k in HORRORS[4:7]:
        sc.stack_encounter(2, k)
    sc.stack_encounter(3, HORRORS[7])
    sc.act(A.LOC + 1)
    assert sc.decision() == "gorg_icon" and sc.player == 0
    assert sc.legal() == {A.ICON + t for t in range(4)}
    return sc, s


def test_case15_gorg_chosen_type():
    """ATT-LOC-G, ATT-ACH-1/3 (spec case 15): A picks Horror (2 + 1 = 3 this turn): B, C, D
    Courage +1; C has 3 Horror: A's claim is masked (the non-active player wins the chosen
    type's tie) and C claims Horror Mastery (4)."""
    sc, s = gorg_start()
    before = [sc.tok(p) for p in range(4)]
    sc.act(A.ICON + HORROR)
    assert [sc.tok(p)[COURAGE] - before[p][COURAGE] for p in range(4)] == [0, 1, 1, 1]
    assert [sc.tok(p)[FOCUS] - before[p][FOCUS] for p in range(4)] == [0, 0, 0, 0]
    assert icons(s, 0, HORROR) == 3
    # A (3) ties C (3) on the chosen type: A's step skipped; B (2) and D (1) have none
    assert sc.decision() == "achievement" and sc.player == 2
    assert sc.legal() == {A.ICON + HORROR, A.PASS}
    sc.act(A.ICON + HORROR)
    assert s.ach_holder[HORROR] == 2 and s.ach_side[HORROR] == 1
    assert sc.decision() == "preroll"


def test_case15_gorg_pitfall_gives_focus():
    """ATT-LOC-G (spec case 15): a Pitfall icon gives every other player a Focus."""
    sc, s = gorg_start()
    before = [sc.tok(p) for p in range(4)]
    sc.act(A.ICON + PITFALL)
    assert [sc.tok(p)[FOCUS] - before[p][FOCUS] for p in range(4)] == [0, 1, 1, 1]
    assert icons(s, 0, PITFALL) == 1 and icons(s, 1, PITFALL) == 0


def test_case16_final_score():
    """ATT-END-2 (spec case 16): encounters 9, swag 2, Prowess 2, Courage 7, tentacles
    0+2+3 (the 3 flipped) -> 9 + 2 + 2 + 2 - 5 = 10."""
    sc = Script.start(3, deck=(0, 6, 6), reveal=["enc14", "enc15", "enc16", "enc17", "enc18"])
    s = sc.s
    for k in ("enc01", "enc02", "enc03", "enc05", "enc13"):
        sc.stack_encounter(1, k)
    sc.give_swag(1, "swag06")
    s.ach_holder[ARTEFACT], s.ach_side[ARTEFACT] = 1, 0
    sc.set_tokens(1, courage=7)
    sc.give_tentacle(1, 0)
    sc.give_tentacle(1, 2)
    sc.give_tentacle(1, 3, flipped=True)
    assert s.score(1) == 10


def test_case17_urgent_revelations():
    """ATT-URGENT-1 (spec case 17): flipping a 3 draws a feat and refreshes a swag, still -3;
    flipping a 2 with nothing exhausted offers only CONFIRM (a feat); a flipped token cannot
    be flipped again."""
    sc = Script.start(3)
    s = sc.s
    p = s.active
    sc.give_tentacle(p, 3)
    sc.give_tentacle(p, 2)
    s.exh[p][1] = 1
    assert sc.decision() == "explore"
    assert {A.URGENT + 2, A.URGENT + 3} <= sc.legal() and A.URGENT + 0 not in sc.legal()
    hand = len(s.feats[p])
    score = s.score(p)
    sc.force("feat", "feat20", arg=p)
    sc.act(A.URGENT + 3)
    assert s.feats[p][-1] == sc.feat("feat20") and len(s.feats[p]) == hand + 1
    assert sc.decision() == "urgent3" and sc.legal() == {A.SWAG + 1}
    sc.act(A.SWAG + 1)
    assert s.exh[p][1] == 0 and s.flipped[p] == [1, 0] and s.score(p) == score
    assert A.URGENT + 3 not in sc.legal()
    sc.act(A.URGENT + 2)
    assert sc.decision() == "urgent2" and sc.legal() == {A.CONFIRM}
    sc.force("feat", "feat21", arg=p)
    sc.act(A.CONFIRM)
    assert s.feats[p][-1] == sc.feat("feat21") and s.flipped[p] == [1, 1]
    assert sc.decision() == "explore" and not any(A.URGENT <= a < A.URGENT + 4 for a in sc.legal())
    assert s.score(p) == score


def chasm_start(reveal, deck, courage):
    """Seat 2 (C) is active and explores the Chasm (tile 3)."""
    sc = Script.start(3, chars=RNM, first=2, deck=deck, reveal=reveal)
    s = sc.s
    assert s.active == 2
    sc.set_tokens(2, courage=courage)
    for p in (0, 1):
        sc.set_tokens(p, courage=0)
    return sc, s


def test_case18_chasm_take_and_refill():
    """ATT-LOC-C, ATT-D-13 (spec case 18): C at the Chasm with 2 Courage: leader +1 -> 3; C
    takes a 3-secret encounter at another tile: Courage 0, card in C's stack, tile refilled
    from the deck top without new tokens, its old tokens stay; a 4-secret one was masked."""
    sc, s = chasm_start(["enc18", "enc15", "enc16", "enc19", "enc25"], (0, 4, 6), 2)
    assert s.deck == [0, 0, 5]
    sc.act(A.LOC + 2)
    assert sc.tok(2)[COURAGE] == 3
    assert sc.decision() == "chasm" and sc.player == 2
    # 2-secret (tiles 1-3, own tile included), 3-secret (tile 4); the 4-secret tile 5 masked
    assert sc.legal() == {A.LOC + 0, A.LOC + 1, A.LOC + 2, A.LOC + 3, A.PASS}
    tokens_before = s.loc_tokens[12:16]
    assert tokens_before == [0, 0, 1, 0]
    sc.force("refill_encounter", "enc27")
    sc.act(A.LOC + 3)
    assert sc.tok(2)[COURAGE] == 0
    assert s.stack[2] == [sc.enc("enc19")]
    assert s.enc_at[3] == sc.enc("enc27") and s.deck == [0, 0, 4]
    assert s.loc_tokens[12:16] == tokens_before  # Villain token stays, none added
    assert sc.decision() == "preroll"


def test_case18_chasm_take_own_encounter_faces_refill():
    """ATT-LOC-C, ATT-D-13 (spec case 18): the Chasm may take the active player's own
    encounter; the refill is then faced."""
    sc, s = chasm_start(["enc18", "enc15", "enc16", "enc19", "enc25"], (0, 4, 6), 2)
    sc.act(A.LOC + 2)
    sc.force("refill_encounter", "enc27")
    sc.act(A.LOC + 2)
    assert s.stack[2] == [sc.enc("enc16")] and s.enc_at[2] == sc.enc("enc27")
    to_decision(sc, "preroll")
    sc.dice(4, 4, 4, 1, 2).whites("blank", "blank")
    sc.act(A.ROLL, A.TO_RESOLVE, A.ENCOUNTER)
    pick(sc, 0, 1, 2)
    sc.act(A.CONFIRM, A.PASS)
    assert s.stack[2] == [sc.enc("enc16"), sc.enc("enc27")] and s.tent[2] == []


def test_case19_chasm_takes_active_encounter_deck_empty():
    """ATT-D-13 (spec case 19): deck empty; B takes the active player's encounter at the
    Chasm: the tile stays empty; the active player rolls, may use scenario lines and CLAIM,
    ENCOUNTER masked, no tentacle, nothing to Rumours."""
    sc = Script.start(3, chars=RNM, first=0, deck=(5, 0, 0),
                      reveal=["enc01", "enc04", "enc02", "enc06", "enc09"])
    s = sc.s
    assert sum(s.deck) == 0
    sc.set_tokens(0, courage=0)
    sc.set_tokens(1, courage=1)
    sc.set_tokens(2, courage=0)
    sc.act(A.LOC + 2)
    assert sc.tok(0)[COURAGE] == 1
    assert sc.decision() == "chasm" and sc.player == 0
    sc.act(A.PASS)
    assert sc.decision() == "chasm" and sc.player == 1
    sc.act(A.LOC + 2)
    assert s.enc_at[2] == -1 and s.stack[1] == [sc.enc("enc02")] and not s.cq
    to_decision(sc, "preroll")
    sc.dice(6, 6, 1, 2, 3).whites("focus", "blank")
    sc.act(A.ROLL, A.TO_RESOLVE)
    assert not sc.is_legal(A.ENCOUNTER)
    assert sc.is_legal(A.LINE + 0) and sc.is_legal(A.LINE + 1) and sc.is_legal(A.CLAIM + 0)
    sc.act(A.LINE + 0)
    pick(sc, 0)
    sc.act(A.CONFIRM, A.CLAIM + 0)
    doom = list(s.doom)
    sc.act(A.PASS)
    assert s.tent[0] == [] and s.doom == doom and s.rumours == []
    assert s.active == 1


def test_case20_hat_twice_mcguffin_once():
    """ATT-ENC-5/6/7, ATT-D-18 (spec case 20): the Hat is usable twice (both whites); the
    McGuffin is masked after one use; CONFIRM is masked on an empty Hat selection."""
    sc = rolled((1, 2, 3, 4, 5), whites=("focus", "treasure"), focus=5)
    s = sc.s
    sc.act(A.SWAG + 0, A.ACTION_DIE + 0)
    assert not sc.is_legal(A.CONFIRM) and sc.is_legal(A.PASS)
    pick(sc, 0)
    sc.dice(2, 2, 2, 2)
    sc.act(A.CONFIRM)
    assert s.exh[0][0] == 0 and sc.is_legal(A.SWAG + 0)
    sc.act(A.SWAG + 0)  # the only white left: no action-die step
    assert sc.decision() == "select"
    pick(sc, 1)
    sc.dice(3, 3, 3)
    sc.act(A.CONFIRM)
    assert s.w_spent == [1, 1] and not sc.is_legal(A.SWAG + 0)
    assert s.d_lock[:5] == [1, 1, 0, 0, 0] and sc.tok(0)[FOCUS] == 3

    sc = rolled((1, 2, 3, 4, 5), whites=("focus", "treasure"), focus=5)
    sc.act(A.SWAG + 1, A.ACTION_DIE + 0)
    pick(sc, 0)
    sc.dice(6)
    sc.act(A.CONFIRM)
    assert sc.s.exh[0][1] == 1 and sc.s.w_spent == [1, 0]
    assert not sc.is_legal(A.SWAG + 1) and sc.is_legal(A.SWAG + 0)


def test_case20_die_and_exhaust_costs_both_needed():
    """ATT-ENC-5 (spec case 20): a swag costing an action die and exhaustion (Planchette
    Compass) is masked if either cost is unpayable."""
    sc = rolled((1, 2, 3, 4, 5), whites=("focus", "treasure"), focus=2, swag=[("swag12", False)])
    j = sc.swag_slot(0, "swag12")
    assert sc.is_legal(A.SWAG + j)
    exhausted = sc.clone()
    exhausted.s.exh[0][j] = 1
    assert not exhausted.is_legal(A.SWAG + j)  # whites free, card exhausted
    sc.act(A.SWAG + 0, A.ACTION_DIE + 0)
    pick(sc, 0)
    sc.dice(1, 1, 1, 1)
    sc.act(A.CONFIRM, A.SWAG + 0)
    pick(sc, 1)
    sc.dice(1, 1, 1)
    sc.act(A.CONFIRM)
    assert sc.s.w_spent == [1, 1] and sc.s.exh[0][j] == 0
    assert not sc.is_legal(A.SWAG + j)  # ready, but no white left


def test_case20_zero_focus_masks_hat_and_mcguffin():
    """ATT-D-18 (spec case 20): with 0 Focus the Hat and the McGuffin are masked."""
    sc = rolled((1, 2, 3, 4, 5), whites=("focus", "treasure"), focus=0)
    assert not sc.is_legal(A.SWAG + 0) and not sc.is_legal(A.SWAG + 1)
    sc.set_tokens(0, focus=1)
    assert sc.is_legal(A.SWAG + 0) and sc.is_legal(A.SWAG + 1)


def test_case20_no_eligible_green_masks_hat_and_mcguffin():
    """ATT-ENC-6/7/8, ATT-D-18 (spec case 20): with every green die locked, the Hat and the
    McGuffin are masked although a white die and Focus remain."""
    sc = rolled((1, 2, 3, 4, 5), whites=("focus", "treasure"), focus=9)
    sc.act(A.SWAG + 0, A.ACTION_DIE + 0)
    pick(sc, 0, 1, 2, 3, 4)
    assert sc.legal() == {A.CONFIRM, A.PASS}
    sc.act(A.CONFIRM)  # nothing left to reroll: no chance node
    assert sc.s.d_lock[:5] == [1] * 5 and sc.tok(0)[FOCUS] == 4 and sc.s.w_spent == [1, 0]
    assert not sc.is_legal(A.SWAG + 0) and not sc.is_legal(A.SWAG + 1)


def luck_start(faces, swag=()):
    """Rabbit's Luck (feat27) swaps dice 3 and 4 to Luck before the roll."""
    sc = Script.start(3, chars=RNM, first=0, deck=(0, 6, 6),
                      reveal=["enc13", "enc14", "enc16", "enc18", "enc19"],
                      feats={0: ["feat27", "feat13", "feat14"]},
                      row=["swag02", "swag03", "swag04"])
    for key in swag:
        sc.give_swag(0, key)
    sc.act(A.LOC + 0)
    sc.set_tokens(0, feat=2)
    sc.act(A.FEAT + sc.feat_slot(0, "feat27"))
    assert sc.s.d_col[:5] == [GREEN, GREEN, GREEN, YELLOW, YELLOW]
    sc.dice(*faces).whites("blank", "blank")
    sc.act(A.ROLL)
    return sc


def test_case21_luck_die_rider():
    """Dice table, ATT-D-1, Luck rider (spec case 21): Luck showing 2: LUCK masked; showing 1 and
    unlocked: LUCK legal, then masked for that die this turn; a locked Luck 1: masked."""
    sc = luck_start((3, 4, 5, 2, 6))
    assert not sc.is_legal(A.LUCK)

    sc = luck_start((3, 4, 5, 1, 1))
    s = sc.s
    assert sc.is_legal(A.LUCK)
    sc.dice(1)
    sc.act(A.LUCK)  # the lowest-index eligible Luck die: die 3, again a 1
    assert sc.log[-1] == ("die", 3, 1) and s.d_luck[3] == 1
    assert sc.is_legal(A.LUCK)  # die 4 still eligible
    sc.dice(1)
    sc.act(A.LUCK)
    assert sc.log[-1] == ("die", 4, 1)
    assert s.d_face[3:5] == [1, 1] and not sc.is_legal(A.LUCK)  # each Luck die once a turn

    sc = luck_start((3, 4, 5, 1, 6), swag=["swag01"])  # Camera: lock 1 die
    j = sc.swag_slot(0, "swag01")
    sc.act(A.SWAG + j)
    pick(sc, 3)
    sc.act(A.CONFIRM)
    assert sc.s.d_lock[3] == 1 and not sc.is_legal(A.LUCK)


# ================================================================================================
# Setup and game length
# ================================================================================================
def test_case22_first_reveal_green_and_tentacles_ascending():
    """ATT-SETUP-4/5 (spec case 22): 3p standard: the first Reveal deals 5 green cards;
    tentacles are taken in ascending value (0s first)."""
    sc = Script.start(3, seed=7)
    s = sc.s
    c = sc.game.content
    assert all(c.enc_back[e] == 0 for e in s.enc_at) and s.deck == [1, 6, 6]
    assert len(s.doom) == 8
    doom = sorted(s.doom)
    taken = []
    for _ in range(5):  # five failed turns
        p = s.active
        sc.act(A.LOC + next(k for k in range(5) if s.enc_at[k] >= 0))
        to_decision(sc, "preroll")
        sc.dice(1, 1, 2, 2, 4).whites("blank", "blank")
        sc.act(A.ROLL, A.TO_RESOLVE, A.PASS)  # declines to spend: failed
        taken.append(s.tent[p][-1])
        if sc.decision() != "explore":
            to_decision(sc, "explore")
    assert taken == doom[:5]


def overcome_everything(n, length):
    """Play a whole game where every encounter is overcome; returns turns per seat."""
    def dice(s, kind, arg, outcomes):
        if kind == "die":
            e = s.enc_at[s.cur_loc]
            return arg + 1 if s.game.content.enc_combo[e][0] == RUN else 6
        if kind == "white":
            return 4
        return outcomes[0][0]

    sc = Script.start(n, length=length, fallback=dice)
    s = sc.s
    turns = [0] * n
    steps = 0
    while not s.is_terminal():
        steps += 1
        assert steps < 5000
        d = sc.decision()
        m = sc.mask()
        if d == "explore":
            turns[s.active] += 1
            sc.act(A.LOC + int(np.flatnonzero(m[A.LOC:A.LOC + 5])[0]))
        elif d in ("chateau_token", "tp_cycle", "gorg_icon"):
            sc.act(int(np.flatnonzero(m)[0]))
        elif d == "preroll":
            sc.act(A.ROLL)
        elif d == "encounter":
            sc.act(A.TO_RESOLVE)
        elif d == "resolve":
            sc.act(A.ENCOUNTER if m[A.ENCOUNTER] else A.PASS)
        elif d == "select":
            if m[A.CONFIRM]:
                sc.act(A.CONFIRM)
            else:
                sc.act(int(np.flatnonzero(m[A.DIE:A.DIE + 8])[0]) + A.DIE)
        else:
            sc.act(pass_or_confirm(sc))
        if d == "resolve" and not s.is_terminal() and s.rumours:
            raise AssertionError("an encounter was failed")
    assert not any(s.tent[p] for p in range(n)) and not s.rumours
    return turns


SETUP_TURNS = [(2, "short", 5), (2, "standard", 9), (2, "long", 12), (3, "short", 5),
               (3, "standard", 6), (3, "long", 8), (4, "short", 5), (4, "standard", 6),
               (4, "long", 6)]


@pytest.mark.parametrize("n,length,each", SETUP_TURNS)
def test_case22_setup_table_turn_counts(n, length, each):
    """ATT-SETUP-4, ATT-REVEAL-2 (spec case 22): with every encounter overcome, each Setup
    Table row gives every seat its listed number of turns."""
    assert overcome_everything(n, length) == [each] * n


# ================================================================================================
# Solo
# ================================================================================================
def solo_round_end(stack, ach=None, swag=()):
    """Solo: one encounter left (a 2-secret one), Rumours hold a 3-secret one; the player
    fails it, so the round ends needing 2 x (3 + 2) = 10 forgotten secrets."""
    sc = Script.start(1, deck=(0, 1, 0), reveal=["enc15"])
    s = sc.s
    sc.solo_round_setup("enc13", stack, ach)
    for k in swag:
        sc.give_swag(0, k)
    assert s.adv == -1 and s.adv_removed == 1  # one tile with an encounter: Adversary gone
    sc.act(A.LOC + 0)
    to_decision(sc, "preroll")
    sc.dice(1, 1, 2, 2, 4).whites("blank", "blank")
    sc.act(A.ROLL, A.TO_RESOLVE, A.PASS)
    return sc, s


def test_case23_solo_cannot_forget_enough_is_defeat():
    """ATT-SOLO-4/5, ATT-D-16 (spec case 23): Rumours 3 + 2 -> forget >= 10; holding 4 + 3
    encounters + Prowess 2 = 9: defeat."""
    sc, s = solo_round_end(["enc25", "enc14"], ach=PITFALL)
    assert s.is_terminal() and s.solo_result == -1 and s.returns() == [-1.0]
    assert s.forget_req == 10


def test_case23_solo_forget_everything():
    """ATT-SOLO-4, ATT-D-16 (spec case 23): holding 4 + 3 + 2 encounters and a 2-secret swag,
    all four are forgotten (11 >= 10) and the Rumours are cleared."""
    sc, s = solo_round_end(["enc25", "enc14", "enc16"], swag=["swag06"])
    j = sc.swag_slot(0, "swag06")
    assert sc.decision() == "forget" and s.forget_req == 10
    assert not sc.is_legal(A.CONFIRM)
    assert sc.legal() == {A.STACK + 0, A.STACK + 1, A.STACK + 2, A.SWAG + j}
    sc.act(A.STACK + 0, A.STACK + 1, A.STACK + 2)
    assert sc.legal() == {A.SWAG + j}  # 9 < 10
    sc.act(A.SWAG + j)
    assert sc.legal() == {A.CONFIRM}
    sc.act(A.CONFIRM)
    assert s.stack[0] == [] and sc.swag("swag06") not in s.swag[0] and s.rumours == []
    # every round done: the next Reveal deals nothing and the solo player wins
    assert s.is_terminal() and s.solo_result == 1


def test_case24_solo_adversary_placement_and_movement():
    """ATT-SOLO-2/3, ATT-D-16 (spec case 24): d6 = 1 puts the Adversary on F; Movement
    "stay" masks F; "clockwise" moves it to B (tile 2, holding an encounter), only B masked."""
    sc = Script.start(1, resolve=False)
    sc.force("adversary_d6", 1).force("movement", "stay")
    sc.resolve()
    s = sc.s
    assert sc.game.tile_ids == "FBCDJ" and all(e >= 0 for e in s.enc_at)
    assert s.adv == 0
    assert sc.legal() >= {A.LOC + k for k in (1, 2, 3, 4)} and A.LOC + 0 not in sc.legal()

    sc = Script.start(1, resolve=False)
    sc.force("adversary_d6", 1).force("movement", "clockwise")
    sc.resolve()
    assert sc.s.adv == 1
    assert {a for a in sc.legal() if A.LOC <= a < A.LOC + 5} == {A.LOC + k for k in (0, 2, 3, 4)}

    sc = Script.start(1, resolve=False, deck=(0, 6, 6))
    sc.force("adversary_d6", 6)
    sc.resolve()
    assert sc.decision() == "adversary_place" and sc.legal() == {A.LOC + k for k in range(5)}
    sc.force("movement", "anticlockwise")
    sc.act(A.LOC + 2)
    assert sc.s.adv == 1


def test_case24_solo_single_encounter_removes_adversary():
    """ATT-SOLO-3 (spec case 24): with one tile holding an encounter the Adversary leaves for
    the round and that tile is explorable."""
    sc = Script.start(1, deck=(1, 0, 0), resolve=False)
    sc.force("adversary_d6", 1)
    sc.resolve()
    s = sc.s
    assert s.enc_at[0] >= 0 and s.adv == -1 and s.adv_removed == 1
    assert sc.legal() >= {A.LOC + 0}
    assert not any(k == "movement" for k, _, _ in sc.log)


# ================================================================================================
# Setup tokens
# ================================================================================================
def test_case25_starting_tokens_and_first_player():
    """ATT-SETUP-8/9, ATT-D-5/6 (spec case 25): seats Captain, Reporter, Naturalist, Mystic:
    Focus/Treasure/Courage/Feat 2/1/1/1, 3/1/1/2, 3/2/2/1, 3/1/3/2; the Captain acts first."""
    sc = Script.start(4)
    s = sc.s
    assert [sc.game.content.char_key[ch] for ch in s.chars] == ["captain", "reporter", "naturalist", "mystic"]
    got = [(t[FOCUS], t[TREASURE], t[COURAGE], t[FEAT_TOKEN]) for t in (sc.tok(p) for p in range(4))]
    assert got == [(2, 1, 1, 1), (3, 1, 1, 2), (3, 2, 2, 1), (3, 1, 3, 2)]
    assert s.first == 0 and s.active == 0 and sc.player == 0
    assert [len(s.feats[p]) for p in range(4)] == [3] * 4
    assert all(len(s.swag[p]) == 2 for p in range(4))

    # random characters with the Captain in seat 2: the Captain starts, order bonuses from it
    sc = Script.start(4, chars=["mystic", "naturalist", "captain", "reporter"])
    s = sc.s
    assert s.first == 2 and sc.player == 2
    assert sc.tok(2)[FOCUS] == 2 and sc.tok(3)[FOCUS] == 3  # Reporter 2nd: 1 + 1 + 1
    assert sc.tok(0)[COURAGE] == 3 and sc.tok(1)[FOCUS] == 1 + 1 + 2  # Mystic 3rd, Naturalist 4th


# ================================================================================================
# Trading
# ================================================================================================
def tp_start(treasure, row=("swag01", "swag11", "swag30"), active_extra=None):
    sc = Script.start(3, chars=RNM, first=0, deck=(0, 6, 6), row=list(row),
                      reveal=["enc16", "enc18", "enc19", "enc20", "enc14"])
    s = sc.s
    assert s.row == [sc.swag(k) for k in row]
    sc.act(A.LOC + 4)
    assert s.monkey_holder == 0 and s.monkey_active == 1
    sc.set_tokens(0, treasure=treasure)
    for p in (1, 2):
        sc.set_tokens(p, treasure=0)
    return sc, s


def test_case26_trading_post_buy_camera():
    """ATT-LOC-E, ATT-D-14 (spec case 26): the leader's row CYCLE is mandatory (no PASS);
    Camera (price 2) bought with 2 Treasure -> Treasure 0, Camera owned, row refilled."""
    sc, s = tp_start(2)
    assert sc.decision() == "tp_cycle" and sc.player == 0
    # mandatory: no PASS (MONKEY, just claimed, is an ATT-D-12 interrupt at the active's step)
    assert sc.legal() - {A.MONKEY} == {A.CYCLE + 0, A.CYCLE + 1, A.CYCLE + 2}
    sc.force("row", "swag07", arg=2)
    sc.act(A.CYCLE + 2)
    assert s.old_stock == [sc.swag("swag30")] and s.row[2] == sc.swag("swag07")
    assert sc.decision() == "buy" and sc.player == 0
    assert A.BUY + 0 in sc.legal() and A.BUY + 2 not in sc.legal()  # Jar costs 5
    sc.force("row", "swag29", arg=0)
    sc.act(A.BUY + 0)
    assert sc.tok(0)[TREASURE] == 0 and s.swag[0][-1] == sc.swag("swag01") and s.exh[0][-1] == 0
    assert s.row[0] == sc.swag("swag29")
    assert sc.decision() == "preroll"  # the others cannot afford anything: no steps


def test_case26_trading_post_unaffordable_masked():
    """ATT-LOC-E (spec case 26): with 1 Treasure BUY of the Camera is masked."""
    sc, s = tp_start(1)
    sc.force("row", "swag07", arg=2)
    sc.act(A.CYCLE + 2)
    assert not (sc.decision() == "buy" and A.BUY + 0 in sc.legal())
    assert sc.swag("swag01") not in s.swag[0] and s.row[0] == sc.swag("swag01")
    # the Old Stock top (Coca Leaves, price 2) is buyable at the Trading Post with 2
    sc, s = tp_start(2)
    sc.force("row", "swag07", arg=2)
    sc.act(A.CYCLE + 2)
    assert A.BUY + 3 in sc.legal()


def test_case27_floating_village():
    """ATT-LOC-H, ATT-D-14 (spec case 27): the leader claims the Monkey (active side) and may
    discard a swag (not the Hat): a price-3 swag gives 2 TOKEN choices and goes to Old Stock;
    the Location BUY of the Old Stock top is masked."""
    sc = Script.start(3, tiles="ABHDE", chars=RNM, first=0, deck=(0, 6, 6),
                      row=["swag01", "swag11", "swag30"],
                      reveal=["enc16", "enc18", "enc19", "enc20", "enc14"])
    s = sc.s
    j = sc.give_swag(0, "swag04")  # Howler Warmask, price 3
    sc.act(A.LOC + 2)
    assert s.monkey_holder == 0 and s.monkey_active == 1
    assert sc.decision() == "village_sell" and sc.player == 0
    picks = {a for a in sc.legal() if A.SWAG <= a < A.SWAG + 12}
    assert picks == {A.SWAG + 1, A.SWAG + j} and A.PASS in sc.legal()  # Hat (slot 0) excluded
    sc.act(A.SWAG + j)
    assert s.old_stock == [sc.swag("swag04")] and sc.swag("swag04") not in s.swag[0]
    before = sc.tok(0)
    assert sc.decision() == "village_tokens" and sc.legal() == {A.TOKEN + k for k in range(4)}
    sc.act(A.TOKEN + COURAGE)
    assert sc.decision() == "village_tokens"
    sc.act(A.TOKEN + TREASURE)
    after = sc.tok(0)
    assert after[COURAGE] == before[COURAGE] + 1 and after[TREASURE] == before[TREASURE] + 1
    assert sc.decision() == "village_cycle" and sc.player == 0
    sc.set_tokens(0, treasure=5)
    sc.act(A.PASS)
    assert sc.decision() == "buy" and sc.player == 0
    assert A.BUY + 3 not in sc.legal() and A.BUY + 0 in sc.legal()


def test_case28_rapids_redraw_no_decision():
    """ATT-LOC-I (spec case 28): at the Rapids every player's feat hand is discarded and
    redrawn to 3, with no decision step."""
    sc = Script.start(3, tiles="ABCIE", chars=RNM, first=0, deck=(0, 6, 6), feat_discard="feat32",
                      feats={0: ["feat01", "feat02", "feat03"], 1: ["feat04", "feat05", "feat06"],
                             2: ["feat07", "feat08", "feat09"]},
                      reveal=["enc16", "enc18", "enc19", "enc20", "enc14"])
    s = sc.s
    s.feat_deck.remove(sc.feat("feat10"))  # set-up: seat 2 holds a fourth feat
    s.feats[2].append(sc.feat("feat10"))
    olds = [list(h) for h in s.feats]
    new = {0: ["feat11", "feat12", "feat13"], 1: ["feat14", "feat15", "feat16"],
           2: ["feat17", "feat18", "feat19"]}
    for p, keys in new.items():
        sc.force("feat", *keys, arg=p)
    feat_tokens = sc.tok(0)[FEAT_TOKEN]
    sc.act(A.LOC + 3)
    assert sc.decision() == "preroll" and sc.player == 0
    assert sc.tok(0)[FEAT_TOKEN] == feat_tokens + 1  # leader: +1 Feat token
    for p in range(3):
        assert s.feats[p] == [sc.feat(k) for k in new[p]]
        assert all(f in s.feat_discard for f in olds[p])
    assert sc.pending("feat") == 0


def test_case29_monkey_at_own_buy_step():
    """ATT-D-12, ATT-LOC-TILE (spec case 29): the active player holding the active Monkey at
    the Trading Post may use it at their own BUY step: two row cards before anyone else."""
    sc, s = tp_start(10)
    sc.force("row", "swag07", arg=2)
    sc.act(A.CYCLE + 2)
    assert sc.decision() == "buy" and sc.player == 0 and A.MONKEY in sc.legal()
    sc.set_tokens(1, treasure=10)
    sc.act(A.MONKEY)
    assert sc.decision() == "monkey_buy" and A.BUY + 3 not in sc.legal()
    sc.force("row", "swag02", arg=1)
    sc.act(A.BUY + 1)
    assert s.monkey_active == 0 and s.swag[0][-1] == sc.swag("swag11")
    assert sc.decision() == "buy" and sc.player == 0 and A.MONKEY not in sc.legal()
    sc.force("row", "swag06", arg=0)
    sc.act(A.BUY + 0)
    assert s.swag[0][-2:] == [sc.swag("swag11"), sc.swag("swag01")]
    assert sc.decision() == "buy" and sc.player == 1
    assert A.MONKEY not in sc.legal()


def test_case29_non_active_monkey_holder_never_sees_monkey():
    """ATT-D-12 (spec case 29): a non-active player holding the active Monkey never sees
    MONKEY, even at their own bonus decision with a buyable row."""
    sc = Script.start(3, chars=RNM, first=0, deck=(0, 6, 6), row=["swag01", "swag11", "swag30"],
                      reveal=["enc16", "enc18", "enc19", "enc20", "enc14"])
    s = sc.s
    s.monkey_holder, s.monkey_active = 1, 1
    sc.set_tokens(1, treasure=10)
    s.exh[1][1] = 1
    assert A.MONKEY not in sc.legal()  # seat 0's explore: seat 0 does not hold it
    sc.act(A.LOC + 0)  # the Shrine: seat 1 gets a refresh step
    assert sc.decision() == "shrine" and sc.player == 1
    assert A.MONKEY not in sc.legal() and A.SWAG + 1 in sc.legal()
    sc.act(A.CONFIRM)
    assert sc.decision() == "preroll" and A.MONKEY not in sc.legal()
    # the same Monkey in the active player's hands is usable at once
    s.monkey_holder = 0
    sc.set_tokens(0, treasure=10)
    assert A.MONKEY in sc.legal()


# ================================================================================================
# Content constraints and termination
# ================================================================================================
def _bad_pack(tmp_path, file, key, list_key, effects):
    pack = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, pack)
    doc = json.loads((pack / f"{file}.json").read_text())
    for entry in doc[list_key]:
        if entry["id"] == key:
            entry["effects"] = effects
    (pack / f"{file}.json").write_text(json.dumps(doc))
    return str(pack)


@pytest.mark.parametrize("file,key,list_key,effects", [
    ("swag", "swag30", "swag", [{"kind": "refresh_swag", "n": 1}]),
    ("swag", "swag30", "swag", [{"kind": "draw_feat", "n": 1}]),
    ("feats", "feat14", "feats", [{"kind": "draw_feat", "n": 1}]),
])
def test_case30_schema_rejects_unbounded_effects(tmp_path, file, key, list_key, effects):
    """Content constraints, ATT-D-17 (spec case 30): the schema rejects a swag with REFRESH_SWAG or
    DRAW_FEAT and a feat with DRAW_FEAT."""
    pack = _bad_pack(tmp_path, file, key, list_key, effects)
    with pytest.raises(ContentError):
        load_content(pack)
    assert load_content(None) is not None


def random_game(n, seed):
    """Uniformly random play; returns the largest per-turn decision count seen."""
    game = make_game("ancient_terrible_things", num_players=n)
    s = game.new_initial_state()
    rng = np.random.default_rng(seed)
    from boardgym.core.chance import sample_outcome

    worst = 0
    steps = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
            continue
        legal = np.flatnonzero(s.legal_mask())
        s.apply(int(legal[rng.integers(len(legal))]))
        worst = max(worst, s.turn_steps)
        steps += 1
        assert steps < game.info.max_decisions
    return worst


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_case30_random_play_never_hits_step_cap(n):
    """ATT-D-17 (spec case 30, fast): random play over a few seeds per player count never
    reaches the 400-step turn cap."""
    for seed in range(30):
        assert random_game(n, seed) < TURN_STEP_CAP, seed


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_case30_random_play_never_hits_step_cap_1000_seeds(n):
    """ATT-D-17 (spec case 30): 1,000 random seeds per player count never reach the cap."""
    for seed in range(1000):
        assert random_game(n, seed) < TURN_STEP_CAP, seed


def test_case23_solo_forgets_exactly_the_swag_picked():
    """ATT-SOLO-4, ATT-D-16: the solo player forgets the items it picks, several swag at once
    included. Holding 4 + 3 encounters and three swag of 3, 2 and 2 secrets (swag07, swag06,
    swag09), it picks both encounters and the first and third swag (4 + 3 + 3 + 2 = 12 >= 10):
    exactly those two swag leave, and swag06 (the one between them) stays, with its exhaustion."""
    sc, s = solo_round_end(["enc25", "enc14"], swag=["swag07", "swag06", "swag09"])
    first, middle, last = (sc.swag_slot(0, k) for k in ("swag07", "swag06", "swag09"))
    assert first < middle < last and s.forget_req == 10
    kept_exh = s.exh[0][middle]
    sc.act(A.SWAG + first, A.SWAG + last, A.STACK + 1, A.STACK + 0)
    assert sc.legal() == {A.CONFIRM}
    sc.act(A.CONFIRM)
    assert [w for w in s.swag[0] if s.game.content.swag[w].secrets] == [sc.swag("swag06")]
    assert s.exh[0][s.swag[0].index(sc.swag("swag06"))] == kept_exh
