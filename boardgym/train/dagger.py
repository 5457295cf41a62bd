"""DAgger (dataset aggregation) for the MaskablePPO trainer: the learner plays, the expert labels.

A config's ``dagger:`` section (keys and defaults: :data:`DAGGER_DEFAULTS`) makes
``boardgym.train.run.train`` call :func:`run_dagger` after the optional ``pretrain:`` warm start and
before PPO (``total_timesteps: 0``: DAgger alone, then the model is saved and evaluated).

Iteration ``k`` (0, 1, ... ``iterations - 1``):

1. **Play** ``episodes`` whole games at engine level (``boardgym.train.imitation.play_episode``, so the
   observations are the training env's, bit for bit). The learner's seats (as ``pretrain:``
   resolves them: every seat of a solo / cooperative game; the config's ``seat`` in a
   competitive one, one seat drawn per game when it is ``"random"``) are played by the current
   policy (``runs/NAME/dagger/start.zip`` at k = 0, ``iter_{k-1}.zip`` after; most probable
   legal action, or sampled with ``sample: true``), except that with probability
   ``beta_k = beta * decay**k`` a decision is the expert's move. The other seats of a
   competitive game are played by ``opponents`` (the expert when null).
2. **Label** every learner decision, whoever played it, with the ``expert``'s action (any agent
   spec, ``"ismcts:..."`` included: the expert gets the state), plus the value target of
   ``boardgym.train.imitation`` (the seat's discounted, shaped return-to-go in that game).
3. **Aggregate** every iteration's decisions (``max_decisions``: keep the newest that many) and
   **fit** the policy and value head for ``epochs`` on the aggregate (``behaviour_clone``: a new
   Adam each iteration, 10% of the episodes held out).

In another action space (``env_kwargs.action_space``, e.g. ATT's ``combinations``) the
learner's decisions are the view's: the learner (a policy with the view's outputs) chooses
among them, the expert labels through ``FlatAgentInView`` (played on a copy of the game through
the decisions the view hides) and the action played is carried out as the flat moves it
stands for (``boardgym.train.imitation.play_episode``).

k = 0 with ``beta`` 1 is plain behaviour cloning. Episode ``i`` of iteration ``k`` draws its
chance, agent seeds and expert/learner coin from ``default_rng([seed, k, i])``, so the data do
not depend on ``jobs`` or Ray. Collection runs here, in ``jobs`` local processes or on Ray
(``ray:``, as ``pretrain:``); the policy reaches the workers as its saved zip (on a cluster the
run folder must be on a shared file system).

**Checkpoint / resume.** After every iteration ``runs/NAME/dagger/`` gets ``iter_K.zip`` (the
model), ``demos.npz`` (the aggregate, plain arrays) and ``state.json`` (iterations done, the
section they were made with, the figures); ``python -m boardgym.train --resume runs/NAME`` continues at
the next iteration and ends with the same model as an uninterrupted run (tested).

Logged per iteration: ``tb/dagger`` scalars ``dagger/*`` (held-out agreement, the learner's own
agreement with the expert on the states of the iteration's games, their mean return and win
share, decisions, seconds) against the iteration, one printed line, and ``dagger_curve.png``.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np

DAGGER_DEFAULTS = {
    "expert": "heuristic",    # the labeller: any agent spec ("heuristic", "ismcts:...", "ppo:<zip>")
    "opponents": None,        # competitive games: the other seats' agent spec (null = the expert)
    "iterations": 4,          # DAgger iterations (collect + aggregate + fit)
    "episodes": 40,           # games per iteration
    "beta": 1.0,              # share of expert moves at iteration 0, in [0, 1] ...
    "decay": 0.5,             # ... multiplied by this per iteration: beta_k = beta * decay**k
    "sample": False,          # the learner samples from its masked policy (false: most probable)
    "epochs": 4,              # passes over the aggregate per iteration
    "batch_size": 512,
    "learning_rate": 1.0e-3,  # Adam, a new one each iteration, separate from PPO's
    "value_coef": 0.5,        # loss = cross-entropy + value_coef * MSE(value, return-to-go)
    "max_decisions": None,    # cap on the aggregate (the oldest decisions dropped); null = all
    "seed": 0,                # games, agents, the coin, the split and the batch order
    "jobs": 1,                # collection processes (with ray: true, the local Ray's CPUs)
    "ray": False,             # collect on Ray: true (a local Ray), "auto" or "HOST:PORT"
}
# game -> its DAgger config under boardgym/train/configs/ (tests/train/test_dagger.py runs each one)
DAGGER_CONFIGS = {"ancient_terrible_things": "att_solo_dagger.yaml", "paleo": "paleo_dagger.yaml",
                  "tides_of_ruin_arcade": "tides_dagger.yaml", "primeval_peril": "primeval_dagger.yaml"}
# what may change between a run and its resumption (the rest must match state.json's record)
RESUMABLE = ("iterations", "jobs", "ray")


def check_dagger(section) -> dict | None:
    """The ``dagger:`` section with defaults filled in, or None when absent / null; a
    SystemExit naming the key for anything unknown or out of range."""
    from .config import _flag, _int, _number, _specs, open_section
    from .imitation import check_collection

    section = open_section("dagger", section, DAGGER_DEFAULTS)
    if section is None:
        return None
    out = check_collection("dagger.", section)
    if not isinstance(out["expert"], str):
        raise SystemExit(f"dagger.expert must be an agent spec, got {out['expert']!r}")
    _specs("dagger.expert", [out["expert"]])
    if out["opponents"] is not None:
        if not isinstance(out["opponents"], str):
            raise SystemExit(f"dagger.opponents must be an agent spec or null, got {out['opponents']!r}")
        _specs("dagger.opponents", [out["opponents"]])
    for key, low in (("iterations", 1), ("episodes", 2), ("epochs", 1), ("batch_size", 1), ("seed", 0)):
        out[key] = _int("dagger.", key, out[key], low)
    for key in ("beta", "decay"):
        v = out[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
            raise SystemExit(f"dagger.{key} must be a number in [0, 1], got {v!r}")
        out[key] = float(v)
    out["learning_rate"] = _number("dagger.", "learning_rate", out["learning_rate"], True)
    out["value_coef"] = _number("dagger.", "value_coef", out["value_coef"], False)
    out["sample"] = _flag("dagger.", "sample", out["sample"])
    if out["max_decisions"] is not None:
        out["max_decisions"] = _int("dagger.", "max_decisions", out["max_decisions"], 1)
    return out


# ---------------------------------------------------------------- collection (worker side)

def _players(setup, expert: str, opponents: str | None, path: str, sample: bool, seed: int):
    """(game, learner agent, expert per seat, opponent per seat, the learner's view or None) of
    one collection batch."""
    from boardgym.agents.ppo import PPOAgent
    from boardgym.agents.specs import make_agent
    from boardgym.games import make_game

    from .imitation import make_demonstrators, setup_view

    game = make_game(setup.game_name, **setup.game_kwargs)
    learner = PPOAgent(path, deterministic=not sample, seed=seed)
    experts = make_demonstrators(setup, expert, seed, game)
    opps = [] if setup.cooperative else [make_agent(opponents or expert, setup.game_name, seed + 100 + p)
                                         for p in range(game.num_players)]
    return game, learner, experts, opps, setup_view(setup, game)


def dagger_batch(batch, threads=None) -> list[dict]:
    """One DAgger game for each ``(setup, expert, opponents, path, sample, beta, seed, k, i)``
    of ``batch``, in order (module-level: it runs in worker processes and Ray tasks)."""
    from boardgym.eval.play import seat_win, team_win
    from boardgym.eval.runner import _limit_threads

    from .imitation import in_view, play_episode

    if threads is not None:
        _limit_threads(threads)
    built: dict = {}
    out = []
    for setup, expert, opponents, path, sample, beta, seed, k, i in batch:
        key = (repr(setup), expert, opponents, path, sample, seed)
        if key not in built:
            built[key] = _players(setup, expert, opponents, path, sample, seed)
        game, learner, experts, opps, view = built[key]
        n = game.num_players
        seats = tuple(setup.learner_seats)
        if not setup.cooperative and len(seats) > 1:   # seat "random": one learner seat a game
            seats = (int(np.random.default_rng([seed, k, i, 1]).integers(n)),)
        actors = [learner if p in seats else opps[p] for p in range(n)]
        # in a view (``env_kwargs.action_space``) the expert labels through FlatAgentInView
        labellers = in_view([experts[p] if p in seats else None for p in range(n)], seats, view)
        ep = play_episode(game, actors, np.random.default_rng([seed, k, i]), setup,
                          labellers=labellers, beta=beta, learner_seats=seats)
        final = ep.pop("final")
        if setup.cooperative:
            ep["result"] = float(final[setup.reward_seat])
            ep["win"] = team_win(final)
        else:
            ep["result"] = float(final[seats[0]])
            ep["win"] = seat_win(final, seats[0])
        out.append(ep)
    return out


# ---------------------------------------------------------------- the aggregate

def concat(a, b):
    """Two ``Demos`` as one, ``b``'s episodes numbered after ``a``'s (``a`` None: ``b``)."""
    from .imitation import concat_demos

    return b if a is None else concat_demos([a, b])


def keep_newest(demos, limit: int | None):
    """The last ``limit`` decisions of ``demos`` (all when None or fewer), episodes renumbered."""
    from .imitation import Demos

    if limit is None or len(demos) <= limit:
        return demos
    start = len(demos) - limit
    lo, hi = int(demos.indptr[start]), int(demos.indptr[-1])
    ep = demos.episode[start:] - demos.episode[start]
    return Demos(demos.obs_size, demos.indptr[start:] - lo, demos.indices[lo:hi], demos.values[lo:hi],
                 demos.masks[start:], demos.actions[start:], demos.returns[start:], ep,
                 demos.seat[start:], int(ep[-1]) + 1)


def save_demos(demos, path: Path) -> None:
    from .imitation import DEMO_ARRAYS

    tmp = path.with_name(path.stem + ".tmp.npz")
    np.savez(tmp, obs_size=demos.obs_size, episodes=demos.episodes,
             **{f: getattr(demos, f) for f in DEMO_ARRAYS})
    tmp.replace(path)


def load_demos(path: Path):
    from .imitation import DEMO_ARRAYS, Demos

    with np.load(path) as z:
        return Demos(int(z["obs_size"]), *(z[f] for f in DEMO_ARRAYS), int(z["episodes"]))


def _write_json(data: dict, path: Path) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2))
    tmp.replace(path)


def read_state(out: Path) -> dict | None:
    """``runs/NAME/dagger/state.json``, or None when no iteration finished."""
    p = Path(out) / "dagger" / "state.json"
    return json.loads(p.read_text()) if p.is_file() else None


def _record(dcfg: dict) -> dict:
    return {k: v for k, v in dcfg.items() if k not in RESUMABLE}


def check_resumable(dcfg: dict, state: dict, out) -> None:
    """A SystemExit naming the first ``dagger:`` key that differs from the run being resumed
    (only :data:`RESUMABLE` ones may change)."""
    now = _record(dcfg)
    changed = sorted(k for k in set(now) | set(state["config"]) if now.get(k) != state["config"].get(k))
    if changed:
        k = changed[0]
        raise SystemExit(f"--resume {out}: dagger.{k} differs from the run being resumed "
                         f"({state['config'].get(k)!r} there, {dcfg.get(k)!r} now); only "
                         f"{', '.join('dagger.' + k for k in RESUMABLE)} may change")


# ---------------------------------------------------------------- the loop

def run_dagger(model, cfg: dict, out: Path, resume: bool = False, log=print) -> dict:
    """DAgger on ``model.policy`` for the run config ``cfg`` (module doc); with ``resume``,
    continue after the iterations ``runs/NAME/dagger/state.json`` records. The figures for
    results.json."""
    from boardgym.games import make_game

    from .imitation import assemble, behaviour_clone, collection_runner, demo_setup

    dcfg = cfg["dagger"]
    out = Path(out)
    ddir = out / "dagger"
    ddir.mkdir(parents=True, exist_ok=True)
    setup = demo_setup(cfg, gamma=float(model.gamma))
    game = make_game(setup.game_name, **setup.game_kwargs)
    state = read_state(out) if resume else None
    demos, history = None, []
    if state is not None:
        check_resumable(dcfg, state, out)
        history = state["history"]
        model.set_parameters(str(ddir / f"iter_{state['done'] - 1}.zip"), exact_match=True)
        demos = load_demos(ddir / "demos.npz")
        log(f"dagger: resuming after iteration {state['done']} of {dcfg['iterations']} "
            f"({len(demos)} decisions aggregated)")
    else:
        model.save(ddir / "start.zip")
    start = 0 if state is None else int(state["done"])
    runner = collection_runner(dcfg, log) if start < dcfg["iterations"] else None
    seed, n_eps = int(dcfg["seed"]), int(dcfg["episodes"])
    from stable_baselines3.common.logger import configure

    tb = configure(str(out / "tb" / "dagger"), ["tensorboard"]) if start < dcfg["iterations"] else None
    for k in range(start, int(dcfg["iterations"])):
        t0 = time.perf_counter()
        beta = float(dcfg["beta"]) * float(dcfg["decay"]) ** k
        policy = ddir / ("start.zip" if k == 0 else f"iter_{k - 1}.zip")
        work = [(setup, dcfg["expert"], dcfg["opponents"], str(policy), dcfg["sample"], beta, seed, k, i)
                for i in range(n_eps)]
        here = runner.workers == 1 and not runner.ray
        per_task = n_eps if here else max(1, -(-n_eps // (4 * runner.slots())))
        eps = runner.map_batches(dagger_batch, work, runner.games_per_task or per_task)
        new = assemble(game, eps)
        own = np.array([a for ep in eps for a in ep["own"]]) == new.actions
        collect_s = time.perf_counter() - t0
        demos = keep_newest(concat(demos, new), dcfg["max_decisions"])
        pcfg = {"epochs": dcfg["epochs"], "batch_size": dcfg["batch_size"], "seed": seed + k,
                "learning_rate": dcfg["learning_rate"], "value_coef": dcfg["value_coef"]}
        fit = behaviour_clone(model.policy, demos, pcfg, log=lambda *_: None)
        last = fit["history"][-1]
        row = {"iteration": k, "beta": beta, "episodes": len(eps), "new_decisions": len(new),
               "decisions": len(demos), "own_agreement": float(own.mean()),
               "mean_return": float(np.mean([ep["result"] for ep in eps])),
               "win_share": float(np.mean([ep["win"] for ep in eps])),
               "val_accuracy": last["val_accuracy"], "accuracy": last["accuracy"],
               "value_loss": last["value_loss"], "collect_seconds": round(collect_s, 2),
               "fit_seconds": fit["train_seconds"], "seconds": round(time.perf_counter() - t0, 2)}
        history.append(row)
        model.save(ddir / f"iter_{k}.zip")
        save_demos(demos, ddir / "demos.npz")
        _write_json({"done": k + 1, "config": _record(dcfg), "history": history}, ddir / "state.json")
        for key in ("val_accuracy", "own_agreement", "mean_return", "win_share", "beta",
                    "new_decisions", "decisions", "seconds"):
            tb.record(f"dagger/{key}", row[key])
        tb.dump(k)
        who = "the learner alone" if beta == 0 else f"expert moves {beta:.0%}"
        log(f"dagger iteration {k + 1}/{dcfg['iterations']} ({who}): won {row['win_share']:.0%} of "
            f"{len(eps)} games, mean return {row['mean_return']:.2f}; the learner agreed with the "
            f"{dcfg['expert']} on {row['own_agreement']:.0%} of its {len(new)} decisions; after "
            f"fitting {len(demos)} decisions: held-out agreement {row['val_accuracy']:.0%} "
            f"({row['seconds']:.0f} s)")
    if tb is not None:
        tb.close()
    if state is not None and start >= int(dcfg["iterations"]):
        model.set_parameters(str(ddir / f"iter_{int(dcfg['iterations']) - 1}.zip"), exact_match=True)
    curve = dagger_curve(history, out / "dagger_curve.png") if history else None
    return {"expert": dcfg["expert"], "iterations": len(history), "decisions": len(demos) if demos else 0,
            "history": history, "curve": str(curve) if curve else None,
            "resumed_after": None if state is None else int(state["done"])}


def dagger_curve(history: list[dict], path: Path) -> Path:
    """Win share and mean return of each iteration's games, and the learner's agreement."""
    from boardgym.eval.plots import series_plot

    xs = [r["iteration"] for r in history]
    return series_plot(
        {"Win share of the iteration's games": (xs, [r["win_share"] for r in history]),
         "Mean return of the iteration's games": (xs, [r["mean_return"] for r in history]),
         "Learner's agreement with the expert (own states)": (xs, [r["own_agreement"] for r in history])},
        "DAgger iteration (expert share beta_k: " + ", ".join(f"{r['beta']:.2g}" for r in history) + ")",
        path)
