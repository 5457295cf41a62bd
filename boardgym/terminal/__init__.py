"""The terminal player behind ``boardgym play``: the game loop (``loop``), the numbered menu and
the commands a player types (``menu``), and the words a game package lends it (``words``).

``play(args, inp, out)`` runs one game; ``boardgym/cli.py`` only parses the flags.
"""
from .loop import play

__all__ = ["play"]
