"""Codes of phases, pending decisions and chance nodes of a Primeval Peril state, and the rules
constants the spec fixes (§2.1 dice and supply, PP-REPAIR-1, PP-END-2, PP-END-4, §5).

The decision and chance tuples start with the Sleeping Gods core's (``sleeping_gods.kinds``),
so core frames sit on this game's ``pend`` / ``cq`` unchanged; the host's own kinds follow.
"""
from boardgym.games.sleeping_gods.kinds import CHANCES as SG_CHANCES
from boardgym.games.sleeping_gods.kinds import DECISIONS as SG_DECISIONS

PHASES = ("setup", "turn_start", "event", "actions", "end_turn", "over")
PH_SETUP, PH_TURN_START, PH_EVENT, PH_ACTIONS, PH_END_TURN, PH_OVER = range(len(PHASES))

HOST_DECISIONS = (
    "place_start",   # setup PP-SETUP-4: DEST (a character) for the starting token of type a
    "main",          # the action step's menu (PP-TURN-3): actions, token moves, uses, abilities
    "token",         # a token chosen (a = holder * 6 + type): DEST moves it, CHAR uses it
    "fruit",         # fruit of token a on character b: OPTION 0 +1 HP, 1 remove venom
    "gain",          # a gained token of type a: DEST; no room: RESOURCE (discard) or CONFIRM (drop);
                     # b = 1 characters only (inside an explore)
    "gain_kind",     # gain_resource "any": OPTION = the resource type (a = tokens left to gain)
    "lose",          # lose a token of type a (-1 any): RESOURCE (b = tokens left)
    "heal",          # a = points of healing left: CHAR
    "stamina_loss",  # a = characters left to lose 1 stamina, b = those chosen (bits): CHAR
    "status_off",    # remove status a (-1 any) from b more characters: CHAR
    "status_pick",   # character a: STATUS to remove, among b (bits: the statuses allowed)
    "level_up",      # PP-EXPL-11: CHAR among level-1 characters
    "fate_window",   # after a fate roll outside challenges (rocks, events): a = passes in a row
    "rest_status",   # PP-REST-2: CHAR (then STATUS) or CONFIRM to skip
    "rest_sets",     # PP-REST-2: RESOURCE (meat, then fruit, a = 1 once meat is paid) or CONFIRM
    "rest_heal",     # PP-REST-2: a = points of a set's 5 left: CHAR
    "event_choice",  # an event's alternatives: OPTION (a = event id)
    "ability_char",  # a status-removing ability used: CHAR whose status (among a, bits) goes
    "banner",        # a square location's banner (a = banner index, b = uses so far): OPTION 0 or CONFIRM
    "equip",         # adventure card a gained: CHAR with a free slot of its type (PP-CHAR-5)
    "market",        # market a open (PP-EXPL-10): OPTION per card, CONFIRM done
    "story_choice",  # section a's choices: OPTION (keyword-gated ones masked, PP-EXPL-5)
    "torch",         # combat, between attacks: SQUARE for a torch's 1 damage (PP-COMBAT-12)
    "power_off",     # combat: ENEMY losing 1 power (a = 0 a rope, 1 Jon's ability; PP-CHAR-3, 8)
    "deck",          # editing the active deck (PP-CHAR-7): DECK_TOGGLE, CONFIRM with >= 12 cards
                     # (a = COMBAT n to start afterwards, 0 between actions)
    "move_card",     # adventure card a chosen to move (PP-CHAR-5): CHAR, or CONFIRM (set aside)
    "swap_card",     # card a onto character b, who is full: OWNED_ADV of b's card exchanged
)
DECISIONS = SG_DECISIONS + HOST_DECISIONS
(D_PLACE_START, D_MAIN, D_TOKEN, D_FRUIT, D_GAIN, D_GAIN_KIND, D_LOSE, D_HEAL, D_STAMINA_LOSS,
 D_STATUS_OFF, D_STATUS_PICK, D_LEVEL_UP, D_FATE_WINDOW, D_REST_STATUS, D_REST_SETS, D_REST_HEAL,
 D_EVENT_CHOICE, D_ABILITY_CHAR, D_BANNER, D_EQUIP, D_MARKET, D_STORY_CHOICE, D_TORCH,
 D_POWER_OFF, D_DECK, D_MOVE_CARD, D_SWAP_CARD) = range(len(SG_DECISIONS), len(DECISIONS))
