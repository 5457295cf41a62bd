"""The Paleo heuristic's day: which card to commit to, the talisman, the order of resolution, the
owner's window (an option, help, an added or alternative option, a tool), the failed check's
negative option and the tool window."""
from __future__ import annotations

import numpy as np

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.constants import A_DAY, E_RES, FOOD, K_ACTION, K_NEW, RED, TE_FOOD, TE_HEAL
from boardgym.games.paleo.kinds import OW_HELP_ONLY, OW_SECRET, SRC_NIGHT
from boardgym.games.paleo.help import card_location, parts_of
from boardgym.games.paleo.tools import abilities


class DayChoices:
    """One handler per decision kind of the day; each returns a legal action or None."""

    # -- commit (PALEO-DAY-1, DAY-5) -----------------------------------------------------------
    def commit(self) -> int:
        s, g = self.s, self.me
        deck = s.deck_b[g]
        memo: dict = {}
        vals = [self.back_value(b, g, memo) for b in deck[:3]]
        # sleep early when no card left in the deck is worth taking; stop at the first that is
        # (the top three are in the memo already, so most commits look at no other back)
        if (self.legal(A.SLEEP_EARLY) and deck and all(v < -0.15 for v in vals)
                and all(self.back_value(b, g, memo) < -0.15 for b in deck[3:])
                and not self._pending_adds(g)):
            return A.SLEEP_EARLY
        i = int(np.argmax(vals))
        swap = False
        others = [j for j in range(len(vals)) if j != i]
        if len(others) == 2:
            bk = self.c.back_keys

            def loss(j):
                return 1.2 if bk[deck[j]][0] == RED else max(0.0, vals[j]) * 0.5 + 0.3
            # the returned pair keeps its order unless swapping puts the cheaper loss on top
            swap = loss(others[1]) < loss(others[0])
        a = A.pick(i, swap)
        if not self.legal(a):
            a = A.pick(i, False)
        return a

    def _pending_adds(self, g: int) -> bool:
        """A worthwhile additional action this group could still use today (e.g. a mission)."""
        from boardgym.games.paleo.help import usable_adds

        for i in usable_adds(self.s, g):
            if self.add_value(i, g) > 3.0:
                return True
        return False

    # -- talisman (PALEO-HAZ-3) ------------------------------------------------------------------
    def talisman(self) -> int:
        s, g = self.s, self.me
        x = s.sec_card if self.frame[2] else s.rev[g]
        best = self.card_value(x, g, with_talisman=False)
        t = self._talisman(g)
        price = self.tool_value(t) if t >= 0 else 1.6
        return A.CONFIRM if best < -price * 0.8 else A.DECLINE

    # -- order (PALEO-DAY-3, D-8) ---------------------------------------------------------------
    def order(self) -> int | None:
        s = self.s
        cands = self.legal_in(A.RESOLVE_NEXT, s.n)
        if s.sec_card >= 0:
            owner = s.sec_owner
            base = self.card_value(s.sec_card, owner, parts=(1 << owner) | s.sec_help)
            for h in cands:
                if h == owner:
                    continue
                gain = self.card_value(s.sec_card, owner, parts=(1 << owner) | s.sec_help | (1 << h)) - base
                own = self.card_value(s.rev[h], h, parts=parts_of(s, h)) if s.rev[h] >= 0 else 0.0
                if gain > max(own, 0.0) + 0.5:
                    return A.RESOLVE_NEXT + h
            return A.RESOLVE_NEXT + owner if owner in cands else None
        best, bscore = None, None
        for g in cands:
            score = self.order_priority(g, cands)
            if bscore is None or score > bscore:
                best, bscore = g, score
        return A.RESOLVE_NEXT + best if best is not None else None

    def order_priority(self, g: int, cands) -> float:
        s = self.s
        x = s.rev[g]
        card = self.cards[x]
        plan, val = self.owner_plan(g, cands)
        if plan[0] == "help":
            return 10.0 + val
        if card.kind == K_NEW:
            return 5.0
        if card.hazard:
            return 1.0
        if plan[0] == "opt":
            o = card.opts[plan[1]]
            makes = any(e[0] == E_RES for e in o.reward)
            costs = any(o.cres) or bool(o.ctools)
            if makes and not costs:
                return 6.0
            if costs:
                return 2.0
        return 4.0

    # -- owner window ------------------------------------------------------------------------
    def add_value(self, i: int, g: int) -> float:
        x, k = self.g.add_inst[i]
        opt = self.cards[x].opts[k]
        host = card_location(self.s, x)[1]
        v = self.option_value(x, opt, 1 << g, g, host=host, check=False)
        return -1.0 if v is None else v

    def owner_plan(self, g: int, cands=None):
        """(plan, value) of group g's own revealed card with its current participants."""
        s = self.s
        x = s.rev[g]
        card = self.cards[x]
        parts = parts_of(s, g)
        best = ("ignore", 0.0) if card.kind == K_ACTION else (None, None)
        for o in card.opts:
            if o.area != A_DAY:
                continue
            v = self.option_value(x, o, parts, g)
            if v is not None and (best[1] is None or v > best[1]):
                best = (("opt", o.idx), v)
        if best[0] is None:
            best = (("neg",), -1.0)
        if not isinstance(best[0], tuple):
            best = ((best[0],), best[1])
        if card.kind == K_ACTION:
            for h in range(s.n):
                if h == g or not s.awake[h] or s.rstat[h] != 1 or s.rev[h] < 0:
                    continue
                if cands is not None and h not in cands:
                    continue
                gain = self.help_gain(g, h)
                if gain > best[1] + 0.3:
                    best = (("help", h), gain)
        return best

    def help_gain(self, g: int, h: int) -> float:
        s = self.s
        y = s.rev[h]
        if y < 0 or self.cards[y].kind == K_NEW or not self.cards[y].opts:
            return -1.0
        before = self.card_value(y, h, parts=parts_of(s, h))
        after = self.card_value(y, h, parts=parts_of(s, h) | (1 << g))
        return after - before

    def owner(self) -> int | None:
        s, g, mode = self.s, self.me, self.frame[2]
        if mode == OW_HELP_ONLY:
            return A.HELP + s.sec_owner
        if self.legal(A.CONFIRM):
            return A.CONFIRM
        x = s.sec_card if mode == OW_SECRET else s.rev[g]
        card = self.cards[x]
        parts = (1 << g) | (s.sec_help if mode == OW_SECRET else s.helpers[g])
        # additional actions first (missions, free food, ...)
        best_add, bav = None, 0.8
        for i in self.legal_in(A.ADD, len(self.g.add_inst)):
            v = self.add_value(i, g)
            if v > bav:
                best_add, bav = i, v
        if best_add is not None:
            return A.ADD + best_add
        # window tools: heal someone about to die, food when the night is short
        t = self.window_tool(g)
        if t is not None:
            return A.TOOL + t
        cands = []
        for k in self.legal_in(A.OPTION, 6):
            o = card.opts[k]
            v = self.option_value(x, o, parts, g, check=False)
            cands.append((v if v is not None else -50.0, A.OPTION + k))
        if self.legal(A.IGNORE):
            cands.append((0.0 if card.kind == K_ACTION or not card.hazard else -0.5, A.IGNORE))
        for h in self.legal_in(A.HELP, s.n):
            if s.rstat[h] == 1 and s.rev[h] >= 0:
                cands.append((self.help_gain(g, h) - 0.3, A.HELP + h))
        for i in self.legal_in(A.ALT, len(self.g.alt_inst)):
            y, k = self.g.alt_inst[i]
            host = card_location(s, y)[1]
            v = self.option_value(y, self.cards[y].opts[k], parts_of(s, g), g, host=host, check=False)
            if v is not None:
                cands.append((v, A.ALT + i))
        if not cands:
            return None
        cands.sort(key=lambda t: -t[0])
        return cands[0][1]

    def window_tool(self, g: int) -> int | None:
        s = self.s
        for t in self.legal_in(A.TOOL, self.T):
            e = self.c.tools[t].effect
            if e == TE_HEAL and any(w and self.left(g, p) <= 1 for p, w in enumerate(s.wnd[g])):
                return t
            if e == TE_FOOD and s.store[FOOD] + 0 < self.night_food_need() and s.sup[FOOD] > 0:
                if s.phase >= 0 and self._day_nearly_over():
                    return t
        return None

    def _day_nearly_over(self) -> bool:
        s = self.s
        return sum(len(d) for d in s.deck_b) <= 2 * s.n

    # -- failed check / tool window ---------------------------------------------------------------
    def negative(self) -> int | None:
        s = self.s
        best, bv = None, None
        for k in self.legal_in(A.OPTION, 6):
            o = self.cards[s.r_card].opts[k]
            v = self.rewards_value(o, s.r_parts, s.r_owner, s.r_chooser) - self.cost_value(o, s.r_parts, s.r_owner)
            if bv is None or v > bv:
                best, bv = k, v
        return A.OPTION + best if best is not None else None

    def toolwin(self) -> int:
        s = self.s
        if self.legal(A.CONFIRM):
            return A.CONFIRM
        opt = self.cards[s.r_card].opts[s.r_opt]
        have = abilities(s, s.r_parts)
        deficit = [s.need[a] - s.bonus[a] - have[a] for a in range(3)]
        pool = self.tool_pool(s.r_parts, opt)
        cost = self.cover(deficit, pool)
        if cost is None:
            return A.DECLINE
        night = s.r_src == SRC_NIGHT
        gain = self.rewards_value(opt, s.r_parts, s.r_owner, s.r_chooser) - self.cost_value(opt, s.r_parts, s.r_owner)
        fail = self.fail_value(s.r_card, s.r_parts, s.r_owner, s.r_chooser, night)
        if gain - cost < fail:
            return A.DECLINE
        tools = self.c.tools
        best, bscore = None, None
        for t in self.legal_in(A.TOOL, self.T):
            g_ = sum(min(max(deficit[a], 0), tools[t].ability[a]) for a in range(3))
            waste = sum(tools[t].ability) - g_
            score = g_ * 10 - waste - self.tool_value(t)
            if bscore is None or score > bscore:
                best, bscore = t, score
        return A.TOOL + best if best is not None else A.DECLINE
