"""Saved Paleo states, continued (see test_saves.py, test_save_fields.py): one case per check of
invariants.py that no other test breaks on its own. Each case takes a save of seeded random play
(or of a scripted turn) where the rule is at work, edits the fields that break exactly that check
(for a check of several parts, each part in its own case), and expects the loader to refuse the
save naming the check; where the check has a boundary, the save just inside it is not refused for
it. This file: parallel lists, where cards lie, the phase (invariants.py ``_lists``, ``_places``,
``_phase``); test_save_invariants_run.py: the pending decision, the resolution, the chance queue
and the components."""
from __future__ import annotations

import pytest

from boardgym.games.paleo import actions as A
from boardgym.games.paleo.kinds import (CH_DEAL, CH_REVEAL, D_COMMIT, D_OWNER, OP_FINISH, PH_MISSIONS,
                                        PH_ORDER, PH_OVER, PH_REVEAL, PH_TALIS, PH_TURN, TABLE)
from tests.games.saved_pool import edited, load, refused, top

from ..packs import edited_pack
from .saves import card_of, find_save, first_option, passes_declaration, saved
from .scripted import Script


def _case(pred, bad, words, ok=None):
    """The first save of the pool that ``pred`` accepts loads; edited by ``bad(g, st)`` it is
    refused naming ``words``; edited by ``ok(g, st)`` (the boundary's legal side) it is not
    refused for them."""
    g, data = find_save(pred)
    st = data["state"]
    assert load(g, data) is not None
    refused(g, edited(data, **bad(g, st)), *words)
    if ok is not None:
        passes_declaration(g, edited(data, **ok(g, st)), words[0])


def _drop(xs):
    return xs[:-1]


def _at(xs, i, v):
    out = list(xs)
    out[i] = v
    return out


def _nested(xss, g, f):
    return [f(list(x)) if h == g else list(x) for h, x in enumerate(xss)]


def _phase(p):
    return lambda st: st["phase"] == p


def _order(st):
    return st["phase"] == PH_ORDER and top(st)[0] == D_OWNER and not st["ops"] and not st["cq"]


# -- parallel lists (invariants._lists) ----------------------------------------------------------
LISTS = {  # PALEO-D-21 slots (back, known card); WOUND-1 (a wound count per person); SPEC-1/2
    # (a card in play, where it lies, what it holds); D-9 (a secret waiting with its revealer)
    "fd_b": (lambda st: st["fd_b"], lambda g, st: {"fd_b": st["fd_b"][:-1]}, "fd_b and fd_c"),
    "fd_c": (lambda st: st["fd_b"], lambda g, st: {"fd_c": st["fd_c"][:-1]}, "fd_b and fd_c"),
    "deck_b": (lambda st: st["deck_b"][0], lambda g, st: {"deck_b": _nested(st["deck_b"], 0, _drop)},
               "group 0: deck_b and deck_c out of step"),
    "deck_c": (lambda st: st["deck_b"][0], lambda g, st: {"deck_c": _nested(st["deck_c"], 0, _drop)},
               "group 0: deck_b and deck_c out of step"),
    "ppl": (lambda st: len(st["ppl"][1]) >= 2, lambda g, st: {"ppl": _nested(st["ppl"], 1, _drop)},
            "group 1: people and wounds out of step"),
    "wnd": (lambda st: st["ppl"][1], lambda g, st: {"wnd": _nested(st["wnd"], 1, _drop)},
            "group 1: people and wounds out of step"),
    "inplay": (lambda st: st["inplay"], lambda g, st: {"inplay": st["inplay"][:-1]}, "inplay, inloc and held"),
    "inloc": (lambda st: st["inplay"], lambda g, st: {"inloc": st["inloc"][:-1]}, "inplay, inloc and held"),
    "held": (lambda st: st["inplay"], lambda g, st: {"held": st["held"][:-1]}, "inplay, inloc and held"),
    "sec_pend": (lambda st: not st["sec_pend"] and len(st["secrets"]) >= 2, lambda g, st: {"sec_pend": [st["secrets"][0], 0, st["secrets"][1]]},
                 "sec_pend is not (secret, group) pairs"),
}


