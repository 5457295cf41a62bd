"""``python -m boardgym.eval.benchmark --agent SPEC|FILE [--tasks A,B] [--episodes N] [--name NAME]
[--track no-search|search] [--budget none|1M|10M|unlimited] [--compute TEXT] [--add-to FILE]
[--jobs N | --ray [--address auto|HOST:PORT]]``: a scorecard of boardgym-bench under
``results/benchmark/<name>/`` (scorecard.json, scorecard.md, performance_profile.png).

Also: ``--list`` (the tasks), ``--check FILE`` (a scorecard against its schema and the suite),
``--references [--tasks ...]`` (measure random and the heuristic on the test seeds and store
them in the suite file) and ``--leaderboard`` (docs/benchmark.md from the kept scorecards).
The games are played by the tournament runner (``boardgym.eval.runner``), here, in local
processes or as Ray tasks, with the same scorecard either way.
"""
from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
from pathlib import Path

from boardgym.core.errors import ConfigError, ContentError

PROG = "python -m boardgym.eval.benchmark"


def parser(prog: str = PROG) -> argparse.ArgumentParser:
    from boardgym.agents.specs import kinds_help
    from boardgym.eval.args import count
    from boardgym.eval.runner import add_runner_args

    from .scorecard import BUDGETS, TRACKS

    ap = argparse.ArgumentParser(prog=prog, allow_abbrev=False,
                                 description="boardgym-bench: a scorecard of an agent over the benchmark's tasks "
                                             "(docs/benchmark.md).",
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="agent specs:\n" + kinds_help())
    what = ap.add_mutually_exclusive_group()
    what.add_argument("--agent", metavar="SPEC|FILE", help="one agent spec for every task, or a YAML/JSON file "
                      "mapping task ids to specs; plain 'pretrained' plays each task's shipped policy where one fits")
    what.add_argument("--list", action="store_true", help="list the suite's tasks and what each still lacks")
    what.add_argument("--check", metavar="FILE", help="check a scorecard file against its schema and the suite")
    what.add_argument("--references", action="store_true", help="measure random and the heuristic on the test "
                      "seeds of --tasks (default all) and store them in the suite file")
    what.add_argument("--leaderboard", action="store_true", help="write docs/benchmark.md from the scorecards kept "
                      "in boardgym/eval/benchmark/scorecards/")
    ap.add_argument("--suite", default="v1", help="a shipped suite version or a suite .json file (default v1)")
    ap.add_argument("--tasks", help="comma list of task ids (default: every task)")
    ap.add_argument("--episodes", type=count, help="episodes per task (default: the task's own; fewer give a "
                    "quick look, not a result to submit)")
    ap.add_argument("--name", help="the scorecard's name (default: from the agent)")
    ap.add_argument("--out", help="output folder (default results/benchmark/<name>)")
    ap.add_argument("--track", choices=TRACKS, help="default: search when an agent searches at play time")
    ap.add_argument("--budget", choices=BUDGETS, help="declared training budget in env steps (default: none for "
                    "random, heuristic and ISMCTS without learned parts, else unlimited)")
    ap.add_argument("--compute", default="", help="the compute used to train the agent, in words")
    ap.add_argument("--add-to", metavar="FILE", help="put the rows of the tasks played into this kept scorecard "
                    "(same name, track and budget), keeping its other rows: a task added to a result "
                    "without playing the others again")
    ap.add_argument("--reps", type=count, default=2000, help="bootstrap resamples for the aggregates (default 2000)")
    ap.add_argument("--page", default="docs/benchmark.md", help="with --leaderboard: the page to write")
    ap.add_argument("--scorecards", help="with --leaderboard: the folder of scorecards it reads; with --references: where "
                    "the random and heuristic scorecards it updates are (default: the shipped folder, "
                    "boardgym/eval/benchmark/scorecards/)")
    add_runner_args(ap)
    return ap


def _fail(msg: str):
    raise SystemExit(f"{PROG}: {msg}")


def _name_of(agent: str) -> str:
    base = Path(agent).stem if agent.endswith((".json", ".yaml", ".yml")) else agent
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", base).strip("_.-")[:80] or "agent"


def main(argv=None, prog: str = PROG) -> int:
    args = parser(prog).parse_args(argv)
    try:
        return _main(args, argv if argv is not None else sys.argv[1:])
    except (ConfigError, ContentError) as exc:
        _fail(str(exc))


