"""What a host game gives the core, and the state fields it declares for it.

**The host protocol.** A game that uses the core (Tides of Ruin Arcade, Primeval Peril) builds
one ``Core`` with its game (``game.sg = Core(...)``) and a state class that provides:

* ``s.game.sg``: the ``Core`` (hooks, action ids, enemy table, sizes);
* ``s.n`` seats and ``s.active``, the active seat;
* ``s.controller(ch) -> seat``: who controls character ``ch`` now (PP: Vine is the active's);
* ``s.skill(ch, k) -> int``: base skill ``k`` plus equipment and training, before weakened;
* ``s.max_hp(ch) -> int``;
* its ``StateFields`` from ``state_fields``: the fields of ``fields()`` (``hp``, ``res``,
  ``status`` per character and the ``sg_*`` combat and challenge records), its own, and its
  ``pend`` / ``cq`` whose kind tuples start with ``kinds.DECISIONS`` / ``kinds.CHANCES``, the
  core's entries of ``PEND_ARGS`` / ``CQ_ARGS`` merged into its ``Frames`` declarations;
* a new state begun by ``init_state(s, game)``;
* its ``core.engine.Rules`` tables holding ``decisions.HANDLERS`` and
  ``decisions.CHANCE_OUTCOMES`` / ``CHANCE_APPLY`` for those codes (it may wrap a window's
  handler to add its own actions: rerolls, resources, abilities; ``windows.used``), its state
  a ``core.engine.FrameState``;
* ``s.legal_mask()`` and ``s.invalidate()`` (the core skips a window whose only legal action
  is CONFIRM);
* optional: ``s.boat_damage(x)`` (an ``O`` ability not in ``ignored_effects``),
  ``s.on_enemy_phase()`` (called once the round's attacks are over, before any enemy acts;
  PP: discard the played cards), ``s.on_round_end()`` (after the enemy phase, when the combat
  goes on; PP: each seat draws as many cards as it played, ``s.sg_seat_atk`` still counts
  them), ``s.on_drawn(value)`` (a ``P_HOST`` draw).

The host starts a challenge (``challenge.start``) or a combat (``combat.start``), lets the
frames run, and reads the outcome once ``pend`` holds no core frame (``challenge.result``,
``combat.outcome``). Damage outside combat is placed through ``characters.distribute``, a
status for "one character" through ``enemy_phase.aim``.
"""
from __future__ import annotations

from dataclasses import dataclass

from boardgym.core.engine import TRANSIENT
from boardgym.core.fields import FLAG, NONE, SEAT, ZERO, Frames, Int, Ints, StateFields, between, per_seat

from .enemies import Enemy
from .hooks import Hooks
from .kinds import (ATK_LEN, CHAL_LEN, COM_LEN, CH_ROLL, COMBAT_STATES, D_ATTACKER, D_BLOCK,
                    D_CHAR_TARGET, D_HEAL_ALLY, D_HEAL_SQUARE, D_JOIN, D_MODIFY, D_PLACE, D_ROLLED,
                    D_TARGET, D_WOUND, EOR_LETTERS, P_CHALLENGE, P_HOST)
from .randomizer import MAX_VALUE

MAX_POWER = 999  # power tokens are unlimited (PP-CORE-4); bounded for saves
MAX_NUMBER = 99  # challenge numbers, damage amounts and bonuses


@dataclass(frozen=True)
class Ids:
    """Where the core's actions sit in the host's catalogue: CONFIRM, FLEE and the first id of
    the CHAR (one per character), ENEMY (one per enemy slot) and SQUARE (9e + 3r + c) ranges.
    A game without fleeing (``can_flee`` None) may give any id for FLEE: it is never offered."""

    confirm: int
    flee: int
    char: int
    enemy: int
    square: int


class Core:
    """One game's core configuration, shared by every state (``game.sg``)."""

    def __init__(self, hooks: Hooks, ids: Ids, enemies: list[Enemy], n_chars: int, max_hp: int,
                 n_skills: int = 5, max_enemies: int = 4):
        if not isinstance(hooks, Hooks):
            raise TypeError("Core needs a Hooks object")
        self.hooks, self.ids = hooks, ids
        self.enemies = tuple(enemies)
        self.n_chars, self.max_hp, self.n_skills, self.max_enemies = n_chars, max_hp, n_skills, max_enemies
        deck = hooks.randomizer.deck
        self.deck = deck
        self.n_discard = len(deck.distinct) if deck is not None else 0


def _sg(attr):
    return lambda g: getattr(g.sg, attr)


def _most_copies(g) -> int:
    deck = g.sg.deck
    return max(deck.values.count(v) for v in deck.distinct) if deck is not None else 0


def _bits(g) -> int:
    return (1 << g.sg.n_chars) - 1


CHAR = between(0, lambda g: g.sg.n_chars - 1, "a character")
ENEMY_SLOT = between(0, lambda g: g.sg.max_enemies - 1, "an enemy slot")
NUMBER = between(0, MAX_NUMBER, "an amount")
CHAR_BITS = between(0, _bits, "a set of characters (bits)")


