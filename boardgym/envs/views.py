"""The env option ``action_space``: building a game's view and stepping through it, one way for
the Gymnasium and PettingZoo adapters (``boardgym/core/action_views.py`` says what a view is)."""
from __future__ import annotations

import numpy as np

from boardgym.core.errors import IllegalActionError

from .illegal import in_space
from .kwargs import check_action_space


def build_view(game_name: str, game, action_space):
    """``(view or None for the flat catalogue, the env's number of actions)``; a bad
    ``action_space`` raises ``ConfigError`` naming the game's spaces."""
    name = check_action_space(game_name, action_space)
    factory = type(game).action_spaces.get(name)
    view = factory(game) if factory is not None else None
    return view, (view.num_actions if view is not None else game.num_actions)


def apply_view_action(state, view, mask: np.ndarray, action, mode: str, record=None) -> str | None:
    """``action`` of ``view`` (``mask``: its legal actions now), as the flat actions it stands
    for, each through ``state.apply`` (``record(flat)`` after each, e.g. a replay). Checked
    against ``mask`` first, so an illegal one changes nothing: raised with ``mode="raise"``,
    else its error text is returned (``try_apply``'s contract). Anything outside the space
    always raises."""
    a = in_space(action, view.num_actions)
    if not mask[a]:
        legal = np.flatnonzero(mask)
        shown = [view.describe(int(x)) for x in legal[:20]]
        more = f" and {len(legal) - 20} more" if len(legal) > 20 else ""
        err = IllegalActionError(a, f"not legal now in the {view.name!r} action space; legal: "
                                    f"{shown}{more}", view.describe(a))
        if mode == "raise":
            raise err
        return str(err)
    for flat in view.expand(state, a):
        state.apply(flat)
        if record is not None:
            record(flat)
    return None
