"""Competitive self-play for any registered competitive game: the env wiring (learner seat drawn
at every reset, other seats played by an ``OpponentPool``) and the periodic evaluation.

A config turns self-play on with a ``pool:`` section (see ``boardgym/train/configs/att_selfplay.yaml``)::

    pool:
      size: 5                 # snapshots kept (oldest deleted first)
      snapshot_every: 50000   # learner steps between snapshots
      snapshot_at_start: true # the untrained policy is the first member
      deterministic: false    # snapshots sample from their policy as opponents
      weights: {pool: 0.5, heuristic: 0.3, random: 0.2}   # per-episode member draw
      pfsp: {weighting: hard, p: 2.0, floor: 0.05}        # optional: boardgym/train/pfsp.py
    eval:
      every: 100000           # learner steps between evaluations (0 = none)
      every_games: 100        # games vs each eval.opponents entry (seeds seed_base..)
      pool_games: 10          # games per pair for the Elo fit (learner vs snapshot, ...)

Every evaluation plays the current learner (deterministic) against each ``eval.opponents``
entry, seat rotated, on fixed seeds, and logs ``eval/win_rate_vs_<opp>`` (with its Wilson 95%
bounds) and ``eval/mean_score_vs_<opp>``. It also grows an Elo book (``elo_games.json``): the
learner at this step, every snapshot in the pool (deterministic) and the fixed opponents, each
new pair played once on ``pool_games`` fixed seeds; the Bradley-Terry fit of all the book's
games (``boardgym.eval.stats``) is logged as ``elo/<player>`` with ``random`` anchored at 0, and written to
``elo.md`` / ``elo.json`` with 95% intervals (profile likelihood, widened to the bootstrap
over games where wider). With ``pool.pfsp`` it also writes the learner's win share against each
fixed opponent and snapshot to ``pool/pfsp.json``, the priorities of the pool's next draws.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
from stable_baselines3.common.callbacks import BaseCallback

from boardgym.agents.ppo import PPOAgent
from boardgym.core.agent import Agent

from .pool import OpponentPool, SnapshotAgent, list_snapshots


def game_spec(cfg: dict) -> tuple[str, dict]:
    """``(game_name, game_kwargs)`` of a run config: the registered id's game options updated
    with the config's ``env_kwargs`` (env-only keys dropped)."""
    from boardgym.eval.play import ENV_ONLY_KWARGS, env_game_kwargs

    game_name, game_kwargs, _ = env_game_kwargs(cfg["env_id"])
    for k, v in (cfg.get("env_kwargs") or {}).items():
        if k not in ENV_ONLY_KWARGS and k not in ("illegal_action", "illegal_penalty"):
            game_kwargs[k] = v
    return game_name, game_kwargs


def selfplay_env_kwargs(cfg: dict, out: Path) -> dict:
    """The env kwargs of a self-play run: ``seat="random"`` unless the config fixes a seat, and
    an ``OpponentPool`` over ``<out>/pool`` (each env gets its own copy: boardgym.train.envs deep-copies)."""
    pool = cfg["pool"]
    game_name, _ = game_spec(cfg)
    kw = dict(cfg.get("env_kwargs") or {})
    kw.setdefault("seat", "random")
    kw["opponents"] = OpponentPool(game_name, (Path(out) / "pool").resolve(), dict(pool["weights"]),
                                   bool(pool.get("deterministic", False)), pfsp=pool.get("pfsp"))
    return kw


class PolicyAgent(PPOAgent):
    """The learner's live policy as an Agent (most probable legal action), no file needed."""

    def __init__(self, policy, deterministic: bool = True, seed: int | None = None):
        import torch

        self.model = None
        self.policy = policy
        self.deterministic = deterministic
        self.rng = np.random.default_rng(seed)
        self._torch = torch
        self.path = "<live policy>"


def play_match(game, a: Agent, b: Agent, seeds: list[int]):
    """``a`` holds one seat (``g % n`` for the g-th seed), ``b`` every other seat."""
    from boardgym.eval.play import play_one

    n = game.num_players
    return [play_one(game, [a, b], [0 if p == g % n else 1 for p in range(n)], seed)
            for g, seed in enumerate(seeds)]


