"""Evaluating agents over a fixed seed set: solo/cooperative win rate and score, or an agent's
win rate against a field of opponents (seat-rotated), with 95% intervals and a markdown table.
"""
from __future__ import annotations

from agents.specs import spec_label
from boardgym.games import make_game

from .play import play_one, solo_win, try_agent
from .stats import mean_interval, wilson_interval


def _row(agent, opponent, wins, n, scores, note=""):
    lo, hi = wilson_interval(wins, n)
    m, mlo, mhi = mean_interval(scores)
    return {"agent": agent, "opponent": opponent, "games": n, "wins": wins,
            "win_rate": wins / n if n else float("nan"), "win_low": lo, "win_high": hi,
            "mean_score": m, "score_low": mlo, "score_high": mhi, "note": note}


def _skipped(agent, opponent, why):
    return {"agent": agent, "opponent": opponent, "games": 0, "wins": 0, "win_rate": None,
            "win_low": None, "win_high": None, "mean_score": None, "score_low": None,
            "score_high": None, "note": f"skipped: {why}"}


def evaluate_team(game_name: str, game_kwargs: dict, specs: list[str], seeds: list[int]) -> list[dict]:
    """Solo / cooperative: each agent plays every seat of every game, one game per seed."""
    game = make_game(game_name, **game_kwargs)
    n = game.num_players
    rows = []
    for spec in specs:
        agent, why = try_agent(spec, game_name, 0)
        if agent is None:
            rows.append(_skipped(spec_label(spec), "-", why))
            continue
        per_seed, scores = [], []
        for seed in seeds:
            r = play_one(game, [agent], [0] * n, seed)
            per_seed.append(solo_win(r))
            scores.append(sum(r.scores) / n)
        row = _row(spec_label(spec), "-", sum(per_seed), len(seeds), scores)
        row["per_seed"] = per_seed  # wins seed by seed, for paired comparisons
        rows.append(row)
    return rows


def evaluate_vs_field(game_name: str, game_kwargs: dict, specs: list[str], opponents: list[str],
                      seeds: list[int]) -> list[dict]:
    """Competitive: each agent holds one seat (rotated with the seed index) against
    ``opponent`` in every other seat. A win is the top return (shared first place counts
    1/k); the score column is the agent's own score."""
    game = make_game(game_name, **game_kwargs)
    n = game.num_players
    rows = []
    for opp_spec in opponents:
        opp, why = try_agent(opp_spec, game_name, 1)
        for spec in specs:
            if opp is None:
                rows.append(_skipped(spec_label(spec), spec_label(opp_spec), why))
                continue
            agent, why_a = try_agent(spec, game_name, 0)
            if agent is None:
                rows.append(_skipped(spec_label(spec), spec_label(opp_spec), why_a))
                continue
            if agent is opp:  # the same object in every seat would share its generator
                opp, _ = try_agent(opp_spec, game_name, 1)
            wins, scores = 0.0, []
            for g, seed in enumerate(seeds):
                me = g % n
                seats = [0 if p == me else 1 for p in range(n)]
                r = play_one(game, [agent, opp], seats, seed)
                best = max(r.returns)
                if r.returns[me] == best:
                    wins += 1.0 / sum(1 for x in r.returns if x == best)
                scores.append(r.scores[me])
            rows.append(_row(spec_label(spec), spec_label(opp_spec), wins, len(seeds), scores))
    return rows


def _fmt(x, digits=3):
    """A number for the table; ``-`` where there is none (a skipped row, the score interval
    of a single game)."""
    return "-" if x is None or x != x else f"{x:.{digits}f}"


def results_table(rows: list[dict]) -> str:
    """Markdown table of ``evaluate_*`` rows."""
    lines = ["| agent | opponent | games | wins | win rate | 95% CI | mean score | 95% CI |",
             "|---|---|---:|---:|---:|---|---:|---|"]
    for r in rows:
        if r["games"] == 0:
            lines.append(f"| {r['agent']} | {r['opponent']} | 0 | - | - | - | - | {r['note']} |")
            continue
        lines.append(
            f"| {r['agent']} | {r['opponent']} | {r['games']} | {r['wins']:g} | {_fmt(r['win_rate'])} "
            f"| [{_fmt(r['win_low'])}, {_fmt(r['win_high'])}] | {_fmt(r['mean_score'], 2)} "
            f"| [{_fmt(r['score_low'], 2)}, {_fmt(r['score_high'], 2)}] |")
    return "\n".join(lines)
