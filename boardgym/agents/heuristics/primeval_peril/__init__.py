"""The Primeval Peril heuristic (its strategy is told in ``agent``'s docstring), with its
planning (``plan``: routes, challenge chances, choices) and its combat rules (``combat``)."""
from .agent import PrimevalHeuristicAgent

__all__ = ["PrimevalHeuristicAgent"]
