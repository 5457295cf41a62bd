"""Wounds, deaths, kills, healing, skulls and victories (PALEO-WOUND-*, REW-4/8/9, END-*, D-12/14)."""
from __future__ import annotations

from .constants import MAX_SKULLS, MAX_VICTORIES, TE_PREVENT
from .kinds import (CH_PERSON, D_HPERSON, D_KGROUP, D_KPERSON, D_PREVENT, D_SPLIT, D_WGROUP,
                    D_WPERSON, OP_HEAL, OP_HEAL_IN, OP_KILL, OP_WOUND2, OP_WOUND3, PH_OVER, SP_HEAL)
from .tools import held


def end_game(s, result: int) -> None:
    s.over = 1
    s.result = result
    s.phase = PH_OVER
    s.pend.clear()
    s.cq.clear()
    s.ops.clear()


def add_skull(s) -> None:
    """PALEO-REW-9 / END-2 / D-12: the 5th skull flags a loss at the end of the action."""
    if s.skulls < MAX_SKULLS:
        s.skulls += 1
    if s.skulls >= MAX_SKULLS:
        s.lost = 1


def remove_skull(s) -> None:
    if s.skulls > 0:
        s.skulls -= 1


def add_victory(s) -> None:
    """PALEO-END-1/3: the 5th victory wins at once, even with a loss flagged in the action."""
    if s.victories < MAX_VICTORIES:
        s.victories += 1
    if s.victories >= MAX_VICTORIES:
        end_game(s, +1)


def parts_list(s, parts: int) -> list[int]:
    return [g for g in range(s.n) if parts >> g & 1]


def prevent_tools(s, parts: int) -> list[int]:
    c = s.game.content
    return [t for t in range(s.game.T) if c.tools[t].effect == TE_PREVENT and held(s, parts, t) > 0]


# -- a wound event (PALEO-WOUND-1, D-4): group -> prevent -> person ---------------------------------
def op_wound(s, n: int) -> None:
    if s.lost:
        return
    k = min(n, s.r_prev)
    s.r_prev -= k
    n -= k
    if n <= 0:
        return
    cands = parts_list(s, s.r_parts)
    if len(cands) == 1:
        s.ops.insert(0, (OP_WOUND2, cands[0], n))
    else:
        s.pend.append((D_WGROUP, s.r_chooser, n, 0))


def op_wound2(s, g: int, n: int) -> None:
    s.r_wgroup, s.r_wound = g, n
    s.ops.insert(0, (OP_WOUND3,))
    if prevent_tools(s, s.r_parts):
        s.pend.append((D_PREVENT, s.r_chooser, 0, 0))


def op_wound3(s) -> None:
    g, n = s.r_wgroup, s.r_wound
    s.r_wound = 0
    if n <= 0:
        return
    if not s.ppl[g]:  # PALEO-D-14
        add_skull(s)
    elif len(s.ppl[g]) == 1:
        wound_person(s, g, 0, n)
    else:
        s.pend.append((D_WPERSON, g, n, 0))


def wound_person(s, g: int, p: int, n: int) -> None:
    """PALEO-WOUND-1/2: fill empty hearts; one more wound goes on the skull space: death."""
    hearts = s.game.content.cards[s.ppl[g][p]].hearts
    if s.wnd[g][p] + n > hearts:
        die(s, g, p)
    else:
        s.wnd[g][p] += n


def die(s, g: int, p: int) -> None:
    """PALEO-WOUND-3/4: tokens to supply, card to the cemetery, +1 skull; an emptied group
    draws a new person (with its tool)."""
    x = s.ppl[g].pop(p)
    s.wnd[g].pop(p)
    s.cem.append(x)
    add_skull(s)
    if not s.ppl[g] and s.people_deck:
        s.cq.append((CH_PERSON, g))


# -- KILL (PALEO-REW-4, D-7) ----------------------------------------------------------------------
def start_kill(s) -> None:
    if s.r_owner >= 0:
        s.ops.insert(0, (OP_KILL, s.r_owner))
        return
    cands = parts_list(s, s.r_parts)
    if len(cands) == 1:
        s.ops.insert(0, (OP_KILL, cands[0]))
    else:
        s.pend.append((D_KGROUP, s.r_chooser, 0, 0))


def op_kill(s, g: int) -> None:
    if not s.ppl[g]:
        add_skull(s)
    elif len(s.ppl[g]) == 1:
        die(s, g, 0)
    else:
        s.pend.append((D_KPERSON, g, 0, 0))


# -- healing (PALEO-REW-8, HELP-6) ----------------------------------------------------------------
def wounded_groups(s, parts: int) -> list[int]:
    return [g for g in parts_list(s, parts) if any(s.wnd[g])]


def op_heal(s, n: int) -> None:
    if n <= 0:
        return
    cands = wounded_groups(s, s.r_parts)
    if not cands:
        return
    s.ops.insert(0, (OP_HEAL, n - 1))
    if len(cands) == 1:
        s.ops.insert(0, (OP_HEAL_IN, cands[0]))
    else:
        s.pend.append((D_SPLIT, s.r_chooser, SP_HEAL, 0))


def op_heal_in(s, g: int) -> None:
    idx = [p for p, w in enumerate(s.wnd[g]) if w]
    if len(idx) == 1:
        s.wnd[g][idx[0]] -= 1
    elif idx:
        s.pend.append((D_HPERSON, s.r_chooser, g, 0))
