"""The ATT observation: one float32 vector of named pieces, ego-rotated (seat 0 = the observer),
the same layout for every player count; and a structured dict for people and heuristics.

Nothing hidden is encoded: deck orders are never stored (spec §4). Static card features are
precomputed rows per card id, copied by slicing.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.observation import DerivedCache, accepts_any_out, block_cache, clip_unit, f32_accumulated, f32_scaled

from .achievements import icon_counts
from .constants import (BACKS, COMBOS, COURAGE, EFFECTS, MAX_DICE, MAX_FEATS, MAX_SELECTION, MAX_STACK,
                        MAX_SWAG, N_LINES, TILE_IDS, TIMINGS, TOKENS, TYPES, BLANK)
from .kinds import D_FORGET, D_GUNSLOOP, D_SELECT, D_SHRINE, DECISIONS, PHASES
from .scoring import score

EFF_F = len(EFFECTS) + 3
SWAG_F = 2 + 4 + 2 + len(TIMINGS) + 2 * EFF_F
FEAT_F = 1 + len(TIMINGS) + 2 * EFF_F
ENC_F = 1 + 3 + 4 + 4 + 3
N_SWAG_IDS, N_FEAT_IDS = 40, 32
PLAYER_F = 1 + 4 + 4 + 2 + 4 + 4 + 3 + 4 + N_SWAG_IDS * 2 + N_FEAT_IDS


def build_layout():
    """Pieces grouped by how often they change (static, board, players, own cards, per step),
    so the encoder can reuse whole blocks between steps."""
    from boardgym.core.observation import ObsLayout

    L = ObsLayout()
    # static for a game
    L.add("num_players", 4, "player count, one-hot")
    L.add("scenario", 2, "scenario I / II")
    L.add("tiles", 5 * len(TILE_IDS), "tile at each slot, one-hot")
    L.add("lines", N_LINES * 11, "scenario lines: present, kind, min/6, len/5, token options")
    # the board
    L.add("deck", 3, "encounters left per back (green, orange, red) / 12")
    L.add("deck_top", 3, "back of the encounter deck top, one-hot")
    L.add("doom", 5, "Doom stack size / 16, then tentacles per value 0..3 / 5")
    L.add("doom_top", 4, "value of the next tentacle, one-hot")
    L.add("rumours", 2, "Rumours count / 10, Rumours secrets / 30")
    L.add("reanimation", 6, "holder (relative one-hot, then nobody), active side")
    L.add("monkey", 6, "holder (relative one-hot, then nobody), active side")
    L.add("achievements", 4 * 7, "per type: holder (relative, nobody), Mastery side, retired")
    L.add("adversary", 6, "solo: Adversary location one-hot, then absent")
    L.add("loc_encounter", 5 * ENC_F, "per slot: encounter present, back, types, combo kind, min/6, len/5, secrets/5")
    L.add("loc_tokens", 5 * 4, "per slot: tokens waiting there / 3")
    L.add("row", 3 * (1 + SWAG_F), "Trading Post row: present + card features")
    L.add("old_stock_top", 1 + SWAG_F, "Old Stock top: present + card features")
    L.add("feat_discard_top", 1 + FEAT_F, "feat discard top: present + card features")
    # the players, ego-rotated
    for k in range(4):
        L.add(f"player{k}", PLAYER_F,
              f"seat observer+{k}: present, tokens/10, icons/5, stack n/10 + secrets/30, tentacles held "
              "and flipped per value /4, swag/12, feats/8, score/30, character, swag id counts, "
              "exhausted swag id counts, feat id counts")
    # the observer's own cards
    L.add("my_swag", MAX_SWAG * (3 + SWAG_F), "own swag slots: present, exhausted, selected, features")
    L.add("my_feats", MAX_FEATS * (2 + FEAT_F), "own feat hand: present, selected, features")
    # changes every step
    L.add("phase", len(PHASES), "turn phase, one-hot")
    L.add("decision", len(DECISIONS), "pending decision kind, one-hot (zeros at chance/terminal)")
    L.add("decider", 4, "seat deciding now, relative to the observer, one-hot")
    L.add("active", 4, "active seat, relative, one-hot")
    L.add("turn", 1, "turn / 60")
    L.add("forget_req", 1, "solo: secrets to forget / 20")
    L.add("cancels_left", 1, "selection cancels left this turn / 3")
    L.add("gorg_icon", 4, "type chosen at the Gorg this turn")
    L.add("declared", 3, "token declared at the Chateau this turn")
    L.add("cur_loc", 5, "location explored this turn")
    L.add("pending_args", 3, "pending decision's two arguments / 12, selection size / "
                             f"{MAX_SELECTION} (the largest: solo forgetting)")
    L.add("step_cap", 1, "turn step cap reached (ATT-D-17)")
    L.add("dice", MAX_DICE * 17, "dice: present, colour, face one-hot, locked, used, luck used, selected")
    L.add("whites", 2 * 8, "white dice: face (focus, treasure, feat, courage, blank), unrolled, spent, claimed")
    L.add("my_stack_sel", MAX_STACK, "solo forget: stacked encounter i selected")
    # sets of same-shaped entities (the vector above is unchanged by these declarations); the
    # observer's own seat (player0) stays apart: its place in the vector says it is mine
    L.entities("opponents", [f"player{k}" for k in range(1, 4)], presence=0,
               doc="the other seats (absent seats of a smaller game have present = 0)")
    L.entities("dice", "dice", 17, presence=0, doc="the rolled coloured dice")
    L.entities("row", "row", 1 + SWAG_F, presence=0, doc="the Trading Post row's swag cards")
    L.entities("my_swag", "my_swag", 3 + SWAG_F, presence=0, doc="own swag slots")
    L.entities("my_feats", "my_feats", 2 + FEAT_F, presence=0, doc="own feat hand")
    L.decision_kind("decision")
    return L


def _effect_row(e):
    r = np.zeros(EFF_F, np.float32)
    r[e[0]] = 1
    for i, v in enumerate(e[1:4]):
        r[len(EFFECTS) + i] = (v + 1) / 9.0
    return r


def _card_rows(content):
    swag = np.zeros((len(content.swag), SWAG_F), np.float32)
    for w, card in enumerate(content.swag):
        r = swag[w]
        r[0], r[1] = card.price / 5.0, card.secrets / 3.0
        for t in card.icons:
            r[2 + t] = 1
        r[6], r[7] = card.cost_die, card.cost_exhaust
        r[8 + card.timing] = 1
        for i, e in enumerate(card.effects[:2]):
            o = 8 + len(TIMINGS) + i * EFF_F
            r[o:o + EFF_F] = _effect_row(e)
    feats = np.zeros((len(content.feats), FEAT_F), np.float32)
    for f, card in enumerate(content.feats):
        r = feats[f]
        r[0] = card.feat_cost / 3.0
        r[1 + card.timing] = 1
        for i, e in enumerate(card.effects[:2]):
            o = 1 + len(TIMINGS) + i * EFF_F
            r[o:o + EFF_F] = _effect_row(e)
    encs = np.zeros((len(content.enc_back), ENC_F), np.float32)
    for e in range(len(content.enc_back)):
        r = encs[e]
        r[0] = 1
        r[1 + content.enc_back[e]] = 1
        for t in content.enc_types[e]:
            r[4 + t] += 1
        kind, lo, ln = content.enc_combo[e]
        r[8 + kind] = 1
        r[12], r[13], r[14] = lo / 6.0, ln / 5.0, content.enc_secrets[e] / 5.0
    return swag, feats, encs


class _Cache(DerivedCache):
    __slots__ = ("swag", "feats", "encs", "template", "off", "spans", "pspans")
    # swag, feats, encs: each card's row as a float32 memoryview (copied into a memoryview of
    # the vector: a third of a NumPy slice copy)


def _cache(game):
    cache = getattr(game, "_obs_cache", None)
    if cache is None:
        L = game.layout
        cache = _Cache()
        cache.swag, cache.feats, cache.encs = ([memoryview(r) for r in rows]
                                               for rows in _card_rows(game.content))
        cache.off = {name: offset for name, offset, _, _ in L.pieces}
        end = {name: offset + size for name, offset, size, _ in L.pieces}
        cache.spans = {"board": (cache.off["deck"], end["feat_discard_top"]),
                       "mine": (cache.off["my_swag"], end["my_feats"]),
                       "dynamic": (cache.off["phase"], L.size)}
        cache.pspans = tuple((cache.off[f"player{k}"], end[f"player{k}"]) for k in range(4))
        t = np.zeros(L.size, np.float32)
        t[cache.off["num_players"] + game.num_players - 1] = 1
        t[cache.off["scenario"] + (0 if game.config["scenario"] == "I" else 1)] = 1
        o = cache.off["tiles"]
        for slot, tile in enumerate(game.tile_ids):
            t[o + slot * len(TILE_IDS) + TILE_IDS.index(tile)] = 1
        for i, ((kind, lo, ln), toks) in enumerate(game.lines):
            o = cache.off["lines"] + i * 11
            t[o] = 1
            t[o + 1 + kind] = 1
            t[o + 5], t[o + 6] = lo / 6.0, ln / 5.0
            for tok in toks:
                t[o + 7 + tok] = 1
        cache.template = t
        game._obs_cache = cache
    return cache


def _holder(mv, o, holder, player, n):
    if holder < 0:
        mv[o + 4] = 1
    else:
        mv[o + (holder - player) % n] = 1


DOOM_FIFTHS = f32_accumulated(0.2)  # what ``+= 0.2`` k times gives in float32
THIRDS = f32_scaled(1.0 / 3.0)


def _board(s, player, buf, mv, cache):
    """The board block. Scalars go through ``mv`` (a memoryview of ``buf``: a store there costs
    a fifth of a NumPy item store); the block is zeros (the template's) when this runs."""
    c = s.game.content
    off = cache.off
    n = s.n
    o = off["deck"]
    deck = s.deck
    mv[o], mv[o + 1], mv[o + 2] = deck[0] / 12.0, deck[1] / 12.0, deck[2] / 12.0
    for b in range(3):
        if deck[b]:
            mv[off["deck_top"] + b] = 1
            break
    o = off["doom"]
    doom = s.doom
    mv[o] = len(doom) / 16.0
    if doom:
        for v in range(4):
            k = doom.count(v)
            if k:
                mv[o + 1 + v] = DOOM_FIFTHS[k]
        mv[off["doom_top"] + doom[-1]] = 1
    o = off["rumours"]
    mv[o], mv[o + 1] = len(s.rumours) / 10.0, sum(c.enc_secrets[e] for e in s.rumours) / 30.0
    o = off["reanimation"]
    _holder(mv, o, s.rean_holder, player, n)
    mv[o + 5] = s.rean_active
    o = off["monkey"]
    _holder(mv, o, s.monkey_holder, player, n)
    mv[o + 5] = s.monkey_active
    o = off["achievements"]
    for t in range(4):
        _holder(mv, o + 7 * t, s.ach_holder[t], player, n)
        mv[o + 7 * t + 5] = s.ach_side[t] if s.ach_holder[t] >= 0 else 0
        mv[o + 7 * t + 6] = s.ach_retired[t]
    if n == 1:
        mv[off["adversary"] + (s.adv if s.adv >= 0 else 5)] = 1
    o = off["loc_encounter"]
    for slot in range(5):
        e = s.enc_at[slot]
        if e >= 0:
            mv[o + slot * ENC_F:o + (slot + 1) * ENC_F] = cache.encs[e]
    o = off["loc_tokens"]
    for i, t in enumerate(s.loc_tokens):
        if t:
            mv[o + i] = THIRDS[t]
    o = off["row"]
    for k in range(3):
        w = s.row[k]
        if w >= 0:
            b = o + k * (1 + SWAG_F)
            mv[b] = 1
            mv[b + 1:b + 1 + SWAG_F] = cache.swag[w]
    if s.old_stock:
        o = off["old_stock_top"]
        mv[o] = 1
        mv[o + 1:o + 1 + SWAG_F] = cache.swag[s.old_stock[-1]]
    if s.feat_discard:
        o = off["feat_discard_top"]
        mv[o] = 1
        mv[o + 1:o + 1 + FEAT_F] = cache.feats[s.feat_discard[-1]]
    a, b = cache.spans["board"]
    clip_unit(buf[a:b])


TENTHS, FIFTHS = f32_scaled(0.1), f32_scaled(0.2)  # what ``*= 0.1`` / ``*= 0.2`` give in float32


def _player(s, p, mv, o):
    """Seat ``p``'s block at ``o`` (zeros when this runs) but its tokens (``_tokens``: they
    change at most steps, the rest seldom), clipped to [-1, 1]: every count is non-negative,
    only the score may be below zero."""
    c = s.game.content
    mv[o] = 1
    for i, x in enumerate(icon_counts(s, p)):
        x = FIFTHS[x]
        mv[o + 5 + i] = x if x < 1.0 else 1.0
    stack = s.stack[p]
    mv[o + 9] = min(len(stack) / 10.0, 1.0)
    mv[o + 10] = min(sum(c.enc_secrets[e] for e in stack) / 30.0, 1.0)
    held, flipped = s.tent[p], s.flipped[p]
    if held:
        for x in range(4):
            k = held.count(x)
            if k:
                mv[o + 11 + x] = min(0.25 * k, 1.0)
                k = sum(1 for v, fl in zip(held, flipped) if fl and v == x)
                if k:
                    mv[o + 15 + x] = min(0.25 * k, 1.0)
    swag, feats = s.swag[p], s.feats[p]
    mv[o + 19] = min(len(swag) / 12.0, 1.0)
    mv[o + 20] = min(len(feats) / 8.0, 1.0)
    x = score(s, p) / 30.0
    mv[o + 21] = 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)
    if s.chars[p] >= 0:
        mv[o + 22 + s.chars[p]] = 1
    base = o + 26
    for w, e in zip(swag, s.exh[p]):  # id counts, clipped: 1 once held
        mv[base + w] = 1
        if e:
            mv[base + N_SWAG_IDS + w] = 1
    base += 2 * N_SWAG_IDS
    for f in feats:
        mv[base + f] = 1


