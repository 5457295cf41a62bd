"""Codes of phases, pending decisions and chance nodes of an ATT state."""

# phases of the turn machine (flow.py)
(PH_SETUP, PH_TURN_START, PH_EXPLORE_START, PH_EXPLORE, PH_LEADER, PH_BONUS, PH_PREROLL,
 PH_ENCOUNTER, PH_FAILCHECK, PH_END_TURN, PH_NEXT, PH_OVER, PH_SETUP2) = range(13)
PHASES = ("setup", "turn_start", "explore_start", "explore", "leader", "bonus", "preroll",
          "encounter", "failcheck", "end_turn", "next", "over", "setup2")

# pending decisions: a frame is (kind, player, a, b)
DECISIONS = (
    "explore", "chateau_token", "tp_cycle", "village_sell", "village_tokens", "gunsloop_discard",
    "gorg_icon", "shrine", "achievement", "chasm", "buy", "village_cycle", "preroll",
    "encounter", "resolve", "action_die", "select", "value", "token", "refresh", "urgent2",
    "urgent3", "reanimate", "monkey_buy", "adversary_place", "forget",
)
(D_EXPLORE, D_CHATEAU_TOKEN, D_TP_CYCLE, D_VILLAGE_SELL, D_VILLAGE_TOKENS, D_GUNSLOOP,
 D_GORG_ICON, D_SHRINE, D_ACH, D_CHASM, D_BUY, D_VILLAGE_CYCLE, D_PREROLL, D_ENCOUNTER,
 D_RESOLVE, D_ACTION_DIE, D_SELECT, D_VALUE, D_TOKEN, D_REFRESH, D_URGENT2, D_URGENT3,
 D_REANIMATE, D_MONKEY_BUY, D_ADV_PLACE, D_FORGET) = range(len(DECISIONS))

# decisions skipped automatically when PASS/CONFIRM is the only legal action (a "may")
OPTIONAL = frozenset({D_VILLAGE_SELL, D_GUNSLOOP, D_SHRINE, D_ACH, D_CHASM, D_BUY,
                      D_VILLAGE_CYCLE, D_REFRESH})
# decisions at which the active player may use Urgent Revelations / tiles (ATT-D-12)
INTERRUPTIBLE = frozenset({D_EXPLORE, D_CHATEAU_TOKEN, D_TP_CYCLE, D_VILLAGE_SELL, D_GORG_ICON,
                           D_SHRINE, D_ACH, D_CHASM, D_BUY, D_VILLAGE_CYCLE, D_PREROLL,
                           D_ENCOUNTER, D_RESOLVE})

# chance nodes: an entry is (kind, arg)
CHANCES = ("character", "first_player", "tentacle", "feat_discard", "row", "feat", "encounter",
           "refill_encounter", "adversary_d6", "movement", "die", "white")
(CH_CHAR, CH_FIRST, CH_TENT, CH_FEAT_DISCARD, CH_ROW, CH_FEAT, CH_ENC, CH_REFILL, CH_ADV_D6,
 CH_MOVE, CH_DIE, CH_WHITE) = range(len(CHANCES))

# D_SELECT purposes
SEL_EFFECT, SEL_COMBO = 0, 1
ENCOUNTER_TARGET = -1
