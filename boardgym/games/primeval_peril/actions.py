"""The flat Primeval Peril action catalogue, Discrete(256), shared by every configuration.

Spec §3's ids 0-251 shifted by one (every boardgym catalogue starts with NOOP, the adapters'
action once a game is over: CONFIRM is 1 ... DECK_TOGGLE ends at 252), which takes the spec's
reserved id 252; SET_DIFFICULTY keeps 253-255. 256 ids in all, as the spec fixes.
"""
from boardgym.core.actions import ActionCatalog

from .content import MAX_CHOICES as N_OPTIONS, MAX_ENEMIES, MAX_EXITS  # noqa: F401 (A.MAX_EXITS ...)

N_CHARS = 5
N_STATUS = 4
HAND_SLOTS = 8
N_RES = 6
N_HOLDERS = 6            # 5 characters + the storage
N_CHAR_ABILITIES = 7     # characters.ABILITIES
EQUIP_SLOTS = 6          # per character: hand, hand, body, recipe, advancement, misc
MAX_OWNED_ADV = 40
MAX_DECK_TOGGLES = 24

CHAR_LABELS = ["Vine", "Milk", "Jon", "Lois", "Meiling"]
RES_LABELS = ["meat", "fruit", "torch", "rope", "map", "coin"]
HOLDER_LABELS = CHAR_LABELS + ["storage"]

CATALOG = ActionCatalog(
    [
        ("NOOP", 1), ("CONFIRM", 1), ("END_TURN_EARLY", 1), ("EXPLORE", 1), ("REPAIR", 1),
        ("REST", 1), ("REROLL", 1), ("TRAVEL", MAX_EXITS), ("OPTION", N_OPTIONS), ("CHAR", N_CHARS),
        ("STATUS", N_STATUS), ("ENEMY", MAX_ENEMIES), ("SQUARE", 9 * MAX_ENEMIES),
        ("PLAY", HAND_SLOTS * N_CHARS), ("RESOURCE", N_HOLDERS * N_RES), ("DEST", N_HOLDERS),
        ("CHAR_ABILITY", N_CHAR_ABILITIES), ("CARD_ABILITY", N_CHARS * EQUIP_SLOTS),
        ("OWNED_ADV", MAX_OWNED_ADV), ("DECK_TOGGLE", MAX_DECK_TOGGLES), ("SET_DIFFICULTY", 3),
    ],
    labels={"CHAR": CHAR_LABELS, "STATUS": ["venom", "frightened", "weakened", "madness"],
            "RESOURCE": [f"{h} {r}" for h in HOLDER_LABELS for r in RES_LABELS],
            "DEST": HOLDER_LABELS,
            "CHAR_ABILITY": ["Vine: ignore rocks", "Milk: remove venom/weakened", "Jon: -1 power",
                             "Jon: block 1", "Lois: reroll combat die", "Lois: block 1",
                             "Meiling: remove frightened/madness"],
            "SET_DIFFICULTY": ["easy", "normal", "hard"]},
    docs={"NOOP": "the only legal action of a seat with no pending decision (Parallel API)",
          "CONFIRM": "commit / pass / done", "END_TURN_EARLY": "end the turn with 1 time left (PP-TURN-4)",
          "EXPLORE": "explore the boat's space (costs 2 time)", "REPAIR": "repair the boat (costs 2 time)",
          "REST": "rest: cross off a moon (costs no time)", "REROLL": "spend a reroll token on the die just rolled",
          "TRAVEL": "move the boat along exit k (costs 1 time)", "OPTION": "a story / event / market option",
          "CHAR": "a character", "STATUS": "a status", "ENEMY": "an enemy slot",
          "SQUARE": "enemy e's square 9e + 3r + c", "PLAY": "hand card h on character c (5h + c)",
          "RESOURCE": "holder x type (6x + t)", "DEST": "a holder: a character or the storage",
          "CHAR_ABILITY": "a character board ability", "CARD_ABILITY": "character x equipment slot",
          "OWNED_ADV": "an owned adventure card", "DECK_TOGGLE": "a combat card in / out of the active deck",
          "SET_DIFFICULTY": "change the difficulty (when allowed)"},
)

NOOP = CATALOG.index("NOOP")
CONFIRM = CATALOG.index("CONFIRM")
END_TURN_EARLY = CATALOG.index("END_TURN_EARLY")
EXPLORE = CATALOG.index("EXPLORE")
REPAIR = CATALOG.index("REPAIR")
REST = CATALOG.index("REST")
REROLL = CATALOG.index("REROLL")
TRAVEL = CATALOG.start("TRAVEL")
OPTION = CATALOG.start("OPTION")
CHAR = CATALOG.start("CHAR")
STATUS = CATALOG.start("STATUS")
ENEMY = CATALOG.start("ENEMY")
SQUARE = CATALOG.start("SQUARE")
PLAY = CATALOG.start("PLAY")
RESOURCE = CATALOG.start("RESOURCE")
DEST = CATALOG.start("DEST")
CHAR_ABILITY = CATALOG.start("CHAR_ABILITY")
CARD_ABILITY = CATALOG.start("CARD_ABILITY")
OWNED_ADV = CATALOG.start("OWNED_ADV")
DECK_TOGGLE = CATALOG.start("DECK_TOGGLE")
SET_DIFFICULTY = CATALOG.start("SET_DIFFICULTY")
N_ACTIONS = CATALOG.n
assert (CHAR, SQUARE, PLAY, RESOURCE, DEST, DECK_TOGGLE, SET_DIFFICULTY, N_ACTIONS) == \
    (21, 34, 70, 110, 146, 229, 253, 256)


def res_action(holder: int, kind: int) -> int:
    """The RESOURCE id of a holder's (0-4 a character, 5 the storage) token of a type."""
    return RESOURCE + N_RES * holder + kind


def sq(e: int, r: int, c: int) -> int:
    """The SQUARE id of enemy e, row r, column c (0-based)."""
    return SQUARE + 9 * e + 3 * r + c


def play(h: int, c: int) -> int:
    """The PLAY id of hand card h on character c."""
    return PLAY + N_CHARS * h + c
