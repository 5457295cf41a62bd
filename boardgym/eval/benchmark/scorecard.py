"""One agent's scorecard: its measure and normalized score on each task, the aggregates over
the tasks, and what the result claims (track, training budget, compute, commit, date).

A scorecard is JSON checked by ``schema/scorecard.schema.json`` (``check``), so a submitted
one is refused with the field that is wrong; ``write`` adds its markdown and plots.
"""
from __future__ import annotations

import datetime
import json
import math
import subprocess
import time
from pathlib import Path

import numpy as np

from boardgym.core.content import load_schemas, validate
from boardgym.core.errors import ConfigError, ContentError
from boardgym.core.files import load_json

from . import score
from .suite import MEASURE_WORDS, SCHEMAS, Suite, Task, check_agent

TRACKS = ("no-search", "search")
BUDGETS = ("none", "1M", "10M", "unlimited")
SEARCH_KINDS = ("ismcts",)
UNTRAINED_KINDS = ("random", "heuristic", "ismcts")


# -- which agent plays which task ------------------------------------------------------------
def read_agent_map(path: str, suite: Suite) -> dict[str, str]:
    """A file (JSON or YAML) mapping task ids to agent specs; unknown tasks refused."""
    from boardgym.agents.specs import read_yaml

    p = Path(path)
    try:
        doc = read_yaml(p.read_text())
    except OSError as exc:
        raise ConfigError(f"--agent {path!r}: cannot read it ({exc.strerror or exc})") from None
    except Exception as exc:   # a YAML syntax error
        raise ConfigError(f"--agent {path!r}: not a YAML or JSON mapping ({exc})") from None
    if not isinstance(doc, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in doc.items()):
        raise ConfigError(f"--agent {path!r}: expected a mapping of task ids to agent specs, "
                          f"e.g. att_solo: pretrained:att_solo")
    for task_id in doc:
        suite.task(task_id)   # an unknown task is a ConfigError naming it
    return dict(doc)


def agent_map(agent: str, suite: Suite) -> dict[str, str] | None:
    """``--agent``'s file mapping task ids to specs, read; None where it is one spec."""
    if agent.endswith((".json", ".yaml", ".yml")) or Path(agent).is_file():
        return read_agent_map(agent, suite)
    return None


def assign_agents(tasks: list[Task], agent: str, suite: Suite) -> tuple[dict[str, str], dict[str, str]]:
    """``({task id: spec}, {task id: why skipped})``. ``agent`` is one spec for every task or a
    file mapping tasks to specs (then only its tasks are played). Plain ``pretrained`` plays
    each task's shipped policy where one fits and skips the others; any other spec that does
    not fit a task is refused, naming the task."""
    from boardgym.agents.specs import parse_spec

    mapping = agent_map(agent, suite)
    if mapping is not None:
        chosen = [t for t in tasks if t.id in mapping]
        if not chosen:
            raise ConfigError(f"--agent {agent!r} maps none of the tasks asked for "
                              f"({', '.join(t.id for t in tasks)})")
        return {t.id: check_agent(t, mapping[t.id]) for t in chosen}, {}
    spec = parse_spec(agent)
    picked, skipped = {}, {}
    for t in tasks:
        if spec.kind == "pretrained" and spec.options.get("name") is None:
            try:
                picked[t.id] = check_agent(t, agent)
            except ConfigError as exc:
                skipped[t.id] = f"no shipped policy fits this task ({exc})"
        else:
            picked[t.id] = check_agent(t, agent)
    if not picked:
        raise ConfigError(f"--agent {agent!r} fits none of the tasks asked for: "
                          + "; ".join(f"{k}: {v}" for k, v in skipped.items()))
    return picked, skipped


def track_of(specs) -> str:
    from boardgym.agents.specs import parse_spec

    return "search" if any(parse_spec(s).kind in SEARCH_KINDS for s in specs) else "no-search"


def default_budget(specs) -> str:
    """``none`` for agents that are not trained (random, heuristic, ISMCTS without a learned
    part), else ``unlimited`` (a submitter declares a smaller tier with ``--budget``)."""
    from boardgym.agents.specs import parse_spec

    def untrained(s):
        p = parse_spec(s)
        if p.kind == "ismcts":
            return all(str(p.options.get(k, "heuristic")).split(":")[0] in ("random", "heuristic", "none")
                       for k in ("prior", "rollout")) and p.options.get("evaluator") in (None, "none")
        return p.kind in UNTRAINED_KINDS

    return "none" if all(untrained(s) for s in specs) else "unlimited"


def commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short=10", "HEAD"], capture_output=True, text=True,
                             timeout=10, cwd=Path(__file__).resolve().parent)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


# -- the scorecard ---------------------------------------------------------------------------
def _num(x):
    return None if x is None or (isinstance(x, float) and not math.isfinite(x)) else float(x)


def run(suite: Suite, tasks: list[Task], agents: dict[str, str], skipped: dict[str, str], *, name: str,
        runner=None, episodes: int | None = None, budget: str | None = None, track: str | None = None,
        compute: str = "", command: str = "", log=None, reps: int = 2000) -> dict:
    """Play every assigned task and return the scorecard (a dict the schema accepts)."""
    specs = list(agents.values())
    auto_track = track_of(specs)
    if track is not None and track == "no-search" and auto_track == "search":
        raise ConfigError("--track no-search: an agent of this scorecard searches at play time (ISMCTS); "
                          "its track is 'search'")
    card = header(suite, name, track or auto_track, budget or default_budget(specs), compute, command, runner)
    check_header(card)   # before any game: a field the schema refuses would lose the whole run
    t_start = time.perf_counter()
    rows = []
    for t in tasks:
        if t.id in skipped:
            rows.append({"id": t.id, "agent": "-", "measure": t.measure, "episodes": 0, "skipped": skipped[t.id],
                         "missing": t.missing()})
            continue
        t0 = time.perf_counter()
        m = score.measure_task(t, agents[t.id], episodes, runner)
        row = task_row(t, agents[t.id], m, time.perf_counter() - t0)
        rows.append(row)
        if log:
            shown = f"{row['normalized']:.3f}" if row["normalized"] is not None else "unscored (no references)"
            log(f"  {t.id}: {MEASURE_WORDS[t.measure]} {m['value']:.3f} [{m['low']:.3f}, {m['high']:.3f}], normalized {shown} "
                f"({row['seconds']:.0f} s)")
    card["tasks"] = rows
    card["aggregates"] = aggregate(card, reps)
    card["seconds"] = round(time.perf_counter() - t_start, 2)
    return card


def header(suite: Suite, name: str, track: str, budget: str, compute: str, command: str, runner=None) -> dict:
    return {"benchmark": "boardgym-bench", "suite": suite.version, "name": name, "track": track, "budget": budget,
            "compute": compute, "commit": commit(),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "command": command, "played_on": runner.describe() if runner is not None else "this process"}


# the flag each header field comes from, for the error when the schema refuses one
HEADER_FLAGS = {"name": "--name", "compute": "--compute", "command": "the command line", "played_on": "--address"}


def check_header(card: dict) -> None:
    """Refuse, with the flag to change, a scorecard header that its schema would refuse."""
    schemas = load_schemas(str(SCHEMAS))
    props = schemas["scorecard"]["properties"]
    for key, value in card.items():
        limit = props.get(key, {}).get("maxLength")
        if isinstance(value, str) and limit is not None and len(value) > limit:
            raise ConfigError(f"{HEADER_FLAGS.get(key, key)}: at most {limit} characters in a scorecard "
                              f"(this one has {len(value)}); say it shorter")
    part = {"type": "object", "properties": {k: props[k] for k in card if k in props}}
    try:
        validate(card, part, "the scorecard", schemas=schemas)
    except ContentError as exc:
        raise ConfigError(f"the scorecard would be refused: {exc}") from None


def task_row(t: Task, spec: str, m: dict, seconds: float, refs: dict | None = None) -> dict:
    """A scorecard's row of ``task`` from its ``score.summarize`` result."""
    norm = score.normalized(t, m, refs)
    return {"id": t.id, "agent": spec, "measure": t.measure, "episodes": m["episodes"],
            "value": _num(m["value"]), "low": _num(m["low"]), "high": _num(m["high"]),
            "normalized": _num(norm["score"]) if norm else None,
            "normalized_low": _num(norm["low"]) if norm else None,
            "normalized_high": _num(norm["high"]) if norm else None,
            "blocks": [_num(b) for b in norm["blocks"]] if norm else [],
            "missing": _missing(t, m["episodes"], refs),
            "seconds": round(seconds, 2)}


def _missing(t: Task, n: int, refs: dict | None) -> list[str]:
    """What the task lacks, and ``all N test seeds`` for a row played on fewer (a quick look)."""
    out = t.missing() if refs is None else _missing_with(t, refs)
    return out + ([f"all {t.episodes} test seeds (played {n})"] if n < t.episodes else [])


