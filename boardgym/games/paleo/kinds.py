"""Codes of phases, pending decisions, chance nodes and resolution-program ops of a Paleo state."""

# phases of the round machine (flow.py)
PHASES = ("setup", "day", "turn", "reveal", "talisman", "order", "turn_end", "night",
          "night_tools", "feed", "missions", "moon_cards", "deal", "over", "setup2")
(PH_SETUP, PH_DAY, PH_TURN, PH_REVEAL, PH_TALIS, PH_ORDER, PH_TURN_END, PH_NIGHT, PH_NTOOLS,
 PH_FEED, PH_MISSIONS, PH_MOON, PH_DEAL, PH_OVER, PH_SETUP2) = range(len(PHASES))

# pending decisions: a frame is (kind, seat, a, b)
DECISIONS = ("commit", "talisman", "order", "owner", "negative", "tool_window", "wound_group",
             "prevent", "wound_person", "split", "heal_person", "kill_person", "kill_group",
             "host", "craft", "idea_slot", "place", "closing", "night_tools", "night_option")
(D_COMMIT, D_TALISMAN, D_ORDER, D_OWNER, D_NEG, D_TOOLWIN, D_WGROUP, D_PREVENT, D_WPERSON,
 D_SPLIT, D_HPERSON, D_KPERSON, D_KGROUP, D_HOST, D_CRAFT, D_IDEASLOT, D_PLACE, D_CLOSE,
 D_NTOOL, D_NIGHTOPT) = range(len(DECISIONS))

# owner-window modes (frame[2] of D_OWNER)
OW_NORMAL, OW_HELP_ONLY, OW_SECRET = 0, 1, 2
# split purposes (frame[2] of D_SPLIT)
SP_TOOL, SP_PERSON, SP_DREAM, SP_HEAL = range(4)

# chance nodes: an entry is (kind, arg)
CHANCES = ("remove", "deal", "reveal", "person", "dream", "idea", "die")
CH_REMOVE, CH_DEAL, CH_REVEAL, CH_PERSON, CH_DREAM, CH_IDEA, CH_DIE = range(len(CHANCES))

# sources of a resolution
SRC_CARD, SRC_ALT, SRC_ADD, SRC_NIGHT, SRC_TOOL = range(5)

# resolution-program ops: (op, a, b)
OPS = ("check", "pay", "effect", "finish", "wound", "wound2", "wound3", "gain_res", "gain_tool",
       "give_tool", "heal", "heal_in", "reopen", "reclose", "rentool", "person_to", "dream_to",
       "kill")
(OP_CHECK, OP_PAY, OP_EFF, OP_FINISH, OP_WOUND, OP_WOUND2, OP_WOUND3, OP_GAIN_RES, OP_GAIN_TOOL,
 OP_GIVE_TOOL, OP_HEAL, OP_HEAL_IN, OP_REOPEN, OP_RECLOSE, OP_RENTOOL, OP_PERSON_TO, OP_DREAM_TO,
 OP_KILL) = range(len(OPS))

# in-play card locations (s.inloc): a group index, TABLE (missions, setup), or ON_CARD + host id
TABLE = -1
ON_CARD = 1000
