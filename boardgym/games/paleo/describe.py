"""Readable action names for the command line (``boardgym play paleo``): each flat action is
named in the context of the pending decision (cards, options, groups, people, tools).

Only public information is used: facedown cards are named by their backs.
"""
from __future__ import annotations

from . import actions as A
from .constants import ABIL_NAMES, A_MOON, BACK_TYPES, EFFECTS, HINTS, RES, TE_ABILITY, TE_FOOD, TE_HEAL, TE_PREVENT
from .kinds import (D_CLOSE, D_COMMIT, D_CRAFT, D_HOST, D_HPERSON, D_KGROUP, D_KPERSON,
                    D_NEG, D_NIGHTOPT, D_NTOOL, D_OWNER, D_PLACE, D_PREVENT, D_SPLIT,
                    D_TALISMAN, D_TOOLWIN, D_WGROUP, D_WPERSON, OW_SECRET, SP_DREAM, SP_HEAL,
                    SP_PERSON, SP_TOOL)

_ABIL = ("STR", "AWR", "SKL")


def back_name(game, b: int) -> str:
    t, hints = game.content.back_keys[b]
    h = "/".join(HINTS[x] for x in hints)
    return BACK_TYPES[t] + (f"[{h}]" if h else "")


def tool_name(game, t: int) -> str:
    return game.content.tools[t].name


def effect_text(game, e) -> str:
    k, a, b = e
    name = EFFECTS[k]
    if name in ("RES", "LOSE_RES"):
        return f"{'+' if name == 'RES' else '-'}{b} {RES[a]}"
    if name in ("TOOL", "LOSE_TOOL"):
        n = f"{b} " if b > 1 else ""
        return f"{'+' if name == 'TOOL' else 'lose '}{n}{tool_name(game, a)}"
    if name == "SKULL":
        return "+1 skull" if a > 0 else "-1 skull"
    if name in ("WOUND", "PREVENT", "HEAL", "DISCARD"):
        return f"{name.lower()} {a}"
    if name == "SECRET":
        return f"secret {a}"
    return {"PERSON": "new person", "KILL": "a person dies", "DREAM": "dream", "IDEA": "idea",
            "VICTORY": "VICTORY", "CRAFT": "craft", "PLACE_SELF": "card stays in the group"}[name]


def option_text(game, opt) -> str:
    parts = []
    if opt.label:
        parts.append(opt.label)
    if opt.neg:
        parts.append("negative")
    req = [f"{v} {_ABIL[i]}" for i, v in enumerate(opt.req) if v]
    if opt.dice:
        req.append(f"{opt.dice} {'die' if opt.dice == 1 else 'dice'}")
    req += [f"has {tool_name(game, t)}" for t in opt.has_tool]
    if opt.on_card:
        req.append(f"{opt.on_card} on the card")
    if req:
        parts.append("req " + ", ".join(req))
    cost = [f"{n} {RES[r]}" for r, n in enumerate(opt.cres) if n]
    cost += [tool_name(game, t) for t in opt.ctools]
    if opt.discard:
        cost.append(f"discard {opt.discard}")
    if opt.from_card:
        cost.append(f"{opt.from_card} from the card")
    if opt.remove:
        cost.append("remove")
    if cost:
        parts.append("cost " + ", ".join(cost))
    rew = ", ".join(effect_text(game, e) for e in opt.reward) or "nothing"
    parts.append("-> " + rew)
    return "; ".join(parts)


def tool_effect(game, t: int) -> str:
    tool = game.content.tools[t]
    if tool.effect == TE_ABILITY:
        return " ".join(f"+{v} {_ABIL[i]}" for i, v in enumerate(tool.ability) if v)
    if tool.effect == TE_PREVENT:
        return f"prevent {tool.n}"
    if tool.effect == TE_HEAL:
        return f"heal {tool.n}"
    if tool.effect == TE_FOOD:
        return f"+{tool.n} food"
    return ""


def person_text(s, g: int, p: int) -> str:
    if g < 0 or p >= len(s.ppl[g]):
        return f"person {p}"
    c = s.game.content.cards[s.ppl[g][p]]
    ab = ABIL_NAMES[c.ability]
    return f"{c.name} ({ab}{c.value if c.ability < 3 else ''}, {s.wnd[g][p]}/{c.hearts} wounds)"


def _frame_card(s, f) -> int:
    kind = f[0]
    if kind == D_OWNER:
        return s.sec_card if f[2] == OW_SECRET else s.rev[f[1]]
    if kind == D_NIGHTOPT:
        return f[2]
    if kind in (D_NEG, D_TOOLWIN):
        return s.r_card
    return -1


