"""Achievements (ATT-ACH-1..4, ATT-D-7): icons, tie rules, claims and steals."""
from __future__ import annotations


def icons(s, p: int, t: int) -> int:
    """Icons of type ``t``: stacked encounters, swag showing the type, and the Gorg's chosen
    icon (the active player, this turn)."""
    c = s.game.content
    n = sum(c.enc_types[e].count(t) for e in s.stack[p])
    n += sum(c.swag[w].icons.count(t) for w in s.swag[p])
    if p == s.active and s.gorg_icon == t:
        n += 1
    return n


def icon_counts(s, p: int) -> list[int]:
    """``icons(s, p, t)`` for the four types in one pass."""
    c = s.game.content
    out = [0, 0, 0, 0]
    for e in s.stack[p]:
        for t in c.enc_types[e]:
            out[t] += 1
    for w in s.swag[p]:
        for t in c.swag[w].icons:
            out[t] += 1
    if p == s.active and s.gorg_icon >= 0:
        out[s.gorg_icon] += 1
    return out


def claim_side(s, x: int, t: int, gorg: bool) -> int:
    """The side (0 Prowess, 1 Mastery) ``x`` would win by claiming type ``t`` now, or -1 if
    the claim fails or changes nothing (then ICON[t] is masked)."""
    if s.ach_retired[t]:
        return -1
    c = s.game.content
    cx = icons(s, x, t)
    if cx < c.ach_min[t][0]:
        return -1
    for p in range(s.n):
        if p == x:
            continue
        cp = icons(s, p, t)
        if cp > cx:
            return -1
        if cp == cx:
            if x == s.active or p == s.active:
                # ATT-ACH-3: the active player wins ties; on the Gorg's chosen type the
                # non-active player wins (ATT-LOC-G)
                active_wins = not (gorg and t == s.gorg_icon)
                winner = s.active if active_wins else (p if x == s.active else x)
                if winner != x:
                    return -1
            elif s.ach_holder[t] != x:  # ATT-ACH-4: the holder keeps it; unclaimed: nobody
                return -1
    side = 1 if cx >= c.ach_min[t][1] else 0
    if s.ach_holder[t] == x and s.ach_side[t] >= side:
        return -1
    return side


def claim(s, x: int, t: int, gorg: bool) -> None:
    side = claim_side(s, x, t, gorg)
    s.ach_holder[t] = x
    s.ach_side[t] = side


def achievement_secrets(s, p: int) -> int:
    c = s.game.content
    return sum(c.ach_secrets[t][s.ach_side[t]] for t in range(4) if s.ach_holder[t] == p)
