"""Explore: the chosen location, its Leader bonus and every player's Location bonus
(ATT-EXPLORE-1..3, ATT-LOC-A..J, ATT-D-10/13/14)."""
from __future__ import annotations

from . import actions as A
from .achievements import claim, claim_side
from .cards import draw_feat, refill_encounter
from .constants import COURAGE, FEAT_TOKEN, TREASURE, TYPE_TOKEN
from .kinds import (D_ACH, D_BUY, D_CHASM, D_CHATEAU_TOKEN, D_EXPLORE, D_GORG_ICON, D_GUNSLOOP,
                    D_SHRINE, D_TP_CYCLE, D_VILLAGE_CYCLE, D_VILLAGE_SELL, D_VILLAGE_TOKENS,
                    D_ADV_PLACE)
from .trade import buy, buyable, cycle, remove_swag


def _tile(s):
    return s.game.tiles[s.cur_loc]


def _claim_monkey(s):
    s.monkey_holder = s.active
    s.monkey_active = 1


def leader(s) -> None:
    kind = _tile(s)["leader"]["kind"]
    p = s.active
    if kind == "claim_reanimation":
        s.rean_holder, s.rean_active = p, 1
    elif kind == "declare_token":
        s.pend.append((D_CHATEAU_TOKEN, p, 0, 0))
    elif kind == "gain_courage":
        s.tokens[4 * p + COURAGE] += 1
    elif kind == "discard_feats":
        s.sel = []
        s.pend.append((D_GUNSLOOP, p, 0, 0))
    elif kind == "claim_monkey_cycle_row":
        _claim_monkey(s)
        if any(w >= 0 for w in s.row):
            s.pend.append((D_TP_CYCLE, p, 0, 0))
    elif kind == "gorg_icon":
        s.pend.append((D_GORG_ICON, p, 0, 0))
    elif kind == "claim_monkey_sell_swag":
        _claim_monkey(s)
        s.pend.append((D_VILLAGE_SELL, p, 0, 0))
    elif kind == "gain_feat_token":
        s.tokens[4 * p + FEAT_TOKEN] += 1
    elif kind == "claim_monkey_gain_treasure":
        _claim_monkey(s)
        s.tokens[4 * p + TREASURE] += 1
    else:  # pragma: no cover - the schema admits only the kinds above
        raise ValueError(kind)


def location_bonus(s, p: int) -> None:
    bonus = _tile(s)["bonus"]
    kind = bonus["kind"]
    if kind == "refresh_swag":
        s.sel = []
        s.pend.append((D_SHRINE, p, bonus["n"], 0))
    elif kind == "declared_token_then_achievement":
        s.tokens[4 * p + s.declared] += 1
        s.pend.append((D_ACH, p, 0, 0))
    elif kind == "achievement_gorg":
        s.pend.append((D_ACH, p, 1, 0))
    elif kind == "chasm_take":
        s.pend.append((D_CHASM, p, 0, 0))
    elif kind == "draw_feats_to":
        for _ in range(bonus["n"] - len(s.feats[p])):
            draw_feat(s, p)
    elif kind == "redraw_feats":  # Rapids: mandatory, no decision step
        s.feat_discard.extend(s.feats[p])
        s.feats[p] = []
        for _ in range(bonus["n"]):
            draw_feat(s, p)
    elif kind == "buy":
        s.pend.append((D_BUY, p, int(bonus["from_old_stock"]), bonus["discount"]))
    elif kind == "cycle_then_buy":
        s.pend.append((D_BUY, p, 0, 0))
        s.pend.append((D_VILLAGE_CYCLE, p, 0, 0))
    else:  # pragma: no cover
        raise ValueError(kind)


# -- decision handlers: mask(s, frame, m) and apply(s, frame, a) ----------------------------------
def explore_mask(s, f, m):
    for loc in range(5):
        if s.enc_at[loc] >= 0 and loc != s.adv:
            m[A.LOC + loc] = True


def explore_apply(s, f, a):
    loc = a - A.LOC
    s.pend.pop()
    s.cur_loc = loc
    p = s.active
    for k in range(4):  # ATT-EXPLORE-1: take every token there
        s.tokens[4 * p + k] += s.loc_tokens[4 * loc + k]
        s.loc_tokens[4 * loc + k] = 0


def chateau_mask(s, f, m):
    m[A.TOKEN:A.TOKEN + 3] = True  # Focus, Treasure or Feat; never Courage


def chateau_apply(s, f, a):
    s.pend.pop()
    s.declared = a - A.TOKEN


def tp_cycle_mask(s, f, m):
    for k in range(3):
        if s.row[k] >= 0:
            m[A.CYCLE + k] = True


def tp_cycle_apply(s, f, a):
    s.pend.pop()
    cycle(s, a - A.CYCLE)


def village_sell_mask(s, f, m):
    hats = s.game.content.hats
    for j, w in enumerate(s.swag[f[1]]):
        if w not in hats:
            m[A.SWAG + j] = True
    m[A.PASS] = True


