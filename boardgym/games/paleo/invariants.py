"""State invariants: checked on every step by the fuzz tests and on every loaded state."""
from __future__ import annotations

from collections import Counter

from .constants import MAX_SKULLS, MAX_VICTORIES, RES_TOTAL
from .kinds import D_HOST


def check(s) -> list[str]:
    g_, c = s.game, s.game.content
    bad = []
    n, T = s.n, g_.T
    held = [x for h in s.held for x in h]
    # resources within supply limits (PALEO-SETUP-1)
    for r in range(3):
        on_cards = sum(1 for x in held if x == r)
        if min(s.store[r], s.sup[r]) < 0 or s.store[r] + s.sup[r] + on_cards != RES_TOTAL[r]:
            bad.append(f"resource {r} not conserved")
    # tool tokens conserved per type (PALEO-D-19); a gained token whose host choice (take it or
    # place it on a card, PALEO-SPEC-1) is pending is in hand: it counts once
    in_hand = [f[2] for f in s.pend if f[0] == D_HOST and f[2] >= 3]
    for t in range(T):
        tot = (s.gsup[t] + s.stock[t] + sum(s.tools[g * T + t] for g in range(n))
               + sum(1 for x in held if x == 3 + t) + in_hand.count(3 + t))
        if tot != c.tools[t].count or s.gsup[t] < 0 or s.stock[t] < 0 or min(s.tools) < 0:
            bad.append(f"tool {c.tools[t].key} not conserved")
    if not (0 <= s.skulls <= MAX_SKULLS and 0 <= s.victories <= MAX_VICTORIES):
        bad.append("skulls or victories outside 0..5")
    # every card of the game in exactly one place
    places = []
    for g in range(n):
        places += [x for x in s.deck_c[g] if x >= 0] + s.ppl[g]
        if s.ch_c[g] >= 0:
            places.append(s.ch_c[g])
        if s.rev[g] >= 0:
            places.append(s.rev[g])
    places += [x for x in s.fd_c if x >= 0] + s.fu + s.cem + s.removed + s.people_deck + s.dream_deck
    places += s.idea_deck + s.secrets + s.bench + s.inplay + s.sec_pend[0::2]
    if s.sec_card >= 0:
        places.append(s.sec_card)
    places += [x for x in g_.in_game if s.u[x]]
    cnt = Counter(places)
    if any(v > 1 for v in cnt.values()):
        bad.append(f"card(s) in two places: {[x for x, v in cnt.items() if v > 1][:5]}")
    if set(cnt) != set(g_.in_game):
        bad.append(f"cards missing: {sorted(set(g_.in_game) - set(cnt))[:5]}")
    # U_b counts: unassigned slots + cards to deal == identities in U, per back
    slots = Counter()
    for g in range(n):
        slots.update(b for b, x in zip(s.deck_b[g], s.deck_c[g]) if x < 0)
        if s.ch_b[g] >= 0 and s.ch_c[g] < 0:
            slots[s.ch_b[g]] += 1
    slots.update(b for b, x in zip(s.fd_b, s.fd_c) if x < 0)
    ub = Counter(c.cards[x].back for x in g_.in_game if s.u[x])
    if min(s.deal_pool, default=0) < 0:
        bad.append("a negative count of cards left to deal")
    for b in range(len(c.backs)):
        if slots[b] + s.deal_pool[b] != ub[b]:
            bad.append(f"back {b}: {slots[b]} unassigned slots + {s.deal_pool[b]} to deal != {ub[b]} in U")
    for g in range(n):
        if len(s.deck_b[g]) != len(s.deck_c[g]) or len(s.ppl[g]) != len(s.wnd[g]):
            bad.append(f"group {g}: parallel lists out of step")
        for x, w in zip(s.ppl[g], s.wnd[g]):
            if not 0 <= w <= c.cards[x].hearts:
                bad.append(f"group {g}: wounds outside the hearts of {c.cards[x].name}")
        if len(s.ppl[g]) > 20:
            bad.append("more than 20 people in a group")
    if len(s.inplay) != len(s.inloc) or len(s.inplay) != len(s.held) or len(s.inplay) > 16:
        bad.append("in-play lists out of step or over 16")
    if len(s.bench) > 5:
        bad.append("workbench over 4 ideas (+1 waiting)")
    if not s.over and not s.cq and s.pend and not 0 <= s.pend[-1][1] < n:
        bad.append("pending decision for a group outside the game")
    return bad
