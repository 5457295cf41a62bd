"""What ties the fields together (run on load and at every fuzzed step): the core's checks, then
HP and stamina bounds, inventory slots and the supply (PP-CHAR-1, PP-CORE-4), the journey log
(moons, the last turns, the short event deck), the running event, challenge and fate roll
against what is pending, defeat (every character at 0 ends the game at once, PP-CORE-6) and the
stack's shape per phase."""
from __future__ import annotations

from boardgym.core.fields import queue_errors, stack_errors
from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods.invariants import errors as sg_errors
from boardgym.games.sleeping_gods.kinds import (CB_NONE, C_EOR_E, C_STATE, CH_NONE, CH_ROLL, D_ATTACKER, D_BLOCK,
                                                D_CHAR_TARGET, D_HEAL_ALLY, D_HEAL_SQUARE, D_JOIN,
                                                D_MODIFY, D_PLACE, D_ROLLED, D_TARGET, D_WOUND, H_STATE,
                                                P_HOST)

from . import inventory
from .kinds import (CH_CARD, CH_EVENT, CHANCES, D_ABILITY_CHAR, D_EQUIP, D_FATE_WINDOW, D_GAIN,
                    D_FRUIT, D_GAIN_KIND, D_HEAL, D_LOSE, D_MAIN, D_STORY_CHOICE, D_TOKEN, D_MARKET, D_PLACE_START, D_POWER_OFF,
                    D_REST_HEAL, D_REST_SETS, D_REST_STATUS, D_STATUS_OFF, D_STATUS_PICK, D_TORCH,
                    DECISIONS, FATE_NONE, HOST_FIRST, MOONS, N_HOLDERS, N_RES, NO_CHALLENGE, PH_ACTIONS, PH_EVENT,
                    PH_OVER, PH_SETUP, PHASES, STAMINA_MAX, SUPPLY)

_CHALLENGE = {D_JOIN, D_MODIFY, D_WOUND, D_CHAR_TARGET}
_COMBAT = {D_ATTACKER, D_TARGET, D_ROLLED, D_PLACE, D_BLOCK, D_CHAR_TARGET, D_HEAL_SQUARE, D_HEAL_ALLY}
_EFFECT = set(range(HOST_FIRST, len(DECISIONS))) - {D_PLACE_START, D_MAIN, D_TORCH, D_POWER_OFF}
_BELOW = {D_STATUS_PICK: {D_REST_SETS, D_STATUS_OFF, D_MODIFY}, D_ABILITY_CHAR: {D_MODIFY},
          D_GAIN: {D_GAIN_KIND}, D_REST_HEAL: {D_REST_SETS}, D_TORCH: {D_ATTACKER},
          D_POWER_OFF: {D_ATTACKER}, D_EQUIP: {D_MARKET, D_EQUIP}, D_LOSE: {D_MARKET, D_EQUIP},
          D_HEAL: {D_REST_STATUS, D_REST_SETS}, D_TOKEN: {D_STORY_CHOICE}, D_FRUIT: {D_STORY_CHOICE}}
_STORY = _CHALLENGE | _COMBAT | _EFFECT
# phase -> (kinds that may open the stack, chance kinds)
SHAPES = {
    PH_SETUP: (_STORY | {D_PLACE_START}, {CH_ROLL, CH_CARD}),
    PH_EVENT: (_CHALLENGE | _EFFECT, {CH_ROLL, CH_EVENT}),
    PH_ACTIONS: (_STORY | {D_MAIN}, {CH_ROLL, CH_CARD}),
    PH_OVER: (set(), set()),
}


