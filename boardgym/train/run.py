"""One training run: MaskablePPO with TensorBoard logs, checkpoints, resume, then evaluation.

Layout of ``runs/<name>/``: ``config.yaml`` (resolved config + seeds + versions), ``tb/``
(TensorBoard), ``checkpoints/`` (``ppo_<steps>_steps.zip``), ``model.zip``, ``learning_curve.png``
(episode return and length against timesteps, from the TensorBoard logs), ``results.md`` and
``results.json``; self-play runs (a ``pool:`` section) add ``pool/``
(``snap_<steps>.zip``), ``elo_games.json``, ``elo.json`` and ``elo.md``. A ``pretrain:`` section
warm-starts a fresh model by behaviour cloning before PPO (``boardgym/train/imitation.py``; logs under
``tb/pretrain``, figures under ``"pretrain"`` in results.json); ``total_timesteps: 0`` then
saves and evaluates the cloned policy alone. A ``dagger:`` section runs DAgger after it
(``boardgym/train/dagger.py``: ``dagger/`` holds each iteration's model, the aggregated decisions and
``state.json``; ``tb/dagger``; ``dagger_curve.png``; ``"dagger"`` in results.json); a ``kl:``
section makes PPO a ``boardgym.train.kl_ppo.KLMaskablePPO`` that stays near the warm-started policy
(``kl_reference.zip``). ``resume`` is a checkpoint zip (PPO continues) or a run folder
(:func:`resume_point`).
"""
from __future__ import annotations

import json
import platform
import sys
import time
from pathlib import Path

from .config import validate_config, write_config
from .envs import make_vec_env


def _versions() -> dict:
    import sb3_contrib
    import stable_baselines3
    import torch

    import boardgym

    return {"python": platform.python_version(), "boardgym": boardgym.__version__,
            "stable_baselines3": stable_baselines3.__version__, "sb3_contrib": sb3_contrib.__version__,
            "torch": str(torch.__version__)}


