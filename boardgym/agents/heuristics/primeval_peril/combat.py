"""The Primeval Peril heuristic's combat rules (PP-COMBAT, PP-ENEMY; the strategy is described
in boardgym/agents/heuristics/primeval_peril/agent.py): rope and Jon's ability on the strongest counter, the
best card on who hits hardest, targets, damage placement, rerolls, blocks and the enemy
abilities' character targets. The core-generic estimates come from Tides of Ruin's help
(``heart_cost_left``, ``counter_estimate``) and its placement order."""
from __future__ import annotations

from boardgym.agents.heuristics.primeval_peril.plan import die_bonus
from boardgym.agents.heuristics.tides_of_ruin_arcade.agent import PLACE_ORDER
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.characters import (AB_JON_BLOCK, AB_JON_POWER, AB_LOIS_BLOCK,
                                                      AB_LOIS_REROLL, VINE)
from boardgym.games.primeval_peril.kinds import D_POWER_OFF, D_TORCH, N_RES, ROPE, TORCH
from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods import combat, grid
from boardgym.games.sleeping_gods.kinds import (A_CH, A_LEFT, A_ROLL, A_SIGN, A_TGT, D_ATTACKER,
                                                D_BLOCK, D_CHAR_TARGET, D_HEAL_ALLY, D_HEAL_SQUARE,
                                                D_PLACE, D_ROLLED, D_TARGET)
from boardgym.games.tides_of_ruin_arcade.help import counter_estimate, heart_cost_left

DANGER = frozenset("DVFMWHLGTKN")
# how much an uncovered square hurts: fear and madness lock attackers out of the fight (the
# main way the heuristic lost the Nest fight), damage and growth cost most of the rest. The
# target is the enemy with most of it, before one the attack can defeat (an enemy's counter
# comes even when defeated): over 300 seeds (300000..) this order reached 99.7% endings on
# normal and 95.7% on hard, against 95% and 78% with defeat first and unit weights but F and M;
# on other seeds (400000..) 99.3% and 92%
DANGER_WEIGHT = {"F": 3, "M": 2, "D": 2, "P": 2, "V": 1, "W": 1, "T": 1, "K": 1, "N": 1, "H": 1, "L": 1, "G": 1}
# Tides' placement order with the hourglass abilities ahead of growth: here fear (F) and madness
# lock attackers out of a fight for good, which costs more than a point of power a round
ORDER = {**PLACE_ORDER, **{k: 1 for k in "DVFMWHLGT"}, "P": 2}


def _attack_value(s, code, c):
    p = s.game.profiles[code]
    from boardgym.games.primeval_peril.cards import attack_extras

    d, rp, blk = attack_extras(s, c)
    die = 1.5 + die_bonus(s)
    dmg = p.base + d + p.die_sign * die + (chars.effective_skill(s, c, p.skill) if p.skill >= 0 else 0)
    return max(0.0, dmg) + 0.7 * (p.remove_power + rp) + 0.5 * (p.block + blk)


def _attacker(s, f, mask):
    seat = f[1]
    carried = legal_in(mask, A.RESOURCE, 5 * N_RES)
    ropes = [a for a in carried if a % N_RES == ROPE]
    jon = A.CHAR_ABILITY + AB_JON_POWER
    if (ropes or mask[jon]) and max((s.sg_power[e] for e in combat.remaining(s)), default=0) >= 2:
        return A.RESOURCE + ropes[0] if ropes else jon
    torches = [a for a in carried if a % N_RES == TORCH]
    if torches and _torch_square(s) is not None:
        return A.RESOURCE + torches[0]
    plays = legal_in(mask, A.PLAY, A.HAND_SLOTS * A.N_CHARS)
    if not plays:
        return A.CONFIRM
    hand = s.hand[seat]
    worst = max((counter_estimate(s, e) for e in combat.remaining(s)), default=0)

    def key(i):
        h, c = divmod(i, A.N_CHARS)
        risky = 3 if s.hp[c] <= worst - 1 else 0      # the counter would likely knock it out
        spare = 0.5 if c == VINE else 0                # Vine takes the seat's quota
        return (_attack_value(s, hand[h], c) - risky - spare, s.hp[c])

    return A.PLAY + max(plays, key=key)


def _target(s, f, mask):
    es = legal_in(mask, A.ENEMY, A.MAX_ENEMIES)
    at = s.sg_atk
    p = s.game.sg.hooks.attack_source(s, at[A_CH])
    die = 1.5 + die_bonus(s)
    d = p.base + p.die_sign * die + (chars.effective_skill(s, at[A_CH], p.skill) if p.skill >= 0 else 0)
    table = s.game.sg.enemies

    def rank(e):
        en = table[s.sg_enemy[e]]
        left = heart_cost_left(s, e) + grid.block(en, s.sg_cover, e)
        danger = sum(DANGER_WEIGHT.get(k, 0) for i, k in enumerate(en.kinds) if not s.sg_cover[9 * e + i])
        return (danger if d >= 1 else 0, left <= d, counter_estimate(s, e), -left, -e)

    return A.ENEMY + max(es, key=rank)


