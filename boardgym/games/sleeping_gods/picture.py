"""Drawing the core's enemy grids for a host game's picture (Tides of Ruin, Primeval Peril)."""
from __future__ import annotations

from boardgym.core import draw as D

from .enemies import HEART
from .words import enemy_title


def draw_grids(cv, s, x: int, y: int, cell: int = 52, step: int = 230) -> None:
    """Each enemy of the running combat, left to right from ``x``: its number (from 1, as the
    text numbers it), name and attack / power (or "defeated") at ``y`` − 20, its 3×3 grid from ``y`` with covered squares shaded, hearts
    with their value and abilities with their letter."""
    table = s.game.sg.enemies
    dx, dy = round(cell * 0.38), round(cell * 0.27)
    for e, eid in enumerate(s.sg_enemy):
        en = table[eid]
        ox = x + e * step
        for i, kind in enumerate(en.kinds):
            r, col = divmod(i, 3)
            rect = (ox + col * cell, y + r * cell, ox + col * cell + cell - 4, y + r * cell + cell - 4)
            covered = s.sg_cover[9 * e + i]
            fill = D.shade(D.COLOURS["grey"], 0.2) if covered else (D.CARD if kind != "." else D.PANEL)
            cv.box(rect, fill=fill)
            label = str(en.values[i]) if kind == HEART else ("" if kind == "." else kind)
            cv.text(rect[0] + dx, rect[1] + dy, label, 16, D.BAD if kind == HEART else D.INK)
        cv.text(ox, y - 20, enemy_title(s, e), 12, width=step - 10)
