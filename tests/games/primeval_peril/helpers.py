"""A small Primeval Peril pack built straight from the content dataclasses, so the engine's
scripted tests pin their own atlas, events and cards (the shipped pack may change), and the
helpers that drive a state through its masks with chosen chance outcomes."""
from __future__ import annotations

from types import MappingProxyType

from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.content import (ABILITIES, EFFECTS, ICONS, SLOTS, AdventureCard, Atlas,
                                                   Banner, Cards, Challenge, Choice, Combat, CombatCard,
                                                   Content, Enemy, Event, Market, Page, QuestCard, Section,
                                                   Space, Story)
from boardgym.games.primeval_peril.game import PrimevalGame
from boardgym.games.primeval_peril.kinds import CH_EVENT, D_MAIN, D_PLACE_START
from boardgym.games.sleeping_gods import parse_enemy

from ..sleeping_gods.host import legal, roll

VINE, MILK, JON, LOIS, MEILING = range(5)
CRA, CUN, PER, SAV, STR = range(5)
VENOM, FRIGHTENED, WEAKENED, MADNESS = range(4)
MEAT, FRUIT, TORCH, ROPE, MAP, COIN = range(6)
STORAGE = 5


def fx(kind, amount=1, arg=-1, target=-1):
    from boardgym.games.primeval_peril.content import Effect

    return Effect(EFFECTS.index(kind), amount, arg, target)


def _space(i, key, page, exits, edges=(), rocks=(), dmg=0, icon=None, location=0, start=False):
    return Space(i, key, page, key, tuple(exits), tuple(edges), tuple(rocks), dmg,
                 ICONS.index(icon) if icon else -1, location, start)


SPACES = (
    _space(0, "2.start", 0, (1, 2), location=2, start=True),
    _space(1, "2.rocks", 0, (0, 3), rocks=(0, 1), dmg=2, icon="fishing_spot"),
    _space(2, "2.post", 0, (0, 3, 4), edges=((2, 0),), icon="trading_post"),
    _space(3, "2.loc1", 0, (1, 2), location=1),
    _space(4, "1.south", 1, (2, 5), edges=((0, 2),), icon="shrine"),
    _space(5, "1.grove", 1, (4,), icon="grove"),
)
BANNERS0 = (
    Banner(ICONS.index("fishing_spot"), "PER 4: meat", (), Challenge(PER, 4, (), None),
           (fx("gain_resource", 1, MEAT),), 0),
    Banner(ICONS.index("trading_post"), "coin: any resource, max 2", ((COIN, 1),), None,
           (fx("gain_resource", 1, -1),), 2),
)
BANNERS1 = (
    Banner(ICONS.index("shrine"), "torch: each character removes 1 status", ((TORCH, 1),), None,
           (fx("remove_status", 5, -1),), 0),
    Banner(ICONS.index("grove"), "fruit; SAV 4: +1 fruit", (), Challenge(SAV, 4, (), None),
           (fx("gain_resource", 1, FRUIT),), 0, effects_before=(fx("gain_resource", 1, FRUIT),),
           rewards_on_fail=False),
)
PAGES = (Page(0, 2, "Start", (0, 1, 2, 3), BANNERS0), Page(1, 1, "North", (4, 5), BANNERS1))

(EV_JON_VENOM, EV_BOAT_CHALLENGE, EV_TWO_STATUSES, EV_FATE, EV_PAY_OR_HURT, EV_TIRED, EV_REROLL,
 EV_AMBUSH, EV_BRUISE, EV_BLOOM, EV_CALM) = range(11)
EVENTS = (
    Event(0, "jon_venom", "Leech", "Jon gains venom (unless he has it). Then gain 1 rope.", (),
          None, (fx("status", 1, VENOM, JON), fx("gain_resource", 1, ROPE)), ()),
    Event(1, "rapids", "Rapids", "STRENGTH 5. Fail: 2 boat damage. Gain 1 rope either way.", (),
          Challenge(STR, 5, (fx("boat_damage", 2),), None), (fx("gain_resource", 1, ROPE),), ()),
    Event(2, "spores", "Spores", "Madness and venom to 1 character each, then 1 fruit.",
          (fx("status", 1, MADNESS), fx("status", 1, VENOM)), None, (fx("gain_resource", 1, FRUIT),), ()),
    Event(3, "snag", "Snag", "Roll the fate die: on 0-1, 2 boat damage.", (), None,
          (fx("fate_roll", 2, 1),), ()),
    Event(4, "toll", "Toll", "Pay a resource or take 2 damage.", (), None, (),
          (Choice("Pay", None, None, 0, "", (fx("lose_resource", 1, -1),), True),
           Choice("Refuse", None, None, 0, "", (fx("damage", 2),), True))),
    Event(5, "heat", "Heat", "2 characters lose 1 stamina each, then gain a meat.", (), None,
          (fx("stamina_loss", 2), fx("gain_resource", 1, MEAT)), ()),
    Event(6, "luck", "Luck", "Gain a reroll token.", (), None, (fx("reroll", 1),), ()),
    Event(7, "ambush", "Ambush", "STRENGTH 5. Fail: -3 health.", (),
          Challenge(STR, 5, (fx("damage", 3),), None), (), ()),
    Event(8, "bruise", "Bruise", "Take 4 damage.", (), None, (fx("damage", 4),), ()),
    Event(9, "bloom", "Bloom", "Gain a bloodflower.", (), None, (fx("bloodflower", 1),), ()),
    Event(10, "calm", "Calm", "Nothing happens.", (), None, (), ()),
)


