"""A night option that removes its card (PALEO-NIGHT-3 with the Remove cost, PALEO-ACT-5/6):
"Mission cards remain in play after the action is resolved, unless the card indicates
otherwise", and a removed card goes "to the cemetery after resolving the action". The night
goes on with the next mission: removing one does not make the night skip another."""
from __future__ import annotations

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.content import DEFAULT_PACK
from boardgym.games.paleo.kinds import D_NIGHTOPT, PH_MISSIONS
from tests.games.packs import edited_pack

from .saves import saved
from .scripted import Script


def _removing_mission(doc):
    """Module A's mission (A01): its first moon option (pay 4 food) also removes the card."""
    mission = next(c for c in doc["cards"] if c["id"] == doc["mission"])
    mission["night"][0]["cost"]["remove"] = True


def test_a_night_option_that_removes_its_mission_sends_it_to_the_cemetery(tmp_path):
    """Modules A and B, both missions in play; A01's 4-food moon option is edited to remove the
    card. The lead picks it at the night's first mission: 4 food are paid, A01 leaves play for
    the cemetery, and the next choice is B01's (the second mission is not skipped); that state
    saves and loads back as it is. Ignoring the removal would leave A01 in play."""
    path = edited_pack(DEFAULT_PACK, tmp_path, "modules/A", _removing_mission)
    sc = Script.start(seed=2, modules=["A", "B"], content_pack=path, num_groups=2, remove_per_module=0)
    s = sc.s
    a01, b01 = sc.card("A01"), sc.card("B01")
    sc.storage(food=20, wood=5).to_phase(PH_MISSIONS)
    assert s.pend[-1][0] == D_NIGHTOPT and s.pend[-1][2] == a01
    food = s.store[0]
    sc.act(A.OPTION + 0)
    assert s.store[0] == food - 4
    assert a01 not in s.inplay and a01 in s.cem and b01 in s.inplay
    assert s.pend[-1][0] == D_NIGHTOPT and s.pend[-1][1:3] == (s.lead, b01)
    saved(sc)


def test_a_night_option_without_remove_keeps_its_mission_in_play(tmp_path):
    """The same night with the shipped A01: paying its 4 food keeps it in play (NIGHT-3), and
    B01 is next."""
    sc = Script.start(seed=2, modules=["A", "B"], num_groups=2, remove_per_module=0)
    s = sc.s
    a01, b01 = sc.card("A01"), sc.card("B01")
    sc.storage(food=20, wood=5).to_phase(PH_MISSIONS)
    sc.act(A.OPTION + 0)
    assert a01 in s.inplay and a01 not in s.cem
    assert s.pend[-1][0] == D_NIGHTOPT and s.pend[-1][2] == b01