@pytest.mark.parametrize("field", LISTS)
def test_parallel_lists_keep_in_step(field):
    """Lists that describe the same things side by side have one entry per thing: a facedown
    slot's back and its known card (PALEO-D-21), a group's deck backs and cards, its people and
    their wounds (WOUND-1), a card in play, where it lies and what it holds (SPEC-1/2), a waiting
    secret and its revealer (D-9). A save with one entry taken from either side (so each
    direction of the comparison, and each of the three in-play lists) is refused naming them."""
    pred, bad, words = LISTS[field]
    _case(pred, bad, [words])


# -- which cards lie where (invariants._places) ------------------------------------------------
def _of(g, name):
    return g.content.sets[name][0]


WITHIN = {  # field: the set of a card that never lies there
    "people_deck": "dream", "dream_deck": "people", "idea_deck": "people", "secrets": "idea", "bench": "people",
}


@pytest.mark.parametrize("field", list(WITHIN) + ["sec_pend", "ppl[0]"])
def test_a_card_of_another_set_is_refused(field):
    """PALEO-SETUP-3 / D-1 / REW-6: the People, Dream and Idea decks hold cards of their own
    sets, the Secret deck (and a secret waiting) the Mysteries, the workbench ideas, a group's
    people persons. A card of another set in any of them is refused naming the field."""
    g, data = find_save(lambda st: st["people_deck"] and st["dream_deck"] and st["idea_deck"] and st["ppl"][0])
    st = data["state"]
    if field == "sec_pend":
        x = _of(g, "idea")
        change = {"sec_pend": [x, 0]}
    elif field == "ppl[0]":
        x = _of(g, "dream")
        change = {"ppl": _nested(st["ppl"], 0, lambda p: _at(p, 0, x))}
    else:
        x = _of(g, WITHIN[field])
        change = {field: [x] + st[field][1:]}
    refused(g, edited(data, **change), f"{field} holds card(s) [{x}] that never lie there")


@pytest.mark.parametrize("grp", [-1, "n"])
def test_a_waiting_secret_is_revealed_by_a_group_of_the_game(grp):
    """PALEO-REW-7 / D-9: a secret waiting to resolve is its revealer's; the revealer is one of
    the game's groups (0..n-1). A secret waiting for group -1 or group n is refused; for group
    n-1 it is not refused for that."""
    g, data = find_save(lambda st: st["secrets"] and not st["sec_pend"])
    st = data["state"]
    n = len(st["awake"])
    x = st["secrets"][0]
    words = "sec_pend: a secret revealed by a group outside the game"
    refused(g, edited(data, sec_pend=[x, n if grp == "n" else -1]), words)
    passes_declaration(g, edited(data, sec_pend=[x, n - 1]), words)


def test_only_a_dream_of_the_slots_back_lies_facedown_known():
    """PALEO-D-21 / REW-5: a facedown slot's identity is fixed only for a Dream put on a deck,
    and it lies in a slot of its own back (the Dream back). A Dream fixed in a slot with another
    back is refused; in a slot of the Dream back it is not refused for that."""
    g, data = find_save(lambda st: any(x < 0 for x in st["fd_c"]))
    st = data["state"]
    x = _of(g, "dream")
    back = g.content.cards[x].back
    i = next(i for i, b in enumerate(st["fd_b"]) if b != back)
    refused(g, edited(data, fd_c=_at(st["fd_c"], i, x)), f"fd_c[{i}] is card {x}: only a Dream of back")
    passes_declaration(g, edited(data, fd_c=_at(st["fd_c"], i, x), fd_b=_at(st["fd_b"], i, back)), "only a Dream")


