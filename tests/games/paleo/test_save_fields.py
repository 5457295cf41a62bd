"""Saved Paleo states, continued (see test_saves.py; the ranges a content pack sets are in
test_save_pack_bounds.py): the ranges the field declaration (state.py) gives each field from the
game's configuration and content, and the narrower checks of
invariants.py that random play rarely reaches (a decision's own group, a tool token counted
once, a die rolled once ...). Each refused save names what is wrong; the legal save at the same
boundary loads."""
from __future__ import annotations

import json

import pytest

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.constants import E_HEAL, MAX_INPLAY, MAX_PEOPLE, TE_HEAL
from boardgym.games.paleo.kinds import (CH_DIE, CH_IDEA, D_IDEASLOT, D_TALISMAN, OP_FINISH, OP_GAIN_RES,
                                        OP_HEAL, OP_WOUND3, SRC_ADD, SRC_TOOL)
from tests.games.saved_pool import edited, load, refused, top

from .saves import (failed_with_two_negatives, find_save, first_option, holder_script, passes_declaration,
                    saved, talisman_save)


# -- the field declaration (state.py): ranges the rules set -------------------------------------------
def test_an_option_index_is_below_six():
    """PALEO-D-16: a card has at most 6 options (0..5). A save naming option 6 of the card being
    resolved is refused by the declaration, which gives the range 0..5; option 5 passes it."""
    g, data = find_save(lambda st: st["r_card"] >= 0 and st["ops"])
    refused(g, edited(data, r_opt=6), "r_opt is 6", "an option index (-1, 0..5)")
    passes_declaration(g, edited(data, r_opt=5), "r_opt is 5")


def test_a_host_card_is_an_in_play_index():
    """PALEO-SPEC-1 / D-16: the card an option pays from is one of the 16 in-play places (0..15)
    or none. A save naming place 16 is refused by the declaration, which gives the range; 15
    passes it."""
    g, data = find_save(lambda st: st["r_card"] >= 0 and st["ops"])
    refused(g, edited(data, r_host=MAX_INPLAY), f"r_host is {MAX_INPLAY}",
            f"an in-play index (-1, 0..{MAX_INPLAY - 1})")
    passes_declaration(g, edited(data, r_host=MAX_INPLAY - 1), f"r_host is {MAX_INPLAY - 1}")


def test_a_token_on_a_card_is_a_resource_or_a_tool_of_the_pack():
    """PALEO-SPEC-1: a card holds resources (codes 0..2) and tool tokens (3 + a tool type, up to
    the pack's last tool). A save with a token one past the last tool on a card is refused by
    the declaration, which gives the range."""
    g, data = find_save(lambda st: st["held"])
    top = 2 + g.T
    held = [[top + 1]] + data["state"]["held"][1:]
    refused(g, edited(data, held=held), f"held[0][0] is {top + 1}", f"a resource (0..2) or 3 + a tool type (0..{top})")


def test_a_groups_tool_count_is_not_negative():
    """PALEO-TOOL: a group holds 0 or more tokens of each tool type; a save with -1 (the
    supply given one more, so the tokens still add up) is refused by the declaration."""
    g, data = find_save(lambda st: st["tools"][0] == 0)
    st = data["state"]
    tools, gsup = list(st["tools"]), list(st["gsup"])
    tools[0], gsup[0] = -1, gsup[0] + 1
    refused(g, edited(data, tools=tools, gsup=gsup), "tools[0] is -1", "tool tokens (0..")


@pytest.mark.parametrize("field", ["ppl", "deck_c"])
def test_a_card_is_once_in_a_group(field):
    """Every card is in one place: a group's people, or the known slots of its deck (dreams put
    there, REW-5), name a card once. A person listed twice in group 0, or a dream twice in group
    0's deck, is refused by the declaration ("repeats")."""
    if field == "ppl":
        g, data = find_save(lambda st: len(st["ppl"][0]) >= 2)
        v = [list(x) for x in data["state"]["ppl"]]
    else:
        g, data = find_save(lambda st: any(x >= 0 for x in st["deck_c"][0]) and len(st["deck_c"][0]) >= 2)
        v = [list(x) for x in data["state"]["deck_c"]]
    i = next(i for i, x in enumerate(v[0]) if x >= 0)
    j = next(j for j in range(len(v[0])) if j != i)
    v[0][j] = v[0][i]
    refused(g, edited(data, **{field: v}), f"{field}[0][{max(i, j)}] repeats {v[0][i]}")