def check(s) -> list[str]:
    out = sg_errors(s)
    if out:
        return out
    shape = SHAPES.get(s.phase)
    if shape is None:
        return [f"phase {PHASES[s.phase]} is never one a decision waits in"]
    bottom, chances = shape
    out = stack_errors(s.pend, DECISIONS, "pend", bottom, _BELOW)
    out += queue_errors(s.cq, CHANCES, "cq", chances)
    if out:
        return out
    if not s.pend and not s.cq and s.phase != PH_OVER:
        return ["nothing pending and not over"]
    for c in range(5):
        if not 0 <= s.res[c] <= STAMINA_MAX:
            out.append(f"character {c} has {s.res[c]} stamina (0-{STAMINA_MAX})")
    for h in range(N_HOLDERS):
        if inventory.held(s, h) > inventory.slots(h):
            out.append(f"holder {h} carries {inventory.held(s, h)} tokens in {inventory.slots(h)} slots")
    for t in range(N_RES):
        if inventory.count(s, t) > SUPPLY[t]:
            out.append(f"{inventory.count(s, t)} tokens of type {t} in play; the supply has {SUPPLY[t]}")
    if (s.moons == MOONS) != (s.ev_short >= 0) or (s.moons == MOONS) != (s.final >= 0):
        out.append("the last turns and the short event deck do not match the moons crossed")
    if s.over != (s.phase == PH_OVER) or (s.over and (s.pend or s.cq or s.fx)):
        out.append("over and the phase disagree, or the game is over with something pending")
    if not s.over and s.result:
        out.append("a result while the game runs")
    if s.ev_cur >= 0 and s.phase != PH_EVENT:
        out.append("an event is open outside the event step")
    if s.phase == PH_EVENT and s.ev_cur < 0 and (s.pend or s.fx or s.sg_chal[H_STATE] != CH_NONE):
        out.append("the event step resolves something before its event is drawn")
    if any(e[0] == CH_EVENT for e in s.cq) and (s.phase != PH_EVENT or s.ev_cur >= 0):
        out.append("an event draw outside the event step, or a second one")
    if s.exploring and s.phase not in (PH_ACTIONS, PH_OVER):
        out.append("an explore outside the action step")
    if s.phase == PH_ACTIONS and any(f[0] == D_MAIN for f in s.pend) and (len(s.pend) > 1 or s.fx):
        out.append("the menu is offered while something else is pending")
    running = s.sg_chal[H_STATE] != CH_NONE
    if running != (s.chal[0] >= 0):
        out.append("the challenge record and the core's challenge disagree")
    elif not running and tuple(s.chal) != NO_CHALLENGE:
        out.append("a challenge's source is kept with no challenge running")
    host_draw = any(e == (CH_ROLL, P_HOST) for e in s.cq)
    window = any(f[0] == D_FATE_WINDOW for f in s.pend)
    if (s.fate[0] != FATE_NONE) != (host_draw or window) or (host_draw and window):
        out.append("a fate roll's record without its roll or window, or the other way round")
    if window and s.fate[1] < 0:
        out.append("a fate window without the face rolled")
    if not s.diff_log >> s.diff & 1 or (not s.game.allow_difficulty_change and s.diff_log != 1 << s.diff):
        out.append("the level now is not logged, or a change logged where none is allowed")
    if s.phase == PH_SETUP and s.turn:
        out.append("setup after the first turn")
    placing = any(f[0] == D_PLACE_START for f in s.pend)
    if (s.phase != PH_SETUP and s.placed != 2) or placing != (s.placed == 1):
        out.append("the setup step (placed) does not match what is pending: 0 before the starting tokens "
                   "(the unlocked cards first), 1 while they are placed, 2 once the intro is read")
    if any(e[0] == CH_CARD for e in s.cq) and s.sg_com[C_STATE] == CB_NONE:
        out.append("a combat card is drawn outside a combat")
    if s.final == 0 and not s.over:
        out.append("no last turn left, yet the game runs")
    if not s.over and s.phase != PH_SETUP and chars.all_down(s):  # flow._lost ends it at once
        out.append("every character is at 0 HP, yet the game runs (PP-CORE-6)")
    from .frame_checks import errors as frame_errors
    from .program_checks import equipped_errors, errors as program_errors

    out += program_errors(s) + equipped_errors(s)
    if not out:
        out += frame_errors(s)
    if out:
        return out
    out += _cards(s)
    return out


def _cards(s) -> list[str]:
    out = []
    in_play = [x for h in s.hand for x in h] + s.cdisc + [x for x in s.played if x >= 0]
    if len(set(in_play)) != len(in_play) or not set(in_play) <= set(s.deck_in):
        out.append("a combat card is in two places, or outside the active deck")
    if s.sg_com[C_STATE] == CB_NONE and in_play:
        out.append("combat cards in hands, played or discarded outside a combat")
    if s.sg_com[C_EOR_E] >= 0 and any(x >= 0 for x in s.played):
        out.append("played combat cards still on characters in the enemy phase (PP-COMBAT-10 discards them first)")
    if any(len(h) > 8 for h in s.hand):
        out.append("a hand of more than 8 combat cards")
    num = s.game.content.cards.numbered
    worn = [n for e in s.equip for n in e]
    if len(set(worn)) != len(worn) or not set(worn) <= set(s.owned):
        out.append("an equipped card is unowned or equipped twice")
    from .content import SLOTS

    for c in range(5):
        slots = [num[n].slot for n in s.equip[c]]
        hands = sum(2 if k == SLOTS.index("two_hands") else 1 for k in slots if SLOTS[k] in ("hand", "two_hands"))
        others = [k for k in slots if SLOTS[k] not in ("hand", "two_hands")]
        if hands > 2 or len(set(others)) != len(others):
            out.append(f"character {c} wears more cards than its slots hold")
    from .kinds import D_DECK, MIN_DECK

    editing = any(f[0] == D_DECK for f in s.pend)
    if len(s.deck_in) < MIN_DECK and not editing:
        out.append(f"the active deck holds {len(s.deck_in)} cards outside its editing (at least {MIN_DECK})")
    if editing and len(s.deck_in) + s.game.max_free_moves - s.moves < MIN_DECK:
        out.append("the active deck cannot be brought back to 12 with the free moves left")
    for x in s.deck_in:
        n = s.game.combat_cards[x].number
        if n and n not in s.owned:
            out.append(f"combat card {n} is in the active deck but not owned")
    if any(f[0] == D_STORY_CHOICE and f[2] != s.sec for f in s.pend):
        out.append("a story choice of another section than the open one")
    if (s.sec >= 0) and not (s.exploring or s.phase in (PH_SETUP, PH_OVER)):
        out.append("a story section is open outside an explore or the intro")
    return out
