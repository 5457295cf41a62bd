"""Hidden card fronts, drawn lazily and exactly (PALEO-D-21, spec §4): the U_b slot model.

Every facedown day card is a slot (back, id) with id -1 while unassigned. ``s.u[x] == 1`` when
identity x lies in an unassigned slot (or is still to be dealt); for each back b the number of
unassigned slots with back b plus ``deal_pool[b]`` equals the number of such x with back b. A
reveal draws x uniformly from those; a deal fixes only the back.
"""
from __future__ import annotations

from itertools import compress

from .kinds import CH_DEAL


def by_back(game) -> list[list[int]]:
    t = getattr(game, "_by_back", None)
    if t is None:
        c = game.content
        t = [[] for _ in c.backs]
        for cid in game.in_game:
            t[c.cards[cid].back].append(cid)
        game._by_back = t
    return t


def setup_pool(s) -> None:
    """After removal: every day card still in the game enters U_b, ready to deal."""
    cards = s.game.content.cards
    gone = set(s.removed)
    for x in s.game.day_cards:
        if x not in gone:
            s.u[x] = 1
            s.deal_pool[cards[x].back] += 1


def release_piles(s) -> None:
    """PALEO-NIGHT-5: both wilderness piles are shuffled together (every slot released)."""
    cards = s.game.content.cards
    for b, x in zip(s.fd_b, s.fd_c):
        if x >= 0:
            s.u[x] = 1
        s.deal_pool[b] += 1
    for x in s.fu:
        s.u[x] = 1
        s.deal_pool[cards[x].back] += 1
    s.fd_b.clear()
    s.fd_c.clear()
    s.fu.clear()


def queue_deal(s, start: int) -> None:
    """Deal every card, one chance node per card, round robin from ``start`` (PALEO-D-6)."""
    total = sum(s.deal_pool)
    nodes = s.game.deal_rounds[start]  # every in-game card, dealt from this seat
    if len(nodes) < total:  # (more cards to deal than the game has: a state edited by hand)
        nodes = tuple((CH_DEAL, (start + i) % s.n) for i in range(total))
    s.cq.extend(nodes[:total])


def deal_outcomes(s, seat):
    """Backs with cards left to deal, by count: ``from_counts(dict(enumerate(deal_pool)))``
    written out (the same ints, the same divisions, in back order; counts are never negative,
    an invariant, so each is at most the total).

    The total and the backs left (``s._dz``, a cache) are found once per run of deal nodes and
    kept up to date by ``apply_deal``; any other step forgets them (``PaleoState._apply``)."""
    dp = s.deal_pool
    dz = s._dz
    if dz is None:
        total = sum(dp)
        if not total:
            return []
        s._dz = dz = [total, list(compress(range(len(dp)), dp))]
    else:
        total = dz[0]
    shares = s.game.deal_shares
    share = shares.get(total)
    if share is None:  # c / total for every count c, once per game and total
        share = shares[total] = [c / total for c in range(total + 1)]
    return [(b, share[dp[b]]) for b in dz[1]]


def apply_deal(s, seat, b):
    dp = s.deal_pool
    dp[b] -= 1
    dz = s._dz
    if dz is not None:
        dz[0] -= 1
        if not dp[b]:
            dz[1].remove(b)
    s.deck_b[seat].insert(0, b)
    s.deck_c[seat].insert(0, -1)


def deal_run(s, rng) -> bool:
    """Draw and apply the deal nodes at the head of the chance queue, each exactly as
    ``s._apply(sample_outcome(deal_outcomes(s, seat), rng))`` would (one ``rng.random()`` per
    node with more than one back left, the same running sum of the same shares, the last back
    when the sum stays below the draw) but without building each node's outcome list. False,
    and nothing done, when no card is left to deal (the generic path then fails as before)."""
    dp = s.deal_pool
    dz = s._dz
    if dz is None:
        total = sum(dp)
        if not total:
            return False
        dz = s._dz = [total, list(compress(range(len(dp)), dp))]
    elif not dz[0]:
        return False
    nz = dz[1]
    cq = s.cq
    shares = s.game.deal_shares
    random = rng.random
    while True:
        total = dz[0]
        if len(nz) == 1:
            b = nz[0]
        else:
            share = shares.get(total)
            if share is None:
                share = shares[total] = [c / total for c in range(total + 1)]
            u = random()
            acc = 0.0
            for b in nz:  # (no break: the last back, as sample_outcome)
                acc += share[dp[b]]
                if u < acc:
                    break
        apply_deal(s, cq.pop(0)[1], b)
        if not (cq and cq[0][0] == CH_DEAL and dz[0]):
            return True


def reveal_outcomes(s, g):
    u = s.u
    cands = [x for x in by_back(s.game)[s.ch_b[g]] if u[x]]
    p = 1.0 / len(cands)
    return [(x, p) for x in cands]


def apply_reveal(s, g, x):
    s.u[x] = 0
    s.seen[x] = 1
    s.rev[g] = x
    s.ch_b[g] = s.ch_c[g] = -1


def redeterminize(s, player, rng):
    """Resample what no seat has seen: which never-seen module cards were removed at setup
    (within each module and back), and which Dream identities lie in assigned dream slots versus
    the Dream deck (within each back). Every observation is unchanged."""
    t = s.clone()
    c = s.game.content
    cards = c.cards
    # removed module cards <-> never-seen U members of the same module and back
    for letter, _k, cands in s.game.removal:
        groups: dict[int, list[int]] = {}
        for x in cands:
            if (x in t.removed) or (t.u[x] and not t.seen[x]):
                groups.setdefault(cards[x].back, []).append(x)
        for b, pool in groups.items():
            k = sum(1 for x in pool if x in t.removed)
            if k == 0 or k == len(pool):
                continue
            pick = set(rng.choice(pool, size=k, replace=False).tolist())
            for x in pool:
                was = x in t.removed
                now = x in pick
                if was and not now:
                    t.removed.remove(x)
                    t.u[x] = 1
                elif now and not was:
                    t.removed.append(x)
                    t.u[x] = 0
    # assigned dream slots <-> Dream deck (same back)
    slots = []
    for g in range(t.n):
        slots += [(t.deck_c[g], i) for i, x in enumerate(t.deck_c[g]) if x >= 0]
    slots += [(t.fd_c, i) for i, x in enumerate(t.fd_c) if x >= 0]
    byb: dict[int, list] = {}
    for lst, i in slots:
        byb.setdefault(cards[lst[i]].back, []).append((lst, i))
    for b, sl in byb.items():
        pool = [lst[i] for lst, i in sl] + [x for x in t.dream_deck if cards[x].back == b]
        order = rng.permutation(len(pool)).tolist()
        chosen = [pool[j] for j in order]
        for (lst, i), x in zip(sl, chosen):
            lst[i] = x
        rest = set(chosen[len(sl):])
        t.dream_deck = sorted([x for x in t.dream_deck if cards[x].back != b] + list(rest))
    t.removed.sort()
    return t
