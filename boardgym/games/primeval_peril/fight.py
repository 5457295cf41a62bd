"""Combat through the Sleeping Gods core, this game's side (PP-COMBAT-1, 2, 10-13, PP-CHAR-3, 8).

* Setup (``start_combat``): COMBAT n's enemies left to right (the core sets their start power,
  PP-END-2); the active deck (``s.deck_in``: the 12 S cards and the numbered combat cards owned)
  is shuffled, so nothing is in hands or the discard; each seat draws 1 + its own non-Vine
  characters. A card's face is drawn at reveal from the deck's cards not in a hand, played or
  discarded (``CH_CARD``); an empty deck reshuffles the discard (PP-COMBAT-11).
* A round: the core asks seats from the active one (``D_ATTACKER``); here its mask is PLAY
  (hand card h on one of the seat's characters that may attack: HP > 0, not frightened, not
  yet this round, within the seat's cap; PP-COMBAT-2), CONFIRM (pass), and between attacks a
  carried torch (1 damage on a cost-1 square of an enemy without active block [D]; PP-COMBAT-12)
  or rope (−1 power), and Jon's −1 power (1 stamina). The card's numbers plus equipped passive
  cards make the attack (``game.attack_profile``).
* The core's windows get rerolls: a reroll token (any seat) or Lois's ability (1 stamina) after
  the combat die; Jon's and Lois's level-2 block 1 (1 stamina) before a counterattack; the
  equipped cards' abilities with a cost (gear.py).
* End of round, in the rulebook's order (PP-COMBAT-10, 11): once the attacks are over the
  played cards are discarded (``on_enemy_phase``, the core's host hook called before any
  enemy acts), then the enemy phase runs, then each seat draws as many as it played
  (``on_round_end``). Victory: hands are discarded and the program goes on; the core's defeat
  (every character at 0, or the round cap, PP-COMBAT-13) is the game's defeat.
"""
from __future__ import annotations

from boardgym.core.chance import from_counts
from boardgym.games.sleeping_gods import combat, grid, windows
from boardgym.games.sleeping_gods.decisions import HANDLERS as SG_HANDLERS
from boardgym.games.sleeping_gods.kinds import (C_PASSES, CB_LOST, CB_WON, C_STATE, D_ATTACKER,
                                                D_BLOCK, D_ROLLED)

from . import actions as A
from . import difficulty, gear, inventory
from .characters import (AB_JON_BLOCK, AB_JON_POWER, AB_LOIS_BLOCK, AB_LOIS_REROLL, ABILITIES,
                         own_non_vine)
from .journey import RESULT_LOST, end_game
from .kinds import CH_CARD, D_POWER_OFF, D_TORCH, N_RES, ROPE, TORCH
from .turn import ability_ready


# -- the deck -------------------------------------------------------------------------------------
def pile(s) -> list[int]:
    """The active deck's cards still face down: neither in a hand, played nor discarded."""
    out = set(s.cdisc) | {x for h in s.hand for x in h} | {x for x in s.played if x >= 0}
    return [x for x in s.deck_in if x not in out]


def queue_draws(s, seat: int, n: int) -> None:
    s.cq.extend((CH_CARD, seat) for _ in range(n))
    s.invalidate()


def card_outcomes(s, seat):
    left = pile(s) or list(s.cdisc)  # an empty deck reshuffles the discard
    return from_counts({x: 1 for x in left})


def card_apply(s, seat, code):
    if not pile(s):
        s.cdisc = []
    s.hand[seat].append(code)


def drawable(s) -> int:
    return len(pile(s)) + len(s.cdisc)


# -- setup and the end ----------------------------------------------------------------------------
def start_combat(s, number: int) -> None:
    """COMBAT n (PP-COMBAT-1); the program continues once it is won."""
    g = s.game
    fight = g.content.by_number[number]
    s.hand = [[] for _ in range(s.n)]
    s.cdisc, s.played = [], [-1] * 5
    combat.start(s, list(fight.enemies))
    difficulty.fix_start_power(s)
    room = drawable(s)
    for p in range(s.n):
        k = min(1 + own_non_vine(g.seats, p), room)
        queue_draws(s, p, k)
        room -= k


def on_enemy_phase(s) -> None:
    """PP-COMBAT-10: "First, discard all played combat cards on characters", then the enemies act."""
    s.cdisc += [x for x in s.played if x >= 0]
    s.cdisc.sort()
    s.played = [-1] * 5


def on_round_end(s) -> None:
    """PP-COMBAT-11: after the enemy phase each seat draws as many cards as it played."""
    room = drawable(s)
    for p in range(s.n):
        k = min(s.sg_seat_atk[p], room)
        queue_draws(s, p, k)
        room -= k


def combat_over(s) -> bool:
    """The core has finished a combat (no core frame left): True when the game goes on."""
    result = s.sg_com[C_STATE]
    combat.clear(s)
    s.hand = [[] for _ in range(s.n)]
    s.cdisc, s.played = [], [-1] * 5
    if result != CB_WON:  # every character at 0, or the round cap (PP-COMBAT-13)
        end_game(s, RESULT_LOST)
        return False
    return True


def finished(s) -> bool:
    return s.sg_com[C_STATE] in (CB_WON, CB_LOST)


# -- the round: cards, torch, rope, Jon ----------------------------------------------------------------
_att_base = SG_HANDLERS[D_ATTACKER]


def _carried(s, seat: int, t: int) -> list[int]:
    return [c for c in range(5) if s.controller(c) == seat and s.hp[c] > 0 and s.inv[N_RES * c + t]]


