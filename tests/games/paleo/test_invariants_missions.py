"""Paleo saved-state checks (invariants.py ``_frame``) at the night's mission and moon steps
(PALEO-NIGHT-3/4): with a pack whose first mission has no moon area, the pending mission choice
is checked against the missions that have one, as the night step itself lists them
(night.missions_step); at the moon step, the pending choice must be the moon card of the group
whose turn it is (a wrong card, a step counter of 0 or past the last moon card is refused; the
last moon card at the last step loads)."""
from __future__ import annotations

from boardgym.games.paleo.content import DEFAULT_PACK
from boardgym.games.paleo.kinds import D_NIGHTOPT, PH_MISSIONS, PH_MOON
from boardgym.games.paleo.night import moon_cards
from tests.games.packs import edited_pack
from tests.games.saved_pool import edited, load, refused, top

from .saves import passes_declaration, saved
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
    sc.to_phase(PH_MISSIONS)
    assert s.pend[-1][0] == D_NIGHTOPT and s.pend[-1][1:3] == (s.lead, b01) and s.k == 1
    data = saved(sc)   # (loads back as it is: the invariants accept it)
    assert data["state"]["pend"][-1][:3] == [D_NIGHTOPT, s.lead, b01]


WORDS = "is not the moon card of group"


def _moon_step():
    """A save at a moon card's choice (PALEO-NIGHT-4): group 1 holds the Trail Scout (A05, a
    moon card) in play, every group sleeps and the night runs to the moon step (as
    test_day_night's case 41). Its game, data and moon cards in the order the night takes them."""
    sc = Script.start(seed=2, level=1, num_groups=2)
    s = sc.s
    x = sc.into_play("A05", 1)
    sc.storage(food=20, wood=5).to_phase(PH_MOON)
    assert s.pend[-1][0] == D_NIGHTOPT and (1, x) in moon_cards(s)
    data = saved(sc)
    return sc.g, data, moon_cards(load(sc.g, data))


def _choice(data, seat, card, k):
    f = list(top(data["state"]))
    return edited(data, k=k, pend=[[f[0], seat, card, f[3]]])


def test_a_moon_choice_is_the_moon_card_whose_turn_it_is():
    """PALEO-NIGHT-4: "Cards in your group with the moon symbol must be dealt with during the
    night phase in the same way as mission cards": one by one, the step counter k naming the
    k-th moon card (group, card). A choice pending for a card that is no moon card of that
    group (a mission) at a valid step is refused naming the check."""
    g, data, cs = _moon_step()
    k = data["state"]["k"]
    assert 1 <= k <= len(cs) and tuple(top(data["state"])[1:3]) == cs[k - 1]
    seat = cs[k - 1][0]
    refused(g, _choice(data, seat, g.missions[0], k), f"card {g.missions[0]} {WORDS} {seat}")


def test_a_moon_step_counter_is_within_the_moon_cards():
    """PALEO-NIGHT-4: the step counter runs 1..(number of moon cards): at 0 or one past the last
    moon card the pending choice is refused, whatever card it names; the last moon card at the
    last step loads."""
    g, data, cs = _moon_step()
    seat, card = cs[-1]
    refused(g, _choice(data, seat, card, 0), WORDS)
    refused(g, _choice(data, seat, card, len(cs) + 1), WORDS)
    passes_declaration(g, _choice(data, seat, card, len(cs)), WORDS)
