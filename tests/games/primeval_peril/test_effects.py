"""Effects aimed at a named character, statuses removed by type, resources gained outside an
explore, passive equipped cards in combat, card abilities in the die windows and the menu's
token moves, through the real game on the fixture pack plus a few events and cards of their own
(spec §6 rows PP-CORE-2, PP-TURN-2, PP-CHAR-1, 4, 6, PP-TRAVEL-2, PP-COMBAT-4, 9)."""
import dataclasses
from types import MappingProxyType

from boardgym.core.game import CHANCE
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.content import Cards, Event
from boardgym.games.primeval_peril.game import PrimevalGame
from boardgym.games.primeval_peril.kinds import (D_FATE_WINDOW, D_GAIN, D_GAIN_KIND, D_HEAL,
                                                 D_STATUS_OFF)
from boardgym.games.sleeping_gods import combat
from boardgym.games.sleeping_gods.kinds import D_ATTACKER, D_BLOCK, D_ROLLED

from .helpers import (CONTENT, COMBAT_S, EVENTS, EV_CALM, EV_FATE, FRIGHTENED, JON, LOIS, MADNESS,
                      MAP, MEAT, MEILING, MILK, NUMBERED, ROPE, STORAGE, STR, CRA, TORCH, COIN, VENOM,
                      VINE, WEAKENED, _able, at_menu, draw_event, empty_tokens, fx, legal, outcome,
                      place_start)
from .test_fight import WHIP, WRENCH, sq1
from .test_story import at_location

# events of these tests, after the fixture's own
EV_MEND_VINE, EV_MEND_JON, EV_MEND_ANY, EV_FRIGHT_VINE, EV_CURE_VENOM, EV_CURE_WEAK, EV_GAIN_ANY = \
    range(len(EVENTS), len(EVENTS) + 7)
_HURT = (fx("damage_each", 3),)
_MARKS = (fx("status", 1, VENOM, JON), fx("status", 1, FRIGHTENED, LOIS), fx("status", 1, VENOM, MILK),
          fx("status", 1, WEAKENED, MILK), fx("status", 1, MADNESS, VINE))
OWN_EVENTS = (
    ("mend_vine", "Vine heals 2.", _HURT, (fx("heal", 2, -1, VINE),)),
    ("mend_jon", "Jon heals 2.", _HURT, (fx("heal", 2, -1, JON),)),
    ("mend_any", "Heal 2.", _HURT, (fx("heal", 2),)),
    ("fright_vine", "Vine gains frightened (unless he has it), twice.", (),
     (fx("status", 1, FRIGHTENED, VINE), fx("status", 1, FRIGHTENED, VINE))),
    ("cure_venom", "Remove venom from 2 characters.", _MARKS, (fx("remove_status", 2, VENOM),)),
    ("cure_weak", "Remove weakened from 1 character.", _MARKS, (fx("remove_status", 1, WEAKENED),)),
    ("gain_any", "Gain 2 resources of your choice.", (), (fx("gain_resource", 2, -1),)),
)
# passive cards (no cost: PP-CHAR-6) and the abilities of cards with a cost
PASSIVE_DAMAGE, PASSIVE_BLOCK, PASSIVE_POWER, SELF_DAMAGE, ROCK_CARD = 10, 11, 12, 13, 14
OWN_CARDS = {PASSIVE_DAMAGE: _able(10, "body", STR, "damage", 1, 0),
             PASSIVE_BLOCK: _able(11, "misc", CRA, "block", 1, 0),
             PASSIVE_POWER: _able(12, "recipe", CRA, "remove_power", 1, 0),
             SELF_DAMAGE: _able(13, "body", STR, "damage", 1, 0, self_only=True),
             ROCK_CARD: _able(14, "misc", CRA, "ignore_rocks", 1, 1)}
REROLL_CARD, BLOCK_CARD = 7, 9  # the fixture's: a reroll (1 stamina), a block 1 (1 stamina)


def _content():
    events = EVENTS + tuple(Event(len(EVENTS) + k, key, key, text, before, None, after, ())
                            for k, (key, text, before, after) in enumerate(OWN_EVENTS))
    return dataclasses.replace(CONTENT, events=events,
                               cards=Cards(COMBAT_S, MappingProxyType({**NUMBERED, **OWN_CARDS})))


CONTENT_X = _content()


def _new(event=EV_CALM, **opts):
    s = PrimevalGame.from_content(CONTENT_X, **opts).new_initial_state()
    place_start(s)
    draw_event(s, event)
    return s


def _wear(s, c, *cards):
    s.equip[c] = list(cards)
    s.owned = sorted(set(s.owned) | set(cards))
    s.invalidate()


