"""The score (TR-END-4) and the rewards of spec §4: ``sparse`` +1 for surviving to the end of the
deck, −1 when the whole crew is knocked out; ``score`` the score / 300; ``shaped`` the score / 300
at the end, with the potential Φ = the running score / 300 for potential-based shaping (the
environments' ``shaping=True`` adds Φ(s') − Φ(s) each step; in the other modes Φ = 0)."""
from __future__ import annotations

from .kinds import DIFF_BONUS

SCALE = 300.0


def penalties(s) -> int:
    """−1 for each wound, status token and fatigue on each crew member."""
    wounds = sum(s.max_hp(c) - s.hp[c] for c in range(len(s.hp)))
    statuses = sum(bin(x).count("1") for x in s.status)
    return wounds + statuses + sum(s.res)


def score(s, p: int = 0) -> int:  # (cooperative: one team score)
    """+10 per success, −1 per wound, status and fatigue, +1 per XP gained, +50 for surviving to
    the end of the deck, +100 intermediate / +200 hard (TR-END-4)."""
    return (10 * len(s.won) - penalties(s) + s.xp_gained + 50 * s.survived
            + DIFF_BONUS[s.game.difficulty])


def returns(s) -> list[float]:
    if not s.over:
        return [0.0] * s.n
    mode = s.game.reward
    if mode == "sparse":
        v = 1.0 if s.survived else -1.0
    else:
        v = max(-1.0, min(1.0, score(s) / SCALE))
    return [v] * s.n


def potential(s, player: int = 0) -> float:  # (cooperative: one for all)
    if s.game.reward != "shaped":
        return 0.0
    return max(-1.0, min(1.0, score(s) / SCALE))
