"""What things are worth to the ATT heuristic: tokens, effects, cards, encounters, swag, feats,
locations and their bonuses, at the current point of the game."""
from __future__ import annotations

from boardgym.games.ancient_terrible_things.achievements import claim_side, icons
from boardgym.games.ancient_terrible_things.constants import (COURAGE, E_ADD_DIE, E_BUMP, E_CONVERT, E_COPY,
                                                              E_DISCOUNT, E_FLIP, E_GAIN, E_LOCK,
                                                              E_LOCK_REROLL, E_REFRESH, E_REROLL,
                                                              E_REROLL_ALL, E_SET_FACE, E_SWAP, FEAT_TOKEN,
                                                              FOCUS, PASSIVE, TREASURE)
from .dice import success_prob


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


class Values:
    """The worth of tokens, encounters, swag, feats and locations for a seat."""

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
