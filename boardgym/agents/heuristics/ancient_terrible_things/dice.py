"""Dice arithmetic of the ATT heuristic: the instances of a combination in a roll, the chance a pool
makes one, which dice to keep, and the plans that spend a roll best (encounter first, then
scenario lines), valued with Monte Carlo over the dice left to roll."""
from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np

from boardgym.games.ancient_terrible_things.constants import BLOCK, HIGH, MAX_DICE, PAIR


N_SAMPLES = 48          # Monte Carlo samples per candidate dice plan
_POW = [0] + [9 ** (v - 1) for v in range(1, 7)]  # counts code: sum counts[v] * 9^(v-1)
_POW_ARR = np.array(_POW, dtype=np.int64)


# ---------------------------------------------------------------------------------------------
# combinations over face counts (index 1..6 of a 7-list)
# ---------------------------------------------------------------------------------------------
def _instances(combo, counts):
    """Every distinct instance of ``combo`` among ``counts``, as a tuple of faces."""
    kind, lo, ln = combo
    out = []
    if kind == HIGH:
        faces = [v for v in range(max(lo, 1), 7) if counts[v]]
        for pick in combinations_with_replacement(faces, ln):
            if all(pick.count(v) <= counts[v] for v in set(pick)):
                out.append(pick)
    elif kind == PAIR:
        out = [(v, v) for v in range(max(lo, 1), 7) if counts[v] >= 2]
    elif kind == BLOCK:
        for v in range(max(lo, 1), 7):
            for k in range(ln, counts[v] + 1):
                out.append((v,) * k)
    else:  # RUN
        for a in range(max(lo, 1), 7):
            b = a
            while b <= 6 and counts[b]:
                if b - a + 1 >= ln:
                    out.append(tuple(range(a, b + 1)))
                b += 1
    return out


def _met(combo, counts) -> bool:
    kind, lo, ln = combo
    if kind == HIGH:
        return sum(counts[max(lo, 1):]) >= ln
    if kind == PAIR:
        return any(counts[v] >= 2 for v in range(max(lo, 1), 7))
    if kind == BLOCK:
        return any(counts[v] >= ln for v in range(max(lo, 1), 7))
    return any(all(counts[v] for v in range(a, a + ln)) for a in range(max(lo, 1), 8 - ln))


def _counts(faces):
    c = [0] * 7
    for f in faces:
        c[f] += 1
    return c


def _keep_for(combo, faces, limit):
    """The largest part of ``faces`` that belongs to one minimal instance of ``combo``."""
    kind, lo, ln = combo
    targets = []
    if kind == HIGH:
        targets = [None]
    elif kind == PAIR:
        targets = [(v, v) for v in range(lo, 7)]
    elif kind == BLOCK:
        targets = [(v,) * max(ln, faces.count(v)) for v in range(lo, 7)]
    else:
        targets = [tuple(range(a, a + ln)) for a in range(lo, 8 - ln)]
    best = []
    for t in targets:
        if t is None:
            keep = sorted((f for f in faces if f >= lo), reverse=True)[:ln]
        else:
            pool = list(faces)
            keep = []
            for v in t:
                if v in pool:
                    pool.remove(v)
                    keep.append(v)
        if len(keep) > len(best) or (len(keep) == len(best) and sum(keep) > sum(best)):
            best = keep
    return best[:limit]


# ---------------------------------------------------------------------------------------------
# the chance that a pool beats a combination (explore scoring): a simple simulated policy
# ---------------------------------------------------------------------------------------------
_PTABLE: dict = {}
_VCACHE: dict = {}  # dice values V per scoring context (a pure function: shared by instances)


def success_prob(combo, focus: int) -> float:
    """P(beat ``combo``) with 5 green dice, two white dice, a Hat and a McGuffin, ``focus``
    Focus: roll; up to twice, keep the best partial instance and reroll the rest by Hat
    (cost = kept dice) or McGuffin (cost = rerolled dice, once), whichever is cheaper."""
    focus = max(0, min(int(focus), 6))
    key = (tuple(combo), focus)
    if key not in _PTABLE:
        rng = np.random.default_rng(12345)
        n, wins = 300, 0
        for _ in range(n):
            faces = list(rng.integers(1, 7, 5))
            f, mcg = focus, True
            for _use in range(2):
                if _met(combo, _counts(faces)):
                    break
                keep = _keep_for(combo, faces, 5)
                k = len(keep)
                hat_cost, mcg_cost = max(k, 1), 5 - k
                if mcg and mcg_cost <= f and mcg_cost <= hat_cost:
                    f -= mcg_cost
                    mcg = False
                elif hat_cost <= f and k >= 1:
                    f -= hat_cost
                else:
                    keep = _keep_for(combo, faces, f)
                    if not keep:
                        break
                    f -= len(keep)
                faces = keep + list(rng.integers(1, 7, 5 - len(keep)))
            wins += _met(combo, _counts(faces))
        _PTABLE[key] = wins / n
    return _PTABLE[key]


