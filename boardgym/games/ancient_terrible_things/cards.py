"""Decks without stored order: feat draws, swag row refills, encounter draws (spec §4)."""
from __future__ import annotations

from .constants import MAX_FEATS
from .kinds import CH_FEAT, CH_REFILL, CH_ROW


def _pending(s, kind, arg=None) -> int:
    return sum(1 for k, a in s.cq if k == kind and (arg is None or a == arg))


def draw_feat(s, p: int) -> None:
    """Queue one feat draw for ``p``: skipped at the hand cap; an empty deck is reshuffled
    from the discard (ATT-D-11)."""
    if len(s.feats[p]) + _pending(s, CH_FEAT, p) >= MAX_FEATS:
        return
    if len(s.feat_deck) - _pending(s, CH_FEAT) <= 0:
        s.feat_deck.extend(s.feat_discard)
        s.feat_discard.clear()
        if len(s.feat_deck) - _pending(s, CH_FEAT) <= 0:
            return
    s.cq.append((CH_FEAT, p))


def can_draw_feat(s, p: int) -> bool:
    return len(s.feats[p]) < MAX_FEATS and bool(s.feat_deck or s.feat_discard)


def refill_row(s, slot: int) -> None:
    """Refill a Trading Post row slot from the swag deck; an empty deck takes Old Stock."""
    s.row[slot] = -1
    if len(s.swag_deck) - _pending(s, CH_ROW) <= 0:
        s.swag_deck.extend(s.old_stock)
        s.old_stock.clear()
        if len(s.swag_deck) - _pending(s, CH_ROW) <= 0:
            return
    s.cq.append((CH_ROW, slot))


def top_back(s) -> int:
    for b in range(3):
        if s.deck[b] > 0:
            return b
    return -1


def refill_encounter(s, slot: int) -> None:
    """Yawning Chasm: the taken encounter is replaced from the deck top, no tokens (ATT-LOC-C)."""
    if sum(s.deck) - _pending(s, CH_REFILL) > 0:
        s.cq.append((CH_REFILL, slot))
