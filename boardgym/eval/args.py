"""Argparse types shared by the eval command lines: a wrong value stops the command with
argparse's usage line and a message naming the flag (exit status 2)."""
from __future__ import annotations

import argparse


def _whole_number_at_least(text: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number >= {low}, got {text!r}") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"expected a whole number >= {low}, got {value}")
    return value


def count(text: str) -> int:
    """An integer >= 1."""
    return _whole_number_at_least(text, 1)


def natural(text: str) -> int:
    """An integer >= 0."""
    return _whole_number_at_least(text, 0)


def positive(text: str) -> float:
    """A number > 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number > 0, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a number > 0, got {text}")
    return value


def player_counts(text: str) -> list[int]:
    """A comma list of player counts, e.g. ``2`` or ``2,1``."""
    try:
        counts = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected player counts as a comma list such as 2 or 2,1, "
                                         f"got {text!r}") from None
    if not counts:
        raise argparse.ArgumentTypeError("expected at least one player count")
    return counts


def game_names(text: str) -> list[str]:
    """A comma list of game packages (``boardgym.games.GAMES``)."""
    from boardgym.games import GAMES

    names = [x.strip() for x in text.split(",") if x.strip()]
    unknown = [x for x in names if x not in GAMES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown game(s) {unknown}; known: {', '.join(GAMES)}")
    return names
