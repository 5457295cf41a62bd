"""boardgym.eval.stats: Wilson intervals, mean intervals, Elo (Bradley-Terry) fit, bootstrap, checked
against published values (Newcombe 1998's Wilson intervals, Student t quantiles), exact
binomial probabilities counted by hand, and the perfect-record rating case."""
import math

import numpy as np
import pytest

from boardgym.eval.stats import (bootstrap, elo_with_intervals, expected_score, fit_elo, mean_interval,
                        pairwise_matrix, ratio_summary, wilson_interval)


def test_wilson_known_values():
    lo, hi = wilson_interval(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson_interval(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)


def test_wilson_edges_and_errors():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(2.5, 5)  # draws count half
    assert lo < 0.5 < hi
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    # narrower with more data
    assert np.diff(wilson_interval(50, 100)) < np.diff(wilson_interval(5, 10))


def test_wilson_matches_newcombes_published_examples():
    """Newcombe (1998), Statistics in Medicine 17:857-872, Table II, method 3 (score, no
    continuity correction)."""
    for (k, n), (lo, hi) in {(81, 263): (0.2553, 0.3662), (15, 148): (0.0624, 0.1605),
                             (0, 20): (0.0, 0.1611), (1, 29): (0.0061, 0.1718)}.items():
        got = wilson_interval(k, n)
        assert got == pytest.approx((lo, hi), abs=5e-5), (k, n, got)


def test_mean_interval_is_student_t():
    m, lo, hi = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5
    sem = np.std([1, 2, 3, 4], ddof=1) / 2
    assert (hi - m) / sem == pytest.approx(3.1824, abs=1e-4)   # t(0.975, 3 df), printed tables
    assert m - lo == pytest.approx(hi - m)
    x = list(np.random.default_rng(3).normal(size=10))
    _, lo, hi = mean_interval(x)
    assert (hi - lo) / 2 / (np.std(x, ddof=1) / math.sqrt(10)) == pytest.approx(2.2622, abs=1e-4)   # 9 df
    # the normal interval is too narrow for few games: 5 games' t interval is 1.42x wider
    _, lo5, hi5 = mean_interval([0.0, 1.0, 0.0, 1.0, 1.0])
    assert (hi5 - lo5) / 2 / (np.std([0, 1, 0, 1, 1], ddof=1) / math.sqrt(5)) > 1.4 * 1.96


def test_mean_interval_edges():
    m, lo, hi = mean_interval([7.0])
    assert m == 7.0 and math.isnan(lo) and math.isnan(hi)     # one game: no spread to speak of
    assert mean_interval([-1.0] * 30) == (-1.0, -1.0, -1.0)
    assert all(math.isnan(x) for x in mean_interval([]))


def test_fit_elo_two_players_matches_odds():
    # 75 wins of 100: odds 3:1 -> 400*log10(3) = 190.85 Elo apart
    w = np.array([[0, 75], [25, 0]], dtype=float)
    r = fit_elo(w, prior_games=0.0)
    assert r[0] - r[1] == pytest.approx(400 * math.log10(3), abs=0.01)
    assert r.mean() == pytest.approx(1000.0)
    assert expected_score(r[0], r[1]) == pytest.approx(0.75, abs=1e-6)


def test_fit_elo_prior_keeps_ratings_finite_and_ordered():
    w = pairwise_matrix([(0, 1, 1.0)] * 20 + [(1, 2, 1.0)] * 20 + [(0, 2, 1.0)] * 20, 3)
    r = fit_elo(w)
    assert np.all(np.isfinite(r))
    assert r[0] > r[1] > r[2]
    assert r.mean() == pytest.approx(1000.0)


def test_fit_elo_symmetric_results_give_equal_ratings():
    w = pairwise_matrix([(0, 1, 0.5)] * 10 + [(0, 1, 1.0), (0, 1, 0.0)], 2)
    assert w[0, 1] == w[1, 0] == 6.0
    r = fit_elo(w)
    assert r[0] == pytest.approx(r[1])


def test_bootstrap_is_deterministic_and_brackets_point():
    data = list(np.random.default_rng(1).normal(size=200))
    p1, lo1, hi1 = bootstrap(data, np.mean, n_boot=300, rng=7)
    p2, lo2, hi2 = bootstrap(data, np.mean, n_boot=300, rng=7)
    assert (lo1, hi1) == (lo2, hi2)
    assert lo1 < p1 < hi1
    # BCa on 200 normal values: close to the t interval of the mean
    _, tlo, thi = mean_interval(data)
    assert (hi1 - lo1) == pytest.approx(thi - tlo, rel=0.2)
    # a vector statistic, and items that are not numbers
    games = [[(0, 1, 1.0)], [(0, 1, 0.0)], [(0, 1, 1.0)]] * 10
    point, lo, hi = bootstrap(games, lambda gs: pairwise_matrix([r for g in gs for r in g], 2)[0],
                              n_boot=200, rng=0, method="percentile")
    assert point.shape == lo.shape == (2,) and lo[1] <= point[1] <= hi[1] and lo[1] < hi[1]
    # nothing to resample: the point
    assert bootstrap([1.0] * 5, np.mean, n_boot=50)[1] == 1.0


def test_elo_with_intervals():
    games = [[(0, 1, 1.0)]] * 30 + [[(0, 1, 0.0)]] * 10
    r, lo, hi = elo_with_intervals(games, 2, n_boot=200, rng=0)
    assert r[0] > r[1]
    assert np.all(lo <= r + 1e-9) and np.all(r <= hi + 1e-9)
    assert lo[0] > 1000 > hi[1]


def _binomial_lr_interval(wins, n):
    """The likelihood-ratio interval of a win probability, from the binomial likelihood
    directly (an independent computation of what the two-player profile must give)."""
    from scipy.optimize import brentq
    from scipy.stats import chi2

    def ll(p):
        return wins * math.log(p) + (n - wins) * math.log(1 - p)

    top, drop = ll(wins / n), chi2.ppf(0.95, 1) / 2

    def f(p):
        return ll(p) - (top - drop)

    return brentq(f, 1e-12, wins / n), brentq(f, wins / n, 1 - 1e-12)


def test_two_player_profile_interval_is_the_binomial_likelihood_ratio_interval():
    from boardgym.eval.stats import profile_intervals

    r, lo, hi = profile_intervals(np.array([[0, 75], [25, 0]], dtype=float), prior_games=0.0)
    p_lo, p_hi = _binomial_lr_interval(75, 100)
    elo = lambda p: 1000 + 200 * math.log10(p / (1 - p))   # noqa: E731  (half the gap, mean 1000)
    assert r[0] == pytest.approx(elo(0.75), abs=0.01)
    assert (lo[0], hi[0]) == pytest.approx((elo(p_lo), elo(p_hi)), abs=0.05)
    assert (lo[1], hi[1]) == pytest.approx((2000 - elo(p_hi), 2000 - elo(p_lo)), abs=0.05)


def test_a_perfect_record_gets_a_wide_one_sided_interval():
    """20 wins of 20: a bootstrap over games resamples the same record every time (the old
    [1223, 1223]); the profile interval is wide, and much wider on the "better" side."""
    games = [[(0, 1, 1.0)]] * 20
    r, lo, hi = elo_with_intervals(games, 2, n_boot=200, rng=0)
    assert lo[0] < r[0] < hi[0] and lo[1] < r[1] < hi[1]
    assert lo[0] > 1000 > hi[1]                        # clearly better than the other
    assert hi[0] - lo[0] > 400
    assert hi[0] - r[0] > 2 * (r[0] - lo[0])           # the data say "better than", not "how much"
    # the bound is where the regularised likelihood (one virtual draw) drops by chi2(1)/2
    from scipy.stats import chi2

    def ll(d):   # rating gap d in Elo points
        p = 1 / (1 + 10 ** (-d / 400))
        return 20.5 * math.log(p) + 0.5 * math.log(1 - p)

    gap_lo, gap_hi = 2 * (lo[0] - 1000), 2 * (hi[0] - 1000)
    top = ll(2 * (r[0] - 1000))
    assert top - ll(gap_lo) == pytest.approx(chi2.ppf(0.95, 1) / 2, abs=1e-4)
    assert top - ll(gap_hi) == pytest.approx(chi2.ppf(0.95, 1) / 2, abs=1e-4)


def test_elo_intervals_for_many_agents_contain_the_ratings():
    rng = np.random.default_rng(5)
    truth = [0, 100, 200, 300]
    games = []
    for _ in range(400):
        i, j = (int(x) for x in rng.choice(4, 2, replace=False))
        games.append([(i, j, float(rng.random() < expected_score(truth[i], truth[j])))])
    r, lo, hi = elo_with_intervals(games, 4, n_boot=100, rng=1)
    assert list(np.argsort(r)) == [0, 1, 2, 3]
    assert np.all(lo < r) and np.all(r < hi)
    assert r.mean() == pytest.approx(1000.0)
    # the ratings' spread (gaps of 100) is found within the intervals
    assert np.all(np.asarray(truth) - np.mean(truth) + 1000 > lo - 1e-9)
    assert np.all(np.asarray(truth) - np.mean(truth) + 1000 < hi + 1e-9)


def test_paired_sign_test_counts_discordant_seeds_and_exact_p():
    from boardgym.eval.stats import paired_sign_test

    a = [1] * 9 + [0] + [1] * 5 + [0] * 5   # 9 seeds only A won, 1 only B, 10 concordant
    b = [0] * 9 + [1] + [1] * 5 + [0] * 5
    r = paired_sign_test(a, b)
    assert (r["a_only"], r["b_only"]) == (9, 1)
    assert r["p_value"] == 2 * (1 + 10) / 2 ** 10   # exactly 0.021484375: 2 * P(X <= 1), X ~ B(10, 1/2)
    # 3 of 15 discordant seeds: 2 * (C(15,0) + C(15,1) + C(15,2) + C(15,3)) / 2^15 = 0.03515625
    r15 = paired_sign_test([1] * 3 + [0] * 12, [0] * 3 + [1] * 12)
    assert r15["p_value"] == pytest.approx(2 * (1 + 15 + 105 + 455) / 2 ** 15, rel=1e-12)
    assert paired_sign_test([1] * 10, [0] * 10)["p_value"] == pytest.approx(2 / 2 ** 10, rel=1e-12)
    assert paired_sign_test(b, a)["p_value"] == r["p_value"]
    even = paired_sign_test([1, 0, 0.5, 1], [0, 1, 1, 1])          # a half win is neither
    assert (even["a_only"], even["b_only"], even["p_value"]) == (1, 1, 1.0)
    assert paired_sign_test([1, 1], [1, 1])["p_value"] == 1.0
    with pytest.raises(ValueError, match="same seeds"):
        paired_sign_test([1], [1, 0])


def test_paired_score_test_on_known_numbers():
    """Scores on the same seeds: differences 2, 1, 3, 0 (mean 1.5, sd sqrt(5/3)); the paired t
    statistic 1.5 / (sd / 2) on 3 degrees of freedom; Wilcoxon drops the tie and ranks 2, 1, 3 all
    positive: the exact two-sided p of W = 0 with 3 pairs is 2 / 2^3."""
    from scipy.stats import t

    from boardgym.eval.stats import paired_score_test

    r = paired_score_test([3, 5, 7, 9], [1, 4, 4, 9])
    sd = (5 / 3) ** 0.5
    assert r["mean_difference"] == pytest.approx(1.5)
    half = t.ppf(0.975, 3) * sd / 2
    assert (r["low"], r["high"]) == (pytest.approx(1.5 - half), pytest.approx(1.5 + half))
    assert r["t_p_value"] == pytest.approx(2 * t.sf(1.5 / (sd / 2), 3), rel=1e-9)
    assert r["wilcoxon_p_value"] == pytest.approx(0.25, rel=1e-9)
    flipped = paired_score_test([1, 4, 4, 9], [3, 5, 7, 9])
    assert flipped["mean_difference"] == pytest.approx(-1.5) and flipped["t_p_value"] == pytest.approx(r["t_p_value"])
    same = paired_score_test([4, 5], [4, 5])
    assert (same["mean_difference"], same["t_p_value"], same["wilcoxon_p_value"]) == (0.0, 1.0, 1.0)
    with pytest.raises(ValueError, match="same seeds"):
        paired_score_test([1], [1, 0])


def test_ratio_summary_is_the_median_of_the_pairs_with_their_range():
    assert ratio_summary([1.5, 0.9, 1.2, 2.0]) == {"median": 1.35, "min": 0.9, "max": 2.0, "pairs": 4}
    assert ratio_summary([3.0]) == {"median": 3.0, "min": 3.0, "max": 3.0, "pairs": 1}
