"""Combat on 3×3 enemy grids: setup, rounds of attacks, counterattacks, the end of combat
(PP-COMBAT-1..13 as the core shares them, TR-BASE-COMBAT).

A round: seats cycle from the active seat (``D_ATTACKER``), each choosing one of its own
characters to attack (``attack_cap`` attacks per seat and round, each character once; not at
0 HP, not frightened, not exhausted where ``challenge_cost.gates_attack``), passing (CONFIRM)
or, for the active seat at the start of a round ``can_flee`` allows, fleeing. The round ends
when every seat passed in a row or no one can attack; then the enemy phase (``enemy_phase``).

An attack (``begin_attack``; the profile comes from ``attack_source``):
target (``D_TARGET``) → an uncovered First Strike counterattacks at once (block window first),
an attacker brought to 0 loses the attack → the randomiser (``P_ATTACK``) and its window
(``D_ROLLED``) → D = base ± result + effective skill, floor 0 → the target's block paid first →
tokens placed one by one (``D_PLACE``, ``grid.legal_placements``), CONFIRM stops → power
removal unless Can't Remove Power is uncovered → the block window (``D_BLOCK``) → the
counterattack: attack + power + global mods − block, excess below 0 HP lost.

Outcome (``outcome(s)``): won when every enemy is defeated; lost when every character is at 0;
fled; the round cap ends it as fleeing where ``can_flee`` is set, else as a defeat.
"""
from __future__ import annotations

from . import characters as chars
from . import grid
from .kinds import (A_BASE, A_BLOCK, A_CH, A_D, A_FS, A_LEFT, A_ON, A_ROLL, A_RP, A_SIGN, A_SKILL,
                    A_STEP, A_TGT, AS_BLOCK, AS_FIRST_STRIKE, AS_NONE, AS_PLACE, AS_ROLL,
                    AS_ROLLED, AS_TARGET, C_ATTACKED, C_COUNT, C_EOR_E, C_PASSES,
                    C_ROUND, C_STATE, C_TURN, CB_FLED, CB_LOST, CB_NONE, CB_RUNNING, CB_WON,
                    CH_ROLL, D_ATTACKER, D_BLOCK, D_CHAR_TARGET, D_HEAL_ALLY, D_HEAL_SQUARE,
                    D_PLACE, D_ROLLED, D_TARGET, P_ATTACK)
from .windows import handlers as window_handlers
from .windows import open_window


COMBAT_FRAMES = frozenset({D_ATTACKER, D_TARGET, D_ROLLED, D_PLACE, D_BLOCK, D_CHAR_TARGET,
                           D_HEAL_SQUARE, D_HEAL_ALLY})


def enemies(s) -> list:
    table = s.game.sg.enemies
    return [table[i] for i in s.sg_enemy]


def defeated(s, e: int) -> bool:
    return grid.is_defeated(s.game.sg.enemies[s.sg_enemy[e]], s.sg_cover, e)


def remaining(s) -> list[int]:
    return [e for e in range(len(s.sg_enemy)) if not defeated(s, e)]


def mods(s):
    return s.game.sg.hooks.global_mods(s)


def start(s, enemy_ids: list[int]) -> None:
    """Set up a combat against these enemies, left to right (PP-COMBAT-1): each starts with
    power = growth squares + ``start_power_mod`` + the global start power, floor 0."""
    core = s.game.sg
    if not 1 <= len(enemy_ids) <= core.max_enemies:
        raise ValueError(f"a combat has 1..{core.max_enemies} enemies, not {len(enemy_ids)}")
    s.sg_enemy = list(enemy_ids)
    s.sg_cover = [0] * (9 * core.max_enemies)
    m = mods(s)
    s.sg_power = [0] * core.max_enemies
    for e, i in enumerate(enemy_ids):
        s.sg_power[e] = grid.start_power(core.enemies[i], core.hooks.start_power_mod + m.start_power)
    s.sg_com[:] = [CB_RUNNING, 1, 0, s.active, 0, 0, -1, 0]
    _clear_attack(s)
    s.sg_seat_atk = [0] * s.n
    next_attacker(s)