def test_heal_points_to_give_are_bounded_by_the_largest_heal(xs):
    """PALEO-REW-8: heal N; no more heal points are ever waiting than the largest heal of the
    pack (a card's HEAL reward or a heal tool; 4 in the shipped cards). Healing Spring (HEAL 2)
    on a group whose two people are wounded: group 0 picks who is healed while the other point
    waits. That save loads; with the largest heal + 1 points still to give it is refused by the
    declaration; the largest heal passes it."""
    sc = xs()
    c = sc.g.content
    top = max([e[1] for x in c.cards for o in x.opts for e in o.reward if e[0] == E_HEAL]
              + [t.n for t in c.tools if t.effect == TE_HEAL])
    assert top == 4
    sc.people(0, ["ppl01", "ppl03"], wounds=[1, 1])
    first_option(sc, {0: "X09", 1: "X13"})
    assert sc.decision() == "heal_person"
    data = saved(sc)
    ops = data["state"]["ops"]
    k = next(i for i, op in enumerate(ops) if op[0] == OP_HEAL)
    for n, ok in ((top, True), (top + 1, False)):
        bad = [list(op) for op in ops]
        bad[k][1] = n
        if ok:
            passes_declaration(sc.g, edited(data, ops=bad), "heals still to give")
        else:
            refused(sc.g, edited(data, ops=bad), "heals still to give")


def test_the_step_counter_is_bounded():
    """The step counter k walks the groups (talisman windows, HAZ-3; night tool windows) or the
    cards in play (missions, moon cards, D-13). The declaration bounds it by
    groups x (MAX_PEOPLE + 1) + MAX_INPLAY, a ceiling over those walks: one more is refused by
    the declaration; the ceiling itself passes it."""
    g, data = find_save(lambda st: len(st["awake"]) == 2)
    top_k = 2 * (MAX_PEOPLE + 1) + MAX_INPLAY
    refused(g, edited(data, k=top_k + 1), f"k is {top_k + 1}")
    passes_declaration(g, edited(data, k=top_k), f"k is {top_k}")


@pytest.mark.parametrize("field", ["victories", "skulls"])
def test_victories_and_skulls_are_not_negative(field):
    """PALEO-REW-9 / END-1: skulls and victories are counts of tokens placed (a -1 skull at 0
    leaves 0, case 35). A save with -1 of either is refused by the declaration; 0 loads."""
    g, data = find_save(lambda st: st["victories"] == 0 and st["skulls"] == 0 and not st["lost"])
    assert load(g, data) is not None
    refused(g, edited(data, **{field: -1}), f"{field} is -1")


@pytest.mark.parametrize("field", ["turn", "lead_ptr"])
def test_a_saved_step_count_is_not_negative(xs, field):
    """PALEO-D-8 (the lead is a pointer advancing each turn) and the turn count: both count steps
    taken, from 0. A save with -1 of either is refused by the declaration, naming the field and
    its range; the same save loads as it is."""
    sc = xs()
    data = saved(sc)
    assert data["state"][field] >= 0
    refused(sc.g, edited(data, **{field: -1}), f"{field} is -1", "a step count (0..")


def test_a_saved_tool_bonus_is_not_negative(xs):
    """PALEO-ACT-2 / D-11: attribute tools used in the tool window add to the abilities; a bonus
    is what used tools add, never less than 0. A save with -1 STR bonus is refused by the
    declaration; 0 (what the save holds) loads."""
    sc = xs()
    data = saved(sc)
    assert data["state"]["bonus"] == [0, 0, 0]
    refused(sc.g, edited(data, bonus=[-1, 0, 0]), "bonus[0] is -1", "a tool bonus (0..")


def _seen(st, x):
    """``seen`` with card x marked seen (an idea on the workbench lies faceup)."""
    seen = list(st["seen"])
    seen[x] = 1
    return seen


def test_an_idea_lies_on_the_workbench_once(xs):
    """PALEO-REW-6 / D-15: an idea drawn goes to the workbench (one slot each). A save with the
    same idea in two slots of the bench (taken out of the Idea deck) is refused by the
    declaration ("repeats"); with it in one slot the save loads."""
    sc = xs()
    data = saved(sc)
    st = data["state"]
    x = st["idea_deck"][0]
    deck = [y for y in st["idea_deck"] if y != x]
    assert load(sc.g, edited(data, bench=[x], idea_deck=deck, seen=_seen(st, x))) is not None
    refused(sc.g, edited(data, bench=[x, x], idea_deck=deck, seen=_seen(st, x)), f"bench[1] repeats {x}")


