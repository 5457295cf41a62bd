"""Measuring an agent on a task, normalizing, and the reference points.

* ``measure_task``: plays the task's games on a runner and returns the primary measure with
  its 95% interval (win rate: Wilson; mean score: Student t; Elo: percentile bootstrap over the
  test seeds, the same seeds resampled against every pool member) and the per-block values
  the aggregates resample.
* ``normalize``: ``(agent - random) / (heuristic - random)``, so random is 0 and the heuristic
  1 (for a task against the heuristic, the heuristic's own value is its mirror match). The
  interval of a normalized score is its measure's interval mapped the same way: the
  references are fixed numbers of the suite, measured once on the same test seeds.
* Blocks: each task's test seeds are cut into ``BLOCKS`` consecutive blocks; a block's
  normalized score is one "run" of rliable's ``(runs, tasks)`` matrix, so the stratified
  bootstrap resamples blocks within each task (evaluation noise; several training runs of an
  agent are several scorecards).
* ``references``: random's and the heuristic's measures on the test seeds, as stored in the
  suite (``python -m boardgym.eval.benchmark --references`` writes them).
"""
from __future__ import annotations

import math
import time

import numpy as np

from boardgym.core.errors import ConfigError
from boardgym.eval.runner import GameRunner
from boardgym.eval.stats import bootstrap, mean_interval, wilson_interval

from . import episodes as ep
from .suite import Task

BLOCKS = 10


def blocks(n: int, k: int = BLOCKS) -> list[range]:
    """``n`` games in ``min(k, n)`` consecutive blocks of (nearly) equal size."""
    k = max(1, min(k, n))
    edges = np.linspace(0, n, k + 1).round().astype(int)
    return [range(a, b) for a, b in zip(edges[:-1], edges[1:])]


def summarize(task: Task, results, pool_wins=None, n_boot: int = 200) -> dict:
    """The measure of ``task_jobs`` results: ``{value, low, high, episodes, blocks}``."""
    if task.measure == "elo":
        if pool_wins is None:
            raise ConfigError(f"task {task.id!r}: an Elo rating needs the reference pool's games "
                              f"(the suite's references; python -m boardgym.eval.benchmark --references)")
        members = ep.per_member(task, results)
        n = len(members[0]) if members else 0

        def rate(idx):
            return ep.elo_rating(task, [[m[i] for i in idx] for m in members], pool_wins)

        value = rate(range(n))
        _, lo, hi = bootstrap(list(range(n)), rate, n_boot=n_boot, rng=0, method="percentile")
        parts = [rate(b) for b in blocks(n)]
        return {"value": value, "low": float(lo), "high": float(hi), "episodes": n, "blocks": parts}
    values = ep.game_values(task, results)
    n = len(values)
    if task.measure == "win_rate":
        value = float(np.mean(values)) if n else float("nan")
        lo, hi = wilson_interval(sum(values), n)
    else:
        value, lo, hi = mean_interval(values)
    parts = [float(np.mean([values[i] for i in b])) for b in blocks(n)]
    return {"value": value, "low": float(lo), "high": float(hi), "episodes": n, "blocks": parts}


def measure_task(task: Task, spec: str, episodes: int | None = None, runner: GameRunner | None = None,
                 pool_wins=None) -> dict:
    """Play ``spec`` on ``task`` (its first ``episodes`` test seeds) and summarize."""
    runner = runner or GameRunner()
    results = runner.play(ep.task_jobs(task, spec, episodes))
    if pool_wins is None and task.references:
        pool_wins = task.references.get("pool_wins")
    return summarize(task, results, pool_wins)


def normalize(value: float, random: float, heuristic: float) -> float:
    """``(value - random) / (heuristic - random)``; NaN where the references do not differ
    (no headroom between them: the task cannot be scored)."""
    span = heuristic - random
    if not math.isfinite(span) or abs(span) < 1e-12:
        return float("nan")
    return (value - random) / span


def normalized(task: Task, measured: dict, refs: dict | None = None) -> dict | None:
    """The normalized score of a ``summarize`` result with its interval and per-block values;
    None when the task has no references."""
    refs = refs if refs is not None else task.references
    if not refs:
        return None
    r, h = refs["random"]["value"], refs["heuristic"]["value"]
    ends = sorted((normalize(measured["low"], r, h), normalize(measured["high"], r, h)))
    return {"score": normalize(measured["value"], r, h), "low": ends[0], "high": ends[1],
            "blocks": [normalize(b, r, h) for b in measured["blocks"]]}


def reference_entry(measured: dict, date: str) -> dict:
    return {"value": measured["value"], "low": measured["low"], "high": measured["high"],
            "episodes": measured["episodes"], "date": date}


def measure_references(task: Task, runner: GameRunner | None = None, episodes: int | None = None,
                       measured: dict | None = None) -> dict:
    """Random's and the heuristic's measures on the test seeds (and, for an Elo task, the
    reference pool's round robin first): the suite's ``references`` entry of ``task``.
    ``measured``, when given, receives each agent's full ``summarize`` result."""
    import datetime

    runner = runner or GameRunner()
    measured = {} if measured is None else measured
    date = datetime.date.today().isoformat()
    out: dict = {}
    pool_wins = None
    if task.measure == "elo":
        jobs = ep.pool_jobs(task)
        pool_wins = ep.pool_matrix(task, jobs, runner.play(jobs))
        out["pool_wins"] = pool_wins
    for name in ("random", "heuristic"):
        t0 = time.perf_counter()
        measured[name] = measure_task(task, name, episodes, runner, pool_wins)
        measured[name]["seconds"] = time.perf_counter() - t0
        out[name] = reference_entry(measured[name], date)
    return {"random": out["random"], "heuristic": out["heuristic"],
            **({"pool_wins": pool_wins} if pool_wins is not None else {})}


HEADROOM_WIN_RATE = 0.9   # a win-rate task has headroom when the heuristic wins at most this share


def win_rate_evidence(entry: dict, refs: dict, command: str) -> dict | None:
    """The headroom evidence the references of a win-rate task give by themselves: the
    heuristic's whole 95% interval at most ``HEADROOM_WIN_RATE`` (an ``evidence`` entry of the
    suite), or None (a score or Elo task, or a heuristic near the ceiling: other evidence needed)."""
    if entry["measure"] != "win_rate":
        return None
    h, r = refs["heuristic"], refs["random"]
    if h["high"] > HEADROOM_WIN_RATE:
        return None
    return {"status": "measured",
            "figures": f"heuristic wins {h['value']:.3f} [{h['low']:.3f}, {h['high']:.3f}] (at most "
                       f"{HEADROOM_WIN_RATE:.0%} over the whole interval), random {r['value']:.3f} "
                       f"[{r['low']:.3f}, {r['high']:.3f}], on {h['episodes']} test seeds from "
                       f"{entry['test_seeds']['first']}",
            "command": command, "date": h.get("date", "")}
