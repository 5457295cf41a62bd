"""Saved Paleo states, continued from test_save_invariants.py: one case per check of the pending
decision, the running resolution, the chance queue and the components (invariants.py ``_frame``,
``_resolution``, ``_queue``, ``_components``) that no other test breaks on its own. Each case edits
a save of seeded random play (or of a scripted turn) so that it breaks that check alone, and
expects the loader to refuse it naming the check; at a boundary the legal side is not refused
for it."""
from __future__ import annotations

import pytest

from boardgym.games import make_game
from boardgym.games.paleo.constants import K_NEW

from boardgym.games.paleo.kinds import (CH_DEAL, CH_DIE, CH_DREAM, CH_PERSON, CH_REMOVE, D_HOST, D_NIGHTOPT,
                                        D_ORDER, D_OWNER, D_PLACE, D_PREVENT, D_SPLIT, D_TOOLWIN, D_WPERSON,
                                        OP_CHECK, OP_EFF, OP_FINISH, OP_PAY, OP_RECLOSE, PH_MISSIONS,
                                        PH_REVEAL, PH_SETUP2, SRC_ADD, SRC_ALT, SRC_CARD, SRC_NIGHT)
from tests.games.saved_pool import edited, refused, top

from ..packs import edited_pack
from .saves import card_of, saved
from .scripted import Script, full_bench
from .test_save_invariants import _at, _case, _order


_NEW = set(x for x, c in enumerate(make_game("paleo").content.cards) if c.kind == K_NEW)   # (the pool's pack)


def _top(kind):
    return lambda st: top(st)[0] == kind


def _frame(st, **args):
    """The pending frame with some of its (kind, seat, a, b) replaced."""
    f = dict(zip(("kind", "seat", "a", "b"), top(st)))
    f.update(args)
    return [[f["kind"], f["seat"], f["a"], f["b"]]]


def _one_to_order(g, st):
    """An order step with one revealed card left: another group's card goes to the faceup pile."""
    h = next(h for h, r in enumerate(st["rstat"]) if r == 1 and h != st["lead"])
    return {"rstat": _at(st["rstat"], h, 0), "rev": _at(st["rev"], h, -1), "fu": st["fu"] + [st["rev"][h]]}


def _wounded_card(st):
    return top(st)[0] == D_WPERSON and st["r_src"] == SRC_CARD


def _night(st):
    return st["r_src"] == SRC_NIGHT and st["ops"] and st["phase"] == PH_MISSIONS


def _drawing(st):   # a dream being drawn for a card's reward (PALEO-REW-5)
    return any(k == CH_DREAM for k, _ in st["cq"]) and st["r_card"] >= 0


def _reveal_with_secrets(st):
    return _top(D_OWNER)(st) and top(st)[2] == 0 and st["sec_card"] < 0 and not st["ops"] and st["secrets"]


def _secret(g, st, owner):
    return {"sec_card": st["secrets"][0], "sec_owner": owner, "sec_first": owner, "secrets": st["secrets"][1:]}


