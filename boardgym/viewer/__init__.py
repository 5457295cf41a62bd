"""The browser replay viewer: ``boardgym view REPLAY`` writes one self-contained HTML file.

``collect`` replays a game and gathers what each step shows (generic over every registered
game), ``page`` writes the page, ``tiles`` packs the pictures. ``write_viewer`` is the whole
path from a replay (or a replay file) to the page; ``play_replay`` plays a new game between
agents and returns its replay (``boardgym view --game G``).
"""
from __future__ import annotations

from pathlib import Path

from boardgym.core.agent import seat_chooser
from boardgym.core.errors import ConfigError, StateError
from boardgym.core.replay import Replay, play

from .collect import collect
from .page import render_page, write_page

__all__ = ["collect", "play_replay", "render_page", "write_page", "write_viewer"]


def write_viewer(replay, out=None, seat: int | None = None, max_steps: int | None = None) -> Path:
    """Write the viewer page of ``replay`` (a ``Replay`` or a replay file) to ``out`` (default:
    the file's name with ``.html``); ``seat`` opens it on that seat's own view."""
    src = None
    if not isinstance(replay, Replay):
        src = Path(replay)
        replay = Replay.load(src, check=False)  # collect re-applies and checks every move
        out = out if out is not None else src.with_suffix(".html")
    if out is None:
        raise ConfigError("write_viewer: name the HTML file to write (out=...)")
    if seat is not None:
        n = replay.make_game().num_players
        if not 0 <= seat < n:
            raise ConfigError(f"--seat must be a seat of this game, 0..{n - 1}, got {seat}")
    try:
        data = collect(replay, max_steps=max_steps)
    except StateError as exc:
        raise StateError(f"{src}: {exc}" if src is not None else str(exc)) from None
    return write_page(data, out, "full" if seat is None else str(seat))


def play_replay(game_name: str, agents: list[str], seed: int, options: dict | None = None) -> Replay:
    """One game between agents (one spec for every seat, or one per seat), chance drawn from
    ``seed``, each agent reset with ``seed * 16 + seat`` (as ``python -m boardgym.eval`` does)."""
    from boardgym.envs.opponents import make_agent
    from boardgym.games import make_game

    game = make_game(game_name, **(options or {}))
    n = game.num_players
    if len(agents) == 1:
        agents = agents * n
    if len(agents) != n:
        raise ConfigError(f"--agents: give one agent spec for every seat or one per seat ({n}), "
                          f"got {len(agents)}")
    players = [make_agent(spec, game_name, seed * 16 + p) for p, spec in enumerate(agents)]
    _final, replay = play(game, seed, seat_chooser(players, seed))
    replay.agents = list(agents)
    replay.source = "boardgym view"
    return replay
