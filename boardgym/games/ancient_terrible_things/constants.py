"""Names and small integer codes of Ancient Terrible Things (declared once)."""

# resource tokens
FOCUS, TREASURE, FEAT_TOKEN, COURAGE = 0, 1, 2, 3
TOKENS = ("focus", "treasure", "feat", "courage")

# encounter types and the token each generates at a location (ATT-REVEAL-1)
PITFALL, VILLAIN, ARTEFACT, HORROR = 0, 1, 2, 3
TYPES = ("pitfall", "villain", "artefact", "horror")
TYPE_TOKEN = (FOCUS, FEAT_TOKEN, TREASURE, COURAGE)

# encounter backs, deck order top -> bottom
BACKS = ("green", "orange", "red")

# dice colours (white and black dice are kept apart)
GREEN, YELLOW, PURPLE, BLUE, RED = 0, 1, 2, 3, 4
COLOURS = ("green", "yellow", "purple", "blue", "red")
MAX_DICE = 8          # non-white dice in a pool (ATT-D-1)
N_WHITE = 2
BLANK = 4             # white face codes: 0..3 = token, 4 = blank

# combination kinds
HIGH, PAIR, BLOCK, RUN = 0, 1, 2, 3
COMBOS = ("high", "pair", "block", "run")

# card timings
PRE, POST, RESOLVE_T, ANY, PASSIVE = 0, 1, 2, 3, 4
TIMINGS = ("pre", "post", "resolve", "any", "passive")

# effect kinds (tagged union in content)
EFFECTS = ("swap", "add_die", "lock", "lock_reroll", "reroll", "reroll_all", "set_face",
           "bump", "flip", "copy", "gain", "convert", "refresh_swag", "discount")
(E_SWAP, E_ADD_DIE, E_LOCK, E_LOCK_REROLL, E_REROLL, E_REROLL_ALL, E_SET_FACE, E_BUMP,
 E_FLIP, E_COPY, E_GAIN, E_CONVERT, E_REFRESH, E_DISCOUNT) = range(len(EFFECTS))
SELECT_EFFECTS = frozenset({E_LOCK, E_LOCK_REROLL, E_REROLL, E_SET_FACE, E_BUMP, E_FLIP, E_COPY})
DICE_EFFECTS = SELECT_EFFECTS | {E_REROLL_ALL}
PRE_EFFECTS = frozenset({E_SWAP, E_ADD_DIE})

# location slots and tiles (ATT-D-9)
N_SLOTS = 5
TILE_IDS = ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J")

# seat / player sentinels
NOBODY = -1

# game limits
MAX_SWAG = 12          # swag slots, Hat and McGuffin included (ATT-D-11)
MAX_FEATS = 8          # feat hand cap (ATT-D-11)
MAX_STACK = 16         # solo forget picks address the first 16 stacked encounters
MAX_SELECTION = MAX_STACK + 4 + MAX_SWAG  # the largest selection: solo forgetting may pick every
                                          # stacked encounter, held achievement and swag (SOLO-4)
TURN_STEP_CAP = 400    # ATT-D-17
MAX_CANCELS = 3
N_LINES = 6            # catalogue slots for scenario lines
N_TENTACLE_VALUES = 4
