"""Spec §6 cases about resolving one card: dice, costs, wounds, deaths, help, end of game."""
import pytest

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.tools import craftable

from .scripted import full_bench, solo_turn


def test_case01_dice_text_example(xs):
    """PALEO-DICE-1: req 2 SKL + dice (1 SKL, 2 STR) -> 3 SKL, 2 STR; discard 2; remove."""
    sc = xs()
    sc.top(0, "X09", 1).top(0, "X10", 2)
    solo_turn(sc, 0, "X02", people=["ppl15", "ppl13", "ppl03"])
    deck, fd = len(sc.s.deck_b[0]), len(sc.s.fd_b)
    sc.force("die", "1 SKL", "2 STR").act(A.OPTION + 0)
    s = sc.s
    assert s.need == [2, 0, 3]
    assert len(s.deck_b[0]) == deck - 2 and len(s.fd_b) == fd + 2
    assert sc.card("X02") in s.cem and s.store[0] == 6


def test_case02_dice_failure_negative_or_ignore(xs):
    """PALEO-DICE-2: 2 SKL after the roll: only the negative '1 wound'; none -> ignored faceup."""
    sc = xs()
    solo_turn(sc, 0, "X02", people=["ppl15"])
    sc.force("die", "1 SKL", "2 STR").act(A.OPTION + 0)
    assert sc.s.wnd[0] == [1] and sc.card("X02") in sc.s.fu
    sc2 = xs(seed=1)
    solo_turn(sc2, 0, "X03", people=["ppl15"])
    food = sc2.s.store[0]
    sc2.force("die", "1 SKL", "2 STR").act(A.OPTION + 0)
    assert sc2.card("X03") in sc2.s.fu and sc2.s.store[0] == food and sc2.s.wnd[0] == [0]


def test_case03_no_help_after_dice(xs):
    """PALEO-HELP-5: once a card's dice are rolled, HELP toward it is never legal."""
    sc = xs()
    sc.give_tool(0, "spear")
    solo_turn(sc, 0, "X02", people=["ppl15", "ppl03"], tools=True)
    sc.force("die", "1 SKL", "2 STR").act(A.OPTION + 0)
    while sc.s.current_player == 0 and sc.decision() != "owner":
        assert not any(sc.s.legal_mask()[A.HELP:A.HELP + 4])
        sc.act(A.DECLINE if sc.s.legal_mask()[A.DECLINE] else int(sc.s.legal_actions()[0]))
    assert sc.decision() == "owner" and sc.s.current_player == 1
    assert not sc.s.legal_mask()[A.HELP + 0]


def test_case04_red_discards_one_event(xs):
    """PALEO-ACT-4 / D-4: discard 2 with red + forest on top: one event of 1 wound."""
    sc = xs()
    sc.top(0, "base28", 1).top(0, "base01", 2)
    solo_turn(sc, 0, "X12", people=["ppl01"])
    sc.act(A.OPTION + 0)
    assert sc.s.wnd[0] == [1]


def test_case05_death_on_skull_space(xs):
    """PALEO-WOUND-2/3: 3 hearts, 1 wound, takes 4: dies, tokens back, cemetery, +1 skull."""
    sc = xs()
    sc.people(0, ["ppl13", "ppl01"], wounds=[1, 0])
    solo_turn(sc, 0, "X04")
    sc.act(A.OPTION + 0)
    assert sc.decision() == "wound_person"
    sc.act(A.PERSON + 0)
    s = sc.s
    assert s.ppl[0] == [sc.card("ppl01")] and s.wnd[0] == [0]
    assert sc.card("ppl13") in s.cem and s.skulls == 1 and s.victories == 1


def test_case06_last_person_replaced(xs):
    """PALEO-WOUND-4: the last person dies: skull, then a new person with its tool."""
    sc = xs()
    solo_turn(sc, 0, "X04", people=["ppl05"])
    sc.force("person", "ppl04").act(A.OPTION + 0)
    s = sc.s
    assert s.skulls == 1 and s.ppl[0] == [sc.card("ppl04")]
    assert s.tools[0 * sc.g.T + sc.g.content.tool_index["pelt"]] == 1


