"""``python -m boardgym.train.tune --config FILE --space SPACE.yaml [--samples N] [--metric M] [--mode max|min]
[--max-timesteps T] [--cpus-per-trial C] [--seed S] [--scheduler asha|fifo] [--set KEY.PATH=VALUE ...]
[--out DIR] [--ray] [--address auto|HOST:PORT] [--ray-cpus N]`` or ``... --resume DIR``.

Tunes a training config's settings with Ray Tune: each trial is a real training run of the config
(``boardgym.train.run.train``) with settings drawn from the search space (``space.py``), reporting
its mean episode return after every PPO update (``trial.py``); Ray Tune's BasicVariantGenerator
draws the settings (seeded by ``--seed``, so the same command draws the same trials) and its ASHA
scheduler stops the weak trials early. ``DIR`` (default ``runs/tune_<config name>``) gets the Ray
Tune experiment (``ray/``), each trial's run folder (``trials/<trial id>/``), ``tune.json`` (how the
tune was started), ``tune_results.md`` / ``tune_results.json`` and ``best_config.yaml``. An
interrupted tune (Ctrl+C, a lost machine) continues with ``--resume DIR``: finished trials are kept,
unfinished ones continue from their last checkpoint (Ray Tune's ``Tuner.restore``)."""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from .trial import REPORTED

EXPERIMENT = "ray"    # the Ray Tune experiment's folder inside --out
SETUP = "tune.json"
# flags that define a tune (fixed once it started: --resume reads them from tune.json)
DEFINING = ("config", "space", "set", "samples", "metric", "mode", "max_timesteps", "cpus_per_trial",
            "seed", "scheduler", "grace_timesteps")


def parse_args(argv=None):
    from boardgym.eval.args import count, natural

    ap = argparse.ArgumentParser(prog="python -m boardgym.train.tune", description="Tune a training config's "
                                 "settings with Ray Tune: every trial a real training run (docs/agents.md, Tuning).")
    ap.add_argument("--config", help="the base training config (a YAML file or a shipped config's name)")
    ap.add_argument("--space", help="the search space: a YAML file of config paths and distributions "
                    "(e.g. boardgym/train/configs/tune/att_solo.yaml)")
    ap.add_argument("--set", action="append", metavar="KEY.PATH=VALUE",
                    help="override a base config entry, as python -m boardgym.train --set; repeatable")
    ap.add_argument("--samples", type=count, metavar="N", help="trials to draw (default 8; a grid: per grid point)")
    ap.add_argument("--metric", help=f"what to optimise, one of {', '.join(REPORTED)} (default episode_return_mean)")
    ap.add_argument("--mode", choices=["max", "min"], help="maximise or minimise --metric (default max)")
    ap.add_argument("--max-timesteps", type=count, metavar="T", help="training steps of each trial (default the "
                    "config's total_timesteps)")
    ap.add_argument("--cpus-per-trial", type=count, metavar="C", help="CPUs each trial reserves (default 1; "
                    "trials run side by side as the Ray CPUs allow)")
    ap.add_argument("--seed", type=natural, help="seed of the drawn settings (default 0; each trial trains with the "
                    "config's own seed)")
    ap.add_argument("--scheduler", choices=["asha", "fifo"], help="asha (default): stop weak trials early at "
                    "rungs of timesteps; fifo: every trial runs its whole budget")
    ap.add_argument("--grace-timesteps", type=count, metavar="T", help="asha: timesteps every trial runs before "
                    "it may be stopped (default a quarter of --max-timesteps)")
    ap.add_argument("--out", help="the tune's folder (default runs/tune_<config name>)")
    ap.add_argument("--resume", metavar="DIR", help="continue the interrupted tune in DIR (its --out): the "
                    "flags that define it are read from DIR/tune.json")
    ap.add_argument("--dry-run", action="store_true", help="print the settings each trial gets and stop "
                    "(nothing is trained, Ray is not started)")
    ap.add_argument("--ray", action="store_true", help="accepted for symmetry with the other commands: "
                    "a tune always runs on Ray")
    ap.add_argument("--address", metavar="auto|HOST:PORT", help="join the Ray cluster there (docs/scaling.md); "
                    "default: a local Ray")
    ap.add_argument("--ray-cpus", type=count, metavar="N", help="CPUs of the local Ray (default every core)")
    return ap.parse_args(argv)


