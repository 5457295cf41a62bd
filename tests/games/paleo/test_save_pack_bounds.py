"""Saved Paleo states, continued (see test_saves.py, test_save_fields.py): the field ranges that
follow from the content pack (the largest heal, wound event and tool reward a pack holds). Each is
tested with the test pack and with a copy edited to hold none of them: the save at the bound
passes the declaration, one past it is refused naming the range."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from boardgym.games.paleo.constants import AREA_FIELDS, E_DISCARD, E_HEAL, E_TOOL, E_WOUND, TE_HEAL
from boardgym.games.paleo.kinds import OP_GAIN_TOOL, OP_HEAL
from tests.games.saved_pool import edited, refused

from .saves import passes_declaration, saved
from .scripted import Script


def _pack_without(pack, tmp_path, kind=None, tool_effect=None, cost=None, options=True):
    """A copy of the test pack with every card effect of ``kind`` (HEAL, TOOL, or a tuple of
    kinds; None: none) made "+1 food" and the ``cost`` entry (e.g. discard) left out of every
    option's cost; ``tool_effect(tool)`` edits each tool of rules.json. ``options=False`` leaves
    every card with no option in any area (its hazards then plain action cards, its ideas with no
    tool of their own too, since content refuses a hazard or an idea without one)."""
    dst = Path(tmp_path) / "pack"
    shutil.copytree(pack, dst)
    kinds = kind if isinstance(kind, tuple) else (kind,)

    def walk(node):
        if isinstance(node, dict) and not options and "kind" in node and "id" in node:
            node = {k: v for k, v in node.items() if k not in AREA_FIELDS and k != "hazard"}
            if node["kind"] == "HAZARD" or (node["kind"] == "IDEA" and "idea" not in node):
                node["kind"] = "ACTION"
        if isinstance(node, dict):
            if kind and node.get("kind") in kinds:
                return {"kind": "RES", "res": "food", "n": 1}
            if cost and isinstance(node.get("cost"), dict):
                node = {**node, "cost": {k: v for k, v in node["cost"].items() if k != cost}}
            return {k: walk(v) for k, v in node.items()}
        return [walk(v) for v in node] if isinstance(node, list) else node

    for f in dst.rglob("*.json"):
        doc = json.loads(f.read_text())
        if f.name == "rules.json":
            for tool in doc["tools"]:
                if tool_effect:
                    tool_effect(tool)
        else:
            doc = walk(doc)
        f.write_text(json.dumps(doc))
    return str(dst)


@pytest.mark.parametrize("case", ["no heal", "basket of 5"])
def test_saved_heal_points_are_bounded_by_the_packs_heals(pack, tmp_path, case):
    """PALEO-REW-8: heal N, from a card's HEAL reward or a heal tool; no more heal points ever
    wait than the pack's largest heal. In a pack with no heal at all (every HEAL reward made +1
    food, the root a plain token) that is 0: a save with 1 heal point waiting is refused by the
    declaration, 0 passes it. Only heals count: with the basket (a food tool) bringing 5 food
    the largest heal stays 4 (a HEAL 4 card of the shipped pack), so 5 points are refused and 4
    pass."""
    if case == "no heal":
        def plain_root(tool):
            if tool["effect"]["kind"] == "HEAL":
                tool["effect"] = {"kind": "NONE"}
        path, top = _pack_without(pack, tmp_path, "HEAL", plain_root), 0
    else:
        def big_basket(tool):
            if tool["id"] == "basket":
                tool["effect"]["n"] = 5
        path, top = _pack_without(pack, tmp_path, tool_effect=big_basket), 4
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    c = sc.g.content
    assert top == max([e[1] for x in c.cards for o in x.opts for e in o.reward if e[0] == E_HEAL]
                      + [t.n for t in c.tools if t.effect == TE_HEAL] + [0])
    data = saved(sc)
    passes_declaration(sc.g, edited(data, ops=[[OP_HEAL, top]]), "heals still to give")
    refused(sc.g, edited(data, ops=[[OP_HEAL, top + 1]]), f"is {top + 1}, must be heals still to give (0")


@pytest.mark.parametrize("case", ["test pack", "no wounds", "no options"])
def test_saved_wounds_to_place_are_bounded_by_the_packs_wound_events(pack, tmp_path, case):
    """PALEO-WOUND-1 / ACT-3/4: a wound event is a WOUND reward or the red backs of a discard; no
    more wounds wait to be placed than the pack's largest event. In a pack with no wound event
    at all (every WOUND and DISCARD effect made +1 food, no option costs a discard) that is 0: a
    save with 1 wound waiting is refused by the declaration, 0 passes it. The same holds in a
    pack whose cards have no option at all: nothing there wounds, and the 0 of a save (nothing
    waiting) still loads."""
    if case == "no wounds":
        path = _pack_without(pack, tmp_path, ("WOUND", "DISCARD"), cost="discard")
    elif case == "no options":
        path = _pack_without(pack, tmp_path, options=False)
    else:
        path = pack
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    c = sc.g.content
    top = max([o.discard for x in c.cards for o in x.opts]
              + [e[1] for x in c.cards for o in x.opts for e in o.reward if e[0] in (E_WOUND, E_DISCARD)] + [0])
    assert (top == 0) == (case != "test pack")
    assert any(x.opts for x in c.cards) == (case != "no options")
    data = saved(sc)
    passes_declaration(sc.g, edited(data, r_wound=top), "r_wound is")
    refused(sc.g, edited(data, r_wound=top + 1), f"r_wound is {top + 1}", "must be wounds to place (0")


@pytest.mark.parametrize("case", ["shipped", "no tool rewards"])
def test_saved_tool_tokens_to_gain_are_bounded_by_the_packs_rewards(pack, tmp_path, case):
    """PALEO-REW-2: a TOOL reward gives its n tokens one at a time, the rest waiting; no more wait
    than the pack's largest TOOL reward, and never fewer than 0. With the test pack (largest: 2)
    a save with 2 waiting passes the declaration, 3 or -1 are refused. In a pack with no TOOL
    reward (each made +1 food) no token ever waits: 0 passes, 1 is refused."""
    path, top = (pack, 2) if case == "shipped" else (_pack_without(pack, tmp_path, "TOOL"), 0)
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    c = sc.g.content
    assert top == max([e[2] for x in c.cards for o in x.opts for e in o.reward if e[0] == E_TOOL] + [0])
    data = saved(sc)
    passes_declaration(sc.g, edited(data, ops=[[OP_GAIN_TOOL, 0, top]]), "tokens still to gain")
    bad = [top + 1] + ([-1] if case == "shipped" else [])
    for n in bad:
        refused(sc.g, edited(data, ops=[[OP_GAIN_TOOL, 0, n]]), f"is {n}, must be tokens still to gain (0")