def village_sell_apply(s, f, a):
    s.pend.pop()
    if a == A.PASS:
        return
    p = f[1]
    w = remove_swag(s, p, a - A.SWAG)
    s.old_stock.append(w)
    n = (s.game.content.swag[w].price + 1) // 2
    if n:
        s.pend.append((D_VILLAGE_TOKENS, p, n, 0))


def village_tokens_mask(s, f, m):
    m[A.TOKEN:A.TOKEN + 4] = True


def village_tokens_apply(s, f, a):
    s.pend.pop()
    s.tokens[4 * f[1] + a - A.TOKEN] += 1
    if f[2] > 1:
        s.pend.append((D_VILLAGE_TOKENS, f[1], f[2] - 1, 0))


def gunsloop_mask(s, f, m):
    for i in range(len(s.feats[f[1]])):
        if i not in s.sel:
            m[A.FEAT + i] = True
    m[A.CONFIRM] = True


def gunsloop_apply(s, f, a):
    if a != A.CONFIRM:
        s.sel.append(a - A.FEAT)
        return
    s.pend.pop()
    hand = s.feats[f[1]]
    for i in sorted(s.sel, reverse=True):
        s.feat_discard.append(hand.pop(i))
    s.sel = []


def gorg_icon_mask(s, f, m):
    m[A.ICON:A.ICON + 4] = True


def gorg_icon_apply(s, f, a):
    s.pend.pop()
    t = a - A.ICON
    s.gorg_icon = t
    for p in range(s.n):
        if p != s.active:
            s.tokens[4 * p + TYPE_TOKEN[t]] += 1


def shrine_mask(s, f, m):
    p = f[1]
    if len(s.sel) < f[2]:
        for j, e in enumerate(s.exh[p]):
            if e and j not in s.sel:
                m[A.SWAG + j] = True
    m[A.CONFIRM] = True


def shrine_apply(s, f, a):
    if a != A.CONFIRM:
        s.sel.append(a - A.SWAG)
        return
    s.pend.pop()
    for j in s.sel:
        s.exh[f[1]][j] = 0
    s.sel = []


def ach_mask(s, f, m):
    for t in range(4):
        if claim_side(s, f[1], t, bool(f[2])) >= 0:
            m[A.ICON + t] = True
    m[A.PASS] = True


def ach_apply(s, f, a):
    s.pend.pop()
    if a != A.PASS:
        claim(s, f[1], a - A.ICON, bool(f[2]))


def chasm_mask(s, f, m):
    courage = s.tokens[4 * f[1] + COURAGE]
    secrets = s.game.content.enc_secrets
    for loc in range(5):
        e = s.enc_at[loc]
        if e >= 0 and secrets[e] <= courage:
            m[A.LOC + loc] = True
    m[A.PASS] = True


def chasm_apply(s, f, a):
    s.pend.pop()
    if a == A.PASS:
        return
    p, loc = f[1], a - A.LOC
    e = s.enc_at[loc]
    s.tokens[4 * p + COURAGE] -= s.game.content.enc_secrets[e]
    s.stack[p].append(e)
    s.enc_at[loc] = -1
    refill_encounter(s, loc)


def buy_mask(s, f, m):
    p, old_ok, disc = f[1], bool(f[2]), f[3]
    for src in range(4):
        if buyable(s, p, src, old_ok, disc):
            m[A.BUY + src] = True
    m[A.PASS] = True


def buy_apply(s, f, a):
    s.pend.pop()
    if a != A.PASS:
        buy(s, f[1], a - A.BUY, f[3])


def village_cycle_mask(s, f, m):
    tp_cycle_mask(s, f, m)
    m[A.PASS] = True


def village_cycle_apply(s, f, a):
    s.pend.pop()
    if a != A.PASS:
        cycle(s, a - A.CYCLE)


def adv_place_mask(s, f, m):
    m[A.LOC:A.LOC + 5] = True


def adv_place_apply(s, f, a):
    s.pend.pop()
    s.adv = a - A.LOC


HANDLERS = {
    D_EXPLORE: (explore_mask, explore_apply),
    D_CHATEAU_TOKEN: (chateau_mask, chateau_apply),
    D_TP_CYCLE: (tp_cycle_mask, tp_cycle_apply),
    D_VILLAGE_SELL: (village_sell_mask, village_sell_apply),
    D_VILLAGE_TOKENS: (village_tokens_mask, village_tokens_apply),
    D_GUNSLOOP: (gunsloop_mask, gunsloop_apply),
    D_GORG_ICON: (gorg_icon_mask, gorg_icon_apply),
    D_SHRINE: (shrine_mask, shrine_apply),
    D_ACH: (ach_mask, ach_apply),
    D_CHASM: (chasm_mask, chasm_apply),
    D_BUY: (buy_mask, buy_apply),
    D_VILLAGE_CYCLE: (village_cycle_mask, village_cycle_apply),
    D_ADV_PLACE: (adv_place_mask, adv_place_apply),
}
