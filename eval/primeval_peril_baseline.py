"""Primeval Peril's heuristic against uniform-random play while the game is not registered
(``python -m eval.results`` takes over once it is): seeded solo games per difficulty, the
rate of reaching an ending with its 95% Wilson interval, the mean score with its 95% t
interval, and how the other games ended.

    PYTHONPATH=. python -m eval.primeval_peril_baseline --games 300 --seed 300000
"""
from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

from agents.primeval_peril_heuristic import PrimevalHeuristicAgent
from boardgym.core.agent import RandomAgent
from boardgym.core.chance import sample_outcome
from boardgym.core.game import CHANCE
from boardgym.games.primeval_peril.game import PrimevalGame
from eval.stats import mean_interval, wilson_interval


def play(agent_name: str, seed: int, **opts):
    """One game, every seat the same kind of agent; chance from its own seeded generator."""
    s = PrimevalGame(**opts).new_initial_state()
    rng = np.random.default_rng(seed)
    make = PrimevalHeuristicAgent if agent_name == "heuristic" else RandomAgent
    agents = [make(seed=seed * 10 + p) for p in range(s.n)]
    while not s.is_terminal():
        if s.current_player == CHANCE:
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            s.apply(agents[s.current_player].act(None, s.legal_mask(), s))
    return s


def how_it_ended(s) -> str:
    if s.result == 1:
        return "ending"
    if s.result == 0:
        return "truncated"
    if all(h == 0 for h in s.hp):
        return "all at 0 HP"
    return "last turns out" if s.moons >= 6 else "combat lost (no attacker left / round cap)"


def measure(agent_name: str, games: int, seed: int, **opts) -> dict:
    ends, scores, why = [], [], Counter()
    for k in range(games):
        s = play(agent_name, seed + k, **opts)
        ends.append(s.result == 1)
        scores.append(s.score())
        why[how_it_ended(s)] += 1
    lo, hi = wilson_interval(sum(ends), games)
    m, mlo, mhi = mean_interval(scores)
    return {"rate": sum(ends) / games, "rate_ci": (lo, hi), "score": m, "score_ci": (mlo, mhi), "why": dict(why)}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=300000)
    ap.add_argument("--difficulty", nargs="+", default=["easy", "normal"])
    ap.add_argument("--players", type=int, default=1)
    args = ap.parse_args(argv)
    for diff in args.difficulty:
        for name in ("heuristic", "random"):
            r = measure(name, args.games, args.seed, difficulty=diff, num_players=args.players)
            print(f"{diff:6} {name:9} ending {r['rate']:.3f} [{r['rate_ci'][0]:.3f}, {r['rate_ci'][1]:.3f}]"
                  f"  score {r['score']:.2f} [{r['score_ci'][0]:.2f}, {r['score_ci'][1]:.2f}]  {r['why']}")


if __name__ == "__main__":
    main()
