"""Spec §6 cases about the day turn, the night, setup and content."""
import warnings

import numpy as np

from boardgym.games.paleo import PaleoGame
from boardgym.games.paleo import actions as A
from boardgym.games.paleo.constants import BACK_TYPES
from boardgym.games.paleo.hidden import queue_deal
from boardgym.games.paleo.kinds import CH_DEAL, D_NIGHTOPT
from .scripted import Script


def _sleep_all(sc):
    for g in range(sc.s.n):
        if sc.s.awake[g]:
            sc.act(A.SLEEP_EARLY)


def test_case07_feeding(xs):
    """PALEO-NIGHT-2: 5 people, 3 food: storage 0, skulls +2, nobody dies."""
    sc = xs()
    sc.people(0, ["ppl01", "ppl03", "ppl06"]).people(1, ["ppl13", "ppl14"]).storage(food=3)
    for h in range(2):
        sc.clear_tools(h)
    _sleep_all(sc)
    s = sc.s
    assert s.store[0] == 0 and s.skulls == 2 and len(s.ppl[0]) + len(s.ppl[1]) == 5


def test_case12_early_sleep(xs):
    """PALEO-DAY-5 / D-5: the whole deck facedown, 0 wounds, the group no longer takes part."""
    sc = xs()
    sc.top(0, "base28", 0).top(0, "base29", 1)
    n0 = len(sc.s.deck_b[0])
    sc.act(A.SLEEP_EARLY)
    sc.force("reveal", "X18").top(1, "X18").act(A.pick(0))
    s = sc.s
    assert not s.awake[0] and len(s.fd_b) == n0 and s.wnd[0] == [0] * len(s.wnd[0])
    assert sc.decision() == "owner" and not s.legal_mask()[A.HELP + 0]


def test_case17_pick_and_reorder(xs):
    """PALEO-DAY-1: deck [R,F,M,D], PICK[1,swap]: chosen F, deck [M,R,D]."""
    sc = xs()
    sc.top(0, "base28", 0).top(0, "base01", 1).top(0, "base14", 2).top(0, "base23", 3)
    typ = lambda b: BACK_TYPES[sc.g.content.back_keys[b][0]]  # noqa: E731
    sc.top(1, "X18").force("reveal", "base01", "X18").act(A.pick(1, True), A.pick(0))
    assert sc.s.rev[0] == sc.card("base01")
    assert [typ(b) for b in sc.s.deck_b[0][:3]] == ["MOUNTAIN", "RED", "DREAM"]


def test_case18_deal_order():
    """PALEO-NIGHT-5 / D-6: after night 2, 17 cards, 3 groups: seats 2, 0 get 6, seat 1 gets 5."""
    s = PaleoGame(num_groups=3).new_initial_state()
    s.cq.clear()
    s.deal_pool[:] = [0] * len(s.deal_pool)
    s.deal_pool[0] = 17
    queue_deal(s, 2 % 3)
    per = [sum(1 for k, a in s.cq if k == CH_DEAL and a == g) for g in range(3)]
    assert per == [6, 5, 6] and s.cq[0] == (CH_DEAL, 2)


def test_a_deal_of_more_cards_than_the_game_has_goes_round_from_the_starting_seat():
    """PALEO-NIGHT-5 / D-6: a state edited by hand to hold more cards to deal than the game's
    cards still deals them round robin from the starting seat (2, 0, 1, 2, ... with 3 groups),
    as the precomputed rounds do."""
    s = PaleoGame(num_groups=3).new_initial_state()
    s.cq.clear()
    s.deal_pool[:] = [0] * len(s.deal_pool)
    total = len(s.game.deal_rounds[2]) + 4
    s.deal_pool[0] = total
    queue_deal(s, 2)
    assert len(s.cq) == total and all(k == CH_DEAL for k, _ in s.cq)
    assert [a for _, a in s.cq] == [(2 + i) % 3 for i in range(total)]


def test_case21_mission_only_negative(xs):
    """PALEO-NIGHT-3: a mission with nothing payable: only its negative; the card stays."""
    sc = xs()
    sc.storage(food=20, stone=0)
    _sleep_all(sc)
    assert sc.decision() == "night_option"
    assert sc.legal() == ["OPTION[1]"]  # options are numbered over all areas: moon first here
    sc.act(A.OPTION + 1)
    assert sc.card("X01") in sc.s.inplay and sc.s.skulls == 1


