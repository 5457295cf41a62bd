"""make mutate's machinery on a tiny module: cosmic-ray mutates it in a copy, runs its test against
each mutant, and the reports count killed, surviving and equivalent mutants (with the reason);
a second run continues the session instead of starting anew. The full runs are make mutate."""

import textwrap

from tools.mutation import load, main, run_module, select, tally

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
    assert "| tiny.py | 5 | 2 | 2 | 1 | 0 | 0 | 50.0 |" in summary
    assert "new session" not in capsys.readouterr().out


def test_a_name_that_matches_nothing_is_refused_in_words(tmp_path, capsys):
    _project(tmp_path)
    assert main(["--config", str(tmp_path / "targets.yaml"), "--root", str(tmp_path), "nowhere"]) == 2
    assert "no module matches nowhere: name a group (tiny)" in capsys.readouterr().err