# -- effects with a named character (PP-CORE-2) ---------------------------------------------------
def test_healing_a_named_character_goes_to_that_character():
    """An event that names its character (as "Jon gains venom" does, PP-CORE-2) heals that one
    alone, Vine (the first character) as well as Jon, with no split to decide; an event that
    names none lets the active seat split the healing among the hurt ("the active player
    decides how to distribute any negative or positive effects from the event")."""
    s = _new(EV_MEND_VINE)
    assert s.hp == [8 - 3 + 2, 3, 5, 4, 4] and at_menu(s)
    s = _new(EV_MEND_JON)
    assert s.hp == [5, 3, 5 + 2, 4, 4] and at_menu(s)
    s = _new(EV_MEND_ANY)
    assert s.hp == [5, 3, 5, 4, 4] and s.pend[-1][0] == D_HEAL
    assert legal(s) == {A.CHAR + c for c in range(5)}
    s.apply(A.CHAR + MEILING)
    s.apply(A.CHAR + VINE)
    assert s.hp == [6, 3, 5, 4, 5] and at_menu(s)


def test_a_status_named_for_vine_goes_to_vine_once():
    """PP-CORE-2, the rulebook's event: "Jon gains venom (unless he already has it, in which case
    no one gains venom)". Named for Vine: Vine gains frightened, with no one to choose; the
    second time he already has it and no one gains it."""
    s = _new(EV_FRIGHT_VINE)
    assert at_menu(s) and s.status == [1 << FRIGHTENED, 0, 0, 0, 0]


def test_removing_one_status_type_offers_only_its_holders():
    """A remove-status effect of one type (the rulebook's status tokens: "Characters can remove
    status tokens through character and adventure card abilities") offers the characters who
    hold that status, not those who hold another: venom on Jon and Milk (Lois frightened, Milk
    also weakened, Vine mad); then weakened: Milk alone."""
    s = _new(EV_CURE_VENOM)
    assert s.status[JON] == 1 << VENOM and s.status[LOIS] == 1 << FRIGHTENED
    assert s.pend[-1][0] == D_STATUS_OFF and legal(s) == {A.CHAR + JON, A.CHAR + MILK}
    s.apply(A.CHAR + MILK)
    assert s.status[MILK] == 1 << WEAKENED and legal(s) == {A.CHAR + JON}
    s.apply(A.CHAR + JON)
    assert at_menu(s) and s.status == [1 << MADNESS, 1 << WEAKENED, 0, 1 << FRIGHTENED, 0]
    s = _new(EV_CURE_WEAK)
    assert s.pend[-1][0] == D_STATUS_OFF and legal(s) == {A.CHAR + MILK}
    s.apply(A.CHAR + MILK)
    assert at_menu(s) and s.status == [1 << MADNESS, 1 << VENOM, 1 << VENOM, 1 << FRIGHTENED, 0]


def test_resources_of_any_kind_gained_outside_an_explore_may_go_to_storage():
    """PP-CHAR-1: "Character ↔ storage moves: outside explores": an event's resources of the
    active seat's choice may go to any character or to the storage, each of the two; inside an
    explore (the trading post) only to characters."""
    s = _new(EV_GAIN_ANY)
    for _ in range(2):
        assert s.pend[-1][0] == D_GAIN_KIND
        s.apply(A.OPTION + MAP)
        assert s.pend[-1][0] == D_GAIN and A.DEST + STORAGE in legal(s)
        s.apply(A.DEST + STORAGE)
    assert s.inv[6 * STORAGE + MAP] == 2 and at_menu(s)
    t = _new()
    t.pos = 2  # the trading post: coin → any resource
    t.invalidate()
    t.apply(A.EXPLORE)
    t.apply(A.OPTION + 0)  # use the banner
    while t.pend[-1][0] != D_GAIN_KIND:
        t.apply(min(legal(t)))
    t.apply(A.OPTION + MAP)
    assert t.pend[-1][0] == D_GAIN and A.DEST + STORAGE not in legal(t)


# -- passive cards in combat (PP-CHAR-6, PP-COMBAT-4, 9) ---------------------------------------------
def _fight(wear, card=WHIP, ch=LOIS):
    """The crocs (COMBAT 2), one seat, on croc a: Lois's whip (1 damage, 1 remove power, block
    2) or another card of the opening hand (whip, wrench, machete, spear, taunt)."""
    s = _new(num_players=1)
    empty_tokens(s)
    for c, cards in wear.items():
        _wear(s, c, *cards)
    at_location(s, 1)
    s.apply(A.OPTION + 3)
    draws = [WHIP, 2, 4, 6, 8]
    while s.current_player == CHANCE:
        outcome(s, draws.pop(0))
    assert s.pend[-1][0] == D_ATTACKER
    s.apply(A.play(s.hand[0].index(card), ch))
    s.apply(A.ENEMY + 0)
    return s


