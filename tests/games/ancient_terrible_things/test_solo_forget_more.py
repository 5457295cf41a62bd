"""Forgotten Secrets (solo.py) at its boundaries: a round end whose holdings reach the debt
exactly (a forget, not a defeat, and CONFIRM once the picks reach it), and the fourth
achievement (Horror, icon 3) forgotten like the first. Scripted with the spec cases' solo round
end (2 x (3 + 2) = 10 secrets owed)."""
from __future__ import annotations

from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.constants import HORROR, NOBODY

from .test_spec_cases import solo_round_end


def test_holdings_worth_exactly_the_debt_are_forgotten_not_a_defeat():
    """ATT-SOLO-4/5, ATT-D-16: defeat only when everything held sums below the debt; holding
    4 + 3 encounters and a 3-secret swag (swag07) is exactly 10: the player forgets, CONFIRM
    opens as the picks reach 10 (not before), and afterwards nothing is owed."""
    sc, s = solo_round_end(["enc25", "enc14"], swag=["swag07"])
    j = sc.swag_slot(0, "swag07")
    assert not s.is_terminal() and sc.decision() == "forget" and s.forget_req == 10
    sc.act(A.STACK + 0, A.STACK + 1)
    assert sc.legal() == {A.SWAG + j}  # 7 < 10
    sc.act(A.SWAG + j)
    assert sc.legal() == {A.CONFIRM}
    sc.act(A.CONFIRM)
    assert s.stack[0] == [] and sc.swag("swag07") not in s.swag[0] and s.forget_req == 0


def test_the_fourth_achievement_is_forgotten_like_the_first():
    """ATT-SOLO-4: achievements are forgotten at their side's value (2 here), any of the four:
    holding Horror (icon 3) with 4 + 3 + 2 encounters (11 >= 10), Horror is offered, and once
    forgotten nobody holds it and it is retired."""
    sc, s = solo_round_end(["enc25", "enc14", "enc16"], ach=HORROR)
    assert sc.decision() == "forget"
    assert sc.legal() == {A.STACK + 0, A.STACK + 1, A.STACK + 2, A.ICON + HORROR}
    sc.act(A.ICON + HORROR, A.STACK + 0, A.STACK + 1, A.STACK + 2, A.CONFIRM)
    assert s.ach_holder[HORROR] == NOBODY and s.ach_retired[HORROR] == 1 and s.ach_retired[:3] == [0, 0, 0]
    assert s.stack[0] == [] and s.rumours == [] and s.forget_req == 0
