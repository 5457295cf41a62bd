"""The Paleo observation: one float32 vector of named pieces, ego-rotated (group 0 = the
observer), the same layout for every group count; and a structured dict for people and
heuristics. Every seat sees the same public view (PALEO-CORE-1) plus its own commitment.

Nothing hidden is encoded: slot identities, removed cards, deck contents and other seats'
commitments never enter (spec §4). Static card features are precomputed rows per card id.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.observation import CachedTuple, accepts_any_out, block_cache

from .constants import (BACK_TYPES, E_CRAFT, E_DISCARD, E_DREAM, E_HEAL, E_IDEA,
                        E_KILL, E_LOSE_RES, E_LOSE_TOOL, E_PERSON, E_PREVENT, E_RES, E_SECRET,
                        E_SKULL, E_TOOL, E_VICTORY, E_WOUND, HINTS, KINDS, MAX_ADD, MAX_GROUPS,
                        MAX_HOLD, MAX_INPLAY, MAX_OPTIONS, MAX_PEOPLE, MAX_TOOLS, RES_TOTAL)
from .kinds import D_COMMIT, DECISIONS, ON_CARD, PHASES

OPT_F = 4 + 2 + 3 + 4 + 2 + 7 + 14
CARD_F = 1 + len(KINDS) + 2 + MAX_OPTIONS * OPT_F
BACK_F = 1 + len(BACK_TYPES) + len(HINTS)
TOP = 12
PERSON_F = 8
GROUP_F = 8 + MAX_TOOLS + MAX_PEOPLE * PERSON_F + 1 + TOP * BACK_F + len(BACK_TYPES) + CARD_F + 4
INPLAY_F = 1 + CARD_F + 6 + 3 + MAX_TOOLS


def build_layout():
    from boardgym.core.observation import ObsLayout

    L = ObsLayout()
    L.add("phase", len(PHASES), "phase, one-hot")
    L.add("decision", len(DECISIONS), "pending decision kind, one-hot (zeros at chance/terminal)")
    L.add("decider", MAX_GROUPS, "deciding group relative to the observer (zeros at the commit step)")
    L.add("lead", MAX_GROUPS, "lead group, relative one-hot")
    L.add("num_groups", MAX_GROUPS, "group count, one-hot")
    L.add("counts", 10, "storage food/wood/stone, supply food/wood/stone (/limit), skulls/5, "
                        "victories/5, round/max_rounds, turn/100")
    L.add("dice", 2 * 12, "per die: face index one-hot (zeros if not rolled)")
    L.add("check", 6, "current requirement STR/AWR/SKL /10, tool bonus STR/AWR/SKL /10")
    L.add("pending_args", 4, "pending wound /10, prevent left /10, frame args /20")
    L.add("resolution", 3 * MAX_GROUPS, "owner, chooser, participants of the running (or last) resolution (relative)")
    L.add("piles", 2 * len(BACK_TYPES) + 3, "facedown and faceup pile back-type histograms /50, sizes of "
                                            "facedown, faceup and cemetery /100")
    L.add("decks", 3, "People / Dream / Idea deck sizes /20")
    L.add("secrets", 22, "secret n revealed (out of the secret deck)")
    L.add("tool_supply", 2 * MAX_TOOLS, "general supply and craft stock per tool type /12")
    L.add("bench", 4 * (1 + CARD_F), "workbench idea slots: present + card features")
    L.add("additional", 2 * MAX_ADD, "additional-action instance used today (tribe) / used this turn by me")
    L.add("my_commit", 7, "own commitment this turn: PICK[0..5], SLEEP_EARLY")
    L.add("secret_card", 1 + CARD_F, "revealed secret waiting to resolve: present + features")
    for k in range(MAX_GROUPS):
        L.add(f"group{k}", GROUP_F,
              f"group observer+{k}: flags (present, awake, unresolved card, resolved, helping the "
              "current owner, participant, secret owner, committed if open), tools /5, people "
              "(present, ability one-hot, value/2, hearts/5, wounds/5, extra options), deck size /50, "
              "top-12 backs (present, type, hints), remaining back-type histogram /50, revealed card, "
              "helpers (relative)")
    L.add("inplay", MAX_INPLAY * INPLAY_F, "in-play cards: present, features, location (table, on card, "
                                            f"group relative 4), held resources and tools /{MAX_HOLD} "
                                            "(a holder's largest capacity)")
    # sets of same-shaped entities (the vector above is unchanged by these declarations); the
    # observer's own group (group0) stays apart: its place in the vector says it is mine
    L.entities("other_groups", [f"group{k}" for k in range(1, MAX_GROUPS)], presence=0,
               doc="the other groups (absent groups of a smaller game have present = 0)")
    L.entities("dice", "dice", 12, doc="the dice (unrolled: all zeros)")
    L.entities("bench", "bench", 1 + CARD_F, presence=0, doc="the workbench's idea cards")
    L.entities("inplay", "inplay", INPLAY_F, presence=0, doc="the cards in play")
    L.decision_kind("decision")
    return L


def _opt_row(o) -> np.ndarray:
    r = np.zeros(OPT_F, np.float32)
    r[o.area] = 1
    r[4], r[5] = o.neg, o.limit / 2.0
    r[6], r[7], r[8] = o.req[0] / 6.0, o.req[1] / 6.0, o.req[2] / 6.0
    r[9], r[10], r[11], r[12] = o.dice / 2.0, len(o.has_tool) / 3.0, o.on_card / 9.0, o.from_card / 9.0
    r[13], r[14] = o.discard / 4.0, o.remove
    r[15], r[16], r[17] = o.cres[0] / 6.0, o.cres[1] / 6.0, o.cres[2] / 6.0
    r[18] = len(o.ctools) / 4.0
    base = 20
    idx = {E_PERSON: 3, E_KILL: 4, E_DREAM: 5, E_IDEA: 6, E_SECRET: 7, E_WOUND: 8, E_HEAL: 9,
           E_PREVENT: 10, E_SKULL: 11, E_VICTORY: 12, E_CRAFT: 13}
    for e in o.reward:
        k = e[0]
        if k == E_RES:
            r[base + e[1]] += e[2] / 9.0
        elif k == E_LOSE_RES:
            r[base + e[1]] -= e[2] / 9.0
        elif k in (E_TOOL, E_LOSE_TOOL):
            r[19] += (1 if k == E_TOOL else -1) * e[2] / 3.0
        elif k == E_SKULL:
            r[base + 11] += e[1]
        elif k in (E_WOUND, E_HEAL, E_PREVENT):
            r[base + idx[k]] += e[1] / 9.0
        elif k == E_DISCARD:
            r[13] -= e[1] / 4.0
        elif k in idx:
            r[base + idx[k]] += 1
    return np.clip(r, -1, 1)


def _cache(game):
    """(card feature rows, back feature rows, the same rows as float32 memoryviews, each back's
    row as bytes), built once per game."""
    cache = getattr(game, "_obs_cards", None)
    if cache is None:
        c = game.content
        rows = np.zeros((len(c.cards), CARD_F), np.float32)
        for card in c.cards:
            r = rows[card.id]
            r[0] = 1
            r[1 + card.kind] = 1
            r[1 + len(KINDS)] = card.hazard
            r[2 + len(KINDS)] = card.red
            for o in card.opts:
                off = 3 + len(KINDS) + o.idx * OPT_F
                r[off:off + OPT_F] = _opt_row(o)
        backs = np.zeros((len(c.backs), BACK_F), np.float32)
        for (t, hints), b in c.backs.items():
            backs[b, 0] = 1
            backs[b, 1 + t] = 1
            for h in hints:
                backs[b, 1 + len(BACK_TYPES) + h] = 1
        game._obs_cards = cache = CachedTuple((rows, backs, [memoryview(r) for r in rows],
                                               [r.tobytes() for r in backs]))
    return cache


def _tables(game):
    """(person rows by (card, wounds) as memoryviews, back type by back id, back type by card
    id)."""
    tb = getattr(game, "_obs_tables", None)
    if tb is None:
        c = game.content
        btype = [t for t, _ in c.back_keys]
        game._obs_tables = tb = CachedTuple(({}, btype, [card.back_type for card in c.cards]))
    return tb


def _person_row(c, x: int, w: int) -> np.ndarray:
    card = c.cards[x]
    r = np.zeros(PERSON_F, np.float32)
    r[0] = 1
    if card.ability < 3:
        r[1 + card.ability] = 1
    r[4], r[5], r[6] = card.value / 2.0, card.hearts / 5.0, w / 5.0
    r[7] = bool(card.opts)
    return r


# offsets of the pieces (the layout is the same for every configuration)
_L = build_layout()
OFF = {name: offset for name, offset, _, _ in _L.pieces}
SIZE = _L.size
O_PHASE, O_DECISION, O_DECIDER, O_LEAD = OFF["phase"], OFF["decision"], OFF["decider"], OFF["lead"]
O_NGROUPS, O_COUNTS, O_DICE, O_CHECK = OFF["num_groups"], OFF["counts"], OFF["dice"], OFF["check"]
O_PARGS, O_RESOL, O_PILES, O_DECKS = OFF["pending_args"], OFF["resolution"], OFF["piles"], OFF["decks"]
O_SECRETS, O_TSUP, O_BENCH, O_ADD = OFF["secrets"], OFF["tool_supply"], OFF["bench"], OFF["additional"]
O_MYCOMMIT, O_SECCARD, O_INPLAY = OFF["my_commit"], OFF["secret_card"], OFF["inplay"]
O_GROUP = tuple(OFF[f"group{k}"] for k in range(MAX_GROUPS))
NB = len(BACK_TYPES)
# spans of the cached blocks: wilderness piles; decks..workbench; a group's tools..back histogram
PILES_END = O_PILES + 2 * NB + 3
SUPPLY_SPAN = (O_DECKS, O_BENCH + 4 * (1 + CARD_F))
G_BODY = 8  # a group's tools and people, then its deck (size, top-12 backs, back histogram)
G_DECK = G_BODY + MAX_TOOLS + MAX_PEOPLE * PERSON_F
G_BODY_END = G_DECK + 1 + TOP * BACK_F + NB


def _sums(step: float, n: int = 256) -> list:
    """``_sums(step)[k]``: a float32 cell after ``k`` times ``cell += step`` (the histograms
    are written from counts, bit-identical to adding one card at a time), as Python floats
    (each a float32 value exactly)."""
    cell = np.zeros(1, np.float32)
    out = [float(cell[0])]
    for _ in range(n):
        cell[0] += step
        out.append(float(cell[0]))
    return out


SUM50 = _sums(1 / 50.0)


@accepts_any_out
def encode(s, player: int, out=None, use_cache: bool = True) -> np.ndarray:
    """Write the observation of ``player`` into ``out`` (or a new vector).

    Pieces that change slowly (the wilderness piles; decks, secrets, tool supply and workbench;
    each group's tools, people and deck; the in-play cards) are blocks reused from a per-game
    cache keyed by every field they read; ``use_cache=False`` computes everything afresh (the
    test of the cache compares both). Cells are written through a float32 memoryview of the
    vector (cheaper per cell than NumPy indexing; the same float32 values). Another ``out`` (a
    float64 or strided vector) gets a new float32 vector's values copied in (``accepts_any_out``)."""
    game = s.game
    if out is None:
        buf = np.zeros(SIZE, np.float32)
    else:
        buf = out
        buf[:] = 0
    w = memoryview(buf)
    rows, backs, rmv, bbytes = _cache(game)
    blocks = block_cache(game) if use_cache else None
    n = s.n
    w[O_PHASE + s.phase] = 1
    top = s.pend[-1] if (s.pend and not s.cq and not s.over) else None
    if top is not None:
        w[O_DECISION + top[0]] = 1
        if top[0] != D_COMMIT:
            w[O_DECIDER + (top[1] - player) % n] = 1
    w[O_LEAD + (s.lead - player) % n] = 1
    w[O_NGROUPS + n - 1] = 1
    o = O_COUNTS
    st, sup = s.store, s.sup
    if st[0]:
        w[o] = st[0] / RES_TOTAL[0]
    if st[1]:
        w[o + 1] = st[1] / RES_TOTAL[1]
    if st[2]:
        w[o + 2] = st[2] / RES_TOTAL[2]
    if sup[0]:
        w[o + 3] = sup[0] / RES_TOTAL[0]
    if sup[1]:
        w[o + 4] = sup[1] / RES_TOTAL[1]
    if sup[2]:
        w[o + 5] = sup[2] / RES_TOTAL[2]
    if s.skulls:
        w[o + 6] = s.skulls / 5.0
    if s.victories:
        w[o + 7] = s.victories / 5.0
    if s.round:
        w[o + 8] = min(1.0, s.round / game.max_rounds)
    if s.turn:
        w[o + 9] = min(1.0, s.turn / 100.0)
    dice = s.dice
    if dice and dice[0] >= 0:
        w[O_DICE + dice[0]] = 1
    if len(dice) > 1 and dice[1] >= 0:
        w[O_DICE + 12 + dice[1]] = 1
    o = O_CHECK
    need, bonus = s.need, s.bonus
    if need[0]:
        w[o] = min(1.0, need[0] / 10.0)
    if need[1]:
        w[o + 1] = min(1.0, need[1] / 10.0)
    if need[2]:
        w[o + 2] = min(1.0, need[2] / 10.0)
    if bonus[0] or bonus[1] or bonus[2]:
        for a in range(3):
            if bonus[a]:
                w[o + 3 + a] = min(1.0, bonus[a] / 10.0)
    o = O_PARGS
    if s.r_wound:
        w[o] = min(1.0, s.r_wound / 10.0)
    if s.r_prev:
        w[o + 1] = min(1.0, s.r_prev / 10.0)
    if top is not None and top[0] != D_COMMIT:
        if top[2]:
            w[o + 2] = max(-1.0, min(1.0, top[2] / 20.0))
        if top[3]:
            w[o + 3] = max(-1.0, min(1.0, top[3] / 20.0))
    o = O_RESOL
    if s.r_card >= 0 or s.r_parts:
        if s.r_owner >= 0:
            w[o + (s.r_owner - player) % n] = 1
        if s.r_chooser >= 0:
            w[o + 4 + (s.r_chooser - player) % n] = 1
        for g in range(n):
            if s.r_parts >> g & 1:
                w[o + 8 + (g - player) % n] = 1
    # wilderness piles; decks, secrets, tool supply, workbench
    if blocks is None:  # (the keys are built only when there is a cache)
        _piles(s, w)
        _supply(s, w, rmv)
    else:
        # keys: flat tuples of every field a block reads (a tag first, lengths before lists
        # whose length varies)
        blocks.reuse(w, O_PILES, PILES_END,
                     (0, len(s.fd_b), *s.fd_b, len(s.fu), *s.fu, len(s.cem)), _piles, s, w)
        bench = s.bench[:4]
        key = (1, len(s.people_deck), len(s.dream_deck), len(s.idea_deck), len(s.secrets), *s.secrets,
               *s.gsup, *s.stock, len(bench), *bench)
        blocks.reuse(w, *SUPPLY_SPAN, key, _supply, s, w, rmv)
    o = O_ADD
    if any(s.add_day):
        for i, v in enumerate(s.add_day):
            if v:
                w[o + i] = v
    if any(s.add_used):
        for i, v in enumerate(s.add_used):
            if v >> player & 1:
                w[o + MAX_ADD + i] = 1
    a = s.commit[player]
    if a:
        w[O_MYCOMMIT + (6 if a == 9 else a - 3)] = 1
    if s.sec_card >= 0:
        o = O_SECCARD
        w[o] = 1
        w[o + 1:o + 1 + CARD_F] = rmv[s.sec_card]
    T = game.T
    opened = game.open_commitments
    helpers_of_owner = s.helpers[s.r_owner] if s.r_owner >= 0 else 0
    awake, rstat, r_parts, sec_owner, commit = s.awake, s.rstat, s.r_parts, s.sec_owner, s.commit
    tools, ppl, wnd, deck_b, rev, helpers = s.tools, s.ppl, s.wnd, s.deck_b, s.rev, s.helpers
    for g in range(n):
        o = O_GROUP[(g - player) % n]
        w[o] = 1
        if awake[g]:
            w[o + 1] = awake[g]
        st = rstat[g]
        if st == 1:
            w[o + 2] = 1
        elif st == 2:
            w[o + 3] = 1
        if helpers_of_owner >> g & 1:
            w[o + 4] = 1
        if r_parts >> g & 1:
            w[o + 5] = 1
        if sec_owner == g:
            w[o + 6] = 1
        if commit[g] and (opened or g == player):
            w[o + 7] = 1
        a, d, b = o + G_BODY, o + G_DECK, o + G_BODY_END
        if blocks is not None:
            key = (2, *tools[g * T:(g + 1) * T], len(ppl[g]), *ppl[g], *wnd[g])
            blocks.reuse(w, a, d, key, _group_kit, s, g, w, a)
            blocks.reuse(w, d, b, (3, *deck_b[g]), _group_deck, s, g, w, d, bbytes)
        else:
            _group_kit(s, g, w, a)
            _group_deck(s, g, w, d, bbytes)
        x = rev[g]
        if x >= 0:
            w[b:b + CARD_F] = rmv[x]
        b += CARD_F
        h = helpers[g]
        if h:
            for k in range(n):
                if h >> k & 1:
                    w[b + (k - player) % n] = 1
    # the in-play cards
    if s.inplay:
        end = O_INPLAY + min(len(s.inplay), MAX_INPLAY) * INPLAY_F
        if blocks is not None:
            key = [4, player, len(s.inplay), *s.inplay, *s.inloc]
            for h in s.held:
                key.append(len(h))
                key += h
            key = tuple(key)
            blocks.reuse(w, O_INPLAY, end, key, _inplay, s, player, w, rmv)
        else:
            _inplay(s, player, w, rmv)
    return buf


def _piles(s, w) -> None:
    _, btype, ctype = _tables(s.game)
    o = O_PILES
    fd = [btype[b] for b in s.fd_b]
    fu = [ctype[x] for x in s.fu]
    for t in range(NB):
        k = fd.count(t)
        if k:
            w[o + t] = SUM50[k]
        k = fu.count(t)
        if k:
            w[o + NB + t] = SUM50[k]
    w[o + 2 * NB] = len(s.fd_b) / 100.0
    w[o + 2 * NB + 1] = len(s.fu) / 100.0
    w[o + 2 * NB + 2] = len(s.cem) / 100.0


def _supply(s, w, rmv) -> None:
    c = s.game.content
    o = O_DECKS
    w[o], w[o + 1], w[o + 2] = len(s.people_deck) / 20.0, len(s.dream_deck) / 20.0, len(s.idea_deck) / 20.0
    o = O_SECRETS
    secrets = s.secrets
    for no, x in c.secret_by_no.items():
        if x not in secrets:
            w[o + no - 1] = 1
    o = O_TSUP
    for t in range(s.game.T):
        w[o + t] = s.gsup[t] / 12.0
        w[o + MAX_TOOLS + t] = s.stock[t] / 12.0
    o = O_BENCH
    for i, x in enumerate(s.bench[:4]):
        q = o + i * (1 + CARD_F)
        w[q] = 1
        w[q + 1:q + 1 + CARD_F] = rmv[x]


def _group_kit(s, g, w, o) -> None:
    """Group g's tools and people from offset o."""
    c = s.game.content
    T = s.game.T
    for t, v in enumerate(s.tools[g * T:(g + 1) * T]):
        if v:
            w[o + t] = min(1.0, v / 5.0)
    o += MAX_TOOLS
    prow = _tables(s.game)[0]
    for p, (x, k) in enumerate(zip(s.ppl[g], s.wnd[g])):
        r = prow.get((x, k))
        if r is None:
            r = prow[(x, k)] = memoryview(_person_row(c, x, k))
        w[o + p * PERSON_F:o + (p + 1) * PERSON_F] = r


def _group_deck(s, g, w, o, bbytes) -> None:
    """Group g's deck size, top-12 backs and the back-type histogram of the rest from offset o."""
    db = s.deck_b[g]
    w[o] = min(1.0, len(db) / 50.0)
    o += 1
    k = min(len(db), TOP)
    if k:  # the rows of the top backs, joined as bytes
        w[o:o + k * BACK_F] = memoryview(b"".join([bbytes[b] for b in db[:k]])).cast("f")
    if len(db) > TOP:
        btype = _tables(s.game)[1]
        rest = [btype[b] for b in db[TOP:]]
        o += TOP * BACK_F
        for t in range(NB):
            v = rest.count(t)
            if v:
                w[o + t] = SUM50[v]


def _inplay(s, player, w, rmv) -> None:
    n = s.n
    o = O_INPLAY
    for i, x in enumerate(s.inplay[:MAX_INPLAY]):
        q = o + i * INPLAY_F
        w[q] = 1
        w[q + 1:q + 1 + CARD_F] = rmv[x]
        q += 1 + CARD_F
        loc = s.inloc[i]
        if loc >= ON_CARD:
            w[q + 1] = 1
        elif loc >= 0:
            w[q + 2 + (loc - player) % n] = 1
        else:
            w[q] = 1
        q += 6
        h = s.held[i]
        if h:
            for code in set(h):
                w[q + code] = h.count(code) / MAX_HOLD


def as_dict(s, player: int) -> dict:
    """The same public view, structured: card ids (-1 where hidden), names, counts."""
    c = s.game.content
    cards = c.cards
    mask = s.legal_mask_for(player) if not s.over and not s.cq else None
    groups = []
    for g in range(s.n):
        groups.append({
            "seat": g, "awake": bool(s.awake[g]),
            "people": [{"card_id": x, "name": cards[x].name, "wounds": w, "hearts": cards[x].hearts,
                        "ability": ("STR", "AWR", "SKL", "NONE")[cards[x].ability], "value": cards[x].value}
                       for x, w in zip(s.ppl[g], s.wnd[g])],
            "tools": {t.key: s.tools[g * s.game.T + t.id] for t in c.tools if s.tools[g * s.game.T + t.id]},
            "deck": [{"back": BACK_TYPES[c.back_keys[b][0]],
                      "hints": [HINTS[h] for h in c.back_keys[b][1]], "card_id": -1} for b in s.deck_b[g]],
            "revealed": s.rev[g], "revealed_name": cards[s.rev[g]].name if s.rev[g] >= 0 else None,
            "resolved": s.rstat[g] == 2, "helpers": [h for h in range(s.n) if s.helpers[g] >> h & 1],
            "committed": bool(s.commit[g]) if (g == player or s.game.open_commitments) else None,
        })
    return {
        "seat": player, "phase": PHASES[s.phase], "round": s.round, "turn": s.turn,
        "current_player": s.current_player, "lead": s.lead,
        "decision": DECISIONS[s.pend[-1][0]] if (s.pend and not s.cq and not s.over) else None,
        "storage": dict(zip(("food", "wood", "stone"), s.store)),
        "supply": dict(zip(("food", "wood", "stone"), s.sup)),
        "skulls": s.skulls, "victories": s.victories,
        "dice": [c.dice_faces[f] if f >= 0 else None for f in s.dice],
        "workbench": [cards[x].name for x in s.bench],
        "general_supply": {t.key: s.gsup[t.id] for t in c.tools},
        "craft_stock": {t.key: s.stock[t.id] for t in c.tools},
        "facedown_pile": [{"back": BACK_TYPES[c.back_keys[b][0]], "card_id": -1} for b in s.fd_b],
        "faceup_pile": list(s.fu), "cemetery": list(s.cem),
        "in_play": [{"card_id": x, "name": cards[x].name, "location": s.inloc[i], "held": list(s.held[i])}
                    for i, x in enumerate(s.inplay)],
        "secret": s.sec_card,
        "people_deck": len(s.people_deck), "dream_deck": len(s.dream_deck), "idea_deck": len(s.idea_deck),
        "groups": groups,
        "my_commit": s.commit[player],
        "action_mask": mask.astype(np.int8) if mask is not None else None,
    }
