"""Encounter and Resolve phases: the dice pool, feats and swag, combinations, white dice
(ATT-ENC-1..8, ATT-COMBO-*, ATT-RESOLVE-1..3, ATT-D-1/2/18)."""
from __future__ import annotations

from . import actions as A
from .combos import can_extend, exists, valid
from .constants import (ANY, BLUE, E_ADD_DIE, E_BUMP, E_CONVERT, E_COPY,
                        E_FLIP, E_GAIN, E_LOCK, E_LOCK_REROLL, E_REFRESH, E_REROLL,
                        E_REROLL_ALL, E_SET_FACE, E_SWAP, FEAT_TOKEN, FOCUS, GREEN, MAX_CANCELS,
                        MAX_DICE, PASSIVE, PRE, POST, RESOLVE_T, YELLOW, BLANK)
from .kinds import (CH_DIE, CH_WHITE, D_ACTION_DIE, D_ENCOUNTER, D_PREROLL, D_REFRESH, D_RESOLVE,
                    D_SELECT, D_TOKEN, D_VALUE, ENCOUNTER_TARGET, SEL_COMBO, SEL_EFFECT)



# -- dice helpers -------------------------------------------------------------------------------
def whites_free(s) -> list[int]:
    return [w for w in (0, 1) if not s.w_spent[w] and not s.w_claimed[w]]


def _count_colour(s, col) -> int:
    return sum(1 for c in s.d_col if c == col)


def _rerollable(s, d, filt=-1) -> bool:
    return s.d_col[d] >= 0 and not s.d_lock[d] and not s.d_used[d] and (filt < 0 or s.d_col[d] == filt)


def _alterable(s, d) -> bool:
    return s.d_col[d] >= 0 and not s.d_used[d]


def roll(s, dice) -> None:
    s.cq.extend((CH_DIE, d) for d in dice)


def luck_die(s) -> int:
    for d in range(MAX_DICE):
        if (s.d_col[d] == YELLOW and s.d_face[d] == 1 and not s.d_lock[d] and not s.d_used[d]
                and not s.d_luck[d]):
            return d
    return -1


def usable_faces(s, exclude=()):
    return [s.d_face[d] for d in range(MAX_DICE) if s.d_col[d] >= 0 and not s.d_used[d] and d not in exclude]


# -- cards ---------------------------------------------------------------------------------------
def _card(s, src, slot):
    c = s.game.content
    p = s.active
    return c.feats[s.feats[p][slot]] if src == 0 else c.swag[s.swag[p][slot]]


def _effect_ok(s, p, card, e) -> bool:
    k = e[0]
    if k == E_SWAP:
        return GREEN in s.d_col and _count_colour(s, e[1]) < s.game.supply[e[1]]
    if k == E_ADD_DIE:
        return -1 in s.d_col and _count_colour(s, e[1]) < s.game.supply[e[1]]
    if k in (E_LOCK, E_REROLL, E_LOCK_REROLL):
        filt, fe = (e[1], e[2]) if k == E_LOCK_REROLL else (e[2], e[3])
        if fe and s.tokens[4 * p + FOCUS] < fe:
            return False
        return any(_rerollable(s, d, filt) for d in range(MAX_DICE))
    if k == E_REROLL_ALL:
        return any(_rerollable(s, d) for d in range(MAX_DICE))
    if k in (E_SET_FACE, E_BUMP, E_FLIP):
        return any(_alterable(s, d) for d in range(MAX_DICE))
    if k == E_COPY:
        return sum(1 for d in range(MAX_DICE) if _alterable(s, d)) >= 2
    if k == E_CONVERT:
        have = s.tokens[4 * p + e[1]] - (card.feat_cost if card.is_feat and e[1] == FEAT_TOKEN else 0)
        return have >= e[3]
    if k == E_REFRESH:
        return any(s.exh[p])
    return True


