"""PALEO-SPEC-2: "A revealed card with placement instructions must be placed as instructed (in a
group or on another card); that is its resolution."

The shipped cards are all placed in a group; these cases give the Trail Scout (module A, A05)
other instructions in a copy of the test pack: on a mission, or on a card (of a given module,
or any)."""
import json
import shutil

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.kinds import ON_CARD

from .scripted import Script


def _scout(pack, tmp_path, placement, on_table=None):
    """Group 0 reveals the Trail Scout with ``placement``; ``on_table``: a card of module X that
    the module's setup puts on the table (a card in play that is no mission)."""
    dst = tmp_path / "pack"
    shutil.copytree(pack, dst)
    f = dst / "modules" / "A.json"
    doc = json.loads(f.read_text())
    next(c for c in doc["cards"] if c["id"] == "A05")["placement"] = placement
    f.write_text(json.dumps(doc))
    if on_table:
        f = dst / "modules" / "X.json"
        doc = json.loads(f.read_text())
        doc["setup"] = [{"card": on_table, "to": "TABLE"}]
        f.write_text(json.dumps(doc))
    sc = Script.start(seed=0, modules=["A", "X"], content_pack=str(dst), num_groups=2, remove_per_module=0)
    sc.reveal_turn({}, {0: "A05", 1: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    assert sc.legal() == ["CONFIRM"]
    sc.act(A.CONFIRM)
    return sc


def _offered(sc):
    m = sc.s.legal_mask()
    return sorted(sc.s.inplay[i] for i in range(len(sc.s.inplay)) if m[A.CARD + i])


def _lies_on(sc, key):
    s = sc.s
    return s.inloc[s.inplay.index(sc.card("A05"))] - ON_CARD == sc.card(key)


def test_placement_on_a_mission_offers_each_mission(pack, tmp_path):
    """PALEO-SPEC-2: "on a mission" with two missions in play (A01, X01): group 0 chooses which
    (only the missions are offered); the scout then lies on the chosen one, not faceup."""
    sc = _scout(pack, tmp_path, {"to": "MISSION"})
    assert sc.decision() == "place" and sc.s.current_player == 0
    assert _offered(sc) == sorted([sc.card("A01"), sc.card("X01")])
    sc.act(A.CARD + sc.s.inplay.index(sc.card("X01")))
    assert _lies_on(sc, "X01") and sc.card("A05") not in sc.s.fu
    assert not sc.s.invariant_errors()


def test_placement_on_a_mission_offers_no_other_card_in_play(pack, tmp_path):
    """PALEO-SPEC-2: "on a mission" with a card that is no mission lying in play too (module X's
    setup puts X16 on the table): only the two missions are offered, not that card."""
    sc = _scout(pack, tmp_path, {"to": "MISSION"}, on_table="X16")
    assert sc.card("X16") in sc.s.inplay
    assert sc.decision() == "place"
    assert _offered(sc) == sorted([sc.card("A01"), sc.card("X01")])


def test_placement_on_a_card_of_a_module_goes_to_its_only_card(pack, tmp_path):
    """PALEO-SPEC-2: "on a card of module X": the only X card in play is its mission, so the
    scout is placed there at once (no choice to make)."""
    sc = _scout(pack, tmp_path, {"to": "CARD", "filter": "X"})
    assert sc.decision() != "place"
    assert _lies_on(sc, "X01") and sc.card("A05") not in sc.s.fu


def test_placement_on_any_card_offers_every_card_in_play(pack, tmp_path):
    """PALEO-SPEC-2: "on a card" with no filter: every card in play is offered."""
    sc = _scout(pack, tmp_path, {"to": "CARD"})
    s = sc.s
    assert sc.decision() == "place"
    assert _offered(sc) == sorted(x for x in s.inplay if x != sc.card("A05"))
    sc.act(A.CARD + s.inplay.index(sc.card("A01")))
    assert _lies_on(sc, "A01")
