"""The Paleo heuristic's rewards: which group gets a split reward, where resources are held,
what to craft, where an idea goes, where a card is placed, and the added options taken at the
close of a card."""
from __future__ import annotations

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.constants import A_ADD, A_ALT, WOOD
from boardgym.games.paleo.kinds import SP_DREAM, SP_HEAL, SP_PERSON, SP_TOOL
from boardgym.games.paleo.tools import abilities


class RewardChoices:
    """One handler per decision kind of a reward."""

    # -- rewards -----------------------------------------------------------------------------
    def split(self) -> int | None:
        s = self.s
        purpose, arg = self.frame[2], self.frame[3]
        gs = self.legal_in(A.GROUP, s.n)
        if not gs:
            return None
        if purpose == SP_TOOL:
            t = arg % 100
            return A.GROUP + max(gs, key=lambda g: (self.tool_need(t, g), g == self.me))
        if purpose == SP_PERSON:
            return A.GROUP + min(gs, key=lambda g: (len(s.ppl[g]), g != self.me))
        if purpose == SP_DREAM:
            return A.GROUP + max(gs, key=lambda g: (s.awake[g], sum(abilities(s, 1 << g)), len(s.deck_b[g])))
        if purpose == SP_HEAL:
            return A.GROUP + min(gs, key=lambda g: min(self.left(g, p) for p, w in enumerate(s.wnd[g]) if w)
                                 if any(s.wnd[g]) else 99)
        return A.GROUP + gs[0]

    def host(self) -> int:
        s = self.s
        code = self.frame[2]
        cs = self.legal_in(A.CARD, len(s.inplay))
        if not cs:
            return A.DECLINE
        if code < 3:
            st = s.store[code]
            i = max(cs, key=lambda i: len(s.held[i]))
            if code == WOOD:
                on = len(s.held[i])
                if st >= 2 or (st >= 1 and on >= 2) or on >= 3:
                    return A.CARD + i
                return A.DECLINE
            return A.CARD + i if st >= 2 else A.DECLINE
        return A.DECLINE

    def craft(self) -> int:
        s = self.s
        if self.frame[2]:  # the recipe's tool window: close the deficit cheaply
            have = abilities(s, s.r_parts)
            deficit = [s.need[a] - s.bonus[a] - have[a] for a in range(3)]
            tools = self.c.tools
            best, bscore = None, None
            for t in self.legal_in(A.TOOL, self.T):
                g_ = sum(min(max(deficit[a], 0), tools[t].ability[a]) for a in range(3))
                score = g_ * 10 - (sum(tools[t].ability) - g_) - self.tool_value(t)
                if bscore is None or score > bscore:
                    best, bscore = t, score
            return A.TOOL + best if best is not None else A.DECLINE
        g = s.r_chooser if s.r_chooser >= 0 else self.me
        best, bv = None, 0.0
        for t in self.legal_in(A.TOOL, self.T):
            v = self.craft_tool_worth(t, g, s.r_parts)
            if v > bv:
                best, bv = t, v
        return A.TOOL + best if best is not None else A.DECLINE

    def idea_worth(self, x: int) -> float:
        card = self.cards[x]
        v = 0.0
        if card.idea_tool >= 0:
            t = card.idea_tool
            v += 0.8 + 0.3 * (self.s.stock[t] > 0)
        v += sum(1.0 for o in card.opts if o.area == A_ADD)
        v += sum(0.7 for o in card.opts if o.area == A_ALT)
        return v

    def ideaslot(self) -> int | None:
        s = self.s
        slots = self.legal_in(A.IDEA_SLOT, 5)
        if not slots:
            return None
        return A.IDEA_SLOT + min(slots, key=lambda i: self.idea_worth(s.bench[i]) if i < len(s.bench) else 99)

    def place(self) -> int | None:
        cs = self.legal_in(A.CARD, len(self.s.inplay))
        return A.CARD + cs[0] if cs else None

    def close(self) -> int:
        g = self.me
        best, bv = None, 0.8
        for i in self.legal_in(A.ADD, len(self.g.add_inst)):
            v = self.add_value(i, g)
            if v > bv:
                best, bv = i, v
        return A.ADD + best if best is not None else A.CONFIRM