def test_a_full_workbench_loads_and_a_fifth_idea_waits_for_a_slot():
    """PALEO-REW-6 / D-15: the workbench has four slots; a save with four ideas on it (taken
    from the Idea deck, faceup and seen) loads. A fifth idea lies there only while its group
    picks the idea to remove: five ideas with no such choice pending are refused."""
    from boardgym.games.paleo.constants import BENCH_SLOTS

    g, data = find_save(lambda st: not st["bench"] and len(st["idea_deck"]) > BENCH_SLOTS
                        and not any(f[0] == D_IDEASLOT for f in st["pend"]))
    st = data["state"]
    ideas = st["idea_deck"][:BENCH_SLOTS]
    seen = list(st["seen"])
    for x in ideas:
        seen[x] = 1
    full = edited(data, bench=ideas, idea_deck=st["idea_deck"][BENCH_SLOTS:], seen=seen)
    assert load(g, full) is not None
    fifth = st["idea_deck"][BENCH_SLOTS]
    seen[fifth] = 1
    over = edited(data, bench=ideas + [fifth], idea_deck=st["idea_deck"][BENCH_SLOTS + 1:], seen=seen)
    refused(g, over, "workbench over 4 ideas with no idea to remove")


def test_food_waiting_to_be_gained_is_a_resource(pack, tmp_path):
    """PALEO-REW-1 / SPEC-1: each resource gained is taken normally or placed on a card that
    holds it. The Eternal Flame edited to hold food too, and Wood Gift to give 2 food: group 0
    decides where the first food goes while the second waits to be gained (food is resource 0).
    That save loads; the waiting gain naming resource 3 (there are three: food, wood, stone) is
    refused by the declaration."""
    sc = holder_script(pack, tmp_path, [{"kind": "RES", "res": "food", "n": 2}])
    first_option(sc, {0: "X18", 1: "X13"})
    assert sc.decision() == "host" and sc.s.pend[-1][2] == 0
    assert [op for op in sc.s.ops if op[0] == OP_GAIN_RES] == [(OP_GAIN_RES, 0, 1)]
    data = saved(sc)
    ops = [list(op) for op in data["state"]["ops"]]
    k = next(i for i, op in enumerate(ops) if op[0] == OP_GAIN_RES)
    ops[k][1] = 3
    refused(sc.g, edited(data, ops=ops), "a resource (food, wood, stone)")


def test_a_card_removed_at_setup_is_never_seen():
    """PALEO-SETUP-7 (cards removed per module, unseen): a removed card marked seen is refused,
    even when it is not also marked still to deal."""
    g, data = find_save(lambda st: st["removed"] and not st["cq"])
    st = data["state"]
    x = st["removed"][0]
    assert not st["u"][x]
    seen = list(st["seen"])
    seen[x] = 1
    refused(g, edited(data, seen=seen), "a card removed at setup seen or still to deal")


def test_a_host_choice_of_a_resource_needs_one_in_the_supply():
    """PALEO-REW-1 (resources capped by the supply): a saved choice of the group to host a
    resource names a resource the supply still holds: with the last one of it in the supply (the
    rest moved to storage) it loads; with that one in storage too (supply 0) it is refused."""
    from boardgym.games.paleo.kinds import D_HOST

    g, data = find_save(lambda st: top(st)[0] == D_HOST and top(st)[2] < 3)
    st = data["state"]
    a, sup, store = top(st)[2], list(st["sup"]), list(st["store"])
    assert sup[a] >= 1 and load(g, data) is not None
    store[a], sup[a] = store[a] + sup[a] - 1, 1
    assert load(g, edited(data, sup=sup, store=store)) is not None
    store[a], sup[a] = store[a] + 1, 0
    refused(g, edited(data, sup=sup, store=store), "a resource goes to no group and is still in the supply")


def test_a_talisman_choice_belongs_to_the_group_whose_hazard_it_is(monkeypatch):
    """PALEO-HAZ-3: the talisman window opens for the group that revealed the hazard, in the
    talisman step (the group whose turn it is) or for a revealed hazard secret (its revealer, in
    the order step). The frame checks refuse the window given to another group even when that
    group also shows a hazard and holds a talisman."""
    from boardgym.games.paleo import day
    from boardgym.games.paleo.invariants import _frame
    from boardgym.games.paleo.kinds import PH_ORDER

    g, data = talisman_save()
    s = load(g, data)
    seat = s.pend[0][1]
    other = (seat + 1) % s.n
    words = [f"pend[0] ('talisman'): group {other} has no revealed hazard to discard with a talisman"]
    monkeypatch.setattr(day, "talisman_type", lambda s, g: 0)   # every group holds one
    s.rev[other] = s.rev[seat]
    assert _frame(s) == []
    s.pend[0] = (D_TALISMAN, other, 0, 0)
    assert _frame(s) == words
    s.phase, s.sec_card, s.sec_owner = PH_ORDER, s.rev[seat], seat   # a hazard secret's window
    s.pend[0] = (D_TALISMAN, seat, 1, 0)
    assert _frame(s) == []
    s.pend[0] = (D_TALISMAN, other, 1, 0)
    assert _frame(s) == words


