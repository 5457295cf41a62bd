"""Evaluating agents over a fixed seed set: solo/cooperative win rate and score, or an agent's
win rate against a field of opponents (seat-rotated), with 95% intervals and a markdown table.
"""
from __future__ import annotations

from boardgym.agents.specs import spec_label
from boardgym.games import make_game

from .play import seat_win, solo_win, try_agent
from .runner import GameJob, GameRunner
from .stats import mean_interval, wilson_interval


def score_row(agent, opponent, wins, n, scores, note=""):
    """One table row: wins (Wilson 95%) and mean score (Student t 95%) over n games."""
    lo, hi = wilson_interval(wins, n)
    m, mlo, mhi = mean_interval(scores)
    return {"agent": agent, "opponent": opponent, "games": n, "wins": wins,
            "win_rate": wins / n if n else float("nan"), "win_low": lo, "win_high": hi,
            "mean_score": m, "score_low": mlo, "score_high": mhi, "note": note}


def skipped_row(agent, opponent, why):
    return {"agent": agent, "opponent": opponent, "games": 0, "wins": 0, "win_rate": None,
            "win_low": None, "win_high": None, "mean_score": None, "score_low": None,
            "score_high": None, "note": f"skipped: {why}"}


def team_jobs(game_name: str, game_kwargs: dict, spec, seeds: list[int]) -> list[GameJob]:
    """Solo / cooperative: one agent (built with seed 0) in every seat, one game per seed."""
    n = make_game(game_name, **game_kwargs).num_players
    return [GameJob(game_name, dict(game_kwargs), (spec,), (0,), (0,) * n, seed) for seed in seeds]


def team_row(label: str, results: list) -> dict:
    """The row of one agent's solo / cooperative games (``team_jobs`` results, in order)."""
    per_seed = [solo_win(r) for r in results]
    scores = [sum(r.scores) / len(r.scores) for r in results]
    row = score_row(label, "-", sum(per_seed), len(results), scores)
    row["per_seed"] = per_seed  # wins seed by seed, for paired comparisons
    row["per_seed_score"] = scores  # the team's mean score seed by seed, likewise
    return row


def vs_field_jobs(game_name: str, game_kwargs: dict, spec, opp_spec, seeds: list[int]) -> list[GameJob]:
    """Competitive: the agent (built with seed 0) holds seat ``g % n`` of the g-th seed, the
    opponent (built with seed 1) every other seat."""
    n = make_game(game_name, **game_kwargs).num_players
    return [GameJob(game_name, dict(game_kwargs), (spec, opp_spec), (0, 1),
                    tuple(0 if p == g % n else 1 for p in range(n)), seed) for g, seed in enumerate(seeds)]


def vs_field_row(label: str, opp_label: str, results: list) -> dict:
    """A win is the top return (shared first place counts 1/k); the score is the agent's own."""
    wins, scores = 0.0, []
    for r in results:
        me = r.seats.index(0)
        wins += seat_win(r.returns, me)
        scores.append(r.scores[me])
    return score_row(label, opp_label, wins, len(results), scores)


def evaluate_team(game_name: str, game_kwargs: dict, specs: list, seeds: list[int],
                  runner=None) -> list[dict]:
    """Solo / cooperative: each agent plays every seat of every game, one game per seed
    (``runner``: an ``boardgym.eval.runner.GameRunner``, default this process)."""
    rows, groups = [], []
    for spec in specs:
        _, why = try_agent(spec, game_name, 0)
        rows.append(skipped_row(spec_label(spec), "-", why) if why else None)
        groups.append([] if why else team_jobs(game_name, game_kwargs, spec, seeds))
    results = (runner or GameRunner()).play_groups(groups)
    return [row or team_row(spec_label(spec), res) for spec, row, res in zip(specs, rows, results)]


def evaluate_vs_field(game_name: str, game_kwargs: dict, specs: list, opponents: list,
                      seeds: list[int], runner=None) -> list[dict]:
    """Competitive: each agent holds one seat (rotated with the seed index) against
    ``opponent`` in every other seat (``vs_field_jobs``, ``vs_field_row``)."""
    rows, groups = [], []
    for opp_spec in opponents:
        _, why_o = try_agent(opp_spec, game_name, 1)
        for spec in specs:
            why = why_o or try_agent(spec, game_name, 0)[1]
            rows.append((spec, opp_spec, skipped_row(spec_label(spec), spec_label(opp_spec), why) if why else None))
            groups.append([] if why else vs_field_jobs(game_name, game_kwargs, spec, opp_spec, seeds))
    results = (runner or GameRunner()).play_groups(groups)
    return [row or vs_field_row(spec_label(spec), spec_label(opp), res)
            for (spec, opp, row), res in zip(rows, results)]


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
