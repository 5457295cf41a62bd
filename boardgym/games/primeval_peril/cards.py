"""Numbered cards (PP-EXPL-8, 10; PP-CHAR-5, 6, 7; PP-END-4): owning, equipping, losing, the
markets and the combat cards' codes.

``s.owned`` lists the numbered cards taken out of the deck (sorted; the deck keeps the rest in
number order and hidden). An adventure card is equipped on a character (``s.equip[c]``, card
numbers) or set aside (owned, not equipped: no effect). A gained adventure card takes a free
slot of its type, the active seat picking the character (``D_EQUIP``); with none free it is set
aside. Slots per character: 2 hands (a two-hands card fills both), body, recipe, advancement,
misc. Numbered combat cards join the active deck when gained [D]; quest cards give keywords.
An owned card is never gained again (PP-END-4 [D]).

Equipped cards count for their holder's skill (the +1 symbol, PP-CHAR-6); their passive
damage, remove-power and block abilities add to attacks (``attack_extras``). Moving cards
between actions (OWNED_ADV) and the abilities with a cost (CARD_ABILITY) are not built yet.

Combat card codes: 0..11 the S cards, then the pack's numbered combat cards by number
(``game.combat_cards``).
"""
from __future__ import annotations

from boardgym.games.sleeping_gods.kinds import MADNESS

from . import actions as A
from . import inventory
from .content import ABILITIES, SLOTS, AdventureCard, CombatCard
from .kinds import COIN, D_EQUIP, D_MARKET

HAND, TWO_HANDS = SLOTS.index("hand"), SLOTS.index("two_hands")
AB_DAMAGE, AB_REMOVE_POWER, AB_BLOCK = (ABILITIES.index(k) for k in ("damage", "remove_power", "block"))


def numbered(s, n: int):
    return s.game.content.cards.numbered[n]


def fits(s, worn, slot: int) -> bool:
    """Whether a card of ``slot`` fits beside the cards ``worn`` (numbers)."""
    slots = [numbered(s, n).slot for n in worn]
    hands = sum(2 if k == TWO_HANDS else 1 for k in slots if k in (HAND, TWO_HANDS))
    if slot == HAND:
        return hands < 2
    if slot == TWO_HANDS:
        return hands == 0
    return slot not in slots


def has_slot(s, c: int, slot: int) -> bool:
    return fits(s, s.equip[c], slot)


def equip_candidates(s, n: int) -> list[int]:
    slot = numbered(s, n).slot
    return [c for c in range(5) if has_slot(s, c, slot)]


def gain_card(s, n: int) -> None:
    if n in s.owned or n not in s.game.content.cards.numbered:
        return
    s.owned.append(n)
    s.owned.sort()
    card = numbered(s, n)
    if isinstance(card, CombatCard):
        s.deck_in.append(s.game.code_of_number[n])
        s.deck_in.sort()
    elif isinstance(card, AdventureCard):
        cands = equip_candidates(s, n)
        if len(cands) > 1:
            s.pend.append((D_EQUIP, s.active, n, 0))
            s.invalidate()
        elif cands:
            equip(s, cands[0], n)


def equip(s, c: int, n: int) -> None:
    s.equip[c].append(n)


def lose_card(s, n: int) -> None:
    """Lose a card or complete a quest: back to the deck, in order."""
    if n not in s.owned:
        return
    s.owned.remove(n)
    for c in range(5):
        if n in s.equip[c]:
            s.equip[c].remove(n)
    code = s.game.code_of_number.get(n)
    if code is not None and code in s.deck_in:
        s.deck_in.remove(code)


def aside(s) -> list[int]:
    """Owned adventure cards not equipped (no effect)."""
    worn = {n for e in s.equip for n in e}
    return [n for n in s.owned if isinstance(numbered(s, n), AdventureCard) and n not in worn]


def symbols(s, c: int, k: int) -> int:
    """The +1 skill symbols of c's equipped cards for skill k (they count even with madness)."""
    return sum(1 for n in s.equip[c] if numbered(s, n).skill == k)


def passive_cards(s, attacker: int) -> list:
    """The equipped passive cards that add to ``attacker``'s attacks (PP-CHAR-6): any
    character's, or the holder's own for a "self" card; none while the holder is mad
    (PP-CHAR-4)."""
    out = []
    for c in range(5):
        if s.status[c] >> MADNESS & 1:
            continue
        for n in s.equip[c]:
            card = numbered(s, n)
            if card.cost or (card.self_only and c != attacker):
                continue
            if card.ability in (AB_DAMAGE, AB_REMOVE_POWER, AB_BLOCK):
                out.append(card)
    return out


def attack_extras(s, attacker: int) -> tuple:
    """(damage, remove power, block) that the passive cards (``passive_cards``) add to an attack."""
    d = rp = blk = 0
    for card in passive_cards(s, attacker):
        if card.ability == AB_DAMAGE:
            d += card.amount
        elif card.ability == AB_REMOVE_POWER:
            rp += card.amount
        elif card.ability == AB_BLOCK:
            blk += card.amount
    return d, rp, blk


def _equip_mask(s, f, m):
    for c in equip_candidates(s, f[2]):
        m[A.CHAR + c] = True


def _equip_apply(s, f, a):
    s.pend.pop()
    equip(s, a - A.CHAR, f[2])


# -- markets (PP-EXPL-10) -------------------------------------------------------------------------
def market_offer(s, market: int) -> list[int]:
    """The market's cards still in the deck, in its order."""
    return [n for n in s.game.content.story.markets[market].cards if n not in s.owned]


def carried_coins(s) -> int:
    return sum(s.inv[6 * c + COIN] for c in range(5))


def open_market(s, market: int) -> None:
    if market_offer(s, market):
        s.pend.append((D_MARKET, s.active, market, 0))
        s.invalidate()


def _market_mask(s, f, m):
    m[A.CONFIRM] = True
    coins = carried_coins(s)
    for k, n in enumerate(s.game.content.story.markets[f[2]].cards):
        if n not in s.owned and numbered(s, n).price <= coins:
            m[A.OPTION + k] = True


def _market_apply(s, f, a):
    """Buy one card with carried coins (PP-EXPL-10); the market stays open until CONFIRM."""
    s.pend.pop()
    if a == A.CONFIRM:
        return
    n = s.game.content.story.markets[f[2]].cards[a - A.OPTION]
    open_market(s, f[2])       # asked again once the purchase is settled
    gain_card(s, n)            # (its equipment choice sits on top)
    inventory.lose(s, COIN, numbered(s, n).price, chars_only=True)


HANDLERS = {D_EQUIP: (_equip_mask, _equip_apply), D_MARKET: (_market_mask, _market_apply)}
