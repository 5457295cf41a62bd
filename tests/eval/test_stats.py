"""eval.stats: Wilson intervals, mean intervals, Elo (Bradley-Terry) fit, bootstrap."""
import math

import numpy as np
import pytest

from eval.stats import (bootstrap, elo_with_intervals, expected_score, fit_elo, mean_interval,
                        pairwise_matrix, wilson_interval)


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


def test_mean_interval():
    m, lo, hi = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5
    half = 1.959963984540054 * np.std([1, 2, 3, 4], ddof=1) / 2
    assert lo == pytest.approx(2.5 - half) and hi == pytest.approx(2.5 + half)
    assert mean_interval([7.0]) == (7.0, 7.0, 7.0)
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
    assert hi1 - lo1 < 0.5


def test_elo_with_intervals():
    games = [[(0, 1, 1.0)]] * 30 + [[(0, 1, 0.0)]] * 10
    r, lo, hi = elo_with_intervals(games, 2, n_boot=200, rng=0)
    assert r[0] > r[1]
    assert np.all(lo <= r + 1e-9) and np.all(r <= hi + 1e-9)
    assert lo[0] > 1000 > hi[1]


def test_paired_sign_test_counts_discordant_seeds_and_exact_p():
    from eval.stats import paired_sign_test

    a = [1] * 9 + [0] + [1] * 5 + [0] * 5   # 9 seeds only A won, 1 only B, 10 concordant
    b = [0] * 9 + [1] + [1] * 5 + [0] * 5
    r = paired_sign_test(a, b)
    assert (r["a_only"], r["b_only"]) == (9, 1)
    assert r["p_value"] == pytest.approx(2 * (1 + 10) / 2 ** 10)   # 0.0215
    assert paired_sign_test(b, a)["p_value"] == r["p_value"]
    even = paired_sign_test([1, 0, 0.5, 1], [0, 1, 1, 1])          # a half win is neither
    assert (even["a_only"], even["b_only"], even["p_value"]) == (1, 1, 1.0)
    assert paired_sign_test([1, 1], [1, 1])["p_value"] == 1.0
    with pytest.raises(ValueError, match="same seeds"):
        paired_sign_test([1], [1, 0])
