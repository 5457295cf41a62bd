"""Statistics for evaluation: Wilson intervals, mean intervals, Bradley-Terry/Elo fit, bootstrap.

Pure numpy; every function is deterministic given its inputs (and ``rng`` where it takes one).
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

import numpy as np

Z95 = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a binomial proportion (``successes`` may be fractional,
    e.g. half a win for a draw). ``n == 0`` gives the uninformative ``(0, 1)``."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be in 0..n, got {successes} of {n}")
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return lo, hi


def paired_sign_test(a: Sequence[float], b: Sequence[float]) -> dict:
    """Two agents' wins on the same seeds (1 win, 0 loss; anything else, e.g. a shared place,
    counts as neither): ``a_only`` seeds that A won and B did not, ``b_only`` the reverse, and
    the exact two-sided McNemar p-value (a binomial sign test on the discordant seeds)."""
    if len(a) != len(b):
        raise ValueError(f"paired outcomes need the same seeds, got {len(a)} and {len(b)}")
    a_only = sum(1 for x, y in zip(a, b) if x == 1 and y == 0)
    b_only = sum(1 for x, y in zip(a, b) if x == 0 and y == 1)
    n = a_only + b_only
    k = min(a_only, b_only)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2.0 ** n if n else 1.0
    return {"a_only": a_only, "b_only": b_only, "p_value": min(1.0, 2.0 * tail)}


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """``(mean, low, high)``: normal-approximation 95% interval of a sample mean."""
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return float("nan"), float("nan"), float("nan")
    m = float(x.mean())
    if x.size == 1:
        return m, m, m
    half = z * float(x.std(ddof=1)) / math.sqrt(x.size)
    return m, m - half, m + half


def fit_elo(wins: np.ndarray, prior_games: float = 1.0, anchor: float = 1000.0,
            iters: int = 1000, tol: float = 1e-8) -> np.ndarray:
    """Elo ratings from a pairwise result matrix by Bradley-Terry maximum likelihood.

    ``wins[i, j]`` is the (possibly fractional: draws count 1/2) number of times ``i`` beat
    ``j``. ``prior_games`` virtual drawn games between every pair keep ratings finite when an
    agent wins or loses everything. Ratings are on the Elo scale (400 points = 10:1 odds) and
    shifted so their mean is ``anchor``. Solved with the MM algorithm (Hunter 2004).
    """
    w = np.asarray(wins, dtype=float)
    k = w.shape[0]
    if w.shape != (k, k):
        raise ValueError("wins must be a square matrix")
    if k == 0:
        return np.zeros(0)
    w = w.copy()
    np.fill_diagonal(w, 0.0)
    if prior_games > 0:
        off = 1.0 - np.eye(k)
        w = w + off * (prior_games / 2.0)
    games = w + w.T
    total_wins = w.sum(axis=1)
    gamma = np.ones(k)
    for _ in range(iters):
        denom = (games / (gamma[:, None] + gamma[None, :])).sum(axis=1)
        new = np.where(denom > 0, total_wins / np.where(denom > 0, denom, 1.0), gamma)
        new = np.maximum(new, 1e-300)
        new /= np.exp(np.mean(np.log(new)))
        if np.max(np.abs(np.log(new) - np.log(gamma))) < tol:
            gamma = new
            break
        gamma = new
    r = 400.0 * np.log10(gamma)
    return r - r.mean() + anchor


def expected_score(r_a: float, r_b: float) -> float:
    """Elo expected score of a rating ``r_a`` against ``r_b``."""
    return 1.0 / (1.0 + 10 ** ((r_b - r_a) / 400.0))


def bootstrap(items: Sequence, statistic: Callable[[list], np.ndarray], n_boot: int = 1000,
              rng: np.random.Generator | int | None = 0, alpha: float = 0.05):
    """Percentile bootstrap: resample ``items`` with replacement ``n_boot`` times.

    Returns ``(point, low, high)`` arrays (``statistic`` may return a scalar or an array).
    """
    items = list(items)
    rng = np.random.default_rng(rng)
    point = np.asarray(statistic(items), dtype=float)
    if not items:
        return point, point.copy(), point.copy()
    samples = []
    n = len(items)
    for _ in range(n_boot):
        idx = rng.integers(0, n, size=n)
        samples.append(np.asarray(statistic([items[i] for i in idx]), dtype=float))
    s = np.stack(samples)
    low = np.quantile(s, alpha / 2, axis=0)
    high = np.quantile(s, 1 - alpha / 2, axis=0)
    return point, low, high


def pairwise_matrix(results: Sequence[tuple[int, int, float]], k: int) -> np.ndarray:
    """``results`` of ``(i, j, score_of_i)`` (1 win, 0.5 draw, 0 loss) -> wins matrix."""
    w = np.zeros((k, k))
    for i, j, s in results:
        w[i, j] += s
        w[j, i] += 1.0 - s
    return w


def elo_with_intervals(games: Sequence[list[tuple[int, int, float]]], k: int, n_boot: int = 500,
                       rng: np.random.Generator | int | None = 0, anchor: float = 1000.0,
                       alpha: float = 0.05):
    """Elo ratings and bootstrap 95% intervals, resampling whole games (each game is a list
    of pairwise ``(i, j, score_of_i)`` results). Returns ``(ratings, low, high)``."""
    per_game = np.stack([pairwise_matrix(g, k) for g in games]) if games else np.zeros((0, k, k))
    point = fit_elo(per_game.sum(axis=0), anchor=anchor)
    if len(games) == 0 or n_boot <= 0:
        return point, point.copy(), point.copy()
    rng = np.random.default_rng(rng)
    n = len(games)
    samples = np.stack([fit_elo(per_game[rng.integers(0, n, size=n)].sum(axis=0), anchor=anchor)
                        for _ in range(n_boot)])
    return (point, np.quantile(samples, alpha / 2, axis=0), np.quantile(samples, 1 - alpha / 2, axis=0))
