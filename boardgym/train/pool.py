"""The self-play opponent pool: snapshots of the learner on disk and an Agent that plays one
member of the pool per episode.

Layout: ``runs/<name>/pool/snap_<steps>.zip`` (MaskablePPO saves, written to a hidden temporary
name and renamed, so a reader never sees half a file). ``PoolSnapshotCallback`` adds one every
``pool.snapshot_every`` learner steps and deletes the oldest beyond ``pool.size``.
``OpponentPool`` re-reads the folder at every ``reset()``, so DummyVecEnv and SubprocVecEnv
workers alike pick up new snapshots without any message passing.

Any game works: a member is an opponent spec (``"heuristic"``, ``"random"``,
``"module:Class"``, ``"ppo:<path>"``) or the key ``"pool"`` (a snapshot drawn uniformly, or,
with ``pool.pfsp``, every member weighted by the learner's loss rate: ``boardgym.train.pfsp``).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
from stable_baselines3.common.callbacks import BaseCallback

from boardgym.core.agent import Agent

SNAP_RE = re.compile(r"^snap_(\d+)\.zip$")

# per process: snapshot path -> (mtime_ns, PPOAgent); every env of a DummyVecEnv shares it
_LOADED: dict[str, tuple[int, object]] = {}


def list_snapshots(pool_dir: str | Path) -> list[Path]:
    """The pool's snapshots, oldest first (by the step count in the name)."""
    d = Path(pool_dir)
    if not d.is_dir():
        return []
    snaps = [(int(m.group(1)), d / f) for f in os.listdir(d) if (m := SNAP_RE.match(f))]
    return [p for _, p in sorted(snaps)]


def snapshot_steps(path: str | Path) -> int:
    m = SNAP_RE.match(Path(path).name)
    return int(m.group(1)) if m else -1


def save_snapshot(model, pool_dir: str | Path, steps: int, size: int) -> Path:
    """Save ``model`` as ``snap_<steps>.zip`` atomically, then keep only the newest ``size``."""
    d = Path(pool_dir)
    d.mkdir(parents=True, exist_ok=True)
    final = d / f"snap_{steps:010d}.zip"
    tmp = d / f".tmp-{os.getpid()}-snap_{steps:010d}.zip"
    model.save(tmp)
    os.replace(tmp, final)
    snaps = list_snapshots(d)
    for old in snaps[:max(0, len(snaps) - int(size))]:
        try:
            old.unlink()
        except FileNotFoundError:
            pass
    return final


def load_policy_agent(path: str | Path):
    """A cached ``boardgym.agents.ppo.PPOAgent`` for a snapshot (reloaded if the file changed)."""
    key = str(path)
    mtime = os.stat(key).st_mtime_ns
    hit = _LOADED.get(key)
    if hit is not None and hit[0] == mtime:
        return hit[1]
    import torch

    from boardgym.agents.ppo import PPOAgent

    torch.set_num_threads(1)
    agent = PPOAgent(key)
    _LOADED[key] = (mtime, agent)
    return agent


def _forget_missing(present: set[str]) -> None:
    for key in [k for k in _LOADED if k not in present]:
        del _LOADED[key]


class SnapshotAgent(Agent):
    """One snapshot as an opponent: samples from its masked policy (``deterministic=False``,
    the default, so opponents vary) or plays the most probable legal action."""

    needs_state = False

    def __init__(self, path: str | Path, deterministic: bool = False, seed: int | None = None):
        self.path = str(path)
        self.name = f"snap_{snapshot_steps(path)}"
        self.deterministic = deterministic
        self.rng = np.random.default_rng(seed)
        self._agent = load_policy_agent(path)

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)

    def act(self, observation, legal_mask, state=None) -> int:
        from boardgym.agents.ppo import masked_choice

        return masked_choice(self._agent.logits(observation), legal_mask, self.deterministic, self.rng)


