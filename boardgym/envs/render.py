"""The render modes every adapter offers, and one function that renders a state in a mode."""
from __future__ import annotations

RENDER_MODES = ["ansi", "human", "rgb_array"]


def render_state(state, mode: str | None):
    """``"ansi"``: the state as text; ``"human"``: printed (returns None); ``"rgb_array"``: an
    ``HxWx3 uint8`` picture (``state.render_rgb()``); None: nothing."""
    if mode is None:
        return None
    if mode == "rgb_array":
        return state.render_rgb()
    text = state.render()
    if mode == "human":
        print(text)
        return None
    return text
