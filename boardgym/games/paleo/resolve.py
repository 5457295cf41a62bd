"""Resolving one option: availability, the resolution program (check, payment, rewards in
printed order, finish) and the ops interpreter (PALEO-ACT-*, DICE-*, REW-*, CRAFT-1, SPEC-1).

The context of the running resolution lives in the ``r_*`` scalars; ``s.ops`` is its program.
"""
from __future__ import annotations

from .constants import (A_DAY, A_MOON, E_CRAFT, E_DISCARD, E_DREAM, E_HEAL, E_IDEA, E_KILL,
                        E_LOSE_RES, E_LOSE_TOOL, E_PERSON, E_PLACE_SELF, E_RES, E_SECRET, E_SKULL,
                        E_TOOL, E_VICTORY, E_WOUND, RED)
from .kinds import (CH_DIE, CH_DREAM, CH_IDEA, CH_PERSON, D_CRAFT, D_HOST, D_NEG, D_SPLIT,
                    D_TOOLWIN, OP_CHECK, OP_DREAM_TO, OP_EFF, OP_FINISH, OP_GAIN_RES, OP_GAIN_TOOL,
                    OP_GIVE_TOOL, OP_HEAL, OP_PAY, OP_PERSON_TO, OP_RECLOSE, OP_RENTOOL, OP_REOPEN,
                    OP_WOUND, SP_DREAM, SP_PERSON, SP_TOOL, SRC_CARD, SRC_NIGHT)
from .tools import held, met, reachable, reserve_of, return_token, spend, take_token, craftable
from . import wounds

CONT = frozenset({OP_REOPEN, OP_RECLOSE, OP_RENTOOL})


def cur_opt(s):
    return s.game.content.cards[s.r_card].opts[s.r_opt]


def held_n(s, host: int) -> int:
    return len(s.held[host]) if host >= 0 else 0


def option_ok(s, opt, parts: int, owner: int, host: int) -> bool:
    """Mask test of an option: costs payable, fixed requirements reachable with the
    participants' abilities and usable tools; negative options always (PALEO-HAZ-2)."""
    if opt.neg:
        return True
    if opt.discard and (owner < 0 or len(s.deck_b[owner]) < opt.discard):
        return False
    st = s.store
    cr = opt.cres
    if st[0] < cr[0] or st[1] < cr[1] or st[2] < cr[2]:
        return False
    if (opt.on_card or opt.from_card) and held_n(s, host) < max(opt.on_card, opt.from_card):
        return False
    res = reserve_of(opt) if opt.ctools else {}
    for t, k in res.items():
        if held(s, parts, t) < k:
            return False
    for t in opt.has_tool:
        if held(s, parts, t) < 1 + res.get(t, 0):
            return False
    if opt.req[0] or opt.req[1] or opt.req[2]:
        return reachable(s, parts, opt.req, res)
    return True


def option_need(s) -> list[int]:
    """The check of the option being resolved: its requirement plus the dice rolled for it
    (what ``start`` and the dice draws write into ``s.need``)."""
    need = list(s.game.content.cards[s.r_card].opts[s.r_opt].req)
    for f in s.dice:
        if f >= 0:
            ab, v = s.game.content.dice_faces[f]
            need[ab] += v
    return need


def start(s, card: int, k: int, owner: int, chooser: int, parts: int, src: int, host: int) -> None:
    """Begin resolving option k of ``card``; the program goes before any continuation ops."""
    opt = s.game.content.cards[card].opts[k]
    s.r_card, s.r_opt, s.r_owner, s.r_chooser = card, k, owner, chooser
    s.r_parts, s.r_src, s.r_host = parts, src, host
    s.r_prev, s.r_place, s.r_wound = opt.prevent, 0, 0
    s.need[:] = opt.req
    s.bonus[:] = (0, 0, 0)
    s.dice[:] = [-1] * len(s.dice)
    if opt.dice and not opt.neg:
        s.cq.extend((CH_DIE, i) for i in range(opt.dice))
    s.ops[0:0] = _program(s.game, card, k, opt)


