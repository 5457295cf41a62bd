"""The ATT heuristic's choices outside the dice: where to explore, the location and adventure
steps, achievements, the Chasm, buying swag, urgent revelations, refreshes, tokens, forgetting
secrets, and the interrupts (Reanimation, Monkey) taken before a roll."""
from __future__ import annotations

from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.achievements import claim_side, icons
from boardgym.games.ancient_terrible_things.constants import COURAGE, TREASURE
from boardgym.games.ancient_terrible_things.kinds import D_BUY, D_ENCOUNTER, D_PREROLL


class TurnChoices:
    """One handler per decision kind of the turn; each returns a legal action or None."""

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
