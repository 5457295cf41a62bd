"""Every pending decision's (mask, apply), with the active player's interrupts folded in."""
from __future__ import annotations

from . import actions as A
from . import encounter, locations, solo, tiles
from .kinds import DECISIONS, INTERRUPTIBLE, OPTIONAL


def _with_interrupts(mask, apply):
    def imask(s, f, m):
        mask(s, f, m)
        if f[1] == s.active and not s.sel and not s.step_cap_reached():
            tiles.interrupt_mask(s, f[1], m)

    def iapply(s, f, a):
        if tiles.is_interrupt(a):
            tiles.interrupt_apply(s, f[1], a)
        else:
            apply(s, f, a)

    return imask, iapply


_BASE = {}
for module in (locations, encounter, tiles, solo):
    _BASE.update(module.HANDLERS)
assert sorted(_BASE) == list(range(len(DECISIONS))), "every decision kind needs a handler"

HANDLERS = [(_with_interrupts(*_BASE[k]) if k in INTERRUPTIBLE else _BASE[k]) for k in range(len(DECISIONS))]


def auto_skip(s) -> bool:
    """Pop an optional decision ("may") whose only legal action is to decline it."""
    f = s.pend[-1]
    if f[0] not in OPTIONAL or s.sel:
        return False
    m = s.legal_mask()
    if (m[A.PASS] or m[A.CONFIRM]) and m.sum() == 1:
        s.pend.pop()
        s._mask_ok = False
        return True
    return False