def test_case23_alternative_action_needs_help(xs):
    """PALEO-SPEC-3: group 0 may use the Ember Pot in group 1 only after group 1 helped it."""
    sc = xs(modules=("B", "X"), remove_per_module=0)
    sc.reveal_turn({}, {0: "X18", 1: "B05"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 1)
    sc.act(A.CONFIRM)
    assert sc.card("B05") in sc.s.inplay
    while sc.decision() == "owner" or sc.decision() == "host":
        sc.act(A.OPTION + 0 if sc.decision() == "owner" else A.DECLINE)
    sc.storage(wood=3)
    sc.reveal_turn({}, {0: "X09", 1: "X13"})
    alt = A.ALT + sc.g.alt_index[(sc.card("B05"), 0)]
    before = sc.s.clone()
    sc.act(A.RESOLVE_NEXT + 0)
    assert not sc.s.legal_mask()[alt]
    sc.s = before
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0)
    assert sc.s.legal_mask()[alt]
    sc.act(alt)
    assert sc.card("B05") in sc.s.inplay and sc.card("X09") in sc.s.fu


def test_case24_setup_level1_three_groups():
    """PALEO-SETUP-1..5: 48 day cards, 16 each, 6 module cards out; storage and supply; bench;
    2 people each with exactly their printed tools; 48 tool tokens; 0 skulls and victories."""
    sc = Script.start(seed=3, level=1, num_groups=3)
    s, c = sc.s, sc.g.content
    assert [len(d) for d in s.deck_b] == [16, 16, 16] and len(s.removed) == 6
    assert s.store == [5, 0, 0] and s.sup == [15, 12, 8]
    ti = c.tool_index
    assert [s.stock[ti[k]] for k in ("torch", "stone_axe", "spear")] == [5, 5, 5]
    T = sc.g.T
    for g in range(3):
        assert len(s.ppl[g]) == 2
        printed = sorted(c.cards[x].ptool for x in s.ppl[g] if c.cards[x].ptool >= 0)
        held = sorted(t for t in range(T) for _ in range(s.tools[g * T + t]))
        assert held == printed
    assert sum(s.gsup) + sum(s.stock) + sum(s.tools) == 48
    assert s.skulls == 0 and s.victories == 0


def test_case26_content_sets_and_levels():
    """PALEO-SETUP-7 / D-16: set sizes, modules A and B of 12, the level table uses A-J.
    (Modules C-J are shipped later, by another author, following this schema.)"""
    c = PaleoGame().content
    assert [len(c.sets[k]) for k in ("base", "people", "dream", "idea", "mystery")] == [32, 20, 16, 8, 22]
    assert len(c.sets["A"]) == 12 and len(c.sets["B"]) == 12
    assert len(c.levels) == 7 and all(len(r) == 2 for r in c.levels)
    assert {m for r in c.levels for m in r} == set("ABCDEFGHIJ")


def test_case31_pick_mask_small_decks(xs):
    """PALEO-DAY-1: deck of 2: PICK[0,keep], PICK[1,keep], SLEEP_EARLY; deck of 1: PICK[0,keep]."""
    sc = xs()
    s = sc.s
    for size, legal in ((2, ["PICK[0,keep]", "PICK[1,keep]", "SLEEP_EARLY"]), (1, ["PICK[0,keep]", "SLEEP_EARLY"])):
        while len(s.deck_b[0]) > size:
            s.fd_b.append(s.deck_b[0].pop())
            s.fd_c.append(s.deck_c[0].pop())
        assert sc.legal() == legal


def test_case37_additional_action_limits(xs):
    """PALEO-D-10: a 'limit: day' mission action is masked for every group until the next day;
    an unlimited one once per group per turn."""
    sc = xs()
    sc.auto_close = False
    day_i = A.ADD + sc.g.add_index[(sc.card("X01"), 2)]
    free_i = A.ADD + sc.g.add_index[(sc.card("X01"), 3)]
    sc.reveal_turn({}, {0: "X09", 1: "X13"})
    sc.act(A.RESOLVE_NEXT + 0)
    assert sc.s.legal_mask()[day_i] and sc.s.legal_mask()[free_i]
    sc.act(day_i)
    assert not sc.s.legal_mask()[day_i] and sc.s.legal_mask()[free_i]
    sc.act(free_i)
    assert not sc.s.legal_mask()[free_i]
    sc.act(A.IGNORE)
    assert sc.s.pend[-1][1] == 1 and not sc.s.legal_mask()[day_i] and sc.s.legal_mask()[free_i]


def test_case41_night_order(xs):
    """PALEO-NIGHT-3/4, D-13: feed -> mission A -> mission B -> seat 1's moon card -> deal."""
    sc = Script.start(seed=2, level=1, num_groups=2)
    s = sc.s
    sc.into_play("A05", 1)   # the Trail Scout in play before group 1
    sc.storage(food=20, wood=5)
    seen = []
    _sleep_all(sc)
    while not s.is_terminal() and s.round == 0:
        f = s.pend[-1]
        if f[0] == D_NIGHTOPT:
            seen.append((f[1], sc.g.content.cards[f[2]].key))
        sc.act(int(np.flatnonzero(s.legal_mask())[0]))
    assert [k for _, k in seen] == ["A01", "B01", "A05"] and seen[2][0] == 1


