"""What ties the core's fields together, for a host's ``invariant_errors`` (run on load and at
every fuzzed step): HP within each character's max, the combat's grids and counts, the attack
record against its step, the challenge record, the deck's discard against the deck, and every
core frame and draw pending against the record it continues (a save whose frames do not fit is
refused instead of played)."""
from __future__ import annotations

from collections import Counter

from . import challenge, combat, enemy_phase
from . import characters as chars

from .kinds import (A_CH, A_D, A_LEFT, A_ON, A_ROLL, A_STEP, A_TGT, AS_BLOCK, AS_FIRST_STRIKE, AS_NONE,
                    AS_PLACE, AS_ROLL, AS_ROLLED, AS_TARGET, C_ATTACKED, C_COUNT, C_EOR_E, C_ROUND, C_STATE, C_TURN,
                    CB_NONE, CB_RUNNING, CH_DONE, CH_JOIN, CH_NONE, CH_ROLL, CH_ROLLING, CH_WINDOW, CH_WOUNDS,
                    CHANCES, D_ATTACKER, D_BLOCK, D_CHAR_TARGET, D_HEAL_ALLY, D_HEAL_SQUARE, D_JOIN,
                    D_MODIFY, D_PLACE, D_ROLLED, D_TARGET, D_WOUND, DECISIONS, EOR_LETTERS, H_SEATS,
                    H_STATE, H_PARTS, P_ATTACK, P_CHALLENGE, P_HOST)

# the attack step each combat frame continues
_ATTACK_STEP = {D_ATTACKER: (AS_NONE,), D_TARGET: (AS_TARGET,), D_ROLLED: (AS_ROLLED,),
                D_PLACE: (AS_PLACE,), D_BLOCK: (AS_FIRST_STRIKE, AS_BLOCK)}
# the frame (or draw) each attack step waits for
_STEP_WAITS = {AS_TARGET: D_TARGET, AS_ROLLED: D_ROLLED, AS_PLACE: D_PLACE,
               AS_FIRST_STRIKE: D_BLOCK, AS_BLOCK: D_BLOCK}


def errors(s) -> list[str]:
    out = _fields(s)
    if not out:
        out = _frames(s)
    return out


def _fields(s) -> list[str]:
    core = s.game.sg
    out = []
    for c in range(core.n_chars):
        if s.hp[c] > s.max_hp(c):
            out.append(f"character {c} has {s.hp[c]} HP, above its max {s.max_hp(c)}")
    n_e = len(s.sg_enemy)
    state = s.sg_com[C_STATE]
    if state == CB_NONE and (n_e or any(s.sg_cover) or any(s.sg_power)):
        out.append("no combat, yet enemies, tokens or power are on the grids")
    if state != CB_NONE and n_e == 0:
        out.append(f"combat state {state} without enemies")
    if state == CB_RUNNING and s.sg_com[C_ROUND] > s.game.sg.hooks.round_cap:
        out.append(f"the combat runs in round {s.sg_com[C_ROUND]}, past the cap of "
                   f"{s.game.sg.hooks.round_cap} rounds that ends it")
    if any(s.sg_cover[9 * n_e:]) or any(s.sg_power[n_e:]):
        out.append("tokens or power on an enemy slot the combat does not use")
    at = s.sg_atk
    if 2 in s.sg_cover and at[A_STEP] != AS_PLACE:
        out.append("tokens marked 'placed this attack' while no attack is placing damage")
    if at[A_STEP] != AS_NONE:
        if state != CB_RUNNING or at[A_CH] < 0:
            out.append("an attack is being resolved outside a running combat or without attacker")
        elif at[A_STEP] > AS_TARGET and not 0 <= at[A_TGT] < n_e:
            out.append(f"the attack's target {at[A_TGT]} is not one of the {n_e} enemies")
    elif at[A_CH] >= 0 or at[A_TGT] >= 0:
        out.append("an attacker or target is recorded with no attack being resolved")
    elif tuple(at) != combat.CLEAR_ATTACK:
        out.append("an attack's numbers are left over with no attack being resolved")
    if at[A_STEP] == AS_TARGET and (at[A_D] or at[A_LEFT] or at[A_ON] or at[A_ROLL]):
        out.append("damage or a draw is recorded for an attack that has no target yet")
    attacked = s.sg_com[C_ATTACKED]
    if bin(attacked).count("1") != s.sg_com[C_COUNT] or sum(s.sg_seat_atk) != s.sg_com[C_COUNT]:
        out.append("the round's attack count disagrees with the attackers and the seats' counts")
    if s.sg_com[C_EOR_E] >= n_e or (s.sg_com[C_EOR_E] >= 0 and state != CB_RUNNING):
        out.append(f"the enemy phase is at enemy {s.sg_com[C_EOR_E]} of a combat of {n_e} (state {state})")
    if s.sg_chal[H_STATE] == CH_NONE and s.sg_chal[H_PARTS]:
        out.append("challenge participants without a challenge")
    deck = core.deck
    if deck is not None:
        full = Counter(deck.values)
        for i, v in enumerate(deck.distinct):
            if s.sg_discard[i] > full[v]:
                out.append(f"{s.sg_discard[i]} cards of value {v} discarded; the deck has {full[v]}")
    return out