def test_passive_cards_add_to_every_attack():
    """PP-CHAR-6: "Damage and 'remove power' symbols add to any attack card unless indicated by
    the words 'self'"; block from adventure cards applies at the counterattack; passive cards
    cost nothing. Vine's +1 damage, Milk's +1 block and Jon's +1 remove power add to Lois's whip
    on croc a (2 power): 2 damage, power 2 − 2 = 0, counter 2 + 0 − 3: Lois keeps 7."""
    plain = _fight({})
    assert combat.damage_of(plain) == 1
    s = _fight({VINE: [PASSIVE_DAMAGE], MILK: [PASSIVE_BLOCK], JON: [PASSIVE_POWER]})
    assert combat.damage_of(s) == 2
    s.apply(sq1(0, 2, 3))  # the 2-heart
    assert s.sg_power[0] == 0 and s.hp[LOIS] == 7 and s.res[VINE] == s.res[MILK] == s.res[JON] == 3


def test_self_cards_and_madness():
    """PP-CHAR-6: a "self" card adds only to its holder's attacks; PP-CHAR-4: "Madness: ... All
    of the abilities on their equipped cards have no effect"."""
    assert combat.damage_of(_fight({VINE: [SELF_DAMAGE]})) == 1
    assert combat.damage_of(_fight({LOIS: [SELF_DAMAGE]})) == 2
    s = _new(num_players=1)
    s.status[VINE] |= 1 << MADNESS
    s.invalidate()
    from boardgym.games.primeval_peril.cards import attack_extras

    _wear(s, VINE, PASSIVE_DAMAGE)
    assert attack_extras(s, LOIS) == (0, 0, 0)
    s.status[VINE] = 0
    assert attack_extras(s, LOIS) == (1, 0, 0)


# -- card abilities in the die windows (PP-CHAR-6, PP-TRAVEL-2) -------------------------------------
def test_vines_first_card_rerolls_the_rocks_die():
    """PP-TRAVEL-2: "You may use reroll tokens to reroll the fate die"; a card's reroll too, paid
    by its holder. Vine's first card (the lowest card-ability id) rerolls a bad face; the new
    roll is not known until it lands (no face recorded), and a good face deals nothing."""
    s = _new()
    _wear(s, VINE, REROLL_CARD)
    s.apply(A.TRAVEL + 0)  # into the rocks (faces 0-1: 2 boat damage)
    outcome(s, 0)
    assert s.pend[-1][0] == D_FATE_WINDOW and A.CARD_ABILITY + 0 in legal(s)
    s.apply(A.CARD_ABILITY + 0)
    assert s.res[VINE] == 2 and s.current_player == CHANCE and s.fate[1] == -1
    outcome(s, 3)
    assert s.fate[1] == 3 and s.pend[-1][0] == D_FATE_WINDOW  # the window again, on the new face
    s.apply(A.CONFIRM)
    assert s.boat == 8 and at_menu(s)


def test_ignore_rocks_card_only_at_the_rocks():
    """PP-TRAVEL-2: a card that ignores a rocks obstacle is offered after the rocks' roll, not
    after an event's fate roll (which a reroll card may still reroll: the rulebook's event
    "Roll the fate die: on 0-1, 2 boat damage")."""
    s = _new()
    _wear(s, VINE, ROCK_CARD, REROLL_CARD)
    s.apply(A.TRAVEL + 0)
    outcome(s, 0)
    assert s.pend[-1][0] == D_FATE_WINDOW
    assert {A.CARD_ABILITY + 0, A.CARD_ABILITY + 1} <= legal(s)
    s.apply(A.CARD_ABILITY + 0)
    assert s.boat == 8 and s.res[VINE] == 2 and at_menu(s)
    t = PrimevalGame.from_content(CONTENT_X).new_initial_state()
    place_start(t)
    _wear(t, VINE, ROCK_CARD, REROLL_CARD)
    draw_event(t, EV_FATE)
    outcome(t, 0)
    assert t.pend[-1][0] == D_FATE_WINDOW
    assert A.CARD_ABILITY + 0 not in legal(t) and A.CARD_ABILITY + 1 in legal(t)
    t.apply(A.CARD_ABILITY + 1)
    assert t.fate[1] == -1 and t.current_player == CHANCE
    outcome(t, 0)
    t.apply(A.CONFIRM)
    assert t.boat == 6


