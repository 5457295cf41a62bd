"""Ancient Terrible Things in player words, for the terminal player (``boardgym play``) and logs:
each action named with what it does in the context of the pending decision, the table as a
seat sees it (everything in ATT is public but the decks' order), the public piles, and the
end-of-game account. No internal codes: dice are named by colour and face, locations by name,
combinations as the rulebook states them."""
from __future__ import annotations

from .constants import BACKS, COLOURS, COMBOS, TOKENS, TYPES
from .kinds import (D_ACH, D_ADV_PLACE, D_BUY, D_CHASM, D_FORGET, D_GORG_ICON, D_GUNSLOOP,
                    D_REANIMATE, D_REFRESH, D_RESOLVE, D_SELECT, D_SHRINE, D_URGENT2, D_URGENT3,
                    D_VILLAGE_CYCLE, D_VILLAGE_SELL, DECISIONS, SEL_COMBO)
from .render import card_text as _card_text, plural
from .trade import price

WHITE_FACES = (*TOKENS, "blank")
WHEN = {"pre": "before the roll", "post": "after the roll", "resolve": "at Resolve", "any": "any time",
        "passive": "always"}


def card_text(card) -> str:
    """What a swag or feat does, with its timing in words ("after the roll (exhaust): ...")."""
    text = _card_text(card)
    when, sep, rest = text.partition(":")
    head, _, cost = when.partition(" (")
    return f"{WHEN.get(head, head)}{' (' + cost if cost else ''}{sep}{rest}"

# what each pending decision asks (kinds.DECISIONS), in words
ASKS = {
    "explore": "which location to explore", "chateau_token": "the Chateau's token for this turn",
    "tp_cycle": "a Trading Post row card to send to Old Stock", "village_sell": "sell a swag at the Village, or not",
    "village_tokens": "the tokens the sale pays", "gunsloop_discard": "feats to discard at the Gunsloop, then confirm",
    "gorg_icon": "the encounter type the Gorg gives this turn", "shrine": "swag to refresh at the Shrine, then confirm",
    "achievement": "an achievement to claim, or not", "chasm": "an encounter to take at the Chasm for Courage, or not",
    "buy": "a swag to buy, or not", "village_cycle": "a row card to cycle at the Village, or not",
    "preroll": "cards to play before the roll, or roll", "encounter": "cards to play on the dice, or go to Resolve",
    "resolve": "a combination to spend on a scenario line or the encounter, or stop",
    "action_die": "the white die that pays", "select": "the dice for this effect or combination",
    "value": "the new face of the die", "token": "the token a scenario line pays", "refresh": "the swag to refresh",
    "urgent2": "draw a feat or refresh a swag", "urgent3": "the swag to refresh",
    "reanimate": "the swag the Reanimation tile refreshes", "monkey_buy": "the row swag the Monkey buys",
    "adversary_place": "where the Adversary goes (a 6 was rolled)", "forget": "what to forget at the round's end",
}
assert set(ASKS) == set(DECISIONS)

LEADER = {
    "claim_reanimation": "take the Reanimation tile (refresh a swag once)",
    "declare_token": "declare focus, treasure or feat for this turn",
    "gain_courage": "+1 courage", "discard_feats": "discard any feats",
    "claim_monkey_cycle_row": "take the Monkey tile, then send a row swag to Old Stock",
    "gorg_icon": "choose an encounter type for this turn; the others gain its token",
    "claim_monkey_sell_swag": "take the Monkey tile, may sell a swag for tokens",
    "gain_feat_token": "+1 feat token", "claim_monkey_gain_treasure": "take the Monkey tile, +1 treasure",
}


def bonus_words(b: dict) -> str:
    k = b["kind"]
    if k == "refresh_swag":
        return f"each may refresh up to {b['n']} exhausted swag"
    if k == "buy":
        return ("each may buy a row swag" + (" or the Old Stock top" if b.get("from_old_stock") else "")
                + (f", {b['discount']} treasure off" if b.get("discount") else ""))
    return {"declared_token_then_achievement": "each gains the declared token, then may claim an achievement",
            "achievement_gorg": "each may claim an achievement", "chasm_take":
            "each may take an encounter anywhere for Courage equal to its secrets",
            "draw_feats_to": f"each draws feats up to {b.get('n', 3)}",
            "redraw_feats": f"each discards their feats and draws {b.get('n', 3)}",
            "cycle_then_buy": "each may cycle a row swag, then buy one"}.get(k, k.replace("_", " "))


