"""What ``python -m boardgym.train.tune`` writes into its folder: ``tune_results.md`` and
``tune_results.json`` (each trial's settings, how far it trained, its metric, the best) and
``best_config.yaml`` (the base config with the best trial's settings, ready for
``python -m boardgym.train --config``)."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import yaml


def trial_rows(result_grid, max_timesteps: int) -> list[dict]:
    """One row per trial of a Ray Tune ``ResultGrid``, in trial order."""
    rows = []
    for r in result_grid:
        m = r.metrics or {}
        steps = m.get("timesteps")
        if r.error is not None:
            status = "error"
        elif steps is None:
            status = "not run yet"
        elif steps >= max_timesteps:
            status = "finished"
        elif m.get("done"):
            status = "stopped early"   # by the scheduler
        else:
            status = "interrupted"     # the tune was stopped while it trained: --resume continues it
        # a trial not started yet has no result: its id from its folder, run_trial_<id>_<index>_...
        found = re.search(r"_([0-9a-f]{5}_[0-9]{5})_", Path(r.path).name + "_")
        rows.append({"trial": m.get("trial_id") or (found.group(1) if found else Path(r.path).name), "settings": dict(r.config or {}),
                     "status": status, "timesteps": steps, "episodes": m.get("episodes"),
                     "metrics": {k: m.get(k) for k in ("episode_return_mean", "episode_length_mean")},
                     "error": None if r.error is None else str(r.error).strip().splitlines()[-1][:300],
                     "path": r.path})
    return sorted(rows, key=lambda row: row["trial"])


def _value(row: dict, metric: str):
    v = row["metrics"].get(metric)
    return v if isinstance(v, (int, float)) and math.isfinite(v) else None


def best_row(rows: list[dict], metric: str, mode: str) -> dict | None:
    """The best last-reported ``metric`` among the trials that ran their whole budget (any trial
    when none did yet); None when no trial reported a number."""
    scored = [r for r in rows if _value(r, metric) is not None]
    pool = [r for r in scored if r["status"] == "finished"] or scored
    if not pool:
        return None
    pick = max if mode == "max" else min
    return pick(pool, key=lambda r: _value(r, metric))


def _fmt(v) -> str:
    if isinstance(v, float):
        return "-" if not math.isfinite(v) else f"{v:.4g}"
    return "-" if v is None else str(v)


def write_results(out: Path, rows: list[dict], setup: dict) -> dict:
    """``tune_results.md`` / ``tune_results.json`` in ``out``; returns the JSON's content."""
    metric, mode = setup["metric"], setup["mode"]
    best = best_row(rows, metric, mode)
    keys = list(setup["space"])
    ordered = sorted(rows, key=lambda r: (_value(r, metric) is None,
                                          -(_value(r, metric) or 0) if mode == "max" else (_value(r, metric) or 0)))
    lines = [f"# Tuning {setup['base']['name']} ({setup['base']['env_id']})", "",
             f"{len(rows)} of {setup['samples_total']} trials, up to {setup['max_timesteps']:,} timesteps each, "
             f"seed {setup['seed']}, scheduler {setup['scheduler']}; `{metric}` ({mode}), the last value each "
             f"trial reported. Base config: `{setup['base_config_file']}`.", "",
             "| trial | " + " | ".join(f"`{k}`" for k in keys) + f" | status | timesteps | `{metric}` |",
             "|---|" + "---|" * len(keys) + "---|---:|---:|"]
    for r in ordered:
        mark = " **best**" if best is not None and r["trial"] == best["trial"] else ""
        lines.append(f"| {r['trial']}{mark} | " + " | ".join(_fmt(r["settings"].get(k)) for k in keys)
                     + f" | {r['status']} | {_fmt(r['timesteps'])} | {_fmt(_value(r, metric))} |")
    lines.append("")
    if best is None:
        lines.append("No trial has reported a value yet (no episode finished): no best config.")
    else:
        lines.append(f"Best: trial {best['trial']}, `{metric}` {_fmt(_value(best, metric))}: "
                     f"`best_config.yaml` (`python -m boardgym.train --config {out / 'best_config.yaml'}`).")
    errors = [r for r in rows if r["error"]]
    for r in errors:
        lines.append(f"\nTrial {r['trial']} failed: {r['error']}")
    (out / "tune_results.md").write_text("\n".join(lines) + "\n")
    data = {"metric": metric, "mode": mode, "seed": setup["seed"], "max_timesteps": setup["max_timesteps"],
            "samples": setup["samples_total"], "scheduler": setup["scheduler"],
            "base_config_file": setup["base_config_file"], "space": setup["space"],
            "trials": rows, "best": best and {"trial": best["trial"], "settings": best["settings"],
                                              metric: _value(best, metric)}}
    (out / "tune_results.json").write_text(json.dumps(data, indent=2, default=str))
    return data


def write_best_config(out: Path, setup: dict, best: dict) -> Path:
    """The base config file as written, the tune's ``--set`` overrides and the best trial's
    settings applied, named ``<name>_tuned``: ``best_config.yaml``."""
    from boardgym.agents.specs import read_yaml

    from ..config import set_dotted
    from .space import apply_settings

    raw = read_yaml(Path(setup["base_config_file"]).read_text()) or {}
    for item in setup["set"]:
        set_dotted(raw, item)
    raw = apply_settings(raw, best["settings"])
    raw["name"] = f"{setup['base']['name']}_tuned"
    head = (f"# {setup['base_config_file']} with the settings of tuning trial {best['trial']} "
            f"({setup['metric']} {best[setup['metric']]:.4g}, {setup['mode']}; {out / 'tune_results.md'}).\n"
            f"# Train it: python -m boardgym.train --config {out / 'best_config.yaml'}\n")
    path = out / "best_config.yaml"
    path.write_text(head + yaml.safe_dump(raw, sort_keys=False))
    return path
