"""Where the cards are: the skill deck (40 cards minus hands, equipped cards and the public
discard; TR-BASE-SKILL), the adventure cards (starting, market deck, stash, crew, recipes;
TR-BASE-ADV) and the crew's needs (wounds, fatigue, statuses) that rewards and spends target."""
from __future__ import annotations

from boardgym.games.sleeping_gods import characters as chars

from . import actions as A
from .kinds import OM_COSTS

WEAPON, ITEM, RECIPE = range(3)


# -- the skill deck --------------------------------------------------------------------------------
def skill_deck_size(s) -> int:
    """``sum(skill_left(s))``: the 40 cards less the discard, the hands and the equipped ones."""
    n = s.game.skill_total - sum(s.sk_disc)
    for h in s.hand:  # loops, not generator sums: the encoder asks at every step
        n -= len(h)
    for e in s.equip:
        n -= len(e)
    return n


def skill_left(s) -> list[int]:
    """Cards of each kind in the skill deck now (before any reshuffle)."""
    c = s.game.content
    left = [k.count - s.sk_disc[k.id] for k in c.skills]
    for h in s.hand:
        for x in h:
            left[x] -= 1
    for e in s.equip:
        for x in e:
            left[x] -= 1
    return left


def skill_drawable(s) -> int:
    """Cards a draw can still reach: the deck, else the discard reshuffled."""
    left = sum(skill_left(s))
    return left if left else sum(s.sk_disc)


def discard_skill(s, kind: int) -> None:
    s.sk_disc[kind] += 1


# -- adventure cards -------------------------------------------------------------------------------
def kind_of(s, adv: int) -> int:
    return s.game.content.adventure[adv].kind


def owned_gear(s) -> list[int]:
    """Weapons and items the crew owns: held by a crew member or in the stash."""
    return [x for x in s.weapon if x >= 0] + [x for x in s.item if x >= 0] + list(s.stash)


def market_unseen(s) -> list[int]:
    """Market-deck cards not yet seen: the shuffled part above the public bottom."""
    c = s.game.content
    out = set(owned_gear(s)) | set(s.recipes) | set(s.adv_bottom) | set(s.market) | set(s.to_place)
    return [x for x in c.market if x not in out]


def market_drawable(s) -> int:
    return len(market_unseen(s)) + len(s.adv_bottom)


def holder(s, adv: int) -> int:
    """The crew member holding a weapon or item, or -1 (stash)."""
    slots = s.weapon if kind_of(s, adv) == WEAPON else s.item
    return slots.index(adv) if adv in slots else -1


def give(s, adv: int, ch: int) -> None:
    """Put a weapon or item on crew member ``ch`` (from wherever it is); a displaced card goes to
    the stash (TR-BASE-ADV-4)."""
    slots = s.weapon if kind_of(s, adv) == WEAPON else s.item
    if adv in s.stash:
        s.stash.remove(adv)
    elif adv in slots:
        slots[slots.index(adv)] = -1
    old = slots[ch]
    if old >= 0:
        s.stash.append(old)
    slots[ch] = adv


def to_stash(s, adv: int) -> None:
    slots = s.weapon if kind_of(s, adv) == WEAPON else s.item
    if adv in slots:
        slots[slots.index(adv)] = -1
    if adv not in s.stash:
        s.stash.append(adv)


def gain(s, adv: int) -> bool:
    """A new adventure card: a recipe joins the team's; True when a weapon or item must be placed."""
    if kind_of(s, adv) == RECIPE:
        s.recipes.append(adv)
        return False
    return True


# -- crew needs ------------------------------------------------------------------------------------
def wounded(s) -> list[int]:
    return [c for c in range(A.N_CREW) if s.hp[c] < s.max_hp(c)]


def tired(s) -> list[int]:
    return [c for c in range(A.N_CREW) if s.res[c] > 0]


def afflicted(s) -> list[int]:
    return [c for c in range(A.N_CREW) if s.status[c]]


NEEDS = (tired, wounded, afflicted)  # per OM use (OM_FATIGUE, OM_HEAL, OM_STATUS)


def statuses_of(s, ch: int) -> list[int]:
    return [k for k in range(A.N_STATUS) if s.status[ch] >> k & 1]


def lacking(s, status: int) -> list[int]:
    """Who may receive a status: crew lacking it, those above 0 HP first (the core's [D])."""
    lack = [c for c in range(A.N_CREW) if not chars.has(s, c, status)]
    alive = [c for c in lack if s.hp[c] > 0]
    return alive or lack


def om_supply_left(s) -> int:
    return s.game.om_supply - sum(s.om) - sum(s.spent)


def can_spend_om(s, seat: int, use: int) -> bool:
    return s.om[seat] >= OM_COSTS[use] and bool(NEEDS[use](s))


def pay_om(s, seat: int, n: int) -> None:
    s.om[seat] -= n
    s.spent[seat] += n


def trained(s, ch: int) -> int:
    return sum(s.train[ch * A.N_SKILLS:(ch + 1) * A.N_SKILLS])
