"""tools.py's requirement checks over every requirement of a small grid (PALEO-ACT-2): with people
of different abilities each ability is compared with its own value only, people alone
(``reachable``'s quick answer), people plus the attribute tools they could use, and people plus
the bonus of the tools used (``met``)."""
from itertools import product

from boardgym.games.paleo.tools import abilities, met, reachable

GRID = list(product(range(4), repeat=3))


def _group(sc, people, tools=()):
    """Group 0 with ``people`` and ``tools`` only; no other group holds a token."""
    s = sc.s
    for h in range(s.n):
        sc.clear_tools(h)
    sc.people(0, people)
    for key in tools:
        sc.give_tool(0, key)
    return s


def test_without_tools_a_requirement_is_reachable_exactly_when_each_ability_reaches_its_value(xs):
    """PALEO-ACT-2 (rulebook: the requirement is met when the group's people show at least the
    required STR, AWR and SKL): group 0 holds no tool; its people sum to [2, 1, 0] (a 2-STR and a
    1-AWR person), then [0, 2, 1] (a 2-AWR and a 1-SKL person), then [1, 0, 2]. Over every
    requirement of 0..3 in each ability, it is reachable exactly when each of the three sums
    reaches its own value."""
    sc = xs()
    for people, have in ((["ppl03", "ppl10"], [2, 1, 0]), (["ppl09", "ppl13"], [0, 2, 1]),
                         (["ppl01", "ppl15"], [1, 0, 2])):
        s = _group(sc, people)
        assert abilities(s, 1) == have
        for need in GRID:
            want = all(have[a] >= need[a] for a in range(3))
            assert reachable(s, 1, list(need), {}) == want, (have, need)


def test_with_tools_a_requirement_is_reachable_by_each_abilitys_own_tools(xs):
    """PALEO-ACT-2 + the tool table (torch +2 AWR, stone axe +2 SKL): group 0, a 2-STR person with
    a torch and a stone axe, can reach [2, 2, 2] and no more in any ability; with the torch kept
    back for a cost (a paid token gives no effect, ACT-3) AWR stays at 0."""
    sc = xs()
    s = _group(sc, ["ppl03"], ["torch", "stone_axe"])
    torch = sc.g.content.tool_index["torch"]
    for need in GRID:
        assert reachable(s, 1, list(need), {}) == (need[0] <= 2 and need[1] <= 2 and need[2] <= 2), need
        assert reachable(s, 1, list(need), {torch: 1}) == (need[0] <= 2 and need[1] == 0 and need[2] <= 2), need


def test_a_check_is_met_by_each_abilitys_own_people_and_bonus(xs):
    """PALEO-ACT-2 / D-11: in the tool window the check is met when, in each ability, the people
    plus the bonus of the tools used reach the value. People [2, 1, 0] with bonus [0, 0, 1], then
    [0, 1, 3]: over the grid, met exactly when each ability's sum reaches its own value."""
    sc = xs()
    s = _group(sc, ["ppl03", "ppl10"])
    for bonus in ([0, 0, 1], [0, 1, 3]):
        s.bonus = list(bonus)
        for need in GRID:
            s.need = list(need)
            assert met(s, 1) == all([2, 1, 0][a] + bonus[a] >= need[a] for a in range(3)), (bonus, need)