def test_vines_first_card_blocks_a_counterattack():
    """PP-COMBAT-9: "You may also use block from adventure cards and character abilities at this
    time." Vine's first card (block 1 for 1 stamina) opens the block window before croc a's
    counterattack on Lois's whip: 2 + 1 − (2 + 1) = 0."""
    s = _fight({VINE: [BLOCK_CARD]})
    s.apply(sq1(0, 3, 3))
    assert s.pend[-1][0] == D_BLOCK and A.CARD_ABILITY + 0 in legal(s)
    s.apply(A.CARD_ABILITY + 0)
    assert s.res[VINE] == 2
    while s.pend[-1][0] == D_BLOCK:
        s.apply(A.CONFIRM)
    assert s.hp[LOIS] == 7


def test_vines_first_card_rerolls_the_combat_die():
    """The rulebook's reroll: "reroll the fate die or the combat die"; a card's reroll (PP-CHAR-6)
    is offered in the window after an attack's die. Jon's wrench (CRA 1) on croc a rolls 0;
    Vine's first card rerolls it for 1 stamina: 3, so D = 0 + 3 + 1."""
    s = _fight({VINE: [REROLL_CARD]}, WRENCH, JON)
    outcome(s, 0)
    assert s.pend[-1][0] == D_ROLLED and A.CARD_ABILITY + 0 in legal(s)
    s.apply(A.CARD_ABILITY + 0)
    assert s.res[VINE] == 2 and s.current_player == CHANCE
    outcome(s, 3)
    while s.pend[-1][0] == D_ROLLED:
        s.apply(A.CONFIRM)
    assert combat.damage_of(s) == 0 + 3 + 1


# -- tokens in the menu (PP-CHAR-1, 2) ---------------------------------------------------------------
def test_a_token_is_offered_only_where_it_can_go():
    """PP-CHAR-1, 8: a token in the menu is moved to a holder with room or used (meat, fruit);
    every holder full and nothing to use: none is offered; one free slot on Jon: the others'
    tokens may move to him, his own cannot move to himself."""
    s = _new()
    empty_tokens(s)
    fill = {VINE: (MAP, 3), MILK: (MAP, 3), JON: (TORCH, 3), LOIS: (TORCH, 3), MEILING: (ROPE, 3)}
    for h, (t, n) in fill.items():
        s.inv[6 * h + t] = n
    s.inv[6 * STORAGE + ROPE] = s.inv[6 * STORAGE + COIN] = 3
    s.invalidate()
    assert at_menu(s)
    tokens = {a for a in legal(s) if A.RESOURCE <= a < A.RESOURCE + 36}
    assert tokens == set()
    s.inv[6 * JON + TORCH] = 2
    s.invalidate()
    tokens = {a for a in legal(s) if A.RESOURCE <= a < A.RESOURCE + 36}
    assert tokens == {A.res_action(h, t) for h, t in ((VINE, MAP), (MILK, MAP), (LOIS, TORCH),
                                                      (MEILING, ROPE), (STORAGE, ROPE), (STORAGE, COIN))}
    s.inv[6 * JON + TORCH] = 3
    s.inv[6 * MILK + MAP] = 2
    s.inv[6 * MILK + MEAT] = 1  # meat: +1 stamina, nobody needs it yet
    s.invalidate()
    assert {a for a in legal(s) if A.RESOURCE <= a < A.RESOURCE + 36} == set()
    s.res[LOIS] = 2
    s.invalidate()
    assert {a for a in legal(s) if A.RESOURCE <= a < A.RESOURCE + 36} == {A.res_action(MILK, MEAT)}


def test_lois_at_level_2_blocks_a_counterattack_for_1_stamina():
    """PP-CHAR-3, Lois's board: "Level 2: Spend 1 stamina to block 1 damage when an enemy
    counterattacks." On Lois's whip at croc a (counter 2 + 1 − block 2), her own block, offered
    in the block window once she is at level 2 with stamina, costs 1 stamina and takes the last
    point: she keeps 7 HP. Without stamina it is not offered, and the point lands."""
    from boardgym.games.primeval_peril.characters import AB_LOIS_BLOCK

    block = A.CHAR_ABILITY + AB_LOIS_BLOCK
    s = _fight({})
    s.level[LOIS] = 2
    s.apply(sq1(0, 3, 3))
    assert s.pend[-1][0] == D_BLOCK and block in legal(s)
    stamina = s.res[LOIS]
    s.apply(block)
    assert s.res[LOIS] == stamina - 1
    while s.pend[-1][0] == D_BLOCK:
        s.apply(A.CONFIRM)
    assert s.hp[LOIS] == 7
    s = _fight({})
    s.level[LOIS], s.res[LOIS] = 2, 0
    s.apply(sq1(0, 3, 3))          # no block to choose: no window, the counterattack lands
    assert block not in legal(s) and s.hp[LOIS] == 6