def _square_rank(s, flat, finishing):
    e, i = divmod(flat, 9)
    en = s.game.sg.enemies[s.sg_enemy[e]]
    k = en.kinds[i]
    order = ORDER.get(k, 4)
    if finishing and e == s.sg_atk[A_TGT]:
        order = 0 if k == "heart" else order + 10
    elif k == "heart":
        order = 3
    return (order, -en.values[i] if k == "heart" else 0, flat)


def _place(s, f, mask):
    sqs = legal_in(mask, A.SQUARE, 9 * A.MAX_ENEMIES)
    if not sqs:
        return A.CONFIRM
    at = s.sg_atk
    finishing = heart_cost_left(s, at[A_TGT]) <= at[A_LEFT]
    return A.SQUARE + min(sqs, key=lambda q: _square_rank(s, q, finishing))


def _torch_square(s):
    from boardgym.games.primeval_peril.fight import torch_squares

    sqs = torch_squares(s)
    table = s.game.sg.enemies
    good = [q for q in sqs if table[s.sg_enemy[q // 9]].kinds[q % 9] in DANGER or
            heart_cost_left(s, q // 9) == 1 and table[s.sg_enemy[q // 9]].kinds[q % 9] == "heart"]
    return min(good, key=lambda q: _square_rank(s, q, False)) if good else None


def _torch(s, f, mask):
    q = _torch_square(s)
    sqs = legal_in(mask, A.SQUARE, 9 * A.MAX_ENEMIES)
    return A.SQUARE + (q if q is not None and q in sqs else min(sqs, key=lambda x: _square_rank(s, x, False)))


def _power_off(s, f, mask):
    es = legal_in(mask, A.ENEMY, A.MAX_ENEMIES)
    return A.ENEMY + max(es, key=lambda e: (counter_estimate(s, e), -e))


def _rolled(s, f, mask):
    at = s.sg_atk
    if at[A_SIGN] > 0 and at[A_ROLL] == 0:
        if mask[A.REROLL]:
            return A.REROLL
        if mask[A.CHAR_ABILITY + AB_LOIS_REROLL]:
            return A.CHAR_ABILITY + AB_LOIS_REROLL
    cards = legal_in(mask, A.CARD_ABILITY, A.N_CHARS * A.EQUIP_SLOTS)
    return A.CARD_ABILITY + cards[0] if cards else A.CONFIRM


def _block(s, f, mask):
    at = s.sg_atk
    if at[A_CH] < 0:
        return A.CONFIRM
    counter = combat.counter_value(s)
    if counter <= 0 or (counter < s.hp[at[A_CH]] and counter < 3):
        return A.CONFIRM
    for ab in (AB_JON_BLOCK, AB_LOIS_BLOCK):
        if mask[A.CHAR_ABILITY + ab]:
            return A.CHAR_ABILITY + ab
    cards = legal_in(mask, A.CARD_ABILITY, A.N_CHARS * A.EQUIP_SLOTS)
    return A.CARD_ABILITY + cards[0] if cards else A.CONFIRM


def _char_target(s, f, mask):
    """An enemy's aimed ability (EOR_LETTERS "DFMVW"): damage on who has most HP; a status on
    who loses least by it: fear on Vine first (the active seat's spare attacker in solo),
    weakness on the weakest, madness on who has no ability to lose."""
    cs = legal_in(mask, A.CHAR, A.N_CHARS)
    letter = "DFMVW"[f[2]]
    if letter in "DV":
        return A.CHAR + most_hp(s, cs)
    if letter == "F":
        return A.CHAR + min(cs, key=lambda c: (c != 0, sum(s.skill(c, k) for k in range(5)), c))
    if letter == "W":
        return A.CHAR + min(cs, key=lambda c: (max(s.skill(c, k) for k in range(5)), c))
    return A.CHAR + min(cs, key=lambda c: (c in (1, 2, 3, 4), c))


def _heal_square(s, f, mask):
    sqs = legal_in(mask, A.SQUARE, 9 * A.MAX_ENEMIES)
    return A.SQUARE + max(sqs, key=lambda q: _square_rank(s, q, False))


def _heal_ally(s, f, mask):
    es = legal_in(mask, A.ENEMY, A.MAX_ENEMIES)
    return A.ENEMY + max(es, key=lambda e: (heart_cost_left(s, e), e))


def legal_in(mask, start, n):
    return [i for i in range(n) if mask[start + i]]


def most_hp(s, cands):
    return max(cands, key=lambda c: (s.hp[c], -c))


RULES = {D_ATTACKER: _attacker, D_TARGET: _target, D_PLACE: _place, D_TORCH: _torch,
         D_POWER_OFF: _power_off, D_ROLLED: _rolled, D_BLOCK: _block, D_CHAR_TARGET: _char_target,
         D_HEAL_SQUARE: _heal_square, D_HEAL_ALLY: _heal_ally}