class DicePlans:
    """The dice value ``V`` of a roll and its expectation over rerolls."""

    # -- the dice value V -------------------------------------------------------------------
    def _ctx(self, s, p):
        c = s.game.content
        tv = self._tv(s, p)
        e = s.enc_at[s.cur_loc] if s.cur_loc >= 0 else -1
        targets = []
        if e >= 0:
            targets.append((c.enc_combo[e], round(self._enc_value(s, p, e), 3), True))
        for combo, toks in s.game.lines:
            targets.append((combo, round(max(tv[k] for k in toks), 3), False))
        key = tuple(targets)
        cache = _VCACHE.get(key)
        if cache is None:
            if len(_VCACHE) > 2048:
                _VCACHE.clear()
            cache = _VCACHE[key] = {}
        return targets, cache

    def _solve(self, targets, counts, memo):
        """Best value of spending ``counts`` over ``targets`` (encounter once, lines repeatable)."""
        key = tuple(counts)
        if key in memo:
            return memo[key]
        best = self._solve_from(targets, list(counts), 0, {})
        memo[key] = best
        return best

    def _solve_from(self, targets, counts, t, memo):
        if t >= len(targets):
            return 0.0
        key = (tuple(counts), t)
        if key in memo:
            return memo[key]
        combo, val, once = targets[t]
        best = self._solve_from(targets, counts, t + 1, memo)
        for inst in _instances(combo, counts):
            for f in inst:
                counts[f] -= 1
            v = (val if once else val * len(inst)) + self._solve_from(targets, counts, t + 1 if once else t, memo)
            for f in inst:
                counts[f] += 1
            if v > best:
                best = v
        memo[key] = best
        return best

    def _plan_assign(self, targets, counts):
        """The argmax path of ``_solve_from``: [(target index, faces)]."""
        counts = list(counts)
        memo = {}
        path = []
        t = 0
        while t < len(targets):
            combo, val, once = targets[t]
            here = self._solve_from(targets, counts, t, memo)
            skip = self._solve_from(targets, counts, t + 1, memo)
            chosen = None
            if here > skip + 1e-9:
                for inst in _instances(combo, counts):
                    for f in inst:
                        counts[f] -= 1
                    v = (val if once else val * len(inst)) + self._solve_from(
                        targets, counts, t + 1 if once else t, memo)
                    for f in inst:
                        counts[f] += 1
                    if v >= here - 1e-9:
                        chosen = inst
                        break
            if chosen is None:
                t += 1
                continue
            for f in chosen:
                counts[f] -= 1
            path.append((t, chosen))
            if once:
                t += 1
        return path

    def _V(self, ctx, counts):
        targets, cache = ctx
        code = sum(counts[v] * _POW[v] for v in range(1, 7))
        v = cache.get(code)
        if v is None:
            v = cache[code] = self._solve_from(targets, list(counts), 0, {})
        return v

    def _V_code(self, ctx, code):
        targets, cache = ctx
        v = cache.get(code)
        if v is None:
            counts = [0] * 7
            x = int(code)
            for f in range(1, 7):
                counts[f] = x % 9
                x //= 9
            v = cache[code] = self._solve_from(targets, counts, 0, {})
        return v

    def _usable(self, s):
        return [d for d in range(MAX_DICE) if s.d_col[d] >= 0 and not s.d_used[d]]

    def _faces_table(self, s):
        return {col: np.array([f for f, pr in outs for _ in range(round(pr * 6))], dtype=np.int64)
                for col, outs in enumerate(s.game.die_outcomes)}

    def _expect(self, s, ctx, fixed_faces, reroll_cols, U):
        """E[V] when the dice in ``fixed_faces`` stay and dice of ``reroll_cols`` are rerolled."""
        base = sum(_POW[f] for f in fixed_faces)
        if not reroll_cols:
            return self._V_code(ctx, base)
        codes = np.full(U.shape[0], base, dtype=np.int64)
        ft = self._ftab
        for j, col in enumerate(reroll_cols):
            faces = ft[col]
            idx = (U[:, j] * len(faces)).astype(np.int64)
            codes += _POW_ARR[faces[idx]]
        uniq, cnt = np.unique(codes, return_counts=True)
        tot = 0.0
        for code, k in zip(uniq.tolist(), cnt.tolist()):
            tot += k * self._V_code(ctx, code)
        return tot / U.shape[0]
