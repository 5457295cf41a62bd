"""The frame engine every game runs on: one ``Rules`` table per game and the ``FrameState`` base.

A game's state holds a **pending-decision stack** ``pend`` (frames ``(kind, seat, ...)``: the
top one is asked), a **chance queue** ``cq`` (entries ``(kind, arg)``: the first is drawn next)
and ``over``. Everything that differs from game to game stands in its ``Rules`` table, bound
once to the game class (``Game.rules``, set where the package binds ``state_class``), the way the
Sleeping Gods core reads its per-game ``Hooks``: the rules never ask which game they run in.

``FrameState`` answers the engine contract (``core.game.State``) from the frames and that table:
the current player, the decision's mask (written into one preallocated array), chance outcomes,
``apply`` with its checks and the illegal-action message, and the observation, render,
invariants and scoring delegated to the game's modules. A game's state class keeps only its
rules: its ``FIELDS`` (with ``TRANSIENT`` among the transient caches) and ``__init__``.
"""
from __future__ import annotations

import importlib

import numpy as np

from .actions import action_id
from .errors import IllegalActionError
from .game import CHANCE, TERMINAL, State

# the caches every frame state declares as transient (reset by clone and load): the decision's
# mask array, whether it holds the current decision's mask, the last chance outcomes listed
TRANSIENT = {"_mask": "None", "_mask_ok": "False", "_co": "None"}


def _not_given(what):
    def missing(*_args, **_kw):
        raise NotImplementedError(f"this game has no {what}")
    return missing


class Rules:
    """What a game's frames mean, one table per game (bound as ``GameClass.rules``).

    * ``decisions``: per decision kind its ``(mask(s, frame, m), apply(s, frame, action))``;
      ``decision_names``: the kinds' names (the illegal-action message);
    * ``chance_outcomes`` / ``chance_apply``: per chance kind ``outcomes(s, arg)`` (a list of
      ``(outcome, probability)``) and ``apply(s, arg, outcome)``;
    * ``advance(s)``: the phase machine, run after every action until a decision, a chance node
      or the end;
    * the game's modules: ``observation(s, player, out)``, ``observation_dict(s, player)``,
      ``render(s)``, ``invariants(s)`` (a list of problems), ``returns(s)``,
      ``potential(s, player)``, ``score(s, player)`` (states of ``ScoredFrameState``),
      ``redeterminize(s, player, rng)`` (None: the state a player sees is the whole state);
    * ``seat``: the word for a seat in messages ("player", Paleo's "group").

    A module entry may be given as ``"module:function"`` (relative to ``package``): it is
    imported on first use, for modules that import the state module themselves (renders)."""

    _ENTRIES = ("decisions", "decision_names", "chance_outcomes", "chance_apply", "advance",
                "observation", "observation_dict", "render", "invariants", "returns",
                "potential", "score", "redeterminize", "seat")

    def __init__(self, *, package: str | None = None, **table):
        unknown = sorted(set(table) - set(self._ENTRIES))
        if unknown:
            raise TypeError(f"Rules has no entry {unknown}; entries: {self._ENTRIES}")
        defaults = {"potential": lambda s, player: 0.0, "invariants": lambda s: [],
                    "redeterminize": None, "seat": "player"}
        for k in self._ENTRIES:
            v = table.get(k, defaults.get(k, _not_given(k)))
            if isinstance(v, str) and k != "seat":
                v = self._on_first_use(k, v, package)
            setattr(self, k, v)

    def _on_first_use(self, name: str, spec: str, package: str | None):
        """A stand-in for ``"module:function"`` that imports it on its first call and puts it in
        its place (plain attributes: the engine reads this table at every step)."""
        def first_call(*args, **kwargs):
            module, _, attr = spec.partition(":")
            fn = getattr(importlib.import_module(module, package), attr)
            setattr(self, name, fn)
            return fn(*args, **kwargs)
        first_call.spec = spec
        return first_call