FRAME = {  # case: (the save, the edit, words, the boundary's legal edit or None)
    # PALEO-D-12: a resolution's decision has the resolution's chooser and participants
    "no_chooser": (_wounded_card, lambda g, st: {"r_chooser": -1}, "a resolution decision with no chooser", None),
    "no_parts": (_wounded_card, lambda g, st: {"r_parts": 0}, "a resolution decision with no chooser", None),
    # PALEO-D-8: the lead orders two or more revealed cards
    "order_one": (lambda st: _top(D_ORDER)(st) and st["sec_card"] < 0, _one_to_order,
                  "fewer than two cards to order", None),
    # PALEO-NIGHT-3 / D-13: the missions are resolved in turn, the step counter naming the current
    "mission_k0": (_top(D_NIGHTOPT), lambda g, st: {"k": 0, "pend": _frame(st, a=g.missions[-1])},
                   "is not the mission whose turn it is", None),
    "mission_k_past": (_top(D_NIGHTOPT), lambda g, st: {"k": len(g.missions) + 1, "pend": _frame(st, a=g.missions[-1])},
                       "is not the mission whose turn it is",
                       lambda g, st: {"k": len(g.missions), "pend": _frame(st, a=g.missions[-1])}),
    "mission_card": (_top(D_NIGHTOPT), lambda g, st: {"pend": _frame(st, a=g.missions[-1])},
                     "is not the mission whose turn it is", None),
    # PALEO-D-9 / D-10: an owner window: its own revealed card (no secret waiting), a secret's
    # owner, or (help only) another group able to help the secret
    "owner_normal": (_reveal_with_secrets, lambda g, st: _secret(g, st, 1 - top(st)[1]),
                     "has no card for this window (mode 0)", None),
    "owner_help": (_reveal_with_secrets, lambda g, st: {"pend": _frame(st, a=1)}, "(mode 1)", None),
    "owner_help_own_secret": (_reveal_with_secrets, lambda g, st: {"pend": _frame(st, a=1), **_secret(g, st, top(st)[1])},
                              "(mode 1)", None),
    "owner_secret": (_reveal_with_secrets, lambda g, st: {"pend": _frame(st, a=2)}, "(mode 2)",
                     lambda g, st: {"pend": _frame(st, a=2), **_secret(g, st, top(st)[1])}),
    "owner_secret_other": (_reveal_with_secrets, lambda g, st: {"pend": _frame(st, a=2), **_secret(g, st, 1 - top(st)[1])},
                           "(mode 2)", None),
    # PALEO-SPEC-2: a group chooses where to place a new card it revealed that goes on a mission
    # or a card (one that goes into the group is placed there at once)
    "place": (_reveal_with_secrets, lambda g, st: {"pend": _frame(st, kind=D_PLACE)}, "has no new card to place", None),
    "place_in_group": (lambda st: _top(D_OWNER)(st) and not st["ops"] and st["rev"][top(st)[1]] in _NEW,
                       lambda g, st: {"pend": _frame(st, kind=D_PLACE)}, "has no new card to place", None),
    # PALEO-REW-2 / CRAFT-1: only a tool split names the tool
    "split": (_wounded_card, lambda g, st: {"pend": _frame(st, kind=D_SPLIT, seat=st["r_chooser"], a=1, b=1)},
              "only a tool split carries a tool type",
              lambda g, st: {"pend": _frame(st, kind=D_SPLIT, seat=st["r_chooser"], a=0, b=1)}),
    # PALEO-REW-1/2, SPEC-1: a resource gained goes to storage or a card (no group); a tool to a group
    "host_resource": (lambda st: _top(D_HOST)(st) and top(st)[2] < 3, lambda g, st: {"pend": _frame(st, b=0)},
                      "a resource goes to no group", None),
    "host_tool": (lambda st: _top(D_HOST)(st) and top(st)[2] < 3, lambda g, st: {"pend": _frame(st, a=3, b=-1)},
                  "a resource goes to no group", None),
    # PALEO-REW-8 / D-11: prevent is asked while a wound waits to be placed (the wound3 step)
    "prevent_no_wound": (_top(D_PREVENT), lambda g, st: {"r_wound": 0}, "no wound waiting to be placed", None),
    "prevent_no_step": (_top(D_PREVENT), lambda g, st: {"ops": st["ops"][1:]}, "no wound waiting to be placed", None),
    "prevent_no_ops": (_top(D_PREVENT), lambda g, st: {"ops": []}, "no wound waiting to be placed", None),
}


@pytest.mark.parametrize("case", FRAME)
def test_the_pending_decision_fits_the_state(case):
    """The checks of the pending decision (the rule of each case is noted in FRAME): a save
    breaking one is refused naming it; at a boundary the legal side is not refused for it."""
    pred, bad, words, ok = FRAME[case]
    _case(pred, bad, [words], ok)


