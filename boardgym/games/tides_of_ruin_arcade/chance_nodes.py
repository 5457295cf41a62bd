"""Chance nodes: the core's Destiny draws (with Fortune's second draw), an Arcade card's face
drawn at reveal from the unseen cards of its back (TR-SETUP-5: the unused cards are among them),
a skill card from the skill deck (reshuffling the discard when it is empty), an adventure card
from the market deck (its unseen cards first, then the public bottom in order)."""
from __future__ import annotations

from boardgym.core.chance import from_counts
from boardgym.games.sleeping_gods.decisions import CHANCE_OUTCOMES as SG_OUT
from boardgym.games.sleeping_gods.kinds import CH_ROLL

from boardgym.games.sleeping_gods.decisions import CHANCE_APPLY as SG_APPLY

from . import flow
from .cards import market_unseen, skill_left
from .kinds import BACK_CHALLENGE, BACK_COMBAT, BACK_REWARD, CH_ADV, CH_ARCADE, CH_SKILL
from .rewards import adventure_drawn


def _seen(s, back):
    return {BACK_REWARD: s.seen_rw, BACK_CHALLENGE: s.seen_ch, BACK_COMBAT: s.seen_cb}[back]


def arcade_outcomes(s, back):
    seen = _seen(s, back)
    return from_counts({i: 1 for i, x in enumerate(seen) if not x})


def arcade_apply(s, back, card):
    _seen(s, back)[card] = 1
    if back == BACK_REWARD:
        s.rewards.append(card)  # TR-TURN-1: a shared resource
    else:
        flow.revealed(s, back, card)


def skill_outcomes(s, seat):
    left = skill_left(s)
    if not any(left):  # reshuffle the discard (only when the deck is empty)
        left = list(s.sk_disc)
    return from_counts({k: n for k, n in enumerate(left) if n})


def skill_apply(s, seat, kind):
    if not any(skill_left(s)):
        s.sk_disc = [0] * len(s.sk_disc)
    s.hand[seat].append(kind)


def adv_outcomes(s, purpose):
    unseen = market_unseen(s)
    if unseen:
        return from_counts({x: 1 for x in unseen})
    return [(s.adv_bottom[0], 1.0)]


CHANCE_OUTCOMES = {CH_ROLL: SG_OUT[CH_ROLL], CH_ARCADE: arcade_outcomes, CH_SKILL: skill_outcomes,
                   CH_ADV: adv_outcomes}
CHANCE_APPLY = {CH_ROLL: SG_APPLY[CH_ROLL], CH_ARCADE: arcade_apply, CH_SKILL: skill_apply,
                CH_ADV: adventure_drawn}
