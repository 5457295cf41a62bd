"""Expert iteration ("ExIt"): ISMCTS guided by the network makes the targets of the next network.

A config's ``exit:`` section (keys and defaults: :data:`EXIT_DEFAULTS`) makes ``boardgym.train.run.train``
call :func:`expert_iteration` after the warm starts (``pretrain:``) and before PPO
(``total_timesteps: 0`` = expert iteration alone). Iteration ``k``:

1. **Save** the current network (``model.policy``) as ``runs/NAME/exit/iter_K.zip``: a
   MaskablePPO file, loadable by ``ppo:PATH`` as every policy of the trainer is.
2. **Play** ``games`` games (``boardgym.train.imitation.play_episode``, game ``i`` drawn from
   ``default_rng([seed, k, i])``, so the data do not depend on where they are played: this
   process, ``jobs`` local processes or Ray tasks, ``boardgym.eval.runner.GameRunner``). The learner's
   seats are ISMCTS (``boardgym.agents.specs.make_ismcts``) with the network as PUCT prior
   (``prior=ppo:iter_K.zip``: its masked softmax is the prior distribution), from iteration
   ``network_evaluator_from`` on also as the evaluator of cut rollouts; iteration 0 uses
   ``first_prior`` instead (default the heuristic: the search that beats the ATT heuristic).
   Solo and cooperative games: the search plays every seat. Competitive games: the learner
   holds seat ``i mod players`` and the others are ``opponents`` (an agent spec), or every seat
   is the search (``opponents: self``).
3. **Record** at each learner decision the deciding seat's Gym observation (sparse, as
   ``boardgym.train.imitation`` records it), the legal mask, the search's visit distribution at the root
   (one-hot of the move played where it did not search: one legal action, or a decision
   ``search: key`` leaves to the prior) and the seat's final return (``state.returns()``, the
   value target of ``boardgym.train.value``).
4. **Fit** the network on the last ``window`` iterations' data: soft-target cross-entropy of
   the masked policy against the visit distribution plus ``value_coef`` x MSE of the value
   head, Adam, ``epochs`` passes; 10% of each iteration's games held out (drawn from
   ``default_rng([seed, k, 1])``, so a game stays held out while it is in the window).

After every iteration: ``exit/iter_{K+1}.zip``, ``exit/data.npz`` (the window) and
``exit/state.json`` (:func:`resume_state`), so a rerun with resume continues at the next
iteration and ends where an uninterrupted run ends; TensorBoard scalars ``exit/*`` under
``tb/exit``, one printed line per iteration and ``exit_curve.png`` (win share per iteration).
"""
from __future__ import annotations

import dataclasses
import json
import shutil
import time
from pathlib import Path

import numpy as np

from .imitation import (DEMO_ARRAYS, VAL_SHARE, Demos, assemble, check_collection, collection_runner, concat_demos,
                        demo_setup, play_episode)

EXIT_DEFAULTS = {
    "iterations": 3,            # expert iterations (each: save, play, fit)
    "games": 20,                # games per iteration (10% held out, by game)
    "simulations": 32,          # ISMCTS simulations per searched decision
    "c": 1.0,                   # PUCT exploration constant
    "search": "key",            # "key": the heuristic's key_decision(state) only; "all": every decision
    "rollout": "heuristic",     # rollout policy: "random", "heuristic" or "ppo:PATH"
    "rollout_depth": 100000,    # decisions before the running score (or the evaluator) is used
    "rollout_options": {},      # constructor keywords of the heuristic rollout copy (ATT: samples: 8)
    "prior_weight": 0.5,        # the prior's share of PUCT's prior (the rest uniform)
    "first_prior": "heuristic",  # iteration 0's prior ("heuristic", "ppo:PATH"; null = the network)
    "network_evaluator_from": None,  # iteration from which the network's critic scores cut rollouts
    "opponents": "heuristic",   # competitive games: the other seats' agent spec, or "self"
    "window": 2,                # fit on the data of the last `window` iterations
    "epochs": 5,
    "batch_size": 256,
    "learning_rate": 1.0e-3,    # Adam, a fresh optimizer each iteration
    "value_coef": 0.5,          # loss = cross-entropy + value_coef * MSE(value, final return)
    "seed": 0,                  # games (chance, agents), held-out split, batch order
    "jobs": 1,                  # game processes (with ray: true, the local Ray's CPUs)
    "ray": False,               # play on Ray: true (a local Ray), "auto" or "HOST:PORT" (a cluster)
}


