"""Agents for boardgym games: the core Agent interface, a random baseline, heuristics, search,
trained policies, and the one parser of agent specs (``boardgym.agents.specs``).

The heuristics are imported on first use (``from agents import ATTHeuristicAgent``), so that
``boardgym.agents.specs`` stays cheap to import for the envs' ``opponents=``."""
from boardgym.core.agent import Agent, RandomAgent

_LAZY = {"ATTHeuristicAgent": "boardgym.agents.heuristics.ancient_terrible_things", "PaleoHeuristicAgent": "boardgym.agents.heuristics.paleo"}

__all__ = ["Agent", "RandomAgent", *_LAZY]


def __getattr__(name):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'boardgym.agents' has no attribute {name!r}")
