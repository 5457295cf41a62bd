"""Forgotten Secrets, the solo mode: round end forgetting (ATT-SOLO-4/5, ATT-D-16).
The Adversary's placement and movement are chance nodes (chance_nodes.py) and the explore mask."""
from __future__ import annotations

from . import actions as A
from .constants import MAX_STACK, MAX_SWAG
from .kinds import D_FORGET

STACK_PICK, ACH_PICK, SWAG_PICK = 0, 100, 200


def _items(s):
    """(pick code, secrets) of everything the solo player may forget."""
    c = s.game.content
    items = [(STACK_PICK + i, c.enc_secrets[e]) for i, e in enumerate(s.stack[0][:MAX_STACK])]
    items += [(ACH_PICK + t, c.ach_secrets[t][s.ach_side[t]]) for t in range(4) if s.ach_holder[t] == 0]
    items += [(SWAG_PICK + j, c.swag[w].secrets) for j, w in enumerate(s.swag[0][:MAX_SWAG])
              if c.swag[w].secrets > 0]
    return items


def round_end(s) -> None:
    from .flow import end_game

    c = s.game.content
    req = c.forget_multiplier * sum(c.enc_secrets[e] for e in s.rumours)
    s.forget_req = req
    if req == 0:
        s.rumours.clear()
        return
    if sum(v for _, v in _items(s)) < req:  # cannot forget enough: defeat
        end_game(s, -1)
        return
    s.sel = []
    s.pend.append((D_FORGET, 0, req, 0))


def _picked_sum(s):
    values = dict(_items(s))
    return sum(values[code] for code in s.sel)


def forget_mask(s, f, m):
    if _picked_sum(s) >= f[2]:
        m[A.CONFIRM] = True
        return
    for code, _ in _items(s):
        if code in s.sel:
            continue
        kind, k = code - code % 100, code % 100
        base = {STACK_PICK: A.STACK, ACH_PICK: A.ICON, SWAG_PICK: A.SWAG}[kind]
        m[base + k] = True


def forget_apply(s, f, a):
    if a != A.CONFIRM:
        if A.STACK <= a < A.STACK + MAX_STACK:
            s.sel.append(STACK_PICK + a - A.STACK)
        elif A.ICON <= a < A.ICON + 4:
            s.sel.append(ACH_PICK + a - A.ICON)
        else:
            s.sel.append(SWAG_PICK + a - A.SWAG)
        return
    s.pend.pop()
    picks, s.sel = s.sel, []
    for code in sorted((c for c in picks if c < ACH_PICK), reverse=True):
        s.stack[0].pop(code)
    for code in (c for c in picks if ACH_PICK <= c < SWAG_PICK):
        t = code - ACH_PICK
        s.ach_holder[t] = -1
        s.ach_retired[t] = 1  # never re-earnable
    for code in sorted((c for c in picks if c >= SWAG_PICK), reverse=True):
        j = code - SWAG_PICK
        s.swag[0].pop(j)
        s.exh[0].pop(j)
    s.rumours.clear()  # the Rumours pile leaves the game
    s.forget_req = 0


HANDLERS = {D_FORGET: (forget_mask, forget_apply)}
