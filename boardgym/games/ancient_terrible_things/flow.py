"""The turn machine (ATT turn overview): setup, Reveal, Explore, Encounter, Resolve, end.

``advance(s)`` runs automatic steps until a decision or a chance node is pending, or the game
is over. Decisions are frames on ``s.pend``; chance nodes are entries of ``s.cq``.
"""
from __future__ import annotations

from boardgym.core.game import AUTO_STEPS, step_limit_error

from .constants import N_SLOTS, TYPE_TOKEN
from .kinds import (CH_ADV_D6, CH_CHAR, CH_ENC, CH_FEAT_DISCARD, CH_MOVE, CH_ROW, CH_TENT,
                    D_EXPLORE, D_PREROLL, PH_BONUS, PH_ENCOUNTER, PH_END_TURN, PH_EXPLORE,
                    PH_EXPLORE_START, PH_FAILCHECK, PH_LEADER, PH_NEXT, PH_OVER, PH_PREROLL,
                    PH_SETUP, PH_SETUP2, PH_TURN_START, PHASES)


_auto_skip = None


def advance(s) -> None:
    global _auto_skip
    if _auto_skip is None:  # decisions imports the rule modules, which import this one
        from .decisions import auto_skip as _auto_skip
    for _ in AUTO_STEPS:  # bounded: a loop raises StepLimitError below
        if s.over or s.cq:
            return
        if s.pend:
            if _auto_skip(s):
                continue
            return
        STEPS[s.phase](s)
    else:
        raise step_limit_error(s, PHASES)


def end_game(s, solo_result: int = 0) -> None:
    s.over = 1
    s.phase = PH_OVER
    s.solo_result = solo_result
    s.pend.clear()
    s.cq.clear()


# -- setup (ATT-SETUP-1..9) ----------------------------------------------------------------------
def _setup(s) -> None:
    if s.chars[0] < 0:  # random characters: one draw per seat (then the first player if no Captain)
        s.cq.extend((CH_CHAR, p) for p in range(s.n))
    s.phase = PH_SETUP2


def _setup2(s) -> None:
    from .cards import draw_feat

    g, c = s.game, s.game.content
    captain = [p for p in range(s.n) if c.char_first[s.chars[p]]]
    if captain:
        s.first = captain[0]
    s.active = s.first
    for p in range(s.n):
        order = (p - s.first) % s.n
        for k in range(4):
            s.tokens[4 * p + k] = (c.start_tokens[k] + c.char_bonus[s.chars[p]][k]
                                   + c.turn_order_bonus[order][k])
        s.swag[p] = [c.hats[s.chars[p]], c.mcguffins[p % len(c.mcguffins)]]
        s.exh[p] = [0, 0]
    s.cq.extend((CH_TENT, 0) for _ in range(g.tentacle_count))
    s.cq.append((CH_FEAT_DISCARD, 0))
    s.cq.extend((CH_ROW, k) for k in range(3))
    for k in range(s.n):
        p = (s.first + k) % s.n
        for _ in range(c.feat_hand):
            draw_feat(s, p)
    s.phase = PH_TURN_START


# -- Reveal (ATT-REVEAL-1/2, ATT-SOLO-2) ----------------------------------------------------------
def _turn_start(s) -> None:
    s.cancels = s.overcome = s.turn_steps = 0
    s.declared = s.gorg_icon = s.cur_loc = -1
    s.sel = []
    if all(e < 0 for e in s.enc_at):
        count = min(N_SLOTS, sum(s.deck))
        if s.n == 1:
            if count == 0:  # every round completed: the solo player wins (ATT-D-16)
                end_game(s, +1)
                return
        elif count < s.n:  # ATT-REVEAL-2: the Inexplicable Event
            end_game(s)
            return
        s.round += 1
        s.cq.extend((CH_ENC, slot) for slot in range(count))  # ATT-D-8: tiles 1 -> 5
        if s.n == 1:
            s.adv_removed = 0
            s.cq.append((CH_ADV_D6, 0))
    s.phase = PH_EXPLORE_START


def place_encounter(s, slot: int, enc: int, tokens: bool) -> None:
    s.enc_at[slot] = enc
    if tokens:
        for t in s.game.content.enc_types[enc]:
            s.loc_tokens[4 * slot + TYPE_TOKEN[t]] += 1


# -- Explore (ATT-EXPLORE-1..3, ATT-SOLO-3) --------------------------------------------------------
def _explore_start(s) -> None:
    if s.n == 1 and not s.adv_removed:
        if sum(1 for e in s.enc_at if e >= 0) == 1:
            s.adv = -1
            s.adv_removed = 1
        else:
            s.cq.append((CH_MOVE, 0))
    s.phase = PH_EXPLORE


def _explore(s) -> None:
    s.pend.append((D_EXPLORE, s.active, 0, 0))
    s.phase = PH_LEADER


def _leader(s) -> None:
    from .locations import leader

    s.phase = PH_BONUS
    s.bonus_k = 0
    leader(s)


def _bonus(s) -> None:
    from .locations import location_bonus

    if s.bonus_k >= s.n:
        s.phase = PH_PREROLL
        return
    p = (s.active + s.bonus_k) % s.n
    s.bonus_k += 1
    location_bonus(s, p)


# -- Encounter and Resolve (ATT-ENC-*, ATT-RESOLVE-*) ----------------------------------------------
def _preroll(s) -> None:
    s.d_col[:] = [0, 0, 0, 0, 0, -1, -1, -1]
    s.d_face[:] = [0] * 8
    s.d_lock[:] = [0] * 8
    s.d_used[:] = [0] * 8
    s.d_luck[:] = [0] * 8
    s.w_face[:] = [-1, -1]
    s.w_spent[:] = [0, 0]
    s.w_claimed[:] = [0, 0]
    s.pend.append((D_PREROLL, s.active, 0, 0))
    s.phase = PH_ENCOUNTER


def _encounter_done(s) -> None:
    s.phase = PH_FAILCHECK


def _failcheck(s) -> None:
    s.phase = PH_END_TURN
    loc = s.cur_loc
    if loc >= 0 and s.enc_at[loc] >= 0:  # ATT-RESOLVE-4
        s.rumours.append(s.enc_at[loc])
        s.enc_at[loc] = -1
        take_tentacle(s, s.active)


def take_tentacle(s, p: int) -> None:
    if not s.doom:  # ATT-END-1 / ATT-SOLO-5
        end_game(s, -1 if s.n == 1 else 0)
        return
    s.tent[p].append(s.doom.pop())
    s.flipped[p].append(0)


def _end_turn(s) -> None:
    from .solo import round_end

    s.phase = PH_NEXT
    for d in range(8):
        s.d_col[d] = -1
    s.w_face[:] = [-1, -1]
    if s.n == 1 and all(e < 0 for e in s.enc_at):
        round_end(s)


def _next(s) -> None:
    s.active = (s.active + 1) % s.n
    s.turn += 1
    s.phase = PH_TURN_START


STEPS = {
    PH_SETUP: _setup, PH_SETUP2: _setup2, PH_TURN_START: _turn_start,
    PH_EXPLORE_START: _explore_start, PH_EXPLORE: _explore, PH_LEADER: _leader,
    PH_BONUS: _bonus, PH_PREROLL: _preroll, PH_ENCOUNTER: _encounter_done,
    PH_FAILCHECK: _failcheck, PH_END_TURN: _end_turn, PH_NEXT: _next,
}
