"""What the Primeval Peril heuristic plans with: shortest paths over the atlas, the success
probability of a challenge, a combat's rough odds, and what a location's unread sections are
worth (boardgym/agents/heuristics/primeval_peril/agent.py)."""
from __future__ import annotations

from collections import deque

from boardgym.games.primeval_peril import difficulty
from boardgym.games.primeval_peril.content import EFFECTS
from boardgym.games.primeval_peril.effects import owned_keywords
from boardgym.games.primeval_peril.kinds import (DIE_BONUS, FATE_DIE, MOONS, N_RES, RESOURCE_OF_SKILL,
                                                START_POWER_MOD)
from boardgym.games.sleeping_gods import characters as chars

_DIST: dict = {}
E = {k: i for i, k in enumerate(EFFECTS)}
ENDING = 100.0
# combat_win_p's odds are scaled by this: the raw formula gave the Nest fight 0.66 at the start
# on normal where the heuristic won it ~0.45 of the time; and a lower value makes the crew
# gather bloodflowers and cards before the final fight. Measured over 100 seeded normal games:
# 1.0 -> 49% endings, 0.6 -> 79%, 0.5 -> 85%, 0.4 -> 95%, 0.3 -> 88% (it waits too long).
# With the later combat targeting (300 seeds, normal / hard): 0.4 -> 99.7% / 95.7%, 0.6 -> 98% /
# 72%, 1.0 -> 95% / 58%.
CAUTION = 0.4


def distances(game) -> list[list[int]]:
    """All-pairs steps over the spaces' exits (page-edge links are exits too, PP-TRAVEL-3)."""
    key = id(game.spaces)
    hit = _DIST.get(key)
    if hit is not None and hit[0] is game.spaces:
        return hit[1]
    n = len(game.spaces)
    out = []
    for a in range(n):
        d = [-1] * n
        d[a] = 0
        q = deque([a])
        while q:
            x = q.popleft()
            for y in game.spaces[x].exits:
                if d[y] < 0:
                    d[y] = d[x] + 1
                    q.append(y)
        out.append(d)
    _DIST[key] = (game.spaces, out)
    return out


def next_step(s, goal: int) -> int | None:
    """The exit index that shortens the way to ``goal``."""
    dist = distances(s.game)
    exits = s.game.spaces[s.pos].exits
    ok = [k for k, y in enumerate(exits) if dist[y][goal] >= 0]
    return min(ok, key=lambda k: (dist[exits[k]][goal], k)) if ok else None


def die_bonus(s) -> int:
    """The die bonus of the level now (PP-END-2: easy +1), which may change during a game."""
    return DIE_BONUS[difficulty.level(s)]


def challenge_number(s, c) -> int:
    """A content challenge's number at the level now (PP-END-2: hard +1)."""
    return c.number + difficulty.challenge_mod(s)


# -- challenges --------------------------------------------------------------------------------------
def challenge_p(s, skill: int, number: int, parts) -> float:
    """P(success) of a challenge with these participants: their effective skills, the carried
    resources of the skill (PP-CHAR-8) and the fate die (+ easy's bonus), one reroll token."""
    base = sum(chars.effective_skill(s, c, skill) for c in set(parts) if s.hp[c] > 0)
    t = RESOURCE_OF_SKILL[skill]
    base += sum(s.inv[N_RES * c + t] for c in range(5) if s.hp[c] > 0)
    bonus = die_bonus(s)
    p = sum(1 for f in FATE_DIE if base + f + bonus >= number) / len(FATE_DIE)
    return 1 - (1 - p) ** 2 if s.rerolls else p


# -- combats -----------------------------------------------------------------------------------------
def combat_win_p(s, number: int) -> float:
    """A rough chance to win COMBAT n now: rounds needed to cover every heart against the crew's
    HP left under the counterattacks (PP-COMBAT-3..10)."""
    g = s.game
    fight = g.content.by_number.get(number)
    if fight is None:
        return 0.0
    ens = [g.sg.enemies[i] for i in fight.enemies]
    hearts = sum(en.values[i] for en in ens for i in en.hearts)
    alive = [c for c in range(5) if s.hp[c] > 0]
    attackers = min(4, len(alive))
    if not attackers:
        return 0.0
    bonus = die_bonus(s)
    skill = sum(max(chars.effective_skill(s, c, k) for k in range(5)) for c in alive) / len(alive)
    per_attack = 0.6 + 0.7 * (1.5 + bonus) + 0.7 * skill
    rounds = hearts / (attackers * per_attack * 0.8)
    power = sum(len(en.squares("P")) for en in ens) / len(ens) + START_POWER_MOD[difficulty.level(s)]
    counter = sum(en.attack for en in ens) / len(ens) + max(0.0, power) - 2.0
    taken = rounds * attackers * max(0.5, counter) + rounds * 0.7 * len(ens)
    hp = sum(s.hp[c] for c in alive)
    x = (hp - taken) / max(4.0, 0.35 * hp)
    return max(0.0, min(1.0, 0.5 + 0.5 * x)) * CAUTION


