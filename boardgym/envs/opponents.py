"""Resolving the ``opponents`` kwarg into one Agent per seat."""
from __future__ import annotations

import importlib

from boardgym.core.agent import Agent, CallableAgent, RandomAgent
from boardgym.core.errors import ConfigError


def load_object(path: str):
    """``"package.module:Name"`` -> the object."""
    module, _, attr = path.partition(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"cannot load {path!r}: {exc}") from None


def make_agent(spec, game_name: str, seed: int | None = None) -> Agent:
    """An Agent from ``"random"``, ``"heuristic"``, ``"ppo:<model.zip>"`` (a trained
    MaskablePPO policy), ``"module:Class"``, an ``Agent``, or a callable."""
    from boardgym.envs.registry import heuristic_path

    if isinstance(spec, Agent):
        return spec
    if spec == "random":
        return RandomAgent(seed)
    if spec == "heuristic":
        return load_object(heuristic_path(game_name))(seed=seed)
    if isinstance(spec, str) and spec.startswith("ppo:"):
        return load_object("agents.ppo:PPOAgent")(spec[4:], seed=seed)
    if isinstance(spec, str) and ":" in spec:
        return load_object(spec)()
    if callable(spec):
        return CallableAgent(spec)
    raise ConfigError(
        f"opponent {spec!r} is not 'random', 'heuristic', 'ppo:<path>', 'module:Class', an Agent or a callable"
    )


def make_opponents(spec, game_name: str, seats: list[int], seed: int | None = None) -> dict[int, Agent]:
    """One agent per opponent seat. ``spec`` may be one spec for all or a list/dict per seat."""
    if isinstance(spec, dict):
        missing = [s for s in seats if s not in spec]
        if missing:
            raise ConfigError(f"opponents dict has no entry for seat(s) {missing}")
        return {s: make_agent(spec[s], game_name, None if seed is None else seed + s) for s in seats}
    if isinstance(spec, (list, tuple)):
        if len(spec) != len(seats):
            raise ConfigError(f"opponents list has {len(spec)} entries for {len(seats)} opponent seats")
        return {s: make_agent(x, game_name, None if seed is None else seed + s) for s, x in zip(seats, spec)}
    return {s: make_agent(spec, game_name, None if seed is None else seed + s) for s in seats}
