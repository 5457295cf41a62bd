"""Tool tokens from the rules' point of view (PALEO-D-19, PALEO-ACT-2): where a gained token
comes from, and which attribute tools a group is offered while it is short of a requirement."""
from boardgym.games.paleo import chance_nodes
from boardgym.games.paleo.tools import held, take_token, useful_tools


def _person_with_tool(sc):
    """A card of the People deck that brings a one-time tool, and that tool."""
    cards = sc.g.content.cards
    x = next(x for x in sc.s.people_deck if cards[x].ptool >= 0)
    return x, cards[x].ptool


def test_a_gained_token_comes_from_the_supply_then_the_stock_then_nowhere(xs):
    """PALEO-D-19: "a gained token comes from the general supply, else the craft stock; none left:
    nothing". With one in the supply it comes from there; with none there and one in the stock,
    from the stock; with neither, nothing is taken and neither count goes below 0."""
    sc = xs()
    s, t = sc.s, 0
    s.gsup[t], s.stock[t] = 1, 1
    assert take_token(s, t) and (s.gsup[t], s.stock[t]) == (0, 1)
    assert take_token(s, t) and (s.gsup[t], s.stock[t]) == (0, 0)
    assert not take_token(s, t) and (s.gsup[t], s.stock[t]) == (0, 0)


def test_a_person_joins_without_a_tool_when_none_is_left(xs):
    """PALEO-REW-3 / D-19: a person who joins brings their one-time tool, taken from the supply;
    when the supply and the craft stock hold none of it, the person joins without it."""
    sc = xs()
    s = sc.s
    x, t = _person_with_tool(sc)
    held = s.tools[t]
    s.gsup[t], s.stock[t] = 0, 0
    s.people_deck.remove(x)
    chance_nodes.join_person(s, 0, x)
    assert x in s.ppl[0] and s.tools[t] == held and (s.gsup[t], s.stock[t]) == (0, 0)
    y, u = next((y, sc.g.content.cards[y].ptool) for y in s.people_deck
                if sc.g.content.cards[y].ptool >= 0)
    s.gsup[u], s.stock[u] = 1, 0
    before = s.tools[u]
    s.people_deck.remove(y)
    chance_nodes.join_person(s, 0, y)
    assert s.tools[u] == before + 1 and s.gsup[u] == 0


def test_only_tools_adding_to_a_short_ability_are_offered(xs):
    """PALEO-ACT-2: a group may use attribute tools to reach a requirement; a tool is worth
    offering only if it adds to an ability still short. With every ability short each held tool
    is offered; with only one short, just the tools that add to that one."""
    sc = xs()
    s, c = sc.s, sc.g.content
    for h in range(s.n):
        sc.clear_tools(h)
    tools = list(sc.g.ability_tools)
    for t in tools:
        s.tools[t] = 1
    s.bonus = [0, 0, 0]
    s.need = [99, 99, 99]
    assert useful_tools(s, 1, {}) == tools
    for a in range(3):
        s.need = [0, 0, 0]
        s.need[a] = 99
        want = [t for t in tools if c.tools[t].ability[a]]
        assert useful_tools(s, 1, {}) == want, (a, want)
        assert set(want) != set(tools)       # some held tool adds only to another ability
    s.need = [0, 0, 0]
    assert useful_tools(s, 1, {}) == []


def test_the_participants_hold_the_tokens_of_their_own_groups_only(xs):
    """PALEO-ACT-2 / HELP-1: the tools counted for an option are those of its participants (the
    owner, plus its helpers' groups). Group 0 holds 2 spears and group 1 holds 1: group 0 alone
    holds 2, group 1 alone 1, both together 3, and a set naming no group holds none (not group
    0's 2); nobody holds a torch."""
    sc = xs()
    s = sc.s
    for h in range(s.n):
        sc.clear_tools(h)
    sc.give_tool(0, "spear", 2).give_tool(1, "spear")
    spear, torch = sc.g.content.tool_index["spear"], sc.g.content.tool_index["torch"]
    assert [held(s, parts, spear) for parts in (1, 2, 3, 0)] == [2, 1, 3, 0]
    assert [held(s, parts, torch) for parts in (1, 2, 3, 0)] == [0, 0, 0, 0]


def test_a_tool_reward_with_none_left_gives_nothing(xs):
    """PALEO-REW-2 / D-19 ("none left: nothing"): Big Hunt (2 food and a pelt) resolved by group 0
    while group 1 holds every pelt of the game (none in the supply or the stock): group 0 gets the
    food and no pelt, nobody is asked which participant takes one (group 1 helped), and the pelts
    are all still group 1's."""
    from boardgym.games.paleo import actions as A

    sc = xs()
    s = sc.s
    for h in range(2):
        sc.clear_tools(h)
    pelt = sc.g.content.tool_index["pelt"]
    count = sc.g.content.tools[pelt].count
    sc.give_tool(1, "pelt", s.gsup[pelt] + s.stock[pelt])
    assert s.tools[sc.g.T + pelt] == count and s.gsup[pelt] == s.stock[pelt] == 0
    sc.people(0, ["ppl03", "ppl01"])  # 2 + 1 STR: Big Hunt's 3
    food = s.store[0]
    sc.reveal_turn({}, {0: "X08", 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0, A.OPTION + 0)
    assert s.store[0] == food + 2 and s.tools[pelt] == 0 and s.tools[sc.g.T + pelt] == count
    assert sc.decision() != "split" and not s.invariant_errors()
