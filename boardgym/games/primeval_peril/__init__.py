"""Sleeping Gods: Primeval Peril: a cooperative story adventure on a river atlas (travel, a
storybook of choices, skill challenges, combat on enemy grids, time and rest pressure), on the
shared Sleeping Gods core with this game's hook values.

Rules as a pure state machine (flow, turn, journey, rest, explore, story, effects, cards, gear,
loadout, fight, inventory), content pack with its schema and story validator (content/, schema/,
validate.py), observation encoder, words, text render and picture.
See docs/games/primeval_peril.md and docs/games/primeval_peril_content.md.
"""
from .describe import describe_action
from .game import PrimevalGame
from .narrate import make_narrator
from .state import RULES, PrimevalState

PrimevalGame.state_class, PrimevalGame.rules = PrimevalState, RULES
GAME_CLASS = PrimevalGame

__all__ = ["PrimevalGame", "PrimevalState", "GAME_CLASS", "describe_action", "make_narrator"]
