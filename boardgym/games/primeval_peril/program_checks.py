"""The effect program's entries checked against the content and the phase (part of the
invariants, run on load): each entry's arguments point at what its kind reads (a status, a
resource, a card, a section, a combat, a challenge's source), and it is one the phase can run
(an event's program holds no story, banner or combat; the story's only inside an explore or the
intro)."""
from __future__ import annotations

from .content import AdventureCard, EFFECTS
from .effects import (E_CROSS_OFF, E_DAMAGE, E_FATE_ROLL, E_GAIN, E_GAIN_CARD, E_LOSE, E_LOSE_CARD,
                      E_MARKET, E_REMOVE_STATUS, E_STATUS, OP_BANNER, OP_CHALLENGE, OP_COMBAT,
                      OP_EVENT_CHOICE, OP_REPAIR, OP_SECTION, OP_SECTION_END, OPS, SRC_BANNER, SRC_CHOICE, SRC_EVENT, SRC_EVENT_CHOICE,
                      SRC_REPAIR)
from .kinds import PH_ACTIONS, PH_EVENT, PH_SETUP

_EVENT_OPS = set(range(len(EFFECTS))) | {OP_CHALLENGE, OP_EVENT_CHOICE}
_STORY_OPS = {OP_SECTION, OP_SECTION_END, OP_COMBAT, OP_BANNER}


def errors(s) -> list[str]:
    src, a, b = s.chal
    if src >= 0:  # the running challenge's source, as its op would have started it
        e = (OP_REPAIR, 0, 0, 0) if src == SRC_REPAIR and a == b == 0 else (OP_CHALLENGE, src, a, b)
        msg = _entry(s, e) or _phase(s, e)
        if msg:
            return [f"the running challenge {s.chal}: {msg}"]
    for i, e in enumerate(s.fx):
        msg = _entry(s, e)
        if msg is None:
            msg = _phase(s, e)
        if msg:
            return [f"fx[{i}] ('{OPS[e[0]]}' {e[1:]}): {msg}"]
    return []


def _phase(s, e) -> str | None:
    op = e[0]
    if s.phase == PH_EVENT:
        if op not in _EVENT_OPS or (op == OP_CHALLENGE and e[1] not in (SRC_EVENT, SRC_EVENT_CHOICE)):
            return "not part of an event"
        return None
    if op in (OP_EVENT_CHOICE,) or (op == OP_CHALLENGE and e[1] in (SRC_EVENT, SRC_EVENT_CHOICE)):
        return "an event's, outside the event step"
    if s.phase == PH_ACTIONS and not s.exploring and (op in _STORY_OPS or op == OP_CHALLENGE):
        return "a location's, outside an explore"
    if s.phase == PH_SETUP and (op in (OP_BANNER, OP_REPAIR) or (op == OP_CHALLENGE and e[1] != SRC_CHOICE)):
        return "not part of the intro"
    if s.phase not in (PH_EVENT, PH_ACTIONS, PH_SETUP):
        return "a program in a phase that runs none"
    return None


def _entry(s, e) -> str | None:
    op, x, y, z = e
    g = s.game
    c = g.content
    if op < len(EFFECTS):
        if not 0 <= x <= 99:
            return "an amount outside 0..99"
        if not -2 <= z <= 4 or (z == -2 and op != E_DAMAGE):
            return "a target that is not a character"
        arg_ok = {
            E_STATUS: 0 <= y <= 3, E_REMOVE_STATUS: -1 <= y <= 3, E_GAIN: -1 <= y <= 5, E_LOSE: -1 <= y <= 5,
            E_GAIN_CARD: y in c.cards.numbered, E_LOSE_CARD: y in c.cards.numbered,
            E_CROSS_OFF: 1 <= y <= 99, E_MARKET: 0 <= y < len(c.story.markets), E_FATE_ROLL: -1 <= y <= 9,
        }.get(op, y == -1)  # the other kinds read no argument: the content gives them -1
        return None if arg_ok else "an argument its kind cannot read"
    if op == OP_CHALLENGE:
        return _source(s, x, y, z)
    if op == OP_REPAIR:
        return None if (x, y, z) == (0, 0, 0) else "arguments where none belong"
    if op == OP_EVENT_CHOICE:
        return None if 0 <= x < len(g.events) and g.events[x].choice else "not an event with alternatives"
    if op == OP_BANNER:
        ok = 0 <= x < len(g.pages) and 0 <= y < len(g.pages[x].banner) and 0 <= z <= 99
        return None if ok else "not a banner of a page"
    if op in (OP_SECTION, OP_SECTION_END):
        return None if 0 <= x < len(c.story.sections) and y == z == 0 else "not a story section"
    if op == OP_COMBAT:
        return None if x in c.by_number and y == z == 0 else "not a combat of the pack"
    return None


def _source(s, src, a, b) -> str | None:
    g = s.game
    c = g.content
    if src == SRC_EVENT:
        ok = 0 <= a < len(g.events) and g.events[a].challenge is not None and b == 0
    elif src == SRC_EVENT_CHOICE:
        ok = (0 <= a < len(g.events) and 0 <= b < len(g.events[a].choice)
              and g.events[a].choice[b].challenge is not None)
    elif src == SRC_BANNER:
        ok = 0 <= a < len(g.pages) and 0 <= b < len(g.pages[a].banner) and g.pages[a].banner[b].challenge is not None
    elif src == SRC_CHOICE:
        secs = c.story.sections
        ok = 0 <= a < len(secs) and 0 <= b < len(secs[a].choices) and secs[a].choices[b].challenge is not None
    else:
        ok = False
    return None if ok else "not a challenge of the pack"


def equipped_errors(s) -> list[str]:
    num = s.game.content.cards.numbered
    for n in s.owned:
        if n not in num:
            return [f"card {n} is owned, but the pack has no card numbered {n}"]
    for c in range(5):
        for n in s.equip[c]:
            if not isinstance(num.get(n), AdventureCard):
                return [f"character {c} wears card {n}, which is not an adventure card"]
    return []