def _program(game, card: int, k: int, opt) -> tuple:
    """Option k of ``card``'s resolution program: check (if it has dice or requirements), payment,
    each reward in printed order, finish. Fixed by the content: built once per game."""
    progs = game.programs
    prog = progs.get((card, k))
    if prog is None:
        ops = []
        if not opt.neg and (opt.dice or any(opt.req)):
            ops.append((OP_CHECK,))
        ops.append((OP_PAY,))
        ops.extend((OP_EFF, i) for i in range(len(opt.reward)))
        ops.append((OP_FINISH,))
        prog = progs[(card, k)] = tuple(ops)
    return prog


def negatives(s, card: int, night: bool) -> list[int]:
    area = A_MOON if night else A_DAY
    return [o.idx for o in s.game.content.cards[card].opts if o.neg and o.area == area]


def fail(s) -> None:
    """PALEO-DICE-2: requirements not met: a negative option of the card, else it is ignored."""
    s.ops[:] = [op for op in s.ops if op[0] in CONT]
    src = s.r_src
    negs = negatives(s, s.r_card, src == SRC_NIGHT) if src in (SRC_CARD, SRC_NIGHT) else []
    if len(negs) == 1:
        start(s, s.r_card, negs[0], s.r_owner, s.r_chooser, s.r_parts, src, s.r_host)
    elif negs:
        s.pend.append((D_NEG, s.r_chooser, 0, 0))
    else:  # an alternative or additional action has no negative option of its own
        from .options import dispose_ignored

        dispose_ignored(s)


# -- the ops ------------------------------------------------------------------------------------
def op_check(s) -> None:
    if met(s, s.r_parts):
        return
    opt = cur_opt(s)
    if reachable(s, s.r_parts, [s.need[a] - s.bonus[a] for a in range(3)], reserve_of(opt)):
        s.pend.append((D_TOOLWIN, s.r_chooser, 0, 0))
    else:
        fail(s)


def discard_top(s, g: int, n: int) -> None:
    """PALEO-ACT-3/4: the top n cards facedown, unseen; each red back is 1 wound (one event)."""
    if g < 0:
        return
    n = min(n, len(s.deck_b[g]))
    if n <= 0:
        return
    bk = s.game.content.back_keys
    red = 0
    for _ in range(n):
        b = s.deck_b[g].pop(0)
        s.fd_b.append(b)
        s.fd_c.append(s.deck_c[g].pop(0))
        red += bk[b][0] == RED
    if red:
        s.ops.insert(0, (OP_WOUND, red))


def op_pay(s) -> None:
    opt = cur_opt(s)
    for t in opt.ctools:
        spend(s, s.r_parts, t, s.r_chooser)
    cres = opt.cres
    if cres[0] or cres[1] or cres[2]:  # (nothing moves for a free option)
        for r in range(3):
            k = min(cres[r], s.store[r])
            s.store[r] -= k
            s.sup[r] += k
    if opt.from_card and s.r_host >= 0:
        for _ in range(min(opt.from_card, len(s.held[s.r_host]))):
            code = s.held[s.r_host].pop(0)
            if code < 3:
                s.sup[code] += 1
            else:
                return_token(s, code - 3)
    if opt.discard:
        discard_top(s, s.r_owner, opt.discard)


def hosts(s, code: int) -> list[int]:
    """In-play cards that may hold this token/resource now (PALEO-SPEC-1)."""
    cards = s.game.content.cards
    return [i for i, x in enumerate(s.inplay)
            if code in cards[x].accepts and len(s.held[i]) < cards[x].hold_max]


def _split(s, purpose: int, arg: int, follow) -> None:
    ps = wounds.parts_list(s, s.r_parts)
    if len(ps) == 1:
        s.ops.insert(0, follow(ps[0]))
    else:
        s.pend.append((D_SPLIT, s.r_chooser, purpose, arg))


