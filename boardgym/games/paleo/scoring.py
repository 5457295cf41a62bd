"""Shared cooperative reward (PALEO-CORE-1, spec §4): +1 win, -1 loss, 0 truncation."""
from __future__ import annotations


def returns(s) -> list[float]:
    if not s.over:
        return [0.0] * s.n
    return [float(s.result)] * s.n


def potential(s, player: int = 0) -> float:  # (cooperative: one for all)
    """Φ = 0.1·victories − 0.1·skulls − 0.01·wounds + 0.005·stored resources (same for all seats)."""
    wounds = sum(sum(w) for w in s.wnd)
    return 0.1 * s.victories - 0.1 * s.skulls - 0.01 * wounds + 0.005 * sum(s.store)
