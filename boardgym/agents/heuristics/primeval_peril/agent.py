"""A rule-based Sleeping Gods: Primeval Peril player (cooperative: every seat plays it).

It reads the engine state (``needs_state = True``), only its public part: the event and combat
decks' order, unowned numbered cards and unreached sections' outcomes are never read (the
story values below look at the pack's sections the way a player who knows the book would; the
heuristic uses them only to rank locations). The rules it plays by:

* **The map** (PP-TURN-3, PP-TRAVEL, PP-EXPL; ``plan.py``): the boat heads for the numbered location worth
  most per step (shortest path in steps over the atlas, page edges included); a location is
  worth what its unread sections still give from its entry under the keywords owned (quests,
  bloodflowers, cards; an ending counts big once the combat before it looks winnable, or when
  the moons run out). Square locations are explored on the way when their banner pays and
  its challenge looks passable; the turn ends early when the time left buys nothing.
* **Upkeep** (PP-REST, PP-REPAIR): rest when the stamina is out on the characters it needs or
  the crew is badly hurt, while a moon is left; meat + fruit sets go on the rest when the
  wounds take them; repair the boat at 3 HP or less.
* **Challenges** (PP-CHAL): characters join best effective skill first while the success
  probability (the fate die's faces, the carried resources of the skill) grows by enough; none
  joins a challenge out of reach. In the modify window carried resources close a small gap, a
  reroll token redraws a low die.
* **Story and event choices**: open keyword choices and challenges or combats it can win rank
  first (``story_value``); events take the cheaper alternative.
* **Combat** (PP-COMBAT, ``combat.py``): rope and Jon's ability take power off
  the strongest counter, the best card goes on the character who hits hardest; the target is
  the enemy with the most harmful uncovered squares (fear and madness first: they lock
  attackers out; then damage and growth), then one it can defeat; damage covers hearts when that finishes the enemy,
  else abilities, then growth (Tides' ``PLACE_ORDER`` reordered); blocks when the counter
  would knock the attacker out or is heavy; an enemy's fear goes on Vine first.
* **Before the end**: it rests before exploring a location an ending can be read from unless
  the crew is fresh, and a final fight's odds are scaled by a measured ``CAUTION``
  (``plan.py``), so it levels up before the last fight.
* **Everything else**: damage goes to who has most HP, healing to who has least, level-ups to
  the character with the largest gain, tokens to who uses their skill, market cards are bought
  when the coins allow.

Every answer is checked against the legal mask; anything unexpected falls back to CONFIRM or
the first legal action (counted in ``fallbacks``).
"""
from __future__ import annotations

import numpy as np

from boardgym.agents.heuristics.primeval_peril.combat import RULES as COMBAT_RULES
from boardgym.agents.heuristics.primeval_peril.combat import legal_in as _legal
from boardgym.agents.heuristics.primeval_peril.combat import most_hp
from boardgym.agents.heuristics.primeval_peril.plan import (challenge_number, challenge_p, choice_value, die_bonus,
                                        ending_ahead, goal_space, next_step)
from boardgym.agents.rule_agent import RuleAgent
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.characters import (ABILITIES, AB_VINE_ROCKS, STATUS_ABILITIES, base_skill,
                                                      max_hp)
from boardgym.games.primeval_peril.effects import SRC_REPAIR
from boardgym.games.primeval_peril.explore import banner_of
from boardgym.games.primeval_peril.journey import time_left
from boardgym.games.primeval_peril.kinds import (
    D_ABILITY_CHAR, D_BANNER, D_DECK, D_EQUIP, D_EVENT_CHOICE, D_FATE_WINDOW, D_FRUIT, D_GAIN,
    D_GAIN_KIND, D_HEAL, D_LEVEL_UP, D_LOSE, D_MAIN, D_MARKET, D_MOVE_CARD, D_PLACE_START,
    D_REST_HEAL, D_REST_SETS, D_REST_STATUS, D_STAMINA_LOSS, D_STATUS_OFF,
    D_STATUS_PICK, D_STORY_CHOICE, D_TOKEN, FATE_ROCKS, FRUIT, MEAT, MOONS,
    N_RES, RESOURCE_OF_SKILL, STORAGE)
from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods.kinds import (D_JOIN, D_MODIFY, D_TARGET, D_WOUND, H_NUMBER, H_ROLL,
                                                H_SKILL)

KEY_KINDS = frozenset({D_STORY_CHOICE, D_JOIN, D_TARGET, D_EVENT_CHOICE})
VENOM, FRIGHTENED, WEAKENED, MADNESS = range(4)


