"""What may be pending in each phase and what each frame's arguments must point at (part of the
invariants, run on load): the stack's shape per phase, the chance queue's kinds, the running
challenge or combat record against its frames, each host frame's seat and arguments."""
from __future__ import annotations

from boardgym.core.fields import queue_errors, stack_errors
from boardgym.games.sleeping_gods.kinds import (A_CH, A_STEP, AS_BLOCK, AS_FIRST_STRIKE, AS_NONE,
                                                AS_PLACE, AS_ROLL, AS_ROLLED, AS_TARGET, C_EOR_E,
                                                C_STATE, C_TURN, CB_RUNNING, CH_JOIN, CH_ROLL,
                                                CH_ROLLING, CH_WINDOW, CH_WOUNDS, D_ATTACKER, D_BLOCK,
                                                D_CHAR_TARGET, D_HEAL_ALLY, D_HEAL_SQUARE, D_JOIN,
                                                D_MODIFY, D_PLACE, D_ROLLED, D_TARGET, D_WOUND, H_SEATS,
                                                H_STATE, P_ATTACK, P_CHALLENGE, P_HOST)

from .cards import RECIPE, kind_of, owned_gear, statuses_of
from .kinds import (BACK_REWARD, CH_ADV, CH_ARCADE, CH_SKILL, CHANCES, D_ADV_TO, D_BUY_TO, D_DISCARD,
                    D_EQUIP_SWAP, D_EQUIP_TO, D_KEEP, D_MARKET, D_OM_CREW, D_PICK_STATUS, D_PLACE_CARD,
                    D_PREP, D_RECIPE_CREW, D_START_PICK, D_STRIKE, D_SWAP_WITH, D_TRAIN_CREW,
                    D_TRAIN_SKILL, D_UNITS, DECISIONS, EQUIP_LIMIT, HAND_LIMIT, PH_BOSS, PH_CH_REWARD,
                    PH_CHALLENGE, PH_COMBAT, PH_END_TURN, PH_OVER, PH_PREP, PH_PREP_OPEN, PH_REVEAL,
                    PH_SCORING, PH_SETUP, PHASES, PLAYER_UNITS, TRAIN_LIMIT, U_GIVE, U_SKILL)

_ALL = frozenset(range(len(DECISIONS)))
_UNIT = {D_UNITS, D_PICK_STATUS, D_DISCARD}
_SUB = {D_EQUIP_TO, D_EQUIP_SWAP, D_SWAP_WITH, D_ADV_TO, D_OM_CREW, D_TRAIN_CREW, D_TRAIN_SKILL,
        D_RECIPE_CREW, D_PLACE_CARD, D_MARKET, D_BUY_TO} | _UNIT
_EOR = {D_CHAR_TARGET, D_HEAL_SQUARE, D_HEAL_ALLY}
# phase -> (kinds that may open the stack, {kind: kinds it may sit on}, chance kinds)
_ON_PREP = {k: {D_PREP} for k in _SUB}
_ON_PREP.update({D_PICK_STATUS: {D_PREP, D_UNITS, D_OM_CREW, D_RECIPE_CREW},
                 D_UNITS: {D_PREP}, D_DISCARD: {D_PREP, D_MARKET},
                 D_EQUIP_SWAP: {D_PREP}, D_PLACE_CARD: {D_PREP, D_MARKET}, D_BUY_TO: {D_MARKET},
                 D_RECIPE_CREW: {D_PREP}})
_ON_PREP[D_PICK_STATUS] = {D_PREP, D_UNITS}
SHAPES = {
    PH_SETUP: ({D_START_PICK, D_PLACE_CARD, D_DISCARD}, {}, {CH_SKILL}),
    PH_PREP_OPEN: (set(), {}, {CH_ARCADE}),
    PH_PREP: ({D_PREP}, _ON_PREP, {CH_SKILL, CH_ADV}),
    PH_SCORING: ({D_PREP}, _ON_PREP, {CH_SKILL, CH_ADV}),
    PH_REVEAL: (set(), {}, {CH_ARCADE}),
    PH_BOSS: (set(), {}, {CH_ROLL}),
    PH_CHALLENGE: ({D_JOIN, D_MODIFY, D_WOUND}, {D_KEEP: {D_MODIFY}}, {CH_ROLL}),
    PH_CH_REWARD: (_UNIT, {D_PICK_STATUS: {D_UNITS}}, {CH_SKILL}),
    PH_END_TURN: (_UNIT, {D_PICK_STATUS: {D_UNITS}}, {CH_SKILL}),
    PH_COMBAT: ({D_ATTACKER, D_TARGET, D_ROLLED, D_PLACE, D_BLOCK} | _EOR,
                {D_STRIKE: {D_ROLLED}, D_KEEP: {D_ROLLED}}, {CH_ROLL}),
    PH_OVER: (set(), {}, set()),
}


