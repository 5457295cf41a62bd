"""``python -m boardgym.eval.prompt_sizes [--games N] [--players 1,2,3,4]``: what a language model
reads and how often it is asked, per game and player count (the table of docs/llm.md).

Whole games are played through the PettingZoo text envs (``boardgym/<game>_text_v0``) by a reader
that answers with a random option read from the prompt; every prompt is measured in characters.
A decision is one prompt answered: the number of calls a model makes per game when it plays every
seat (a model playing one seat of a competitive game makes that seat's share)."""
from __future__ import annotations

import argparse
import re
import time

import numpy as np

OPTION = re.compile(r"^\s+(\d+)\. (.*)$", re.M)


def play(env_id: str, players_kwarg: str, n: int, seed: int) -> list[int]:
    """The length of every prompt of one game of ``n`` seats."""
    import pettingzoo

    env = pettingzoo.make("aec", env_id, **{players_kwarg: n})
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    sizes = []
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        sizes.append(len(obs))
        opts = OPTION.findall(obs[obs.rfind("Your options:"):])
        env.step(opts[int(rng.integers(len(opts)))][1])
    return sizes


def rows(games: int, counts: list[int]):
    import boardgym  # noqa: F401  (registers the ids)
    from boardgym.envs.registry import registry, text_id

    for entry in registry()["pettingzoo"]:
        for n in counts:
            if n not in entry.get("test_player_counts", counts):
                continue
            t0 = time.perf_counter()
            per_game = [play(text_id(entry["id"]), entry["players_kwarg"], n, seed) for seed in range(games)]
            every = np.concatenate([np.array(g) for g in per_game])
            yield {"game": entry["module"].rsplit(".", 1)[-1][:-3], "players": n,
                   "decisions": float(np.mean([len(g) for g in per_game])),
                   "first": int(np.mean([g[0] for g in per_game])),
                   "median": int(np.median(every)), "p95": int(np.percentile(every, 95)),
                   "max": int(every.max()), "seconds": time.perf_counter() - t0}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m boardgym.eval.prompt_sizes", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=5, help="random games per game and player count (default 5)")
    ap.add_argument("--players", default="1,2,3,4", help="player counts, comma list (default 1,2,3,4)")
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    print("| game | players | decisions per game (mean) | first prompt, chars | prompt chars: median | 95th percentile | longest |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in rows(args.games, counts):
        print(f"| {r['game']} | {r['players']} | {r['decisions']:.0f} | {r['first']:,} | {r['median']:,} | "
              f"{r['p95']:,} | {r['max']:,} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