def tile_words(game, k: int) -> str:
    t = game.tiles[k]
    return f"explorer: {LEADER.get(t['leader']['kind'], '')}; everyone: {bonus_words(t['bonus'])}"


def combo_words(combo) -> str:
    """A combination as the rulebook states it (ATT-COMBO-1..4)."""
    kind, lo, ln = combo
    name = COMBOS[kind]
    if name == "high":
        return f"{ln} {'die' if ln == 1 else 'dice'} showing {lo} or more"
    if name == "pair":
        return f"a pair of {lo}s or higher"
    if name == "block":
        return f"{ln}+ dice of one value, {lo} or higher"
    return f"a run of {ln}+ dice from {lo} or higher"


def enc_words(c, e: int) -> str:
    return (f"{c.enc_name[e]} ({'/'.join(TYPES[t] for t in c.enc_types[e])}; needs {combo_words(c.enc_combo[e])}; "
            f"{plural(c.enc_secrets[e], 'secret')})")


def die_words(s, d: int) -> str:
    face = s.d_face[d]
    return f"{COLOURS[s.d_col[d]]} die {d + 1}" + (f" showing {face}" if face else " (not rolled)")


def describe_action(state, action: int) -> str:
    """An action named with what it does in the context of the pending decision."""
    s = state
    g, c = s.game, s.game.content
    name, k = g.catalog.split(action)
    f = s.pend[-1] if s.pend else (None, -1, 0, 0)
    kind, p = f[0], f[1]

    if name == "LOC":
        tile = g.tiles[k]["name"]
        e = s.enc_at[k]
        what = enc_words(c, e) if e >= 0 else "no encounter"
        if kind == D_ADV_PLACE:
            return f"place the Adversary at {tile}, holding {what}"
        if kind == D_CHASM:
            return f"take {what} from {tile} for {c.enc_secrets[e]} courage"
        toks = ", ".join(f"{v} {TOKENS[t]}" for t, v in enumerate(s.loc_tokens[4 * k:4 * k + 4]) if v)
        return (f"explore {tile}: {what}; take " + (toks or "no tokens") + f" | {tile_words(g, k)}")
    if name == "FEAT" and k < len(s.feats[p]):
        card = c.feats[s.feats[p][k]]
        if kind == D_GUNSLOOP:
            return f"discard the feat {card.name}"
        return f"play the feat {card.name} (costs {card.feat_cost} feat tokens): {card_text(card)}"
    if name == "SWAG" and k < len(s.swag[p]):
        card = c.swag[s.swag[p][k]]
        exh = " (exhausted)" if s.exh[p][k] else ""
        verb = {D_SHRINE: "refresh", D_VILLAGE_SELL: "sell", D_FORGET: "forget", D_URGENT2: "refresh",
                D_URGENT3: "refresh", D_REANIMATE: "refresh", D_REFRESH: "refresh"}.get(kind, "use")
        if verb == "sell":
            return f"sell the swag {card.name} for {(card.price + 1) // 2} tokens of your choice"
        text = f": {card_text(card)}" if verb == "use" else ""
        return f"{verb} the swag {card.name}{exh}{text}"
    if name == "ACTION_DIE":
        return f"pay with white die {k + 1} (showing {WHITE_FACES[s.w_face[k]]})"
    if name == "DIE":
        what = ("add to the combination" if kind == D_SELECT and f[2] == SEL_COMBO
                else "choose for the effect" if kind == D_SELECT else "pick")
        return f"{what}: {die_words(s, k)}"
    if name == "LINE" and k < len(g.lines):
        combo, toks = g.lines[k]
        return f"spend {combo_words(combo)} on scenario line {k + 1}: one {' or '.join(TOKENS[t] for t in toks)} per die"
    if name == "ENCOUNTER":
        e = s.enc_at[s.cur_loc] if s.cur_loc >= 0 else -1
        return ("overcome the encounter" + (f" {enc_words(c, e)}: it goes to your stack" if e >= 0 else ""))
    if name == "CLAIM":
        return f"claim white die {k + 1}: +1 {WHITE_FACES[s.w_face[k]]}"
    if name == "TOKEN":
        return f"take {TOKENS[k]}"
    if name == "ICON":
        if kind == D_GORG_ICON:
            return f"choose {TYPES[k]}: +1 {TYPES[k]} icon for you this turn, the others gain its token"
        if kind == D_ACH:
            return f"claim the {TYPES[k]} achievement ({c.ach_name[k][0]} / {c.ach_name[k][1]})"
        if kind == D_FORGET:
            return f"forget the {TYPES[k]} achievement"
        return TYPES[k]
    if name == "BUY":
        w = (s.old_stock[-1] if s.old_stock else -1) if k == 3 else s.row[k]
        if w >= 0:
            cost = price(s, p, w, f[3] if kind == D_BUY else 0)
            src = "Old Stock" if k == 3 else f"the row (card {k + 1})"
            return (f"buy {c.swag[w].name} from {src} for {cost} treasure "
                    f"({plural(c.swag[w].secrets, 'secret')}): {card_text(c.swag[w])}")
    if name == "CYCLE" and s.row[k] >= 0:
        return f"send {c.swag[s.row[k]].name} to Old Stock (the row is refilled)"
    if name == "URGENT":
        gain = {0: "draw a feat", 1: "draw a feat", 2: "draw a feat or refresh a swag",
                3: "draw a feat and refresh a swag"}[k]
        return f"urgent revelation: flip a tentacle of value {k} to {gain} (it still counts against you)"
    if name == "VALUE":
        return f"set the die to {k + 1}"
    if name == "STACK" and k < len(s.stack[p]):
        return f"forget the encounter {c.enc_name[s.stack[p][k]]} ({plural(c.enc_secrets[s.stack[p][k]], 'secret')})"
    if name == "CONFIRM":
        return {D_URGENT2: "draw a feat", D_GUNSLOOP: "done discarding feats", D_SHRINE: "done refreshing swag",
                D_REFRESH: "done refreshing swag", D_FORGET: "forget what is selected",
                D_SELECT: ("spend the selected dice on the combination" if f[2] == SEL_COMBO
                           else "apply the effect to the selected dice")}.get(kind, "confirm")
    if name == "PASS":
        e = s.enc_at[s.cur_loc] if s.cur_loc >= 0 else -1
        return {D_SELECT: "cancel this selection",
                D_RESOLVE: "end Resolve" + (f": {c.enc_name[e]} is not overcome, it goes to the Rumours and you "
                                            "take the next tentacle" if e >= 0 else ""),
                D_ACH: "claim no achievement", D_CHASM: "take nothing", D_BUY: "buy nothing",
                D_VILLAGE_SELL: "sell nothing", D_VILLAGE_CYCLE: "cycle nothing"}.get(kind, "pass (do nothing here)")
    simple = {
        "ROLL": "roll the dice", "TO_RESOLVE": "stop using cards: go to Resolve",
        "REANIMATE": "use the Reanimation tile (refresh a swag)", "MONKEY": "use the Monkey tile (buy a row swag)",
        "LUCK": "reroll the luck die showing 1 (free)", "NOOP": "wait",
    }
    return simple.get(name, g.catalog.describe(action))


