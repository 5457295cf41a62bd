"""Pure rules of the enemy grids: covering, block, placement legality, splash, counterattack.

Nothing here touches a state: the functions take the combat's enemies (left to right), the
cover list and numbers, so every rule is testable on its own (tests/games/sleeping_gods).

The cover list holds one int per square, enemy ``e``'s square ``sq`` at ``9 * e + sq``:
``UNCOVERED`` (0), ``COVERED`` (1, a damage token from an earlier attack or a non-attack) or
``PLACED`` (2, a token placed by the attack being resolved; it becomes ``COVERED`` when the
attack ends). A covered square's ability is inactive (PP-COMBAT-7).
"""
from __future__ import annotations

from .enemies import GROWTH, HEART, HOURGLASS, Enemy

UNCOVERED, COVERED, PLACED = 0, 1, 2


def cells(cover: list, e: int) -> list:
    return cover[9 * e:9 * e + 9]


def is_defeated(enemy: Enemy, cover: list, e: int) -> bool:
    """Every heart covered (PP-COMBAT-7)."""
    base = 9 * e
    return all(cover[base + i] for i in enemy.hearts)


def uncovered(enemy: Enemy, cover: list, e: int, letter: str) -> list[int]:
    """The squares of ``letter`` that are still uncovered, i.e. active."""
    base = 9 * e
    return [i for i, k in enumerate(enemy.kinds) if k == letter and not cover[base + i]]


def has_active(enemy: Enemy, cover: list, e: int, letter: str) -> bool:
    return bool(uncovered(enemy, cover, e, letter))


def block(enemy: Enemy, cover: list, e: int) -> int:
    """Block Kx of every uncovered K square, added up (PP-ENEMY)."""
    return sum(enemy.values[i] for i in uncovered(enemy, cover, e, "K"))


def growth(enemy: Enemy, cover: list, e: int) -> int:
    """Uncovered power growth squares: the power gained at the end of a round (PP-COMBAT-10)."""
    return len(uncovered(enemy, cover, e, GROWTH))


def start_power(enemy: Enemy, mod: int) -> int:
    """Growth squares plus the difficulty modifier, floor 0 (PP-COMBAT-1, PP-END-2)."""
    return max(0, enemy.growth + mod)


def splash_threshold(damage: int) -> int:
    """Damage the target must take (its block included) before any token goes elsewhere:
    ⌈D/2⌉, so splash is at most ⌊D/2⌋ (PP-COMBAT-6)."""
    return (damage + 1) // 2


def counterattack(attack: int, power: int, block_: int, extra: int = 0) -> int:
    """Basic attack + power tokens + global modifiers − the attacker's block, floor 0
    (PP-COMBAT-9, TR-BOSS-3)."""
    return max(0, attack + power + extra - block_)


def neighbours(flat: int, n_enemies: int) -> list[int]:
    """Orthogonal neighbours of a square; grids touch edge to edge, enemy e's right column
    touching enemy e+1's left column in the same row (PP-COMBAT-5)."""
    e, sq = divmod(flat, 9)
    r, c = divmod(sq, 3)
    out = []
    if r > 0:
        out.append(flat - 3)
    if r < 2:
        out.append(flat + 3)
    if c > 0:
        out.append(flat - 1)
    elif e > 0:
        out.append(9 * (e - 1) + 3 * r + 2)
    if c < 2:
        out.append(flat + 1)
    elif e + 1 < n_enemies:
        out.append(9 * (e + 1) + 3 * r)
    return out


def legal_placements(enemies: list[Enemy], cover: list, target: int, left: int, on_target: int,
                     damage: int) -> list[int]:
    """Squares (flat indices) where the next token of an attack may go (PP-COMBAT-5, 6).

    ``left`` is the damage still to place, ``on_target`` what the target has taken this attack
    (its block paid first included), ``damage`` the attack's total D. The first token goes on
    the target; each later one is orthogonally adjacent to a token placed this attack; never on
    a covered square or a defeated enemy; a v-heart needs v left; other grids only once the
    target has taken ⌈D/2⌉."""
    n = len(enemies)
    placed = [i for i in range(9 * n) if cover[i] == PLACED]
    if placed:
        cand = {j for i in placed for j in neighbours(i, n)}
    else:
        cand = set(range(9 * target, 9 * target + 9))
    splash_ok = on_target >= splash_threshold(damage)
    dead = [is_defeated(en, cover, e) for e, en in enumerate(enemies)]
    out = []
    for flat in sorted(cand):
        e, sq = divmod(flat, 9)
        if cover[flat] or dead[e] or (e != target and not splash_ok):
            continue
        if enemies[e].cost(sq) <= left:
            out.append(flat)
    return out


def place(enemies: list[Enemy], cover: list, flat: int) -> int:
    """Put a token on ``flat`` (checked legal by the caller); returns the damage it used."""
    cover[flat] = PLACED
    e, sq = divmod(flat, 9)
    return enemies[e].cost(sq)


def settle(cover: list) -> None:
    """End of an attack: its tokens become ordinary covered squares."""
    for i, v in enumerate(cover):
        if v == PLACED:
            cover[i] = COVERED


def fires(enemy: Enemy, cover: list, e: int, sq: int, ignored=frozenset()) -> bool:
    """Whether square ``sq`` fires in the enemy phase: an uncovered hourglass ability whose
    letter the game does not ignore (PP-COMBAT-10, TR-REF-1)."""
    k = enemy.kinds[sq]
    return k in HOURGLASS and not cover[9 * e + sq] and k not in ignored


def hourglass(enemy: Enemy, cover: list, e: int, ignored=frozenset()) -> list[tuple]:
    """The enemy phase of one remaining enemy after its growth, in grid order: ``(letter, x)``
    of every square that fires."""
    return [(enemy.kinds[i], enemy.values[i]) for i in range(9) if fires(enemy, cover, e, i, ignored)]


def hearts_left(enemy: Enemy, cover: list, e: int) -> int:
    """Damage still needed to defeat the enemy (the uncovered hearts' values)."""
    base = 9 * e
    return sum(enemy.values[i] for i in enemy.hearts if not cover[base + i])


__all__ = ["UNCOVERED", "COVERED", "PLACED", "HEART", "is_defeated", "uncovered", "has_active",
           "block", "growth", "start_power", "splash_threshold", "counterattack", "neighbours",
           "legal_placements", "place", "settle", "fires", "hourglass", "hearts_left", "cells"]
