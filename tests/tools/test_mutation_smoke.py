"""make mutate's machinery on a tiny module: cosmic-ray mutates it in a copy, runs its test against
each mutant, and the reports count killed, surviving and equivalent mutants (with the reason);
a second run continues the session instead of starting anew. The full runs are make mutate."""

import json
import textwrap

import pytest

from tools.mutation import MutateError, load, main, run_module, select
from tools.mutation.report import module_report, tally

MODULE = """\
def bonus(x, step):
    if x > 2:
        return x + step
    return x
"""
# a plain script, not pytest: each mutant's run then takes a fraction of a second
TEST = """\
from tiny import bonus
assert bonus(5, 1) == 6
assert bonus(1, 1) == 1
"""


def _project(tmp_path):
    (tmp_path / "tiny.py").write_text(MODULE)
    (tmp_path / "check_tiny.py").write_text(TEST)
    (tmp_path / "targets.yaml").write_text(textwrap.dedent("""\
        operators: [ReplaceBinaryOperator_Add_Sub, ReplaceComparisonOperator_Gt_GtE, AddNot, NumberReplacer]
        test_command: "{python} {tests}"
        copied: [tiny.py, check_tiny.py]
        groups:
          tiny: {modules: "tiny*.py", tests: [check_tiny.py]}
        """))
    (tmp_path / "equivalent.yaml").write_text(textwrap.dedent("""\
        tiny.py:
          "ReplaceComparisonOperator_Gt_GtE @ if x > 2: #1": "declared here to check the report"
        """))
    return load(tmp_path / "targets.yaml", tmp_path, tmp_path / "out", tmp_path / "equivalent.yaml")


def test_a_module_is_mutated_reported_and_resumed(tmp_path, capsys):
    settings, targets = _project(tmp_path)
    (target,) = select(targets, ["tiny"])
    assert target.module == "tiny.py" and target.tests == ("check_tiny.py",)
    data = run_module(settings, target, say=lambda _: None)
    eq = {"ReplaceComparisonOperator_Gt_GtE @ if x > 2: #1": "declared here to check the report"}
    # 5 mutants: `not` on the condition, + to -, >= for >, and the 2 one up and one down; the
    # test cannot tell x > 2 from x > 1, x > 3 or x >= 2 with 1 and 5
    counts = tally(data, eq)
    assert (counts["mutants"], counts["killed"], counts["survived"], counts["equivalent"]) == (5, 2, 2, 1)
    assert counts["score"] == 50.0
    assert (tmp_path / "tiny.py").read_text() == MODULE  # mutated only in the copy

    args = ["--config", str(tmp_path / "targets.yaml"), "--root", str(tmp_path),
            "--out", str(tmp_path / "out"), "--equivalent", str(tmp_path / "equivalent.yaml")]
    assert main(args + ["tiny"]) == 0  # resumes: nothing pending, the same outcomes
    report = (tmp_path / "out" / "tiny.md").read_text()
    assert "killed 2, survived 2, equivalent 1" in report
    assert "why: declared here to check the report" in report
    assert "NumberReplacer @ if x > 2: #1" in report
    summary = (tmp_path / "out" / "summary.md").read_text()
    assert "| tiny.py | 5 | 2 | 2 | 1 | 0 | 0 | 0 | 50.0 |" in summary
    assert "new session" not in capsys.readouterr().out