def _tokens(s, p, mv, o):
    """Seat ``p``'s tokens / 10 (clipped) into its block at ``o``."""
    t = s.tokens
    for i in range(4):
        x = TENTHS[t[4 * p + i]]
        mv[o + 1 + i] = x if x < 1.0 else 1.0


def _dice(s, mv, o, ow, dsel):
    """The dice and the white dice (``o``, ``ow``: their offsets; zeros when this runs)."""
    d_col, d_face, d_lock, d_used, d_luck = s.d_col, s.d_face, s.d_lock, s.d_used, s.d_luck
    for d in range(MAX_DICE):
        col = d_col[d]
        if col < 0:
            continue
        b = o + d * 17
        mv[b] = 1
        mv[b + 1 + col] = 1
        if d_face[d]:
            mv[b + 5 + d_face[d]] = 1
        if d_lock[d]:
            mv[b + 12] = 1
        if d_used[d]:
            mv[b + 13] = 1
        if d_luck[d]:
            mv[b + 14] = 1
        if d in dsel:
            mv[b + 15] = 1
    for w in range(2):
        b = ow + w * 8
        if s.w_face[w] >= 0:
            mv[b + min(s.w_face[w], BLANK)] = 1
        else:
            mv[b + 5] = 1
        if s.w_spent[w]:
            mv[b + 6] = 1
        if s.w_claimed[w]:
            mv[b + 7] = 1