def op_eff(s, i: int) -> None:
    e = cur_opt(s).reward[i]
    k = e[0]
    if s.lost and k != E_VICTORY:
        return
    if k == E_RES:
        s.ops.insert(0, (OP_GAIN_RES, e[1], min(e[2], s.sup[e[1]])))
    elif k == E_TOOL:
        s.ops.insert(0, (OP_GAIN_TOOL, e[1], e[2]))
    elif k == E_VICTORY:
        wounds.add_victory(s)
    elif k == E_SKULL:
        wounds.add_skull(s) if e[1] > 0 else wounds.remove_skull(s)
    elif k == E_WOUND:
        s.ops.insert(0, (OP_WOUND, e[1]))
    elif k == E_HEAL:
        s.ops.insert(0, (OP_HEAL, e[1]))
    elif k == E_PERSON:
        _split(s, SP_PERSON, 0, lambda g: (OP_PERSON_TO, g))
    elif k == E_DREAM:
        _split(s, SP_DREAM, 0, lambda g: (OP_DREAM_TO, g))
    elif k == E_KILL:
        wounds.start_kill(s)
    elif k == E_IDEA:
        if s.idea_deck:
            s.cq.append((CH_IDEA, 0))
    elif k == E_SECRET:
        x = s.game.content.secret_by_no.get(e[1], -1)
        if x in s.secrets:  # PALEO-REW-7 / D-9; else nothing
            s.secrets.remove(x)
            s.sec_pend.extend((x, s.r_owner))
    elif k == E_CRAFT:
        if craftable(s, s.r_parts):
            s.pend.append((D_CRAFT, s.r_chooser, 0, 0))
    elif k == E_LOSE_RES:
        n = min(e[2], s.store[e[1]])
        s.store[e[1]] -= n
        s.sup[e[1]] += n
    elif k == E_LOSE_TOOL:  # n tokens (while the participants hold any)
        for _ in range(e[2]):
            spend(s, s.r_parts, e[1], s.r_chooser)
    elif k == E_DISCARD:
        discard_top(s, s.r_owner, e[1])
    elif k == E_PLACE_SELF:
        s.r_place = 1


def op_gain_res(s, r: int, n: int) -> None:
    """PALEO-REW-1: resources to storage, capped by the supply; or onto a holder card."""
    n = min(n, s.sup[r])
    if n <= 0:
        return
    if hosts(s, r):
        s.ops.insert(0, (OP_GAIN_RES, r, n - 1))
        s.pend.append((D_HOST, s.r_chooser, r, -1))
    else:
        s.sup[r] -= n
        s.store[r] += n


def op_gain_tool(s, t: int, n: int) -> None:
    if n <= 0 or s.gsup[t] + s.stock[t] <= 0:
        return
    s.ops.insert(0, (OP_GAIN_TOOL, t, n - 1))
    _split(s, SP_TOOL, t, lambda g: (OP_GIVE_TOOL, t, g, 0))


def op_give_tool(s, t: int, g: int, crafted: int) -> None:
    """PALEO-REW-2 / D-19: the token goes to group g (or onto a holder card); a crafted one
    comes from the craft stock (PALEO-CRAFT-1)."""
    if crafted:
        if s.stock[t] <= 0:
            return
        s.stock[t] -= 1
    elif not take_token(s, t):
        return
    if hosts(s, 3 + t):
        s.pend.append((D_HOST, s.r_chooser, 3 + t, g))
    else:
        s.tools[g * s.game.T + t] += 1


def op_person_to(s, g: int) -> None:
    if s.people_deck:
        s.cq.append((CH_PERSON, g))


def op_dream_to(s, g: int) -> None:
    if s.dream_deck:
        s.cq.append((CH_DREAM, g))


def _defined_in_a_window_module(s, *args):
    raise RuntimeError("resolution op not bound yet: options.py / night.py bind it on import")


# OP_FINISH, OP_REOPEN, OP_RECLOSE and OP_RENTOOL close or reopen a decision window; they live with
# its rules (options.py, night.py), which import this module, and are bound in by them on import
# (every PaleoState imports both through decisions.py) instead of importing them at every call
OPS = [op_check, op_pay, op_eff, _defined_in_a_window_module, wounds.op_wound, wounds.op_wound2,
       wounds.op_wound3, op_gain_res, op_gain_tool, op_give_tool, wounds.op_heal, wounds.op_heal_in,
       _defined_in_a_window_module, _defined_in_a_window_module, _defined_in_a_window_module,
       op_person_to, op_dream_to, wounds.op_kill]
