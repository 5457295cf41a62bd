"""A rule-based Tides of Ruin Arcade player (``opponents="heuristic"``; cooperative, so usually
every seat).

It reads the engine state (``needs_state = True``), only its public part: the Arcade deck holds
no faces, and it never reads another seat's hand. The rules it plays by:

* **Challenges** - its crew join, best skill first, until the expected total (skills + the mean
  Destiny left) reaches the number plus one; nobody joins a challenge out of reach even with
  every candidate (fatigue and wounds would be wasted). In the modify window it plays a Knack
  or spends 1 OM on a redraw when the total falls short by little, a Fortune the same way.
* **Order markers** - kept for what matters: healing a crew member at 3 HP or less, removing
  poison or frightened, fatigue at 3; in the scoring window every marker goes on wounds,
  statuses and fatigue (each is a point). Strike's +2 when the attack would not cover the next
  heart, Guard when the counterattack would knock the attacker out.
* **Combat** - the attacker with the best expected damage attacks the enemy closest to defeat;
  damage covers hearts first, then growth and abilities; it flees (from round 2) when the
  crew's HP left cannot pay two rounds of counterattacks.
* **Preparation** - reward cards are used at once, their best items first (by what the crew
  lacks), Port when there is fatigue or spent markers; skill cards are equipped on the crew
  member whose skill they raise most; weapons go to the crew member with the best matching
  skill; recipes are cooked when they heal two wounds or more; XP trains the best skill.

Every answer is checked against the legal mask; anything unexpected falls back to CONFIRM or
the first legal action (counted in ``fallbacks``).
"""
from __future__ import annotations

import numpy as np

from boardgym.agents.rule_agent import RuleAgent
from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods import combat
from boardgym.games.sleeping_gods.kinds import (C_ROUND, D_ATTACKER, D_BLOCK, D_CHAR_TARGET, D_JOIN,
                                                D_MODIFY, D_PLACE, D_ROLLED, D_TARGET, D_WOUND,
                                                FRIGHTENED, H_NUMBER, H_ROLL, H_SKILL, VENOM)
from boardgym.games.tides_of_ruin_arcade import actions as A
from boardgym.games.tides_of_ruin_arcade.help import (attack_estimate, challenge_base, counter_estimate,
                                                      destiny_mean, heart_cost_left, threat)
from boardgym.games.tides_of_ruin_arcade.kinds import (D_DISCARD, D_KEEP, D_MARKET, D_PLACE_CARD,
                                                       D_PREP, D_START_PICK, D_STRIKE, D_UNITS,
                                                       MASTERY, PH_SCORING, U_FATIGUE, U_GIVE, U_HEAL,
                                                       U_OM, U_RECOVER, U_SKILL, U_STATUS)

KEY_KINDS = frozenset({D_JOIN, D_ATTACKER, D_TARGET, D_PREP})
# reward kinds (content.REWARDS): om, skill_cards, heal, fatigue, status, xp, food, coins, recover, adventure


class TidesHeuristicAgent(RuleAgent):
    """Rule-based Tides of Ruin Arcade strategy (see the module docstring)."""

    name = "tides_of_ruin_arcade_heuristic"

    @staticmethod
    def key_decision(s) -> bool:
        """The strategic decisions (where a search on top pays): who joins a challenge, who
        attacks or flees, which enemy, what to do in the preparation window."""
        return bool(s.pend) and not s.cq and s.pend[-1][0] in KEY_KINDS

    def decide(self, state, mask):
        return _decide(state, mask)

    def fallback(self, mask) -> int:
        return A.CONFIRM if mask[A.CONFIRM] else int(np.flatnonzero(mask)[0])


def _legal(mask, start, n):
    return [i for i in range(n) if mask[start + i]]


def _best(items, key):
    return max(items, key=key) if items else None


def _decide(s, mask):
    f = s.pend[-1]
    kind = f[0]
    fn = RULES.get(kind)
    return fn(s, f, mask) if fn else None


# -- challenges ------------------------------------------------------------------------------------
def _join(s, f, mask):
    ch = s.sg_chal
    skill, number = ch[H_SKILL], ch[H_NUMBER]
    cands = _legal(mask, A.CREW, A.N_CREW)
    need = number + 1 - challenge_base(s) - destiny_mean(s)
    if need <= 0 or not cands:
        return A.CONFIRM
    reach = sum(chars.effective_skill(s, c, skill) for c in cands) + 2  # knacks and redraws help
    if reach < need:
        return A.CONFIRM
    c = _best(cands, lambda c: (chars.effective_skill(s, c, skill), -s.res[c], s.hp[c]))
    if chars.effective_skill(s, c, skill) == 0:
        return A.CONFIRM
    return A.CREW + c


