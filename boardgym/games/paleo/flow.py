"""The round machine (PALEO-CORE-2): setup, day turns, night, deal.

``advance(s)`` runs automatic steps until a decision or a chance node is pending, or the game is
over. Decisions are frames on ``s.pend``; chance nodes are entries of ``s.cq``; the running
resolution is the op list ``s.ops`` (resolve.py).
"""
from __future__ import annotations

from boardgym.core.game import AUTO_STEPS, step_limit_error

from . import day, night
from .hidden import queue_deal, setup_pool
from .kinds import (CH_PERSON, CH_REMOVE, PH_DAY, PH_DEAL, PH_FEED, PH_MISSIONS, PH_MOON, PH_NIGHT,
                    PH_NTOOLS, PH_ORDER, PH_REVEAL, PH_SETUP, PH_SETUP2, PH_TALIS, PH_TURN,
                    PH_TURN_END, PHASES, TABLE)
from .constants import RES_TOTAL
from .resolve import OPS


def advance(s) -> None:
    ops, cq, pend = s.ops, s.cq, s.pend  # (a playing state never rebinds these lists)
    for _ in AUTO_STEPS:  # bounded: a loop raises StepLimitError below
        if s.over or cq or pend:
            return
        if ops:  # the next op of the running resolution
            op = ops.pop(0)
            OPS[op[0]](s, *op[1:])
            continue
        STEPS[s.phase](s)
    else:
        raise step_limit_error(s, PHASES)


def _setup(s) -> None:
    """PALEO-SETUP-1..4: supply, workbench, decks, missions; removal draws (D-16)."""
    g, c = s.game, s.game.content
    for r in range(3):
        s.store[r] = c.storage_start[r]
        s.sup[r] = RES_TOTAL[r] - s.store[r]
    for t in c.tools:
        if t.printed:
            s.stock[t.id] = t.count
        else:
            s.gsup[t.id] = t.count
    placed = {x for x, _ in g.setup_places}
    for x in g.missions:
        s.inplay.append(x)
        s.inloc.append(TABLE)
        s.held.append([])
        s.seen[x] = 1
    for x, to in g.setup_places:
        s.seen[x] = 1
        if to == "BENCH":
            s.bench.append(x)
            t = c.cards[x].idea_tool
            if t >= 0:
                s.stock[t] += s.gsup[t]
                s.gsup[t] = 0
        else:
            s.inplay.append(x)
            s.inloc.append(TABLE)
            s.held.append([])
    s.people_deck = [x for x in c.sets.get("people", []) if x not in placed]
    s.dream_deck = [x for x in c.sets.get("dream", []) if x not in placed]
    s.idea_deck = [x for x in c.sets.get("idea", []) if x not in placed]
    s.secrets = [x for x in c.sets.get("mystery", []) if x not in placed]
    setup_pool(s)  # every day card enters U_b; removal takes its draws out again
    for i, (_, k, _) in enumerate(g.removal):
        s.cq.extend((CH_REMOVE, i) for _ in range(k))
    s.phase = PH_SETUP2


def _setup2(s) -> None:
    """PALEO-SETUP-4/5: deal from seat 0 (D-6), then 2 people per group with their tools."""
    queue_deal(s, 0)
    queued = 0  # people draws queued (the queue holds none before)
    for g in range(s.n):
        for _ in range(2):
            if len(s.people_deck) > queued:
                s.cq.append((CH_PERSON, g))
                queued += 1
    s.phase = PH_DAY


def _day(s) -> None:
    for g in range(s.n):
        s.awake[g] = int(bool(s.deck_b[g]))  # D-6: a group dealt 0 cards sleeps at once
    s.phase = PH_TURN


STEPS = {
    PH_SETUP: _setup, PH_SETUP2: _setup2, PH_DAY: _day, PH_TURN: day.turn_start,
    PH_REVEAL: day.reveal_step, PH_TALIS: day.talisman_step, PH_ORDER: day.order_step,
    PH_TURN_END: day.turn_end, PH_NIGHT: night.night_start, PH_NTOOLS: night.night_tools_step,
    PH_FEED: night.feed, PH_MISSIONS: night.missions_step, PH_MOON: night.moon_step,
    PH_DEAL: night.deal_step,
}