def _mine(s, player, buf, mv, cache, sel_frame, sel):
    o = cache.off["my_swag"]
    for j, (w, e) in enumerate(zip(s.swag[player], s.exh[player])):
        b = o + j * (3 + SWAG_F)
        mv[b], mv[b + 1] = 1, e
        if sel_frame == D_SHRINE and j in sel:
            mv[b + 2] = 1
        mv[b + 3:b + 3 + SWAG_F] = cache.swag[w]
    o = cache.off["my_feats"]
    for i, f in enumerate(s.feats[player]):
        b = o + i * (2 + FEAT_F)
        mv[b] = 1
        if sel_frame == D_GUNSLOOP and i in sel:
            mv[b + 1] = 1
        mv[b + 2:b + 2 + FEAT_F] = cache.feats[f]


@accepts_any_out
def encode(s, player: int, out=None, use_cache: bool = True) -> np.ndarray:
    g = s.game
    cache = _cache(g)
    if out is None:
        buf = cache.template.copy()
    else:
        buf = out
        buf[:] = cache.template
    mv = memoryview(buf)  # scalar stores (see _board)
    n = s.n
    off = cache.off
    frame = s.pend[-1] if (s.pend and not s.cq and not s.over) else None
    sel_frame = frame[0] if frame is not None else -1
    sel = tuple(s.sel) if frame is not None and frame[1] == player else ()
    blocks = block_cache(g) if use_cache else None
    # each block's key: a flat tuple of every field it reads (a tag first, lengths before lists
    # whose length varies)
    a, b = cache.spans["board"]
    if blocks is None:
        _board(s, player, buf, mv, cache)
    else:
        key = (0, player, *s.deck, len(s.doom), *s.doom, len(s.rumours), *s.rumours, s.rean_holder,
               s.rean_active, s.monkey_holder, s.monkey_active, *s.ach_holder, *s.ach_side,
               *s.ach_retired, s.adv, *s.enc_at, *s.loc_tokens, *s.row,
               s.old_stock[-1] if s.old_stock else -1, s.feat_discard[-1] if s.feat_discard else -1)
        blocks.reuse(mv, a, b, key, _board, s, player, buf, mv, cache)
    # a seat's block holds only that seat's fields, wherever it sits: keyed by the seat (not by
    # its place relative to the observer), every observer reuses it
    tokens, stack, swag, exh, feats, tent, flipped = (s.tokens, s.stack, s.swag, s.exh, s.feats,
                                                      s.tent, s.flipped)
    for k in range(n):
        p = (player + k) % n
        a, b = cache.pspans[k]
        if blocks is None:
            _player(s, p, mv, a)
        else:
            key = (1, p, tokens[4 * p + COURAGE] // 3, len(stack[p]), *stack[p], len(swag[p]),
                   *swag[p], *exh[p], len(feats[p]), *feats[p], len(tent[p]), *tent[p],
                   *flipped[p], s.chars[p], s.gorg_icon if p == s.active else -1, *s.ach_holder,
                   *s.ach_side)
            blocks.reuse(mv, a, b, key, _player, s, p, mv, a)
        _tokens(s, p, mv, a)
    a, b = cache.spans["mine"]
    if blocks is None:
        _mine(s, player, buf, mv, cache, sel_frame, sel)
    else:
        msel = sel if sel_frame in (D_SHRINE, D_GUNSLOOP) else ()
        key = (2, len(s.swag[player]), *s.swag[player], *s.exh[player], len(s.feats[player]),
               *s.feats[player], sel_frame if msel else -1, *msel)
        blocks.reuse(mv, a, b, key, _mine, s, player, buf, mv, cache, sel_frame, sel)

    mv[off["phase"] + s.phase] = 1
    if frame is not None:
        mv[off["decision"] + frame[0]] = 1
        mv[off["decider"] + (frame[1] - player) % n] = 1
        o = off["pending_args"]
        mv[o] = min(frame[2] / 12.0, 1.0)
        mv[o + 1] = min(frame[3] / 12.0, 1.0) if frame[3] >= 0 else -1.0 / 12.0
        mv[o + 2] = len(s.sel) / MAX_SELECTION
    mv[off["active"] + (s.active - player) % n] = 1
    mv[off["turn"]] = min(s.turn / 60.0, 1.0)
    mv[off["forget_req"]] = min(s.forget_req / 20.0, 1.0)
    mv[off["cancels_left"]] = (3 - s.cancels) / 3.0
    if s.gorg_icon >= 0:
        mv[off["gorg_icon"] + s.gorg_icon] = 1
    if 0 <= s.declared < 3:
        mv[off["declared"] + s.declared] = 1
    if s.cur_loc >= 0:
        mv[off["cur_loc"] + s.cur_loc] = 1
    if s.step_cap_reached():
        mv[off["step_cap"]] = 1
    o, ow = off["dice"], off["whites"]
    dsel = sel if sel_frame == D_SELECT else ()
    if blocks is None:
        _dice(s, mv, o, ow, dsel)
    else:  # (the dice and the whites are one span: the key holds every field they read)
        key = (5, *s.d_col, *s.d_face, *s.d_lock, *s.d_used, *s.d_luck, *s.w_face, *s.w_spent,
               *s.w_claimed, *dsel)
        blocks.reuse(mv, o, ow + 16, key, _dice, s, mv, o, ow, dsel)
    if sel_frame == D_FORGET:
        o = off["my_stack_sel"]
        for code in sel:
            if code < 100:
                mv[o + code] = 1
    return buf


