"""A text table of the ATT state that a person can follow (render_mode="ansi")."""
from __future__ import annotations

from .constants import BACKS, COLOURS, COMBOS, TOKENS, TYPES
from .kinds import DECISIONS, PHASES

TOK = "FTXC"  # Focus, Treasure, feat (X), Courage


def _combo(combo):
    kind, lo, ln = combo
    name = COMBOS[kind]
    if name == "high":
        return f"High {lo}+ x{ln}"
    if name == "pair":
        return f"Pair {lo}+"
    return f"{name.capitalize()} {lo}+ ({ln}+)"


def _tokens(vals):
    return " ".join(f"{TOK[k]}{v}" for k, v in enumerate(vals))


def render(s) -> str:
    from .scoring import score

    g, c = s.game, s.game.content
    out = []
    status = "GAME OVER" if s.over else PHASES[s.phase]
    out.append(f"== Ancient Terrible Things | {s.n}p | scenario {g.config['scenario']} | turn {s.turn + 1}"
               f" | active P{s.active} | {status}")
    out.append(f"Encounter deck: " + ", ".join(f"{BACKS[b]} {s.deck[b]}" for b in range(3))
               + f" | Doom stack (top last): {s.doom} | Rumours: {len(s.rumours)}")
    if s.n == 1:
        out.append(f"Adversary at: {s.adv + 1 if s.adv >= 0 else '-'} | forget owed: {s.forget_req}")
    out.append("Locations:")
    for k in range(5):
        e = s.enc_at[k]
        mark = "*" if k == s.cur_loc else (" A" if s.n == 1 and k == s.adv else " ")
        enc = (f"{c.enc_name[e]} [{'/'.join(TYPES[t] for t in c.enc_types[e])}] "
               f"{_combo(c.enc_combo[e])}, {c.enc_secrets[e]} secrets") if e >= 0 else "(empty)"
        out.append(f" {mark}{k + 1}. {g.tile_ids[k]} {g.tiles[k]['name']:<20} {enc}  tokens {_tokens(s.loc_tokens[4*k:4*k+4])}")
    out.append("Trading Post row: " + ", ".join(
        f"{c.swag[w].name} ({c.swag[w].price}T)" if w >= 0 else "-" for w in s.row)
        + (f" | Old Stock top: {c.swag[s.old_stock[-1]].name}" if s.old_stock else ""))
    lines = "; ".join(f"{i}: {_combo(cb)} -> {'/'.join(TOKENS[t] for t in toks)}" for i, (cb, toks) in enumerate(g.lines))
    out.append(f"Scenario lines: {lines}")
    ach = []
    for t in range(4):
        h = s.ach_holder[t]
        who = f"P{h} {('Prowess', 'Mastery')[s.ach_side[t]]}" if h >= 0 else ("retired" if s.ach_retired[t] else "unclaimed")
        ach.append(f"{TYPES[t]}: {who}")
    out.append("Achievements: " + ", ".join(ach))
    tiles = []
    if s.rean_holder >= 0:
        tiles.append(f"Reanimation P{s.rean_holder} {'active' if s.rean_active else 'used'}")
    if s.monkey_holder >= 0:
        tiles.append(f"Monkey P{s.monkey_holder} {'active' if s.monkey_active else 'used'}")
    if tiles:
        out.append("Tiles: " + ", ".join(tiles))
    for p in range(s.n):
        ch = c.char_name[s.chars[p]] if s.chars[p] >= 0 else "?"
        out.append(f"P{p} {ch:<10} score {score(s, p):>3} | {_tokens(s.tokens[4*p:4*p+4])} | "
                   f"stack {len(s.stack[p])} | tentacles {['%d%s' % (v, '*' if f else '') for v, f in zip(s.tent[p], s.flipped[p])]}")
        out.append("    swag: " + ", ".join(f"[{j}] {c.swag[w].name}{' (exhausted)' if e else ''}"
                                          for j, (w, e) in enumerate(zip(s.swag[p], s.exh[p]))))
        out.append("    feats: " + ", ".join(f"[{i}] {c.feats[f].name} ({c.feats[f].feat_cost})"
                                           for i, f in enumerate(s.feats[p])))
    dice = []
    for d in range(8):
        if s.d_col[d] >= 0:
            flags = ("L" if s.d_lock[d] else "") + ("u" if s.d_used[d] else "") + ("s" if d in s.sel else "")
            dice.append(f"{d}:{COLOURS[s.d_col[d]][0].upper()}{s.d_face[d] or '?'}{flags}")
    if dice:
        wf = (*TOKENS, "blank")
        whites = [f"W{w}:{wf[s.w_face[w]] if s.w_face[w] >= 0 else '?'}"
                  f"{' spent' if s.w_spent[w] else ''}{' claimed' if s.w_claimed[w] else ''}" for w in range(2)]
        out.append("Dice: " + " ".join(dice) + " | " + " ".join(whites))
    if s.over:
        from .scoring import winners

        if s.n == 1:
            out.append("Result: " + ("the Truth is found first: WIN" if s.solo_result > 0 else "defeated"))
        else:
            out.append("Winner(s): " + ", ".join(f"P{p}" for p in winners(s)))
    elif s.cq:
        out.append("Waiting for chance.")
    else:
        f = s.pend[-1]
        out.append(f"P{f[1]} decides: {DECISIONS[f[0]]}")
    return "\n".join(out)
