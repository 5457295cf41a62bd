"""An idea a module places on the workbench at setup brings its tool tokens with it (rulebook:
"Some ideas allow you to craft new tools. In this case, take the corresponding tool tokens and
place them in front of the idea card, indicating that they can now be crafted"; PALEO-CRAFT-1,
PALEO-SETUP). Module H's setup puts H02 (the raft's idea) on the bench: every raft token is in
the craft stock and none is left in the general supply, whatever the raft's place in the
pack's list of tools (the first tool, id 0, included)."""
from __future__ import annotations

import pytest

from boardgym.games.paleo.content import DEFAULT_PACK
from tests.games.packs import edited_pack

from .scripted import Script


def _raft_first(doc):
    raft = next(t for t in doc["tools"] if t["id"] == "raft")
    doc["tools"].remove(raft)
    doc["tools"].insert(0, raft)


@pytest.mark.parametrize("first", [False, True], ids=["shipped order", "raft listed first"])
def test_a_setup_idea_on_the_bench_makes_its_tool_craftable(tmp_path, first):
    path = edited_pack(DEFAULT_PACK, tmp_path, "rules", _raft_first) if first else None
    sc = Script.start(seed=0, modules=["H"], content_pack=path, num_groups=2, remove_per_module=0)
    s, c = sc.s, sc.g.content
    raft = c.tool_index["raft"]
    assert (raft == 0) == first
    assert sc.card("H02") in s.bench
    assert s.stock[raft] == c.tools[raft].count == 3 and s.gsup[raft] == 0
