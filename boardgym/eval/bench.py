"""Speed benchmark: ``python -m boardgym.eval.bench [--seconds S] [--games G,...] [--stub-pygame]
[--sections main,vector,train] [--vector-budget S] [--docs [--from FILE]]``.

Three sections: main (below), vector (``bench_vector.py``: every Gymnasium id's 16 envs stepped
by the batched env, Gymnasium's Sync and Async, SB3's Dummy and Subproc and the multi-process env
at 1 and 2 workers, ratios paired within the run, and a curve of steps/s against the number of
envs) and train (``bench_train.py``: ``python -m boardgym.train`` steps/s with ``vec_env:
batched`` against ``subproc`` and ``dummy``). ``--docs`` measures nothing: it rewrites
docs/performance.md from a run's bench.json (``perf_page.py``).

Main section: for every game in ``boardgym.games.GAMES`` and each configuration listed under ``bench`` in
``boardgym/eval/configs/defaults.yaml`` (else one per player count), random play is measured for a fixed
time per measurement:

* engine: ``state.legal_mask()`` + a uniform legal choice + ``state.apply`` (chance nodes
  sampled and applied too, but only decisions are counted);
* AEC: the usual PettingZoo loop ``env.last()`` + ``action_space.sample(mask)`` + ``env.step``
  (only live steps are counted, not the ``None`` steps of finished agents);
* Gym: ``env.step`` of the Gymnasium env with ``opponents="random"`` in competitive games
  (learner steps; the opponents' decisions happen inside each step);
* ``clone()`` and ``to_json()`` + ``game.state_from_json()`` in microseconds over states
  sampled from random play, the mean JSON size and the traced memory of one clone;
* per game (its first configuration): ``env.render()`` of the Gym env with
  ``render_mode="rgb_array"`` (the 1600x900 picture), milliseconds per frame along random play.

If ``pettingzoo.classic.connect_four_v3`` imports (it needs pygame for rendering), its AEC
random-play loop runs in the same process and every rate is also given as a ratio to it. The
AEC ratio is paired: each config's AEC time is cut into ``PAIRS`` slices, each run right after a
connect_four slice of the same length, and the ratio is the median of the pairs' ratios, so a
machine that slows down or speeds up during the run (the dev VMs do, by 20% and more) moves both
sides of each pair alike. Engine and Gym ratios are to the connect_four rate measured first.
``--stub-pygame`` puts an empty ``pygame`` module in place first (rendering is never called).
Writes ``results/bench.md``, ``results/bench.json`` and the vector section's plots
``results/bench_envs.png`` and ``results/bench_workers.png``.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import sys
import time
import tracemalloc
import types
from pathlib import Path

import numpy as np
import yaml

from boardgym.core.chance import sample_outcome
from boardgym.core.game import CHANCE, TERMINAL
from boardgym.core.replay import random_walk
from boardgym.games import GAMES, make_game

from .args import count, game_names, positive
from .stats import ratio_summary

CONFIG = Path(__file__).resolve().parent / "configs" / "defaults.yaml"
CHECK_EVERY = 64


def bench_configs(game: str) -> list[dict]:
    """``[{label, **game_kwargs}]`` from the config file, else one per player count."""
    table = yaml.safe_load(CONFIG.read_text()) or {}
    listed = (table.get(game) or {}).get("bench")
    if listed:
        return [dict(c) for c in listed]
    from .play import player_counts, players_kwarg

    key = players_kwarg(game)
    return [{"label": f"{n}p", key: n} for n in player_counts(game)]


def _kwargs(cfg: dict) -> dict:
    return {k: v for k, v in cfg.items() if k != "label"}


def engine_rate(game, seconds: float, seed: int = 0) -> dict:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    steps = games = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while True:
        p = state.current_player
        if p == TERMINAL:
            games += 1
            state = game.new_initial_state()
            continue
        if p == CHANCE:
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        legal = np.flatnonzero(state.legal_mask())
        state.apply(int(legal[rng.integers(len(legal))]))
        steps += 1
        if steps % CHECK_EVERY == 0 and time.perf_counter() >= end:
            break
    dt = time.perf_counter() - t0
    return {"steps_per_s": steps / dt, "steps": steps, "games": games, "seconds": dt}


def aec_rate(make_env, seconds: float, seed: int = 0) -> dict:
    """The usual PettingZoo AEC random-play loop; counts live (non-None) steps."""
    env = make_env()
    env.reset(seed=seed)
    for i, a in enumerate(env.possible_agents):
        env.action_space(a).seed(seed + i)
    steps = games = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    done = False
    while not done:
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                action = None
            else:
                action = env.action_space(agent).sample(obs["action_mask"])
                steps += 1
            env.step(action)
            if steps % CHECK_EVERY == 0 and action is not None and time.perf_counter() >= end:
                done = True
                break
        if not done:
            games += 1
            env.reset()
    dt = time.perf_counter() - t0
    env.close()
    return {"steps_per_s": steps / dt, "steps": steps, "games": games, "seconds": dt}


def gym_rate(env_id: str, kwargs: dict, seconds: float, seed: int = 0) -> dict:
    import gymnasium as gym

    env = gym.make(env_id, **kwargs)
    obs, info = env.reset(seed=seed)
    env.action_space.seed(seed)
    steps = games = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while True:
        obs, r, term, trunc, info = env.step(env.action_space.sample(obs["action_mask"]))
        steps += 1
        if term or trunc:
            games += 1
            obs, info = env.reset()
        if steps % CHECK_EVERY == 0 and time.perf_counter() >= end:
            break
    dt = time.perf_counter() - t0
    env.close()
    return {"steps_per_s": steps / dt, "steps": steps, "games": games, "seconds": dt}


def render_cost(env_id: str, kwargs: dict, seconds: float, seed: int = 0, min_frames: int = 5) -> dict:
    """Milliseconds per ``env.render()`` frame (``render_mode="rgb_array"``), one frame after each
    random step, for ``seconds`` of rendering (at least ``min_frames`` frames): median and mean."""
    import gymnasium as gym

    env = gym.make(env_id, render_mode="rgb_array", **kwargs)
    obs, info = env.reset(seed=seed)
    env.action_space.seed(seed)
    times, shape = [], None
    spent = 0.0
    while spent < seconds or len(times) < min_frames:
        obs, r, term, trunc, info = env.step(env.action_space.sample(obs["action_mask"]))
        if term or trunc:
            obs, info = env.reset()
        t = time.perf_counter()
        frame = env.render()
        dt = time.perf_counter() - t
        times.append(dt)
        spent += dt
        shape = list(frame.shape)
    env.close()
    ms = np.array(times) * 1e3
    return {"frame_ms_median": float(np.median(ms)), "frame_ms_mean": float(ms.mean()),
            "frames": len(times), "shape": shape}


def sample_states(game, n: int = 64, seed: int = 0) -> list:
    """Decision states spread along random games (a clone every seventh decision)."""
    walk = random_walk(game, np.random.default_rng(seed))
    return [state.clone() for state in itertools.islice(walk, 0, 7 * n, 7)]


def _time_per_call(fn, states, seconds: float) -> float:
    """Microseconds per call of ``fn(state)``, cycling over ``states`` for ``seconds``."""
    calls = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while True:
        for s in states:
            fn(s)
        calls += len(states)
        if time.perf_counter() >= end:
            break
    return (time.perf_counter() - t0) / calls * 1e6


def state_costs(game, seconds: float) -> dict:
    states = sample_states(game)
    clone_us = _time_per_call(lambda s: s.clone(), states, seconds)
    json_us = _time_per_call(lambda s: game.state_from_json(s.to_json()), states, seconds)
    for s in states[:8]:  # the round trip is exact
        assert game.state_from_json(s.to_json()).to_json() == s.to_json()
    sizes = [len(s.to_json()) for s in states]
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept = [s.clone() for s in states]
    mem = (tracemalloc.get_traced_memory()[0] - base) / len(kept)
    tracemalloc.stop()
    del kept
    return {"clone_us": clone_us, "json_roundtrip_us": json_us, "json_bytes": float(np.mean(sizes)),
            "clone_bytes": mem}


def gym_id_for(game: str) -> str | None:
    from boardgym.envs.registry import registry

    for e in registry()["gymnasium"]:
        if e["game"] == game:
            return e["id"]
    return None


def pz_factory(game: str, kwargs: dict):
    """The AEC ``env(**kwargs)`` of the registered PettingZoo module of ``game``."""
    import importlib

    from .play import pz_entry

    entry = pz_entry(game)
    if entry is None:
        raise LookupError(f"no PettingZoo module registered for {game}")
    module = importlib.import_module(entry["module"])
    return lambda: module.env(**kwargs)


PAIRS = 4


def paired_aec(make_env, make_peer, seconds: float, pairs: int = PAIRS) -> tuple[dict, dict]:
    """The AEC rate of ``make_env`` over ``pairs`` slices, each right after a slice of
    ``make_peer`` (connect_four): the rate over all slices and the peer ratio, the median of the
    per-pair ratios with their range."""
    part = seconds / pairs
    steps = dt = games = 0
    ratios = []
    for i in range(pairs):
        peer = aec_rate(make_peer, part, seed=i)
        r = aec_rate(make_env, part, seed=i)
        steps, dt, games = steps + r["steps"], dt + r["seconds"], games + r["games"]
        ratios.append(r["steps_per_s"] / peer["steps_per_s"])
    rate = {"steps_per_s": steps / dt, "steps": steps, "games": games, "seconds": dt}
    return rate, ratio_summary(ratios)


def _connect_four_env():
    from pettingzoo.classic import connect_four_v3

    return connect_four_v3.env()


def connect_four(seconds: float, stub_pygame: bool) -> dict:
    if stub_pygame and "pygame" not in sys.modules:
        try:
            import pygame  # noqa: F401
        except ImportError:
            sys.modules["pygame"] = types.ModuleType("pygame")
    try:
        from pettingzoo.classic import connect_four_v3
    except Exception as exc:  # noqa: BLE001 - any import failure means: skip, and say why
        return {"available": False, "reason": f"{type(exc).__name__}: {exc}"}
    r = aec_rate(_connect_four_env, seconds)
    return {"available": True, "stub_pygame": "pygame" in sys.modules and stub_pygame, **r}


def run(seconds: float = 3.0, games=None, stub_pygame: bool = False, log=print) -> dict:
    import gymnasium as gym  # noqa: F401

    import boardgym  # noqa: F401  (registers the ids)

    c4 = connect_four(seconds, stub_pygame)
    if c4["available"]:
        log(f"connect_four_v3 AEC: {c4['steps_per_s']:.0f} steps/s")
    else:
        log(f"connect_four_v3 not importable, skipped ({c4['reason']})")
    rows = []
    for name in games or GAMES:
        gid = gym_id_for(name)
        for k, cfg in enumerate(bench_configs(name)):
            kw = _kwargs(cfg)
            row = {"game": name, "config": cfg["label"], "kwargs": kw}
            try:
                game = make_game(name, **kw)
                row["engine"] = engine_rate(game, seconds)
                if c4["available"]:
                    row["aec"], row["aec_pairs"] = paired_aec(pz_factory(name, kw), _connect_four_env, seconds)
                else:
                    row["aec"] = aec_rate(pz_factory(name, kw), seconds)
                gym_kw = kw if game.info.cooperative else dict(kw, opponents="random")
                row["gym"] = gym_rate(gid, gym_kw, seconds) if gid else None
                row.update(state_costs(game, seconds / 2))
                if gid and k == 0:  # a frame costs about the same in every configuration
                    row["render"] = render_cost(gid, gym_kw, seconds / 2)
            except Exception as exc:  # noqa: BLE001 - a game under construction must not stop the bench
                row = {"game": name, "config": cfg["label"], "kwargs": kw,
                       "error": f"{type(exc).__name__}: {exc}"}
                rows.append(row)
                log(f"{name} {cfg['label']}: FAILED ({row['error']})")
                continue
            if c4["available"]:
                base = c4["steps_per_s"]
                row["ratio_to_connect_four"] = {
                    k: row[k]["steps_per_s"] / base for k in ("engine", "gym") if row[k]}
                row["ratio_to_connect_four"]["aec"] = row["aec_pairs"]["median"]
            rows.append(row)
            log(f"{name} {cfg['label']}: engine {row['engine']['steps_per_s']:.0f}/s, "
                f"AEC {row['aec']['steps_per_s']:.0f}/s"
                + (f" ({row['aec_pairs']['median']:.2f}x C4 paired)" if "aec_pairs" in row else "") + ", "
                f"gym {row['gym']['steps_per_s'] if row['gym'] else float('nan'):.0f}/s, "
                f"clone {row['clone_us']:.1f} us"
                + (f", rgb_array frame {row['render']['frame_ms_median']:.1f} ms" if "render" in row else ""))
    return {"seconds_per_measurement": seconds, "python": platform.python_version(),
            "machine": platform.machine(), "connect_four_v3": c4, "rows": rows}


def to_markdown(result: dict) -> str:
    c4 = result["connect_four_v3"]
    lines = ["# Speed benchmark\n",
             f"Random play, {result['seconds_per_measurement']:g} s per measurement, one process "
             f"(Python {result['python']}). Steps are decisions (chance outcomes not counted); "
             f"Gym steps are the learner's (opponents act inside a step)."]
    if c4["available"]:
        lines.append(f"PettingZoo connect_four_v3 AEC loop: **{c4['steps_per_s']:.0f} steps/s** "
                     f"(engine and Gym ratios are to it; AEC / C4 is the median of {PAIRS} paired "
                     f"slices, each right after a connect_four slice, with the pairs' range).\n")
    else:
        lines.append(f"PettingZoo connect_four_v3: not importable, skipped ({c4['reason']}).\n")
    lines.append("| game | config | engine steps/s | AEC steps/s | Gym steps/s | clone µs | "
                 "JSON round-trip µs | JSON bytes | clone bytes | engine / C4 | AEC / C4 | Gym / C4 | "
                 "rgb_array frame ms |")
    lines.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in result["rows"]:
        if "error" in r:
            lines.append(f"| {r['game']} | {r['config']} | failed: {r['error'][:120]} |" + " |" * 10)
            continue
        ratio = r.get("ratio_to_connect_four") or {}
        rf = (lambda k: f"{ratio[k]:.2f}×" if k in ratio else "-")
        pairs = r.get("aec_pairs")
        aec_ratio = f"{pairs['median']:.2f}× ({pairs['min']:.2f}–{pairs['max']:.2f})" if pairs else rf("aec")
        gym_s = f"{r['gym']['steps_per_s']:.0f}" if r["gym"] else "-"
        lines.append(
            f"| {r['game']} | {r['config']} | {r['engine']['steps_per_s']:.0f} | "
            f"{r['aec']['steps_per_s']:.0f} | {gym_s} | {r['clone_us']:.1f} | "
            f"{r['json_roundtrip_us']:.0f} | {r['json_bytes']:.0f} | {r['clone_bytes']:.0f} | "
            f"{rf('engine')} | {aec_ratio} | {rf('gym')} | "
            + (f"{r['render']['frame_ms_median']:.1f} |" if "render" in r else "- |"))
    return "\n".join(lines) + "\n"


SECTIONS = ("main", "vector", "train")


def sections(text: str) -> list[str]:
    names = [t.strip() for t in text.split(",") if t.strip()]
    bad = [n for n in names if n not in SECTIONS]
    if bad or not names:
        raise argparse.ArgumentTypeError(f"sections are a comma list of {', '.join(SECTIONS)}; got {text!r}")
    return names


def vector_slice(budget: float, ids: int, pairs: int) -> float:
    """Seconds per slice so that the vector section's slices take about ``budget`` (process
    start-ups come on top): per id every ratio's 2 x ``pairs`` slices and a half-slice warm-up
    per side, and the workers' larger envs counts, each two ratios' slices and two warm-ups; the
    scaling curve's envs counts, each 2 x ``pairs`` slices and two warm-ups."""
    from . import bench_vector as bv

    per_id = 2 * pairs * len(bv.RATIOS) + len(bv.SIDES) / 2 + len(bv.WORKER_ENVS) * (4 * pairs + 1)
    scaling = len(bv.SCALING_ENVS) * (2 * pairs + 1)
    return budget / (ids * per_id + scaling)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m boardgym.eval.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=positive, default=None,
                    help="time per measurement (default: 3 s, less when there are many configs so "
                         "the whole bench stays near --budget)")
    ap.add_argument("--budget", type=positive, default=90.0, help="target total seconds of the main "
                    "section (default 90)")
    ap.add_argument("--games", type=game_names, help="comma list of games (default: all); the vector "
                    "section measures their Gymnasium ids")
    ap.add_argument("--sections", type=sections, default=list(SECTIONS),
                    help="comma list of main (engine, AEC, Gym, clone, render), vector (the vector envs "
                         "side by side) and train (python -m boardgym.train steps/s per vec_env); default: all")
    ap.add_argument("--vector-budget", type=positive, default=150.0,
                    help="target seconds of the vector section's timed slices (default 150; process "
                         "start-ups come on top)")
    ap.add_argument("--train-timesteps", type=count, default=4096,
                    help="timesteps of each training run of the train section (default 4096)")
    ap.add_argument("--train-rounds", type=count, default=2, help="rounds of the train section (default 2)")
    ap.add_argument("--note", help="a sentence about the machine kept with the results (e.g. that it was "
                    "shared with other work)")
    ap.add_argument("--stub-pygame", action="store_true",
                    help="let connect_four_v3 import without pygame (it is never rendered)")
    ap.add_argument("--out", default="results", help="folder for bench.md / bench.json")
    ap.add_argument("--docs", action="store_true", help="measure nothing: keep the vector and train "
                    "sections of --from in docs/performance.json and rewrite docs/performance.md and its plots")
    ap.add_argument("--from", dest="source", help="with --docs: the bench.json to take (default OUT/bench.json)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    if args.docs:
        from .perf_page import write_docs

        from boardgym.core.errors import ConfigError

        try:
            page = write_docs(Path(args.source) if args.source else out / "bench.json")
        except ConfigError as exc:
            raise SystemExit(str(exc)) from None
        print(f"wrote {page}, its plots and docs/performance.json")
        return 0
    games = args.games or list(GAMES)
    seconds = args.seconds
    if seconds is None:  # per config: 3 rates, C4's paired AEC slices, clone and JSON at half time each = 5 units;
        # per game a half unit of rendering
        units = 5 * sum(len(bench_configs(g)) for g in games) + len(games) / 2 + 1
        seconds = min(3.0, args.budget / units)
    t0 = time.perf_counter()
    result = run(seconds, games, args.stub_pygame) if "main" in args.sections else {
        "seconds_per_measurement": seconds, "python": platform.python_version(), "machine": platform.machine(),
        "connect_four_v3": None, "rows": []}
    result.update(date=time.strftime("%Y-%m-%d", time.gmtime()), cpus=os.cpu_count(), note=args.note)
    if "vector" in args.sections:
        from . import bench_vector

        ids = [e for e in bench_vector.gym_ids() if e["game"] in games]
        slice_s = vector_slice(args.vector_budget, len(ids), bench_vector.PAIRS)
        result["vector"] = bench_vector.run(slice_s, ids=ids)
    if "train" in args.sections:
        from . import bench_train

        result["train"] = bench_train.run(timesteps=args.train_timesteps, rounds=args.train_rounds)
    result["total_seconds"] = round(time.perf_counter() - t0, 1)
    from .perf_page import bench_markdown, draw

    md = (to_markdown(result) if "main" in args.sections else "# Speed benchmark\n") + bench_markdown(result)
    out.mkdir(parents=True, exist_ok=True)
    if result.get("vector"):
        draw(result["vector"], out, prefix="bench")
    (out / "bench.md").write_text(md)
    (out / "bench.json").write_text(json.dumps(result, indent=2))
    print(md)
    print(f"wrote {out / 'bench.md'} and {out / 'bench.json'} in {result['total_seconds']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
