"""The end of a combat round, the enemy phase (PP-COMBAT-10, PP-ENEMY, TR-BOSS-2).

Every remaining enemy, left to right: first +1 power per uncovered growth square (plus the
global ``power_per_round``), then its uncovered hourglass abilities in grid order, then the
statuses the global mods grant (once per enemy). The active seat picks the targets:

* ``Gx``: +x power to every other remaining enemy;
* ``Dx``: x (+ the global ``damage``) to one character with HP > 0, excess lost (``D_CHAR_TARGET``);
* ``F`` / ``M`` / ``V`` / ``W``: the status to one character who lacks it, one with HP > 0 if
  any [D]; nothing when all have it (``D_CHAR_TARGET``);
* ``Hx``: x tokens off itself, the active seat picks which (``D_HEAL_SQUARE``), each token one
  square whatever the heart's value;
* ``Lx``: the same on another remaining enemy the active seat picks (``D_HEAL_ALLY``);
* ``Ox``: x boat damage (``s.boat_damage``) unless ``"O"`` is in ``ignored_effects``.

A single candidate is taken without asking. The position in this sequence is ``sg_com``'s
``C_EOR_E`` / ``C_EOR_STEP`` (step 0 growth, 1-9 the squares, 10+ the global statuses).
"""
from __future__ import annotations

from . import characters as chars
from . import combat, grid
from .kinds import (C_EOR_E, C_EOR_STEP, CB_LOST, D_CHAR_TARGET, D_HEAL_ALLY, D_HEAL_SQUARE,
                    EOR_LETTERS, STATUS_OF_LETTER)

STATUS_STEP = 10


def end_of_round(s) -> None:
    """The round's attacks are over: the host's ``on_enemy_phase`` first (PP-COMBAT-10: the
    played combat cards are discarded before the enemies act), then the enemy phase."""
    hook = getattr(s, "on_enemy_phase", None)
    if hook is not None:
        hook()
    s.sg_com[C_EOR_E], s.sg_com[C_EOR_STEP] = 0, 0
    run(s)


def run(s) -> None:
    """Fire the enemy phase from its cursor until a choice is pending or the phase is over."""
    com = s.sg_com
    table = s.game.sg.enemies
    n_statuses = len(combat.mods(s).statuses)
    while 0 <= com[C_EOR_E] < len(s.sg_enemy):
        e, step = com[C_EOR_E], com[C_EOR_STEP]
        enemy = table[s.sg_enemy[e]]
        # a defeated enemy does nothing; the phase never defeats one, so once checked it stays
        if (step == 0 and combat.defeated(s, e)) or step >= STATUS_STEP + n_statuses:
            com[C_EOR_E], com[C_EOR_STEP] = e + 1, 0
            continue
        com[C_EOR_STEP] = _next_step(enemy, step)
        if _fire(s, e, step):
            return
        if chars.all_down(s):  # PP-COMBAT-13: the enemy phase can only hurt characters
            combat.finish(s, CB_LOST)
            return
    com[C_EOR_E], com[C_EOR_STEP] = -1, 0
    hook = getattr(s, "on_round_end", None)
    if hook is not None:
        hook()
    combat.new_round(s)


def _next_step(enemy, step: int) -> int:
    """The step after ``step``: the next hourglass square, then the granted statuses."""
    if step < STATUS_STEP:
        for sq in enemy.hourglass:
            if sq + 1 > step:
                return sq + 1
        return STATUS_STEP
    return step + 1


