"""The plots of the results page: for every section, its win rates with their 95% intervals
(drawn from the section's own table, so a plot always shows the numbers printed above it), and
the learning curve of every trained model the section names whose run folder holds TensorBoard
logs (``<run>/tb``). PNGs go to ``plots/`` beside the page and ``plots/plots.json`` records what
each was drawn from and when.

``runs/`` is not in the repository: where a run's logs are absent, the curve drawn earlier stays
and the page says when it was drawn; where there is neither, the page says so. Every section's
plot block is replaced on each run (the page's own text is the input), so ``--keep-others`` and
``--plots-only`` keep the other sections' plots consistent with their tables.
"""
from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path

from .results_page import ROOT

MARK = "<!-- plots: drawn by python -m boardgym.eval.results (boardgym/eval/results_plots.py); replaced on each run -->"
HEADER = "- plots: "
_CI = re.compile(r"^\[\s*(-?[\d.]+),\s*(-?[\d.]+)\s*\]$")
_MODEL = re.compile(r"^- ([A-Za-z0-9_.-]+): `([^`]+\.zip)`")


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def parse_rows(markdown: str) -> list[dict]:
    """The rows of a section's results table (``boardgym.eval.evaluate.results_table``), as numbers."""
    rows, header = [], None
    for line in markdown.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else None
        if cells is None:
            header = None
            continue
        if cells[:3] == ["agent", "opponent", "games"]:
            header = cells
            continue
        if header is None or set(cells[0]) <= set("-:"):
            continue
        if len(cells) != len(header):
            raise ValueError(f"results table row {line!r} has {len(cells)} cells, the header {len(header)}")
        row = {"agent": cells[0], "opponent": cells[1], "games": int(cells[2])}
        ci = _CI.match(cells[5])
        if row["games"] and ci:
            row.update(win_rate=float(cells[4]), win_low=float(ci.group(1)), win_high=float(ci.group(2)))
        rows.append(row)
    return rows


def winrate_chart(title: str, rows: list[dict], path: Path) -> Path | None:
    """Horizontal bars: each played row's win rate with its 95% Wilson interval."""
    from .plots import _plt

    rows = [r for r in rows if r.get("win_rate") is not None]
    if not rows:
        return None
    plt = _plt()
    labels = [r["agent"] if r["opponent"] == "-" else f"{r['agent']} vs {r['opponent']}" for r in rows]
    rate = [r["win_rate"] for r in rows]
    err = [[max(0.0, r["win_rate"] - r["win_low"]) for r in rows],
           [max(0.0, r["win_high"] - r["win_rate"]) for r in rows]]
    opps = sorted({r["opponent"] for r in rows})
    colours = {o: c for o, c in zip(opps, ("tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple"))}
    fig, ax = plt.subplots(figsize=(6.5, 0.45 * len(rows) + 1.3))
    y = list(range(len(rows)))[::-1]
    ax.barh(y, rate, xerr=err, capsize=4, color=[colours.get(r["opponent"], "tab:gray") for r in rows])
    ax.set_yticks(y, labels)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    if opps != ["-"]:
        from matplotlib.patches import Patch

        ax.legend(handles=[Patch(color=colours[o], label=f"against {o}") for o in opps],
                  loc="lower right", fontsize=8)
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def run_folder(shown: str, runs: Path | None) -> Path:
    """A model path as the page shows it -> its run folder: read from the repository root, else
    (``runs/NAME/...``) from ``runs`` (``--runs``)."""
    p = Path(shown)
    if not p.is_absolute():
        q = ROOT / p
        if not q.exists() and runs is not None and p.parts and p.parts[0] == "runs":
            q = Path(runs).joinpath(*p.parts[1:])
        p = q
    run = p.parent
    return run.parent if run.name in ("checkpoints", "pool") else run


def _shown(p: Path) -> str:
    try:
        return str(p.resolve().relative_to(ROOT))
    except ValueError:
        return f"runs/{p.name}" if p.parent.name == "runs" else str(p)


def strip_block(markdown: str) -> str:
    """A section without its plot block (everything from the marker on)."""
    at = markdown.find(MARK)
    return (markdown if at < 0 else markdown[:at]).rstrip()


def section_block(key: str, markdown: str, plots: Path, runs: Path | None, manifest: dict,
                  drawn: dict) -> list[str]:
    """Draw the section's plots (a run's curve once per page) and return its plot block."""
    from .plots import learning_curve

    lines = [MARK, ""]
    rows = parse_rows(markdown)
    name = f"{key}_win_rates.png"
    if winrate_chart(f"{key}: win rate per agent (95% Wilson intervals)", rows, plots / name):
        manifest[name] = {"drawn": _now(), "from": f"the table of section {key} of the page"}
        lines += [f"![{key}: win rate per agent with 95% intervals](plots/{name})", ""]
    for line in markdown.splitlines():
        m = _MODEL.match(line)
        if not m:
            continue
        label, run = m.group(1), run_folder(m.group(2), runs)
        name, tb = f"curve_{run.name}.png", run / "tb"
        where = f"runs/{run.name}/tb"
        if name not in drawn:
            ok = tb.is_dir() and any(tb.rglob("events.out.tfevents.*"))
            if ok and learning_curve(tb, plots / name) is not None:
                manifest[name] = {"drawn": _now(), "from": where}
            drawn[name] = True
        info = manifest.get(name)
        if (plots / name).is_file() and info:
            lines += [f"![{label}: learning curve]({'plots/' + name})", "",
                      f"Learning curve of {label} from `{info['from']}`, drawn {info['drawn']}"
                      + ("" if tb.is_dir() else " (those logs are not in this checkout; the plot "
                         "is the one drawn then)") + ".", ""]
        else:
            lines += [f"No learning curve for {label}: the checkout that drew these plots had no "
                      f"TensorBoard logs under `{where}`.", ""]
    return lines


def attach_plots(text: str, page: Path, runs: Path | None = None) -> str:
    """``text`` (a results page) with every section's plot block drawn anew under
    ``page.parent / 'plots'`` and a header line saying when."""
    plots = Path(page).parent / "plots"
    mpath = plots / "plots.json"
    manifest = json.loads(mpath.read_text()) if mpath.is_file() else {}
    drawn: dict = {}
    out, section, key = [], [], None

    def flush():
        if key is None:
            out.extend(section)
            return
        body = strip_block("\n".join(section))
        out.extend([body, ""] + section_block(key, body, plots, runs, manifest, drawn))

    for line in text.splitlines():
        if line.startswith("## "):
            flush()
            section, key = [line], line[3:].partition(":")[0].strip()
        else:
            section.append(line)
    flush()
    head = [x for x in out if not x.startswith(HEADER)]
    stamp = (f"{HEADER}drawn {_now()} from each section's table and its models' TensorBoard logs "
             f"(`{_shown(plots)}/plots.json` lists what each plot shows and when it was drawn)")
    at = next((i + 1 for i, x in enumerate(head) if x.startswith("- versions:")), None)
    if at is not None:
        head.insert(at, stamp)
    manifest = {k: v for k, v in manifest.items() if (plots / k).is_file()}
    if manifest:
        plots.mkdir(parents=True, exist_ok=True)
        mpath.write_text(json.dumps(dict(sorted(manifest.items())), indent=2) + "\n")
    return "\n".join(head).rstrip() + "\n"


def linked_pngs(text: str) -> list[str]:
    """The PNG paths a page links (``![...](x.png)``), relative to the page."""
    return re.findall(r"!\[[^\]]*\]\(([^)\s]+\.png)\)", text)
