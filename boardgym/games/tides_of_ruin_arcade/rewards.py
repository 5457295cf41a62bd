"""Reward cards (TR-REW, TR-BASE-REWARD), the units a reward hands out one at a time (OM, skill
cards, healing, fatigue, statuses, recovered OM: TR-REW-4), challenge rewards, the corner
actions (Port, Market) and the discard down to 3 cards.

A unit's target is asked only when there is a choice (``units``): one candidate takes it, none
loses it (the core's [D] for a single candidate)."""
from __future__ import annotations

from boardgym.games.sleeping_gods import characters as chars

from . import actions as A
from .cards import (afflicted, discard_skill, gain, lacking, market_drawable, om_supply_left,
                    skill_drawable, statuses_of, tired, wounded)
from .kinds import (ADV_MARKET, ADV_PLACE, CH_ADV, COIN_SUPPLY, D_BUY_TO, D_DISCARD, D_MARKET,
                    D_PICK_STATUS, D_PLACE_CARD, D_UNITS, FOOD_SUPPLY, MARKET_SLOTS_N, PLAYER_UNITS,
                    QUOTA, SKILL_PRICE, U_FATIGUE, U_GIVE, U_HEAL, U_OM, U_RECOVER, U_SKILL, U_STATUS)
from .content import REWARDS

R_OM, R_SKILL, R_HEAL, R_FATIGUE, R_STATUS, R_XP, R_FOOD, R_COINS, R_RECOVER, R_ADV = range(len(REWARDS))
UNIT_OF = {R_OM: U_OM, R_SKILL: U_SKILL, R_HEAL: U_HEAL, R_FATIGUE: U_FATIGUE, R_STATUS: U_STATUS,
           R_RECOVER: U_RECOVER}


# -- units -------------------------------------------------------------------------------------------
def candidates(s, kind: int) -> list[int]:
    """Seats (PLAYER units) or crew members (the others) that can take the next unit."""
    if kind == U_OM:
        return list(range(s.n)) if om_supply_left(s) > 0 else []
    if kind == U_SKILL:
        return list(range(s.n)) if skill_drawable(s) > sum(s.sk_assign) else []
    if kind == U_RECOVER:
        return [p for p in range(s.n) if s.spent[p] > 0]
    if kind == U_HEAL:
        return wounded(s)
    if kind == U_FATIGUE:
        return tired(s)
    if kind == U_STATUS:
        return afflicted(s)
    return lacking(s, kind - U_GIVE)


def _one(s, kind: int, x: int) -> bool:
    """Give one unit to seat or crew member ``x``; True when a status must still be picked."""
    if kind == U_OM:
        s.om[x] += 1
    elif kind == U_SKILL:
        s.sk_assign[x] += 1
    elif kind == U_RECOVER:
        s.spent[x] -= 1
        s.om[x] += 1
    elif kind == U_HEAL:
        chars.heal(s, x, 1)
    elif kind == U_FATIGUE:
        s.res[x] -= 1
    elif kind == U_STATUS:
        st = statuses_of(s, x)
        if len(st) > 1:
            return True
        chars.remove(s, x, st[0])
    else:
        chars.give(s, x, kind - U_GIVE)
    return False


def units(s, kind: int, left: int) -> None:
    """Hand out ``left`` units of ``kind``, asking the active player where there is a choice."""
    while left > 0:
        cands = candidates(s, kind)
        if not cands:
            break  # nobody can take it: lost
        if len(cands) > 1:
            s.pend.append((D_UNITS, s.active, kind, left))
            s.invalidate()
            return
        left -= 1
        if _one(s, kind, cands[0]):
            if left:
                s.pend.append((D_UNITS, s.active, kind, left))
            s.pend.append((D_PICK_STATUS, s.active, cands[0], 0))
            s.invalidate()
            return
        if kind >= U_GIVE:
            break
    s.invalidate()


def _units_mask(s, f, m):
    base = A.PLAYER if f[2] in PLAYER_UNITS else A.CREW
    for x in candidates(s, f[2]):
        m[base + x] = True


def _units_apply(s, f, a):
    s.pend.pop()
    kind, left = f[2], f[3] - 1
    x = a - (A.PLAYER if kind in PLAYER_UNITS else A.CREW)
    if _one(s, kind, x):
        if left:
            s.pend.append((D_UNITS, f[1], kind, left))
        s.pend.append((D_PICK_STATUS, f[1], x, 0))
        s.invalidate()
        return
    if kind < U_GIVE:
        units(s, kind, left)


