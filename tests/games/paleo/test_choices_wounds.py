"""Decisions of choices.py inside a resolution (PALEO-WOUND-1, REW-3/4/8, D-4, D-7, D-11): the
prevent window stays open exactly while wounds are left to prevent and a prevent tool is held,
and whatever a chosen group gets (wounds, a kill, a person, a heal, a dream) is dealt before the
action's next reward (effects resolve in printed order)."""
import pytest

from boardgym.games.paleo import actions as A

from ..packs import edited_pack
from .saves import card_of
from .scripted import Script, solo_turn


@pytest.fixture
def wound_pack(pack, tmp_path):
    """Test module X with X18's one option made "2 wounds, then a victory"."""
    return edited_pack(pack, tmp_path, "modules/X", lambda d: card_of(d, "X18").update(
        options=[{"reward": [{"kind": "WOUND", "n": 2}, {"kind": "VICTORY"}]}]))


def _start(path, pelts):
    sc = Script.start(modules=["X"], content_pack=path, num_groups=2)
    for h in range(2):
        sc.clear_tools(h)
    sc.people(0, ["ppl01", "ppl10"])
    sc.give_tool(0, "pelt", pelts)
    return sc


def test_the_prevent_window_closes_once_every_wound_is_prevented(wound_pack):
    """PALEO-WOUND-1 / REW-2 (rulebook: "You can prevent this many wounds, usually by paying a
    tool token ... only to prevent wounds you are suffering now"): group 0, alone, suffers 2
    wounds holding 3 pelts (each prevents 1). After one pelt 1 wound is left and the window stays
    open; after the second nothing is left to prevent: the window closes, the third pelt is kept,
    nobody is wounded and the action's victory follows."""
    sc = _start(wound_pack, 3)
    s = sc.s
    pelt = sc.g.content.tool_index["pelt"]
    victories = s.victories
    solo_turn(sc, 0, "X18", other="X09", tools=True).act(A.OPTION + 0)
    assert sc.decision() == "prevent" and s.r_wound == 2
    sc.act(A.TOOL + pelt)
    assert sc.decision() == "prevent" and s.r_wound == 1 and s.tools[pelt] == 2
    sc.act(A.TOOL + pelt)
    assert sc.decision() != "prevent"
    assert s.tools[pelt] == 1 and s.wnd[0] == [0, 0] and s.victories == victories + 1


def test_the_prevent_window_closes_when_the_last_prevent_tool_is_spent(wound_pack):
    """PALEO-WOUND-1 / D-11: with 2 wounds and a single pelt, the pelt prevents one; no prevent
    tool is left, so the window closes and the other wound is dealt (to the person the group
    chooses)."""
    sc = _start(wound_pack, 1)
    s = sc.s
    pelt = sc.g.content.tool_index["pelt"]
    solo_turn(sc, 0, "X18", other="X09", tools=True).act(A.OPTION + 0)
    assert sc.decision() == "prevent"
    sc.act(A.TOOL + pelt)
    assert sc.decision() == "wound_person" and s.tools[pelt] == 0
    sc.act(A.PERSON + 1)
    assert s.wnd[0] == [0, 1]