def decision_words(s) -> str:
    f = s.pend[-1]
    return ASKS[DECISIONS[f[0]]]


def _tokens(vals) -> str:
    return ", ".join(f"{TOKENS[k]} {v}" for k, v in enumerate(vals))


def seat_lines(s, p: int) -> list[str]:
    from .scoring import score

    c = s.game.content
    ch = c.char_name[s.chars[p]] if s.chars[p] >= 0 else "no character yet"
    tents = ", ".join(f"{v}{' (flipped)' if fl else ''}" for v, fl in zip(s.tent[p], s.flipped[p])) or "none"
    out = [f"Seat {p} {ch}: score {score(s, p)} | {_tokens(s.tokens[4 * p:4 * p + 4])} | "
           f"overcome {len(s.stack[p])} | tentacles {tents}"]
    for w, e in zip(s.swag[p], s.exh[p]):
        out.append(f"    swag {c.swag[w].name}{' (exhausted)' if e else ''}: {card_text(c.swag[w])}")
    for x in s.feats[p]:
        out.append(f"    feat {c.feats[x].name} (costs {c.feats[x].feat_cost}): {card_text(c.feats[x])}")
    return out


def state_text(s, seat: int) -> str:
    """The table as ``seat`` sees it: in ATT every part is public (spec §4) but the decks' order."""
    g, c = s.game, s.game.content
    out = [f"== Ancient Terrible Things, scenario {g.config['scenario']}, turn {s.turn + 1}: "
           f"seat {s.active}'s turn" + (" (game over)" if s.over else "")]
    top = next((BACKS[b] for b in range(3) if s.deck[b]), None)
    out.append("Encounter deck: " + ", ".join(f"{s.deck[b]} {BACKS[b]}" for b in range(3))
               + (f" (next: {top})" if top else " (empty)"))
    out.append(f"Doom stack: {len(s.doom)} tentacles; a failed encounter takes the next"
               + (f", a {s.doom[-1]} (then {', '.join(map(str, reversed(s.doom[:-1]))) or 'none'})" if s.doom
                  else ": none left, the next failure ends the game"))
    rumour_secrets = sum(c.enc_secrets[e] for e in s.rumours)
    out.append(f"Rumours: {len(s.rumours)} encounters, {plural(rumour_secrets, 'secret')}")
    if s.n == 1:
        out.append(f"Adversary at: {g.tiles[s.adv]['name'] if s.adv >= 0 else 'nowhere yet'}; round {s.round}; "
                   f"at the round's end forget {c.forget_multiplier * rumour_secrets} secrets")
    out.append("Locations:")
    for k in range(5):
        e = s.enc_at[k]
        mark = "you are here: " if k == s.cur_loc else ""
        adv = " [the Adversary is here]" if s.n == 1 and k == s.adv else ""
        toks = ", ".join(f"{v} {TOKENS[t]}" for t, v in enumerate(s.loc_tokens[4 * k:4 * k + 4]) if v) or "no tokens"
        out.append(f"  {mark}{g.tiles[k]['name']}: {enc_words(c, e) if e >= 0 else 'no encounter'}; {toks}{adv}")
        out.append(f"      {tile_words(g, k)}")
    out.append("Trading Post row: " + "; ".join(
        f"{c.swag[w].name} ({c.swag[w].price} treasure): {card_text(c.swag[w])}" for w in s.row if w >= 0))
    if s.old_stock:
        w = s.old_stock[-1]
        out.append(f"Old Stock top: {c.swag[w].name} ({c.swag[w].price} treasure)")
    out.append("Scenario lines: " + "; ".join(
        f"{i + 1}. {combo_words(cb)} -> {' or '.join(TOKENS[t] for t in toks)}" for i, (cb, toks) in enumerate(g.lines)))
    ach = []
    for t in range(4):
        h = s.ach_holder[t]
        ach.append(f"{TYPES[t]}: " + (f"seat {h} ({c.ach_name[t][s.ach_side[t]]})" if h >= 0
                                     else "retired" if s.ach_retired[t] else "unclaimed"))
    out.append("Achievements: " + ", ".join(ach))
    tiles = []
    if s.rean_holder >= 0:
        tiles.append(f"Reanimation tile: seat {s.rean_holder}, {'ready' if s.rean_active else 'used'}")
    if s.monkey_holder >= 0:
        tiles.append(f"Monkey tile: seat {s.monkey_holder}, {'ready' if s.monkey_active else 'used'}")
    if s.gorg_icon >= 0:
        tiles.append(f"the Gorg's type this turn: {TYPES[s.gorg_icon]}")
    if 0 <= s.declared < 3:
        tiles.append(f"the Chateau's token this turn: {TOKENS[s.declared]}")
    if tiles:
        out.append("; ".join(tiles))
    order = [seat] + [q for q in range(s.n) if q != seat]
    for p in order:
        out += seat_lines(s, p)
    dice = []
    for d in range(8):
        if s.d_col[d] >= 0:
            flags = [w for w, on in (("locked", s.d_lock[d]), ("used", s.d_used[d]), ("selected", d in s.sel),
                                     ("luck reroll used", s.d_luck[d])) if on]
            dice.append(die_words(s, d) + (f" ({', '.join(flags)})" if flags else ""))
    if dice:
        whites = [f"white die {w + 1} " + (f"showing {WHITE_FACES[s.w_face[w]]}" if s.w_face[w] >= 0 else "(not rolled)")
                  + (" (spent)" if s.w_spent[w] else "") + (" (claimed)" if s.w_claimed[w] else "") for w in range(2)]
        out.append("Dice: " + "; ".join(dice + whites))
    if not s.over and s.pend and not s.cq:
        out.append(f"Seat {s.pend[-1][1]} decides: {decision_words(s)}")
    return "\n".join(out)


