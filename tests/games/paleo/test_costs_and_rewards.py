"""PALEO-ACT-3 (costs), the rewards' printed order (spec §5, step 7) and D-19 (a crafted token
with none left in its stock), on cards of the test pack edited in a copy."""
import json
import shutil

import pytest

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.kinds import D_SPLIT, SP_TOOL

from .scripted import Script

RES = ("food", "wood", "stone")


def _pack_with(pack, tmp_path, key, option):
    """A copy of the test pack whose card ``key`` (module X) has the single option ``option``."""
    dst = tmp_path / "pack"
    shutil.copytree(pack, dst)
    f = dst / "modules" / "X.json"
    doc = json.loads(f.read_text())
    next(c for c in doc["cards"] if c["id"] == key)["options"] = [option]
    f.write_text(json.dumps(doc))
    return str(dst)


def _resolve(sc, key, people=("ppl01",), wounds=None):
    """Group 0 (``people``, no tools) resolves ``key``'s option 0 alone."""
    sc.people(0, list(people), wounds=wounds)
    for h in range(2):
        sc.clear_tools(h)
    sc.reveal_turn({}, {0: key, 1: "X13" if key != "X13" else "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    sc.act(A.OPTION + 0)
    return sc.s


@pytest.mark.parametrize("r", range(3))
def test_a_cost_of_one_resource_is_paid_from_storage(pack, tmp_path, r):
    """PALEO-ACT-3: "Resources: storage -> supply", for each resource alone. Wood Gift edited to
    cost 1 {food | wood | stone} (reward 2 wood): that resource leaves storage for the supply;
    the 2 wood come in afterwards."""
    path = _pack_with(pack, tmp_path, "X18", {"cost": {RES[r]: 1},
                                              "reward": [{"kind": "RES", "res": "wood", "n": 2}]})
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    sc.storage(food=5, wood=1, stone=1)
    store, sup = list(sc.s.store), list(sc.s.sup)
    s = _resolve(sc, "X18")
    want = list(store)
    want[r] -= 1
    want[1] += 2
    assert s.store == want, (RES[r], store, s.store)
    assert s.sup[r] == sup[r] + 1 - (2 if r == 1 else 0)


def test_a_mission_paid_in_stone_at_night(xs):
    """PALEO-NIGHT-3 / ACT-3: the Test Mission's moon option costs 5 stone; the tribe chooses it at
    night and the 5 stone go from storage back to the supply."""
    sc = xs()
    sc.storage(food=20, stone=5)
    s = sc.s
    for g in range(s.n):
        if s.awake[g]:
            sc.act(A.SLEEP_EARLY)
    while sc.decision() == "night_tools":
        sc.act(A.CONFIRM)
    assert sc.decision() == "night_option" and s.pend[-1][2] == sc.card("X01")
    sup = s.sup[2]
    sc.act(A.OPTION + 0)
    assert s.store[2] == 0 and s.sup[2] == sup + 5


def test_rewards_resolve_in_printed_order(pack, tmp_path):
    """Spec §5 step 7, "Rewards in printed order": Healing Spring edited to HEAL 2 then WOUND 1.
    A lone person with 1 wound is healed first (to 0, the second heal point is lost), then
    wounded: 1 wound. (Wounded first, then healed, would leave 0.)"""
    path = _pack_with(pack, tmp_path, "X09", {"reward": [{"kind": "HEAL", "n": 2}, {"kind": "WOUND", "n": 1}]})
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    s = _resolve(sc, "X09", wounds=[1])
    assert s.wnd[0] == [1]


def test_a_crafted_token_with_none_left_in_its_stock_is_not_given(xs):
    """PALEO-D-19: "Crafting takes from the craft stock ... none left: nothing". A save at the
    split of a crafted spear (group 1 helped) edited so that the spear's last stock token lies in
    the general supply (totals conserved) loads; giving the spear then gives nothing: no group
    gains one, the stock stays at 0 and the general supply keeps its tokens."""
    sc = xs()
    sc.storage(wood=2)
    for h in range(2):
        sc.clear_tools(h)
    sc.reveal_turn({}, {0: "X17", 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0, A.OPTION + 0)
    t = sc.g.content.tool_index["spear"]
    sc.act(A.TOOL + t)
    s = sc.s
    assert s.pend[-1][0] == D_SPLIT and s.pend[-1][2] == SP_TOOL and s.pend[-1][3] == t + 100
    data = json.loads(s.to_json())
    st = data["state"]
    st["gsup"][t] += st["stock"][t]
    st["stock"][t] = 0
    s2 = sc.g.state_from_json(json.dumps(data))
    gsup = s2.gsup[t]
    s2.apply(A.GROUP + 1)
    assert s2.stock[t] == 0 and s2.gsup[t] == gsup
    assert s2.tools[t] == 0 and s2.tools[sc.g.T + t] == 0
    assert not s2.invariant_errors()
