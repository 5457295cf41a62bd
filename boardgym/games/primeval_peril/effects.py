"""One effect interpreter for events, banners and the story (``content.EFFECTS``), and the
program it runs.

``s.fx`` is the program: entries ``(op, x, y, z)`` run front first whenever no decision or
chance node is pending (``flow.advance``). An effect is ``(kind, amount, arg, target)`` as in
``content.Effect``; the host ops after the effect kinds are:

* ``OP_CHALLENGE (src, a, b)``: start the challenge of a source (an event, an event's
  alternative, a banner, a story choice; ``SRC_*``) through the core; when it is done its
  failure effects (damage to the participants first, PP-CHAL-4) and then its rewards (also on
  failure unless ``rewards_on_fail`` is false, PP-TURN-2, PP-EXPL-6) go to the program's front;
* ``OP_REPAIR``: the repair action's CRAFT challenge with no number (PP-REPAIR-1);
* ``OP_EVENT_CHOICE (event)``: the event's alternatives (``D_EVENT_CHOICE``);
* ``OP_BANNER (page, banner, uses)``: a square location's banner again (``D_BANNER``);
* ``OP_SECTION (id)`` / ``OP_SECTION_END (id)``: read a story section / what ends it (story.py);
* ``OP_COMBAT (n)``: COMBAT n (fight.py); the program goes on after victory.

The active seat splits damage, healing, statuses and resources among the characters
(PP-CORE-1); a damage effect's ``target`` -2 sends it to the last challenge's participants
first (``s.fx_parts``).
"""
from __future__ import annotations

from boardgym.games.sleeping_gods import challenge, characters as chars
from boardgym.games.sleeping_gods.decisions import host_draw
from boardgym.games.sleeping_gods.enemy_phase import aim
from boardgym.games.sleeping_gods.kinds import H_PARTS, STATUS_NAMES

from . import actions as A
from . import difficulty, inventory, journey
from .content import EFFECTS
from .kinds import (D_EVENT_CHOICE, D_HEAL, D_STAMINA_LOSS, D_STATUS_OFF,
                    D_STATUS_PICK, FATE_EVENT, NO_CHALLENGE, REROLL_SUPPLY, STAMINA_MAX, repair_amount)

(E_DAMAGE, E_DAMAGE_EACH, E_HEAL, E_BOAT_DAMAGE, E_BOAT_REPAIR, E_STATUS, E_REMOVE_STATUS,
 E_STAMINA_LOSS, E_GAIN, E_LOSE, E_REROLL, E_BLOODFLOWER, E_GAIN_CARD, E_LOSE_CARD, E_CROSS_OFF,
 E_MARKET, E_FATE_ROLL, E_LOSE_TIME) = range(len(EFFECTS))
OPS = EFFECTS + ("challenge", "repair", "event_choice", "banner", "section", "section_end", "combat")
(OP_CHALLENGE, OP_REPAIR, OP_EVENT_CHOICE, OP_BANNER, OP_SECTION, OP_SECTION_END,
 OP_COMBAT) = range(len(EFFECTS), len(OPS))
SRC_EVENT, SRC_EVENT_CHOICE, SRC_BANNER, SRC_CHOICE, SRC_REPAIR = range(5)
PARTICIPANTS = -2  # a damage effect's target: the participants first
ALL_STATUSES = 15
LETTER_OF_STATUS = "VFWM"  # STATUSES order (venom, frightened, weakened, madness)


def entry(e, target=None) -> tuple:
    return (e.kind, e.amount, e.arg, e.target if target is None else target)


def push_front(s, entries) -> None:
    s.fx[0:0] = list(entries)


def push_effects(s, effects, fail=False) -> None:
    """Effects to run next, in order (failure damage aimed at the participants first)."""
    push_front(s, [entry(e, PARTICIPANTS if fail and e.kind == E_DAMAGE and e.target < 0 else None)
                   for e in effects])


def in_explore(s) -> bool:
    """Inside an explore action tokens go to characters only (PP-CHAR-1)."""
    return s.exploring == 1


# -- running the program -------------------------------------------------------------------------
def run_next(s) -> None:
    op, x, y, z = s.fx.pop(0)
    if op < len(EFFECTS):
        EFFECT_RUN[op](s, x, y, z)
    elif op == OP_CHALLENGE:
        start_challenge(s, x, y, z)
    elif op == OP_REPAIR:
        s.chal = [SRC_REPAIR, 0, 0]
        challenge.start(s, 0, 0, 0)  # CRA, no target number: the total decides
        _level_bonus(s)
    elif op == OP_EVENT_CHOICE:
        s.pend.append((D_EVENT_CHOICE, s.active, x, 0))
    elif op == OP_BANNER:
        from .explore import banner_again

        banner_again(s, x, y, z)
    elif op == OP_SECTION:
        from .story import read

        read(s, x)
    elif op == OP_SECTION_END:
        from .story import section_end

        section_end(s, x)
    else:
        from .fight import start_combat
        from .loadout import edit_before_combat

        if not edit_before_combat(s, x):
            start_combat(s, x)
    s.invalidate()


