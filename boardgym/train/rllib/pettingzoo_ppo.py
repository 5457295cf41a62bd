"""PPO on a boardgym game through RLlib's own classes alone: RLlib's ``PettingZooEnv`` (AEC) or
``ParallelPettingZooEnv`` over the game's PettingZoo env, and RLlib's action-masking RLModule
(``ActionMaskingTorchRLModule``) as one policy shared by every seat. The only boardgym piece is
``boardgym.envs.wrappers.rllib_observations``, which gives the observations the keys that module
reads (``observations``, ``action_mask``). The env raises on an illegal action
(``illegal_action="raise"``), so a run that finishes took none.

    python -m boardgym.train.rllib.pettingzoo_ppo --game paleo --api parallel --iterations 3

prints one line per iteration and the final result's key numbers. ``--api aec`` uses
``PettingZooEnv`` (turn-based: only the deciding seat acts each step). The project's own RLlib
trainer (``python -m boardgym.train``, ``backend: rllib``) adds the league, checkpoints and evaluation.
"""
from __future__ import annotations

import argparse
import importlib
import json
import math
import time

ENV_NAME = "boardgym_pettingzoo"
MODULE = "shared"


def make_env(config: dict):
    """RLlib's wrapper over the game's PettingZoo env (RLlib calls this with ``env_config``)."""
    from ray.rllib.env.wrappers.pettingzoo_env import ParallelPettingZooEnv, PettingZooEnv

    from boardgym.envs.wrappers import rllib_observations

    mod = importlib.import_module(f"boardgym.envs.{config['game']}_v0")
    kwargs = dict(config.get("game_kwargs") or {}, illegal_action="raise")
    if config.get("api", "parallel") == "parallel":
        return ParallelPettingZooEnv(rllib_observations(mod.parallel_env(**kwargs)))
    return PettingZooEnv(rllib_observations(mod.env(**kwargs)))


def build_config(game: str, api: str = "parallel", game_kwargs: dict | None = None, seed: int = 0,
                 batch: int = 400, hidden: int = 64):
    """The ``PPOConfig``: a local env runner (``num_env_runners=0``), one shared module."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    register_env(ENV_NAME, make_env)
    model = {"fcnet_hiddens": [hidden], "head_fcnet_hiddens": [hidden]}
    return (PPOConfig()
            # (RLlib's env check steps actions sampled from the space, mask ignored: it would
            # meet the env's illegal_action="raise" at once, so it is off)
            .environment(ENV_NAME, env_config={"game": game, "api": api,
                                               "game_kwargs": dict(game_kwargs or {})},
                         disable_env_checking=True)
            .env_runners(num_env_runners=0)
            .learners(num_learners=0)
            .training(train_batch_size_per_learner=batch, minibatch_size=max(32, batch // 4),
                      num_epochs=1)
            .multi_agent(policies={MODULE}, policy_mapping_fn=lambda agent_id, episode, **kw: MODULE)
            .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
                MODULE: RLModuleSpec(module_class=ActionMaskingTorchRLModule, model_config=model)}))
            .debugging(seed=seed))


def summary(result: dict) -> dict:
    """The numbers of one iteration's result worth printing."""
    er = result.get("env_runners", {}) or {}
    learner = (result.get("learners", {}) or {}).get(MODULE, {}) or {}
    out = {"iteration": result.get("training_iteration"),
           "env_steps": er.get("num_env_steps_sampled_lifetime"),
           "episodes": er.get("num_episodes_lifetime"),
           "episode_return_mean": er.get("episode_return_mean"),
           "policy_loss": learner.get("policy_loss"),
           "vf_loss": learner.get("vf_loss"),
           "entropy": learner.get("entropy")}
    return {k: (round(float(v), 4) if isinstance(v, float) and math.isfinite(v) else v)
            for k, v in out.items()}


def train(game: str, api: str = "parallel", iterations: int = 3, game_kwargs: dict | None = None,
          seed: int = 0, batch: int = 400, hidden: int = 64, log=print) -> list[dict]:
    """Train ``iterations`` PPO iterations; one ``summary`` per iteration. Ray must be up."""
    algo = build_config(game, api, game_kwargs, seed, batch, hidden).build_algo()
    rows = []
    try:
        for _ in range(iterations):
            t = time.perf_counter()
            rows.append(dict(summary(algo.train()), seconds=round(time.perf_counter() - t, 1)))
            log(json.dumps(rows[-1]))
    finally:
        algo.stop()
    return rows


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m boardgym.train.rllib.pettingzoo_ppo", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="paleo", help="a boardgym game (boardgym list)")
    p.add_argument("--api", choices=("parallel", "aec"), default="parallel",
                   help="parallel: ParallelPettingZooEnv; aec: PettingZooEnv")
    p.add_argument("--iterations", type=int, default=3)
    p.add_argument("--players", type=int, default=None, help="seats (the game's players option)")
    p.add_argument("--batch", type=int, default=400, help="env steps per iteration")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--num-cpus", type=int, default=1, help="CPUs of the local Ray")
    args = p.parse_args(argv)
    from boardgym.envs.registry import players_kwarg
    from boardgym.train.ray_cluster import init_ray

    kwargs = {} if args.players is None else {players_kwarg(args.game): args.players}
    ray = init_ray(None, args.num_cpus)
    try:
        train(args.game, args.api, args.iterations, kwargs, args.seed, args.batch)
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
