"""The preparation window (TR-TURN-2) and the scoring window (TR-END-3), with their sub-choices.

A window cycles from the active player until every player has passed (CONFIRM) in a row; any
action restarts the count. Each player equips its own hand onto crew it controls and spends its
own OM (on any crew member); the active player also uses reward cards, exchanges weapons, moves
items, cooks, trains and picks every target (spec §3 "Who decides"). While a reward card is
open the window cannot close (TR-REW-1): the active player takes its items, and with more than
one player may hand the window round once between items (CONFIRM), so the others can spend
order markers and play cards before the next item (TR-REW-3); every other player acts or passes,
and the window comes back to the active player, who must then act (an item, an OM spend, a card)
before handing it round again, so a window of passes never loops. In the scoring window only OM
spends, cooking and reward cards are offered (TR-END-3).

A window frame is ``(D_PREP, seat, passes, handed)``: ``handed`` is 1 on the active player's frame
when the window has just come back to it with the card still open.
"""
from __future__ import annotations

from . import actions as A
from .cards import (NEEDS, RECIPE, can_spend_om, give, holder, kind_of, owned_gear, pay_om,
                    statuses_of, to_stash, trained)
from .kinds import (D_ADV_TO, D_EQUIP_SWAP, D_EQUIP_TO, D_OM_CREW, D_PICK_STATUS, D_PLACE_CARD,
                    D_PREP, D_RECIPE_CREW, D_START_PICK, D_SWAP_WITH, D_TRAIN_CREW, D_TRAIN_SKILL,
                    EQUIP_LIMIT, OM_COSTS, PH_SCORING, TRAIN_COST, TRAIN_LIMIT)
from .rewards import can_take, open_market, port, take_item
from .content import CORNERS

OM_USES = (A.OM_FATIGUE, A.OM_HEAL, A.OM_STATUS)


def own_crew(s, seat: int) -> list[int]:
    return [c for c in range(A.N_CREW) if s.controller(c) == seat]


def _equip_targets(s, seat: int, h: int) -> list[int]:
    cost = s.game.content.skills[s.hand[seat][h]].equip_cost
    return own_crew(s, seat) if s.om[seat] >= cost else []


def _free_move(s) -> bool:
    return s.moves < s.game.max_free_moves


def _trainable(s) -> list[int]:
    return [c for c in range(A.N_CREW) if trained(s, c) < TRAIN_LIMIT] if s.xp_bank >= TRAIN_COST else []


def _recipe_ready(s, r: int) -> bool:
    return s.food >= s.game.content.adventure[r].food


# -- the window --------------------------------------------------------------------------------------
def _prep_mask(s, f, m):
    seat = f[1]
    scoring = s.phase == PH_SCORING
    active = seat == s.active
    card_open = s.rw_open >= 0
    if not card_open or not active or (s.n > 1 and not f[3]):
        m[A.CONFIRM] = True  # with a card open: pass it back / hand the window round (TR-REW-3)
    for u, act in enumerate(OM_USES):
        if can_spend_om(s, seat, u):
            m[act] = True
    if active:
        if card_open:
            for k in range(A.REWARD_ITEMS):
                if can_take(s, k):
                    m[A.REWARD_ITEM + k] = True
            if not s.rw_corner:
                m[A.PORT if CORNERS[s.game.content.rewards[s.rw_open].corner] == "port" else A.MARKET] = True
        else:
            for j in range(len(s.rewards)):
                m[A.USE_REWARD + j] = True
        for r in s.recipes:
            if _recipe_ready(s, r):
                m[A.ADVENTURE + r] = True
    if scoring:
        return
    for h in range(len(s.hand[seat])):
        if _equip_targets(s, seat, h):
            m[A.HAND + h] = True
    for c in own_crew(s, seat):
        for j in range(len(s.equip[c])):
            m[A.EQUIPPED + 2 * c + j] = True
    if active:
        if _free_move(s):
            for x in owned_gear(s):
                m[A.ADVENTURE + x] = True
            armed = [c for c in range(A.N_CREW) if s.weapon[c] >= 0]
            if armed:
                for c in range(A.N_CREW):
                    m[A.WEAPON_OF + c] = True
        if _trainable(s):
            m[A.XP_TRAIN] = True


