"""``backend: rllib``: a train config -> RLlib PPO (new API stack) on the multi-agent adapter,
the train loop, checkpoints, resume, TensorBoard, then the evaluation table.

Layout of ``runs/<name>/``: ``config.yaml`` (resolved config + versions), ``checkpoints/iter_<N>/``
(RLlib algorithm checkpoints: every module, optimizer, iteration count), ``policy/`` (the
``main`` module alone: what ``rllib:runs/<name>`` loads), ``tb/rllib/`` (TensorBoard scalars),
``progress.jsonl`` (one line per iteration), ``results.md`` / ``results.json``.
"""
from __future__ import annotations

import json
import platform
import sys
import time
from pathlib import Path

from ..config import validate_config, write_config

MAIN = "main"


def _print(msg: str) -> None:
    print(msg, flush=True)


def game_setup(cfg: dict) -> tuple[str, dict, bool]:
    """(game name, game kwargs, shaping) of a config: the env id's defaults, then env_kwargs."""
    from boardgym.eval.play import env_game_kwargs

    game_name, game_kwargs, _ = env_game_kwargs(cfg["env_id"])
    user = dict(cfg.get("env_kwargs") or {})
    shaping = bool(user.pop("shaping", False))
    for k in ("illegal_action", "illegal_penalty"):
        user.pop(k, None)
    game_kwargs.update(user)
    return game_name, game_kwargs, shaping


def _competitive(game_name: str, game_kwargs: dict) -> bool:
    from boardgym.games import make_game

    g = make_game(game_name, **game_kwargs)
    return g.num_players > 1 and not g.info.cooperative


def module_ids(cfg: dict) -> list[str]:
    game_name, game_kwargs, _ = game_setup(cfg)
    size = int(cfg["rllib"]["league"]["size"]) if _competitive(game_name, game_kwargs) else 0
    return [MAIN] + [f"snap{k}" for k in range(size)]


def env_config(cfg: dict) -> dict:
    game_name, game_kwargs, shaping = game_setup(cfg)
    rl = cfg["rllib"]
    comp = _competitive(game_name, game_kwargs)
    return {"game": game_name, "game_kwargs": game_kwargs, "shaping": shaping, "seed": int(cfg["seed"]),
            "league_weights": dict(rl["league"]["weights"]) if comp else {"self": 1.0},
            "league_size": int(rl["league"]["size"]) if comp else 0}


def build_config(cfg: dict):
    """The ``PPOConfig`` a run config describes."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from .env import BoardgymMultiAgentEnv, policy_mapping_fn, win_rate_callback
    from .module import MaskedActorCritic

    rl = cfg["rllib"]
    ids = module_ids(cfg)
    model = {"hidden": list(rl["hidden"]), "activation": rl["activation"]}
    specs = {m: RLModuleSpec(module_class=MaskedActorCritic, model_config=model) for m in ids}
    conf = (PPOConfig()
            .environment(BoardgymMultiAgentEnv, env_config=env_config(cfg), disable_env_checking=True)
            .framework("torch")
            .env_runners(num_env_runners=int(rl["env_runners"]),
                         num_cpus_per_env_runner=float(rl["cpus_per_env_runner"]),
                         num_envs_per_env_runner=int(rl["envs_per_env_runner"]),
                         rollout_fragment_length=rl["rollout_fragment_length"])
            .learners(num_learners=0)
            .training(train_batch_size_per_learner=int(rl["train_batch_size"]),
                      minibatch_size=int(rl["minibatch_size"]), num_epochs=int(rl["epochs"]),
                      lr=float(rl["lr"]), gamma=float(rl["gamma"]), lambda_=float(rl["lambda"]),
                      clip_param=float(rl["clip"]), vf_loss_coeff=float(rl["vf_coef"]),
                      entropy_coeff=float(rl["entropy"]), grad_clip=rl["grad_clip"],
                      grad_clip_by="global_norm")
            .multi_agent(policies=set(ids), policy_mapping_fn=policy_mapping_fn,
                         policies_to_train=[MAIN])
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=specs))
            .callbacks(on_episode_end=win_rate_callback)
            .debugging(seed=int(cfg["seed"])))
    return conf


def _learner_module(algo, mid: str):
    return algo.learner_group._learner.module[mid]


def snapshot(algo, slot: str) -> None:
    """Copy ``main``'s weights into the frozen module ``slot`` (learner and env runners)."""
    state = _learner_module(algo, MAIN).get_state(inference_only=False)
    _learner_module(algo, slot).set_state(state)
    algo.env_runner_group.sync_weights(from_worker_or_learner_group=algo.learner_group,
                                       policies=[slot], inference_only=True)


def _versions() -> dict:
    import ray
    import torch

    import boardgym

    return {"python": platform.python_version(), "boardgym": boardgym.__version__,
            "ray": ray.__version__, "torch": str(torch.__version__)}


def export_policy(algo, out: Path) -> Path:
    """``out/policy``: the ``main`` module alone (``rllib:out`` loads it)."""
    path = out / "policy"
    _learner_module(algo, MAIN).save_to_path(str(path.resolve()))   # RLlib wants an absolute path
    return path


def _win_words(sc: dict) -> str:
    """The progress line's win rates: "; the team wins 0.62" in a solo or cooperative game,
    "; wins 0.41 against heuristic, 0.55 against self" in a competitive one (each a mean over
    the last 200 episodes), or nothing before a game has ended."""
    rates = {k.split("/", 1)[1]: v for k, v in sorted(sc.items()) if k.startswith("win_rate/")}
    if "team" in rates:
        return f"; the team wins {rates['team']:.2f}"
    if not rates:
        return ""
    return "; wins " + ", ".join(f"{v:.2f} against {kind}" for kind, v in rates.items())


