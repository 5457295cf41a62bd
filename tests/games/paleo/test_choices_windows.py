"""Decisions of choices.py at the edges the shipped pack does not reach: a recipe window when the
recipe pays with an attribute tool (PALEO-CRAFT-1 / ACT-3), a crafted torch (tool type 0) handed
to a helper (D-7 / D-19), and the workbench slot (REW-6 / D-15) removing an idea of tool type 0
or an idea without a tool; and a crafted tool is the group's before the action's next reward."""
import numpy as np

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.kinds import D_CRAFT

from ..packs import edited_pack
from .scripted import Script, full_bench, solo_turn


def _know(sc, key):
    """The idea ``key`` on the workbench, its tool's tokens of the general supply moved to its
    craft stock (as the IDEA reward does, PALEO-REW-6)."""
    s, x = sc.s, sc.card(key)
    s.idea_deck.remove(x)
    s.bench.append(x)
    s.seen[x] = 1
    t = sc.g.content.cards[x].idea_tool
    s.stock[t] += s.gsup[t]
    s.gsup[t] = 0
    return t


def test_a_recipe_window_never_offers_the_token_the_recipe_pays_with(pack, tmp_path):
    """PALEO-CRAFT-1 / ACT-3 (rulebook: "You cannot use a tool token's effect at the same time that
    you use it as a payment"): a pack whose bow recipe also pays a stone axe (2 wood, 1 SKL, a
    stone axe). Group 0 has no skilled person and holds one stone axe and one rope (+1 STR,
    +1 SKL): the bow is craftable (the rope gives the skill, the axe pays), and its recipe window
    offers the rope only, not the axe it pays with; using the rope makes the bow and the axe is
    paid."""
    def edit(d):
        next(t for t in d["tools"] if t["id"] == "bow")["recipe"]["tools"] = ["stone_axe"]
    path = edited_pack(pack, tmp_path, "rules", edit)
    sc = Script.start(modules=["X"], content_pack=path, num_groups=2)
    s = sc.s
    for h in range(2):
        sc.clear_tools(h)
    bow = _know(sc, "ide01")
    axe, rope = (sc.g.content.tool_index[k] for k in ("stone_axe", "rope"))
    sc.give_tool(0, "stone_axe").give_tool(0, "rope")
    sc.storage(wood=2)
    solo_turn(sc, 0, "X17", people=["ppl01"], tools=True).act(A.OPTION + 0)
    assert sc.decision() == "craft" and s.legal_mask()[A.TOOL + bow], sc.legal()
    sc.act(A.TOOL + bow)
    assert s.pend[-1][0] == D_CRAFT and s.pend[-1][2] == bow + 1 and s.need == [0, 0, 1]
    assert sorted(np.flatnonzero(s.legal_mask())) == [A.DECLINE, A.TOOL + rope], sc.legal()
    sc.act(A.TOOL + rope)
    assert s.tools[bow] == 1 and s.tools[axe] == 0 and s.tools[rope] == 0 and s.store[1] == 0


