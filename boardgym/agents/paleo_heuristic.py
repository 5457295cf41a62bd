"""A rule-based Paleo player (``opponents="heuristic"``; cooperative, so usually every seat).

The agent reads the engine state (``needs_state = True``) but only its public part: backs of
facedown cards, never their identities (``deck_c``/``fd_c``, the removed cards and the ``u``
pool flags are not read), and never another seat's commitment. It decides for
``state.current_player`` (set ``agent.seat`` to decide for another acting seat at the
simultaneous commit step, e.g. in the Parallel API).

Everything rests on one evaluation: the expected worth of resolving an option for a set of
participant groups. Rewards and costs are valued in "points" that depend on the state (food is
dear while the coming night is not covered, wood while the Eternal-Flame-like holder cards and
the missions need it, a wound costs little on a healthy person and a skull plus a person when it
kills, a skull costs more the closer the tribe is to five, a victory is worth a lot and the
fifth everything); requirements are met with the participants' abilities, the dice (all 6^k
faces enumerated) and the cheapest tools that close the gap; a failed check is worth the best
negative option.

* **Commit** - each of the top three backs is valued as the mean worth, for this group, of every
  card that can still hide behind that back (the day cards and dreams of this game with that
  back that are not faceup, in the cemetery or in play); the best is taken. The other two go
  back with the one we would least mind losing on top (a red back on top would cost a wound if a
  discard cost takes it). The group sleeps early when no card left in its deck is worth taking
  (typically only red backs remain) and no additional action (a mission) is waiting for it.
* **Owner window** - additional actions first when worth it (missions' victories, free food),
  then the best of: each option, IGNORE, HELP (worth the gain it brings to the helped card) and
  alternative actions. Heal and food tools when someone is about to die or the night is short.
* **Order** (lead) - helpers first, then cards that produce resources, then the rest, hazards
  last.
* **Tool window** - the cheapest tools that close the gap; DECLINE when success is not worth
  their price. **Talisman** - spent when the hazard's best outcome is clearly bad.
* **Wounds** - the event goes to the participant and person with most hearts left (a pelt
  prevents when the wound would kill or fill a person, or when pelts are plentiful); deaths and
  kills fall on the least useful person.
* **Rewards** - tools, people, dreams and heal points go where they help most; wood goes onto a
  holder card (the fire mission) while storage keeps a little; crafting makes the tool the
  group lacks (spears for strength, torches for awareness, axes for skill); a full workbench
  drops its least useful idea.
* **Night** - basket/heal tools when needed; each mission or moon card pays its cheapest cost,
  the skull only when nothing else is payable.

Every answer is checked against the legal mask; anything unexpected falls back to a sensible
legal action (counted in ``fallbacks``).
"""
from __future__ import annotations

from itertools import product

import numpy as np

from boardgym.agents.rule_agent import RuleAgent
from boardgym.games.paleo import actions as A
from boardgym.games.paleo.constants import (
    A_ADD, A_ALT, A_DAY, A_MOON, E_CRAFT, E_DISCARD, E_DREAM, E_HEAL, E_IDEA, E_KILL, E_LOSE_RES,
    E_LOSE_TOOL, E_PERSON, E_PLACE_SELF, E_RES, E_SECRET, E_SKULL, E_TOOL, E_VICTORY,
    E_WOUND, FOOD, K_ACTION, K_NEW, K_SECRET, MAX_SKULLS, MAX_VICTORIES, RED, TE_ABILITY, TE_FOOD,
    TE_HEAL, TE_NONE, TE_PREVENT, TE_TALISMAN, WOOD)
from boardgym.games.paleo.kinds import (
    D_CLOSE, D_COMMIT, D_CRAFT, D_HOST, D_HPERSON, D_IDEASLOT, D_KGROUP, D_KPERSON, D_NEG,
    D_NIGHTOPT, D_NTOOL, D_ORDER, D_OWNER, D_PLACE, D_PREVENT, D_SPLIT, D_TALISMAN, D_TOOLWIN,
    D_WGROUP, D_WPERSON, OW_HELP_ONLY, OW_SECRET, PH_MISSIONS, PH_MOON, SP_DREAM, SP_HEAL,
    SP_PERSON, SP_TOOL, SRC_NIGHT)
from boardgym.games.paleo.help import card_location, parts_of
from boardgym.games.paleo.resolve import option_ok
from boardgym.games.paleo.tools import abilities, craftable, held

VICTORY_POINTS = 14.0
PERSON_POINTS = 2.6
DREAM_POINTS = 2.2
IDEA_POINTS = 0.8
KEY_KINDS = frozenset({D_COMMIT, D_OWNER, D_TALISMAN, D_NIGHTOPT})
SECRET_POINTS = 1.6
WOUND_POINTS = 0.8


class PaleoHeuristicAgent(RuleAgent):
    """Rule-based Paleo strategy (see the module docstring)."""

    name = "paleo_heuristic"

    def __init__(self, seed: int | None = None, strict: bool = False):
        super().__init__(seed, strict)
        self.seat = None

    @staticmethod
    def key_decision(s) -> bool:
        """The strategic decisions (where a search on top of this agent pays): which card to
        take, what to do in an owner window, the talisman, the night options. Wounds, tools and
        rewards are left to the agent's own rules."""
        return bool(s.pend) and s.pend[-1][0] in KEY_KINDS

    # -- entry ------------------------------------------------------------------------------
    def decide(self, state, mask):
        return _Mind(state, self.seat, mask).decide()

    def fallback(self, mask) -> int:
        return _fallback(mask)


def _fallback(mask) -> int:
    for a in (A.CONFIRM, A.DECLINE):
        if mask[a]:
            return a
    legal = np.flatnonzero(mask)
    non_noop = [int(a) for a in legal if a != A.NOOP]
    return non_noop[0] if non_noop else int(legal[0])


class _Mind:
    """One decision: the state, the deciding seat and the state-dependent valuations."""

    def __init__(self, s, seat, mask):
        self.s = s
        self.g = s.game
        self.c = s.game.content
        self.cards = self.c.cards
        self.mask = mask
        self.frame = s.pend[-1]
        if seat is not None and self.frame[0] == D_COMMIT:
            self.me = seat
        else:
            self.me = self.frame[1]
        self.T = self.g.T
        self._night = None

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

    # =======================================================================================
    # decisions
    # =======================================================================================
    def decide(self) -> int | None:
        kind = self.frame[0]
        fn = {
            D_COMMIT: self.commit, D_TALISMAN: self.talisman, D_ORDER: self.order,
            D_OWNER: self.owner, D_NEG: self.negative, D_TOOLWIN: self.toolwin,
            D_WGROUP: self.wgroup, D_PREVENT: self.prevent, D_WPERSON: self.wperson,
            D_SPLIT: self.split, D_HPERSON: self.hperson, D_KPERSON: self.kperson,
            D_KGROUP: self.kgroup, D_HOST: self.host, D_CRAFT: self.craft,
            D_IDEASLOT: self.ideaslot, D_PLACE: self.place, D_CLOSE: self.close,
            D_NTOOL: self.ntool, D_NIGHTOPT: self.nightopt,
        }.get(kind)
        return fn() if fn else None

    def legal(self, a: int) -> bool:
        return 0 <= a < len(self.mask) and bool(self.mask[a])

    def legal_in(self, start: int, n: int) -> list[int]:
        return [k for k in range(n) if self.legal(start + k)]

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
