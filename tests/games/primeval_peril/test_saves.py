"""Saved Primeval Peril states that no game could reach are refused in words, and the legal states
at the same boundaries load: each case takes a state of seeded random play where the rule is at
work, changes one thing the rules forbid, and expects the loader's StateError to say what is
wrong. The generic tests (tests/games/test_saved_states.py, test_state_mutation.py) attack every
field at random; these pin each boundary of this game's own checks (state.py's field ranges,
invariants.py, frame_checks.py, program_checks.py) to the rule behind it."""
from __future__ import annotations

import dataclasses
import json

import pytest

from boardgym.games.primeval_peril.content import EFFECTS, Challenge, Choice, Event
from boardgym.games.primeval_peril.effects import (OP_BANNER, OP_CHALLENGE, OP_EVENT_CHOICE, SRC_BANNER,
                                                   SRC_CHOICE, SRC_EVENT, SRC_EVENT_CHOICE, SRC_REPAIR)
from boardgym.games.primeval_peril.kinds import (D_BANNER, D_DECK, D_FRUIT, D_MAIN, D_STATUS_PICK, D_SWAP_CARD, FRUIT,
                                                 MIN_DECK, MOONS, N_RES, PH_ACTIONS, PH_EVENT)
from tests.games.saved_pool import edited, load, refused, top

from . import helpers as H
from .helpers import find_save

VENOM_BIT = 1


def _menu(st) -> bool:
    return st["phase"] == PH_ACTIONS and top(st)[0] == D_MAIN and not st["cq"]


def _solo_menu(st) -> bool:
    return _menu(st) and len(st["hand"]) == 1


# -- the field declarations: ranges the rules set --------------------------------------------------
def test_free_moves_run_from_0_to_the_options_limit():
    """PP-TURN-3: free moves (tokens, equipment, deck toggles) are at most ``max_free_moves`` a
    turn (16 by default): the count is 0 at the turn's start and 16 at most."""
    g, data = find_save(_menu)
    for ok in (0, g.max_free_moves):
        assert load(g, edited(data, moves=ok)).moves == ok
    for bad in (-1, g.max_free_moves + 1):
        refused(g, edited(data, moves=bad), f"moves is {bad}", "free moves this turn")


def test_the_last_turns_count_down_from_4_or_are_minus_1():
    """PP-REST-3: once the 6th moon is crossed there are 3 further turns, the current one not
    counted: ``final`` is at most 4 then, and -1 (none) before it."""
    g, data = find_save(lambda st: st["moons"] == MOONS and st["final"] == 4)
    assert load(g, data).final == 4
    refused(g, edited(data, final=5), "final is 5", "the last turns left")
    g, data = find_save(lambda st: _menu(st) and st["moons"] < MOONS)
    assert load(g, data).final == -1
    refused(g, edited(data, final=-2), "final is -2", "the last turns left")


def test_the_short_event_deck_holds_3_at_most():
    """PP-REST-3: after the 6th moon only the top 3 events are kept: ``ev_short`` counts those
    left, 3 at most, and is -1 before the 6th moon."""
    g, data = find_save(lambda st: st["moons"] == MOONS and st["ev_short"] == 3)
    assert load(g, data).ev_short == 3
    refused(g, edited(data, ev_short=4), "ev_short is 4", "the events left after the sixth moon")
    g, data = find_save(lambda st: _menu(st) and st["moons"] < MOONS)
    assert load(g, data).ev_short == -1
    refused(g, edited(data, ev_short=-2), "ev_short is -2", "the events left after the sixth moon")


def test_crossed_off_locations_are_numbered_1_to_99():
    """PP-EXPL-9: a crossed-off location is closed for the campaign; the log keeps numbered
    locations, 1 to 99 (the numbers a pack's locations may take)."""
    g, data = find_save(_menu)
    for ok in ([1], [99], [1, 99]):
        assert load(g, edited(data, crossed=ok)).crossed == ok
    for bad in (0, 100):
        refused(g, edited(data, crossed=[bad]), f"is {bad}", "a location number")


def _stack(data, *frames):
    """The menu's decision replaced by ``frames`` (the active seat's)."""
    seat = data["state"]["active"]
    return edited(data, pend=[[k, seat, a, b] for k, a, b in frames])


