"""Tool tokens at the level of the rules' bookkeeping (boardgym/games/paleo/tools.py): who pays a
spent token (PALEO-ACT-3, D-7), where it goes back to (PALEO-D-19), what the participants'
abilities and attribute tools add up to (PALEO-ACT-2), and which recipes can be crafted
(PALEO-CRAFT-1). Each test sets the exact holdings, so the exact counts can be read back."""
from boardgym.games.paleo.tools import (abilities, craftable, known, met, pay_recipe, reachable,
                                        spend, tool_bonus_max)


def _bare(sc, *people):
    """No group holds a tool token; group 0's people are ``people[0]``, group 1's ``people[1]``."""
    s = sc.s
    for h in range(s.n):
        sc.clear_tools(h)
    for h, keys in enumerate(people):
        sc.people(h, keys)
    return s


def _both_hold(sc, key):
    """No other tool token in play; groups 0 and 1 hold one ``key`` each: (state, tool index)."""
    s = _bare(sc)
    sc.give_tool(0, key).give_tool(1, key)
    return s, sc.g.content.tool_index[key]


def _held(sc, g, key):
    return sc.s.tools[g * sc.g.T + sc.g.content.tool_index[key]]


# -- who pays (PALEO-ACT-3 / D-7; the deciding group first, then seat order) -----------------------

def test_the_deciding_group_pays_a_spent_token_first(xs):
    """PALEO-ACT-3 / D-7: a token a cost or a use spends may come from any participant; the
    deciding group's own token goes first (documented simplification of GROUP[g]). Both groups
    hold 1 spear and group 1 decides: group 1's spear is spent and group 0 keeps its own; asked
    again, group 1 holds none, so group 0's goes."""
    sc = xs()
    s, spear = _both_hold(sc, "spear")
    assert spend(s, 3, spear, 1) == 1
    assert (_held(sc, 0, "spear"), _held(sc, 1, "spear")) == (1, 0)
    assert spend(s, 3, spear, 1) == 0
    assert (_held(sc, 0, "spear"), _held(sc, 1, "spear")) == (0, 0)
    assert spend(s, 3, spear, 1) == -1                     # nobody holds one: nothing is spent
    assert s.stock[spear] == 5 and not s.invariant_errors()


def test_a_group_outside_the_participants_never_pays(xs):
    """PALEO-ACT-3 / HELP-1: only the participants' tokens pay (the owner and its helpers). Both
    groups hold a torch; with group 0 alone taking part, group 1 as the named decider does not
    pay: group 0's torch is spent. With group 1 alone taking part and group 0 named, group 1's
    is spent."""
    sc = xs()
    s, torch = _both_hold(sc, "torch")
    assert spend(s, 1, torch, 1) == 0
    assert (_held(sc, 0, "torch"), _held(sc, 1, "torch")) == (0, 1)
    sc.give_tool(0, "torch")
    assert spend(s, 2, torch, 0) == 1
    assert (_held(sc, 0, "torch"), _held(sc, 1, "torch")) == (1, 0)


def test_the_only_holder_pays_when_the_decider_holds_none(xs):
    """PALEO-ACT-3: group 0 decides but only group 1 (a participant) holds a stone axe: group
    1's axe is spent; then group 0 alone holds one and decides nothing (seat order): its own
    goes."""
    sc = xs()
    s = _bare(sc)
    sc.give_tool(1, "stone_axe")
    axe = sc.g.content.tool_index["stone_axe"]
    assert spend(s, 3, axe, 0) == 1 and _held(sc, 1, "stone_axe") == 0
    sc.give_tool(0, "stone_axe")
    assert spend(s, 3, axe, -1) == 0 and _held(sc, 0, "stone_axe") == 0
    assert s.stock[axe] == 5


# -- where a spent token goes (PALEO-D-19) --------------------------------------------------------