def test_an_idea_slot_choice_needs_a_fifth_idea(xs):
    """PALEO-REW-6 / D-15: the group picks an idea to remove only when a fifth idea came to the
    full workbench. The choice with the fifth idea loads; with an idea back in the Idea deck
    (four on the bench) it is refused."""
    sc = xs()
    full_bench(sc, ("ide04", "ide05", "ide06", "ide07"), "ide01")
    for x in sc.s.bench:   # (the script lays the four ideas on the bench, faceup)
        sc.s.seen[x] = 1
    data = saved(sc)
    st = data["state"]
    x = st["bench"][0]
    refused(sc.g, edited(data, bench=st["bench"][1:], idea_deck=[x] + st["idea_deck"]),
            "pend[0] ('idea_slot'): the workbench is not over its 4 ideas")


def test_only_a_new_card_is_placed(pack, tmp_path):
    """PALEO-SPEC-2: a revealed new card with placement instructions is placed as instructed. An
    action card given placement on a mission (Wood Gift, X18, edited) is still an action card:
    the save of its owner's turn with a place decision for it is refused."""
    path = edited_pack(pack, tmp_path, "modules/X", lambda d: card_of(d, "X18").update(placement={"to": "MISSION"}))
    sc = Script.start(seed=0, modules=["A", "X"], content_pack=path, num_groups=2, remove_per_module=0)
    for h in range(2):
        sc.clear_tools(h)
    sc.reveal_turn({}, {0: "X18", 1: "X13"})
    assert sc.s.rev[0] == sc.card("X18") and sc.g.content.cards[sc.s.rev[0]].placement == 1
    refused(sc.g, edited(saved(sc), pend=[[D_PLACE, 0, 0, 0]]), "pend[0] ('place'): group 0 has no new card to place")