def describe_action(state, action: int) -> str:
    s = state
    game = s.game
    cards = game.content.cards
    name, k = game.catalog.split(action)
    base = game.catalog.describe(action)
    f = s.pend[-1] if s.pend else (None, -1, 0, 0)
    kind, g = f[0], f[1]

    if name == "PICK" and kind == D_COMMIT:
        deck = s.deck_b[g]
        i, swap = divmod(action - A.PICK, 2)
        text = f"{base} take card {i} ({back_name(game, deck[i])})" if i < len(deck) else base
        rest = [back_name(game, deck[j]) for j in range(min(3, len(deck))) if j != i]
        if swap:
            rest.reverse()
        if rest:
            text += "; return " + ", ".join(rest) + (" (order swapped)" if swap else "")
        return text
    if name == "SLEEP_EARLY":
        return f"{base} sleep early: the rest of the deck ({len(s.deck_b[g])} cards) goes facedown"
    if name == "RESOLVE_NEXT":
        if s.sec_card >= 0 and k == s.sec_owner:
            return f"{base} resolve the secret {cards[s.sec_card].name} (group {k}) next"
        x = s.rev[k]
        what = cards[x].name if x >= 0 else "its card"
        if s.sec_card >= 0:
            return f"{base} group {k} spends {what} helping the secret"
        return f"{base} resolve group {k}'s {what} next"
    if name == "OPTION":
        x = _frame_card(s, f)
        if x >= 0 and k < len(cards[x].opts):
            opt = cards[x].opts[k]
            area = " (night)" if opt.area == A_MOON else ""
            return f"{base} {cards[x].name}{area}: {option_text(game, opt)}"
        return base
    if name == "HELP":
        target = s.sec_card if (s.sec_card >= 0 and k == s.sec_owner) else s.rev[k]
        what = f" with {cards[target].name}" if target >= 0 else ""
        return f"{base} help group {k}{what} (discard own card)"
    if name == "IGNORE":
        x = _frame_card(s, f)
        return f"{base} ignore {cards[x].name} (discard faceup)" if x >= 0 else base
    if name == "ALT" and k < len(game.alt_inst):
        x, o = game.alt_inst[k]
        return f"{base} alternative action of {cards[x].name}: {option_text(game, cards[x].opts[o])}"
    if name == "ADD" and k < len(game.add_inst):
        x, o = game.add_inst[k]
        return f"{base} additional action of {cards[x].name}: {option_text(game, cards[x].opts[o])}"
    if name == "TOOL" and k < game.T:
        tn = tool_name(game, k)
        eff = tool_effect(game, k)
        verb = {D_TOOLWIN: "use", D_PREVENT: "prevent a wound with",
                D_CRAFT: "use" if f[2] else "craft",  # f[2]: the recipe's tool window
                D_OWNER: "use", D_NTOOL: "use"}.get(kind, "use")
        return f"{base} {verb} {tn}" + (f" ({eff})" if eff else "")
    if name == "GROUP":
        if kind == D_WGROUP:
            return f"{base} group {k} takes the {f[2]} wound(s)"
        if kind == D_KGROUP:
            return f"{base} a person of group {k} dies"
        if kind == D_SPLIT:
            what = {SP_TOOL: f"the {tool_name(game, f[3] % 100)}" if f[3] % 100 < game.T else "the tool",
                    SP_PERSON: "the new person", SP_DREAM: "the dream", SP_HEAL: "1 heal"}.get(f[2], "it")
            return f"{base} group {k} gets {what}"
        return f"{base} group {k}"
    if name == "PERSON":
        grp = f[2] if kind == D_HPERSON else g
        verb = {D_WPERSON: f"takes the {f[2]} wound(s):", D_KPERSON: "dies:",
                D_HPERSON: "heals 1:"}.get(kind, "")
        return f"{base} {verb} {person_text(s, grp, k)}".replace("  ", " ")
    if name == "IDEA_SLOT":
        if k < len(s.bench) and k < 4:
            return f"{base} remove the idea {cards[s.bench[k]].name}"
        if s.bench:
            return f"{base} remove the new idea {cards[s.bench[-1]].name}"
        return base
    if name == "CARD" and k < len(s.inplay):
        host = cards[s.inplay[k]].name
        if kind == D_HOST:
            code = f[2]
            what = RES[code] if code < 3 else tool_name(game, code - 3)
            return f"{base} put the {what} on {host}"
        if kind == D_PLACE:
            return f"{base} place the card on {host}"
        return f"{base} {host}"
    if name == "CONFIRM":
        text = {D_TALISMAN: "spend a talisman: discard the hazard without effect",
                D_TOOLWIN: "accept the check (requirements met)",
                D_OWNER: "place the card as instructed", D_CLOSE: "end the turn's window",
                D_NTOOL: "done with tools"}.get(kind, "confirm")
        return f"{base} {text}"
    if name == "DECLINE":
        text = {D_TALISMAN: "keep the talisman, resolve the hazard",
                D_TOOLWIN: "give up: the check fails",
                D_PREVENT: "no prevention", D_CRAFT: "craft nothing",
                D_HOST: "take it normally (storage / group)"}.get(kind, "decline")
        return f"{base} {text}"
    if name == "NOOP":
        return f"{base} nothing to do"
    return base
