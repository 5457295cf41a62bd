"""The rest action (PP-REST-1, 2): 0 time, the leftmost moon crossed (the sixth starts the last
turns, PP-REST-3, ``journey.cross_moon``); every character back to 3 stamina and +2 HP (capped);
then one status off one character (``D_REST_STATUS``: CHAR, then STATUS when it has several,
or CONFIRM to skip); then meat + fruit sets (``D_REST_SETS``: RESOURCE meat, RESOURCE fruit, or
CONFIRM to stop), each +5 HP split point by point (``D_REST_HEAL``), what no one needs lost.
The tokens may come from any holder [D]. Equipped cards' moon abilities fire with the rest
(gear.py)."""
from __future__ import annotations

from boardgym.games.sleeping_gods import characters as chars

from . import actions as A
from . import effects, gear, inventory, journey
from .kinds import (D_REST_HEAL, D_REST_SETS, D_REST_STATUS, FRUIT, MEAT, N_HOLDERS, N_RES,
                    REST_HP, REST_SET_HP, STAMINA_MAX)


def rest(s) -> None:
    journey.cross_moon(s)
    for c in range(5):
        s.res[c] = STAMINA_MAX
        chars.heal(s, c, REST_HP)
    if any(s.status):
        s.pend.append((D_REST_STATUS, s.active, 0, 0))
    else:
        _sets(s)
    gear.rest_abilities(s)  # moon abilities (their healing is placed first: it sits on top)
    s.invalidate()


def _status_mask(s, f, m):
    m[A.CONFIRM] = True
    for c in range(5):
        if s.status[c]:
            m[A.CHAR + c] = True


def _status_apply(s, f, a):
    s.pend.pop()
    _sets(s)  # asked after the status is picked (the pick sits on top)
    if a != A.CONFIRM:
        effects.remove_one(s, a - A.CHAR, effects.ALL_STATUSES)


def _sets(s) -> None:
    if inventory.count(s, MEAT) and inventory.count(s, FRUIT):
        s.pend.append((D_REST_SETS, s.active, 0, 0))


def _sets_mask(s, f, m):
    t = FRUIT if f[2] else MEAT
    if not f[2]:
        m[A.CONFIRM] = True
    for h in range(N_HOLDERS):
        if s.inv[N_RES * h + t]:
            m[A.res_action(h, t)] = True


def _sets_apply(s, f, a):
    s.pend.pop()
    if a == A.CONFIRM:
        return
    h, t = divmod(a - A.RESOURCE, N_RES)
    inventory.take(s, h, t)
    if t == MEAT:
        s.pend.append((D_REST_SETS, s.active, 1, 0))
        return
    _sets(s)  # the next set is offered once these 5 are placed
    effects.heal_points(s, REST_SET_HP, D_REST_HEAL)


HANDLERS = {D_REST_STATUS: (_status_mask, _status_apply), D_REST_SETS: (_sets_mask, _sets_apply),
            D_REST_HEAL: effects.HANDLERS[effects.D_HEAL]}