def outcome(s) -> int:
    """``kinds.CB_*``: running, won, lost or fled."""
    return s.sg_com[C_STATE]


def clear(s) -> None:
    """After the host has read the outcome: tokens and power removed (PP-COMBAT-11)."""
    core = s.game.sg
    s.sg_enemy = []
    s.sg_cover = [0] * (9 * core.max_enemies)
    s.sg_power = [0] * core.max_enemies
    s.sg_com[:] = [CB_NONE, 0, 0, 0, 0, 0, -1, 0]
    s.sg_seat_atk = [0] * s.n
    _clear_attack(s)


def finish(s, result: int) -> None:
    """End the combat now; the core's combat frames are dropped."""
    while s.pend and s.pend[-1][0] in COMBAT_FRAMES:
        s.pend.pop()
    s.cq[:] = [e for e in s.cq if not (e[0] == CH_ROLL and e[1] == P_ATTACK)]
    s.sg_com[C_STATE] = result
    s.sg_com[C_EOR_E] = -1
    if result == CB_FLED:
        flee = s.game.sg.hooks.can_flee
        tire = flee.fatigue if flee is not None else 0
        cost = s.game.sg.hooks.challenge_cost
        for c in range(s.game.sg.n_chars):
            if s.hp[c] > 0:
                s.res[c] = cost.tire(s.res[c], tire)
    grid.settle(s.sg_cover)
    _clear_attack(s)
    s.invalidate()


def check_end(s) -> bool:
    """Victory or defeat reached (PP-COMBAT-13): finish and say so."""
    if s.sg_com[C_STATE] != CB_RUNNING:
        return True
    if chars.all_down(s):
        finish(s, CB_LOST)
        return True
    if not remaining(s):
        finish(s, CB_WON)
        return True
    return False


# the attack record between attacks: no attacker, no target, nothing rolled or placed
CLEAR_ATTACK = (-1, -1, AS_NONE, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0)


def _clear_attack(s) -> None:
    s.sg_atk[:] = CLEAR_ATTACK


# -- choosing attackers ------------------------------------------------------------------------------
def attackers(s, seat: int) -> list[int]:
    """The seat's characters that may attack now (PP-COMBAT-2, TR-BASE-COMBAT-3)."""
    if s.sg_seat_atk[seat] >= s.game.sg.hooks.attack_cap(s, seat):
        return []
    return [c for c in chars.own(s, seat) if chars.can_attack(s, c)]


def may_flee(s, seat: int) -> bool:
    flee = s.game.sg.hooks.can_flee
    return (flee is not None and seat == s.active and s.sg_com[C_COUNT] == 0
            and s.sg_com[C_ROUND] >= flee.from_round and s.sg_com[C_PASSES] == 0)


def next_attacker(s) -> None:
    """Ask the seat whose turn it is, passing seats that can do nothing; the round ends when
    every seat passed in a row."""
    com = s.sg_com
    while com[C_PASSES] < s.n:
        seat = com[C_TURN]
        if attackers(s, seat) or may_flee(s, seat):
            s.pend.append((D_ATTACKER, seat, 0, 0))
            s.invalidate()
            return
        com[C_PASSES] += 1
        com[C_TURN] = (seat + 1) % s.n
    from .enemy_phase import end_of_round

    end_of_round(s)


def new_round(s) -> None:
    com = s.sg_com
    com[C_ROUND] += 1
    if com[C_ROUND] > s.game.sg.hooks.round_cap:   # the round after the cap: the combat ends
        finish(s, CB_FLED if s.game.sg.hooks.can_flee is not None else CB_LOST)
        return
    com[C_ATTACKED] = com[C_PASSES] = com[C_COUNT] = 0
    com[C_TURN] = s.active
    com[C_EOR_E] = -1
    s.sg_seat_atk = [0] * s.n
    next_attacker(s)


def _attacker_mask(s, f, m):
    ids = s.game.sg.ids
    m[ids.confirm] = True
    for c in attackers(s, f[1]):
        m[ids.char + c] = True
    if may_flee(s, f[1]):
        m[ids.flee] = True


