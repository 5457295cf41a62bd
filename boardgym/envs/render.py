"""The render modes every adapter offers, the frame rate of its videos, and one function that
renders a state in a mode."""
from __future__ import annotations

RENDER_MODES = ["ansi", "human", "rgb_array"]
# the frames a second a recorded video plays (Gymnasium's RecordVideo reads it): one decision
# every quarter second, slow enough to follow a game
RENDER_FPS = 4


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