def _damage(s, n, arg, target):
    if target >= 0:
        took = min(s.hp[target], n)
        s.hp[target] -= took
        n -= took
    if n > 0:
        chars.distribute(s, n, s.fx_parts if target == PARTICIPANTS else 0)


def _damage_each(s, n, arg, target):
    for c in range(5):
        s.hp[c] -= min(s.hp[c], n)


def heal_candidates(s) -> list[int]:
    return [c for c in range(5) if s.hp[c] < s.max_hp(c)]


def heal_points(s, n: int, kind: int = D_HEAL) -> None:
    """Healing split point by point by the active seat; a single candidate takes it at once,
    what no one needs is lost."""
    while n > 0:
        cands = heal_candidates(s)
        if not cands:
            return
        if len(cands) > 1:
            s.pend.append((kind, s.active, n, 0))
            return
        chars.heal(s, cands[0], n)
        return


def _heal(s, n, arg, target):
    if target >= 0:
        chars.heal(s, target, n)
    else:
        heal_points(s, n)


def _heal_mask(s, f, m):
    for c in heal_candidates(s):
        m[A.CHAR + c] = True


def _heal_apply(s, f, a):
    s.pend.pop()
    chars.heal(s, a - A.CHAR, 1)
    heal_points(s, f[2] - 1, f[0])


def _status(s, n, arg, target):
    if target >= 0:  # "Jon gains venom (unless he already has it)" (PP-CORE-2)
        chars.give(s, target, arg)
        return
    if n > 1:
        push_front(s, [(E_STATUS, n - 1, arg, target)])
    aim(s, LETTER_OF_STATUS[arg], 0)  # one who lacks it, HP > 0 if any (core [D])


def status_holders(s, st: int, done: int = 0) -> list[int]:
    return [c for c in range(5) if not done >> c & 1 and (s.status[c] if st < 0 else s.status[c] >> st & 1)]


def _remove_status(s, n, arg, target):
    if target >= 0:
        if arg >= 0:
            chars.remove(s, target, arg)
        elif s.status[target]:
            _pick_or_remove(s, target, ALL_STATUSES)
        return
    _status_off_next(s, arg, n, 0)


def _status_off_next(s, st, left, done):
    if left <= 0 or not status_holders(s, st, done):
        return
    s.pend.append((D_STATUS_OFF, s.active, st, left | done << 3))


def _status_off_mask(s, f, m):
    for c in status_holders(s, f[2], f[3] >> 3):
        m[A.CHAR + c] = True


def _status_off_apply(s, f, a):
    s.pend.pop()
    c = a - A.CHAR
    left, done = f[3] & 7, f[3] >> 3
    _status_off_next(s, f[2], left - 1, done | 1 << c)
    if f[2] >= 0:
        chars.remove(s, c, f[2])
    else:
        _pick_or_remove(s, c, ALL_STATUSES)


def _pick_or_remove(s, c, allowed: int) -> None:
    """Remove one of c's statuses among ``allowed`` (bits): the active seat picks when it has
    several."""
    held = [k for k in range(4) if (s.status[c] & allowed) >> k & 1]
    if len(held) == 1:
        chars.remove(s, c, held[0])
    elif held:
        s.pend.append((D_STATUS_PICK, s.active, c, allowed))


remove_one = _pick_or_remove


def _pick_mask(s, f, m):
    for k in range(4):
        if (s.status[f[2]] & f[3]) >> k & 1:
            m[A.STATUS + k] = True


def _pick_apply(s, f, a):
    s.pend.pop()
    chars.remove(s, f[2], a - A.STATUS)


def _stamina_loss(s, n, arg, target):
    _stamina_next(s, n, 0)


def _stamina_cands(s, done):
    return [c for c in range(5) if s.res[c] > 0 and not done >> c & 1]


def _stamina_next(s, left, done):
    while left > 0:
        cands = _stamina_cands(s, done)
        if not cands:
            return
        if len(cands) > 1:
            s.pend.append((D_STAMINA_LOSS, s.active, left, done))
            return
        s.res[cands[0]] -= 1
        done |= 1 << cands[0]
        left -= 1


def _stamina_mask(s, f, m):
    for c in _stamina_cands(s, f[3]):
        m[A.CHAR + c] = True


def _stamina_apply(s, f, a):
    s.pend.pop()
    c = a - A.CHAR
    s.res[c] -= 1
    _stamina_next(s, f[2] - 1, f[3] | 1 << c)


def _gain(s, n, arg, target):
    if arg < 0:
        inventory.gain_any(s, n, in_explore(s))
        return
    if n > 1:
        push_front(s, [(E_GAIN, n - 1, arg, target)])
    inventory.gain(s, arg, in_explore(s))


def _lose(s, n, arg, target):
    inventory.lose(s, arg, n)


def _reroll(s, n, arg, target):
    s.rerolls = min(REROLL_SUPPLY, s.rerolls + n)


def _bloodflower(s, n, arg, target):
    journey.bloodflower(s, n)


def _cross_off(s, n, arg, target):
    if arg not in s.crossed:
        s.crossed.append(arg)
        s.crossed.sort()


