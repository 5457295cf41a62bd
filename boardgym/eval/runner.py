"""The game runner: one map over independent game jobs, played in this process, in local worker
processes (``--jobs N``) or as Ray tasks (``--ray [--address auto|HOST:PORT]``), the results
gathered in job order, so every table is the same whichever way the games were played.

A :class:`GameJob` is everything one game needs, as plain data: the game's name and options,
the agents as spec strings (``boardgym.agents.specs``) with the seed each is built with, the seat
assignment and the game's seed. Nothing unpicklable crosses to a worker: each batch of jobs
builds its own agents from the specs (once per batch, reused across its games, as the serial
loop does). A game's chance comes from its seed alone and ``play_one`` resets every agent with
``seed * 16 + seat`` before the game, so a game's result depends on its job alone, never on
which worker played it or what that worker played before.

Games are sent in batches (``games_per_task``): one game per task when an agent searches
(ISMCTS games take seconds), else about four batches per worker (a Ray task costs a few ms).
Any map of picklable jobs with a module-level batch function (``map_batches``) goes through
the same mechanism: ``boardgym.train.imitation.collect`` sends its demonstration episodes that way.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass
from typing import Callable, Sequence

from boardgym.core.errors import ConfigError

SLOW_KINDS = ("ismcts",)   # agent kinds whose games go one per task


@dataclass(frozen=True)
class GameJob:
    """One game: ``specs[k]`` built with ``build_seeds[k]`` is agent ``k``; ``seats[p]`` the
    agent of seat ``p``; chance from ``seed``."""

    game: str
    game_kwargs: dict
    specs: tuple
    build_seeds: tuple
    seats: tuple
    seed: int

    def slow(self) -> bool:
        from boardgym.agents.specs import parse_spec

        for s in self.specs:
            try:
                if isinstance(s, str) and parse_spec(s).kind in SLOW_KINDS:
                    return True
            except ConfigError:
                pass
        return False


def _key(game: str, kwargs: dict) -> str:
    import json

    return game + json.dumps(kwargs, sort_keys=True, default=repr)


def _limit_threads(threads: int) -> None:
    """Torch in a worker uses its share of cores, not every core (several workers per node)."""
    torch = sys.modules.get("torch")
    if torch is not None and torch.get_num_threads() != threads:
        torch.set_num_threads(threads)


def play_batch(jobs: Sequence[GameJob], threads: int | None = None) -> list:
    """Play ``jobs`` in order in this process; agents built once per (game, spec, build seed)."""
    from boardgym.games import make_game

    from .play import play_one, try_agent

    games, agents = {}, {}
    out = []
    for job in jobs:
        gk = _key(job.game, job.game_kwargs)
        if gk not in games:
            games[gk] = make_game(job.game, **job.game_kwargs)
        built = []
        for spec, s in zip(job.specs, job.build_seeds):
            ak = (gk, spec if isinstance(spec, str) else id(spec), s)
            if ak not in agents:
                agent, why = try_agent(spec, job.game, s)
                if agent is None:
                    raise ConfigError(f"agent {spec!r} cannot be built here: {why}")
                agents[ak] = agent
            built.append(agents[ak])
        if threads is not None:
            _limit_threads(threads)
        out.append(play_one(games[gk], built, list(job.seats), job.seed))
    return out


def _call(fn, batch, threads):
    return fn(batch, threads)


class GameRunner:
    """Where games are played: ``workers == 1`` and no Ray: here; ``workers > 1``: that many local
    processes; ``ray``: Ray tasks of ``cpus_per_task`` CPUs each on a local Ray (``num_cpus``
    caps it) or the cluster at ``address``."""

    def __init__(self, workers: int = 1, ray: bool = False, address: str | None = None,
                 num_cpus: int | None = None, cpus_per_task: int = 1, games_per_task: int | None = None,
                 log: Callable[[str], None] | None = None):
        from boardgym.train.ray_cluster import check_address

        for name, v, low in (("workers", workers, 1), ("cpus_per_task", cpus_per_task, 1)):
            if type(v) is not int or v < low:
                raise ConfigError(f"{name}: expected a whole number >= {low}, got {v!r}")
        if games_per_task is not None and (type(games_per_task) is not int or games_per_task < 1):
            raise ConfigError(f"games per task: expected a whole number >= 1, got {games_per_task!r}")
        if not ray:
            for flag, v in (("--address", address), ("--ray-cpus", num_cpus)):
                if v is not None:
                    raise ConfigError(f"{flag} only applies with --ray")
            if cpus_per_task != 1:
                raise ConfigError("--cpus-per-task only applies with --ray")
        elif address is not None and num_cpus is not None:
            raise ConfigError("--ray-cpus caps a local Ray; a cluster (--address) has its own CPUs, "
                              "leave --ray-cpus out")
        elif workers != 1:
            raise ConfigError("--jobs is for local worker processes; with --ray the cluster's "
                              "CPUs are used (cap a local Ray with --ray-cpus)")
        self.workers, self.ray, self.address = workers, bool(ray), check_address(address)
        self.num_cpus, self.cpus_per_task, self.games_per_task = num_cpus, cpus_per_task, games_per_task
        self.log = log
        self._ray = None

    # -- where ---------------------------------------------------------------------------------
    def start(self):
        """Join or start Ray now (a bad address or a missing Ray is refused before any game)."""
        if self.ray and self._ray is None:
            from boardgym.train.ray_cluster import init_ray

            self._ray = ray = init_ray(self.address, self.num_cpus, log=self.log)
            largest = max((n["Resources"].get("CPU", 0) for n in ray.nodes() if n.get("Alive")), default=0)
            if self.cpus_per_task > largest:   # Ray would wait for such a node for ever
                raise ConfigError(f"--cpus-per-task {self.cpus_per_task}: no node of this Ray has that "
                                  f"many CPUs (the largest has {int(largest)})")
        return self

    def slots(self) -> int:
        """How many batches can run at once."""
        if self.ray:
            cpus = int(self.start()._ray.cluster_resources().get("CPU", 1))
            return max(1, cpus // self.cpus_per_task)
        return self.workers

    def describe(self) -> str:
        if self.ray:
            return f"Ray ({self.address or 'local'}, {self.slots()} task(s) at a time)"
        return "this process" if self.workers == 1 else f"{self.workers} local processes"

    # -- what ----------------------------------------------------------------------------------
    def batches(self, jobs: list[GameJob]) -> list[list[GameJob]]:
        """``games_per_task`` games a batch when given; else a game with a searching agent
        (ISMCTS: seconds a game) is a batch of its own and the others, in order, go in batches
        of about a quarter of a worker's share."""
        if self.games_per_task is not None:
            k = self.games_per_task
            return [jobs[i:i + k] for i in range(0, len(jobs), k)]
        slow = [j.slow() for j in jobs]
        size = max(1, math.ceil((len(jobs) - sum(slow)) / (4 * self.slots())))
        out, run = [], []
        for job, is_slow in zip(jobs, slow):
            if run and (is_slow or len(run) >= size):
                out.append(run)
                run = []
            if is_slow:
                out.append([job])
            else:
                run.append(job)
        return out + ([run] if run else [])

    def play(self, jobs: Sequence[GameJob]) -> list:
        """``play_one`` results of ``jobs``, in their order (here: one batch, agents built once)."""
        jobs = list(jobs)
        if not self.ray and self.workers == 1:
            return play_batch(jobs)
        return self.run_batches(play_batch, self.batches(jobs))

    def play_groups(self, groups: Sequence[Sequence[GameJob]]) -> list[list]:
        """Several job lists in one map (one wait for all of them); results split back per group."""
        flat = [j for g in groups for j in g]
        res = self.play(flat)
        out, at = [], 0
        for g in groups:
            out.append(res[at:at + len(g)])
            at += len(g)
        return out

    def map_batches(self, fn, jobs: Sequence, per_task: int) -> list:
        """``fn(batch, threads) -> list`` over consecutive batches of ``per_task`` jobs, the
        results concatenated in job order."""
        jobs = list(jobs)
        return self.run_batches(fn, [jobs[i:i + per_task] for i in range(0, len(jobs), per_task)])

    def run_batches(self, fn, batches: list[list]) -> list:
        """``fn(batch, threads) -> list`` for each batch, here or on the workers; the results
        concatenated in batch order. ``fn`` must be a module-level function and the jobs
        picklable when they leave this process."""
        batches = [b for b in batches if b]
        if not batches:
            return []
        if not self.ray and (self.workers == 1 or len(batches) == 1):
            return [r for b in batches for r in fn(b, None)]
        n = sum(len(b) for b in batches)
        t0 = time.perf_counter()
        progress = _Progress(n, self.log)
        if self.ray:
            ray = self.start()._ray
            task = ray.remote(_call).options(num_cpus=self.cpus_per_task)
            refs = [task.remote(fn, b, self.cpus_per_task) for b in batches]
            size = {r: len(b) for r, b in zip(refs, batches)}
            pending = list(refs)
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                progress.add(sum(size[r] for r in done))
            parts = ray.get(refs)
        else:
            from concurrent.futures import ProcessPoolExecutor, as_completed

            with ProcessPoolExecutor(max_workers=min(self.workers, len(batches))) as pool:
                futs = [pool.submit(_call, fn, b, 1) for b in batches]
                size = {f: len(b) for f, b in zip(futs, batches)}
                for f in as_completed(futs):
                    progress.add(size[f])
                parts = [f.result() for f in futs]
        if self.log is not None and time.perf_counter() - t0 > 30:
            self.log(f"  {n} games on {self.describe()} in {time.perf_counter() - t0:.0f} s")
        return [r for p in parts for r in p]


