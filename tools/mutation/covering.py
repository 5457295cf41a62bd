"""Per-test coverage for make mutate: each mutant runs only the tests that run its line.

Before a module's mutants run, its tests run once under coverage.py with one dynamic context per
test (the pytest node id, set around each test's setup, call and teardown), measuring that module
alone. That gives, for every line of the module, the tests that execute it. Each mutant's test
command is then this module's ``run``: it compares the mutated file with the module's source,
finds the lines the mutation changed, and runs only the tests that execute them, in the test
list's order, stopping at the first failure.

A test that never executes a line cannot tell a change to it, so selecting by line loses no kill
that the whole list would make, save one through state that a test leaves for a later one (a
cache filled by one test and read by another): a mutant the selected tests let through is
therefore tried against the whole list before it counts as a survivor. Lines the tests do not
reach in this process (code run in worker processes, or no test at all) and lines that run when
the module is imported (constants, signatures, decorators) are tried against the whole test
list, as without selection.
This is the per-test coverage analysis of Stryker and mutmut; cosmic-ray runs one command per
mutant, and this is that command.

    python -m tools.mutation.covering collect MAP.json...  # the tests under coverage -> the maps
    python -m tools.mutation.covering run MAP.json       # one mutant: the tests of its lines
"""
from __future__ import annotations

import difflib
import json
import shlex
import subprocess
import sys
import time
from pathlib import Path

IMPORT = ""   # coverage's context while no test runs: the module's import, at collection


def plan(map_file: Path, module: str, source: Path, test_command: str, python: str, tests: list[str],
         run_id: str = "") -> None:
    """Write the map's header: what ``collect`` measures and what ``run`` runs (``run_id``: the
    make mutate run that collects it, so that run's modules may share one collection)."""
    map_file.write_text(json.dumps({"module": module, "source": str(source), "test_command": test_command,
                                    "python": python, "tests": tests, "run": run_id, "lines": None}))


def collect(map_files: list[Path]) -> int:
    """Run the test list once under coverage, a context per test, and record in each map, for
    each line of its module, the node ids that run it. Every map names the same tests and test
    command (one module's, or a group's modules sharing their tests: one run serves them all).
    Returns pytest's exit code (the baseline); each map also gets the run's seconds."""
    import coverage
    import pytest

    specs = [json.loads(m.read_text()) for m in map_files]
    spec = specs[0]
    if any((o["tests"], o["test_command"]) != (spec["tests"], spec["test_command"]) for o in specs):
        raise ValueError("maps collected together must name the same tests and test command")
    targets = [str(Path(o["module"]).resolve()) for o in specs]
    cov = coverage.Coverage(include=targets, data_file=None, branch=False, config_file=False)

    class PerTest:
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_protocol(self, item, nextitem):
            cov.switch_context(item.nodeid)
            yield
            cov.switch_context(IMPORT)

    parts = shlex.split(spec["test_command"].format(python=spec["python"], tests="\0"))
    if "pytest" not in parts:   # not pytest: no test ids to select; every mutant runs the whole list
        at = parts.index("\0")
        return subprocess.call(parts[:at] + spec["tests"] + parts[at + 1:])
    args = [a for a in parts[parts.index("pytest") + 1:] if a != "\0"] + spec["tests"]
    start = time.monotonic()
    cov.start()
    try:
        code = pytest.main(args, plugins=[PerTest()])
    finally:
        cov.stop()
    seconds = time.monotonic() - start
    data = cov.get_data()
    measured = {str(Path(f).resolve()): f for f in data.measured_files()}
    for map_file, one, target in zip(map_files, specs, targets):
        lines = {}
        if target in measured:
            for line, contexts in data.contexts_by_lineno(measured[target]).items():
                lines[str(line)] = sorted(set(contexts))
        one["lines"], one["seconds"] = lines, seconds
        map_file.write_text(json.dumps(one))
    return int(code)


def changed_lines(original: str, mutated: str) -> set[int]:
    """The lines of ``original`` (1-based) that ``mutated`` replaces or removes."""
    out = set()
    matcher = difflib.SequenceMatcher(None, original.splitlines(), mutated.splitlines(), autojunk=False)
    for tag, i1, i2, _j1, _j2 in matcher.get_opcodes():
        if tag != "equal":
            out.update(range(i1 + 1, max(i2, i1 + 1) + 1))
    return out


def select(spec: dict, lines: set[int]) -> list[str]:
    """The tests to run against a mutant that changed ``lines``: the node ids that run them, in
    the test list's order; the whole list when a line runs at import or under no test here."""
    covered = spec["lines"] or {}
    chosen: set[str] = set()
    for line in lines:
        contexts = covered.get(str(line))
        if not contexts or IMPORT in contexts:
            return list(spec["tests"])
        chosen.update(c for c in contexts if c != IMPORT)
    if not chosen:
        return list(spec["tests"])
    order = {t: k for k, t in enumerate(sorted(chosen))}
    return sorted(chosen, key=lambda node: (_rank(node, spec["tests"]), order[node]))


def _rank(node: str, tests: list[str]) -> int:
    """The position in the test list of the entry (path or node id) that holds ``node``."""
    for k, entry in enumerate(tests):
        if node == entry or node.startswith(entry.rstrip("/") + ("::" if entry.endswith(".py") else "/")) \
                or node.startswith(entry + "["):
            return k
    return len(tests)


def run(map_file: Path) -> int:
    """One mutant: the tests that run the lines it changed; their exit code. A mutant those tests
    let through is tried once more against the whole list before it counts as a survivor: a
    cached loader runs its lines under the first test that calls it only, and a later test that
    reads the cache can still catch the change (the state one test leaves for a later one)."""
    spec = json.loads(map_file.read_text())
    original = Path(spec["source"]).read_text()
    mutated = Path(spec["module"]).read_text()
    tests = select(spec, changed_lines(original, mutated))
    command = shlex.split(spec["test_command"].format(python=spec["python"], tests="\0"))
    at = command.index("\0")

    def call(paths: list[str]) -> int:
        return subprocess.call(command[:at] + paths + command[at + 1:])
    whole = list(spec["tests"])
    code = call(tests)
    return call(whole) if code == 0 and tests != whole else code


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("collect", "run") or (argv[0] == "run" and len(argv) != 2):
        print("usage: python -m tools.mutation.covering collect MAP.json [MAP.json ...] | run MAP.json",
              file=sys.stderr)
        return 2
    if argv[0] == "collect":
        return collect([Path(a) for a in argv[1:]])
    return run(Path(argv[1]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