class PrimevalHeuristicAgent(RuleAgent):
    """Rule-based Primeval Peril strategy (see the module docstring)."""

    name = "primeval_peril_heuristic"

    @staticmethod
    def key_decision(s) -> bool:
        """The strategic decisions (where a search on top pays): story and event choices, who
        joins a challenge, which enemy an attack targets."""
        return bool(s.pend) and not s.cq and s.pend[-1][0] in KEY_KINDS

    def decide(self, state, mask):
        f = state.pend[-1]
        fn = RULES.get(f[0])
        return fn(state, f, mask) if fn else None

    def fallback(self, mask) -> int:
        return A.CONFIRM if mask[A.CONFIRM] else int(np.flatnonzero(mask)[0])


def _alive(s):
    return [c for c in range(5) if s.hp[c] > 0]


def _least_hp(s, cands):
    return min(cands, key=lambda c: (s.hp[c] - s.max_hp(c) / 2, c))


# -- the map -------------------------------------------------------------------------------------
def need_rest(s) -> bool:
    """PP-REST: stamina out on the crew, or badly hurt, with a moon left to cross."""
    if s.moons >= MOONS:
        return False
    alive = _alive(s)
    stamina = sum(s.res[c] for c in alive)
    hp, top = sum(s.hp), sum(s.max_hp(c) for c in range(5))
    if s.moons == MOONS - 1:   # the last moon starts the last 3 turns: only when in real need
        return stamina <= 1 and hp < 0.5 * top
    return stamina <= 3 or hp <= 0.45 * top or len(alive) <= 3


def _before_the_end(s) -> bool:
    """About to explore a location that leads to an ending (through its final fight) hurt or
    tired: rest first (PP-REST-2), while a moon is left."""
    loc = s.game.spaces[s.pos].location
    if loc <= 0 or s.moons >= MOONS or not ending_ahead(s, loc):
        return False
    top = sum(s.max_hp(c) for c in range(5))
    return sum(s.hp) < 0.85 * top or sum(s.res) < 8


def _banner_pays(s) -> bool:
    ref = banner_of(s)
    if ref is None:
        return False
    bn = s.game.pages[ref[0]].banner[ref[1]]
    if bn.cost:
        t, n = bn.cost[0]
        have = sum(s.inv[N_RES * h + t] for h in range(6))
        if t == 2:   # the shrine's torch: worth it for 2 statuses or more
            return have >= n and sum(bin(x).count("1") for x in s.status) >= 2
        return have >= n + 1     # the trading post: keep a coin for markets
    if bn.challenge is None:
        return True
    return challenge_p(s, bn.challenge.skill, challenge_number(s, bn.challenge), _alive(s)) >= 0.6


def _main(s, f, mask):
    left = time_left(s)
    if mask[A.REST] and need_rest(s):
        return A.REST
    if mask[A.REPAIR] and s.boat <= 3:
        return A.REPAIR
    for ab in STATUS_ABILITIES:   # Dr. Milk (venom, weakened), Meiling (frightened, madness): PP-CHAR-3
        if mask[A.CHAR_ABILITY + ab] and s.res[ABILITIES[ab].ch] >= 2:
            return A.CHAR_ABILITY + ab
    goal = goal_space(s)
    if goal == s.pos and mask[A.EXPLORE]:
        if mask[A.REST] and _before_the_end(s):
            return A.REST
        return A.EXPLORE
    if mask[A.EXPLORE] and _banner_pays(s) and (goal is None or left >= 3):
        return A.EXPLORE
    if goal is not None and goal != s.pos:
        k = next_step(s, goal)
        if k is not None and mask[A.TRAVEL + k]:
            return A.TRAVEL + k
    if mask[A.END_TURN_EARLY]:
        return A.END_TURN_EARLY
    if mask[A.REPAIR] and s.boat < 8:
        return A.REPAIR
    exits = _legal(mask, A.TRAVEL, A.MAX_EXITS)
    if exits:
        return A.TRAVEL + exits[0]
    if mask[A.REST] and left == 0:
        return A.REST
    return None


def _token(s, f, mask):
    cs = _legal(mask, A.CHAR, A.N_CHARS)
    if cs:
        return A.CHAR + _least_hp(s, cs)
    ds = _legal(mask, A.DEST, 6)
    return A.DEST + ds[0] if ds else None


def _place_start(s, f, mask):
    return A.DEST + _token_holder(s, f[2], _legal(mask, A.DEST, 6))


def _token_holder(s, t, dests):
    """The holder for a token of type t: the character whose skill it raises most (PP-CHAR-8)."""
    if not dests:
        return None
    k = RESOURCE_OF_SKILL.index(t) if t in RESOURCE_OF_SKILL else -1
    return max(dests, key=lambda h: (h < STORAGE, chars.effective_skill(s, h, k) if k >= 0 and h < STORAGE
                                     else s.hp[h] if h < STORAGE else 0, -h))


