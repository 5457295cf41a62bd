"""The ATT picture for ``render_mode="rgb_array"``: the board as every player sees it.

One fixed 1600x900 layout per configuration: the five locations (encounter, tokens, pawn,
Adversary), the encounter deck, Doom stack, Rumours and achievements, the Trading Post row with
the Old Stock and feat-discard tops and the tiles, the dice tray (faces, locked / used / picked,
the white dice), the scenario lines, and one panel per seat (character, score, tokens, overcome
encounters and icons, tentacles, swag, feats), with whose decision it is written in words.
Everything in ATT is public except deck orders, which the state never stores (spec §4), so the
decks are drawn as their counts and top backs. Names come from the content pack.
"""
from __future__ import annotations

from boardgym.core import draw as D

from .achievements import icon_counts
from .constants import BACKS, COMBOS, MAX_DICE, TOKENS, TYPES
from .kinds import (CHANCES, D_FORGET, D_GUNSLOOP, D_SELECT, D_SHRINE, DECISIONS, SEL_EFFECT)
from .render import card_text
from .scoring import score, winners
from .solo import ACH_PICK, SWAG_PICK

W, H = 1600, 900
TOKEN_COLOURS = (D.COLOURS["green"], D.COLOURS["yellow"], D.COLOURS["blue"], D.COLOURS["red"])
TOKEN_LETTERS = ("F", "T", "X", "C")
BACK_COLOURS = (D.COLOURS["green"], D.COLOURS["orange"], D.COLOURS["red"])
DIE_COLOURS = ("green", "yellow", "purple", "blue", "red")
WHITE_FACES = ("Focus", "Treas.", "Feat", "Cour.", "blank")
DIE_NAMES = ("Focus", "Luck", "Revelation", "Feat", "Desperation")
ADVERSARY = (40, 40, 40)

LOC_Y, LOC_H, LOC_W = 64, 236, 196
MID_Y, MID_H = 308, 112
ROW_Y, ROW_H = 428, 176
TRAY_Y = 610
SEAT_X = 1020

LEADER = {
    "claim_reanimation": "claim the Reanimation tile", "declare_token": "declare Focus, Treasure or Feat",
    "gain_courage": "+1 Courage", "discard_feats": "discard any feats",
    "claim_monkey_cycle_row": "claim the Monkey, cycle a row swag", "gorg_icon": "choose a type this turn",
    "claim_monkey_sell_swag": "claim the Monkey, may sell a swag", "gain_feat_token": "+1 Feat",
    "claim_monkey_gain_treasure": "claim the Monkey, +1 Treasure",
}
BONUS = {
    "refresh_swag": "refresh up to {n} exhausted swag", "declared_token_then_achievement":
    "+1 declared token, may claim an achievement", "chasm_take": "may take an encounter for Courage",
    "draw_feats_to": "draw up to {n} feats", "buy": "may buy one swag", "achievement_gorg":
    "may claim an achievement", "cycle_then_buy": "may cycle, then buy a row swag",
    "redraw_feats": "must discard feats and draw {n}",
}
ASKS = {
    "explore": "choose a location to explore", "chateau_token": "declare the Chateau token",
    "tp_cycle": "cycle a Trading Post row swag to the Old Stock",
    "village_sell": "may sell a swag at the Floating Village",
    "village_tokens": "take tokens for the sold swag ({a} left)",
    "gunsloop_discard": "pick feats to discard at the Gunsloop", "gorg_icon": "choose the Gorg's type",
    "shrine": "pick up to {a} exhausted swag to refresh", "achievement": "may claim an achievement",
    "chasm": "may take an encounter for Courage", "buy": "may buy a swag",
    "village_cycle": "may cycle a row swag", "preroll": "before rolling: play pre-roll cards or roll",
    "encounter": "reroll with feats and swag, or go to Resolve",
    "resolve": "spend dice on combinations, claim white dice, or pass",
    "action_die": "choose the white die that pays", "value": "choose the die's new face",
    "token": "choose a token ({a} to take)", "refresh": "refresh exhausted swag ({a} left)",
    "urgent2": "flipped a 2: draw a feat or refresh a swag", "urgent3": "flipped a 3: refresh a swag",
    "reanimate": "Reanimation: refresh an exhausted swag", "monkey_buy": "Monkey: buy a row swag",
    "adversary_place": "rolled a 6: place the Adversary", "forget": "forget at least {a} secrets",
}
CHANCE_WORDS = {
    "character": "dealing characters", "first_player": "choosing the first player",
    "tentacle": "stacking the Doom tentacles", "feat_discard": "turning up the first feat",
    "row": "filling the Trading Post row", "feat": "drawing a feat", "encounter": "revealing encounters",
    "refill_encounter": "refilling a location", "adversary_d6": "rolling for the Adversary",
    "movement": "rolling the Movement die", "die": "rolling dice", "white": "rolling the white dice",
}