def as_dict(s, player: int) -> dict:
    """Everything public, by name (every field is public: ATT hides only deck orders)."""
    g, c = s.game, s.game.content
    frame = s.pend[-1] if (s.pend and not s.cq and not s.over) else None
    return {
        "player": player,
        "phase": PHASES[s.phase],
        "decision": DECISIONS[frame[0]] if frame else None,
        "decider": frame[1] if frame else None,
        "active": s.active,
        "turn": s.turn,
        "locations": [{"tile": g.tile_ids[k], "name": g.tiles[k]["name"],
                       "encounter": c.enc_key[s.enc_at[k]] if s.enc_at[k] >= 0 else None,
                       "tokens": dict(zip(TOKENS, s.loc_tokens[4 * k:4 * k + 4]))} for k in range(5)],
        "deck": dict(zip(BACKS, s.deck)),
        "doom": list(s.doom),
        "rumours": [c.enc_key[e] for e in s.rumours],
        "row": [c.swag[w].key if w >= 0 else None for w in s.row],
        "old_stock_top": c.swag[s.old_stock[-1]].key if s.old_stock else None,
        "players": [{
            "character": c.char_name[s.chars[p]] if s.chars[p] >= 0 else None,
            "tokens": dict(zip(TOKENS, s.tokens[4 * p:4 * p + 4])),
            "feats": [c.feats[f].key for f in s.feats[p]],
            "swag": [(c.swag[w].key, bool(e)) for w, e in zip(s.swag[p], s.exh[p])],
            "stack": [c.enc_key[e] for e in s.stack[p]],
            "tentacles": list(zip(s.tent[p], map(bool, s.flipped[p]))),
            "score": score(s, p),
        } for p in range(s.n)],
        "achievements": [{"type": TYPES[t], "holder": s.ach_holder[t],
                          "side": ("prowess", "mastery")[s.ach_side[t]], "retired": bool(s.ach_retired[t])}
                         for t in range(4)],
        "dice": [{"colour": ("green", "yellow", "purple", "blue", "red")[s.d_col[d]], "face": s.d_face[d],
                  "locked": bool(s.d_lock[d]), "used": bool(s.d_used[d])}
                 for d in range(MAX_DICE) if s.d_col[d] >= 0],
        "whites": [{"face": (TOKENS + ("blank",))[s.w_face[w]] if s.w_face[w] >= 0 else None,
                    "spent": bool(s.w_spent[w]), "claimed": bool(s.w_claimed[w])} for w in range(2)],
        "lines": [(COMBOS[k], lo, ln, [TOKENS[t] for t in toks]) for (k, lo, ln), toks in g.lines],
        "selection": list(s.sel),
        "adversary": s.adv if s.n == 1 else None,
        "over": bool(s.over),
    }