def _main(args, argv) -> int:
    from boardgym.extras import require_for

    from . import leaderboard, scorecard
    from .suite import MEASURE_WORDS, load_suite

    if args.check:
        doc = scorecard.check(args.check)
        print(f"{args.check}: a valid boardgym-bench {doc['suite']} scorecard ({len(doc['tasks'])} task(s), "
              f"track {doc['track']}, budget {doc['budget']})")
        return 0
    suite = load_suite(args.suite)
    tasks = suite.select([x.strip() for x in args.tasks.split(",") if x.strip()] if args.tasks else None)
    too_many = [t for t in tasks if args.episodes and args.episodes > t.episodes]
    if too_many and not args.list:
        _fail(f"--episodes {args.episodes}: task {too_many[0].id!r} has {too_many[0].episodes} test seeds; "
              f"give at most that many (or leave --episodes out)")
    if args.list:
        for t in (tasks if args.tasks else suite.tasks):
            lacks = t.missing()
            print(f"{t.id:24} {MEASURE_WORDS[t.measure]:15} {t.episodes:5} episodes  {t.title}"
                  + (f"  [missing: {', '.join(lacks)}]" if lacks else ""))
        return 0
    if args.leaderboard:
        page = leaderboard.write_page(Path(args.page), suite, Path(args.scorecards) if args.scorecards else None,
                                      reps=args.reps)
        print(f"wrote {page}")
        return 0
    require_for(PROG, "train")
    from boardgym.eval.runner import runner_from_args

    if args.references:
        return _references(args, suite, tasks, runner_from_args(args, PROG, log=print))
    if not args.agent:
        _fail("give --agent SPEC (or a file mapping tasks to specs), or one of --list, --check, --references, "
              "--leaderboard")
    agents, skipped = scorecard.assign_agents(tasks, args.agent, suite)
    tasks = [t for t in tasks if t.id in agents or t.id in skipped]   # a mapping file's tasks only
    runner = runner_from_args(args, PROG, log=lambda m: print(m, flush=True))
    name = args.name or _name_of(args.agent)
    out = Path(args.out) if args.out else Path("results") / "benchmark" / name
    command = "python -m boardgym.eval.benchmark " + " ".join(shlex.quote(a) for a in argv)
    kept = None
    if args.add_to:   # before any game: a result that cannot be added would be lost
        specs = list(agents.values())
        kept = scorecard.addable(args.add_to, suite, {"name": name, "track": args.track or scorecard.track_of(specs),
                                               "budget": args.budget or scorecard.default_budget(specs)},
                                  args.agent, [t.id for t in tasks])
    card = scorecard.run(suite, tasks, agents, skipped, name=name, runner=runner, episodes=args.episodes,
                         budget=args.budget, track=args.track, compute=args.compute, command=command,
                         log=lambda m: print(m, flush=True), reps=args.reps)
    played_s = card["seconds"]   # this run's games (a merged card's own seconds sum every row's)
    if args.add_to:
        ids = {r["id"] for r in kept["tasks"] + card["tasks"]}
        whole = _whole_command(argv, [t.id for t in suite.tasks if t.id in ids])
        card = scorecard.add_to(Path(args.add_to), suite, kept, card, whole, reps=args.reps)
        print(f"added {', '.join(t.id for t in tasks)} to {args.add_to}")
    paths = scorecard.write(card, suite, out, reps=args.reps)
    print(scorecard.to_markdown(card, suite))
    print(f"wrote {', '.join(str(p) for p in paths)}; this run played its games in {played_s:.1f} s "
          f"(on {card['played_on']})")
    return 0


def _whole_command(argv: list[str], task_ids: list[str]) -> str:
    """The command that plays every task of a scorecard: ``argv`` with its ``--tasks`` naming
    ``task_ids`` and without ``--add-to``."""
    out, skip = [], False
    for a in argv:
        if skip:
            skip = False
            continue
        if a in ("--tasks", "--add-to"):
            skip = True
            continue
        if a.startswith(("--tasks=", "--add-to=")):
            continue
        out.append(a)
    out += ["--tasks", ",".join(task_ids)]
    return PROG + " " + " ".join(shlex.quote(a) for a in out)


def _references(args, suite, tasks, runner) -> int:
    """Measure and store the references; the random and heuristic scorecards kept beside the
    suite (``--scorecards``, default the shipped folder) get the same games as their rows."""
    from . import scorecard
    from .leaderboard import SCORECARDS
    from .score import measure_references, win_rate_evidence

    path = Path(suite.path)
    cards = Path(args.scorecards) if args.scorecards else SCORECARDS
    command = f"{PROG} --references --tasks {','.join(t.id for t in tasks)}"
    for t in tasks:
        measured: dict = {}
        refs = measure_references(t, runner, args.episodes, measured)
        refs["command"] = command + (f" --episodes {args.episodes}" if args.episodes else "")
        doc = json.loads(path.read_text())   # read again: only this task's references change
        for entry in doc["tasks"]:
            if entry["id"] == t.id:
                entry["references"] = refs
                found = win_rate_evidence(entry, refs, f"{PROG} --references --tasks {t.id}")
                if found and entry["evidence"]["status"] == "missing" and not args.episodes:
                    entry["evidence"] = found   # the references show the headroom themselves
        print(f"{t.id}: random {refs['random']['value']:.3f} [{refs['random']['low']:.3f}, "
              f"{refs['random']['high']:.3f}], heuristic {refs['heuristic']['value']:.3f} "
              f"[{refs['heuristic']['low']:.3f}, {refs['heuristic']['high']:.3f}]", flush=True)
        path.write_text(json.dumps(doc, indent=1) + "\n")   # after each task: nothing measured is lost
        for name in ("random", "heuristic"):
            row = scorecard.task_row(t, name, measured[name], measured[name]["seconds"], refs)
            again = f"{PROG} --agent {name}" + (f" --suite {args.suite}" if args.suite != "v1" else "") \
                + (f" --episodes {args.episodes}" if args.episodes else "")
            scorecard.merge_rows(cards / f"{name}.json", suite, name, name, [row], again, runner, args.reps)
    print(f"wrote the references of {len(tasks)} task(s) to {path} and the random and heuristic rows to {cards}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
