"""Chance nodes: the core's fate and combat die rolls (a host roll, purpose ``P_HOST``, is a fate
roll for rocks or an event), the event draw: its face drawn at reveal from the events not yet
seen since the last reshuffle (PP-TURN-2: an empty deck reshuffles the discard), so the deck's
order is never stored; and a combat card drawn the same way from the active deck (fight.py)."""
from __future__ import annotations

from boardgym.core.chance import from_counts
from boardgym.games.sleeping_gods.decisions import CHANCE_APPLY as SG_APPLY
from boardgym.games.sleeping_gods.decisions import CHANCE_OUTCOMES as SG_OUT
from boardgym.games.sleeping_gods.kinds import CH_ROLL

from .kinds import CH_CARD, CH_EVENT


def event_outcomes(s, _arg):
    unseen = {i: 1 for i, x in enumerate(s.ev_seen) if not x}
    return from_counts(unseen or {i: 1 for i in range(len(s.ev_seen))})


def event_apply(s, _arg, ev_id):
    from .flow import event_drawn

    if all(s.ev_seen):  # reshuffle the discard
        s.ev_seen = [0] * len(s.ev_seen)
    s.ev_seen[ev_id] = 1
    event_drawn(s, ev_id)


def _card_outcomes(s, seat):
    from .fight import card_outcomes

    return card_outcomes(s, seat)


def _card_apply(s, seat, code):
    from .fight import card_apply

    card_apply(s, seat, code)


CHANCE_OUTCOMES = {CH_ROLL: SG_OUT[CH_ROLL], CH_EVENT: event_outcomes, CH_CARD: _card_outcomes}
CHANCE_APPLY = {CH_ROLL: SG_APPLY[CH_ROLL], CH_EVENT: event_apply, CH_CARD: _card_apply}