def _combo(combo) -> str:
    """A combination in words: "High 5+", "High 5+ x2 dice", "Pair 2+", "Run 1+, 3+ dice"."""
    kind, lo, ln = combo
    name = COMBOS[kind].capitalize()
    if COMBOS[kind] == "high":
        return f"High {lo}+" + (f" x{ln} dice" if ln > 1 else "")
    if COMBOS[kind] == "pair":
        return f"Pair {lo}+"
    return f"{name} {lo}+, {ln}+ dice"


def _seat_rect(n: int, p: int) -> tuple:
    h = (H - 64 - 10 - 6 * (n - 1)) // n
    y = 64 + p * (h + 6)
    return (SEAT_X, y, W - 10, y + h)


def _bonus_text(kind: dict, words: dict) -> str:
    text = words.get(kind["kind"], kind["kind"].replace("_", " "))
    text = text.format(n=kind.get("n", ""))
    if kind.get("discount"):
        text += f", {kind['discount']} Treasure off"
    return text


def build(game) -> D.Canvas:
    """The parts that never change in a game: frames, titles, location names and bonuses,
    scenario lines."""
    cv = D.Canvas(W, H)
    cv.draw.rectangle((0, 0, W, 56), fill=D.PANEL)
    cv.text(12, 8, "Ancient Terrible Things", 20, D.INK)
    players = "solo" if game.num_players == 1 else f"{game.num_players} players"
    cv.text(300, 12, f"{players} · scenario {game.config['scenario']}"
            + ("" if game.num_players == 1 else f" · {game.config['length']} game"), 14, D.MUTED)
    for k in range(5):
        x = 10 + k * (LOC_W + 5)
        tile = game.tiles[k]
        cv.panel((x, LOC_Y, x + LOC_W, LOC_Y + LOC_H), fill=D.PANEL)
        cv.text(x + 8, LOC_Y + 5, f"{k + 1} · {tile['name']}", 13, D.INK, width=LOC_W - 16)
        words = (D.wrap("Leader: " + _bonus_text(tile["leader"], LEADER), LOC_W - 16, 11)
                 + D.wrap("Everyone: " + _bonus_text(tile["bonus"], BONUS), LOC_W - 16, 11))
        cv.lines(x + 8, LOC_Y + 22, words, LOC_W - 16, 11, D.MUTED, gap=-1, max_lines=4)
    titles = ((10, 200, "Encounter deck"), (205, 520, "Doom stack (next on the right)"),
              (525, 680, "Rumours"), (685, 1010, "Achievements"))
    for x0, x1, title in titles:
        cv.panel((x0, MID_Y, x1, MID_Y + MID_H), title)
    cv.panel((10, ROW_Y, 1010, ROW_Y + ROW_H), "Trading Post row, Old Stock, feat discard and tiles")
    cv.panel((10, TRAY_Y, 640, H - 10), "Dice")
    inner = cv.panel((645, TRAY_Y, 1010, H - 10), "Scenario lines (combination -> one token per die)")
    y = inner[1] + 2
    for combo, toks in game.lines:
        cv.text(inner[0], y, f"{_combo(combo)}  ->  {' or '.join(TOKENS[t].capitalize() for t in toks)}",
                14, D.INK, width=inner[2] - inner[0])
        y += 24
    for p in range(game.num_players):
        cv.panel(_seat_rect(game.num_players, p), fill=D.PANEL)
    return cv


