"""Decisions taken inside a resolution: the tool window (D-11), wound group / prevent / person
(PALEO-WOUND-1, HELP-2, D-7), reward splits (HELP-3/6), holder cards (SPEC-1), crafting
(CRAFT-1), the workbench slot (REW-6, D-15) and kills (REW-4)."""
from __future__ import annotations

from . import actions as A
from .kinds import (D_CRAFT, D_HOST, D_HPERSON, D_IDEASLOT, D_KGROUP, D_KPERSON, D_PREVENT,
                    D_SPLIT, D_TOOLWIN, D_WGROUP, D_WPERSON, OP_DREAM_TO, OP_GIVE_TOOL, OP_HEAL_IN,
                    OP_KILL, OP_PERSON_TO, OP_WOUND2, SP_DREAM, SP_HEAL, SP_PERSON, SP_TOOL)
from .resolve import cur_opt, fail, hosts, option_need
from .tools import (abilities, craftable, met, pay_recipe, recipe_reserve, reserve_of, spend,
                    useful_tools)
from .wounds import die, parts_list, prevent_tools, wound_person, wounded_groups


# -- tool window -------------------------------------------------------------------------------
def toolwin_mask(s, f, m):
    for t in useful_tools(s, s.r_parts, reserve_of(cur_opt(s))):
        m[A.TOOL + t] = True
    if met(s, s.r_parts):
        m[A.CONFIRM] = True
    m[A.DECLINE] = True


def toolwin_apply(s, f, a):
    if a == A.CONFIRM:
        s.pend.pop()
    elif a == A.DECLINE:  # counts as failing the check, even if met (D-11)
        s.pend.pop()
        fail(s)
    else:
        t = a - A.TOOL
        spend(s, s.r_parts, t, s.r_chooser)
        ab = s.game.content.tools[t].ability
        for i in range(3):
            s.bonus[i] += ab[i]


# -- wound events ------------------------------------------------------------------------------
def wgroup_mask(s, f, m):
    for g in parts_list(s, s.r_parts):
        m[A.GROUP + g] = True


def wgroup_apply(s, f, a):
    s.pend.pop()
    s.ops.insert(0, (OP_WOUND2, a - A.GROUP, f[2]))


def prevent_mask(s, f, m):   # (wounds are always being suffered here: invariants.py)
    for t in prevent_tools(s, s.r_parts):
        m[A.TOOL + t] = True
    m[A.DECLINE] = True


def prevent_apply(s, f, a):
    if a == A.DECLINE:
        s.pend.pop()
        return
    t = a - A.TOOL
    spend(s, s.r_parts, t, s.r_wgroup)
    s.r_wound -= s.game.content.tools[t].n
    if s.r_wound <= 0 or not prevent_tools(s, s.r_parts):
        s.pend.pop()


def people_mask(s, g, m, wounded_only=False):
    for p, w in enumerate(s.wnd[g]):
        if w or not wounded_only:
            m[A.PERSON + p] = True


def wperson_mask(s, f, m):
    people_mask(s, f[1], m)


def wperson_apply(s, f, a):
    s.pend.pop()
    wound_person(s, f[1], a - A.PERSON, f[2])


def kperson_mask(s, f, m):
    people_mask(s, f[1], m)


def kperson_apply(s, f, a):
    s.pend.pop()
    die(s, f[1], a - A.PERSON)


def kgroup_mask(s, f, m):
    for g in parts_list(s, s.r_parts):
        m[A.GROUP + g] = True


def kgroup_apply(s, f, a):
    s.pend.pop()
    s.ops.insert(0, (OP_KILL, a - A.GROUP))


# -- reward splits (D-7, D-18) ------------------------------------------------------------------
def split_mask(s, f, m):
    gs = wounded_groups(s, s.r_parts) if f[2] == SP_HEAL else parts_list(s, s.r_parts)
    for g in gs:
        m[A.GROUP + g] = True


def split_apply(s, f, a):
    s.pend.pop()
    g = a - A.GROUP
    purpose = f[2]
    if purpose == SP_TOOL:
        s.ops.insert(0, (OP_GIVE_TOOL, f[3] % 100, g, int(f[3] >= 100)))
    elif purpose == SP_PERSON:
        s.ops.insert(0, (OP_PERSON_TO, g))
    elif purpose == SP_DREAM:
        s.ops.insert(0, (OP_DREAM_TO, g))
    else:
        s.ops.insert(0, (OP_HEAL_IN, g))


