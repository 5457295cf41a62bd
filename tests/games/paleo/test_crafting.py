"""PALEO-CRAFT-1: a recipe's requirement is met like any other requirement, with the
participants' abilities and the attribute tools they use (rules: "You must fulfill the
requirements and pay the necessary resources and tool tokens in the same way you would pay for
other actions"). The bow (2 wood, requirement 1 SKL) is the shipped recipe with a requirement."""
import json
import shutil

import numpy as np

from boardgym.core.game import CHANCE
from boardgym.games.paleo import actions as A
from boardgym.games.paleo import PaleoGame, describe_action
from boardgym.games.paleo.kinds import D_CRAFT, D_SPLIT, SP_TOOL
from tests.games.soundness import random_play

from .scripted import solo_turn

SEEDS = 40


def _craft_turn(sc, people, tools=(), wood=2):
    """Group 0 (``people``, holding ``tools``) knows the bow idea and reveals X17 (reward: CRAFT)."""
    s = sc.s
    for h in range(s.n):
        sc.clear_tools(h)
    for t in tools:
        sc.give_tool(0, t)
    bow_idea = sc.card("ide01")
    s.idea_deck.remove(bow_idea)  # as the IDEA reward does (PALEO-REW-6): drawn faceup
    s.bench.append(bow_idea)
    s.seen[bow_idea] = 1
    bow = sc.g.content.tool_index["bow"]
    s.stock[bow] += s.gsup[bow]
    s.gsup[bow] = 0
    sc.storage(wood=wood)
    sc.people(0, people)
    sc.reveal_turn({}, {0: "X17", 1: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    sc.act(A.OPTION + 0)
    return bow


def test_a_stone_axe_gives_the_skill_the_bow_needs(xs):
    """PALEO-CRAFT-1 + PALEO-ACT-2: a group with no SKL person and a stone axe (+2 SKL) may craft
    the bow; choosing it opens the recipe's tool window, the axe is used (returned to its stock,
    D-19) and the bow is made: wood -2, bow stock -1, the group holds a bow."""
    sc = xs()
    bow = _craft_turn(sc, ["ppl01"], tools=["stone_axe"])
    s = sc.s
    axe = sc.g.content.tool_index["stone_axe"]
    assert sc.decision() == "craft"
    assert s.legal_mask()[A.TOOL + bow], sc.legal()
    stock_bow, stock_axe = s.stock[bow], s.stock[axe]
    sc.act(A.TOOL + bow)
    # the recipe's requirement is shown as the current check; only the axe can meet it
    assert sc.decision() == "craft" and s.pend[-1][2] == bow + 1
    assert s.need == [0, 0, 1] and s.bonus == [0, 0, 0]
    legal = np.flatnonzero(s.legal_mask())
    assert sorted(legal) == [A.DECLINE, A.TOOL + axe], sc.legal()
    assert "use Stone Axe" in describe_action(s, A.TOOL + axe)
    # a save inside the recipe window loads back (its frame carries the tool: D_CRAFT, g, t+1)
    back = sc.g.state_from_json(s.to_json())
    assert back.to_json() == s.to_json() and back.legal_mask().tolist() == s.legal_mask().tolist()
    sc.act(A.TOOL + axe)
    assert s.tools[axe] == 0 and s.stock[axe] == stock_axe + 1
    assert s.tools[bow] == 1 and s.stock[bow] == stock_bow - 1
    assert s.store[1] == 0
    assert not any(f[0] == D_CRAFT for f in s.pend)
    assert not s.invariant_errors()


def test_without_the_axe_the_bow_stays_masked(xs):
    """PALEO-CRAFT-1: with no SKL person and no SKL tool the requirement cannot be met: the bow
    is not craftable (the spear, with no requirement, is)."""
    sc = xs()
    bow = _craft_turn(sc, ["ppl01"], tools=["spear"])
    spear = sc.g.content.tool_index["spear"]
    assert sc.decision() == "craft"
    m = sc.s.legal_mask()
    assert not m[A.TOOL + bow] and m[A.TOOL + spear]


def test_a_skilled_person_crafts_the_bow_without_a_window(xs):
    """PALEO-CRAFT-1: when the people meet the requirement no tool is used and no window opens;
    the axe the group holds stays in hand."""
    sc = xs()
    bow = _craft_turn(sc, ["ppl13"], tools=["stone_axe"])
    axe = sc.g.content.tool_index["stone_axe"]
    s = sc.s
    sc.act(A.TOOL + bow)
    assert s.tools[bow] == 1 and s.tools[axe] == 1 and sc.decision() != "craft"


def test_declining_in_the_recipe_window_crafts_nothing(xs):
    """PALEO-CRAFT-1 / D-11: DECLINE in the recipe's tool window makes no tool and pays no recipe,
    and closes the window: the check no longer shows the recipe's requirement (1 SKL) to the
    next decision."""
    sc = xs()
    bow = _craft_turn(sc, ["ppl01"], tools=["stone_axe"])
    s = sc.s
    stock = s.stock[bow]
    sc.act(A.TOOL + bow)
    assert s.need == [0, 0, 1]
    sc.act(A.DECLINE)
    assert s.tools[bow] == 0 and s.stock[bow] == stock and s.store[1] == 2
    assert s.need == [0, 0, 0] and s.bonus == [0, 0, 0]
    assert not s.invariant_errors()


def _crafts_t(c, t, stock_before) -> bool:
    """The craft of t went through: its token left the craft stock, or waits to be given to one
    of the participants (a split among helpers, D-7)."""
    top = c.pend[-1] if c.pend else None
    return c.stock[t] < stock_before or (
        top is not None and top[0] == D_SPLIT and top[2] == SP_TOOL and top[3] == t + 100)


def _mask_and_resolution_agree(s) -> tuple[int, int]:
    """At a craft choice: every tool the mask offers gets made when the chooser uses the tools the
    recipe window offers (never DECLINE). Returns (tools checked, windows opened)."""
    checked = windows = 0
    for t in [a - A.TOOL for a in np.flatnonzero(s.legal_mask()) if a != A.DECLINE]:
        c = s.clone()
        stock = c.stock[t]
        c.apply(A.TOOL + t)
        while c.pend and c.pend[-1][0] == D_CRAFT and not c.cq:
            windows += 1
            offered = [a for a in np.flatnonzero(c.legal_mask()) if a != A.DECLINE]
            assert offered, f"{describe_action(s, A.TOOL + t)}: allowed, but the window offers no tool"
            c.apply(int(offered[0]))
        assert _crafts_t(c, t, stock), f"tool {t} was offered but not crafted"
        checked += 1
    return checked, windows


def test_craft_mask_and_resolution_agree_in_random_games(pack, tmp_path):
    """PALEO-CRAFT-1: over random games where the bow is a printed idea (known from the start) and
    CRAFT rewards are common (test module X), and where no person is skilled but some bring a stone
    axe, the craft mask and its resolution never disagree, and recipe windows do open."""
    dst = tmp_path / "pack"
    shutil.copytree(pack, dst)
    rules = json.loads((dst / "rules.json").read_text())
    next(t for t in rules["tools"] if t["id"] == "bow")["printed_idea"] = True
    (dst / "rules.json").write_text(json.dumps(rules))
    people = json.loads((dst / "people.json").read_text())
    for card in people["cards"]:  # nobody is skilled, and the skilled bring a stone axe instead
        if card["person"]["ability"] == "SKL":
            card["person"].update(ability="STR", tool="stone_axe")
    (dst / "people.json").write_text(json.dumps(people))
    game = PaleoGame(num_groups=2, modules=["X"], content_pack=str(dst))
    checked = windows = 0
    for seed in range(SEEDS):
        rng = np.random.default_rng(seed)
        for s in random_play(game.new_initial_state(), rng):
            if s.current_player != CHANCE and s.pend[-1][0] == D_CRAFT and s.pend[-1][2] == 0:
                k, w = _mask_and_resolution_agree(s)
                checked, windows = checked + k, windows + w
    assert checked > 0 and windows > 0, (checked, windows)


def test_the_heuristic_uses_the_tool_a_recipe_window_needs(xs):
    """PALEO-CRAFT-1: in the bow's recipe window the heuristic uses the stone axe (its only way
    to the skill) rather than declining."""
    from boardgym.agents.heuristics.paleo import PaleoHeuristicAgent

    sc = xs()
    bow = _craft_turn(sc, ["ppl01"], tools=["stone_axe"])
    sc.act(A.TOOL + bow)
    s = sc.s
    agent = PaleoHeuristicAgent(seed=0, strict=True)
    a = agent.act(None, s.legal_mask().copy(), s)
    assert a == A.TOOL + sc.g.content.tool_index["stone_axe"], describe_action(s, a)


def test_crafting_a_stone_axe_pays_its_wood_and_its_stone(xs):
    """PALEO-CRAFT-1: a recipe's resources leave storage for the supply, each of them: the stone
    axe costs 1 wood and 1 stone, so crafting it with 2 of each in storage leaves 1 of each."""
    sc = xs()
    sc.storage(wood=2, stone=2)
    axe = sc.g.content.tool_index["stone_axe"]
    sup = list(sc.s.sup)
    solo_turn(sc, 0, "X17").act(A.OPTION + 0)
    s = sc.s
    assert sc.decision() == "craft" and s.legal_mask()[A.TOOL + axe], sc.legal()
    sc.act(A.TOOL + axe)
    assert s.tools[axe] == 1
    assert s.store[1:] == [1, 1] and s.sup[1:] == [sup[1] + 1, sup[2] + 1]