# a Destiny draw's purpose and the phase it is drawn in, in words
_PURPOSE = {P_CHALLENGE: "a challenge", P_ATTACK: "an attack", P_HOST: "a boss or Fortune draw"}
_CH_STEP = {CH_JOIN: "joining", CH_ROLLING: "its Destiny draw", CH_WINDOW: "the window after its draw",
            CH_WOUNDS: "its wounds"}
_DURING = {PH_CHALLENGE: "during a challenge", PH_COMBAT: "during a combat", PH_BOSS: "during the boss draws"}


def errors(s) -> list[str]:
    shape = SHAPES.get(s.phase)
    if shape is None:
        return [f"phase {PHASES[s.phase]} is never one a decision waits in"]
    bottom, below, chances = shape
    out = stack_errors(s.pend, DECISIONS, "pend", bottom, below)
    out += queue_errors(s.cq, CHANCES, "cq", chances)
    if out:
        return out
    if not s.pend and not s.cq and s.phase != PH_OVER:
        return ["nothing pending and not over"]
    for e in s.cq:
        want = {PH_BOSS: P_HOST, PH_CHALLENGE: P_CHALLENGE}.get(s.phase, P_ATTACK)
        if e[0] == CH_ROLL and e[1] != want and not (e[1] == P_HOST and s.fk_seat >= 0):
            out.append(f"a Destiny draw for {_PURPOSE.get(e[1], 'no known purpose')} "
                       f"{_DURING.get(s.phase, 'in the ' + PHASES[s.phase] + ' phase')}")
        if e[0] == CH_ROLL and e[1] == P_HOST and s.fk_seat >= 0 and (
                not s.pend or s.pend[-1][0] not in (D_MODIFY, D_ROLLED) or s.pend[-1][1] != s.fk_seat):
            out.append("Fortune's draw without its window")
        if e[0] == CH_ARCADE and (e[1] == BACK_REWARD) != (s.phase == PH_PREP_OPEN):
            out.append("an Arcade card of the wrong back is being drawn")
    if s.cq and s.pend and s.phase in (PH_SETUP, PH_PREP, PH_SCORING, PH_CH_REWARD, PH_END_TURN) \
            and s.pend[-1][0] not in (D_PREP, D_MARKET):
        out.append("a card is drawn while a choice waits above the window")
    if len(s.cq) > 1 and any(e[0] in (CH_ROLL, CH_ARCADE) for e in s.cq):
        out.append("more than one Destiny or Arcade draw pending")
    if s.phase == PH_BOSS and (s.boss_left < 1 or not s.final):
        out.append("a boss draw with no draw left or outside the final battle")
    if s.phase in (PH_PREP, PH_SCORING) and sum(1 for f in s.pend if f[0] == D_PREP) != 1:
        out.append("the window's frame is not the stack's only prep frame")
    if (s.mk_open == 1) != (any(f[0] == D_MARKET for f in s.pend) or any(e[0] == CH_ADV and e[1] == 1 for e in s.cq)):
        out.append("the market is open without its frame or draws, or the other way round")
    keep = [f for f in s.pend if f[0] == D_KEEP]
    if keep and (s.fk_seat != keep[0][1] or keep[0][3] // 16 not in (P_CHALLENGE, P_ATTACK)):
        out.append("a Fortune choice that does not match its seat or draw")
    if s.fk_seat >= 0 and not keep and not any(e == (CH_ROLL, P_HOST) for e in s.cq):
        out.append("a Fortune pending with no draw to make")
    if keep and s.cq:
        out.append("a Fortune choice while a draw is pending")
    for f in s.pend:
        msg = _frame(s, f)
        if msg:
            out.append(f"'{DECISIONS[f[0]]}' frame {f}: {msg}")
            break
    out += _records(s)
    return out


def _frame(s, f) -> str | None:
    k, seat, a, b = f
    if seat >= s.n:
        return "not a seat"
    active_only = {D_START_PICK, D_PLACE_CARD, D_SWAP_WITH, D_ADV_TO, D_TRAIN_CREW, D_TRAIN_SKILL, D_UNITS,
                   D_MARKET, D_BUY_TO, D_RECIPE_CREW, D_WOUND, D_CHAR_TARGET, D_HEAL_SQUARE, D_HEAL_ALLY}
    if k in active_only and seat != s.active:
        return "decided by the active player"
    c = s.game.content
    if k == D_PREP:
        if b and (seat != s.active or s.rw_open < 0):
            return "only the active player gets the window back, with a reward card open"
        # passes in a row since the last action; handed round with a card open, they count from
        # the active player
        most = (seat - s.active) % s.n if s.rw_open >= 0 else s.n - 1
        return f"{a} passes in a row where at most {most} can be" if a > most else None
    if k == D_EQUIP_TO:
        return None if a < len(s.hand[seat]) else "no such hand card"
    if k == D_EQUIP_SWAP:
        return None if a < len(s.hand[seat]) and len(s.equip[b]) >= EQUIP_LIMIT and s.controller(b) == seat else "bad swap"
    if k == D_ADV_TO:
        return None if a in owned_gear(s) else "not a weapon or item of the crew"
    if k == D_PLACE_CARD:
        return None if a in s.to_place and kind_of(s, a) != RECIPE else "not a card waiting to be placed"
    if k == D_PICK_STATUS:
        return None if statuses_of(s, a) else "the crew member has no status"
    if k == D_TRAIN_SKILL:
        return None if sum(s.train[a * 5:(a + 1) * 5]) < TRAIN_LIMIT and s.xp_bank >= 3 else "cannot train"
    if k == D_TRAIN_CREW:
        return None if s.xp_bank >= 3 else "no XP to train"
    if k == D_OM_CREW:
        from .cards import can_spend_om
        return None if can_spend_om(s, seat, a) else "the seat cannot pay or no one needs it"
    if k == D_RECIPE_CREW:
        eff = c.adventure[a].effects
        return None if a in s.recipes and b < len(eff) and eff[b][1] == 0 else "not a recipe's one-target effect"
    if k == D_UNITS:
        return None if a >= U_GIVE or a in PLAYER_UNITS or a in (2, 3, 4) else "bad unit"
    if k == D_DISCARD:
        return None if len(s.hand[seat]) > HAND_LIMIT else "the hand is within the limit"
    if k == D_BUY_TO:
        return None
    if k == D_STRIKE:
        ch, j = divmod(a, 2)
        # ch < N_CREW: the field declaration (actions.EQUIPPED_CARD) refused any other card first
        ok = j < len(s.equip[ch]) and c.skills[s.equip[ch][j]].ability == 2
        return None if ok and s.sg_atk[A_CH] == ch else "not the attacker's Strike card"
    if k == D_KEEP:
        return None if seat == s.fk_seat else "not the Fortune's seat"
    if k in (D_MODIFY, D_ROLLED, D_BLOCK):
        return None if a < s.n else "more passes than seats"
    if k == D_JOIN:
        return None if seat == (s.active + s.sg_chal[H_SEATS]) % s.n else "not the seat whose turn it is to join"
    if k == D_ATTACKER:
        return None if seat == s.sg_com[C_TURN] else "not the seat whose turn it is to attack"
    if k in (D_TARGET, D_PLACE):
        return None if s.sg_atk[A_CH] >= 0 and seat == s.controller(s.sg_atk[A_CH]) else "not the attacker's seat"
    return None


_STEP_OF = {D_TARGET: {AS_TARGET}, D_ROLLED: {AS_ROLLED}, D_PLACE: {AS_PLACE},
            D_BLOCK: {AS_BLOCK, AS_FIRST_STRIKE}, D_ATTACKER: {AS_NONE}}


def _records(s) -> list[str]:
    """The running challenge's or combat's record against the frame on top. (Only a Fortune or
    Strike choice ever sits on another frame here: SHAPES refuses any other stack first.)"""
    out = []
    top = s.pend[-1][0] if s.pend else None
    if s.phase == PH_CHALLENGE:
        st = s.sg_chal[H_STATE]
        want = {CH_JOIN: ({D_JOIN}, False), CH_ROLLING: ({None}, True), CH_WINDOW: ({D_MODIFY, D_KEEP}, True),
                CH_WOUNDS: ({D_WOUND}, False)}.get(st)
        if want is None or top not in want[0] or (s.cq and not want[1]) or (top is None and not s.cq):
            out.append(f"the challenge is at {_CH_STEP.get(st, 'no step it can wait in')}, "
                       "which is not what is pending")
    if s.phase == PH_COMBAT:
        if s.sg_com[C_STATE] != CB_RUNNING:
            out.append("the combat is not running in the combat phase")
        step = s.sg_atk[A_STEP]
        if top in _EOR:
            if step != AS_NONE or s.sg_com[C_EOR_E] < 0 or s.sg_com[C_EOR_E] >= len(s.sg_enemy):
                out.append("an end-of-round choice outside the end of a round")
        elif top in (D_STRIKE, D_KEEP):
            if step != AS_ROLLED:
                out.append("a Strike or Fortune choice outside the window after the draw")
        elif top is None:
            if step != AS_ROLL or not s.cq:
                out.append("a combat draw outside an attack's draw step")
        elif step not in _STEP_OF.get(top, ()):
            out.append(f"attack step {step} does not match the '{DECISIONS[top]}' frame")
        if s.sg_com[C_EOR_E] >= 0 and top not in _EOR:
            out.append("the end of round is running without its choice")
    if any(s.sk_assign):
        from .cards import skill_drawable

        f = s.pend[-1] if s.pend else None
        if (s.cq or not (top == D_UNITS and f[2] == U_SKILL)
                or sum(s.sk_assign) + f[3] > min(4, skill_drawable(s))):
            out.append("skill cards assigned but not drawn, or more than a reward gives")
    return out