def _s_card(i, name, dmg, die, skill, rp, block):
    return CombatCard(i, f"{name.lower()}_{i}", name, 0, dmg, die, skill, rp, block, name)


S_ROWS = (("Whip", 1, 0, -1, 1, 2), ("Wrench", 0, 1, CRA, 1, 0), ("Machete", 1, 1, STR, 0, 1),
          ("Spear", 0, 1, PER, 1, 1), ("Taunt", 0, 1, CUN, 0, 2), ("Field Notes", 1, 0, SAV, 1, 1))
COMBAT_S = tuple(_s_card(2 * k + j, *row) for k, row in enumerate(S_ROWS) for j in range(2))


def _adv(n, skill=STR, slot=0, unlock=0):
    return AdventureCard(n, f"adv{n}", f"Adventure {n}", n, slot, skill, 0, 0, 0, 0, unlock, "")


def _able(n, slot, skill, ability, amount, cost, self_only=False):
    return AdventureCard(n, f"adv{n}", f"Adventure {n}", n, SLOTS.index(slot), skill, ABILITIES.index(ability),
                         amount, cost, 0, 0, "", self_only)


def _market_card(n, price, slot=0):
    return AdventureCard(n, f"m{n}", f"Market {n}", n, slot, CUN, 0, 0, 0, price, 4 if n == 54 else 0, "")


NUMBERED = {4: _able(4, "body", CRA, "challenge_bonus", 2, 1), 5: _able(5, "misc", PER, "heal_on_rest", 2, 0),
            7: _able(7, "recipe", SAV, "reroll", 1, 1), 9: _able(9, "advancement", STR, "block", 1, 1),
            1: _adv(1), 3: _adv(3), 2: _adv(2, slot=SLOTS.index("two_hands")), 6: _adv(6, unlock=2), 8: _adv(8, unlock=5),
            23: _adv(23, unlock=3), 53: _market_card(53, 2), 54: _market_card(54, 3), 55: _market_card(55, 2),
            56: _market_card(56, 4),
            31: CombatCard(31, "c31", "Hooked Blade", 31, 0, 1, CRA, 1, 2, ""),
            43: QuestCard(43, "q43", "The Trail", 43, ("TRAIL",), "")}
ROSTER = (("croc_a", "Zokmere Croc a", 2, "P.1/1D2/P.1", {"D": 1}),
          ("croc_b", "Zokmere Croc b", 2, "P.1/1W2/P.1", {}),
          ("croc_c", "Zokmere Croc c", 2, "P.1/1O2/P.1", {"O": 2}),
          ("striker", "Striker", 2, "1T1/P11/111", {}),
          ("healer", "Healer", 1, "3H./.1./...", {"H": 1}),
          ("warden_l", "Stilt Warden L", 2, "1G1/P2P/1.1", {"G": 1}))
ENEMIES = tuple(Enemy(i, key, name, atk, grid, tuple(sorted(p.items())), tuple(grid.replace("/", "")), 0,
                      2, parse_enemy(name, atk, grid, p)) for i, (key, name, atk, grid, p) in enumerate(ROSTER))
COMBATS = (Combat(0, 2, "Crocs", (0, 1, 2), ""), Combat(1, 3, "Striker", (3,), ""),
           Combat(2, 4, "Healer and warden", (4, 5), ""))
def _sec(key, location, redirects=(), effects=(), choices=(), goto=None, combat=0, ends=None, ending=""):
    return (key, location, tuple(redirects), tuple(effects), tuple(choices), goto, combat, ends, ending)


