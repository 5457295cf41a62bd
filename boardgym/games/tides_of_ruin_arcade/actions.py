"""The flat Tides of Ruin Arcade action catalogue, Discrete(132), shared by every configuration.

The 129 ids of the game's action table shifted by one (every boardgym catalogue starts with NOOP, the adapters'
action once a game is over: CONFIRM is 1 ... XP_TRAIN 129), plus two ids the spec's sequences
need (docs/games/tides_of_ruin_arcade.md): 130 KEEP_EARLIER (Fortune: "draw
again and keep either" — CONFIRM keeps the new draw, KEEP_EARLIER the first) and 131
STRIKE_POWER (Strike: "+2 damage or −1 power" — CONFIRM takes the damage, STRIKE_POWER the power).
"""
from boardgym.core.actions import ActionCatalog
from boardgym.core.fields import between

MAX_REWARDS = 10      # reward cards held at most (ultimate: 10 in the deck)
REWARD_ITEMS = 6      # rewards printed per card
N_CREW = 5
MAX_PLAYERS = 4
N_STATUS = 4
N_SKILLS = 5
MAX_ENEMIES = 4
HAND_SLOTS = 7        # 3 held + up to 4 drawn before the discard
EQUIP_SLOTS = 2
N_ADVENTURE = 20
MARKET_SLOTS = 3
# an equipped card: EQUIP_SLOTS x crew member + slot (the EQUIPPED action's offset, the bit of
# ``used``, the Strike choice's argument): ``equipped_card`` makes it, the save declares it
EQUIPPED_CARD = between(0, N_CREW * EQUIP_SLOTS - 1, "an equipped card (2 x crew member + slot)")


def equipped_card(crew: int, slot: int) -> int:
    return EQUIP_SLOTS * crew + slot

CATALOG = ActionCatalog(
    [
        ("NOOP", 1), ("CONFIRM", 1), ("FLEE", 1), ("REDRAW", 1), ("PORT", 1), ("MARKET", 1), ("BUY_SKILL", 1),
        ("USE_REWARD", MAX_REWARDS), ("REWARD_ITEM", REWARD_ITEMS), ("CREW", N_CREW),
        ("PLAYER", MAX_PLAYERS), ("STATUS", N_STATUS), ("SKILL", N_SKILLS), ("ENEMY", MAX_ENEMIES),
        ("SQUARE", 9 * MAX_ENEMIES), ("HAND", HAND_SLOTS), ("EQUIPPED", N_CREW * EQUIP_SLOTS),
        ("WEAPON_OF", N_CREW), ("ADVENTURE", N_ADVENTURE), ("MARKET_SLOT", MARKET_SLOTS),
        ("OM_FATIGUE", 1), ("OM_HEAL", 1), ("OM_STATUS", 1), ("XP_TRAIN", 1),
        ("KEEP_EARLIER", 1), ("STRIKE_POWER", 1),
    ],
    labels={"CREW": ["Captain", "Navigator", "Gunner", "Surgeon", "Cook"],
            "STATUS": ["poison", "frightened", "weakened", "madness"],
            "SKILL": ["STR", "CUN", "PER", "CRA", "KNO"]},
    docs={
        "NOOP": "the only legal action of a seat with no pending decision (Parallel API)",
        "CONFIRM": "reveal the next encounter, pass, done, go on",
        "FLEE": "flee the combat (round 2 on, the active player; TR-BASE-COMBAT-6)",
        "REDRAW": "spend 1 order marker: draw Destiny again",
        "PORT": "the reward card's Port: all fatigue removed, spent order markers back, heal 1 each",
        "MARKET": "the reward card's Market: buy from 3 adventure cards or blind skill cards",
        "BUY_SKILL": "buy a blind skill card for 2 coins (then PLAYER)",
        "USE_REWARD": "open reward card r",
        "REWARD_ITEM": "take item k of the open reward card",
        "CREW": "a crew member: Captain, Navigator, Gunner, Surgeon, Cook",
        "PLAYER": "player p receives a unit (order marker, skill card, recovered order marker)",
        "STATUS": "a status: poison, frightened, weakened, madness",
        "SKILL": "a skill: STR, CUN, PER, CRA, KNO",
        "ENEMY": "enemy slot e",
        "SQUARE": "enemy e's square 9e + 3r + c",
        "HAND": "skill card h of the player's hand (equip it, or discard it over 3)",
        "EQUIPPED": "crew member c's equipped skill card j (2c + j): use it, or discard it for a new one",
        "WEAPON_OF": "crew member c's weapon, to swap with another's",
        "ADVENTURE": "adventure card k: pick it, cook it or move it from the stash",
        "MARKET_SLOT": "buy market card k",
        "OM_FATIGUE": "spend order markers: remove 1 fatigue",
        "OM_HEAL": "spend order markers: heal 1 wound",
        "OM_STATUS": "spend order markers: remove 1 status",
        "XP_TRAIN": "spend 3 XP: +1 to a skill (then CREW, SKILL)",
        "KEEP_EARLIER": "Fortune: keep the first Destiny draw",
        "STRIKE_POWER": "Strike: remove 1 power instead of +2 damage",
    },
)

CONFIRM = CATALOG.index("CONFIRM")
NOOP = CATALOG.index("NOOP")
FLEE = CATALOG.index("FLEE")
REDRAW = CATALOG.index("REDRAW")
PORT = CATALOG.index("PORT")
MARKET = CATALOG.index("MARKET")
BUY_SKILL = CATALOG.index("BUY_SKILL")
USE_REWARD = CATALOG.start("USE_REWARD")
REWARD_ITEM = CATALOG.start("REWARD_ITEM")
CREW = CATALOG.start("CREW")
PLAYER = CATALOG.start("PLAYER")
STATUS = CATALOG.start("STATUS")
SKILL = CATALOG.start("SKILL")
ENEMY = CATALOG.start("ENEMY")
SQUARE = CATALOG.start("SQUARE")
HAND = CATALOG.start("HAND")
EQUIPPED = CATALOG.start("EQUIPPED")
WEAPON_OF = CATALOG.start("WEAPON_OF")
ADVENTURE = CATALOG.start("ADVENTURE")
MARKET_SLOT = CATALOG.start("MARKET_SLOT")
OM_FATIGUE = CATALOG.index("OM_FATIGUE")
OM_HEAL = CATALOG.index("OM_HEAL")
OM_STATUS = CATALOG.index("OM_STATUS")
XP_TRAIN = CATALOG.index("XP_TRAIN")
KEEP_EARLIER = CATALOG.index("KEEP_EARLIER")
STRIKE_POWER = CATALOG.index("STRIKE_POWER")
N_ACTIONS = CATALOG.n
assert (CREW, SQUARE, HAND, XP_TRAIN, N_ACTIONS) == (23, 45, 81, 129, 132)


def sq(e: int, r: int, c: int) -> int:
    """The SQUARE action of enemy e, row r, column c (0-based)."""
    return SQUARE + 9 * e + 3 * r + c