def test_a_status_pick_names_one_of_the_five_characters():
    """PP-CORE-2 (statuses per character) and the five characters of the sheet (Vine, Milk, Jon,
    Lois, Meiling, 0-4): the character whose status is removed is 4 at most; 5 is refused by the
    save's declaration, naming "a character"."""
    g, data = find_save(_solo_menu)
    status = [0, 0, 0, 0, VENOM_BIT]
    assert load(g, edited(_stack(data, (D_STATUS_PICK, 4, 15)), status=status)).pend[-1][2] == 4
    refused(g, edited(_stack(data, (D_STATUS_PICK, 5, 15)), status=status), "is 5", "a character")


@pytest.mark.parametrize("kind,a", [(D_FRUIT, FRUIT), (D_SWAP_CARD, 1)])
def test_a_frames_character_is_one_of_the_five(kind, a):
    """The five characters are numbered 0-4: a fruit's or a card exchange's character 5 is
    refused by the save's declaration, in words ("a character")."""
    g, data = find_save(_solo_menu)
    refused(g, _stack(data, (kind, a, 5)), "is 5", "a character")


def _fruit_save():
    """A solo menu where a character carries a fruit: the save with the first such holder."""
    g, data = find_save(lambda st: _solo_menu(st) and any(st["inv"][h * N_RES + FRUIT] for h in range(5)))
    holder = next(h for h in range(5) if data["state"]["inv"][h * N_RES + FRUIT])
    return g, data, holder * N_RES + FRUIT


def test_a_fruit_choice_needs_a_wounded_venomed_character():
    """PP-CHAR-8: a fruit removes venom or gives +1 HP, so the choice between them is asked
    only of a character both venomed and below its maximum HP (PP-CORE-2: HP is in [0, max]):
    at max - 1 it loads, at the maximum there is nothing to choose."""
    g, data, token = _fruit_save()
    ch = 2  # Jon
    most = load(g, data).max_hp(ch)
    hp = list(data["state"]["hp"])
    status = list(data["state"]["status"])
    status[ch] |= VENOM_BIT
    hp[ch] = most - 1
    assert load(g, edited(_stack(data, (D_FRUIT, token, ch)), hp=hp, status=status)).pend[-1][3] == ch
    hp[ch] = most
    refused(g, edited(_stack(data, (D_FRUIT, token, ch)), hp=hp, status=status), "no fruit choice to make")


def _explore_save():
    """A save inside an explore action, a decision waiting and no draw queued."""
    return find_save(lambda st: st["exploring"] == 1 and st["phase"] == PH_ACTIONS and top(st)[0] >= 0
                     and not st["cq"])


def test_a_banner_is_used_0_to_99_times():
    """PP-EXPL-2: a square location's banner is repeatable; the uses in the explore so far are
    counted from 0 (the trading post allows at most two, the pack's max_uses is up to 99)."""
    g, data = _explore_save()
    page, bn = next((p, b) for p, pg in enumerate(g.pages) for b, bnr in enumerate(pg.banner) if bnr.cost)
    for ok in (0, 99):
        assert load(g, _stack(data, (D_BANNER, 8 * page + bn, ok))).pend[-1][3] == ok
    for bad in (-1, 100):
        refused(g, _stack(data, (D_BANNER, 8 * page + bn, bad)), f"is {bad}", "uses")


def test_a_banner_used_fewer_times_than_its_most_is_offered_again():
    """PP-EXPL-2 ("pay 1 coin for any 1 resource, at most twice"): a banner's offer stands while
    it is affordable and used fewer times than its most, on any page: the trading post of a
    later page, saved after one use with a coin left, offers a second use; after two, only
    leaving."""
    from boardgym.games.primeval_peril import actions as A
    from boardgym.games.primeval_peril.content import RESOURCES
    from boardgym.games.primeval_peril.kinds import N_RES

    g, data = _explore_save()
    page, bn = next((p, b) for p, pg in enumerate(g.pages) for b, bnr in enumerate(pg.banner)
                    if bnr.max_uses == 2 and 8 * p + b >= 2)
    inv = [0] * len(data["state"]["inv"])
    inv[N_RES * 5 + RESOURCES.index("coin")] = 1       # one coin, in the storage
    for uses, offered in ((0, True), (1, True), (2, False)):
        s = load(g, edited(_stack(data, (D_BANNER, 8 * page + bn, uses)), inv=inv))
        assert A.CONFIRM in s.legal_actions() and (A.OPTION in s.legal_actions()) == offered


