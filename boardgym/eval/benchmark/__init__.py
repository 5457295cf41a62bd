"""boardgym-bench: a versioned suite of tasks over the four games, normalized scores against
the random and heuristic references, reliable aggregates (``rliable``), scorecards and the
leaderboard page (docs/benchmark.md).

* ``suite``: the task suite file (``suites/v1.json``) and its checks;
* ``episodes``: a task's games as jobs of the tournament runner, and their primary measure;
* ``score``: normalization and the reference points;
* ``scorecard``: one agent's scorecard (JSON, markdown, plots) and its schema check;
* ``leaderboard``: docs/benchmark.md from the scorecards kept in ``scorecards/``;
* ``__main__``: ``python -m boardgym.eval.benchmark``.
"""
