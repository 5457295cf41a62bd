"""The observation encoder's single cells (spec §4, the layout in observation.py's build_layout),
each in a state where its value is not zero: a level-2 character, a character at 1 HP, the
open event 0, a market of eight cards, the hand's rows, an attack's numbers part-placed with
the deck's count, and a combat of four enemies whose block is copied back from the cache."""
import dataclasses
from types import MappingProxyType

import numpy as np

from boardgym.core.observation import block_cache
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.content import Combat, Market
from boardgym.games.primeval_peril.fight import pile
from boardgym.games.primeval_peril.game import PrimevalGame
from boardgym.games.primeval_peril.kinds import D_EQUIP, D_MARKET
from boardgym.games.primeval_peril.observation import SQ_LETTERS, as_dict, encode
from boardgym.games.sleeping_gods.kinds import D_PLACE

from .helpers import (CONTENT, COIN, COMBATS, EV_BLOOM, EV_CALM, EV_JON_VENOM, JON, LOIS, MEILING, NUMBERED,
                      STORY, _market_card, draw_event, empty_tokens, game, legal, new, outcome,
                      place_start)
from .test_fight import MACHETE, NOTES, SPEAR, TAUNT, WHIP, WRENCH, to_fight
from .test_story import at_location

WIDTH = 5 + 9 * 16  # one enemy slot


def _cold(s, seat=0):
    """The vector encoded afresh: the game's block cache emptied first."""
    block_cache(s.game).clear()
    return encode(s, seat)


def test_level_two_shows_in_its_cell():
    """PP-EXPL-11: the 5th bloodflower turns Jon to level 2. The characters block's "level 2"
    cell (the 6th of his 40) is set for him alone, with his HP / 10 and max HP / 10 beside it,
    on the encode that builds the cached block and on the one that reuses it."""
    s = game().new_initial_state()
    place_start(s)
    s.blooms, s.hp[JON] = 4, 4
    draw_event(s, EV_BLOOM)
    s.apply(A.CHAR + JON)
    assert s.level[JON] == 2
    for _ in range(2):
        ch = as_dict(s, 0)["characters"]
        assert [ch[40 * c + 5] for c in range(5)] == [1.0 if c == JON else 0.0 for c in range(5)]
        assert ch[40 * JON + 6] == np.float32(4 / 10) and ch[40 * JON + 7] == 1.0


def test_one_hp_is_not_zero_hp():
    """Spec §4 characters block: "0 HP" is set only at 0 HP; a character at 1 HP with stamina
    left shows "can join" instead (PP-CHAL-1), and at 0 HP the flag and not "can join"."""
    s = new()
    s.hp[LOIS], s.hp[JON] = 1, 0
    s.invalidate()
    ch = as_dict(s, 0)["characters"]
    assert ch[40 * LOIS + 6] == np.float32(1 / 10)
    assert ch[40 * LOIS + 29] == 0.0 and ch[40 * LOIS + 30] == 1.0
    assert ch[40 * JON + 29] == 1.0 and ch[40 * JON + 30] == 0.0
    assert [ch[40 * c + 29] for c in range(5)] == [1.0 if c == JON else 0.0 for c in range(5)]


def test_open_event_zero_shows_in_its_cell():
    """Spec §4 narrative block: the open event, one-hot (36). Event 0 (the leech: Jon gains
    venom, then a rope to place) waits for the rope's holder: its cell, the first, is set and
    no other."""
    s = game().new_initial_state()
    place_start(s)
    draw_event(s, EV_JON_VENOM)
    assert s.ev_cur == 0 and s.pend
    nar = as_dict(s, 0)["narrative"]
    assert nar[:36].tolist() == [1.0] + [0.0] * 35


def _eight_stalls():
    """The fixture with market 0 offering eight cards, 53 to 60 (the story schema's most)."""
    num = dict(NUMBERED)
    for n in (57, 58, 59, 60):
        num[n] = _market_card(n, 1 + n % 4)
    story = dataclasses.replace(STORY, markets=(Market(0, "stalls", tuple(range(53, 61))),))
    cards = dataclasses.replace(CONTENT.cards, numbered=MappingProxyType(num))
    return dataclasses.replace(CONTENT, story=story, cards=cards)


