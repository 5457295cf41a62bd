"""The phase machine: setup (TR-SETUP), the turn (TR-TURN: poison, the reward card, the
preparation window, reveal and resolve, the Captain passes), the final battle's boss draws
(TR-BOSS), the end (TR-END-2) and the scoring window (TR-END-3).

``advance`` runs after every decision and chance outcome: while nothing is pending it takes the
next automatic step; under a resting frame (the preparation window, the market) it first settles
what the last action left: skill cards assigned are drawn, hands over 3 discard, a reward card
that reached its quota is discarded.
"""
from __future__ import annotations

from boardgym.core.game import AUTO_STEPS, step_limit_error
from boardgym.games.sleeping_gods import challenge, characters as chars, combat
from boardgym.games.sleeping_gods.decisions import host_draw
from boardgym.games.sleeping_gods.kinds import CB_WON, H_NUMBER, H_PARTS

from . import actions as A
from .kinds import (BACK_COMBAT, BACK_REWARD, BOSS_DRAWS, CH_ARCADE, CH_SKILL, D_DISCARD, D_MARKET,
                    D_PLACE_CARD, D_PREP, D_START_PICK, HAND_LIMIT, MASTERY, PH_BOSS, PH_CH_REWARD,
                    PH_CHALLENGE, PH_COMBAT, PH_END_TURN, PH_OVER, PH_PREP, PH_PREP_OPEN, PH_REVEAL,
                    PH_SCORING, PH_SETUP, PH_TURN_START, PHASES, QUOTA, RESTING, START_PICKS, U_GIVE, U_HEAL)

COMBAT_CODE = 50  # won / lost hold a challenge id, or 50 + a combat id


def encounter_code(kind: int, card: int) -> int:
    """The code ``won`` and ``lost`` keep for the encounter card ``card`` of back ``kind``."""
    return card + (COMBAT_CODE if kind == BACK_COMBAT else 0)


def encounter_card(content, code: int):
    """The challenge or combat card that ``code`` names."""
    return content.combats[code - COMBAT_CODE] if code >= COMBAT_CODE else content.challenges[code]


def advance(s) -> None:
    for _ in AUTO_STEPS:  # bounded: a loop raises StepLimitError below
        if s.cq or s.over:
            return
        top = s.pend[-1][0] if s.pend else None
        if top is not None and top not in RESTING:
            return
        if any(s.sk_assign):
            _queue_skill_draws(s)
            continue
        over = [p for p in range(s.n) if len(s.hand[p]) > HAND_LIMIT]
        if over:
            s.pend.append((D_DISCARD, over[0], 0, 0))
            s.invalidate()
            return
        if top == D_MARKET:
            return
        if top == D_PREP:
            if s.rw_open >= 0 and bin(s.rw_taken).count("1") >= QUOTA[s.game.difficulty]:
                s.rw_disc.append(s.rw_open)  # TR-REW-2: then discard the card
                s.rw_open, s.rw_taken, s.rw_corner = -1, 0, 0
                s.invalidate()
            if s.mk_open:
                s.pend.append((D_MARKET, s.active, 0, 0))
                s.invalidate()
            return
        STEPS[s.phase](s)
        s.invalidate()
    else:
        raise step_limit_error(s, PHASES)


def _queue_skill_draws(s) -> None:
    from .cards import skill_drawable

    room = skill_drawable(s)
    for p in range(s.n):
        k = min(s.sk_assign[p], room)
        s.cq.extend((CH_SKILL, p) for _ in range(k))
        room -= k
        s.sk_assign[p] = 0
    s.invalidate()


# -- setup (TR-SETUP, TR-BASE-SETUP) -----------------------------------------------------------------
def _setup(s) -> None:
    g = s.game
    c = g.content
    if not s.picked and not s.to_place and not s.recipes:
        picks = START_PICKS[g.difficulty]
        if picks >= len(c.starting):  # easy: all 4
            _take_starting(s, list(c.starting))
        else:  # chosen after the skill cards are dealt (TR-SETUP-2)
            s.pend.append((D_START_PICK, s.active, picks, 0))
            return
    if s.to_place:
        s.pend.append((D_PLACE_CARD, s.active, s.to_place[0], 0))
        return
    s.phase = PH_TURN_START


def _take_starting(s, cards) -> None:
    from .cards import gain

    for x in cards:
        s.picked.append(x)
        if gain(s, x):
            s.to_place.append(x)


# -- the turn (TR-TURN) ----------------------------------------------------------------------------
def _turn_start(s) -> None:
    s.turn += 1
    chars.venom_tick(s)  # TR-TURN-5, TR-BASE-COND-4
    if chars.all_down(s):
        end_game(s)
        return
    s.phase = PH_PREP_OPEN
    if s.deck and s.deck[0] == BACK_REWARD:  # TR-TURN-1: not the encounter of the turn
        s.deck.pop(0)
        s.cq.append((CH_ARCADE, BACK_REWARD))


def _prep_open(s) -> None:
    s.moves = 0
    s.phase = PH_PREP
    s.pend.append((D_PREP, s.active, 0, 0))


