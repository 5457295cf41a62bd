"""The ATT heuristic's encounter: pre-roll swaps and extra dice, each card use scored as the
expected dice value afterwards minus its costs, the action dice, effect selections, and the
resolution (the best assignment of the dice, white dice claimed, then pass)."""
from __future__ import annotations

from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.constants import (BLANK, E_ADD_DIE, E_BUMP, E_CONVERT, E_COPY,
                                                              E_FLIP, E_GAIN, E_LOCK, E_LOCK_REROLL,
                                                              E_REFRESH, E_REROLL, E_REROLL_ALL, E_SET_FACE,
                                                              E_SWAP, FEAT_TOKEN, FOCUS, GREEN, MAX_DICE,
                                                              PASSIVE, YELLOW)
from boardgym.games.ancient_terrible_things.kinds import (D_ENCOUNTER, D_PREROLL, D_RESOLVE,
                                                          ENCOUNTER_TARGET, SEL_COMBO)
from .dice import _counts


class EncounterDice:
    """One handler per decision kind of an encounter roll; each returns a legal action or None."""

    # -- encounter phase ------------------------------------------------------------------------
    def _white_cost(self, s, p, tv):
        """(cost, white index) of the cheapest free white die."""
        best = None
        for w in (0, 1):
            if not s.w_spent[w] and not s.w_claimed[w]:
                face = s.w_face[w]
                cost = (tv[face] if 0 <= face < BLANK else 0.0) + 0.05
                if best is None or cost < best[0]:
                    best = (cost, w)
        return best if best else (0.0, -1)

    def _card_cost(self, s, p, src, slot, tv):
        c = s.game.content
        if src == 0:
            card = c.feats[s.feats[p][slot]]
            return card.feat_cost * tv[FEAT_TOKEN] + 0.1, card
        card = c.swag[s.swag[p][slot]]
        cost = 0.0
        if card.cost_die:
            cost += self._white_cost(s, p, tv)[0]
        if card.cost_exhaust:
            left = self._turns_left(s)
            cost += min(0.6, 0.15 * left) * (1.0 if card.timing != PASSIVE else 0.0)
        return cost, card

    def _card_plans(self, s, p, m, phase_kind):
        """[(net gain, action, dice selection, value)] for every legal card activation."""
        tv = self._tv(s, p)
        ctx = self._ctx(s, p)
        usable = self._usable(s)
        faces = {d: s.d_face[d] for d in usable}
        cur = self._V(ctx, _counts(faces.values()))
        U = self.rng.random((self.samples, MAX_DICE))
        plans = []
        cands = [(0, i, A.FEAT + i) for i in range(len(s.feats[p])) if m[A.FEAT + i]]
        cands += [(1, j, A.SWAG + j) for j in range(len(s.swag[p])) if m[A.SWAG + j]]
        focus = s.tokens[4 * p + FOCUS]
        for src, slot, a in cands:
            cost, card = self._card_cost(s, p, src, slot, tv)
            effs = card.effects
            e0 = effs[0]
            k = e0[0]
            rest_gain = sum(tv[e[1]] * e[2] for e in effs[1:] if e[0] == E_GAIN)
            best = None
            if k in (E_GAIN, E_CONVERT):
                g = 0.0
                for e in effs:
                    if e[0] == E_GAIN:
                        g += tv[e[1]] * e[2]
                    elif e[0] == E_CONVERT:
                        g += (tv[e[2]] - tv[e[1]]) * min(e[3], s.tokens[4 * p + e[1]])
                best = (g, [], None)
            elif k == E_LOCK_REROLL:
                fe = e0[2]
                greens = [d for d in usable if not s.d_lock[d] and (e0[1] < 0 or s.d_col[d] == e0[1])]
                others = [d for d in usable if not s.d_lock[d] and d not in greens]
                locked = [d for d in usable if s.d_lock[d]]
                seen = set()
                for mask_ in range(1, 1 << len(greens)):
                    S = [greens[i] for i in range(len(greens)) if mask_ >> i & 1]
                    if fe * len(S) > focus:
                        continue
                    key = tuple(sorted(faces[d] for d in S))
                    if key in seen:
                        continue
                    seen.add(key)
                    R = [d for d in greens if d not in S] + others
                    ev = self._expect(s, ctx, [faces[d] for d in locked + S], [s.d_col[d] for d in R], U)
                    g = ev - cur - fe * len(S) * tv[FOCUS]
                    if best is None or g > best[0]:
                        best = (g, S, None)
            elif k == E_REROLL:
                n, filt, fe = e0[1], e0[2], e0[3]
                elig = [d for d in usable if not s.d_lock[d] and (filt < 0 or s.d_col[d] == filt)]
                seen = set()
                for mask_ in range(1, 1 << len(elig)):
                    R = [elig[i] for i in range(len(elig)) if mask_ >> i & 1]
                    if len(R) > n or fe * len(R) > focus:
                        continue
                    key = tuple(sorted((faces[d], s.d_col[d]) for d in R))
                    if key in seen:
                        continue
                    seen.add(key)
                    keep = [faces[d] for d in usable if d not in R]
                    ev = self._expect(s, ctx, keep, [s.d_col[d] for d in R], U)
                    g = ev - cur - fe * len(R) * tv[FOCUS]
                    if best is None or g > best[0]:
                        best = (g, R, None)
            elif k == E_REROLL_ALL:
                R = [d for d in usable if not s.d_lock[d]]
                keep = [faces[d] for d in usable if s.d_lock[d]]
                ev = self._expect(s, ctx, keep, [s.d_col[d] for d in R], U)
                best = (ev - cur, [], None)
            elif k in (E_SET_FACE, E_BUMP, E_FLIP):
                for d in usable:
                    if k == E_FLIP:
                        vals = [7 - faces[d]]
                    elif k == E_BUMP:
                        vals = [v for v in range(1, 7) if 1 <= abs(v - faces[d]) <= e0[1]]
                    else:
                        vals = [v for v in range(1, 7) if v != faces[d]]
                    for v in vals:
                        nf = [faces[x] if x != d else v for x in usable]
                        g = self._V(ctx, _counts(nf)) - cur
                        if best is None or g > best[0]:
                            best = (g, [d], v)
            elif k == E_COPY:
                for d1 in usable:
                    for d2 in usable:
                        if d1 != d2 and faces[d1] != faces[d2]:
                            nf = [faces[x] if x != d2 else faces[d1] for x in usable]
                            g = self._V(ctx, _counts(nf)) - cur
                            if best is None or g > best[0]:
                                best = (g, [d1, d2], None)
            elif k == E_LOCK:
                # a lock only matters before a Hat reroll: lock the best non-green die
                elig = [d for d in usable if not s.d_lock[d] and (e0[2] < 0 or s.d_col[d] == e0[2])]
                if elig:
                    elig.sort(key=lambda d: (s.d_col[d] != GREEN, faces[d]), reverse=True)
                    best = (0.02 if s.d_col[elig[0]] != GREEN else -0.05, elig[:1], None)
            elif k in (E_SWAP, E_ADD_DIE):
                best = (self._pool_gain(s, p, ctx, card), [], None)
            elif k == E_REFRESH:
                v, j = self._best_exhausted(s, p)
                best = ((v if j is not None else 0.0) * 0.8, [], None)
            if best is None:
                continue
            plans.append((best[0] + rest_gain - cost, a, best[1], best[2]))
        return plans, cur

    def _pool_gain(self, s, p, ctx, card):
        """Pre-roll: E[V] of one roll of the pool after ``card`` minus before (x1.5 for later rerolls)."""
        cols = [col for col in s.d_col if col >= 0]
        new = list(cols)
        supply = s.game.supply
        for e in card.effects:
            if e[0] == E_SWAP:
                for _ in range(e[2]):
                    if GREEN in new and new.count(e[1]) < supply[e[1]]:
                        new[len(new) - 1 - new[::-1].index(GREEN)] = e[1]
            elif e[0] == E_ADD_DIE:
                if len(new) < MAX_DICE and new.count(e[1]) < supply[e[1]]:
                    new.append(e[1])
        U = self.rng.random((2 * self.samples, MAX_DICE))
        before = self._expect(s, ctx, [], cols, U)
        after = self._expect(s, ctx, [], new, U)
        bonus = 0.3 * sum(1 for col in new if col == 3) - 0.3 * sum(1 for col in cols if col == 3)
        return 1.5 * (after - before) + bonus + sum(
            self._tv(s, p)[e[1]] * e[2] for e in card.effects if e[0] == E_GAIN)

    def _start_plan(self, s, p, plan):
        gain, a, sel, val = plan
        self._plan = ((s.turn, a), list(sel), val)
        return a

    def _preroll(self, s, f, m):
        p = f[1]
        plans, _ = self._card_plans(s, p, m, D_PREROLL)
        plans = [x for x in plans if x[0] > 0.05]
        if plans:
            best = max(plans, key=lambda x: x[0])
            return self._start_plan(s, p, best)
        return A.ROLL

    def _encounter(self, s, f, m):
        p = f[1]
        plans, cur = self._card_plans(s, p, m, D_ENCOUNTER)
        if m[A.LUCK]:
            ctx = self._ctx(s, p)
            from boardgym.games.ancient_terrible_things.encounter import luck_die

            d = luck_die(s)
            usable = self._usable(s)
            U = self.rng.random((self.samples, MAX_DICE))
            ev = self._expect(s, ctx, [s.d_face[x] for x in usable if x != d], [YELLOW], U)
            plans.append((ev - cur + 0.01, A.LUCK, [], None))
        plans = [x for x in plans if x[0] > 0.02]
        if plans:
            best = max(plans, key=lambda x: x[0])
            return self._start_plan(s, p, best)
        return A.TO_RESOLVE

    def _action_die(self, s, f, m):
        tv = self._tv(s, f[1])
        cost, w = self._white_cost(s, f[1], tv)
        return A.ACTION_DIE + w if w >= 0 and m[A.ACTION_DIE + w] else None

    def _select(self, s, f, m):
        p, purpose, target = f[1], f[2], f[3]
        if purpose == SEL_COMBO:
            plan = self._combo
            if plan is None or plan[0] != (s.turn, target) or not set(s.sel) <= set(plan[1]):
                dice = self._combo_dice(s, p, target)
                self._combo = plan = ((s.turn, target), dice)
            for d in plan[1]:
                if d not in s.sel and m[A.DIE + d]:
                    return A.DIE + d
            if m[A.CONFIRM]:
                self._combo = None
                return A.CONFIRM
            return A.PASS if m[A.PASS] else None
        # effect selection
        act = (s.turn, (A.FEAT if s.act[0] == 0 else A.SWAG) + s.act[1])
        plan = self._plan
        if plan is None or plan[0] != act or not set(s.sel) <= set(plan[1]):
            if m[A.CONFIRM]:
                return A.CONFIRM
            dice = [d for d in range(MAX_DICE) if m[A.DIE + d]]
            return A.DIE + max(dice, key=lambda d: s.d_face[d]) if dice else None
        for d in plan[1]:
            if d not in s.sel and m[A.DIE + d]:
                return A.DIE + d
        if m[A.CONFIRM]:
            return A.CONFIRM
        return None

    def _value(self, s, f, m):
        p, d = f[1], f[2]
        plan = self._plan
        if plan is not None and plan[2] is not None and m[A.VALUE + plan[2] - 1]:
            v = plan[2]
            self._plan = None
            return A.VALUE + v - 1
        ctx = self._ctx(s, p)
        usable = self._usable(s)
        scored = []
        for v in range(1, 7):
            if m[A.VALUE + v - 1]:
                nf = [s.d_face[x] if x != d else v for x in usable]
                scored.append((self._V(ctx, _counts(nf)), A.VALUE + v - 1))
        return self._pick(scored)

    # -- resolve phase --------------------------------------------------------------------------
    def _assignment(self, s, p):
        ctx = self._ctx(s, p)
        targets = ctx[0]
        usable = self._usable(s)
        counts = _counts(s.d_face[d] for d in usable)
        path = self._plan_assign(targets, counts)
        has_enc = bool(targets) and targets[0][2]
        out = []
        free = list(usable)
        free.sort(key=lambda d: (s.d_col[d] != 3,))  # blue dice first: +1 Feat when spent
        for t, faces in path:
            dice = []
            for fc in faces:
                for d in free:
                    if s.d_face[d] == fc and d not in dice:
                        dice.append(d)
                        break
            for d in dice:
                free.remove(d)
            target = ENCOUNTER_TARGET if (has_enc and t == 0) else t - (1 if has_enc else 0)
            out.append((target, dice))
        return out

    def _combo_dice(self, s, p, target):
        for t, dice in self._assignment(s, p):
            if t == target:
                return dice
        return []

    def _resolve(self, s, f, m):
        p = f[1]
        # rerolls / gains usable in Resolve, before anything is spent
        plans, _ = self._card_plans(s, p, m, D_RESOLVE)
        plans = [x for x in plans if x[0] > 0.02]
        if plans:
            return self._start_plan(s, p, max(plans, key=lambda x: x[0]))
        for t, dice in self._assignment(s, p):
            a = A.ENCOUNTER if t == ENCOUNTER_TARGET else A.LINE + t
            if dice and m[a]:
                self._combo = ((s.turn, t), dice)
                return a
        for w in (0, 1):
            if m[A.CLAIM + w]:
                return A.CLAIM + w
        return A.PASS
