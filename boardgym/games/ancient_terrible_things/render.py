"""A text table of the ATT state that a person can follow (render_mode="ansi")."""
from __future__ import annotations

from .constants import (BACKS, COLOURS, COMBOS, EFFECTS, TIMINGS, TOKENS, TYPES, E_ADD_DIE,
                        E_BUMP, E_CONVERT, E_COPY, E_DISCOUNT, E_FLIP, E_GAIN, E_LOCK,
                        E_LOCK_REROLL, E_REFRESH, E_REROLL, E_REROLL_ALL, E_SET_FACE, E_SWAP)
from .kinds import DECISIONS

TOK = "FTXC"  # Focus, Treasure, feat (X), Courage
LEGEND = ("Legend: tokens F=Focus T=Treasure X=Feat C=Courage | dice colour G/Y/P/B/R, "
          "L=locked u=used s=selected l=luck reroll used | tentacles *=flipped")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _combo(combo):
    kind, lo, ln = combo
    name = COMBOS[kind]
    if name == "high":
        return f"High {lo}+ x{ln}"
    if name == "pair":
        return f"Pair {lo}+"
    return f"{name.capitalize()} {lo}+ ({ln}+)"


def _filter(f):
    return "" if f < 0 else f" {COLOURS[f]}"


def effect_text(e) -> str:
    k = e[0]
    each = lambda fe: f", {fe} Focus each" if fe else ""  # noqa: E731
    if k == E_SWAP:
        return f"swap {e[2]} green {'die' if e[2] == 1 else 'dice'} for {COLOURS[e[1]]}"
    if k == E_ADD_DIE:
        return f"add a {COLOURS[e[1]]} die"
    if k == E_LOCK:
        return f"lock up to {e[1]}{_filter(e[2])} {'die' if e[1] == 1 else 'dice'}{each(e[3])}"
    if k == E_LOCK_REROLL:
        return f"lock{_filter(e[1])} dice{each(e[2])}, reroll the other unlocked dice"
    if k == E_REROLL:
        return f"reroll up to {e[1]}{_filter(e[2])} {'die' if e[1] == 1 else 'dice'}{each(e[3])}"
    if k == E_REROLL_ALL:
        return "reroll every unlocked die"
    if k == E_SET_FACE:
        return "set a die to any face"
    if k == E_BUMP:
        return f"move a die up or down by 1..{e[1]}"
    if k == E_FLIP:
        return "flip a die (7 - face)"
    if k == E_COPY:
        return "a second die copies a first die's face"
    if k == E_GAIN:
        return f"+{e[2]} {TOKENS[e[1]]}"
    if k == E_CONVERT:
        return f"{e[3]} {TOKENS[e[1]]} -> {e[3]} {TOKENS[e[2]]}"
    if k == E_REFRESH:
        return f"refresh up to {e[1]} exhausted swag"
    if k == E_DISCOUNT:
        return f"purchases cost {e[1]} less (min 1)"
    return EFFECTS[k]


def card_text(card) -> str:
    """What a swag or feat does, its activation cost and timing, in one line."""
    parts = [effect_text(e) for e in card.effects]
    cost = []
    if not card.is_feat:
        if card.cost_die:
            cost.append("spend a white die")
        if card.cost_exhaust:
            cost.append("exhaust")
    when = TIMINGS[card.timing]
    text = "; ".join(parts) if parts else "no effect"
    extra = []
    if not card.is_feat and card.secrets:
        extra.append(plural(card.secrets, "secret"))
    if not card.is_feat and card.icons:
        extra.append("icon " + "/".join(TYPES[t] for t in card.icons))
    tail = f" [{', '.join(extra)}]" if extra else ""
    if when == "passive":
        return f"passive: {text}{tail}"
    return f"{when}{' (' + ' + '.join(cost) + ')' if cost else ''}: {text}{tail}"


def _tokens(vals):
    return " ".join(f"{TOK[k]}{v}" for k, v in enumerate(vals))