def usable(s, p, card, phase_t, exhausted=False) -> bool:
    """Can ``card`` be activated now (timing, every cost payable, a legal completion)?"""
    t = card.timing
    if t == PASSIVE:
        return False
    if phase_t == PRE:  # ATT-ENC-1: before the roll only dice-swapping (PRE) cards
        if t != PRE or card.dice:
            return False
    elif t not in (phase_t, ANY) or t == PRE:
        return False
    if card.is_feat:
        if s.tokens[4 * p + FEAT_TOKEN] < card.feat_cost:
            return False
    else:
        if card.cost_exhaust and exhausted:
            return False
        if card.cost_die and not whites_free(s):
            return False
    return all(_effect_ok(s, p, card, e) for e in card.effects)


def cards_mask(s, p, phase_t, m) -> None:
    c = s.game.content
    for i, f in enumerate(s.feats[p]):
        if usable(s, p, c.feats[f], phase_t):
            m[A.FEAT + i] = True
    for j, w in enumerate(s.swag[p]):
        if usable(s, p, c.swag[w], phase_t, s.exh[p][j]):
            m[A.SWAG + j] = True


def activate(s, p, a) -> None:
    src, slot = (0, a - A.FEAT) if a < A.SWAG else (1, a - A.SWAG)
    s.act = [src, slot, -1]
    card = _card(s, src, slot)
    if src == 1 and card.cost_die:
        free = whites_free(s)
        if len(free) == 2 and s.w_face[0] != s.w_face[1]:
            s.pend.append((D_ACTION_DIE, p, 0, 0))
            return
        s.act[2] = free[0]
    _continue(s, p)


def _continue(s, p) -> None:
    card = _card(s, s.act[0], s.act[1])
    if card.select >= 0:
        s.sel = []
        s.pend.append((D_SELECT, p, SEL_EFFECT, 0))
    else:
        _pay(s, p, card)
        _run_effects(s, p, card, 0)


def _pay(s, p, card) -> None:
    src, slot, white = s.act
    if src == 0:
        s.tokens[4 * p + FEAT_TOKEN] -= card.feat_cost
        s.feat_discard.append(s.feats[p].pop(slot))
    else:
        if card.cost_die:
            s.w_spent[white] = 1
        if card.cost_exhaust:
            s.exh[p][slot] = 1


def _run_effects(s, p, card, start) -> None:
    supply = s.game.supply
    for e in card.effects[start:]:
        k = e[0]
        if k == E_SWAP:
            for _ in range(e[2]):
                greens = [d for d in range(MAX_DICE) if s.d_col[d] == GREEN]
                if greens and _count_colour(s, e[1]) < supply[e[1]]:
                    s.d_col[greens[-1]] = e[1]
        elif k == E_ADD_DIE:
            if -1 in s.d_col and _count_colour(s, e[1]) < supply[e[1]]:
                s.d_col[s.d_col.index(-1)] = e[1]
        elif k == E_REROLL_ALL:
            roll(s, [d for d in range(MAX_DICE) if _rerollable(s, d)])
        elif k == E_GAIN:
            s.tokens[4 * p + e[1]] += e[2]
        elif k == E_CONVERT:
            n = min(e[3], s.tokens[4 * p + e[1]])
            s.tokens[4 * p + e[1]] -= n
            s.tokens[4 * p + e[2]] += n
        elif k == E_REFRESH:
            s.pend.append((D_REFRESH, p, e[1], 0))


# -- selection of dice for an effect -----------------------------------------------------------
def most_picks(e) -> int | None:
    """How many dice a dice effect's selection may hold: its printed limit (lock, reroll), two
    (copy), one (set a face, bump, flip), or None (lock and reroll: as many as Focus pays for)."""
    k = e[0]
    if k in (E_LOCK, E_REROLL):
        return e[1]
    if k == E_LOCK_REROLL:
        return None
    return 2 if k == E_COPY else 1


def _effect_pick_ok(s, p, e, d) -> bool:
    k = e[0]
    n = len(s.sel)
    most = most_picks(e)
    if most is not None and n >= most:
        return False
    if k in (E_LOCK, E_REROLL):
        filt, fe = e[2], e[3]
        return _rerollable(s, d, filt) and s.tokens[4 * p + FOCUS] >= fe * (n + 1)
    if k == E_LOCK_REROLL:
        return _rerollable(s, d, e[1]) and s.tokens[4 * p + FOCUS] >= e[2] * (n + 1)
    return _alterable(s, d)  # copy, set_face, bump, flip


