"""How the adapters treat an illegal action: one policy for Gymnasium and PettingZoo."""
from __future__ import annotations

from boardgym.core.actions import action_id
from boardgym.core.errors import ConfigError, IllegalActionError

MODES = ("penalize", "raise")


def check_mode(mode: str) -> str:
    if not isinstance(mode, str) or mode not in MODES:
        raise ConfigError(f"illegal_action must be 'penalize' or 'raise', got {mode!r}")
    return mode


def in_space(action, num_actions: int) -> int:
    """``action`` as an int id of ``Discrete(num_actions)``; ``IllegalActionError`` for anything
    else, whatever the illegal-action mode (the engine's own type check, ``action_id``, then
    the range)."""
    a = action_id(action)
    if not 0 <= a < num_actions:
        raise IllegalActionError(action, f"not an action of Discrete({num_actions})")
    return a


def try_apply(state, action, num_actions: int, mode: str) -> str | None:
    """Apply ``action``. An action outside ``Discrete(num_actions)`` (a bool, a float, a value out
    of range...) always raises; an action in the space but not legal raises with
    ``mode="raise"``, else leaves the state unchanged and returns the error text (the adapter
    then penalizes it)."""
    a = in_space(action, num_actions)
    try:
        state.apply(a)
    except IllegalActionError as err:
        if mode == "raise":
            raise
        return str(err)
    return None