def check_exit(section) -> dict | None:
    """The ``exit:`` section with defaults filled in (None when absent / null); a SystemExit
    naming the key for anything unknown or out of range."""
    from .config import _int, _number, _specs, open_section

    section = open_section("exit", section, EXIT_DEFAULTS)
    if section is None:
        return None
    out = check_collection("exit.", section)
    for key, low in (("iterations", 1), ("games", 2), ("simulations", 1), ("rollout_depth", 0),
                     ("window", 1), ("epochs", 1), ("batch_size", 1), ("seed", 0)):
        out[key] = _int("exit.", key, out[key], low)
    out["c"] = _number("exit.", "c", out["c"], False)
    out["learning_rate"] = _number("exit.", "learning_rate", out["learning_rate"], True)
    out["value_coef"] = _number("exit.", "value_coef", out["value_coef"], False)
    pw = _number("exit.", "prior_weight", out["prior_weight"], False)
    if pw > 1:
        raise SystemExit(f"exit.prior_weight must lie in [0, 1], got {pw}")
    out["prior_weight"] = pw
    if out["search"] not in ("key", "all"):
        raise SystemExit(f"exit.search must be 'key' (the heuristic's key decisions) or 'all', "
                         f"got {out['search']!r}")
    if out["network_evaluator_from"] is not None:
        _int("exit.", "network_evaluator_from", out["network_evaluator_from"], 0)
    if not isinstance(out["rollout_options"] or {}, dict):
        raise SystemExit(f"exit.rollout_options must be a mapping of the rollout heuristic's "
                         f"keywords (e.g. samples: 8), got {out['rollout_options']!r}")
    out["rollout_options"] = dict(out["rollout_options"] or {})
    for key, allowed in (("rollout", ("random", "heuristic")), ("first_prior", ("heuristic", None))):
        v = out[key]
        if v not in allowed and not (isinstance(v, str) and v.startswith("ppo:") and len(v) > 4):
            words = " or ".join(repr(a) if a else "null" for a in allowed)
            raise SystemExit(f"exit.{key} must be {words} or 'ppo:PATH', got {v!r}")
        if isinstance(v, str) and v.startswith("ppo:"):
            _specs(f"exit.{key}", [v])
    if not isinstance(out["opponents"], str) or not out["opponents"]:
        raise SystemExit(f"exit.opponents must be an agent spec or 'self', got {out['opponents']!r}")
    if out["opponents"] != "self":
        _specs("exit.opponents", [out["opponents"]])
    return out


# -- playing -----------------------------------------------------------------------------------
class _Recorder:
    """The learner's search, logging the root visits and the move of each decision it plays."""

    name = "exit"
    needs_state = True

    def __init__(self, search):
        self.search, self.log = search, []

    def reset(self, seed=None):
        self.search.reset(seed)

    def act(self, observation, legal_mask, state=None):
        a = int(self.search.act(observation, legal_mask, state))
        self.log.append((dict(self.search.last_root_visits), a))
        return a


def search_kwargs(sec: dict, k: int, net: str) -> dict:
    """``make_ismcts`` keywords of iteration ``k``'s expert, ``net`` the current network's zip."""
    prior = sec["first_prior"] if k == 0 and sec["first_prior"] is not None else f"ppo:{net}"
    ev_from = sec["network_evaluator_from"]
    return dict(simulations=sec["simulations"], c=sec["c"], rollout_depth=sec["rollout_depth"],
                rollout=sec["rollout"], prior=prior, prior_weight=sec["prior_weight"],
                rollout_options=sec["rollout_options"] or None, search=sec["search"],
                evaluator=f"ppo:{net}" if ev_from is not None and k >= ev_from else None)


def _agents(setup, game, kw: dict, opponents: str, seed: int, learner: int):
    from boardgym.agents.specs import make_ismcts
    from boardgym.agents.specs import make_agent

    n = game.num_players

    def search(p):
        return _Recorder(make_ismcts(setup.game_name, seed=seed + p, **kw))

    if setup.cooperative:
        return [search(0)] * n
    if opponents == "self":
        return [search(p) for p in range(n)]
    return [search(p) if p == learner else make_agent(opponents, setup.game_name, seed + p)
            for p in range(n)]