PLACES = {  # case: (the save, the edit, words)
    # PALEO-DAY-2 / D-21: a chosen card's identity is drawn at its reveal, not fixed before
    "ch_c": (lambda st: st["secrets"], lambda g, st: {"ch_c": [st["secrets"][0]] + st["ch_c"][1:]},
             "ch_c: a chosen card's identity is fixed only while it is revealed"),
    # PALEO-SETUP-7: a card removed at setup is out of the game, never in the facedown pile
    "removed": (lambda st: st["removed"] and st["fd_c"],
                lambda g, st: {"fd_c": [st["removed"][0]] + st["fd_c"][1:]}, "a removed card in the facedown pile"),
    # PALEO-D-1 / D-9: the revealed secret is a Mystery card
    "sec_card": (lambda st: st["phase"] == PH_ORDER and st["people_deck"],
                 lambda g, st: {"sec_card": st["people_deck"][0], "sec_owner": 0, "sec_first": 0},
                 "is not a secret card"),
    # D-9: a secret's owner, helpers and first helper exist only with the secret
    "sec_owner": (lambda st: st["sec_card"] < 0, lambda g, st: {"sec_owner": 0}, "a secret's owner or helpers without"),
    "sec_help": (lambda st: st["sec_card"] < 0, lambda g, st: {"sec_help": 1}, "a secret's owner or helpers without"),
    "sec_first": (lambda st: st["sec_card"] < 0, lambda g, st: {"sec_first": 0}, "a secret's owner or helpers without"),
    # PALEO-D-2 / D-16: missions and setup cards lie on the table, placed cards in a group or on a card
    "mission": (lambda st: TABLE in st["inloc"], lambda g, st: {"inloc": _at(st["inloc"], st["inloc"].index(TABLE), 0)},
                "missions and the setup's cards lie on the table"),
    "placed": (lambda st: any(loc != TABLE for loc in st["inloc"]),
               lambda g, st: {"inloc": [TABLE] * len(st["inloc"])}, "missions and the setup's cards lie on the table"),
}


@pytest.mark.parametrize("case", PLACES)
def test_where_cards_lie(case):
    """The checks of where a card may lie (the rule of each case is noted in PLACES): a save
    breaking one is refused naming it."""
    pred, bad, words = PLACES[case]
    _case(pred, bad, [words])


def test_a_card_holds_only_what_it_accepts():
    """PALEO-SPEC-1: a card that holds tokens holds only those it accepts. The Eternal Flame
    (wood only) holding food is refused; holding wood is not refused for that."""
    g, data = find_save(lambda st: any(st["held"]))
    st = data["state"]
    i = next(i for i, h in enumerate(st["held"]) if h)
    card = g.content.cards[st["inplay"][i]]
    assert card.accepts == (1,)
    held = [list(h) for h in st["held"]]
    refused(g, edited(data, held=_at(held, i, [0])), f"held[{i}]: card {card.name} cannot hold [0]")
    passes_declaration(g, edited(data, held=_at(held, i, [1])), f"held[{i}]")


def test_a_card_holds_up_to_its_limit(pack, tmp_path):
    """PALEO-SPEC-1: a card holds up to its own limit. The Eternal Flame edited to hold 2 wood
    (Lightning Tree, B02, edited to hold up to 5, so that the declaration allows 5 on any card): with 3
    wood on it the save is refused, with 2 it is not refused for that."""
    def holds(doc):
        card_of(doc, "B01")["holds"]["max"] = 2
        card_of(doc, "B02")["holds"] = {"accepts": ["wood"], "max": 5}
    sc = Script.start(seed=0, modules=["B", "X"], content_pack=edited_pack(pack, tmp_path, "modules/B", holds),
                      num_groups=2, remove_per_module=0)
    i = sc.s.inplay.index(sc.card("B01"))
    data = saved(sc)
    held = [list(h) for h in data["state"]["held"]]
    refused(sc.g, edited(data, held=_at(held, i, [1, 1, 1])), f"held[{i}]: card The Eternal Flame cannot hold")
    passes_declaration(sc.g, edited(data, held=_at(held, i, [1, 1])), f"held[{i}]")


# -- the phase and what may be pending in it (invariants._phase) --------------------------------
def _first_awake(st):
    return next(h for h, a in enumerate(st["awake"]) if a)


def _other_awake(st):
    return [h for h, a in enumerate(st["awake"]) if a and h != st["lead"]][0]


