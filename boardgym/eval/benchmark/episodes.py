"""A task's games as jobs of the tournament runner (``boardgym.eval.runner``: here, ``--jobs``
processes or Ray tasks, the same results either way), and each game's primary measure.

* ``agent_seats: all`` (solo, cooperative): the agent in every seat, one game per test seed
  (``boardgym.eval.evaluate.team_jobs``); a game's measure is its team win (``win_rate``) or
  its team score (``mean_score``, the mean of the seats' scores).
* ``agent_seats: one`` (competitive): the agent holds seat ``g % n`` of the g-th test seed and
  the opponents the other seats in order; a game's measure is the agent's share of first
  place (``win_rate``) or its own score.
* ``measure: elo``: the agent plays ``episodes`` games against each member of the reference
  pool (seats rotated, ``boardgym.eval.tournament.competitive_jobs``); its rating is the
  Bradley-Terry fit of those games together with the pool's own round robin (stored in the
  suite's references), shifted so that the pool's mean is 1000.

Agents are built with seed 0 (the agent) and 1.. (the opponents), so a game depends on its
job alone: the heuristic's scorecard replays the games of its reference exactly.
"""
from __future__ import annotations

import numpy as np

from boardgym.eval.evaluate import team_jobs
from boardgym.eval.play import pair_outcomes, seat_win, solo_win
from boardgym.eval.runner import GameJob
from boardgym.eval.stats import fit_elo, pairwise_matrix

from .suite import Task


def task_jobs(task: Task, spec: str, episodes: int | None = None) -> list[GameJob]:
    """Every game ``spec`` plays for ``task`` on its first ``episodes`` test seeds."""
    seeds = task.seeds(episodes)
    if task.measure == "elo":
        return elo_jobs(task, spec, seeds)
    if task.agent_seats == "all":
        return team_jobs(task.game, task.game_kwargs, spec, seeds)
    n, opps = task.num_players, task.opponent_specs()
    out = []
    for g, seed in enumerate(seeds):
        me = g % n
        order = [0] * n
        k = 1
        for p in range(n):
            if p != me:
                order[p] = k
                k += 1
        out.append(GameJob(task.game, dict(task.game_kwargs), (spec, *opps), tuple(range(n)),
                           tuple(order), seed))
    return out


def elo_jobs(task: Task, spec: str, seeds: list[int]) -> list[GameJob]:
    """The agent (index 0, built with seed 0) against each pool member ``i`` (built with seed
    ``i + 1``), seats alternating with the game."""
    from boardgym.eval.play import seat_assignments

    out = []
    for i, member in enumerate(task.reference_pool):
        for g, seed in enumerate(seeds):
            out.append(GameJob(task.game, dict(task.game_kwargs), (spec, member), (0, i + 1),
                               tuple(seat_assignments(task.num_players, g)), seed))
    return out


def pool_jobs(task: Task) -> list[GameJob]:
    """The reference pool's round robin: ``pool_games`` games per pair on the test seeds."""
    from boardgym.eval.tournament import competitive_jobs

    pool = list(task.reference_pool)
    return competitive_jobs(task.game, task.game_kwargs, pool, list(range(len(pool))), task.pool_games,
                            task.test_first)


def pool_matrix(task: Task, jobs: list[GameJob], results) -> list[list[float]]:
    """The pool's wins matrix (``w[i][j]``: games member i won against j, draws 1/2) from
    ``pool_jobs`` and their results (a job's build seeds are its members' pool indices)."""
    pairs = []
    for job, r in zip(jobs, results):
        pairs.extend((job.build_seeds[a], job.build_seeds[b], s) for a, b, s in pair_outcomes(r))
    return pairwise_matrix(pairs, len(task.reference_pool)).tolist()


def game_values(task: Task, results) -> list[float]:
    """One value per game (not for elo tasks): what the primary measure averages."""
    out = []
    for r in results:
        if task.agent_seats == "all":
            out.append(solo_win(r) if task.measure == "win_rate" else float(np.mean(r.scores)))
        else:
            me = r.seats.index(0)
            out.append(seat_win(r.returns, me) if task.measure == "win_rate" else float(r.scores[me]))
    return out


def per_member(task: Task, results) -> list[list]:
    """``elo_jobs`` results split per pool member (each in test-seed order)."""
    k = len(task.reference_pool)
    per = len(results) // k if k else 0
    return [list(results[i * per:(i + 1) * per]) for i in range(k)]


def elo_rating(task: Task, members: list[list], pool_wins) -> float:
    """The agent's Elo from its games against each pool member (``per_member``) and the pool's
    wins matrix, on a scale where the pool's mean is 1000."""
    k = len(task.reference_pool)
    w = np.zeros((k + 1, k + 1))
    w[1:, 1:] = np.asarray(pool_wins, dtype=float)
    for i in range(k):
        for r in members[i]:
            for a, b, s in pair_outcomes(r):   # a, b index the job's specs: 0 agent, 1 member
                x, y = (0 if a == 0 else i + 1), (0 if b == 0 else i + 1)
                w[x, y] += s
                w[y, x] += 1.0 - s
    r = fit_elo(w)
    pool_mean = float(np.mean(r[1:]))
    return float(r[0] - pool_mean + 1000.0)


def pool_ratings(task: Task, pool_wins) -> dict[str, float]:
    """The pool members' Elo (mean 1000) from their round robin alone."""
    r = fit_elo(np.asarray(pool_wins, dtype=float))
    return {m: float(x - np.mean(r) + 1000.0) for m, x in zip(task.reference_pool, r)}
