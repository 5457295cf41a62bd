"""PALEO-DICE-2 for the actions that are not a group's card: an additional (PALEO-SPEC-4) or
alternative (PALEO-SPEC-3) action whose requirement is not met when it is checked (its tool
window declined) has no negative option of its own, so it is ignored, as a card without one is
(rules: "If you have no negative option, you just ignore it"): nothing is paid or gained, no
card is being resolved any more, and the turn goes on as after a resolution.

Each case loads a copy of the test pack whose action is given a requirement of 3 STR, met only
with a spear's +2 (group 0: one person with 1 STR and a spear)."""
from boardgym.games.paleo import actions as A

from ..packs import edited_pack
from .saves import card_of
from .scripted import Script


def _pack(pack, tmp_path, module, key, area, i):
    return edited_pack(pack, tmp_path, f"modules/{module}", lambda d: card_of(d, key)[area][i].update(req={"str": 3}))


def _decline_the_tool_window(sc, action):
    s = sc.s
    stone, spears = s.store[2], s.tools[sc.g.content.tool_index["spear"]]
    sc.act(action)
    assert sc.decision() == "tool_window" and s.r_card >= 0
    sc.act(A.DECLINE)
    assert s.r_card == -1 and s.r_opt == -1, "the ignored action is over: no card is being resolved"
    assert s.tools[sc.g.content.tool_index["spear"]] == spears
    assert not s.invariant_errors()
    back = sc.g.state_from_json(s.to_json())
    assert back.to_json() == s.to_json()
    return stone


def test_an_ignored_additional_action_reopens_its_closing_window(pack, tmp_path):
    """The mission's unlimited additional action (gain 1 stone) now needs 3 STR. Group 0 uses it
    in its closing window and declines the spear: no stone, and the closing window is open again
    (the mission's once-a-day action is still usable), as after an additional action resolved."""
    sc = Script.start(modules=["X"], content_pack=_pack(pack, tmp_path, "X", "X01", "additional", 1),
                      num_groups=2)
    sc.auto_close = False
    for h in range(2):
        sc.clear_tools(h)
    sc.give_tool(0, "spear")
    sc.people(0, ["ppl01"])
    free_i = A.ADD + sc.g.add_index[(sc.card("X01"), 3)]
    day_i = A.ADD + sc.g.add_index[(sc.card("X01"), 2)]
    sc.reveal_turn({}, {0: "X09", 1: "X13"})
    sc.act(A.RESOLVE_NEXT + 0, A.OPTION + 0)
    assert sc.decision() == "closing" and sc.s.legal_mask()[free_i]
    stone = _decline_the_tool_window(sc, free_i)
    s = sc.s
    assert s.store[2] == stone
    assert sc.decision() == "closing" and s.pend[-1][1] == 0
    assert not s.legal_mask()[free_i] and s.legal_mask()[day_i]  # used this turn, though ignored


def test_an_ignored_alternative_action_opens_the_closing_window(pack, tmp_path):
    """The Ember Pot's alternative action (2 wood: 1 food, heal 1) now needs 3 STR. Group 1 helps
    group 0, which uses the pot (in group 1) instead of its own card and declines the spear:
    the wood stays, and group 0's closing window opens (its mission actions are usable), as after
    an alternative action resolved; its own card is spent as when the action is taken."""
    sc = Script.start(modules=["B", "X"], remove_per_module=0, num_groups=2,
                      content_pack=_pack(pack, tmp_path, "B", "B05", "alternative", 0))
    sc.reveal_turn({}, {0: "X18", 1: "B05"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 1)
    sc.act(A.CONFIRM)
    while sc.decision() in ("owner", "host"):
        sc.act(A.OPTION + 0 if sc.decision() == "owner" else A.DECLINE)
    for h in range(2):
        sc.clear_tools(h)
    sc.give_tool(0, "spear")
    sc.people(0, ["ppl01"])
    sc.storage(wood=3)
    sc.auto_close = False
    sc.reveal_turn({}, {0: "X09", 1: "X13"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0)
    if sc.decision() == "closing":  # group 1's own, after its help
        assert sc.s.pend[-1][1] == 1
        sc.act(A.CONFIRM)
    alt = A.ALT + sc.g.alt_index[(sc.card("B05"), 0)]
    assert sc.decision() == "owner" and sc.s.legal_mask()[alt]
    _decline_the_tool_window(sc, alt)
    s = sc.s
    assert s.store[1] == 3 and sc.card("X09") in s.fu
    assert sc.decision() == "closing" and s.pend[-1][1] == 0
