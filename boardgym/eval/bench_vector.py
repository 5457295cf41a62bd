"""The vector section of ``python -m boardgym.eval.bench``: for every registered Gymnasium id,
N envs (16) stepped with random legal actions by each way of vectorizing them, side by side in
one run:

* ``batched``: the batched vector env (``gym.make_vec(id, num_envs=N)``, ``boardgym/envs/vector.py``);
* ``sync`` / ``async``: Gymnasium's ``SyncVectorEnv`` / ``AsyncVectorEnv`` of the same id and N
  (``vectorization_mode="sync"`` / ``"async"``);
* ``batched_sb3`` / ``dummy`` / ``subproc``: the envs ``python -m boardgym.train`` builds for
  ``vec_env: batched`` / ``dummy`` / ``subproc`` (SB3 VecEnvs, ``boardgym/train/envs.py``), the
  masks fetched as MaskablePPO fetches them (``get_action_masks``);
* ``mp1`` / ``mp2``: the multi-process batched env (``num_workers=1`` / ``2``, ``vector_mp.py``);
* ``games``: the N games' own work and nothing else (each game's step rule and its observation
  and mask written into a row, in a plain loop): the floor under every vectorization, so
  ``batched / games alone`` is the batched env's own cost and ``games alone / Sync`` the most
  any vectorization in one process could gain over Sync;
* ``games1`` / ``games2``: the same games' own work in one process (N games) and in two
  processes at once (N/2 games each), with no parent in the loop and nothing shared: what this
  machine's cores give two processes over one;
* ``lock1`` / ``lock2``: the same processes in lockstep, as a synchronous vector env steps its
  workers: the parent sends each process one message a vector step and waits for every answer,
  so a step lasts as long as the slower half (its games' steps vary: an opponent's turn, a new
  game) plus the messages. No vector env that splits one synchronous step over two workers can
  beat ``lock2 / lock1``: it is the ceiling of ``2 workers / 1 worker`` here.

PufferLib's vectorization is not measured: it does not install beside boardgym's pinned
versions (``PUFFERLIB`` says why; the results and docs/performance.md repeat it).

Actions: a uniform legal action per env drawn from the step's ``(N, actions)`` mask by one NumPy
call, the same for every side. Each id runs at its registered configuration, with random
opponents in competitive games (as the Gym column of the main table), one configuration per id:
the vectorization's cost per step is the same kind of work in every configuration.

Every ratio is paired: its two sides alternate in ``pairs`` short slices (A, B, then B, A, ...)
and the ratio is the median of the per-pair ratios, so a machine that slows down or speeds up
during the run moves both sides of a pair alike. A side's steps/s is over all its slices."""
from __future__ import annotations

import multiprocessing as mp
import time

import numpy as np

from .stats import ratio_summary

NUM_ENVS = 16
PAIRS = 3
# (numerator, denominator) of every ratio, in the order they run
RATIOS = (("batched", "games"), ("batched", "sync"), ("batched", "async"), ("batched_sb3", "subproc"), ("batched_sb3", "dummy"),
          ("mp2", "mp1"), ("games2", "games1"), ("lock2", "lock1"))
CEILING = ("games1", "games2", "lock1", "lock2")   # measured by ceiling(), not stepped from this process
LABELS = {"games": "games alone", "batched": "batched", "sync": "SyncVectorEnv", "async": "AsyncVectorEnv",
          "batched_sb3": "batched (SB3 VecEnv)", "dummy": "SB3 DummyVecEnv", "subproc": "SB3 SubprocVecEnv",
          "mp1": "batched, 1 worker", "mp2": "batched, 2 workers",
          "games1": "games alone, 1 process", "games2": "games alone, 2 processes",
          "lock1": "games alone, 1 process in lockstep", "lock2": "games alone, 2 processes in lockstep"}
SIDES = tuple(LABELS)
SCALING_ENVS = (1, 4, 16, 64)
WORKER_ENVS = (64,)   # more envs a step, where 2 workers are paired with 1 again (and lock2 with lock1)
WORKER_SIDES = ("mp1", "mp2", "lock1", "lock2")
PUFFERLIB = ("not measured: pufferlib 3.0.0 is published as source only and its build downloads "
             "Raylib from GitHub, which a package-registry install cannot reach, and pufferlib-core "
             "3.0.23 (a wheel) requires torch==2.9.0 where boardgym pins torch 2.13.0")


