"""``save_replays=DIR``: every adapter writes one replay file per finished episode.

The writer records every move the env applies (the learner's, the opponents', each chance
outcome its generator draws) through ``core.replay.Recorder`` and saves the episode when the game
ends (and, in PettingZoo, when ``max_cycles`` truncates it). Files are named
``<game>-<UTC time the env was built>-<process id>-<random tag>-<episode>.json`` so envs of a
vector env, in one process or many, never write the same file. ``boardgym view FILE`` shows one.
"""
from __future__ import annotations

import os
import secrets
import time
from pathlib import Path

import numpy as np

from boardgym.core.errors import ConfigError
from boardgym.core.replay import Recorder


def check_save_dir(value) -> Path | None:
    """``save_replays``: None, or a folder (a path text or ``os.PathLike``) that exists or can be
    made, and can be written."""
    if value is None:
        return None
    if not isinstance(value, (str, os.PathLike)) or (isinstance(value, str) and not value.strip()):
        raise ConfigError(f"save_replays must be a folder path (text or a Path) or None, got {value!r}")
    path = Path(value)
    if path.exists() and not path.is_dir():
        raise ConfigError(f"save_replays={str(value)!r} is a file, not a folder for replay files")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"save_replays={str(value)!r}: cannot make the folder "
                          f"({exc.strerror or exc})") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise ConfigError(f"save_replays={str(value)!r}: the folder cannot be written")
    return path


class ReplayWriter:
    """One env's recorder: ``start`` at reset, ``resolve`` / ``decision`` while playing,
    ``finish`` at the end of the episode (writes the file once)."""

    def __init__(self, folder: Path, game, source: str):
        self.folder, self.game, self.source = folder, game, source
        self.prefix = (f"{game.info.name}-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}-"
                       f"{os.getpid()}-{secrets.token_hex(3)}")
        self.episodes = 0
        self.rec = None
        self.last: Path | None = None  # the file written last

    def start(self, seed, agents=None) -> None:
        ok = isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0
        self.rec = Recorder(self.game, int(seed) if ok else None, agents, self.source)

    def resolve(self, state, rng) -> None:
        self.rec.resolve(state, rng)

    def decision(self, action) -> None:
        self.rec.decision(action)

    def note(self, note) -> None:
        self.rec.note(note)

    def finish(self, state) -> Path | None:
        if self.rec is None:
            return None
        replay, self.rec = self.rec.replay(state), None
        self.episodes += 1
        path = replay.save(self.folder / f"{self.prefix}-{self.episodes:05d}.json")
        self.last = path
        return path