def win_share(result, agent_index: int = 0) -> float:
    """The share of first place held by ``agent_index``'s seat (ties split), as in boardgym.eval.evaluate."""
    from boardgym.eval.play import seat_win

    return seat_win(result.returns, result.seats.index(agent_index))


class EloBook:
    """Pairwise results between named players, one entry per game, saved as JSON."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.games: list[list] = []   # each game: [[label_i, label_j, score_of_i], ...]
        self.pairs: set[tuple[str, str]] = set()
        if self.path.is_file():
            data = json.loads(self.path.read_text())
            self.games = data["games"]
            self.pairs = {tuple(p) for p in data["pairs"]}

    def played(self, a: str, b: str) -> bool:
        return (a, b) in self.pairs or (b, a) in self.pairs

    def add(self, a: str, b: str, results) -> None:
        from boardgym.eval.play import pair_outcomes

        names = (a, b)
        for r in results:
            self.games.append([[names[i], names[j], s] for i, j, s in pair_outcomes(r)])
        self.pairs.add((a, b))

    def save(self) -> None:
        self.path.write_text(json.dumps({"pairs": sorted(self.pairs), "games": self.games}))

    def fit(self, n_boot: int = 200, seed: int = 0) -> dict[str, tuple[float, float, float]]:
        """label -> (Elo, low, high), shifted so that ``random`` (when rated) is 0."""
        from boardgym.eval.stats import elo_with_intervals

        labels = sorted({x for g in self.games for r in g for x in r[:2]})
        if len(labels) < 2:
            return {x: (0.0, 0.0, 0.0) for x in labels}
        idx = {x: i for i, x in enumerate(labels)}
        per_game = [[(idx[i], idx[j], float(s)) for i, j, s in g] for g in self.games]
        elo, lo, hi = elo_with_intervals(per_game, len(labels), n_boot=n_boot, rng=seed)
        shift = float(elo[idx["random"]]) if "random" in idx else 0.0
        return {x: (float(elo[i]) - shift, float(lo[i]) - shift, float(hi[i]) - shift)
                for x, i in idx.items()}


class SelfPlayEvalCallback(BaseCallback):
    """Every ``eval.every`` learner steps (and at the end of training): win rates against the
    fixed opponents and the pool's Elo ratings, logged to TensorBoard (see the module doc)."""

    def __init__(self, cfg: dict, out: Path, verbose: int = 1):
        super().__init__(verbose)
        ev = cfg["eval"]
        self.every = int(ev.get("every") or 0)
        self.games = int(ev.get("every_games", 100))
        self.pool_games = int(ev.get("pool_games", 10))
        self.n_boot = int(ev.get("elo_bootstrap", 200))
        self.seed_base = int(ev["seed_base"])
        self.opponents = [str(o) for o in (ev.get("opponents") or ["heuristic", "random"])]
        self.at_end = bool(ev.get("at_end", True))
        self.out = Path(out)
        self.pool_dir = self.out / "pool"
        self.pfsp = (cfg.get("pool") or {}).get("pfsp")   # PFSP: the win shares go to pool/pfsp.json
        self.game_name, self.game_kwargs = game_spec(cfg)
        self.book = EloBook(self.out / "elo_games.json")
        self.history: list[dict] = []
        self.next_at = self.every
        self.last_eval_step = -1

    def _on_training_start(self) -> None:
        n = int(self.model.num_timesteps)
        if self.every > 0:
            self.next_at = (n // self.every + 1) * self.every

    def _on_step(self) -> bool:
        if self.every > 0 and self.num_timesteps >= self.next_at:
            self.evaluate()
            self.next_at = (int(self.num_timesteps) // self.every + 1) * self.every
        return True

    def _on_training_end(self) -> None:
        if self.at_end and self.last_eval_step != int(self.num_timesteps):
            self.evaluate()

    # -- the evaluation ------------------------------------------------------------------
    def _fixed(self, spec: str, seed: int) -> Agent:
        from boardgym.agents.specs import make_agent

        return make_agent(spec, self.game_name, seed)

    def evaluate(self) -> dict:
        from boardgym.games import make_game
        from boardgym.eval.stats import mean_interval, wilson_interval

        t0 = time.perf_counter()
        steps = int(self.num_timesteps)
        game = make_game(self.game_name, **self.game_kwargs)
        learner = PolicyAgent(self.model.policy)
        me = f"learner@{steps}"
        seeds = list(range(self.seed_base, self.seed_base + self.games))
        pseeds = list(range(self.seed_base, self.seed_base + self.pool_games))
        row = {"step": steps}
        shares = {}   # member -> the learner's win share now (PFSP's priorities)
        for opp in self.opponents:
            results = play_match(game, learner, self._fixed(opp, 1), seeds)
            wins = sum(win_share(r) for r in results)
            shares[opp] = wins / len(results)
            lo, hi = wilson_interval(wins, len(results))
            m, _, _ = mean_interval([r.scores[r.seats.index(0)] for r in results])
            self.logger.record(f"eval/win_rate_vs_{opp}", wins / len(results))
            self.logger.record(f"eval/win_low_vs_{opp}", lo)
            self.logger.record(f"eval/win_high_vs_{opp}", hi)
            self.logger.record(f"eval/mean_score_vs_{opp}", m)
            row[f"win_rate_vs_{opp}"] = [wins / len(results), lo, hi]
            row[f"mean_score_vs_{opp}"] = m
            if not self.book.played(me, opp):
                self.book.add(me, opp, results)
        # the fixed opponents among themselves (once)
        for i, a in enumerate(self.opponents):
            for b in self.opponents[i + 1:]:
                if not self.book.played(a, b):
                    self.book.add(a, b, play_match(game, self._fixed(a, 0), self._fixed(b, 1), pseeds))
        # the pool: learner vs every snapshot; a new snapshot vs the fixed opponents
        snaps = list_snapshots(self.pool_dir)
        labels = []
        for path in snaps:
            try:
                snap = SnapshotAgent(path, deterministic=True)
            except (FileNotFoundError, OSError):
                continue
            labels.append(snap.name)
            if not self.book.played(me, snap.name):
                results = play_match(game, learner, snap, pseeds)
                shares[snap.name] = float(np.mean([win_share(r) for r in results]))
                self.book.add(me, snap.name, results)
            for opp in self.opponents:
                if not self.book.played(snap.name, opp):
                    self.book.add(snap.name, opp, play_match(game, snap, self._fixed(opp, 1), pseeds))
        self.book.save()
        if self.pfsp is not None:
            from .pfsp import write_wins

            write_wins(self.pool_dir, shares, steps)
            row["pfsp_wins"] = shares
        ratings = self.book.fit(self.n_boot, seed=self.seed_base)
        for label in [me] + self.opponents + labels:
            key = "learner" if label == me else label
            self.logger.record(f"elo/{key}", ratings[label][0])
        if labels:
            self.logger.record("elo/pool_mean", float(np.mean([ratings[x][0] for x in labels])))
        row["elo"] = {k: list(v) for k, v in ratings.items()}
        row["pool"] = labels
        row["seconds"] = round(time.perf_counter() - t0, 2)
        self.logger.record("eval/seconds", row["seconds"])
        self.logger.dump(steps)
        self.history.append(row)
        self.last_eval_step = steps
        self._write(ratings, labels, me)
        if self.verbose:
            wr = ", ".join(f"vs {o} {row[f'win_rate_vs_{o}'][0]:.3f}" for o in self.opponents)
            print(f"eval @ {steps} steps: win rate {wr}; Elo learner {ratings[me][0]:.0f} "
                  f"({row['seconds']:.1f} s)", flush=True)
        return row

    def _write(self, ratings: dict, pool_labels: list[str], me: str) -> None:
        (self.out / "elo.json").write_text(json.dumps(
            {"ratings": {k: list(v) for k, v in ratings.items()}, "history": self.history,
             "anchor": "random = 0", "games_in_book": len(self.book.games)}, indent=2))
        lines = [f"# Elo ratings (Bradley-Terry fit of {len(self.book.games)} evaluation games, "
                 f"random = 0, 95% intervals: profile likelihood, bootstrap over games where wider)\n",
                 "| player | Elo | 95% CI | in pool now |", "|---|---:|---|---|"]
        for label, (r, lo, hi) in sorted(ratings.items(), key=lambda kv: -kv[1][0]):
            mark = "yes" if label in pool_labels else ("current learner" if label == me else "")
            lines.append(f"| {label} | {r:.0f} | [{lo:.0f}, {hi:.0f}] | {mark} |")
        (self.out / "elo.md").write_text("\n".join(lines) + "\n")
