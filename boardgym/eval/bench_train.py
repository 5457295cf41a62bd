"""The training section of ``python -m boardgym.eval.bench``: ``python -m boardgym.train`` (PPO)
steps/s on one config with ``vec_env: batched`` against ``subproc`` and ``dummy``, the same
``n_envs``, a few thousand timesteps each, without the evaluation. Each run is its own process
(the real command, startup not counted: the rate is the run's own ``steps_per_second``, the
timesteps over ``model.learn``'s wall time, rollouts and updates). The kinds take turns, in an
order that alternates from one round to the next, and each ratio is the median of the per-round
ratios, so machine drift moves both sides of a round alike."""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from .stats import ratio_summary

CONFIG = "boardgym/train/configs/att_solo.yaml"
KINDS = ("batched", "subproc", "dummy")
TIMESTEPS = 4096
ROUNDS = 2


def config_path(config: str) -> str:
    """``config`` as given, or under the installed package (``make bench`` runs from the repository)."""
    if Path(config).exists():
        return config
    from boardgym.train.config import config_path as find

    return str(find(config))


def train_rate(config: str, kind: str, timesteps: int, n_envs: int | None = None) -> dict:
    """One ``python -m boardgym.train`` run: ``{steps_per_s, steps, seconds}`` from its results.json."""
    with tempfile.TemporaryDirectory(prefix="boardgym-bench-train-") as tmp:
        cmd = [sys.executable, "-m", "boardgym.train", "--config", config_path(config), "--timesteps",
               str(timesteps), "--vec-env", kind, "--out", tmp, "--no-eval", "--no-progress-bar"]
        if n_envs is not None:
            cmd += ["--n-envs", str(n_envs)]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["(no output)"]
            raise RuntimeError(f"python -m boardgym.train --vec-env {kind} failed: {tail[0]}")
        summary = json.loads((Path(tmp) / "results.json").read_text())
    return {"steps_per_s": summary["steps_per_second"], "steps": summary["trained_steps_this_run"],
            "seconds": summary["train_seconds"]}


def run(config: str = CONFIG, timesteps: int = TIMESTEPS, rounds: int = ROUNDS, kinds=KINDS,
        n_envs: int | None = None, runner=train_rate, log=print) -> dict:
    """``{config, timesteps, n_envs, rounds, rates: {kind: ...}, ratios: {"batched/kind": ...}}``."""
    import yaml

    cfg = yaml.safe_load(Path(config_path(config)).read_text())
    n = int(n_envs or cfg.get("n_envs") or 1)
    per_round, errors = [], {}
    for r in range(rounds):
        order = kinds if r % 2 == 0 else tuple(reversed(kinds))
        got = {}
        for kind in order:
            if kind in errors:
                continue
            try:
                got[kind] = runner(config, kind, timesteps, n)
            except Exception as exc:  # noqa: BLE001 - a failed kind is reported, the others still run
                errors[kind] = f"{type(exc).__name__}: {exc}"
                log(f"train {kind}: FAILED ({errors[kind]})")
        per_round.append(got)
        log(f"train round {r + 1}: " + ", ".join(f"{k} {v['steps_per_s']:.0f} steps/s" for k, v in got.items()))
    rates = {}
    for kind in kinds:
        if kind in errors:
            rates[kind] = {"error": errors[kind]}
            continue
        steps = sum(g[kind]["steps"] for g in per_round)
        secs = sum(g[kind]["seconds"] for g in per_round)
        rates[kind] = {"steps_per_s": steps / secs, "steps": steps, "seconds": secs}
    ratios = {}
    for kind in kinds[1:]:
        pairs = [g[kinds[0]]["steps_per_s"] / g[kind]["steps_per_s"] for g in per_round
                 if kinds[0] in g and kind in g]
        ratios[f"{kinds[0]}/{kind}"] = ratio_summary(pairs) if pairs else None
    return {"config": config, "name": cfg.get("name"), "env_id": cfg.get("env_id"), "timesteps": timesteps,
            "n_envs": n, "rounds": rounds, "rates": rates, "ratios": ratios}
