"""Codes of the core's pending decisions, chance nodes and the indices of its state records.

A host's decision-kind tuple starts with ``DECISIONS`` and its chance-kind tuple with
``CHANCES`` (same codes), so core frames sit on the host's ``pend`` / ``cq`` unchanged:
a decision frame is ``(kind, seat, a, b)``, a chance entry ``(kind, arg)``.
"""

# pending decisions: (kind, seat, a, b)
DECISIONS = ("sg_join", "sg_modify", "sg_wound", "sg_attacker", "sg_target", "sg_rolled",
             "sg_place", "sg_block", "sg_char_target", "sg_heal_square", "sg_heal_ally")
(D_JOIN,          # challenge participants of one seat: CHAR (pays at once) or CONFIRM
 D_MODIFY,        # challenge modify window: a = passes in a row; host actions, CONFIRM
 D_WOUND,         # one point of damage to place: a = points left, b = preferred characters (bits)
 D_ATTACKER,      # combat: CHAR (own attacker), CONFIRM (pass) or FLEE
 D_TARGET,        # combat: ENEMY to attack
 D_ROLLED,        # combat: window after the attack's randomiser: a = passes in a row
 D_PLACE,         # combat: SQUARE for the next damage token, CONFIRM stops
 D_BLOCK,         # combat: window before a counterattack: a = passes in a row
 D_CHAR_TARGET,   # CHAR for an ability aimed at one character (enemy phase; statuses also
                  # outside combat): a = ability (EOR_LETTERS), b = x
 D_HEAL_SQUARE,   # end of round: SQUARE of enemy a whose token is removed: b = tokens left
 D_HEAL_ALLY,     # end of round: ENEMY healed by enemy a's L: b = x
 ) = range(len(DECISIONS))
WINDOWS = frozenset({D_MODIFY, D_ROLLED, D_BLOCK})

# chance nodes: (kind, arg); arg = what the draw is for
CHANCES = ("sg_roll",)
(CH_ROLL,) = range(len(CHANCES))
P_CHALLENGE, P_ATTACK, P_HOST = 0, 1, 2

# statuses: bit k of a character's status word (PP-CORE-2: at most one of each)
VENOM, FRIGHTENED, WEAKENED, MADNESS = range(4)
STATUS_NAMES = ("venom", "frightened", "weakened", "madness")
STATUS_OF_LETTER = {"V": VENOM, "F": FRIGHTENED, "W": WEAKENED, "M": MADNESS}
EOR_LETTERS = "DFMVW"  # abilities aimed at a character (D_CHAR_TARGET's a)

# sg_chal: the running challenge
(H_STATE, H_SKILL, H_NUMBER, H_DAMAGE, H_PARTS, H_SEATS, H_ROLL, H_BONUS, H_TOTAL,
 H_RESULT) = range(10)
CHAL_LEN = 10
CH_NONE, CH_JOIN, CH_ROLLING, CH_WINDOW, CH_WOUNDS, CH_DONE = range(6)

# sg_com: the running combat
(C_STATE, C_ROUND, C_ATTACKED, C_TURN, C_PASSES, C_COUNT, C_EOR_E, C_EOR_STEP) = range(8)
COM_LEN = 8
CB_NONE, CB_RUNNING, CB_WON, CB_LOST, CB_FLED = range(5)
COMBAT_STATES = ("none", "running", "won", "lost", "fled")

# sg_atk: the attack being resolved
(A_CH, A_TGT, A_STEP, A_D, A_LEFT, A_ON, A_BLOCK, A_RP, A_ROLL, A_BASE, A_SIGN, A_SKILL,
 A_FS) = range(13)
ATK_LEN = 13
AS_NONE, AS_TARGET, AS_FIRST_STRIKE, AS_ROLL, AS_ROLLED, AS_PLACE, AS_BLOCK = range(7)
