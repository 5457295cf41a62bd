"""Ancient Terrible Things: Reawakened — competitive dice combinations, 1-4 players + solo.

Rules as a pure state machine (flow, locations, encounter, tiles, solo), content pack with its
schema (content/, schema/), observation encoder and text render. See
docs/games/ancient_terrible_things.md.
"""
from .describe import describe_action
from .game import ATTGame
from .narrate import make_narrator
from .state import RULES, ATTState

ATTGame.state_class, ATTGame.rules = ATTState, RULES
GAME_CLASS = ATTGame

__all__ = ["ATTGame", "ATTState", "GAME_CLASS", "describe_action", "make_narrator"]