def _scalars(result: dict) -> dict:
    """The numbers of an iteration's result worth a TensorBoard curve."""
    er = result.get("env_runners", {}) or {}
    out = {}
    for k in ("episode_return_mean", "episode_len_mean", "num_episodes"):
        if isinstance(er.get(k), (int, float)):
            out[f"env/{k}"] = er[k]
    for mid, v in (er.get("module_episode_returns_mean") or {}).items():
        out[f"env/return_mean/{mid}"] = v
    for kind, v in (er.get("win_rate") or {}).items():
        if isinstance(v, (int, float)):
            out[f"win_rate/{kind}"] = v
    timers = result.get("timers", {}) or {}
    for k, name in (("env_runner_sampling_timer", "sample_s"), ("learner_update_timer", "learn_s")):
        if isinstance(timers.get(k), (int, float)):
            out[f"perf/{name}"] = timers[k]   # seconds per iteration spent sampling / updating
    learner = (result.get("learners", {}) or {}).get(MAIN, {}) or {}
    for k in ("policy_loss", "vf_loss", "entropy", "mean_kl_loss", "vf_explained_var", "curr_entropy_coeff"):
        if isinstance(learner.get(k), (int, float)):
            out[f"learner/{k}"] = learner[k]
    return out


def train_rllib(cfg: dict, out: Path, resume: str | None = None, address: str | None = None,
                evaluate: bool = True, log=_print) -> dict:
    import torch

    from ..ray_cluster import init_ray

    cfg = validate_config(dict(cfg))
    rl = cfg["rllib"]
    out = Path(out)
    (out / "checkpoints").mkdir(parents=True, exist_ok=True)
    if resume is not None and not Path(resume).is_dir():
        raise SystemExit(f"--resume: no RLlib checkpoint folder {resume!r}")
    torch.set_num_threads(int(rl["torch_threads"]))
    init_ray(address, None if address else rl["num_cpus"], log=log, worker_niceness=rl["worker_niceness"])
    record = dict(cfg, out=str(out), resume=resume, command=" ".join(sys.argv), versions=_versions())
    write_config(record, out / "config.yaml")
    algo = build_config(cfg).build_algo()
    ids = module_ids(cfg)
    slots = ids[1:]
    if resume:
        algo.restore_from_path(str(Path(resume).resolve()))
        log(f"resumed from {resume} at iteration {algo.iteration}")
    else:
        for slot in slots:   # the untrained policy fills every slot at the start
            snapshot(algo, slot)
    from torch.utils.tensorboard import SummaryWriter

    writer = SummaryWriter(str(out / "tb" / "rllib"))
    every = int(rl["league"]["snapshot_every"])
    budget = None if rl["minutes"] is None else float(rl["minutes"]) * 60.0
    t0 = time.perf_counter()
    start_iter = algo.iteration
    last_steps = None
    steps_run = 0
    prog = open(out / "progress.jsonl", "a")
    last_ckpt = None
    try:
        while algo.iteration < int(rl["iterations"]):
            if budget is not None and time.perf_counter() - t0 >= budget:
                log(f"time budget of {rl['minutes']} min reached")
                break
            ti = time.perf_counter()
            result = algo.train()
            dt = time.perf_counter() - ti
            it = algo.iteration
            life = int(result.get("num_env_steps_sampled_lifetime")
                       or result.get("env_runners", {}).get("num_env_steps_sampled_lifetime") or 0)
            step_n = life - last_steps if last_steps is not None else int(
                result.get("env_runners", {}).get("num_env_steps_sampled") or 0)
            last_steps = life
            steps_run += step_n
            sc = _scalars(result)
            sc["perf/env_steps_per_s"] = step_n / dt if dt > 0 else 0.0
            sc["perf/iteration_s"] = dt
            sc = {k: float(v) for k, v in sc.items() if v == v}   # no NaN (no episode of a kind)
            for k, v in sc.items():
                writer.add_scalar(k, v, life)
            writer.flush()
            prog.write(json.dumps({"iteration": it, "env_steps": life, "seconds": round(dt, 3), **sc}) + "\n")
            prog.flush()
            log(f"iter {it}: {life} steps, {sc['perf/env_steps_per_s']:.0f} steps/s, main's return "
                f"{sc.get('env/return_mean/main', float('nan')):.3f}" + _win_words(sc))
            if slots and it % every == 0:
                slot = slots[(it // every) % len(slots)]
                snapshot(algo, slot)
            if it % int(rl["checkpoint_every"]) == 0:
                last_ckpt = algo.save_to_path(str((out / "checkpoints" / f"iter_{it:06d}").resolve()))
    finally:
        prog.close()
        writer.close()
    wall = time.perf_counter() - t0
    it = algo.iteration
    final = out / "checkpoints" / f"iter_{it:06d}"
    if last_ckpt is None or Path(last_ckpt).resolve() != final.resolve():
        algo.save_to_path(str(final.resolve()))
    policy = export_policy(algo, out)
    algo.stop()
    summary = {"name": cfg["name"], "env_id": cfg["env_id"], "backend": "rllib", "iterations": it,
               "iterations_this_run": it - start_iter, "env_steps_this_run": steps_run,
               "train_seconds": round(wall, 2),
               "steps_per_second": round(steps_run / wall, 1) if wall > 0 else None,
               "checkpoint": str(final), "policy": str(policy), "resumed_from": resume}
    log(f"trained {it - start_iter} iterations ({steps_run} env steps) in {wall:.1f} s; "
        f"checkpoint {final}; policy {policy}")
    if evaluate:
        from ..run import evaluate_run

        summary.update(evaluate_run(cfg, policy, out, spec=f"rllib:{policy}"))
    from ..run import write_results

    write_results(summary, out)
    return summary
