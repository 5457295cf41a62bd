"""The Paleo heuristic's night: the tools used before eating and the options of the moon cards."""
from __future__ import annotations

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.constants import FOOD, TE_FOOD, TE_HEAL


class NightChoices:
    """One handler per decision kind of the night."""

    # -- night ---------------------------------------------------------------------------------
    def ntool(self) -> int:
        s, g = self.s, self.me
        for t in self.legal_in(A.TOOL, self.T):
            e = self.c.tools[t].effect
            if e == TE_FOOD and s.store[FOOD] < self.night_food_need():
                return A.TOOL + t
            if e == TE_HEAL and any(w and self.left(g, p) <= 1 for p, w in enumerate(s.wnd[g])):
                return A.TOOL + t
        return A.CONFIRM

    def nightopt(self) -> int | None:
        s = self.s
        x = self.frame[2]
        host = s.inplay.index(x) if x in s.inplay else -1
        allp = (1 << s.n) - 1
        best, bv = None, None
        for k in self.legal_in(A.OPTION, 6):
            o = self.cards[x].opts[k]
            v = self.option_value(x, o, allp, -1, chooser=self.me, host=host, check=False, night=True)
            if v is None:
                continue
            if bv is None or v > bv:
                best, bv = k, v
        return A.OPTION + best if best is not None else None