def test_a_sample_tries_a_fixed_subset_and_a_larger_one_adds_to_it(tmp_path, capsys):
    """--sample F tries the mutants that sampled() puts in the sample, the same on every run, and
    reports the killed share with its interval; a larger fraction then tries only the mutants the
    smaller one left out, and the whole run gives the outcomes a run without sampling gives."""
    import sqlite3

    from tools.mutation import sampled

    settings, targets = _project(tmp_path)
    args = ["--config", str(tmp_path / "targets.yaml"), "--root", str(tmp_path),
            "--out", str(tmp_path / "out"), "--equivalent", str(tmp_path / "equivalent.yaml")]
    assert main(args + ["--sample", "0.5", "tiny"]) == 0
    db = tmp_path / "out" / "sessions" / "tiny.sqlite"
    with sqlite3.connect(db) as con:
        specs = con.execute("SELECT operator_name, start_pos_row, start_pos_col, occurrence "
                            "FROM mutation_specs").fetchall()
    used = [spec for spec in specs if spec[0].removeprefix("core/") in settings.operators]
    chosen = [spec for spec in used if sampled(*spec, 0.5)]
    assert len(used) == 5
    assert 0 < len(chosen) < 5   # the hash of these five mutants cuts them 2 and 3, on every run
    data = json.loads((tmp_path / "out" / "sessions" / "tiny.data.json").read_text())
    assert (len(data["mutants"]), data["not_sampled"], data["sample"]) == (len(chosen), 5 - len(chosen), 0.5)
    assert sum(1 for m in data["mutants"] if m["outcome"] != "pending") == len(chosen)
    summary = (tmp_path / "out" / "summary.md").read_text()
    assert f"| tiny.py | {len(chosen)} |" in summary and f"| {5 - len(chosen)} |" in summary
    report = (tmp_path / "out" / "tiny.md").read_text()
    assert f"A sample: {len(chosen)} of the module's 5 mutants were tried (--sample 0.5)" in report

    assert main(args + ["--sample", "0.5", "tiny"]) == 0   # the same sample again: nothing new
    assert json.loads((tmp_path / "out" / "sessions" / "tiny.data.json").read_text()) == data
    assert main(args + ["tiny"]) == 0                      # the rest, tried now
    whole = json.loads((tmp_path / "out" / "sessions" / "tiny.data.json").read_text())
    assert (len(whole["mutants"]), whole["not_sampled"]) == (5, 0)
    before = {m["key"]: m["outcome"] for m in data["mutants"]}
    assert {m["key"]: m["outcome"] for m in whole["mutants"] if m["key"] in before} == before
    counts = tally(whole, {"ReplaceComparisonOperator_Gt_GtE @ if x > 2: #1": "declared"})
    assert (counts["killed"], counts["survived"], counts["equivalent"], counts["interval"]) == (2, 2, 1, None)
    assert "| tiny.py | 5 | 2 | 2 | 1 | 0 | 0 | 0 | 50.0 |" in (tmp_path / "out" / "summary.md").read_text()

    # --new-since 0.5 counts apart the mutants the 0.5 sample left out: the ones tried last
    assert main(args + ["--report", "--new-since", "0.5"]) == 0
    added = {"mutants": [m for m in whole["mutants"] if m["key"] not in before]}
    assert len(added["mutants"]) == 5 - len(chosen)
    assert all(m["draw"] >= 0.5 for m in added["mutants"]) and all(m["draw"] < 0.5 for m in data["mutants"])
    fresh = tally(added, {"ReplaceComparisonOperator_Gt_GtE @ if x > 2: #1": "declared"}, sample=True)
    part = (tmp_path / "out" / "summary.md").read_text().split("only the mutants outside the 0.5 sample")[1]
    assert (f"| tiny | {5 - len(chosen)} | {fresh['killed']} | {fresh['survived']} | {fresh['equivalent']} "
            f"| 0 | 0 | 0 |") in part


