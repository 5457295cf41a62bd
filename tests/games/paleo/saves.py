"""Shared pieces of the Paleo saved-state tests (test_saves.py, test_save_fields.py,
test_save_pack_bounds.py): the pool of saves of seeded random play they search, scripted saves
(also of a card holding resources), and the check that a save passes the field declaration."""
from __future__ import annotations

import json

from boardgym.core import StateError
from boardgym.games.paleo import actions as A
from boardgym.games.paleo.kinds import D_TALISMAN
from tests.games.packs import edited_pack
from tests.games.saved_pool import find, load, top

from .scripted import Script

GAME = "paleo"
CONFIGS = ((("num_groups", 2), ("level", 3)), (("num_groups", 3),), (("level", 5), ("num_groups", 3)))
SEEDS = (0, 1, 2, 3)


def find_save(pred):
    """The first save of the pool whose state ``pred`` accepts: (its game, its data to edit)."""
    return find(GAME, CONFIGS, SEEDS, pred)


def passes_declaration(g, data, words):
    """The save loads, or is refused for a rule of the game, not with the declaration's ``words``."""
    try:
        load(g, data)
    except StateError as err:
        assert words not in str(err), str(err)


def talisman_save():
    """A save whose pending decision is a group's talisman window on its revealed hazard."""
    return find_save(lambda st: top(st)[0] == D_TALISMAN and top(st)[2] == 0 and st["fu"])


def first_option(sc, reveals):
    """Both groups reveal ``reveals`` (group -> card key) with no tools left, group 0's card
    resolves first, and its first option is taken."""
    for h in range(2):
        sc.clear_tools(h)
    sc.reveal_turn({}, reveals)
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    sc.act(A.OPTION + 0)


def saved(sc):
    """A scripted state as a save's data (checking that it loads back as it is)."""
    text = sc.s.to_json()
    assert sc.g.state_from_json(text).to_json() == text
    return json.loads(text)


def card_of(doc, key):
    """The card ``key`` of a content file's document."""
    return next(c for c in doc["cards"] if c["id"] == key)


def holder_script(pack, tmp_path, reward, accepts=("food", "wood", "pelt")):
    """Modules B and X (no removal): The Eternal Flame (B01, on the table from setup) edited to
    hold ``accepts`` (by default food and pelts besides wood, PALEO-SPEC-1), and Wood Gift (X18)
    edited to give ``reward``."""
    def holds(doc):
        card_of(doc, "B01")["holds"]["accepts"] = list(accepts)
    path = edited_pack(pack, tmp_path, "modules/B", holds)
    f = tmp_path / "pack" / "modules" / "X.json"
    doc = json.loads(f.read_text())
    card_of(doc, "X18")["options"] = [{"reward": reward}]
    f.write_text(json.dumps(doc))
    sc = Script.start(seed=0, modules=["B", "X"], content_pack=path, num_groups=2, remove_per_module=0)
    assert sc.card("B01") in sc.s.inplay
    return sc


def failed_with_two_negatives(pack, tmp_path):
    """PALEO-DICE-2: the Dice Example (X02) edited to have two negative options (WOUND 1, then
    SKULL 1); group 0 (ppl15 alone, 3 hearts, no tools) reveals it, rolls 1 SKL and 2 STR and
    fails its check: it now picks the negative option (OPTION[1] or OPTION[2])."""
    path = edited_pack(pack, tmp_path, "modules/X", lambda d: card_of(d, "X02")["options"].append(
        {"negative": True, "reward": [{"kind": "SKULL", "n": 1}]}))
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    sc.people(0, ["ppl15"])
    for h in range(2):
        sc.clear_tools(h)
    sc.reveal_turn({}, {0: "X02", 1: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    sc.force("die", "1 SKL", "2 STR").act(A.OPTION + 0)
    assert sc.decision() == "negative" and sc.s.r_card == sc.card("X02") and not sc.s.ops
    return sc