def _reveal(s) -> None:
    """The window closed: reveal the top card (TR-TURN-3)."""
    back = s.deck.pop(0)
    s.used = 0
    s.phase = PH_REVEAL
    s.final = int(back == BACK_COMBAT and BACK_COMBAT not in s.deck)  # TR-BOSS-1: the last combat
    s.cq.append((CH_ARCADE, back))


def revealed(s, back: int, card: int) -> None:
    """The face of the revealed encounter: start it (or the boss draws first)."""
    c = s.game.content
    s.enc_kind, s.enc_id = back, card
    if back == BACK_COMBAT:
        if s.final:
            s.phase = PH_BOSS
            s.boss_left = BOSS_DRAWS[s.game.difficulty]
            host_draw(s)
            return
        s.phase = PH_COMBAT
        combat.start(s, list(c.combats[card].enemies))
        return
    ch = c.challenges[card]
    fail = ch.failure
    s.phase = PH_CHALLENGE
    challenge.start(s, ch.skill, ch.number, fail[1] if fail[0] == 0 else 0)


def boss_drawn(s, value: int) -> None:
    """A boss draw (TR-BOSS-1): a value already applied is ignored and drawn again."""
    if not s.boss >> value & 1:
        s.boss |= 1 << value
        s.boss_left -= 1
    if s.boss_left > 0:
        host_draw(s)


def _boss(s) -> None:
    s.phase = PH_COMBAT
    combat.start(s, list(s.game.content.combats[s.enc_id].enemies))


def _code(s) -> int:
    return encounter_code(s.enc_kind, s.enc_id)


def _challenge_done(s) -> None:
    from .rewards import gain_challenge_reward

    c = s.game.content
    ch = c.challenges[s.enc_id]
    ok = challenge.result(s) == 1
    total = challenge.total(s)
    parts = s.sg_chal[H_PARTS]
    number = s.sg_chal[H_NUMBER]
    challenge.clear(s)
    s.phase = PH_END_TURN
    if ok:  # TR-BASE-CHAL-4: the reward, card face up, then mastery
        s.won.append(_code(s))
        if total >= number + MASTERY[s.game.difficulty]:  # TR-MAST-2
            s.phase = PH_CH_REWARD
        gain_challenge_reward(s, ch.reward)
        return
    s.lost.append(_code(s))
    kind, amount, status = ch.failure
    if kind == 1:  # +amount fatigue per participant
        for m in range(A.N_CREW):
            if parts >> m & 1:
                s.res[m] = min(3, s.res[m] + amount)
    elif kind == 2:
        from .rewards import units

        units(s, U_GIVE + status, 1)


def _mastery(s) -> None:
    """TR-MAST-3: the mastery rewards (pack default +1 XP, heal 1 wound, the active picks)."""
    from .rewards import units

    s.phase = PH_END_TURN
    for kind, amount in s.game.content.challenges[s.enc_id].mastery:
        if kind == 0:
            s.xp_gained += amount
            s.xp_bank += amount
        else:
            units(s, U_HEAL, amount)


def _combat_done(s) -> None:
    won = combat.outcome(s) == CB_WON
    combat.clear(s)
    (s.won if won else s.lost).append(_code(s))
    s.phase = PH_END_TURN


def _end_turn(s) -> None:
    s.enc_kind = s.enc_id = -1
    s.final = 0
    if chars.all_down(s):  # TR-END-2: the game stops at once
        end_game(s)
        return
    if not s.deck:  # the deck ran out: survived; the scoring window (TR-END-3)
        s.survived = 1
        s.phase = PH_SCORING
        s.moves = 0
        s.pend.append((D_PREP, s.active, 0, 0))
        return
    s.active = (s.active + 1) % s.n  # TR-TURN-4
    s.phase = PH_TURN_START


def _scoring(s) -> None:
    end_game(s)


def end_game(s) -> None:
    s.phase = PH_OVER
    s.over = 1
    s.pend.clear()
    s.cq.clear()
    s.invalidate()


def _encounter(s) -> None:
    """No frame pending inside an encounter: the core is done (or all crew are down)."""
    if chars.all_down(s) and s.phase == PH_CHALLENGE:  # TR-END-2: no reward, no consequence
        challenge.clear(s)
        s.lost.append(_code(s))
        end_game(s)
        return
    (_challenge_done if s.phase == PH_CHALLENGE else _combat_done)(s)


def _noop(s) -> None:  # a phase whose step is a chance node or a frame already pending
    raise AssertionError(f"nothing pending in phase {s.phase}")


STEPS = {PH_SETUP: _setup, PH_TURN_START: _turn_start, PH_PREP_OPEN: _prep_open, PH_PREP: _reveal,
         PH_REVEAL: _noop, PH_BOSS: _boss, PH_CHALLENGE: _encounter, PH_CH_REWARD: _mastery,
         PH_COMBAT: _encounter, PH_END_TURN: _end_turn, PH_SCORING: _scoring, PH_OVER: _noop}