def exit_batch(batch, threads=None) -> list[dict]:
    """``play_episode`` for each ``(setup, kw, opponents, seed, k, i)``: the learner's records
    with the search's visits (``"visits"``: one ``{action: visits}`` per recorded decision)."""
    from boardgym.games import make_game
    from boardgym.eval.runner import _limit_threads

    if threads is not None:
        _limit_threads(threads)
    built: dict = {}
    out = []
    for setup, kw, opponents, seed, k, i in batch:
        game = make_game(setup.game_name, **setup.game_kwargs)
        n = game.num_players
        learner = i % n
        if not setup.cooperative and opponents != "self":
            setup = dataclasses.replace(setup, learner_seats=(learner,))
        key = (k, learner if opponents != "self" else -1)
        if key not in built:
            built[key] = _agents(setup, game, kw, opponents, seed, learner)
        agents = built[key]
        recorders = list({id(a): a for a in agents if isinstance(a, _Recorder)}.values())
        for r in recorders:
            r.log = []
        ep = play_episode(game, agents, np.random.default_rng([seed, k, i]), setup)
        # each recorder plays learner seats only, so its log, merged in play order, is the records'
        logs = {id(r): iter(r.log) for r in recorders}
        ep["visits"] = [next(logs[id(agents[p])]) for p in ep["seats"]]
        ep["learner_seats"] = list(setup.learner_seats)
        out.append(ep)
    return out


def visit_targets(eps: list[dict], num_actions: int) -> np.ndarray:
    """One row per record: the root's visit shares over the legal actions, else one-hot."""
    rows = []
    for ep in eps:
        for (visits, a), mask in zip(ep["visits"], ep["masks"]):
            t = np.zeros(num_actions, dtype=np.float32)
            for b, v in visits.items():
                if mask[b]:
                    t[b] = v
            if t.sum() <= 0:
                t[a] = 1.0
            rows.append(t / t.sum())
    return np.array(rows, dtype=np.float32).reshape(-1, num_actions)


def outcome(ep: dict, cooperative: bool) -> tuple[float, float]:
    """(win, mean return) of the learner in one game: solo / cooperative, a positive team
    return; competitive, the top return (a shared first place 1/k); self-play, seat 0's."""
    from boardgym.eval.play import seat_win, team_win

    final = ep["final"]
    if cooperative:
        return team_win(final), float(np.mean(final))
    seats = ep["learner_seats"]
    return seat_win(final, seats[0]), float(np.mean([final[p] for p in seats]))


# -- data ----------------------------------------------------------------------------------------
@dataclasses.dataclass
class Part:
    """One iteration's data: the records, their visit targets and the held-out rows."""

    k: int
    demos: Demos
    targets: np.ndarray   # float32 (n, num_actions)
    held: np.ndarray      # bool (n,)


def make_part(game, eps: list[dict], k: int, seed: int) -> Part:
    demos = assemble(game, eps)
    rng = np.random.default_rng([seed, k, 1])
    n_val = max(1, int(round(VAL_SHARE * demos.episodes)))
    held = np.isin(demos.episode, rng.permutation(demos.episodes)[:n_val])
    return Part(k, demos, visit_targets(eps, game.num_actions), held)


def combine(parts: list[Part]) -> tuple[Demos, np.ndarray, np.ndarray]:
    """The window as one ``Demos`` (episodes numbered on across iterations), targets, held."""
    return (concat_demos([p.demos for p in parts]), np.concatenate([p.targets for p in parts]),
            np.concatenate([p.held for p in parts]))


def save_window(parts: list[Part], path: Path) -> None:
    arrays = {"iterations": np.array([p.k for p in parts], dtype=np.int64)}
    for p in parts:
        for name in DEMO_ARRAYS:
            arrays[f"i{p.k}_{name}"] = getattr(p.demos, name)
        arrays[f"i{p.k}_meta"] = np.array([p.demos.obs_size, p.demos.episodes], dtype=np.int64)
        arrays[f"i{p.k}_targets"] = p.targets
        arrays[f"i{p.k}_held"] = p.held
    tmp = path.with_name(path.stem + ".tmp.npz")
    np.savez_compressed(tmp, **arrays)
    tmp.replace(path)


def load_window(path: Path) -> list[Part]:
    with np.load(path) as z:
        parts = []
        for k in z["iterations"]:
            obs_size, episodes = (int(x) for x in z[f"i{k}_meta"])
            demos = Demos(obs_size=obs_size, episodes=episodes, **{n: z[f"i{k}_{n}"] for n in DEMO_ARRAYS})
            parts.append(Part(int(k), demos, z[f"i{k}_targets"], z[f"i{k}_held"]))
    return parts


