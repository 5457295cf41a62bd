"""The action step (PP-TURN-3, 4): the menu of actions between actions, travel and rocks
(PP-TRAVEL), token moves and uses (PP-CHAR-1, 2, 8), the board abilities that remove statuses
(PP-CHAR-3), the fate-roll window (rocks, events) and this game's additions to the core's
challenge window (rerolls, carried resources, board and card abilities; PP-CHAL-3).

The menu (``D_MAIN``) is the active seat's: actions it can afford (travel 1 per line, explore
2, repair 2, rest 0 while a moon is left; PP-TURN-3), ending early (PP-TURN-4), a token to move
or use (``D_TOKEN``; moves count against ``max_free_moves`` [D]) and its own characters' board
abilities. Each choice pops the menu; once what it started is done the phase machine offers
the menu again, or ends the turn when no time is left.
"""
from __future__ import annotations

from boardgym.games.sleeping_gods import challenge, characters as chars, windows
from boardgym.games.sleeping_gods.decisions import HANDLERS as SG_HANDLERS
from boardgym.games.sleeping_gods.decisions import host_draw
from boardgym.games.sleeping_gods.kinds import D_MODIFY, H_SKILL, MADNESS, VENOM

from . import actions as A
from . import difficulty, effects, gear, inventory, journey, loadout
from .characters import ABILITIES, AB_VINE_ROCKS, STATUS_ABILITIES, VINE
from .kinds import (D_ABILITY_CHAR, D_DECK, D_FATE_WINDOW, D_FRUIT, D_MAIN, D_TOKEN, EXPLORE_COST, FATE_EVENT,
                    FATE_NONE, FATE_ROCKS, FRUIT, MEAT, MOONS, N_HOLDERS, N_RES, PH_END_TURN, STORAGE,
                    REPAIR_COST, RESOURCE_OF_SKILL, STAMINA_MAX, TRAVEL_COST)


def space(s):
    return s.game.spaces[s.pos]


# -- abilities (PP-CHAR-3, PP-CHAR-4, PP-CORE-5) ----------------------------------------------------
def ability_ready(s, ab: int, seat: int) -> bool:
    """The character's controller is ``seat``; level, HP > 0, stamina and no madness."""
    a = ABILITIES[ab]
    c = a.ch
    return (s.controller(c) == seat and s.level[c] >= a.level and s.hp[c] > 0 and s.res[c] >= a.cost
            and not chars.has(s, c, MADNESS))


def _status_bits(ab: int) -> int:
    return sum(1 << k for k in ABILITIES[ab].statuses)


def status_targets(s, bits: int) -> list[int]:
    """Characters holding one of the statuses in ``bits``."""
    return [c for c in range(5) if s.status[c] & bits]


def status_ability_ok(s, ab: int, seat: int) -> bool:
    return ability_ready(s, ab, seat) and bool(status_targets(s, _status_bits(ab)))


def use_status_ability(s, ab: int) -> None:
    """Pay the stamina; the seat picks whose status goes (``D_ABILITY_CHAR``)."""
    s.res[ABILITIES[ab].ch] -= ABILITIES[ab].cost
    ask_status_removal(s, s.controller(ABILITIES[ab].ch), _status_bits(ab))


def ask_status_removal(s, seat: int, bits: int) -> None:
    """The seat picks whose status (one of ``bits``) goes, then which (``D_ABILITY_CHAR``)."""
    s.pend.append((D_ABILITY_CHAR, seat, bits, 0))
    s.invalidate()


def _ability_char_mask(s, f, m):
    for c in status_targets(s, f[2]):
        m[A.CHAR + c] = True


def _ability_char_apply(s, f, a):
    s.pend.pop()
    effects.remove_one(s, a - A.CHAR, f[2])


# -- tokens (PP-CHAR-1, 2, 8) ----------------------------------------------------------------------
def _move_dests(s, h: int) -> list[int]:
    """Other holders with room; inside an explore only characters (PP-CHAR-1)."""
    if s.moves >= s.game.max_free_moves:
        return []
    hs = range(STORAGE) if s.exploring else range(N_HOLDERS)
    return [d for d in hs if d != h and inventory.room(s, d) > 0]


def _use_targets(s, t: int) -> list[int]:
    if t == MEAT:  # +1 stamina
        return [c for c in range(5) if s.res[c] < STAMINA_MAX]
    if t == FRUIT:  # +1 HP or remove venom
        return [c for c in range(5) if s.hp[c] < s.max_hp(c) or chars.has(s, c, VENOM)]
    return []


def token_ok(s, h: int, t: int) -> bool:
    return s.inv[N_RES * h + t] > 0 and bool(_move_dests(s, h) or _use_targets(s, t))


