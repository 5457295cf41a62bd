"""Saved Paleo states that no game could reach are refused in words, and the legal states at the
same boundaries load: each case takes a state of seeded random play (or of a scripted turn, for
what random play with the shipped cards never reaches) where the rule is at work, changes one
thing the rules forbid, and expects the loader's StateError to say what is wrong. The generic
tests (tests/games/test_saved_states.py, test_state_mutation.py) attack every field at random;
these pin each boundary of Paleo's own checks (invariants.py) to the rule behind it."""
from __future__ import annotations

import json

import pytest

from boardgym.games import make_game
from boardgym.games.paleo import actions as A
from boardgym.games.paleo.kinds import (CH_REVEAL, D_NEG, D_PREVENT, D_TOOLWIN, D_WPERSON, ON_CARD, OP_FINISH,
                                        OP_PAY, PH_MISSIONS, PH_MOON, PH_NTOOLS, PH_REVEAL, PH_TALIS)
from boardgym.games.paleo.invariants import PROGRAM, RESOLVING
from tests.games.saved_pool import edited, load, refused, top

from ..packs import edited_pack
from .saves import CONFIGS, GAME, card_of, find_save, first_option, saved, talisman_save
from .scripted import Script

NIGHT = (PH_NTOOLS, PH_MISSIONS, PH_MOON)


# -- facedown slots whose identity is known (PALEO-D-21) ----------------------------------------
@pytest.mark.parametrize("pile", ["fd", "deck"])
def test_only_a_dream_lies_facedown_known(pile):
    """PALEO-D-21 / REW-5: a facedown slot's identity is fixed only for a Dream put on a deck (it
    may go on to the facedown pile). Fixing a facedown slot to card 0 (the first base card, never a
    Dream), with its back and taken out of the cards still to draw, is refused for the facedown
    pile and for a deck alike."""
    g = None

    def fits(st):
        if st["u"][0] != 1:
            return False
        slots = st["fd_c"] if pile == "fd" else st["deck_c"][0]
        backs = st["fd_b"] if pile == "fd" else st["deck_b"][0]
        return any(x < 0 and b == back0 for b, x in zip(backs, slots))

    back0 = make_game(GAME, **dict(CONFIGS[0])).content.cards[0].back
    g, data = find_save(fits)
    assert load(g, data) is not None
    st = data["state"]
    u = list(st["u"])
    u[0] = 0
    if pile == "fd":
        fd_c = list(st["fd_c"])
        i = next(i for i, (b, x) in enumerate(zip(st["fd_b"], fd_c)) if x < 0 and b == back0)
        fd_c[i] = 0
        refused(g, edited(data, fd_c=fd_c, u=u), f"fd_c[{i}] is card 0: only a Dream")
    else:
        deck_c = [list(d) for d in st["deck_c"]]
        i = next(i for i, (b, x) in enumerate(zip(st["deck_b"][0], deck_c[0])) if x < 0 and b == back0)
        deck_c[0][i] = 0
        refused(g, edited(data, deck_c=deck_c, u=u), f"deck_c[0][{i}] is card 0: only a Dream")