def _status(s) -> tuple[str, tuple]:
    c = s.game.content
    if s.over:
        if s.n == 1:
            return ("Game over: the Truth is found first — won" if s.solo_result > 0
                    else "Game over: defeated"), (D.GOOD if s.solo_result > 0 else D.BAD)
        return "Game over — winner: " + ", ".join(_seat_name(s, p) for p in winners(s)), D.GOOD
    if s.cq:
        return "Chance: " + CHANCE_WORDS[CHANCES[s.cq[0][0]]], D.MUTED
    kind, p, a, b = s.pend[-1]
    name = DECISIONS[kind]
    if kind == D_SELECT:
        if a == SEL_EFFECT:
            src, slot = s.act[0], s.act[1]
            card = (c.feats[s.feats[p][slot]] if src == 0 else c.swag[s.swag[p][slot]]).name
            ask = f"pick dice for {card}, then confirm"
        elif b < 0:
            ask = "pick dice for the encounter's combination, then confirm"
        else:
            ask = f"pick dice for the line {_combo(s.game.lines[b][0])}, then confirm"
    elif name == "value":
        face = s.d_face[a] if 0 <= a < MAX_DICE else "?"
        ask = (f"move die {a + 1} (showing {face}) up or down by 1 to {b}" if b > 0
               else f"choose the new face of die {a + 1} (showing {face})")
    elif name == "buy":
        ask = ("may buy a swag from the row or the Old Stock top" if a else "may buy a swag from the row") \
            + (f", {b} Treasure off" if b else "")
    else:
        ask = ASKS[name].format(a=a)
    return f"{_seat_name(s, p)} decides: {ask}", D.HIGHLIGHT


def _seat_name(s, p: int) -> str:
    ch = s.chars[p]
    return f"P{p} " + (s.game.content.char_name[ch] if ch >= 0 else "(character not dealt)")


