"""The Paleo picture for ``render_mode="rgb_array"``: the public table, the same for every seat.

One fixed 1600x900 layout per configuration: the tribe (skulls, victories, storage and supply,
the lead), the card being resolved (option, dice, requirement against abilities and tools,
pending wounds), the workbench and tool supply, the decks and wilderness piles, the secret
deck, the cards in play, and one panel per group (awake or asleep, the backs of its deck, its
revealed card with its options, its people with their wounds, its tools).

Only what every player sees is drawn (spec §4, PALEO-CORE-1): facedown cards are their backs;
which cards were removed at setup, which dream lies in a slot, and the contents of the People,
Dream and Idea decks never are; nor are commitments before the reveal, so while groups choose
the picture does not change when one of them has chosen (unless ``open_commitments``).
"""
from __future__ import annotations

from boardgym.core import draw as D

from .constants import ABIL_NAMES, BACK_TYPES, HINTS, KINDS, RES, MAX_SKULLS, MAX_VICTORIES
from .describe import option_text, tool_effect
from .kinds import (CHANCES, D_COMMIT, DECISIONS, ON_CARD, OW_SECRET, PHASES, SP_DREAM, SP_HEAL,
                    SP_PERSON, SP_TOOL, TABLE)

W, H = 1600, 900
LEFT_W = 560
GX = 10 + LEFT_W + 10
TRIBE, RESOLVING, BENCH = (10, 64, 10 + LEFT_W, 186), (10, 192, 10 + LEFT_W, 352), (10, 358, 10 + LEFT_W, 530)
DECKS, INPLAY = (10, 536, 10 + LEFT_W, 650), (10, 656, 10 + LEFT_W, H - 10)
BACK_COLOURS = {"FOREST": D.COLOURS["green"], "RIVER": D.COLOURS["blue"], "MOUNTAIN": (120, 110, 100),
                "PEOPLE": D.COLOURS["orange"], "DREAM": D.COLOURS["purple"], "IDEA": D.COLOURS["yellow"],
                "RED": D.COLOURS["red"], "MISSION": D.COLOURS["black"], "SECRET": (90, 60, 110)}
BACK_STEP, BACK_ROWS = 78, 3
RES_COLOURS = ((200, 150, 60), D.COLOURS["brown"], D.COLOURS["grey"])
NIGHT = {"night", "night_tools", "feed", "missions", "moon_cards", "deal"}
ASKS = {
    "talisman": "spend a talisman to discard the hazard, or resolve it",
    "order": "choose which revealed card resolves next",
    "owner": "choose what to do with {card}: an option, help, ignore",
    "negative": "choose a negative option of {card}",
    "tool_window": "use tools for the check, accept it, or give up",
    "wound_group": "choose the group that takes {a} wound(s)",
    "prevent": "prevent wounds with tools, or not",
    "wound_person": "choose the person who takes {a} wound(s)",
    "split": "choose the group that gets {what}",
    "kill_person": "choose the person who dies",
    "kill_group": "choose the group that loses a person",
    "craft": "choose a tool to craft, or none",
    "idea_slot": "the workbench is full: choose the idea to remove",
    "place": "choose where the card is placed",
    "closing": "use additional actions, or end the window",
    "night_tools": "use food or healing tools before feeding",
    "night_option": "choose a night option of {card}",
}
CHANCE_WORDS = {"remove": "setting aside module cards", "deal": "dealing the day cards",
                "reveal": "revealing the chosen cards", "person": "drawing a new person",
                "dream": "drawing a dream", "idea": "drawing an idea", "die": "rolling dice"}


