"""Checks of a game's options in ``Game._configure``: each raises ``ConfigError`` naming the
option and what it may be."""
from __future__ import annotations

from .errors import ConfigError


def int_option(cfg: dict, key: str, lo: int, hi: int) -> int:
    v = cfg[key]
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ConfigError(f"{key} must be an int in {lo}..{hi}, got {v!r}")
    return v


def choice_option(cfg: dict, key: str, values) -> str:
    v = cfg[key]
    if not isinstance(v, str) or v not in values:
        raise ConfigError(f"{key} must be one of {', '.join(values)}, got {v!r}")
    return v


def flag_option(cfg: dict, key: str) -> bool:
    if not isinstance(cfg[key], bool):
        raise ConfigError(f"{key} must be true or false, got {cfg[key]!r}")
    return cfg[key]