def _prep_apply(s, f, a):
    seat = f[1]
    if a == A.CONFIRM:
        s.pend.pop()
        passes, nxt = f[2] + 1, (seat + 1) % s.n
        if s.rw_open >= 0 and nxt == s.active:
            s.pend.append((D_PREP, nxt, 0, 1))  # back to the active player, the card still open
        elif passes < s.n or s.rw_open >= 0:
            s.pend.append((D_PREP, nxt, passes, 0))
        s.invalidate()
        return
    s.pend[-1] = (D_PREP, seat, 0, 0)  # an action: every player may act again
    if A.OM_FATIGUE <= a <= A.OM_STATUS:
        s.pend.append((D_OM_CREW, seat, a - A.OM_FATIGUE, 0))
    elif A.USE_REWARD <= a < A.USE_REWARD + A.MAX_REWARDS:
        s.rw_open = s.rewards.pop(a - A.USE_REWARD)
        s.rw_taken = s.rw_corner = 0
    elif A.REWARD_ITEM <= a < A.REWARD_ITEM + A.REWARD_ITEMS:
        take_item(s, a - A.REWARD_ITEM)
    elif a == A.PORT:
        port(s)
    elif a == A.MARKET:
        open_market(s)
    elif A.HAND <= a < A.HAND + A.HAND_SLOTS:
        s.pend.append((D_EQUIP_TO, seat, a - A.HAND, 0))
    elif A.EQUIPPED <= a < A.EQUIPPED + 2 * A.N_CREW:
        k = a - A.EQUIPPED
        s.sk_disc[s.equip[k // 2].pop(k % 2)] += 1
    elif A.WEAPON_OF <= a < A.WEAPON_OF + A.N_CREW:
        s.pend.append((D_SWAP_WITH, seat, a - A.WEAPON_OF, 0))
    elif A.ADVENTURE <= a < A.ADVENTURE + A.N_ADVENTURE:
        x = a - A.ADVENTURE
        if kind_of(s, x) == RECIPE:
            cook(s, x)
        else:
            s.pend.append((D_ADV_TO, seat, x, 0))
    elif a == A.XP_TRAIN:
        s.pend.append((D_TRAIN_CREW, seat, 0, 0))
    s.invalidate()


# -- sub-choices -------------------------------------------------------------------------------------
def _om_crew_mask(s, f, m):
    for c in NEEDS[f[2]](s):
        m[A.CREW + c] = True


def _om_crew_apply(s, f, a):
    s.pend.pop()
    c, use = a - A.CREW, f[2]
    pay_om(s, f[1], OM_COSTS[use])
    if use == 0:
        s.res[c] -= 1
    elif use == 1:
        s.hp[c] += 1
    else:
        lose_status(s, f[1], c)


def lose_status(s, seat: int, c: int) -> None:
    """Crew member ``c`` loses one status: the only one at once, else ``seat`` picks which."""
    if len(statuses_of(s, c)) == 1:
        s.status[c] = 0
    else:
        s.pend.append((D_PICK_STATUS, seat, c, 0))


def _equip_to_mask(s, f, m):
    for c in _equip_targets(s, f[1], f[2]):
        m[A.CREW + c] = True


def equip(s, seat: int, h: int, c: int) -> None:
    kind = s.hand[seat].pop(h)
    pay_om(s, seat, s.game.content.skills[kind].equip_cost)
    s.equip[c].append(kind)


def _equip_to_apply(s, f, a):
    s.pend.pop()
    c = a - A.CREW
    if len(s.equip[c]) >= EQUIP_LIMIT:
        s.pend.append((D_EQUIP_SWAP, f[1], f[2], c))
    else:
        equip(s, f[1], f[2], c)


def _equip_swap_mask(s, f, m):
    for j in range(len(s.equip[f[3]])):
        m[A.EQUIPPED + 2 * f[3] + j] = True


def _equip_swap_apply(s, f, a):
    s.pend.pop()
    c = f[3]
    s.sk_disc[s.equip[c].pop((a - A.EQUIPPED) % 2)] += 1
    equip(s, f[1], f[2], c)


def _swap_with_mask(s, f, m):
    c = f[2]
    for d in range(A.N_CREW):
        if d != c and (s.weapon[c] >= 0 or s.weapon[d] >= 0):
            m[A.CREW + d] = True


def _swap_with_apply(s, f, a):
    s.pend.pop()
    c, d = f[2], a - A.CREW
    s.weapon[c], s.weapon[d] = s.weapon[d], s.weapon[c]
    s.moves += 1


def _adv_to_mask(s, f, m):
    at = holder(s, f[2])
    for c in range(A.N_CREW):
        if c != at:
            m[A.CREW + c] = True
    if at >= 0:
        m[A.CONFIRM] = True


def _adv_to_apply(s, f, a):
    s.pend.pop()
    if a == A.CONFIRM:
        to_stash(s, f[2])
    else:
        give(s, f[2], a - A.CREW)
    s.moves += 1


def _train_crew_mask(s, f, m):
    for c in _trainable(s):
        m[A.CREW + c] = True


def _train_crew_apply(s, f, a):
    s.pend.pop()
    s.pend.append((D_TRAIN_SKILL, f[1], a - A.CREW, 0))


def _train_skill_mask(s, f, m):
    for k in range(A.N_SKILLS):
        m[A.SKILL + k] = True


def _train_skill_apply(s, f, a):
    s.pend.pop()
    s.train[f[2] * A.N_SKILLS + a - A.SKILL] += 1
    s.xp_bank -= TRAIN_COST


# -- cooking (TR-BASE-ADV-4) -------------------------------------------------------------------------
def _effect_targets(s, kind: int) -> list[int]:
    return NEEDS[(1, 0, 2)[kind]](s)  # heal -> wounded, fatigue -> tired, status -> afflicted


def cook(s, r: int) -> None:
    s.food -= s.game.content.adventure[r].food
    effects(s, r, 0)


def effects(s, r: int, i: int) -> None:
    """Recipe ``r``'s effects from index ``i``: "each" and XP at once, "one" asks for the crew member."""
    from boardgym.games.sleeping_gods import characters as chars

    eff = s.game.content.adventure[r].effects
    while i < len(eff):
        kind, target, amount = eff[i]
        if kind == 3:  # xp
            s.xp_gained += amount
            s.xp_bank += amount
        elif target == 1:  # each
            for c in range(A.N_CREW):
                if kind == 0:
                    chars.heal(s, c, amount)
                elif kind == 1:
                    s.res[c] = max(0, s.res[c] - amount)
                else:
                    s.status[c] = 0
        elif _effect_targets(s, kind):
            s.pend.append((D_RECIPE_CREW, s.active, r, i))
            return
        i += 1


def _recipe_mask(s, f, m):
    kind = s.game.content.adventure[f[2]].effects[f[3]][0]
    for c in _effect_targets(s, kind):
        m[A.CREW + c] = True


def _recipe_apply(s, f, a):
    from boardgym.games.sleeping_gods import characters as chars

    s.pend.pop()
    c = a - A.CREW
    kind, _, amount = s.game.content.adventure[f[2]].effects[f[3]]
    effects(s, f[2], f[3] + 1)
    if kind == 0:
        chars.heal(s, c, amount)
    elif kind == 1:
        s.res[c] = max(0, s.res[c] - amount)
    else:
        lose_status(s, f[1], c)


# -- setup choices (TR-SETUP-2) ----------------------------------------------------------------------
def _start_pick_mask(s, f, m):
    for x in s.game.content.starting:
        if x not in s.picked:
            m[A.ADVENTURE + x] = True


def _start_pick_apply(s, f, a):
    from .cards import gain

    s.pend.pop()
    x = a - A.ADVENTURE
    s.picked.append(x)
    if gain(s, x):
        s.to_place.append(x)
    if f[2] > 1:
        s.pend.append((D_START_PICK, f[1], f[2] - 1, 0))


def _place_mask(s, f, m):
    m[A.CONFIRM] = True
    for c in range(A.N_CREW):
        m[A.CREW + c] = True


def _place_apply(s, f, a):
    s.pend.pop()
    x = f[2]
    if x in s.to_place:
        s.to_place.remove(x)
    if a == A.CONFIRM:
        s.stash.append(x)
    else:
        give(s, x, a - A.CREW)


HANDLERS = {
    D_PREP: (_prep_mask, _prep_apply), D_OM_CREW: (_om_crew_mask, _om_crew_apply),
    D_EQUIP_TO: (_equip_to_mask, _equip_to_apply), D_EQUIP_SWAP: (_equip_swap_mask, _equip_swap_apply),
    D_SWAP_WITH: (_swap_with_mask, _swap_with_apply), D_ADV_TO: (_adv_to_mask, _adv_to_apply),
    D_TRAIN_CREW: (_train_crew_mask, _train_crew_apply), D_TRAIN_SKILL: (_train_skill_mask, _train_skill_apply),
    D_RECIPE_CREW: (_recipe_mask, _recipe_apply), D_START_PICK: (_start_pick_mask, _start_pick_apply),
    D_PLACE_CARD: (_place_mask, _place_apply),
}
