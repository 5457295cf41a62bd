"""State invariants: checked on every step by the fuzz tests and on every loaded state."""
from __future__ import annotations

from collections import Counter

from .constants import COLOURS, MAX_FEATS, MAX_SWAG
from .kinds import CH_FEAT, CH_ROW


def check(s) -> list[str]:
    c = s.game.content
    bad = []
    n = s.n
    if len(s.tokens) != 4 * n or min(s.tokens) < 0:
        bad.append("a token count is negative")
    if min(s.loc_tokens) < 0 or min(s.deck) < 0 or min(s.tent_pool) < 0:
        bad.append("a negative count at a location, in the deck or the tentacle pool")
    # tentacles are conserved: pool + doom + held
    held = [v for p in range(n) for v in s.tent[p]]
    total = Counter(s.doom) + Counter(held)
    for v in range(4):
        if total[v] + s.tent_pool[v] != c.tentacles[v]:
            bad.append(f"tentacles of value {v} not conserved")
    if any(len(s.tent[p]) != len(s.flipped[p]) for p in range(n)):
        bad.append("tentacle flip flags out of step")
    # feats never leave the game: every feat in exactly one place (or a pending draw)
    feats = [f for p in range(n) for f in s.feats[p]] + s.feat_deck + s.feat_discard
    if sorted(feats) != list(range(len(c.feats))):
        bad.append("feat cards not conserved")
    if any(len(s.feats[p]) + sum(1 for k, a in s.cq if k == CH_FEAT and a == p) > MAX_FEATS
           for p in range(n)):
        bad.append("a feat hand over its cap")
    # swag: deck swag and McGuffins (sellable at the Floating Village) each in at most one
    # place; in multiplayer (nothing is forgotten) every one of them somewhere
    hats = set(c.hats)
    swag = [w for p in range(n) for w in s.swag[p] if w not in hats]
    swag += s.swag_deck + s.old_stock + [w for w in s.row if w >= 0]
    cnt = Counter(swag)
    if any(v > 1 for v in cnt.values()) or any(w in hats or not 0 <= w < len(c.swag) for w in cnt):
        bad.append("a swag card in two places")
    in_play = set(range(c.n_swag_deck)) | {c.mcguffins[p % len(c.mcguffins)] for p in range(n)}
    if n > 1 and all(s.swag) and set(cnt) != in_play:
        bad.append("swag cards not conserved")
    pending_rows = sum(1 for k, _ in s.cq if k == CH_ROW)
    if pending_rows > len(s.swag_deck):
        bad.append("more row refills pending than swag in the deck")
    if any(len(s.swag[p]) > MAX_SWAG or len(s.swag[p]) != len(s.exh[p]) for p in range(n)):
        bad.append("swag over the cap or exhaustion flags out of step")
    # encounters: each seen card in at most one place; deck counts within the unseen cards
    places = [e for e in s.enc_at if e >= 0] + s.rumours + [e for p in range(n) for e in s.stack[p]]
    pc = Counter(places)
    if any(v > 1 for v in pc.values()):
        bad.append("an encounter in two places")
    if any(s.enc_unseen[e] for e in pc):
        bad.append("a placed encounter still marked unseen")
    for b in range(3):
        unseen = sum(s.enc_unseen[e] for e in c.by_back[b])
        if s.deck[b] > unseen:
            bad.append(f"deck holds more {b}-backed cards than remain unseen")
    # dice within supply
    for col in range(len(COLOURS)):
        if sum(1 for x in s.d_col if x == col) > s.game.supply[col]:
            bad.append(f"more {COLOURS[col]} dice than the supply")
    if any(not 0 <= f <= 6 for f in s.d_face):
        bad.append("a die face outside 1..6")
    for t in range(4):
        if not -1 <= s.ach_holder[t] < n:
            bad.append("achievement holder out of range")
    if s.over == 0 and not s.cq and s.pend and not 0 <= s.pend[-1][1] < n:
        bad.append("pending decision for a seat outside the game")
    return bad