def new_setup(args, argv: list[str]) -> dict:
    """What defines a fresh tune, from the flags, checked before Ray starts."""
    from ..config import config_path, load_config, set_dotted, validate_config
    from .space import load_space

    if not args.config or not args.space:
        raise SystemExit("give --config (the base training config) and --space (the search space), "
                         "or --resume DIR to continue a tune")
    cfg_file = config_path(args.config)
    base = load_config(cfg_file)
    for item in args.set or []:
        set_dotted(base, item, schema=True)
    if base.get("backend") == "rllib":
        raise SystemExit(f"--config {args.config}: tuning runs MaskablePPO configs (backend sb3); this one "
                         f"trains with rllib")
    metric = args.metric or "episode_return_mean"
    if metric not in REPORTED:
        from boardgym.agents.specs import nearest

        raise SystemExit(f"--metric {metric!r}: not reported by a trial{nearest(metric, REPORTED)}; "
                         f"one of: {', '.join(f'{k} ({v})' for k, v in REPORTED.items())}")
    max_steps = args.max_timesteps or int(base["total_timesteps"])
    if max_steps < 1:
        raise SystemExit("--max-timesteps: the config trains 0 timesteps; give --max-timesteps T")
    base["total_timesteps"] = max_steps
    validate_config(base)
    space = load_space(args.space, base)
    samples = args.samples or 8
    grid = math.prod(len(a) for kind, a in space.values() if kind == "grid")
    scheduler = args.scheduler or "asha"
    grace = min(args.grace_timesteps or max(1, max_steps // 4), max_steps)
    return {"base_config_file": str(cfg_file), "set": list(args.set or []), "base": base,
            "space": {k: {kind: a} for k, (kind, a) in space.items()}, "samples": samples,
            "samples_total": samples * grid, "metric": metric, "mode": args.mode or "max",
            "max_timesteps": max_steps, "cpus_per_trial": args.cpus_per_trial or 1,
            "seed": 0 if args.seed is None else args.seed, "scheduler": scheduler, "grace_timesteps": grace,
            "command": " ".join(["python -m boardgym.train.tune"] + list(argv))}


def resumed_setup(args) -> tuple[Path, dict]:
    out = Path(args.resume)
    given = [f"--{k.replace('_', '-')}" for k in DEFINING if getattr(args, k) not in (None, [])]
    if given:
        raise SystemExit(f"--resume {args.resume}: continues the tune as it was started; leave out "
                         f"{', '.join(given)} (they are in {out / SETUP})")
    if args.out and Path(args.out).resolve() != out.resolve():
        raise SystemExit(f"--resume {args.resume}: the tune's folder is {args.resume}; leave out --out")
    if not (out / SETUP).is_file() or not (out / EXPERIMENT).is_dir():
        raise SystemExit(f"--resume {args.resume}: not a tune folder (no {SETUP} and {EXPERIMENT}/ in it); "
                         f"give the --out of an earlier python -m boardgym.train.tune")
    return out, json.loads((out / SETUP).read_text())


def space_of(setup: dict) -> dict:
    """The search space of a setup: ``{dotted path: (distribution, arguments)}``."""
    return {k: (kind, a) for k, d in setup["space"].items() for kind, a in d.items()}


def tuner_parts(setup: dict, out: Path):
    """The trainable (a function trainable with its resources) and, for a fresh tune, the
    TuneConfig and RunConfig."""
    from ray import tune
    from ray.tune.schedulers import ASHAScheduler, FIFOScheduler
    from ray.tune.search import BasicVariantGenerator

    from .trial import run_trial

    trainable = tune.with_resources(
        tune.with_parameters(run_trial, base=setup["base"], trials_dir=str((out / "trials").resolve()),
                             cwd=str(Path.cwd())),
        {"cpu": setup["cpus_per_trial"]})
    if setup["scheduler"] == "asha":
        scheduler = ASHAScheduler(time_attr="timesteps", max_t=setup["max_timesteps"],
                                  grace_period=setup["grace_timesteps"], reduction_factor=2)
    else:
        scheduler = FIFOScheduler()
    tune_config = tune.TuneConfig(metric=setup["metric"], mode=setup["mode"], num_samples=setup["samples"],
                                  search_alg=BasicVariantGenerator(random_state=setup["seed"]),
                                  scheduler=scheduler)
    run_config = tune.RunConfig(name=EXPERIMENT, storage_path=str(out.resolve()), verbose=1,
                                checkpoint_config=tune.CheckpointConfig(num_to_keep=1),
                                failure_config=tune.FailureConfig(max_failures=0))
    return trainable, tune_config, run_config


def main(argv=None) -> int:
    from boardgym.core.errors import ConfigError
    from boardgym.extras import require_for

    from ..numerics import pin_kernels

    pin_kernels()
    args = parse_args(argv)
    require_for("python -m boardgym.train.tune", "train")
    require_for("python -m boardgym.train.tune", "rllib")   # Ray Tune comes with ray[rllib]
    from ..ray_cluster import check_address, init_ray

    try:
        check_address(args.address)
    except ConfigError as exc:
        raise SystemExit(str(exc)) from None
    if args.address is not None and args.ray_cpus is not None:
        raise SystemExit("--ray-cpus caps a local Ray; a cluster (--address) has its own CPUs, leave --ray-cpus out")
    if args.resume:
        out, setup = resumed_setup(args)
    else:
        setup = new_setup(args, sys.argv[1:] if argv is None else argv)
        if args.dry_run:
            from .space import draw_settings

            for i, settings in enumerate(draw_settings(space_of(setup), setup["samples"], setup["seed"])):
                print(f"trial {i}: " + ", ".join(f"{k}={v!r}" for k, v in settings.items()), flush=True)
            return 0
        out = Path(args.out or Path("runs") / f"tune_{setup['base']['name']}")
        if (out / EXPERIMENT).exists():
            raise SystemExit(f"--out {out}: a tune is already there; continue it with --resume {out}, or "
                             f"give another --out")
        out.mkdir(parents=True, exist_ok=True)
        (out / SETUP).write_text(json.dumps(setup, indent=2))
    import ray
    from ray import tune

    started = not ray.is_initialized()
    try:
        init_ray(args.address, num_cpus=args.ray_cpus, log=print)
    except ConfigError as exc:
        raise SystemExit(str(exc)) from None
    trainable, tune_config, run_config = tuner_parts(setup, out)
    t0 = time.perf_counter()
    try:
        if args.resume:
            print(f"resuming the tune in {out}: finished trials are kept, unfinished ones continue", flush=True)
            tuner = tune.Tuner.restore(str((out / EXPERIMENT).resolve()), trainable,
                                       resume_unfinished=True, resume_errored=True)
        else:
            from .space import tune_domains

            tuner = tune.Tuner(trainable, param_space=tune_domains(space_of(setup)), tune_config=tune_config,
                               run_config=run_config)
        grid = tuner.fit()
    finally:
        if started:
            ray.shutdown()
    from .results import trial_rows, write_best_config, write_results

    rows = trial_rows(grid, setup["max_timesteps"])
    data = write_results(out, rows, setup)
    print((out / "tune_results.md").read_text(), flush=True)
    if data["best"] is not None:
        print(f"best config: {write_best_config(out, setup, data['best'])}", flush=True)
    if any(r["status"] in ("interrupted", "not run yet") for r in rows) or len(rows) < setup["samples_total"]:
        print(f"not every trial has run: continue with python -m boardgym.train.tune --resume {out}", flush=True)
    print(f"tune folder: {out} ({time.perf_counter() - t0:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