class _Progress:
    """A line every ~30 s while a long map runs."""

    def __init__(self, total: int, log):
        self.total, self.done, self.log = total, 0, log
        self.t0 = self.last = time.perf_counter()

    def add(self, k: int) -> None:
        self.done += k
        now = time.perf_counter()
        if self.log is not None and now - self.last > 30 and self.done < self.total:
            self.last = now
            self.log(f"  {self.done}/{self.total} games played ({now - self.t0:.0f} s)")


# -- command-line flags, the same for python -m boardgym.eval and python -m boardgym.eval.results ------------------
def add_runner_args(ap: argparse.ArgumentParser, jobs_default: int = 1) -> None:
    from .args import count

    g = ap.add_argument_group("where the games are played (the tables are the same either way)")
    g.add_argument("--jobs", type=count, default=jobs_default, metavar="N",
                   help=f"local worker processes (default {jobs_default})")
    g.add_argument("--ray", action="store_true", help="play the games as Ray tasks (docs/scaling.md)")
    g.add_argument("--address", metavar="auto|HOST:PORT",
                   help="with --ray: join the cluster there ('auto': the one started on this machine "
                        "with 'ray start --head', or HOST:PORT); default: a local Ray")
    g.add_argument("--ray-cpus", type=count, metavar="N", help="with --ray and no --address: CPUs of the local Ray "
                   "(default every core)")
    g.add_argument("--cpus-per-task", type=count, default=1, metavar="N", help="with --ray: CPUs each game task "
                   "reserves (default 1)")
    g.add_argument("--games-per-task", type=count, metavar="N", help="games sent per task (default: 1 for ISMCTS "
                   "games, else about 4 batches per worker)")


def runner_from_args(args, prog: str, log=None) -> GameRunner:
    """The runner the flags ask for, Ray started or joined already; a SystemExit in words."""
    try:
        return GameRunner(workers=args.jobs, ray=args.ray, address=args.address, num_cpus=args.ray_cpus,
                          cpus_per_task=args.cpus_per_task, games_per_task=args.games_per_task,
                          log=log).start()
    except ConfigError as exc:
        msg = str(exc)
        if not msg.startswith("--"):
            msg = ("--ray: " if args.ray else "") + msg
        raise SystemExit(f"{prog}: {msg}") from None
