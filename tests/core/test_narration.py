"""boardgym.core.narration: the multiset difference the narrators tell gains and losses with."""
from boardgym.core.narration import added


def test_added_counts_copies_and_keeps_the_order_of_after():
    assert added([3, 5, 5], [5]) == [3, 5]
    assert added([5], [3, 5, 5]) == []
    assert added([2, 1, 2, 1], [1]) == [2, 2, 1]
    before = [1]
    added([1, 1], before)
    assert before == [1]  # the input lists are left alone
