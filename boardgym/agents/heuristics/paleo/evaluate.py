"""What things are worth to the Paleo heuristic: resources against the night's needs, tools,
skulls, victories, people, wounds, the options of a card (with the chance its check succeeds
and the tools it uses) and the cards that can lie behind a back."""
from __future__ import annotations

from itertools import product

from boardgym.games.paleo.constants import (A_ADD, A_ALT, A_DAY, A_MOON, E_CRAFT, E_DISCARD, E_DREAM, E_HEAL,
                                            E_IDEA, E_KILL, E_LOSE_RES, E_LOSE_TOOL, E_PERSON, E_PLACE_SELF,
                                            E_RES, E_SECRET, E_SKULL, E_TOOL, E_VICTORY, E_WOUND, FOOD,
                                            K_ACTION, K_NEW, K_SECRET, MAX_SKULLS, MAX_VICTORIES, RED,
                                            TE_ABILITY, TE_FOOD, TE_HEAL, TE_NONE, TE_PREVENT, TE_TALISMAN,
                                            WOOD)
from boardgym.games.paleo.kinds import PH_MISSIONS, PH_MOON
from boardgym.games.paleo.resolve import option_ok
from boardgym.games.paleo.tools import abilities, craftable, held


VICTORY_POINTS = 14.0
PERSON_POINTS = 2.6
DREAM_POINTS = 2.2
IDEA_POINTS = 0.8
SECRET_POINTS = 1.6
WOUND_POINTS = 0.8