def test_a_spent_token_returns_to_its_stock_only_while_its_idea_is_known(xs):
    """PALEO-D-19: a spent token returns to its type's craft stock if that idea is known, else
    to the general supply; PALEO-SETUP-2: the spear is printed (always known). A spent spear goes
    to the stock (not the supply); a spent rope goes to the general supply while the rope idea is
    not on the workbench, and to the rope stock once it is."""
    sc = xs()
    s = _bare(sc)
    spear, rope = sc.g.content.tool_index["spear"], sc.g.content.tool_index["rope"]
    sc.give_tool(0, "spear")
    sup, stock = s.gsup[spear], s.stock[spear]
    spend(s, 1, spear, 0)
    assert (s.gsup[spear], s.stock[spear]) == (sup, stock + 1)
    sc.give_tool(0, "rope", 2)
    sup, stock = s.gsup[rope], s.stock[rope]
    assert not known(s, rope)
    spend(s, 1, rope, 0)
    assert (s.gsup[rope], s.stock[rope]) == (sup + 1, stock)
    idea = sc.card("ide02")                                 # the rope idea
    s.idea_deck.remove(idea)
    s.bench.append(idea)
    assert known(s, rope)
    spend(s, 1, rope, 0)
    assert (s.gsup[rope], s.stock[rope]) == (sup + 1, stock + 1)


def test_only_the_four_workbench_slots_make_an_idea_known(xs):
    """PALEO-D-15 / CRAFT-1: the workbench has 4 idea-card slots; a tool idea is known while it
    lies in one of them. With 4 other ideas in the slots and the rope idea a fifth card (the one
    a full bench is about to drop), the rope is not known; in slot 4 it is."""
    sc = xs()
    s = sc.s
    rope = sc.g.content.tool_index["rope"]
    idea = sc.card("ide02")
    others = [x for x in s.idea_deck if x != idea][:4]
    s.bench[:] = others + [idea]
    assert not known(s, rope)
    s.bench[:] = others[:3] + [idea]
    assert known(s, rope)


# -- abilities and attribute tools (PALEO-ACT-2) ----------------------------------------------------

def test_abilities_sum_each_participant_groups_people(xs):
    """PALEO-ACT-2: a requirement is checked against the summed STR/AWR/SKL of the participants'
    people; a person without an ability (Fire Tender) adds nothing. Group 0: a 2-STR, a 2-AWR, a
    2-SKL person and Fire Tender; group 1: a 1-STR person. Group 0 alone: [2, 2, 2]; group 1
    alone: [1, 0, 0]; both: [3, 2, 2]; no group: [0, 0, 0]."""
    sc = xs()
    s = _bare(sc, ["ppl03", "ppl09", "ppl15", "ppl19"], ["ppl01"])
    assert [abilities(s, parts) for parts in (1, 2, 3, 0)] == [[2, 2, 2], [1, 0, 0], [3, 2, 2], [0, 0, 0]]


def test_each_attribute_tool_adds_its_own_ability(xs):
    """PALEO-ACT-2 + the tool table: torch +2 AWR, stone axe +2 SKL, spear +2 STR, bow +3 STR,
    rope +1 STR +1 SKL. With one of each, group 0's tools could add [6, 2, 3]; keeping one spear
    back for a cost (a paid token gives no effect, ACT-3) leaves [4, 2, 3]; two spears with one
    kept back still add one spear's 2."""
    sc = xs()
    s = _bare(sc, ["ppl01"])
    for key in ("torch", "stone_axe", "spear", "bow", "rope"):
        sc.give_tool(0, key)
    spear = sc.g.content.tool_index["spear"]
    assert tool_bonus_max(s, 1, {}) == [6, 2, 3]
    assert tool_bonus_max(s, 1, {spear: 1}) == [4, 2, 3]
    assert tool_bonus_max(s, 2, {}) == [0, 0, 0]           # group 1 holds none of them
    sc.give_tool(0, "spear")
    assert tool_bonus_max(s, 1, {spear: 1}) == [6, 2, 3]


def test_a_requirement_is_reachable_exactly_at_its_value(xs):
    """PALEO-ACT-2: a requirement is met when the sum reaches each shown value (equal is enough).
    Group 0 has one 1-STR person, a torch, a stone axe and a spear: [3, 2, 2] is reachable, one
    more of any ability is not. Without tools, [1, 0, 0] is reachable, [1, 1, 0] and [0, 0, 1] are
    not. A spear kept back for a cost adds nothing: [3, 0, 0] is then out of reach."""
    sc = xs()
    s = _bare(sc, ["ppl01"])
    assert reachable(s, 1, [1, 0, 0], {})
    assert not reachable(s, 1, [1, 1, 0], {}) and not reachable(s, 1, [0, 0, 1], {})
    assert not reachable(s, 1, [2, 0, 0], {})
    for key in ("torch", "stone_axe", "spear"):
        sc.give_tool(0, key)
    assert reachable(s, 1, [3, 2, 2], {})
    for a in range(3):
        need = [3, 2, 2]
        need[a] += 1
        assert not reachable(s, 1, need, {}), need
    spear = sc.g.content.tool_index["spear"]
    assert not reachable(s, 1, [3, 0, 0], {spear: 1}) and reachable(s, 1, [1, 2, 2], {spear: 1})