def hperson_mask(s, f, m):
    people_mask(s, f[2], m, wounded_only=True)


def hperson_apply(s, f, a):
    s.pend.pop()
    s.wnd[f[2]][a - A.PERSON] -= 1


# -- holder cards (PALEO-SPEC-1) --------------------------------------------------------------------
def host_mask(s, f, m):
    for i in hosts(s, f[2]):
        m[A.CARD + i] = True
    m[A.DECLINE] = True


def host_apply(s, f, a):
    s.pend.pop()
    code, g = f[2], f[3]
    if a == A.DECLINE:
        if code < 3:
            s.sup[code] -= 1
            s.store[code] += 1
        else:
            s.tools[g * s.game.T + code - 3] += 1
        return
    if code < 3:
        s.sup[code] -= 1
    s.held[a - A.CARD].append(code)


# -- crafting (PALEO-CRAFT-1) -----------------------------------------------------------------------
# Frame (D_CRAFT, chooser, 0, 0): pick a craftable tool (or DECLINE). If the participants' people
# fall short of its recipe's requirement, the frame becomes (D_CRAFT, chooser, t + 1, 0): the
# recipe's tool window, where attribute tools are used as for an option's check (s.need /
# s.bonus hold the recipe's requirement); the tool is made as soon as it is met. DECLINE there
# crafts nothing (tools already used stay spent, as DECLINE in the tool window, D-11).
def craft_mask(s, f, m):
    if f[2]:
        for t in useful_tools(s, s.r_parts, recipe_reserve(s.game.content.tools[f[2] - 1])):
            m[A.TOOL + t] = True
    else:
        for t in craftable(s, s.r_parts):
            m[A.TOOL + t] = True
    m[A.DECLINE] = True


def _close_window(s):
    """The recipe window is over: the check fields show the option being resolved again."""
    s.need[:] = option_need(s)
    s.bonus[:] = [0, 0, 0]


def craft_apply(s, f, a):
    if a == A.DECLINE:
        s.pend.pop()
        if f[2]:
            _close_window(s)
        return
    if f[2]:
        t = f[2] - 1
        used = a - A.TOOL
        spend(s, s.r_parts, used, s.r_chooser)
        ab = s.game.content.tools[used].ability
        for i in range(3):
            s.bonus[i] += ab[i]
        if not met(s, s.r_parts):
            return
        _close_window(s)
    else:
        t = a - A.TOOL
        req = s.game.content.tools[t].recipe_req
        have = abilities(s, s.r_parts)
        if any(have[i] < req[i] for i in range(3)):
            s.need[:] = list(req)
            s.bonus[:] = [0, 0, 0]
            s.pend[-1] = (D_CRAFT, f[1], t + 1, 0)
            return
    s.pend.pop()
    pay_recipe(s, s.r_parts, t, s.r_chooser)
    ps = parts_list(s, s.r_parts)
    if len(ps) == 1:
        s.ops.insert(0, (OP_GIVE_TOOL, t, ps[0], 1))
    else:
        s.pend.append((D_SPLIT, s.r_chooser, SP_TOOL, t + 100))  # + 100: crafted


# -- workbench slot (PALEO-REW-6, D-15) ------------------------------------------------------------
def ideaslot_mask(s, f, m):
    for i in range(len(s.bench)):
        m[A.IDEA_SLOT + i] = True


def ideaslot_apply(s, f, a):
    s.pend.pop()
    x = s.bench.pop(a - A.IDEA_SLOT)
    s.cem.append(x)
    t = s.game.content.cards[x].idea_tool
    if t >= 0 and not any(s.game.content.cards[y].idea_tool == t for y in s.bench):
        if not s.game.content.tools[t].printed:
            s.gsup[t] += s.stock[t]
            s.stock[t] = 0


HANDLERS = {
    D_TOOLWIN: (toolwin_mask, toolwin_apply),
    D_WGROUP: (wgroup_mask, wgroup_apply),
    D_PREVENT: (prevent_mask, prevent_apply),
    D_WPERSON: (wperson_mask, wperson_apply),
    D_SPLIT: (split_mask, split_apply),
    D_HPERSON: (hperson_mask, hperson_apply),
    D_KPERSON: (kperson_mask, kperson_apply),
    D_KGROUP: (kgroup_mask, kgroup_apply),
    D_HOST: (host_mask, host_apply),
    D_CRAFT: (craft_mask, craft_apply),
    D_IDEASLOT: (ideaslot_mask, ideaslot_apply),
}