def test_a_market_choice_waits_only_with_a_card_on_offer_in_an_explore():
    """PP-EXPL-10 ("buy cards from the market"): a market is open only in an explore (or the
    setup) and while one of its cards is still to buy; a saved market choice whose every card is
    owned is refused, as is one outside an explore."""
    from boardgym.games.primeval_peril.kinds import D_MARKET

    g, data = _explore_save()
    cards = g.content.story.markets[0].cards
    owned = sorted(set(data["state"]["owned"]) - set(cards))
    market = _stack(data, (D_MARKET, 0, 0))
    assert load(g, edited(market, owned=owned)).pend[-1][:3] == (D_MARKET, data["state"]["active"], 0)
    refused(g, edited(market, owned=sorted(set(owned) | set(cards))), "no market open here")
    refused(g, edited(market, owned=owned, exploring=0), "no market open here")


def test_a_hand_holds_up_to_8_combat_cards():
    """PP-COMBAT: a seat's hand of combat cards has 8 slots (the action space's hand rows); a
    save with a full hand of 8 cards of the active deck, in a combat, loads."""
    from boardgym.games.sleeping_gods.kinds import C_STATE, CB_RUNNING

    g, data = find_save(lambda st: st["sg_com"][C_STATE] == CB_RUNNING and len(st["hand"]) == 1
                        and not st["cdisc"] and all(x < 0 for x in st["played"]))
    st = data["state"]
    free = [n for n in st["deck_in"] if n not in st["hand"][0]]
    full = st["hand"][0] + free[:8 - len(st["hand"][0])]
    assert len(full) == 8
    assert load(g, edited(data, hand=[full])).hand == [full]


def test_a_fate_window_holds_the_face_rolled():
    """PP-TRAVEL-2: "Entering rocks rolls the fate die; a trigger face deals the printed boat
    damage (rerolls and Vine's level-2 ability may follow)": the window after the host's fate
    roll holds the face rolled; a saved window whose face is missing (-1) is refused."""
    from boardgym.games.primeval_peril.kinds import D_FATE_WINDOW

    g, data = find_save(lambda st: any(f[0] == D_FATE_WINDOW for f in st["pend"]))
    fate = list(data["state"]["fate"])
    assert fate[1] >= 0 and load(g, data) is not None
    fate[1] = -1
    refused(g, edited(data, fate=fate), "a fate window without the face rolled")


def test_owned_cards_are_cards_of_the_pack_and_owned_once():
    """PP-SETUP (the numbered cards 1-60 of the pack): a save owning a number the pack lacks
    is refused, naming it; the fields refuse a card owned twice, a combat card twice in one hand
    and a set of characters below 0."""
    from boardgym.games.sleeping_gods.kinds import C_STATE, CB_RUNNING

    g, data = find_save(lambda st: st["sg_com"][C_STATE] == CB_RUNNING and len(st["hand"]) == 1
                        and len(st["hand"][0]) >= 2)
    st = data["state"]
    top_card = max(g.content.cards.numbered)
    refused(g, edited(data, owned=sorted(set(st["owned"]) | {top_card + 1})),
            f"card {top_card + 1} is owned, but the pack has no card numbered {top_card + 1}")
    hand = list(st["hand"][0])
    hand[1] = hand[0]
    refused(g, edited(data, hand=[hand]), f"repeats {hand[0]} (each value once)")
    refused(g, edited(data, fx_parts=-1), "fx_parts is -1", "a set of characters (bits)")


def test_a_story_choices_challenge_names_a_section_from_the_first():
    """A saved challenge from a story choice names its section by index from 0: -1 is no
    section (Python would read it as the last), so it is refused even where the last section's
    choice has a challenge."""
    from types import SimpleNamespace

    from boardgym.games.primeval_peril.effects import SRC_CHOICE
    from boardgym.games.primeval_peril.program_checks import _source

    g, _ = find_save(lambda st: True)
    sec = next(x for x in g.content.story.sections if any(c.challenge is not None for c in x.choices))
    b = next(k for k, c in enumerate(sec.choices) if c.challenge is not None)
    s = SimpleNamespace(game=SimpleNamespace(content=SimpleNamespace(story=SimpleNamespace(sections=[sec]))))
    assert _source(s, SRC_CHOICE, 0, b) is None
    assert _source(s, SRC_CHOICE, -1, b) == "not a challenge of the pack"