RESOLUTION = {  # case: (the save, the edit, words, the boundary's legal edit or None)
    # PALEO-D-11 / D-10: a window reopens (after a tool's effect) once, after the rest of the action
    "reopen_not_last": (_order, lambda g, st: {"ops": [[OP_RECLOSE, 0], [OP_FINISH]]},
                        "ops: a window reopens only once, after everything else", None),
    "reopen_idle": (_order, lambda g, st: {"ops": [[OP_RECLOSE, 0]]}, "a window to reopen with nothing resolving", None),
    # PALEO-D-12 / HELP-1: a running resolution has participants and a chooser
    "no_parts": (_drawing, lambda g, st: {"r_parts": 0}, "a resolution running with no participants or chooser", None),
    "no_chooser": (_drawing, lambda g, st: {"r_chooser": -1}, "a resolution running with no participants or chooser",
                   None),
    # PALEO-DICE-1 / D-11 / ACT-3: check, pay, rewards: the tool window is after the check (pay
    # next), a die is rolled before the check, other decisions and draws after pay
    "toolwin_before_check": (_top(D_TOOLWIN), lambda g, st: {"ops": [[OP_CHECK]] + st["ops"]},
                             "ops: the card's program is not where", None),
    "die_after_check": (lambda st: any(k == CH_DIE for k, _ in st["cq"]),
                        lambda g, st: {"ops": [op for op in st["ops"] if op[0] != OP_CHECK]},
                        "ops: the card's program is not where", None),
    "decision_before_pay": (lambda st: _wounded_card(st) and st["r_card"] >= 0,
                            lambda g, st: {"ops": [[OP_PAY]] + st["ops"]}, "ops: the card's program is not where", None),
    "draw_before_pay": (_drawing, lambda g, st: {"ops": [[OP_PAY]] + st["ops"]},
                        "ops: the card's program is not where", lambda g, st: {"ops": [[OP_EFF, 0]] + st["ops"]}),
    # PALEO-ACT-1: a card's program runs for the card being resolved
    "program_no_card": (_drawing, lambda g, st: {"r_card": -1, "r_opt": -1},
                        "ops: a card's program with no card being resolved", None),
    # PALEO-ACT-3/5: check, pay, each reward in turn, once, then finish
    "unsorted": (_drawing, lambda g, st: {"ops": [[OP_EFF, 1], [OP_EFF, 0], [OP_FINISH]]}, "is out of order", None),
    "twice": (_drawing, lambda g, st: {"ops": [[OP_FINISH], [OP_FINISH]]}, "is out of order", None),
    "unfinished": (_drawing, lambda g, st: {"ops": [[OP_EFF, 0]]}, "is out of order", None),
    "reward_past": (_drawing, lambda g, st: {"ops": [[OP_EFF, len(g.content.cards[st["r_card"]].opts[st["r_opt"]].reward)],
                                                     [OP_FINISH]]},
                    "ops: a reward the option of card",
                    lambda g, st: {"ops": [[OP_EFF, len(g.content.cards[st["r_card"]].opts[st["r_opt"]].reward) - 1],
                                           [OP_FINISH]]}),
    # PALEO-D-18: a night option has no owner; the whole tribe takes part; the lead chooses
    "night_owner": (_night, lambda g, st: {"r_owner": 0}, "a night resolution has no owner", None),
    "night_parts": (_night, lambda g, st: {"r_parts": 1}, "a night resolution has no owner", None),
    "night_chooser": (_night, lambda g, st: {"turn": st["turn"] + 1, "lead_ptr": st["lead_ptr"] + 1,
                                             "lead": (st["lead_ptr"] + 1) % len(st["awake"])},
                      "the lead chooses for a mission at night", None),
    # PALEO-DAY-3 / ACT-1: by day a card is resolved by its owner
    "day_chooser": (_wounded_card, lambda g, st: {"r_chooser": 1 - st["r_owner"]},
                    "a card resolution in the day has its owner as chooser", None),
    "day_no_owner": (_wounded_card, lambda g, st: {"r_owner": -1}, "a card resolution in the day has its owner", None),
    # PALEO-HELP-1: the participants are the owner and its helpers
    "participants": (lambda st: _wounded_card(st) and not any(st["helpers"]), lambda g, st: {"r_parts": 3},
                     "the participants are the owner and its helpers", None),
    # PALEO-SPEC-3 / SPEC-4: an alternative action is one of the game's alternative actions
    "alternative": (lambda st: st["r_src"] == SRC_ADD and st["ops"], lambda g, st: {"r_src": SRC_ALT},
                    "is no alternative action of group", None),
    # PALEO-NIGHT-3: at night a mission's moon option is resolved, never its day area
    "area": (_night, lambda g, st: {"r_opt": next(i for i, o in enumerate(g.content.cards[st["r_card"]].opts)
                                                  if o.area != g.content.cards[st["r_card"]].opts[st["r_opt"]].area)},
             "is not an option of its area", None),
    # PALEO-SPEC-2: a card is placed only by an option that says so
    "placement": (_wounded_card, lambda g, st: {"r_place": 1}, "more wounds to prevent, or a placement", None),
}


@pytest.mark.parametrize("case", RESOLUTION)
def test_the_running_resolution_fits_the_state(case):
    """The checks of the resolution running (the rule of each case is noted in RESOLUTION): a
    save breaking one is refused naming it; at a boundary the legal side is not refused for it."""
    pred, bad, words, ok = RESOLUTION[case]
    _case(pred, bad, [words], ok)


def _people_cut(st, keep):
    """The People deck cut to ``keep`` cards, the rest in the cemetery (faceup, seen)."""
    gone, seen = st["people_deck"][keep:], list(st["seen"])
    for x in gone:
        seen[x] = 1
    return {"people_deck": st["people_deck"][:keep], "cem": st["cem"] + gone, "seen": seen}


def _without_first(st, kind):
    i = next(i for i, (k, _) in enumerate(st["cq"]) if k == kind)
    return st["cq"][:i] + st["cq"][i + 1:]