def _attacker_apply(s, f, a):
    ids = s.game.sg.ids
    s.pend.pop()
    if a == ids.flee and may_flee(s, f[1]):
        finish(s, CB_FLED)
    elif a == ids.confirm:
        s.sg_com[C_PASSES] += 1
        s.sg_com[C_TURN] = (f[1] + 1) % s.n
        next_attacker(s)
    else:
        c = a - ids.char
        begin_attack(s, c, s.game.sg.hooks.attack_source(s, c))


# -- one attack --------------------------------------------------------------------------------------
def begin_attack(s, ch: int, profile) -> None:
    """Character ``ch`` attacks with ``profile`` (an ``AttackProfile``); a host that chooses
    the source itself (PP: a card from the hand) calls this from its own handler."""
    s.sg_atk[:] = [ch, -1, AS_TARGET, 0, 0, 0, profile.block, profile.remove_power, 0,
                   profile.base, profile.die_sign, profile.skill, 0]
    s.pend.append((D_TARGET, s.controller(ch), 0, 0))
    s.invalidate()


def _target_mask(s, f, m):
    base = s.game.sg.ids.enemy
    for e in remaining(s):
        m[base + e] = True


def _target_apply(s, f, a):
    s.pend.pop()
    at = s.sg_atk
    e = at[A_TGT] = a - s.game.sg.ids.enemy
    if grid.has_active(s.game.sg.enemies[s.sg_enemy[e]], s.sg_cover, e, "T"):
        at[A_STEP], at[A_FS] = AS_FIRST_STRIKE, 1  # PP-COMBAT-3: it counterattacks first
        open_window(s, D_BLOCK, s.active, 0, _after_block)
    else:
        _roll(s)


def _roll(s) -> None:
    at = s.sg_atk
    if at[A_SIGN] != 0:
        at[A_STEP] = AS_ROLL
        s.cq.append((CH_ROLL, P_ATTACK))
        s.invalidate()
    else:
        _begin_place(s)


def rolled(s, value: int) -> None:
    """The attack's randomiser result: open the window after it (rerolls, redraws)."""
    at = s.sg_atk
    at[A_ROLL], at[A_STEP] = value, AS_ROLLED
    open_window(s, D_ROLLED, s.active, 0, _begin_place)


def redraw(s) -> None:
    """Roll or draw the attack's randomiser again (the window reopens after it)."""
    while s.pend and s.pend[-1][0] == D_ROLLED:
        s.pend.pop()
    s.sg_atk[A_STEP] = AS_ROLL
    s.cq.append((CH_ROLL, P_ATTACK))
    s.invalidate()


def add_damage(s, n: int) -> None:
    """A host effect adding to the attack before placement (TR Strike: +2 damage)."""
    s.sg_atk[A_BASE] += n


def add_block(s, n: int) -> None:
    """A host effect blocking the coming counterattack (TR Guard, PP Jon / Lois level 2)."""
    s.sg_atk[A_BLOCK] += n


def add_remove_power(s, n: int) -> None:
    """A host effect adding power removal to the attack (TR Strike: −1 power)."""
    s.sg_atk[A_RP] += n


def remove_power(s, e: int, n: int) -> int:
    """Remove up to ``n`` power from enemy ``e`` unless its Can't Remove Power is uncovered
    (PP-COMBAT-8); the attack's removal and non-attacks (PP's rope, Jon) alike. Returns how
    many went."""
    enemy = s.game.sg.enemies[s.sg_enemy[e]]
    if n <= 0 or grid.has_active(enemy, s.sg_cover, e, "N"):
        return 0
    k = min(n, s.sg_power[e])
    s.sg_power[e] -= k
    return k


def set_roll(s, value: int) -> None:
    """Keep another result for the attack (TR Fortune: draw again, keep either): ``value``
    replaces the randomiser's result while its window is open."""
    s.sg_atk[A_ROLL] = value


def damage_of(s) -> int:
    """D = base ± randomiser + effective skill, floor 0 (PP-COMBAT-4); a die's bonus (PP easy)
    helps either way: +1 on a card that adds the die, 1 less off one that subtracts it."""
    at = s.sg_atk
    d = at[A_BASE] + at[A_SIGN] * at[A_ROLL]
    if at[A_SIGN]:
        d += s.game.sg.hooks.randomizer.attack.bonus
    if at[A_SKILL] >= 0:
        d += chars.effective_skill(s, at[A_CH], at[A_SKILL])
    return max(0, d)