def _choice_errors(s, f) -> list[str]:
    """The core asks only when there is a choice: the frame on top has one."""
    k, seat = f[0], f[1]
    name = DECISIONS[k]
    if k == D_JOIN:
        ok = bool(challenge.candidates(s, seat))
    elif k == D_WOUND:
        ok = len(chars.wound_candidates(s, f[3])) > 1
    elif k == D_ATTACKER:
        ok = bool(combat.attackers(s, seat)) or combat.may_flee(s, seat)
    elif k == D_TARGET:
        ok = bool(combat.remaining(s))
    elif k == D_PLACE:
        ok = bool(combat.placements(s))
    elif k == D_CHAR_TARGET:
        ok = len(enemy_phase.targets(s, EOR_LETTERS[f[2]])) > 1
    elif k == D_HEAL_ALLY:
        ok = sum(1 for o in combat.remaining(s) if o != f[2] and any(s.sg_cover[9 * o:9 * o + 9])) > 1
    else:
        ok = True
    return [] if ok else [f"the pending '{name}' decision of seat {seat} has no choice to make"]


def _frames(s) -> list[str]:
    """Each core frame and draw against the record it continues."""
    out = []
    core_kinds = len(DECISIONS)
    at, com, ch = s.sg_atk, s.sg_com, s.sg_chal
    n_e = len(s.sg_enemy)
    running = com[C_STATE] == CB_RUNNING
    in_eor = com[C_EOR_E] >= 0
    draws = [e for e in s.cq if e[0] == CH_ROLL and e[1] != P_HOST]  # the host's own draws aside
    for i, f in enumerate(s.pend):
        k = f[0]
        if k >= core_kinds:
            continue
        where = f"pend[{i}] ('{DECISIONS[k]}')"
        if k == D_JOIN and (ch[H_STATE] != CH_JOIN or f[1] != (s.active + ch[H_SEATS]) % s.n):
            out.append(f"{where}: not the joining seat of a challenge")
        elif k == D_MODIFY and ch[H_STATE] != CH_WINDOW:
            out.append(f"{where}: no challenge window is open")
        elif k == D_WOUND and (running or ch[H_STATE] not in (CH_NONE, CH_WOUNDS, CH_DONE)):
            out.append(f"{where}: damage placed outside combat while a combat or a challenge runs")
        elif k in _ATTACK_STEP:
            if not running or at[A_STEP] not in _ATTACK_STEP[k] or in_eor:
                out.append(f"{where}: the combat is not at that step of an attack")
            elif k == D_ATTACKER and f[1] != com[C_TURN]:
                out.append(f"{where}: seat {f[1]} asked, but it is seat {com[C_TURN]}'s turn")
            elif k in (D_TARGET, D_PLACE) and f[1] != s.controller(at[A_CH]):
                out.append(f"{where}: seat {f[1]} does not control the attacker")
        elif k in (D_HEAL_SQUARE, D_HEAL_ALLY):
            if not (running and in_eor and 0 <= f[2] < n_e):
                out.append(f"{where}: no enemy phase, or no enemy {f[2]}")
            elif k == D_HEAL_SQUARE and sum(1 for x in s.sg_cover[9 * f[2]:9 * f[2] + 9] if x) <= f[3]:
                out.append(f"{where}: enemy {f[2]} has no more tokens than the heal removes")
        elif k == D_CHAR_TARGET and (running != in_eor or (EOR_LETTERS[f[2]] == "D" and not in_eor)):
            out.append(f"{where}: inside a combat only in its enemy phase; damage only there")
    if len(draws) > 1:
        out.append(f"{len(draws)} core draws queued at once")
    for i, (k, arg) in enumerate(s.cq):
        if k >= len(CHANCES) or k != CH_ROLL:
            continue
        if arg == P_ATTACK and (not running or at[A_STEP] != AS_ROLL):
            out.append(f"cq[{i}]: an attack's draw with no attack waiting for it")
        elif arg == P_CHALLENGE and ch[H_STATE] != CH_ROLLING:
            out.append(f"cq[{i}]: a challenge's draw with no challenge waiting for it")
    tops = [f[0] for f in s.pend if f[0] < core_kinds]
    if len(tops) > 1:  # the core asks one thing at a time: each frame is popped before the next
        out.append(f"{len(tops)} core decisions pending at once: {[DECISIONS[k] for k in tops]}")
    if tops and draws:
        out.append("a core decision and a core draw pending at once")
    if running and ch[H_STATE] in (CH_JOIN, CH_ROLLING, CH_WINDOW, CH_WOUNDS):
        out.append("a challenge is being resolved inside a running combat")
    if running and at[A_STEP] == AS_NONE and (chars.all_down(s) or not combat.remaining(s)):
        # (inside an attack the last enemy may be down before its counterattack)
        out.append("the combat is over (every character at 0 or every enemy defeated) but still running")
    if running and at[A_STEP] != AS_NONE and at[A_CH] >= 0:
        if com[C_ATTACKED] >> at[A_CH] & 1:
            out.append(f"character {at[A_CH]} attacks a second time this round")
        elif s.sg_seat_atk[s.controller(at[A_CH])] >= s.game.sg.hooks.attack_cap(s, s.controller(at[A_CH])):
            out.append(f"character {at[A_CH]} attacks beyond its seat's attacks this round")
    if not out and s.pend and s.pend[-1][0] < core_kinds:
        out += _choice_errors(s, s.pend[-1])
    waits = _STEP_WAITS.get(at[A_STEP])
    if waits is not None and waits not in tops:
        out.append(f"the attack waits for a '{DECISIONS[waits]}' decision that is not pending")
    if at[A_STEP] == AS_ROLL and not any(k == CH_ROLL and a == P_ATTACK for k, a in s.cq):
        out.append("the attack waits for its draw, which is not pending")
    if ch[H_STATE] == CH_ROLLING and not any(k == CH_ROLL and a == P_CHALLENGE for k, a in s.cq):
        out.append("the challenge waits for its draw, which is not pending")
    eor_frames = {D_CHAR_TARGET, D_HEAL_SQUARE, D_HEAL_ALLY}
    if running and in_eor and not eor_frames & set(tops):
        out.append("the enemy phase waits for a choice that is not pending")
    if running and not in_eor and at[A_STEP] == AS_NONE and D_ATTACKER not in tops:
        out.append("the combat round waits for an attacker, but no seat is asked")
    if ch[H_STATE] == CH_JOIN and D_JOIN not in tops:
        out.append("the challenge waits for participants, but no seat is asked")
    if ch[H_STATE] == CH_WINDOW and D_MODIFY not in tops:
        out.append("the challenge's window is open, but no seat is asked")
    if ch[H_STATE] == CH_WOUNDS and D_WOUND not in tops:
        out.append("the challenge's failure damage waits, but no one is placing it")
    return out
