"""``python -m boardgym.eval --game G [--agents random,heuristic[,pretrained[:NAME]][,ppo:PATH][,rllib:PATH][,ismcts:K=V,...][,module:Class]] [--games N]
[--players P[,Q]] [--option KEY=VALUE ...] [--seed-base S] [--tb runs/NAME/tb] [--out results/G]
[--jobs N | --ray [--address auto|HOST:PORT] [--ray-cpus N] [--cpus-per-task N]]``:
tournaments -> tournament.md/.json + PNGs. The games are played here, in ``--jobs`` local
processes or as Ray tasks (``boardgym.eval.runner``; docs/scaling.md), with the same tables either way.
Agent specs are parsed by ``boardgym.agents.specs`` (``--help`` lists the kinds); a flag with a wrong
value stops the command before any game is played, with a message naming it.
"""
from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import yaml

from boardgym.agents.specs import split_specs
from boardgym.envs.registry import default_players
from boardgym.extras import require_for
from boardgym.games import GAMES

from . import plots, tournament
from .args import count, natural, player_counts
from .play import REPLAYS_ENV
from .runner import add_runner_args, runner_from_args

CONFIG = Path(__file__).resolve().parent / "configs" / "defaults.yaml"


def game_defaults(game: str) -> dict:
    table = yaml.safe_load(CONFIG.read_text()) or {}
    return table.get(game, {})


def default_player_counts(game: str) -> list[int]:
    """The tournaments ``--players`` runs when not given: the game's defaults.yaml list, else the
    game's one default player count (``boardgym.envs.registry.default_players``)."""
    return list(game_defaults(game).get("tournament", {}).get("players", [default_players(game)]))


def parse_args(argv=None):
    from boardgym.agents.specs import kinds_help

    ap = argparse.ArgumentParser(prog="python -m boardgym.eval", description="Tournaments over fixed seeds.",
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="agent specs:\n" + kinds_help())
    ap.add_argument("--game", default="ancient_terrible_things", choices=list(GAMES))
    ap.add_argument("--agents", help="semicolon or comma list of agent specs (below); an ISMCTS "
                    "spec takes the KEY=VALUE parts after it, or the rest of its ';'-separated item")
    ap.add_argument("--games", type=count, help="games per pair (competitive) or per agent (solo)")
    ap.add_argument("--players", type=player_counts, help="player count(s), comma list, e.g. 2 or 2,1 "
                    "(default: the game's own default, as its Gymnasium id's)")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option (YAML value), e.g. --option level=1 --option modules=null")
    ap.add_argument("--seed-base", type=natural)
    ap.add_argument("--bootstrap", type=natural, default=500,
                    help="bootstrap resamples over games for the Elo intervals (0 = profile likelihood only)")
    ap.add_argument("--tb", help="a TensorBoard log dir (runs/NAME/tb) to plot a learning curve from")
    ap.add_argument("--out", help="output folder (default results/<game>)")
    add_runner_args(ap)
    ap.add_argument("--save-replays", metavar="DIR",
                    help="save every game as a replay file in DIR (watch one: boardgym view FILE)")
    return ap.parse_args(argv)


def parse_options(items: list[str]) -> dict:
    from boardgym.train.config import set_dotted

    out: dict = {}
    for item in items:
        set_dotted(out, item, "--option")
    return out


def check_args(game: str, specs: list[str], players: list[int], options: dict, tb: str | None) -> None:
    """Refuse what would otherwise run and be wrong, or fail late: an agent spec that is not
    one (the kinds listed), a player count the game does not take, an option that sets the
    player count beside ``--players``, an option the game does not have, a ``--tb`` folder
    without event files. A SystemExit naming the flag."""
    from boardgym.agents.specs import check_spec
    from boardgym.core.errors import ConfigError
    from boardgym.games import game_class, make_game

    from .play import players_kwarg

    for spec in specs:
        try:
            check_spec(spec, game)
        except ConfigError as exc:
            raise SystemExit(f"python -m boardgym.eval: --agents: {exc}") from None
    if not specs:
        raise SystemExit("python -m boardgym.eval: --agents: no agent spec given")
    info = game_class(game).info
    pkw = players_kwarg(game)
    if pkw in options:
        raise SystemExit(f"python -m boardgym.eval: --option {pkw}: set the player count with --players")
    for p in players:
        if not info.min_players <= p <= info.max_players:
            raise SystemExit(f"python -m boardgym.eval: --players: {game} takes {info.min_players} to "
                             f"{info.max_players} players, got {p}")
        try:
            make_game(game, **dict(options, **{pkw: p}))
        except ConfigError as exc:
            raise SystemExit(f"python -m boardgym.eval: --option: {exc}") from None
        for spec in specs:   # an agent made for other options (a pretrained policy's)
            try:
                check_spec(spec, game, dict(options, **{pkw: p}))
            except ConfigError as exc:
                raise SystemExit(f"python -m boardgym.eval: --agents: {exc}") from None
    if tb is not None and not any(Path(tb).rglob("events.out.tfevents.*")):
        raise SystemExit(f"python -m boardgym.eval: --tb: no TensorBoard event files under {tb!r}")


