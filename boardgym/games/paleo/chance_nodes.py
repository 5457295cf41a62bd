"""Every chance node of Paleo: its outcomes with probabilities, and how an outcome applies.

Removal, deal (backs only), reveal (exact draw from U_b), People / Dream / Idea draws (uniform
over the deck's remaining cards) and one node per die (spec §4).
"""
from __future__ import annotations

from boardgym.core.chance import uniform

from . import hidden
from .kinds import CH_DEAL, CH_DIE, CH_DREAM, CH_IDEA, CH_PERSON, CH_REMOVE, CH_REVEAL, D_IDEASLOT
from .tools import take_token


def _remove_outcomes(s, i):
    _, _, cands = s.game.removal[i]
    u = s.u
    return uniform([x for x in cands if u[x]])


def _apply_remove(s, i, x):
    s.removed.append(x)
    s.removed.sort()
    s.u[x] = 0
    s.deal_pool[s.game.content.cards[x].back] -= 1


def join_person(s, g, x):
    """PALEO-REW-3 / SETUP-5: the person joins faceup and brings its one-time tool."""
    s.ppl[g].append(x)
    s.wnd[g].append(0)
    s.seen[x] = 1
    t = s.game.content.cards[x].ptool
    if t >= 0 and take_token(s, t):
        s.tools[g * s.game.T + t] += 1


def _apply_person(s, g, x):
    s.people_deck.remove(x)
    join_person(s, g, x)


def _apply_dream(s, g, x):
    """PALEO-REW-5: the top Dream card goes facedown, unseen, on top of the group's deck."""
    s.dream_deck.remove(x)
    s.deck_b[g].insert(0, s.game.content.cards[x].back)
    s.deck_c[g].insert(0, x)


def _apply_idea(s, _a, x):
    """PALEO-REW-6: the idea goes faceup to the workbench; a tool idea takes that type's tokens
    in the general supply as its craft stock. Full bench: choose one idea to remove (D-15)."""
    s.idea_deck.remove(x)
    s.seen[x] = 1
    s.bench.append(x)
    t = s.game.content.cards[x].idea_tool
    if t >= 0:
        s.stock[t] += s.gsup[t]
        s.gsup[t] = 0
    if len(s.bench) > 4:   # the resolution's chooser (an idea is drawn only in one: invariants.py)
        s.pend.append((D_IDEASLOT, s.r_chooser, 0, 0))


def _apply_die(s, i, f):
    s.dice[i] = f
    ab, v = s.game.content.dice_faces[f]
    s.need[ab] += v


CHANCE_OUTCOMES = {
    CH_REMOVE: _remove_outcomes,
    CH_DEAL: hidden.deal_outcomes,
    CH_REVEAL: hidden.reveal_outcomes,
    CH_PERSON: lambda s, _g: uniform(s.people_deck),
    CH_DREAM: lambda s, _g: uniform(s.dream_deck),
    CH_IDEA: lambda s, _a: uniform(s.idea_deck),
    CH_DIE: lambda s, _i: s.game.die_outcomes,
}

CHANCE_APPLY = {
    CH_REMOVE: _apply_remove,
    CH_DEAL: hidden.apply_deal,
    CH_REVEAL: hidden.apply_reveal,
    CH_PERSON: _apply_person,
    CH_DREAM: _apply_dream,
    CH_IDEA: _apply_idea,
    CH_DIE: _apply_die,
}
