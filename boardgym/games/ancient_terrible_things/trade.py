"""Swag purchases, Trading Post row cycling, prices with discounts (ATT-LOC-E/H/J, ATT-D-14)."""
from __future__ import annotations

from .cards import refill_row
from .constants import MAX_SWAG, TREASURE

OLD_STOCK = 3


def price(s, p: int, w: int, extra_discount: int = 0) -> int:
    c = s.game.content
    disc = extra_discount + sum(c.swag[x].discount for x in s.swag[p])
    return max(1, c.swag[w].price - disc)


def buyable(s, p: int, source: int, old_stock_ok: bool, discount: int) -> bool:
    if len(s.swag[p]) >= MAX_SWAG:
        return False
    if source == OLD_STOCK:
        if not old_stock_ok or not s.old_stock:
            return False
        w = s.old_stock[-1]
    else:
        w = s.row[source]
        if w < 0:
            return False
    return s.tokens[4 * p + TREASURE] >= price(s, p, w, discount)


def buy(s, p: int, source: int, discount: int) -> None:
    w = s.old_stock[-1] if source == OLD_STOCK else s.row[source]
    s.tokens[4 * p + TREASURE] -= price(s, p, w, discount)
    s.swag[p].append(w)
    s.exh[p].append(0)
    if source == OLD_STOCK:
        s.old_stock.pop()
    else:
        refill_row(s, source)


def cycle(s, slot: int) -> None:
    s.old_stock.append(s.row[slot])
    refill_row(s, slot)


def remove_swag(s, p: int, j: int) -> int:
    w = s.swag[p].pop(j)
    s.exh[p].pop(j)
    return w
