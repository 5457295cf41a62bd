"""From ``boardgym play``'s flags to a configured game, its seats and their agents."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import yaml

from boardgym.core.errors import ConfigError
from boardgym.envs.registry import default_players, players_kwarg


def parse_set(items) -> dict:
    cfg = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--set expects key=value, got {item!r}")
        try:
            cfg[key.strip()] = yaml.safe_load(value)
        except yaml.YAMLError as exc:
            raise ConfigError(f"--set {item}: the value is not YAML ({getattr(exc, 'problem', None) or exc})") from None
    return cfg


@dataclass
class Table:
    """One game ready to play: the game, the seed, the seats the person plays, the agents."""
    game: object
    seed: int
    n: int
    human: set
    agents: dict
    agent_label: str


def build(args) -> Table:
    from boardgym.envs.opponents import check_spec, make_agent
    from boardgym.games import game_class, make_game

    info = game_class(args.game).info
    pkw = players_kwarg(args.game)
    n = args.players if args.players is not None else default_players(args.game)
    if not info.min_players <= n <= info.max_players:
        raise ConfigError(f"{args.game} takes {info.min_players}-{info.max_players} players, got {n}")
    if not 0 <= args.seat < n:
        raise ConfigError(f"--seat must be in 0..{n - 1}, got {args.seat}")
    check_spec(args.opponents)  # also when --all-seats leaves it no seat
    cfg = parse_set(args.set)
    if pkw in cfg:
        raise ConfigError(f"--set {pkw}: set the number of players with --players")
    cfg[pkw] = n
    if args.seed is not None and args.seed < 0:
        raise ConfigError(f"--seed must be a whole number >= 0, got {args.seed}")
    save = getattr(args, "save_replay", None)
    if save and not Path(save).resolve().parent.is_dir():  # checked now, so a typo loses no game
        raise ConfigError(f"--save-replay: the folder {str(Path(save).resolve().parent)!r} does not exist")
    game = make_game(args.game, **cfg)
    seed = args.seed if args.seed is not None else int(np.random.SeedSequence().entropy % (2 ** 31))
    human = set(range(n)) if args.all_seats else {args.seat}
    agents = {p: make_agent(args.opponents, args.game, seed + 1 + p) for p in range(n) if p not in human}
    return Table(game, seed, n, human, agents, agent_label(args.opponents))


def agent_label(spec: str) -> str:
    """How the other seats' agent is named in the transcript: the spec's kind ("heuristic",
    "ppo", "ismcts"), or the class a ``module:Class`` spec names."""
    from boardgym.agents.specs import KINDS

    head = spec.split(":", 1)[0]
    return head if head in KINDS else spec.rsplit(":", 1)[-1]
