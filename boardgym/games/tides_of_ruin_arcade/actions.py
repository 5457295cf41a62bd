"""The flat Tides of Ruin Arcade action catalogue, Discrete(132), shared by every configuration.

Spec §3's 129 ids shifted by one (every boardgym catalogue starts with NOOP, the adapters'
action once a game is over: CONFIRM is 1 ... XP_TRAIN 129), plus two ids the spec's sequences
need and its table lacks (docs/games/tides_of_ruin_arcade.md): 130 KEEP_EARLIER (Fortune: "draw
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