PHASE = {  # case: (the save, the edit, words, the boundary's legal edit or None)
    # PALEO-CORE-2: the round machine waits only in phases with a decision or a draw
    "phase": (_phase(PH_REVEAL), lambda g, st: {"phase": PH_TURN}, "phase 'turn' never waits", None),
    # PALEO-END-1/2: the game is over exactly in the last phase
    "over": (_phase(PH_REVEAL), lambda g, st: {"over": 1}, "over=1 in phase 'reveal'", None),
    "not_over": (_phase(PH_REVEAL), lambda g, st: {"phase": PH_OVER, "pend": []}, "over=0 in phase 'over'", None),
    "idle": (_phase(PH_REVEAL), lambda g, st: {"pend": []}, "nothing pending and the game not over", None),
    # PALEO-D-12: one thing at a time: one decision, or chance nodes
    "two_decisions": (_phase(PH_REVEAL), lambda g, st: {"pend": st["pend"] * 2}, "more than one thing pending", None),
    "decision_and_draw": (_phase(PH_REVEAL), lambda g, st: {"cq": [[CH_DEAL, 0]]}, "more than one thing pending", None),
    "decision_kind": (_phase(PH_REVEAL), lambda g, st: {"phase": PH_TALIS},
                      "pend[0]: a 'commit' decision cannot be pending in phase 'talisman'", None),
    # PALEO-D-12: a resolution runs by day in the order step, or at night
    "ops_phase": (_phase(PH_REVEAL), lambda g, st: {"ops": [[OP_FINISH]]}, "a resolution running in phase 'reveal'",
                  None),
    "ops_night": (lambda st: st["phase"] == PH_MISSIONS and st["ops"], lambda g, st: {"phase": PH_REVEAL, "pend": [[D_COMMIT, 0, 0, 0]]},
                  "a resolution running in phase 'reveal'", lambda g, st: {}),
    # PALEO-END-1: the 5th victory wins at once; 4 may be saved
    "victories": (_phase(PH_REVEAL), lambda g, st: {"victories": 5}, "the 5th victory ends the game at once",
                  lambda g, st: {"victories": 4}),
    # PALEO-END-2 / D-12: the loss is flagged only inside the action that brought the 5th skull
    "loss_outside_action": (lambda st: st["phase"] == PH_ORDER and not st["ops"] and not st["lost"],
                            lambda g, st: {"skulls": 5, "lost": 1}, "the 5th skull flags the loss", None),
    "loss_in_action": (lambda st: st["phase"] == PH_ORDER and st["ops"] and not st["lost"],
                       lambda g, st: {"skulls": 5}, "the 5th skull flags the loss",
                       lambda g, st: {"skulls": 5, "lost": 1}),
    # PALEO-D-8: the lead pointer advances with each turn
    "lead_ptr": (_phase(PH_REVEAL), lambda g, st: {"lead_ptr": st["turn"] + 1},
                 "advance together", None),
    # PALEO-D-8: at night the lead is the pointer's seat
    "night_lead": (_phase(PH_MISSIONS), lambda g, st: {"lead": (st["lead"] + 1) % len(st["awake"])},
                   "the night's lead is not the group after the last turn's", None),
    # PALEO-NIGHT-1: at night every group sleeps and holds no day cards
    "awake_at_night": (_phase(PH_MISSIONS), lambda g, st: {"awake": [1] + st["awake"][1:]},
                       "a group awake in phase 'missions'", None),
    "cards_at_night": (_phase(PH_MISSIONS), lambda g, st: {"deck_b": [[0]] + st["deck_b"][1:],
                                                          "deck_c": [[-1]] + st["deck_c"][1:]},
                       "a group holds day cards in phase 'missions'", None),
    # PALEO-DAY-4 / D-6: a group with cards in its deck is awake
    "sleeps_with_cards": (lambda st: st["phase"] == PH_REVEAL and not any(st["commit"]) and len(st["deck_b"][-1]) > 0
                          and st["awake"][-1] and st["lead"] != len(st["awake"]) - 1,
                          lambda g, st: {"awake": st["awake"][:-1] + [0]}, "sleeps with cards in its deck", None),
    # PALEO-DAY-1/5: after the reveal an awake group has picked a card, and an early sleeper sleeps
    "awake_uncommitted": (_order, lambda g, st: {"commit": _at(st["commit"], _first_awake(st), 0)},
                          "awake after the reveal without a chosen card", None),
    "awake_early_sleeper": (_order, lambda g, st: {"commit": _at(st["commit"], _first_awake(st), A.SLEEP_EARLY)},
                            "awake after the reveal without a chosen card", None),
    # PALEO-DAY-3: a revealed card waits for its one resolution
    "revealed_resolved": (lambda st: _order(st) and st["rev"][top(st)[1]] >= 0,
                          lambda g, st: {"rstat": _at(st["rstat"], top(st)[1], 2)},
                          "a revealed card already resolved", None),
    "resolve_nothing": (lambda st: _order(st) and st["rev"][top(st)[1]] >= 0,
                        lambda g, st: {"rev": _at(st["rev"], top(st)[1], -1)},
                        "a card to resolve that is neither revealed nor being drawn", None),
    # PALEO-D-8: the turn's lead is the first awake group from the pointer
    "turn_lead": (lambda st: st["phase"] == PH_REVEAL and sum(st["awake"]) >= 2,
                  lambda g, st: {"lead": _other_awake(st)}, "the turn's lead is the first awake group", None),
    # PALEO-HAZ-3 / DAY-2: talisman windows open once every chosen card is revealed
    "talisman_early": (lambda st: st["phase"] == PH_TALIS and any(k == CH_REVEAL for k, _ in st["cq"]) and not st["k"],
                       lambda g, st: {"k": 1}, "talisman windows open before every card is revealed",
                       lambda g, st: {"k": 0}),
    # PALEO-REW-8: wounds wait to be placed only while a prevent decision is asked
    "wounds_waiting": (_order, lambda g, st: {"r_wound": 1}, "wounds waiting to be placed with no prevent decision",
                       None),
    # PALEO-D-9: a revealed secret resolves in the order step
    "secret_card_outside": (lambda st: st["phase"] == PH_REVEAL and st["secrets"],
                            lambda g, st: {"sec_card": st["secrets"][0], "sec_owner": 0, "sec_first": 0,
                                           "secrets": st["secrets"][1:]},
                            "a revealed secret outside the order of resolution", None),
    "secret_waiting_outside": (lambda st: st["phase"] == PH_REVEAL and st["secrets"],
                               lambda g, st: {"sec_pend": [st["secrets"][0], 0], "secrets": st["secrets"][1:]},
                               "a revealed secret outside the order of resolution", None),
    # PALEO-DAY-2: a chosen card waits facedown only while the cards are revealed
    "chosen_outside": (_phase(PH_REVEAL), lambda g, st: {"ch_b": [0] + st["ch_b"][1:]},
                       "a chosen card waits to be revealed outside the reveal", None),
}


