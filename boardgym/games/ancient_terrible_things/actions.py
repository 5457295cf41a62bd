"""The flat ATT action catalogue (spec §3), shared by every player count."""
from boardgym.core.actions import ActionCatalog

from .constants import MAX_FEATS, MAX_STACK, MAX_SWAG, N_LINES, N_SLOTS, TOKENS, TYPES

CATALOG = ActionCatalog(
    [
        ("NOOP", 1), ("CONFIRM", 1), ("PASS", 1),
        ("LOC", N_SLOTS), ("FEAT", MAX_FEATS), ("SWAG", MAX_SWAG), ("ACTION_DIE", 2),
        ("DIE", 8), ("ROLL", 1), ("TO_RESOLVE", 1), ("LINE", N_LINES), ("ENCOUNTER", 1),
        ("CLAIM", 2), ("TOKEN", 4), ("ICON", 4), ("BUY", 4), ("CYCLE", 3), ("URGENT", 4),
        ("REANIMATE", 1), ("MONKEY", 1), ("LUCK", 1), ("VALUE", 6), ("STACK", MAX_STACK),
    ],
    labels={"TOKEN": list(TOKENS), "ICON": list(TYPES), "VALUE": ["1", "2", "3", "4", "5", "6"],
            "BUY": ["row0", "row1", "row2", "old_stock"], "LOC": ["1", "2", "3", "4", "5"]},
)

NOOP = CATALOG.index("NOOP")
CONFIRM = CATALOG.index("CONFIRM")
PASS = CATALOG.index("PASS")
LOC = CATALOG.start("LOC")
FEAT = CATALOG.start("FEAT")
SWAG = CATALOG.start("SWAG")
ACTION_DIE = CATALOG.start("ACTION_DIE")
DIE = CATALOG.start("DIE")
ROLL = CATALOG.index("ROLL")
TO_RESOLVE = CATALOG.index("TO_RESOLVE")
LINE = CATALOG.start("LINE")
ENCOUNTER = CATALOG.index("ENCOUNTER")
CLAIM = CATALOG.start("CLAIM")
TOKEN = CATALOG.start("TOKEN")
ICON = CATALOG.start("ICON")
BUY = CATALOG.start("BUY")
CYCLE = CATALOG.start("CYCLE")
URGENT = CATALOG.start("URGENT")
REANIMATE = CATALOG.index("REANIMATE")
MONKEY = CATALOG.index("MONKEY")
LUCK = CATALOG.index("LUCK")
VALUE = CATALOG.start("VALUE")
STACK = CATALOG.start("STACK")
N_ACTIONS = CATALOG.n
