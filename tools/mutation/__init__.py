"""make mutate: mutation testing of the rule modules with cosmic-ray, one session per module.

Each module is mutated in its own copy of the repository (results/mutate/work/<module>/), so the
working tree is never touched and modules run side by side. Each module's cosmic-ray session
(results/mutate/sessions/<module>.sqlite) keeps every mutant's outcome: a rerun continues where
the last one stopped. When the module's source changes, its session starts anew; when only its
tests change, the killed mutants stay killed and the others are tried again.

Reports: results/mutate/<module>.md (killed, survived, equivalent with its reason) and
results/mutate/summary.md (one row per module). Equivalent mutants are declared in
tools/mutation/equivalent.yaml, keyed by the description the reports print.

``--sample F`` tries a fixed random fraction F of each module's mutants (mutant sampling): each
mutant is in or out by a hash of what it changes, so a sample is the same on every run and a
larger fraction holds every mutant of a smaller one (a session resumed at a larger F tries only
the new ones). The reports then give the killed share of the sample with its 95% interval
(Wilson), an estimate of the whole module's. ``--sample-from E`` (with ``--sample F``) tries only
the mutants whose draw lies in [E, F): a fresh random sample, apart from the mutants of an earlier
E sample that tests were written against, without running those again.
"""

from __future__ import annotations

import argparse
import fnmatch
import glob
import hashlib
import json
import shlex
import shutil
import sqlite3
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import yaml

from tools.mutation import covering
from tools.mutation.report import equivalents, tally, write_reports

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TARGETS = HERE / "targets.yaml"
EQUIVALENT = HERE / "equivalent.yaml"
# what each module's copy of the repository holds
COPIED = ("boardgym", "tests", "docs", "README.md", "pyproject.toml", "envs_registry.yaml")  # docs, README: tests read them


class MutateError(Exception):
    """A target, a path or a run that make mutate cannot use, said in words."""


@dataclass(frozen=True)
class Target:
    group: str
    module: str  # path relative to the root, e.g. boardgym/games/paleo/night.py
    tests: tuple[str, ...]
    keyword: str = ""   # a pytest -k expression: the tests over every game narrowed to this group's cases

    @property
    def slug(self) -> str:
        return self.module.removesuffix(".py").replace("/", ".")


@dataclass
class Settings:
    root: Path
    out: Path
    operators: tuple[str, ...]
    test_command: str
    copied: tuple[str, ...]
    equivalent: Path
    python: str = sys.executable
    sample: float = 1.0   # the fraction of each module's mutants tried (1: every one)
    sample_from: float = 0.0   # ... less the mutants of this smaller sample (a fresh stratum)
    run_id: str = ""      # this run's token: a map collected in this run (shared by a group) is reused


def load(config: Path = TARGETS, root: Path = ROOT, out: Path | None = None,
         equivalent: Path = EQUIVALENT, sample: float = 1.0,
         sample_from: float = 0.0) -> tuple[Settings, list[Target]]:
    """The settings and every target of a targets file, modules sorted within each group."""
    data = yaml.safe_load(config.read_text())
    if not isinstance(data, dict) or "groups" not in data:
        raise MutateError(f"{config}: needs 'operators', 'test_command' and 'groups'")
    settings = Settings(root=root, out=out or root / "results" / "mutate",
                        operators=tuple(data["operators"]), test_command=data["test_command"],
                        copied=tuple(data.get("copied", COPIED)), equivalent=equivalent, sample=sample,
                        sample_from=sample_from)
    targets = []
    for group, spec in data["groups"].items():
        paths = sorted(glob.glob(str(root / spec["modules"])))
        if not paths:
            raise MutateError(f"{config}: group {group!r} names no module ({spec['modules']})")
        own = spec.get("modules_tests", {})
        keyword = spec.get("select", "")
        if not isinstance(keyword, str):
            raise MutateError(f"{config}: group {group!r}: 'select' is a pytest -k expression, "
                              f"as text (got {keyword!r})")
        keyword = _narrowing(keyword, data.get("game_tests", ()))
        for path in paths:
            name = Path(path).name
            if name in spec.get("skip", ()):
                continue
            tests = tuple(own.get(name, spec["tests"]))
            if keyword:   # the tests over every game, narrowed to this group's cases
                tests += tuple(t for t in data.get("game_tests", ()) if t not in tests)
            for test in tests:  # a path, or a pytest node id (path::test_name)
                if not (root / test.split("::")[0]).exists():
                    raise MutateError(f"{config}: group {group!r} names a test path that does not exist: {test}")
            targets.append(Target(group, str(Path(path).relative_to(root)), tests, keyword))
    return settings, targets


