"""Skill-card abilities and Order-marker redraws in the core's windows (TR-BASE-SKILL,
TR-BASE-OM, TR-BASE-CHAL-3, TR-BASE-COMBAT-2), added by wrapping the core's window handlers.

* challenge modify window: REDRAW (1 OM), Knack (+2 to a challenge in its skill, held by a
  participant), Fortune;
* the window after an attack's Destiny draw: REDRAW, Fortune, Strike (the attacker's own: +2
  damage, or −1 power with STRIKE_POWER);
* the block window: Guard (block 2).

Each ability costs 1 OM of the seat that uses it, once per encounter per card (``used``); the
holder must be above 0 HP and free of madness (TR-BASE-COND-4); a seat activates only the crew
it controls. Fortune: draw again (a host draw; the window stays open), then CONFIRM keeps the new
draw or KEEP_EARLIER the first (the core's ``set_roll``).
"""
from __future__ import annotations

from boardgym.games.sleeping_gods import challenge, combat, windows
from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods.decisions import HANDLERS as SG_HANDLERS
from boardgym.games.sleeping_gods.decisions import host_draw
from boardgym.games.sleeping_gods.kinds import (A_CH, A_ROLL, D_BLOCK, D_MODIFY, D_ROLLED, H_PARTS, H_ROLL,
                                                H_SKILL, MADNESS, P_ATTACK, P_CHALLENGE)

from . import actions as A
from .cards import pay_om
from .content import ABILITIES
from .kinds import D_KEEP, D_STRIKE

KNACK, STRIKE, GUARD, FORTUNE = (ABILITIES.index(x) for x in
                                 ("challenge_bonus", "attack_boost", "block", "destiny_redraw"))


def usable(s, seat: int, ability: int):
    """(crew, slot, card) of the seat's equipped cards with this ability it may activate now."""
    if s.om[seat] < 1:
        return []
    skills = s.game.content.skills
    out = []
    for c in range(A.N_CREW):
        if s.controller(c) != seat or s.hp[c] <= 0 or chars.has(s, c, MADNESS):
            continue
        for j, kind in enumerate(s.equip[c]):
            card = skills[kind]
            if card.ability == ability and not s.used >> (2 * c + j) & 1:
                out.append((c, j, card))
    return out


def _knacks(s, seat):
    ch = s.sg_chal
    return [x for x in usable(s, seat, KNACK)
            if ch[H_PARTS] >> x[0] & 1 and x[2].ability_skill == ch[H_SKILL]]


def _strikes(s, seat):
    return [x for x in usable(s, seat, STRIKE) if x[0] == s.sg_atk[A_CH]]


def _use(s, seat, c, j):
    pay_om(s, seat, 1)
    s.used |= 1 << (2 * c + j)


def _fortune(s, seat, c, j, purpose):
    """Draw again (a host draw, the window stays open); ``fortune_drawn`` offers the choice."""
    _use(s, seat, c, j)
    s.fk_seat = seat
    host_draw(s)


def fortune_drawn(s, value: int) -> None:
    """The second draw: the Fortune's seat keeps either (D_KEEP on top of the window)."""
    purpose = P_CHALLENGE if s.pend[-1][0] == D_MODIFY else P_ATTACK
    earlier = s.sg_chal[H_ROLL] if purpose == P_CHALLENGE else s.sg_atk[A_ROLL]
    s.pend.append((D_KEEP, s.fk_seat, earlier, 16 * purpose + value))
    s.invalidate()


def _wrap(kind, purpose, extra):
    """The core's window handler of ``kind`` plus REDRAW, Fortune and ``extra`` abilities."""
    mask, apply = SG_HANDLERS[kind]

    def wmask(s, f, m):
        mask(s, f, m)
        seat = f[1]
        if purpose is not None:
            if s.om[seat] >= 1:
                m[A.REDRAW] = True
            for c, j, _ in usable(s, seat, FORTUNE):
                m[A.EQUIPPED + 2 * c + j] = True
        for c, j, _ in extra(s, seat):
            m[A.EQUIPPED + 2 * c + j] = True

    def wapply(s, f, a):
        seat = f[1]
        if a == A.REDRAW:  # TR-BASE-OM: 1 OM, draw again
            pay_om(s, seat, 1)
            (challenge.redraw if purpose == P_CHALLENGE else combat.redraw)(s)
        elif A.EQUIPPED <= a < A.EQUIPPED + 2 * A.N_CREW:
            c, j = divmod(a - A.EQUIPPED, 2)
            card = s.game.content.skills[s.equip[c][j]]
            if card.ability == FORTUNE:
                _fortune(s, seat, c, j, purpose)
            elif card.ability == KNACK:
                _use(s, seat, c, j)
                challenge.add_bonus(s, card.amount)
                windows.used(s)
            elif card.ability == GUARD:
                _use(s, seat, c, j)
                combat.add_block(s, card.amount)
                windows.used(s)
            else:  # Strike: the choice follows
                _use(s, seat, c, j)
                s.pend.append((D_STRIKE, seat, A.equipped_card(c, j), 0))
        else:
            apply(s, f, a)
        s.invalidate()

    return wmask, wapply


def _none(s, seat):
    return []


def _guards(s, seat):
    return usable(s, seat, GUARD)


def _either(other):
    """The mask of a two-way choice: CONFIRM or ``other``."""
    def mask(s, f, m):
        m[A.CONFIRM] = m[other] = True

    return mask


def _strike_apply(s, f, a):
    s.pend.pop()
    c, j = divmod(f[2], A.EQUIP_SLOTS)
    card = s.game.content.skills[s.equip[c][j]]
    if a == A.CONFIRM:
        combat.add_damage(s, card.amount)
    else:
        combat.add_remove_power(s, card.remove_power)
    windows.used(s)  # the D_ROLLED window is on top again


def _keep_apply(s, f, a):
    s.pend.pop()
    purpose, new = divmod(f[3], 16)
    value = new if a == A.CONFIRM else f[2]
    s.sg_last = value
    s.fk_seat = -1
    (challenge.set_roll if purpose == P_CHALLENGE else combat.set_roll)(s, value)
    windows.used(s)  # the window is on top again: every seat may act again


HANDLERS = {
    D_MODIFY: _wrap(D_MODIFY, P_CHALLENGE, _knacks),
    D_ROLLED: _wrap(D_ROLLED, P_ATTACK, _strikes),
    D_BLOCK: _wrap(D_BLOCK, None, _guards),
    D_STRIKE: (_either(A.STRIKE_POWER), _strike_apply),
    D_KEEP: (_either(A.KEEP_EARLIER), _keep_apply),
}