def _gain(s, f, mask):
    ds = _legal(mask, A.DEST, 6)
    if ds:
        return A.DEST + _token_holder(s, f[2], ds)
    return A.CONFIRM


TOKEN_VALUE = (5, 5, 3, 3, 2, 1)   # meat, fruit, torch, rope, map, coin: what to keep


def _gain_kind(s, f, mask):
    ts = _legal(mask, A.OPTION, N_RES)
    hurt = sum(s.max_hp(c) - s.hp[c] for c in range(5))
    return A.OPTION + max(ts, key=lambda t: (TOKEN_VALUE[t] + (2 if t == FRUIT and hurt > 5 else 0), -t))


def _lose(s, f, mask):
    rs = _legal(mask, A.RESOURCE, 6 * N_RES)
    return A.RESOURCE + min(rs, key=lambda a: (TOKEN_VALUE[a % N_RES], -(a // N_RES)))


def _fate(s, f, mask):
    from boardgym.games.primeval_peril.turn import _fate_result, space

    kind, _, dmg, arg = s.fate
    v = _fate_result(s)
    bad = (v in space(s).rocks) if kind == FATE_ROCKS else v <= arg
    if not bad or dmg <= 0:
        return A.CONFIRM
    if mask[A.CHAR_ABILITY + AB_VINE_ROCKS]:
        return A.CHAR_ABILITY + AB_VINE_ROCKS
    if mask[A.REROLL] and (dmg >= 2 or s.boat <= dmg):
        return A.REROLL
    return A.CONFIRM


# -- upkeep ------------------------------------------------------------------------------------------
def _rest_status(s, f, mask):
    cs = _legal(mask, A.CHAR, A.N_CHARS)
    if not cs:
        return A.CONFIRM
    weight = (3, 1, 2, 2)
    return A.CHAR + max(cs, key=lambda c: sum(w for k, w in enumerate(weight) if s.status[c] >> k & 1))


def _rest_sets(s, f, mask):
    wounds = sum(s.max_hp(c) - s.hp[c] for c in range(5))
    t = FRUIT if f[2] else MEAT
    rs = [a for a in _legal(mask, A.RESOURCE, 6 * N_RES) if a % N_RES == t]
    if not f[2] and wounds < 4 or not rs:
        return A.CONFIRM
    return A.RESOURCE + max(rs, key=lambda a: a // N_RES)   # storage first, then carried


def _status_pick(s, f, mask):
    st = _legal(mask, A.STATUS, 4)
    for k in (VENOM, WEAKENED, MADNESS, FRIGHTENED):
        if k in st:
            return A.STATUS + k
    return None


def _status_char(s, f, mask):
    cs = _legal(mask, A.CHAR, A.N_CHARS)
    return A.CHAR + max(cs, key=lambda c: (bin(s.status[c]).count("1"), s.status[c] & 1, -c))


def _stamina_loss(s, f, mask):
    cs = _legal(mask, A.CHAR, A.N_CHARS)
    return A.CHAR + max(cs, key=lambda c: (s.res[c], -max(s.skill(c, k) for k in range(5))))


def _level_up(s, f, mask):
    cs = _legal(mask, A.CHAR, A.N_CHARS)

    def gain(c):
        return (sum(base_skill(c, 2, k) - base_skill(c, 1, k) for k in range(5))
                + (max_hp(c, 2) - max_hp(c, 1)) / 2 + 0.5 * (base_skill(c, 2, 4) - base_skill(c, 1, 4)))

    return A.CHAR + max(cs, key=lambda c: (gain(c), s.hp[c], -c))


def _equip(s, f, mask):
    cs = _legal(mask, A.CHAR, A.N_CHARS)
    card = s.game.content.cards.numbered[f[2]]
    return A.CHAR + max(cs, key=lambda c: (s.hp[c] > 0, s.skill(c, card.skill), -len(s.equip[c]), -c))


def _market(s, f, mask):
    opts = _legal(mask, A.OPTION, A.N_OPTIONS)
    if not opts:
        return A.CONFIRM
    cards = s.game.content.story.markets[f[2]].cards
    num = s.game.content.cards.numbered
    return A.OPTION + min(opts, key=lambda k: (num[cards[k]].price, k))


def _banner(s, f, mask):
    return A.OPTION if mask[A.OPTION] and _banner_pays(s) else A.CONFIRM


# -- challenges --------------------------------------------------------------------------------------
def _join(s, f, mask):
    from boardgym.games.sleeping_gods.challenge import participants

    cands = _legal(mask, A.CHAR, A.N_CHARS)
    if not cands:
        return A.CONFIRM
    ch = s.sg_chal
    skill, parts = ch[H_SKILL], participants(s)
    best = max(cands, key=lambda c: (chars.effective_skill(s, c, skill), s.res[c], s.hp[c], -c))
    if s.chal[0] == SRC_REPAIR:   # no number: each point of CRAFT repairs (PP-REPAIR-1)
        return A.CHAR + best if chars.effective_skill(s, best, skill) > 0 and len(parts) < 2 else A.CONFIRM
    number = ch[H_NUMBER]
    # one plan for this seat and those still to choose (PP-CHAL-1: in turn from the active
    # one), the same whichever of them computes it: best effective skill first while the odds
    # grow by enough; this seat joins its characters that are in it
    order = (f[1] - s.active) % s.n
    pool = cands + [c for c in range(5) if c not in parts and c not in cands and chars.can_join(s, c)
                    and (s.controller(c) - s.active) % s.n > order]
    if challenge_p(s, skill, number, parts + pool) < 0.15:
        return A.CONFIRM   # out of reach: nobody pays stamina or takes the participants' damage
    plan = list(parts)
    for c in sorted(pool, key=lambda c: (-chars.effective_skill(s, c, skill), -s.res[c], -s.hp[c], c)):
        p_now = challenge_p(s, skill, number, plan)
        if p_now >= 0.9 or chars.effective_skill(s, c, skill) == 0:
            break
        if challenge_p(s, skill, number, plan + [c]) - p_now < 0.08:
            break
        plan.append(c)
    mine = [c for c in plan if c in cands]
    return A.CHAR + mine[0] if mine else A.CONFIRM


def _modify(s, f, mask):
    from boardgym.games.sleeping_gods.challenge import current_total

    ch = s.sg_chal
    if s.chal[0] == SRC_REPAIR:
        return A.CONFIRM
    gap = ch[H_NUMBER] - current_total(s)
    if gap <= 0:
        return A.CONFIRM
    res = _legal(mask, A.RESOURCE, 6 * N_RES)
    if res and gap <= len(res):
        return A.RESOURCE + res[0]
    bonus = die_bonus(s)
    if mask[A.REROLL] and ch[H_ROLL] + bonus + gap + 0 <= 4 + bonus - 0 and ch[H_ROLL] <= 1:
        return A.REROLL
    cards = _legal(mask, A.CARD_ABILITY, A.N_CHARS * A.EQUIP_SLOTS)
    if cards and gap <= 2:
        return A.CARD_ABILITY + cards[0]
    return A.CONFIRM


def _wound(s, f, mask):
    cs = _legal(mask, A.CHAR, A.N_CHARS)
    return A.CHAR + most_hp(s, cs)


def _heal(s, f, mask):
    return A.CHAR + _least_hp(s, _legal(mask, A.CHAR, A.N_CHARS))


# -- story and events --------------------------------------------------------------------------------
def _story_choice(s, f, mask):
    opts = _legal(mask, A.OPTION, A.N_OPTIONS)
    sec = s.game.content.story.sections[f[2]]
    if not opts:
        return None
    return A.OPTION + max(opts, key=lambda k: (choice_value(s, sec.choices[k]), -k))


def _event_choice(s, f, mask):
    opts = _legal(mask, A.OPTION, A.N_OPTIONS)
    ev = s.game.content.events[f[2]]
    return A.OPTION + max(opts, key=lambda k: (choice_value(s, ev.choice[k], event=True), -k))


def _confirm(s, f, mask):
    return A.CONFIRM if mask[A.CONFIRM] else None


def _fruit(s, f, mask):
    c = f[3]
    return A.OPTION + (1 if chars.has(s, c, VENOM) and s.hp[c] > 2 else 0)


RULES = {D_MAIN: _main, D_TOKEN: _token, D_PLACE_START: _place_start, D_GAIN: _gain,
         D_GAIN_KIND: _gain_kind, D_LOSE: _lose, D_FATE_WINDOW: _fate, D_REST_STATUS: _rest_status,
         D_REST_SETS: _rest_sets, D_REST_HEAL: _heal, D_HEAL: _heal, D_STATUS_PICK: _status_pick,
         D_STATUS_OFF: _status_char, D_ABILITY_CHAR: _status_char, D_STAMINA_LOSS: _stamina_loss,
         D_LEVEL_UP: _level_up, D_EQUIP: _equip, D_MARKET: _market, D_BANNER: _banner,
         D_JOIN: _join, D_MODIFY: _modify, D_WOUND: _wound, D_STORY_CHOICE: _story_choice,
         D_EVENT_CHOICE: _event_choice, D_DECK: _confirm, D_MOVE_CARD: _confirm, D_FRUIT: _fruit,
         **COMBAT_RULES}
