"""Readable names of ATT actions in the context of the pending decision (for people: the
terminal ``play`` command and logs)."""
from __future__ import annotations

from .constants import COLOURS, TOKENS, TYPES
from .kinds import (D_ACH, D_ADV_PLACE, D_BUY, D_CHASM, D_FORGET, D_GORG_ICON, D_GUNSLOOP,
                    D_REANIMATE, D_REFRESH, D_SELECT, D_SHRINE, D_URGENT2, D_URGENT3, D_VILLAGE_SELL)
from .render import _combo, card_text, plural
from .trade import price


def describe_action(state, action: int) -> str:
    """Ancient Terrible Things: an action named with the context of the pending decision."""

    s = state
    g, c = s.game, s.game.content
    name, k = g.catalog.split(action)
    base = g.catalog.describe(action)
    f = s.pend[-1] if s.pend else (None, -1, 0, 0)
    kind, p = f[0], f[1]
    wf = (*TOKENS, "blank")

    def enc(e):
        return (f"{c.enc_name[e]} [{'/'.join(TYPES[t] for t in c.enc_types[e])}] "
                f"{_combo(c.enc_combo[e])}, {plural(c.enc_secrets[e], 'secret')}")

    if name == "LOC":
        tile = g.tiles[k]["name"]
        e = s.enc_at[k]
        if kind == D_ADV_PLACE:
            return f"{base} place the Adversary at {tile}" + (f" ({enc(e)})" if e >= 0 else " (empty)")
        what = enc(e) if e >= 0 else "(empty)"
        if kind == D_CHASM:
            return f"{base} take {what} from {tile} for {c.enc_secrets[e]} Courage"
        toks = ", ".join(f"{v} {TOKENS[t]}" for t, v in enumerate(s.loc_tokens[4 * k:4 * k + 4]) if v)
        return f"{base} explore {tile}: {what}" + (f"; tokens {toks}" if toks else "")
    if name == "FEAT" and k < len(s.feats[p]):
        card = c.feats[s.feats[p][k]]
        verb = "discard" if kind == D_GUNSLOOP else "play"
        return f"{base} {verb} feat {card.name} (cost {card.feat_cost} Feat): {card_text(card)}"
    if name == "SWAG" and k < len(s.swag[p]):
        card = c.swag[s.swag[p][k]]
        exh = " (exhausted)" if s.exh[p][k] else ""
        verb = {D_SHRINE: "refresh", D_VILLAGE_SELL: "sell", D_FORGET: "forget", D_URGENT2: "refresh",
                D_URGENT3: "refresh", D_REANIMATE: "refresh", D_REFRESH: "refresh"}.get(kind, "use")
        text = f": {card_text(card)}" if verb == "use" else ""
        return f"{base} {verb} swag {card.name}{exh}{text}"
    if name == "ACTION_DIE":
        return f"{base} pay with white die {k} (showing {wf[s.w_face[k]]})"
    if name == "DIE":
        face = s.d_face[k]
        verb = "pick"
        if kind == D_SELECT:
            verb = "add to the selection:"
        return f"{base} {verb} die {k}, {COLOURS[s.d_col[k]]} showing {face}"
    if name == "LINE" and k < len(g.lines):
        combo, toks = g.lines[k]
        return f"{base} spend dice on scenario line {_combo(combo)} -> {'/'.join(TOKENS[t] for t in toks)}"
    if name == "ENCOUNTER":
        e = s.enc_at[s.cur_loc] if s.cur_loc >= 0 else -1
        return f"{base} spend dice on the encounter" + (f" {enc(e)}" if e >= 0 else "")
    if name == "CLAIM":
        return f"{base} claim white die {k}: +1 {wf[s.w_face[k]]}"
    if name == "TOKEN":
        return f"{base} take {TOKENS[k]}"
    if name == "ICON":
        if kind == D_GORG_ICON:
            return f"{base} choose type {TYPES[k]}"
        if kind == D_ACH:
            return f"{base} claim the {TYPES[k]} achievement ({c.ach_name[k][0]} / {c.ach_name[k][1]})"
        if kind == D_FORGET:
            return f"{base} forget the {TYPES[k]} achievement"
        return f"{base} {TYPES[k]}"
    if name == "BUY":
        w = (s.old_stock[-1] if s.old_stock else -1) if k == 3 else s.row[k]
        if w >= 0:
            cost = price(s, p, w, f[3] if kind == D_BUY else 0)
            src = "Old Stock" if k == 3 else f"row slot {k}"
            return (f"{base} buy {c.swag[w].name} from {src} for {cost} Treasure "
                    f"({plural(c.swag[w].secrets, 'secret')}): {card_text(c.swag[w])}")
    if name == "CYCLE":
        w = s.row[k]
        if w >= 0:
            return f"{base} cycle {c.swag[w].name} to Old Stock"
    if name == "URGENT":
        return f"{base} urgent revelation: flip a {k}-tentacle"
    if name == "VALUE":
        return f"{base} set the die to {k + 1}"
    if name == "STACK" and k < len(s.stack[p]):
        return f"{base} forget encounter {c.enc_name[s.stack[p][k]]} ({plural(c.enc_secrets[s.stack[p][k]], 'secret')})"
    simple = {
        "CONFIRM": "draw a feat" if kind == D_URGENT2 else "confirm",
        "PASS": "pass / skip / cancel",
        "ROLL": "roll the dice",
        "TO_RESOLVE": "stop rerolling: go to Resolve",
        "REANIMATE": "use the Reanimation tile (refresh a swag)",
        "MONKEY": "use the Monkey tile (buy a row swag)",
        "LUCK": "reroll the Luck die showing 1 (free)",
    }
    if name in simple:
        return f"{base} {simple[name]}"
    return base
