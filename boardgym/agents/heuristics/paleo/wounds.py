"""The Paleo heuristic's wounds and kills: which group takes the wounds, whether to prevent them
with a tool, which person is wounded, killed or healed."""
from __future__ import annotations

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.constants import TE_PREVENT
from boardgym.games.paleo.tools import held


class WoundChoices:
    """One handler per decision kind of wounds and kills."""

    # -- wounds ------------------------------------------------------------------------------
    def group_absorb(self, g: int, n: int) -> float:
        s = self.s
        if not s.ppl[g]:
            return -100.0
        r = max(self.left(g, p) for p in range(len(s.ppl[g])))
        pelts = sum(s.tools[g * self.T + t] for t in range(self.T) if self.c.tools[t].effect == TE_PREVENT)
        return r - n + 0.5 * pelts + 0.1 * sum(self.left(g, p) for p in range(len(s.ppl[g])))

    def wgroup(self) -> int | None:
        n = self.frame[2]
        gs = self.legal_in(A.GROUP, self.s.n)
        if not gs:
            return None
        return A.GROUP + max(gs, key=lambda g: self.group_absorb(g, n))

    def prevent(self) -> int:
        s = self.s
        ts = self.legal_in(A.TOOL, self.T)
        if not ts:
            return A.DECLINE
        g, n = s.r_wgroup, s.r_wound
        pelts = sum(held(s, s.r_parts, t) for t in ts)
        if not s.ppl[g]:
            return A.TOOL + ts[0]
        r = max(self.left(g, p) for p in range(len(s.ppl[g])))
        if n > r:
            # prevent only if the pelts can save the person
            return A.TOOL + ts[0] if n - pelts <= r else A.DECLINE
        if r - n <= 0 or pelts >= 2 or n >= 2:
            return A.TOOL + ts[0]
        return A.DECLINE

    def wperson(self) -> int | None:
        s = self.s
        g, n = self.frame[1], self.frame[2]
        ps = self.legal_in(A.PERSON, len(s.ppl[g]))
        alive = [p for p in ps if self.left(g, p) >= n]
        if alive:
            return A.PERSON + max(alive, key=lambda p: (self.left(g, p) - n, -self.person_worth(s.ppl[g][p])))
        return A.PERSON + min(ps, key=lambda p: self.person_worth(s.ppl[g][p]) + 0.1 * self.left(g, p))

    def kperson(self) -> int | None:
        s, g = self.s, self.frame[1]
        ps = self.legal_in(A.PERSON, len(s.ppl[g]))
        return A.PERSON + min(ps, key=lambda p: self.person_worth(s.ppl[g][p]) + 0.3 * self.left(g, p))

    def kgroup(self) -> int | None:
        gs = self.legal_in(A.GROUP, self.s.n)
        return A.GROUP + max(gs, key=lambda g: len(self.s.ppl[g])) if gs else None

    def hperson(self) -> int | None:
        s, g = self.s, self.frame[2]
        ps = self.legal_in(A.PERSON, len(s.ppl[g]))
        return A.PERSON + min(ps, key=lambda p: (self.left(g, p), -self.person_worth(s.ppl[g][p])))