def test_sample_from_tries_only_the_stratum_above_a_smaller_sample(tmp_path):
    """--sample-from E --sample F tries exactly the mutants whose draw is in [E, F) (a fresh
    sample, apart from the E sample's mutants that tests were written against) and says so."""
    import sqlite3

    from tools.mutation import draw

    settings, _ = _project(tmp_path)
    args = ["--config", str(tmp_path / "targets.yaml"), "--root", str(tmp_path),
            "--out", str(tmp_path / "out"), "--equivalent", str(tmp_path / "equivalent.yaml")]
    assert main(args + ["--sample", "1", "--sample-from", "0.5", "tiny"]) == 0
    with sqlite3.connect(tmp_path / "out" / "sessions" / "tiny.sqlite") as con:
        specs = con.execute("SELECT operator_name, start_pos_row, start_pos_col, occurrence "
                            "FROM mutation_specs").fetchall()
    upper = [s for s in specs if s[0].removeprefix("core/") in settings.operators and draw(*s) >= 0.5]
    data = json.loads((tmp_path / "out" / "sessions" / "tiny.data.json").read_text())
    assert 0 < len(upper) < 5 and len(data["mutants"]) == len(upper) and data["not_sampled"] == 5 - len(upper)
    assert all(m["draw"] >= 0.5 and m["outcome"] != "pending" for m in data["mutants"])
    report = (tmp_path / "out" / "tiny.md").read_text()
    assert f"{len(upper)} of the module's 5 mutants were tried (--sample 1.0, --sample-from 0.5)" in report


def test_sample_from_at_or_above_the_sample_is_refused_in_words(tmp_path, capsys):
    _project(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["--config", str(tmp_path / "targets.yaml"), "--root", str(tmp_path),
              "--sample", "0.2", "--sample-from", "0.3"])
    assert stop.value.code == 2
    assert "--sample-from 0.3 must be below --sample 0.2" in capsys.readouterr().err


@pytest.mark.parametrize("fraction", ["0", "1.5", "half"])
def test_a_sample_outside_0_to_1_is_refused_in_words(tmp_path, capsys, fraction):
    _project(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["--config", str(tmp_path / "targets.yaml"), "--root", str(tmp_path), "--sample", fraction])
    assert stop.value.code == 2
    assert f"--sample takes a fraction above 0 and at most 1, such as 0.1; got '{fraction}'" in capsys.readouterr().err


def test_a_name_that_matches_nothing_is_refused_in_words(tmp_path, capsys):
    _project(tmp_path)
    assert main(["--config", str(tmp_path / "targets.yaml"), "--root", str(tmp_path), "nowhere"]) == 2
    assert "no module matches nowhere: name a group (tiny)" in capsys.readouterr().err