def _groups_grid(n: int) -> list[tuple]:
    x0, y0, x1, y1 = GX, 64, W - 10, H - 10
    if n <= 2:
        h = (y1 - y0 - 6 * (n - 1)) // n
        return [(x0, y0 + k * (h + 6), x1, y0 + k * (h + 6) + h) for k in range(n)]
    w, h = (x1 - x0 - 6) // 2, (y1 - y0 - 6) // 2
    return [(x0 + (k % 2) * (w + 6), y0 + (k // 2) * (h + 6), x0 + (k % 2) * (w + 6) + w,
             y0 + (k // 2) * (h + 6) + h) for k in range(n)]


def build(game) -> D.Canvas:
    cv = D.Canvas(W, H)
    cv.draw.rectangle((0, 0, W, 56), fill=D.PANEL)
    cv.text(12, 8, "Paleo", 20, D.INK)
    groups = f"{game.num_groups} group{'s' if game.num_groups != 1 else ''}"
    level = f" (level {game.config['level']})" if game.config.get("level") else ""
    cv.text(100, 12, f"{groups} · modules {', '.join(game.modules)}{level} · cooperative", 14, D.MUTED)
    for rect, title in ((TRIBE, "Tribe"), (RESOLVING, "Resolving"), (BENCH, "Workbench and tools"),
                        (DECKS, "Decks and piles"), (INPLAY, "Cards in play")):
        cv.panel(rect, title)
    y = BENCH[1] + 24
    for col in range(2):
        x = 22 + col * 272
        for dx, label in ((0, "tool"), (116, "to craft"), (160, "supply"), (180, "effect")):
            cv.text(x + dx, y, label, 11, D.MUTED, align="right" if dx in (116, 160) else "left")
    for rect in _groups_grid(game.num_groups):
        cv.panel(rect, fill=D.PANEL)
    return cv


def _name(s, x: int) -> str:
    return s.game.content.cards[x].name


def _status(s) -> tuple[str, tuple]:
    if s.over:
        text = {1: "The tribe wins!", -1: "The tribe loses."}.get(s.result, "The game stopped: the round limit")
        return "Game over: " + text, D.GOOD if s.result > 0 else D.BAD
    if s.cq:
        return "Chance: " + CHANCE_WORDS[CHANCES[s.cq[0][0]]], D.MUTED
    kind, g, a, b = s.pend[-1]
    name = DECISIONS[kind]
    if kind == D_COMMIT:
        return ("Every awake group secretly takes one of its top 3 cards (or sleeps early); "
                "the cards are revealed together"), D.HIGHLIGHT
    card = _name(s, s.r_card) if s.r_card >= 0 else "the card"
    if name == "owner":
        x = s.sec_card if a == OW_SECRET else s.rev[g]
        card = _name(s, x) if x >= 0 else "its card"
    elif name == "night_option":
        card = _name(s, a)
    tools = s.game.content.tools
    what = {SP_TOOL: f"the {tools[b % 100].name}" if 0 <= b % 100 < len(tools) else "the tool",
            SP_PERSON: "the new person", SP_DREAM: "the dream", SP_HEAL: "1 healing"}.get(a, "it")
    if name == "host":
        item = RES[a] if a < 3 else (tools[a - 3].name if a - 3 < len(tools) else "item")
        return f"Group {g} decides: put the gained {item} on a card, or take it normally", D.HIGHLIGHT
    if name == "heal_person":
        return f"Group {g} decides: choose the person of group {a} who heals 1", D.HIGHLIGHT
    return f"Group {g} decides: " + ASKS[name].format(card=card, a=a, what=what), D.HIGHLIGHT


def _tribe(cv, s) -> None:
    y = TRIBE[1] + 28
    cv.track(22, y, "Skulls", s.skulls, MAX_SKULLS, D.BAD, cell=20, label_width=70, size=13)
    cv.track(300, y, "Victories", s.victories, MAX_VICTORIES, D.GOOD, cell=20, label_width=70, size=13)
    y += 32
    for r in range(3):
        cv.counter(22 + 180 * r, y, s.store[r], RES_COLOURS[r], f"{RES[r]} (supply {s.sup[r]})", r=12, size=13)
    y += 32
    cv.text(22, y, f"lead: group {s.lead}", 13, D.INK)
    people = sum(len(p) for p in s.ppl)
    cv.text(180, y, f"{people} people to feed at night · {sum(s.store)} resources stored", 13, D.INK)


def _resolving(cv, s) -> None:
    c = s.game.content
    x0, y, x1 = 22, RESOLVING[1] + 26, 10 + LEFT_W - 12
    if s.sec_card >= 0 and s.r_card < 0:
        cv.text(x0, y, f"Secret {_name(s, s.sec_card)} of group {s.sec_owner} resolves next", 13, D.INK,
                width=x1 - x0)
        return
    if s.r_card < 0:
        cv.text(x0, y, "nothing is being resolved", 13, D.MUTED)
        return
    card = c.cards[s.r_card]
    opt = card.opts[s.r_opt] if 0 <= s.r_opt < len(card.opts) else None
    who = f"group {s.r_owner}" if s.r_owner >= 0 else "the tribe"
    cv.text(x0, y, f"{card.name} ({who})", 14, D.INK, width=x1 - x0)
    y += 20
    if opt is not None:
        y = cv.lines(x0, y, D.wrap(option_text(s.game, opt), x1 - x0, 12), x1 - x0, 12, max_lines=3)
    parts = [g for g in range(s.n) if s.r_parts >> g & 1]
    chooser = f"chooser: group {s.r_chooser} · " if s.r_chooser >= 0 else ""
    cv.text(x0, y + 2, f"{chooser}with: " + (", ".join(f"group {g}" for g in parts) or "-"), 12, D.INK,
            width=x1 - x0)
    y += 22
    x = x0
    if (opt is not None and opt.dice) or any(f >= 0 for f in s.dice):
        for f in s.dice[:opt.dice if opt is not None and opt.dice else len(s.dice)]:
            if f >= 0:
                ab, v = c.dice_faces[f]
                cv.die(x, y, 0, (235, 225, 205), size=40, label=f"{v} {ABIL_NAMES[ab]}")
            else:
                cv.die(x, y, 0, (235, 225, 205), size=40, label="?")
            x += 48
    else:
        cv.text(x0, y + 10, "no dice", 12, D.MUTED)
    x = x0 + max(2, len(s.dice)) * 48
    need = " ".join(f"{ABIL_NAMES[a]} {s.need[a]}" for a in range(3) if s.need[a]) or "nothing"
    bonus = " ".join(f"+{s.bonus[a]} {ABIL_NAMES[a]}" for a in range(3) if s.bonus[a])
    cv.text(x + 6, y, f"requirement: {need}", 13, D.INK, width=x1 - x - 6)
    cv.text(x + 6, y + 18, f"from tools: {bonus}" if bonus else "no tools used", 12, D.INK, width=x1 - x - 6)
    if s.r_wound or s.r_prev:
        cv.text(x0, y + 42, f"wounds being suffered: {s.r_wound} · can still prevent: {s.r_prev}", 12, D.BAD)


def _workbench(cv, s) -> None:
    c = s.game.content
    y = BENCH[1] + 40
    for i, t in enumerate(c.tools):
        x = 22 + (i % 2) * 272
        yy = y + (i // 2) * 16
        cv.text(x, yy, t.name, 12, D.INK, width=80)
        cv.text(x + 116, yy, str(s.stock[t.id]), 12, D.INK if s.stock[t.id] else D.FAINT, align="right")
        cv.text(x + 160, yy, str(s.gsup[t.id]), 12, D.INK if s.gsup[t.id] else D.FAINT, align="right")
        cv.text(x + 180, yy, tool_effect(s.game, t.id) or "-", 11, D.MUTED, width=88)
    y += ((len(c.tools) + 1) // 2) * 16 + 6
    ideas = ", ".join(_name(s, x) for x in s.bench) or "none yet"
    cv.text(22, y, f"idea cards on the workbench: {ideas}", 12, D.INK, width=LEFT_W - 24)


def _backs_histogram(s, backs) -> str:
    counts = {}
    for b in backs:
        t = BACK_TYPES[s.game.content.back_keys[b][0]].capitalize()
        counts[t] = counts.get(t, 0) + 1
    return ", ".join(f"{t} {k}" for t, k in sorted(counts.items())) or "-"


def _decks(cv, s) -> None:
    c = s.game.content
    y = DECKS[1] + 26
    cv.text(22, y, f"People deck {len(s.people_deck)} · Dream deck {len(s.dream_deck)} · Idea deck "
            f"{len(s.idea_deck)}", 13, D.INK)
    y += 20
    cv.text(22, y, f"facedown pile {len(s.fd_b)}: {_backs_histogram(s, s.fd_b)}", 12, D.INK, width=LEFT_W - 24)
    y += 17
    top = f", top {_name(s, s.fu[-1])}" if s.fu else ""
    cv.text(22, y, f"faceup pile {len(s.fu)}{top}", 12, D.INK, width=LEFT_W - 24)
    y += 17
    last = f", last {_name(s, s.cem[-1])}" if s.cem else ""
    cv.text(22, y, f"cemetery {len(s.cem)}{last}", 12, D.INK, width=LEFT_W - 24)
    y += 19
    x = cv.text(22, y, "secrets still in the deck:", 12, D.INK) + 6
    waiting = {c.cards[x].secret_no for x in s.secrets}
    for no in sorted(c.secret_by_no):
        on = no in waiting
        cv.text(x, y, str(no), 11, D.INK if on else D.FAINT)
        x += 14 if no < 10 else 17


def _where(s, loc: int) -> str:
    if loc == TABLE:
        return "table"
    if loc >= ON_CARD:
        return "on " + _name(s, loc - ON_CARD)
    return f"group {loc}"


def _held(s, h) -> str:
    c = s.game.content
    counts = {}
    for code in h:
        name = RES[code] if code < 3 else c.tools[code - 3].name
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(f"{k} {n}" for n, k in counts.items())


def _inplay(cv, s) -> None:
    c = s.game.content
    y0 = INPLAY[1] + 26
    rows = (H - 10 - y0 - 4) // 15
    names, details = [], []
    for i, x in enumerate(s.inplay):
        held = _held(s, s.held[i])
        names.append((f"{_name(s, x)} ({_where(s, s.inloc[i])})" + (f", holds {held}" if held else ""), D.INK))
        details.append(names[-1])
        for o in c.cards[x].opts:
            details.append((f"    {_area(o)}{option_text(s.game, o)}{_used(s, x, o)}", D.MUTED))
    if not names:
        cv.text(22, y0, "none", 12, D.MUTED)
    items = details if len(details) <= rows else names
    cols = 1 if len(items) <= rows else 2
    w = (LEFT_W - 24) // cols
    if len(items) > rows * cols:
        items = items[:rows * cols - 1] + [(f"… and {len(items) - rows * cols + 1} more", D.MUTED)]
    for i, (text, colour) in enumerate(items):
        cv.text(22 + (i // rows) * w, y0 + (i % rows) * 15, text, 12, colour, width=w - 8, min_size=12)


def _back_label(s, b: int) -> tuple[str, str]:
    t, hints = s.game.content.back_keys[b]
    return BACK_TYPES[t], " ".join(HINTS[h].lower().replace("_", " ") for h in hints)


def _used(s, x: int, o) -> str:
    """Whether an additional action was used today (tribe) or this turn (by which groups)."""
    i = s.game.add_index.get((x, o.idx))
    if i is None:
        return ""
    if s.add_day[i]:
        return " (used today)"
    groups = [g for g in range(s.n) if s.add_used[i] >> g & 1]
    return f" (used this turn by {', '.join(f'group {g}' for g in groups)})" if groups else ""


def _area(o) -> str:
    return ("", "at night: ", "additional action: ", "alternative action: ")[o.area]


def _group(cv, s, g: int, rect, deciding: bool) -> None:
    c = s.game.content
    x0, y0, x1, y1 = rect
    if deciding:
        cv.box(rect, outline=D.HIGHLIGHT, width=3, radius=6)
    cv.draw.rectangle((x0 + 1, y0 + 1, x0 + 7, y1 - 1), fill=D.SEATS[g])
    cv.text(x0 + 14, y0 + 5, f"Group {g}", 16, D.SEATS[g])
    state = "awake" if s.awake[g] else "asleep"
    notes = [state]
    if s.rstat[g] == 1:
        notes.append("card revealed")
    elif s.rstat[g] == 2:
        notes.append("card resolved")
    if s.helpers[g]:
        notes.append("helped by " + ", ".join(f"group {k}" for k in range(s.n) if s.helpers[g] >> k & 1))
    if s.sec_owner == g and s.sec_card >= 0:
        notes.append("revealed a secret")
    if s.game.open_commitments and s.commit[g]:
        notes.append("has chosen")
    if s.lead == g and not s.over:
        notes.append("lead")
    if deciding:
        notes.append("deciding")
    cv.text(x0 + 100, y0 + 8, " · ".join(notes), 13, D.HIGHLIGHT if deciding else D.INK, width=x1 - x0 - 110)
    y = y0 + 30
    deck = s.deck_b[g]
    cv.text(x0 + 14, y, f"deck {len(deck)} (backs, top first):", 12, D.MUTED)
    y += 16
    per_row = (x1 - x0 - 24) // BACK_STEP
    shown = min(len(deck), BACK_ROWS * per_row)
    for i in range(shown):
        bx = x0 + 14 + (i % per_row) * BACK_STEP
        by = y + (i // per_row) * 42
        kind, hints = _back_label(s, deck[i])
        colour = BACK_COLOURS.get(kind, D.MUTED)
        cv.box((bx, by, bx + BACK_STEP - 4, by + 38), fill=colour, outline=D.shade(colour, 0.4, D.INK))
        cv.text(bx + BACK_STEP // 2 - 2, by + 3, kind.capitalize(), 12, D.ink_on(colour), align="center",
                width=BACK_STEP - 8)
        cv.text(bx + BACK_STEP // 2 - 2, by + 20, hints, 10, D.ink_on(colour), align="center",
                width=BACK_STEP - 8, min_size=9)
    if len(deck) > shown:
        cv.text(x1 - 12, y0 + 30, f"+{len(deck) - shown} more below", 11, D.MUTED, align="right")
    y += BACK_ROWS * 42 + 4
    x = s.rev[g]
    room_people = max(2, len(s.ppl[g]))
    card_bottom = y1 - 24 - 17 * room_people
    if x >= 0:
        card = c.cards[x]
        kind = KINDS[card.kind].capitalize().replace("_", " ") + (" (hazard)" if card.hazard and card.kind != 1 else "")
        current = s.r_card == x
        lines = [(line, D.HIGHLIGHT if current and o.idx == s.r_opt else D.INK) for o in card.opts
                 for line in D.wrap(f"{o.idx + 1}. {_area(o)}{option_text(s.game, o)}{_used(s, x, o)}",
                                    x1 - x0 - 40, 12)]
        cv.card((x0 + 14, y, x1 - 12, max(y + 40, card_bottom)), card.name, lines, corner=kind,
                stripe=D.BAD if card.hazard else D.GOOD, size=12, title_size=14, highlight=s.r_card == x)
    else:
        cv.box((x0 + 14, y, x1 - 12, max(y + 40, card_bottom)), outline=D.FAINT, radius=5)
        cv.text(x0 + 22, y + 8, "no revealed card", 12, D.MUTED)
    y = max(y + 40, card_bottom) + 6
    for p, (px, w) in enumerate(zip(s.ppl[g], s.wnd[g])):
        card = c.cards[px]
        ab = f"{ABIL_NAMES[card.ability]} {card.value}" if card.ability < 3 else "no ability"
        cv.text(x0 + 14, y, f"{card.name} ({ab})", 12, D.INK, width=230)
        hx = x0 + 256
        for h in range(card.hearts):
            cv.draw.rectangle((hx + h * 13, y + 2, hx + h * 13 + 10, y + 12),
                              fill=D.BAD if h < w else D.CARD, outline=D.shade(D.BAD, 0.3, D.INK))
        cv.text(hx + card.hearts * 13 + 4, y, f"{w}/{card.hearts} wounds", 11, D.MUTED)
        y += 17
        if y > y1 - 36:
            break
    if not s.ppl[g]:
        cv.text(x0 + 14, y, "no people", 12, D.BAD)
    T = s.game.T
    tools = ", ".join(f"{t.name} {s.tools[g * T + t.id]}" for t in c.tools if s.tools[g * T + t.id])
    cv.text(x0 + 14, y1 - 22, f"tools: {tools or 'none'}", 12, D.INK, width=x1 - x0 - 26)


def _paint(cv, s) -> None:
    """Everything that changes, over the backdrop."""
    text, colour = _status(s)
    cv.text(12, 32, text, 15, colour, width=W - 300)
    phase = PHASES[s.phase]
    part = "game over" if s.over else ("night" if phase in NIGHT else "day")
    cv.text(W - 12, 12, f"round {s.round + 1} of {s.game.max_rounds} · {part} · turn {s.turn}", 14, D.INK,
            align="right")
    _tribe(cv, s)
    _resolving(cv, s)
    _workbench(cv, s)
    _decks(cv, s)
    _inplay(cv, s)
    deciding = set()
    if s.pend and not s.cq and not s.over:
        f = s.pend[-1]
        deciding = {g for g in range(s.n) if s.awake[g]} if f[0] == D_COMMIT else {f[1]}
    for g, rect in enumerate(_groups_grid(s.n)):
        _group(cv, s, g, rect, g in deciding)


def draw(s):
    """The picture of ``s`` as an ``HxWx3 uint8`` array (1600x900 for every configuration)."""
    return D.picture(s.game, build, lambda cv: _paint(cv, s))