MIN_DECK = 12  # the active combat deck (PP-CHAR-7, PP-COMBAT-1)
HOST_FIRST = len(SG_DECISIONS)

CHANCES = SG_CHANCES + ("event", "combat_card")
CH_EVENT, CH_CARD = range(len(SG_CHANCES), len(CHANCES))  # CH_CARD's arg: the seat drawing

# the fate roll's purpose outside challenges (``fate`` field): none, rocks, an event's roll
FATE_NONE, FATE_ROCKS, FATE_EVENT = range(3)

# -- rules constants (spec §2.1, PP-SETUP, PP-TURN, PP-REST, PP-REPAIR, PP-END) -----------------
FATE_DIE = (0, 1, 2, 2, 3, 4)
COMBAT_DIE = (0, 1, 1, 2, 2, 3)
SUPPLY = (6, 6, 6, 6, 6, 8)          # meat, fruit, torch, rope, map, coin (RESOURCES order)
REROLL_SUPPLY = 6
BOAT_MAX_HP = 8
MOONS = 6
TIME = 5                              # a turn's time track (PP-TURN-3)
STAMINA_MAX = 3
CHAR_SLOTS = 3                        # inventory slots per character (PP-CHAR-1)
STORAGE_SLOTS = 6                     # the action board's storage (PP-CHAR-1 [D])
BLOODFLOWERS_PER_LEVEL = 5            # PP-EXPL-11
FINAL_TURNS = 3                       # PP-REST-3
NO_CHALLENGE = (-1, -1, -1)           # the challenge record (source, a, b) with none running
TRAVEL_COST, EXPLORE_COST, REPAIR_COST = 1, 2, 2
REST_SET_HP = 5                       # one meat + one fruit at a rest (PP-REST-2)
REST_HP = 2

# PP-REPAIR-1: boat HP restored by the CRAFT total: <= 0 -> 0, 1-5 -> 1, 6-7 -> 2, 8+ -> 3;
# on hard every threshold is +1 [D]
REPAIR_THRESHOLDS = ((8, 3), (6, 2), (1, 1))


def repair_amount(total: int, hard: bool) -> int:
    shift = 1 if hard else 0
    for at_least, hp in REPAIR_THRESHOLDS:
        if total >= at_least + shift:
            return hp
    return 0


DIFFICULTIES = ("easy", "normal", "hard")
# PP-END-2: die bonus, challenge number, start power; PP-END-3: score bonus
DIE_BONUS = {"easy": 1, "normal": 0, "hard": 0}
CHALLENGE_MOD = {"easy": 0, "normal": 0, "hard": 1}
START_POWER_MOD = {"easy": -1, "normal": 0, "hard": 1}
DIFFICULTY_SCORE = {"easy": 0, "normal": 10, "hard": 20}

# PP-END-4: the card unlocked for game 2, 3, 4, 5 (cumulative, owned from setup)
UNLOCKS = ((2, 6), (3, 23), (4, 54), (5, 8))


def unlocked_cards(game_index: int) -> tuple:
    return tuple(card for g, card in UNLOCKS if game_index >= g)


# the resource that adds +1 to each skill's challenge (PP-CHAR-8), SKILLS order CRA CUN PER SAV STR
RESOURCE_OF_SKILL = (3, 5, 2, 4, 0)   # rope, coin, torch, map, meat
MEAT, FRUIT, TORCH, ROPE, MAP, COIN = range(6)
STORAGE = 5                            # holder index of the action board's storage
N_HOLDERS = 6
N_RES = 6
