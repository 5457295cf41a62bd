"""Codes of phases, pending decisions and chance nodes of a Tides of Ruin Arcade state.

The decision and chance tuples start with the Sleeping Gods core's (``sleeping_gods.kinds``), so
core frames sit on this game's ``pend`` / ``cq`` unchanged; the host's own kinds follow.
"""
from boardgym.games.sleeping_gods.kinds import CHANCES as SG_CHANCES
from boardgym.games.sleeping_gods.kinds import DECISIONS as SG_DECISIONS

PHASES = ("setup", "turn_start", "prep_open", "prep", "reveal", "boss", "challenge", "ch_reward",
          "combat", "end_turn", "scoring", "over")
(PH_SETUP, PH_TURN_START, PH_PREP_OPEN, PH_PREP, PH_REVEAL, PH_BOSS, PH_CHALLENGE, PH_CH_REWARD,
 PH_COMBAT, PH_END_TURN, PH_SCORING, PH_OVER) = range(len(PHASES))

HOST_DECISIONS = (
    "start_pick",    # setup: ADVENTURE, one starting card per step (a = picks left)
    "place_card",    # a weapon or item (a) to CREW, or CONFIRM: the stash
    "prep",          # the preparation / scoring window (a = passes in a row)
    "equip_to",      # HAND a chosen: CREW
    "equip_swap",    # crew b holds 2: EQUIPPED of b to discard (a = hand index)
    "swap_with",     # WEAPON_OF a chosen: CREW to exchange weapons with
    "adv_to",        # adventure card a chosen: CREW, or CONFIRM (to the stash)
    "om_crew",       # OM use a (0 fatigue, 1 heal, 2 status): CREW
    "pick_status",   # crew a: STATUS to remove (b: 1 if the seat pays 3 OM for it)
    "train_crew",    # XP_TRAIN: CREW
    "train_skill",   # crew a: SKILL
    "units",         # a = unit kind (UNITS), b = units left: PLAYER or CREW
    "discard",       # hand over 3: HAND to discard
    "market",        # Market: MARKET_SLOT, BUY_SKILL, CONFIRM (done)
    "buy_to",        # a blind skill card bought: PLAYER
    "recipe_crew",   # recipe a's effect b aimed at one crew member: CREW
    "keep",          # Fortune: CONFIRM keeps the new draw (b % 16), KEEP_EARLIER the first (a)
    "strike",        # Strike: CONFIRM +2 damage, STRIKE_POWER −1 power
)
DECISIONS = SG_DECISIONS + HOST_DECISIONS
(D_START_PICK, D_PLACE_CARD, D_PREP, D_EQUIP_TO, D_EQUIP_SWAP, D_SWAP_WITH, D_ADV_TO, D_OM_CREW,
 D_PICK_STATUS, D_TRAIN_CREW, D_TRAIN_SKILL, D_UNITS, D_DISCARD, D_MARKET, D_BUY_TO,
 D_RECIPE_CREW, D_KEEP, D_STRIKE) = range(len(SG_DECISIONS), len(DECISIONS))
RESTING = frozenset({D_PREP, D_MARKET})  # frames under which pending draws and discards settle

# unit kinds of D_UNITS (one choice per unit: PLAYER for OM, skill cards, recovered OM; CREW else)
UNITS = ("om", "skill", "heal", "fatigue", "status", "recover", "give_poison", "give_frightened",
         "give_weakened", "give_madness")
U_OM, U_SKILL, U_HEAL, U_FATIGUE, U_STATUS, U_RECOVER, U_GIVE = range(7)
PLAYER_UNITS = frozenset({U_OM, U_SKILL, U_RECOVER})

CHANCES = SG_CHANCES + ("arcade", "skill", "adventure")
CH_ARCADE, CH_SKILL, CH_ADV = range(len(SG_CHANCES), len(CHANCES))
# CH_ARCADE's arg: the card's back; CH_ADV's: where the card goes
BACK_REWARD, BACK_CHALLENGE, BACK_COMBAT = range(3)
BACKS = ("reward", "challenge", "combat")
ADV_PLACE, ADV_MARKET = range(2)

# OM costs (TR-BASE-OM)
OM_COSTS = (2, 3, 3)  # remove 1 fatigue, heal 1 wound, remove 1 status
MASTERY = {"easy": 0, "intermediate": 2, "hard": 4}                  # TR-MAST-1
QUOTA = {"easy": 6, "intermediate": 5, "hard": 4}                    # TR-REW-2
START_PICKS = {"easy": 4, "intermediate": 2, "hard": 1}              # TR-SETUP-2
BOSS_DRAWS = {"easy": 1, "intermediate": 2, "hard": 3}               # TR-BOSS-1
DIFF_BONUS = {"easy": 0, "intermediate": 100, "hard": 200}           # TR-END-4
LENGTHS = {"short": (4, 2), "medium": (8, 4), "long": (12, 6), "epic": (16, 8), "ultimate": (20, 10)}
DIFFICULTIES = ("easy", "intermediate", "hard")
HAND_LIMIT = 3
EQUIP_LIMIT = 2
TRAIN_LIMIT = 2      # +2 per crew member (TR-BASE-COND-6)
TRAIN_COST = 3
FOOD_SUPPLY, COIN_SUPPLY = 12, 20
SKILL_PRICE = 2      # a blind skill card at the Market
MARKET_SLOTS_N = 3
