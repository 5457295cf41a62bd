"""Each host frame's seat and arguments against the board (part of the invariants, run on
load): the frame points at something there (a token held, a card owned, a section open, a
combat of the pack) and something to choose from, so a mutated save is refused rather than
played into a corner."""
from __future__ import annotations

from boardgym.games.sleeping_gods.kinds import C_STATE, CB_RUNNING, D_ATTACKER

from . import inventory
from .content import AdventureCard
from .kinds import (D_ABILITY_CHAR, D_BANNER, D_DECK, D_EQUIP, D_EVENT_CHOICE, D_FATE_WINDOW, D_FRUIT,
                    D_GAIN, D_GAIN_KIND, D_HEAL, D_LEVEL_UP, D_LOSE, D_MAIN, D_MARKET, D_MOVE_CARD,
                    D_PLACE_START, D_POWER_OFF, D_REST_HEAL, D_REST_SETS, D_REST_STATUS, D_STAMINA_LOSS,
                    D_STATUS_OFF, D_STATUS_PICK, D_SWAP_CARD, D_TOKEN, D_TORCH, DECISIONS, FRUIT,
                    HOST_FIRST, MEAT, N_RES, PH_EVENT, PH_SETUP)

_ANY_SEAT = {D_FATE_WINDOW, D_ABILITY_CHAR, D_TORCH, D_POWER_OFF}


def errors(s) -> list[str]:
    for i, f in enumerate(s.pend):
        if f[0] < HOST_FIRST:
            continue
        msg = _frame(s, f, s.pend[i - 1] if i else None)
        if msg:
            return [f"pend[{i}] ('{DECISIONS[f[0]]}' {f[1:]}): {msg}"]
    return []


def _adventure(s, n) -> bool:
    return isinstance(s.game.content.cards.numbered.get(n), AdventureCard)


def _frame(s, f, below) -> str | None:
    from . import cards, effects, fight, loadout, turn

    k, seat, a, b = f
    if seat >= s.n:
        return "not a seat"
    if k not in _ANY_SEAT and seat != s.active:
        return "decided by the active seat"
    g = s.game
    if k == D_PLACE_START:
        return None if s.phase == PH_SETUP and sum(s.inv) == a else "not the next starting token"
    if k == D_MAIN:
        return None if len(s.pend) == 1 else "the menu under another decision"
    if k == D_TOKEN:
        h, t = divmod(a, N_RES)
        return None if turn.token_ok(s, h, t) else "no such token, or nothing to do with it"
    if k == D_FRUIT:
        return None if s.inv[a] > 0 and a % N_RES == FRUIT and s.hp[b] < s.max_hp(b) and s.status[b] & 1 \
            else "no fruit choice to make"
    if k == D_GAIN:
        return None if inventory.supply_left(s, a) > 0 else "the supply has none to gain"
    if k == D_GAIN_KIND:
        return None if any(inventory.supply_left(s, t) > 0 for t in range(N_RES)) else "the supply is empty"
    if k == D_LOSE:
        ok = bool(inventory.lose_candidates(s, a, b >= inventory.CHARS_ONLY))
        return None if ok and b % inventory.CHARS_ONLY >= 1 else "no choice of token to pay"
    if k in (D_HEAL, D_REST_HEAL):
        return None if effects.heal_candidates(s) else "nobody to heal"
    if k == D_STAMINA_LOSS:
        return None if effects._stamina_cands(s, b) else "nobody to tire"
    if k == D_STATUS_OFF:
        return None if b & 7 and effects.status_holders(s, a, b >> 3) else "no status to remove"
    if k == D_STATUS_PICK:
        return None if s.status[a] & b else "no such status to remove"
    if k == D_LEVEL_UP:
        return None if s.ups > 0 and 1 in s.level else "no level-up owed or possible"
    if k == D_FATE_WINDOW:
        return None if a < s.n and s.fate[1] >= 0 else "no fate roll to look at"
    if k == D_REST_STATUS:
        return None if any(s.status) else "no status to remove"
    if k == D_REST_SETS:
        ok = inventory.count(s, FRUIT) and (a or inventory.count(s, MEAT))
        return None if ok else "no set to pay"
    if k == D_EVENT_CHOICE:
        return None if s.phase == PH_EVENT and s.ev_cur == a and g.events[a].choice else "not the open event's choice"
    if k == D_ABILITY_CHAR:
        return None if turn.status_targets(s, a) else "nobody holds such a status"
    if k == D_BANNER:
        page, bn = divmod(a, 8)
        ok = s.exploring and page < len(g.pages) and bn < len(g.pages[page].banner) and g.pages[page].banner[bn].cost
        return None if ok else "not a banner with a cost, in an explore"
    if k == D_EQUIP:
        worn = {n for e in s.equip for n in e}
        ok = a in s.owned and _adventure(s, a) and a not in worn and cards.equip_candidates(s, a)
        return None if ok else "not an owned card to equip, or no choice"
    if k == D_MARKET:
        ok = (s.exploring or s.phase == PH_SETUP) and a < len(g.content.story.markets) and cards.market_offer(s, a)
        return None if ok else "no market open here"
    if k in (D_TORCH, D_POWER_OFF):
        ok = (s.sg_com[C_STATE] == CB_RUNNING and below is not None and below[0] == D_ATTACKER
              and below[1] == seat and (fight.torch_squares(s) if k == D_TORCH else fight.power_targets(s)))
        return None if ok else "not between attacks, or nothing to aim at"
    if k == D_DECK:
        if a and (a not in g.content.by_number or s.sg_com[C_STATE] != 0 or not (s.exploring or s.phase == PH_SETUP)):
            return "not before a combat of the pack"
        return None
    if k == D_MOVE_CARD:
        ok = a in s.owned and _adventure(s, a) and not (
            s.game.content.cards.numbered[a].slot == loadout.ADVANCEMENT and loadout.holder(s, a) >= 0)
        return None if ok else "not a card that may move"
    if k == D_SWAP_CARD:
        return None if a in s.owned and _adventure(s, a) and loadout._swaps(s, a, b) else "no card to exchange"
    return None
