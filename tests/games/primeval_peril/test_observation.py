"""The observation encoder (spec §4) read at its documented places, in states where the encoded
thing is not trivial: equipment moved between characters (the cached character block must be
encoded again), a full set of six cards on the last character, the pending decision's
arguments, an event past the 36 the one-hot holds, a defeated enemy, an attack's numbers and
the characters who attacked this round."""
import dataclasses

import numpy as np

from boardgym.core.observation import block_cache
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.game import PrimevalGame
from boardgym.games.primeval_peril.kinds import D_EVENT_CHOICE, D_LOSE
from boardgym.games.primeval_peril.observation import as_dict, encode
from boardgym.games.sleeping_gods import combat
from boardgym.games.sleeping_gods.kinds import D_ATTACKER, D_ROLLED, D_TARGET

from .helpers import (CONTENT, COIN, CUN, EV_PAY_OR_HURT, EVENTS, JON, LOIS, MEILING, VINE, draw_event,
                      legal, new, outcome, place_start)
from .test_fight import CROCS_ATTACKS, MACHETE, NOTES, SPEAR, TAUNT, WHIP, WRENCH, attack, to_fight
from .test_story import at_market


def _cold(s, seat=0):
    """The vector encoded afresh: the game's block cache emptied first."""
    block_cache(s.game).clear()
    return encode(s, seat)


def _equip(s, cfg):
    s.equip = [list(x) for x in cfg]
    s.invalidate()


# Pairs of equipment lists (per character, Vine to Meiling) that hold the same cards in the same
# order when written one after the other, but split differently between the characters: the
# cache key must keep each character's list apart (its length, then its cards). The second
# character's list holds the first's last card, and so on, so a key that reads one character's
# length in place of another's sees the same numbers.
SHIFTED = [
    (((7, 1), (3,), (4, 5), (), ()), ((7,), (1,), (2, 4, 5), (), ())),
    (((), (7, 1), (3,), (4, 5), ()), ((), (7,), (1,), (2, 4, 5), ())),
    (((), (), (7, 1), (3,), (4, 5)), ((), (), (7,), (1,), (2, 4, 5))),
    (((), (1, 3), (), (), ()), ((2,), (3,), (), (), ())),
    (((), (), (1, 3), (), ()), ((), (2,), (3,), (), ())),
    (((), (), (), (1, 3), ()), ((), (), (2,), (3,), ())),
    (((), (), (), (), (1, 3)), ((), (), (), (2,), (3,))),
]


def test_equipment_moved_between_characters_is_encoded_again():
    """PP-CHAR-5: "Between actions, players can swap equipped adventure cards between any
    characters." After each move the characters and equipment blocks show where every card
    now is (slot kind and skill symbol under its holder, the holder's count), exactly as a
    fresh encode of the same state does, though the cache holds the layout before the move."""
    s = new()
    s.owned = sorted({1, 2, 3, 4, 5, 7, 43})
    num = s.game.content.cards.numbered
    for before, after in SHIFTED:
        for cfg in (before, after):
            _equip(s, cfg)
            warm = encode(s, 0)
            assert np.array_equal(warm, _cold(s)), cfg
            obs = as_dict(s, 0)
            for c in range(5):
                assert obs["characters"][40 * c + 34] == np.float32(len(cfg[c]) / 6)
                for j in range(6):
                    row = obs["equipment"][12 * (6 * c + j):12 * (6 * c + j + 1)]
                    want = np.zeros(12, np.float32)
                    if j < len(cfg[c]):
                        card = num[cfg[c][j]]
                        want[[0, 1 + card.slot, 7 + card.skill]] = 1.0
                    assert row.tolist() == want.tolist(), (cfg, c, j)


def test_one_card_swapped_for_another_of_the_same_count_is_encoded_again():
    """PP-CHAR-5: a character trades a hand card for a two-hands card (same number of cards):
    the equipment block follows the swap, for each character in turn."""
    s = new()
    s.owned = sorted({1, 2, 43})
    for c in range(5):
        for n in (1, 2, 1):
            cfg = [()] * 5
            cfg[c] = (n,)
            _equip(s, cfg)
            assert np.array_equal(encode(s, 0), _cold(s)), (c, n)