def _narrowing(select: str, game_tests) -> str:
    """The -k expression for a group's ``select``: the tests over every game (``game_tests``)
    narrowed to the cases it names, the group's own tests whole, so a module's list may name tests
    outside its game's folder (core/action_views.py's are in tests/envs/). pytest -k matches the
    names of a test and of its module, so the game tests are told apart by their modules' names."""
    modules = sorted({Path(t.split("::")[0]).stem for t in game_tests})
    if not select or not modules:
        return select
    return f"({select}) or not ({' or '.join(modules)})"


def select(targets: list[Target], names: list[str]) -> list[Target]:
    """Targets named by group, module path, dotted module or glob, in the order named (a run
    starts with what it names first); all when no name is given."""
    if not names:
        return targets

    def first(t: Target) -> int | None:
        return next((i for i, n in enumerate(names)
                     if n in (t.group, t.module, t.slug) or fnmatch.fnmatch(t.module, n)), None)
    chosen = sorted((t for t in targets if first(t) is not None), key=first)
    if not chosen:
        known = sorted({t.group for t in targets})
        raise MutateError(f"no module matches {' '.join(names)}: name a group ({', '.join(known)}), "
                          "a module path or a glob such as 'boardgym/games/paleo/n*.py'")
    return chosen


# ---------------------------------------------------------------- one module's session