def _gain_card(s, n, arg, target):
    from .cards import gain_card

    gain_card(s, arg)


def _lose_card(s, n, arg, target):
    from .cards import lose_card

    lose_card(s, arg)


def _market(s, n, arg, target):
    from .cards import open_market

    open_market(s, arg)


def _fate_roll(s, n, arg, target):
    """Roll the fate die; a result (easy: +1) at most ``arg`` deals ``n`` boat damage; rerolls
    may follow (``D_FATE_WINDOW``)."""
    s.fate = [FATE_EVENT, -1, n, arg]
    host_draw(s)


def _lose_time(s, n, arg, target):
    """Time lost from the watch; the bonus token is only for the action step (PP-TURN-3)."""
    from .kinds import PH_EVENT

    left = journey.TIME - s.watch if s.phase == PH_EVENT else journey.time_left(s)
    journey.spend(s, min(n, left))


EFFECT_RUN = (_damage, _damage_each, _heal, lambda s, n, a, t: journey.boat_damage(s, n),
              lambda s, n, a, t: journey.boat_repair(s, n), _status, _remove_status, _stamina_loss,
              _gain, _lose, _reroll, _bloodflower, _gain_card, _lose_card, _cross_off, _market,
              _fate_roll, _lose_time)
assert len(EFFECT_RUN) == len(EFFECTS)


# -- challenges from content ---------------------------------------------------------------------
def source(s, src, a, b):
    """(the Challenge, its rewards, rewards on failure) of a challenge source."""
    c = s.game.content
    if src == SRC_EVENT:
        ev = c.events[a]
        return ev.challenge, ev.effects, True
    if src == SRC_EVENT_CHOICE:
        ch = c.events[a].choice[b]
        return ch.challenge, ch.effects, ch.rewards_on_fail
    if src == SRC_BANNER:
        bn = s.game.pages[a].banner[b]
        return bn.challenge, bn.effects, bn.rewards_on_fail
    ch = c.story.sections[a].choices[b]
    return ch.challenge, ch.effects, ch.rewards_on_fail


def start_challenge(s, src, a, b) -> None:
    ch = source(s, src, a, b)[0]
    s.chal = [src, a, b]
    challenge.start(s, ch.skill, ch.number + difficulty.challenge_mod(s), 0)  # PP-END-2
    _level_bonus(s)


def _level_bonus(s) -> None:
    """A level changed during the game: its die bonus as an offset on the total (difficulty.py)."""
    d = difficulty.die_offset(s)
    if d:
        challenge.add_bonus(s, d)


def challenge_done(s) -> None:
    """The core has resolved the running challenge: its consequences go to the program."""
    ok = challenge.result(s) == 1
    total = challenge.total(s)
    s.fx_parts = s.sg_chal[H_PARTS]
    challenge.clear(s)
    src, a, b = s.chal
    s.chal = list(NO_CHALLENGE)
    if src == SRC_REPAIR:
        journey.boat_repair(s, repair_amount(total, difficulty.hard(s)))
        return
    ch, rewards, on_fail = source(s, src, a, b)
    if src == SRC_CHOICE:  # the goto comes last (PP-EXPL-6)
        from .story import after_challenge

        push_front(s, after_challenge(s, a, b, ok))
    if ok or on_fail:
        push_effects(s, rewards)
    if not ok:
        push_effects(s, ch.fail, fail=True)


# -- an event's alternatives ---------------------------------------------------------------------
def choice_ok(s, ch) -> bool:
    """An alternative is offered when its keyword is owned and, when it starts by paying a
    resource, one is held [D]."""
    if ch.requires and ch.requires not in owned_keywords(s):
        return False
    first = ch.effects[0] if ch.effects else None
    return not (first is not None and first.kind == E_LOSE and not inventory.lose_candidates(s, first.arg))


def owned_keywords(s) -> set:
    num = s.game.content.cards.numbered
    return {k for n in s.owned if hasattr(num[n], "keywords") for k in num[n].keywords}


def _choice_mask(s, f, m):
    chs = s.game.content.events[f[2]].choice
    ok = [k for k, ch in enumerate(chs) if choice_ok(s, ch)]
    for k in ok or range(len(chs)):  # none payable: any may be chosen, paying what is held
        m[A.OPTION + k] = True


def _choice_apply(s, f, a):
    s.pend.pop()
    k = a - A.OPTION
    ch = s.game.content.events[f[2]].choice[k]
    if ch.challenge is not None:
        push_front(s, [(OP_CHALLENGE, SRC_EVENT_CHOICE, f[2], k)])
    else:
        push_effects(s, ch.effects)


HANDLERS = {D_HEAL: (_heal_mask, _heal_apply), D_STATUS_OFF: (_status_off_mask, _status_off_apply),
            D_STATUS_PICK: (_pick_mask, _pick_apply), D_STAMINA_LOSS: (_stamina_mask, _stamina_apply),
            D_EVENT_CHOICE: (_choice_mask, _choice_apply)}
__all__ = ["OPS", "run_next", "push_effects", "challenge_done", "STATUS_NAMES", "STAMINA_MAX"]