def gym_ids() -> list[dict]:
    """Every registered Gymnasium id with its game (the registry's order)."""
    from boardgym.envs.registry import registry

    return [{"id": e["id"], "game": e["game"]} for e in registry()["gymnasium"]]


def id_kwargs(env_id: str) -> dict:
    """The kwargs the section adds to an id's own: random opponents where the id names
    opponents (its competitive games), as the Gym column of the main table."""
    import gymnasium as gym

    return {"opponents": "random"} if "opponents" in gym.spec(env_id).kwargs else {}


def sample_actions(mask, rng) -> np.ndarray:
    """A uniform legal action per row of an ``(N, actions)`` mask: one NumPy call for all sides."""
    return np.argmax(rng.random(mask.shape) * np.asarray(mask, bool), axis=1)


# -- the sides: each a stepper with reset(seed) -> mask, step(actions) -> mask, close() ---------
class GymSide:
    """A Gymnasium ``VectorEnv``: the mask is in the observation."""

    def __init__(self, venv):
        self.venv, self.num_envs = venv, venv.num_envs

    def reset(self, seed: int):
        return self.venv.reset(seed=seed)[0]["action_mask"]

    def step(self, actions):
        return self.venv.step(actions)[0]["action_mask"]

    def close(self) -> None:
        self.venv.close()


class SB3Side:
    """A Stable-Baselines3 ``VecEnv``: the masks come as MaskablePPO's rollouts fetch them."""

    def __init__(self, venv):
        from sb3_contrib.common.maskable.utils import get_action_masks

        self.venv, self.num_envs, self._masks = venv, venv.num_envs, get_action_masks

    def reset(self, seed: int):
        self.venv.seed(seed)
        self.venv.reset()
        return self._masks(self.venv)

    def step(self, actions):
        self.venv.step(actions)
        return self._masks(self.venv)

    def close(self) -> None:
        self.venv.close()


class GamesSide:
    """The games' own work: each game's ``_transition`` (its step rule: the action, chance and
    opponents up to the next decision) or, once over, a new game, then its observation and mask
    written into its row; no action checks, infos, copies or autoreset bookkeeping."""

    def __init__(self, venv):
        self.venv, self.num_envs = venv, venv.num_envs

    def reset(self, seed: int):
        return self.venv.reset(seed=seed)[0]["action_mask"]

    def step(self, actions):
        venv = self.venv
        vec, mask = venv._vec, venv._mask
        for i, (core, a) in enumerate(zip(venv.envs, actions.tolist())):
            if core.state.is_terminal():
                core._begin(None)
            else:
                core._transition(a)
            core._observe_into(vec[i], mask[i])
        return mask

    def close(self) -> None:
        self.venv.close()


def build(side: str, env_id: str, kwargs: dict, n: int):
    """The stepper of ``side`` over ``n`` envs of ``env_id`` with ``kwargs``."""
    import gymnasium as gym

    if side == "batched":
        return GymSide(gym.make_vec(env_id, num_envs=n, **kwargs))
    if side == "games":
        return GamesSide(gym.make_vec(env_id, num_envs=n, copy=False, **kwargs))
    if side in ("sync", "async"):
        extra = {"vector_kwargs": {"context": "forkserver"}} if side == "async" else {}
        return GymSide(gym.make_vec(env_id, num_envs=n, vectorization_mode=side, **extra, **kwargs))
    if side in ("mp1", "mp2"):
        return GymSide(gym.make_vec(env_id, num_envs=n, num_workers=int(side[2:]), **kwargs))
    if side in ("batched_sb3", "dummy", "subproc"):
        from boardgym.train.envs import make_vec_env

        kind = "batched" if side == "batched_sb3" else side
        return SB3Side(make_vec_env(env_id, kwargs, n, 0, kind))
    raise KeyError(side)


def unavailable(side: str) -> str | None:
    """Why ``side`` cannot run here (a missing extra), or None."""
    if side in ("batched_sb3", "dummy", "subproc"):
        try:
            import sb3_contrib  # noqa: F401
            import stable_baselines3  # noqa: F401
        except ImportError as exc:
            return f"needs the train extra (pip install boardgym[train]): {exc}"
    return None