def _digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for path in paths:
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for f in files:
            h.update(str(f).encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def _fingerprint(s: Settings, t: Target) -> dict:
    return {
        "source": _digest([s.root / t.module]) + "|" + ",".join(s.operators),
        "tests": _digest([s.root / p.split("::")[0] for p in dict.fromkeys(t.tests)]
                         + [p for p in [s.root / "tests" / "conftest.py"] if p.exists()])
        + "|" + _test_command(s, t) + "|" + " ".join(t.tests),
    }


def _test_command(s: Settings, t: Target) -> str:
    """The settings' test command, with the group's ``select`` as pytest's -k before the tests."""
    if not t.keyword:
        return s.test_command
    return s.test_command.replace("{tests}", f"-k {shlex.quote(t.keyword)} {{tests}}")


def _config(s: Settings, t: Target, timeout: float, cover: Path) -> str:
    keep = "|".join(s.operators)
    # each mutant runs the tests that run the lines it changed (covering.py), in this copy
    command = f"{s.python} {HERE / 'covering.py'} run {cover}"
    return "\n".join([
        "[cosmic-ray]",
        f"module-path = {json.dumps(t.module)}",
        f"timeout = {timeout:.1f}",
        "excluded-modules = []",
        f"test-command = {json.dumps(command)}",
        "[cosmic-ray.distributor]",
        'name = "local"',
        "[cosmic-ray.filters.operators-filter]",
        # every operator not in the kept list is marked skipped
        f"exclude-operators = [{json.dumps(f'^(?!core/(?:{keep})$)')}]",
        "",
    ])


def _bin(s: Settings, name: str) -> str:
    return str(Path(s.python).parent / name)


def _run(cmd: list[str], cwd: Path, log, timeout: float | None = None) -> subprocess.CompletedProcess:
    env = {**__import__("os").environ, "PYTHONPATH": str(cwd), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    log.write(f"$ {' '.join(cmd)}\n{done.stdout}{done.stderr}\n")
    return done


def _copy(s: Settings, work: Path) -> None:
    """A fresh copy of the repository's code and tests: a run stopped mid-mutant leaves nothing."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for name in s.copied:
        src = s.root / name
        if src.is_dir():
            shutil.copytree(src, work / name, ignore=ignore)
        elif src.exists():
            shutil.copy2(src, work / name)


def run_module(s: Settings, t: Target, say=print) -> dict:
    """Mutate one module (continuing its session), write its data and report; return the data."""
    if not Path(_bin(s, "cosmic-ray")).exists():
        raise MutateError(f"cosmic-ray is not installed beside {s.python}: make install installs it "
                          "(the dev extra), or pip install -c constraints.txt cosmic-ray")
    sessions, work = s.out / "sessions", s.out / "work" / t.slug
    sessions.mkdir(parents=True, exist_ok=True)
    db, meta, cfg = (sessions / f"{t.slug}{ext}" for ext in (".sqlite", ".json", ".toml"))
    fp = _fingerprint(s, t)
    old = json.loads(meta.read_text()) if meta.exists() and db.exists() else None
    _copy(s, work)
    with open(sessions / f"{t.slug}.log", "a") as log:
        # the unmutated tests must pass (run once under coverage: which test runs which line of
        # the module), and their time sets each mutant's timeout
        cover = sessions / f"{t.slug}.covering.json"
        spec = json.loads(cover.read_text()) if cover.exists() else {}
        if s.run_id and spec.get("run") == s.run_id and spec.get("lines") is not None:
            took = spec["seconds"]   # collected in this run with the other modules of its tests
        else:
            took = _collect(s, [t], work, log, t.module, sessions / f"{t.slug}.log")
        cfg.write_text(_config(s, t, timeout=max(30.0, 4 * took), cover=cover))
        if old is None or old["source"] != fp["source"]:
            db.unlink(missing_ok=True)
            for step in ([_bin(s, "cosmic-ray"), "init", str(cfg), str(db)],
                         [_bin(s, "cr-filter-operators"), str(db), str(cfg)]):
                if _run(step, work, log).returncode != 0:
                    raise MutateError(f"{t.module}: {Path(step[0]).name} failed; see the log in {sessions}")
            say(f"{t.module}: new session")
        elif old["tests"] != fp["tests"]:
            # the tests changed: what was killed stays killed, the rest is tried again
            with sqlite3.connect(db) as con:
                con.execute("DELETE FROM work_results WHERE worker_outcome != 'SKIPPED' AND "
                            "(test_outcome IS NULL OR test_outcome != 'KILLED')")
            say(f"{t.module}: tests changed, surviving mutants tried again")
        meta.write_text(json.dumps(fp))
        _sample(db, s.sample, s.sample_from)
        with sqlite3.connect(db) as con:
            pending = con.execute("SELECT COUNT(*) FROM work_items WHERE job_id NOT IN "
                                  "(SELECT job_id FROM work_results)").fetchone()[0]
        ran = _run([_bin(s, "cosmic-ray"), "exec", str(cfg), str(db)], work, log) if pending else None
        if ran is not None and ran.returncode != 0:
            raise MutateError(f"{t.module}: cosmic-ray exec failed; see {sessions / (t.slug + '.log')}")
        dump = _run([_bin(s, "cosmic-ray"), "dump", str(db)], work, log)
    shutil.rmtree(work)  # each run copies anew: a finished module's copy is not kept
    mutants = _mutants(s, t.module, dump.stdout)
    data = {"module": t.module, "group": t.group, "tests": list(t.tests), "keyword": t.keyword, "sample": s.sample,
            "sample_from": s.sample_from,
            "not_sampled": sum(m["outcome"] == "not sampled" for m in mutants),
            "mutants": [m for m in mutants if m["outcome"] != "not sampled"]}
    (sessions / f"{t.slug}.data.json").write_text(json.dumps(data, indent=1))
    return data


def _collect(s: Settings, targets: list[Target], work: Path, log, what: str, log_path: Path) -> float:
    """Run the targets' shared test list once under coverage in ``work`` (an unmutated copy),
    writing each target's source copy and map; the seconds it took. The tests must pass."""
    sessions = s.out / "sessions"
    maps = []
    for t in targets:
        source, cover = sessions / f"{t.slug}.source.py", sessions / f"{t.slug}.covering.json"
        shutil.copy2(work / t.module, source)
        covering.plan(cover, t.module, source, _test_command(s, t), s.python, list(t.tests), s.run_id)
        maps.append(str(cover))
    start = time.monotonic()
    base = _run([s.python, str(HERE / "covering.py"), "collect", *maps], work, log)
    if base.returncode != 0:
        raise MutateError(f"{what}: its tests fail before any mutation ({' '.join(targets[0].tests)}); "
                          f"see {log_path}")
    return time.monotonic() - start


def collect_shared(s: Settings, targets: list[Target], say=print, jobs: int = 1) -> dict[str, str]:
    """Run the tests of the modules that share a test list once under coverage for all of them
    (in a copy of their own, ``jobs`` lists side by side), writing each module's map for this run;
    run_module then reuses the map instead of running the same tests once per module. A module
    alone keeps its own. Returns the groups whose tests fail unmutated, with the message: the
    caller leaves them out and runs the others."""
    bundles: dict[tuple, list[Target]] = {}
    for t in targets:
        bundles.setdefault((t.tests, t.keyword), []).append(t)
    sessions = s.out / "sessions"
    sessions.mkdir(parents=True, exist_ok=True)

    def one(group: list[Target]) -> tuple[str, str | None]:
        name = group[0].group
        work, log_path = s.out / "work" / f"_collect.{name}", sessions / f"_collect.{name}.log"
        _copy(s, work)
        try:
            with open(log_path, "a") as log:
                _collect(s, group, work, log, f"group {name}", log_path)
        except MutateError as e:
            return name, str(e)
        finally:
            shutil.rmtree(work)
        say(f"{name}: the tests of {len(group)} modules run once under coverage")
        return name, None

    shared = [g for g in bundles.values() if len(g) > 1]
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        return {name: msg for name, msg in pool.map(one, shared) if msg}


NOT_SAMPLED = "not in the sample"   # the output of a work result that _sample set


def draw(operator: str, row: int, col: int, occurrence: int) -> float:
    """A mutant's place in [0, 1): a hash of what it changes, the same on every run."""
    digest = hashlib.sha256(f"{operator}|{row}|{col}|{occurrence}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2 ** 64


def sampled(operator: str, row: int, col: int, occurrence: int, fraction: float, start: float = 0.0) -> bool:
    """Whether a mutant is in a ``fraction`` sample: its draw is below the fraction (and at or
    above ``start``, when only a stratum is tried). The same on every run; a larger fraction keeps
    every smaller one's."""
    d = draw(operator, row, col, occurrence)
    return d >= start and (fraction >= 1.0 or d < fraction)


def _sample(db: Path, fraction: float, start: float = 0.0) -> None:
    """Mark the mutants outside the sample as skipped (``NOT_SAMPLED``) and free those inside it
    that an earlier, smaller sample left out, so that cosmic-ray tries exactly the sample."""
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT m.job_id, m.operator_name, m.start_pos_row, m.start_pos_col, m.occurrence, "
                           "r.worker_outcome, r.output FROM mutation_specs m "
                           "LEFT JOIN work_results r ON r.job_id = m.job_id").fetchall()
        for job, op, row, col, occ, outcome, output in rows:
            inside = sampled(op, row, col, occ, fraction, start)
            if outcome is None and not inside:
                con.execute("INSERT INTO work_results (job_id, worker_outcome, output) VALUES (?, 'SKIPPED', ?)",
                            (job, NOT_SAMPLED))
            elif outcome == "SKIPPED" and output == NOT_SAMPLED and inside:
                con.execute("DELETE FROM work_results WHERE job_id = ?", (job,))


def _mutants(s: Settings, module: str, dump: str) -> list[dict]:
    """The session's mutants (filtered ones left out), each with its stable description."""
    lines = (s.root / module).read_text().splitlines()
    seen: dict[str, int] = {}
    out = []
    rows = [json.loads(line) for line in dump.splitlines() if line.strip()]
    rows.sort(key=lambda r: (r[0]["mutations"][0]["start_pos"], r[0]["mutations"][0]["operator_name"],
                             r[0]["mutations"][0]["occurrence"]))
    for item, result in rows:
        m = item["mutations"][0]
        if result and result.get("worker_outcome") == "skipped" and result.get("output") != NOT_SAMPLED:
            continue   # an operator make mutate does not use
        op = m["operator_name"].removeprefix("core/")
        row = m["start_pos"][0]
        text = " ".join(lines[row - 1].split()) if row <= len(lines) else ""
        base = f"{op} @ {text}"
        seen[base] = seen.get(base, 0) + 1
        if result is None:
            outcome = "pending"
        elif result.get("output") == NOT_SAMPLED:
            outcome = "not sampled"
        elif result["worker_outcome"] == "timeout":
            outcome = "killed"  # the mutant made the tests hang: caught
        elif result["worker_outcome"] in ("exception", "abnormal"):
            outcome = "incompetent"
        else:
            outcome = result["test_outcome"] or "incompetent"
        out.append({"key": f"{base} #{seen[base]}", "line": row, "operator": op, "outcome": outcome,
                    "draw": draw(m["operator_name"], row, m["start_pos"][1], m["occurrence"]),
                    "diff": _short_diff(result.get("diff") if result else None)})
    return out


def _short_diff(diff: str | None) -> str:
    if not diff:
        return ""
    keep = [l for l in diff.splitlines() if l[:1] in "+-" and not l.startswith(("---", "+++"))]
    return "\n".join(keep)


def _fraction(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 < value <= 1.0:
        raise argparse.ArgumentTypeError(f"--sample takes a fraction above 0 and at most 1, such as 0.1; got {text!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.mutation", description=__doc__.splitlines()[0])
    p.add_argument("names", nargs="*", help="groups, module paths or globs (default: every target)")
    p.add_argument("--jobs", type=int, default=1, help="modules mutated side by side")
    p.add_argument("--config", type=Path, default=TARGETS)
    p.add_argument("--equivalent", type=Path, default=EQUIVALENT)
    p.add_argument("--root", type=Path, default=ROOT)
    p.add_argument("--out", type=Path, default=None, help="default: ROOT/results/mutate")
    p.add_argument("--report", action="store_true", help="only rewrite the reports from the sessions")
    p.add_argument("--list", action="store_true", help="only list the modules and their tests")
    p.add_argument("--sample", type=_fraction, default=1.0, metavar="F",
                   help="try a fixed random fraction F (0 < F <= 1) of each module's mutants (default 1: all)")
    p.add_argument("--new-since", type=_fraction, default=None, metavar="F",
                   help="the summary also counts apart, per group, the mutants outside an F sample "
                        "(those a larger --sample added): the score on mutants no test was written against")
    p.add_argument("--sample-from", type=_fraction, default=None, metavar="E",
                   help="with --sample F, try only the mutants outside an E sample (draws in [E, F)): "
                        "a fresh sample that leaves out the mutants tests were written against")
    a = p.parse_args(argv)
    if a.sample_from is not None and not a.sample_from < a.sample:
        p.error(f"--sample-from {a.sample_from} must be below --sample {a.sample}: "
                f"it leaves out the mutants of the smaller sample")
    try:
        s, targets = load(a.config, a.root.resolve(), a.out, a.equivalent, a.sample, a.sample_from or 0.0)
        targets = select(targets, a.names)
        if a.list:
            for t in targets:
                print(f"{t.module}: {' '.join(t.tests)}" + (f" (-k {t.keyword!r})" if t.keyword else ""))
            return 0
        failed: dict[str, str] = {}   # group -> why its tests fail unmutated (left out)
        stopped: list[MutateError] = []   # modules that stopped on their own
        if a.report and not any((s.out / "sessions").glob("*.data.json")):
            raise MutateError(f"no mutation session to report under {s.out}: run make mutate first")
        if not a.report:
            s.run_id = f"{time.time_ns():x}"
            failed = collect_shared(s, targets, jobs=a.jobs)
            for msg in failed.values():
                print(f"make mutate: {msg}; its modules are left out of this run", file=sys.stderr)
            targets = [t for t in targets if t.group not in failed]
            with ThreadPoolExecutor(max(1, a.jobs)) as pool:
                def one(t: Target):
                    try:
                        return run_module(s, t)
                    except MutateError as e:   # this module stops; the others go on
                        return e
                for data in pool.map(one, targets):
                    if isinstance(data, MutateError):
                        print(f"make mutate: {data}; the other modules go on", file=sys.stderr, flush=True)
                        stopped.append(data)
                        continue
                    c = tally(data, equivalents(s.equivalent).get(data["module"], {}))
                    print(f"{data['module']}: {c['killed']} killed, {c['survived']} survived, "
                          f"{c['equivalent']} equivalent of {c['mutants']}", flush=True)
        write_reports(s.out, s.equivalent, a.new_since)
        print(f"reports: {s.out}/summary.md and one per module beside it")
        return 2 if failed or stopped else 0
    except (MutateError, yaml.YAMLError) as e:   # (a targets or equivalents file it cannot use)
        print(f"make mutate: {e}", file=sys.stderr)
        return 2
