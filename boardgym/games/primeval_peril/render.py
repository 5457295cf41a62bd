"""A plain text table of a Primeval Peril state (``render_mode="ansi"``)."""
from __future__ import annotations

from .describe import state_lines


def render(s) -> str:
    return "\n".join(state_lines(s))
