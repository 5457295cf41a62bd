"""Paleo's saved-state checks that every resource and tool token is somewhere once
(PALEO-SETUP-1: the supplies hold a fixed number of each; PALEO-D-19: spent tool tokens go back):
each of the three resources is counted (storage, supply and cards), and a gained tool token
waiting for its host choice counts once, the pack's first tool (id 0, code 3) included."""
from __future__ import annotations

import pytest

from boardgym.games.paleo import actions as A
from tests.games.saved_pool import edited, refused

from .saves import find_save, holder_script, saved
from .scripted import solo_turn

RESOURCES = ("food", "wood", "stone")


@pytest.mark.parametrize("r", range(3), ids=RESOURCES)
def test_each_resource_is_conserved(r):
    """A save with one more of a resource in storage than the game has is refused, for food,
    wood and stone alike."""
    g, data = find_save(lambda st: not st["cq"])
    store = list(data["state"]["store"])
    store[r] += 1
    refused(g, edited(data, store=store), f"resource {r} not conserved")


def test_a_torch_waiting_for_its_host_counts_once(pack, tmp_path):
    """PALEO-SPEC-1 / REW-2: Wood Gift edited to give a torch (the first tool of the pack, code
    3 + 0) and The Eternal Flame to hold torches; while group 0 chooses where the torch goes,
    the token is in hand, neither in a supply nor with a group, and the save loads."""
    sc = holder_script(pack, tmp_path, [{"kind": "TOOL", "tool": "torch"}], accepts=("torch",))
    assert sc.g.content.tool_index["torch"] == 0
    solo_turn(sc, 0, "X18")
    sc.act(A.OPTION + 0)
    assert sc.decision() == "host" and sc.s.pend[-1][2] == 3
    saved(sc)   # (loads back as it is)
