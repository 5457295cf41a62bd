"""A rule-based Ancient Terrible Things player (``opponents="heuristic"``).

The agent reads the engine state (``needs_state = True``; the ATT state holds nothing a seat
cannot see) and plays a fixed strategy:

* **Explore** - every location with an encounter is scored: tokens lying there, the Leader
  bonus for itself, its own Location bonus minus what the bonus gives the others, and the
  encounter's worth (secrets, an icon, the tentacle avoided) times the chance its pool can
  beat that combination with its Focus (a table of a simple Hat/McGuffin policy, simulated once).
* **Encounter** - a dice value ``V`` (best use of the usable dice: the encounter's combination,
  then scenario lines, each token at its current worth) drives everything. Each legal card use
  (the Hat's lock-and-reroll, the McGuffin and other rerolls, Luck, set/bump/flip/copy) is
  scored as expected ``V`` afterwards (Monte Carlo with common random numbers) minus its costs
  (Focus, feat tokens, the white die's face, exhausting); the best positive one is played,
  else the agent goes to Resolve. Pre-roll swaps and extra dice are scored the same way.
* **Resolve** - the best assignment (encounter first, then lines) is spent, white dice are
  claimed, free token cards are used, then PASS.
* **Elsewhere** - claims achievements when legal, takes the best Chasm encounter its Courage
  pays for, buys the best affordable swag, flips tentacles for free feats, uses the
  Reanimation/Monkey tiles when worthwhile, forgets the fewest secrets in solo.

Ties are broken with the agent's own seeded generator. Every answer is checked against the
legal mask; anything unexpected falls back to a sensible legal action.
"""
from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np

from boardgym.core.agent import Agent
from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.achievements import claim_side, icons
from boardgym.games.ancient_terrible_things.constants import (
    BLANK, BLOCK, COURAGE, E_ADD_DIE, E_BUMP, E_CONVERT, E_COPY, E_DISCOUNT, E_FLIP, E_GAIN,
    E_LOCK, E_LOCK_REROLL, E_REFRESH, E_REROLL, E_REROLL_ALL, E_SET_FACE, E_SWAP, FEAT_TOKEN,
    FOCUS, GREEN, HIGH, MAX_DICE, PAIR, PASSIVE, TREASURE, YELLOW)
from boardgym.games.ancient_terrible_things.kinds import (
    D_ACH, D_ACTION_DIE, D_ADV_PLACE, D_BUY, D_CHASM, D_CHATEAU_TOKEN, D_ENCOUNTER, D_EXPLORE,
    D_FORGET, D_GORG_ICON, D_GUNSLOOP, D_MONKEY_BUY, D_PREROLL, D_REANIMATE, D_REFRESH,
    D_RESOLVE, D_SELECT, D_SHRINE, D_TOKEN, D_TP_CYCLE, D_URGENT2, D_URGENT3, D_VALUE,
    D_VILLAGE_CYCLE, D_VILLAGE_SELL, D_VILLAGE_TOKENS, ENCOUNTER_TARGET, SEL_COMBO)

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


# ---------------------------------------------------------------------------------------------
# card values
# ---------------------------------------------------------------------------------------------
def effect_utility(e, tv) -> float:
    k = e[0]
    if k == E_ADD_DIE:
        return 1.0
    if k == E_SWAP:
        return 0.25 * e[2]
    if k == E_REROLL:
        return (0.25 if e[3] else 0.35) * min(e[1], 3)
    if k == E_REROLL_ALL:
        return 0.5
    if k == E_LOCK_REROLL:
        return 0.6
    if k == E_SET_FACE:
        return 1.0
    if k == E_BUMP:
        return 0.35 * e[1]
    if k == E_FLIP:
        return 0.45
    if k == E_COPY:
        return 0.7
    if k == E_LOCK:
        return 0.1 * e[1]
    if k == E_GAIN:
        return tv[e[1]] * e[2]
    if k == E_CONVERT:
        return max(0.0, (tv[e[2]] - tv[e[1]]) * e[3])
    if k == E_REFRESH:
        return 0.4 * e[1]
    if k == E_DISCOUNT:
        return 0.5 * e[1]
    return 0.0


def card_utility(card, tv) -> float:
    return sum(effect_utility(e, tv) for e in card.effects)


KEY_KINDS = frozenset({D_EXPLORE, D_CHASM, D_BUY, D_MONKEY_BUY, D_REANIMATE})