def timed_slice(stepper, seconds: float, rng, state: dict) -> dict:
    """Step ``stepper`` for ``seconds``: ``{steps, seconds}`` (env steps: N per vector step).
    ``state["mask"]`` carries the last mask from one slice to the next."""
    mask = state["mask"]
    calls = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while True:
        mask = stepper.step(sample_actions(mask, rng))
        calls += 1
        if time.perf_counter() >= end:
            break
    state["mask"] = mask
    return {"steps": calls * stepper.num_envs, "seconds": time.perf_counter() - t0}


def _add(totals: dict, name: str, r: dict) -> dict:
    tot = totals.setdefault(name, {"steps": 0, "seconds": 0.0})
    tot["steps"] += r["steps"]
    tot["seconds"] += r["seconds"]
    return r


def paired(a, b, seconds: float, pairs: int, rng, states: dict, totals: dict, names: tuple) -> dict:
    """``pairs`` pairs of slices of ``a`` and ``b`` (A, B then B, A, ...): the median of the
    per-pair ratios A/B, with its range; every slice is added to ``totals``."""
    ratios = []
    for i in range(pairs):
        order = ((a, names[0]), (b, names[1])) if i % 2 == 0 else ((b, names[1]), (a, names[0]))
        rate = {}
        for stepper, name in order:
            r = _add(totals, name, timed_slice(stepper, seconds, rng, states[name]))
            rate[name] = r["steps"] / r["seconds"]
        ratios.append(rate[names[0]] / rate[names[1]])
    return ratio_summary(ratios)


def _warm(stepper, seed: int, seconds: float, rng) -> dict:
    state = {"mask": stepper.reset(seed)}
    timed_slice(stepper, seconds, rng, state)   # first steps fill caches; not counted
    return state


def measure_id(env_id: str, kwargs: dict, n: int, seconds: float, pairs: int, sides, log=print) -> dict:
    """Every ratio of ``RATIOS`` whose sides are both in ``sides`` and can run, over ``n`` envs
    of ``env_id``: ``{rates: {side: {steps_per_s, steps, seconds} | {error} | {unavailable}},
    ratios: {"a/b": {median, min, max, pairs} | None}}``."""
    rng = np.random.default_rng(0)
    rates, live, states, totals, ratios, builds = {}, {}, {}, {}, {}, {}
    for side in sides:
        why = unavailable(side)
        if why is not None:
            rates[side] = {"unavailable": why}
    plan = [(a, b) for a, b in RATIOS if a in sides and b in sides and a not in CEILING]
    for k, (a, b) in enumerate(plan):
        for side in (a, b):
            if side in live or side in rates:
                continue
            try:
                t0 = time.perf_counter()
                live[side] = build(side, env_id, kwargs, n)
                builds[side] = time.perf_counter() - t0
                states[side] = _warm(live[side], 0, seconds / 2, rng)
            except Exception as exc:  # noqa: BLE001 - one side failing must not stop the bench
                rates[side] = {"error": f"{type(exc).__name__}: {exc}"}
                log(f"  {LABELS[side]}: FAILED ({rates[side]['error']})")
                live.pop(side, None)
        key = f"{a}/{b}"
        if a in live and b in live:
            ratios[key] = paired(live[a], live[b], seconds, pairs, rng, states, totals, (a, b))
        else:   # its partner failed: the side that runs is still measured, alone
            ratios[key] = None
            for side in (a, b):
                if side in live:
                    for _ in range(pairs):
                        _add(totals, side, timed_slice(live[side], seconds, rng, states[side]))
        for side in (a, b):   # close what no later ratio uses (async and subproc hold N processes)
            if side in live and not any(side in later for later in plan[k + 1:]):
                live.pop(side).close()
    for side, tot in totals.items():
        rates[side] = {"steps_per_s": tot["steps"] / tot["seconds"], **tot,
                       "build_seconds": round(builds[side], 2)}
    for stepper in live.values():
        stepper.close()
    wanted = [(a, b) for a, b in RATIOS if a in CEILING and a in sides and b in sides]
    if wanted:
        try:
            got = ceiling(env_id, kwargs, n, seconds, pairs, lockstep=("lock2", "lock1") in wanted,
                          free=("games2", "games1") in wanted)
            rates.update(got["rates"])
            ratios.update(got["ratios"])
        except Exception as exc:  # noqa: BLE001 - as a side that fails: said, and the bench goes on
            for a, b in wanted:
                rates[a] = rates[b] = {"error": f"{type(exc).__name__}: {exc}"}
                ratios[f"{a}/{b}"] = None
            log(f"  {LABELS[wanted[0][0]]}: FAILED ({rates[wanted[0][0]]['error']})")
    return {"rates": rates, "ratios": ratios}


