"""Saved Paleo states: the lower ends of the resolution program's arguments (state.py
OPS_ARGS). A wound event places at least one wound, and a resource gained is food, wood or
stone (0..2): a save whose program holds a wound of 0, or a gain of resource -1, is refused by
the declaration naming the range; a wound of 1 and a gain of food pass it."""
from __future__ import annotations

from boardgym.games.paleo.kinds import OP_GAIN_RES, OP_WOUND
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