def test_a_heal_choice_needs_two_wounded_people_to_choose_from():
    """PALEO-REW-8 (heal): the resolution's chooser picks which wounded person of a group heals
    only among two or more; the frame checks name a heal choice for a group with a single
    wounded person."""
    from boardgym.games.paleo.invariants import _frame
    from boardgym.games.paleo.kinds import D_HPERSON

    g, data = find_save(lambda st: st["r_chooser"] >= 0 and st["r_parts"] and st["pend"]
                        and max(len(p) for p in st["ppl"]) >= 2)
    s = load(g, data)
    grp = next(h for h in range(s.n) if len(s.ppl[h]) >= 2)
    s.pend[0] = (D_HPERSON, s.r_chooser, grp, 0)
    s.wnd[grp] = [0] * len(s.wnd[grp])
    s.wnd[grp][:2] = [1, 1]
    words = f"pend[0] ('heal_person'): group {grp} has fewer than two wounded people"
    assert words not in _frame(s)
    s.wnd[grp][1] = 0
    assert words in _frame(s)


def _resolving_with_a_group_outside():
    """A loaded save in the middle of a resolution's steps, with its chooser named: (state, the
    first group taking no part)."""
    g, data = find_save(lambda st: st["r_parts"] and st["ops"] and st["r_chooser"] >= 0)
    s = load(g, data)
    return s, next(h for h in range(s.n) if not s.r_parts >> h & 1)


def test_a_tool_given_in_a_resolution_goes_to_a_participant_named_as_such():
    """PALEO-REW-2 (tools to a participant): a tool the resolution gives waits for a group that
    takes part; one waiting for a group outside it is named with that group (the entry holds the
    tool, then the group)."""
    from boardgym.games.paleo.invariants import _resolution
    from boardgym.games.paleo.kinds import OP_GIVE_TOOL

    s, out = _resolving_with_a_group_outside()
    parts = [h for h in range(s.n) if s.r_parts >> h & 1]
    tool = next(t for t in range(len(s.game.content.tools)) if t not in parts + [out])
    s.ops.insert(0, (OP_GIVE_TOOL, tool, parts[0], 0))
    assert not any("takes no part" in p for p in _resolution(s))
    s.ops[0] = (OP_GIVE_TOOL, tool, out, 0)
    assert f"ops: give_tool for group {out}, which takes no part" in _resolution(s)


@pytest.mark.parametrize("name", ["wound2", "heal_in", "kill", "person_to", "dream_to"])
def test_a_step_for_a_group_goes_to_a_participant(name):
    """PALEO-REW-3/4/5, WOUND-1 (rewards and wounds go to the groups taking part): a waiting step
    for one group (a wound, a heal, a death, a person, a dream) names a participant; for a group
    outside the resolution it is refused, naming the step and the group."""
    from boardgym.games.paleo.invariants import _resolution
    from boardgym.games.paleo.kinds import OPS

    s, out = _resolving_with_a_group_outside()
    code = OPS.index(name)
    s.ops.insert(0, (code, out, 1) if name == "wound2" else (code, out))
    assert f"ops: {name} for group {out}, which takes no part" in _resolution(s)


def test_food_waiting_to_be_gained_is_no_wound(pack, tmp_path):
    """PALEO-REW-1 / REW-8: a wound waiting to be placed (the wound3 step of a wound event)
    needs a wounded group; a gain waiting does not. Wood Gift edited to give 7 food, with The
    Eternal Flame holding food: while group 0 decides where the first food goes, the other 6 wait
    to be gained and no group is being wounded. That save loads (the 6 food waiting are a count,
    not a wound step); the same save with a wound3 step waiting ahead of the gain, and still no
    wounded group, is refused."""
    sc = holder_script(pack, tmp_path, [{"kind": "RES", "res": "food", "n": 7}])
    first_option(sc, {0: "X18", 1: "X13"})
    assert sc.decision() == "host" and sc.s.pend[-1][2] == 0 and sc.s.r_wgroup == -1
    assert (OP_GAIN_RES, 0, 6) in sc.s.ops
    data = saved(sc)
    assert load(sc.g, data) is not None
    ops = [[OP_WOUND3]] + data["state"]["ops"]
    refused(sc.g, edited(data, ops=ops), "ops: a wound to place with no wounded group")


