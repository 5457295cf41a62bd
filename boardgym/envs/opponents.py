"""Resolving the ``opponents`` kwarg into one Agent per seat.

Agent specs (``"random"``, ``"heuristic"``, ``"ppo:PATH"``, ``"ismcts:K=V,..."``,
``"module:Class"``) are parsed by ``boardgym.agents.specs``, the one parser every command uses; it is
imported when an env is built, never when ``boardgym.envs`` is imported (nothing imports
upward at import time)."""
from __future__ import annotations

from boardgym.core.agent import Agent
from boardgym.core.errors import ConfigError


def make_agent(spec, game_name: str, seed: int | None = None) -> Agent:
    """An Agent from an agent spec string (``boardgym.agents.specs``), an ``Agent``, an ``Agent``
    subclass or a callable ``f(observation, legal_mask[, state])``."""
    from boardgym.agents.specs import make_agent as build

    return build(spec, game_name, seed)


def check_spec(spec, game_name: str | None = None) -> None:
    """Refuse a spec string that names no agent (``boardgym.agents.specs.check_spec``: the syntax, the
    class it imports, the model file), also where no seat needs an opponent."""
    if isinstance(spec, str):
        from boardgym.agents.specs import check_spec as check

        check(spec, game_name)


def make_opponents(spec, game_name: str, seats: list[int], seed: int | None = None) -> dict[int, Agent]:
    """One agent per opponent seat. ``spec`` may be one spec for all or a list/dict per seat.
    A ConfigError starts with ``opponents:`` (the kwarg) and names the spec."""
    try:
        return _opponents(spec, game_name, seats, seed)
    except ConfigError as exc:
        raise ConfigError(f"opponents: {exc}") from None


def _opponents(spec, game_name: str, seats: list[int], seed: int | None) -> dict[int, Agent]:
    if isinstance(spec, dict):
        missing = [s for s in seats if s not in spec]
        if missing:
            raise ConfigError(f"the dict has no entry for seat(s) {missing}")
        return {s: make_agent(spec[s], game_name, None if seed is None else seed + s) for s in seats}
    if isinstance(spec, (list, tuple)):
        if len(spec) != len(seats):
            raise ConfigError(f"the list has {len(spec)} entries for {len(seats)} opponent seats")
        return {s: make_agent(x, game_name, None if seed is None else seed + s) for s, x in zip(seats, spec)}
    if not seats:
        check_spec(spec, game_name)
    return {s: make_agent(spec, game_name, None if seed is None else seed + s) for s in seats}