def public_lines(s) -> list[str]:
    """The public piles: the feat discard, Old Stock, the Rumours and every seat's stack."""
    c = s.game.content
    out = ["Feat discard pile (newest last): " + (", ".join(c.feats[x].name for x in s.feat_discard) or "empty"),
           "Old Stock (top last): " + (", ".join(c.swag[w].name for w in s.old_stock) or "empty"),
           "Rumours (encounters failed): " + (", ".join(enc_words(c, e) for e in s.rumours) or "none"),
           "Doom stack, next first: " + (", ".join(map(str, reversed(s.doom))) or "empty")]
    for p in range(s.n):
        out.append(f"Seat {p} overcame: " + (", ".join(enc_words(c, e) for e in s.stack[p]) or "nothing yet"))
    return out


def score_parts(s, p: int) -> dict:
    """ATT-END-2: encounters' secrets + swag secrets + achievements + courage/3 - tentacles."""
    from .achievements import achievement_secrets
    from .constants import COURAGE

    c = s.game.content
    return {"encounters": sum(c.enc_secrets[e] for e in s.stack[p]),
            "swag": sum(c.swag[w].secrets for w in s.swag[p]), "achievements": achievement_secrets(s, p),
            "courage": s.tokens[4 * p + COURAGE] // 3, "tentacles": -sum(s.tent[p])}


def summary_lines(s) -> list[str]:
    from .scoring import score, winners

    out = []
    if s.n > 1:
        out.append("The game ended: " + ("a tentacle was owed and the Doom stack was empty (ATT-END-1)" if not s.doom
                                         else "too few encounters were left to fill the locations (ATT-REVEAL-2)"))
    for p in range(s.n):
        parts = score_parts(s, p)
        out.append(f"Seat {p}: {score(s, p)} points = " + ", ".join(
            f"{v:+d} {k}" for k, v in parts.items()))
    if s.n == 1:
        out.append("Result: " + ("win, the Truth is found first" if s.solo_result > 0 else "defeat"))
    else:
        w = winners(s)
        out.append(("Winner: seat " if len(w) == 1 else "Winners (tied): seats ") + ", ".join(map(str, w)))
    return out


def hidden_lines(s) -> list[str]:
    """What no player sees, in player words (the viewer's full state): the cards left in each
    encounter deck, the feat deck and the swag deck. Each is drawn at random, so they are listed
    as held, not in an order."""
    from boardgym.core.narration import first_names as _some

    c = s.game.content
    out = []
    for b in range(3):
        left = [enc_words(c, e) for e in c.by_back[b] if s.enc_unseen[e]]
        out.append(f"{BACKS[b].capitalize()} encounter deck ({len(left)}, drawn at random): {_some(left, 3)}")
    out.append(f"Feat deck ({len(s.feat_deck)}, drawn at random): "
               + _some([c.feats[x].name for x in sorted(s.feat_deck)]))
    out.append(f"Swag deck ({len(s.swag_deck)}, drawn at random): "
               + _some([c.swag[w].name for w in sorted(s.swag_deck)]))
    return out
