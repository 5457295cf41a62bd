"""Tool tokens and abilities: holdings, the token flow of PALEO-D-19, attribute checks, crafting.

A participant set is a bitmask of groups. When several participants hold a token that is spent,
the holder is chosen automatically: the deciding group first, then the others in seat order
(documented simplification of the spec's GROUP[g] choice).
"""
from __future__ import annotations


def abilities(s, parts: int) -> list[int]:
    """PALEO-ACT-2: summed STR/AWR/SKL of every person of the participant groups."""
    tot = [0, 0, 0]
    cards = s.game.content.cards
    for g in range(s.n):
        if parts >> g & 1:
            for p in s.ppl[g]:
                c = cards[p]
                if c.ability < 3:
                    tot[c.ability] += c.value
    return tot


def held(s, parts: int, t: int) -> int:
    """Tokens of type t held by the participant groups (a bitmask)."""
    tools = s.tools
    if parts == 1:  # group 0 alone (every solo check): the loop below, written out
        return tools[t]
    T = s.game.T
    n = 0
    for g in range(s.n):
        if parts >> g & 1:
            n += tools[g * T + t]
    return n


def known(s, t: int) -> bool:
    c = s.game.content
    if c.tools[t].printed:
        return True
    return any(c.cards[i].idea_tool == t for i in s.bench[:4])


def take_token(s, t: int) -> bool:
    """A gained token (person's tool, TOOL reward) comes from the general supply, else the craft
    stock; none left: nothing (PALEO-D-19)."""
    if s.gsup[t] > 0:
        s.gsup[t] -= 1
        return True
    if s.stock[t] > 0:
        s.stock[t] -= 1
        return True
    return False


def return_token(s, t: int) -> None:
    """A spent token returns to its craft stock if that idea is known, else the general supply."""
    if known(s, t):
        s.stock[t] += 1
    else:
        s.gsup[t] += 1


def holder(s, parts: int, t: int, prefer: int) -> int:
    T = s.game.T
    if 0 <= prefer < s.n and parts >> prefer & 1 and s.tools[prefer * T + t] > 0:
        return prefer
    for g in range(s.n):
        if parts >> g & 1 and s.tools[g * T + t] > 0:
            return g
    return -1


def spend(s, parts: int, t: int, prefer: int) -> int:
    """Remove one token of type t from a participant and return it to the supply."""
    g = holder(s, parts, t, prefer)
    if g >= 0:
        s.tools[g * s.game.T + t] -= 1
        return_token(s, t)
    return g


def reserve_of(opt) -> dict[int, int]:
    r: dict[int, int] = {}
    for t in opt.ctools:
        r[t] = r.get(t, 0) + 1
    return r


def tool_bonus_max(s, parts: int, reserve: dict[int, int]) -> list[int]:
    """The most every attribute tool of the participants (less those a cost needs) could add."""
    c = s.game.content
    b = [0, 0, 0]
    for t in s.game.ability_tools:
        k = held(s, parts, t) - reserve.get(t, 0)
        if k > 0:
            ab = c.tools[t].ability
            b[0] += k * ab[0]
            b[1] += k * ab[1]
            b[2] += k * ab[2]
    return b


def reachable(s, parts: int, need, reserve) -> bool:
    have = abilities(s, parts)
    if have[0] >= need[0] and have[1] >= need[1] and have[2] >= need[2]:
        return True
    b = tool_bonus_max(s, parts, reserve)
    return have[0] + b[0] >= need[0] and have[1] + b[1] >= need[1] and have[2] + b[2] >= need[2]


def met(s, parts: int) -> bool:
    have = abilities(s, parts)
    bonus, need = s.bonus, s.need
    return have[0] + bonus[0] >= need[0] and have[1] + bonus[1] >= need[1] and have[2] + bonus[2] >= need[2]


def useful_tools(s, parts: int, reserve) -> list[int]:
    """Attribute tools whose use would add to an ability still short of the requirement."""
    c = s.game.content
    have = abilities(s, parts)
    short = [have[a] + s.bonus[a] < s.need[a] for a in range(3)]
    out = []
    for t in s.game.ability_tools:
        if held(s, parts, t) - reserve.get(t, 0) > 0 and any(short[a] and c.tools[t].ability[a] for a in range(3)):
            out.append(t)
    return out


def recipe_reserve(tool) -> dict[int, int]:
    """The tool tokens a recipe costs, by type (a paid token gives no effect, PALEO-ACT-3)."""
    r: dict[int, int] = {}
    for x in tool.recipe_tools:
        r[x] = r.get(x, 0) + 1
    return r


def craftable(s, parts: int) -> list[int]:
    """PALEO-CRAFT-1: known ideas with stock left whose recipe the participants can meet and pay.

    A recipe's requirement is met "in the same way you would pay for other actions": the
    participants' abilities plus the attribute tools they could use (those the recipe does not
    pay with), exactly as ``reachable`` allows for an option's requirement."""
    c = s.game.content
    out = []
    for tool in c.tools:
        t = tool.id
        if not tool.craftable or s.stock[t] <= 0 or not known(s, t):
            continue
        if any(s.store[r] < tool.recipe_res[r] for r in range(3)):
            continue
        reserve = recipe_reserve(tool)
        if any(held(s, parts, x) < k for x, k in reserve.items()):
            continue
        if any(tool.recipe_req) and not reachable(s, parts, tool.recipe_req, reserve):
            continue
        out.append(t)
    return out


def pay_recipe(s, parts: int, t: int, prefer: int) -> None:
    tool = s.game.content.tools[t]
    for r in range(3):
        s.store[r] -= tool.recipe_res[r]
        s.sup[r] += tool.recipe_res[r]
    for x in tool.recipe_tools:
        spend(s, parts, x, prefer)


def group_tools(s, g: int, effect: int) -> list[int]:
    """Tool types with that effect that group g holds, in type order."""
    tools, o = s.tools, g * s.game.T
    return [t for t in s.game.tools_by_effect[effect] if tools[o + t] > 0]
