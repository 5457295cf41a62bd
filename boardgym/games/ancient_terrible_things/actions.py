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
    docs={
        "NOOP": "the only legal action of a seat with no pending decision (Parallel API)",
        "CONFIRM": "commit a selection; draw a feat (Urgent 2); end Gunsloop/Shrine/refresh picks",
        "PASS": "decline a 'may'; stop Resolve; cancel an open selection (3 per turn)",
        "LOC": "explore slot k; Chasm: take the encounter at slot k; solo: place the Adversary on a 6",
        "FEAT": "play feat i of the hand; Gunsloop: discard pick",
        "SWAG": "activate swag j (0 = Hat, 1 = McGuffin); refresh / sell / forget target",
        "ACTION_DIE": "which white die pays a swag's action-die cost (asked only when faces differ)",
        "DIE": "add non-white die d to the open selection",
        "ROLL": "end the pre-roll step and roll the pool",
        "TO_RESOLVE": "end the Encounter phase",
        "LINE": "spend dice on scenario line l",
        "ENCOUNTER": "spend dice on the encounter here (overcome it)",
        "CLAIM": "claim white die w's resource",
        "TOKEN": "a token type: Focus, Treasure, Feat, Courage (line payout, Chateau, Village sale)",
        "ICON": "an encounter type: Gorg choice, achievement claim, solo: forget an achievement",
        "BUY": "buy row card 0-2 or the Old Stock top",
        "CYCLE": "send row card s to Old Stock and refill",
        "URGENT": "flip an unflipped tentacle of value v (Urgent Revelation)",
        "REANIMATE": "use the Reanimation tile (then SWAG target)",
        "MONKEY": "use the Monkey tile (then BUY target)",
        "LUCK": "free reroll of an unlocked Luck die showing 1 (once per die per turn)",
        "VALUE": "face v+1 for set_face; for bump, faces within +-1..k of the die",
        "STACK": "solo: forget stacked encounter i",
    },
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
