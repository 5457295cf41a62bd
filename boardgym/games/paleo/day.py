"""The day phase: commit (simultaneous, hidden), reveal, talisman window, the lead's order, turn
end and sleep (PALEO-DAY-*, HAZ-3, D-5, D-6, D-8, D-9)."""
from __future__ import annotations

from . import actions as A
from .constants import TE_TALISMAN
from .help import can_help
from .kinds import (CH_REVEAL, D_COMMIT, D_ORDER, D_OWNER, D_TALISMAN, OW_HELP_ONLY, OW_NORMAL,
                    OW_SECRET, PH_NIGHT, PH_ORDER, PH_REVEAL, PH_TALIS, PH_TURN, PH_TURN_END)
from .tools import group_tools, return_token


def first_awake(s, start: int) -> int:
    for k in range(s.n):
        g = (start + k) % s.n
        if s.awake[g]:
            return g
    return start % s.n


def turn_start(s) -> None:
    if not any(s.awake):
        s.phase = PH_NIGHT
        return
    s.lead = first_awake(s, s.lead_ptr)
    for g in range(s.n):
        s.commit[g] = 0
        s.rev[g] = -1
        s.rstat[g] = 0
        s.helpers[g] = 0
    s.add_used[:] = [0] * len(s.add_used)
    s.pend.append((D_COMMIT, first_uncommitted(s), 0, 0))
    s.phase = PH_REVEAL


def first_uncommitted(s) -> int:
    for g in range(s.n):
        if s.awake[g] and not s.commit[g]:
            return g
    return -1


# -- commit (PALEO-DAY-1, DAY-5, D-5) ---------------------------------------------------------
def commit_mask(s, f, m):
    n = len(s.deck_b[f[1]])
    if n >= 3:  # any of the top 3, keeping or swapping the other two
        m[A.PICK:A.PICK + 6] = True
    else:
        for i in range(n):
            m[A.PICK + 2 * i] = True
    m[A.SLEEP_EARLY] = True


def commit_apply(s, f, a):
    s.commit[f[1]] = a
    s.pend.pop()
    g = first_uncommitted(s)
    if g >= 0:
        s.pend.append((D_COMMIT, g, 0, 0))


def reveal_step(s) -> None:
    """PALEO-DAY-2: all commitments take effect together; chosen cards are revealed."""
    for g in range(s.n):
        a = s.commit[g]
        if not s.awake[g] or not a:
            continue
        if a == A.SLEEP_EARLY:
            s.fd_b.extend(s.deck_b[g])
            s.fd_c.extend(s.deck_c[g])
            s.deck_b[g].clear()
            s.deck_c[g].clear()
            s.awake[g] = 0
            continue
        i, swap = divmod(a - A.PICK, 2)
        db, dc = s.deck_b[g], s.deck_c[g]
        s.ch_b[g], s.ch_c[g] = db.pop(i), dc.pop(i)  # the other two of the top 3 close up
        if swap:
            db[:2] = db[1::-1]
            dc[:2] = dc[1::-1]
        s.rstat[g] = 1
        if s.ch_c[g] >= 0:  # an assigned dream slot: its identity is already fixed
            s.rev[g] = s.ch_c[g]
            s.seen[s.rev[g]] = 1
            s.ch_b[g] = s.ch_c[g] = -1
        else:
            s.cq.append((CH_REVEAL, g))
    s.k = 0
    s.phase = PH_TALIS


# -- talisman window (PALEO-HAZ-3) -------------------------------------------------------------
def talisman_type(s, g):
    ts = group_tools(s, g, TE_TALISMAN)
    return ts[0] if ts else -1


def talisman_step(s) -> None:
    cards = s.game.content.cards
    while s.k < s.n:
        g = (s.lead + s.k) % s.n
        s.k += 1
        if s.rstat[g] == 1 and cards[s.rev[g]].hazard and talisman_type(s, g) >= 0:
            s.pend.append((D_TALISMAN, g, 0, 0))
            return
    s.phase = PH_ORDER


def talisman_mask(s, f, m):
    m[A.CONFIRM] = m[A.DECLINE] = True


def talisman_apply(s, f, a):
    s.pend.pop()
    if a != A.CONFIRM:
        return
    g = f[1]
    t = talisman_type(s, g)
    s.tools[g * s.game.T + t] -= 1
    return_token(s, t)
    if f[2]:  # a revealed secret (D-9)
        s.fu.append(s.sec_card)
        clear_secret(s)
    else:
        s.fu.append(s.rev[g])
        s.rev[g] = -1
        s.rstat[g] = 2


def clear_secret(s):
    s.sec_card = s.sec_owner = s.sec_first = -1
    s.sec_help = 0


# -- order (PALEO-DAY-3, D-8, D-9) ---------------------------------------------------------------
def order_candidates(s) -> list[int]:
    if s.sec_card >= 0:
        return [s.sec_owner] + [h for h in range(s.n)
                                if h != s.sec_owner and s.awake[h] and can_help(s, h)]
    return [g for g in range(s.n) if s.rstat[g] == 1]


def order_step(s) -> None:
    if s.sec_card < 0 and s.sec_pend:
        promote_secret(s)
        return
    cands = order_candidates(s)
    if not cands:
        s.phase = PH_TURN_END
        return
    if len(cands) == 1:
        open_owner(s, cands[0])
    else:
        s.pend.append((D_ORDER, s.lead, 0, 0))


def promote_secret(s) -> None:
    """PALEO-REW-7 / D-9: the revealed secret becomes its revealer's card and resolves next."""
    x, g = s.sec_pend.pop(0), s.sec_pend.pop(0)
    s.sec_card, s.sec_owner, s.sec_first, s.sec_help = x, g, g, 0
    s.seen[x] = 1
    if s.game.content.cards[x].hazard and talisman_type(s, g) >= 0:
        s.pend.append((D_TALISMAN, g, 1, 0))


def open_owner(s, g: int) -> None:
    if s.sec_card >= 0:
        mode = OW_SECRET if g == s.sec_owner else OW_HELP_ONLY
    else:
        mode = OW_NORMAL
    s.pend.append((D_OWNER, g, mode, 0))


def order_mask(s, f, m):
    for g in order_candidates(s):
        m[A.RESOLVE_NEXT + g] = True


def order_apply(s, f, a):
    s.pend.pop()
    open_owner(s, a - A.RESOLVE_NEXT)


# -- turn end (PALEO-DAY-4, D-6) ---------------------------------------------------------------
def turn_end(s) -> None:
    for g in range(s.n):
        if s.awake[g] and not s.deck_b[g]:
            s.awake[g] = 0
        s.rev[g] = -1
        s.rstat[g] = 0
        s.helpers[g] = 0
        s.commit[g] = 0
    s.lead_ptr += 1
    s.turn += 1
    s.phase = PH_TURN if any(s.awake) else PH_NIGHT


HANDLERS = {
    D_COMMIT: (commit_mask, commit_apply),
    D_TALISMAN: (talisman_mask, talisman_apply),
    D_ORDER: (order_mask, order_apply),
}
