"""Read-only estimates over public information, for the heuristic and the terminal help: the
mean Destiny draw left, a challenge's expected total with a set of participants, an attack's
expected damage, what an enemy still needs to be defeated and how hard it hits back."""
from __future__ import annotations

from boardgym.games.sleeping_gods import characters as chars
from boardgym.games.sleeping_gods import combat, grid
from boardgym.games.sleeping_gods.kinds import H_PARTS, H_SKILL

from . import actions as A


def destiny_mean(s) -> float:
    """The mean value of the Destiny cards left (the discard is public)."""
    left = s.game.sg.deck.left(s.sg_discard)
    n = sum(left.values())
    return sum(v * k for v, k in left.items()) / n if n else 2.0


def challenge_base(s) -> int:
    """The running challenge's participants' effective skills."""
    ch = s.sg_chal
    return sum(chars.effective_skill(s, c, ch[H_SKILL]) for c in range(A.N_CREW) if ch[H_PARTS] >> c & 1)


def attack_estimate(s, ch: int) -> float:
    """Expected damage of crew member ``ch``'s attack: weapon base + mean Destiny + skill."""
    p = s.game.sg.hooks.attack_source(s, ch)
    d = p.base + p.die_sign * destiny_mean(s)
    if p.skill >= 0:
        d += chars.effective_skill(s, ch, p.skill)
    return max(0.0, d)


def heart_cost_left(s, e: int) -> int:
    """Damage still needed on enemy slot ``e`` to cover all its hearts."""
    en = s.game.sg.enemies[s.sg_enemy[e]]
    return sum(en.values[i] for i in en.hearts if not s.sg_cover[9 * e + i])


def counter_estimate(s, e: int) -> int:
    """Enemy ``e``'s counterattack now, before any block."""
    en = s.game.sg.enemies[s.sg_enemy[e]]
    m = combat.mods(s)
    return grid.counterattack(en.attack, s.sg_power[e], 0, m.damage + m.counter)


def threat(s) -> int:
    """The sum of the remaining enemies' counterattacks: what a round of attacks may cost."""
    return sum(counter_estimate(s, e) for e in combat.remaining(s))
