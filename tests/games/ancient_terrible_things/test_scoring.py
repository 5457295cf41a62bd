"""The running score in the reward mode's form (spec §4 Rewards: optional potential-based
shaping is the step change of the running score, in the same form as the terminal reward)."""
from __future__ import annotations

import pytest

from boardgym.games.ancient_terrible_things.scoring import potential, score

from .scripted import Script


def scored(n, reward):
    """A fresh game with different running scores: seat 0 holds a 4-secret encounter, seat 1 a
    3-secret one, the others none."""
    sc = Script(num_players=n, reward=reward).resolve()
    sc.stack_encounter(0, "enc25")
    if n > 1:
        sc.stack_encounter(1, "enc14")
    return sc.s


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("reward", ["score_diff", "rank"])
def test_the_potential_is_the_margin_over_the_mean_of_the_others(n, reward):
    """Spec §4: score_diff pays (own - mean of the others) / 10; the running score for shaping
    takes the same form (rank shapes with it too)."""
    s = scored(n, reward)
    scores = [score(s, p) for p in range(n)]
    assert scores[0] != scores[1]
    for p in range(n):
        others = [scores[q] for q in range(n) if q != p]
        assert potential(s, p) == pytest.approx((scores[p] - sum(others) / len(others)) / 10.0)


@pytest.mark.parametrize("n", [1, 3])
def test_the_raw_potential_is_the_own_score(n):
    """Spec §4: raw pays own score / 10, and so does the solo game's shaping on retained
    secrets."""
    s = scored(n, "raw" if n > 1 else "score_diff")
    for p in range(n):
        assert potential(s, p) == pytest.approx(score(s, p) / 10.0)