def test_a_chosen_groups_wounds_come_before_the_next_reward(wound_pack):
    """Effects resolve in printed order (docs "Content format"); PALEO-WOUND-1 / D-7: group 1
    helps group 0 on "2 wounds, then a victory". Group 0 chooses which participant suffers the
    wounds (itself), then which of its people: at that choice the victory is not yet counted;
    it is once the wounds are dealt."""
    sc = _start(wound_pack, 0)
    s = sc.s
    sc.people(1, ["ppl03"])
    victories = s.victories
    sc.reveal_turn({}, {0: "X18", 1: "X09"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0, A.OPTION + 0)
    assert sc.decision() == "wound_group"
    sc.act(A.GROUP + 0)
    assert sc.decision() == "wound_person" and s.victories == victories
    sc.act(A.PERSON + 0)
    assert s.wnd[0] == [2, 0]
    assert s.victories == victories + 1


def test_a_night_kill_in_the_chosen_group_comes_before_the_next_reward(pack, tmp_path):
    """PALEO-REW-4 / D-7 / NIGHT-3, effects in printed order: the test mission's night option made
    "a person dies, then a victory"; at night every group takes part (no owner), so the deciding
    group chooses which group loses a person (group 0, two people), then which person: at that
    choice the victory is not yet counted; once the person dies (+1 skull) it is."""
    path = edited_pack(pack, tmp_path, "modules/X", lambda d: card_of(d, "X01").update(night=[
        {"reward": [{"kind": "KILL"}, {"kind": "VICTORY"}]},
        {"negative": True, "reward": [{"kind": "SKULL", "n": 1}]}]))
    sc = _start(path, 0)
    s = sc.s
    sc.people(1, ["ppl03"])
    sc.storage(food=20)
    victories, skulls = s.victories, s.skulls
    for g in range(2):
        sc.act(A.SLEEP_EARLY)
    assert sc.decision() == "night_option"
    sc.act(A.OPTION + 0)
    assert sc.decision() == "kill_group"
    sc.act(A.GROUP + 0)
    assert sc.decision() == "kill_person" and s.victories == victories
    sc.act(A.PERSON + 1)
    assert s.ppl[0] == [sc.card("ppl01")] and s.skulls == skulls + 1
    assert s.victories == victories + 1


def _helped(path, people0, people1, wounds0=None, wounds1=None):
    """Group 1 (``people1``) helps group 0 (``people0``) resolve X18 (no tools held)."""
    sc = Script.start(modules=["X"], content_pack=path, num_groups=2)
    for h in range(2):
        sc.clear_tools(h)
    sc.people(0, people0, wounds0)
    sc.people(1, people1, wounds1)
    sc.reveal_turn({}, {0: "X18", 1: "X09"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0, A.OPTION + 0)
    return sc


def test_a_person_given_to_a_group_joins_before_the_next_reward(pack, tmp_path):
    """Effects resolve in printed order; PALEO-REW-3 / D-7: group 1 helps group 0 on "a new
    person, then 1 wound". Group 0 gives the person to itself: the person joins (ppl05) before the
    wound is dealt, so when group 0 takes the wound it chooses among 3 people, the new one
    included."""
    path = edited_pack(pack, tmp_path, "modules/X", lambda d: card_of(d, "X18").update(
        options=[{"reward": [{"kind": "PERSON"}, {"kind": "WOUND", "n": 1}]}]))
    sc = _helped(path, ["ppl01", "ppl10"], ["ppl03"])
    s = sc.s
    assert sc.decision() == "split"
    sc.force("person", "ppl05").act(A.GROUP + 0)
    assert s.ppl[0] == [sc.card(k) for k in ("ppl01", "ppl10", "ppl05")]
    assert sc.decision() == "wound_group"
    sc.act(A.GROUP + 0)
    assert sc.decision() == "wound_person" and s.legal_mask()[A.PERSON + 2]
    sc.act(A.PERSON + 2)
    assert s.wnd[0] == [0, 0, 1]


def test_a_heal_given_to_a_group_is_applied_before_the_next_heal_is_shared(pack, tmp_path):
    """PALEO-REW-8 / HELP-6 (D-7): group 1 helps group 0 on Healing Herbs (X09: heal 2); each
    group has one wounded person, group 1's with a single wound. Group 0 gives the first heal to
    group 1, which is healed at once; the second heal then has only group 0 left to go to, so
    nobody is asked again and group 0's person is healed."""
    sc = Script.start(modules=["X"], content_pack=pack, num_groups=2)
    for h in range(2):
        sc.clear_tools(h)
    sc.people(0, ["ppl01"], [2])
    sc.people(1, ["ppl03"], [1])
    sc.reveal_turn({}, {0: "X09", 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0, A.OPTION + 0)
    s = sc.s
    assert sc.decision() == "split"
    sc.act(A.GROUP + 1)
    assert sc.decision() != "split"
    assert s.wnd[1] == [0] and s.wnd[0] == [1]


def test_a_dream_given_to_the_owner_is_on_its_deck_before_the_next_reward(pack, tmp_path):
    """Effects resolve in printed order; PALEO-REW-1..9 (a dream goes on top of the group's own
    deck) / D-7: group 1 helps group 0 on "a dream card, then discard 1" (the discard takes the top
    of the owner's deck, ACT-3). Group 0 gives the dream to itself: it goes on top of group 0's
    deck first, so the discard then takes that very dream, and the deck is as long as before."""
    path = edited_pack(pack, tmp_path, "modules/X", lambda d: card_of(d, "X18").update(
        options=[{"reward": [{"kind": "DREAM"}, {"kind": "DISCARD", "n": 1}]}]))
    sc = _helped(path, ["ppl01"], ["ppl03"])
    s = sc.s
    dream = sc.g.content.sets["dream"][0]
    deck = len(s.deck_b[0])
    assert sc.decision() == "split"
    sc.force("dream", dream).act(A.GROUP + 0)
    assert len(s.deck_b[0]) == deck
    assert dream not in s.deck_c[0] and dream in s.fd_c
