"""Behaviour-cloning warm start ("pretrain") for the MaskablePPO trainer.

A config's ``pretrain:`` section (keys and defaults: ``boardgym.train.config.PRETRAIN_DEFAULTS``) makes
``boardgym.train.run.train`` call :func:`pretrain` after building a fresh model and before PPO:

1. **Collect** ``episodes`` whole games at engine level, every seat played by the demonstrator
   (``agent``, the game's heuristic by default; competitive games: demonstrator vs
   demonstrator). For every decision of a seat the learner could hold (cooperative and solo
   games: every seat, one shared policy; competitive: the config's ``seat``, all seats when it
   is ``"random"``) it records what the policy would see in the Gym env: ``state.observation(p)``
   of the deciding seat (``BoardgymEnv._observe`` -> ``ObservationOnly``: the same vector, bit
   for bit; ``tests/train/test_pretrain.py`` checks it against the training env), the legal
   mask (``env.action_masks()``), the demonstrator's action and a value target.
2. **Value targets** are the discounted return-to-go the learner would receive from that
   decision in the Gym env, computed exactly as ``BoardgymEnv.step`` pays rewards: one env
   step per decision of the learner's seat (opponents' moves and chance fall inside a step),
   ``returns()[me]`` on the terminal step, plus with ``shaping`` the change of
   ``potential(me)`` between consecutive decisions of that seat (and up to the terminal
   state), discounted by the model's ``gamma``. ``me`` is the env's reward seat: ``seat`` in
   cooperative games (0 unless set), the deciding seat in competitive ones. They are single
   Monte Carlo samples of the demonstrator's value; in self-play the real opponents are a pool
   rather than the demonstrator, so they are only an approximation of the values PPO will see.
3. **Clone**: cross-entropy of the demonstrator's action under the masked policy distribution
   plus ``value_coef`` x MSE of the value head, Adam (its own optimizer, not PPO's), a
   seeded 10% held-out split by episode, TensorBoard scalars ``pretrain/*`` under
   ``<run>/tb/pretrain`` and one printed line per epoch.

Observations are stored sparsely (column indices + values per decision; a Paleo vector has
~240 non-zeros of 8043), so 300 Paleo games (~180k decisions) take ~0.3 GB instead of ~6 GB;
batches are made dense again (``Demos.dense``), bit for bit.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from boardgym.core.chance import resolve_chance
from boardgym.core.errors import ConfigError
from boardgym.core.game import TERMINAL

VAL_SHARE = 0.1


@dataclass(frozen=True)
class DemoSetup:
    """What the Gym env of a run config does, reduced to what collection needs."""

    game_name: str
    game_kwargs: dict
    cooperative: bool         # cooperative or solo: the learner decides for every seat
    learner_seats: tuple      # seats whose decisions are recorded
    reward_seat: int          # cooperative: the env's reward seat; competitive: unused
    shaping: bool
    gamma: float
    action_space: str = "flat"  # the env's ``action_space`` (the learner's decisions are the view's)


def demo_setup(cfg: dict, gamma: float | None = None) -> DemoSetup:
    """A run config -> the game and the learner's seats, rewards and discount, resolved the way
    ``gym.make(env_id, **env_kwargs)`` resolves them (registry defaults, then the config's
    kwargs; a self-play ``pool:`` defaults ``seat`` to ``"random"`` as ``boardgym.train.selfplay`` does)."""
    from boardgym.games import make_game
    from boardgym.eval.play import ENV_ONLY_KWARGS, env_game_kwargs

    game_name, game_kwargs, env_kw = env_game_kwargs(cfg["env_id"])
    user = dict(cfg.get("env_kwargs") or {})
    if cfg.get("pool"):
        user.setdefault("seat", "random")
    for k, v in user.items():
        if k not in ENV_ONLY_KWARGS and k not in ("illegal_action", "illegal_penalty", "action_space"):
            game_kwargs[k] = v
    merged = {**env_kw, **user}
    game = make_game(game_name, **game_kwargs)
    n = game.num_players
    seat = merged.get("seat", 0)
    coop = bool(game.info.cooperative) or n == 1
    if coop:
        seats = tuple(range(n))
        me = 0 if seat == "random" else int(seat)
    elif seat == "random":
        seats, me = tuple(range(n)), -1
    else:
        seats, me = (int(seat),), -1
    if gamma is None:
        gamma = float((cfg.get("ppo") or {}).get("gamma", 0.99))
    from boardgym.envs.kwargs import check_action_space

    try:
        space = check_action_space(game_name, merged.get("action_space", "flat"))
    except ConfigError as exc:
        raise SystemExit(f"env_kwargs.action_space: {exc}") from None
    return DemoSetup(game_name, game_kwargs, coop, seats, me, bool(merged.get("shaping", False)),
                     float(gamma), space)


def setup_view(setup: DemoSetup, game):
    """The view of ``game`` the learner decides in (``setup.action_space``), None for the flat
    catalogue."""
    factory = type(game).action_spaces.get(setup.action_space)
    return None if factory is None else factory(game)


def in_view(agents: list, seats, view) -> list:
    """``agents`` with those of ``seats`` choosing ``view``'s actions (``FlatAgentInView``: a
    flat agent, e.g. the heuristic or search, played on a clone through the decisions the view
    hides); an agent shared by several seats stays shared. Unchanged when ``view`` is None."""
    if view is None:
        return list(agents)
    from boardgym.core.action_views import FlatAgentInView

    wrapped: dict = {}
    return [(wrapped.setdefault(id(a), FlatAgentInView(a, view)) if p in seats and a is not None else a)
            for p, a in enumerate(agents)]


@dataclass
class Demos:
    """Recorded decisions, observations in CSR form (row ``i``: ``indices/values[indptr[i]:
    indptr[i + 1]]``)."""

    obs_size: int
    indptr: np.ndarray        # int64 (n + 1,)
    indices: np.ndarray       # int32
    values: np.ndarray        # float32
    masks: np.ndarray         # bool (n, num_actions)
    actions: np.ndarray       # int64 (n,)
    returns: np.ndarray       # float32 (n,) value targets
    episode: np.ndarray       # int32 (n,) episode index
    seat: np.ndarray          # int8 (n,) deciding seat
    episodes: int

    def __len__(self) -> int:
        return len(self.actions)

    def dense(self, rows) -> np.ndarray:
        """The observation vectors of ``rows`` as a float32 (len(rows), obs_size) array."""
        rows = np.asarray(rows, dtype=np.int64)
        starts, ends = self.indptr[rows], self.indptr[rows + 1]
        lens = ends - starts
        out = np.zeros((len(rows), self.obs_size), dtype=np.float32)
        total = int(lens.sum())
        if total:
            r = np.repeat(np.arange(len(rows)), lens)
            pos = np.arange(total) - np.repeat(np.cumsum(lens) - lens, lens) + np.repeat(starts, lens)
            out[r, self.indices[pos]] = self.values[pos]
        return out


def play_episode(game, agents, rng: np.random.Generator, setup: DemoSetup, keep: float = 1.0,
                 labellers=None, beta: float = 1.0, learner_seats=None) -> dict:
    """One game, ``agents[p]`` deciding for seat ``p``, chance from ``rng``.

    Agents are reset as ``BoardgymEnv.reset`` resets opponents: one draw ``s`` from ``rng``,
    seat ``p``'s agent reset with ``s + p`` (an agent shared by several seats once, with ``s``
    plus its first seat). Returns the learner seats' decisions in order.

    ``keep`` < 1 records each learner decision with that probability (a generator of its own,
    so the game played is the same); only for undiscounted, unshaped targets (``boardgym.train.value``),
    where every recorded decision's target is the seat's final return.

    ``labellers`` (DAgger, ``boardgym.train.dagger``): a labeller per seat (the expert). At every learner
    decision ``labellers[p]`` labels the state: its action is the one recorded, ``agents[p]``'s
    own choice is recorded too (``"own"``), and the expert's action is played with probability
    ``beta`` (a generator of its own, seeded from the episode's first draw), the agent's
    otherwise. Labellers are reset with ``s + num_players + p``. ``learner_seats``: the learner's seats
    of this game when not ``setup.learner_seats``.

    ``setup.action_space`` other than flat (e.g. ATT's ``"combinations"``): a learner seat's
    decisions are the view's, as the env presents them, one record per env step: the view's
    mask, and the view action of ``agents[p]`` and ``labellers[p]`` (so both must choose in the
    view: a view policy, or a flat agent through :func:`in_view`), carried out as the flat
    actions it stands for. The other seats play the game's own actions."""
    if keep < 1.0 and (setup.shaping or setup.gamma != 1.0):
        raise ValueError("keep < 1 needs gamma = 1 and no shaping (the targets skip unkept steps)")
    opp_seed = int(rng.integers(2**31 - 1))
    pick = np.random.default_rng(opp_seed) if keep < 1.0 else None
    done = set()
    for p, agent in enumerate(agents):
        if id(agent) not in done:
            done.add(id(agent))
            agent.reset(opp_seed + p)
    mix = None
    if labellers is not None:
        mix = np.random.default_rng([opp_seed, 1])
        for p, agent in enumerate(labellers):
            if agent is not None and id(agent) not in done:
                done.add(id(agent))
                agent.reset(opp_seed + len(agents) + p)
    learner = set(setup.learner_seats if learner_seats is None else learner_seats)
    view = setup_view(setup, game)
    shaping = setup.shaping
    state = game.new_initial_state()
    idx, val, masks, actions, seats, own = [], [], [], [], [], []
    traj: dict[int, tuple[list, list]] = {}   # reward seat -> (rows, potentials)
    limit = game.info.max_decisions
    steps = 0
    while True:
        resolve_chance(state, rng)
        p = state.current_player
        if p == TERMINAL:
            break
        steps += 1
        if steps > limit:
            raise RuntimeError(f"{setup.game_name}: a demonstration game ran past {limit} decisions")
        viewed = view is not None and p in learner
        mask = (view.mask(state) if viewed else state.legal_mask()).copy()
        agent = agents[p]
        if p in learner and (pick is None or pick.random() < keep):
            obs = state.observation(p)
            nz = np.flatnonzero(obs.view(np.uint32))   # non-zero bits: a -0.0 is kept too
            key = setup.reward_seat if setup.cooperative else p
            rows, phis = traj.setdefault(key, ([], []))
            rows.append(len(actions))
            phis.append(state.potential(key) if shaping else 0.0)
            idx.append(nz.astype(np.int32))
            val.append(obs[nz])
            masks.append(mask)
            seats.append(p)
            if mix is None:
                a = int(agent.act(obs, mask, state))
                actions.append(a)
            else:
                label = int(labellers[p].act(obs, mask, state))
                mine = int(agent.act(obs, mask, state))
                actions.append(label)
                own.append(mine)
                a = label if mix.random() < beta else mine
        else:
            obs = None if agent.needs_state else state.observation(p)
            a = int(agent.act(obs, mask, state))
        for flat in (view.expand(state, a) if viewed else (a,)):
            state.apply(flat)
    targets = np.zeros(len(actions), dtype=np.float64)
    final = state.returns()
    gamma = setup.gamma
    for key, (rows, phis) in traj.items():
        nxt = state.potential(key) if shaping else 0.0
        g = 0.0
        for j in range(len(rows) - 1, -1, -1):
            r = float(final[key]) if j == len(rows) - 1 else 0.0
            if shaping:
                r += nxt - phis[j]
                nxt = phis[j]
            g = r + gamma * g
            targets[rows[j]] = g
    out = {"indices": idx, "values": val, "masks": masks, "actions": actions, "seats": seats,
           "returns": targets, "decisions": steps, "final": [float(x) for x in final]}
    if mix is not None:
        out["own"] = own
    return out


def make_demonstrators(setup: DemoSetup, spec: str, seed: int, game) -> list:
    """One agent per seat (competitive), or one shared by every seat (cooperative / solo, as
    ``boardgym.eval.evaluate.evaluate_team`` plays them)."""
    from boardgym.agents.specs import make_agent

    n = game.num_players
    if setup.cooperative:
        return [make_agent(spec, setup.game_name, seed)] * n
    return [make_agent(spec, setup.game_name, seed + p) for p in range(n)]


def collect(setup: DemoSetup, spec: str, episodes: int, seed: int, keep: float = 1.0,
            jobs: int = 1, runner=None) -> Demos:
    """``episodes`` demonstration games; episode ``i`` draws chance and agent seeds from
    ``default_rng([seed, i])`` (a stream no evaluation seed ``default_rng(k)`` reproduces), so
    the games do not depend on where they are played: ``runner`` (an ``boardgym.eval.runner.GameRunner``:
    Ray tasks, see :func:`collection_runner`) or ``jobs`` local worker processes, each batch of
    episodes building its demonstrators once."""
    from boardgym.games import make_game
    from boardgym.eval.runner import GameRunner

    game = make_game(setup.game_name, **setup.game_kwargs)
    runner = runner or GameRunner(workers=jobs)
    work = [(setup, spec, seed, keep, i) for i in range(episodes)]
    here = runner.workers == 1 and not runner.ray
    per_task = episodes if here else max(1, -(-episodes // (4 * runner.slots())))
    eps = runner.map_batches(collect_batch, work, runner.games_per_task or per_task)
    return assemble(game, eps)


def collect_batch(batch, threads=None) -> list[dict]:
    """``play_episode`` for each ``(setup, spec, seed, keep, i)`` of ``batch``, in order; the
    demonstrators built once per (setup, spec, seed)."""
    from boardgym.games import make_game
    from boardgym.eval.runner import _limit_threads

    built: dict = {}
    out = []
    for setup, spec, seed, keep, i in batch:
        key = (repr(setup), spec, seed)
        if key not in built:
            game = make_game(setup.game_name, **setup.game_kwargs)
            built[key] = (game, in_view(make_demonstrators(setup, spec, seed, game), setup.learner_seats,
                                        setup_view(setup, game)))
        game, agents = built[key]
        if threads is not None:
            _limit_threads(threads)
        out.append(play_episode(game, agents, np.random.default_rng([seed, i]), setup, keep))
    return out


def check_collection(prefix: str, section: dict) -> dict:
    """``jobs`` (local collection processes; with ``ray: true`` the local Ray's CPUs) and
    ``ray`` (false; true: a local Ray; ``auto`` or ``HOST:PORT``: join that cluster) of a
    ``pretrain:`` / ``value:`` section, checked; a SystemExit naming the key otherwise."""
    from boardgym.train.ray_cluster import check_address

    jobs, ray = section.get("jobs", 1), section.get("ray", False)
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise SystemExit(f"{prefix}jobs must be a whole number >= 1, got {jobs!r}")
    if ray not in (False, True, None):
        try:
            ray = check_address(ray)
        except ConfigError as exc:
            raise SystemExit(f"{prefix}ray: expected false, true (a local Ray), 'auto' or HOST:PORT "
                             f"(join that cluster, e.g. 10.0.0.5:6379), got {ray!r}") from None
    return dict(section, jobs=jobs, ray=bool(ray) if ray in (None, True, False) else ray)


def collection_runner(section: dict, log=print):
    """The runner a checked ``pretrain:`` / ``value:`` section asks for (:func:`check_collection`)."""
    from boardgym.eval.runner import GameRunner

    ray, jobs = section.get("ray", False), int(section.get("jobs", 1))
    try:
        if ray is False:
            return GameRunner(workers=jobs)
        if ray is True:
            return GameRunner(ray=True, num_cpus=jobs if jobs > 1 else None, log=log).start()
        return GameRunner(ray=True, address=ray, log=log).start()
    except ConfigError as exc:
        raise SystemExit(f"collection on Ray: {exc}") from None


def assemble(game, eps: list[dict]) -> Demos:
    """``play_episode`` records (episode ``i`` = ``eps[i]``) -> one ``Demos``."""
    idx = [x for ep in eps for x in ep["indices"]]
    if not idx:
        raise ValueError("no decision of a learner seat was recorded")
    lens = np.fromiter((len(x) for x in idx), dtype=np.int64, count=len(idx))
    indptr = np.zeros(len(idx) + 1, dtype=np.int64)
    np.cumsum(lens, out=indptr[1:])
    return Demos(
        obs_size=game.observation_size, indptr=indptr, indices=np.concatenate(idx),
        values=np.concatenate([x for ep in eps for x in ep["values"]]),
        masks=np.array([m for ep in eps for m in ep["masks"]], dtype=bool),
        actions=np.array([a for ep in eps for a in ep["actions"]], dtype=np.int64),
        returns=np.concatenate([ep["returns"] for ep in eps]).astype(np.float32),
        episode=np.concatenate([np.full(len(ep["actions"]), i, dtype=np.int32)
                                for i, ep in enumerate(eps)]),
        seat=np.array([p for ep in eps for p in ep["seats"]], dtype=np.int8), episodes=len(eps))


# the array fields of ``Demos`` (saved and loaded by name by DAgger and expert iteration)
DEMO_ARRAYS = ("indptr", "indices", "values", "masks", "actions", "returns", "episode", "seat")


def concat_demos(parts: list[Demos]) -> Demos:
    """Several ``Demos`` as one, in order, each part's episodes numbered on after the ones before."""
    offsets = np.cumsum([0] + [int(p.indptr[-1]) for p in parts])
    eps = np.cumsum([0] + [p.episodes for p in parts])
    return Demos(
        obs_size=parts[0].obs_size,
        indptr=np.concatenate([[0]] + [p.indptr[1:] + o for p, o in zip(parts, offsets)]).astype(np.int64),
        indices=np.concatenate([p.indices for p in parts]),
        values=np.concatenate([p.values for p in parts]),
        masks=np.concatenate([p.masks for p in parts]),
        actions=np.concatenate([p.actions for p in parts]),
        returns=np.concatenate([p.returns for p in parts]),
        episode=np.concatenate([p.episode + e for p, e in zip(parts, eps)]).astype(np.int32),
        seat=np.concatenate([p.seat for p in parts]), episodes=int(eps[-1]))


def split(demos: Demos, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(train rows, held-out rows): ``VAL_SHARE`` of the episodes (at least one) held out."""
    rng = np.random.default_rng([seed, 1])
    n_val = max(1, int(round(VAL_SHARE * demos.episodes)))
    held = rng.permutation(demos.episodes)[:n_val]
    is_val = np.isin(demos.episode, held)
    return np.flatnonzero(~is_val), np.flatnonzero(is_val)


def _batch(demos: Demos, rows):
    import torch as th

    return (th.as_tensor(demos.dense(rows)), th.as_tensor(demos.masks[rows]),
            th.as_tensor(demos.actions[rows]), th.as_tensor(demos.returns[rows]))


def _losses(policy, obs, masks, actions, targets):
    import torch.nn.functional as F

    dist = policy.get_distribution(obs, action_masks=masks)
    policy_loss = -dist.log_prob(actions).mean()
    value_loss = F.mse_loss(policy.predict_values(obs).flatten(), targets)
    correct = int((dist.mode() == actions).sum())
    return policy_loss, value_loss, correct


def mean_losses(policy, rows, losses_of, chunk: int = 2048) -> tuple[float, float, float]:
    """``losses_of(part) -> (policy loss, value loss, hits)`` over ``rows`` in chunks, without
    gradients: the two mean losses and the share of hits (behaviour cloning's agreement with the
    demonstrator, expert iteration's with the search)."""
    import torch as th

    policy.set_training_mode(False)
    first = second = 0.0
    hits = 0
    with th.no_grad():
        for s in range(0, len(rows), chunk):
            part = rows[s:s + chunk]
            a, b, c = losses_of(part)
            first += float(a) * len(part)
            second += float(b) * len(part)
            hits += c
    n = max(1, len(rows))
    return first / n, second / n, hits / n


def evaluate(policy, demos: Demos, rows, chunk: int = 2048) -> dict:
    """Agreement with the demonstrator (the most probable legal action equals its action), and
    the mean losses, over ``rows``."""
    pl, vl, acc = mean_losses(policy, rows, lambda part: _losses(policy, *_batch(demos, part)), chunk)
    return {"accuracy": acc, "policy_loss": pl, "value_loss": vl}


def behaviour_clone(policy, demos: Demos, pcfg: dict, tb_dir: str | Path | None = None,
                    log=print) -> dict:
    """Supervised epochs on ``demos`` (see the module doc); returns the figures per epoch."""
    import torch as th

    rng = np.random.default_rng([int(pcfg["seed"]), 2])
    train_rows, val_rows = split(demos, int(pcfg["seed"]))
    opt = th.optim.Adam(policy.parameters(), lr=float(pcfg["learning_rate"]))
    coef = float(pcfg["value_coef"])
    bs = int(pcfg["batch_size"])
    logger = None
    if tb_dir is not None:
        from stable_baselines3.common.logger import configure

        logger = configure(str(tb_dir), ["tensorboard"])
    before = evaluate(policy, demos, val_rows)
    history = []
    t0 = time.perf_counter()
    for epoch in range(1, int(pcfg["epochs"]) + 1):
        policy.set_training_mode(True)
        order = train_rows[rng.permutation(len(train_rows))]
        pl = vl = 0.0
        correct = 0
        for s in range(0, len(order), bs):
            rows = order[s:s + bs]
            p, v, c = _losses(policy, *_batch(demos, rows))
            opt.zero_grad()
            (p + coef * v).backward()
            opt.step()
            pl += p.item() * len(rows)
            vl += v.item() * len(rows)
            correct += c
        n = max(1, len(order))
        val = evaluate(policy, demos, val_rows)
        row = {"epoch": epoch, "policy_loss": pl / n, "value_loss": vl / n, "accuracy": correct / n,
               "val_accuracy": val["accuracy"], "val_policy_loss": val["policy_loss"],
               "val_value_loss": val["value_loss"]}
        history.append(row)
        if logger is not None:
            for k, x in row.items():
                if k != "epoch":
                    logger.record(f"pretrain/{k}", x)
            logger.dump(epoch)
        log(f"pretrain epoch {epoch}/{pcfg['epochs']}: policy loss {row['policy_loss']:.4f}, "
            f"value loss {row['value_loss']:.4f}, accuracy {row['accuracy']:.3f}, "
            f"held-out accuracy {row['val_accuracy']:.3f} ({time.perf_counter() - t0:.1f} s)")
    if logger is not None:
        logger.close()
    policy.set_training_mode(False)
    return {"train_decisions": len(train_rows), "val_decisions": len(val_rows),
            "val_accuracy_before": before["accuracy"], "history": history,
            "train_seconds": round(time.perf_counter() - t0, 2)}


def pretrain(model, cfg: dict, out: Path, log=print) -> dict:
    """Collect demonstrations for ``cfg`` and clone them into ``model.policy``; the figures for
    results.json."""
    pcfg = cfg["pretrain"]
    setup = demo_setup(cfg, gamma=float(model.gamma))
    t0 = time.perf_counter()
    demos = collect(setup, pcfg["agent"], int(pcfg["episodes"]), int(pcfg["seed"]),
                    runner=collection_runner(pcfg, log))
    collect_s = time.perf_counter() - t0
    rate = len(demos) / collect_s if collect_s > 0 else None
    log(f"pretrain: {demos.episodes} {pcfg['agent']} episodes, {len(demos)} decisions recorded "
        f"(seats {list(setup.learner_seats)}) in {collect_s:.1f} s"
        + (f" ({rate:.0f} decisions/s)" if rate else ""))
    res = behaviour_clone(model.policy, demos, pcfg, Path(out) / "tb" / "pretrain", log=log)
    last = res["history"][-1]
    return {"agent": pcfg["agent"], "episodes": demos.episodes, "decisions": len(demos),
            "train_decisions": res["train_decisions"], "val_decisions": res["val_decisions"],
            "collect_seconds": round(collect_s, 2),
            "decisions_per_second": round(rate, 1) if rate else None,
            "train_seconds": res["train_seconds"], "epochs": len(res["history"]),
            "accuracy": round(last["accuracy"], 4), "val_accuracy": round(last["val_accuracy"], 4),
            "val_accuracy_before": round(res["val_accuracy_before"], 4),
            "policy_loss": round(last["policy_loss"], 4), "value_loss": round(last["value_loss"], 4),
            "val_value_loss": round(last["val_value_loss"], 4),
            "value_targets": f"discounted return-to-go, gamma={setup.gamma}, shaping={setup.shaping}"}
