"""make mutate's reports: one per module (killed, survived, equivalent with its reason) and the
summary (one row per module and per group), read from the sessions' data files.

``new_since`` counts apart the mutants outside a smaller sample: those a larger ``--sample``
added later. Their outcome at the run that first tried them is the tests' score on mutants
nobody wrote a test against, an independent estimate of the module's; run the report straight
after that run, before tests are written for its survivors."""

from __future__ import annotations

import json
from pathlib import Path

import yaml


class _NoRepeats(yaml.SafeLoader):
    """YAML whose mappings refuse a key given twice (plain YAML keeps the last silently, which
    would drop every mutant declared under a module's first heading)."""


def _mapping(loader, node):
    seen = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node)
        if key in seen:
            raise yaml.constructor.ConstructorError(None, None, f"{key!r} is given twice", key_node.start_mark)
        seen.add(key)
    return loader.construct_mapping(node)


_NoRepeats.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def equivalents(path: Path) -> dict[str, dict[str, str]]:
    """The declared equivalent mutants: module -> mutant description -> why."""
    data = yaml.load(path.read_text(), Loader=_NoRepeats) if path.exists() else None
    return data or {}


def tally(data: dict, equivalent: dict[str, str], sample: bool | None = None) -> dict:
    """Counts for one module; an equivalent mutant counts as such only while it survives. The
    killed share gets its interval when the mutants are a sample (by default: when some of the
    module's were not tried)."""
    counts = {"mutants": 0, "killed": 0, "survived": 0, "equivalent": 0, "incompetent": 0, "pending": 0}
    for m in data["mutants"]:
        counts["mutants"] += 1
        kind = m["outcome"]
        if kind == "survived" and m["key"] in equivalent:
            kind = "equivalent"
        counts[kind] = counts.get(kind, 0) + 1
    judged = counts["killed"] + counts["survived"]
    counts["score"] = round(100.0 * counts["killed"] / judged, 1) if judged else None
    counts["not_sampled"] = data.get("not_sampled", 0)
    counts["interval"] = None
    if (counts["not_sampled"] if sample is None else sample) and judged:   # a sample: the killed share's 95% interval (Wilson)
        from boardgym.eval.stats import wilson_interval

        lo, hi = wilson_interval(counts["killed"], judged)
        counts["interval"] = (round(100.0 * lo, 1), round(100.0 * hi, 1))
    return counts


def _score(c: dict) -> str:
    return "" if c["score"] is None else f"{c['score']}" + (
        f" [{c['interval'][0]}, {c['interval'][1]}]" if c["interval"] else "")


def _row(name: str, c: dict) -> str:
    return (f"| {name} | {c['mutants']} | {c['killed']} | {c['survived']} | {c['equivalent']} "
            f"| {c['incompetent']} | {c['pending']} | {c['not_sampled']} | {_score(c)} |")


def module_report(data: dict, equivalent: dict[str, str]) -> str:
    c = tally(data, equivalent)
    out = [f"# Mutation report: {data['module']}", "",
           f"Tests run against each mutant: {', '.join(data['tests'])}"
           + (f" (only the cases pytest -k {data['keyword']!r} selects)" if data.get("keyword") else ""), "",
           f"mutants {c['mutants']}, killed {c['killed']}, survived {c['survived']}, "
           f"equivalent {c['equivalent']}, incompetent {c['incompetent']}, pending {c['pending']}; "
           f"score {c['score']}% of the non-equivalent mutants killed", ""]
    if c["not_sampled"]:
        out[-1:-1] = ["", f"A sample: {c['mutants']} of the module's {c['mutants'] + c['not_sampled']} "
                      f"mutants were tried (--sample {data.get('sample')}"
                      + (f", --sample-from {data['sample_from']}" if data.get("sample_from") else "")
                      + "); the killed share's 95% interval "
                      f"is {c['interval'][0] if c['interval'] else '-'}% to {c['interval'][1] if c['interval'] else '-'}%."]
    for title, want in (("Survived", "survived"), ("Equivalent", "equivalent")):
        rows = [m for m in data["mutants"] if m["outcome"] == "survived"
                and (m["key"] in equivalent) == (want == "equivalent")]
        out += [f"## {title} ({len(rows)})", ""]
        for m in rows:
            out.append(f"- line {m['line']}: `{m['key']}`")
            if want == "equivalent":
                out.append(f"  - why: {equivalent[m['key']]}")
            for d in m["diff"].splitlines():
                out.append(f"  - `{d}`")
        out.append("")
    stale = [k for k in equivalent if k not in {m["key"] for m in data["mutants"] if m["outcome"] == "survived"}]
    if stale:
        out += ["## Declared equivalent but not surviving (remove from equivalent.yaml)", ""]
        out += [f"- `{k}`" for k in stale] + [""]
    return "\n".join(out)


def outside(data: dict, fraction: float) -> dict:
    """The part of a module's (or group's) data outside a ``fraction`` sample: the mutants whose
    draw is at or above it. Data written before draws were kept holds none."""
    return {**data, "mutants": [m for m in data["mutants"] if m.get("draw", -1.0) >= fraction]}


def write_reports(out: Path, equivalent_file: Path, new_since: float | None = None) -> list[tuple[str, dict]]:
    """Every module's report and the summary, from every session run so far."""
    declared = equivalents(equivalent_file)
    rows, groups = [], {}
    for path in sorted((out / "sessions").glob("*.data.json")):
        data = json.loads(path.read_text())
        eq = declared.get(data["module"], {})
        (out / f"{Path(path.name).stem.removesuffix('.data')}.md").write_text(module_report(data, eq))
        rows.append((data["module"], tally(data, eq)))
        total = groups.setdefault(data["group"], {"group": data["group"], "mutants": [], "not_sampled": 0})
        total["not_sampled"] += data.get("not_sampled", 0)
        # keys qualified by module: two modules may hold the same line
        total["mutants"] += [{**m, "key": f"{data['module']}: {m['key']}"} for m in data["mutants"]]
        total.setdefault("equivalent", {}).update({f"{data['module']}: {k}": v for k, v in eq.items()})
    head = ("| module | mutants | killed | survived | equivalent | incompetent | pending | not sampled "
            "| killed % [95% interval of a sample] |\n" + "|" + "---|" * 9)
    by_group = head.replace("module", "group", 1)
    lines = ["# Mutation testing summary", "",
             "Killed % is killed / (killed + survived): equivalent mutants are left out. Where only a "
             "sample of a module's mutants was tried (--sample), the interval is the Wilson 95% interval "
             "of the killed share: an estimate of the whole module's.", "",
             head]
    lines += [_row(module, c) for module, c in rows]
    lines += ["", "Per group (the modules run so far):", "", by_group]
    lines += [_row(name, tally(g, g["equivalent"])) for name, g in groups.items()]
    if new_since is not None:
        lines += ["", f"Per group, only the mutants outside the {new_since} sample (added by a larger "
                  "--sample; read straight after the run that first tried them, before tests are written "
                  "for its survivors, this is the tests' score on mutants no test was written against):",
                  "", by_group]
        for name, g in groups.items():
            lines.append(_row(name, tally(outside(g, new_since), g["equivalent"], sample=True)))
    (out / "summary.md").write_text("\n".join(lines) + "\n")
    return rows