QUEUE = {  # case: (the save, the edit, words, the boundary's legal edit or None)
    # PALEO-SETUP-7 / D-16: each module's removal count is drawn, no more, no fewer
    "removal_short": (lambda st: st["phase"] == PH_SETUP2 and [k for k, a in st["cq"] if k == CH_REMOVE],
                      lambda g, st: {"cq": _without_first(st, CH_REMOVE)},
                      "module removal 0: removed and pending draws do not add up to", None),
    "removal_over": (lambda st: st["phase"] == PH_SETUP2 and [k for k, a in st["cq"] if k == CH_REMOVE],
                     lambda g, st: {"cq": st["cq"] + [[CH_REMOVE, 0]]},
                     "module removal 0: removed and pending draws do not add up to", None),
    # PALEO-NIGHT-5 / SETUP-4: one deal draw per card to deal
    "deal_short": (lambda st: any(k == CH_DEAL for k, _ in st["cq"]), lambda g, st: {"cq": _without_first(st, CH_DEAL)},
                   "deal draws queued for", None),
    "deal_over": (lambda st: any(k == CH_DEAL for k, _ in st["cq"]), lambda g, st: {"cq": st["cq"] + [[CH_DEAL, 0]]},
                  "deal draws queued for", None),
    # PALEO-REW-3 / D-14: one People draw per card in the People deck
    "people": (lambda st: any(k == CH_PERSON for k, _ in st["cq"]),
               lambda g, st: _people_cut(st, sum(k == CH_PERSON for k, _ in st["cq"]) - 1),
               "more People draws queued than cards in the People deck",
               lambda g, st: _people_cut(st, sum(k == CH_PERSON for k, _ in st["cq"]))),
    # PALEO-DICE-1: each die is rolled once
    "die_twice": (lambda st: any(k == CH_DIE for k, _ in st["cq"]),
                  lambda g, st: {"cq": st["cq"] + [f for f in st["cq"] if f[0] == CH_DIE]},
                  "a die roll queued twice", None),
}


@pytest.mark.parametrize("case", QUEUE)
def test_the_chance_queue_fits_the_state(case):
    """The checks of the draws queued (the rule of each case is noted in QUEUE): a save breaking
    one is refused naming it; at a boundary the legal side is not refused for it."""
    pred, bad, words, ok = QUEUE[case]
    _case(pred, bad, [words], ok)


def _flag(st, field, x, v):
    return {field: _at(st[field], x, v)}


COMPONENTS = {  # case: (the edit, words)
    # PALEO-CORE-1 / ACT-6: a faceup card is public: seen
    "faceup_unseen": (lambda g, st: _flag(st, "seen", st["fu"][0], 0), "a faceup card never seen"),
    # PALEO-SETUP-7: a card removed at setup is never dealt
    "removed_to_deal": (lambda g, st: _flag(st, "u", st["removed"][0], 1), "a card removed at setup seen or still to deal"),
    # PALEO-SETUP-4 / D-16: only the cards of the game's modules are dealt
    "foreign_to_deal": (lambda g, st: _flag(st, "u", next(x for x in range(len(g.content.cards))
                                                          if x not in set(g.in_game)), 1),
                        "a card of another module among the cards to deal"),
    # PALEO-D-21: per back, the unassigned slots and cards to deal are the identities still to draw
    "back_count": (lambda g, st: {"deal_pool": _at(st["deal_pool"], 0, st["deal_pool"][0] + 1)},
                   "back 0: "),
}


@pytest.mark.parametrize("case", COMPONENTS)
def test_the_components_add_up(case):
    """The checks of the components (the rule of each case is noted in COMPONENTS), on a save of
    the commit step (nothing queued) with faceup and removed cards: a save breaking one is
    refused naming it."""
    bad, words = COMPONENTS[case]
    _case(lambda st: st["phase"] == PH_REVEAL and st["fu"] and st["removed"], bad, [words])
