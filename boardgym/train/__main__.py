"""``python -m boardgym.train [--game G] [--config FILE] [--timesteps N] [--seed S] [--n-envs K]
[--vec-env subproc|dummy] [--out runs/NAME] [--resume CHECKPOINT.zip|runs/NAME] [--no-progress-bar] [--no-eval]
[--set KEY.PATH=VALUE ...] [--address auto|HOST:PORT]``.

``backend: rllib`` in the config trains with Ray RLlib (``boardgym/train/rllib/``); ``--resume`` then
takes a checkpoint folder (``runs/NAME/checkpoints/iter_N``) and ``--address`` joins a cluster.

``--set`` overrides any config entry by its dotted path, the value read as YAML, e.g.
``--set pool.snapshot_every=20000 --set eval.every=0 --set ppo.learning_rate=1e-4``."""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from boardgym.extras import require_for

from .config import RUN_RECORD_KEYS, config_path, default_config_path, load_config, set_dotted, validate_config
from .numerics import pin_kernels


def game_of(cfg: dict) -> str:
    """The game package a run config trains (its env id's ``game``)."""
    import gymnasium

    import boardgym  # noqa: F401  (registers the ids)

    return gymnasium.spec(cfg["env_id"]).kwargs["game"]


def parse_args(argv=None):
    ap = argparse.ArgumentParser(prog="python -m boardgym.train", description="Train MaskablePPO (backend: sb3) or RLlib PPO "
                                 "(backend: rllib) on a boardgym env.")
    ap.add_argument("--game", help="game whose default config is used when --config is not given "
                    "(default ancient_terrible_things)")
    ap.add_argument("--config", help="a YAML run config (boardgym/train/configs/*.yaml)")
    ap.add_argument("--timesteps", type=int, help="override total_timesteps (e.g. 2048 for a smoke test)")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--n-envs", type=int, help="how many envs (with vec_env subproc or dummy, 1 = DummyVecEnv)")
    ap.add_argument("--vec-env", choices=["subproc", "dummy", "batched"], help="override vec_env "
                    "(batched: every env stepped in this process into shared arrays)")
    ap.add_argument("--out", help="run folder (default runs/<config name>)")
    ap.add_argument("--resume", help="a checkpoint .zip to continue from (up to total_timesteps), or a "
                    "run folder runs/NAME (DAgger at its next iteration, then PPO from its newest checkpoint); "
                    "backend rllib: a checkpoint folder runs/NAME/checkpoints/iter_N (up to rllib.iterations)")
    ap.add_argument("--address", help="backend rllib: join a Ray cluster ('auto' or HOST:PORT) instead "
                    "of starting a local Ray")
    ap.add_argument("--eval-games", type=int, help="override eval.games")
    ap.add_argument("--no-progress-bar", action="store_true")
    ap.add_argument("--no-eval", action="store_true", help="skip the evaluation after training")
    ap.add_argument("--set", action="append", default=[], metavar="KEY.PATH=VALUE",
                    help="override a config entry by dotted path (value parsed as YAML); repeatable; "
                         "a key the config schema does not know is refused")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    pin_kernels()   # torch's CPU kernels, before anything computes (boardgym/train/numerics.py)
    args = parse_args(argv)
    require_for("python -m boardgym.train", "train")
    cfg_path = args.config
    if args.resume and not Path(args.resume).exists():
        raise SystemExit(f"--resume: no checkpoint file {args.resume!r} (a .zip, or a run folder runs/NAME; "
                         f"backend rllib: a folder runs/NAME/checkpoints/iter_N)")
    if args.address is not None:
        from boardgym.core.errors import ConfigError

        from .ray_cluster import check_address

        try:
            check_address(args.address)
        except ConfigError as exc:
            raise SystemExit(str(exc)) from None
    if cfg_path is None and args.resume:
        ck = Path(args.resume).resolve()
        run_dir = ck if ck.is_dir() else ck.parent.parent if ck.parent.name == "checkpoints" else ck.parent
        if (run_dir / "config.yaml").exists():
            cfg_path = run_dir / "config.yaml"
    if cfg_path is None:
        cfg_path = default_config_path(args.game or "ancient_terrible_things")
    else:
        cfg_path = config_path(cfg_path)
    cfg = load_config(cfg_path, {"total_timesteps": args.timesteps, "seed": args.seed,
                                 "n_envs": args.n_envs, "vec_env": args.vec_env})
    if args.game is not None and game_of(cfg) != args.game:
        raise SystemExit(f"--game {args.game}: the config {str(cfg_path)!r} trains {game_of(cfg)} "
                         f"({cfg['env_id']}); give one of --game and --config")
    for k in RUN_RECORD_KEYS:  # what a resumed run's config.yaml recorded about that run
        if k != "config_file":
            cfg.pop(k, None)
    if args.eval_games is not None:
        cfg["eval"]["games"] = args.eval_games
    for item in args.set:
        set_dotted(cfg, item, schema=True)
    validate_config(cfg)
    if args.out:
        out = Path(args.out)
    elif args.resume:
        ck = Path(args.resume).resolve()
        out = ck if ck.is_dir() else ck.parent.parent if ck.parent.name == "checkpoints" else ck.parent
    else:
        out = Path("runs") / cfg["name"]
    t0 = time.perf_counter()
    if cfg.get("backend") == "rllib":
        from boardgym.core.errors import ConfigError

        sb3_only = [f for f, v in (("--timesteps", args.timesteps), ("--n-envs", args.n_envs),
                                   ("--vec-env", args.vec_env)) if v is not None]
        if sb3_only:
            raise SystemExit(f"{', '.join(sb3_only)}: for backend sb3; this config trains with rllib: "
                             f"use --set rllib.iterations=N, rllib.minutes=M, rllib.env_runners=K or "
                             f"rllib.envs_per_env_runner=K")

        from .rllib.runner import train_rllib

        try:
            train_rllib(cfg, out, resume=args.resume, address=args.address, evaluate=not args.no_eval)
        except ConfigError as exc:
            raise SystemExit(str(exc)) from None
    else:
        if args.resume and not (Path(args.resume).is_file() or (Path(args.resume) / "config.yaml").is_file()):
            raise SystemExit(f"--resume: {args.resume!r} is neither a checkpoint file (a .zip) nor a run "
                             f"folder (runs/NAME, with its config.yaml)")
        if args.address is not None:
            raise SystemExit("--address is for backend: rllib (this config trains with sb3)")
        from .run import train

        train(cfg, out, resume=args.resume, progress_bar=not args.no_progress_bar, evaluate=not args.no_eval)
    print(f"run folder: {out} (total {time.perf_counter() - t0:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