def replays_folder(path: str) -> str:
    """``--save-replays DIR``: make the folder; its absolute path."""
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SystemExit(f"python -m boardgym.eval: --save-replays: cannot make {path!r} ({exc.strerror or exc})") from None
    return str(Path(path).resolve())


def main(argv=None) -> int:
    args = parse_args(argv)
    require_for("python -m boardgym.eval", "train")
    if not args.save_replays:
        return _main(args)
    # every game of the run, and of the processes and Ray workers it starts, saves there; the
    # variable is put back afterwards, so a caller's later games in this process do not save
    before = os.environ.get(REPLAYS_ENV)
    os.environ[REPLAYS_ENV] = replays_folder(args.save_replays)
    try:
        return _main(args)
    finally:
        if before is None:
            os.environ.pop(REPLAYS_ENV, None)
        else:
            os.environ[REPLAYS_ENV] = before


def _main(args) -> int:
    d = game_defaults(args.game).get("tournament", {})
    specs = split_specs(args.agents) if args.agents is not None else list(d.get("agents", ["random"]))
    options = parse_options(args.option)
    players = args.players if args.players else default_player_counts(args.game)
    check_args(args.game, specs, players, options, args.tb)
    runner = runner_from_args(args, "python -m boardgym.eval", log=lambda m: print(m, flush=True))
    games = args.games if args.games is not None else int(d.get("games", 100))
    seed_base = args.seed_base if args.seed_base is not None else int(d.get("seed_base", 0))
    out = Path(args.out) if args.out else Path("results") / args.game
    out.mkdir(parents=True, exist_ok=True)

    t0 = time.perf_counter()
    results, md, pngs = [], [f"# Tournament: {args.game}\n",
                             f"agents: {'; '.join(specs)}; games: {games}; seed base: {seed_base}"
                             + (f"; options: {options}" if options else "") + "\n"], []
    for p in players:
        r = tournament.run(args.game, specs, p, games, seed_base, n_boot=args.bootstrap, options=options,
                           runner=runner)
        results.append(r)
        section = tournament.to_markdown(r)
        md.append(section)
        print(section, flush=True)
        if r["kind"] == "competitive" and len(r["agents"]) >= 1:
            pngs.append(plots.rating_bars(r, out / f"ratings_{p}p.png"))
        elif r["kind"] in ("team", "mirror"):
            pngs.append(plots.winrate_bars(r, out / f"winrate_{p}p.png"))
    if args.tb:
        curve = plots.learning_curve(args.tb, out / "learning_curve.png")
        if curve is not None:
            pngs.append(curve)
            md.append(f"Learning curve from `{args.tb}`: ![learning curve]({curve.name})\n")
    md.append("Plots: " + ", ".join(f"`{p.name}`" for p in pngs) + "\n")
    (out / "tournament.md").write_text("\n".join(md))
    (out / "tournament.json").write_text(json.dumps(
        {"game": args.game, "agents": specs, "games": games, "seed_base": seed_base,
         "tournaments": results, "plots": [str(p) for p in pngs],
         "played_on": runner.describe(), "seconds": round(time.perf_counter() - t0, 2)},
        indent=2, default=str))
    played = sum(r["games_played"] for r in results)
    if not played:   # every agent was skipped (the tables say why): nothing was measured
        print(f"python -m boardgym.eval: no game was played: no agent of --agents could be built for {args.game} "
              f"(the reasons are in {out / 'tournament.md'})", flush=True)
        return 1
    if args.save_replays:
        print(f"replays of the {played} games in {args.save_replays} (watch one: boardgym view FILE)", flush=True)
    print(f"wrote {out / 'tournament.md'}, {out / 'tournament.json'} and {len(pngs)} plot(s) "
          f"in {time.perf_counter() - t0:.1f} s (games played on {runner.describe()})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
