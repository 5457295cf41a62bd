"""Resource tokens and inventory slots (PP-CHAR-1, 2, 8; PP-CORE-4; spec §2.1).

``s.inv`` holds 36 counts: holder ``h`` (0-4 a character, 5 the storage) and type ``t``
(``content.RESOURCES``: meat, fruit, torch, rope, map, coin) at ``6h + t``. A character has 3
slots, the storage 6 [D]; the supply holds 6 of each type and 8 coins, less what is held.
Reroll tokens are shared and take no slot (``s.rerolls``, 6 in the supply).

Decisions here: ``D_GAIN`` (a gained token: DEST; with no room RESOURCE discards a held token to
make room there, CONFIRM drops the new one), ``D_GAIN_KIND`` (OPTION: the type of an "any"
gain), ``D_LOSE`` (RESOURCE: which token is paid or lost), ``D_PLACE_START`` (PP-SETUP-4).
"""
from __future__ import annotations

from . import actions as A
from .kinds import (CHAR_SLOTS, D_GAIN, D_GAIN_KIND, D_LOSE, D_PLACE_START, N_HOLDERS, N_RES,
                    STORAGE, STORAGE_SLOTS, SUPPLY)


def slots(h: int) -> int:
    return STORAGE_SLOTS if h == STORAGE else CHAR_SLOTS


def held(s, h: int) -> int:
    return sum(s.inv[N_RES * h:N_RES * h + N_RES])


def room(s, h: int) -> int:
    return slots(h) - held(s, h)


def count(s, t: int) -> int:
    """Tokens of type t held anywhere."""
    return sum(s.inv[N_RES * h + t] for h in range(N_HOLDERS))


def supply_left(s, t: int) -> int:
    return SUPPLY[t] - count(s, t)


def holders_with(s, t: int, chars_only: bool = False) -> list[int]:
    hs = range(STORAGE) if chars_only else range(N_HOLDERS)
    return [h for h in hs if s.inv[N_RES * h + t] > 0]


def total_tokens(s) -> int:
    return sum(s.inv)


def take(s, h: int, t: int) -> None:
    """A token returns to the supply (paid, spent, discarded)."""
    s.inv[N_RES * h + t] -= 1


def carried_usable(s, h: int) -> bool:
    """A character's carried tokens add nothing while it is at 0 HP (PP-CORE-5 [D])."""
    return h == STORAGE or s.hp[h] > 0


# -- gaining ------------------------------------------------------------------------------------------
def gain(s, t: int, chars_only: bool) -> None:
    """Gain one token of type t: nothing when the supply is out (PP-CORE-4); else the active
    seat places it (``D_GAIN``)."""
    if supply_left(s, t) <= 0:
        return
    s.pend.append((D_GAIN, s.active, t, int(chars_only)))
    s.invalidate()


def _dest_holders(s, chars_only: bool) -> list[int]:
    return [h for h in range(STORAGE if chars_only else N_HOLDERS) if room(s, h) > 0]


def _gain_mask(s, f, m):
    dests = _dest_holders(s, bool(f[3]))
    if dests:
        for h in dests:
            m[A.DEST + h] = True
        return
    m[A.CONFIRM] = True  # the slots are full: drop it, or discard a held token for it
    for h in range(STORAGE if f[3] else N_HOLDERS):
        for t in range(N_RES):
            if s.inv[N_RES * h + t]:
                m[A.res_action(h, t)] = True


def _gain_apply(s, f, a):
    s.pend.pop()
    t = f[2]
    if a == A.CONFIRM:
        return
    if a >= A.DEST:
        h = a - A.DEST
    else:
        h, old = divmod(a - A.RESOURCE, N_RES)
        take(s, h, old)
    s.inv[N_RES * h + t] += 1


def gain_any(s, amount: int, chars_only: bool) -> None:
    """``gain_resource`` of any type: the active seat picks the type first (``D_GAIN_KIND``)."""
    if any(supply_left(s, t) > 0 for t in range(N_RES)):
        s.pend.append((D_GAIN_KIND, s.active, amount, int(chars_only)))
        s.invalidate()


def _kind_mask(s, f, m):
    for t in range(N_RES):
        if supply_left(s, t) > 0:
            m[A.OPTION + t] = True


def _kind_apply(s, f, a):
    s.pend.pop()
    left = f[2] - 1
    if left > 0 and any(supply_left(s, t) > 0 for t in range(N_RES)):
        s.pend.append((D_GAIN_KIND, f[1], left, f[3]))
    gain(s, a - A.OPTION, bool(f[3]))


# -- losing and paying --------------------------------------------------------------------------------
CHARS_ONLY = 128  # D_LOSE's b: amount + 128 when only characters' tokens may pay (a market's coins)


def lose_candidates(s, t: int, chars_only: bool = False) -> list[int]:
    """RESOURCE ids of the tokens that may be paid or lost (type t, or any when t < 0)."""
    kinds = range(N_RES) if t < 0 else (t,)
    hs = range(STORAGE) if chars_only else range(N_HOLDERS)
    return [A.res_action(h, k) for h in hs for k in kinds if s.inv[N_RES * h + k]]


def lose(s, t: int, amount: int, chars_only: bool = False) -> None:
    """Lose (pay) ``amount`` tokens of type t (any type when t < 0), as many as held; the active
    seat picks which holder's when there is a choice (spec §3: from any holder [D])."""
    while amount > 0:
        cands = lose_candidates(s, t, chars_only)
        if not cands:
            return
        if len(cands) > 1:
            s.pend.append((D_LOSE, s.active, t, amount + (CHARS_ONLY if chars_only else 0)))
            s.invalidate()
            return
        h, k = divmod(cands[0] - A.RESOURCE, N_RES)
        take(s, h, k)
        amount -= 1


def _lose_mask(s, f, m):
    for a in lose_candidates(s, f[2], f[3] >= CHARS_ONLY):
        m[a] = True


def _lose_apply(s, f, a):
    s.pend.pop()
    h, k = divmod(a - A.RESOURCE, N_RES)
    take(s, h, k)
    lose(s, f[2], f[3] % CHARS_ONLY - 1, f[3] >= CHARS_ONLY)


# -- setup (PP-SETUP-4) -------------------------------------------------------------------------------
def _start_mask(s, f, m):
    for h in range(STORAGE):
        if room(s, h) > 0:
            m[A.DEST + h] = True


def _start_apply(s, f, a):
    s.pend.pop()
    s.inv[N_RES * (a - A.DEST) + f[2]] += 1
    if f[2] + 1 < N_RES:
        s.pend.append((D_PLACE_START, s.active, f[2] + 1, 0))


HANDLERS = {D_GAIN: (_gain_mask, _gain_apply), D_GAIN_KIND: (_kind_mask, _kind_apply),
            D_LOSE: (_lose_mask, _lose_apply), D_PLACE_START: (_start_mask, _start_apply)}
