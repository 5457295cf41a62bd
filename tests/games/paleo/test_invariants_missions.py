"""Paleo saved-state checks (invariants.py) at the night's mission step, with a pack whose
mission has no moon area: the pending mission choice is checked against the missions that have
one (PALEO-NIGHT-3), as the night step itself lists them (night.missions_step)."""
from __future__ import annotations

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.content import DEFAULT_PACK
from boardgym.games.paleo.kinds import D_NIGHTOPT, PH_MISSIONS
from tests.games.packs import edited_pack

from .saves import saved
from .scripted import Script


def _no_moon(doc):
    """Module A's mission (A01) loses its moon area (content allows a mission without one)."""
    mission = next(c for c in doc["cards"] if c["id"] == doc["mission"])
    del mission["night"]


def test_a_mission_without_a_moon_area_is_skipped_at_night_and_the_save_loads(tmp_path):
    """PALEO-NIGHT-3: "During the night phase, only the area below the "moon" symbol matters. As
    a group, you must choose and resolve 1 of the actions shown." Module A's mission (first by
    letter) has no moon area, so the lead's first mission choice of the night is module B's
    mission B01 (k = 1: the first mission with a moon area); that state saves and loads back
    as it is. Counting A01 among the night's missions would make B01 the second and refuse it."""
    path = edited_pack(DEFAULT_PACK, tmp_path, "modules/A", _no_moon)
    sc = Script.start(seed=2, modules=["A", "B"], content_pack=path, num_groups=2, remove_per_module=0)
    s = sc.s
    a01, b01 = sc.card("A01"), sc.card("B01")
    assert a01 in s.inplay and b01 in s.inplay
    for g in range(s.n):
        if s.awake[g]:
            sc.act(A.SLEEP_EARLY)
    while s.phase != PH_MISSIONS:
        sc.act(int(s.legal_mask().nonzero()[0][0]))
    assert s.pend[-1][0] == D_NIGHTOPT and s.pend[-1][1:3] == (s.lead, b01) and s.k == 1
    data = saved(sc)   # (loads back as it is: the invariants accept it)
    assert data["state"]["pend"][-1][:3] == [D_NIGHTOPT, s.lead, b01]