def _games_process(conn, env_id: str, kwargs: dict, n: int, seed: int) -> None:
    """A process of ``ceiling``: ``n`` games alone, stepped for the seconds each float message
    asks (answered with the slice's ``{steps, seconds}``) or once for each ``1`` (answered with
    ``1``: the lockstep); ``None`` ends it."""
    import boardgym  # noqa: F401  (registers the ids)

    try:
        rng = np.random.default_rng(seed)
        stepper = build("games", env_id, kwargs, n)
        state = _warm(stepper, seed, 0.1, rng)
        conn.send("ready")
        while (msg := conn.recv()) is not None:
            if type(msg) is int:   # one vector step, as a synchronous vector env's worker takes it
                state["mask"] = stepper.step(sample_actions(state["mask"], rng))
                conn.send(1)
            else:
                conn.send(timed_slice(stepper, msg, rng, state))
        stepper.close()
    except Exception as exc:  # noqa: BLE001 - said to the parent, which raises it
        conn.send(f"{type(exc).__name__}: {exc}")


def ceiling(env_id: str, kwargs: dict, n: int, seconds: float, pairs: int, lockstep: bool = True,
            free: bool = True) -> dict:
    """What this machine gives two processes over one on the games' own work: ``n`` games
    stepped alone in one process against ``n/2`` in each of two processes (``pairs`` alternating
    pairs of slices, the parent waiting idle). ``free``: each process steps on its own for the
    slice (games2/games1: what the cores give). ``lockstep``: the parent sends every process one
    message a vector step and waits for all the answers (lock2/lock1), as a synchronous vector
    env does; no vector env splitting its steps over two workers does better, so that ratio is
    the ceiling of 2 workers / 1 worker. Returns ``{rates: {side: ...}, ratios: {"a/b": ...}}``."""
    ctx = mp.get_context("forkserver")
    procs, conns = [], []
    def free_slice(group) -> dict:
        for conn in group:
            conn.send(float(seconds))
        got = [conn.recv() for conn in group]
        for r in got:
            if isinstance(r, str):
                raise RuntimeError(r)
        return {"steps": sum(r["steps"] for r in got), "seconds": max(r["seconds"] for r in got),
                "rate": sum(r["steps"] / r["seconds"] for r in got)}

    def lock_slice(group) -> dict:
        calls, t0 = 0, time.perf_counter()
        end = t0 + seconds
        while True:
            for conn in group:
                conn.send(1)
            for conn in group:
                if (r := conn.recv()) != 1:
                    raise RuntimeError(r)
            calls += 1
            if time.perf_counter() >= end:
                break
        took = time.perf_counter() - t0
        return {"steps": calls * n, "seconds": took, "rate": calls * n / took}

    try:
        for k, size in enumerate((n, n // 2, n - n // 2)):
            parent_end, child_end = ctx.Pipe()
            proc = ctx.Process(target=_games_process, args=(child_end, env_id, kwargs, size, k), daemon=True)
            proc.start()
            child_end.close()
            procs.append(proc)
            conns.append(parent_end)
        for conn in conns:
            if not conn.poll(120):
                raise TimeoutError("a games process did not start within 120 s")
            if (msg := conn.recv()) != "ready":
                raise RuntimeError(msg)
        one, two = [conns[0]], conns[1:]
        kinds = ([("games", free_slice)] if free else []) + ([("lock", lock_slice)] if lockstep else [])
        rates, ratios = {}, {}
        for prefix, slice_ in kinds:
            totals, per_pair = {}, []
            for i in range(pairs):
                order = ((f"{prefix}2", two), (f"{prefix}1", one)) if i % 2 == 0 else \
                    ((f"{prefix}1", one), (f"{prefix}2", two))
                rate = {}
                for name, group in order:
                    r = slice_(group)
                    rate[name] = r["rate"]
                    tot = totals.setdefault(name, {"steps": 0, "seconds": 0.0, "rates": []})
                    tot["steps"] += r["steps"]
                    tot["seconds"] += r["seconds"]
                    tot["rates"].append(r["rate"])
                per_pair.append(rate[f"{prefix}2"] / rate[f"{prefix}1"])
            rates.update({name: {"steps_per_s": float(np.mean(t["rates"])), "steps": t["steps"],
                                 "seconds": t["seconds"]} for name, t in totals.items()})
            ratios[f"{prefix}2/{prefix}1"] = ratio_summary(per_pair)
        return {"rates": rates, "ratios": ratios}
    finally:
        for conn in conns:
            try:
                conn.send(None)
            except (BrokenPipeError, OSError):
                pass
        for proc in procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
                proc.join()


def scaling(env_id: str, kwargs: dict, seconds: float, pairs: int, envs=SCALING_ENVS) -> list[dict]:
    """Batched and Sync steps/s at each number of envs (paired as above)."""
    rng = np.random.default_rng(1)
    out = []
    for n in envs:
        live = {side: build(side, env_id, kwargs, n) for side in ("batched", "sync")}
        try:
            states = {side: _warm(s, 0, seconds / 2, rng) for side, s in live.items()}
            totals = {}
            ratio = paired(live["batched"], live["sync"], seconds, pairs, rng, states, totals, ("batched", "sync"))
        finally:
            for s in live.values():
                s.close()
        out.append({"num_envs": n, "ratio": ratio,
                     **{side: t["steps"] / t["seconds"] for side, t in totals.items()}})
    return out


def sizes(env_id: str, kwargs: dict) -> dict:
    """The floats of an observation vector and the actions of a mask (what one env step writes)."""
    import gymnasium as gym

    env = gym.make(env_id, **kwargs)
    try:
        return {"obs_floats": int(env.observation_space["observation"].shape[0]),
                "actions": int(env.action_space.n)}
    finally:
        env.close()


def preload_forkserver() -> None:
    """Import boardgym (and SB3, when installed) and load every game's content once in the
    forkserver, before its first use, so that each worker process forks ready instead of
    importing and loading them anew."""
    mods = ["boardgym.envs.vector_mp", "boardgym.train.envs", "boardgym.eval.bench_warm"]
    if unavailable("subproc") is None:
        mods += ["stable_baselines3.common.vec_env", "sb3_contrib"]
    mp.get_context("forkserver").set_forkserver_preload(mods)


def run(seconds: float = 0.5, pairs: int = PAIRS, num_envs: int = NUM_ENVS, ids=None, sides=SIDES,
        scaling_envs=SCALING_ENVS, worker_envs=WORKER_ENVS, log=print) -> dict:
    """The vector section: ``{num_envs, seconds_per_slice, pairs, rows: [...], scaling: {...}}``;
    each row's ``workers`` holds, for each count of ``worker_envs``, the multi-process env's 1 and
    2 workers and the lockstep ceiling measured again over that many envs (a longer step, so the
    messages and the slower half weigh less)."""
    import boardgym  # noqa: F401  (registers the ids)

    preload_forkserver()
    rows = []
    for entry in ids or gym_ids():
        kwargs = id_kwargs(entry["id"])
        row = {"id": entry["id"], "game": entry["game"], "kwargs": kwargs, **sizes(entry["id"], kwargs)}
        row.update(measure_id(entry["id"], kwargs, num_envs, seconds, pairs, sides, log))
        on = tuple(s for s in WORKER_SIDES if s in sides)
        row["workers"] = [{"num_envs": n, **measure_id(entry["id"], kwargs, n, seconds, pairs, on, log)}
                          for n in worker_envs if on]
        rows.append(row)
        log(f"{entry['id']}: " + ", ".join(
            f"{LABELS[s]} {r['steps_per_s']:.0f}/s" for s, r in row["rates"].items() if "steps_per_s" in r)
            + "; " + ", ".join(f"{k} {v['median']:.2f}x" for k, v in row["ratios"].items() if v))
    first = (ids or gym_ids())[0]
    scale = {"id": first["id"], "points": scaling(first["id"], id_kwargs(first["id"]), seconds, pairs,
                                                  scaling_envs) if scaling_envs else []}
    log(f"scaling {first['id']}: " + ", ".join(
        f"N={p['num_envs']}: batched {p['batched']:.0f}/s, Sync {p['sync']:.0f}/s" for p in scale["points"]))
    return {"num_envs": num_envs, "seconds_per_slice": seconds, "pairs": pairs, "sides": list(sides),
            "pufferlib": PUFFERLIB, "rows": rows, "scaling": scale}
