"""The active player's interrupts: Urgent Revelations, Reanimation and Monkey tiles
(ATT-URGENT-1, ATT-LOC-TILE, ATT-D-12)."""
from __future__ import annotations

from . import actions as A
from .cards import can_draw_feat, draw_feat
from .kinds import D_MONKEY_BUY, D_REANIMATE, D_URGENT2, D_URGENT3
from .trade import buy, buyable


def _unflipped(s, p, v) -> int:
    for i, (t, fl) in enumerate(zip(s.tent[p], s.flipped[p])):
        if t == v and not fl:
            return i
    return -1


def interrupt_mask(s, p, m) -> None:
    if s.tent[p]:
        draw = can_draw_feat(s, p)
        exhausted = any(s.exh[p])
        for v, fl in zip(s.tent[p], s.flipped[p]):
            if not fl and (draw or (v >= 2 and exhausted)):
                m[A.URGENT + v] = True
    else:
        exhausted = any(s.exh[p])
    if s.rean_holder == p and s.rean_active and exhausted:
        m[A.REANIMATE] = True
    if s.monkey_holder == p and s.monkey_active and any(buyable(s, p, k, False, 0) for k in range(3)):
        m[A.MONKEY] = True


def is_interrupt(a: int) -> bool:
    return A.URGENT <= a < A.URGENT + 4 or a == A.REANIMATE or a == A.MONKEY


def interrupt_apply(s, p, a) -> None:
    if a == A.REANIMATE:
        s.pend.append((D_REANIMATE, p, 0, 0))
        return
    if a == A.MONKEY:
        s.pend.append((D_MONKEY_BUY, p, 0, 0))
        return
    v = a - A.URGENT
    s.flipped[p][_unflipped(s, p, v)] = 1
    if v <= 1:
        draw_feat(s, p)
    elif v == 2:
        s.pend.append((D_URGENT2, p, 0, 0))
    else:
        draw_feat(s, p)
        if any(s.exh[p]):
            s.pend.append((D_URGENT3, p, 0, 0))


def _exhausted_mask(s, p, m):
    for j, e in enumerate(s.exh[p]):
        if e:
            m[A.SWAG + j] = True


def urgent2_mask(s, f, m):
    if can_draw_feat(s, f[1]):
        m[A.CONFIRM] = True
    _exhausted_mask(s, f[1], m)


def urgent2_apply(s, f, a):
    s.pend.pop()
    if a == A.CONFIRM:
        draw_feat(s, f[1])
    else:
        s.exh[f[1]][a - A.SWAG] = 0


def refresh_one_mask(s, f, m):
    _exhausted_mask(s, f[1], m)


def urgent3_apply(s, f, a):
    s.pend.pop()
    s.exh[f[1]][a - A.SWAG] = 0


def reanimate_apply(s, f, a):
    s.pend.pop()
    s.exh[f[1]][a - A.SWAG] = 0
    s.rean_active = 0


def monkey_mask(s, f, m):
    for k in range(3):
        if buyable(s, f[1], k, False, 0):
            m[A.BUY + k] = True


def monkey_apply(s, f, a):
    s.pend.pop()
    buy(s, f[1], a - A.BUY, 0)
    s.monkey_active = 0


HANDLERS = {
    D_URGENT2: (urgent2_mask, urgent2_apply),
    D_URGENT3: (refresh_one_mask, urgent3_apply),
    D_REANIMATE: (refresh_one_mask, reanimate_apply),
    D_MONKEY_BUY: (monkey_mask, monkey_apply),
}