# -- a card placed on another card (PALEO-SPEC-2) ---------------------------------------------------
def test_a_card_lies_only_on_a_card_in_play(pack, tmp_path):
    """PALEO-SPEC-2: a card with placement instructions is placed "in a group or on another
    card". The Trail Scout, given placement on a mission, lies on the mission in play: the save
    loads. The same card said to lie on a card not in play (the first base card), or on itself,
    is refused."""
    path = edited_pack(pack, tmp_path, "modules/A", lambda d: card_of(d, "A05").update(
        placement={"to": "MISSION"}))
    sc = Script.start(seed=0, modules=["A", "X"], content_pack=path, num_groups=2, remove_per_module=0)
    sc.reveal_turn({}, {0: "A05", 1: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    sc.act(A.CONFIRM)
    if sc.decision() == "place":
        sc.act(A.CARD + sc.s.inplay.index(sc.card("A01")))
    s = sc.s
    x = sc.card("A05")
    i = s.inplay.index(x)
    host = s.inloc[i] - ON_CARD
    assert host in s.game.missions and host in s.inplay
    data = saved(sc)
    for bad in (0, x):
        assert bad not in s.inplay or bad == x
        inloc = list(s.inloc)
        inloc[i] = ON_CARD + bad
        refused(sc.g, edited(data, inloc=inloc), f"inloc[{i}]: card {x} lies on card {bad}")


def test_the_first_card_placed_on_a_mission_loads(pack, tmp_path):
    """PALEO-SPEC-2: a new card to place on a mission asks where when two missions are in play;
    card 0 (the first base card) is a card like any other. Birch Grove edited into a new card
    placed on a mission, revealed by group 0 with modules A and X (two missions): the choice is
    pending, and the save loads."""
    def edit(d):
        card = d["cards"][0]
        card.update(kind="NEW_CARD", placement={"to": "MISSION"})
        card.pop("options")
    path = edited_pack(pack, tmp_path, "base", edit)
    sc = Script.start(seed=0, modules=["A", "X"], remove_per_module=0, content_pack=path, num_groups=2)
    assert sc.card("base01") == 0
    for h in range(2):
        sc.clear_tools(h)
    sc.reveal_turn({}, {0: "base01", 1: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    sc.act(A.CONFIRM)
    assert sc.decision() == "place" and sc.s.rev[0] == 0
    saved(sc)


# -- commitments and revealed cards belong to the day's turn (PALEO-DAY-1..3) ----------------------
@pytest.mark.parametrize("field", ["commit", "rstat", "rev", "helpers"])
def test_nothing_of_a_turn_is_left_at_night(field):
    """PALEO-NIGHT-1 / DAY-4: the night starts when every group sleeps, after the last turn ended:
    no commitment, no card revealed or resolved, no helper is left. A night save with any one of
    them (a commitment, a card marked resolved, a revealed card taken from the faceup pile, a
    helper) is refused."""
    g, data = find_save(lambda st: st["phase"] in NIGHT and st["fu"])
    st = data["state"]
    assert load(g, data) is not None
    change = {"commit": {"commit": [A.PICK] + st["commit"][1:]},
              "rstat": {"rstat": [2] + st["rstat"][1:]},
              "rev": {"rev": [st["fu"][-1]] + st["rev"][1:], "fu": st["fu"][:-1]},
              "helpers": {"helpers": [2] + st["helpers"][1:]}}[field]
    refused(g, edited(data, **change), "commitments or revealed cards in phase")


@pytest.mark.parametrize("field", ["rstat", "rev", "helpers", "asleep"])
def test_nothing_is_revealed_before_the_reveal(field):
    """PALEO-DAY-1/2: while groups are still choosing, no card is revealed or resolved, nobody
    has helped, and a sleeping group has no commitment. A save at the commit step with a card of
    group 0 marked resolved, a revealed card (taken from the faceup pile), a helper, or a
    commitment of a sleeping group is refused."""
    g, data = find_save(lambda st: st["phase"] == PH_REVEAL and st["fu"] and not st["awake"][-1]
                        and not any(st["commit"]))
    st = data["state"]
    assert load(g, data) is not None
    n = len(st["commit"])
    change = {"rstat": {"rstat": [2] + st["rstat"][1:]},
              "rev": {"rev": [st["fu"][-1]] + st["rev"][1:], "fu": st["fu"][:-1]},
              "helpers": {"helpers": [2] + st["helpers"][1:]},
              "asleep": {"commit": st["commit"][:n - 1] + [A.SLEEP_EARLY]}}[field]
    refused(g, edited(data, **change), "a commitment or a revealed card before the reveal")


def test_the_first_card_revealed_before_the_reveal_is_refused():
    """PALEO-DAY-1/2, as above for the card numbered 0 (a base card): revealed while groups are
    still choosing, taken from the faceup pile, it is refused like any other card."""
    g, data = find_save(lambda st: st["phase"] == PH_REVEAL and 0 in st["fu"])
    st = data["state"]
    assert load(g, data) is not None
    change = {"rev": [0] + st["rev"][1:], "fu": [x for x in st["fu"] if x != 0]}
    refused(g, edited(data, **change), "a commitment or a revealed card before the reveal")


def test_a_save_at_the_round_limit_is_refused():
    """PALEO-D-17: the game is truncated after max_rounds nights, so no round numbered
    max_rounds (counting from 0) is ever played; the last round, max_rounds - 1, loads."""
    g, data = find_save(lambda st: st["phase"] == PH_REVEAL)
    assert load(g, edited(data, round=g.max_rounds - 1)) is not None
    refused(g, edited(data, round=g.max_rounds), f"round {g.max_rounds} at or past max_rounds")


def test_a_person_with_more_wounds_than_hearts_is_refused():
    """PALEO-WOUND-2: a person whose wounds reach past their hearts dies at once, so no saved
    person carries more wounds than hearts; as many as the hearts loads."""
    cards = make_game(GAME).content.cards
    top_hearts = max(c.hearts for c in cards)   # the declared range of a wound count
    g, data = find_save(lambda st: st["phase"] == PH_REVEAL and st["ppl"][0]
                        and cards[st["ppl"][0][0]].hearts < top_hearts)
    st = data["state"]
    hearts = g.content.cards[st["ppl"][0][0]].hearts
    wnd = [list(w) for w in st["wnd"]]
    wnd[0][0] = hearts
    assert load(g, edited(data, wnd=wnd)) is not None
    wnd[0][0] = hearts + 1
    refused(g, edited(data, wnd=wnd), "wounds outside the hearts of")


# -- the talisman window (PALEO-HAZ-3) ----------------------------------------------------------------
def test_a_talisman_window_needs_a_revealed_hazard():
    """PALEO-HAZ-3: a group holding a talisman may discard its revealed hazard. The window with
    the group's revealed card swapped for a faceup card that is no hazard is refused."""
    g, data = talisman_save()
    st = data["state"]
    assert load(g, data) is not None
    cards = g.content.cards
    seat = top(st)[1]
    y = next(y for y in st["fu"] if not cards[y].hazard)
    rev, fu = list(st["rev"]), list(st["fu"])
    fu[fu.index(y)], rev[seat] = rev[seat], y
    refused(g, edited(data, rev=rev, fu=fu), f"group {seat} has no revealed hazard to discard with a talisman")


def test_a_talisman_window_needs_a_talisman():
    """PALEO-HAZ-3: the same window with the group's talismans back in the general supply (tool
    totals conserved, D-19) is refused."""
    g, data = talisman_save()
    st = data["state"]
    seat, T = top(st)[1], g.T
    t = g.content.tool_index["talisman"]
    tools, gsup = list(st["tools"]), list(st["gsup"])
    gsup[t] += tools[seat * T + t]
    tools[seat * T + t] = 0
    refused(g, edited(data, tools=tools, gsup=gsup), f"group {seat} has no revealed hazard to discard with a talisman")


def test_a_talisman_window_on_card_0_loads(pack, tmp_path):
    """PALEO-HAZ-3 with a pack whose first card (id 0) is a hazard (Flash Flood moved to the front
    of base.json): group 0, holding a talisman, reveals it; the talisman window loads."""
    def first(doc):
        doc["cards"].insert(0, doc["cards"].pop(next(i for i, c in enumerate(doc["cards"]) if c["id"] == "base13")))
    path = edited_pack(pack, tmp_path, "base", first)
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    assert sc.card("base13") == 0 and sc.g.content.cards[0].hazard
    for h in range(2):
        sc.clear_tools(h)
    sc.give_tool(0, "talisman")
    sc.reveal_turn({}, {0: "base13", 1: "X18"})
    assert sc.decision() == "talisman" and sc.s.rev[0] == 0
    data = saved(sc)
    assert load(sc.g, data).legal_mask()[A.CONFIRM]


# -- the resolution being run ------------------------------------------------------------------------
def test_an_option_belongs_to_a_card():
    """PALEO-ACT-1: an option is one of the resolved card's options. With no card being resolved
    an option index (0), or with a card an option past its last, or a card with no option index,
    is refused."""
    g, data = find_save(lambda st: st["r_card"] < 0 and st["r_opt"] < 0 and st["phase"] == PH_REVEAL)
    refused(g, edited(data, r_opt=0), "r_opt 0 is not an option of r_card -1")
    g, data = find_save(lambda st: st["r_card"] >= 0 and st["ops"])
    st = data["state"]
    n = len(g.content.cards[st["r_card"]].opts)
    assert load(g, data) is not None
    if n < 6:
        refused(g, edited(data, r_opt=n), f"r_opt {n} is not an option of r_card {st['r_card']}")
    refused(g, edited(data, r_opt=-1), f"r_opt -1 is not an option of r_card {st['r_card']}")


def test_a_pay_step_pays_from_the_card_the_resolution_names():
    """PALEO-SPEC-1 (resources lying on a card pay its options): while a resolution's pay step
    waits, the card it pays from (r_host) is the resolved card's place in play, or none for a
    revealed card; a save naming another place is refused."""
    g, data = find_save(lambda st: st["r_card"] >= 0 and any(op[0] == OP_PAY for op in st["ops"]))
    assert load(g, data) is not None
    host = data["state"]["r_host"]
    other = 0 if host < 0 else -1
    refused(g, edited(data, r_host=other), f"r_host {other}: the card resolved lies at in-play index {host}")


def test_a_tool_window_belongs_to_a_card_being_resolved():
    """PALEO-DICE-1 / D-11: the tool window of a check opens while its card is being resolved;
    a save of that window with no card being resolved (and no option) is refused."""
    g, data = find_save(lambda st: top(st)[0] == D_TOOLWIN)
    assert load(g, data) is not None
    refused(g, edited(data, r_card=-1, r_opt=-1), "pend[0] ('tool_window'): no card being resolved")


def test_a_resolution_decision_needs_its_resolution():
    """PALEO-D-12: a decision of a card's resolution (a split, a wound, a craft ...) is pending
    only while that resolution runs; with its remaining program removed it is refused."""
    g, data = find_save(lambda st: st["pend"] and st["pend"][0][0] in RESOLVING - {D_NEG, D_PREVENT}
                        and st["ops"] and not st["cq"])
    assert load(g, data) is not None
    refused(g, edited(data, ops=[]), "with nothing left of its resolution")


def test_a_card_being_resolved_has_its_program_or_its_negative_pick():
    """PALEO-ACT-1 / DICE-2: a card is being resolved (r_card) from its start until its program
    finishes or it is ignored; then it is none. A card with an option but no program left, and
    no negative option to pick, is refused, with nothing else running (between two cards) and
    with a resolution's pending decision left alone; the same card with its program loads."""
    g, data = find_save(lambda st: st["r_card"] < 0 and not st["ops"] and not st["cq"]
                        and st["phase"] == PH_REVEAL)
    card = next(x for x, c in enumerate(g.content.cards) if c.opts)
    refused(g, edited(data, r_card=card, r_opt=0), f"r_card {card}: a card being resolved with none of its program left")
    g, data = find_save(lambda st: st["r_card"] >= 0 and st["ops"] and not st["cq"]
                        and st["pend"] and st["pend"][0][0] not in (D_NEG, D_TOOLWIN)
                        and all(op[0] != OP_FINISH for op in st["ops"][:-1]))
    assert load(g, data) is not None
    program = [op for op in data["state"]["ops"] if op[0] in PROGRAM]
    assert program
    rest = [op for op in data["state"]["ops"] if op[0] not in PROGRAM]
    refused(g, edited(data, ops=rest), "a card being resolved with none of its program left")


def test_a_prevent_decision_needs_a_wounded_group():
    """PALEO-REW-8: the prevent decision is asked for a wound being placed on a group; the same
    save with no wounded group (-1) is refused by that decision's own check."""
    g, data = find_save(lambda st: st["pend"] and st["pend"][-1][0] == D_PREVENT)
    assert load(g, data) is not None
    refused(g, edited(data, r_wgroup=-1), "no wound waiting to be placed")


def test_a_resolution_runs_only_under_its_own_decisions():
    """PALEO-D-12: while a card's program runs, the decision pending is one of its own (a choice
    of its check, payment or rewards); a save of an owner window (a group choosing which option
    to resolve) with a program left to run is refused."""
    from boardgym.games.paleo.kinds import D_OWNER

    g, data = find_save(lambda st: top(st)[0] == D_OWNER and not st["cq"] and not st["ops"]
                        and st["r_parts"] and st["r_chooser"] >= 0)
    assert load(g, data) is not None
    refused(g, edited(data, ops=[[OP_FINISH]]), "a resolution running while the decision pending is none of its own")


def test_five_skulls_and_the_loss_go_together():
    """PALEO-END-2 / D-12: the 5th skull flags the loss, and the loss ends the action it came in.
    A save with 5 skulls and no loss flagged, or the loss flagged outside an action, is refused."""
    g, data = find_save(lambda st: st["skulls"] < 5 and not st["lost"] and not st["ops"])
    assert load(g, data) is not None
    refused(g, edited(data, skulls=5), "the 5th skull flags the loss")
    refused(g, edited(data, lost=1), "the 5th skull flags the loss")


# -- reveals queued (PALEO-DAY-2) -------------------------------------------------------------------
@pytest.mark.parametrize("field", ["resolved", "revealed"])
def test_a_reveal_is_queued_only_for_a_chosen_facedown_card(field):
    """PALEO-DAY-2: the chosen cards are revealed together, one draw per group that chose a card
    still facedown. A queued reveal for a group whose card is marked resolved, or already
    revealed (a faceup card put there), is refused."""
    g, data = find_save(lambda st: st["phase"] == PH_TALIS and st["fu"]
                        and any(k == CH_REVEAL for k, _ in st["cq"]))
    st = data["state"]
    assert load(g, data) is not None
    grp = next(a for k, a in st["cq"] if k == CH_REVEAL)
    if field == "resolved":
        rstat = list(st["rstat"])
        rstat[grp] = 2
        change = {"rstat": rstat}
    else:
        rev = list(st["rev"])
        rev[grp] = st["fu"][-1]
        change = {"rev": rev, "fu": st["fu"][:-1]}
    refused(g, edited(data, **change), "a reveal queued twice, or for a group with no chosen facedown card")


def test_every_chosen_facedown_card_has_its_reveal_queued():
    """PALEO-DAY-2: all chosen cards are revealed together: while the reveals are drawn, each
    group with a chosen facedown card has its reveal queued. The same save with one group's
    reveal taken out of the queue, its card still chosen and facedown, is refused (the group's
    card is also marked as none to resolve, so that the earlier check of a card to resolve with
    no reveal does not answer first)."""
    g, data = find_save(lambda st: st["phase"] == PH_TALIS
                        and sum(k == CH_REVEAL for k, _ in st["cq"]) >= 2)
    st = data["state"]
    assert load(g, data) is not None
    i, grp = next((i, a) for i, (k, a) in enumerate(st["cq"]) if k == CH_REVEAL)
    rstat = list(st["rstat"])
    rstat[grp] = 0
    refused(g, edited(data, cq=st["cq"][:i] + st["cq"][i + 1:], rstat=rstat),
            "a chosen facedown card with no reveal queued")


def test_a_kill_choice_between_two_people_loads(xs):
    """PALEO-REW-4: KILL asks the group which person dies when it has two or more. Sacrifice
    (KILL) with two people in group 0: the choice is pending and the save loads (two people are
    enough to choose from); the same save with one of them in the cemetery is refused (one
    person is no choice)."""
    sc = xs()
    sc.people(0, ["ppl01", "ppl06"])
    first_option(sc, {0: "X10", 1: "X18"})
    assert sc.decision() == "kill_person" and len(sc.s.ppl[0]) == 2
    data = saved(sc)
    st = data["state"]
    one = {"ppl": [st["ppl"][0][:1]] + st["ppl"][1:], "wnd": [st["wnd"][0][:1]] + st["wnd"][1:],
           "cem": st["cem"] + st["ppl"][0][1:]}
    refused(sc.g, edited(data, **one), "group 0 has fewer than two people to choose from")


def test_a_wound_choice_is_the_wounded_groups_and_needs_two_people():
    """PALEO-WOUND-1: a group with two or more people picks who takes a wound; the choice is the
    wounded group's (r_wgroup). A save of that choice loads; naming another group as the one
    wounded is refused, as is the choice with one person left in the group."""
    g, data = find_save(lambda st: top(st)[0] == D_WPERSON and len(st["ppl"][top(st)[1]]) >= 2)
    assert load(g, data) is not None
    st = data["state"]
    seat = top(st)[1]
    other = next(h for h in range(len(st["ppl"])) if h != seat and len(st["ppl"][h]) >= 2)
    refused(g, edited(data, r_wgroup=other), f"pend[0] ('wound_person') is group {seat}'s; it belongs to group {other}")
    one = {"ppl": [p[:1] if h == seat else p for h, p in enumerate(st["ppl"])],
           "wnd": [w[:1] if h == seat else w for h, w in enumerate(st["wnd"])],
           "cem": st["cem"] + st["ppl"][seat][1:]}
    refused(g, edited(data, **one), f"group {seat} has one person, no one to choose between")


def test_no_closing_window_while_a_secret_is_revealed(xs):
    """PALEO-D-9 / D-10: a revealed secret resolves next, so no group's closing window is open
    while it waits. A save of group 0's closing window (after Healing Spring) with secret 4 made
    group 0's revealed secret, nothing else waiting, is refused."""
    sc = xs()
    sc.auto_close = False
    first_option(sc, {0: "X09", 1: "X13"})
    assert sc.decision() == "closing"
    data = saved(sc)
    st = data["state"]
    x = sc.card("sec04")
    refused(sc.g, edited(data, sec_card=x, sec_owner=0, sec_first=0, secrets=[y for y in st["secrets"] if y != x]),
            "group 0 cannot close its turn now")


def test_a_revealed_secret_without_its_owner_is_refused(xs):
    """PALEO-D-9: a revealed secret is its revealer's card. Secret 4 revealed by group 0 (Secret
    Door) loads; the same save with the secret's owner taken away (-1) is refused."""
    sc = xs()
    first_option(sc, {0: "X11", 1: "X18"})
    assert sc.s.sec_card == sc.card("sec04")
    data = saved(sc)
    refused(sc.g, edited(data, sec_owner=-1), "a secret without its owner")


# -- a revealed secret waiting (PALEO-REW-7, D-9) ------------------------------------------------------
def test_a_secret_waiting_while_its_action_goes_on_loads(pack, tmp_path):
    """PALEO-REW-7 / D-9: a SECRET reward reveals the secret, which resolves next, after the rest
    of the action. Secret Door edited to SECRET(4) then WOUND(1): while group 0 (two people)
    picks who is wounded, secret 4 waits (sec_pend) and the save loads; the same save with that
    secret also still in the Secret deck is refused (a card in two places)."""
    path = edited_pack(pack, tmp_path, "modules/X", lambda d: card_of(d, "X11").update(
        options=[{"reward": [{"kind": "SECRET", "n": 4}, {"kind": "WOUND", "n": 1}]}]))
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    sc.people(0, ["ppl01", "ppl03"])
    first_option(sc, {0: "X11", 1: "X18"})
    s = sc.s
    assert sc.decision() == "wound_person" and s.sec_pend == [sc.card("sec04"), 0]
    data = saved(sc)
    st = data["state"]
    refused(sc.g, edited(data, secrets=sorted(st["secrets"] + [sc.card("sec04")])), "card(s) in two places")


def test_two_secrets_waiting_load_and_resolve_in_turn(pack, tmp_path):
    """PALEO-REW-7 / D-9: each SECRET reward reveals its secret, and each resolves after the
    action, in the order revealed. Secret Door edited to SECRET(4), SECRET(5) then WOUND(1): while
    group 0 (two people) picks who is wounded both wait, each with its revealer (sec_pend holds
    card, group, card, group), and the save loads; then secret 4 becomes group 0's card while
    secret 5 still waits."""
    path = edited_pack(pack, tmp_path, "modules/X", lambda d: card_of(d, "X11").update(
        options=[{"reward": [{"kind": "SECRET", "n": 4}, {"kind": "SECRET", "n": 5}, {"kind": "WOUND", "n": 1}]}]))
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    sc.people(0, ["ppl01", "ppl03"])
    first_option(sc, {0: "X11", 1: "X18"})
    s = sc.s
    s4, s5 = sc.card("sec04"), sc.card("sec05")
    assert sc.decision() == "wound_person" and s.sec_pend == [s4, 0, s5, 0]
    saved(sc)
    sc.act(A.PERSON + 0)
    assert s.sec_card == s4 and s.sec_owner == 0 and s.sec_pend == [s5, 0]
    saved(sc)


def test_cards_in_two_places_are_named_five_at_most():
    """Every card of the game lies in exactly one place; a save with six cards in two places is
    refused naming the first five of them (a short message), and no card that lies in one place
    only (the save has at least five people in its groups, counted before the cemetery)."""
    g, data = find_save(lambda st: len(st["people_deck"]) >= 6 and sum(len(p) for p in st["ppl"]) >= 5)
    st = data["state"]
    dup = st["people_deck"][:6]
    err = refused(g, edited(data, cem=st["cem"] + dup), "card(s) in two places")
    listed = json.loads(err.split("card(s) in two places: ")[1].split("]")[0] + "]")
    assert len(listed) == 5 and set(listed) < set(dup), err