def render(s) -> str:
    from .scoring import score

    g, c = s.game, s.game.content
    out = []
    if s.over:
        status = "GAME OVER"
    elif s.cq:
        status = "chance"
    else:
        status = f"P{s.pend[-1][1]} decides: {DECISIONS[s.pend[-1][0]]}"
    out.append(f"== Ancient Terrible Things | {s.n}p | scenario {g.config['scenario']} | turn {s.turn + 1}"
               f" | active P{s.active} | {status}")
    rumour_secrets = sum(c.enc_secrets[e] for e in s.rumours)
    out.append("Encounter deck: " + ", ".join(f"{BACKS[b]} {s.deck[b]}" for b in range(3))
               + f" | Doom stack (next last): {s.doom} | Rumours: {len(s.rumours)} cards, "
               + plural(rumour_secrets, "secret"))
    if s.n == 1:
        out.append(f"Adversary at: {s.adv + 1 if s.adv >= 0 else '-'} | round {s.round} | forget at round "
                   f"end: {c.forget_multiplier * rumour_secrets} secrets")
    out.append("Locations (* = explored this turn, [ADV] = the Adversary):")
    for k in range(5):
        e = s.enc_at[k]
        mark = "*" if k == s.cur_loc else " "
        adv = " [ADV]" if s.n == 1 and k == s.adv else ""
        enc = (f"{c.enc_name[e]} [{'/'.join(TYPES[t] for t in c.enc_types[e])}] "
               f"{_combo(c.enc_combo[e])}, {plural(c.enc_secrets[e], 'secret')}") if e >= 0 else "(empty)"
        out.append(f" {mark}{k + 1}. {g.tile_ids[k]} {g.tiles[k]['name']:<20} {enc}  tokens "
                   f"{_tokens(s.loc_tokens[4 * k:4 * k + 4])}{adv}")
    out.append("Trading Post row: " + ", ".join(
        f"{c.swag[w].name} ({c.swag[w].price}T)" if w >= 0 else "-" for w in s.row)
        + (f" | Old Stock top: {c.swag[s.old_stock[-1]].name} ({c.swag[s.old_stock[-1]].price}T)"
           if s.old_stock else "")
        + (f" | Feat discard top: {c.feats[s.feat_discard[-1]].name}" if s.feat_discard else ""))
    lines = "; ".join(f"{i}: {_combo(cb)} -> {'/'.join(TOKENS[t] for t in toks)}" for i, (cb, toks) in enumerate(g.lines))
    out.append(f"Scenario lines: {lines}")
    ach = []
    for t in range(4):
        h = s.ach_holder[t]
        who = (f"P{h} {('Prowess', 'Mastery')[s.ach_side[t]]}" if h >= 0
               else ("retired" if s.ach_retired[t] else "unclaimed"))
        ach.append(f"{TYPES[t]}: {who}")
    out.append("Achievements: " + ", ".join(ach))
    this_turn = []
    if s.rean_holder >= 0:
        this_turn.append(f"Reanimation P{s.rean_holder} {'active' if s.rean_active else 'used'}")
    if s.monkey_holder >= 0:
        this_turn.append(f"Monkey P{s.monkey_holder} {'active' if s.monkey_active else 'used'}")
    if s.gorg_icon >= 0:
        this_turn.append(f"Gorg type this turn: {TYPES[s.gorg_icon]}")
    if 0 <= s.declared < 3:
        this_turn.append(f"Chateau token this turn: {TOKENS[s.declared]}")
    if this_turn:
        out.append("Tiles: " + ", ".join(this_turn))
    for p in range(s.n):
        ch = c.char_name[s.chars[p]] if s.chars[p] >= 0 else "?"
        out.append(f"P{p} {ch:<10} score {score(s, p):>3} | {_tokens(s.tokens[4 * p:4 * p + 4])} | "
                   f"stack {len(s.stack[p])} | tentacles {['%d%s' % (v, '*' if f else '') for v, f in zip(s.tent[p], s.flipped[p])]}")
        out.append("    swag: " + "; ".join(
            f"[{j}] {c.swag[w].name}{' (exhausted)' if e else ''} - {card_text(c.swag[w])}"
            for j, (w, e) in enumerate(zip(s.swag[p], s.exh[p]))))
        out.append("    feats: " + "; ".join(
            f"[{i}] {c.feats[f].name} (cost {c.feats[f].feat_cost}) - {card_text(c.feats[f])}"
            for i, f in enumerate(s.feats[p])))
    dice = []
    for d in range(8):
        if s.d_col[d] >= 0:
            flags = (("L" if s.d_lock[d] else "") + ("u" if s.d_used[d] else "")
                     + ("s" if d in s.sel else "") + ("l" if s.d_luck[d] else ""))
            dice.append(f"{d}:{COLOURS[s.d_col[d]][0].upper()}{s.d_face[d] or '?'}{flags}")
    if dice:
        wf = (*TOKENS, "blank")
        whites = [f"W{w}:{wf[s.w_face[w]] if s.w_face[w] >= 0 else '?'}"
                  f"{' spent' if s.w_spent[w] else ''}{' claimed' if s.w_claimed[w] else ''}" for w in range(2)]
        out.append("Dice: " + " ".join(dice) + " | " + " ".join(whites))
    out.append(LEGEND)
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