def fields() -> list:
    """The core's field declarations (``core.fields`` kinds), for the host's ``StateFields``:
    ``hp`` / ``res`` (stamina or fatigue) / ``status`` (bits, ``kinds.VENOM`` ...) per
    character, and the records ``sg_chal``, ``sg_com``, ``sg_atk`` (indices in ``kinds``),
    the combat's enemies, power, cover, attacks per seat, the deck's discard and the last draw."""
    roll = between(0, MAX_VALUE, "a die face or a deck's card")
    chal = (between(0, 5, "a challenge step"), NONE | between(0, lambda g: g.sg.n_skills - 1, "a skill"),
            NUMBER, NUMBER, CHAR_BITS, between(0, per_seat, "seats done"), roll,
            between(-MAX_NUMBER, MAX_NUMBER, "a bonus"), between(0, 999, "a total"),
            between(-1, 1, "-1 (pending), 0 (failure) or 1 (success)"))
    com = (between(0, len(COMBAT_STATES) - 1, "a combat state"),
           between(0, lambda g: g.sg.hooks.round_cap + 1, "a round"), CHAR_BITS,
           SEAT, between(0, per_seat, "passes in a row"), between(0, lambda g: g.sg.n_chars, "attacks"),
           NONE | ENEMY_SLOT, between(0, 10 + 4, "an end-of-round step"))
    atk = (NONE | CHAR, NONE | ENEMY_SLOT, between(0, 6, "an attack step"), between(0, 999, "damage"),
           between(0, 999, "damage left"), between(0, 999, "damage on the target"),
           between(0, 999, "block"), NUMBER, roll, between(-MAX_NUMBER, MAX_NUMBER, "a base damage"),
           between(-1, 1, "a die sign"), NONE | between(0, lambda g: g.sg.n_skills - 1, "a skill"), FLAG)
    assert len(chal) == CHAL_LEN and len(com) == COM_LEN and len(atk) == ATK_LEN
    return [
        Ints("hp", between(0, _sg("max_hp"), "health"), length=_sg("n_chars")),
        Ints("res", between(0, 3, "stamina or fatigue"), length=_sg("n_chars")),
        Ints("status", between(0, 15, "statuses (bits)"), length=_sg("n_chars")),
        Ints("sg_chal", chal), Ints("sg_com", com), Ints("sg_atk", atk),
        Ints("sg_enemy", between(0, lambda g: len(g.sg.enemies) - 1, "an enemy id"), max_len=_sg("max_enemies")),
        Ints("sg_power", between(0, MAX_POWER, "power tokens"), length=_sg("max_enemies")),
        Ints("sg_cover", between(0, 2, "0 uncovered, 1 covered, 2 placed this attack"),
             length=lambda g: 9 * g.sg.max_enemies),
        Ints("sg_seat_atk", between(0, lambda g: g.sg.n_chars, "attacks this round"), length=per_seat),
        Ints("sg_discard", between(0, _most_copies, "cards of a value discarded"), length=_sg("n_discard")),
        Int("sg_last", NONE | roll),
    ]


_P = (SEAT, ZERO, ZERO)
_WINDOW = (SEAT, between(0, per_seat, "passes in a row"), ZERO)
PEND_ARGS = {
    D_JOIN: _P, D_MODIFY: _WINDOW,
    D_WOUND: (SEAT, between(1, 999, "damage left to place"), CHAR_BITS),
    D_ATTACKER: _P, D_TARGET: _P, D_ROLLED: _WINDOW, D_PLACE: _P, D_BLOCK: _WINDOW,
    D_CHAR_TARGET: (SEAT, between(0, len(EOR_LETTERS) - 1, "an ability aimed at a character"),
                    between(0, 99, "its amount")),
    D_HEAL_SQUARE: (SEAT, ENEMY_SLOT, between(1, 9, "tokens left to remove")),
    D_HEAL_ALLY: (SEAT, ENEMY_SLOT, between(1, 9, "tokens to remove")),
}
CQ_ARGS = {CH_ROLL: (between(P_CHALLENGE, P_HOST, "a draw's purpose"),)}


def state_fields(*own, decisions: tuple, chances: tuple) -> StateFields:
    """A host state's field table: the core's ``fields()``, the host's ``own`` in order, then
    its pending decisions ``pend`` and chance queue ``cq`` (``decisions`` and ``chances`` are
    each ``(args, kinds, max_len)``: the ``Frames`` arguments by kind, the kind names, the most
    frames), with the seat count ``n`` derived from the game and the engine's caches."""
    (pend_args, pend_kinds, pend_len), (cq_args, cq_kinds, cq_len) = decisions, chances
    return StateFields(
        *fields(), *own,
        Frames("pend", pend_args, pend_kinds, max_len=pend_len, what="decision"),
        Frames("cq", cq_args, cq_kinds, max_len=cq_len, what="chance"),
        derived={"n": lambda g: g.n},
        transient=TRANSIENT,
    )


def init_state(s, game) -> None:
    """Begin a new state of ``game``: seat 0 active, no frames pending, nothing cached, and the
    core's fields: every character at max HP (``s.max_hp``, so what it reads is set first),
    stamina full (3) or fatigue 0, no status, no challenge or combat."""
    from .combat import CLEAR_ATTACK
    from .hooks import STAMINA

    s.game = game
    s.n = game.n
    s.active = 0
    s.pend, s.cq = [], []
    s._mask, s._mask_ok, s._co = None, False, None
    core = game.sg
    n = core.n_chars
    s.hp = [s.max_hp(c) for c in range(n)]
    s.res = [core.hooks.challenge_cost.limit if core.hooks.challenge_cost.kind == STAMINA else 0] * n
    s.status = [0] * n
    s.sg_chal = [0, -1, 0, 0, 0, 0, 0, 0, 0, -1]
    s.sg_com = [0, 0, 0, 0, 0, 0, -1, 0]
    s.sg_atk = list(CLEAR_ATTACK)
    s.sg_enemy = []
    s.sg_power = [0] * core.max_enemies
    s.sg_cover = [0] * (9 * core.max_enemies)
    s.sg_seat_atk = [0] * s.n
    s.sg_discard = [0] * core.n_discard
    s.sg_last = -1


__all__ = ["Ids", "Core", "fields", "state_fields", "PEND_ARGS", "CQ_ARGS", "init_state"]