def resume_state(out) -> dict | None:
    """What a run folder's expert iteration finished: ``{"next_iteration": K, "history": [...]}``
    from ``exit/state.json`` (``exit/iter_K.zip`` is the network iteration K starts from), or
    None when it has not finished an iteration."""
    path = Path(out) / "exit" / "state.json"
    if not path.is_file():
        return None
    try:
        state = json.loads(path.read_text())
        int(state["next_iteration"])
    except (ValueError, KeyError, TypeError) as exc:
        raise SystemExit(f"{path} is not an expert-iteration state file ({exc}); remove the run "
                         f"folder's exit/ to start over") from None
    return state


# -- fitting -------------------------------------------------------------------------------------
def _losses(policy, obs, masks, targets, actions, returns):
    import torch.nn.functional as F

    dist = policy.get_distribution(obs, action_masks=masks)
    logp = dist.distribution.logits          # normalised log-probabilities, masked ones ~ -1e8
    ce = -(targets * logp).sum(-1).mean()
    value = F.mse_loss(policy.predict_values(obs).flatten(), returns)
    agree = int((dist.mode() == actions).sum())
    return ce, value, agree


def _batch(demos: Demos, targets, rows):
    import torch as th

    return (th.as_tensor(demos.dense(rows)), th.as_tensor(demos.masks[rows]), th.as_tensor(targets[rows]),
            th.as_tensor(demos.actions[rows]), th.as_tensor(demos.returns[rows]))


def measure(policy, demos: Demos, targets, rows, chunk: int = 2048) -> dict:
    """Target cross-entropy, agreement of the network's most probable legal action with the
    search's move, and the value's squared error, over ``rows``."""
    from .imitation import mean_losses

    ce, ve, agree = mean_losses(policy, rows, lambda part: _losses(policy, *_batch(demos, targets, part)), chunk)
    return {"cross_entropy": ce, "agreement": agree, "value_mse": ve}


def fit(policy, demos: Demos, targets, held, sec: dict, k: int) -> dict:
    import torch as th

    rng = np.random.default_rng([sec["seed"], k, 2])
    train_rows, val_rows = np.flatnonzero(~held), np.flatnonzero(held)
    opt = th.optim.Adam(policy.parameters(), lr=sec["learning_rate"])
    bs, coef = sec["batch_size"], sec["value_coef"]
    for _ in range(sec["epochs"]):
        policy.set_training_mode(True)
        order = train_rows[rng.permutation(len(train_rows))]
        for s in range(0, len(order), bs):
            ce, v, _ = _losses(policy, *_batch(demos, targets, order[s:s + bs]))
            opt.zero_grad()
            (ce + coef * v).backward()
            opt.step()
    policy.set_training_mode(False)
    return {"train": measure(policy, demos, targets, train_rows), "held_out": measure(policy, demos, targets, val_rows),
            "train_decisions": len(train_rows), "held_out_decisions": len(val_rows)}


