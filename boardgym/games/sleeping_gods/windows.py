"""Windows: decisions every seat may act in, cycling from the active seat until all pass in a row.

The core opens three (``kinds.WINDOWS``): the challenge's modify window (PP-CHAL-3), the window
after an attack's randomiser (rerolls, redraws: PP §3, TR §3) and the block window before a
counterattack. The core's own mask offers CONFIRM (pass) only; a host adds its actions (reroll
tokens, resources, abilities, Order-marker redraws) by wrapping the window's handler and calls
``used(s)`` after one, so every seat is asked again. A window whose seat has nothing but CONFIRM
is passed at once, so a host with no extra actions never sees one.
"""
from __future__ import annotations


def _only_confirm(m, confirm: int) -> bool:
    return bool(m[confirm]) and int(m.sum()) == 1


def open_window(s, kind: int, seat: int, passes: int, on_close) -> None:
    """Ask seats from ``seat`` on; ``on_close(s)`` runs once ``s.n`` seats passed in a row."""
    confirm = s.game.sg.ids.confirm
    while passes < s.n:
        s.pend.append((kind, seat, passes, 0))
        s.invalidate()
        if not _only_confirm(s.legal_mask(), confirm):
            return
        s.pend.pop()
        passes += 1
        seat = (seat + 1) % s.n
    s.invalidate()
    on_close(s)


def used(s) -> None:
    """A host action was taken in the open window: every seat may act again (the passes in a
    row restart; the same seat keeps the decision)."""
    k, seat, _, b = s.pend[-1]
    s.pend[-1] = (k, seat, 0, b)
    s.invalidate()


def handlers(kind: int, on_close):
    """The core's (mask, apply) of a window kind: CONFIRM passes to the next seat."""
    def mask(s, f, m):
        m[s.game.sg.ids.confirm] = True

    def apply(s, f, a):
        s.pend.pop()
        open_window(s, kind, (f[1] + 1) % s.n, f[2] + 1, on_close)

    return mask, apply
