"""Characters: health, the stamina-or-fatigue resource, statuses, effective skills, damage.

A character ``ch`` has ``s.hp[ch]`` (0..max), ``s.res[ch]`` (stamina counting down or fatigue
counting up, as the ``challenge_cost`` hook says) and ``s.status[ch]``, a word with one bit per
status (``kinds.VENOM``, ``FRIGHTENED``, ``WEAKENED``, ``MADNESS``): at most one of each
(PP-CORE-2, TR-BASE-COND-4).

* Effective skill = base + bonuses (the host's ``s.skill``) − 2 if weakened, floor 0 (PP-CHAL-2).
* 0 HP (PP-CORE-5, TR-BASE-COND-2): no challenge, no attack, takes no damage.
* Damage outside combat (``distribute``): the active seat places it point by point, first on
  the preferred characters (challenge participants) with HP > 0, then on anyone with HP > 0;
  what no one can take is lost. In combat (``combat_damage``) the excess below 0 is lost.

Handler here: ``D_WOUND`` (a point of damage to place outside combat).
"""
from __future__ import annotations

from .kinds import C_ATTACKED, CH_DONE, CH_WOUNDS, D_WOUND, FRIGHTENED, H_STATE, VENOM, WEAKENED


def has(s, ch: int, status: int) -> bool:
    return bool(s.status[ch] >> status & 1)


def give(s, ch: int, status: int) -> bool:
    """Give a status; a character never holds two of one (False if it had it)."""
    if has(s, ch, status):
        return False
    s.status[ch] |= 1 << status
    return True


def remove(s, ch: int, status: int) -> None:
    s.status[ch] &= ~(1 << status)


def effective_skill(s, ch: int, k: int) -> int:
    """Base + bonuses, −2 if weakened, floor 0 (PP-CHAL-2, PP-CHAR-4, TR-BASE-COND-4)."""
    v = s.skill(ch, k) - (2 if has(s, ch, WEAKENED) else 0)
    return v if v > 0 else 0


def can_join(s, ch: int) -> bool:
    """HP > 0 and the challenge cost payable (PP-CHAL-1, TR-BASE-CHAL-1)."""
    return s.hp[ch] > 0 and s.game.sg.hooks.challenge_cost.can_pay(s.res[ch])


def can_attack(s, ch: int) -> bool:
    """HP > 0, not frightened, the resource not exhausted where it gates attacks, not yet
    attacked this round (PP-COMBAT-2, TR-BASE-COMBAT-3, TR-BASE-COND-3)."""
    if s.hp[ch] <= 0 or has(s, ch, FRIGHTENED) or s.sg_com[C_ATTACKED] >> ch & 1:
        return False
    cost = s.game.sg.hooks.challenge_cost
    return not cost.gates_attack or cost.can_pay(s.res[ch])


def pay(s, ch: int) -> None:
    s.res[ch] = s.game.sg.hooks.challenge_cost.paid(s.res[ch])


def own(s, seat: int) -> list[int]:
    return [c for c in range(s.game.sg.n_chars) if s.controller(c) == seat]


def combat_damage(s, ch: int, n: int) -> int:
    """Damage from an enemy in combat: what goes below 0 HP is lost (PP-COMBAT-9). Returns the
    damage taken."""
    taken = min(s.hp[ch], max(0, n))
    s.hp[ch] -= taken
    return taken


def heal(s, ch: int, n: int) -> int:
    gained = min(s.max_hp(ch) - s.hp[ch], max(0, n))
    s.hp[ch] += gained
    return gained


def venom_tick(s) -> list[int]:
    """Turn start: each venomed (poisoned) character with HP > 0 loses 1 (PP-TURN-1,
    TR-BASE-COND-4). Returns who lost it."""
    hit = [c for c in range(s.game.sg.n_chars) if has(s, c, VENOM) and s.hp[c] > 0]
    for c in hit:
        s.hp[c] -= 1
    return hit


def all_down(s) -> bool:
    return all(h <= 0 for h in s.hp)


# -- damage outside combat: one point at a time, preferred characters first ------------------------
def wound_candidates(s, prefer: int) -> list[int]:
    """Who may take the next point: preferred characters with HP > 0, else anyone with HP > 0
    (PP-CHAL-4, PP-CORE-5)."""
    alive = [c for c in range(s.game.sg.n_chars) if s.hp[c] > 0]
    first = [c for c in alive if prefer >> c & 1]
    return first or alive


def distribute(s, n: int, prefer: int = 0) -> None:
    """Place ``n`` damage outside combat; the active seat chooses among several candidates
    (a ``D_WOUND`` frame), a single candidate takes it at once."""
    _settle_wounds(s, n, prefer)


def _settle_wounds(s, n: int, prefer: int) -> None:
    while n > 0:
        cands = wound_candidates(s, prefer)
        if not cands:
            break  # nobody can take it: lost
        if len(cands) > 1:
            s.pend.append((D_WOUND, s.active, n, prefer))
            s.invalidate()
            return
        s.hp[cands[0]] -= 1
        n -= 1
    _wounds_done(s)


def _wounds_done(s) -> None:
    if s.sg_chal[H_STATE] == CH_WOUNDS:
        s.sg_chal[H_STATE] = CH_DONE


def _wound_mask(s, f, m):
    base = s.game.sg.ids.char
    for c in wound_candidates(s, f[3]):
        m[base + c] = True


def _wound_apply(s, f, a):
    s.pend.pop()
    c = a - s.game.sg.ids.char
    s.hp[c] -= 1
    _settle_wounds(s, f[2] - 1, f[3])


HANDLERS = {D_WOUND: (_wound_mask, _wound_apply)}
