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