def _begin_place(s) -> None:
    at = s.sg_atk
    e = at[A_TGT]
    d = damage_of(s)
    blk = min(d, grid.block(s.game.sg.enemies[s.sg_enemy[e]], s.sg_cover, e))
    at[A_D], at[A_ON], at[A_LEFT], at[A_STEP] = d, blk, d - blk, AS_PLACE
    _place_or_stop(s)


def placements(s) -> list[int]:
    at = s.sg_atk
    if at[A_LEFT] <= 0:
        return []
    return grid.legal_placements(enemies(s), s.sg_cover, at[A_TGT], at[A_LEFT], at[A_ON], at[A_D])


def _place_or_stop(s) -> None:
    if placements(s):
        s.pend.append((D_PLACE, s.controller(s.sg_atk[A_CH]), 0, 0))
        s.invalidate()
    else:
        _after_place(s)


def _place_mask(s, f, m):
    ids = s.game.sg.ids
    m[ids.confirm] = True
    for flat in placements(s):
        m[ids.square + flat] = True


def _place_apply(s, f, a):
    ids = s.game.sg.ids
    s.pend.pop()
    if a == ids.confirm:  # stop: the rest is lost (PP-COMBAT-5)
        _after_place(s)
        return
    flat = a - ids.square
    at = s.sg_atk
    used = grid.place(enemies(s), s.sg_cover, flat)
    at[A_LEFT] -= used
    if flat // 9 == at[A_TGT]:
        at[A_ON] += used
    _place_or_stop(s)


def _after_place(s) -> None:
    at = s.sg_atk
    grid.settle(s.sg_cover)
    remove_power(s, at[A_TGT], at[A_RP])  # after the damage (PP-COMBAT-3, 8)
    if at[A_FS]:
        _end_attack(s)
    else:
        at[A_STEP] = AS_BLOCK
        open_window(s, D_BLOCK, s.active, 0, _after_block)


def counter_value(s) -> int:
    """The target's counterattack now (PP-COMBAT-9, TR-BOSS-3)."""
    at = s.sg_atk
    e = at[A_TGT]
    m = mods(s)
    enemy = s.game.sg.enemies[s.sg_enemy[e]]
    return grid.counterattack(enemy.attack, s.sg_power[e], at[A_BLOCK], m.damage + m.counter)


def _after_block(s) -> None:
    at = s.sg_atk
    chars.combat_damage(s, at[A_CH], counter_value(s))
    if check_end(s):
        return
    if at[A_STEP] == AS_FIRST_STRIKE:
        if s.hp[at[A_CH]] <= 0:  # brought to 0 by the first strike: the attack is lost
            _end_attack(s)
        else:
            _roll(s)
    else:
        _end_attack(s)


def _end_attack(s) -> None:
    at, com = s.sg_atk, s.sg_com
    ch = at[A_CH]
    seat = s.controller(ch)
    com[C_ATTACKED] |= 1 << ch
    com[C_COUNT] += 1
    s.sg_seat_atk[seat] += 1
    _clear_attack(s)
    if check_end(s):
        return
    com[C_PASSES] = 0
    com[C_TURN] = (seat + 1) % s.n
    next_attacker(s)


HANDLERS = {
    D_ATTACKER: (_attacker_mask, _attacker_apply),
    D_TARGET: (_target_mask, _target_apply),
    D_ROLLED: window_handlers(D_ROLLED, _begin_place),
    D_PLACE: (_place_mask, _place_apply),
    D_BLOCK: window_handlers(D_BLOCK, _after_block),
}
__all__ = ["start", "outcome", "clear", "finish", "begin_attack", "rolled", "redraw", "add_damage",
           "add_block", "add_remove_power", "remove_power", "set_roll", "damage_of",
           "counter_value", "attackers", "remaining", "defeated", "placements", "HANDLERS",
           "COMBAT_FRAMES"]
