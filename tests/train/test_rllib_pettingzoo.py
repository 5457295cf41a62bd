"""RLlib's own classes on every registered PettingZoo game: RLlib's ``PettingZooEnv`` (AEC) and
``ParallelPettingZooEnv`` over ``rllib_observations(env)`` with RLlib's action-masking RLModule
(``ActionMaskingTorchRLModule``), the env raising on any illegal action; then a short PPO run
(``boardgym.train.rllib.pettingzoo_ppo``, the documented command) that reports its metrics."""
from __future__ import annotations

import math

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

from boardgym.envs.wrappers import rllib_observations  # noqa: E402
from tests.conftest import pz_entries, pz_module  # noqa: E402


def _multi_seat(entry) -> dict:
    """The entry's kwargs with two seats."""
    return {**entry.get("kwargs", {}), entry["players_kwarg"]: 2}


ENTRIES = [pytest.param(e, id=e["id"]) for e in pz_entries()]


def _module(space, action_space):
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

    return RLModuleSpec(module_class=ActionMaskingTorchRLModule, observation_space=space,
                        action_space=action_space,
                        model_config={"fcnet_hiddens": [16], "head_fcnet_hiddens": [16]}).build()


def _act(module, obs: dict, rng) -> dict:
    """Sample every observed agent's action from the module's masked logits (as RLlib's env
    runner does); illegal actions must have probability 0."""
    import torch

    agents = sorted(obs)
    batch = {"obs": {k: torch.as_tensor(np.stack([obs[a][k] for a in agents])) for k in ("observations", "action_mask")}}
    mask = batch["obs"]["action_mask"].numpy().astype(bool)
    with torch.no_grad():
        logits = module.forward_exploration(batch)["action_dist_inputs"].double().numpy()
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    assert p[~mask].max(initial=0.0) == 0.0, "an illegal action has probability > 0"
    return {a: int(rng.choice(len(p[i]), p=p[i])) for i, a in enumerate(agents)}


@pytest.mark.parametrize("entry", ENTRIES)
def test_rllib_observations_have_rllibs_keys_in_aec_and_parallel(entry):
    mod = pz_module(entry)
    kwargs = _multi_seat(entry)
    for env, plain in ((rllib_observations(mod.env(**kwargs)), mod.env(**kwargs)),
                       (rllib_observations(mod.parallel_env(**kwargs)), mod.parallel_env(**kwargs))):
        agent = plain.possible_agents[0]
        space = env.observation_space(agent)
        assert set(space.spaces) == {"observations", "action_mask"}
        assert space["observations"] == plain.observation_space(agent)["observation"]
        assert space["action_mask"].dtype == np.float32 and space["action_mask"].shape == (plain.action_space(agent).n,)
        if hasattr(env, "observe"):
            env.reset(seed=3)
            plain.reset(seed=3)
            pairs = [(env.observe(a), plain.observe(a)) for a in plain.possible_agents]
        else:
            obs, _ = env.reset(seed=3)
            ref, _ = plain.reset(seed=3)
            pairs = [(obs[a], ref[a]) for a in ref]
        for got, want in pairs:
            assert space.contains(got)
            assert np.array_equal(got["observations"], want["observation"])
            assert np.array_equal(got["action_mask"], want["action_mask"].astype(np.float32))


@pytest.mark.parametrize("api", ["aec", "parallel"])
@pytest.mark.parametrize("entry", ENTRIES)
def test_rllibs_pettingzoo_wrappers_and_masking_module_never_take_an_illegal_action(entry, api):
    """RLlib's wrapper and module as its docs show them; the env raises on an illegal action."""
    from ray.rllib.env.wrappers.pettingzoo_env import ParallelPettingZooEnv, PettingZooEnv

    mod = pz_module(entry)
    kwargs = dict(_multi_seat(entry), illegal_action="raise")
    if api == "aec":
        env = PettingZooEnv(rllib_observations(mod.env(**kwargs)))
    else:
        env = ParallelPettingZooEnv(rllib_observations(mod.parallel_env(**kwargs)))
    agent = env.possible_agents[0]
    module = _module(env.observation_space[agent], env.action_space[agent])
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=1)
    decisions = episodes = 0
    while decisions < 120:
        obs, rewards, terms, truncs, _ = env.step(_act(module, obs, rng))
        decisions += 1
        assert all(isinstance(r, float) and math.isfinite(r) for r in rewards.values())
        if terms["__all__"] or truncs["__all__"]:
            episodes += 1
            obs, _ = env.reset(seed=1 + episodes)
    assert decisions == 120


@pytest.fixture(scope="module")
def ray_local():
    from boardgym.train.ray_cluster import init_ray

    ray = init_ray(None, 1)
    yield ray
    ray.shutdown()


def test_ppo_with_rllibs_own_classes_runs_an_iteration(capsys):
    """The documented command, one tiny iteration (its own local Ray, shut down after): the
    algorithm builds from RLlib's classes, samples (no illegal action: the env raises), learns
    and prints its numbers."""
    import json

    from boardgym.train.rllib.pettingzoo_ppo import main

    assert main(["--game", "paleo", "--api", "parallel", "--iterations", "1", "--batch", "64"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    (row,) = rows
    assert row["iteration"] == 1 and row["env_steps"] >= 64
    assert math.isfinite(row["policy_loss"]) and math.isfinite(row["vf_loss"])


@pytest.mark.slow
@pytest.mark.parametrize("game,api,kwargs", [("paleo", "parallel", {}),
                                             ("ancient_terrible_things", "aec", {"num_players": 2})])
def test_ppo_with_rllibs_own_classes_trains(ray_local, game, api, kwargs):
    """A few PPO iterations (the command in docs/scaling.md): episodes finish, a mean return is
    reported, the losses stay finite, and no illegal action was taken (the env raises)."""
    from boardgym.train.rllib.pettingzoo_ppo import train

    rows = train(game, api, iterations=3, game_kwargs=kwargs, batch=400, log=lambda line: None)
    assert [r["iteration"] for r in rows] == [1, 2, 3]
    assert rows[-1]["env_steps"] >= 1200 and rows[-1]["episodes"] >= 1
    assert math.isfinite(rows[-1]["episode_return_mean"])
    assert all(math.isfinite(r["policy_loss"]) for r in rows)


def test_the_trainers_module_builds_without_a_deprecation_notice():
    """The project's module is built with RLlib's current constructor; RLlib's own
    "RLModule(config=...) has been deprecated" line (logged for every module it builds) is not
    shown for it. A fresh process: RLlib logs it once per process."""
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import numpy as np\n"
        "from gymnasium import spaces\n"
        "from ray.rllib.core.rl_module.rl_module import RLModuleSpec\n"
        "from boardgym.train.rllib.module import MaskedActorCritic\n"
        "sp = spaces.Dict(observation=spaces.Box(-1, 1, (5,), np.float32), action_mask=spaces.Box(0, 1, (3,), np.int8))\n"
        "m = RLModuleSpec(module_class=MaskedActorCritic, observation_space=sp, action_space=spaces.Discrete(3),\n"
        "                 model_config={'hidden': [8]}).build()\n"
        "print('built', type(m).__name__)\n")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root,
                         env={**__import__("os").environ, "PYTHONPATH": str(root)}, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "built MaskedActorCritic" in out.stdout
    assert "RLModule(config=" not in out.stdout + out.stderr