def _missing_with(t: Task, refs: dict) -> list[str]:
    out = [x for x in t.missing() if "reference" not in x]
    if min(refs[k]["episodes"] for k in ("random", "heuristic")) < t.episodes:
        out.append(f"reference points on all {t.episodes} test seeds")
    return out


def merge_rows(path: Path, suite: Suite, name: str, spec: str, rows: list[dict], command: str, runner=None,
               reps: int = 2000) -> dict:
    """The reference agent ``spec``'s kept scorecard at ``path`` with ``rows`` put in (the
    references are its games: ``--references`` keeps the random and heuristic rows without
    playing them twice); written back and returned."""
    old = check(path, suite, drop_unknown=True) if path.is_file() else None
    budget = default_budget([spec])
    card = header(suite, name, track_of([spec]), budget, "not trained" if budget == "none" else "", command, runner)
    return _merged(path, suite, card, (old or {}).get("tasks", []), rows, reps)


def addable(path, suite: Suite, card: dict, agent: str, played: list[str]) -> dict:
    """The kept scorecard at ``path`` that rows of a card with ``card``'s name, track and budget
    may be added to (checked before any game is played); a ConfigError saying what differs.
    The kept rows of the tasks not ``played`` again must have been played by what ``agent``
    (``--agent``: one spec, or a file mapping tasks to specs) gives their task, so that one
    command plays the merged card again."""
    if not Path(path).is_file():
        raise ConfigError(f"--add-to {path}: no scorecard there to add to (leave --add-to out to write a new one)")
    old = check(path, suite, drop_unknown=True)
    for key, flag in (("name", "--name"), ("track", "--track"), ("budget", "--budget")):
        if old[key] != card[key]:
            raise ConfigError(f"--add-to {path}: that scorecard's {key} is {old[key]!r}, this run's is "
                              f"{card[key]!r}; give {flag} {old[key]} to add to it")
    mapping = agent_map(agent, suite)
    for row in old["tasks"]:
        if row["id"] in played or row["agent"] == "-":   # replaced, or never played
            continue
        now = agent if mapping is None else mapping.get(row["id"])
        if now != row["agent"]:
            gives = f"gives it {now!r}" if now is not None else "does not name it"
            raise ConfigError(
                f"--add-to {path}: its {row['id']} row was played by {row['agent']!r}, and --agent {agent!r} "
                f"{gives}, so no one command would play the merged scorecard again; give as --agent a file "
                f"mapping each task to its spec (as boardgym/eval/benchmark/agents/ppo_1m.yaml does)")
    return old


def add_to(path: Path, suite: Suite, old: dict, card: dict, command: str, reps: int = 2000) -> dict:
    """The kept scorecard ``old`` (read from ``path`` by ``addable`` before the games) with the
    rows of ``card`` (the tasks just played) put in and its other rows kept, under ``card``'s
    header with ``command`` (the one that plays every task of the result); written back to
    ``path`` and returned. ``card`` without ``compute`` keeps the old one."""
    head = {k: v for k, v in card.items() if k not in ("tasks", "aggregates", "seconds")}
    head["command"] = command
    head["compute"] = card["compute"] or old["compute"]
    check_header(head)
    return _merged(Path(path), suite, head, old["tasks"], card["tasks"], reps)


def _merged(path: Path, suite: Suite, card: dict, old_rows: list[dict], rows: list[dict], reps: int) -> dict:
    by = {r["id"]: r for r in old_rows}
    by.update({r["id"]: r for r in rows})
    played = {t.id for t in suite.select(None)}   # not the tasks measured without headroom
    card["tasks"] = [by[t.id] for t in suite.tasks if t.id in by and t.id in played]
    card["aggregates"] = aggregate(card, reps)
    card["seconds"] = round(sum(r.get("seconds", 0.0) for r in card["tasks"]), 2)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(card, indent=1) + "\n")
    return card


def score_matrix(card: dict, task_ids: list[str] | None = None) -> tuple[list[str], np.ndarray | None]:
    """The ``(blocks, tasks)`` matrix of a scorecard's normalized block scores over its scored
    tasks (or ``task_ids``), every task cut to the fewest blocks; ``(ids, None)`` if none."""
    rows = {r["id"]: r for r in card["tasks"] if r.get("blocks") and all(b is not None for b in r["blocks"])}
    ids = [i for i in (task_ids or list(rows)) if i in rows]
    if not ids:
        return ids, None
    k = min(len(rows[i]["blocks"]) for i in ids)
    return ids, np.array([rows[i]["blocks"][:k] for i in ids], dtype=float).T