# -- the loop ----------------------------------------------------------------------------------
def expert_iteration(model, cfg: dict, out: Path, resume: bool = False, log=print) -> dict:
    """Run the config's ``exit:`` iterations on ``model`` (a MaskablePPO); with ``resume``,
    continue a run folder's finished ones (:func:`resume_state`). Returns the figures for
    results.json."""
    from stable_baselines3.common.logger import configure

    from boardgym.games import make_game

    sec = cfg["exit"]
    out = Path(out)
    folder = out / "exit"
    setup = dataclasses.replace(demo_setup(cfg), gamma=1.0, shaping=False)  # targets: final returns
    game = make_game(setup.game_name, **setup.game_kwargs)
    _check_expert(setup.game_name, sec)
    state = resume_state(out) if resume else None
    if state is None and folder.exists():
        shutil.rmtree(folder)          # a fresh run: an older run's iterations are not this one's
    folder.mkdir(parents=True, exist_ok=True)
    start, history, parts = 0, [], []
    if state is not None:
        start, history = int(state["next_iteration"]), list(state["history"])
        if start >= sec["iterations"]:
            log(f"expert iteration: all {start} iterations finished before; skipped")
            return _summary(history, folder)
        model.set_parameters(str(folder / f"iter_{start}.zip"), exact_match=True, device="cpu")
        parts = load_window(folder / "data.npz")
        log(f"expert iteration: resuming at iteration {start + 1} of {sec['iterations']}")
    runner = collection_runner(sec, log)
    logger = configure(str(out / "tb" / "exit"), ["tensorboard"])
    for k in range(start, sec["iterations"]):
        t0 = time.perf_counter()
        net = folder / f"iter_{k}.zip"
        if not net.is_file():
            model.save(net)
        kw = search_kwargs(sec, k, str(net))
        work = [(setup, kw, sec["opponents"], sec["seed"], k, i) for i in range(sec["games"])]
        per_task = 1 if runner.workers > 1 or runner.ray else len(work)
        eps = runner.map_batches(exit_batch, work, per_task)
        play_s = time.perf_counter() - t0
        part = make_part(game, eps, k, sec["seed"])
        results = [outcome(ep, setup.cooperative) for ep in eps]
        searched_rows = np.flatnonzero([bool(v) for ep in eps for v, _ in ep["visits"]])
        searched = len(searched_rows)
        # how often the network (the prior) already picks the search's move where it searched
        before = measure(model.policy, part.demos, part.targets, searched_rows)
        parts = (parts + [part])[-sec["window"]:]
        t1 = time.perf_counter()
        fitted = fit(model.policy, *combine(parts), sec, k)
        fit_s = time.perf_counter() - t1
        model.save(folder / f"iter_{k + 1}.zip")
        save_window(parts, folder / "data.npz")
        row = {"iteration": k, "games": len(eps), "decisions": len(part.demos), "searched": searched,
               "win_share": float(np.mean([w for w, _ in results])),
               "mean_return": float(np.mean([r for _, r in results])),
               "agreement_before": before["agreement"], "cross_entropy_before": before["cross_entropy"],
               "window_decisions": fitted["train_decisions"] + fitted["held_out_decisions"],
               "cross_entropy": fitted["held_out"]["cross_entropy"], "agreement": fitted["held_out"]["agreement"],
               "value_mse": fitted["held_out"]["value_mse"], "train_agreement": fitted["train"]["agreement"],
               "play_seconds": round(play_s, 2), "fit_seconds": round(fit_s, 2),
               "seconds_per_game": round(play_s / len(eps), 2)}
        history.append(row)
        tmp = folder / "state.json.tmp"
        tmp.write_text(json.dumps({"next_iteration": k + 1, "history": history}, indent=2))
        tmp.replace(folder / "state.json")
        for key in ("win_share", "mean_return", "cross_entropy", "agreement", "agreement_before",
                    "value_mse", "decisions", "play_seconds", "fit_seconds"):
            logger.record(f"exit/{key}", row[key])
        logger.dump(k)
        log(f"expert iteration {k + 1}/{sec['iterations']}: {len(eps)} games in {play_s:.0f} s "
            f"({play_s / len(eps):.1f} s a game), {len(part.demos)} decisions recorded ({searched} "
            f"searched); the learner won {row['win_share']:.0%} (mean return {row['mean_return']:.2f}); "
            f"the network picked the search's move on {before['agreement']:.0%} of the searched ones "
            f"before fitting, on {row['agreement']:.0%} of the held-out games' decisions after (target cross-entropy "
            f"{row['cross_entropy']:.3f}, value error {row['value_mse']:.3f}; fit {fit_s:.0f} s)", flush=True)
    logger.close()
    return _summary(history, folder, out)


def _check_expert(game_name: str, sec: dict) -> None:
    """Build the search of iteration 0 here once, so that what only the game can refuse (a
    rollout option its heuristic lacks, ``search: key`` without key decisions) is said before
    any game is played."""
    from boardgym.agents.specs import make_ismcts
    from boardgym.core.errors import ConfigError

    kw = search_kwargs(dict(sec, first_prior=sec["first_prior"] or "heuristic", network_evaluator_from=None), 0, "")
    try:
        make_ismcts(game_name, seed=0, **kw)
    except (ConfigError, TypeError, ValueError) as exc:
        opts = f" (rollout_options: {sec['rollout_options']})" if sec["rollout_options"] else ""
        raise SystemExit(f"exit: the search cannot be built{opts}: {exc}") from None


def _summary(history: list, folder: Path, out: Path | None = None) -> dict:
    res = {"iterations": len(history), "history": history, "folder": str(folder)}
    if out is not None:
        from boardgym.eval.plots import learning_curve

        curve = learning_curve(out / "tb" / "exit", out / "exit_curve.png", tags=("exit/win_share",),
                               xlabel="iteration")
        if curve is not None:
            res["curve"] = str(curve)
            print(f"expert iteration curve: {curve}", flush=True)
    return res
