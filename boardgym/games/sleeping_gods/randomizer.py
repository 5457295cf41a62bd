"""The randomisers as explicit chance nodes: a die (PP fate and combat dice) or a deck drawn
without replacement (TR Destiny), never a hidden order.

A deck's state is its public discard pile, counted per distinct value (``discard``, the host's
``sg_discard`` field); what is left is the full multiset minus the discard, so a draw's outcomes
are the values left with probabilities proportional to their counts. An empty deck is reshuffled
(the discard emptied) at the next draw. An outcome id is the drawn value.
"""
from __future__ import annotations

from dataclasses import dataclass

from boardgym.core.chance import from_counts

MAX_VALUE = 9


def _counts(values) -> dict[int, int]:
    out: dict[int, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


def _check(values, what):
    if not values or any(type(v) is not int or not 0 <= v <= MAX_VALUE for v in values):
        raise ValueError(f"{what} needs at least one value, each an int 0..{MAX_VALUE}")


@dataclass(frozen=True)
class Die:
    """A die with these faces. ``bonus`` helps every roll (PP easy: +1, PP-END-2): the rule
    that uses the face adds it, so a card that subtracts the die subtracts 1 less (PP-COMBAT-4);
    the face itself is what the chance node gives and the state records."""

    faces: tuple
    bonus: int = 0

    def __post_init__(self):
        _check(self.faces, "a die")

    def outcomes(self, _discard) -> list:
        return from_counts(_counts(self.faces))

    def draw(self, _discard, value: int) -> int:
        return value


@dataclass(frozen=True)
class Deck:
    """A deck of these values drawn without replacement; the discard pile is public."""

    values: tuple
    bonus = 0  # a deck's card is its value (TR-BASE-DIFF: Destiny results never change)

    def __post_init__(self):
        _check(self.values, "a deck")

    @property
    def distinct(self) -> tuple:
        """The distinct values, ascending: the index of each in the discard counts."""
        return tuple(sorted(set(self.values)))

    def left(self, discard) -> dict[int, int]:
        """Cards left per value; a deck with none left is reshuffled: all of them."""
        full = _counts(self.values)
        left = {v: full[v] - discard[i] for i, v in enumerate(self.distinct)}
        return left if any(left.values()) else full

    def size_left(self, discard) -> int:
        """``sum(left(discard).values())`` without building the dict: the deck less its discard,
        or the whole deck once none is left (the reshuffle)."""
        n = len(self.values) - sum(discard)
        return n if n else len(self.values)

    def outcomes(self, discard) -> list:
        return from_counts(self.left(discard))

    def draw(self, discard, value: int) -> int:
        """Move a drawn card to the discard pile (reshuffling first when the deck is empty)."""
        full = _counts(self.values)
        if all(full[v] == discard[i] for i, v in enumerate(self.distinct)):
            discard[:] = [0] * len(discard)
        discard[self.distinct.index(value)] += 1
        return value