@pytest.mark.parametrize("case", PHASE)
def test_what_a_phase_allows(case):
    """The checks of the phase and what it allows (the rule of each case is noted in PHASE): a
    save breaking one is refused naming it; at a boundary the legal side is not refused for it."""
    pred, bad, words, ok = PHASE[case]
    _case(pred, bad, [words], ok)



def _helpers_save():
    """An owner window of a three-group order step with group 2's card spent and no helper yet."""
    g, data = find_save(lambda st: _order(st) and len(st["awake"]) == 3 and st["rstat"][1:] == [1, 2]
                        and st["rstat"][0] == 1 and not any(st["helpers"]))
    assert load(g, edited(data, helpers=[4, 0, 0])) is not None   # group 2 helped group 0
    return g, data


@pytest.mark.parametrize("helpers", [[4, 4, 0], [0, 0, 4], [2, 0, 0]], ids=["twice", "itself", "card_not_spent"])
def test_a_helper_helps_once_not_itself_having_spent_its_card(helpers):
    """PALEO-HELP-1 / D-7: a group helps by spending its revealed card on another group's card:
    once, never its own, and its card is then spent (resolved). Group 2 (card spent) helping group
    0 loads; helping groups 0 and 1, or itself, or group 1 (card not spent) helping group 0, is
    refused."""
    g, data = _helpers_save()
    grp = next(h for h, x in enumerate(helpers) if x) if helpers != [4, 4, 0] else 1
    refused(g, edited(data, helpers=helpers), f"helpers[{grp}]: a helper helps once, not itself, having spent its card")


