"""Agents for boardgym games: the core Agent interface, a random baseline and heuristics."""
from boardgym.core.agent import Agent, RandomAgent

from .att_heuristic import ATTHeuristicAgent
from .paleo_heuristic import PaleoHeuristicAgent

__all__ = ["Agent", "RandomAgent", "ATTHeuristicAgent", "PaleoHeuristicAgent"]