# -- the story ---------------------------------------------------------------------------------------
def _card_value(s, n) -> float:
    if n in s.owned:
        return 0.0
    card = s.game.content.cards.numbered.get(n)
    if card is None:
        return 0.0
    kws = getattr(card, "keywords", None)
    if kws is not None:
        return 6.0 if kws else 0.5
    return 3.0


def effects_value(s, effects) -> float:
    v = 0.0
    for e in effects:
        k = e.kind
        if k == E["bloodflower"]:
            v += 3.0 * e.amount
        elif k == E["gain_card"]:
            v += _card_value(s, e.arg)
        elif k in (E["damage"], E["damage_each"]):
            v -= 0.6 * e.amount * (5 if k == E["damage_each"] else 1)
        elif k == E["boat_damage"]:
            v -= 1.0 * e.amount
        elif k in (E["status"], E["stamina_loss"]):
            v -= 1.0 * e.amount
        elif k in (E["gain_resource"], E["reroll"], E["heal"]):
            v += 0.6 * e.amount
        elif k == E["lose_resource"]:
            v -= 0.8 * e.amount
        elif k == E["market"]:
            v += 1.0
        elif k == E["lose_time"]:
            v -= 0.5 * e.amount
    return v


def _defeat_cost(s) -> float:
    """What losing a combat costs: the whole game early, little once the moons are out."""
    return ENDING * max(0.15, (MOONS - s.moons) / MOONS) if s.final < 0 else 10.0


def _fight_value(s, number: int, after: float) -> float:
    p = combat_win_p(s, number)
    return p * after - (1 - p) * _defeat_cost(s)


def section_value(s, sec_id: int, depth: int = 0) -> float:
    st = s.game.content.story
    if depth > 12:
        return 0.0
    owned = owned_keywords(s)
    sec = st.sections[sec_id]
    for _ in range(len(st.sections)):
        nxt = next((goto for kw, goto in sec.redirects if kw in owned), None)
        if nxt is None:
            break
        sec = st.sections[st.by_key[nxt]]
    v = 0.0 if s.reached[sec.id] else effects_value(s, sec.effects)
    if sec.ends == "ending":
        return v + ENDING
    if sec.choices:
        return v + max(0.0, max(choice_value(s, ch, depth=depth + 1) for ch in sec.choices))
    if sec.goto:
        after = section_value(s, st.by_key[sec.goto], depth + 1)
        return v + (_fight_value(s, sec.combat, after) if sec.combat else after)
    return v


def choice_value(s, ch, depth: int = 0, event: bool = False) -> float:
    """A story or event choice's worth: its effects and where it leads; challenges weighted by
    their odds with every able character, combats by ``combat_win_p``; a gated one closed."""
    if ch.requires is not None and ch.requires not in owned_keywords(s):
        return -1e9
    st = s.game.content.story
    nxt = (lambda key: section_value(s, st.by_key[key], depth + 1)) if not event else (lambda key: 0.0)
    own = effects_value(s, ch.effects)
    if ch.challenge is not None:
        c = ch.challenge
        able = [x for x in range(5) if s.hp[x] > 0 and s.res[x] > 0]
        p = challenge_p(s, c.skill, challenge_number(s, c), able)
        win = nxt(ch.goto) if ch.goto else 0.0
        lose = nxt(c.fail_goto) if c.fail_goto else win
        fail = effects_value(s, c.fail)
        return p * (win + own) + (1 - p) * (lose + fail + (own if ch.rewards_on_fail else 0.0))
    after = own + (nxt(ch.goto) if ch.goto else 0.0)
    return _fight_value(s, ch.combat, after) if ch.combat else after


def location_value(s, loc: int) -> float:
    st = s.game.content.story
    entry = st.location_entry.get(loc)
    return section_value(s, st.by_key[entry]) if entry else 0.0


def ending_ahead(s, loc: int) -> bool:
    """Whether an ending can be read from this location's entry (keyword gates aside)."""
    st = s.game.content.story
    entry = st.location_entry.get(loc)
    todo, seen = [st.by_key[entry]] if entry else [], set()
    while todo:
        sec = st.sections[todo.pop()]
        if sec.id in seen:
            continue
        seen.add(sec.id)
        if sec.ends == "ending":
            return True
        keys = [sec.goto] + [g for _, g in sec.redirects] + [c.goto for c in sec.choices]
        keys += [c.challenge.fail_goto for c in sec.choices if c.challenge is not None]
        todo += [st.by_key[k] for k in keys if k]
    return False


def goal_space(s) -> int | None:
    """The space of the numbered location worth most per step of travel, or None."""
    dist = distances(s.game)[s.pos]
    best, best_v = None, 0.0
    for sp in s.game.spaces:
        if sp.location <= 0 or sp.location in s.crossed or dist[sp.id] < 0:
            continue
        v = location_value(s, sp.location)
        if v <= 0.5:
            continue
        score = v / (dist[sp.id] + 3.0)
        if score > best_v:
            best, best_v = sp.id, score
    return best
