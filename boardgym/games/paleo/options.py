"""The owner window of a revealed card (PALEO-ACT-1, HAZ-1, HELP-1, SPEC-2/3/4), the negative
pick after a failed check, the closing window and the end of a card's resolution."""
from __future__ import annotations

from . import actions as A
from .constants import A_DAY, K_ACTION, K_NEW, TE_FOOD, TE_HEAL
from .day import clear_secret
from .help import any_usable_add, card_location, help_targets, parts_of, usable_adds, usable_alts
from .kinds import (D_CLOSE, D_NEG, D_OWNER, D_PLACE, ON_CARD, OP_FINISH, OP_GAIN_RES, OP_HEAL,
                    OP_RECLOSE, OP_REOPEN, OW_HELP_ONLY, OW_NORMAL, OW_SECRET, SRC_ADD, SRC_ALT,
                    SRC_CARD, SRC_NIGHT, SRC_TOOL)
from .resolve import OPS, negatives, option_ok, start
from .tools import group_tools, return_token
from .wounds import end_game


def owner_card(s, g: int, mode: int) -> int:
    return s.sec_card if mode == OW_SECRET else s.rev[g]


def owner_parts(s, g: int, mode: int) -> int:
    return (1 << g) | (s.sec_help if mode == OW_SECRET else s.helpers[g])


def window_tools(s, g: int) -> list[int]:
    """Heal tools (if someone in the group is wounded) and food tools usable in owner windows."""
    out = group_tools(s, g, TE_FOOD) if s.sup[0] > 0 else []
    if any(s.wnd[g]):
        out += group_tools(s, g, TE_HEAL)
    return out


def owner_mask(s, f, m):
    g, mode = f[1], f[2]
    if mode == OW_HELP_ONLY:
        m[A.HELP + s.sec_owner] = True
        return
    card = s.game.content.cards[owner_card(s, g, mode)]
    if card.kind == K_NEW:  # PALEO-SPEC-2: placement is its resolution
        m[A.CONFIRM] = True
        return
    parts = owner_parts(s, g, mode)
    some = False  # any action set (the mask was empty on entry)
    for o in card.opts:
        if o.area == A_DAY and option_ok(s, o, parts, g, -1):
            m[A.OPTION + o.idx] = some = True
    action = card.kind == K_ACTION or (mode == OW_SECRET and not card.hazard)
    if action:
        m[A.IGNORE] = some = True
    if mode == OW_NORMAL:
        for i in usable_adds(s, g):
            m[A.ADD + i] = some = True
        if action:
            for h in help_targets(s, g):
                m[A.HELP + h] = True
            for i in usable_alts(s, g):
                m[A.ALT + i] = True
    for t in window_tools(s, g):
        m[A.TOOL + t] = some = True
    if not some:  # a hazard whose options are all unavailable still has its negative one
        m[A.IGNORE] = True


def _spend_card(s, g: int, mode: int) -> int:
    """The revealed card leaves the owner window (helped, ignored, spent on an ALT)."""
    if mode == OW_SECRET:
        x = s.sec_card
        clear_secret(s)
    else:
        x = s.rev[g]
        s.rev[g] = -1
        s.rstat[g] = 2
    s.fu.append(x)
    return x


def owner_apply(s, f, a):
    g, mode = f[1], f[2]
    s.pend.pop()
    cat = s.game.catalog
    name, k = cat.split(a)
    if name == "OPTION":
        start(s, owner_card(s, g, mode), k, g, g, owner_parts(s, g, mode), SRC_CARD, -1)
    elif name == "HELP":
        _spend_card(s, g, OW_NORMAL)
        if mode == OW_HELP_ONLY:
            s.sec_help |= 1 << g
        else:
            s.helpers[k] |= 1 << g
            open_closing(s, g)
    elif name == "IGNORE":
        _spend_card(s, g, mode)
        open_closing(s, g)
    elif name == "ALT":
        _spend_card(s, g, mode)
        x, opt = s.game.alt_inst[k]
        start(s, x, opt, g, g, parts_of(s, g), SRC_ALT, card_location(s, x)[1])
        s.r_inst = k
    elif name == "ADD":
        x, opt = s.game.add_inst[k]
        mark_add(s, k, g)
        s.ops.append((OP_REOPEN, g, mode))
        start(s, x, opt, g, g, 1 << g, SRC_ADD, card_location(s, x)[1])
        s.r_inst = k
    elif name == "TOOL":
        use_window_tool(s, g, k)
        s.ops.append((OP_REOPEN, g, mode))
    elif name == "CONFIRM":
        place_card(s, g)


def mark_add(s, i: int, g: int) -> None:
    opt = s.game.content.cards[s.game.add_inst[i][0]].opts[s.game.add_inst[i][1]]
    if opt.limit == 2:
        s.add_day[i] = 1
    s.add_used[i] |= 1 << g


def use_window_tool(s, g: int, t: int) -> None:
    """A heal or food tool: discarded for its effect (PALEO-REW-2, D-11)."""
    tool = s.game.content.tools[t]
    s.tools[g * s.game.T + t] -= 1
    return_token(s, t)
    s.r_parts, s.r_chooser, s.r_owner, s.r_src = 1 << g, g, g, SRC_TOOL
    if tool.effect == TE_HEAL:
        s.ops.insert(0, (OP_HEAL, tool.n))
    else:
        s.ops.insert(0, (OP_GAIN_RES, 0, tool.n))


