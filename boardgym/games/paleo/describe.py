"""Readable action names for the command line (``boardgym play paleo``): each flat action is
named in the context of the pending decision (cards, options, groups, people, tools).

Only public information is used: facedown cards are named by their backs.
"""
from __future__ import annotations

from . import actions as A
from .constants import A_MOON, BACK_TYPES, EFFECTS, HINTS, RES, TE_ABILITY, TE_FOOD, TE_HEAL, TE_PREVENT
from .kinds import (D_CLOSE, D_COMMIT, D_CRAFT, D_HOST, D_HPERSON, D_KGROUP, D_KPERSON,
                    D_NEG, D_NIGHTOPT, D_NTOOL, D_OWNER, D_PLACE, D_PREVENT, D_SPLIT,
                    D_TALISMAN, D_TOOLWIN, D_WGROUP, D_WPERSON, OW_SECRET, SP_DREAM, SP_HEAL,
                    SP_PERSON, SP_TOOL)

_ABIL = ("strength", "awareness", "skill")
ORDINAL = ("first", "second", "third")
ABIL_WORDS = ("strength", "awareness", "skill", "no ability")


def _plain(game, action: int) -> str:
    name, k = game.catalog.split(action)
    return name.lower().replace("_", " ") + (f" {k}" if game.catalog.size(name) > 1 else "")


def back_name(game, b: int) -> str:
    """A card back in words: its type and the hints it shows ("River (wood, pelt)")."""
    t, hints = game.content.back_keys[b]
    h = ", ".join(HINTS[x].lower().replace("_", " ") for x in hints)
    return BACK_TYPES[t].capitalize() + (f" ({h})" if h else "")


def tool_name(game, t: int) -> str:
    return game.content.tools[t].name


def effect_text(game, e) -> str:
    k, a, b = e
    name = EFFECTS[k]
    if name in ("RES", "LOSE_RES"):
        return f"{'+' if name == 'RES' else '-'}{b} {RES[a]}"
    if name in ("WOUND", "PREVENT", "HEAL", "DISCARD"):
        return {"WOUND": f"{a} wound{'s' if a != 1 else ''}", "PREVENT": f"prevent {a} wound{'s' if a != 1 else ''}",
                "HEAL": f"heal {a}", "DISCARD": f"discard {a} card{'s' if a != 1 else ''}"}[name]
    if name in ("TOOL", "LOSE_TOOL"):
        return f"{'+' if name == 'TOOL' else 'lose '}{b} {tool_name(game, a)}"
    if name == "SKULL":
        return "+1 skull" if a > 0 else "-1 skull"
    if name == "SECRET":
        return f"the secret card {a}"
    return {"PERSON": "a new person", "KILL": "a person dies", "DREAM": "a dream card", "IDEA": "an idea",
            "VICTORY": "a victory", "CRAFT": "craft a tool", "PLACE_SELF": "the card stays in the group"}[name]


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
        parts.append("needs " + ", ".join(req))
    cost = [f"{n} {RES[r]}" for r, n in enumerate(opt.cres) if n]
    cost += [tool_name(game, t) for t in opt.ctools]
    if opt.discard:
        cost.append(f"discard {opt.discard} card{'s' if opt.discard != 1 else ''}")
    if opt.from_card:
        cost.append(f"{opt.from_card} from the card")
    if opt.remove:
        cost.append("the card leaves the game")
    if cost:
        parts.append("cost " + ", ".join(cost))
    rew = ", ".join(effect_text(game, e) for e in opt.reward) or "nothing"
    parts.append("gives " + rew)
    return "; ".join(parts)


