"""PALEO-D-11, PALEO-SETUP-1: a food tool (the basket: +2 food) is offered in the night tool
window and in owner windows only while the supply has food to give.

Rulebook: resources are taken "from the supply and place[d] ... on the storage area"; the game
has 20 food in all, so with every food in storage a food tool has nothing to bring and is not
offered. With one food left in the supply it is."""
import pytest

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.constants import RES_TOTAL

FOOD = RES_TOTAL[0]


def _basket_holder(sc, supply_food):
    """Group 0 holds a basket and nobody is wounded (no heal tool is in play); the supply holds
    ``supply_food`` food, the rest lies in storage."""
    for h in range(sc.s.n):
        sc.clear_tools(h)
        sc.s.wnd[h] = [0] * len(sc.s.wnd[h])
    sc.give_tool(0, "basket")
    sc.storage(food=FOOD - supply_food)
    assert sc.s.sup[0] == supply_food and not sc.s.invariant_errors()
    return sc.g.content.tool_index["basket"]


def _to_night(sc):
    for g in range(sc.s.n):
        if sc.s.awake[g]:
            sc.act(A.SLEEP_EARLY)


@pytest.mark.parametrize("supply_food", [0, 1])
def test_night_tool_window_offers_a_food_tool_only_with_food_in_the_supply(xs, supply_food):
    """PALEO-D-11 / D-13: the night starts with the night tool window of each group holding a
    usable food or heal tool. Supply empty: group 0's basket brings nothing, so no window opens
    (the night goes on to the mission); one food in the supply: the window opens for group 0
    with the basket on offer."""
    sc = xs()
    t = _basket_holder(sc, supply_food)
    _to_night(sc)
    s = sc.s
    if supply_food:
        assert sc.decision() == "night_tools" and s.pend[-1][1] == 0
        assert s.legal_mask()[A.TOOL + t] and s.legal_mask()[A.CONFIRM]
        sc.act(A.TOOL + t)
        assert s.tools[t] == 0  # used (then the night goes on: feeding returns food to the supply)
    else:
        assert sc.decision() == "night_option", sc.decision()
        assert s.tools[t] == 1


@pytest.mark.parametrize("supply_food", [0, 1])
def test_owner_window_offers_a_food_tool_only_with_food_in_the_supply(xs, supply_food):
    """PALEO-D-11: in group 0's owner window (before it resolves its card) the basket is usable
    when the supply has food, and masked when it has none."""
    sc = xs()
    t = _basket_holder(sc, supply_food)
    sc.reveal_turn({}, {0: "X18", 1: "X13"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    s = sc.s
    assert sc.decision() == "owner" and s.pend[-1][1] == 0
    assert bool(s.legal_mask()[A.TOOL + t]) == bool(supply_food)


def test_a_food_tool_used_in_the_secrets_window_reopens_that_window(xs):
    """PALEO-D-9 / D-10: a revealed secret is its revealer's card and resolves next; a window tool
    used in its owner window leaves that window open for the secret. Group 0 reveals secret 4
    (Secret Door) while group 1's Wood Gift still waits; the lead lets the secret resolve first
    and group 0 uses its basket: group 0's secret window is pending again (not the lead's choice
    of the next card), and group 0 may still resolve the secret."""
    from boardgym.games.paleo.kinds import OW_SECRET

    sc = xs()
    t = _basket_holder(sc, supply_food=2)
    sc.reveal_turn({}, {0: "X11", 1: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    sc.act(A.OPTION + 0)
    s = sc.s
    assert s.sec_card == sc.card("sec04") and sc.decision() == "order"
    sc.act(A.RESOLVE_NEXT + 0)
    assert sc.decision() == "owner" and s.pend[-1][1:3] == (0, OW_SECRET)
    assert s.legal_mask()[A.TOOL + t]
    sc.act(A.TOOL + t)
    assert s.tools[t] == 0 and s.sup[0] == 0 and s.store[0] == FOOD  # +2 food
    assert sc.decision() == "owner" and s.pend[-1][1:3] == (0, OW_SECRET), sc.decision()
    assert s.legal_mask()[A.OPTION + 1]


def test_the_night_tool_window_reopens_for_the_group_that_used_a_tool(xs):
    """PALEO-D-11 / D-13: a group's night tool window stays its own while it has a usable tool:
    group 1 (group 0 holds none) uses one of its two baskets and its window opens again with
    the other, before the night goes on."""
    sc = xs()
    t = _basket_holder(sc, supply_food=6)
    sc.clear_tools(0)
    sc.give_tool(1, "basket", 2)
    _to_night(sc)
    s = sc.s
    assert sc.decision() == "night_tools" and s.pend[-1][1] == 1
    sc.act(A.TOOL + t)
    assert s.tools[s.game.T + t] == 1
    assert sc.decision() == "night_tools" and s.pend[-1][1] == 1 and s.legal_mask()[A.TOOL + t]
