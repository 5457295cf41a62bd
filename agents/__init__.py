"""Agents for boardgym games: the core Agent interface, a random baseline, heuristics, search,
trained policies, and the one parser of agent specs (``agents.specs``).

The heuristics are imported on first use (``from agents import ATTHeuristicAgent``), so that
``agents.specs`` stays cheap to import for the envs' ``opponents=``."""
from boardgym.core.agent import Agent, RandomAgent

_LAZY = {"ATTHeuristicAgent": "agents.att_heuristic", "PaleoHeuristicAgent": "agents.paleo_heuristic"}

__all__ = ["Agent", "RandomAgent", *_LAZY]


def __getattr__(name):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'agents' has no attribute {name!r}")