def tool_effect(game, t: int) -> str:
    tool = game.content.tools[t]
    if tool.effect == TE_ABILITY:
        return ", ".join(f"+{v} {_ABIL[i]}" for i, v in enumerate(tool.ability) if v)
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
    ab = f"{ABIL_WORDS[c.ability]} {c.value}" if c.ability < 3 else "no ability"
    return f"{c.name} ({ab}, {s.wnd[g][p]} of {c.hearts} wounds)"


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
    base = ""
    f = s.pend[-1] if s.pend else (None, -1, 0, 0)
    kind, g = f[0], f[1]

    if name == "PICK" and kind == D_COMMIT:
        deck = s.deck_b[g]
        i, swap = divmod(action - A.PICK, 2)
        text = f"take the {ORDINAL[i]} card ({back_name(game, deck[i])})" if i < len(deck) else base
        rest = [back_name(game, deck[j]) for j in range(min(3, len(deck))) if j != i]
        if swap:
            rest.reverse()
        if rest:
            text += "; return " + ", ".join(rest) + (" (order swapped)" if swap else "")
        return text
    if name == "SLEEP_EARLY":
        return f"sleep early: the rest of the deck ({len(s.deck_b[g])} cards) goes facedown"
    if name == "RESOLVE_NEXT":
        if s.sec_card >= 0 and k == s.sec_owner:
            return f"resolve the secret {cards[s.sec_card].name} (group {k}) next"
        x = s.rev[k]
        what = cards[x].name if x >= 0 else "its card"
        if s.sec_card >= 0:
            return f"group {k} spends {what} helping the secret"
        return f"resolve group {k}'s {what} next"
    if name == "OPTION":
        x = _frame_card(s, f)
        if x >= 0 and k < len(cards[x].opts):
            opt = cards[x].opts[k]
            area = " (night)" if opt.area == A_MOON else ""
            return f"{cards[x].name}{area}: {option_text(game, opt)}"
        return base or _plain(game, action)
    if name == "HELP":
        target = s.sec_card if (s.sec_card >= 0 and k == s.sec_owner) else s.rev[k]
        what = f" with {cards[target].name}" if target >= 0 else ""
        return f"help group {k}{what} (discard own card)"
    if name == "IGNORE":
        x = _frame_card(s, f)
        return f"ignore {cards[x].name} (discard faceup)" if x >= 0 else base
    if name == "ALT" and k < len(game.alt_inst):
        x, o = game.alt_inst[k]
        return f"alternative action of {cards[x].name}: {option_text(game, cards[x].opts[o])}"
    if name == "ADD" and k < len(game.add_inst):
        x, o = game.add_inst[k]
        return f"additional action of {cards[x].name}: {option_text(game, cards[x].opts[o])}"
    if name == "TOOL" and k < game.T:
        tn = tool_name(game, k)
        eff = tool_effect(game, k)
        verb = {D_TOOLWIN: "use", D_PREVENT: "prevent a wound with",
                D_CRAFT: "use" if f[2] else "craft",  # f[2]: the recipe's tool window
                D_OWNER: "use", D_NTOOL: "use"}.get(kind, "use")
        return f"{verb} {tn}" + (f" ({eff})" if eff else "")
    if name == "GROUP":
        if kind == D_WGROUP:
            return f"group {k} takes the {f[2]} wound(s)"
        if kind == D_KGROUP:
            return f"a person of group {k} dies"
        if kind == D_SPLIT:
            what = {SP_TOOL: f"the {tool_name(game, f[3] % 100)}" if f[3] % 100 < game.T else "the tool",
                    SP_PERSON: "the new person", SP_DREAM: "the dream", SP_HEAL: "1 heal"}.get(f[2], "it")
            return f"group {k} gets {what}"
        return f"group {k}"
    if name == "PERSON":
        grp = f[2] if kind == D_HPERSON else g
        verb = {D_WPERSON: f"takes {f[2]} wound{'s' if f[2] != 1 else ''}", D_KPERSON: "dies",
                D_HPERSON: "heals 1"}.get(kind, "")
        return f"{person_text(s, grp, k)} {verb}".strip()
    if name == "IDEA_SLOT":
        if k < len(s.bench) and k < 4:
            return f"remove the idea {cards[s.bench[k]].name}"
        if s.bench:
            return f"remove the new idea {cards[s.bench[-1]].name}"
        return base or _plain(game, action)
    if name == "CARD" and k < len(s.inplay):
        host = cards[s.inplay[k]].name
        if kind == D_HOST:
            code = f[2]
            what = RES[code] if code < 3 else tool_name(game, code - 3)
            return f"put the {what} on {host}"
        if kind == D_PLACE:
            return f"place the card on {host}"
        return f"{host}"
    if name == "CONFIRM":
        text = {D_TALISMAN: "spend a talisman: discard the hazard without effect",
                D_TOOLWIN: "accept the check (requirements met)",
                D_OWNER: "place the card as instructed", D_CLOSE: "end the turn's window",
                D_NTOOL: "done with tools"}.get(kind, "confirm")
        return f"{text}"
    if name == "DECLINE":
        text = {D_TALISMAN: "keep the talisman, resolve the hazard",
                D_TOOLWIN: "give up: the check fails",
                D_PREVENT: "no prevention", D_CRAFT: "craft nothing",
                D_HOST: "take it normally (storage / group)"}.get(kind, "decline")
        return f"{text}"
    if name == "NOOP":
        return f"nothing to do"
    return base or _plain(game, action)


