"""Playing whole games between Agents at engine level, over fixed seeds (any registered game).

Chance nodes are sampled from ``numpy.random.default_rng(seed)`` (``boardgym.core.replay.play``),
so one seed fixes the game's randomness for a given sequence of decisions; every agent meets
the same seed set. Agents are reset with ``seed * 16 + seat`` before each game.
"""
from __future__ import annotations

import hashlib
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from boardgym.agents.specs import make_agent
from boardgym.core.agent import Agent, seat_chooser
from boardgym.core.errors import ConfigError
from boardgym.core.replay import play
from boardgym.envs.registry import players_kwarg, pz_entry  # noqa: F401 (eval's callers use both)

ENV_ONLY_KWARGS = ("game", "opponents", "seat", "shaping", "render_mode", "fixed")


def try_agent(spec: str, game_name: str, seed: int | None = None):
    """``(agent, None)`` or ``(None, reason)`` when the agent cannot be built (e.g. the
    heuristic of a game is not written yet); specs are parsed by ``boardgym.agents.specs``."""
    try:
        return make_agent(spec, game_name, seed), None
    except (ConfigError, ImportError, FileNotFoundError, OSError) as exc:
        return None, f"{type(exc).__name__}: {exc}"


def player_counts(game_name: str) -> list[int]:
    from boardgym.games import game_class

    entry = pz_entry(game_name) or {}
    if entry.get("test_player_counts"):
        return list(entry["test_player_counts"])
    info = game_class(game_name).info
    return list(range(info.min_players, info.max_players + 1))


def env_game_kwargs(env_id: str) -> tuple[str, dict, dict]:
    """A registered Gymnasium id -> ``(game_name, game_kwargs, env_kwargs)``."""
    import gymnasium

    import boardgym  # noqa: F401  (registers the ids)

    spec = gymnasium.spec(env_id)
    kw = dict(spec.kwargs)
    game = kw.pop("game")
    env_kw = {k: kw.pop(k) for k in ENV_ONLY_KWARGS if k in kw}
    return game, kw, env_kw


@dataclass
class GameResult:
    seed: int
    seats: list[int]          # agent index per seat
    returns: list[float]
    scores: list[float]
    decisions: int
    seconds: float = 0.0      # wall time of the game (where it was played)


def seat_scores(state) -> list[float]:
    """The game's score per seat where the state has ``score(p)`` (a cooperative game's is the
    team's, the same for every seat), else its returns."""
    n = state.game.num_players
    if hasattr(state, "score"):
        return [float(state.score(p)) for p in range(n)]
    return [float(x) for x in state.returns()]


# ``python -m boardgym.eval --save-replays DIR`` sets this variable, so every game of the run, in this
# process or in a worker it starts, saves its replay there (save_replay below).
REPLAYS_ENV = "BOARDGYM_SAVE_REPLAYS"


def play_one(game, agents: list[Agent], seats: list[int], seed: int, save_replays=None) -> GameResult:
    """One game: ``seats[p]`` indexes ``agents`` for seat ``p``; chance from ``seed``. With
    ``save_replays`` (a folder; default: the ``BOARDGYM_SAVE_REPLAYS`` variable) the game's
    replay is written there."""
    t0 = time.perf_counter()
    n = game.num_players
    by_seat = [agents[seats[p]] for p in range(n)]
    final, replay = play(game, seed, seat_chooser(by_seat, seed))
    folder = save_replays or os.environ.get(REPLAYS_ENV)
    if folder:
        save_replay(replay, [getattr(a, "name", "agent") for a in by_seat], folder)
    return GameResult(seed, list(seats), [float(x) for x in final.returns()], seat_scores(final),
                      len(replay.actions), time.perf_counter() - t0)


def save_replay(replay, names: list[str], folder) -> Path:
    """Write one game's replay to ``folder`` as ``<game>_<n>p_seed<S>_<agent per seat>_<hash>.json``;
    the hash of its content keeps games that differ apart (and the same game the same file)."""
    replay.agents, replay.source = list(names), "python -m boardgym.eval"
    text = replay.to_json()
    who = "-".join(re.sub(r"[^A-Za-z0-9_.]+", "_", x)[:24] for x in names)
    digest = hashlib.blake2b(text.encode(), digest_size=4).hexdigest()
    path = Path(folder) / f"{replay.game}_{len(names)}p_seed{replay.seed}_{who}_{digest}.json"
    return replay.save(path)


def pair_outcomes(result: GameResult) -> list[tuple[int, int, float]]:
    """Pairwise ``(agent_i, agent_j, score_of_i)`` for every pair of seats held by different
    agents: 1 if seat i's return beats seat j's, 0.5 if equal, 0 otherwise."""
    out = []
    r, s = result.returns, result.seats
    for i in range(len(s)):
        for j in range(i + 1, len(s)):
            if s[i] == s[j]:
                continue
            v = 1.0 if r[i] > r[j] else 0.5 if r[i] == r[j] else 0.0
            out.append((s[i], s[j], v))
    return out


def team_win(returns) -> float:
    """Solo / cooperative: a positive (team) return is a win."""
    return 1.0 if np.mean(returns) > 0 else 0.0


def seat_win(returns, seat: int) -> float:
    """Competitive: ``seat``'s share of first place: 1 for the top return, 1/k for a first place
    shared by k seats, 0 otherwise."""
    best = max(returns)
    return 1.0 / sum(1 for x in returns if x == best) if returns[seat] == best else 0.0


def solo_win(result: GameResult) -> float:
    """Solo / cooperative: a positive (team) return is a win."""
    return team_win(result.returns)


def seat_assignments(n_players: int, game_index: int) -> list[int]:
    """Seat rotation for a two-agent match: 0 = agent A, 1 = agent B, alternating seats and
    shifted by one each game, so every seat is held by each agent equally often."""
    return [((p + game_index) % 2) for p in range(n_players)]