def test_eighth_market_card_shows():
    """PP-EXPL-10: "you may look at each market card before deciding which to purchase": a
    market of eight cards shows all eight (8 x on offer, card number - 52 / 8, price / 4,
    affordable); the eighth, card 60 for 1 coin with 2 coins carried, fills the last four cells."""
    s = PrimevalGame.from_content(_eight_stalls()).new_initial_state()
    while s.pend[-1][0] == D_EQUIP:
        s.apply(min(legal(s)))
    place_start(s)
    outcome(s, EV_CALM)
    empty_tokens(s)
    s.inv[6 * JON + COIN] = 2
    at_location(s, 1)
    s.apply(A.OPTION + 5)
    assert s.pend[-1][0] == D_MARKET
    num = s.game.content.cards.numbered
    mk = as_dict(s, 0)["narrative"][80:112]
    for k, n in enumerate(range(53, 61)):
        price = num[n].price
        want = [1.0, np.float32((n - 52) / 8), np.float32(min(price, 4) / 4), float(price <= 2)]
        assert mk[4 * k:4 * k + 4].tolist() == want, n
    assert mk[28:32].tolist() == [1.0, 1.0, 0.25, 1.0]


def test_hand_rows_hold_each_cards_numbers():
    """Spec §4 hand block, per card: present, damage / 5, die sign, skill (5), remove power / 3,
    block / 3, numbered. The whip (1 damage, no die, no skill, 1 remove power, block 2), the
    machete (1 damage, a die, STR, block 1) and the spear (a die, PER, 1 remove power, block 1)."""
    s = to_fight(2, draws=[[WHIP, MACHETE, SPEAR], [WRENCH, TAUNT, NOTES]])
    hand = as_dict(s, 0)["hand"]
    assert hand[0:12].tolist() == [1.0, np.float32(1 / 5), 0, 0, 0, 0, 0, 0, np.float32(1 / 3),
                                   np.float32(2 / 3), 0, 0]
    assert hand[12:24].tolist() == [1.0, np.float32(1 / 5), 1.0, 0, 0, 0, 0, 1.0, 0, np.float32(1 / 3), 0, 0]
    assert hand[24:36].tolist() == [1.0, 0, 1.0, 0, 0, 1.0, 0, 0, np.float32(1 / 3), np.float32(1 / 3), 0, 0]
    assert not hand[36:].any()


def test_attack_part_placed_and_deck_left():
    """PP-COMBAT-4, 5: Meiling's machete on croc a, die 2: D = 3 (STR 0 + 1 damage + 2); one
    square placed leaves 2 to place, 1 on the target. The attack block shows D / 20, left / 20,
    on target / 20 in cells 11-13, and the combat deck's 6 cards left (12 less 2 hands of 3) /
    24 in cell 33, the empty discard in cell 34."""
    s = to_fight(2, draws=[[WHIP, MACHETE, SPEAR], [WRENCH, TAUNT, NOTES]])
    at = as_dict(s, 0)["attack"]
    assert at[0] == 1.0 and at[33] == np.float32(6 / 24) and at[34] == 0.0
    s.apply(A.play(s.hand[0].index(MACHETE), MEILING))
    s.apply(A.ENEMY + 0)
    outcome(s, 2)
    s.apply(A.CONFIRM)
    s.apply(min(a for a in legal(s) if A.SQUARE <= a < A.SQUARE + 36))
    assert s.pend[-1][0] == D_PLACE
    at = as_dict(s, 0)["attack"]
    assert at[11:14].tolist() == [np.float32(3 / 20), np.float32(2 / 20), np.float32(1 / 20)]
    assert len(pile(s)) == 6 and at[33] == np.float32(6 / 24) and at[34] == 0.0


def _four_enemies():
    """The fixture with COMBAT 2 (the story's "Fight the crocs") holding the three crocs and
    the striker: four enemies, the schema's most."""
    combats = (Combat(0, 2, "Crocs and striker", (0, 1, 2, 3), ""),) + COMBATS[1:]
    return dataclasses.replace(CONTENT, combats=combats,
                               by_number=MappingProxyType({cb.number: cb for cb in combats}))


