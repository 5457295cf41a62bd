"""Paleo — cooperative survival: simultaneous hidden card choices, hidden card fronts drawn
lazily and exactly, 1-4 groups.

Rules as a pure state machine (flow, day, options, help, choices, wounds, night, tools,
hidden), content pack with its schema (content/, schema/), observation encoder and text render.
See docs/games/paleo.md.
"""
from .describe import describe_action
from .game import PaleoGame
from .narrate import make_narrator
from .state import RULES, PaleoState

PaleoGame.state_class, PaleoGame.rules = PaleoState, RULES
GAME_CLASS = PaleoGame

__all__ = ["PaleoGame", "PaleoState", "GAME_CLASS", "describe_action", "make_narrator"]
