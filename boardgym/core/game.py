"""The engine contract every game keeps: metadata, a game (config + content) and its states.

A game's state changes only through ``state.apply(action)``. Randomness is never hidden in
the engine: when ``state.current_player == CHANCE`` the caller resolves the chance node by
applying one of ``state.chance_outcomes()`` (an outcome id and its probability). Everything
else (decks, hands, dice) is plain data, so the same seed and actions give the same states.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from .actions import ActionCatalog, action_id
from .errors import ConfigError, IllegalActionError, StateError, StepLimitError
from .fields import show
from .observation import DerivedCache, ObsLayout

CHANCE = -1
TERMINAL = -2

# The automatic steps (phase steps, queued effects, skipped frames) one ``apply`` may run before
# it reaches a decision, a chance node or the end. Fuzzed play of every game and test config
# needs at most a few dozen (``tests/games/test_step_limit.py`` measures it); a content loop hits
# the limit in well under a second.
MAX_AUTO_STEPS = 10_000


@dataclass(frozen=True)
class GameInfo:
    """Metadata declared once per game (OpenSpiel's GameType + GameInfo in one)."""

    name: str  # package name, e.g. "ancient_terrible_things"
    title: str
    min_players: int
    max_players: int
    cooperative: bool
    max_decisions: int  # upper bound on decision steps in one game (for truncation checks)
    reward_range: tuple[float, float]
    version: int = 0
    defaults: dict[str, Any] = field(default_factory=dict)


class Game:
    """One configured game: immutable content, the action catalogue and observation layout.

    Subclasses set ``info`` and implement ``_configure``, ``new_initial_state`` and
    ``state_class``; a game on the frame engine also binds its ``rules`` (``core.engine.Rules``,
    the table its states read). A ``Game`` is shared by every state (and every clone) made from it.
    """

    info: ClassVar[GameInfo]
    state_class: ClassVar[type]
    # other action spaces the env option ``action_space`` may choose (``core/action_views.py``):
    # name -> factory(game) of an ``ActionView``; the flat catalogue is always there
    action_spaces: ClassVar[dict] = {}
    rules: ClassVar[Any]
    catalog: ActionCatalog
    layout: ObsLayout

    def __init__(self, **config):
        unknown = sorted(set(config) - set(self.info.defaults))
        if unknown:
            raise ConfigError(
                f"{self.info.name}: unknown option(s) {unknown}; "
                f"valid options: {sorted(self.info.defaults)}"
            )
        merged = dict(self.info.defaults)
        merged.update(config)
        self.config = self._configure(merged)

    def __getstate__(self) -> dict:
        """What pickling or deep-copying keeps: everything but the caches built from the content
        (``DerivedCache``), which the copy builds again on first use."""
        return {k: v for k, v in self.__dict__.items() if not isinstance(v, DerivedCache)}

    # -- to implement -------------------------------------------------------------------
    def _configure(self, config: dict) -> dict:
        """Validate and normalise ``config`` (raise ConfigError), load content."""
        raise NotImplementedError

    def new_initial_state(self) -> "State":
        raise NotImplementedError

    @property
    def num_players(self) -> int:
        raise NotImplementedError

    # -- shared -----------------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return self.catalog.n

    @property
    def observation_size(self) -> int:
        return self.layout.size

    def state_from_json(self, text: str) -> "State":
        """The state saved by ``state.to_json()``; ``StateError`` names what is wrong with any
        save this game could not have made: not JSON, another game, version or configuration,
        a field of the wrong type, length or range (the state's ``FIELDS`` declaration), fields
        that do not fit together (the game's invariants), or nothing to do next."""
        try:
            data = json.loads(text)
        except RecursionError:
            raise StateError("saved state is nested too deeply to be a saved state") from None
        except json.JSONDecodeError as exc:
            raise StateError(f"saved state is not JSON: {exc}") from None
        except (TypeError, ValueError) as exc:  # e.g. a number of more than 4300 digits
            raise StateError(f"saved state is not JSON that can be read: {str(exc)[:80]}") from None
        if type(data) is not dict or data.get("game") != self.info.name:
            raise StateError(f"saved state is not a {self.info.name} state")
        unknown = sorted(str(k)[:30] for k in data if k not in ("game", "version", "config", "state"))
        if unknown:
            raise StateError(f"saved state has unknown key(s) {unknown[:5]}")
        version = data.get("version")
        if type(version) is not int or version != self.info.version:
            raise StateError(f"saved state has version {show(version)}, engine is {self.info.version}")
        if not _same_json(data.get("config"), self.config):
            raise StateError("saved state was made with another configuration")
        if "state" not in data:
            raise StateError("saved state has no 'state' object")
        return self.state_from_fields(data["state"])

    def state_from_fields(self, fields) -> "State":
        """The state whose saved fields are ``fields`` (the ``"state"`` object of a save, or
        ``state._dump()`` of a live one: the fast path of a save round trip, no JSON text),
        checked as ``state_from_json`` checks them; the new state shares no list with them."""
        state = self.state_class.__new__(self.state_class)
        state.game = self
        try:
            state._load(fields)  # StateError naming the field (the FIELDS declaration)
            state._check_loaded()
        except StateError:
            raise
        except Exception as exc:  # noqa: BLE001 - a save no check names is still refused
            raise StateError(f"corrupt saved state: {CHECK_FAILED} ({type(exc).__name__}: "
                             f"{str(exc)[:80]})") from None
        return state


CHECK_FAILED = "checking it failed"


AUTO_STEPS = range(MAX_AUTO_STEPS)


def step_limit_error(state, phases) -> StepLimitError:
    """The loop of every game's phase machine (its ``advance``, run inside every ``apply``) is
    ``for _ in AUTO_STEPS:`` (one automatic step per turn, returning once a decision, a chance
    node or the end is reached) ``else: raise step_limit_error(state, PHASES)``: after
    ``MAX_AUTO_STEPS`` steps the error names the game and the phase (``phases[state.phase]``),
    so no content can make ``apply`` run forever. (A plain range: the bound costs nothing.)"""
    phase = getattr(state, "phase", None)
    name = phases[phase] if type(phase) is int and 0 <= phase < len(phases) else str(phase)
    return StepLimitError(
        f"{state.game.info.title}: the game ran {MAX_AUTO_STEPS:,} automatic steps in its "
        f"'{name.replace('_', ' ')}' phase without reaching a decision, a chance draw or the "
        "end: its content loops (e.g. story sections that lead to one another with no choice "
        "between them). This game cannot go on; check its content pack with 'boardgym validate'.")


def _same_json(a, b) -> bool:
    """JSON equality that tells ``true`` from ``1`` and ``2.0`` from ``2``; descends only as deep
    as ``b`` (the game's own configuration), so any input is compared without recursion trouble."""
    if type(a) is not type(b):
        return False
    if type(b) is dict:
        return a.keys() == b.keys() and all(_same_json(a[k], b[k]) for k in b)
    if type(b) in (list, tuple):
        return len(a) == len(b) and all(_same_json(x, y) for x, y in zip(a, b))
    return a == b


class State:
    """Base class of a game state. Subclasses keep ``__slots__`` of small int containers."""

    __slots__ = ("game",)
    game: Game

    # -- to implement -------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        raise NotImplementedError

    def legal_mask(self) -> np.ndarray:
        """Bool mask over the catalogue for ``current_player`` (a shared buffer: copy to keep)."""
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """The pending chance node's outcomes (called only at a chance node)."""
        raise NotImplementedError

    def _apply(self, action: int) -> None:
        raise NotImplementedError

    # A game may define ``_resolve_chance(self, rng)``: a faster ``core.chance.resolve_chance``
    # for its states that draws and applies exactly what that loop would (tested for every game).

    def _why_illegal(self, action: int) -> str:
        return "not in the legal mask of the pending decision"

    def returns(self) -> list[float]:
        """Terminal rewards per seat (the game's reward mode); every seat's is 0 before the end."""
        raise NotImplementedError

    def observation(self, player: int, out: np.ndarray | None = None) -> np.ndarray:
        """``player``'s observation vector written into ``out`` (float32, the layout's size) and
        returned, or, without ``out``, a new vector that nothing else holds (the adapters hand
        it to the user as it is)."""
        raise NotImplementedError

    def observation_dict(self, player: int) -> dict:
        raise NotImplementedError

    def render(self) -> str:
        raise NotImplementedError

    def render_rgb(self) -> np.ndarray:
        """The state as an ``HxWx3 uint8`` picture (``render_mode="rgb_array"``), one size for a
        whole episode, showing only what every player sees: ``draw(state)`` of the game's
        ``picture`` module (``boardgym/games/<game>/picture.py``) if it has one, else its text
        render drawn on a fixed canvas (``boardgym.core.draw.picture_for``)."""
        from .draw import picture_for

        return picture_for(self.game)(self)

    def clone(self) -> "State":
        raise NotImplementedError

    def _dump(self) -> dict:
        raise NotImplementedError

    def _load(self, data: dict) -> None:
        raise NotImplementedError

    def _check_loaded(self) -> None:
        """Raise StateError when a loaded state breaks an invariant or has nothing to do: the
        game's invariants first (they may assume every field is inside its declared values),
        then the current player is a seat, a chance node has outcomes, every acting seat a
        legal action."""
        problems = self.invariant_errors()
        if problems:
            raise StateError("corrupt saved state: " + "; ".join(problems[:3]))
        try:
            player = self.current_player
        except (IndexError, KeyError):
            raise StateError("corrupt saved state: nothing pending and not over") from None
        n = self.game.num_players
        if player == CHANCE:
            outcomes = self.chance_outcomes()
            if not outcomes or any(p <= 0 for _, p in outcomes) or abs(sum(p for _, p in outcomes) - 1) > 1e-6:
                raise StateError("corrupt saved state: the pending chance node has no possible outcome")
        elif player != TERMINAL:
            if not 0 <= player < n:
                raise StateError(f"corrupt saved state: the player to decide, {player}, is not a seat")
            for seat in self.acting_players():
                if not 0 <= seat < n or not self.legal_mask_for(seat).any():
                    raise StateError(f"corrupt saved state: the pending decision of seat {seat} "
                                     "has no legal action")

    # -- shared -----------------------------------------------------------------------------
    def acting_players(self) -> list[int]:
        """Seats with a decision pending now (several for simultaneous choices)."""
        p = self.current_player
        return [p] if p >= 0 else []

    def legal_mask_for(self, seat: int) -> np.ndarray:
        """The mask of any seat: its own pending decision's mask when it is acting (several
        seats act at a simultaneous choice), else NOOP only. A fresh array."""
        if seat == self.current_player:
            return self.legal_mask().copy()
        m = np.zeros(self.game.catalog.n, dtype=bool)
        m[0] = True
        return m

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The pending chance node's ``(outcome id, probability)`` pairs; ``[]`` away from a chance
        node (a decision pending or the game over), as ``legal_actions()`` is ``[]`` at one: every
        game answers the call in every state."""
        if self.current_player != CHANCE:
            return []
        return self._chance_outcomes()

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self) -> list[int]:
        if self.current_player < 0:
            return []
        return np.flatnonzero(self.legal_mask()).tolist()

    def apply(self, action) -> None:
        """Apply a decision (an action id) or, at a chance node, an outcome id.

        The id is a Python int, a NumPy integer or a 0-d integer array (``action_id``, the check
        every adapter shares: bools, floats, strings and None are refused). Raises
        IllegalActionError, naming the action and why, and leaves the state unchanged.
        """
        a = action_id(action)
        player = self.current_player
        if player == TERMINAL:
            raise IllegalActionError(a, "the game is over")
        if player == CHANCE:
            if a not in {o for o, _ in self.chance_outcomes()}:
                raise IllegalActionError(a, "not an outcome of the pending chance node")
        else:
            cat = self.game.catalog
            if not 0 <= a < cat.n:
                raise IllegalActionError(a, f"outside the action space 0..{cat.n - 1}")
            if not self.legal_mask()[a]:
                raise IllegalActionError(a, self._why_illegal(a), cat.describe(a))
        self._apply(a)

    def action_to_string(self, action: int) -> str:
        return self.game.catalog.describe(action)

    def to_json(self) -> str:
        return json.dumps(
            {"game": self.game.info.name, "version": self.game.info.version,
             "config": self.game.config, "state": self._dump()},
            separators=(",", ":"), sort_keys=True,
        )

    def redeterminize(self, player: int, rng: np.random.Generator) -> "State":
        """A state consistent with what ``player`` has seen, hidden parts resampled.

        Games that never store hidden order (faces drawn at reveal from the unseen multiset)
        return a clone: the state a player observes is the whole state.
        """
        return self.clone()

    def redraws_hidden(self) -> bool:
        """Whether ``redeterminize`` re-draws hidden parts (False: it returns a clone, as in a
        game that stores no hidden order). Leak tests use it to know their check is not vacuous."""
        return type(self).redeterminize is not State.redeterminize

    def invariant_errors(self) -> list[str]:
        """Broken invariants (empty when sound): checked by fuzzing and on every load."""
        return []

    def potential(self, player: int) -> float:
        """Running score used for optional potential-based shaping (0 if unsupported)."""
        return 0.0