def _deck_save():
    """A deck edit waiting with no combat card in a hand, played or discarded."""
    return find_save(lambda st: top(st)[0] == D_DECK and not any(st["hand"]) and not st["cdisc"]
                     and all(x < 0 for x in st["played"]))


def test_a_deck_edit_names_a_combat_number_or_0():
    """PP-COMBAT-1: the active seat may edit the deck before a combat starts: the edit names the
    COMBAT n to start afterwards (1-99), or 0 for an edit outside a combat's setup; -1 and 100
    are refused by the declaration, in its words."""
    g, data = _deck_save()
    st = data["state"]
    assert load(g, data) is not None
    pend = st["pend"][:-1]
    seat = top(st)[1]
    assert load(g, edited(data, pend=pend + [[D_DECK, seat, 0, 0]])).pend[-1][2] == 0
    for bad in (-1, 100):
        refused(g, edited(data, pend=pend + [[D_DECK, seat, bad, 0]]), f"is {bad}", "COMBAT n to start afterwards")


def test_a_deck_being_edited_can_still_be_brought_back_to_12():
    """PP-CHAR-7: the active deck needs at least 12 cards; while it is edited it may hold fewer,
    but only as many fewer as the free moves left this turn can add back (PP-TURN-3: each deck
    toggle is a free move). 11 cards with 1 move left loads; with none left it is refused."""
    g, data = _deck_save()
    st = data["state"]
    short = sorted(st["deck_in"])[:MIN_DECK - 1]
    most = g.max_free_moves
    assert len(load(g, edited(data, deck_in=short, moves=most - 1)).deck_in) == MIN_DECK - 1
    refused(g, edited(data, deck_in=short, moves=most), "cannot be brought back to 12")
    shorter = short[:MIN_DECK - 2]
    assert load(g, edited(data, deck_in=shorter, moves=most - 2)).moves == most - 2
    refused(g, edited(data, deck_in=shorter, moves=most - 1), "cannot be brought back to 12")


# -- invariants: what ties fields together -------------------------------------------------------
def _two_seats_free_level(st) -> bool:
    """The 2-player game of the pool, the one where the level may change (PP-END-2)."""
    return _menu(st) and len(st["hand"]) == 2


@pytest.mark.parametrize("diff,logged_ok,logged_bad", [(0, 0b011, 0b110), (1, 0b010, 0b101), (2, 0b110, 0b011)])
def test_the_level_now_is_one_logged(diff, logged_ok, logged_bad):
    """PP-END-2: the level may change any time and each change is logged (the score uses the
    easiest logged, PP-END-3): the level now is always among those logged."""
    g, data = find_save(_two_seats_free_level)
    assert g.allow_difficulty_change
    assert load(g, edited(data, diff=diff, diff_log=logged_ok)).diff == diff
    refused(g, edited(data, diff=diff, diff_log=logged_bad), "the level now is not logged")


def test_the_challenge_record_and_the_cores_challenge_agree():
    """PP-CHAL-1..4: a challenge runs through the shared core; the game's record of its source
    (an event, a banner, a story choice, the repair) is set exactly while it runs. A running
    challenge whose record says "none" is refused, and so is a record with none running."""
    g, data = find_save(lambda st: st["chal"][0] == SRC_EVENT and st["chal"][1] >= 0)
    chal = data["state"]["chal"]
    assert load(g, data).chal == chal
    refused(g, edited(data, chal=[-1] + chal[1:]), "the challenge record and the core's challenge disagree")
    g, idle = find_save(lambda st: _menu(st) and st["chal"][0] < 0)
    refused(g, edited(idle, chal=chal), "the challenge record and the core's challenge disagree")