def aggregate(card: dict, reps: int = 2000) -> dict | None:
    from boardgym.eval.stats import aggregates

    ids, m = score_matrix(card)
    if m is None:
        return None
    agg = aggregates({"x": m}, reps=reps)["x"]
    return {**{k: [_num(v) for v in est] for k, est in agg.items()}, "tasks": len(ids), "runs": int(m.shape[0])}


# -- reading and writing ---------------------------------------------------------------------
def check(path, suite: Suite | None = None, drop_unknown: bool = False) -> dict:
    """A scorecard file checked by its schema and against the suite (its tasks exist, its
    version is the suite's); the document, or a ContentError naming the field. With
    ``drop_unknown`` the rows of tasks the suite no longer has are left out instead."""
    from .suite import load_suite

    p = Path(path)
    doc = load_json(p, root=p.resolve().parent)
    schemas = load_schemas(str(SCHEMAS))
    validate(doc, schemas["scorecard"], str(p), schemas=schemas)
    suite = suite or load_suite(doc["suite"])
    if doc["suite"] != suite.version:
        raise ContentError(str(p), "<file>", "suite", f"a scorecard of suite {doc['suite']}, not of {suite.version}")
    known = {t.id for t in suite.tasks}
    if drop_unknown:
        doc["tasks"] = [r for r in doc["tasks"] if r["id"] in known]
    for r in doc["tasks"]:
        if r["id"] not in known:
            raise ContentError(str(p), r["id"], "id", f"no such task in the suite {suite.version}")
    return doc


def _f(x, d=2):
    if x is None:
        return "-"
    return f"{(x if round(x, d) != 0 else 0.0):.{d}f}"   # no "-0.00"


def to_markdown(card: dict, suite: Suite) -> str:
    lines = [f"# boardgym-bench {card['suite']} scorecard: {card['name']}\n",
             f"track **{card['track']}**, training budget **{card['budget']}**, commit `{card['commit']}`, "
             f"{card['date']}; compute: {card['compute'] or 'not stated'}; played on {card.get('played_on', '-')}"
             + (f" in {card['seconds']:.0f} s" if card.get("seconds") is not None else "") + ".\n",
             f"Reproduce: `{card['command']}`\n",
             "| task | agent | measure | episodes | value [95% CI] | normalized [95% CI] | note |",
             "|---|---|---|---:|---|---|---|"]
    for r in card["tasks"]:
        note = r.get("skipped") or ("; ".join(f"{m} missing" for m in r.get("missing", [])) or "")
        if r.get("skipped"):
            lines.append(f"| {r['id']} | - | {MEASURE_WORDS[r['measure']]} | 0 | - | - | skipped: {note} |")
            continue
        lines.append(f"| {r['id']} | `{r['agent']}` | {MEASURE_WORDS[r['measure']]} | {r['episodes']} | {_f(r['value'], 3)} "
                     f"[{_f(r['low'], 3)}, {_f(r['high'], 3)}] | {_f(r['normalized'])} "
                     f"[{_f(r['normalized_low'])}, {_f(r['normalized_high'])}] | {note} |")
    agg = card.get("aggregates")
    if agg:
        lines += ["", f"Aggregates of the normalized scores over {agg['tasks']} task(s) ({agg['runs']} blocks of "
                  f"test seeds per task, stratified bootstrap, 95% intervals):", "",
                  "| IQM | median | mean | optimality gap |", "|---|---|---|---|",
                  "| " + " | ".join(f"{_f(agg[k][0])} [{_f(agg[k][1])}, {_f(agg[k][2])}]"
                                   for k in ("IQM", "median", "mean", "optimality gap")) + " |"]
    else:
        lines += ["", "No aggregates: no task of this scorecard has reference points yet."]
    unscored = [r["id"] for r in card["tasks"] if r.get("normalized") is None and not r.get("skipped")]
    if unscored:
        lines += ["", f"Not normalized (the suite has no reference points for them yet): {', '.join(unscored)}."]
    return "\n".join(lines) + "\n"


def write(card: dict, suite: Suite, out: Path, reps: int = 2000) -> list[Path]:
    """``scorecard.json``, ``scorecard.md`` and the plots in ``out``; the paths written."""
    from boardgym.eval import plots

    out.mkdir(parents=True, exist_ok=True)
    paths = [out / "scorecard.json", out / "scorecard.md"]
    paths[0].write_text(json.dumps(card, indent=1) + "\n")
    ids, m = score_matrix(card)
    md = to_markdown(card, suite)
    if m is not None:
        png = plots.performance_profile({card["name"]: m}, out / "performance_profile.png", reps=reps)
        paths.append(png)
        md += f"\n![performance profile]({png.name})\n"
    paths[1].write_text(md)
    return paths