def _locations(cv, s) -> None:
    c = s.game.content
    for k in range(5):
        x = 10 + k * (LOC_W + 5)
        e = s.enc_at[k]
        rect = (x + 8, LOC_Y + 80, x + LOC_W - 8, LOC_Y + 160)
        if e >= 0:
            lines = [" + ".join(TYPES[t].capitalize() for t in c.enc_types[e]),
                     _combo(c.enc_combo[e]), f"{c.enc_secrets[e]} secret{'s' if c.enc_secrets[e] != 1 else ''}"]
            cv.card(rect, c.enc_name[e], lines, stripe=BACK_COLOURS[c.enc_back[e]], size=12,
                    highlight=k == s.cur_loc)
        else:
            cv.box(rect, fill=None, outline=D.FAINT)
            cv.text((rect[0] + rect[2]) // 2, LOC_Y + 112, "no encounter", 12, D.MUTED, align="center")
        xx = x + 10
        for t in range(4):
            v = s.loc_tokens[4 * k + t]
            xx = cv.counter(xx, LOC_Y + 166, v, TOKEN_COLOURS[t] if v else D.FAINT, TOKEN_LETTERS[t])
        if k == s.cur_loc:
            cv.box((x + 8, LOC_Y + 196, x + 100, LOC_Y + 228), fill=D.SEATS[s.active], outline=D.INK)
            cv.text(x + 54, LOC_Y + 204, f"P{s.active} here", 13, (255, 255, 255), align="center")
        if s.n == 1 and s.adv == k:
            cv.box((x + 104, LOC_Y + 196, x + LOC_W - 8, LOC_Y + 228), fill=ADVERSARY, outline=D.INK)
            cv.text(x + (104 + LOC_W - 8) // 2, LOC_Y + 204, "Adversary", 13, (255, 255, 255), align="center")


def _middle(cv, s) -> None:
    c = s.game.content
    y = MID_Y + 26
    top = next((b for b in range(3) if s.deck[b]), -1)
    for b in range(3):
        x = 18 + b * 60
        cv.card_back((x, y, x + 52, y + 46), str(s.deck[b]), BACK_COLOURS[b], size=16)
        cv.text(x + 26, y + 50, BACKS[b], 11, D.INK, align="center")
    cv.text(18, y + 66, f"next: {BACKS[top]}" if top >= 0 else "deck empty", 11, D.MUTED)
    for i, v in enumerate(s.doom[:16]):
        x = 213 + i * 19
        last = i == len(s.doom) - 1
        cv.counter(x, y + 10, v, D.COLOURS["purple"] if last else D.shade(D.COLOURS["purple"], 0.45), r=9)
    cv.text(213, y + 40, f"{len(s.doom)} tentacle{'s' if len(s.doom) != 1 else ''} left"
            + (f" · next: {s.doom[-1]}" if s.doom else " · none left: a tentacle owed ends the game"),
            12, D.INK, width=300)
    secrets = sum(c.enc_secrets[e] for e in s.rumours)
    cv.text(533, y + 4, f"{len(s.rumours)} card{'s' if len(s.rumours) != 1 else ''}", 15, D.INK)
    cv.text(533, y + 26, f"{secrets} secret{'s' if secrets != 1 else ''}", 13, D.INK)
    if s.n == 1:
        cv.text(533, y + 46, f"round {s.round + 1}: forget {c.forget_multiplier * secrets}", 11, D.MUTED,
                width=140)
        if s.forget_req:
            cv.text(533, y + 62, f"now: forget {s.forget_req}", 11, D.HIGHLIGHT, width=140)
    forgetting = bool(s.pend) and not s.cq and not s.over and s.pend[-1][0] == D_FORGET
    for t in range(4):
        x = 693 + t * 79
        h = s.ach_holder[t]
        fill = D.SEATS[h] if h >= 0 else D.CARD
        cv.box((x, y, x + 75, y + 70), fill=D.shade(fill, 0.6) if h >= 0 else fill, outline=D.FAINT)
        cv.text(x + 37, y + 4, TYPES[t].capitalize(), 12, D.INK, align="center", width=70)
        if s.ach_retired[t]:
            who, side = "forgotten", ""
        elif h >= 0:
            who = f"P{h}"
            side = f"{('Prowess', 'Mastery')[s.ach_side[t]]} {c.ach_secrets[t][s.ach_side[t]]}"
        else:
            who, side = "unclaimed", ""
        cv.text(x + 37, y + 24, who, 13, D.INK, align="center", width=70)
        cv.text(x + 37, y + 44, side, 11, D.INK, align="center", width=70)
        if forgetting and ACH_PICK + t in s.sel:
            cv.box((x, y, x + 75, y + 70), outline=D.HIGHLIGHT, width=3)
            cv.text(x + 37, y + 56, "picked", 10, D.HIGHLIGHT, align="center")


def _card_lines(card, width: int) -> list[str]:
    """What a row card costs and does, wrapped to the card's width."""
    head = []
    if not card.is_feat:
        head.append(f"{card.price} Treasure")
        if card.secrets:
            head.append(f"{card.secrets} secret{'s' if card.secrets != 1 else ''}")
        if card.icons:
            head.append("icon " + "/".join(TYPES[t].capitalize() for t in card.icons))
    else:
        head.append(f"costs {card.feat_cost} Feat")
    text = card_text(card).split(" [")[0]
    return [" · ".join(head)] + D.wrap(text, width, 11)


def _row(cv, s) -> None:
    c = s.game.content
    y0, y1 = ROW_Y + 24, ROW_Y + 138
    slots = [(f"row {i + 1}", c.swag[s.row[i]] if s.row[i] >= 0 else None, "") for i in range(3)]
    slots.append(("Old Stock top", c.swag[s.old_stock[-1]] if s.old_stock else None,
                  f" ({len(s.old_stock)})" if s.old_stock else ""))
    slots.append(("feat discard top", c.feats[s.feat_discard[-1]] if s.feat_discard else None,
                  f" ({len(s.feat_discard)})" if s.feat_discard else ""))
    for i, (label, card, count) in enumerate(slots):
        x = 18 + i * 166 + (10 if i >= 3 else 0)
        cv.text(x, y0, label + count, 10, D.MUTED)
        rect = (x, y0 + 14, x + 158, y1)
        if card is None:
            cv.box(rect, outline=D.FAINT)
            cv.text(x + 79, y0 + 50, "empty", 12, D.MUTED, align="center")
        else:
            cv.card(rect, card.name, _card_lines(card, 148), size=11,
                    corner=f"{card.price}T" if not card.is_feat else "")
    x = 18 + 5 * 166 + 16
    cv.text(x, y0, "decks", 10, D.MUTED)
    cv.text(x, y0 + 16, f"feats {len(s.feat_deck)}", 12, D.INK)
    cv.text(x, y0 + 34, f"swag {len(s.swag_deck)}", 12, D.INK)
    for k, (name, holder, active) in enumerate((("Reanimation", s.rean_holder, s.rean_active),
                                                 ("Monkey", s.monkey_holder, s.monkey_active))):
        cv.text(18 + 230 * k, y1 + 10, f"{name} tile: "
                + (f"P{holder}, {'ready' if active else 'used'}" if holder >= 0 else "unclaimed"), 13, D.INK)
    if s.gorg_icon >= 0:
        cv.text(478, y1 + 10, f"Gorg type this turn: {TYPES[s.gorg_icon].capitalize()}", 13, D.INK)
    if 0 <= s.declared < 3:
        cv.text(748, y1 + 10, f"Chateau token this turn: {TOKENS[s.declared].capitalize()}", 13, D.INK)


def _dice(cv, s) -> None:
    c = s.game.content
    y = TRAY_Y + 30
    sel = s.sel if s.pend and not s.cq and s.pend[-1][0] == D_SELECT else ()
    rolled = False
    for d in range(MAX_DICE):
        x = 24 + d * 76
        col = s.d_col[d]
        if col < 0:
            cv.box((x, y, x + 52, y + 52), outline=D.FAINT, radius=6)
            continue
        rolled = True
        caps = [w for w, on in (("locked", s.d_lock[d]), ("used", s.d_used[d]), ("picked", d in sel),
                                ("luck used", s.d_luck[d])) if on]
        cv.die(x, y, s.d_face[d], D.COLOURS[DIE_COLOURS[col]], size=52, locked=bool(s.d_lock[d]),
               used=bool(s.d_used[d]), selected=d in sel, caption=[DIE_NAMES[col], ", ".join(caps)])
    y2 = y + 96
    cv.text(24, y2, "White action dice", 12, D.MUTED)
    for w in range(2):
        x = 24 + w * 76
        face = s.w_face[w]
        caps = [x for x, on in (("spent", s.w_spent[w]), ("claimed", s.w_claimed[w])) if on]
        cv.die(x, y2 + 20, 0, D.COLOURS["white"], size=52, label=WHITE_FACES[face] if face >= 0 else "-",
               used=bool(s.w_spent[w] or s.w_claimed[w]), caption=", ".join(caps))
    x = 200
    if not rolled:
        cv.text(x, y2 + 20, "no dice in play", 13, D.MUTED)
    if s.cur_loc >= 0 and s.enc_at[s.cur_loc] >= 0:
        e = s.enc_at[s.cur_loc]
        cv.text(x, y2 + 20, f"facing {c.enc_name[e]}: {_combo(c.enc_combo[e])}", 13, D.INK, width=430)
    cv.text(x, y2 + 42, f"selection cancels left this turn: {3 - s.cancels}", 12, D.INK)
    if s.n == 1 and s.adv_removed:
        cv.text(x, y2 + 62, "the Adversary has left for the rest of the round", 12, D.INK)


def _items(s, p: int, kind: int, picked) -> tuple[list, list, list]:
    """(swag, feats, encounters) of seat p as (text, colour) lines, picks marked."""
    c = s.game.content
    swag = []
    for j, (w, e) in enumerate(zip(s.swag[p], s.exh[p])):
        card = c.swag[w]
        chosen = (kind == D_SHRINE and j in picked) or (kind == D_FORGET and SWAG_PICK + j in picked)
        text = f"{card.name}{' (exhausted)' if e else ''}{' [picked]' if chosen else ''}: {card_text(card)}"
        swag.append((text, D.HIGHLIGHT if chosen else (D.MUTED if e else D.INK)))
    feats = []
    for i, f in enumerate(s.feats[p]):
        card = c.feats[f]
        chosen = kind == D_GUNSLOOP and i in picked
        feats.append((f"{card.name} (cost {card.feat_cost}){' [picked]' if chosen else ''}: {card_text(card)}",
                      D.HIGHLIGHT if chosen else D.INK))
    encs = []
    for i, e in enumerate(s.stack[p]):
        chosen = kind == D_FORGET and i in picked
        encs.append((f"{c.enc_name[e]} ({' + '.join(TYPES[t].capitalize() for t in c.enc_types[e])}, "
                     f"{c.enc_secrets[e]} secret{'s' if c.enc_secrets[e] != 1 else ''})"
                     + (" [picked]" if chosen else ""), D.HIGHLIGHT if chosen else D.INK))
    return swag, feats, encs


def _seat(cv, s, p: int, deciding: bool) -> None:
    c = s.game.content
    x0, y0, x1, y1 = _seat_rect(s.n, p)
    if deciding:
        cv.box((x0, y0, x1, y1), outline=D.HIGHLIGHT, width=3, radius=6)
    cv.draw.rectangle((x0 + 1, y0 + 1, x0 + 7, y1 - 1), fill=D.SEATS[p])
    cv.text(x0 + 14, y0 + 5, _seat_name(s, p), 15, D.SEATS[p], width=230)
    marks = [m for m, on in (("active player", p == s.active and not s.over), ("deciding", deciding)) if on]
    cv.text(x0 + 250, y0 + 8, " · ".join(marks), 12, D.HIGHLIGHT)
    cv.text(x1 - 10, y0 + 5, f"score {score(s, p)}", 15, D.INK, align="right")
    y = y0 + 28
    x = x0 + 14
    for t in range(4):
        x = cv.counter(x, y, s.tokens[4 * p + t], TOKEN_COLOURS[t], TOKENS[t].capitalize(), r=10)
    secrets = sum(c.enc_secrets[e] for e in s.stack[p])
    cv.text(x + 4, y + 3, f"encounters {len(s.stack[p])} ({secrets} secret{'s' if secrets != 1 else ''})",
            12, D.INK, width=x1 - x - 14)
    y += 26
    x = cv.text(x0 + 14, y + 2, "tentacles:", 12, D.INK) + 6
    if not s.tent[p]:
        cv.text(x, y + 2, "none", 12, D.MUTED)
    for v, fl in zip(s.tent[p][:10], s.flipped[p][:10]):
        x = cv.counter(x, y, v, D.shade(D.COLOURS["purple"], 0.55) if fl else D.COLOURS["purple"], r=9) + 2
    if len(s.tent[p]) > 10:
        x = cv.text(x + 2, y + 2, f"+{len(s.tent[p]) - 10}", 12, D.INK)
    if any(s.flipped[p]):
        cv.text(x + 4, y + 2, "(pale = flipped)", 11, D.MUTED)
    ic = icon_counts(s, p)
    cv.text(x1 - 10, y + 2, "icons " + " · ".join(f"{TYPES[t].capitalize()} {ic[t]}" for t in range(4)),
            12, D.INK, align="right")
    y += 26
    frame = s.pend[-1] if s.pend and not s.cq and not s.over else None
    picked = s.sel if frame is not None and frame[1] == p else ()
    swag, feats, encs = _items(s, p, frame[0] if frame is not None else -1, picked)
    if s.n <= 2:  # room for full-width sections, the encounters included
        size = 13 if s.n == 1 else 11
        for title, items in (("swag", swag), ("feats", feats), ("encounters overcome", encs)):
            cv.text(x0 + 14, y, f"{title} ({len(items)})", 12, D.MUTED)
            room = max(1, min(len(items), (y1 - y - 20) // (size + 3)))
            y = cv.lines(x0 + 14, y + 16, items, x1 - x0 - 28, size, gap=-1, max_lines=room) + 6
        return
    room = max(1, (y1 - y - 18) // 15)
    cv.text(x0 + 14, y, f"swag ({len(swag)})", 11, D.MUTED)
    cv.text(x0 + 360, y, f"feats ({len(feats)})", 11, D.MUTED)
    cv.lines(x0 + 14, y + 14, swag, 336, 11, gap=0, max_lines=room)
    cv.lines(x0 + 360, y + 14, feats, x1 - x0 - 370, 11, gap=0, max_lines=room)


def _paint(cv, s) -> None:
    """Everything that changes, over the backdrop."""
    text, colour = _status(s)
    cv.text(12, 32, text, 15, colour, width=1000)
    cv.text(W - 12, 12, f"turn {s.turn + 1}" + (f" · round {s.round + 1}" if s.n == 1 else "")
            + (f" · active P{s.active}" if not s.over else ""), 14, D.INK, align="right")
    _locations(cv, s)
    _middle(cv, s)
    _row(cv, s)
    _dice(cv, s)
    deciding = s.pend[-1][1] if s.pend and not s.cq and not s.over else -1
    for p in range(s.n):
        _seat(cv, s, p, p == deciding)


def draw(s):
    """The picture of ``s`` as an ``HxWx3 uint8`` array (1600x900 for every configuration)."""
    return D.picture(s.game, build, lambda cv: _paint(cv, s))
