"""A plain text table of a Primeval Peril state (``render_mode="ansi"``)."""
from __future__ import annotations

from boardgym.games.sleeping_gods.kinds import STATUS_NAMES

from .characters import NAMES
from .content import RESOURCES
from .kinds import DECISIONS, PHASES


def render(s) -> str:
    g = s.game
    sp = g.spaces[s.pos]
    lines = [f"Primeval Peril — turn {s.turn}, phase {PHASES[s.phase]}, active seat {s.active}, "
             f"{g.difficulty}",
             f"time used {s.watch}/5, bonus {s.bonus}, moons crossed {s.moons}/6"
             + (f", last turns left {s.final}" if s.final >= 0 else "")
             + f", boat {s.boat}/8, rerolls {s.rerolls}, bloodflowers {s.blooms}",
             f"boat at {sp.name} ({sp.key}), exits {list(sp.exits)}"]
    for c in range(5):
        sts = [STATUS_NAMES[k] for k in range(4) if s.status[c] >> k & 1]
        toks = [f"{RESOURCES[t]}×{s.inv[6 * c + t]}" for t in range(6) if s.inv[6 * c + t]]
        lines.append(f"  {NAMES[c]:<13} L{s.level[c]} seat {s.controller(c)} HP {s.hp[c]}/{s.max_hp(c)} "
                     f"stamina {s.res[c]} {' '.join(sts) or '-'} | {' '.join(toks) or 'no tokens'}")
    store = [f"{RESOURCES[t]}×{s.inv[30 + t]}" for t in range(6) if s.inv[30 + t]]
    lines.append(f"  storage: {' '.join(store) or 'empty'}")
    if s.pend:
        f = s.pend[-1]
        lines.append(f"pending: {DECISIONS[f[0]]} for seat {f[1]} {f[2:]}")
    if s.over:
        lines.append(["game over (truncated)", "an ending reached", "defeated"][s.result])
    return "\n".join(lines)