def test_a_tool_token_in_hand_or_on_a_card_counts_once(pack, tmp_path):
    """PALEO-D-19 / SPEC-1: tool tokens are conserved per type, and a token gained is placed on
    a card that holds it or taken (irrevocably). Wood Gift edited to give a pelt, with The
    Eternal Flame holding pelts: while group 0 decides where the pelt goes it is in hand, counted
    once (neither in the supply nor with the group): the save loads, and with one more pelt in
    the general supply it is refused. Once the pelt lies on The Eternal Flame it is counted once
    there: that save loads, and with one more pelt in the general supply it is refused."""
    sc = holder_script(pack, tmp_path, [{"kind": "TOOL", "tool": "pelt"}])
    t = sc.g.content.tool_index["pelt"]
    first_option(sc, {0: "X18", 1: "X13"})
    assert sc.decision() == "host" and sc.s.pend[-1][2] == 3 + t
    in_hand = saved(sc)
    flame = sc.s.inplay.index(sc.card("B01"))
    sc.act(A.CARD + flame)
    assert sc.s.held[flame] == [3 + t]
    on_card = saved(sc)
    for data in (in_hand, on_card):
        assert load(sc.g, data) is not None
        gsup = list(data["state"]["gsup"])
        gsup[t] += 1
        refused(sc.g, edited(data, gsup=gsup), "tool pelt not conserved")


def _heal_tool_script(xs, night):
    """Group 0 holds a root (heal 1) and two wounded people, no other group holds a tool, and
    group 0 uses the root (PALEO-D-11): in the night tool window (``night``), or in its owner
    window after group 1's Dice No Negative failed its check (a weak person, rolled 1 SKL and
    2 STR) and was ignored (PALEO-DICE-2). Group 0 then picks which person heals."""
    sc = xs()
    for h in range(sc.s.n):
        sc.clear_tools(h)
    sc.give_tool(0, "root")
    sc.people(0, ["ppl01", "ppl03"], wounds=[1, 1])
    if night:
        for g in range(sc.s.n):
            if sc.s.awake[g]:
                sc.act(A.SLEEP_EARLY)
        assert sc.decision() == "night_tools"
    else:
        sc.people(1, ["ppl15"])
        sc.reveal_turn({}, {0: "X18", 1: "X03"})
        if sc.decision() == "order":
            sc.act(A.RESOLVE_NEXT + 1)
        sc.force("die", "1 SKL", "2 STR").act(A.OPTION + 0)
        assert sc.card("X03") in sc.s.fu and sc.decision() == "owner" and sc.s.pend[-1][1] == 0
        assert sc.s.r_card == sc.s.r_opt == -1   # the ignored card's resolution is over
    sc.act(sc.tool("root"))
    assert sc.decision() == "heal_person" and sc.s.r_src == SRC_TOOL
    return sc


@pytest.mark.parametrize("night", [True, False])
def test_a_heal_tool_is_its_groups_alone(xs, night):
    """PALEO-D-11 / REW-8: a heal tool is discarded for its effect by the group holding it, in
    the night tool window or its owner window; the group alone takes part and chooses (it heals
    its own people). The save while group 0 picks who its root heals loads; with group 1 also
    taking part it is refused."""
    sc = _heal_tool_script(xs, night)
    data = saved(sc)
    assert load(sc.g, data) is not None
    refused(sc.g, edited(data, r_parts=3), "a tool's effect (heal, food) is its group's alone")


def _negative_choice_save(pack, tmp_path):
    """A save at the negative option's choice after a failed check (saves.failed_with_two_negatives)."""
    sc = failed_with_two_negatives(pack, tmp_path)
    return sc, saved(sc)


def test_a_negative_choice_belongs_to_the_revealed_card(pack, tmp_path):
    """PALEO-DICE-2 / HELP-1: a failed check asks for one of the card's negative options when it
    has several; the card's program is over by then (no ops left), the card being resolved is
    still the group's revealed card. That save loads; with the card being resolved said to be
    group 1's revealed card instead it is refused."""
    sc, data = _negative_choice_save(pack, tmp_path)
    assert load(sc.g, data) is not None
    other = sc.s.rev[1]
    refused(sc.g, edited(data, r_card=other), f"r_card {other} is neither group 0's revealed card nor its secret")