def test_the_first_to_act_on_a_secret_is_its_owner(xs):
    """PALEO-D-9: a revealed secret is its revealer's card and its revealer acts on it first
    (sec_first). Secret 4 revealed by group 0 (Secret Door) loads; the same save with group 1
    first is refused."""
    sc = xs()
    first_option(sc, {0: "X11", 1: "X18"})
    assert sc.s.sec_card == sc.card("sec04") and sc.s.sec_first == 0
    refused(sc.g, edited(saved(sc), sec_first=1), "sec_first is the secret's owner")


@pytest.mark.parametrize("limit", [0, 2])
def test_only_a_once_a_day_additional_action_is_marked_for_the_day(limit):
    """PALEO-D-10 / SPEC-4: an additional action limited to once a day is marked used for the
    day; one of another limit never is. A save marking an additional action without the day
    limit is refused; marking one with it is not refused for that."""
    g, data = find_save(_order)
    st = data["state"]
    i = next(i for i, o in enumerate(g.add_opts) if (o[2].limit == 2) == (limit == 2))
    words = f"add_day[{i}]: only a once-a-day additional action is marked for the day"
    change = edited(data, add_day=_at([0] * len(st["add_day"]), i, 1))
    if limit == 2:
        passes_declaration(g, change, words)
    else:
        refused(g, change, words)


@pytest.mark.parametrize("result", [-1, 1])
def test_no_result_before_the_end(result):
    """PALEO-END-1/2/3, D-17: the result (win 1, loss -1, truncation 0) is set when the game
    ends; a save of a game still going with a result set is refused naming it. (It loaded
    before: the next check's list replaced the one holding this message.)"""
    _case(_phase(PH_REVEAL), lambda g, st: {"result": result}, ["result set before the end"])


def _card0_revealed(xs):
    """Group 0 has revealed Birch Grove, card 0 of every game (the first base card), and the
    turn waits for the order of resolution: (its game, its save)."""
    sc = xs()
    sc.top(0, "base01", 0).top(1, "X18").force("reveal", "base01", "X18").act(A.pick(0), A.pick(0))
    assert sc.s.rev[0] == sc.card("base01") == 0 and sc.s.seen[0] == 1
    return sc.g, saved(sc)


def test_a_revealed_card_0_is_faceup_and_seen(xs):
    """PALEO-DAY-3 (a chosen card is revealed, faceup, to everyone): card 0 revealed by group 0
    loads as it is; the same save with card 0 marked never seen is refused, for card 0 as for
    any other card."""
    g, data = _card0_revealed(xs)
    assert load(g, data) is not None
    seen = list(data["state"]["seen"])
    seen[0] = 0
    refused(g, edited(data, seen=seen), "a faceup card never seen")


def test_no_card_0_is_revealed_outside_the_day_turn(xs):
    """PALEO-NIGHT-1 (night starts when every group sleeps: no card is revealed then): a save at
    night whose group 0 shows card 0 as its revealed card is refused naming the revealed cards
    out of their phase, for card 0 as for any other card."""
    _case(_phase(PH_MISSIONS), lambda g, st: {"rev": _at(st["rev"], 0, 0)},
          ["commitments or revealed cards in phase 'missions'"])


def test_cards_that_never_lie_in_a_deck_are_named_five_at_most():
    """PALEO-SETUP-3 (the People deck holds people cards only): a save whose People deck is
    replaced by the first six base cards (ids 0..5) is refused naming the first five of them,
    sorted, and not the sixth: a message stays short however many are wrong."""
    g, data = find_save(lambda st: len(st["people_deck"]) >= 6)
    refused(g, edited(data, people_deck=list(range(6))),
            "people_deck holds card(s) [0, 1, 2, 3, 4] that never lie there")

