"""Final scoring, tie-breaks and reward modes (ATT-END-2, ATT-D-15, spec §4)."""
from __future__ import annotations

from .achievements import achievement_secrets
from .constants import COURAGE


def score(s, p: int) -> int:
    c = s.game.content
    return (sum(c.enc_secrets[e] for e in s.stack[p])
            + sum(c.swag[w].secrets for w in s.swag[p])
            + achievement_secrets(s, p)
            + s.tokens[4 * p + COURAGE] // 3
            - sum(s.tent[p]))


def rank_key(s, p: int) -> tuple:
    """Higher is better: secrets, then fewer tentacle points, then more encounters."""
    return (score(s, p), -sum(s.tent[p]), len(s.stack[p]))


def winners(s) -> list[int]:
    keys = [rank_key(s, p) for p in range(s.n)]
    best = max(keys)
    return [p for p in range(s.n) if keys[p] == best]


def returns(s) -> list[float]:
    if not s.over:
        return [0.0] * s.n
    if s.n == 1:
        return [float(s.solo_result)]
    mode = s.game.config["reward"]
    scores = [score(s, p) for p in range(s.n)]
    if mode == "raw":
        return [x / 10.0 for x in scores]
    if mode == "rank":
        keys = [rank_key(s, p) for p in range(s.n)]
        return [(sum(keys[p] > keys[q] for q in range(s.n)) - sum(keys[p] < keys[q] for q in range(s.n)))
                / (s.n - 1) for p in range(s.n)]
    return [(scores[p] - (sum(scores) - scores[p]) / (s.n - 1)) / 10.0 for p in range(s.n)]


def potential(s, p: int) -> float:
    """The running score in the reward mode's form (for optional shaping)."""
    if s.n == 1 or s.game.config["reward"] == "raw":
        return score(s, p) / 10.0
    scores = [score(s, q) for q in range(s.n)]
    return (scores[p] - (sum(scores) - scores[p]) / (s.n - 1)) / 10.0
