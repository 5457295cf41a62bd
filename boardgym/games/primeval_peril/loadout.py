"""Between actions, the loadout (PP-CHAR-5, 7): the active combat deck and the equipped cards.

* The active deck (``s.deck_in``, combat card codes) is edited with DECK_TOGGLE (a card owned:
  in or out) in a ``D_DECK`` frame that closes with CONFIRM once it holds at least 12 cards
  (PP-CHAR-7); right before a combat the active seat may edit it too (PP-COMBAT-1), when it
  owns more than the 12 S cards. Each toggle is a free move (``max_free_moves``, PP-TURN-3);
  a card is taken out only while the moves left can put the deck back to 12 [D].
* An owned adventure card (OWNED_ADV k: the pack's k-th adventure card by number) moves onto a
  character with a free slot of its type (CHAR), is set aside (CONFIRM), or is exchanged with
  one of a full character's cards (``D_SWAP_CARD``: the other card goes where the first one
  was when it fits there, else aside). Advancements never move once placed (PP-CHAR-5). One
  free move per card moved.
"""
from __future__ import annotations

from . import actions as A
from .cards import equip_candidates, fits, has_slot, numbered
from .content import SLOTS
from .kinds import D_DECK, D_MOVE_CARD, D_SWAP_CARD, MIN_DECK

ADVANCEMENT = SLOTS.index("advancement")


def _moves_left(s) -> int:
    return s.game.max_free_moves - s.moves


# -- the active deck -----------------------------------------------------------------------------
def owned_codes(s) -> list[int]:
    g = s.game
    return list(g.s_codes) + [g.code_of_number[n] for n in s.owned if n in g.code_of_number]


def toggles(s) -> list[int]:
    left = _moves_left(s)
    if left <= 0:
        return []
    deck = s.deck_in
    if len(deck) - 1 + (left - 1) >= MIN_DECK:  # any card out can still be made 12 again
        return owned_codes(s)
    return [x for x in owned_codes(s) if x not in deck]


def toggle(s, x: int) -> None:
    if x in s.deck_in:
        s.deck_in.remove(x)
    else:
        s.deck_in.append(x)
        s.deck_in.sort()
    s.moves += 1


def edit_before_combat(s, number: int) -> bool:
    """PP-COMBAT-1: the active seat may edit the deck first (True: a ``D_DECK`` frame waits)."""
    if len(owned_codes(s)) > len(s.game.s_codes) and toggles(s):
        s.pend.append((D_DECK, s.active, number, 0))
        s.invalidate()
        return True
    return False


def _deck_mask(s, f, m):
    if len(s.deck_in) >= MIN_DECK:
        m[A.CONFIRM] = True
    for x in toggles(s):
        m[A.DECK_TOGGLE + x] = True


def _deck_apply(s, f, a):
    if a == A.CONFIRM:
        s.pend.pop()
        if f[2]:
            from .fight import start_combat

            start_combat(s, f[2])
    else:
        toggle(s, a - A.DECK_TOGGLE)
    s.invalidate()


# -- equipment -------------------------------------------------------------------------------------
def holder(s, n: int) -> int:
    return next((c for c in range(5) if n in s.equip[c]), -1)


def movable(s) -> list[int]:
    """OWNED_ADV ids of owned adventure cards that may move now."""
    if _moves_left(s) <= 0:
        return []
    out = []
    for k, n in enumerate(s.game.adventure_numbers):
        if n not in s.owned:
            continue
        h = holder(s, n)
        if numbered(s, n).slot == ADVANCEMENT and h >= 0:
            continue
        if h >= 0 or equip_candidates(s, n) or any(_swaps(s, n, c) for c in range(5)):
            out.append(A.OWNED_ADV + k)
    return out


def _swaps(s, n: int, c: int) -> list[int]:
    """c's cards that, taken off, make room for card n (not advancements)."""
    if holder(s, n) == c or has_slot(s, c, numbered(s, n).slot):
        return []
    slot = numbered(s, n).slot
    worn = s.equip[c]
    return [other for other in worn if numbered(s, other).slot != ADVANCEMENT
            and fits(s, [x for x in worn if x != other], slot)]


def _place(s, n: int, c: int) -> None:
    h = holder(s, n)
    if h >= 0:
        s.equip[h].remove(n)
    if c >= 0:
        s.equip[c].append(n)


def start_move(s, a: int) -> None:
    n = s.game.adventure_numbers[a - A.OWNED_ADV]
    s.moves += 1
    s.pend.append((D_MOVE_CARD, s.active, n, 0))
    s.invalidate()


def _move_mask(s, f, m):
    n = f[2]
    h = holder(s, n)
    if h >= 0:
        m[A.CONFIRM] = True  # set it aside
    for c in range(5):
        if c != h and (has_slot(s, c, numbered(s, n).slot) or _swaps(s, n, c)):
            m[A.CHAR + c] = True


def _move_apply(s, f, a):
    s.pend.pop()
    n = f[2]
    if a == A.CONFIRM:
        _place(s, n, -1)
        return
    c = a - A.CHAR
    if has_slot(s, c, numbered(s, n).slot):
        _place(s, n, c)
    else:
        s.pend.append((D_SWAP_CARD, s.active, n, c))
    s.invalidate()


def _swap_mask(s, f, m):
    index = s.game.adventure_index
    for other in _swaps(s, f[2], f[3]):
        m[A.OWNED_ADV + index[other]] = True


def _swap_apply(s, f, a):
    s.pend.pop()
    n, c = f[2], f[3]
    other = s.game.adventure_numbers[a - A.OWNED_ADV]
    was = holder(s, n)
    s.equip[c].remove(other)
    _place(s, n, c)
    if was >= 0 and has_slot(s, was, numbered(s, other).slot):
        _place(s, other, was)


HANDLERS = {D_DECK: (_deck_mask, _deck_apply), D_MOVE_CARD: (_move_mask, _move_apply),
            D_SWAP_CARD: (_swap_mask, _swap_apply)}
