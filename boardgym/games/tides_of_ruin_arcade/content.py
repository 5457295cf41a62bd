"""Loading and checking a Tides of Ruin Arcade content pack (JSON + schema) into immutable tables.

Every table is a tuple of frozen dataclasses whose ``id`` is the entry's index in its file; the
state refers to entries by these ints, the pack by the string ``key``. Named values (skills,
statuses, kinds) are stored as indices into the tuples below. The schemas (``schema/``) bound
every number and close every object; ``Content`` adds the checks a schema cannot express, each
raising ``ContentError(file, entry, field, message)``. See docs/games/tides_of_ruin_arcade_content.md.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from boardgym.core.content import FrozenMap, ids_of, load_json, load_pack, pack_loader
from boardgym.core.errors import ContentError
from boardgym.games.sleeping_gods.enemies import RosterEnemy as Enemy, roster  # noqa: F401 (Enemy: the table's record)

HERE = Path(__file__).parent
DEFAULT_PACK = HERE / "content"
SCHEMA_DIR = HERE / "schema"
FILES = ("crew", "destiny", "skills", "adventure", "challenges", "enemies", "combats", "rewards", "boss")

SKILLS = ("STR", "CUN", "PER", "CRA", "KNO")
STATUSES = ("poison", "frightened", "weakened", "madness")
TARGETS = ("one", "each")
FAMILIES = ("drill", "knack", "strike", "guard", "fortune")
ABILITIES = ("none", "challenge_bonus", "attack_boost", "block", "destiny_redraw")
ADVENTURE_KINDS = ("weapon", "item", "recipe")
RECIPE_EFFECTS = ("heal", "fatigue", "status", "xp")
CHALLENGE_REWARDS = ("coins", "food", "skill_card", "xp")
MASTERY_KINDS = ("xp", "heal")
FAILURES = ("wounds", "fatigue", "status")
REWARDS = ("om", "skill_cards", "heal", "fatigue", "status", "xp", "food", "coins", "recover", "adventure")
CORNERS = ("port", "market")
BOSS_KINDS = ("start_power", "power_per_round", "damage_bonus", "counter_bonus", "frighten", "poison")

# What TR-BASE fixes and the game checks (the numbers inside are the schemas' to bound)
DESTINY = (0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5)                                      # TR-BASE-DESTINY
FAMILY_COUNTS = {"drill": 10, "knack": 10, "strike": 8, "guard": 6, "fortune": 6}    # TR-BASE-SKILL
FAMILY_SKILLS = {"drill": SKILLS, "knack": SKILLS, "strike": ("STR", "PER"), "guard": ("CRA", "CUN"),
                 "fortune": ("KNO",)}
PER_SKILL = {"drill": 2, "knack": 2}        # "2 cards per skill"
FAMILY_ABILITY = {"drill": "none", "knack": "challenge_bonus", "strike": "attack_boost", "guard": "block",
                  "fortune": "destiny_redraw"}
CHALLENGE_NUMBERS = (5, 6, 7, 8)            # TR-BASE-ENC: 4 per skill at 5/6/7/8
HEARTS_TOTAL = (5, 13)                      # TR-BASE-ENC: hearts total per combat card
REWARD_CORNERS = {"port": 6, "market": 6}   # TR-BASE-REWARD
STARTING = {                                # TR-BASE-ADV-2, exactly
    "boarding_cutlass": {"kind": "weapon", "base": 1, "skill": "STR", "block": 1, "remove_power": 0},
    "long_rifle": {"kind": "weapon", "base": 0, "skill": "PER", "block": 0, "remove_power": 1},
    "brass_spyglass": {"kind": "item", "bonuses": {"PER": 1, "KNO": 1}},
    "salt_fish_stew": {"kind": "recipe", "food": 2, "effects": [{"kind": "heal", "target": "each", "amount": 1}]},
}
MARKET_PRICES = (2, 5)                      # TR-BASE-ADV-3


@dataclass(frozen=True, slots=True)
class Crew:
    id: int
    key: str
    role: str
    name: str
    captain: bool
    hp: int
    skills: tuple        # per SKILLS
    flavor: str


@dataclass(frozen=True, slots=True)
class SkillCard:
    """One kind of skill card; ``count`` copies are in the deck (``Content.skill_deck``)."""
    id: int
    key: str
    name: str
    family: int          # FAMILIES
    count: int
    skill: int           # the icon's skill (SKILLS)
    bonus: int           # the icon's bonus
    equip_cost: int
    ability: int         # ABILITIES
    ability_skill: int   # challenge_bonus: its skill; else -1
    amount: int          # challenge_bonus / block: the amount; attack_boost: the damage; else 0
    remove_power: int    # attack_boost: the power removed instead of the damage; else 0
    text: str


@dataclass(frozen=True, slots=True)
class AdventureCard:
    id: int
    key: str
    name: str
    kind: int            # ADVENTURE_KINDS
    starting: bool
    price: int
    base: int            # weapon: base damage (else 0)
    skill: int           # weapon: the skill that adds (SKILLS; else -1)
    block: int           # weapon
    remove_power: int    # weapon
    bonuses: tuple       # item: per SKILLS (else zeros)
    food: int            # recipe: food per cooking (else 0)
    effects: tuple       # recipe: (RECIPE_EFFECTS index, TARGETS index or -1, amount)
    text: str


@dataclass(frozen=True, slots=True)
class Challenge:
    id: int
    key: str
    name: str
    text: str
    skill: int           # SKILLS
    number: int
    reward: tuple        # (CHALLENGE_REWARDS index, amount)
    mastery: tuple       # ((MASTERY_KINDS index, amount), ...)
    failure: tuple       # (FAILURES index, amount or 0, STATUSES index or -1)




@dataclass(frozen=True, slots=True)
class Combat:
    id: int
    key: str
    name: str
    text: str
    enemies: tuple       # Enemy ids, left to right
    hearts: int          # the sum over its enemies


@dataclass(frozen=True, slots=True)
class RewardCard:
    id: int
    key: str
    name: str
    text: str
    rewards: tuple       # 6 x (REWARDS index, amount), in printed order
    corner: int          # CORNERS


@dataclass(frozen=True, slots=True)
class BossImprovement:
    value: int           # the Destiny value that draws it
    kind: int            # BOSS_KINDS
    amount: int          # 0 for frighten / poison


@dataclass(frozen=True, slots=True, eq=False)
class Content:
    """Every table of one content pack."""
    files: FrozenMap      # {table name: the pack file's path}
    crew: tuple
    destiny: tuple
    skills: tuple                # SkillCard kinds
    skill_deck: tuple            # 40 SkillCard ids, one per physical card
    adventure: tuple
    starting: tuple              # AdventureCard ids of the starting cards
    market: tuple                # AdventureCard ids of the market deck
    challenges: tuple
    enemies: tuple
    combats: tuple
    rewards: tuple
    boss_name: str
    boss_text: str
    boss: tuple                  # BossImprovement per Destiny value, boss[v].value == v
    enemy_index: FrozenMap   # {enemy key: Enemy id}


def _idx(names, value) -> int:
    return -1 if value is None else names.index(value)


# -- tables ---------------------------------------------------------------------------------------
def _crew(entries, file):
    crew = tuple(Crew(i, c["id"], c["role"], c["name"], c["captain"], c["hp"],
                      tuple(c["skills"][s] for s in SKILLS), c["flavor"]) for i, c in enumerate(entries))
    captains = [c.key for c in crew if c.captain]
    if len(captains) != 1:
        raise ContentError(file, captains[1] if captains else "<file>", "captain",
                           f"{len(captains)} crew members are marked captain; exactly one is the Captain, whom the "
                           "active player controls (TR-BASE-CREW)")
    return crew


def _destiny(cards, file):
    if tuple(sorted(cards)) != DESTINY:
        raise ContentError(file, "<file>", "cards",
                           f"the Destiny deck holds {sorted(cards)}; it must be the 12 values "
                           f"{', '.join(map(str, DESTINY))} (TR-BASE-DESTINY)")
    return tuple(cards)


def _skills(entries, file):
    out = []
    per_skill: dict = {}
    for i, d in enumerate(entries):
        fam, skill, ab = d["family"], d["icon"]["skill"], d["ability"]
        if ab["kind"] != FAMILY_ABILITY[fam]:
            raise ContentError(file, d["id"], "ability.kind",
                               f"a {fam.title()} card's ability is {FAMILY_ABILITY[fam]!r}, not {ab['kind']!r} "
                               "(TR-BASE-SKILL)")
        if skill not in FAMILY_SKILLS[fam]:
            raise ContentError(file, d["id"], "icon.skill",
                               f"a {fam.title()} card's icon is one of {', '.join(FAMILY_SKILLS[fam])}, not {skill} "
                               "(TR-BASE-SKILL)")
        if ab["kind"] == "challenge_bonus" and ab["skill"] != skill:
            raise ContentError(file, d["id"], "ability.skill",
                               f"a Knack's challenge bonus is in its own icon's skill ({skill}), not {ab['skill']} "
                               "(TR-BASE-SKILL)")
        per_skill.setdefault((fam, skill), []).append((d["id"], d["count"]))
        amount = ab.get("amount", ab.get("damage", 0))
        out.append(SkillCard(i, d["id"], d["name"], FAMILIES.index(fam), d["count"], SKILLS.index(skill),
                             d["icon"]["bonus"], d["equip_cost"], ABILITIES.index(ab["kind"]),
                             _idx(SKILLS, ab.get("skill")), amount, ab.get("remove_power", 0), d["text"]))
    for fam, need in PER_SKILL.items():
        for skill in SKILLS:
            cards = per_skill.get((fam, skill), [])
            have = sum(n for _, n in cards)
            if have != need:
                raise ContentError(file, cards[-1][0] if cards else "<file>", "count",
                                   f"{have} {fam.title()} cards for {skill}; the deck has {need} per skill "
                                   "(TR-BASE-SKILL)")
    for fam, need in FAMILY_COUNTS.items():
        have = sum(c.count for c in out if FAMILIES[c.family] == fam)
        if have != need:
            raise ContentError(file, "<file>", "cards",
                               f"{have} {fam.title()} cards; the 40-card deck has {need} (TR-BASE-SKILL)")
    deck = tuple(c.id for c in out for _ in range(c.count))
    return tuple(out), deck


def _adventure(entries, file):
    out = []
    for i, d in enumerate(entries):
        kind = d["kind"]
        if d["starting"] or d["id"] in STARTING:
            _check_starting(d, file)
        elif not MARKET_PRICES[0] <= d["price"] <= MARKET_PRICES[1]:
            raise ContentError(file, d["id"], "price",
                               f"a market card costs {MARKET_PRICES[0]}-{MARKET_PRICES[1]} coins, not {d['price']} "
                               "(TR-BASE-ADV-3)")
        bonuses = d.get("bonuses", {})
        effects = tuple((RECIPE_EFFECTS.index(e["kind"]), _idx(TARGETS, e.get("target")), e.get("amount", 1))
                        for e in d.get("effects", ()))
        out.append(AdventureCard(i, d["id"], d["name"], ADVENTURE_KINDS.index(kind), d["starting"], d["price"],
                                 d.get("base", 0), _idx(SKILLS, d.get("skill")), d.get("block", 0),
                                 d.get("remove_power", 0), tuple(bonuses.get(s, 0) for s in SKILLS),
                                 d.get("food", 0), effects, d["text"]))
    missing = [k for k in STARTING if k not in {c.key for c in out if c.starting}]
    if missing:
        raise ContentError(file, "<file>", "cards",
                           f"the starting card {missing[0]!r} is missing; the crew starts with "
                           f"{', '.join(STARTING)} (TR-BASE-ADV-2)")
    return (tuple(out), tuple(c.id for c in out if c.starting), tuple(c.id for c in out if not c.starting))


def _check_starting(d, file):
    want = STARTING.get(d["id"])
    if want is None:
        raise ContentError(file, d["id"], "starting",
                           f"only the 4 cards of TR-BASE-ADV-2 ({', '.join(STARTING)}) are starting cards")
    if not d["starting"]:
        raise ContentError(file, d["id"], "starting",
                           f"{d['name']} is one of the 4 starting cards of TR-BASE-ADV-2; it cannot be a market card")
    if d["price"] != 0:
        raise ContentError(file, d["id"], "price", f"a starting card is given, not bought: price 0, not {d['price']}")
    for field, value in want.items():
        if d.get(field) != value:
            raise ContentError(file, d["id"], field,
                               f"TR-BASE-ADV-2 gives {d['name']} {field} {value!r}; the pack says {d.get(field)!r}")


def _challenges(entries, file):
    seen = {}
    out = []
    for i, d in enumerate(entries):
        pair = (d["skill"], d["number"])
        if pair in seen:
            raise ContentError(file, d["id"], "number",
                               f"a second {pair[0]} {pair[1]} challenge ({seen[pair]!r} is one); each skill has one "
                               f"challenge at each number {', '.join(map(str, CHALLENGE_NUMBERS))} (TR-BASE-ENC)")
        seen[pair] = d["id"]
        f = d["failure"]
        out.append(Challenge(i, d["id"], d["name"], d["text"], SKILLS.index(d["skill"]), d["number"],
                             (CHALLENGE_REWARDS.index(d["reward"]["kind"]), d["reward"]["amount"]),
                             tuple((MASTERY_KINDS.index(m["kind"]), m["amount"]) for m in d["mastery"]),
                             (FAILURES.index(f["kind"]), f.get("amount", 0), _idx(STATUSES, f.get("status")))))
    for skill in SKILLS:
        for n in CHALLENGE_NUMBERS:
            if (skill, n) not in seen:
                raise ContentError(file, "<file>", "challenges",
                                   f"no {skill} {n} challenge; each skill has one at each number "
                                   f"{', '.join(map(str, CHALLENGE_NUMBERS))} (TR-BASE-ENC)")
    return tuple(out)




def _combats(entries, enemies, file):
    index = {e.key: e.id for e in enemies}  # every reference exists: the schema (refersTo: enemy)
    out = []
    lo, hi = HEARTS_TOTAL
    for i, d in enumerate(entries):
        ids = tuple(index[k] for k in d["enemies"])
        total = sum(enemies[e].hearts for e in ids)
        if not lo <= total <= hi:
            parts = " + ".join(f"{enemies[e].key} {enemies[e].hearts}" for e in ids)
            raise ContentError(file, d["id"], "enemies",
                               f"the enemies hold {total} hearts ({parts}); a combat card holds {lo}-{hi} in total "
                               "(TR-BASE-ENC)")
        out.append(Combat(i, d["id"], d["name"], d["text"], ids, total))
    return tuple(out), index


def _rewards(entries, file):
    out = tuple(RewardCard(i, d["id"], d["name"], d["text"],
                           tuple((REWARDS.index(r["kind"]), r["amount"]) for r in d["rewards"]),
                           CORNERS.index(d["corner"])) for i, d in enumerate(entries))
    by_corner = {k: [c.key for c in out if CORNERS[c.corner] == k] for k in CORNERS}
    if any(len(by_corner[k]) != n for k, n in REWARD_CORNERS.items()):
        over = [by_corner[k][n] for k, n in REWARD_CORNERS.items() if len(by_corner[k]) > n]
        raise ContentError(file, over[0] if over else "<file>", "corner",
                           f"{len(by_corner['port'])} cards show Port and {len(by_corner['market'])} Market; the "
                           f"pack has {REWARD_CORNERS['port']} of each (TR-BASE-REWARD)")
    return out


def _boss(entries):
    rows = {e["value"]: BossImprovement(e["value"], BOSS_KINDS.index(e["kind"]), e.get("amount", 0)) for e in entries}
    return tuple(rows[v] for v in sorted(rows))  # 6 distinct values 0-5: the schema (uniqueBy, bounds)


def build(pack: Path) -> Content:
    """Validate every file of the pack folder against its schema, then the game-level checks."""
    pack = Path(pack)
    files = {name: str(pack / f"{name}.json") for name in FILES}
    refs = {"enemy": ids_of(load_json(pack / "enemies.json"), "enemies")}
    docs = load_pack(pack, SCHEMA_DIR, {name: name for name in FILES}, refs)
    skills, deck = _skills(docs["skills"]["cards"], files["skills"])
    adventure, starting, market = _adventure(docs["adventure"]["cards"], files["adventure"])
    enemies = roster(docs["enemies"]["enemies"], files["enemies"])
    combats, index = _combats(docs["combats"]["combats"], enemies, files["combats"])
    boss = docs["boss"]
    return Content(files=FrozenMap(files),
                   crew=_crew(docs["crew"]["crew"], files["crew"]),
                   destiny=_destiny(docs["destiny"]["cards"], files["destiny"]),
                   skills=skills, skill_deck=deck,
                   adventure=adventure, starting=starting, market=market,
                   challenges=_challenges(docs["challenges"]["challenges"], files["challenges"]),
                   enemies=enemies, combats=combats,
                   rewards=_rewards(docs["rewards"]["cards"], files["rewards"]),
                   boss_name=boss["name"], boss_text=boss["text"], boss=_boss(boss["improvements"]),
                   enemy_index=FrozenMap(index))


@pack_loader
def load_content(pack: str | None = None) -> Content:
    """Load and validate a pack folder (default: the shipped original pack). Cached while its
    files are unchanged."""
    return build(Path(pack) if pack else DEFAULT_PACK)