def test_no_challenge_source_is_kept_once_the_challenge_is_over():
    """PP-CHAL-4: a challenge ends with its rewards or failure effects, and its source is cleared
    with it ([-1, -1, -1]); a save that keeps a source's event or choice with no challenge
    running is refused, whichever part is left over."""
    g, idle = find_save(lambda st: _menu(st) and st["chal"][0] < 0)
    assert load(g, idle).chal == [-1, -1, -1]
    for stale in ([-1, 3, -1], [-1, -1, 0], [-1, 0, 0]):
        refused(g, edited(idle, chal=stale), "a challenge's source is kept with no challenge running")


# -- the effect program: what each entry points at ------------------------------------------------
def _event_program():
    """An event's program waiting behind a decision (PP-TURN-2: the event is resolved in full)."""
    return find_save(lambda st: st["phase"] == PH_EVENT and st["fx"] and st["pend"] and not st["cq"])


def _explore_program():
    """An explore's program waiting behind a decision (PP-EXPL-1..4)."""
    return find_save(lambda st: st["phase"] == PH_ACTIONS and st["exploring"] == 1 and st["fx"] and st["pend"])


def _with_entry(data, *entry):
    return edited(data, fx=data["state"]["fx"] + [list(entry)])


def _kind(name):
    return EFFECTS.index(name)


ARG_KINDS = ("status", "remove_status", "gain_resource", "lose_resource", "cross_off", "market", "fate_roll")


def _arg_range(g, kind):
    """The argument an effect kind reads, lowest and highest (content.EFFECT_ARG): a status (0-3,
    -1 = any where "any" is allowed), a resource (0-5, -1 = any), a location (1-99), a market of
    the story, a fate face (-1-9)."""
    return {"status": (0, 3), "remove_status": (-1, 3), "gain_resource": (-1, 5), "lose_resource": (-1, 5),
            "cross_off": (1, 99), "market": (0, len(g.content.story.markets) - 1), "fate_roll": (-1, 9)}[kind]


@pytest.mark.parametrize("kind", ARG_KINDS)
def test_an_effects_argument_is_one_its_kind_reads(kind):
    """Spec §2.5, PP-CORE-2, PP-CHAR-8: statuses are the four of the rules, resources the six,
    locations are numbered, markets are the story's, fate faces are the die's: an effect's
    argument at either end of its kind's range loads, one past either end is refused."""
    g, data = _event_program()
    lo, hi = _arg_range(g, kind)
    for ok in (lo, hi):
        assert load(g, _with_entry(data, _kind(kind), 1, ok, -1)).fx[-1][2] == ok
    for bad in (lo - 1, hi + 1):
        refused(g, _with_entry(data, _kind(kind), 1, bad, -1), "an argument its kind cannot read")


NO_ARG_KINDS = tuple(k for k in EFFECTS if k not in ARG_KINDS + ("gain_card", "lose_card"))


@pytest.mark.parametrize("kind", NO_ARG_KINDS)
def test_an_effect_that_reads_no_argument_carries_none(kind):
    """Spec §2.5: damage, healing, the boat's damage and repair, stamina loss, rerolls, the
    bloodflower and lost time read only an amount: the pack gives them no argument (-1), so an
    entry carrying one was never made by the game."""
    g, data = _event_program()
    assert load(g, _with_entry(data, _kind(kind), 1, -1, -1)).fx[-1][2] == -1
    for bad in (0, 2):
        refused(g, _with_entry(data, _kind(kind), 1, bad, -1), "an argument its kind cannot read")


def test_a_card_effect_names_a_numbered_card():
    """PP-EXPL-8: gain / lose card x names a card of the numbered deck."""
    g, data = _event_program()
    numbered = sorted(g.content.cards.numbered)
    missing = next(n for n in range(1, 100) if n not in g.content.cards.numbered)
    for name in ("gain_card", "lose_card"):
        for ok in (numbered[0], numbered[-1]):
            assert load(g, _with_entry(data, _kind(name), 1, ok, -1)).fx[-1][2] == ok
        refused(g, _with_entry(data, _kind(name), 1, missing, -1), "an argument its kind cannot read")