def _choice(text, goto, challenge=None, requires=None, combat=0, effects=(), rewards_on_fail=True):
    return Choice(text, requires, challenge, combat, goto, tuple(effects), rewards_on_fail)


SECTION_ROWS = (
    _sec("0.1", 0, effects=(fx("gain_card", 1, 43),), ends="map"),  # the intro: quest 43, TRAIL
    # the rulebook's story example 38.9 as location 1 (spec §6 PP-EXPL-3,5,6): 1.2 is "38.11"
    _sec("1.1", 1, choices=(
        _choice("Cut the rope bindings", "1.2", Challenge(CUN, 5, (fx("damage", 3),), None)),
        _choice("Wriggle free", "1.3", Challenge(STR, 6, (fx("damage", 3),), None)),
        _choice("Show the idol", "1.2", requires="IDOL"),
        _choice("Fight the crocs", "1.4", combat=2),
        _choice("Follow the trail", "1.5", requires="TRAIL"),
        _choice("Browse the stalls", "1.6"))),
    _sec("1.2", 1, effects=(fx("bloodflower", 1),), ends="map"),
    _sec("1.3", 1, ends="map"),
    _sec("1.4", 1, effects=(fx("gain_card", 1, 31), fx("cross_off", 1, 1)), ends="map"),
    _sec("1.5", 1, ends="ending", ending="rescue"),
    _sec("1.6", 1, effects=(fx("market", 1, 0),), ends="map"),
    _sec("2.1", 2, redirects=(("TRAIL", "2.3"),), choices=(_choice("Wait", "2.2"),)),
    _sec("2.2", 2, ends="map"),
    _sec("2.3", 2, effects=(fx("reroll", 1),), goto="2.2"),
)
SECTIONS = tuple(Section(i, key, loc, key, red, eff, chs, goto, cb, ends, ending, i)
                 for i, (key, loc, red, eff, chs, goto, cb, ends, ending) in enumerate(SECTION_ROWS))
STORY = Story("Fixture", "0.1", SECTIONS, MappingProxyType({sec.key: sec.id for sec in SECTIONS}),
              MappingProxyType({1: "1.1", 2: "2.1"}), (Market(0, "stalls", (53, 54, 55, 56)),),
              ("IDOL", "TRAIL"))


def content() -> Content:
    return Content(atlas=Atlas(PAGES, SPACES), story=STORY, events=EVENTS,
                   cards=Cards(COMBAT_S, MappingProxyType(NUMBERED)), enemies=ENEMIES, combats=COMBATS,
                   by_number=MappingProxyType({cb.number: cb for cb in COMBATS}), files=MappingProxyType({}))


CONTENT = content()


def game(**opts) -> PrimevalGame:
    return PrimevalGame.from_content(CONTENT, **opts)


def outcome(s, value) -> None:
    """Resolve the pending chance node with ``value`` (a die face, an event, a card code)."""
    roll(s, value)


def place_start(s, holders=(VINE, MILK, JON, LOIS, MEILING, VINE)) -> None:
    """PP-SETUP-4: meat, fruit, torch, rope, map, coin onto these characters."""
    for h in holders:
        assert s.pend[-1][0] == D_PLACE_START
        s.apply(A.DEST + h)


def new(event=EV_CALM, holders=(VINE, MILK, JON, LOIS, MEILING, VINE), **opts):
    """A state after setup and the first event (``event``), at the first menu."""
    s = game(**opts).new_initial_state()
    place_start(s, holders)
    draw_event(s, event)
    return s


def draw_event(s, event) -> None:
    """The pending event draw reveals ``event`` (marked unseen first if an earlier draw of the
    test saw it: a scripted test's shortcut past the deck's order)."""
    assert s.cq and s.cq[0][0] == CH_EVENT, f"no event draw pending: {s.cq} {s.pend}"
    if s.ev_seen[event] and not all(s.ev_seen):
        s.ev_seen[event] = 0
    outcome(s, event)


def at_menu(s) -> bool:
    return not s.cq and bool(s.pend) and s.pend[-1][0] == D_MAIN


def empty_tokens(s) -> None:
    s.inv[:] = [0] * 36
    s.invalidate()


SAVE_CONFIGS = ((("num_players", 1),), (("num_players", 2), ("allow_difficulty_change", True)))


def find_save(pred):
    """The first saved state of seeded random games of the shipped pack (solo; 2 players with
    the difficulty free to change; seeds 0-2) whose ``state`` fields ``pred`` accepts: (its
    game, its data to edit)."""
    from tests.games.saved_pool import find

    return find("primeval_peril", SAVE_CONFIGS, (0, 1, 2), pred)