def _select_confirm_ok(s, e) -> bool:
    return len(s.sel) == 2 if e[0] == E_COPY else len(s.sel) >= 1


def combo_of(s, target):
    c = s.game.content
    if target == ENCOUNTER_TARGET:
        return c.enc_combo[s.enc_at[s.cur_loc]]
    return s.game.lines[target][0]


def select_mask(s, f, m):
    p, purpose, target = f[1], f[2], f[3]
    if purpose == SEL_EFFECT:
        e = _card(s, s.act[0], s.act[1]).effects[0]
        for d in range(MAX_DICE):
            if d not in s.sel and _effect_pick_ok(s, p, e, d):
                m[A.DIE + d] = True
        if _select_confirm_ok(s, e):
            m[A.CONFIRM] = True
    else:
        combo = combo_of(s, target)
        sel_faces = [s.d_face[d] for d in s.sel]
        avail = usable_faces(s, s.sel)
        for d in range(MAX_DICE):
            if d not in s.sel and s.d_col[d] >= 0 and not s.d_used[d]:
                if can_extend(combo, sel_faces, s.d_face[d], avail):
                    m[A.DIE + d] = True
        if valid(combo, sel_faces):
            m[A.CONFIRM] = True
    if s.cancels < MAX_CANCELS:
        m[A.PASS] = True


def select_apply(s, f, a):
    p, purpose, target = f[1], f[2], f[3]
    if A.DIE <= a < A.DIE + MAX_DICE:
        s.sel.append(a - A.DIE)
        return
    s.pend.pop()
    sel, s.sel = s.sel, []
    if a == A.PASS:  # cancel: nothing was paid
        s.cancels += 1
        return
    if purpose == SEL_EFFECT:
        _confirm_effect(s, p, sel)
    else:
        _confirm_combo(s, p, target, sel)


def _confirm_effect(s, p, sel) -> None:
    card = _card(s, s.act[0], s.act[1])
    e = card.effects[0]
    _pay(s, p, card)
    k = e[0]
    if k in (E_LOCK, E_REROLL, E_LOCK_REROLL):
        fe = e[2] if k == E_LOCK_REROLL else e[3]
        s.tokens[4 * p + FOCUS] -= fe * len(sel)
    if k == E_LOCK:
        for d in sel:
            s.d_lock[d] = 1
    elif k == E_LOCK_REROLL:  # Hat: lock the picks, reroll every other unlocked die (ATT-ENC-6)
        for d in sel:
            s.d_lock[d] = 1
        roll(s, [d for d in range(MAX_DICE) if _rerollable(s, d)])
    elif k == E_REROLL:
        roll(s, sorted(sel))
    elif k == E_SET_FACE:
        s.pend.append((D_VALUE, p, sel[0], 0))
    elif k == E_BUMP:
        s.pend.append((D_VALUE, p, sel[0], e[1]))
    elif k == E_FLIP:
        s.d_face[sel[0]] = 7 - s.d_face[sel[0]]
    elif k == E_COPY:
        s.d_face[sel[1]] = s.d_face[sel[0]]
    _run_effects(s, p, card, 1)


def _confirm_combo(s, p, target, sel) -> None:
    for d in sel:
        s.d_used[d] = 1
        if s.d_col[d] == BLUE:  # Blue Feat die: +1 Feat token when spent in a combination
            s.tokens[4 * p + FEAT_TOKEN] += 1
    if target == ENCOUNTER_TARGET:  # ATT-RESOLVE-2
        s.stack[p].append(s.enc_at[s.cur_loc])
        s.enc_at[s.cur_loc] = -1
        s.overcome = 1
        return
    options = s.game.lines[target][1]
    if len(options) == 1:  # ATT-RESOLVE-1: one token per die used
        s.tokens[4 * p + options[0]] += len(sel)
    else:
        s.pend.append((D_TOKEN, p, len(sel), target))


# -- phase decisions ----------------------------------------------------------------------------
def preroll_mask(s, f, m):
    cards_mask(s, f[1], PRE, m)
    m[A.ROLL] = True