def test_a_check_is_met_with_the_used_tools_bonus_exactly_at_its_value(xs):
    """PALEO-ACT-2 / D-11: in the tool window the check is met when people plus the bonus of the
    tools used reach each value. Group 0 has a 1-STR, a 1-AWR and a 1-SKL person and a bonus of
    [1, 2, 3]: need [2, 3, 4] is met, one more in any ability is not; the helpers' people count
    (group 1's 1-STR person makes [3, 3, 4] met for both groups)."""
    sc = xs()
    s = _bare(sc, ["ppl01", "ppl07", "ppl13"], ["ppl02"])
    s.bonus = [1, 2, 3]
    s.need = [2, 3, 4]
    assert met(s, 1)
    for a in range(3):
        s.need = [2, 3, 4]
        s.need[a] += 1
        assert not met(s, 1), s.need
    s.need = [3, 3, 4]
    assert met(s, 3) and not met(s, 1)


def test_only_held_tools_adding_to_a_short_ability_are_worth_using(xs):
    """PALEO-ACT-2 / D-11: in the tool window a tool is offered while it adds to an ability still
    short of the requirement counting the bonus already gained, and while the group holds one
    not kept back for a cost (ACT-3). Group 0: a 1-AWR person, a torch and a spear (no stone
    axe), AWR bonus 1. Need 2 AWR: met, nothing offered; need 3 AWR: the torch; need 1 STR: the
    spear only (no axe is held to offer), then with an axe the axe and the spear (type order);
    the torch kept back for a cost: nothing for 3 AWR."""
    from boardgym.games.paleo.tools import useful_tools

    sc = xs()
    s = _bare(sc, ["ppl07"])
    sc.give_tool(0, "torch").give_tool(0, "spear")
    ti = sc.g.content.tool_index
    s.bonus = [0, 1, 0]
    s.need = [0, 2, 0]
    assert useful_tools(s, 1, {}) == []
    s.need = [0, 3, 0]
    assert useful_tools(s, 1, {}) == [ti["torch"]]
    assert useful_tools(s, 1, {ti["torch"]: 1}) == []
    s.need = [1, 1, 1]
    assert useful_tools(s, 1, {}) == [ti["spear"]]
    sc.give_tool(0, "stone_axe")
    assert useful_tools(s, 1, {}) == [ti["stone_axe"], ti["spear"]]


def test_tool_counts_of_a_cost_and_of_a_recipe(xs):
    """PALEO-ACT-3: each tool token a cost or a recipe names is one token to pay: two spears and
    a torch count {spear: 2, torch: 1}; no tools, nothing."""
    from types import SimpleNamespace

    from boardgym.games.paleo.tools import recipe_reserve, reserve_of

    assert reserve_of(SimpleNamespace(ctools=(2, 0, 2))) == {2: 2, 0: 1}
    assert recipe_reserve(SimpleNamespace(recipe_tools=(4, 4, 1))) == {4: 2, 1: 1}
    assert reserve_of(SimpleNamespace(ctools=())) == {} == recipe_reserve(SimpleNamespace(recipe_tools=()))


def test_a_groups_window_tools_are_the_ones_it_holds(xs):
    """PALEO-D-11: heal and food tools are offered to the group holding them. Group 1 holds a
    basket (food) and group 0 none: group 1's food tools are [basket], group 0's []; group 0's
    root (heal 1) is its heal tool, and group 1 has none."""
    from boardgym.games.paleo.constants import TE_FOOD, TE_HEAL
    from boardgym.games.paleo.tools import group_tools

    sc = xs()
    s = _bare(sc)
    sc.give_tool(1, "basket").give_tool(0, "root")
    ti = sc.g.content.tool_index
    assert group_tools(s, 1, TE_FOOD) == [ti["basket"]] and group_tools(s, 0, TE_FOOD) == []
    assert group_tools(s, 0, TE_HEAL) == [ti["root"]] and group_tools(s, 1, TE_HEAL) == []


# -- crafting (PALEO-CRAFT-1) ---------------------------------------------------------------------

