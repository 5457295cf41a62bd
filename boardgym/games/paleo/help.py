"""Helping and the extra actions a group may use: HELP targets (PALEO-HELP-*, D-7), alternative
actions (PALEO-SPEC-3) and additional actions (PALEO-SPEC-4, D-10)."""
from __future__ import annotations

from .constants import K_ACTION, K_NEW
from .kinds import ON_CARD, TABLE
from .resolve import option_ok


def card_location(s, x: int) -> tuple[int, int]:
    """(where, in-play index): where = group g, TABLE (board, bench, on a card), or -2 absent."""
    if x in s.inplay:
        i = s.inplay.index(x)
        loc = s.inloc[i]
        return (loc if 0 <= loc < ON_CARD else TABLE), i
    if x in s.bench[:4]:
        return TABLE, -1
    for g in range(s.n):
        if x in s.ppl[g]:
            return g, -1
    return -2, -1


def can_help(s, g: int) -> bool:
    """A revealed action card may be spent on HELP (hazards and placement cards cannot, D-7)."""
    x = s.rev[g]
    return x >= 0 and s.rstat[g] == 1 and s.game.content.cards[x].kind == K_ACTION


def help_targets(s, g: int) -> list[int]:
    cards = s.game.content.cards
    out = []
    for h in range(s.n):
        if h == g or not s.awake[h] or s.rstat[h] != 1:
            continue
        x = s.rev[h]
        if x >= 0 and cards[x].kind != K_NEW and cards[x].opts:
            out.append(h)
    return out


def parts_of(s, g: int) -> int:
    return (1 << g) | s.helpers[g]


def usable_adds(s, g: int) -> list[int]:
    """Additional-action instances group g may resolve now (ascending): in its group, or on the
    board, the workbench or another card; once per group per turn, or once per day if limited
    (D-10)."""
    out = _usable_adds(s, g, False)
    return sorted(set(out)) if len(out) > 1 else out


def any_usable_add(s, g: int) -> bool:
    """``bool(usable_adds(s, g))``, stopping at the first one."""
    return bool(_usable_adds(s, g, True))


def _usable_adds(s, g: int, first: bool) -> list[int]:
    """The usable instances, found from the cards present (in play, on the workbench, in g's
    group) rather than by locating every instance's card; in the order found (only the first
    if ``first``)."""
    of_card = s.game.add_of_card
    out = []
    if not of_card:
        return out
    inplay, inloc = s.inplay, s.inloc
    for host, x in enumerate(inplay):
        inst = of_card.get(x)
        if inst is not None and not (0 <= inloc[host] < ON_CARD and inloc[host] != g):  # not elsewhere
            if _usable(s, g, inst, host, out) and first:
                return out
    for x in s.bench[:4] + s.ppl[g]:
        inst = of_card.get(x)
        if inst is not None and x not in inplay:
            if _usable(s, g, inst, -1, out) and first:
                return out
    return out


def _usable(s, g: int, instances, host: int, out: list) -> bool:
    """Append the instances of one present card that g may use now; whether any was."""
    add_opts, add_day, add_used = s.game.add_opts, s.add_day, s.add_used
    found = False
    for i in instances:
        opt = add_opts[i][2]
        if opt.limit == 2:
            if add_day[i]:
                continue
        elif add_used[i] >> g & 1:
            continue
        if option_ok(s, opt, 1 << g, g, host):
            out.append(i)
            found = True
    return found


def usable_alts(s, g: int) -> list[int]:
    """Alternative-action instances usable instead of help on g's own revealed card: in g's group,
    on the board/bench/a card, or in a group that spent its help on g (PALEO-SPEC-3)."""
    game = s.game
    cards = game.content.cards
    parts = parts_of(s, g)
    out = []
    for i, (x, k) in enumerate(game.alt_inst):
        where, host = card_location(s, x)
        if where == -2:
            continue
        if where >= 0 and not (where == g or s.helpers[g] >> where & 1):
            continue
        if option_ok(s, cards[x].opts[k], parts, g, host):
            out.append(i)
    return out
