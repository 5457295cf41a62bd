"""The per-game differences of the Sleeping Gods core, as one frozen ``Hooks`` object (PP §2.6).

Each game builds its ``Hooks`` once (per configuration: the difficulty changes some values) and
hands it to ``Core``. The rules never ask which game they run in; they read these values:

============== ============================================== =========================================
hook           Primeval Peril                                  Tides of Ruin (Arcade)
============== ============================================== =========================================
challenge_cost ``Cost(STAMINA)``: 1 stamina, needs ≥ 1 (of 3)  ``Cost(FATIGUE, gates_attack=True)``: +1
                                                               fatigue, needs < 3; at 3 no attack either
randomizer     ``Randomizers(challenge=fate die [0,1,2,2,3,4], both ``Deck((0,0,1,1,1,2,2,2,3,3,4,5))``:
               attack=combat die [0,1,1,2,2,3])``, bonus +1    Destiny without replacement, public
               on easy                                         discard, reshuffled when empty
attack_source  the combat card played (its damage, die sign,   the weapon (or unarmed 0 + Destiny)
               skill, remove power, block)                     plus Strike cards
attack_cap     per seat per round: its own non-Vine           every crew member once (the seat's crew,
               characters (4 in all); Vine on the active's    Captain included)
               quota
start_power_mod easy −1, normal 0, hard +1                     0
global_mods    none (``NO_MODS``)                              the boss improvements drawn (TR-BASE-BOSS)
can_flee       ``None``: no fleeing; the round cap counts as  ``Flee(from_round=2, fatigue=1)``; the
               all characters at 0 (PP-COMBAT-13)             round cap counts as fleeing
ignored_effects ``frozenset()``                                ``{"O"}``: boat damage (TR-REF-1)
round_cap      30 (``max_combat_rounds``)                       30 (``max_combat_rounds``)
============== ============================================== =========================================
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from .enemies import HOURGLASS
from .randomizer import Deck, Die

STAMINA, FATIGUE = "stamina", "fatigue"
RESOURCE_MAX = 3  # stamina at most 3 (PP-CORE-2), fatigue 0-3 (TR-BASE-COND-3)


@dataclass(frozen=True)
class Cost:
    """What joining a challenge costs a character (``challenge_cost``).

    ``STAMINA``: the resource counts down; joining needs ``amount`` and pays it. ``FATIGUE``:
    it counts up to ``limit``; joining needs room for ``amount`` and adds it. ``gates_attack``:
    a character who could not pay cannot attack either (TR-BASE-COND-3)."""

    kind: str = STAMINA
    amount: int = 1
    limit: int = RESOURCE_MAX
    gates_attack: bool = False

    def __post_init__(self):
        if self.kind not in (STAMINA, FATIGUE):
            raise ValueError(f"Cost.kind must be {STAMINA!r} or {FATIGUE!r}, not {self.kind!r}")

    def can_pay(self, res: int) -> bool:
        if self.kind == STAMINA:
            return res >= self.amount
        return res + self.amount <= self.limit

    def paid(self, res: int) -> int:
        """The resource after paying."""
        return res - self.amount if self.kind == STAMINA else res + self.amount

    def tire(self, res: int, n: int) -> int:
        """The resource after ``n`` points of tiredness (fleeing: +n fatigue or −n stamina),
        kept inside 0..limit."""
        v = res - n if self.kind == STAMINA else res + n
        return max(0, min(self.limit, v))


@dataclass(frozen=True)
class Randomizers:
    """The randomiser of challenges and of attacks (a ``Die`` or a ``Deck`` each). Two decks
    must be the same deck (one shared discard pile)."""

    challenge: object
    attack: object

    def __post_init__(self):
        decks = [r for r in (self.challenge, self.attack) if isinstance(r, Deck)]
        for r in (self.challenge, self.attack):
            if not isinstance(r, (Die, Deck)):
                raise ValueError(f"a randomiser is a Die or a Deck, not {r!r}")
        if len(decks) == 2 and decks[0] != decks[1]:
            raise ValueError("challenges and attacks draw from one deck: give the same Deck twice")

    @property
    def deck(self) -> Optional[Deck]:
        for r in (self.challenge, self.attack):
            if isinstance(r, Deck):
                return r
        return None


@dataclass(frozen=True)
class AttackProfile:
    """One attack's numbers (``attack_source``): D = base + die_sign × randomiser + the
    attacker's effective ``skill`` (``-1``: none), floor 0 (PP-COMBAT-4); ``remove_power``
    after the damage; ``block`` against the counterattack."""

    base: int = 0
    die_sign: int = 0
    skill: int = -1
    remove_power: int = 0
    block: int = 0


@dataclass(frozen=True)
class Mods:
    """Modifiers on every remaining enemy of the combat (``global_mods``; TR-BASE-BOSS).

    ``start_power``: added at setup; ``power_per_round``: added at each end of round;
    ``damage``: added to every damage an enemy deals (counterattacks and Dx); ``counter``:
    added to counterattacks only; ``statuses``: letters (F, M, V, W) each remaining enemy
    gives one character at each end of round."""

    start_power: int = 0
    power_per_round: int = 0
    damage: int = 0
    counter: int = 0
    statuses: tuple = ()


NO_MODS = Mods()


def no_mods(_state) -> Mods:
    return NO_MODS


@dataclass(frozen=True)
class Flee:
    """Fleeing (``can_flee``): the active seat may flee at the start of round ``from_round`` or
    later; every character above 0 HP then tires by ``fatigue`` (``Cost.tire``)."""

    from_round: int = 2
    fatigue: int = 1


@dataclass(frozen=True)
class Hooks:
    """Every per-game difference of the core (module docstring: the PP and TR values).

    ``attack_source(state, ch) -> AttackProfile``; ``attack_cap(state, seat) -> int`` attacks
    the seat may make in a round; ``global_mods(state) -> Mods``; ``ignored_effects``: ability
    letters that do nothing; ``round_cap``: rounds before the combat ends (as a defeat, or as
    fleeing where ``can_flee`` is set)."""

    challenge_cost: Cost
    randomizer: Randomizers
    attack_source: Callable
    attack_cap: Callable
    start_power_mod: int = 0
    global_mods: Callable = no_mods
    can_flee: Optional[Flee] = None
    ignored_effects: frozenset = field(default_factory=frozenset)
    round_cap: int = 30

    def __post_init__(self):
        if not 1 <= self.round_cap <= 1000:
            raise ValueError(f"round_cap {self.round_cap} must be 1..1000")
        unknown = set(self.ignored_effects) - HOURGLASS
        if unknown:
            raise ValueError(f"ignored_effects {sorted(unknown)}: only hourglass abilities "
                             f"({' '.join(sorted(HOURGLASS))}) can be ignored")
