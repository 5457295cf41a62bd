"""Tournaments over fixed seed sets, for any registered game.

Competitive: every pair of agents plays ``games`` games, seats rotated each game
(``play.seat_assignments``); the head-to-head matrix counts pairwise results between seats held
by different agents (a draw is 1/2), Elo ratings are the Bradley-Terry fit of all pairwise
results with 95% intervals (the profile likelihood of that fit, widened to a bootstrap over
games where wider: ``eval.stats.elo_with_intervals``). Solo / cooperative: each agent plays
every seat; win rate (Wilson 95%) and mean score (Student t 95%).
"""
from __future__ import annotations

import itertools

import numpy as np

from agents.specs import spec_label
from boardgym.games import make_game

from .evaluate import evaluate_team, results_table
from .play import pair_outcomes, play_one, players_kwarg, seat_assignments, try_agent
from .stats import elo_with_intervals, paired_sign_test, pairwise_matrix, wilson_interval


def competitive(game_name: str, game_kwargs: dict, specs: list[str], games: int, seed_base: int,
                n_boot: int = 500) -> dict:
    game = make_game(game_name, **game_kwargs)
    n = game.num_players
    agents, labels, skipped = [], [], []
    for i, spec in enumerate(specs):
        a, why = try_agent(spec, game_name, i)
        if a is None:
            skipped.append({"agent": spec_label(spec), "reason": why})
            continue
        # two instances so both sides of a self-pairing would have their own generator
        b, _ = try_agent(spec, game_name, i + 100)
        agents.append((a, b))
        label = spec_label(spec)
        if label in labels:
            label = f"{label}#{sum(1 for x in labels if x.split('#')[0] == label) + 1}"
        labels.append(label)
    k = len(agents)
    seeds = list(range(seed_base, seed_base + games))
    per_game = []  # list of pairwise results per game, agent indices into labels
    for ia, ib in itertools.combinations(range(k), 2):
        for g, seed in enumerate(seeds):
            seats = seat_assignments(n, g)
            r = play_one(game, [agents[ia][0], agents[ib][0]], seats, seed)
            per_game.append([((ia, ib)[x], (ia, ib)[y], s) for x, y, s in pair_outcomes(r)])
    w = pairwise_matrix([r for g in per_game for r in g], k)
    played = w + w.T
    matrix = [[None if i == j or played[i, j] == 0 else float(w[i, j] / played[i, j]) for j in range(k)]
              for i in range(k)]
    intervals = [[None if i == j or played[i, j] == 0 else list(wilson_interval(w[i, j], int(played[i, j])))
                  for j in range(k)] for i in range(k)]
    if k >= 2 and per_game:
        elo, lo, hi = elo_with_intervals(per_game, k, n_boot=n_boot, rng=seed_base)
    else:
        elo, lo, hi = np.full(k, 1000.0), np.full(k, 1000.0), np.full(k, 1000.0)
    return {"kind": "competitive", "players": n, "game_kwargs": game_kwargs, "agents": labels,
            "skipped": skipped, "games_per_pair": games, "seeds": [seeds[0], seeds[-1]] if seeds else [],
            "win_matrix": matrix, "win_intervals": intervals,
            "pair_results": played.astype(int).tolist(),
            "elo": [float(x) for x in elo], "elo_low": [float(x) for x in lo],
            "elo_high": [float(x) for x in hi]}


def team(game_name: str, game_kwargs: dict, specs: list[str], games: int, seed_base: int) -> dict:
    seeds = list(range(seed_base, seed_base + games))
    rows = evaluate_team(game_name, game_kwargs, specs, seeds)
    game = make_game(game_name, **game_kwargs)
    played = [r for r in rows if r.get("per_seed")]
    paired = [{"a": a["agent"], "b": b["agent"], **paired_sign_test(a["per_seed"], b["per_seed"])}
              for i, a in enumerate(played) for b in played[i + 1:]]
    return {"kind": "team", "players": game.num_players, "game_kwargs": game_kwargs,
            "seeds": [seeds[0], seeds[-1]] if seeds else [], "rows": rows, "paired": paired}


def run(game_name: str, specs: list[str], players: int, games: int, seed_base: int,
        n_boot: int = 500, options: dict | None = None) -> dict:
    kwargs = dict(options or {}, **{players_kwarg(game_name): players})
    game = make_game(game_name, **kwargs)
    if players == 1 or game.info.cooperative:
        return team(game_name, kwargs, specs, games, seed_base)
    return competitive(game_name, kwargs, specs, games, seed_base, n_boot)


def to_markdown(result: dict) -> str:
    p = result["players"]
    if result["kind"] == "team":
        title = "solo" if p == 1 else f"{p} players (cooperative)"
        paired = "".join(
            f"\n- {x['a']} won {x['a_only']} seeds that {x['b']} lost, and lost {x['b_only']} that it "
            f"won (exact McNemar p = {x['p_value']:.3g})" for x in result.get("paired", []))
        return (f"## {title}\n\nSeeds {result['seeds'][0]}..{result['seeds'][-1]}, the same for every "
                f"agent.\n\n" + results_table(result["rows"]) + "\n"
                + (f"\nPaired on the same seeds:\n{paired}\n" if paired else ""))
    labels = result["agents"]
    out = [f"## {p} players (competitive)\n",
           f"{result['games_per_pair']} games per pair on seeds {result['seeds'][0]}..{result['seeds'][-1]}, "
           f"seats rotated each game. Cell = row's share of pairwise results against column "
           f"(draws 1/2) with its 95% Wilson interval.\n"]
    out.append("| | " + " | ".join(labels) + " |")
    out.append("|---|" + "---|" * len(labels))
    for i, a in enumerate(labels):
        cells = []
        for j in range(len(labels)):
            v = result["win_matrix"][i][j]
            if v is None:
                cells.append("-")
            else:
                lo, hi = result["win_intervals"][i][j]
                cells.append(f"{v:.3f} [{lo:.2f}, {hi:.2f}]")
        out.append(f"| **{a}** | " + " | ".join(cells) + " |")
    out.append("\n| agent | Elo | 95% CI (profile likelihood; bootstrap over games where wider) |\n|---|---:|---|")
    order = np.argsort(result["elo"])[::-1]
    for i in order:
        out.append(f"| {labels[i]} | {result['elo'][i]:.0f} | [{result['elo_low'][i]:.0f}, "
                   f"{result['elo_high'][i]:.0f}] |")
    for s in result["skipped"]:
        out.append(f"\nskipped {s['agent']}: {s['reason']}")
    return "\n".join(out) + "\n"
