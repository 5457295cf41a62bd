"""Run by tests/test_packaging.py with the python of a fresh virtualenv that holds the built wheel
and the base dependencies only, from a folder of a researcher's own that has ``agents.py``,
``train.py`` and ``eval.py`` files (which refuse to be imported). Not a test module itself: it
imports nothing of the repository. Prints one line per check; exits non-zero on the first fault.

Usage: python foreign_folder_smoke.py  (in the foreign folder)
"""
from __future__ import annotations

import importlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import gymnasium as gym
import numpy as np

import boardgym
from boardgym.envs.registry import gym_ids, pettingzoo_ids, registry

HERE = Path.cwd()
T0 = time.perf_counter()


def say(msg: str) -> None:
    print(f"[{time.perf_counter() - T0:6.1f} s] {msg}", flush=True)


def legal(mask, rng) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


# -- boardgym is the installed one, and it is the only top-level name its files install ---------
where = Path(boardgym.__file__).resolve()
assert "site-packages" in where.parts, f"boardgym imported from {where}, not the installed wheel"
dist = importlib.metadata.distribution("boardgym")
tops = sorted({Path(str(f)).parts[0] for f in dist.files if not str(f).startswith(("..", "boardgym-"))}
              - {"__pycache__"})
assert tops == ["boardgym"], f"installed top-level names: {tops}"
say(f"boardgym from {where.parent}; installed top-level names: {tops}")
for own in ("agents", "train", "eval"):
    assert (HERE / f"{own}.py").is_file()

# -- every Gymnasium id: made, reset, stepped ------------------------------------------------------
rng = np.random.default_rng(0)
for env_id in gym_ids():
    env = gym.make(env_id)
    obs, info = env.reset(seed=1)
    steps = 0
    for steps in range(1, 41):
        obs, reward, term, trunc, info = env.step(legal(info["action_mask"], rng))
        if term or trunc:
            break
    env.close()
    say(f"gym {env_id}: reset and {steps} steps")

# -- every PettingZoo env, AEC and Parallel --------------------------------------------------------
for env_id in pettingzoo_ids():
    module = importlib.import_module(f"boardgym.envs.{env_id.split('/')[-1]}")
    aec = module.env()
    aec.reset(seed=2)
    steps = 0
    for agent in aec.agent_iter(max_iter=40):
        obs, reward, term, trunc, info = aec.last()
        aec.step(None if term or trunc else legal(obs["action_mask"], rng))
        steps += 1
    aec.close()
    par = module.parallel_env()
    obs, infos = par.reset(seed=3)
    for _ in range(10):
        if not par.agents:
            break
        obs, *_ = par.step({a: legal(obs[a]["action_mask"], rng) for a in par.agents})
    par.close()
    say(f"pettingzoo {env_id}: AEC {steps} steps, Parallel 10 steps")

# -- one whole game with each agent kind the base install serves -----------------------------------
for spec in ("random", "heuristic", "pretrained", "ismcts:simulations=4,rollout_depth=8"):
    env = gym.make("boardgym/AncientTerribleThings-v0", opponents=spec)
    obs, info = env.reset(seed=4)
    steps, done = 0, False
    while not done:
        obs, reward, term, trunc, info = env.step(legal(info["action_mask"], rng))
        steps += 1
        done = term or trunc
    env.close()
    say(f"one game of Ancient Terrible Things against opponents={spec!r}: {steps} steps, "
        f"{'over' if term else 'cut'}, reward {reward:+.1f}")
for game in registry()["games"]:      # every game's registered heuristic builds
    from boardgym.agents.specs import make_agent

    make_agent("heuristic", game, seed=0)
say(f"the heuristic of every game builds: {', '.join(registry()['games'])}")

# -- the command line ------------------------------------------------------------------------------
exe = shutil.which("boardgym", path=str(Path(sys.executable).parent))
assert exe, "no boardgym command beside the interpreter"
out_html = HERE / "paleo.html"
for argv in (["list"], ["validate", "primeval_peril"], ["view", "--game", "paleo", "--agents", "random", "-o", str(out_html)]):
    proc = subprocess.run([exe, *argv], capture_output=True, text=True, timeout=300, cwd=HERE)
    assert proc.returncode == 0, f"boardgym {' '.join(argv)}: {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    last = (proc.stdout.strip().splitlines() or [""])[-1]
    say(f"boardgym {' '.join(argv)}: exit 0; {len(proc.stdout.splitlines())} lines, last: {last[:100]}")
assert out_html.is_file() and out_html.stat().st_size > 10_000, "boardgym view wrote no page"

# -- the extras the base install lacks: each named, no bare ModuleNotFoundError --------------------
if os.environ.get("BOARDGYM_SMOKE_BASE") == "1":
    checks = [([sys.executable, "-m", "boardgym.train", "--timesteps", "8"], "boardgym[train]"),
              ([exe, "train", "--timesteps", "8"], "boardgym[train]"),
              ([exe, "eval", "--games", "1"], "boardgym[train]"),
              ([exe, "play", "paleo", "--opponents", "ppo:model.zip"], "boardgym[train]"),
              ([sys.executable, "-c", "import boardgym.train.ray_cluster as r; r.import_ray()"], "boardgym[rllib]")]
    for argv, extra in checks:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=120, cwd=HERE, stdin=subprocess.DEVNULL)
        text = proc.stdout + proc.stderr
        assert proc.returncode != 0 and extra in text and "ModuleNotFoundError" not in text, (argv, text[-1500:])
        say(f"{' '.join(Path(a).name if i == 0 else a for i, a in enumerate(argv))}: refused, "
            f"{text.strip().splitlines()[-1][:160]}")
say("all checks passed")