def _modify(s, f, mask):
    from boardgym.games.sleeping_gods.challenge import current_total

    ch = s.sg_chal
    gap = ch[H_NUMBER] - current_total(s)
    if gap <= 0:
        gap_m = gap + MASTERY[s.game.difficulty]
        if gap_m <= 0 or gap_m > 2:
            return A.CONFIRM
    if gap > 5:
        return A.CONFIRM
    eq = _legal(mask, A.EQUIPPED, 2 * A.N_CREW)
    knacks = [k for k in eq if s.game.content.skills[s.equip[k // 2][k % 2]].ability == 1]
    if knacks:
        return A.EQUIPPED + knacks[0]
    if ch[H_ROLL] < destiny_mean(s) and mask[A.REDRAW] and s.om[f[1]] >= 2:
        return A.REDRAW
    fortunes = [k for k in eq if s.game.content.skills[s.equip[k // 2][k % 2]].ability == 4]
    if fortunes and ch[H_ROLL] < destiny_mean(s):
        return A.EQUIPPED + fortunes[0]
    return A.CONFIRM


def _keep(s, f, mask):
    return A.CONFIRM if f[3] % 16 >= f[2] else A.KEEP_EARLIER


# -- combat ----------------------------------------------------------------------------------------
def _attacker(s, f, mask):
    cands = _legal(mask, A.CREW, A.N_CREW)
    if mask[A.FLEE]:
        alive_hp = sum(h for h in s.hp if h > 0)
        if alive_hp <= 2 * threat(s) and s.sg_com[C_ROUND] >= 2:
            return A.FLEE
    if not cands:
        return A.CONFIRM
    worst = max((counter_estimate(s, e) for e in combat.remaining(s)), default=0)
    safe = [c for c in cands if s.hp[c] > worst] or cands
    c = _best(safe, lambda c: (attack_estimate(s, c), s.hp[c]))
    return A.CREW + c


def _target(s, f, mask):
    es = _legal(mask, A.ENEMY, A.MAX_ENEMIES)
    return A.ENEMY + min(es, key=lambda e: (heart_cost_left(s, e), -counter_estimate(s, e)))


PLACE_ORDER = {"heart": 0, "P": 1, "T": 2, "D": 2, "V": 2, "F": 2, "W": 2, "M": 2, "H": 2, "L": 2,
               "G": 2, "N": 3, "K": 3, "O": 5, ".": 6}


def _place(s, f, mask):
    sqs = _legal(mask, A.SQUARE, 9 * A.MAX_ENEMIES)
    if not sqs:
        return A.CONFIRM
    table = s.game.sg.enemies

    def rank(flat):
        e, i = divmod(flat, 9)
        en = table[s.sg_enemy[e]]
        k = en.kinds[i]
        return (PLACE_ORDER.get(k, 4), -en.values[i] if k == "heart" else 0, flat)

    return A.SQUARE + min(sqs, key=rank)


def _rolled(s, f, mask):
    eq = _legal(mask, A.EQUIPPED, 2 * A.N_CREW)
    strikes = [k for k in eq if s.game.content.skills[s.equip[k // 2][k % 2]].ability == 2]
    if strikes and s.om[f[1]] >= 2:
        return A.EQUIPPED + strikes[0]
    if mask[A.REDRAW] and s.sg_last >= 0 and s.sg_last <= 0 and s.om[f[1]] >= 3:
        return A.REDRAW
    return A.CONFIRM


def _block(s, f, mask):
    eq = _legal(mask, A.EQUIPPED, 2 * A.N_CREW)
    at = s.sg_atk
    if eq and at[0] >= 0 and combat.counter_value(s) >= s.hp[at[0]]:
        return A.EQUIPPED + eq[0]
    return A.CONFIRM


def _strike(s, f, mask):
    return A.CONFIRM


# -- damage, statuses and units --------------------------------------------------------------------
def _most_hp(s, mask):
    cands = _legal(mask, A.CREW, A.N_CREW)
    return A.CREW + max(cands, key=lambda c: (s.hp[c], -s.res[c]))


def _units(s, f, mask):
    kind = f[2]
    if kind in (U_OM, U_SKILL, U_RECOVER):
        ps = _legal(mask, A.PLAYER, 4)
        key = (lambda p: -s.spent[p]) if kind == U_RECOVER else (lambda p: s.om[p] + len(s.hand[p]))
        return A.PLAYER + min(ps, key=key)
    cands = _legal(mask, A.CREW, A.N_CREW)
    if kind == U_HEAL:
        return A.CREW + min(cands, key=lambda c: s.hp[c] - s.max_hp(c) / 2)
    if kind == U_FATIGUE:
        return A.CREW + max(cands, key=lambda c: s.res[c])
    if kind == U_STATUS:
        return A.CREW + max(cands, key=lambda c: bin(s.status[c]).count("1"))
    if kind >= U_GIVE:
        return _most_hp(s, mask)
    return None


def _status_pick(s, f, mask):
    st = _legal(mask, A.STATUS, A.N_STATUS)
    for k in (VENOM, FRIGHTENED):
        if k in st:
            return A.STATUS + k
    return A.STATUS + st[0]


def _discard(s, f, mask):
    hand = s.hand[f[1]]
    skills = s.game.content.skills
    h = min(range(len(hand)), key=lambda i: (skills[hand[i]].family == 1, skills[hand[i]].bonus))
    return A.HAND + h


# -- the preparation and scoring windows ------------------------------------------------------------
def _item_value(s, kind, amount):
    wounds = sum(s.max_hp(c) - s.hp[c] for c in range(A.N_CREW))
    fatigue = sum(s.res)
    statuses = sum(bin(x).count("1") for x in s.status)
    return {0: 1.0 * amount, 1: 1.5 * amount, 2: 2.5 * min(amount, wounds), 3: 2.0 * min(amount, fatigue),
            4: 3.0 * min(amount, statuses), 5: 2.5 * amount, 6: 0.5 * amount, 7: 0.5 * amount,
            8: 1.0 * min(amount, sum(s.spent)), 9: 2.0}.get(kind, 0.0)


def _equip_target(s, seat, kind):
    card = s.game.content.skills[kind]
    own = [c for c in range(A.N_CREW) if s.controller(c) == seat]
    free = [c for c in own if len(s.equip[c]) < 2] or own
    return max(free, key=lambda c: (s.skill(c, card.skill), s.hp[c] > 0)) if free else None


def _prep(s, f, mask):
    seat = f[1]
    scoring = s.phase == PH_SCORING
    c = s.game.content
    # reward cards: open one, take the best items, Port when it pays
    if s.rw_open >= 0 and seat == s.active:
        if (mask[A.PORT] and (sum(s.res) + sum(s.spent) >= 2)):
            return A.PORT
        items = _legal(mask, A.REWARD_ITEM, A.REWARD_ITEMS)
        if items:
            card = c.rewards[s.rw_open]
            return A.REWARD_ITEM + max(items, key=lambda k: _item_value(s, *card.rewards[k]))
    uses = _legal(mask, A.USE_REWARD, A.MAX_REWARDS)
    if uses:
        return A.USE_REWARD + uses[0]
    # order markers: heal the badly hurt, remove poison / frightened, fatigue at 3
    if mask[A.OM_STATUS] and any(s.status[m] >> VENOM & 1 or s.status[m] >> FRIGHTENED & 1
                                 for m in range(A.N_CREW)):
        return A.OM_STATUS
    if mask[A.OM_HEAL] and (scoring or any(0 < s.hp[m] <= 3 for m in range(A.N_CREW))):
        return A.OM_HEAL
    if mask[A.OM_FATIGUE] and (scoring or any(r >= 3 for r in s.res)):
        return A.OM_FATIGUE
    if scoring and mask[A.OM_STATUS]:
        return A.OM_STATUS
    # cooking: a recipe that helps
    wounded = sum(1 for m in range(A.N_CREW) if s.hp[m] < s.max_hp(m))
    for r in _legal(mask, A.ADVENTURE, A.N_ADVENTURE):
        x = c.adventure[r]
        if x.kind == 2 and r in s.recipes and (wounded >= 2 or sum(s.res) >= 3 or any(e[0] == 3 for e in x.effects)):
            return A.ADVENTURE + r
    if scoring:
        return A.CONFIRM
    # skill cards: equip where they raise the best skill
    for h in _legal(mask, A.HAND, A.HAND_SLOTS):
        kind = s.hand[seat][h]
        if _equip_target(s, seat, kind) is not None and any(len(s.equip[m]) < 2 for m in range(A.N_CREW)
                                                            if s.controller(m) == seat):
            return A.HAND + h
    if mask[A.XP_TRAIN]:
        return A.XP_TRAIN
    # an unarmed strong crew member takes a weapon from the stash
    for x in s.stash:
        if mask[A.ADVENTURE + x] and c.adventure[x].kind == 0:
            return A.ADVENTURE + x
    return A.CONFIRM


def _crew_choice(s, f, mask):
    """The CREW sub-choices of the windows (equip target, OM target, training, placing a card)."""
    from boardgym.games.tides_of_ruin_arcade.kinds import (D_ADV_TO, D_EQUIP_TO, D_OM_CREW,
                                                           D_RECIPE_CREW, D_SWAP_WITH, D_TRAIN_CREW)

    kind = f[0]
    cands = _legal(mask, A.CREW, A.N_CREW)
    c = s.game.content
    if kind == D_EQUIP_TO:
        card = c.skills[s.hand[f[1]][f[2]]]
        free = [m for m in cands if len(s.equip[m]) < 2] or cands
        return A.CREW + max(free, key=lambda m: s.skill(m, card.skill))
    if kind == D_OM_CREW:
        if f[2] == 1:
            return A.CREW + min(cands, key=lambda m: s.hp[m])
        if f[2] == 0:
            return A.CREW + max(cands, key=lambda m: s.res[m])
        return A.CREW + max(cands, key=lambda m: (s.status[m] & 3 != 0, bin(s.status[m]).count("1")))
    if kind == D_TRAIN_CREW:
        return A.CREW + max(cands, key=lambda m: max(s.skill(m, k) for k in range(5)))
    if kind in (D_PLACE_CARD, D_ADV_TO):
        x = c.adventure[f[2]]
        slots = s.weapon if x.kind == 0 else s.item
        free = [m for m in cands if slots[m] < 0] or cands
        if x.kind == 0:
            return A.CREW + max(free, key=lambda m: s.skill(m, x.skill) if x.skill >= 0 else 0)
        return A.CREW + max(free, key=lambda m: sum(b * s.skill(m, k) for k, b in enumerate(x.bonuses)))
    if kind == D_RECIPE_CREW:
        return A.CREW + min(cands, key=lambda m: s.hp[m] - s.max_hp(m))
    if kind == D_SWAP_WITH:
        return A.CREW + cands[0]
    return None


def _train_skill(s, f, mask):
    return A.SKILL + max(range(A.N_SKILLS), key=lambda k: s.skill(f[2], k))


def _start_pick(s, f, mask):
    picks = _legal(mask, A.ADVENTURE, A.N_ADVENTURE)
    c = s.game.content
    return A.ADVENTURE + min(picks, key=lambda x: (c.adventure[x].kind, x))


def _market(s, f, mask):
    c = s.game.content
    unarmed = any(w < 0 for w in s.weapon)
    slots = _legal(mask, A.MARKET_SLOT, A.MARKET_SLOTS)
    for j in slots:
        x = c.adventure[s.market[j]]
        if x.kind == 0 and unarmed or x.kind == 1 and any(i < 0 for i in s.item):
            return A.MARKET_SLOT + j
    return A.CONFIRM


def _equip_swap(s, f, mask):
    eq = _legal(mask, A.EQUIPPED, 2 * A.N_CREW)
    return A.EQUIPPED + eq[0]


def _players(s, f, mask):
    ps = _legal(mask, A.PLAYER, 4)
    return A.PLAYER + min(ps, key=lambda p: len(s.hand[p]))


def _build_rules():
    from boardgym.games.tides_of_ruin_arcade.kinds import (D_ADV_TO, D_BUY_TO, D_EQUIP_SWAP, D_EQUIP_TO,
                                                           D_OM_CREW, D_PICK_STATUS, D_RECIPE_CREW,
                                                           D_SWAP_WITH, D_TRAIN_CREW, D_TRAIN_SKILL)

    rules = {D_JOIN: _join, D_MODIFY: _modify, D_KEEP: _keep, D_ATTACKER: _attacker, D_TARGET: _target,
             D_PLACE: _place, D_ROLLED: _rolled, D_BLOCK: _block, D_STRIKE: _strike,
             D_WOUND: lambda s, f, m: _most_hp(s, m), D_CHAR_TARGET: lambda s, f, m: _most_hp(s, m),
             D_UNITS: _units, D_PICK_STATUS: _status_pick, D_DISCARD: _discard, D_PREP: _prep,
             D_TRAIN_SKILL: _train_skill, D_START_PICK: _start_pick, D_MARKET: _market,
             D_EQUIP_SWAP: _equip_swap, D_BUY_TO: _players}
    for k in (D_EQUIP_TO, D_OM_CREW, D_TRAIN_CREW, D_PLACE_CARD, D_ADV_TO, D_RECIPE_CREW, D_SWAP_WITH):
        rules[k] = _crew_choice
    return rules


RULES = _build_rules()
