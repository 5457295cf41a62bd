"""Equipped adventure cards' abilities with a cost (CARD_ABILITY, PP-CHAR-6) and their moon
abilities (PP-REST-2).

A card ability is used by the seat controlling its holder, who pays the stamina (the arrow's
cost) and must have HP > 0 and no madness (PP-CHAR-4, PP-CORE-5). Where each is offered:

* ``reroll``: the fate die's windows (challenge, rocks, events) and the combat die's window;
* ``challenge_bonus``: a challenge of the card symbol's skill: +amount (PP-CHAL-3);
* ``remove_status``: between actions and in a challenge's window: one status off anyone;
* ``ignore_rocks``: the rocks' window: no damage (PP-TRAVEL-2);
* ``damage`` / ``remove_power`` with a cost: the window after the attack's die, on an attack
  of anyone (the holder's own for a "self" card); ``block`` with a cost: the block window.
  An attack without a die has no window for them [D].

Moon abilities fire when resting: ``heal_on_rest`` +amount HP split by the active seat (the
holder's own for a "self" card), ``stamina_on_rest`` +amount stamina to the holder (capped).
"""
from __future__ import annotations

from boardgym.games.sleeping_gods import challenge, characters as chars, combat, windows
from boardgym.games.sleeping_gods.kinds import A_CH, H_SKILL, MADNESS

from . import actions as A
from .content import ABILITIES

(AB_NONE, AB_DAMAGE, AB_REMOVE_POWER, AB_BLOCK, AB_REROLL, AB_BONUS, AB_HEAL_REST, AB_STAMINA_REST,
 AB_REMOVE_STATUS, AB_IGNORE_ROCKS) = range(len(ABILITIES))
# where an ability is offered
MAIN, MODIFY, FATE, ROCKS, ROLLED, BLOCK = range(6)
OFFERED = {MAIN: {AB_REMOVE_STATUS}, MODIFY: {AB_REROLL, AB_BONUS, AB_REMOVE_STATUS},
           FATE: {AB_REROLL}, ROCKS: {AB_REROLL, AB_IGNORE_ROCKS},
           ROLLED: {AB_REROLL, AB_DAMAGE, AB_REMOVE_POWER}, BLOCK: {AB_BLOCK}}
ALL_STATUSES = 15


def _card(s, n):
    return s.game.content.cards.numbered[n]


def usable(s, seat: int, where: int) -> list[int]:
    """CARD_ABILITY ids the seat may use here now."""
    out = []
    kinds = OFFERED[where]
    for c in range(5):
        if not s.equip[c] or s.controller(c) != seat or s.hp[c] <= 0 or chars.has(s, c, MADNESS):
            continue
        for j, n in enumerate(s.equip[c]):
            card = _card(s, n)
            if card.cost <= 0 or card.ability not in kinds or s.res[c] < card.cost:
                continue
            if _applies(s, c, card, where):
                out.append(A.CARD_ABILITY + A.EQUIP_SLOTS * c + j)
    return out


def _applies(s, c, card, where) -> bool:
    ab = card.ability
    if ab == AB_BONUS:
        return card.skill == s.sg_chal[H_SKILL]
    if ab == AB_REMOVE_STATUS:
        return any(s.status)
    if ab in (AB_DAMAGE, AB_REMOVE_POWER):
        return not card.self_only or s.sg_atk[A_CH] == c
    if ab == AB_BLOCK:
        return not card.self_only or s.sg_atk[A_CH] == c
    return True


def use(s, a: int, where: int) -> None:
    """Pay and apply a card ability (``a`` from ``usable``); the window asks every seat again."""
    c, j = divmod(a - A.CARD_ABILITY, A.EQUIP_SLOTS)
    card = _card(s, s.equip[c][j])
    s.res[c] -= card.cost
    ab = card.ability
    if ab == AB_REROLL:
        _reroll(s, where)
        return
    if where != MAIN:
        windows.used(s)
    if ab == AB_BONUS:
        challenge.add_bonus(s, card.amount)
    elif ab == AB_REMOVE_STATUS:
        from .turn import ask_status_removal

        ask_status_removal(s, s.controller(c), ALL_STATUSES)
    elif ab == AB_IGNORE_ROCKS:
        from .turn import ignore_rocks

        ignore_rocks(s)
    elif ab == AB_DAMAGE:
        combat.add_damage(s, card.amount)
    elif ab == AB_REMOVE_POWER:
        combat.add_remove_power(s, card.amount)
    elif ab == AB_BLOCK:
        combat.add_block(s, card.amount)
    s.invalidate()


def _reroll(s, where: int) -> None:
    if where == MODIFY:
        challenge.redraw(s)
    elif where == ROLLED:
        combat.redraw(s)
    else:
        from .turn import reroll_fate

        reroll_fate(s)


def rest_abilities(s) -> None:
    """Moon abilities (PP-CHAR-6): after the rest's own stamina and healing."""
    from .effects import heal_points

    heal = 0
    for c in range(5):
        if chars.has(s, c, MADNESS):
            continue
        for n in s.equip[c]:
            card = _card(s, n)
            if card.ability == AB_STAMINA_REST:
                s.res[c] = min(3, s.res[c] + card.amount)
            elif card.ability == AB_HEAL_REST:
                if card.self_only:
                    chars.heal(s, c, card.amount)
                else:
                    heal += card.amount
    if heal:
        heal_points(s, heal)