class OpponentPool(Agent):
    """An Agent that becomes one pool member per episode.

    ``weights`` maps member -> sampling weight; the member ``"pool"`` stands for the snapshots in
    ``pool_dir`` (one drawn uniformly); other members are opponent specs built with
    ``boardgym.agents.specs.make_agent``. While the folder holds no snapshot the ``"pool"``
    weight is dropped and the others renormalised. The env resets every opponent seat with a
    seed drawn from its own ``np_random``, so the draws are reproducible. ``pfsp`` (a checked
    ``pool.pfsp`` section, ``boardgym.train.pfsp``): every snapshot and fixed member is drawn
    with its weight times its PFSP priority, from the win shares in ``pool_dir/pfsp.json``.
    """

    needs_state = True  # the heuristic members read the engine state
    name = "pool"

    def __init__(self, game_name: str, pool_dir: str | Path, weights: dict[str, float],
                 deterministic: bool = False, seed: int | None = None, pfsp: dict | None = None):
        values = [float(w) for w in (weights or {}).values()]
        if not values or min(values) < 0 or sum(values) <= 0:
            raise ValueError(f"pool weights must be non-negative with a positive sum, got {weights!r}")
        self.game_name = game_name
        self.pool_dir = str(pool_dir)
        self.weights = {str(k): float(v) for k, v in weights.items()}
        self.deterministic = bool(deterministic)
        self.pfsp = pfsp
        self.rng = np.random.default_rng(seed)
        self._fixed: dict[str, Agent] = {}
        self.current: Agent | None = None
        self.current_label: str | None = None
        self.counts: dict[str, int] = {}

    def _fixed_member(self, spec: str) -> Agent:
        if spec not in self._fixed:
            from boardgym.agents.specs import make_agent

            self._fixed[spec] = make_agent(spec, self.game_name)
        return self._fixed[spec]

    def _choose(self) -> tuple[str, Agent]:
        snaps = list_snapshots(self.pool_dir) if self.weights.get("pool", 0) > 0 else []
        _forget_missing({str(p) for p in snaps})
        keys = [k for k, w in self.weights.items() if w > 0 and (k != "pool" or snaps)]
        if not keys:
            raise RuntimeError(f"opponent pool: no member available (weights {self.weights}, "
                               f"no snapshot in {self.pool_dir})")
        if self.pfsp is not None:
            return self._choose_pfsp(snaps, keys)
        w = np.array([self.weights[k] for k in keys])
        key = keys[int(self.rng.choice(len(keys), p=w / w.sum()))]
        if key != "pool":
            return key, self._fixed_member(key)
        return self._snapshot(snaps, keys)

    def probabilities(self) -> dict[str, float]:
        """Each member's chance of being drawn at the next reset (snapshots by name)."""
        from .pfsp import member_probabilities, read_wins

        snaps = list_snapshots(self.pool_dir) if self.weights.get("pool", 0) > 0 else []
        labels = [f"snap_{snapshot_steps(p)}" for p in snaps]
        return member_probabilities(self.weights, labels, read_wins(self.pool_dir), self.pfsp)

    def _choose_pfsp(self, snaps: list[Path], keys: list[str]) -> tuple[str, Agent]:
        from .pfsp import member_probabilities, read_wins

        by_label = {f"snap_{snapshot_steps(p)}": p for p in snaps}
        probs = member_probabilities(self.weights, list(by_label), read_wins(self.pool_dir), self.pfsp)
        labels = list(probs)
        label = labels[int(self.rng.choice(len(labels), p=np.array([probs[k] for k in labels])))]
        if label not in by_label:
            return label, self._fixed_member(label)
        try:
            agent = SnapshotAgent(by_label[label], self.deterministic)
            return agent.name, agent
        except (FileNotFoundError, OSError, ValueError, KeyError):  # pruned while we looked
            snaps.remove(by_label[label])
            return self._snapshot(snaps, keys)

    def _snapshot(self, snaps: list[Path], keys: list[str]) -> tuple[str, Agent]:
        while snaps:
            path = snaps[int(self.rng.integers(len(snaps)))]
            try:
                agent = SnapshotAgent(path, self.deterministic)
                return agent.name, agent
            except (FileNotFoundError, OSError, ValueError, KeyError):  # pruned while we looked
                snaps.remove(path)
        others = [k for k in keys if k != "pool"]
        if not others:
            raise RuntimeError(f"opponent pool: every snapshot in {self.pool_dir} vanished")
        return others[0], self._fixed_member(others[0])

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.current_label, self.current = self._choose()
        self.counts[self.current_label] = self.counts.get(self.current_label, 0) + 1
        self.current.reset(None if seed is None else seed + 7919)

    def act(self, observation, legal_mask, state=None) -> int:
        if self.current is None:
            self.reset()
        return self.current.act(observation, legal_mask, state)


class PoolSnapshotCallback(BaseCallback):
    """Every ``every`` learner steps, save the model into the pool (and once at the start when
    the pool is empty and ``at_start``), keeping the newest ``size`` snapshots."""

    def __init__(self, pool_dir: str | Path, every: int, size: int, at_start: bool = True, verbose: int = 0):
        super().__init__(verbose)
        self.pool_dir = Path(pool_dir)
        self.every = max(1, int(every))
        self.size = max(1, int(size))
        self.at_start = at_start
        self.next_at = self.every
        self.saved: list[Path] = []

    def _on_training_start(self) -> None:
        n = int(self.model.num_timesteps)
        self.next_at = (n // self.every + 1) * self.every
        if self.at_start and not list_snapshots(self.pool_dir):
            self._save(n)

    def _save(self, steps: int) -> None:
        path = save_snapshot(self.model, self.pool_dir, steps, self.size)
        self.saved.append(path)
        self.logger.record("pool/snapshots", len(list_snapshots(self.pool_dir)))
        self.logger.record("pool/latest_snapshot_step", steps)
        if self.verbose:
            print(f"pool: saved {path.name}", flush=True)

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_at:
            self._save(int(self.num_timesteps))
            self.next_at = (int(self.num_timesteps) // self.every + 1) * self.every
        return True
