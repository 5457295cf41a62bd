"""Game packages. ``make_game(name, **config)`` builds a configured Game by package name."""
from __future__ import annotations

import importlib

from boardgym.core.errors import ConfigError

GAMES = ("ancient_terrible_things", "paleo", "tides_of_ruin_arcade", "primeval_peril")


def game_class(name: str):
    if name not in GAMES:
        raise ConfigError(f"unknown game {name!r}; known games: {list(GAMES)}")
    return importlib.import_module(f"boardgym.games.{name}").GAME_CLASS


def make_game(name: str, **config):
    return game_class(name)(**config)


def action_words(game_name: str):
    """``words(state, action) -> str``: an action in the game's own words (its package's
    ``describe_action``), else the catalogue's name; a describer's slip never stops a game."""
    describe = getattr(importlib.import_module(f"boardgym.games.{game_name}"), "describe_action", None)

    def words(state, a: int) -> str:
        if describe is not None:
            try:
                return describe(state, a)
            except Exception:  # fall back to the catalogue
                pass
        return state.game.catalog.describe(a)

    return words