class Values:
    """The scoring helpers every decision of the Paleo heuristic shares."""

    # =======================================================================================
    # valuations
    # =======================================================================================
    def night_food_need(self) -> int:
        """Food the coming night will eat: every person plus the moon cards' cheapest food."""
        if self._night is not None:
            return self._night
        s = self.s
        fed = s.phase in (PH_MISSIONS, PH_MOON)
        need = 0 if fed else sum(len(p) for p in s.ppl)
        wood = s.store[WOOD]
        for x in self._moon_cards():
            best = None
            for o in self.cards[x].opts:
                if o.area != A_MOON or o.neg:
                    continue
                if o.cres[WOOD] and o.cres[WOOD] <= wood and not o.cres[FOOD]:
                    best = 0
                    wood -= o.cres[WOOD]
                    break
                if not any(o.cres[1:]) and not o.ctools:
                    f = o.cres[FOOD]
                    best = f if best is None else min(best, f)
            need += best or 0
        self._night = need
        return need

    def _moon_cards(self):
        s = self.s
        out = [x for x in self.g.missions if x in s.inplay]
        for g in range(s.n):
            out += [x for x in s.ppl[g] if any(o.area == A_MOON for o in self.cards[x].opts)]
            out += [x for i, x in enumerate(s.inplay)
                    if s.inloc[i] == g and any(o.area == A_MOON for o in self.cards[x].opts)]
        return out

    def unit(self, r: int, k: int) -> float:
        """Worth of holding the (k+1)-th unit of resource r in storage."""
        if r == FOOD:
            need = self.night_food_need()
            if k < need:
                return 2.6
            if k < need + 5:
                return 1.0
            return 0.4
        if r == WOOD:
            want = 3 + self._wood_card_room()
            return 1.1 if k < want else 0.35
        want = 3
        return 1.0 if k < want else 0.3

    def _wood_card_room(self) -> int:
        s = self.s
        room = 0
        for i, x in enumerate(s.inplay):
            c = self.cards[x]
            if WOOD in c.accepts:
                room += c.hold_max - len(s.held[i])
        return room

    def res_delta(self, r: int, n: int) -> float:
        s = self.s
        have = s.store[r]
        if n > 0:
            n = min(n, s.sup[r])
            return sum(self.unit(r, have + i) for i in range(n))
        n = min(-n, have)
        return -sum(self.unit(r, have - 1 - i) for i in range(n))

    def tool_value(self, t: int, g: int | None = None) -> float:
        tool = self.c.tools[t]
        e = tool.effect
        if e == TE_ABILITY:
            v = 1.0 + 0.25 * sum(tool.ability)
            if g is not None and self.s.tools[g * self.T + t] == 0:
                v += 0.3
            return v
        if e == TE_PREVENT:
            return 1.0
        if e == TE_HEAL:
            return 0.9
        if e == TE_TALISMAN:
            return 1.6
        if e == TE_FOOD:
            return 0.9 * tool.n
        if e == TE_NONE:
            return 0.8
        return 0.5

    def skull_cost(self) -> float:
        k = self.s.skulls
        if k >= MAX_SKULLS - 1:
            return 100.0
        return 6.0 + 3.0 * k

    def victory_value(self) -> float:
        return 200.0 if self.s.victories >= MAX_VICTORIES - 1 else VICTORY_POINTS

    def person_worth(self, x: int) -> float:
        c = self.cards[x]
        v = 1.0 + c.value + 0.2 * c.hearts
        v += 0.8 * sum(1 for o in c.opts if o.area in (A_ADD, A_ALT))
        return v

    def left(self, g: int, p: int) -> int:
        return self.cards[self.s.ppl[g][p]].hearts - self.s.wnd[g][p]

    def wound_cost(self, n: int, parts: int) -> float:
        """Cost of one wound event of n against the participants (best group and person)."""
        if n <= 0:
            return 0.0
        s = self.s
        best = None
        pelts = sum(held(s, parts, t) for t in range(self.T) if self.c.tools[t].effect == TE_PREVENT)
        for g in range(s.n):
            if not parts >> g & 1:
                continue
            if not s.ppl[g]:
                cost = self.skull_cost()
            else:
                r = max(self.left(g, p) for p in range(len(s.ppl[g])))
                m = n
                used = 0
                while m > r and used < pelts:
                    m -= 1
                    used += 1
                if m > r:
                    worst = min(self.person_worth(x) for x in s.ppl[g])
                    cost = self.skull_cost() + worst
                else:
                    cost = WOUND_POINTS * m + 1.0 * used + (0.8 if r - m == 0 else 0.0)
            best = cost if best is None else min(best, cost)
        return best if best is not None else 0.0

    def heal_value(self, n: int, parts: int) -> float:
        s = self.s
        pts = []
        for g in range(s.n):
            if parts >> g & 1:
                for p, w in enumerate(s.wnd[g]):
                    for k in range(w):
                        pts.append(1.4 if self.left(g, p) + k <= 1 else 0.7)
        pts.sort(reverse=True)
        return sum(pts[:n])

    def discard_cost(self, owner: int, n: int) -> float:
        if owner < 0 or n <= 0:
            return 0.0
        bk = self.c.back_keys
        top = self.s.deck_b[owner][:n]
        red = sum(1 for b in top if bk[b][0] == RED)
        return 0.3 * (len(top) - red) + (self.wound_cost(red, 1 << owner) if red else 0.0)

    def craft_value(self, parts: int, g: int) -> float:
        ts = craftable(self.s, parts)
        if not ts:
            return 0.0
        return max(0.0, max(self.craft_tool_worth(t, g, parts) for t in ts))

    def craft_tool_worth(self, t: int, g: int, parts: int) -> float:
        """Worth of crafting t: its need less the recipe's resources and tokens, and less the
        attribute tools the participants would use to meet its requirement (PALEO-CRAFT-1)."""
        tool = self.c.tools[t]
        cost = sum(self.unit(r, max(0, self.s.store[r] - 1)) * tool.recipe_res[r] for r in range(3))
        cost += sum(self.tool_value(x) for x in tool.recipe_tools)
        if any(tool.recipe_req):
            have = abilities(self.s, parts)
            deficit = [tool.recipe_req[a] - have[a] for a in range(3)]
            used = self.cover(deficit, self.usable_tools(parts, tool.recipe_tools))
            if used is None:
                return float("-inf")
            cost += used
        return self.tool_need(t, g) - cost

    def tool_need(self, t: int, g: int) -> float:
        """A crafted tool's worth to group g: more if it lacks that ability and that tool."""
        s = self.s
        tool = self.c.tools[t]
        v = self.tool_value(t, g)
        if tool.effect == TE_ABILITY:
            have = abilities(s, 1 << g)
            for a in range(3):
                if tool.ability[a] and have[a] < 4:
                    v += 0.5 * (4 - have[a]) / 4 * tool.ability[a]
            if held(s, 1 << g, t) >= 2:
                v -= 0.8
        return v

    # -- option evaluation ------------------------------------------------------------------
    def rewards_value(self, opt, parts: int, owner: int, chooser: int) -> float:
        s = self.s
        v = 0.0
        wounds = 0
        g = owner if owner >= 0 else chooser
        for e in opt.reward:
            k = e[0]
            if k == E_RES:
                v += self.res_delta(e[1], e[2])
            elif k == E_LOSE_RES:
                v += self.res_delta(e[1], -e[2])
            elif k == E_TOOL:
                avail = s.gsup[e[1]] + s.stock[e[1]]
                v += min(e[2], avail) * self.tool_value(e[1], g)
            elif k == E_LOSE_TOOL:
                if held(s, parts, e[1]):
                    v -= self.tool_value(e[1])
            elif k == E_VICTORY:
                v += self.victory_value()
            elif k == E_SKULL:
                if e[1] > 0:
                    v -= self.skull_cost()
                elif s.skulls > 0:
                    v += 0.8 * self.skull_cost() if s.skulls < MAX_SKULLS - 1 else 12.0
            elif k == E_WOUND:
                wounds += e[1]
            elif k == E_HEAL:
                v += self.heal_value(e[1], parts)
            elif k == E_PERSON:
                if s.people_deck:
                    v += PERSON_POINTS * max(0.3, 1.0 - s.round / max(1, self.g.max_rounds))
            elif k == E_DREAM:
                if s.dream_deck:
                    v += DREAM_POINTS
            elif k == E_IDEA:
                if s.idea_deck:
                    v += IDEA_POINTS
            elif k == E_SECRET:
                x = self.c.secret_by_no.get(e[1], -1)
                if x in s.secrets:
                    v += SECRET_POINTS
            elif k == E_CRAFT:
                v += self.craft_value(parts, g if g >= 0 else 0)
            elif k == E_KILL:
                tgt = owner if owner >= 0 else chooser
                if s.ppl[tgt]:
                    v -= self.skull_cost() + min(self.person_worth(x) for x in s.ppl[tgt])
                else:
                    v -= self.skull_cost()
            elif k == E_DISCARD:
                v -= self.discard_cost(owner, e[1])
            elif k == E_PLACE_SELF:
                v += 1.0
        wounds -= opt.prevent
        if wounds > 0:
            v -= self.wound_cost(wounds, parts)
        return v

    def cost_value(self, opt, parts: int, owner: int) -> float:
        v = 0.0
        for r in range(3):
            if opt.cres[r]:
                v -= self.res_delta(r, -opt.cres[r])
        for t in opt.ctools:
            v += self.tool_value(t)
        if opt.discard:
            v += self.discard_cost(owner, opt.discard)
        if opt.from_card:
            v += 0.6 * opt.from_card
        return v

    def tool_pool(self, parts: int, opt) -> list[tuple[int, int]]:
        """(tool, count) of attribute tools the participants may use for this option."""
        return self.usable_tools(parts, opt.ctools)

    def usable_tools(self, parts: int, paid) -> list[tuple[int, int]]:
        """(tool, count) of attribute tools the participants hold beyond the ``paid`` tokens."""
        s = self.s
        out = []
        reserve = {}
        for t in paid:
            reserve[t] = reserve.get(t, 0) + 1
        for t in self.g.ability_tools:
            k = held(s, parts, t) - reserve.get(t, 0)
            if k > 0:
                out.append((t, k))
        return out

    def cover(self, deficit, pool) -> float | None:
        """Cheapest tool set closing ``deficit`` (greedy), as its worth; None if impossible."""
        d = list(deficit)
        if d[0] <= 0 and d[1] <= 0 and d[2] <= 0:
            return 0.0
        tools = self.c.tools
        avail = dict(pool)
        cost = 0.0
        while d[0] > 0 or d[1] > 0 or d[2] > 0:
            best, bscore = None, 0.0
            for t, k in avail.items():
                if k <= 0:
                    continue
                gain = sum(min(max(d[a], 0), tools[t].ability[a]) for a in range(3))
                if gain <= 0:
                    continue
                waste = sum(tools[t].ability) - gain
                score = gain * 10 - waste - self.tool_value(t)
                if best is None or score > bscore:
                    best, bscore = t, score
            if best is None:
                return None
            avail[best] -= 1
            cost += self.tool_value(best)
            for a in range(3):
                d[a] -= tools[best].ability[a]
        return cost

    def success(self, opt, parts: int) -> tuple[float, float]:
        """(probability of meeting the requirements, expected tool cost when met)."""
        have = abilities(self.s, parts)
        pool = self.tool_pool(parts, opt)
        faces = self.c.dice_faces
        ok = 0.0
        tcost = 0.0
        if opt.dice:
            outcomes = list(product(range(len(faces)), repeat=opt.dice))
        else:
            outcomes = [()]
        w = 1.0 / len(outcomes)
        for out in outcomes:
            need = list(opt.req)
            for f in out:
                ab, val = faces[f]
                need[ab] += val
            deficit = [need[a] - have[a] for a in range(3)]
            c = self.cover(deficit, pool)
            if c is not None:
                ok += w
                tcost += w * c
        return ok, (tcost / ok if ok else 0.0)

    def fail_value(self, card: int, parts: int, owner: int, chooser: int, night: bool) -> float:
        area = A_MOON if night else A_DAY
        negs = [o for o in self.cards[card].opts if o.neg and o.area == area]
        if not negs:
            return 0.0
        return max(self.rewards_value(o, parts, owner, chooser) - self.cost_value(o, parts, owner)
                   for o in negs)

    def option_value(self, card: int, opt, parts: int, owner: int, chooser: int | None = None,
                     host: int = -1, check: bool = True, night: bool = False) -> float | None:
        """Expected worth of choosing ``opt`` (None when it is not available)."""
        if chooser is None:
            chooser = owner
        if check and not option_ok(self.s, opt, parts, owner, host):
            return None
        gain = self.rewards_value(opt, parts, owner, chooser) - self.cost_value(opt, parts, owner)
        if opt.neg or not (opt.dice or any(opt.req)):
            return gain
        p, tcost = self.success(opt, parts)
        fail = self.fail_value(card, parts, owner, chooser, night)
        if p <= 0:
            return fail
        return p * (gain - tcost) + (1 - p) * fail

    def card_value(self, x: int, g: int, parts: int | None = None, with_talisman: bool = True) -> float:
        """Best worth of card x revealed by group g (its options, IGNORE, a talisman)."""
        if parts is None:
            parts = 1 << g
        card = self.cards[x]
        if card.kind == K_NEW:
            return 1.5
        best = None
        for o in card.opts:
            if o.area != A_DAY:
                continue
            v = self.option_value(x, o, parts, g)
            if v is not None and (best is None or v > best):
                best = v
        if card.kind == K_ACTION or (card.kind == K_SECRET and not card.hazard):
            best = 0.0 if best is None else max(best, 0.0)
        if best is None:
            best = 0.0
        if card.hazard and with_talisman and self._talisman(g) >= 0:
            best = max(best, -self.tool_value(self._talisman(g)))
        return best

    def _talisman(self, g: int) -> int:
        for t in range(self.T):
            if self.c.tools[t].effect == TE_TALISMAN and self.s.tools[g * self.T + t] > 0:
                return t
        return -1

    # -- hidden fronts: what can lie behind a back -------------------------------------------
    def pool(self, b: int) -> list[int]:
        s = self.s
        gone = set(s.fu) | set(s.cem) | set(s.inplay) | {x for x in s.rev if x >= 0}
        cache = getattr(self.g, "_heur_backs", None)
        if cache is None:
            cache = {}
            extra = list(self.c.sets.get("dream", []))
            for x in list(self.g.day_cards) + extra:
                cache.setdefault(self.cards[x].back, []).append(x)
            self.g._heur_backs = cache
        return [x for x in cache.get(b, []) if x not in gone]

    def back_value(self, b: int, g: int, memo: dict) -> float:
        if b in memo:
            return memo[b]
        xs = self.pool(b)
        if not xs:
            bt = self.c.back_keys[b][0]
            v = -2.0 if bt == RED else 0.5
        else:
            v = sum(self.card_value(x, g) for x in xs) / len(xs)
        memo[b] = v
        return v
