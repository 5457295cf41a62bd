"""Loading and checking a Primeval Peril content pack (JSON + schema) into immutable tables.

The pack holds the atlas, the storybook, the events, the cards (the 12 starting S cards and
the numbered deck), the enemies and the combats (spec §2.3-2.7); the rules constants are the
engine's. Every table is a tuple of frozen dataclasses whose ``id`` is the entry's index in its
table; named values are stored as indices into the vocabularies below. The schemas
(``schema/``) bound every number and close every object; ``build`` adds the checks a schema
cannot express, each a ``ContentError(file, entry, field, message)``. The agreed interface is
/work/notes/pp_content_model.md; the pack format is docs/games/primeval_peril_content.md.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from boardgym.core.content import FrozenMap, ids_of, load_json, load_pack, pack_loader
from boardgym.core.errors import ContentError
from boardgym.games.sleeping_gods.enemies import RosterEnemy as Enemy, roster  # noqa: F401 (Enemy: the table's record)

HERE = Path(__file__).parent
DEFAULT_PACK = HERE / "content"
SCHEMA_DIR = HERE / "schema"
FILES = ("atlas", "story", "events", "cards", "enemies", "combats")

SKILLS = ("CRA", "CUN", "PER", "SAV", "STR")
STATUSES = ("venom", "frightened", "weakened", "madness")
RESOURCES = ("meat", "fruit", "torch", "rope", "map", "coin")
SLOTS = ("hand", "two_hands", "body", "recipe", "advancement", "misc")
ICONS = ("fishing_spot", "grove", "trading_post", "wreck", "shrine", "overlook")
DIRECTIONS = ("north", "east", "south", "west")
CHARACTERS = ("vine", "milk", "jon", "lois", "meiling")
EFFECTS = ("damage", "damage_each", "heal", "boat_damage", "boat_repair", "status", "remove_status",
           "stamina_loss", "gain_resource", "lose_resource", "reroll", "bloodflower", "gain_card",
           "lose_card", "cross_off", "market", "fate_roll", "lose_time")
ABILITIES = ("none", "damage", "remove_power", "block", "reroll", "challenge_bonus", "heal_on_rest",
             "stamina_on_rest", "remove_status", "ignore_rocks")
ENDS = ("map", "ending")
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
MAX_EXITS = 6        # an atlas space's lines
MAX_CHOICES = 8      # OPTION 12-19
MAX_ENEMIES = 4      # a combat's enemies (ENEMY 29-32)
MAX_EVENTS = 36      # the event deck (spec §2.5): the observation's one-hot of the open event
MIN_S_DECK = 12      # the starting combat deck (PP-SETUP-3, PP-CHAR-7)
START_PAGE = 2       # PP-SETUP-1
NUMBERED = {"adventure": ((1, 30), (53, 60)), "combat": ((31, 42),), "quest": ((43, 52),)}

# The one field that carries an effect's ``arg``, per kind: (JSON key, vocabulary or None for
# a number, whether "any" (-1) is allowed, whether the key may be left out (then -1)).
EFFECT_ARG = {
    "status": ("status", STATUSES, False, False),
    "remove_status": ("status", STATUSES, True, True),
    "gain_resource": ("resource", RESOURCES, True, False),
    "lose_resource": ("resource", RESOURCES, True, False),
    "gain_card": ("card", None, False, False),
    "lose_card": ("card", None, False, False),
    "cross_off": ("location", None, False, False),
    "market": ("market", None, False, False),
    "fate_roll": ("faces", None, False, False),
}
ARG_KEYS = ("status", "resource", "card", "location", "market", "faces")


# -- the tables -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Effect:
    kind: int            # EFFECTS
    amount: int
    arg: int             # see EFFECT_ARG; -1 when the kind takes none, or "any"
    target: int          # CHARACTERS index (status effects), else -1


@dataclass(frozen=True, slots=True)
class Challenge:
    skill: int           # SKILLS
    number: int
    fail: tuple          # Effects on failure (damage: participants first)
    fail_goto: str | None


@dataclass(frozen=True, slots=True)
class Banner:
    icon: int            # ICONS
    text: str
    cost: tuple          # ((RESOURCES index, n), ...) paid first
    challenge: Challenge | None
    effects: tuple       # after the challenge (see rewards_on_fail)
    max_uses: int        # per explore action; 0 = unlimited
    effects_before: tuple = ()   # before the challenge, either way (the grove's fruit)
    rewards_on_fail: bool = True  # False: ``effects`` only on success


@dataclass(frozen=True, slots=True)
class Space:
    id: int              # global over the atlas, page by page
    key: str
    page: int            # Page id
    name: str
    exits: tuple         # global Space ids, <= 6
    edges: tuple         # ((index into exits, DIRECTIONS index), ...): the exits across a page edge
    rocks: tuple         # fate faces that trigger; () = no rocks
    rocks_damage: int
    icon: int            # ICONS or -1
    location: int        # numbered location or 0
    start: bool


@dataclass(frozen=True, slots=True)
class Page:
    id: int
    number: int
    name: str
    spaces: tuple        # Space ids
    banner: tuple        # Banners


class Atlas(NamedTuple):
    pages: tuple
    spaces: tuple


@dataclass(frozen=True, slots=True)
class Choice:
    text: str
    requires: str | None   # a keyword
    challenge: Challenge | None
    combat: int            # COMBAT n, 0 = none
    goto: str              # "" for an event's alternative
    effects: tuple
    rewards_on_fail: bool


@dataclass(frozen=True, slots=True)
class Section:
    id: int
    key: str               # "3.2"
    location: int          # 0 for the intro
    text: str
    redirects: tuple       # ((keyword, goto), ...) checked in order on reading
    effects: tuple         # on reading, before the choices
    choices: tuple
    goto: str | None       # a continue
    combat: int            # COMBAT n before the continue, 0 = none
    ends: str | None       # "map" | "ending" | None
    ending: str            # the ending's name when ends == "ending", else ""
    ordinal: int           # its index, for observations


@dataclass(frozen=True, slots=True)
class Market:
    id: int
    key: str
    cards: tuple           # numbered card numbers offered while still in the deck


@dataclass(frozen=True, slots=True)
class Story:
    title: str
    intro: str             # section key
    sections: tuple
    by_key: FrozenMap        # {key: Section id}
    location_entry: FrozenMap  # {location: "N.1"}
    markets: tuple
    keywords: tuple        # every keyword some quest card carries, sorted


@dataclass(frozen=True, slots=True)
class Event:
    id: int
    key: str
    name: str
    text: str
    effects_before: tuple
    challenge: Challenge | None
    effects: tuple         # after: the reward either way
    choice: tuple          # () or 2 Choices with goto ""


@dataclass(frozen=True, slots=True)
class CombatCard:
    id: int
    key: str
    name: str
    number: int            # 0 for the S cards
    damage: int
    die: int               # -1, 0, +1: minus / no / plus the combat die
    skill: int             # SKILLS or -1
    remove_power: int
    block: int
    text: str


@dataclass(frozen=True, slots=True)
class AdventureCard:
    id: int
    key: str
    name: str
    number: int
    slot: int              # SLOTS
    skill: int             # SKILLS: the +1 symbol
    ability: int           # ABILITIES
    amount: int
    cost: int              # stamina, 0 = passive
    price: int             # coins (market cards), else 0
    unlock: int            # the game_index that unlocks it, else 0
    text: str
    self_only: bool = False  # "self": the holder's attacks / counterattacks only


@dataclass(frozen=True, slots=True)
class QuestCard:
    id: int
    key: str
    name: str
    number: int
    keywords: tuple
    text: str


@dataclass(frozen=True, slots=True)
class Cards:
    combat_s: tuple                 # the 12 S cards
    numbered: FrozenMap      # {number: AdventureCard | CombatCard | QuestCard}




@dataclass(frozen=True, slots=True)
class Combat:
    id: int
    number: int            # COMBAT n
    name: str
    enemies: tuple         # Enemy ids left to right (a boss: its 3 sections)
    text: str


@dataclass(frozen=True, slots=True, eq=False)
class Content:
    atlas: Atlas
    story: Story
    events: tuple
    cards: Cards
    enemies: tuple
    combats: tuple
    by_number: FrozenMap     # {COMBAT n: Combat}
    files: FrozenMap         # {table: the pack file's path}


# -- parsing ----------------------------------------------------------------------------------------
class Faults:
    """The cross-check faults of one pack, in file order; ``build`` raises the first, the
    validator lists them all."""

    def __init__(self, files, markets=()):
        self.files = files
        self.markets = {key: i for i, key in enumerate(markets)}  # market id -> Market id
        self.items: list[ContentError] = []

    def add(self, table: str, entry, field: str, message: str) -> None:
        self.items.append(ContentError(self.files[table], str(entry), field, message))


def _idx(names, value, any_ok=False) -> int:
    if value is None or (any_ok and value == "any"):
        return -1
    return names.index(value)


def effect(d, faults: Faults, table: str, entry, field: str) -> Effect:
    kind = d["kind"]
    spec = EFFECT_ARG.get(kind)
    key = spec[0] if spec else None
    for other in ARG_KEYS:
        if other in d and other != key:
            faults.add(table, entry, f"{field}.{other}", f"a {kind!r} effect takes no {other!r}"
                       + (f"; it takes {key!r}" if key else ""))
    if "character" in d and kind != "status":
        faults.add(table, entry, f"{field}.character", "only a 'status' effect names a character")
    arg = -1
    if spec:
        key, names, any_ok, optional = spec
        value = d.get(key)
        if value is None and not optional:
            faults.add(table, entry, f"{field}.{key}", f"a {kind!r} effect needs {key!r}")
        elif value is not None and names is not None:
            if value == "any" and not any_ok:
                faults.add(table, entry, f"{field}.{key}", f"a {kind!r} effect names one {key}, not 'any'")
            else:
                arg = _idx(names, value, any_ok)
        elif value is not None and kind == "market":
            if value in faults.markets:
                arg = faults.markets[value]
            else:
                faults.add(table, entry, f"{field}.market", f"no market {value!r}; the story has "
                           f"{', '.join(sorted(faults.markets)) or 'none'}")
        elif value is not None:
            arg = value  # a card, location or face number
    return Effect(EFFECTS.index(kind), d.get("amount", 1), arg, _idx(CHARACTERS, d.get("character")))


def effects(items, faults, table, entry, field) -> tuple:
    return tuple(effect(d, faults, table, entry, f"{field}[{i}]") for i, d in enumerate(items or ()))


def challenge(d, faults, table, entry, field) -> Challenge | None:
    if d is None:
        return None
    return Challenge(SKILLS.index(d["skill"]), d["number"], effects(d.get("fail"), faults, table, entry,
                     f"{field}.fail"), d.get("fail_goto"))


def choice(d, faults, table, entry, field) -> Choice:
    return Choice(d["text"], d.get("requires"), challenge(d.get("challenge"), faults, table, entry,
                  f"{field}.challenge"), d.get("combat", 0), d.get("goto", ""),
                  effects(d.get("effects"), faults, table, entry, f"{field}.effects"),
                  d.get("rewards_on_fail", True))


from . import content_checks as _checks  # noqa: E402  (the cross-checks use the tables above)


def build_checked(pack: Path) -> tuple[Content, list[ContentError]]:
    """Validate every file of the pack folder against its schema (raising the first schema
    violation), build the tables and run the cross-checks; returns the content and every
    cross-check fault."""
    pack = Path(pack)
    files = {name: str(pack / f"{name}.json") for name in FILES}
    refs = {"enemy": ids_of(load_json(pack / "enemies.json"), "enemies")}
    docs = load_pack(pack, SCHEMA_DIR, {name: name for name in FILES}, refs)
    faults = Faults(files, [m["id"] for m in docs["story"]["markets"]])
    enemies = roster(docs["enemies"]["enemies"], files["enemies"])
    combats = _combats(docs["combats"]["combats"], enemies)
    by_number = FrozenMap({c.number: c for c in combats})
    cards = _checks.cards(docs["cards"], faults)
    story = _checks.story(docs["story"], faults, cards)
    atlas = _checks.atlas(docs["atlas"], faults)
    events = _checks.events(docs["events"]["events"], faults)
    content = Content(atlas=atlas, story=story, events=events, cards=cards, enemies=enemies,
                      combats=combats, by_number=by_number, files=FrozenMap(files))
    _checks.cross(content, docs, faults)
    return content, faults.items


def build(pack: Path) -> Content:
    """The pack's content, or the first fault as a ``ContentError``: a cross-check's, else the
    story graph's (``story_graph.graph_faults``, the checks ``boardgym validate`` lists: a ring
    of sections read without a decision would never give the game back to a player)."""
    from .story_graph import graph_faults

    content, faults = build_checked(pack)
    faults = faults or graph_faults(content)
    if faults:
        raise faults[0]
    return content




def _combats(entries, enemies):
    index = {e.key: e.id for e in enemies}  # every reference exists: the schema (refersTo: enemy)
    return tuple(Combat(i, d["number"], d["name"], tuple(index[k] for k in d["enemies"]), d["text"])
                 for i, d in enumerate(entries))


@pack_loader
def load_content(pack: str | None = None) -> Content:
    """Load and validate a pack folder (default: the shipped pack "Tallowmire"). Cached while
    its files are unchanged."""
    return build(Path(pack) if pack else DEFAULT_PACK)
