"""Sleeping Gods: Tides of Ruin — Arcade Mode: a cooperative deck of challenge and combat
encounters ending in a boss fight, on the shared Sleeping Gods core (challenges, combat on enemy
grids) with this game's hook values.

Rules as a pure state machine (flow, prep, rewards, abilities, cards, chance_nodes), content
pack with its schema (content/, schema/), observation encoder, text render and picture.
See docs/games/tides_of_ruin_arcade.md.
"""
from .describe import describe_action
from .game import TidesGame
from .narrate import make_narrator
from .state import RULES, TidesState

TidesGame.state_class, TidesGame.rules = TidesState, RULES
GAME_CLASS = TidesGame

__all__ = ["TidesGame", "TidesState", "GAME_CLASS", "describe_action", "make_narrator"]
