"""boardgym: reinforcement-learning environments for modern tabletop games.

``import boardgym`` registers every Gymnasium and PettingZoo id in ``envs_registry.yaml``.
"""
from boardgym.core import CHANCE, TERMINAL, IllegalActionError  # noqa: F401
from boardgym.envs.registry import register_all as _register_all
from boardgym.games import make_game  # noqa: F401

__version__ = "0.1.0"

_register_all()