# -- the table as a group sees it, the public piles, the end -----------------------------------------
PHASE_WORDS = {"setup": "setting up", "setup2": "setting up", "day": "day", "turn": "day", "reveal": "choosing cards",
               "talisman": "the reveal", "order": "resolving the revealed cards", "turn_end": "end of the turn",
               "night": "night", "night_tools": "night: tools", "feed": "night: feeding the tribe",
               "missions": "night: missions", "moon_cards": "night: moon cards", "deal": "dealing the new day",
               "over": "game over"}
ASKS = {"commit": "choose a card from the top three (or sleep early); the choices are shown together",
        "talisman": "spend a talisman on the hazard, or not", "order": "which revealed card is resolved next",
        "owner": "what to do with your revealed card", "negative": "the card's negative option",
        "tool_window": "tools to meet the requirement, then accept or give up",
        "wound_group": "which group takes the wounds", "prevent": "a tool to prevent wounds, or not",
        "wound_person": "who takes the wounds", "split": "which group gets it", "heal_person": "who heals",
        "kill_person": "who dies", "kill_group": "which group loses a person", "host": "where the gain goes",
        "craft": "a tool to craft, or not", "idea_slot": "which idea leaves the workbench",
        "place": "the card to place it on", "closing": "tools before the turn ends, or end it",
        "night_tools": "tools to use at night, or done", "night_option": "the moon card's option"}


def _card_words(s, x: int) -> str:
    c = s.game.content.cards[x]
    opts = [option_text(s.game, o) for o in c.opts]
    return f"{c.name}" + (f": {' | '.join(opts)}" if opts else "")


def _where(s, loc: int) -> str:
    from .kinds import ON_CARD, TABLE

    if loc == TABLE:
        return "on the table"
    if loc >= ON_CARD:
        return f"on {s.game.content.cards[loc - ON_CARD].name}"
    return f"with group {loc}"


def _held(s, i: int) -> str:
    return ", ".join(RES[h] if h < 3 else tool_name(s.game, h - 3) for h in s.held[i])


def group_lines(s, g: int, seat: int) -> list[str]:
    ppl = "; ".join(person_text(s, g, i) for i in range(len(s.ppl[g]))) or "nobody"
    T = s.game.T
    tools = ", ".join(f"{tool_name(s.game, t)}" + (f" x{s.tools[g * T + t]}" if s.tools[g * T + t] > 1 else "")
                      + (f" ({tool_effect(s.game, t)})" if tool_effect(s.game, t) else "")
                      for t in range(T) if s.tools[g * T + t]) or "none"
    top = ", ".join(back_name(s.game, b) for b in s.deck_b[g][:3])
    out = [f"Group {g}{' (you)' if g == seat else ''}, {'awake' if s.awake[g] else 'asleep'}: "
           f"deck {len(s.deck_b[g])} cards" + (f", top three: {top}" if top else ""),
           f"    people: {ppl}", f"    tools: {tools}"]
    if s.rev[g] >= 0:
        out.append(f"    revealed: {_card_words(s, s.rev[g])}")
    elif s.ch_b[g] >= 0:
        out.append(f"    chosen card (face down until the reveal): {back_name(s.game, s.ch_b[g])}")
    return out


def state_text(s, seat: int) -> str:
    """The table as group ``seat`` sees it: card fronts only once revealed; no group's choice of
    card is shown before the reveal (spec §4)."""
    from .kinds import DECISIONS, PHASES

    c = s.game.content
    out = [f"== Paleo, day {s.round + 1}, {PHASE_WORDS.get(PHASES[s.phase], PHASES[s.phase])}: "
           f"skulls {s.skulls} of 5 (5 lose), victories {s.victories} of 5 (5 win); group {s.lead} leads"]
    out.append("Storage: " + ", ".join(f"{s.store[r]} {RES[r]}" for r in range(3))
               + " | left in the supply: " + ", ".join(f"{s.sup[r]} {RES[r]}" for r in range(3)))
    if s.bench:
        out.append("Workbench (ideas): " + "; ".join(_card_words(s, x) for x in s.bench))
    stock = ", ".join(f"{tool_name(s.game, t)} x{s.stock[t]}" for t in range(s.game.T) if s.stock[t])
    out.append(f"Tools that can be crafted: {stock or 'none'}")
    for i, x in enumerate(s.inplay):
        held = _held(s, i)
        out.append(f"In play {_where(s, s.inloc[i])}: {_card_words(s, x)}" + (f" [holds {held}]" if held else ""))
    if any(d >= 0 for d in s.dice):
        out.append("Dice: " + ", ".join(f"{c.dice_faces[d][1]} {ABIL_WORDS[c.dice_faces[d][0]]}"
                                         for d in s.dice if d >= 0))
    order = [seat] + [g for g in range(s.n) if g != seat]
    for g in order:
        out += group_lines(s, g, seat)
    out.append(f"Piles: facedown {len(s.fd_b)}, faceup {len(s.fu)}, cemetery {len(s.cem)} (v lists them)")
    if s.over:
        out.append({1: "The tribe wins.", -1: "The tribe loses."}.get(s.result, "The game was cut off."))
    elif s.pend and not s.cq:
        f = s.pend[-1]
        who = ", ".join(str(g) for g in s.acting_players())
        out.append(f"Group {who} decides: {ASKS[DECISIONS[f[0]]]}")
    return "\n".join(out)