# -- reward cards ------------------------------------------------------------------------------------
def take_item(s, k: int) -> None:
    """REWARD_ITEM k of the open card (TR-REW-2): one at a time, in any order."""
    kind, amount = s.game.content.rewards[s.rw_open].rewards[k]
    s.rw_taken |= 1 << k
    if kind in UNIT_OF:
        units(s, UNIT_OF[kind], amount)
    elif kind == R_XP:
        s.xp_gained += amount
        s.xp_bank += amount
    elif kind == R_FOOD:
        s.food = min(FOOD_SUPPLY, s.food + amount)
    elif kind == R_COINS:
        s.coins = min(COIN_SUPPLY, s.coins + amount)
    elif kind == R_ADV and market_drawable(s):
        s.cq.append((CH_ADV, ADV_PLACE))
    s.invalidate()


def can_take(s, k: int) -> bool:
    return (s.rw_open >= 0 and not s.rw_taken >> k & 1
            and bin(s.rw_taken).count("1") < QUOTA[s.game.difficulty])


def port(s) -> None:
    """Port (TR-BASE-REWARD): all fatigue removed, all spent OM recovered, every crew member heals 1."""
    s.rw_corner = 1
    for c in range(A.N_CREW):
        s.res[c] = 0
        chars.heal(s, c, 1)
    for p in range(s.n):
        s.om[p] += s.spent[p]
        s.spent[p] = 0


def open_market(s) -> None:
    """Market: reveal 3 adventure cards (as many as the deck holds)."""
    s.rw_corner = 1
    s.mk_open = 1
    for _ in range(min(MARKET_SLOTS_N, market_drawable(s))):
        s.cq.append((CH_ADV, ADV_MARKET))


def adventure_drawn(s, purpose: int, adv: int) -> None:
    if adv in s.adv_bottom:
        s.adv_bottom.remove(adv)
    if purpose == ADV_MARKET:
        s.market.append(adv)
    elif gain(s, adv):
        s.to_place.append(adv)
        s.pend.append((D_PLACE_CARD, s.active, adv, 0))


def _market_mask(s, f, m):
    m[A.CONFIRM] = True
    c = s.game.content
    for j, x in enumerate(s.market):
        if c.adventure[x].price <= s.coins:
            m[A.MARKET_SLOT + j] = True
    if s.coins >= SKILL_PRICE and skill_drawable(s) > sum(s.sk_assign):
        m[A.BUY_SKILL] = True


def _market_apply(s, f, a):
    if a == A.CONFIRM:  # unbought cards to the bottom, in a public order
        s.pend.pop()
        s.adv_bottom.extend(s.market)
        s.market = []
        s.mk_open = 0
    elif a == A.BUY_SKILL:
        s.coins -= SKILL_PRICE
        if s.n == 1:
            s.sk_assign[0] += 1
        else:
            s.pend.append((D_BUY_TO, f[1], 0, 0))
    else:
        x = s.market.pop(a - A.MARKET_SLOT)
        s.coins -= s.game.content.adventure[x].price
        if gain(s, x):
            s.to_place.append(x)
            s.pend.append((D_PLACE_CARD, f[1], x, 0))
    s.invalidate()


def _buy_to_mask(s, f, m):
    for p in range(s.n):
        m[A.PLAYER + p] = True


def _buy_to_apply(s, f, a):
    s.pend.pop()
    s.sk_assign[a - A.PLAYER] += 1


# -- challenge rewards (TR-BASE-ENC) ---------------------------------------------------------------
def gain_challenge_reward(s, reward) -> None:
    kind, amount = reward  # CHALLENGE_REWARDS: coins, food, skill_card, xp
    if kind == 0:
        s.coins = min(COIN_SUPPLY, s.coins + amount)
    elif kind == 1:
        s.food = min(FOOD_SUPPLY, s.food + amount)
    elif kind == 2:
        units(s, U_SKILL, amount)
    else:
        s.xp_gained += amount
        s.xp_bank += amount


# -- statuses and the hand limit ------------------------------------------------------------------
def _status_mask(s, f, m):
    for k in statuses_of(s, f[2]):
        m[A.STATUS + k] = True


def _status_apply(s, f, a):
    s.pend.pop()
    chars.remove(s, f[2], a - A.STATUS)


def _discard_mask(s, f, m):
    for h in range(len(s.hand[f[1]])):
        m[A.HAND + h] = True


def _discard_apply(s, f, a):
    s.pend.pop()
    discard_skill(s, s.hand[f[1]].pop(a - A.HAND))


HANDLERS = {D_UNITS: (_units_mask, _units_apply), D_MARKET: (_market_mask, _market_apply),
            D_BUY_TO: (_buy_to_mask, _buy_to_apply), D_PICK_STATUS: (_status_mask, _status_apply),
            D_DISCARD: (_discard_mask, _discard_apply)}
