"""The adapters' keyword arguments, checked once by type and range for every game and adapter.

Every Gymnasium and PettingZoo env passes its kwargs through these functions before the game is
built, so an error always names the kwarg, and a new game gets the checks for free.
"""
from __future__ import annotations

import difflib
import math

import numpy as np

from boardgym.core.action_views import FLAT
from boardgym.core.errors import ConfigError
from boardgym.games import game_class

from .render import RENDER_MODES


class UnknownOptionError(ConfigError, TypeError):
    """A keyword argument that is neither an option of the game nor of the env.

    Also a ``TypeError``, like Python's own "unexpected keyword argument": libraries that try an
    optional kwarg and drop it on that error (TorchRL's ``GymEnv`` passes ``frameskip``) then
    fall back instead of failing."""


def check_options(game: str, kwargs: dict, env_options) -> None:
    """Raise ``UnknownOptionError`` for a kwarg that ``game`` and the env both lack."""
    valid = game_class(game).info.defaults
    unknown = [k for k in kwargs if k not in valid]
    if unknown:
        more = f" (also {unknown[1:]})" if len(unknown) > 1 else ""
        raise UnknownOptionError(
            f"{game} env got an unexpected keyword argument {unknown[0]!r}{more}: not an option "
            f"of the game or of the env; game options: {sorted(valid)}; env options: "
            f"{sorted(env_options)}")


def check_action_space(game: str, value) -> str:
    """``action_space``: ``"flat"`` (the game's catalogue, the default) or a name in the game's
    ``action_spaces`` (e.g. ATT's ``"combinations"``); anything else is refused by name."""
    names = (FLAT,) + tuple(game_class(game).action_spaces)
    if isinstance(value, str) and value in names:
        return value
    close = difflib.get_close_matches(value, names, 1) if isinstance(value, str) else []
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise ConfigError(f"action_space must be one of {', '.join(map(repr, names))} for "
                      f"{game_class(game).info.title}, got {value!r}{hint}")


def is_int(value) -> bool:
    """A Python or NumPy integer, not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def check_penalty(value) -> float:
    """``illegal_penalty``: a finite real number (not a bool, not NaN or infinite)."""
    ok = (is_int(value) or isinstance(value, (float, np.floating))) and math.isfinite(value)
    if not ok:
        raise ConfigError(f"illegal_penalty must be a finite number (e.g. -1.0), got {value!r}")
    return float(value)


def check_flag(name: str, value) -> bool:
    """A switch such as ``shaping``: True or False only (``"no"`` or ``1`` are refused)."""
    if not isinstance(value, (bool, np.bool_)):
        raise ConfigError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def check_render_mode(mode):
    if mode is not None and (not isinstance(mode, str) or mode not in RENDER_MODES):
        raise ConfigError(f"render_mode must be one of {RENDER_MODES} or None, got {mode!r}")
    return mode


def check_seat(seat, num_players: int) -> tuple[int, bool]:
    """``seat`` -> ``(seat, drawn at random at every reset)``."""
    if isinstance(seat, str) and seat == "random":
        return 0, True
    if not is_int(seat) or not 0 <= seat < num_players:
        raise ConfigError(f"seat must be an int in 0..{num_players - 1} or 'random', got {seat!r}")
    return int(seat), False


def check_seed(seed) -> int | None:
    """``reset(seed=...)``: None, or a Python or NumPy integer >= 0 (``np.int64(5)`` is a seed
    users pass), as a Python int; bools, floats and anything else are refused by name."""
    if seed is None:
        return None
    if not is_int(seed) or seed < 0:
        raise ConfigError(f"seed must be None or an int >= 0 (a Python or NumPy integer), got "
                          f"{seed!r} ({type(seed).__name__})")
    return int(seed)


def check_fixed(game: str, fixed: dict, given: dict) -> None:
    """An id that fixes options (the registry's ``fixed``, e.g. the solo id's ``num_players``):
    a kwarg that contradicts one raises ``ConfigError`` naming it, rather than silently
    building another game than the id names."""
    for name, value in fixed.items():
        if name in given and not (given[name] == value and type(given[name]) is not bool):
            from .registry import registry

            others = [e["id"] for e in registry()["gymnasium"]
                      if e["game"] == game and name not in e.get("fixed", ())]
            hint = f"; for another {name} use {' or '.join(others)}" if others else ""
            raise ConfigError(f"{name}={given[name]!r} contradicts this id, which fixes "
                              f"{name}={value!r}{hint}")


def check_max_cycles(value) -> int | None:
    """``max_cycles`` (PettingZoo): None (no cap) or a positive int."""
    if value is None:
        return None
    if not is_int(value) or value < 1:
        raise ConfigError(f"max_cycles must be a positive int or None, got {value!r}")
    return int(value)


def refuse_for_cooperative(game, given: dict) -> None:
    """Cooperative games have no opponents and no seat to choose: refuse those kwargs rather
    than ignore them silently."""
    for name, value in given.items():
        if value is not None:
            raise ConfigError(
                f"{name}={value!r}: {game.info.title} is cooperative; the learner decides for "
                f"every seat (the deciding seat is in the observation) and every seat shares the "
                f"team reward, so there is no {'opponent' if name == 'opponents' else name} to "
                f"choose: leave {name} out")
