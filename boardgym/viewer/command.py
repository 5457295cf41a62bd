"""``boardgym view``: its arguments and the command (``boardgym.cli`` adds the subparser)."""
from __future__ import annotations

import sys
from pathlib import Path

from boardgym.core.errors import ConfigError, StateError


def add_parser(sub) -> None:
    wp = sub.add_parser("view", help="write a replay as one HTML page to watch in a browser")
    wp.add_argument("replay", nargs="?", default=None, help="a replay file (.json)")
    wp.add_argument("-o", "--output", default=None, metavar="OUT.html",
                    help="the page to write (default: the replay's name with .html, or "
                         "results/viewer/GAME-seedN.html with --game)")
    wp.add_argument("--seat", type=int, default=None, help="open on this seat's own view")
    wp.add_argument("--max-steps", type=int, default=None, help="show only the first N decisions")
    wp.add_argument("--game", default=None, help="play a new game of GAME first (no replay file)")
    wp.add_argument("--agents", default="heuristic",
                    help="with --game: an agent spec for every seat, or a list, one per seat")
    wp.add_argument("--players", type=int, default=None, help="with --game: the number of players")
    wp.add_argument("--seed", type=int, default=0, help="with --game: the seed for chance and agents")
    wp.add_argument("--set", action="append", metavar="KEY=VALUE", help="with --game: a game option")


def view(args, out) -> int:
    """Write the page (of a replay file, or of a new game with ``--game``); exit status 2 and
    the reason on a replay that does not load."""
    from . import play_replay, write_viewer

    if args.max_steps is not None and args.max_steps < 1:
        raise ConfigError(f"--max-steps must be a whole number >= 1, got {args.max_steps}")
    try:
        if args.game is None:
            if args.replay is None:
                raise ConfigError("view: give a replay file, or --game GAME to play one first")
            folder = Path(args.output).parent if args.output else None
            if folder is not None and not folder.is_dir():
                raise ConfigError(f"-o {args.output}: the folder {folder} does not exist; create it or "
                                  "write the page into an existing folder")
            path = write_viewer(args.replay, args.output, args.seat, args.max_steps)
        else:
            if args.replay is not None:
                raise ConfigError("view: give a replay file or --game, not both")
            replay = play_replay(args.game, _specs(args), args.seed, _options(args))
            base = Path(args.output) if args.output else Path("results") / "viewer" / f"{args.game}-seed{args.seed}.html"
            base.parent.mkdir(parents=True, exist_ok=True)
            saved = replay.save(base.with_suffix(".json"))
            print(f"Replay saved to {saved}", file=out)
            path = write_viewer(replay, base, args.seat, args.max_steps)
    except StateError as exc:
        print(f"boardgym: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # the page cannot be written there (no permission, a full disk)
        print(f"boardgym: error: cannot write {exc.filename or args.output}: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    print(f"Viewer written to {path} ({path.stat().st_size / 1e6:.1f} MB): open it in a browser", file=out)
    return 0


def _specs(args) -> list[str]:
    from boardgym.agents.specs import split_specs
    from boardgym.envs.opponents import check_spec
    from boardgym.games import GAMES

    if args.game not in GAMES:
        raise ConfigError(f"--game: unknown game {args.game!r}; known games: {', '.join(GAMES)}")
    if args.seed < 0:
        raise ConfigError(f"--seed must be a whole number >= 0, got {args.seed}")
    specs = split_specs(args.agents)
    for spec in specs:
        check_spec(spec, args.game)
    return specs


def _options(args) -> dict:
    from boardgym.envs.registry import players_kwarg
    from boardgym.terminal.setup import parse_set

    cfg = parse_set(args.set)
    if args.players is not None:
        cfg[players_kwarg(args.game)] = args.players
    return cfg