def test_six_cards_on_the_last_character_survive_the_cache():
    """PP-CHAR-5's six slots (two hands, body, recipe, advancement, misc) filled on Meiling,
    the last character: the equipment block's last rows show all six cards, on the first encode
    and on every later one that reuses the stored block."""
    s = new()
    s.owned = sorted({1, 3, 4, 5, 7, 9, 43})
    num = s.game.content.cards.numbered
    cards = (1, 3, 4, 7, 9, 5)
    _equip(s, ((), (), (), (), cards))
    first = encode(s, 0)
    for _ in range(2):
        assert np.array_equal(encode(s, 0), first)
    eq = as_dict(s, 0)["equipment"]
    for j, n in enumerate(cards):
        row = eq[12 * (6 * MEILING + j):12 * (6 * MEILING + j + 1)]
        assert row[0] == 1.0 and row[1 + num[n].slot] == 1.0 and row[7 + num[n].skill] == 1.0
        assert row.sum() == 3.0
    assert not eq[:12 * 6 * MEILING].any()


def test_decision_arguments():
    """Spec §4: the pending decision's two arguments / 255. "Pay a resource" (the toll event)
    asks for any type (-1) and 1 token; the market asks for 2 coins from the characters only
    (2 + 128)."""
    s = new(event=EV_PAY_OR_HURT)
    s.apply(A.OPTION + 0)  # pay
    assert s.pend[-1] == (D_LOSE, 0, -1, 1)
    d = as_dict(s, 0)
    assert d["decision"][D_LOSE] == 1.0 and d["decision"].sum() == 1.0
    assert d["decision_args"].tolist() == [np.float32(-1 / 255), np.float32(1 / 255)]

    s = at_market({JON: 2, LOIS: 1})
    s.apply(A.OPTION + 2)  # card 55 for 2 coins
    assert s.pend[-1] == (D_LOSE, 0, COIN, 2 + 128)
    assert as_dict(s, 0)["decision_args"].tolist() == [np.float32(COIN / 255), np.float32(130 / 255)]


def _many_events(n):
    """The fixture's events, then copies of the toll (pay a resource or take 2 damage) up to n."""
    toll = EVENTS[EV_PAY_OR_HURT]
    extra = tuple(dataclasses.replace(toll, id=i, key=f"toll_{i}") for i in range(len(EVENTS), n))
    return dataclasses.replace(CONTENT, events=EVENTS + extra)


def test_events_past_the_one_hot_show_none_of_its_cells():
    """Spec §4: the narrative block's open event is a one-hot of 36 (the rulebook's deck: "36
    event cards"); a pack may hold more (its schema allows 60). While a toll waits for its
    choice, the event with id 35 shows in its cell; events 36 and 37 show in none, and the cells after the
    one-hot (in a section, the section's ordinal) stay at what the state says: no section."""
    g = PrimevalGame.from_content(_many_events(40))
    for ev in (35, 36, 37):
        s = g.new_initial_state()
        place_start(s)
        draw_event(s, ev)
        assert s.ev_cur == ev and s.pend[-1][0] == D_EVENT_CHOICE
        nar = as_dict(s, 0)["narrative"]
        assert nar[:36].tolist() == [1.0 if k == ev else 0.0 for k in range(36)]
        assert s.sec < 0 and nar[36] == 0.0 and nar[37] == 0.0
        assert nar[79] == 1.0  # 39 events left of 40: 39 / 36, clipped


