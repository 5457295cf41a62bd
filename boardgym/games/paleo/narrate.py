"""What just happened in a Paleo game, in words, for a person following it (``boardgym play``):
the cards dealt (counted, by group, their backs are on the table), the cards revealed with
their options, dice rolled, people gained, wounded, healed and lost, tools and resources
gained or spent, ideas and cards put in play, cards to the faceup pile and the cemetery, skulls
and victories, groups falling asleep, each night and the end.

Only the fronts the rules show are named: a card dealt to a deck, chosen or put facedown is
told by its back, never by its front (spec §4); the state's hidden slots are not read.

``make_narrator()`` returns ``narrate(before, after) -> list[str]``, called with the state
before and after each step (decisions and chance alike).
"""
from __future__ import annotations

from boardgym.core.narration import added

from .constants import RES
from .describe import ABIL_WORDS, _card_words, back_name, tool_name
from .kinds import CH_DEAL, CH_DIE, PHASES


NIGHT = frozenset({"night", "night_tools", "feed", "missions", "moon_cards", "deal"})



def _people(b, a) -> list[str]:
    cards = a.game.content.cards
    out = []
    for g in range(a.n):
        for x in added(a.ppl[g], b.ppl[g]):
            c = cards[x]
            ab = f"{ABIL_WORDS[c.ability]} {c.value}" if c.ability < 3 else "no ability"
            out.append(f"Group {g} gains a person: {c.name} ({ab}, {c.hearts} hearts)")
        for x in added(b.ppl[g], a.ppl[g]):
            out.append(f"{cards[x].name} of group {g} dies")
        for x, w in zip(a.ppl[g], a.wnd[g]):
            if x in b.ppl[g]:
                was = b.wnd[g][b.ppl[g].index(x)]
                if w != was:
                    verb = "is wounded" if w > was else "heals"
                    out.append(f"{cards[x].name} (group {g}) {verb}: {w} of {cards[x].hearts} wounds")
        T = a.game.T
        tools = [f"{d:+d} {tool_name(a.game, t)}" for t in range(T) if (d := a.tools[g * T + t] - b.tools[g * T + t])]
        if tools:
            out.append(f"Group {g} tools: " + ", ".join(tools))
        if b.awake[g] and not a.awake[g]:
            out.append(f"Group {g} falls asleep")
    return out


def _table(b, a) -> list[str]:
    g, c = a.game, a.game.content
    cards = c.cards
    out = []
    was_night, is_night = PHASES[b.phase] in NIGHT, PHASES[a.phase] in NIGHT
    if (is_night and not was_night) or (a.round != b.round and not was_night):
        out.append(f"Night {b.round + 1} falls: every group sleeps; each person eats 1 food from storage "
                   "(each one unfed adds a skull); then missions and moon cards")
    for grp in range(a.n):
        if a.rev[grp] >= 0 and a.rev[grp] != b.rev[grp]:
            out.append(f"Group {grp} reveals {_card_words(a, a.rev[grp])}")
    res = [f"{d:+d} {RES[r]}" for r in range(3) if (d := a.store[r] - b.store[r])]
    if res:
        out.append("Storage: " + ", ".join(res) + " (now " + ", ".join(f"{a.store[r]} {RES[r]}" for r in range(3)) + ")")
    for x in added(a.bench, b.bench):
        out.append(f"New idea on the workbench: {_card_words(a, x)}")
    for x in added(b.bench, a.bench):
        out.append(f"The idea {cards[x].name} leaves the workbench")
    for x in added(a.inplay, b.inplay):
        out.append(f"Put in play: {_card_words(a, x)}")
    for x in added(a.secrets, b.secrets):
        out.append(f"Secret revealed: {_card_words(a, x)}")
    for x in added(a.fu, b.fu):
        out.append(f"{cards[x].name} goes to the faceup pile")
    for x in added(a.cem, b.cem):
        if not any(x in b.ppl[grp] for grp in range(b.n)):
            out.append(f"{cards[x].name} goes to the cemetery")
    down = len(a.fd_b) - len(b.fd_b)
    if down > 0:
        out.append(f"{down} card{'s go' if down > 1 else ' goes'} to the facedown pile: "
                   + ", ".join(back_name(g, x) for x in a.fd_b[len(b.fd_b):]))
    if a.skulls != b.skulls:
        out.append(f"Skulls: {a.skulls} of 5" + (" — the tribe is lost" if a.skulls >= 5 else ""))
    if a.victories != b.victories:
        out.append(f"Victories: {a.victories} of 5")
    if a.round != b.round and not a.over:
        out.append(f"Day {a.round + 1} begins")
    if a.over and not b.over:
        out.append({1: "The tribe wins!", -1: "The tribe loses."}.get(a.result, "The game is cut off."))
    return out


def _face(before, after) -> int:
    """The die face the chance step from ``before`` gave (the step may go on and clear the dice,
    so it is found by applying each face to a copy), or -1."""
    want = after.to_json()
    for f, _ in before.chance_outcomes():
        t = before.clone()
        t.apply(f)
        if t.to_json() == want:
            return f
    return -1


def make_narrator():
    """``narrate(before, after)``: the lines for one step of one game."""
    dealt: dict = {}  # group -> cards dealt in the running deal, said when the deal is complete
    rolled: list = []  # faces of the dice being rolled: said once the last one lands

    def narrate(before, after) -> list[str]:
        out = []
        for grp in range(after.n):
            d = len(after.deck_b[grp]) - len(before.deck_b[grp])
            if d > 0 and any(k == CH_DEAL for k, _ in before.cq):
                dealt[grp] = dealt.get(grp, 0) + d
        if dealt and not any(k == CH_DEAL for k, _ in after.cq):
            out.append("Dealt: " + ", ".join(f"group {grp} {n} cards" for grp, n in sorted(dealt.items())))
            dealt.clear()
        c = after.game.content
        if before.cq and before.cq[0][0] == CH_DIE:  # this step rolled a die: which face made `after`
            rolled.append(_face(before, after))
        if rolled and not any(k == CH_DIE for k, _ in after.cq):
            out.append("Dice roll (added to the requirement): " + ", ".join(
                f"+{c.dice_faces[f][1]} {ABIL_WORDS[c.dice_faces[f][0]]}" if f >= 0 else "a face" for f in rolled))
            rolled.clear()
        return out + _table(before, after) + _people(before, after)

    return narrate
