"""How the adapters treat an illegal action: one policy for Gymnasium and PettingZoo."""
from __future__ import annotations

import numpy as np

from boardgym.core.errors import ConfigError, IllegalActionError

MODES = ("penalize", "raise")


def check_mode(mode: str) -> str:
    if mode not in MODES:
        raise ConfigError(f"illegal_action must be 'penalize' or 'raise', got {mode!r}")
    return mode


def try_apply(state, action, num_actions: int, mode: str) -> str | None:
    """Apply ``action``. An action outside ``Discrete(num_actions)`` always raises; an action in
    the space but not legal raises with ``mode="raise"``, else leaves the state unchanged and
    returns the error text (the adapter then penalizes it)."""
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        action = int(action)  # a 0-d array, as some vector envs pass it
    if action is None or not (isinstance(action, (int, np.integer)) and 0 <= action < num_actions):
        raise IllegalActionError(action, f"not an action of Discrete({num_actions})")
    try:
        state.apply(action)
    except IllegalActionError as err:
        if mode == "raise":
            raise
        return str(err)
    return None