class FrameState(State):
    """The engine contract over ``pend``, ``cq`` and ``over`` with the game's ``Rules``
    (``self.game.rules``). Masks: ``legal_mask()`` fills one array from the top frame's handler
    and keeps it until the next ``apply`` (``invalidate()`` after editing fields by hand);
    ``apply`` checks against the mask or the chance outcomes listed last, not computing them
    again."""

    __slots__ = ()

    @property
    def current_player(self) -> int:
        if self.cq:
            return CHANCE
        return TERMINAL if self.over else self.pend[-1][1]

    def legal_mask(self) -> np.ndarray:
        """The pending decision's mask in a preallocated array (a shared buffer: copy to keep)."""
        if self._mask_ok:
            return self._mask
        return self.fresh_mask()

    def fresh_mask(self) -> np.ndarray:
        """``legal_mask`` computed afresh, whatever is kept."""
        m = self._mask
        if m is None:
            m = self._mask = np.zeros(self.game.catalog.n, dtype=bool)
        else:
            m.fill(False)
        if not self.cq and not self.over and self.pend:
            f = self.pend[-1]
            self.game.rules.decisions[f[0]][0](self, f, m)
        self._mask_ok = True
        return m

    def invalidate(self) -> None:
        """Forget the kept mask and chance outcomes. Only needed after editing fields directly
        (scripted tests, a rule that asks for the mask mid-move); every ``apply`` does it."""
        self._mask_ok = False
        self._co = None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``State.chance_outcomes`` (``[]`` away from a chance node), kept for ``apply``."""
        cq = self.cq
        if not cq:
            return []
        kind, arg = cq[0]
        co = self._co = self.game.rules.chance_outcomes[kind](self, arg)
        return co

    def _chance_outcomes(self):
        kind, arg = self.cq[0]
        co = self._co = self.game.rules.chance_outcomes[kind](self, arg)
        return co

    def apply(self, action) -> None:
        """``State.apply``: the same checks and errors, against the mask or chance outcomes the
        caller asked for last (kept until the state changes)."""
        if type(action) is not int:
            action = action_id(action)
        if self.cq:
            co = self._co
            for o, _ in co if co is not None else self._chance_outcomes():
                if o == action:
                    break
            else:
                raise IllegalActionError(action, "not an outcome of the pending chance node")
        elif self.over:
            raise IllegalActionError(action, "the game is over")
        else:
            cat = self.game.catalog
            if not 0 <= action < cat.n:
                raise IllegalActionError(action, f"outside the action space 0..{cat.n - 1}")
            m = self._mask if self._mask_ok else self.fresh_mask()
            if not m[action]:
                raise IllegalActionError(action, self._why_illegal(action), cat.describe(action))
        self._apply(action)

    def _apply(self, action: int) -> None:
        self._mask_ok = False
        self._co = None
        rules = self.game.rules
        cq = self.cq
        if cq:
            kind, arg = cq.pop(0)
            rules.chance_apply[kind](self, arg, action)
        else:
            f = self.pend[-1]
            rules.decisions[f[0]][1](self, f, action)
        self._mask_ok = False
        self._co = None
        rules.advance(self)

    def _why_illegal(self, action: int) -> str:
        f = self.pend[-1]
        rules = self.game.rules
        legal = [self.game.catalog.describe(a) for a in np.flatnonzero(self.fresh_mask())]
        return (f"the pending decision is '{rules.decision_names[f[0]]}' for {rules.seat} "
                f"{f[1]}; legal: {legal}")

    # -- the game's modules ----------------------------------------------------------------------
    def observation(self, player: int, out=None):
        return self.game.rules.observation(self, player, out)

    def observation_dict(self, player: int) -> dict:
        return self.game.rules.observation_dict(self, player)

    def render(self) -> str:
        return self.game.rules.render(self)

    def invariant_errors(self) -> list[str]:
        return self.game.rules.invariants(self)

    def returns(self):
        return self.game.rules.returns(self)

    def potential(self, player: int) -> float:
        return self.game.rules.potential(self, player)

    def redeterminize(self, player: int, rng) -> "FrameState":
        fn = self.game.rules.redeterminize
        return self.clone() if fn is None else fn(self, player, rng)

    def redraws_hidden(self) -> bool:
        return self.game.rules.redeterminize is not None


class ScoredFrameState(FrameState):
    """A frame state whose game keeps a running score (``score(p)``, what the terminal and the
    viewer show; a game without one has no ``score`` attribute)."""

    __slots__ = ()

    def score(self, p: int = 0) -> int:
        return self.game.rules.score(self, p)


__all__ = ["TRANSIENT", "Rules", "FrameState", "ScoredFrameState"]