def test_the_requirement_is_checked_while_a_card_is_checked(pack, tmp_path, xs):
    """PALEO-DICE-1: the requirement with its dice (need) is the check of the card being
    resolved. While a failed card waits for its negative option, a save with one more STR
    needed is refused. A heal tool used after a card was ignored (DICE-2: no card is being
    resolved any more; its dice and need are left behind) checks nothing (PALEO-D-11): that save
    loads with the same need changed."""
    sc, data = _negative_choice_save(pack, tmp_path)
    need = list(data["state"]["need"])
    need[0] += 1
    refused(sc.g, edited(data, need=need), f"need {need}: the option's requirement with its dice is")
    sc = _heal_tool_script(xs, night=False)
    data = saved(sc)
    need = list(data["state"]["need"])
    need[0] += 1
    assert load(sc.g, edited(data, need=need)).need == need


def test_an_additional_action_is_its_groups_alone():
    """PALEO-SPEC-4 / D-10 (additional actions are used by one group alone: the participants are
    that group): a save of random play while an additional action's program runs loads; with
    every group taking part it is refused."""
    g, data = find_save(lambda st: st["r_src"] == SRC_ADD and any(op[0] == OP_FINISH for op in st["ops"]))
    st = data["state"]
    assert load(g, data) is not None
    n = len(st["awake"])
    refused(g, edited(data, r_parts=(1 << n) - 1),
            f"option {st['r_opt']} of card {st['r_card']} is no additional action of group {st['r_owner']}")


def test_idea_draws_queued_fit_the_idea_deck():
    """PALEO-REW-6: an IDEA reward draws from the Idea deck, one draw per card there is. A save
    of random play with idea draws queued, its Idea deck cut to as many cards as draws (the rest
    put in the cemetery, faceup and seen, where ideas dropped from the workbench go), loads; with
    one card fewer it is refused."""
    g, data = find_save(lambda st: any(k == CH_IDEA for k, _ in st["cq"]))
    st = data["state"]
    k = sum(1 for kind, _ in st["cq"] if kind == CH_IDEA)
    assert len(st["idea_deck"]) > k
    for keep, ok in ((k, True), (k - 1, False)):
        gone = st["idea_deck"][keep:]
        seen = list(st["seen"])
        for x in gone:
            seen[x] = 1
        bad = edited(data, idea_deck=st["idea_deck"][:keep], cem=st["cem"] + gone, seen=seen)
        if ok:
            assert load(g, bad) is not None
        else:
            refused(g, bad, "more Dream or Idea draws queued than cards in their decks")


def test_a_die_is_rolled_once():
    """PALEO-DICE-1: each die of the option is rolled once, after its check is started. A save
    of random play with a die roll queued loads; the same die already showing face 0 (its face
    added to the requirement) is refused."""
    g, data = find_save(lambda st: any(k == CH_DIE for k, _ in st["cq"]))
    st = data["state"]
    assert load(g, data) is not None
    i = next(a for k, a in st["cq"] if k == CH_DIE)
    dice, need = list(st["dice"]), list(st["need"])
    assert dice[i] < 0
    dice[i] = 0
    ab, v = g.content.dice_faces[0]
    need[ab] += v
    refused(g, edited(data, dice=dice, need=need), "a die roll queued twice, for a rolled die")


def test_missing_and_foreign_cards_are_named_five_at_most():
    """PALEO-D-16 / D-21: every card of the game (the base cards and those of the chosen modules)
    lies in exactly one place, and no other card does. A save with six cards of the People deck
    gone and six cards of modules not in the game put in the cemetery is refused naming the first
    five of each (a short message)."""
    g, data = find_save(lambda st: not st["cq"] and len(st["people_deck"]) >= 6)
    st = data["state"]
    foreign = [x for x in range(len(g.content.cards)) if x not in set(g.in_game)][:6]
    assert len(foreign) == 6
    err = refused(g, edited(data, people_deck=st["people_deck"][6:], cem=st["cem"] + foreign), "cards missing: ")
    missing = json.loads(err.split("cards missing: ")[1].split("]")[0] + "]")
    other = json.loads(err.split("or not of this game: ")[1].split("]")[0] + "]")
    assert missing == sorted(st["people_deck"][:6])[:5], err
    assert other == sorted(foreign)[:5], err
