"""The five characters (spec §2.2, PP-CHAR-3), their levels, board abilities and the seat split
(spec §5, PP-END-5).

Skills are in ``content.SKILLS`` order: CRA, CUN, PER, SAV, STR. A level-2 side replaces the
listed values and keeps the others (PP-EXPL-11: HP value, statuses and stamina are kept).
"""
from __future__ import annotations

from dataclasses import dataclass

VINE, MILK, JON, LOIS, MEILING = range(5)
NAMES = ("Captain Vine", "Dr. Milk", "Jon", "Lois", "Meiling")
CRA, CUN, PER, SAV, STR = range(5)


@dataclass(frozen=True)
class CharacterSheet:
    name: str
    hp: tuple          # max HP at level 1, level 2
    skills: tuple      # (level-1 skills, level-2 skills), each CRA/CUN/PER/SAV/STR


def _level2(base: tuple, **changes) -> tuple:
    idx = {"CRA": CRA, "CUN": CUN, "PER": PER, "SAV": SAV, "STR": STR}
    out = list(base)
    for k, v in changes.items():
        out[idx[k]] = v
    return tuple(out)


_L1 = ((1, 2, 1, 1, 1), (1, 1, 1, 3, 0), (1, 1, 1, 0, 3), (0, 1, 3, 1, 1), (3, 2, 0, 1, 0))
SHEETS = (
    CharacterSheet(NAMES[VINE], (8, 10), (_L1[VINE], _level2(_L1[VINE], CUN=3, STR=2))),
    CharacterSheet(NAMES[MILK], (6, 8), (_L1[MILK], _level2(_L1[MILK], CRA=2, PER=2))),
    CharacterSheet(NAMES[JON], (8, 10), (_L1[JON], _level2(_L1[JON], CRA=2, SAV=1))),
    CharacterSheet(NAMES[LOIS], (7, 9), (_L1[LOIS], _level2(_L1[LOIS], SAV=2, STR=2))),
    CharacterSheet(NAMES[MEILING], (7, 9), (_L1[MEILING], _level2(_L1[MEILING], CUN=3, PER=1))),
)
MAX_HP = max(h for sh in SHEETS for h in sh.hp)


def max_hp(ch: int, level: int) -> int:
    return SHEETS[ch].hp[level - 1]


def base_skill(ch: int, level: int, k: int) -> int:
    return SHEETS[ch].skills[level - 1][k]


@dataclass(frozen=True)
class Ability:
    """A board ability (PP-CHAR-3): its character, the level it needs, its stamina cost and what
    it does (``kind``): ``ignore_rocks``, ``remove_status`` (of ``statuses``, on anyone),
    ``remove_power`` (1 from any enemy, not an attack), ``block`` (1 on a counterattack),
    ``reroll_combat`` (the combat die, any attack)."""

    ch: int
    level: int
    cost: int
    kind: str
    statuses: tuple = ()


# STATUSES order: venom, frightened, weakened, madness
ABILITIES = (
    Ability(VINE, 2, 1, "ignore_rocks"),
    Ability(MILK, 1, 2, "remove_status", (0, 2)),
    Ability(JON, 1, 1, "remove_power"),
    Ability(JON, 2, 1, "block"),
    Ability(LOIS, 1, 1, "reroll_combat"),
    Ability(LOIS, 2, 1, "block"),
    Ability(MEILING, 1, 2, "remove_status", (1, 3)),
)
(AB_VINE_ROCKS, AB_MILK, AB_JON_POWER, AB_JON_BLOCK, AB_LOIS_REROLL, AB_LOIS_BLOCK,
 AB_MEILING) = range(len(ABILITIES))
STATUS_ABILITIES = (AB_MILK, AB_MEILING)

# spec §5: the non-Vine characters' seats; Vine (None) is the active seat's (PP-CORE-1)
SEATS = {
    1: (None, 0, 0, 0, 0),
    2: (None, 1, 1, 0, 0),   # {Lois, Meiling}, {Jon, Milk}: the rulebook's example
    3: (None, 0, 1, 2, 2),   # {Milk}, {Jon}, {Lois, Meiling}
    4: (None, 0, 1, 2, 3),
}


def own_non_vine(seats: tuple, seat: int) -> int:
    """How many non-Vine characters the seat controls (PP-COMBAT-1, 2)."""
    return sum(1 for c in range(1, 5) if seats[c] == seat)