def _fire(s, e: int, step: int) -> bool:
    """One step of enemy ``e``; True when it waits for a choice."""
    core = s.game.sg
    enemy = core.enemies[s.sg_enemy[e]]
    m = combat.mods(s)
    if step == 0:
        s.sg_power[e] += grid.growth(enemy, s.sg_cover, e) + m.power_per_round
        return False
    if step >= STATUS_STEP:
        return aim(s, m.statuses[step - STATUS_STEP], 0)
    sq = step - 1
    if not grid.fires(enemy, s.sg_cover, e, sq, core.hooks.ignored_effects):
        return False
    letter, x = enemy.kinds[sq], enemy.values[sq]
    if letter == "G":
        for o in combat.remaining(s):
            if o != e:
                s.sg_power[o] += x
        return False
    if letter == "O":
        s.boat_damage(x)
        return False
    if letter == "H":
        return heal(s, e, x)
    if letter == "L":
        allies = [o for o in combat.remaining(s) if o != e and _tokens(s, o)]
        if len(allies) > 1:
            s.pend.append((D_HEAL_ALLY, s.active, e, x))
            s.invalidate()
            return True
        return heal(s, allies[0], x) if allies else False
    return aim(s, letter, x + m.damage if letter == "D" else 0)


# -- abilities aimed at a character --------------------------------------------------------------------
def targets(s, letter: str) -> list[int]:
    n = s.game.sg.n_chars
    alive = [c for c in range(n) if s.hp[c] > 0]
    if letter == "D":
        return alive
    st = STATUS_OF_LETTER[letter]
    lacking = [c for c in range(n) if not chars.has(s, c, st)]
    return [c for c in lacking if s.hp[c] > 0] or lacking


def hit(s, letter: str, amount: int, ch: int) -> None:
    if letter == "D":
        chars.combat_damage(s, ch, amount)
    else:
        chars.give(s, ch, STATUS_OF_LETTER[letter])


def aim(s, letter: str, amount: int) -> bool:
    """An ability aimed at one character (``D`` with ``amount``, or a status letter F M V W):
    the active seat picks among several candidates (``D_CHAR_TARGET``); True when it must.
    Outside combat a host gives a status to "one character" the same way (TR-BASE-COND-5)."""
    cands = targets(s, letter)
    if len(cands) > 1:
        s.pend.append((D_CHAR_TARGET, s.active, EOR_LETTERS.index(letter), amount))
        s.invalidate()
        return True
    if cands:
        hit(s, letter, amount, cands[0])
    return False


def _aim_mask(s, f, m):
    base = s.game.sg.ids.char
    for c in targets(s, EOR_LETTERS[f[2]]):
        m[base + c] = True


def _aim_apply(s, f, a):
    s.pend.pop()
    hit(s, EOR_LETTERS[f[2]], f[3], a - s.game.sg.ids.char)
    if s.sg_com[C_EOR_E] >= 0:  # in the enemy phase: go on
        if chars.all_down(s):
            combat.finish(s, CB_LOST)
        else:
            run(s)


# -- heals ---------------------------------------------------------------------------------------------
def _tokens(s, e: int) -> list[int]:
    return [i for i in range(9) if s.sg_cover[9 * e + i]]


def heal(s, e: int, x: int) -> bool:
    """Remove ``x`` tokens from enemy ``e`` (all of them when it has no more); True when the
    active seat must pick which."""
    toks = _tokens(s, e)
    if len(toks) <= x:
        for i in toks:
            s.sg_cover[9 * e + i] = 0
        return False
    s.pend.append((D_HEAL_SQUARE, s.active, e, x))
    s.invalidate()
    return True


def _square_mask(s, f, m):
    base = s.game.sg.ids.square + 9 * f[2]
    for i in _tokens(s, f[2]):
        m[base + i] = True


def _square_apply(s, f, a):
    s.pend.pop()
    s.sg_cover[a - s.game.sg.ids.square] = 0
    if f[3] > 1 and heal(s, f[2], f[3] - 1):
        return
    run(s)


def _ally_mask(s, f, m):
    base = s.game.sg.ids.enemy
    for o in combat.remaining(s):
        if o != f[2] and _tokens(s, o):
            m[base + o] = True


def _ally_apply(s, f, a):
    s.pend.pop()
    if not heal(s, a - s.game.sg.ids.enemy, f[3]):
        run(s)


HANDLERS = {
    D_CHAR_TARGET: (_aim_mask, _aim_apply),
    D_HEAL_SQUARE: (_square_mask, _square_apply),
    D_HEAL_ALLY: (_ally_mask, _ally_apply),
}
__all__ = ["end_of_round", "run", "targets", "heal", "HANDLERS"]