def _ideas(sc, *keys):
    """The tool ideas ``keys`` on the workbench, their tokens in the general supply as stock
    (PALEO-REW-6)."""
    s = sc.s
    for key in keys:
        x = sc.card(key)
        s.idea_deck.remove(x)
        s.bench.append(x)
        t = sc.g.content.cards[x].idea_tool
        s.stock[t] += s.gsup[t]
        s.gsup[t] = 0


def test_craftable_recipes_are_the_known_ones_the_participants_can_pay(xs):
    """PALEO-CRAFT-1: a known idea with stock left whose resources, tool tokens and requirement
    the participants meet. Table: torch 1 wood; axe 1 wood + 1 stone; spear 2 wood; bow 2 wood
    and 1 SKL; rope 1 root; basket 1 wood + 1 root. With 2 wood, 1 stone, 1 root and a 1-SKL
    person, all six; exactly one wood less drops spear and bow; no stone drops the axe; no food
    matters to none; the root held by group 1 only drops rope and basket until group 1 takes
    part; group 1 alone lacks the bow's SKL; no spear stock drops the spear (a
    stock of 1 torch is enough); the rope idea off the
    bench drops the rope."""
    sc = xs()
    s = _bare(sc, ["ppl13"])
    _ideas(sc, "ide01", "ide02", "ide03")
    sc.give_tool(0, "root")
    ti = sc.g.content.tool_index
    torch, axe, spear, bow, rope, basket = (ti[k] for k in ("torch", "stone_axe", "spear", "bow", "rope", "basket"))
    sc.storage(food=0, wood=2, stone=1)
    assert craftable(s, 1) == [torch, axe, spear, bow, rope, basket]
    sc.storage(wood=1)
    assert craftable(s, 1) == [torch, axe, rope, basket]
    sc.storage(wood=2, stone=0)
    assert craftable(s, 1) == [torch, spear, bow, rope, basket]
    sc.storage(stone=1)
    s.tools[ti["root"]] = 0
    s.tools[sc.g.T + ti["root"]] = 1
    assert craftable(s, 1) == [torch, axe, spear, bow]
    assert craftable(s, 3) == [torch, axe, spear, bow, rope, basket]   # group 1 helping
    assert craftable(s, 2) == [torch, axe, spear, rope, basket]        # group 1 has no SKL person
    s.stock[spear], s.stock[torch] = 0, 1
    assert craftable(s, 3) == [torch, axe, bow, rope, basket]
    s.bench.remove(sc.card("ide02"))
    assert craftable(s, 3) == [torch, axe, bow, basket]


def test_a_bows_skill_can_come_from_a_tool(xs):
    """PALEO-CRAFT-1 + ACT-2: a recipe's requirement is met like an option's, tools included.
    Without a SKL person the bow (req 1 SKL) is not craftable; with a stone axe (+2 SKL) it is."""
    sc = xs()
    s = _bare(sc, ["ppl01"])
    _ideas(sc, "ide01")
    sc.storage(wood=2)
    bow = sc.g.content.tool_index["bow"]
    assert bow not in craftable(s, 1)
    sc.give_tool(0, "stone_axe")
    assert bow in craftable(s, 1)


def test_paying_a_recipe_moves_its_resources_and_tokens(xs):
    """PALEO-ACT-3 / D-19: a recipe's resources go from storage to the supply and its tokens
    return (to the general supply while their idea is unknown). The stone axe costs 1 wood and 1
    stone: storage 3/2 -> 2/1, supply +1 each, food untouched. The basket costs 1 wood and 1 root:
    the root held by group 1 (a participant) is paid and goes to the general supply."""
    sc = xs()
    s = _bare(sc)
    ti = sc.g.content.tool_index
    sc.storage(food=4, wood=3, stone=2)
    sup = list(s.sup)
    pay_recipe(s, 1, ti["stone_axe"], 0)
    assert list(s.store[:3]) == [4, 2, 1] and list(s.sup[:3]) == [sup[0], sup[1] + 1, sup[2] + 1]
    sc.give_tool(1, "root")
    root_sup = s.gsup[ti["root"]]
    pay_recipe(s, 3, ti["basket"], 0)
    assert list(s.store[:3]) == [4, 1, 1] and s.tools[sc.g.T + ti["root"]] == 0
    assert s.gsup[ti["root"]] == root_sup + 1
