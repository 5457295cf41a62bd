"""The explore action (PP-EXPL-1, 2, 9): 2 time, on a space with a square location (its page
banner's instruction for the icon, repeatable) or an uncrossed numbered location (the story,
``story.enter``).

A banner without a cost runs once: its effects before, its challenge (through the core; the
rewards follow, on failure too unless ``rewards_on_fail`` is false), or its effects. A banner
with a cost (the trading post's coin, the shrine's torch) is offered as OPTION 0 (pay and
resolve) or CONFIRM (done), again after each use while it is affordable and ``max_uses``
(per explore) allows (``D_BANNER``). Tokens gained inside an explore go to characters only
(PP-CHAR-1)."""
from __future__ import annotations

from . import actions as A
from . import effects
from .kinds import D_BANNER, N_RES

BANNERS_PER_PAGE = 8


def _space(s):
    return s.game.spaces[s.pos]


def banner_of(s):
    """(page id, banner index) of the boat's square location, or None."""
    sp = _space(s)
    if sp.icon < 0:
        return None
    page = s.game.pages[sp.page]
    for b, bn in enumerate(page.banner):
        if bn.icon == sp.icon:
            return sp.page, b
    return None


def can_explore(s) -> bool:
    sp = _space(s)
    if banner_of(s) is not None:
        return True
    return sp.location > 0 and sp.location not in s.crossed


def explore(s) -> None:
    s.exploring = 1
    ref = banner_of(s)
    if ref is None:
        from .story import enter

        enter(s, _space(s).location)
        return
    page, b = ref
    bn = s.game.pages[page].banner[b]
    if bn.cost:
        banner_again(s, page, b, 0)
    else:
        _resolve(s, page, b, bn)


def _resolve(s, page, b, bn) -> None:
    prog = [effects.entry(e) for e in bn.effects_before]
    if bn.challenge is not None:
        prog.append((effects.OP_CHALLENGE, effects.SRC_BANNER, page, b))
    else:
        prog += [effects.entry(e) for e in bn.effects]
    effects.push_front(s, prog)


def affordable(s, bn) -> bool:
    return all(sum(s.inv[N_RES * h + t] for h in range(6)) >= n for t, n in bn.cost)


def _usable(s, bn, uses) -> bool:
    return affordable(s, bn) and (bn.max_uses == 0 or uses < bn.max_uses)


def banner_again(s, page, b, uses) -> None:
    bn = s.game.pages[page].banner[b]
    if _usable(s, bn, uses):
        s.pend.append((D_BANNER, s.active, page * BANNERS_PER_PAGE + b, uses))
        s.invalidate()


def _banner_mask(s, f, m):
    m[A.CONFIRM] = True
    page, b = divmod(f[2], BANNERS_PER_PAGE)
    if _usable(s, s.game.pages[page].banner[b], f[3]):
        m[A.OPTION] = True


def _banner_apply(s, f, a):
    s.pend.pop()
    if a == A.CONFIRM:
        return
    page, b = divmod(f[2], BANNERS_PER_PAGE)
    bn = s.game.pages[page].banner[b]
    effects.push_front(s, [(effects.OP_BANNER, page, b, f[3] + 1)])
    _resolve(s, page, b, bn)
    # paid first, from any holder, the active seat picking [D]
    effects.push_front(s, [(effects.E_LOSE, n, t, -1) for t, n in bn.cost])


HANDLERS = {D_BANNER: (_banner_mask, _banner_apply)}