def test_four_enemies_survive_the_cache():
    """Spec §4 enemies block: 4 slots of present, defeated, attack / 5, power / 20, block / 5,
    then per square kind (14), value / 9, covered. A combat of four enemies fills all four
    slots, the striker's last squares in the block's last cells; an encode that copies the
    block back from the cache equals a fresh one, square for square."""
    s = PrimevalGame.from_content(_four_enemies(), num_players=2).new_initial_state()
    place_start(s)
    draw_event(s, EV_CALM)
    empty_tokens(s)
    at_location(s, 1)
    s.apply(A.OPTION + 3)
    while s.cq:
        s.apply(s.chance_outcomes()[0][0])
    assert len(s.sg_enemy) == 4
    first = encode(s, 0)
    for _ in range(2):
        assert np.array_equal(encode(s, 0), first)
    assert np.array_equal(first, _cold(s))
    en = as_dict(s, 0)["enemies"]
    striker = s.game.sg.enemies[s.sg_enemy[3]]
    for q in range(9):
        sq = en[3 * WIDTH + 5 + 16 * q:3 * WIDTH + 5 + 16 * (q + 1)]
        want = np.zeros(16, np.float32)
        if striker.kinds[q] in SQ_LETTERS:
            want[SQ_LETTERS.index(striker.kinds[q])] = 1.0
        want[14] = np.float32(striker.values[q] / 9)
        assert sq.tolist() == want.tolist(), q
    assert en[3 * WIDTH + 5 + 16 * 8 + 14] == np.float32(1 / 9)  # the striker's last square: 1


def test_every_numbered_card_owned_has_its_cell_the_60th_included():
    """Spec §4 holdings: one cell per numbered card 1-60 (PP-SETUP: the numbered adventure,
    combat and quest cards); owning card 60, the last, sets its cell and no other."""
    s = new()
    before = as_dict(s, 0)["holdings"]
    s.owned = sorted(set(s.owned) | {60})
    s.invalidate()
    after = as_dict(s, 0)["holdings"]
    assert after[5 + 60] == 1.0 and before[5 + 60] == 0.0
    assert np.flatnonzero(after != before).tolist() == [5 + 60]


def test_encoding_into_any_out_array_gives_the_same_vector():
    """An ``out`` that is not a contiguous float32 vector (float64, a strided view) gets the
    same numbers as a fresh encode; a plain float32 one is written in place."""
    s = new()
    fresh = _cold(s)
    wide = np.zeros(fresh.size, np.float64)
    assert encode(s, 0, wide) is wide and np.array_equal(wide, fresh)
    strided = np.zeros(2 * fresh.size, np.float32)[::2]
    assert np.array_equal(encode(s, 0, strided), fresh)
    plain = np.full(fresh.size, 7.0, np.float32)
    assert encode(s, 0, plain) is plain and np.array_equal(plain, fresh)


def test_the_eighth_choice_of_a_section_is_shown(tmp_path):
    """Spec §4 narrative block: up to 8 choices of the open section (the schema's most, OPTION
    12-19), each with its availability cell: a pack's section of 8 choices shows all 8."""
    from boardgym.games.primeval_peril.content import DEFAULT_PACK

    from ..packs import edited_pack

    def eight(d):
        sec = next(x for x in d["sections"] if x.get("choices") and not any("requires" in c for c in x["choices"]))
        sec["choices"] = (sec["choices"] * 8)[:8]
        eight.id = sec["id"]
    g = PrimevalGame(num_players=1, content_pack=str(edited_pack(DEFAULT_PACK, tmp_path, "story", eight)))
    s = g.new_initial_state()
    s.sec = next(i for i, x in enumerate(g.content.story.sections) if x.key == eight.id)
    s.invalidate()
    narrative = as_dict(s, 0)["narrative"]
    assert [narrative[36 + 3 + 5 * k] for k in range(8)] == [1.0] * 8