def _token_mask(s, f, m):
    h, t = divmod(f[2], N_RES)
    for d in _move_dests(s, h):
        m[A.DEST + d] = True
    for c in _use_targets(s, t):
        m[A.CHAR + c] = True


def _token_apply(s, f, a):
    s.pend.pop()
    h, t = divmod(f[2], N_RES)
    if a >= A.DEST:
        inventory.take(s, h, t)
        s.inv[N_RES * (a - A.DEST) + t] += 1
        s.moves += 1
        return
    c = a - A.CHAR
    if t == MEAT:
        inventory.take(s, h, t)
        s.res[c] += 1
        return
    hurt, venom = s.hp[c] < s.max_hp(c), chars.has(s, c, VENOM)
    if hurt and venom:
        s.pend.append((D_FRUIT, s.active, f[2], c))
        return
    inventory.take(s, h, t)
    if hurt:
        chars.heal(s, c, 1)
    else:
        chars.remove(s, c, VENOM)


def _fruit_mask(s, f, m):
    m[A.OPTION] = m[A.OPTION + 1] = True


def _fruit_apply(s, f, a):
    s.pend.pop()
    h, t = divmod(f[2], N_RES)
    inventory.take(s, h, t)
    if a == A.OPTION:
        chars.heal(s, f[3], 1)
    else:
        chars.remove(s, f[3], VENOM)


# -- the menu (PP-TURN-3, 4) -----------------------------------------------------------------------
def explorable(s) -> bool:
    from .explore import can_explore

    return can_explore(s)


def _main_mask(s, f, m):
    left = journey.time_left(s)
    if left >= TRAVEL_COST:
        for k in range(len(space(s).exits)):
            m[A.TRAVEL + k] = True
    if left >= EXPLORE_COST and explorable(s):
        m[A.EXPLORE] = True
    if left >= REPAIR_COST:
        m[A.REPAIR] = True
    if s.moons < MOONS:
        m[A.REST] = True
    if journey.may_end_early(s):
        m[A.END_TURN_EARLY] = True
    for h in range(N_HOLDERS):
        for t in range(N_RES):
            if token_ok(s, h, t):
                m[A.res_action(h, t)] = True
    for ab in STATUS_ABILITIES:
        if status_ability_ok(s, ab, f[1]):
            m[A.CHAR_ABILITY + ab] = True
    for a in gear.usable(s, f[1], gear.MAIN):
        m[a] = True
    for x in loadout.toggles(s):
        m[A.DECK_TOGGLE + x] = True
    for a in loadout.movable(s):
        m[a] = True
    for a in difficulty.choices(s):
        m[a] = True


def _main_apply(s, f, a):
    s.pend.pop()
    if A.TRAVEL <= a < A.TRAVEL + A.MAX_EXITS:
        travel(s, a - A.TRAVEL)
    elif a == A.EXPLORE:
        from .explore import explore

        journey.spend(s, EXPLORE_COST)
        explore(s)
    elif a == A.REPAIR:
        journey.spend(s, REPAIR_COST)
        effects.push_front(s, [(effects.OP_REPAIR, 0, 0, 0)])
    elif a == A.REST:
        from .rest import rest

        rest(s)
    elif a == A.END_TURN_EARLY:
        s.bonus_next = 1  # the next seat's bonus token; this turn's time left is lost
        s.watch, s.bonus = journey.TIME, 0
        s.phase = PH_END_TURN
    elif A.RESOURCE <= a < A.RESOURCE + N_HOLDERS * N_RES:
        s.pend.append((D_TOKEN, s.active, a - A.RESOURCE, 0))
    elif a >= A.SET_DIFFICULTY:
        difficulty.set_level(s, a - A.SET_DIFFICULTY)
    elif a >= A.DECK_TOGGLE:
        loadout.toggle(s, a - A.DECK_TOGGLE)
        s.pend.append((D_DECK, s.active, 0, 0))
    elif a >= A.OWNED_ADV:
        loadout.start_move(s, a)
    elif a >= A.CARD_ABILITY:
        gear.use(s, a, gear.MAIN)
    else:
        use_status_ability(s, a - A.CHAR_ABILITY)
    s.invalidate()


# -- travel and rocks (PP-TRAVEL) ----------------------------------------------------------------------
def travel(s, k: int) -> None:
    """One line into an adjacent space (a page edge's link included) for 1 time; rocks roll."""
    journey.spend(s, TRAVEL_COST)
    s.pos = space(s).exits[k]
    sp = space(s)
    if sp.rocks:
        s.fate = [FATE_ROCKS, -1, sp.rocks_damage, 0]
        host_draw(s)