def test_case08_victory_and_skull_same_action_wins(xs):
    """PALEO-END-3 / D-12: skulls 4, victories 4; a killing wound then a victory: win."""
    sc = xs()
    sc.s.skulls, sc.s.victories = 4, 4
    solo_turn(sc, 0, "X04", people=["ppl05"])
    sc.act(A.OPTION + 0)
    assert sc.s.is_terminal() and sc.s.returns() == [1.0, 1.0]
    assert sc.s.returns() == [sc.g.info.reward_range[1]] * 2   # a win is the declared highest return


@pytest.mark.parametrize("option", [0, 1])
def test_case09_36_fifth_skull_loses_after_the_option(xs, option):
    """PALEO-END-2 / D-12: a red discard kills at skulls 4: loss at the end of that option, even
    with a '-1 skull' reward (case 36); the other revealed card stays unresolved."""
    sc = xs()
    sc.s.skulls = 4
    sc.top(0, "base28", 1).top(0, "base29", 2)
    sc.people(0, ["ppl05"], wounds=[2])
    solo_turn(sc, 0, "X05")
    sc.act(A.OPTION + option)
    s = sc.s
    assert s.is_terminal() and s.returns() == [-1.0, -1.0] and s.skulls == 5
    assert s.returns() == [s.game.info.reward_range[0]] * 2   # a loss is the declared lowest return
    assert s.rstat[1] == 1


