"""What ties the core's fields together, for a host's ``invariant_errors`` (run on load and at
every fuzzed step): HP within each character's max, the combat's grids and counts, the attack
record against its step, the challenge record, the deck's discard against the deck."""
from __future__ import annotations

from collections import Counter

from .kinds import (A_CH, A_STEP, A_TGT, AS_NONE, AS_PLACE, AS_TARGET, C_ATTACKED, C_COUNT, C_STATE,
                    CB_NONE, CB_RUNNING, CH_NONE, H_PARTS, H_STATE)


def errors(s) -> list[str]:
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
    if any(s.sg_cover[9 * n_e:]) or any(s.sg_power[n_e:]):
        out.append("tokens or power on an enemy slot the combat does not use")
    at = s.sg_atk
    placing = at[A_STEP] == AS_PLACE
    if 2 in s.sg_cover and not placing:
        out.append("tokens marked 'placed this attack' while no attack is placing damage")
    if at[A_STEP] != AS_NONE:
        if state != CB_RUNNING or at[A_CH] < 0:
            out.append("an attack is being resolved outside a running combat or without attacker")
        elif at[A_STEP] > AS_TARGET and not 0 <= at[A_TGT] < n_e:
            out.append(f"the attack's target {at[A_TGT]} is not one of the {n_e} enemies")
    attacked = s.sg_com[C_ATTACKED]
    if bin(attacked).count("1") != s.sg_com[C_COUNT] or sum(s.sg_seat_atk) != s.sg_com[C_COUNT]:
        out.append("the round's attack count disagrees with the attackers and the seats' counts")
    if s.sg_chal[H_STATE] == CH_NONE and s.sg_chal[H_PARTS]:
        out.append("challenge participants without a challenge")
    deck = core.deck
    if deck is not None:
        full = Counter(deck.values)
        for i, v in enumerate(deck.distinct):
            if s.sg_discard[i] > full[v]:
                out.append(f"{s.sg_discard[i]} cards of value {v} discarded; the deck has {full[v]}")
    return out
