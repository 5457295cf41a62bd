"""Statistics for evaluation, from maintained libraries where they have them.

* ``wilson_interval``: the Wilson score interval of a win rate
  (``statsmodels.stats.proportion.proportion_confint(method="wilson")``);
* ``paired_sign_test``: the exact McNemar test of two agents on the same seeds
  (``scipy.stats.binomtest`` on the seeds only one of them won);
* ``mean_interval``: a Student t interval of a mean score (``scipy.stats.t``), not a normal
  one: with 30 games the normal interval is ~4% too narrow, with 5 ~30%;
* ``bootstrap``: ``scipy.stats.bootstrap`` (BCa by default) over any list of items;
* ``aggregates``, ``performance_profiles``, ``probability_of_improvement``: the benchmark's
  aggregates of normalized scores from ``rliable`` (IQM, median, mean, optimality gap;
  stratified-bootstrap 95% intervals);
* ``ratio_summary``: the median of paired speed ratios with their range (``make bench``);
* ``fit_elo`` / ``elo_with_intervals``: Bradley-Terry (Elo) ratings with one virtual drawn game
  per pair as a prior, and 95% intervals from the profile of that regularised likelihood,
  widened to the bootstrap over games where that is wider (see ``elo_with_intervals``).

Every function is deterministic given its inputs (and ``rng`` where it takes one).
"""
from __future__ import annotations

import math
import warnings
from typing import Callable, Sequence

import numpy as np

Z95 = 1.959963984540054
LN10_400 = math.log(10.0) / 400.0   # Elo points -> natural log-odds


def ratio_summary(ratios: Sequence[float]) -> dict:
    """``{median, min, max, pairs}`` of per-pair ratios (A/B timed back to back, pair by pair):
    the median, which machine drift between pairs moves least, and the range."""
    return {"median": float(np.median(ratios)), "min": float(min(ratios)), "max": float(max(ratios)),
            "pairs": len(ratios)}


