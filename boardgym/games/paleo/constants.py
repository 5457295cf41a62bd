"""Fixed vocabularies and index bounds of Paleo (spec §2, §3). Content refers to these names."""

RES = ("food", "wood", "stone")
FOOD, WOOD, STONE = range(3)
RES_TOTAL = (20, 12, 8)  # PALEO-SETUP-1: hard limits over storage, cards and supply
ABIL = ("str", "awr", "skl")
STR, AWR, SKL = range(3)
ABIL_NAMES = ("STR", "AWR", "SKL", "NONE")

BACK_TYPES = ("FOREST", "RIVER", "MOUNTAIN", "PEOPLE", "DREAM", "IDEA", "RED", "MISSION", "SECRET")
RED = BACK_TYPES.index("RED")
HINTS = ("FOOD", "WOOD", "STONE", "PELT", "ROOT", "BIG_GAME", "PREDATOR", "WEATHER", "STRANGER",
         "SPIRIT")
SETS = ("base", "people", "dream", "idea", "mystery")
KINDS = ("ACTION", "HAZARD", "PERSON", "NEW_CARD", "MISSION", "SECRET", "IDEA")
K_ACTION, K_HAZARD, K_PERSON, K_NEW, K_MISSION, K_SECRET, K_IDEA = range(len(KINDS))
AREAS = ("day", "moon", "additional", "alternative")
A_DAY, A_MOON, A_ADD, A_ALT = range(4)
AREA_FIELDS = ("options", "night", "additional", "alternative")

EFFECTS = ("RES", "TOOL", "PERSON", "KILL", "DREAM", "IDEA", "SECRET", "WOUND", "PREVENT", "HEAL",
           "SKULL", "VICTORY", "CRAFT", "LOSE_RES", "LOSE_TOOL", "DISCARD", "PLACE_SELF")
(E_RES, E_TOOL, E_PERSON, E_KILL, E_DREAM, E_IDEA, E_SECRET, E_WOUND, E_PREVENT, E_HEAL, E_SKULL,
 E_VICTORY, E_CRAFT, E_LOSE_RES, E_LOSE_TOOL, E_DISCARD, E_PLACE_SELF) = range(len(EFFECTS))
TOOL_EFFECTS = ("NONE", "ABILITY", "PREVENT", "HEAL", "FOOD", "TALISMAN")
TE_NONE, TE_ABILITY, TE_PREVENT, TE_HEAL, TE_FOOD, TE_TALISMAN = range(len(TOOL_EFFECTS))

# index bounds of the flat action space (PALEO-D-16)
MAX_GROUPS = 4
MAX_OPTIONS = 6
MAX_PEOPLE = 20
MAX_TOOLS = 16
MAX_INPLAY = 16
MAX_HOLD = 9  # a holder card's capacity at most (schema: holds.max)
MAX_ALT = 8
MAX_ADD = 16
BENCH_SLOTS = 4
MAX_SKULLS = 5
MAX_VICTORIES = 5
