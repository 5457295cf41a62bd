"""The night phase (PALEO-NIGHT-*, D-13, D-17, D-18): tool window, feeding, missions by module
letter, moon cards in groups by seat, then the new-day deal."""
from __future__ import annotations

from . import actions as A
from .constants import A_MOON, TE_FOOD, TE_HEAL
from .hidden import queue_deal, release_piles
from .kinds import (D_NIGHTOPT, D_NTOOL, OP_RENTOOL, PH_DAY, PH_DEAL, PH_FEED, PH_MISSIONS, PH_MOON,
                    PH_NTOOLS, SRC_NIGHT)
from .options import use_window_tool
from .resolve import OPS, option_ok, start
from .tools import group_tools
from .wounds import add_skull, end_game


def all_parts(s) -> int:
    return (1 << s.n) - 1


def night_start(s) -> None:
    """PALEO-NIGHT-1: every group sleeps."""
    s.k = 0
    s.lead = s.lead_ptr % s.n
    s.phase = PH_NTOOLS


def night_tools_list(s, g: int) -> list[int]:
    out = group_tools(s, g, TE_FOOD) if s.sup[0] > 0 else []
    if any(s.wnd[g]):
        out += group_tools(s, g, TE_HEAL)
    return out


def open_night_tools(s, g: int) -> None:
    if not s.over and night_tools_list(s, g):
        s.pend.append((D_NTOOL, g, 0, 0))


def night_tools_step(s) -> None:
    if s.k < s.n:
        g = s.k
        s.k += 1
        open_night_tools(s, g)
        return
    s.phase = PH_FEED


def ntool_mask(s, f, m):
    for t in night_tools_list(s, f[1]):
        m[A.TOOL + t] = True
    m[A.CONFIRM] = True


def ntool_apply(s, f, a):
    s.pend.pop()
    if a == A.CONFIRM:
        return
    use_window_tool(s, f[1], a - A.TOOL)
    s.ops.append((OP_RENTOOL, f[1]))


def feed(s) -> None:
    """PALEO-NIGHT-2: 1 food per person; each unfed person: +1 skull; nobody dies."""
    for g in range(s.n):
        for _ in s.ppl[g]:
            if s.store[0] > 0:
                s.store[0] -= 1
                s.sup[0] += 1
            else:
                add_skull(s)
    if s.lost:
        end_game(s, -1)
        return
    s.k = 0
    s.phase = PH_MISSIONS


def _moon(s, x) -> bool:
    return x in s.game.moon_cards  # card x has a moon area


def missions_step(s) -> None:
    """PALEO-NIGHT-3: each faceup mission, by module letter; the lead picks (D-8, D-13)."""
    ms = [x for x in s.game.missions if x in s.inplay and _moon(s, x)]
    if s.k < len(ms):
        x = ms[s.k]
        s.k += 1
        s.pend.append((D_NIGHTOPT, s.lead, x, 0))
        return
    s.k = 0
    s.phase = PH_MOON


def moon_cards(s) -> list[tuple[int, int]]:
    out = []
    for g in range(s.n):
        for x in s.ppl[g]:
            if _moon(s, x):
                out.append((g, x))
        for i, x in enumerate(s.inplay):
            if s.inloc[i] == g and _moon(s, x):
                out.append((g, x))
    return out


def moon_step(s) -> None:
    """PALEO-NIGHT-4: cards in groups with a moon area, by seat; the owner picks."""
    cs = moon_cards(s)
    if s.k < len(cs):
        g, x = cs[s.k]
        s.k += 1
        s.pend.append((D_NIGHTOPT, g, x, 0))
        return
    s.phase = PH_DEAL


def _host(s, x):
    return s.inplay.index(x) if x in s.inplay else -1


def nightopt_mask(s, f, m):
    x = f[2]
    host = _host(s, x)
    for o in s.game.content.cards[x].opts:
        if o.area == A_MOON and option_ok(s, o, all_parts(s), -1, host):
            m[A.OPTION + o.idx] = True


def nightopt_apply(s, f, a):
    """D-18: resolved by the whole tribe; the chooser assigns wounds and rewards."""
    s.pend.pop()
    x = f[2]
    start(s, x, a - A.OPTION, -1, f[1], all_parts(s), SRC_NIGHT, _host(s, x))


def deal_step(s) -> None:
    """PALEO-NIGHT-5, D-6, D-17: both piles reshuffled and dealt from seat (night number mod G)."""
    s.round += 1
    if s.round >= s.game.max_rounds:
        end_game(s, 0)
        return
    for i in range(len(s.add_day)):
        s.add_day[i] = 0
    release_piles(s)
    queue_deal(s, s.round % s.n)
    s.phase = PH_DAY


HANDLERS = {
    D_NTOOL: (ntool_mask, ntool_apply),
    D_NIGHTOPT: (nightopt_mask, nightopt_apply),
}

OPS[OP_RENTOOL] = open_night_tools  # a resolution op of the night tool window (see resolve.OPS)