def test_an_effects_amount_is_0_to_99():
    """Spec §2.5: an effect's amount is a count of damage, tokens or cards: up to 99."""
    g, data = _event_program()
    for ok in (0, 99):
        assert load(g, _with_entry(data, _kind("heal"), ok, -1, -1)).fx[-1][1] == ok
    refused(g, _with_entry(data, _kind("heal"), 100, -1, -1), "an amount outside 0..99")


def test_an_effects_target_is_a_character_or_the_participants_for_damage():
    """PP-CHAL-4: failure damage goes first to the challenge's participants (a damage effect's
    target -2); PP-CORE-2: a status names one of the five characters (0-4) or any (-1). Only
    damage is aimed at the participants; 5 is no character."""
    g, data = _event_program()
    for name, z in (("damage", -2), ("damage", -1), ("damage", 4), ("status", 0), ("status", 4)):
        assert load(g, _with_entry(data, _kind(name), 1, 0 if name == "status" else -1, z)).fx[-1][3] == z
    for name, z in (("heal", -2), ("damage_each", -2), ("status", -2), ("damage", 5), ("status", 5)):
        refused(g, _with_entry(data, _kind(name), 1, 0 if name == "status" else -1, z),
                "a target that is not a character")


def test_a_banner_entry_names_a_pages_banner_used_0_to_99_times():
    """PP-EXPL-2: a square location's banner again, in an explore: the page and the banner are
    the atlas's, and the uses so far 0-99."""
    g, data = _explore_program()
    last = len(g.pages) - 1
    nb = len(g.pages[last].banner)
    for entry in ((OP_BANNER, 0, 0, 0), (OP_BANNER, last, nb - 1, 99)):
        assert load(g, _with_entry(data, *entry)).fx[-1] == entry
    for entry in ((OP_BANNER, last + 1, 0, 0), (OP_BANNER, last, nb, 0), (OP_BANNER, 0, 0, 100),
                  (OP_BANNER, 0, 0, -1), (OP_BANNER, -1, 0, 0)):
        refused(g, _with_entry(data, *entry), "not a banner of a page")


def test_a_challenge_entry_names_a_challenge_of_the_pack():
    """PP-EXPL-6, PP-EXPL-2: a challenge of an explore is a story choice's or a banner's that
    has one; a choice or banner without a challenge, one past the last section, choice or
    banner, and a source that is none of the pack's (the repair has its own op) are refused."""
    g, data = _explore_program()
    secs = g.content.story.sections
    a, b = next((i, j) for i, sec in enumerate(secs) for j, ch in enumerate(sec.choices) if ch.challenge)
    a0, b0 = next((i, j) for i, sec in enumerate(secs) for j, ch in enumerate(sec.choices) if not ch.challenge)
    la = max(i for i, sec in enumerate(secs) if any(ch.challenge for ch in sec.choices))
    lb = max(j for j, ch in enumerate(secs[la].choices) if ch.challenge)
    p, q = next((i, j) for i, pg in enumerate(g.pages) for j, bn in enumerate(pg.banner) if bn.challenge)
    p0, q0 = next((i, j) for i, pg in enumerate(g.pages) for j, bn in enumerate(pg.banner) if not bn.challenge)
    for entry in ((OP_CHALLENGE, SRC_CHOICE, a, b), (OP_CHALLENGE, SRC_CHOICE, la, lb),
                  (OP_CHALLENGE, SRC_BANNER, p, q)):
        assert load(g, _with_entry(data, *entry)).fx[-1] == entry
    for entry in ((OP_CHALLENGE, SRC_CHOICE, a0, b0), (OP_CHALLENGE, SRC_CHOICE, len(secs), 0),
                  (OP_CHALLENGE, SRC_CHOICE, la, len(secs[la].choices)), (OP_CHALLENGE, SRC_CHOICE, -1, 0),
                  (OP_CHALLENGE, SRC_BANNER, p0, q0), (OP_CHALLENGE, SRC_BANNER, len(g.pages), 0),
                  (OP_CHALLENGE, SRC_REPAIR, 0, 0), (OP_CHALLENGE, SRC_REPAIR + 1, 0, 0)):
        refused(g, _with_entry(data, *entry), "not a challenge of the pack")