def test_case10_helper_never_discards(xs):
    """PALEO-HELP-4: the helped option's discards come from the owner's deck only."""
    sc = xs()
    sc.top(0, "X09", 1).top(0, "X10", 2)
    sc.reveal_turn({}, {0: "X12", 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0)
    d0, d1 = len(sc.s.deck_b[0]), len(sc.s.deck_b[1])
    sc.act(A.OPTION + 0)
    assert len(sc.s.deck_b[0]) == d0 - 2 and len(sc.s.deck_b[1]) == d1


def test_case11_helper_takes_wounds_and_rewards(xs):
    """PALEO-HELP-2/3, D-7: a spear reward and a wound event may go to the helper."""
    sc = xs()
    sc.reveal_turn({}, {0: "X15", 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0, A.OPTION + 0)
    assert sc.decision() == "split" and sc.s.legal_mask()[A.GROUP + 1]
    sc.act(A.GROUP + 1)
    assert sc.s.tools[1 * sc.g.T + sc.g.content.tool_index["spear"]] >= 1
    while sc.decision() == "host":
        sc.act(A.DECLINE)
    assert sc.decision() == "wound_group" and sc.s.legal_mask()[A.GROUP + 1]


def test_case13_hazard_and_talisman(xs):
    """PALEO-HAZ-1/3: hazard: no IGNORE/HELP; a talisman discards it faceup without effect."""
    sc = xs()
    solo_turn(sc, 0, "X06")
    m = sc.s.legal_mask()
    assert not m[A.IGNORE] and not any(m[A.HELP:A.HELP + 4]) and m[A.OPTION + 0]
    sc2 = xs(seed=3)
    for h in range(2):
        sc2.clear_tools(h)
    sc2.give_tool(0, "talisman")
    sc2.reveal_turn({}, {0: "X06", 1: "X18"})
    assert sc2.decision() == "talisman"
    sc2.act(A.CONFIRM)
    t = sc2.g.content.tool_index["talisman"]
    assert sc2.card("X06") in sc2.s.fu and sc2.s.tools[t] == 0 and sc2.s.rstat[0] == 2


def test_case14_negative_pays_what_it_can(xs):
    """PALEO-HAZ-2: 'pay 3 food' with 1 in storage pays 1."""
    sc = xs()
    sc.storage(food=1)
    solo_turn(sc, 0, "X06")
    sc.act(A.OPTION + 0)
    assert sc.s.store[0] == 0 and sc.s.sup[0] == 20


def test_case15_paid_spear_gives_no_bonus(xs):
    """PALEO-ACT-3: a spear paid as a cost cannot also add +2 STR: masked with one spear."""
    sc = xs()
    sc.give_tool(0, "spear")
    solo_turn(sc, 0, "X07", people=["ppl01"], tools=True)
    assert not sc.s.legal_mask()[A.OPTION + 0]
    sc2 = xs(seed=2)
    for h in range(2):
        sc2.clear_tools(h)
    sc2.give_tool(0, "spear", 2)
    solo_turn(sc2, 0, "X07", people=["ppl01"], tools=True)
    sc2.act(A.OPTION + 0)
    assert sc2.decision() == "tool_window" and sc2.s.legal_mask()[sc2.tool("spear")]


def test_case16_resources_capped_by_supply(xs):
    """PALEO-REW-1: storage 19 food, reward 2 -> 20 (the supply is empty)."""
    sc = xs()
    sc.storage(food=19)
    solo_turn(sc, 0, "X08", people=["ppl03", "ppl01"])
    sc.act(A.OPTION + 0)
    while sc.decision() == "host":
        sc.act(A.DECLINE)
    assert sc.s.store[0] == 20 and sc.s.sup[0] == 0


def test_case19_secret_already_revealed(xs):
    """PALEO-REW-7 / D-9: a secret no longer in the secret deck: nothing."""
    sc = xs()
    x = sc.card("sec04")
    sc.s.secrets.remove(x)
    sc.s.cem.append(x)
    solo_turn(sc, 0, "X11")
    sc.act(A.OPTION + 0)
    assert sc.s.sec_card < 0 and not sc.s.sec_pend


@pytest.mark.parametrize("g", [0, 1])
def test_case20_full_workbench(xs, g):
    """PALEO-REW-6 / D-15: full bench: IDEA_SLOT required of the group whose card brought the
    idea (either group); the chosen idea to the cemetery."""
    sc = xs()
    full_bench(sc, ("ide04", "ide05", "ide06", "ide07"), "ide01", g=g)
    assert sc.s.current_player == g
    sc.act(A.IDEA_SLOT + 1)
    assert sc.card("ide05") in sc.s.cem and sc.card("ide01") in sc.s.bench and len(sc.s.bench) == 4


def test_case22_wood_on_a_card_cannot_craft(xs):
    """PALEO-SPEC-1: wood placed on The Eternal Flame cannot pay a craft."""
    sc = xs(modules=("B", "X"), remove_per_module=0)
    sc.storage(wood=0)
    solo_turn(sc, 0, "X18")
    sc.act(A.OPTION + 0)
    flame = sc.s.inplay.index(sc.card("B01"))
    sc.act(A.CARD + flame, A.CARD + flame)
    assert sc.s.store[1] == 0 and sc.s.held[flame] == [1, 1]
    sc.s.r_parts = 1
    assert sc.g.content.tool_index["spear"] not in craftable(sc.s, 1)


def test_case25_fifth_victory_wins_at_once(xs):
    """PALEO-END-1: victories 4, skulls 2: the first resolved card's victory wins at once."""
    sc = xs()
    sc.s.skulls, sc.s.victories = 2, 4
    solo_turn(sc, 0, "X04", people=["ppl01"])
    sc.act(A.OPTION + 0)
    s = sc.s
    assert s.is_terminal() and s.returns() == [1.0, 1.0] and s.rstat[1] == 1


def test_case27_requirement_sums_abilities(xs):
    """PALEO-ACT-2: 1 SKL + 1 SKL meets 'req 2 SKL' without tools; 1 SKL + 1 STR: masked."""
    sc = xs()
    solo_turn(sc, 0, "X13", people=["ppl13", "ppl14"])
    assert sc.s.legal_mask()[A.OPTION + 0]
    sc.act(A.OPTION + 0)
    assert sc.card("X13") in sc.s.fu and sc.decision() != "tool_window"
    sc2 = xs(seed=4)
    solo_turn(sc2, 0, "X13", people=["ppl13", "ppl01"])
    assert not sc2.s.legal_mask()[A.OPTION + 0]


def test_case29_help_adds_abilities_and_splits(xs):
    """PALEO-HELP-1/3: 1 STR + helper 2 STR on 'req 3 STR -> 2 food, pelt'."""
    sc = xs()
    sc.people(0, ["ppl01"]).people(1, ["ppl03"])
    for h in range(2):
        sc.clear_tools(h)
    food = sc.s.store[0]
    sc.reveal_turn({}, {0: "X08", 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0)
    assert sc.card("X18") in sc.s.fu
    sc.act(A.OPTION + 0)
    assert sc.s.store[0] == food + 2
    assert sc.decision() == "split" and sc.s.legal_mask()[A.GROUP + 1]
    sc.act(A.GROUP + 1)
    assert sc.s.tools[1 * sc.g.T + sc.g.content.tool_index["pelt"]] == 1


def test_case30_heal_crosses_only_with_help(xs):
    """PALEO-HELP-6: heal points go to the helper's people only when helping."""
    sc = xs()
    sc.people(0, ["ppl01"], wounds=[1]).people(1, ["ppl06"], wounds=[2])
    sc.reveal_turn({}, {0: "X09", 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0, A.OPTION + 0)
    assert sc.decision() == "split" and sc.s.legal_mask()[A.GROUP + 1]
    sc.act(A.GROUP + 1)
    assert sc.s.wnd[1] == [1]
    sc2 = xs(seed=5)
    sc2.people(0, ["ppl01"], wounds=[1]).people(1, ["ppl06"], wounds=[2])
    solo_turn(sc2, 0, "X09")
    sc2.act(A.OPTION + 0)
    assert sc2.s.wnd[0] == [0] and sc2.s.wnd[1] == [2]


def test_case33_discard_needs_cards(xs):
    """PALEO-ACT-3: 'discard 2' with 1 card left: masked; the negative one discards 1."""
    sc = xs()
    solo_turn(sc, 0, "X12", people=["ppl01"])
    s = sc.s
    while len(s.deck_b[0]) > 1:
        s.fd_b.append(s.deck_b[0].pop())
        s.fd_c.append(s.deck_c[0].pop())
    m = s.legal_mask()
    assert not m[A.OPTION + 0] and m[A.OPTION + 1]
    sc.act(A.OPTION + 1)
    while sc.decision() == "wound_person":
        sc.act(A.PERSON + 0)
    assert len(s.deck_b[0]) == 0


def test_case34_craft_and_token_flow(xs):
    """PALEO-CRAFT-1 / D-19: craft spear: wood -2, stock 5 -> 4, group +1; used -> 5;
    stock 0 -> not craftable; a joining person's printed spear comes from the stock."""
    sc = xs()
    sc.people(1, ["ppl06"])
    for h in range(2):
        sc.clear_tools(h)
    sc.storage(wood=2)
    t = sc.g.content.tool_index["spear"]
    solo_turn(sc, 0, "X17", people=["ppl01"], tools=True)
    sc.act(A.OPTION + 0)
    assert sc.decision() == "craft"
    sc.act(A.TOOL + t)
    s = sc.s
    assert s.store[1] == 0 and s.stock[t] == 4 and s.tools[t] == 1
    from boardgym.games.paleo.tools import spend
    spend(s, 1, t, 0)
    assert s.stock[t] == 5 and s.tools[t] == 0
    s.stock[t] = 0
    s.gsup[t] = 5
    s.store[1] += 2
    s.sup[1] -= 2
    assert t not in craftable(s, 1)
    s.gsup[t] = 0
    s.stock[t] = 5
    from boardgym.games.paleo.chance_nodes import join_person
    s.people_deck.remove(sc.card("ppl02"))
    join_person(s, 0, sc.card("ppl02"))
    assert s.stock[t] == 4 and s.tools[t] == 1


def test_a_recipe_costing_one_root_is_met_by_one_root(xs):
    """PALEO-CRAFT-1 / ACT-3: a known idea with stock whose recipe the participants can pay is
    craftable; the basket's recipe is 1 wood and one root token. With the basket's idea on the
    workbench, 1 wood in storage and exactly one root held by group 0, Spear Craft offers the
    basket; crafting it pays that one root (back to the general supply: the root's idea is not
    known, D-19) and the wood, and group 0 gets a basket from the craft stock. With no root
    held the basket is not craftable."""
    from boardgym.games.paleo.chance_nodes import _apply_idea

    sc = xs()
    c, s = sc.g.content, sc.s
    basket, root = c.tool_index["basket"], c.tool_index["root"]
    assert c.tools[basket].recipe_tools == (root,)
    for h in range(2):
        sc.clear_tools(h)
    _apply_idea(s, 0, next(x for x in s.idea_deck if c.cards[x].idea_tool == basket))
    sc.storage(wood=1)
    assert basket not in craftable(s, 1)
    sc.give_tool(0, "root")
    assert basket in craftable(s, 1)
    stock, roots = s.stock[basket], s.gsup[root]
    solo_turn(sc, 0, "X17", people=["ppl01"], tools=True)
    sc.act(A.OPTION + 0)
    assert sc.decision() == "craft" and s.legal_mask()[A.TOOL + basket]
    sc.act(A.TOOL + basket)
    assert s.tools[basket] == 1 and s.stock[basket] == stock - 1
    assert s.tools[root] == 0 and s.gsup[root] == roots + 1 and s.store[1] == 0


def test_case35_skull_minus_at_zero(xs):
    """PALEO-REW-9: '-1 skull' with 0 skulls stays 0."""
    sc = xs()
    sc.top(0, "X09", 1).top(0, "X10", 2)
    solo_turn(sc, 0, "X05", people=["ppl01"])
    sc.act(A.OPTION + 1)
    assert sc.s.skulls == 0


def test_case42_one_event_one_person(xs):
    """PALEO-WOUND-1: an event of 2 wounds goes wholly onto the chosen person."""
    sc = xs()
    solo_turn(sc, 0, "base13", people=["ppl01", "ppl06"])
    sc.act(A.OPTION + 1, A.PERSON + 1)
    assert sc.s.wnd[0] == [0, 2]


def test_case44_hazard_from_front_not_back(xs):
    """PALEO-HAZ-4: a red-backed action card may be ignored; a river-backed hazard may not."""
    sc = xs()
    solo_turn(sc, 0, "base32")
    assert sc.s.legal_mask()[A.IGNORE]
    sc2 = xs(seed=6)
    solo_turn(sc2, 0, "base13")
    assert not sc2.s.legal_mask()[A.IGNORE]


def test_case48_kill_hits_the_helped_group(xs):
    """PALEO-REW-4 / D-7: KILL on a helped option: the helped group picks among its own."""
    sc = xs()
    sc.people(0, ["ppl01", "ppl06"]).people(1, ["ppl03"])
    sc.reveal_turn({}, {0: "X10", 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0, A.OPTION + 0)
    assert sc.decision() == "kill_person" and sc.s.current_player == 0
    assert sc.legal() == ["PERSON[0]", "PERSON[1]"]
    sc.act(A.PERSON + 1)
    assert sc.card("ppl06") in sc.s.cem and sc.s.skulls == 1 and len(sc.s.ppl[1]) == 1


def test_case49_additional_action_in_closing_window(xs):
    """PALEO-SPEC-4 / D-10: 2 wood gained, then the group's Fire Tender (cost 2 wood) is legal
    in the closing window; the person stays."""
    sc = xs()
    sc.auto_close = False
    sc.storage(wood=0)
    sc.people(0, ["ppl19", "ppl01"], wounds=[0, 2])
    solo_turn(sc, 0, "X18")
    sc.act(A.OPTION + 0)
    assert sc.decision() == "closing"
    i = sc.g.add_index[(sc.card("ppl19"), 0)]
    sc.act(A.ADD + i)
    assert sc.s.store[1] == 0 and sc.s.wnd[0] == [0, 0] and sc.card("ppl19") in sc.s.ppl[0]
