"""Saved Paleo states: the ranges of the pending decisions' and the resolution program's
arguments (state.py PEND_ARGS, OPS_ARGS). A wound event places at least one wound, and a
resource gained is food, wood or stone (0..2): a save whose program holds a wound of 0, or a gain
of resource -1, is refused by the declaration naming the range; a wound of 1 and a gain of food
pass it. Each decision's and step's argument one below its range is refused by the declaration
naming the whole range."""
from __future__ import annotations

import pytest

from boardgym.games.paleo.constants import RES_TOTAL
from boardgym.games.paleo.kinds import (D_CRAFT, D_HOST, D_OWNER, D_SPLIT, D_TALISMAN, OP_GAIN_RES, OP_REOPEN,
                                        OP_WOUND)
from tests.games.saved_pool import edited, refused

from .saves import passes_declaration, saved


def test_a_wound_event_places_at_least_one_wound(xs):
    """PALEO-WOUND-1: "all wounds of one event on one chosen person": an event to place is one
    wound or more. A program step wounding by 0 is refused by the declaration ("wounds of one
    event (1.."); by 1 it passes the declaration."""
    sc = xs()
    data = saved(sc)
    refused(sc.g, edited(data, ops=[[OP_WOUND, 0]]), "op 'wound') argument 1 is 0, must be wounds of one event (1..")
    passes_declaration(sc.g, edited(data, ops=[[OP_WOUND, 1]]), "must be wounds of one event")


def test_a_resource_gained_is_food_wood_or_stone(xs):
    """PALEO-REW-1: a reward gains food, wood or stone (resources 0..2). A waiting gain of
    resource -1 is refused by the declaration; of food (0) it passes the declaration."""
    sc = xs()
    data = saved(sc)
    refused(sc.g, edited(data, ops=[[OP_GAIN_RES, -1, 1]]),
            "argument 1 is -1, must be a resource (food, wood, stone) (0..2)")
    passes_declaration(sc.g, edited(data, ops=[[OP_GAIN_RES, 0, 1]]), "must be a resource")


def _frames(T):
    """(field, entry, the refusal's words) of a decision's or a program step's argument one
    below its range, the range worked out from the rules (T: the pack's tool types)."""
    mode = "must be an owner-window mode (normal, help only, secret) (0..2)"
    return {
        # PALEO-HAZ-3: a talisman discards the group's revealed hazard (0), or the revealed secret (1)
        "talisman": ("pend", [D_TALISMAN, 0, -1, 0], "argument 2 is -1, must be 0, or 1 for a secret (0..1)"),
        # PALEO-D-8/9, HELP-1: a card's owner window is normal, help only or the secret's
        "owner": ("pend", [D_OWNER, 0, -1, 0], f"argument 2 is -1, {mode}"),
        "reopen": ("ops", [OP_REOPEN, 0, -1], f"argument 2 is -1, {mode}"),
        # PALEO-REW-1..9, CRAFT-1: a split of a reward is for a tool, a person, a dream or a heal; a
        # tool split names a tool type, or 100 + the tool being crafted
        "split": ("pend", [D_SPLIT, 0, -1, 0],
                  "argument 2 is -1, must be a split purpose (tool, person, dream, heal) (0..3)"),
        "split_tool": ("pend", [D_SPLIT, 0, 0, 99],
                       f"argument 3 is 99, must be a tool type or 100 + a crafted tool type "
                       f"(0..{T - 1}, 100..{100 + T - 1})"),
        # PALEO-SPEC-1: what is gained goes to a holder card: a resource (0..2) or 3 + a tool type
        "host": ("pend", [D_HOST, 0, -1, 0],
                 f"argument 2 is -1, must be a resource (0..2) or 3 + a tool type (0..{2 + T})"),
        # PALEO-CRAFT-1: the craft window is 0, or 1 + the tool whose recipe window is open
        "craft": ("pend", [D_CRAFT, 0, -1, 0],
                  f"argument 2 is -1, must be 0, or 1 + the tool whose recipe window is open (0..{T})"),
        # PALEO-SETUP-1: no gain is more than the supply of a resource holds (20 at most)
        "gain_count": ("ops", [OP_GAIN_RES, 0, -1],
                       f"argument 2 is -1, must be a resource count (0..{max(RES_TOTAL)})"),
    }


@pytest.mark.parametrize("case", ["talisman", "owner", "reopen", "split", "split_tool", "host", "craft",
                                  "gain_count"])
def test_decision_and_program_arguments_are_within_their_ranges(xs, case):
    """The arguments of a pending decision or of a program step are within the ranges the rules
    give them (see ``_frames``): one below the range is refused by the declaration, whose
    message names the whole range (0..top, top from the rules and the pack's tool types)."""
    sc = xs()
    field, entry, words = _frames(len(sc.g.content.tools))[case]
    refused(sc.g, edited(saved(sc), **{field: [entry]}), words)


def test_the_night_count_is_not_negative(xs):
    """PALEO-NIGHT-1: the round counts the nights played, from 0 up to the game's last one: a
    saved round of -1 is refused by the declaration, naming the range."""
    sc = xs()
    refused(sc.g, edited(saved(sc), round=-1), f"round is -1, must be a night count (0..{sc.g.max_rounds})")
