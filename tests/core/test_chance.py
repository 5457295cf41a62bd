"""Chance in core (``core.chance``): which outcome a draw ``u`` picks (exact boundaries, with a
generator that returns a chosen ``u``), that a node of one outcome draws nothing (a replay
re-sampled from its seed stays in step), and the probabilities ``uniform`` and ``from_counts``
give."""
import numpy as np
import pytest

from boardgym.core.chance import from_counts, sample_outcome, uniform


class Draws:
    """A stand-in generator whose ``random()`` returns the given values in turn."""

    def __init__(self, *values):
        self.values, self.calls = list(values), 0

    def random(self):
        self.calls += 1
        return self.values.pop(0)


OUTCOMES = [(10, 0.25), (11, 0.25), (12, 0.5)]


@pytest.mark.parametrize("u, want", [(0.0, 10), (0.2499, 10), (0.25, 11), (0.4999, 11), (0.5, 12),
                                     (0.9999, 12)])
def test_an_outcome_takes_the_draws_from_its_start_up_to_before_its_end(u, want):
    """Outcomes share [0, 1) in their order: a draw ``u`` picks the outcome whose share holds it,
    a share's start included and its end not (0.25 is the second outcome's, not the first's), so
    every outcome is drawn with exactly its probability."""
    rng = Draws(u)
    assert sample_outcome(OUTCOMES, rng) == want and rng.calls == 1


@pytest.mark.parametrize("u", [0.9, 0.95, 0.999])
def test_a_draw_past_the_probabilities_sum_picks_the_last_outcome(u):
    """Probabilities that add up to a little less than 1 (rounding) still give an outcome for
    every draw: one past their sum is the last outcome's, never the first or another."""
    outcomes = [(4, 0.3), (5, 0.3), (6, 0.3)]
    assert sample_outcome(outcomes, Draws(u)) == 6
    assert sample_outcome(outcomes, Draws(0.6)) == 6 and sample_outcome(outcomes, Draws(0.59)) == 5


def test_a_node_of_one_outcome_draws_nothing_and_two_draw_once():
    """A chance node with a single outcome takes no number from the generator, one with two or
    more takes exactly one: the draws after it, and so a replay re-sampled from its seed, stay in
    step with the game that was played."""
    rng = Draws()
    assert sample_outcome([(9, 1.0)], rng) == 9 and rng.calls == 0
    rng = Draws(0.7)
    assert sample_outcome([(1, 0.5), (2, 0.5)], rng) == 2 and rng.calls == 1
    a, b = np.random.default_rng(3), np.random.default_rng(3)
    sample_outcome([(9, 1.0)], a)
    assert a.random() == b.random()


@pytest.mark.parametrize("n", [1, 3, 4])
def test_uniform_gives_every_id_the_same_share(n):
    """``uniform`` lists the ids in their order, each with probability 1/n, together 1."""
    out = uniform(range(5, 5 + n))
    assert [i for i, _ in out] == list(range(5, 5 + n))
    assert all(p == pytest.approx(1 / n) for _, p in out)
    assert sum(p for _, p in out) == pytest.approx(1.0)


def test_from_counts_shares_by_count_and_leaves_out_counts_of_0_or_less():
    """A multiset draw: each id with a count of 1 or more, by id, with its count over the total of
    the positive counts (a count of 1 is drawn, 0 and negatives never)."""
    assert from_counts({2: 3, 0: 1, 1: 0, 3: -2}) == [(0, 0.25), (2, 0.75)]
    assert from_counts({7: 1}) == [(7, 1.0)]