# ---------------------------------------------------------------------------------------------
# the agent
# ---------------------------------------------------------------------------------------------
class ATTHeuristicAgent(Agent):
    """Rule-based ATT player; see the module docstring for its strategy."""

    name = "att_heuristic"
    needs_state = True

    def __init__(self, seed: int | None = None, strict: bool = False, samples: int = N_SAMPLES):
        if samples < 1:
            raise ValueError(f"samples must be >= 1, got {samples}")
        self.rng = np.random.default_rng(seed)
        self.samples = samples  # Monte Carlo dice samples per plan (fewer = faster, e.g. in rollouts)
        self.strict = strict  # re-raise internal errors (tests) instead of falling back
        self._plan = None     # (key, dice, value) for an effect selection in progress
        self._combo = None    # (key, dice) for a combination selection in progress
        self._ftab = self._ftab_game = None
        self.fallbacks = 0

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self._plan = self._combo = None

    @staticmethod
    def key_decision(s) -> bool:
        """The strategic decisions (where a search on top of this agent pays): which location
        to explore, which Chasm encounter, which swag to buy, which card to reanimate. Dice
        and token steps are left to the agent's own Monte Carlo plans."""
        return bool(s.pend) and s.pend[-1][0] in KEY_KINDS

    # -- entry point -----------------------------------------------------------------------
    def act(self, observation, legal_mask, state=None) -> int:
        m = np.asarray(legal_mask).astype(bool).copy()
        legal = np.flatnonzero(m)
        assert len(legal) > 0, "no legal action"
        if len(legal) == 1:
            return int(legal[0])
        a = None
        if state is not None:
            try:
                a = self._decide(state, m)
            except Exception:
                if self.strict:
                    raise
                a = None
        if a is None or not (0 <= a < len(m)) or not m[a]:
            self.fallbacks += 1
            a = self._fallback(m)
        assert m[a], "the heuristic chose an illegal action"
        return int(a)

    def _fallback(self, m) -> int:
        """A sensible legal action when no plan applies: finish the step, else decline."""
        for a in (A.CONFIRM, A.ROLL, A.TO_RESOLVE, A.PASS):
            if m[a]:
                return a
        legal = np.flatnonzero(m)
        return int(legal[self.rng.integers(len(legal))])

    def _pick(self, scored):
        """argmax of ``[(value, action)]`` with random tie-breaks."""
        best = max(v for v, _ in scored)
        tops = [a for v, a in scored if v >= best - 1e-9]
        return int(tops[self.rng.integers(len(tops))]) if len(tops) > 1 else int(tops[0])

    # -- valuations -------------------------------------------------------------------------
    def _turns_left(self, s) -> float:
        encs = sum(s.deck) + sum(1 for e in s.enc_at if e >= 0)
        return encs / max(1, s.n)

    def _tv(self, s, p):
        """Worth of one Focus, Treasure, Feat, Courage token to ``p`` now (in secrets)."""
        left = self._turns_left(s)
        f = min(1.0, max(0.0, (left - 0.5) / 3.0))
        focus = s.tokens[4 * p + FOCUS]
        tv = [(0.45 if focus < 4 else 0.3) * f,
              0.4 * f,
              (0.3 if s.tokens[4 * p + FEAT_TOKEN] < 4 else 0.2) * f,
              max(1 / 3, 0.4 * f)]
        return tv

    def _enc_value(self, s, p, e) -> float:
        c = s.game.content
        v = c.enc_secrets[e] + 0.4 * len(c.enc_types[e])
        if s.doom:
            v += s.doom[-1] + 0.3
        else:  # failing ends the game now
            v += 0.0 if self._leading(s, p) else 6.0
        if s.n == 1:
            v += 2 * c.enc_secrets[e]
        return v

    def _leading(self, s, p) -> bool:
        from boardgym.games.ancient_terrible_things.scoring import rank_key

        k = rank_key(s, p)
        return all(k > rank_key(s, q) for q in range(s.n) if q != p)

    def _swag_value(self, s, p, w) -> float:
        c = s.game.content
        card = c.swag[w]
        tv = self._tv(s, p)
        left = self._turns_left(s)
        v = card.secrets + 0.35 * len(card.icons)
        for t in card.icons:
            if icons(s, p, t) + 1 >= 2:
                v += 0.5
        util = card_utility(card, tv)
        if card.timing != PASSIVE:
            uses = 1.0 + (0.5 * max(0.0, left - 1) if not card.cost_exhaust else 0.25 * max(0.0, left - 1))
            if card.cost_die:
                util *= 0.6
            util *= min(uses, 4.0)
        else:
            util *= min(max(0.0, left - 1) / 2.0, 2.0)
        if card.timing != PASSIVE and left < 1.5:
            util *= 0.3
        return v + util

    def _feat_value(self, s, p, f) -> float:
        card = s.game.content.feats[f]
        return card_utility(card, self._tv(s, p)) - 0.15 * card.feat_cost

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

    # -- decisions -------------------------------------------------------------------------
    def _decide(self, s, m):
        f = s.pend[-1]
        kind, p = f[0], f[1]
        if self._ftab_game is not s.game:
            self._ftab, self._ftab_game = self._faces_table(s), s.game
        if p == s.active and not s.sel:
            a = self._interrupt(s, p, m, kind)
            if a is not None:
                return a
        handler = {
            D_EXPLORE: self._explore, D_CHATEAU_TOKEN: self._chateau, D_TP_CYCLE: self._tp_cycle,
            D_VILLAGE_SELL: self._village_sell, D_VILLAGE_TOKENS: self._village_tokens,
            D_GUNSLOOP: self._gunsloop, D_GORG_ICON: self._gorg_icon, D_SHRINE: self._shrine,
            D_ACH: self._ach, D_CHASM: self._chasm, D_BUY: self._buy, D_VILLAGE_CYCLE: self._village_cycle,
            D_PREROLL: self._preroll, D_ENCOUNTER: self._encounter, D_RESOLVE: self._resolve,
            D_ACTION_DIE: self._action_die, D_SELECT: self._select, D_VALUE: self._value,
            D_TOKEN: self._token, D_REFRESH: self._refresh, D_URGENT2: self._urgent2,
            D_URGENT3: self._refresh_one, D_REANIMATE: self._refresh_one, D_MONKEY_BUY: self._buy,
            D_ADV_PLACE: self._adv_place, D_FORGET: self._forget,
        }.get(kind)
        return None if handler is None else handler(s, f, m)

    # interrupts: urgent revelations, Reanimation, Monkey (ATT-D-12)
    def _interrupt(self, s, p, m, kind):
        if kind in (D_PREROLL, D_ENCOUNTER):
            for v in range(4):  # flipping is free: a feat (and refreshes) for nothing
                if m[A.URGENT + v]:
                    return A.URGENT + v
            if m[A.REANIMATE] and self._best_exhausted(s, p)[0] >= 0.5:
                return A.REANIMATE
        if m[A.MONKEY]:
            best = self._best_buy(s, p, m, monkey=True)
            if best is not None and best[0] > 0.3:
                return A.MONKEY
        return None

    def _best_exhausted(self, s, p):
        best = (-1.0, None)
        for j, e in enumerate(s.exh[p]):
            if e:
                v = self._swag_value(s, p, s.swag[p][j]) - s.game.content.swag[s.swag[p][j]].secrets
                if v > best[0]:
                    best = (v, j)
        return best

    # explore
    def _loc_value(self, s, p, loc):
        c = s.game.content
        tv = self._tv(s, p)
        e = s.enc_at[loc]
        toks = s.loc_tokens[4 * loc:4 * loc + 4]
        v = sum(tv[k] * toks[k] for k in range(4))
        tile = s.game.tiles[loc]
        lk, bk = tile["leader"]["kind"], tile["bonus"]
        focus = s.tokens[4 * p + FOCUS] + toks[FOCUS]
        courage_gain = 0
        # leader bonus
        if lk == "claim_reanimation":
            v += 0.3 + 0.3 * any(s.exh[p]) if not (s.rean_holder == p and s.rean_active) else 0.05
        elif lk == "declare_token":
            v += 0.1
        elif lk == "gain_courage":
            v += tv[COURAGE]
            courage_gain = 1
        elif lk == "discard_feats":
            v += 0.1
        elif lk in ("claim_monkey_cycle_row", "claim_monkey_sell_swag"):
            v += 0.3 if not (s.monkey_holder == p and s.monkey_active) else 0.0
        elif lk == "claim_monkey_gain_treasure":
            v += 0.3 + tv[TREASURE]
        elif lk == "gain_feat_token":
            v += tv[FEAT_TOKEN]
        elif lk == "gorg_icon":
            v += 0.3
        # location bonus: own gain minus what the others gain
        own = self._bonus_value(s, p, bk, loc, p, courage_gain)
        others = [self._bonus_value(s, q, bk, loc, p, 0) for q in range(s.n) if q != p]
        v += own - (0.6 * max(others) + 0.2 * sum(others) if others else 0.0)
        # the encounter
        extra = s.tokens[4 * p + FEAT_TOKEN] * 0.03 + 0.04 * len(s.feats[p])
        ps = min(1.0, success_prob(c.enc_combo[e], focus) + extra)
        win = self._enc_value(s, p, e)
        v += ps * win
        if not s.doom:
            v -= (1 - ps) * (0.0 if self._leading(s, p) else 6.0)
        elif s.n == 1:
            v -= (1 - ps) * 0.0
        return v

    def _bonus_value(self, s, q, bonus, loc, active, courage_gain):
        c = s.game.content
        kind = bonus["kind"]
        tv = self._tv(s, q)
        if kind == "refresh_swag":
            vals = sorted((self._swag_value(s, q, s.swag[q][j]) - c.swag[s.swag[q][j]].secrets
                           for j, e in enumerate(s.exh[q]) if e), reverse=True)
            return 0.6 * sum(vals[:bonus["n"]])
        if kind == "declared_token_then_achievement":
            v = max(tv[:3])
            best = 0.0
            for t in range(4):
                side = claim_side(s, q, t, False)
                if side >= 0:
                    gain = c.ach_secrets[t][side] - (c.ach_secrets[t][s.ach_side[t]] if s.ach_holder[t] == q else 0)
                    best = max(best, gain)
            return v + best
        if kind == "achievement_gorg":
            return 0.5
        if kind == "chasm_take":
            courage = s.tokens[4 * q + COURAGE] + courage_gain
            best = 0.0
            for l2 in range(5):
                e = s.enc_at[l2]
                if e >= 0 and c.enc_secrets[e] <= courage:
                    best = max(best, c.enc_secrets[e] + 0.4 - c.enc_secrets[e] * tv[COURAGE])
            return best
        if kind == "draw_feats_to":
            return 0.35 * max(0, bonus["n"] - len(s.feats[q]))
        if kind == "redraw_feats":
            return 0.1
        if kind in ("buy", "cycle_then_buy"):
            best = 0.0
            treasure = s.tokens[4 * q + TREASURE]
            from boardgym.games.ancient_terrible_things.trade import price
            cands = [w for w in s.row if w >= 0]
            if kind == "buy" and bonus.get("from_old_stock") and s.old_stock:
                cands.append(s.old_stock[-1])
            for w in cands:
                pr = price(s, q, w, bonus.get("discount", 0))
                if pr <= treasure:
                    best = max(best, self._swag_value(s, q, w) - pr * tv[TREASURE])
            return best
        return 0.0

    def _explore(self, s, f, m):
        p = f[1]
        scored = [(self._loc_value(s, p, loc), A.LOC + loc) for loc in range(5) if m[A.LOC + loc]]
        return self._pick(scored) if scored else None

    def _adv_place(self, s, f, m):
        p = f[1]
        scored = []
        for loc in range(5):
            if m[A.LOC + loc]:
                v = self._loc_value(s, p, loc) if s.enc_at[loc] >= 0 else -100.0
                scored.append((-v, A.LOC + loc))
        return self._pick(scored)

    # leader / location bonus decisions
    def _chateau(self, s, f, m):
        tv = self._tv(s, f[1])
        return self._pick([(tv[k], A.TOKEN + k) for k in range(3) if m[A.TOKEN + k]])

    def _tp_cycle(self, s, f, m):
        p = f[1]
        scored = []
        for k in range(3):
            if m[A.CYCLE + k]:
                w = s.row[k]
                mine = self._swag_value(s, p, w)
                theirs = max((self._swag_value(s, q, w) for q in range(s.n) if q != p), default=0.0)
                scored.append((theirs - 1.5 * mine, A.CYCLE + k))
        return self._pick(scored)

    def _village_cycle(self, s, f, m):
        return A.PASS

    def _village_sell(self, s, f, m):
        return A.PASS

    def _village_tokens(self, s, f, m):
        tv = self._tv(s, f[1])
        return self._pick([(tv[k], A.TOKEN + k) for k in range(4)])

    def _gunsloop(self, s, f, m):
        p = f[1]
        for i in range(len(s.feats[p])):
            if m[A.FEAT + i] and self._feat_value(s, p, s.feats[p][i]) < 0.3:
                return A.FEAT + i
        return A.CONFIRM

    def _gorg_icon(self, s, f, m):
        p = f[1]
        return self._pick([(icons(s, p, t) - 0.1 * t, A.ICON + t) for t in range(4)])

    def _shrine(self, s, f, m):
        v, j = self._best_exhausted(s, f[1])
        if j is not None and m[A.SWAG + j] and v > 0:
            return A.SWAG + j
        return A.CONFIRM

    def _ach(self, s, f, m):
        c = s.game.content
        p = f[1]
        scored = []
        for t in range(4):
            if m[A.ICON + t]:
                side = claim_side(s, p, t, bool(f[2]))
                old = c.ach_secrets[t][s.ach_side[t]] if s.ach_holder[t] == p else 0
                scored.append((c.ach_secrets[t][side] - old, A.ICON + t))
        return self._pick(scored) if scored else A.PASS

    def _chasm(self, s, f, m):
        c = s.game.content
        p = f[1]
        tv = self._tv(s, p)
        scored = [(0.0, A.PASS)]
        for loc in range(5):
            if m[A.LOC + loc]:
                e = s.enc_at[loc]
                v = c.enc_secrets[e] + 0.4 * len(c.enc_types[e]) - c.enc_secrets[e] * tv[COURAGE] - 0.2
                if loc == s.cur_loc and s.active != p:
                    v += 0.5 * c.enc_secrets[e]  # deny the active player the encounter
                if loc == s.cur_loc and s.active == p:
                    v += 0.3  # a sure win, and a refill to face
                scored.append((v, A.LOC + loc))
        return self._pick(scored)

    def _best_buy(self, s, p, m, monkey=False):
        from boardgym.games.ancient_terrible_things.trade import buyable, price

        f = s.pend[-1]
        tv = self._tv(s, p)
        best = None
        for k in range(4):
            if monkey:
                ok = k < 3 and buyable(s, p, k, False, 0)
                disc = 0
            else:
                ok = bool(m[A.BUY + k])
                disc = f[3] if f[0] == D_BUY else 0
            if not ok:
                continue
            w = s.old_stock[-1] if k == 3 else s.row[k]
            v = self._swag_value(s, p, w) - price(s, p, w, disc) * tv[TREASURE]
            if best is None or v > best[0]:
                best = (v, A.BUY + k)
        return best

    def _buy(self, s, f, m):
        best = self._best_buy(s, f[1], m)
        if best is not None and (best[0] > 0.0 or not m[A.PASS]):
            return best[1]
        return A.PASS if m[A.PASS] else (best[1] if best else None)

    def _refresh(self, s, f, m):
        v, j = self._best_exhausted(s, f[1])
        if j is not None and m[A.SWAG + j]:
            return A.SWAG + j
        return A.CONFIRM

    def _refresh_one(self, s, f, m):
        v, j = self._best_exhausted(s, f[1])
        return A.SWAG + j if j is not None else None

    def _urgent2(self, s, f, m):
        v, j = self._best_exhausted(s, f[1])
        if j is not None and m[A.SWAG + j] and (v >= 0.6 or not m[A.CONFIRM]):
            return A.SWAG + j
        return A.CONFIRM if m[A.CONFIRM] else None

    def _forget(self, s, f, m):
        from boardgym.games.ancient_terrible_things import solo

        if m[A.CONFIRM]:
            return A.CONFIRM
        items = solo._items(s)
        picked = set(s.sel)
        have = sum(v for code, v in items if code in picked)
        need = f[2] - have
        rest = [(code, v) for code, v in items if code not in picked]
        # subset-sum DP: the smallest total >= need; prefer stacked encounters (icons matter less)
        best = {0: []}
        for code, v in rest:
            for tot, lst in list(best.items()):
                nt = tot + v
                if nt not in best:
                    best[nt] = lst + [(code, v)]
        ok = sorted(t for t in best if t >= need)
        choice = best[ok[0]] if ok else rest
        for code, _ in sorted(choice, key=lambda x: -x[1]):
            kind, k = code - code % 100, code % 100
            base = {solo.STACK_PICK: A.STACK, solo.ACH_PICK: A.ICON, solo.SWAG_PICK: A.SWAG}[kind]
            if m[base + k]:
                return base + k
        return None

    def _token(self, s, f, m):
        tv = self._tv(s, f[1])
        return self._pick([(tv[k], A.TOKEN + k) for k in range(4) if m[A.TOKEN + k]])

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
