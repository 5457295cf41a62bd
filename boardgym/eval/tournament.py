"""Tournaments over fixed seed sets, for any registered game.

Competitive: every pair of agents plays ``games`` games, seats rotated each game
(``play.seat_assignments``); the head-to-head matrix counts pairwise results between seats held
by different agents (a draw is 1/2), Elo ratings are the Bradley-Terry fit of all pairwise
results with 95% intervals (the profile likelihood of that fit, widened to a bootstrap over
games where wider: ``boardgym.eval.stats.elo_with_intervals``). Solo / cooperative: each agent plays
every seat; win rate (Wilson 95%) and mean score (Student t 95%). Mirror match (a competitive
game and one agent): the agent holds every seat of every game; per seat, its share of first
places (Wilson 95%) and mean score, which shows what moving first or last is worth.
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from boardgym.agents.specs import spec_label
from boardgym.games import make_game

from .evaluate import score_row, evaluate_team, results_table, team_jobs
from .play import pair_outcomes, players_kwarg, seat_assignments, seat_win, try_agent
from .runner import GameJob, GameRunner
from .stats import elo_with_intervals, paired_score_test, paired_sign_test, pairwise_matrix, wilson_interval


def competitive_jobs(game_name: str, game_kwargs: dict, specs: list, k_specs: list[int], games: int,
                     seed_base: int) -> list[GameJob]:
    """Every pair of the agents ``k_specs`` (indices into ``specs``, agent ``i`` built with seed
    ``i``) plays ``games`` games on seeds ``seed_base...``, seats rotated each game."""
    n = make_game(game_name, **game_kwargs).num_players
    seeds = list(range(seed_base, seed_base + games))
    return [GameJob(game_name, dict(game_kwargs), (specs[ia], specs[ib]), (ia, ib),
                    tuple(seat_assignments(n, g)), seed)
            for ia, ib in itertools.combinations(k_specs, 2) for g, seed in enumerate(seeds)]


def competitive(game_name: str, game_kwargs: dict, specs: list[str], games: int, seed_base: int,
                n_boot: int = 500, runner=None) -> dict:
    game = make_game(game_name, **game_kwargs)
    n = game.num_players
    kept, labels, skipped = [], [], []
    for i, spec in enumerate(specs):
        _, why = try_agent(spec, game_name, i)
        if why is not None:
            skipped.append({"agent": spec_label(spec), "reason": why})
            continue
        kept.append(i)
        label = spec_label(spec)
        if label in labels:
            label = f"{label}#{sum(1 for x in labels if x.split('#')[0] == label) + 1}"
        labels.append(label)
    k = len(kept)
    seeds = list(range(seed_base, seed_base + games))
    if k == 1:   # no pair to play: the one agent against itself, in every seat
        return mirror(game_name, game_kwargs, specs[kept[0]], labels[0], seeds, skipped, runner)
    jobs = competitive_jobs(game_name, game_kwargs, specs, kept, games, seed_base)
    index = {i: j for j, i in enumerate(kept)}   # spec index -> row of the tables
    per_game = []  # list of pairwise results per game, agent indices into labels
    for job, r in zip(jobs, (runner or GameRunner()).play(jobs)):
        pair = [index[s] for s in job.build_seeds]
        per_game.append([(pair[x], pair[y], s) for x, y, s in pair_outcomes(r)])
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
            "skipped": skipped, "games_per_pair": games, "games_played": len(jobs), "seeds": [seeds[0], seeds[-1]] if seeds else [],
            "win_matrix": matrix, "win_intervals": intervals,
            "pair_results": played.astype(int).tolist(),
            "elo": [float(x) for x in elo], "elo_low": [float(x) for x in lo],
            "elo_high": [float(x) for x in hi]}


def mirror(game_name: str, game_kwargs: dict, spec: str, label: str, seeds: list[int], skipped: list,
           runner=None) -> dict:
    """A competitive game with one agent: it holds every seat of every game (one per seed); a
    row per seat with its share of first places (a first place shared by k seats counts 1/k)
    and its mean score."""
    n = make_game(game_name, **game_kwargs).num_players
    results = (runner or GameRunner()).play(team_jobs(game_name, game_kwargs, spec, seeds))
    rows = [score_row(f"{label} in seat {p}", f"{label} in the other seats",
                 sum(seat_win(r.returns, p) for r in results), len(results), [r.scores[p] for r in results])
            for p in range(n)]
    return {"kind": "mirror", "players": n, "game_kwargs": game_kwargs, "agents": [label],
            "skipped": skipped, "seeds": [seeds[0], seeds[-1]] if seeds else [], "rows": rows,
            "games_played": len(results)}


def team(game_name: str, game_kwargs: dict, specs: list[str], games: int, seed_base: int,
         runner=None) -> dict:
    seeds = list(range(seed_base, seed_base + games))
    rows = evaluate_team(game_name, game_kwargs, specs, seeds, runner)
    game = make_game(game_name, **game_kwargs)
    played = [r for r in rows if r.get("per_seed")]
    paired = [{"a": a["agent"], "b": b["agent"], **paired_sign_test(a["per_seed"], b["per_seed"]),
               "scores": paired_score_test(a["per_seed_score"], b["per_seed_score"])}
              for i, a in enumerate(played) for b in played[i + 1:]]
    return {"kind": "team", "players": game.num_players, "game_kwargs": game_kwargs,
            "seeds": [seeds[0], seeds[-1]] if seeds else [], "rows": rows, "paired": paired,
            "games_played": sum(r["games"] for r in rows)}


def run(game_name: str, specs: list[str], players: int, games: int, seed_base: int,
        n_boot: int = 500, options: dict | None = None, runner=None) -> dict:
    """A competitive or team tournament (``runner``: an ``boardgym.eval.runner.GameRunner``, default
    this process; the result is the same wherever the games are played)."""
    kwargs = dict(options or {}, **{players_kwarg(game_name): players})
    game = make_game(game_name, **kwargs)
    if players == 1 or game.info.cooperative:
        return team(game_name, kwargs, specs, games, seed_base, runner)
    return competitive(game_name, kwargs, specs, games, seed_base, n_boot, runner)


def _score_line(x: dict) -> str:
    """The paired score comparison of a team tournament's pair, in words (one seed has no interval)."""
    sc = x["scores"]
    d, lo, hi = sc["mean_difference"], sc["low"], sc["high"]
    span = f" [{lo:+.2f}, {hi:+.2f}]" if math.isfinite(lo) and math.isfinite(hi) else ""
    return (f"; it scored {d:+.2f}{span} points a game against {x['b']} on the same seeds (paired t "
            f"p = {sc['t_p_value']:.3g}, Wilcoxon signed-rank p = {sc['wilcoxon_p_value']:.3g})")


def to_markdown(result: dict) -> str:
    p = result["players"]
    if result["kind"] == "team":
        title = "solo" if p == 1 else f"{p} players (cooperative)"
        paired = "".join(
            f"\n- {x['a']} won {x['a_only']} seeds that {x['b']} lost, and lost {x['b_only']} that it "
            f"won (exact McNemar p = {x['p_value']:.3g})" + _score_line(x) for x in result.get("paired", []))
        return (f"## {title}\n\nSeeds {result['seeds'][0]}..{result['seeds'][-1]}, the same for every "
                f"agent.\n\n" + results_table(result["rows"]) + "\n"
                + (f"\nPaired on the same seeds:\n{paired}\n" if paired else ""))
    if result["kind"] == "mirror":
        (label,) = result["agents"]
        return (f"## {p} players (competitive, mirror match)\n\n{label} holds every seat of every game on "
                f"seeds {result['seeds'][0]}..{result['seeds'][-1]} (one agent: no pair to rate). A win is "
                f"a seat's share of first place (1/k when k seats share it).\n\n"
                + results_table(result["rows"]) + "\n"
                + "".join(f"\nskipped {s['agent']}: {s['reason']}\n" for s in result["skipped"]))
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
