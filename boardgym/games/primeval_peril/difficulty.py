"""The difficulty level during a game (PP-END-2): with ``allow_difficulty_change`` the active
seat may switch level between actions (SET_DIFFICULTY); each change is logged and the score
uses the easiest level logged (PP-END-3 [D]).

The core's hooks are built once, for the configured level; the level now (``s.diff``) is
applied as offsets from it: the die bonus (easy +1) added to challenge totals (``add_bonus``
when a challenge starts), to attacks that use the combat die (``add_damage``), and to the fate
rolls of rocks and events; the start power fixed right after a combat's setup; the challenge
number and the repair thresholds (hard +1) read from the level now."""
from __future__ import annotations

from boardgym.games.sleeping_gods import grid

from . import actions as A
from .kinds import CHALLENGE_MOD, DIE_BONUS, DIFFICULTIES, START_POWER_MOD


def level(s) -> str:
    return DIFFICULTIES[s.diff]


def die_offset(s) -> int:
    """The die bonus now less the one the core's hooks add."""
    return DIE_BONUS[level(s)] - DIE_BONUS[s.game.difficulty]


def challenge_mod(s) -> int:
    return CHALLENGE_MOD[level(s)]


def hard(s) -> bool:
    return level(s) == "hard"


def fix_start_power(s) -> None:
    """After ``combat.start``: growth squares + the level now's modifier, floor 0."""
    if s.diff == DIFFICULTIES.index(s.game.difficulty):
        return
    core = s.game.sg
    for e, i in enumerate(s.sg_enemy):
        s.sg_power[e] = grid.start_power(core.enemies[i], START_POWER_MOD[level(s)])


def easiest_logged(s) -> str:
    return DIFFICULTIES[min(k for k in range(3) if s.diff_log >> k & 1)]


def choices(s) -> list[int]:
    if not s.game.allow_difficulty_change:
        return []
    return [A.SET_DIFFICULTY + k for k in range(3) if k != s.diff]


def set_level(s, k: int) -> None:
    s.diff = k
    s.diff_log |= 1 << k