def _alternatives_first():
    """The scripted pack (helpers) with a first event of alternatives: "a spore cloud drives one
    character mad; then climb clear (STRENGTH 5) or pay a resource". Its first event has the id
    0, the lowest, so an off-by-one at the bottom of the event ids shows."""
    choices = (Choice("Climb", None, Challenge(H.STR, 5, (H.fx("damage", 2),), None), 0, "",
                      (H.fx("gain_resource", 1, H.ROPE),), True),
               Choice("Pay", None, None, 0, "", (H.fx("lose_resource", 1, -1),), True))
    first = Event(0, "spore_toll", "Spore Toll", "Madness to 1 character; climb (STR 5) or pay a resource.",
                  (H.fx("status", 1, H.MADNESS),), None, (), choices)
    events = (first,) + tuple(dataclasses.replace(e, id=i + 1) for i, e in enumerate(H.EVENTS))
    g = H.PrimevalGame.from_content(dataclasses.replace(H.CONTENT, events=events))
    s = g.new_initial_state()
    H.place_start(s)
    H.draw_event(s, 0)
    return g, json.loads(s.to_json())


def test_an_events_alternatives_wait_behind_its_first_effects():
    """PP-TURN-2 (the event is mandatory, resolved in order): the madness is placed first, the
    alternatives wait in the program; they are an event's with alternatives, the first event
    (id 0) included, and none past the last event or of an event without alternatives."""
    g, data = _alternatives_first()
    assert data["state"]["phase"] == PH_EVENT and data["state"]["fx"] == [[OP_EVENT_CHOICE, 0, 0, 0]]
    assert load(g, data).fx == [(OP_EVENT_CHOICE, 0, 0, 0)]
    plain = next(i for i, ev in enumerate(g.events) if not ev.choice)
    for x in (len(g.events), plain):
        refused(g, edited(data, fx=[[OP_EVENT_CHOICE, x, 0, 0]]), "not an event with alternatives")


def test_an_alternatives_challenge_is_one_the_alternative_has():
    """PP-TURN-2: an event's challenge is the event's own or one of its alternatives'; an
    alternative without a challenge (paying), one past the last, and the event itself when it
    has none, are refused."""
    g, data = _alternatives_first()
    ok = [OP_CHALLENGE, SRC_EVENT_CHOICE, 0, 0]
    assert load(g, edited(data, fx=[ok])).fx == [tuple(ok)]
    with_challenge = next(i for i, ev in enumerate(g.events) if ev.challenge)
    assert load(g, edited(data, fx=[[OP_CHALLENGE, SRC_EVENT, with_challenge, 0]])) is not None
    for bad in ([OP_CHALLENGE, SRC_EVENT_CHOICE, 0, 1], [OP_CHALLENGE, SRC_EVENT_CHOICE, 0, 2],
                [OP_CHALLENGE, SRC_EVENT_CHOICE, len(g.events), 0], [OP_CHALLENGE, SRC_EVENT, 0, 0]):
        refused(g, edited(data, fx=[bad]), "not a challenge of the pack")


# -- equipment slots ---------------------------------------------------------------------------------
def test_a_character_holds_two_one_hand_cards_or_one_two_handed_card():
    """PP-CHAR-5, the rulebook: "Each character can only have 1 of each type of card equipped,
    except for 'hand,' in which case they can have up to 2 (unless the card specifies '2
    hands')." Two one-hand cards, or one two-handed card, load on one character; a two-handed
    card with a one-hand card, or two two-handed cards, are more than its hands hold."""
    from boardgym.games.primeval_peril.content import SLOTS, AdventureCard

    g, data = find_save(_menu)
    adv = {n: c for n, c in g.content.cards.numbered.items() if isinstance(c, AdventureCard)}
    hand = [n for n, c in adv.items() if SLOTS[c.slot] == "hand"][:3]
    two = [n for n, c in adv.items() if SLOTS[c.slot] == "two_hands"][:2]

    def wearing(cards):
        equip = [[] for _ in range(5)]
        equip[H.VINE] = list(cards)
        return edited(data, equip=equip, owned=sorted(set(data["state"]["owned"]) | set(cards)))
    for ok in (hand[:2], two[:1], hand[:1]):
        assert load(g, wearing(ok)).equip[H.VINE] == ok
    for bad in ([two[0], hand[0]], two, hand):
        refused(g, wearing(bad), f"character {H.VINE} wears more cards than its slots hold")