def preroll_apply(s, f, a):
    if a == A.ROLL:  # ATT-ENC-2: roll the pool; the whites are locked at once
        s.pend.pop()
        roll(s, [d for d in range(MAX_DICE) if s.d_col[d] >= 0])
        s.cq.extend((CH_WHITE, w) for w in whites_free(s))
        s.pend.append((D_ENCOUNTER, f[1], 0, 0))
    else:
        activate(s, f[1], a)


def encounter_mask(s, f, m):
    m[A.TO_RESOLVE] = True
    if s.step_cap_reached():  # ATT-D-17 backstop
        return
    cards_mask(s, f[1], POST, m)
    if luck_die(s) >= 0:
        m[A.LUCK] = True


def encounter_apply(s, f, a):
    if a == A.TO_RESOLVE:
        s.pend[-1] = (D_RESOLVE, f[1], 0, 0)
    elif a == A.LUCK:
        d = luck_die(s)
        s.d_luck[d] = 1
        roll(s, [d])
    else:
        activate(s, f[1], a)


def resolve_mask(s, f, m):
    m[A.PASS] = True
    if s.step_cap_reached():
        return
    p = f[1]
    faces = usable_faces(s)
    for i, (combo, _) in enumerate(s.game.lines):
        if exists(combo, faces):
            m[A.LINE + i] = True
    e = s.enc_at[s.cur_loc]
    if e >= 0 and exists(s.game.content.enc_combo[e], faces):
        m[A.ENCOUNTER] = True
    for w in (0, 1):
        if not s.w_spent[w] and not s.w_claimed[w] and 0 <= s.w_face[w] < BLANK:
            m[A.CLAIM + w] = True
    cards_mask(s, p, RESOLVE_T, m)


def resolve_apply(s, f, a):
    p = f[1]
    if a == A.PASS:
        s.pend.pop()
    elif a == A.ENCOUNTER or A.LINE <= a < A.LINE + len(s.game.lines):
        s.sel = []
        target = ENCOUNTER_TARGET if a == A.ENCOUNTER else a - A.LINE
        s.pend.append((D_SELECT, p, SEL_COMBO, target))
    elif A.CLAIM <= a < A.CLAIM + 2:  # ATT-RESOLVE-3
        w = a - A.CLAIM
        s.w_claimed[w] = 1
        s.tokens[4 * p + s.w_face[w]] += 1
    else:
        activate(s, p, a)


def action_die_mask(s, f, m):
    for w in whites_free(s):
        m[A.ACTION_DIE + w] = True


def action_die_apply(s, f, a):
    s.pend.pop()
    s.act[2] = a - A.ACTION_DIE
    _continue(s, f[1])


def value_mask(s, f, m):
    d, k = f[2], f[3]
    face = s.d_face[d]
    for v in range(1, 7):
        if k == 0 or 1 <= abs(v - face) <= k:
            m[A.VALUE + v - 1] = True


def value_apply(s, f, a):
    s.pend.pop()
    s.d_face[f[2]] = a - A.VALUE + 1


def token_mask(s, f, m):
    for k in s.game.lines[f[3]][1]:
        m[A.TOKEN + k] = True


def token_apply(s, f, a):
    s.pend.pop()
    s.tokens[4 * f[1] + a - A.TOKEN] += 1
    if f[2] > 1:
        s.pend.append((D_TOKEN, f[1], f[2] - 1, f[3]))


def refresh_mask(s, f, m):
    for j, e in enumerate(s.exh[f[1]]):
        if e:
            m[A.SWAG + j] = True
    m[A.CONFIRM] = True


def refresh_apply(s, f, a):
    s.pend.pop()
    if a == A.CONFIRM:
        return
    s.exh[f[1]][a - A.SWAG] = 0
    if f[2] > 1:
        s.pend.append((D_REFRESH, f[1], f[2] - 1, 0))


HANDLERS = {
    D_PREROLL: (preroll_mask, preroll_apply),
    D_ENCOUNTER: (encounter_mask, encounter_apply),
    D_RESOLVE: (resolve_mask, resolve_apply),
    D_ACTION_DIE: (action_die_mask, action_die_apply),
    D_SELECT: (select_mask, select_apply),
    D_VALUE: (value_mask, value_apply),
    D_TOKEN: (token_mask, token_apply),
    D_REFRESH: (refresh_mask, refresh_apply),
}
