"""A readable text table of a Paleo state (render_mode="ansi")."""
from __future__ import annotations

from .constants import ABIL_NAMES, BACK_TYPES
from .kinds import DECISIONS, PHASES


def render(s) -> str:
    c = s.game.content
    cards = c.cards
    lines = [f"Paleo  round {s.round + 1}  turn {s.turn}  phase {PHASES[s.phase]}  "
             f"skulls {s.skulls}/5  victories {s.victories}/5  lead {s.lead}"]
    if s.over:
        lines.append({1: "RESULT: the tribe wins", -1: "RESULT: the tribe loses"}.get(s.result, "RESULT: truncated"))
    elif s.cq:
        lines.append("chance node pending")
    else:
        f = s.pend[-1]
        who = ", ".join(str(g) for g in s.acting_players())
        lines.append(f"group {who} decides: {DECISIONS[f[0]]}")
    lines.append("storage  food {} wood {} stone {}   supply  food {} wood {} stone {}".format(*s.store, *s.sup))
    bench = ", ".join(cards[x].name for x in s.bench) or "-"
    lines.append(f"workbench: {bench}")
    stock = " ".join(f"{t.key}:{s.stock[t.id]}" for t in c.tools if s.stock[t.id])
    lines.append(f"craft stock: {stock or '-'}")
    for i, x in enumerate(s.inplay):
        held = f" holds {len(s.held[i])}" if s.held[i] else ""
        lines.append(f"in play [{i}] {cards[x].name} @ {s.inloc[i]}{held}")
    for g in range(s.n):
        ppl = "; ".join(f"{cards[x].name} ({ABIL_NAMES[cards[x].ability]}{cards[x].value} "
                        f"{w}/{cards[x].hearts})" for x, w in zip(s.ppl[g], s.wnd[g]))
        tools = " ".join(f"{t.key}:{s.tools[g * s.game.T + t.id]}" for t in c.tools if s.tools[g * s.game.T + t.id])
        backs = " ".join(BACK_TYPES[c.back_keys[b][0]][:3] for b in s.deck_b[g][:12])
        rev = cards[s.rev[g]].name if s.rev[g] >= 0 else "-"
        lines.append(f"group {g} {'awake' if s.awake[g] else 'asleep'}  deck {len(s.deck_b[g])} [{backs}]  "
                     f"revealed: {rev}")
        lines.append(f"   people: {ppl or '-'}   tools: {tools or '-'}")
    lines.append(f"piles: facedown {len(s.fd_b)}  faceup {len(s.fu)}  cemetery {len(s.cem)}")
    return "\n".join(lines)