def test_enemy_slots_show_present_and_defeated():
    """PP-COMBAT-8, 9 (the rulebook's crocs example): once every heart of croc a is covered it is
    defeated. Per enemy slot: present, defeated, attack / 5, power / 20, block / 5."""
    s = to_fight(2, draws=[[WHIP, MACHETE, SPEAR], [WRENCH, TAUNT, NOTES]])
    for _, ch, die, squares in CROCS_ATTACKS:
        attack(s, ch, die, squares)
        width = 5 + 9 * 16
        en = as_dict(s, 0)["enemies"]
        for e in range(4):
            cells = en[width * e:width * e + 5].tolist()
            if e < 3:
                enemy = s.game.sg.enemies[s.sg_enemy[e]]
                assert cells[0] == 1.0 and cells[1] == float(combat.defeated(s, e))
                assert cells[2] == np.float32(enemy.attack / 5)
                assert cells[3] == np.float32(s.sg_power[e] / 20)
            else:
                assert cells == [0.0] * 5
    assert combat.defeated(s, 0) and not combat.defeated(s, 1)
    en = as_dict(s, 0)["enemies"]
    assert en[0] == 1.0 and en[1] == 1.0 and en[5 + 9 * 16 + 1] == 0.0
    assert np.array_equal(encode(s, 0), _cold(s))


def _attack(s):
    return as_dict(s, 0)["attack"]


def test_attack_numbers_before_and_after_the_die():
    """PP-COMBAT-4, 5: an attack's numbers: D, left, on target, block / 10, remove power / 5,
    die / 5, die sign, the card's skill. Each shows as soon as it is known, alone too: a wrench
    (no damage, 1 remove power, a die) before its roll, a taunt (block 2 only) before its
    roll, then the wrench's die 2 on Lois (CRA 0): die 2 / 5 beside the sign, D = 0 + 2 + 0."""
    s = to_fight(2, draws=[[WRENCH, TAUNT, NOTES], [WHIP, MACHETE, SPEAR]])
    s.apply(A.play(0, LOIS))  # the wrench on Lois
    assert s.pend[-1][0] == D_TARGET
    at = _attack(s)
    assert at[2 + LOIS] == 1.0 and at[2:7].sum() == 1.0
    assert at[11:18].tolist() == [0, 0, 0, 0, np.float32(1 / 5), 0, 1.0]  # remove power 1, a die
    assert at[18 + 0] == 1.0 and at[18:23].sum() == 1.0  # CRAFT
    s2 = to_fight(2, draws=[[TAUNT, WRENCH, NOTES], [WHIP, MACHETE, SPEAR]])
    s2.apply(A.play(0, MEILING))  # the taunt: block 2, nothing else yet
    at = _attack(s2)
    assert at[11:18].tolist() == [0, 0, 0, np.float32(2 / 10), 0, 0, 1.0]
    assert at[18 + CUN] == 1.0
    # the wrench's attack goes on: croc a, die 2
    s.apply(A.ENEMY + 0)
    outcome(s, 2)
    assert s.pend[-1][0] == D_ROLLED
    at = _attack(s)
    assert combat.damage_of(s) == 2 and at[7 + 0] == 1.0
    assert at[16] == np.float32(2 / 5) and at[17] == 1.0 and at[15] == np.float32(1 / 5)


def _finish_attack(s):
    """Roll 0 for the die, take no window's option, place the damage on the first squares
    offered, until the next seat picks its next attacker."""
    while s.cq or s.pend[-1][0] != D_ATTACKER:
        if s.cq:
            outcome(s, 0)
            continue
        m = sorted(legal(s))
        squares = [a for a in m if A.SQUARE <= a < A.SQUARE + 36]
        s.apply(squares[0] if squares else A.CONFIRM)


def test_attacked_this_round_for_every_character():
    """PP-COMBAT-2: each character attacks at most once a round; the attack block flags those
    who have (Vine to Meiling, five cells), and my hand's rows show my cards and nothing else."""
    s = to_fight(1, draws=[[WHIP, MACHETE, SPEAR, TAUNT, NOTES]])
    done = []
    for ch, card in ((MEILING, MACHETE), (LOIS, WHIP), (VINE, NOTES)):
        s.apply(A.play(s.hand[0].index(card), ch))
        s.apply(A.ENEMY + 1)
        _finish_attack(s)
        done.append(ch)
        d = as_dict(s, 0)
        assert d["attack"][24:29].tolist() == [1.0 if c in done else 0.0 for c in range(5)], ch
        want = np.zeros(A.HAND_SLOTS * 12, np.float32)
        for h, x in enumerate(s.hand[0]):
            want[12 * h:12 * h + 12] = np.asarray(s.game._obs_offsets.hand_rows[x])
        assert d["hand"].tolist() == want.tolist()
