"""The five character boards (spec §2.2's table, PP-CHAR-3, PP-EXPL-11) read through the game:
every character's maximum health and five skills on both sides, and the boards' tables are
read-only records."""
import dataclasses

import pytest

from boardgym.games.primeval_peril.characters import ABILITIES, SHEETS

from .helpers import CRA, CUN, JON, LOIS, MEILING, MILK, PER, SAV, STR, VINE, new

# spec §2.2 (skills CRA/CUN/PER/SAV/STR): the level-1 side, and what the level-2 side changes
LEVEL_1 = {VINE: (8, (1, 2, 1, 1, 1)), MILK: (6, (1, 1, 1, 3, 0)), JON: (8, (1, 1, 1, 0, 3)),
           LOIS: (7, (0, 1, 3, 1, 1)), MEILING: (7, (3, 2, 0, 1, 0))}
LEVEL_2 = {VINE: (10, {CUN: 3, STR: 2}), MILK: (8, {CRA: 2, PER: 2}), JON: (10, {CRA: 2, SAV: 1}),
           LOIS: (9, {SAV: 2, STR: 2}), MEILING: (9, {CUN: 3, PER: 1})}


def test_every_board_at_level_1():
    """PP-SETUP (the rulebook: "Place a damage token on each character's health track, on the
    highest space"): each character starts at level 1 with its board's maximum health, full,
    and its board's five skills (spec §2.2's table)."""
    s = new()
    for c, (hp, skills) in LEVEL_1.items():
        s.equip[c] = []
    s.invalidate()
    for c, (hp, skills) in LEVEL_1.items():
        assert s.level[c] == 1 and s.max_hp(c) == hp and s.hp[c] == hp, c
        assert tuple(s.skill(c, k) for k in range(5)) == skills, c


def test_every_board_at_level_2():
    """PP-EXPL-11: "When you turn to the level 2 side, place the health marker on the same
    space": the level-2 side's maximum health and the skills it changes, the others kept from
    level 1 (spec §2.2's table); the health value itself stays."""
    s = new()
    for c in range(5):
        s.equip[c] = []
        s.level[c] = 2
    s.invalidate()
    for c, (hp, changes) in LEVEL_2.items():
        want = tuple(changes.get(k, LEVEL_1[c][1][k]) for k in range(5))
        assert s.max_hp(c) == hp and s.hp[c] == LEVEL_1[c][0], c
        assert tuple(s.skill(c, k) for k in range(5)) == want, c


def test_the_boards_are_read_only_records():
    """The character sheets and board abilities are the printed boards (PP-CHAR-3): shared by
    every game and state, so none can be changed in place."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        SHEETS[MILK].hp = (60, 80)
    for ab in ABILITIES:
        with pytest.raises(dataclasses.FrozenInstanceError):
            ab.cost = 0
        with pytest.raises(dataclasses.FrozenInstanceError):
            ab.level = 0
    assert len({ab for ab in ABILITIES}) == len(ABILITIES)  # records compare and hash by value