def test_a_crafted_torch_handed_to_the_helper_comes_from_the_craft_stock(xs):
    """PALEO-CRAFT-1 / D-19 / D-7, for the first tool type (the torch): group 1 helps group 0 on
    a CRAFT card; group 0 crafts a torch and gives it to group 1. The token leaves the torch's
    craft stock, the general supply (which holds torches too) keeps its own."""
    sc = xs()
    s = sc.s
    sc.storage(wood=1)
    for h in range(2):
        sc.clear_tools(h)
    t = sc.g.content.tool_index["torch"]
    assert t == 0
    s.gsup[t], s.stock[t] = 2, s.stock[t] + s.gsup[t] - 2
    sc.reveal_turn({}, {0: "X17", 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0, A.OPTION + 0)
    assert sc.decision() == "craft"
    gsup, stock = s.gsup[t], s.stock[t]
    sc.act(A.TOOL + t)
    assert sc.decision() == "split"
    sc.act(A.GROUP + 1)
    assert s.tools[sc.g.T + t] == 1 and s.tools[t] == 0
    assert s.stock[t] == stock - 1 and s.gsup[t] == gsup == 2


def _idea_pack(pack, tmp_path):
    """The torch is no printed idea (its tokens start in the general supply), Bent Wood (ide01)
    is the torch's idea, and Stone Hearth (ide05) becomes a bow idea (keeping its action)."""
    def rules(d):
        next(t for t in d["tools"] if t["id"] == "torch")["printed_idea"] = False

    def ideas(d):
        next(c for c in d["cards"] if c["id"] == "ide01")["idea"] = {"tool": "torch"}
        next(c for c in d["cards"] if c["id"] == "ide05")["idea"] = {"tool": "bow"}

    return edited_pack(edited_pack(pack, tmp_path / "r", "rules", rules), tmp_path / "i", "ideas", ideas)


def test_removing_the_idea_of_the_first_tool_type_returns_its_stock(pack, tmp_path):
    """PALEO-REW-6 / D-15 / D-19: the torch idea (tool type 0, not printed) is on the full
    workbench with the torch's tokens as its craft stock; the group removes it for a new idea:
    the torch is no longer known, so its whole craft stock goes back to the general supply."""
    sc = Script.start(modules=["X"], content_pack=_idea_pack(pack, tmp_path), num_groups=2)
    s = sc.s
    torch = sc.g.content.tool_index["torch"]
    assert torch == 0 and not sc.g.content.tools[torch].printed
    _know(sc, "ide01")
    full_bench(sc, ("ide01", "ide04", "ide06", "ide07"), "ide02")
    stock, gsup = s.stock[torch], s.gsup[torch]
    assert stock > 0
    sc.act(A.IDEA_SLOT + s.bench.index(sc.card("ide01")))
    assert sc.card("ide01") in s.cem
    assert s.stock[torch] == 0 and s.gsup[torch] == gsup + stock


def test_removing_an_idea_without_a_tool_leaves_every_craft_stock(pack, tmp_path):
    """PALEO-REW-6 / D-15: the full workbench holds the ideas of the torch, the rope and the
    basket and one idea without a tool (Drying Rack); the new idea is a bow idea. Removing the
    Drying Rack changes no tool's craft stock or general supply (the basket, last tool type,
    keeps its stock)."""
    sc = Script.start(modules=["X"], content_pack=_idea_pack(pack, tmp_path), num_groups=2)
    s = sc.s
    for key in ("ide01", "ide02", "ide03"):
        _know(sc, key)
    basket = sc.g.content.tool_index["basket"]
    assert basket == sc.g.T - 1 and s.stock[basket] > 0
    full_bench(sc, ("ide01", "ide02", "ide03", "ide04"), "ide05")
    stock, gsup = list(s.stock), list(s.gsup)
    sc.act(A.IDEA_SLOT + s.bench.index(sc.card("ide04")))
    assert sc.card("ide04") in s.cem
    assert list(s.stock) == stock and list(s.gsup) == gsup


def test_a_crafted_tool_is_the_groups_before_the_next_reward(pack, tmp_path):
    """Effects resolve in printed order; PALEO-CRAFT-1: the crafting card made "craft, then lose a
    spear". Group 0, holding no spear, crafts a spear alone: the spear is its own before the next
    effect, which then takes it back (to its craft stock, the spear idea being known): group 0
    ends with no spear and the spear stock is as before."""
    path = edited_pack(pack, tmp_path, "modules/X", lambda d: next(c for c in d["cards"] if c["id"] == "X17")
                       .update(options=[{"reward": [{"kind": "CRAFT"}, {"kind": "LOSE_TOOL", "tool": "spear"}]}]))
    sc = Script.start(modules=["X"], content_pack=path, num_groups=2)
    s = sc.s
    spear = sc.g.content.tool_index["spear"]
    sc.storage(wood=2)
    solo_turn(sc, 0, "X17").act(A.OPTION + 0)
    assert sc.decision() == "craft" and s.tools[spear] == 0
    stock = s.stock[spear]
    sc.act(A.TOOL + spear)
    assert s.tools[spear] == 0 and s.stock[spear] == stock and s.store[1] == 0