def fate_rolled(s, value: int) -> None:
    """A host fate roll (rocks, an event's roll): the window for rerolls follows."""
    s.fate[1] = value
    windows.open_window(s, D_FATE_WINDOW, s.active, 0, _fate_close)


def _fate_result(s) -> int:
    return s.fate[1] + s.game.sg.hooks.randomizer.challenge.bonus + difficulty.die_offset(s)  # PP-END-2


def _fate_close(s) -> None:
    kind, _, dmg, arg = s.fate
    v = _fate_result(s)
    s.fate = [FATE_NONE, -1, 0, 0]
    if (kind == FATE_ROCKS and v in space(s).rocks) or (kind == FATE_EVENT and v <= arg):
        journey.boat_damage(s, dmg)
    s.invalidate()


def _drop_window(s, kind) -> None:
    while s.pend and s.pend[-1][0] == kind:
        s.pend.pop()


_fate_base = windows.handlers(D_FATE_WINDOW, _fate_close)


def _fate_where(s) -> int:
    return gear.ROCKS if s.fate[0] == FATE_ROCKS else gear.FATE


def reroll_fate(s) -> None:
    """Roll the fate die again (a reroll token, a card); the window reopens after it."""
    _drop_window(s, D_FATE_WINDOW)
    s.fate[1] = -1
    host_draw(s)


def ignore_rocks(s) -> None:
    """PP-TRAVEL-2: the rocks deal nothing (Vine's level-2 ability, a card)."""
    _drop_window(s, D_FATE_WINDOW)
    s.fate = [FATE_NONE, -1, 0, 0]


def _fate_mask(s, f, m):
    _fate_base[0](s, f, m)
    if s.rerolls > 0:
        m[A.REROLL] = True
    if s.fate[0] == FATE_ROCKS and ability_ready(s, AB_VINE_ROCKS, f[1]):
        m[A.CHAR_ABILITY + AB_VINE_ROCKS] = True
    for a in gear.usable(s, f[1], _fate_where(s)):
        m[a] = True


def _fate_apply(s, f, a):
    if a == A.REROLL:
        s.rerolls -= 1
        reroll_fate(s)
    elif a == A.CHAR_ABILITY + AB_VINE_ROCKS:
        s.res[VINE] -= ABILITIES[AB_VINE_ROCKS].cost
        ignore_rocks(s)
    elif a >= A.CARD_ABILITY:
        gear.use(s, a, _fate_where(s))
    else:
        _fate_base[1](s, f, a)
    s.invalidate()


# -- the challenge's modify window (PP-CHAL-3) ----------------------------------------------------------
_modify_base = SG_HANDLERS[D_MODIFY]


def _modify_resources(s, seat: int) -> list[int]:
    """The seat's characters' carried tokens of the challenge skill's type (PP-CHAR-8), not
    while the carrier is at 0 HP (PP-CORE-5)."""
    t = RESOURCE_OF_SKILL[s.sg_chal[H_SKILL]]
    return [A.res_action(c, t) for c in range(5)
            if s.controller(c) == seat and s.hp[c] > 0 and s.inv[N_RES * c + t] > 0]


def _modify_mask(s, f, m):
    _modify_base[0](s, f, m)
    if s.rerolls > 0:
        m[A.REROLL] = True
    for a in _modify_resources(s, f[1]):
        m[a] = True
    for ab in STATUS_ABILITIES:
        if status_ability_ok(s, ab, f[1]):
            m[A.CHAR_ABILITY + ab] = True
    for a in gear.usable(s, f[1], gear.MODIFY):
        m[a] = True


def _modify_apply(s, f, a):
    if a == A.REROLL:
        s.rerolls -= 1
        challenge.redraw(s)
    elif A.RESOURCE <= a < A.RESOURCE + N_HOLDERS * N_RES:
        h, t = divmod(a - A.RESOURCE, N_RES)
        inventory.take(s, h, t)
        challenge.add_bonus(s, 1)
        windows.used(s)
    elif A.CHAR_ABILITY <= a < A.CHAR_ABILITY + A.N_CHAR_ABILITIES:
        windows.used(s)
        use_status_ability(s, a - A.CHAR_ABILITY)
    elif A.CARD_ABILITY <= a < A.CARD_ABILITY + A.N_CHARS * A.EQUIP_SLOTS:
        gear.use(s, a, gear.MODIFY)
    else:
        _modify_base[1](s, f, a)
    s.invalidate()


HANDLERS = {D_MAIN: (_main_mask, _main_apply), D_TOKEN: (_token_mask, _token_apply),
            D_FRUIT: (_fruit_mask, _fruit_apply), D_ABILITY_CHAR: (_ability_char_mask, _ability_char_apply),
            D_FATE_WINDOW: (_fate_mask, _fate_apply), D_MODIFY: (_modify_mask, _modify_apply)}
