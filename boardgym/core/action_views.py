"""Other action spaces over a game's flat catalogue ("views"), chosen by an env option.

A view is a second ``Discrete(n)`` in which one action may stand for a whole sequence of the
game's own actions (a macro action), e.g. ATT's dice combinations chosen as a whole. The game's
rules stay in one place: a view only enumerates, and its actions are carried out by expanding
them into the game's own actions, each applied through ``State.apply``. A game lists its views
in ``Game.action_spaces`` (name -> factory taking the configured game); the default space, the
flat catalogue, is ``FLAT`` and needs no view.
"""
from __future__ import annotations

import numpy as np

FLAT = "flat"


class ActionView:
    """What a view provides. ``num_actions`` is the size of its space; the game's own ids
    ``0..game.num_actions - 1`` keep their meaning where a view keeps them."""

    name: str
    num_actions: int

    def mask(self, state) -> np.ndarray:
        """Bool mask over the view's actions at a decision of ``state`` (exact: an action is in
        it iff its expansion is a legal sequence of the game's own actions). The array may be
        cached by the view: copy it to keep it."""
        raise NotImplementedError

    def expand(self, state, action: int) -> list[int]:
        """The game's own actions that ``action`` (legal in ``state``) stands for, in order."""
        raise NotImplementedError

    def describe(self, action: int) -> str:
        """The action in words, without a state."""
        raise NotImplementedError
