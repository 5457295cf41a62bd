"""What a game package lends the terminal player, looked up once per game, with a plain fallback
for each piece a package does not define.

From the package (``boardgym.games.<game>``): ``describe_action(state, action) -> str`` (what an
option does) and ``make_narrator()`` (``narrate(before, after) -> lines``, said after every step,
chance included). From its ``describe`` module, all optional:

- ``state_text(state, seat) -> str``: the table as ``seat`` sees it (its own view, no hidden part);
- ``public_lines(state) -> lines``: the public piles a player may look through (``v``);
- ``summary_lines(state) -> lines``: the end of the game: scores per seat and why, who won;
- ``secret_move(state, action) -> str | None``: how a move whose content stays hidden until a
  later reveal is told to the other seats ("chose a card in secret"), or None for a public move;
- ``hidden_lines(state) -> lines``: the parts no player (or not every player) sees, in player
  words (the deck contents, undrawn fronts, hidden hands), for the viewer's full state.
"""
from __future__ import annotations

import importlib

from boardgym.games import action_words


class Words:
    """The words of one game for the terminal."""

    def __init__(self, game_name: str):
        pkg = importlib.import_module(f"boardgym.games.{game_name}")
        try:
            desc = importlib.import_module(f"boardgym.games.{game_name}.describe")
        except ModuleNotFoundError:
            desc = None
        self._action = action_words(game_name)
        make = getattr(pkg, "make_narrator", None)
        self.narrate = make() if make is not None else None
        self._state_text = getattr(desc, "state_text", None)
        self._public = getattr(desc, "public_lines", None)
        self._summary = getattr(desc, "summary_lines", None)
        self._secret = getattr(desc, "secret_move", None)
        self._hidden = getattr(desc, "hidden_lines", None)

    def action(self, state, a: int) -> str:
        return self._action(state, a)

    def table(self, state, seat: int) -> str:
        return self._state_text(state, seat) if self._state_text else state.render()

    def public(self, state) -> list[str]:
        return list(self._public(state)) if self._public else [state.render()]

    def summary(self, state) -> list[str]:
        return list(self._summary(state)) if self._summary else []

    def secret(self, state, a: int) -> str | None:
        return self._secret(state, a) if self._secret else None

    def hidden(self, state) -> list[str] | None:
        """The hidden parts of ``state`` in words, or None for a game without ``hidden_lines``."""
        return list(self._hidden(state)) if self._hidden else None

    def told(self, before, after) -> list[str]:
        return list(self.narrate(before, after)) if self.narrate and before is not None else []