def torch_squares(s) -> list[int]:
    core = s.game.sg
    out = []
    for e in combat.remaining(s):
        enemy = core.enemies[s.sg_enemy[e]]
        if grid.block(enemy, s.sg_cover, e):
            continue
        out += [9 * e + q for q in range(9) if not s.sg_cover[9 * e + q] and enemy.cost(q) == 1]
    return out


def power_targets(s) -> list[int]:
    core = s.game.sg
    return [e for e in combat.remaining(s) if s.sg_power[e] > 0
            and not grid.has_active(core.enemies[s.sg_enemy[e]], s.sg_cover, e, "N")]


def _attacker_mask(s, f, m):
    seat = f[1]
    m[A.CONFIRM] = True
    chars = combat.attackers(s, seat)
    for h in range(len(s.hand[seat])):
        for c in chars:
            m[A.play(h, c)] = True
    if torch_squares(s):
        for c in _carried(s, seat, TORCH):
            m[A.res_action(c, TORCH)] = True
    if power_targets(s):
        for c in _carried(s, seat, ROPE):
            m[A.res_action(c, ROPE)] = True
        if ability_ready(s, AB_JON_POWER, seat):
            m[A.CHAR_ABILITY + AB_JON_POWER] = True


def _attacker_apply(s, f, a):
    seat = f[1]
    if a == A.CONFIRM:
        _att_base[1](s, f, a)
        return
    if A.PLAY <= a < A.PLAY + A.HAND_SLOTS * A.N_CHARS:
        h, c = divmod(a - A.PLAY, A.N_CHARS)
        s.pend.pop()
        s.played[c] = s.hand[seat].pop(h)
        profile = s.game.attack_profile(s, c)
        combat.begin_attack(s, c, profile)
        if profile.die_sign and difficulty.die_offset(s):  # a level changed during the game
            combat.add_damage(s, difficulty.die_offset(s))
        return
    s.sg_com[C_PASSES] = 0  # an action: every seat may act again
    if a == A.CHAR_ABILITY + AB_JON_POWER:
        s.res[ABILITIES[AB_JON_POWER].ch] -= ABILITIES[AB_JON_POWER].cost
        s.pend.append((D_POWER_OFF, seat, 1, 0))
    else:
        h, t = divmod(a - A.RESOURCE, N_RES)
        inventory.take(s, h, t)
        s.pend.append((D_TORCH, seat, 0, 0) if t == TORCH else (D_POWER_OFF, seat, 0, 0))
    s.invalidate()


def _torch_mask(s, f, m):
    for flat in torch_squares(s):
        m[A.SQUARE + flat] = True


def _torch_apply(s, f, a):
    """1 damage, not an attack: no counterattack (PP-COMBAT-12)."""
    s.pend.pop()
    s.sg_cover[a - A.SQUARE] = grid.COVERED
    combat.check_end(s)


def _power_mask(s, f, m):
    for e in power_targets(s):
        m[A.ENEMY + e] = True


def _power_apply(s, f, a):
    s.pend.pop()
    combat.remove_power(s, a - A.ENEMY, 1)


# -- the windows -----------------------------------------------------------------------------------
_rolled_base = SG_HANDLERS[D_ROLLED]
_block_base = SG_HANDLERS[D_BLOCK]


def _rolled_mask(s, f, m):
    _rolled_base[0](s, f, m)
    if s.rerolls > 0:
        m[A.REROLL] = True
    if ability_ready(s, AB_LOIS_REROLL, f[1]):
        m[A.CHAR_ABILITY + AB_LOIS_REROLL] = True
    for a in gear.usable(s, f[1], gear.ROLLED):
        m[a] = True


def _rolled_apply(s, f, a):
    if a == A.REROLL:
        s.rerolls -= 1
        combat.redraw(s)
    elif a == A.CHAR_ABILITY + AB_LOIS_REROLL:
        s.res[ABILITIES[AB_LOIS_REROLL].ch] -= ABILITIES[AB_LOIS_REROLL].cost
        combat.redraw(s)
    elif a >= A.CARD_ABILITY:
        gear.use(s, a, gear.ROLLED)
    else:
        _rolled_base[1](s, f, a)
    s.invalidate()


def _block_mask(s, f, m):
    _block_base[0](s, f, m)
    for ab in (AB_JON_BLOCK, AB_LOIS_BLOCK):
        if ability_ready(s, ab, f[1]):
            m[A.CHAR_ABILITY + ab] = True
    for a in gear.usable(s, f[1], gear.BLOCK):
        m[a] = True


def _block_apply(s, f, a):
    if a in (A.CHAR_ABILITY + AB_JON_BLOCK, A.CHAR_ABILITY + AB_LOIS_BLOCK):
        ab = a - A.CHAR_ABILITY
        s.res[ABILITIES[ab].ch] -= ABILITIES[ab].cost
        combat.add_block(s, 1)
        windows.used(s)
    elif a >= A.CARD_ABILITY:
        gear.use(s, a, gear.BLOCK)
    else:
        _block_base[1](s, f, a)
    s.invalidate()


HANDLERS = {D_ATTACKER: (_attacker_mask, _attacker_apply), D_TORCH: (_torch_mask, _torch_apply),
            D_POWER_OFF: (_power_mask, _power_apply), D_ROLLED: (_rolled_mask, _rolled_apply),
            D_BLOCK: (_block_mask, _block_apply)}