def wilson_interval(successes: float, n: int, level: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion (``successes`` may be fractional, e.g.
    half a win for a draw). ``n == 0`` gives the uninformative ``(0, 1)``."""
    from statsmodels.stats.proportion import proportion_confint

    if n <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be in 0..n, got {successes} of {n}")
    lo, hi = proportion_confint(successes, n, alpha=1.0 - level, method="wilson")
    lo = 0.0 if successes == 0 else max(0.0, float(lo))
    hi = 1.0 if successes == n else min(1.0, float(hi))
    return lo, hi


def paired_sign_test(a: Sequence[float], b: Sequence[float]) -> dict:
    """Two agents' wins on the same seeds (1 win, 0 loss; anything else, e.g. a shared place,
    counts as neither): ``a_only`` seeds that A won and B did not, ``b_only`` the reverse, and
    the exact two-sided McNemar p-value (a binomial test of the discordant seeds against 1/2)."""
    from scipy.stats import binomtest

    if len(a) != len(b):
        raise ValueError(f"paired outcomes need the same seeds, got {len(a)} and {len(b)}")
    a_only = sum(1 for x, y in zip(a, b) if x == 1 and y == 0)
    b_only = sum(1 for x, y in zip(a, b) if x == 0 and y == 1)
    n = a_only + b_only
    p = float(binomtest(a_only, n, 0.5).pvalue) if n else 1.0
    return {"a_only": a_only, "b_only": b_only, "p_value": min(1.0, p)}


def paired_score_test(a: Sequence[float], b: Sequence[float], level: float = 0.95) -> dict:
    """Two agents' scores on the same seeds: the mean of A - B seed by seed with its Student t
    interval, the paired t test's two-sided p-value and the Wilcoxon signed-rank test's (which
    assumes no normal differences; seeds scored alike are left out, as its default does). No
    difference on any seed gives p = 1 for both."""
    from scipy.stats import ttest_rel, wilcoxon

    if len(a) != len(b):
        raise ValueError(f"paired scores need the same seeds, got {len(a)} and {len(b)}")
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    mean, low, high = mean_interval(d, level)
    if d.size < 2 or not np.any(d):
        return {"mean_difference": mean, "low": low, "high": high, "t_p_value": 1.0, "wilcoxon_p_value": 1.0}
    t_p = float(ttest_rel(a, b).pvalue) if np.std(d) > 0 else 0.0
    return {"mean_difference": mean, "low": low, "high": high, "t_p_value": min(1.0, t_p),
            "wilcoxon_p_value": min(1.0, float(wilcoxon(d).pvalue))}


def mean_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float, float]:
    """``(mean, low, high)``: the Student t interval of a sample mean. One value says nothing
    about its spread: its bounds are NaN. A sample without spread gives ``(m, m, m)``."""
    from scipy.stats import t

    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return float("nan"), float("nan"), float("nan")
    m = float(x.mean())
    if x.size == 1:
        return m, float("nan"), float("nan")
    sd = float(x.std(ddof=1))
    half = float(t.ppf(0.5 + level / 2, x.size - 1)) * sd / math.sqrt(x.size) if sd > 0 else 0.0
    return m, m - half, m + half


def bootstrap(items: Sequence, statistic: Callable[[list], np.ndarray], n_boot: int = 1000,
              rng: np.random.Generator | int | None = 0, alpha: float = 0.05, method: str = "BCa"):
    """``scipy.stats.bootstrap`` over ``items`` (any objects: the items are resampled with
    replacement, ``statistic(list_of_items)`` may return a scalar or an array).

    Returns ``(point, low, high)`` arrays. ``method``: ``"BCa"`` (bias-corrected and
    accelerated, the default), ``"percentile"`` or ``"basic"``. Where the resamples cannot
    vary (one item, or every item alike) the interval is the point."""
    from scipy.stats import bootstrap as scipy_bootstrap

    items = list(items)
    point = np.asarray(statistic(items), dtype=float)
    if len(items) < 2 or n_boot <= 0:
        return point, point.copy(), point.copy()

    def stat(idx):
        return np.asarray(statistic([items[int(i)] for i in idx]), dtype=float)

    with warnings.catch_warnings(), np.errstate(invalid="ignore", divide="ignore"):
        warnings.simplefilter("ignore")   # scipy warns where the resamples cannot vary (BCa)
        res = scipy_bootstrap((np.arange(len(items)),), stat, n_resamples=n_boot, vectorized=False,
                              confidence_level=1.0 - alpha, method=method, rng=np.random.default_rng(rng))
    low = np.asarray(res.confidence_interval.low, dtype=float)
    high = np.asarray(res.confidence_interval.high, dtype=float)
    flat = ~np.isfinite(low) | ~np.isfinite(high)
    low, high = np.where(flat, point, low), np.where(flat, point, high)
    return point, np.minimum(low, point), np.maximum(high, point)


def fit_elo(wins: np.ndarray, prior_games: float = 1.0, anchor: float = 1000.0,
            iters: int = 1000, tol: float = 1e-8) -> np.ndarray:
    """Elo ratings from a pairwise result matrix by Bradley-Terry maximum likelihood.

    ``wins[i, j]`` is the (possibly fractional: draws count 1/2) number of times ``i`` beat
    ``j``. ``prior_games`` virtual drawn games between every pair keep ratings finite when an
    agent wins or loses everything. Ratings are on the Elo scale (400 points = 10:1 odds) and
    shifted so their mean is ``anchor``. Solved with the MM algorithm (Hunter 2004).
    """
    w = _with_prior(wins, prior_games)
    k = w.shape[0]
    if k == 0:
        return np.zeros(0)
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


def _with_prior(wins, prior_games: float) -> np.ndarray:
    w = np.array(wins, dtype=float)
    k = w.shape[0] if w.ndim else 0
    if w.shape != (k, k):
        raise ValueError("wins must be a square matrix")
    np.fill_diagonal(w, 0.0)
    if prior_games > 0 and k:
        w = w + (1.0 - np.eye(k)) * (prior_games / 2.0)
    return w


def expected_score(r_a: float, r_b: float) -> float:
    """Elo expected score of a rating ``r_a`` against ``r_b``."""
    return 1.0 / (1.0 + 10 ** ((r_b - r_a) / 400.0))


def pairwise_matrix(results: Sequence[tuple[int, int, float]], k: int) -> np.ndarray:
    """``results`` of ``(i, j, score_of_i)`` (1 win, 0.5 draw, 0 loss) -> wins matrix."""
    w = np.zeros((k, k))
    for i, j, s in results:
        w[i, j] += s
        w[j, i] += 1.0 - s
    return w


# -- profile-likelihood intervals of Bradley-Terry ratings -------------------------------------
def _loglik(theta: np.ndarray, w: np.ndarray) -> tuple[float, np.ndarray]:
    """Bradley-Terry log-likelihood of ratings ``theta`` (natural log-odds units) and its
    gradient: ``sum_ij w_ij log sigmoid(theta_i - theta_j)``."""
    d = theta[:, None] - theta[None, :]
    ll = -float(np.sum(w * np.logaddexp(0.0, -d)))
    m = w * (1.0 / (1.0 + np.exp(d)))        # w_ij * (1 - sigmoid(d_ij))
    return ll, m.sum(axis=1) - m.sum(axis=0)


def _profile(w: np.ndarray, i: int, v: float, start: np.ndarray) -> tuple[float, np.ndarray]:
    """The highest log-likelihood with agent ``i``'s rating fixed at ``v`` relative to the mean
    of all ratings (ratings sum to zero): free are every other rating but the last, which the
    sum fixes. Returns ``(log-likelihood, ratings)``."""
    from scipy.optimize import minimize

    k = w.shape[0]
    others = [j for j in range(k) if j != i]
    free, last = others[:-1], others[-1]

    def full(x):
        theta = np.empty(k)
        theta[i] = v
        theta[free] = x
        theta[last] = -v - float(np.sum(x))
        return theta

    if not free:
        theta = full(np.zeros(0))
        return _loglik(theta, w)[0], theta

    def neg(x):
        ll, g = _loglik(full(x), w)
        return -ll, -(g[free] - g[last])

    res = minimize(neg, start[free], jac=True, method="BFGS", options={"gtol": 1e-9})
    theta = full(res.x)
    return _loglik(theta, w)[0], theta


def profile_intervals(wins: np.ndarray, prior_games: float = 1.0, level: float = 0.95,
                      anchor: float = 1000.0, max_elo: float = 4000.0):
    """95% profile-likelihood intervals of Bradley-Terry ratings (Elo, mean ``anchor``).

    The likelihood carries the same ``prior_games`` virtual draws per pair as ``fit_elo``, so
    it is a prior-regularised (posterior-mode) interval: agent ``i``'s interval holds every
    rating at which the best likelihood of the other ratings stays within
    ``chi2(1).ppf(level) / 2`` of the maximum. Where the data only say "better than", the
    likelihood falls slowly on that side and the interval is long there: a side that wins all
    of 20 games against one other gets roughly [+150, +745] around 1000 where a resampling
    bootstrap gives a single point. Bounds beyond ``max_elo`` from the anchor are cut there.
    Returns ``(ratings, low, high)``."""
    from scipy.optimize import brentq
    from scipy.stats import chi2

    w = _with_prior(wins, prior_games)
    k = w.shape[0]
    point = fit_elo(wins, prior_games=prior_games, anchor=anchor)
    if k < 2:
        return point, point.copy(), point.copy()
    theta0 = (point - anchor) * LN10_400
    ll0 = _loglik(theta0, w)[0]
    drop = float(chi2.ppf(level, 1)) / 2.0
    cap = max_elo * LN10_400
    low, high = point.copy(), point.copy()
    for i in range(k):
        def gap(v, i=i):
            return _profile(w, i, v, theta0)[0] - (ll0 - drop)

        v0 = theta0[i]
        for sign, out in ((-1.0, low), (1.0, high)):
            inside, step = v0, 0.5
            while True:
                edge = v0 + sign * step
                if sign * edge >= cap:          # the likelihood is still high at the cut
                    edge = sign * cap
                    if gap(edge) > 0:
                        out[i] = anchor + edge / LN10_400
                        break
                if gap(edge) <= 0:
                    out[i] = anchor + brentq(gap, min(inside, edge), max(inside, edge), xtol=1e-7) / LN10_400
                    break
                inside, step = edge, step * 2.0
    return point, np.minimum(low, point), np.maximum(high, point)


def elo_with_intervals(games: Sequence[list[tuple[int, int, float]]], k: int, n_boot: int = 500,
                       rng: np.random.Generator | int | None = 0, anchor: float = 1000.0,
                       alpha: float = 0.05, prior_games: float = 1.0):
    """Elo ratings (``fit_elo`` of every pairwise result) and 95% intervals.

    Each game is a list of pairwise ``(i, j, score_of_i)`` results. The interval of a rating is
    its profile-likelihood interval (``profile_intervals``), widened to the percentile
    bootstrap over whole games (``n_boot`` resamples, ``scipy.stats.bootstrap``) where that is
    wider: the profile treats pairwise results as independent and shows the uncertainty of a
    one-sided record, which a resample of a perfect record cannot; the bootstrap keeps the
    results of one multi-player game together. ``n_boot=0``: the profile alone.
    Returns ``(ratings, low, high)``."""
    per_game = np.stack([pairwise_matrix(g, k) for g in games]) if games else np.zeros((0, k, k))
    if len(games) == 0:
        point = fit_elo(per_game.sum(axis=0), prior_games=prior_games, anchor=anchor)
        return point, point.copy(), point.copy()
    point, low, high = profile_intervals(per_game.sum(axis=0), prior_games=prior_games,
                                         level=1.0 - alpha, anchor=anchor)
    if n_boot > 0 and len(games) > 1:
        def fit(gs):
            return fit_elo(np.sum(gs, axis=0), prior_games=prior_games, anchor=anchor)

        _, b_lo, b_hi = bootstrap(list(per_game), fit, n_boot=n_boot, rng=rng, alpha=alpha, method="percentile")
        low, high = np.minimum(low, b_lo), np.maximum(high, b_hi)
    return point, low, high


# -- benchmark aggregates (rliable) ------------------------------------------------------------
AGGREGATES = ("IQM", "median", "mean", "optimality gap")


def rliable():
    """``(rliable.library, rliable.metrics)``. rliable resamples with ``arch.bootstrap``; the
    ``arch`` package's own ``__init__`` also imports its volatility models, which fail to import
    beside pandas 3 (arch < 8, which rliable 1.2 requires), and rliable needs none of them: the
    package is entered without running that ``__init__`` (which also saves seconds of import)."""
    import importlib
    import importlib.util
    import sys
    import types

    if "arch" not in sys.modules:
        spec = importlib.util.find_spec("arch")
        if spec is not None and spec.submodule_search_locations:
            shell = types.ModuleType("arch")
            shell.__path__ = list(spec.submodule_search_locations)
            sys.modules["arch"] = shell
    library = importlib.import_module("rliable.library")
    metrics = importlib.import_module("rliable.metrics")
    return library, metrics


def _aggregate_fn(metrics):
    def fn(x):
        return np.array([metrics.aggregate_iqm(x), metrics.aggregate_median(x), metrics.aggregate_mean(x),
                         metrics.aggregate_optimality_gap(x)])
    return fn


def aggregates(scores: dict[str, np.ndarray], reps: int = 2000, seed: int = 0) -> dict[str, dict]:
    """rliable's IQM, median, mean and optimality gap (below 1) of normalized scores, each with
    its stratified-bootstrap 95% interval (runs resampled within each task).

    ``scores[name]`` is a ``(runs, tasks)`` matrix. Returns ``{name: {aggregate: (point, low,
    high)}}`` in the order of ``AGGREGATES``."""
    _, metrics = rliable()
    data = {k: np.asarray(v, dtype=float) for k, v in scores.items()}
    point, interval = _estimates(data, _aggregate_fn(metrics), reps, seed)
    return {k: {a: (float(point[k][i]), float(interval[k][0][i]), float(interval[k][1][i]))
                for i, a in enumerate(AGGREGATES)} for k in data}


def performance_profiles(scores: dict[str, np.ndarray], taus, reps: int = 2000, seed: int = 0):
    """Score distributions (rliable's performance profiles: the fraction of runs, over every
    task, scoring above each ``tau``) with their stratified-bootstrap 95% bands, through
    ``get_interval_estimates`` with a seeded generator (``create_performance_profile`` draws
    from numpy's global one): ``({name: curve}, {name: (2, len(taus)) band})``."""
    taus = np.asarray(taus, dtype=float)

    def profile(x):
        return np.array([float(np.mean(x > t)) for t in taus])

    return _estimates({k: np.asarray(v, dtype=float) for k, v in scores.items()}, profile, reps, seed)


def _seeded_bootstraps(library):
    """rliable's two stratified bootstraps, drawing their resamples from the generator they are
    given: rliable 1.2's own draw from numpy's global generator whatever ``random_state`` says.
    With the same seed they draw exactly the indices rliable draws after ``np.random.seed``."""

    class Stratified(library.StratifiedBootstrap):
        def update_indices(self):
            indices = self.generator.choice(self._num_items, self._args_shape, replace=True)
            return (indices, *self._strata_indices)

    class Independent(library.StratifiedIndependentBootstrap):
        def _get_indices(self, num_runs, array_shape, strata_indices):
            return (self.generator.choice(num_runs, array_shape, replace=True), *strata_indices)

    return Stratified, Independent


def _estimates(data: dict, fn, reps: int, seed: int, level: float = 0.95):
    """``rliable.library.get_interval_estimates`` (percentile intervals of the stratified
    bootstrap over runs within each task), its resamples drawn from ``RandomState(seed)``."""
    library, _ = rliable()
    Stratified, Independent = _seeded_bootstraps(library)
    rng = np.random.RandomState(seed)
    points, intervals = {}, {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)   # arch: random_state becomes generator
        for key, scores in data.items():
            if isinstance(scores, np.ndarray):
                bs = Stratified(scores, random_state=rng)
                points[key] = fn(scores)
            else:
                bs = Independent(*scores, random_state=rng)
                points[key] = fn(*scores)
            intervals[key] = bs.conf_int(fn, reps=reps, size=level, method="percentile")
    return points, intervals


def probability_of_improvement(pairs: dict[str, tuple], reps: int = 2000, seed: int = 0) -> dict[str, tuple]:
    """rliable's probability that X beats Y on a random task (``pairs["X,Y"] = (scores_x,
    scores_y)``, each ``(runs, tasks)``), with its stratified-bootstrap 95% interval:
    ``{"X,Y": (point, low, high)}``."""
    _, metrics = rliable()
    data = {k: [np.asarray(a, dtype=float), np.asarray(b, dtype=float)] for k, (a, b) in pairs.items()}
    point, interval = _estimates(data, metrics.probability_of_improvement, reps, seed)
    return {k: (float(point[k]), float(np.ravel(interval[k][0])[0]), float(np.ravel(interval[k][1])[0]))
            for k in data}