def reopen_owner(s, g: int, mode: int) -> None:
    if s.over or s.sec_pend:
        return
    if mode == OW_SECRET and s.sec_card < 0 or mode != OW_SECRET and s.rstat[g] != 1:
        return
    if s.sec_card >= 0 and mode == OW_NORMAL:
        return  # a secret revealed by an additional action resolves first (D-9)
    s.pend.append((D_OWNER, g, mode, 0))


# -- placement (PALEO-SPEC-2) ------------------------------------------------------------------
def place_hosts(s, x: int) -> list[int]:
    card = s.game.content.cards[x]
    cards = s.game.content.cards
    if card.placement == 1:
        return [i for i, y in enumerate(s.inplay) if y in s.game.missions]
    return [i for i, y in enumerate(s.inplay)
            if not card.place_filter or cards[y].set == card.place_filter]


def put_in_play(s, x: int, loc: int) -> None:
    s.inplay.append(x)
    s.inloc.append(loc)
    s.held.append([])


def place_card(s, g: int) -> None:
    x = s.rev[g]
    card = s.game.content.cards[x]
    if card.placement == 0:
        _placed(s, g, x, g)
        return
    hs = place_hosts(s, x)
    if len(hs) == 1:
        _placed(s, g, x, ON_CARD + s.inplay[hs[0]])
    elif hs:
        s.pend.append((D_PLACE, g, 0, 0))
    else:
        _spend_card(s, g, OW_NORMAL)
        open_closing(s, g)


def _placed(s, g, x, loc):
    put_in_play(s, x, loc)
    s.rev[g] = -1
    s.rstat[g] = 2
    open_closing(s, g)


def place_mask(s, f, m):
    for i in place_hosts(s, s.rev[f[1]]):
        m[A.CARD + i] = True


def place_apply(s, f, a):
    s.pend.pop()
    g = f[1]
    _placed(s, g, s.rev[g], ON_CARD + s.inplay[a - A.CARD])


# -- negative pick after a failed check (PALEO-DICE-2) -------------------------------------------
def neg_mask(s, f, m):
    for k in negatives(s, s.r_card, s.r_src == SRC_NIGHT):
        m[A.OPTION + k] = True


def neg_apply(s, f, a):
    s.pend.pop()
    start(s, s.r_card, a - A.OPTION, s.r_owner, s.r_chooser, s.r_parts, s.r_src, s.r_host)


def dispose_ignored(s) -> None:
    """A failed card or action without a negative option is ignored (a revealed card faceup);
    no card is being resolved any more, and the turn goes on as after a resolution: a group's
    card or alternative action opens its closing window, an additional action reopens the
    window it was used in (its own continuation op)."""
    g, src = s.r_owner, s.r_src
    if src == SRC_CARD:
        _spend_card(s, g, OW_SECRET if s.r_card == s.sec_card else OW_NORMAL)
    s.r_card = s.r_opt = -1
    if src in (SRC_CARD, SRC_ALT):
        _end(s, g)


# -- the end of a resolution (OP_FINISH) -------------------------------------------------------
def after_resolution(s) -> None:
    src, g, x = s.r_src, s.r_owner, s.r_card
    opt = s.game.content.cards[x].opts[s.r_opt]
    if src == SRC_CARD:
        if x == s.sec_card:
            clear_secret(s)
        else:
            s.rev[g] = -1
            s.rstat[g] = 2
        if s.r_place:
            put_in_play(s, x, g)
        elif opt.remove:
            s.cem.append(x)
        else:
            s.fu.append(x)
    elif src in (SRC_ALT, SRC_ADD, SRC_NIGHT) and opt.remove:
        where, host = card_location(s, x)
        if host >= 0:
            s.inplay.pop(host)
            s.inloc.pop(host)
            s.held.pop(host)
            s.cem.append(x)
            if src == SRC_NIGHT:   # PALEO-NIGHT-3: "remain in play ... unless the card indicates
                s.k -= 1           # otherwise"; the night's next card moves up to its place
        elif x in s.bench:
            s.bench.remove(x)
            s.cem.append(x)
    s.r_card = s.r_opt = -1
    if s.lost:  # PALEO-D-12: the action that placed the 5th skull is over: loss
        end_game(s, -1)
        return
    if src in (SRC_CARD, SRC_ALT):
        _end(s, g)


def _end(s, g: int) -> None:
    if s.sec_pend:
        return  # the secret resolves next; no closing window
    open_closing(s, g)


# -- closing window (D-10) -----------------------------------------------------------------------
def open_closing(s, g: int) -> None:
    if s.over or g < 0 or not s.awake[g] or s.sec_pend or s.sec_card >= 0:
        return
    if any_usable_add(s, g):
        s.pend.append((D_CLOSE, g, 0, 0))


def close_mask(s, f, m):
    for i in usable_adds(s, f[1]):
        m[A.ADD + i] = True
    m[A.CONFIRM] = True


def close_apply(s, f, a):
    s.pend.pop()
    if a == A.CONFIRM:
        return
    g = f[1]
    i = a - A.ADD
    x, opt = s.game.add_inst[i]
    mark_add(s, i, g)
    s.ops.append((OP_RECLOSE, g))
    start(s, x, opt, g, g, 1 << g, SRC_ADD, card_location(s, x)[1])
    s.r_inst = i


HANDLERS = {
    D_OWNER: (owner_mask, owner_apply),
    D_NEG: (neg_mask, neg_apply),
    D_PLACE: (place_mask, place_apply),
    D_CLOSE: (close_mask, close_apply),
}

# the resolution ops of these windows (resolve.py cannot import this module)
OPS[OP_FINISH] = after_resolution
OPS[OP_REOPEN] = reopen_owner
OPS[OP_RECLOSE] = open_closing
