"""``python -m eval --game G [--agents random,heuristic[,ppo:PATH][,ismcts:K=V,...]] [--games N]
[--players P[,Q]] [--option KEY=VALUE ...] [--seed-base S] [--tb runs/NAME/tb] [--out results/G]``:
tournaments -> tournament.md/.json + PNGs.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import yaml

from boardgym.games import GAMES

from . import plots, tournament

CONFIG = Path(__file__).resolve().parent / "configs" / "defaults.yaml"


def game_defaults(game: str) -> dict:
    table = yaml.safe_load(CONFIG.read_text()) or {}
    return table.get(game, {})


def parse_args(argv=None):
    ap = argparse.ArgumentParser(prog="python -m eval", description="Tournaments over fixed seeds.")
    ap.add_argument("--game", default="ancient_terrible_things", choices=list(GAMES))
    ap.add_argument("--agents", help="semicolon or comma list: random, heuristic, ppo:PATH, module:Class, "
                    "ismcts:KEY=VALUE,... (an ISMCTS spec takes the rest of its ';'-separated item)")
    ap.add_argument("--games", type=int, help="games per pair (competitive) or per agent (solo)")
    ap.add_argument("--players", help="player count(s), comma list, e.g. 2 or 2,1")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option (YAML value), e.g. --option level=1 --option modules=null")
    ap.add_argument("--seed-base", type=int)
    ap.add_argument("--bootstrap", type=int, default=500, help="bootstrap resamples for Elo intervals")
    ap.add_argument("--tb", help="a TensorBoard log dir (runs/NAME/tb) to plot a learning curve from")
    ap.add_argument("--out", help="output folder (default results/<game>)")
    return ap.parse_args(argv)


def split_agents(text: str) -> list[str]:
    """``a;b;c`` or ``a,b,c``; with ``;`` an item may hold commas (``ismcts:k=v,k=v``). Without
    ``;``, a ``KEY=VALUE`` part after an ISMCTS item belongs to it (no other agent spec holds
    ``=``), so ``ismcts:simulations=16,rollout=heuristic`` stays one agent."""
    if ";" in text:
        return [x.strip() for x in text.split(";") if x.strip()]
    out: list[str] = []
    for x in (x.strip() for x in text.split(",")):
        if not x:
            continue
        if out and out[-1].startswith("ismcts") and "=" in x and ":" not in x.split("=", 1)[0]:
            out[-1] += "," + x
        else:
            out.append(x)
    return out


def parse_options(items: list[str]) -> dict:
    from train.config import set_dotted

    out: dict = {}
    for item in items:
        set_dotted(out, item, "--option")
    return out


def main(argv=None) -> int:
    args = parse_args(argv)
    d = game_defaults(args.game).get("tournament", {})
    specs = split_agents(args.agents) if args.agents else list(d.get("agents", ["random"]))
    options = parse_options(args.option)
    players = ([int(x) for x in args.players.split(",")] if args.players
               else list(d.get("players", [2])))
    games = args.games if args.games is not None else int(d.get("games", 100))
    seed_base = args.seed_base if args.seed_base is not None else int(d.get("seed_base", 0))
    out = Path(args.out) if args.out else Path("results") / args.game
    out.mkdir(parents=True, exist_ok=True)

    t0 = time.perf_counter()
    results, md, pngs = [], [f"# Tournament: {args.game}\n",
                             f"agents: {'; '.join(specs)}; games: {games}; seed base: {seed_base}"
                             + (f"; options: {options}" if options else "") + "\n"], []
    for p in players:
        r = tournament.run(args.game, specs, p, games, seed_base, n_boot=args.bootstrap, options=options)
        results.append(r)
        section = tournament.to_markdown(r)
        md.append(section)
        print(section, flush=True)
        if r["kind"] == "competitive" and len(r["agents"]) >= 1:
            pngs.append(plots.rating_bars(r, out / f"ratings_{p}p.png"))
        elif r["kind"] == "team":
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
         "seconds": round(time.perf_counter() - t0, 2)}, indent=2, default=str))
    print(f"wrote {out / 'tournament.md'}, {out / 'tournament.json'} and {len(pngs)} plot(s) "
          f"in {time.perf_counter() - t0:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