def public_lines(s) -> list[str]:
    """The public piles: faceup pile, cemetery, facedown pile (backs), revealed secrets."""
    cards = s.game.content.cards
    backs: dict = {}
    for b in s.fd_b:
        backs[back_name(s.game, b)] = backs.get(back_name(s.game, b), 0) + 1
    return ["Faceup pile: " + (", ".join(cards[x].name for x in s.fu) or "empty"),
            "Cemetery: " + (", ".join(cards[x].name for x in s.cem) or "empty"),
            "Facedown pile (backs): " + (", ".join(f"{k} x{v}" for k, v in backs.items()) or "empty"),
            "Secrets revealed: " + (", ".join(cards[x].name for x in s.secrets) or "none"),
            f"Decks left: people {len(s.people_deck)}, dreams {len(s.dream_deck)}, ideas {len(s.idea_deck)}"]


def summary_lines(s) -> list[str]:
    why = ("five victories: the tribe wins" if s.result == 1 and s.victories >= 5 else
           "the tribe wins" if s.result == 1 else
           "five skulls: the tribe loses" if s.result == -1 and s.skulls >= 5 else
           "the tribe loses" if s.result == -1 else
           f"the game was cut off after {s.round} nights")
    out = [f"The end: {why} (skulls {s.skulls} of 5, victories {s.victories} of 5, {s.round} nights)."]
    for g in range(s.n):
        alive = len(s.ppl[g])
        out.append(f"Group {g}: {alive} {'person' if alive == 1 else 'people'} left"
                   + (": " + "; ".join(person_text(s, g, i) for i in range(alive)) if alive else ""))
    out.append("Result: " + ("win" if s.result == 1 else "defeat" if s.result == -1 else "neither won nor lost"))
    return out


def secret_move(s, action: int) -> str | None:
    """A group's card choice stays hidden from the others until every group has chosen."""
    if s.pend and s.pend[-1][0] == D_COMMIT:
        return "chose its card in secret (the choices are revealed together)"
    return None


def hidden_lines(s) -> list[str]:
    """What not every group sees, in player words (the viewer's full state): each group's deck
    top first by card front (a front the game has not drawn yet is told by its back), each
    group's chosen card before the reveal, the facedown pile's fronts, the fronts the next cards'
    backs may still show, and the people, dream and idea decks (drawn at random)."""
    from boardgym.core.narration import first_names as _some

    cards = s.game.content.cards

    def front(b: int, x: int) -> str:
        return cards[x].name if x >= 0 else f"{back_name(s.game, b)} back"

    out = []
    for g in range(s.n):
        deck = [front(b, x) for b, x in zip(s.deck_b[g], s.deck_c[g])]
        out.append(f"Group {g}'s deck, top first ({len(deck)}): {_some(deck)}")
        if s.rev[g] < 0 and s.ch_b[g] >= 0:
            out.append(f"Group {g}'s chosen card (not revealed yet): {front(s.ch_b[g], s.ch_c[g])}")
    if s.fd_b:
        out.append(f"Facedown pile ({len(s.fd_b)}): "
                   + _some([front(b, x) for b, x in zip(s.fd_b, s.fd_c)]))
    from .hidden import by_back

    backs = []  # the backs of the next cards (each deck's next 5, the chosen cards), once each
    for b, x in [bx for g in range(s.n) for bx in zip(s.deck_b[g][:5], s.deck_c[g][:5])] + list(zip(s.ch_b, s.ch_c)):
        if b >= 0 and x < 0 and b not in backs:
            backs.append(b)
    parts = []
    for b in backs:
        pool = [cards[x].name for x in by_back(s.game)[b] if s.u[x]]
        if pool:
            parts.append(f"{back_name(s.game, b)}: {_some(pool, 3)}")
    if parts:
        out.append("Fronts not drawn yet, by back (a card of that back shows one of them at random): "
                   + "; ".join(parts))
    for what, deck in (("People", s.people_deck), ("Dream", s.dream_deck), ("Idea", s.idea_deck)):
        out.append(f"{what} deck ({len(deck)}, drawn at random): " + _some([cards[x].name for x in sorted(deck)]))
    return out
