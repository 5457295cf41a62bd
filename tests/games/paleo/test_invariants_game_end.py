"""Paleo saved-state checks (invariants.py) of a finished game: a game ends on the tribe's 5th
victory (won) or 5th skull (lost, PALEO-END-1/2/3), so a finished game holds 5 victories or 5
skulls, and its save loads with them; the saved result is -1, 0 or 1."""
from __future__ import annotations

import pytest

from boardgym.games.paleo.constants import MAX_SKULLS, MAX_VICTORIES
from boardgym.games.paleo.kinds import PH_OVER
from tests.games.saved_pool import edited, load, refused

from .saves import saved


@pytest.mark.parametrize("end", ["won", "lost"])
def test_a_finished_game_at_its_5th_victory_or_skull_loads(xs, end):
    """PALEO-END-1/2/3: "5th victory: immediate win; 5th skull: loss at the end of that action".
    A save of a game over with nothing pending, won with 5 victories (result 1) or lost with 5
    skulls (result -1, the loss flagged), loads with those counts."""
    assert MAX_SKULLS == MAX_VICTORIES == 5
    sc = xs()
    data = saved(sc)
    n = sc.s.n
    change = dict(phase=PH_OVER, over=1, pend=[], cq=[], ops=[], commit=[0] * n, awake=[0] * n)
    if end == "won":
        change.update(victories=5, result=1)
    else:
        change.update(skulls=5, lost=1, result=-1)
    s = load(sc.g, edited(data, **change))
    assert s.is_terminal() and (s.victories, s.skulls) == ((5, data["state"]["skulls"]) if end == "won"
                                                             else (data["state"]["victories"], 5))


def test_a_result_is_a_loss_a_draw_or_a_win(xs):
    """PALEO-END-1/2/3: a game ends won (1) or lost (-1); the saved result is -1, 0 (still going)
    or 1. A result of 2 or -2 is refused by the declaration, naming the range."""
    sc = xs()
    data = saved(sc)
    for v in (2, -2):
        refused(sc.g, edited(data, result=v), f"result is {v}, must be -1, 0 or 1 (-1..1)")
