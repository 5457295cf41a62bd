"""Shared primitives of every boardgym game: nothing game-specific lives here."""
from .actions import ActionCatalog
from .agent import Agent, CallableAgent, RandomAgent
from .chance import from_counts, resolve_chance, sample_outcome, uniform
from .errors import (BoardgymError, ConfigError, ContentError, IllegalActionError, StateError,
                     StepLimitError)
from .game import CHANCE, TERMINAL, Game, GameInfo, State
from .observation import ObsLayout
from .replay import Replay, play, play_agents

__all__ = [
    "ActionCatalog", "Agent", "BoardgymError", "CHANCE", "CallableAgent", "ConfigError",
    "ContentError", "Game", "GameInfo", "IllegalActionError", "ObsLayout", "RandomAgent",
    "Replay", "State", "StateError", "StepLimitError", "TERMINAL", "from_counts", "play",
    "play_agents", "resolve_chance", "sample_outcome", "uniform",
]
