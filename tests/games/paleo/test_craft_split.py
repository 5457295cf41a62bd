"""PALEO-CRAFT-1, D-7, D-19: who crafts and where a crafted tool comes from.

A tool made with the CRAFT icon comes from its craft stock ("Crafting takes from the craft
stock", D-19), also when the helped group hands it to a helper (D-7); a tool gained as a TOOL
reward comes from the general supply first. The recipe's tool window belongs to the group that
chose to craft."""
from boardgym.games.paleo import actions as A
from boardgym.games.paleo.kinds import D_CRAFT

from .scripted import solo_turn


def _both_piles(sc, key, gsup, stock):
    """Tool ``key``: ``gsup`` tokens in the general supply, ``stock`` in its craft stock (the
    rest stays where it is; per-type totals are conserved, D-19)."""
    s, t = sc.s, sc.g.content.tool_index[key]
    free = s.gsup[t] + s.stock[t]
    assert free >= gsup + stock
    s.gsup[t], s.stock[t] = gsup, free - gsup
    assert s.stock[t] >= stock
    return t


def _helped_turn(sc, card):
    """Group 1 helps group 0 resolve ``card`` (group 1's own card is spent on the help)."""
    for h in range(2):
        sc.clear_tools(h)
    sc.reveal_turn({}, {0: card, 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0, A.OPTION + 0)


def test_a_crafted_tool_handed_to_the_helper_comes_from_the_craft_stock(xs):
    """PALEO-CRAFT-1 / D-19 / D-7: group 1 helps group 0 on a CRAFT card; group 0 crafts a spear
    and gives it to group 1. The token leaves the spear's craft stock; the general supply, which
    holds spears too, keeps them ("Crafting takes from the craft stock")."""
    sc = xs()
    sc.storage(wood=2)
    t = _both_piles(sc, "spear", gsup=2, stock=2)
    _helped_turn(sc, "X17")
    s = sc.s
    assert sc.decision() == "craft"
    gsup, stock = s.gsup[t], s.stock[t]
    sc.act(A.TOOL + t)
    assert sc.decision() == "split" and s.legal_mask()[A.GROUP + 1]
    sc.act(A.GROUP + 1)
    assert s.tools[1 * sc.g.T + t] == 1 and s.tools[t] == 0
    assert s.stock[t] == stock - 1 and s.gsup[t] == gsup
    assert not s.invariant_errors()


def test_a_crafted_tool_kept_by_the_helped_group_comes_from_the_craft_stock(xs):
    """PALEO-CRAFT-1 / D-19: the same craft, the spear given to the helped group itself: again
    from the craft stock, the general supply untouched."""
    sc = xs()
    sc.storage(wood=2)
    t = _both_piles(sc, "spear", gsup=2, stock=2)
    _helped_turn(sc, "X17")
    s = sc.s
    gsup, stock = s.gsup[t], s.stock[t]
    sc.act(A.TOOL + t, A.GROUP + 0)
    assert s.tools[t] == 1 and s.stock[t] == stock - 1 and s.gsup[t] == gsup


def test_a_tool_reward_handed_to_the_helper_comes_from_the_general_supply(xs):
    """PALEO-REW-2 / D-19 / D-7: the other side of the rule: a TOOL reward (Spear Gift) given to
    the helper is taken from the general supply while it has one; the craft stock keeps its
    spears."""
    sc = xs()
    t = _both_piles(sc, "spear", gsup=2, stock=2)
    _helped_turn(sc, "X15")
    s = sc.s
    gsup, stock = s.gsup[t], s.stock[t]
    assert sc.decision() == "split"
    sc.act(A.GROUP + 1)
    assert s.tools[1 * sc.g.T + t] == 1
    assert s.gsup[t] == gsup - 1 and s.stock[t] == stock


def test_the_recipe_window_belongs_to_the_group_that_crafts(xs):
    """PALEO-CRAFT-1 / D-11: group 1 (no skilled person, a stone axe) resolves its CRAFT card and
    chooses the bow: the recipe's tool window is group 1's decision, not group 0's; group 1 uses
    the axe there and gets the bow."""
    sc = xs()
    s = sc.s
    sc.people(1, ["ppl01"])
    sc.clear_tools(1)
    sc.give_tool(1, "stone_axe")
    bow = _craft_turn_for(sc, 1)
    axe = sc.g.content.tool_index["stone_axe"]
    assert sc.decision() == "craft" and s.pend[-1][1] == 1 and s.current_player == 1
    sc.act(A.TOOL + bow)
    assert sc.decision() == "craft" and s.pend[-1][:3] == (D_CRAFT, 1, bow + 1)
    assert s.current_player == 1 and s.acting_players() == [1]
    assert not s.invariant_errors()
    back = sc.g.state_from_json(s.to_json())
    assert back.current_player == 1
    sc.act(A.TOOL + axe)
    assert s.tools[1 * sc.g.T + bow] == 1 and s.tools[bow] == 0


def _craft_turn_for(sc, g):
    """Group ``g`` knows the bow idea (as in test_crafting.py) and resolves X17 (reward:
    CRAFT); the other group reveals X18 and resolves after it."""
    s = sc.s
    bow_idea = sc.card("ide01")
    s.idea_deck.remove(bow_idea)
    s.bench.append(bow_idea)
    s.seen[bow_idea] = 1
    bow = sc.g.content.tool_index["bow"]
    s.stock[bow] += s.gsup[bow]
    s.gsup[bow] = 0
    sc.storage(wood=2)
    sc.clear_tools(1 - g)
    sc.reveal_turn({}, {g: "X17", 1 - g: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + g)
    sc.act(A.OPTION + 0)
    return bow



def test_a_tool_crafted_by_a_group_alone_comes_from_the_craft_stock(xs):
    """PALEO-CRAFT-1 / D-19: group 0 resolves its CRAFT card alone and crafts a spear: the token
    leaves the spear's craft stock and the general supply, which holds spears too, keeps them
    ("Crafting takes from the craft stock"), as when a helper is there."""
    sc = xs()
    sc.storage(wood=2)
    t = _both_piles(sc, "spear", gsup=2, stock=2)
    solo_turn(sc, 0, "X17").act(A.OPTION + 0)
    s = sc.s
    assert sc.decision() == "craft" and s.legal_mask()[A.TOOL + t], sc.legal()
    gsup, stock = s.gsup[t], s.stock[t]
    sc.act(A.TOOL + t)
    assert s.tools[t] == 1 and s.stock[t] == stock - 1 and s.gsup[t] == gsup
    assert not s.invariant_errors()