def test_a_group_whose_tests_fail_unmutated_is_left_out_and_the_others_run(tmp_path, capsys):
    """A group's shared test list that fails before any mutation stops that group only: it is
    named with its log, the other groups are mutated and reported, and the run ends with 2. The
    modules run in the order the names give (a run starts with what it names first)."""
    _project(tmp_path)
    (tmp_path / "bad_one.py").write_text("X = 1\n")
    (tmp_path / "bad_two.py").write_text("Y = 2\n")
    (tmp_path / "check_bad.py").write_text("import bad_one\nassert bad_one.X == 2\n")
    (tmp_path / "lone.py").write_text("Z = 3\n")
    (tmp_path / "check_lone.py").write_text("import lone\nassert lone.Z == 4\n")
    (tmp_path / "targets.yaml").write_text(textwrap.dedent("""\
        operators: [ReplaceBinaryOperator_Add_Sub, ReplaceComparisonOperator_Gt_GtE, AddNot, NumberReplacer]
        test_command: "{python} {tests}"
        copied: [tiny.py, check_tiny.py, bad_one.py, bad_two.py, check_bad.py, lone.py, check_lone.py]
        groups:
          bad: {modules: "bad_*.py", tests: [check_bad.py]}
          lone: {modules: "lone.py", tests: [check_lone.py]}
          tiny: {modules: "tiny*.py", tests: [check_tiny.py]}
        """))
    _, targets = load(tmp_path / "targets.yaml", tmp_path, tmp_path / "out", tmp_path / "equivalent.yaml")
    assert [t.module for t in select(targets, ["tiny", "bad"])] == ["tiny.py", "bad_one.py", "bad_two.py"]
    assert [t.module for t in select(targets, ["lone", "tiny"])] == ["lone.py", "tiny.py"]
    assert [t.module for t in select(targets, ["bad_two.py", "bad"])] == ["bad_two.py", "bad_one.py"]
    args = ["--config", str(tmp_path / "targets.yaml"), "--root", str(tmp_path),
            "--out", str(tmp_path / "out"), "--equivalent", str(tmp_path / "equivalent.yaml"), "--jobs", "2"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "group bad: its tests fail before any mutation (check_bad.py)" in err, err
    assert "its modules are left out of this run" in err and "_collect.bad.log" in err
    # a module alone in its group collects its own map: its failure stops it alone
    assert "lone.py: its tests fail before any mutation (check_lone.py)" in err
    assert "the other modules go on" in err
    summary = (tmp_path / "out" / "summary.md").read_text()
    assert "| tiny.py | 5 |" in summary and "bad_one.py" not in summary and "lone.py" not in summary


# per-test coverage: a mutant runs only the tests that run the lines it changed
TWO = """\
LIMIT = 3


def grow(x):
    return x + 1


def cap(x):
    if x > LIMIT:
        return LIMIT
    return x
"""
TWO_TESTS = """\
from two import cap, grow


def test_grow():
    assert grow(1) == 2


def test_cap():
    assert cap(9) == 3 and cap(2) == 2


def test_cap_at_the_limit():
    assert cap(3) == 3
"""


def test_each_mutant_runs_the_tests_that_run_its_lines(tmp_path):
    """The map names, for each line, the tests that run it: a change to grow's body runs
    test_grow alone, one to cap's body the two cap tests, and one to a line run at import (the
    constant) the whole list; every mutant is still judged as the whole list would judge it."""
    import json

    from tools.mutation import covering

    (tmp_path / "two.py").write_text(TWO)
    (tmp_path / "test_two.py").write_text(TWO_TESTS)
    (tmp_path / "targets.yaml").write_text(textwrap.dedent("""\
        operators: [ReplaceBinaryOperator_Add_Sub, ReplaceComparisonOperator_Gt_GtE, NumberReplacer]
        test_command: "{python} -m pytest -x -q -p no:cacheprovider {tests}"
        copied: [two.py, test_two.py]
        groups:
          two: {modules: "two.py", tests: [test_two.py]}
        """))
    settings, targets = load(tmp_path / "targets.yaml", tmp_path, tmp_path / "out", tmp_path / "none.yaml")
    data = run_module(settings, targets[0], say=lambda _: None)
    spec = json.loads((tmp_path / "out" / "sessions" / "two.covering.json").read_text())
    assert spec["lines"]["5"] == ["test_two.py::test_grow"]
    assert spec["lines"]["9"] == ["test_two.py::test_cap", "test_two.py::test_cap_at_the_limit"]
    assert "" in spec["lines"]["1"]   # LIMIT = 3 runs at import
    assert covering.select(spec, {5}) == ["test_two.py::test_grow"]
    assert covering.select(spec, {9, 10}) == ["test_two.py::test_cap", "test_two.py::test_cap_at_the_limit"]
    assert covering.select(spec, {1}) == ["test_two.py"] and covering.select(spec, {99}) == ["test_two.py"]
    assert covering.changed_lines(TWO, TWO.replace("x > LIMIT", "x >= LIMIT")) == {9}
    # killed through the selected tests: grow's + made -, its 1 made 2 and 0, LIMIT made 4 and 2
    # (the whole list); x >= LIMIT survives, as it would against every test: at x = 3 both return 3
    outcomes = {m["key"]: m["outcome"] for m in data["mutants"]}
    assert outcomes.pop("ReplaceComparisonOperator_Gt_GtE @ if x > LIMIT: #1") == "survived"
    assert sorted(outcomes) == ["NumberReplacer @ LIMIT = 3 #1", "NumberReplacer @ LIMIT = 3 #2",
                                "NumberReplacer @ return x + 1 #1", "NumberReplacer @ return x + 1 #2",
                                "ReplaceBinaryOperator_Add_Sub @ return x + 1 #1"]
    assert set(outcomes.values()) == {"killed"}
    assert (tmp_path / "two.py").read_text() == TWO


def test_a_groups_select_narrows_the_tests_over_every_game_with_pytest_k(tmp_path):
    """A group's ``select`` (a pytest -k expression, spaces and all) narrows the tests over every
    game (``game_tests``) to the cases it names, and leaves the group's own tests whole: with
    "cap and not limit", test_two.py's test_grow and test_cap_at_the_limit never run, so the map
    names only test_cap for cap's line, and grow's line is run by the group's own test alone
    (test_own.py, whose name matches nothing in the select). Its mutants and those of LIMIT (run
    at import: the whole list, narrowed) are killed. A select that is not text is refused in
    words."""
    import json

    (tmp_path / "two.py").write_text(TWO)
    (tmp_path / "test_two.py").write_text(TWO_TESTS)
    (tmp_path / "test_own.py").write_text("from two import grow\n\n\ndef test_grows_by_one():\n"
                                          "    assert grow(5) == 6\n")
    targets_file = tmp_path / "targets.yaml"
    targets_file.write_text(textwrap.dedent("""\
        operators: [ReplaceBinaryOperator_Add_Sub, NumberReplacer]
        test_command: "{python} -m pytest -x -q -p no:cacheprovider {tests}"
        copied: [two.py, test_two.py, test_own.py]
        game_tests: [test_two.py]
        groups:
          two: {modules: "two.py", tests: [test_own.py], select: "cap and not limit"}
        """))
    settings, targets = load(targets_file, tmp_path, tmp_path / "out", tmp_path / "none.yaml")
    assert targets[0].tests == ("test_own.py", "test_two.py")
    assert targets[0].keyword == "(cap and not limit) or not (test_two)"
    data = run_module(settings, targets[0], say=lambda _: None)
    spec = json.loads((tmp_path / "out" / "sessions" / "two.covering.json").read_text())
    assert "-k '(cap and not limit) or not (test_two)'" in spec["test_command"]
    assert spec["lines"]["5"] == ["test_own.py::test_grows_by_one"]
    assert spec["lines"]["9"] == ["test_two.py::test_cap"]
    assert {m["key"]: m["outcome"] for m in data["mutants"]} == {
        "ReplaceBinaryOperator_Add_Sub @ return x + 1 #1": "killed",
        "NumberReplacer @ return x + 1 #1": "killed", "NumberReplacer @ return x + 1 #2": "killed",
        "NumberReplacer @ LIMIT = 3 #1": "killed", "NumberReplacer @ LIMIT = 3 #2": "killed"}
    assert "only the cases pytest -k '(cap and not limit) or not (test_two)' selects" in module_report(data, {})
    targets_file.write_text(targets_file.read_text().replace('select: "cap and not limit"', "select: [cap]"))
    with pytest.raises(MutateError, match="'select' is a pytest -k expression"):
        load(targets_file, tmp_path, tmp_path / "out", tmp_path / "none.yaml")


def test_modules_sharing_their_tests_run_them_once_under_coverage(tmp_path, capsys):
    """Two modules of one group with the same test list: make mutate runs those tests once under
    coverage for both (one map each, from the same run), and each module's mutants are judged as
    with a collection of its own: grow's + made - and cap's LIMIT made 4 are killed, by the tests
    that run their lines."""
    import json

    (tmp_path / "two.py").write_text(TWO)
    (tmp_path / "three.py").write_text("def triple(x):\n    return 3 * x\n")
    (tmp_path / "test_two.py").write_text(TWO_TESTS + "\n\ndef test_triple():\n    from three import triple\n"
                                          "    assert triple(2) == 6\n")
    (tmp_path / "targets.yaml").write_text(textwrap.dedent("""\
        operators: [ReplaceBinaryOperator_Add_Sub, ReplaceBinaryOperator_Mul_Div]
        test_command: "{python} -m pytest -x -q -p no:cacheprovider {tests}"
        copied: [two.py, three.py, test_two.py]
        groups:
          pair: {modules: "t*.py", skip: [test_two.py], tests: [test_two.py]}
        """))
    args = ["--config", str(tmp_path / "targets.yaml"), "--root", str(tmp_path), "--out", str(tmp_path / "out"),
            "--equivalent", str(tmp_path / "none.yaml")]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "pair: the tests of 2 modules run once under coverage" in out
    sessions = tmp_path / "out" / "sessions"
    two, three = (json.loads((sessions / f"{m}.covering.json").read_text()) for m in ("two", "three"))
    assert two["run"] == three["run"] != "" and two["seconds"] == three["seconds"]
    assert two["lines"]["5"] == ["test_two.py::test_grow"] and three["lines"]["2"] == ["test_two.py::test_triple"]
    assert "two.py: 1 killed, 0 survived" in out and "three.py: 1 killed, 0 survived" in out
    assert not (tmp_path / "out" / "work" / "_collect.pair").exists()


def test_a_mutant_the_selected_tests_miss_is_tried_against_the_whole_list(tmp_path):
    """A cached loader runs its lines under the first test that calls it only: the map gives its
    line to test_loads alone, which does not look at the value, while test_reads reads the cache
    later. The mutant passes the selected test and is then tried against the whole list, which
    kills it, as make test would."""
    import json

    (tmp_path / "cached.py").write_text("import functools\n\n\n@functools.lru_cache\ndef table():\n"
                                        "    return {\"a\": 1 + 1}\n")
    (tmp_path / "test_cached.py").write_text("from cached import table\n\n\ndef test_loads():\n"
                                             "    assert table() is table()\n\n\ndef test_reads():\n"
                                             "    assert table()[\"a\"] == 2\n")
    (tmp_path / "targets.yaml").write_text(textwrap.dedent("""\
        operators: [ReplaceBinaryOperator_Add_Sub]
        test_command: "{python} -m pytest -x -q -p no:cacheprovider {tests}"
        copied: [cached.py, test_cached.py]
        groups:
          cached: {modules: "cached.py", tests: [test_cached.py]}
        """))
    settings, targets = load(tmp_path / "targets.yaml", tmp_path, tmp_path / "out", tmp_path / "none.yaml")
    data = run_module(settings, targets[0], say=lambda _: None)
    spec = json.loads((tmp_path / "out" / "sessions" / "cached.covering.json").read_text())
    assert spec["lines"]["6"] == ["test_cached.py::test_loads"]   # the cache hides the later reader
    assert {m["key"]: m["outcome"] for m in data["mutants"]} == {
        "ReplaceBinaryOperator_Add_Sub @ return {\"a\": 1 + 1} #1": "killed"}



def test_a_module_declared_twice_in_the_equivalents_is_refused(tmp_path):
    """Plain YAML keeps the last of two equal keys: the mutants under a module's first heading
    would silently stop counting as equivalent. The equivalents file refuses it, naming the key;
    the shipped file loads."""
    import yaml

    from tools.mutation import EQUIVALENT
    from tools.mutation.report import equivalents

    twice = tmp_path / "equivalent.yaml"
    twice.write_text('a.py:\n  "x #1": why\nb.py:\n  "y #1": why\na.py:\n  "z #1": why\n')
    with pytest.raises(yaml.YAMLError, match="'a.py' is given twice"):
        equivalents(twice)
    assert all(isinstance(v, dict) and v for v in equivalents(EQUIVALENT).values())


def test_a_report_with_no_session_says_so(tmp_path, capsys):
    assert main(["--report", "--out", str(tmp_path / "none")]) == 2
    assert "no mutation session to report" in capsys.readouterr().err
