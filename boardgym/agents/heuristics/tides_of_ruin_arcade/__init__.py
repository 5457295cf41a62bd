"""The Tides of Ruin (Arcade Mode) heuristic: its strategy is told in ``agent``'s docstring."""
from .agent import TidesHeuristicAgent

__all__ = ["TidesHeuristicAgent"]