def train(cfg: dict, out: Path, resume: str | None = None, progress_bar: bool = True,
          evaluate: bool = True, callbacks: list | None = None) -> dict:
    """``callbacks``: more SB3 callbacks for PPO's ``learn`` (``python -m boardgym.train.tune``
    reports each trial's progress to Ray Tune with one)."""
    from .numerics import kernel_note, kernels_in_use, pin_kernels

    pin_kernels()   # before torch computes anything (python -m boardgym.train has done it already)
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import CheckpointCallback

    cfg = validate_config(dict(cfg))   # again: --set overrides come after loading
    ppo_zip, dagger_resume = resume_point(cfg, resume)   # refused before anything is written
    if ppo_zip:
        from .policy_config import check_resumed_policy

        check_resumed_policy(cfg, ppo_zip)                 # the same network as the checkpoint's
    out.mkdir(parents=True, exist_ok=True)
    (out / "checkpoints").mkdir(exist_ok=True)
    torch.set_num_threads(int(cfg["torch_threads"]))
    seed = int(cfg["seed"])
    n_envs = int(cfg["n_envs"])
    kind = cfg["vec_env"] if n_envs > 1 or cfg["vec_env"] == "batched" else "dummy"
    kernels = kernels_in_use()
    cfg = dict(cfg, out=str(out), resume=resume, vec_env_used=kind,
               env_seeds=list(range(seed, seed + n_envs)), command=" ".join(sys.argv),
               versions=dict(_versions(), **kernels))
    write_config(cfg, out / "config.yaml")
    if kernel_note(kernels):
        print(kernel_note(kernels), flush=True)

    callbacks = list(callbacks or [])
    env_kwargs = cfg["env_kwargs"]
    if cfg.get("pool"):  # competitive self-play against an opponent pool (boardgym/train/selfplay.py)
        from .pool import PoolSnapshotCallback
        from .selfplay import SelfPlayEvalCallback, selfplay_env_kwargs

        pool = cfg["pool"]
        env_kwargs = selfplay_env_kwargs(cfg, out)
        callbacks.append(PoolSnapshotCallback(out / "pool", int(pool["snapshot_every"]), int(pool["size"]),
                                              bool(pool.get("snapshot_at_start", True))))
        if evaluate and (int(cfg["eval"].get("every") or 0) > 0 or cfg["eval"].get("at_end", True)):
            callbacks.append(SelfPlayEvalCallback(cfg, out))
    venv = make_vec_env(cfg["env_id"], env_kwargs, n_envs, seed, kind, cfg.get("workers"))
    tb = str(out / "tb")
    ppo_kwargs = dict(cfg["ppo"])
    algo = MaskablePPO
    if cfg.get("kl"):
        from .kl_ppo import KLMaskablePPO as algo
    if ppo_zip:
        model = algo.load(ppo_zip, env=venv, device="cpu", tensorboard_log=tb)
        model.set_random_seed(seed)
    else:
        from .policy_config import policy_for

        # the policy: section (boardgym/train/policy_config.py); without it, MlpPolicy
        policy, ppo_kwargs["policy_kwargs"] = policy_for(cfg, int(venv.observation_space.shape[0]))
        if not ppo_kwargs["policy_kwargs"]:
            ppo_kwargs.pop("policy_kwargs")
        model = algo(policy, venv, seed=seed, device="cpu", tensorboard_log=tb,
                     verbose=0, **ppo_kwargs)
    pretrained = dagger = None
    if cfg.get("pretrain"):
        if resume is not None:
            print("pretrain: skipped (resuming a trained model)", flush=True)
        else:
            from .imitation import pretrain

            pretrained = pretrain(model, cfg, out)
    if cfg.get("dagger"):
        if ppo_zip:
            print("dagger: skipped (resuming PPO from a checkpoint)", flush=True)
        else:
            from .dagger import run_dagger

            dagger = run_dagger(model, cfg, out, resume=dagger_resume)
    exit_result = None
    if cfg.get("exit"):   # expert iteration (boardgym/train/expert_iteration.py), after the warm starts
        from .expert_iteration import expert_iteration

        exit_result = expert_iteration(model, cfg, out, resume=resume is not None)
    if cfg.get("kl"):
        from .kl_ppo import attach_reference

        # the reference: the policy after every warm start (pretrain, dagger, exit)
        attach_reference(model, cfg, out, fresh=not ppo_zip)
    total = int(cfg["total_timesteps"])
    done_before = int(model.num_timesteps)
    remaining = max(0, total - done_before)
    save_freq = max(1, int(cfg["checkpoint_freq"]) // n_envs)
    ckpt = CheckpointCallback(save_freq=save_freq, save_path=str(out / "checkpoints"), name_prefix="ppo")
    t0 = time.perf_counter()
    if remaining > 0:
        model.learn(total_timesteps=remaining, callback=[ckpt] + callbacks, tb_log_name="ppo",
                    reset_num_timesteps=not ppo_zip, progress_bar=progress_bar)
    wall = time.perf_counter() - t0
    steps = int(model.num_timesteps) - done_before
    model.save(out / "checkpoints" / f"ppo_{model.num_timesteps}_steps")
    model.save(out / "model.zip")
    venv.close()
    summary = {"name": cfg["name"], "env_id": cfg["env_id"], "timesteps": int(model.num_timesteps),
               "trained_steps_this_run": steps, "train_seconds": round(wall, 2),
               "steps_per_second": round(steps / wall, 1) if wall > 0 else None,
               "resumed_from": resume, "model": str(out / "model.zip")}
    if pretrained is not None:
        summary["pretrain"] = pretrained
    if dagger is not None:
        summary["dagger"] = dagger
    if exit_result is not None:
        summary["exit"] = exit_result
    curve = learning_curve_plot(out)
    if curve is not None:
        summary["learning_curve"] = str(curve)
    evals = [c for c in callbacks if hasattr(c, "history")]
    if evals:  # self-play: the periodic evaluations ran inside learn(); say how long they took
        ev_s = sum(r["seconds"] for c in evals for r in c.history)
        summary["selfplay_eval_seconds"] = round(ev_s, 2)
        summary["selfplay_evaluations"] = [r for c in evals for r in c.history]
        if wall > ev_s:
            summary["steps_per_second_excluding_eval"] = round(steps / (wall - ev_s), 1)
    print(f"trained {steps} steps in {wall:.1f} s ({summary['steps_per_second']} steps/s); "
          f"model: {out / 'model.zip'}", flush=True)
    if curve is not None:
        print(f"learning curve: {curve}", flush=True)
    if evaluate:
        summary.update(evaluate_run(cfg, out / "model.zip", out))
    write_results(summary, out)
    return summary


def resume_point(cfg: dict, resume: str | None) -> tuple[str | None, bool]:
    """(the PPO zip to continue from or None, whether DAgger continues from its state) for
    ``--resume``: a checkpoint zip continues PPO; a run folder continues an unfinished DAgger
    (``dagger/state.json``), else PPO from its newest checkpoint, else DAgger's last model."""
    if not resume:
        return None, False
    run = Path(resume)
    if run.is_file():
        return str(run), False
    if not (run / "config.yaml").is_file():
        raise SystemExit(f"--resume {resume}: not a run folder (no config.yaml) nor a checkpoint zip")
    from .dagger import check_resumable, read_state

    state = read_state(run) if cfg.get("dagger") else None
    if state is not None:
        check_resumable(cfg["dagger"], state, run)
    if state is not None and int(state["done"]) < int(cfg["dagger"]["iterations"]):
        return None, True
    ckpts = sorted((run / "checkpoints").glob("ppo_*_steps.zip"),
                   key=lambda p: int(p.stem.split("_")[1]))
    if ckpts:
        return str(ckpts[-1]), False
    if state is not None:
        return None, True
    if cfg.get("dagger"):
        print(f"--resume {resume}: no DAgger iteration finished yet: starting the run over", flush=True)
        return None, False
    raise SystemExit(f"--resume {resume}: nothing to continue (no checkpoint under {run / 'checkpoints'})")


def learning_curve_plot(out: Path) -> Path | None:
    """``learning_curve.png`` from the run's TensorBoard logs (every PPO segment, resumed ones
    included); None when no episode ended yet, so there is nothing to draw."""
    from boardgym.eval.plots import learning_curve

    try:
        return learning_curve(out / "tb", out / "learning_curve.png")
    except FileNotFoundError:   # no PPO or pretrain segment logged anything
        return None


def config_game(cfg: dict) -> tuple[str, dict]:
    """``(game name, game kwargs)`` of a config: its env id's game with the game's options among
    ``env_kwargs`` (not the env's: opponents, illegal_action, action_space...)."""
    from boardgym.eval.play import env_game_kwargs
    from boardgym.games import game_class

    game_name, game_kwargs, _env_kw = env_game_kwargs(cfg["env_id"])
    options = game_class(game_name).info.defaults
    game_kwargs.update({k: v for k, v in (cfg.get("env_kwargs") or {}).items() if k in options})
    return game_name, game_kwargs


def evaluate_run(cfg: dict, model_path: Path, out: Path, spec: str | None = None) -> dict:
    """PPO and the baselines over the config's fixed seed set -> results.md / results.json.
    ``spec``: the trained agent's spec (default ``ppo:<model_path>``; RLlib runs pass ``rllib:``)."""
    import torch

    from boardgym.eval.evaluate import evaluate_team, evaluate_vs_field, results_table

    torch.set_num_threads(1)
    ev = cfg["eval"]
    seeds = list(range(int(ev["seed_base"]), int(ev["seed_base"]) + int(ev["games"])))
    from boardgym.games import make_game

    game_name, game_kwargs = config_game(cfg)
    game = make_game(game_name, **game_kwargs)
    specs = [spec or f"ppo:{model_path}"] + list(ev.get("baselines") or [])
    t0 = time.perf_counter()
    if game.num_players == 1 or game.info.cooperative:
        mode = "team"
        rows = evaluate_team(game_name, game_kwargs, specs, seeds)
    else:
        mode = "vs_field"
        rows = evaluate_vs_field(game_name, game_kwargs, specs, list(ev.get("opponents") or []), seeds)
    table = results_table(rows)
    header = (f"# {cfg['name']}: {cfg['env_id']}\n\n"
              f"{len(seeds)} seeds ({seeds[0]}..{seeds[-1]}), the same for every agent; "
              f"win rate with 95% Wilson intervals, mean score with 95% Student t intervals. "
              f"PPO acts deterministically (most probable legal action).\n\n")
    plots = [(p, t) for p, t in ((out / "learning_curve.png", "learning curve"),
                                   (out / "dagger_curve.png", "DAgger iterations")) if p.is_file()]
    footer = "".join(f"\n![{t}]({p.name})\n" for p, t in plots)
    (out / "results.md").write_text(header + table + "\n" + footer)
    result = {"mode": mode, "game": game_name, "game_kwargs": game_kwargs, "seeds": seeds,
              "rows": rows, "eval_seconds": round(time.perf_counter() - t0, 2)}
    print(table, flush=True)
    return {"evaluation": result}


def write_results(summary: dict, out: Path) -> None:
    (out / "results.json").write_text(json.dumps(summary, indent=2, default=str))