def test_case43_placement_card(xs):
    """PALEO-SPEC-2: a revealed placement card offers only CONFIRM and joins the group."""
    sc = xs(modules=("A", "X"), remove_per_module=0)
    sc.reveal_turn({}, {0: "A05", 1: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    assert sc.legal() == ["CONFIRM"]
    sc.act(A.CONFIRM)
    i = sc.s.inplay.index(sc.card("A05"))
    assert sc.s.inloc[i] == 0 and sc.card("A05") not in sc.s.fu


def test_case45_dream_keeps_group_awake(xs):
    """PALEO-REW-5 / D-6: deck empty after the pick; DREAM: deck 1, DREAM back public, id hidden."""
    sc = xs()
    s = sc.s
    sc.top(0, "X14")
    while len(s.deck_b[0]) > 1:
        s.fd_b.append(s.deck_b[0].pop())
        s.fd_c.append(s.deck_c[0].pop())
    sc.reveal_turn({}, {0: "X14", 1: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    sc.force("dream", "drm04").act(A.OPTION + 0)
    assert len(s.deck_b[0]) == 1
    d = s.observation_dict(1)
    assert d["groups"][0]["deck"] == [{"back": "DREAM", "hints": [], "card_id": -1}]
    while s.turn == 0:
        sc.act(int(np.flatnonzero(s.legal_mask())[0]))
    assert s.awake[0]


def test_case46_secret_resolves_next(xs):
    """PALEO-D-9: before a revealed secret resolves, another group's card may only HELP it;
    afterwards the secret is in the faceup pile."""
    sc = xs()
    for h in range(2):
        sc.clear_tools(h)
    sc.reveal_turn({}, {0: "X11", 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 0, A.OPTION + 0)
    assert sc.s.sec_card == sc.card("sec04") and sc.decision() == "order"
    sc.act(A.RESOLVE_NEXT + 1)
    assert sc.legal() == ["HELP[0]"]
    sc.act(A.HELP + 0)
    assert sc.decision() == "owner" and sc.s.current_player == 0
    sc.act(A.OPTION + 1)
    while sc.decision() in ("wound_group", "wound_person", "prevent"):
        sc.act(int(np.flatnonzero(sc.s.legal_mask())[0]))
    assert sc.card("sec04") in sc.s.fu and sc.s.sec_card < 0


def test_case47_sleepers_and_night(xs):
    """PALEO-DAY-4 / NIGHT-1: a sleeping group commits nothing, is never a HELP target; the night
    starts when the last group sleeps."""
    sc = xs(n=3)
    sc.act(A.SLEEP_EARLY)
    assert sc.s.acting_players() == [1, 2]
    sc.top(1, "X09").top(2, "X13").force("reveal", "X09", "X13").act(A.pick(0), A.pick(0))
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 1)
    assert not sc.s.legal_mask()[A.HELP + 0] and sc.s.legal_mask()[A.HELP + 2]
    sc2 = xs(n=2, seed=9)
    sc2.act(A.SLEEP_EARLY, A.SLEEP_EARLY)
    assert sc2.s.phase >= 7 or sc2.decision() in ("night_option", "night_tools")


def test_four_groups_warns_on_level_one():
    """PALEO-SETUP-6: 4 groups on level 1 warns."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        PaleoGame(num_groups=4)
    assert any("3 groups" in str(x.message) for x in w)


def test_a_secret_revealed_by_an_additional_action_resolves_before_the_closing_window(pack, tmp_path):
    """PALEO-D-9 / D-10 (rulebook: "the player who revealed the secret card now resolves the
    secret card as well"): a content pack whose mission offers an additional action with a SECRET
    reward. Group 0 uses it in its closing window: the secret is revealed, and the next decision
    is the secret's own (its owner window, before any other group's card), not another closing
    window, although group 0 still has the mission's once-a-day action to use."""
    from boardgym.games.paleo.kinds import OW_SECRET

    from ..packs import edited_pack
    from .saves import card_of

    path = edited_pack(pack, tmp_path, "modules/X", lambda d: card_of(d, "X01")["additional"].append(
        {"reward": [{"kind": "SECRET", "n": 4}]}))
    sc = Script.start(modules=["X"], content_pack=path, num_groups=2)
    sc.auto_close = False
    for h in range(2):
        sc.clear_tools(h)
    day_i = A.ADD + sc.g.add_index[(sc.card("X01"), 2)]
    secret_i = A.ADD + sc.g.add_index[(sc.card("X01"), 4)]
    sc.reveal_turn({}, {0: "X09", 1: "X13"})
    sc.act(A.RESOLVE_NEXT + 0, A.OPTION + 0)
    s = sc.s
    assert sc.decision() == "closing" and s.legal_mask()[secret_i] and s.legal_mask()[day_i]
    sc.act(secret_i)
    assert s.sec_card == sc.card("sec04") and s.sec_owner == 0
    assert sc.decision() != "closing", "the secret resolves next (D-9), before more additional actions"
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    assert sc.decision() == "owner" and s.pend[-1][1:3] == (0, OW_SECRET)
    assert not s.invariant_errors()
