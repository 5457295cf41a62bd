"""PNG plots for tournaments (rating bars, win-rate bars), TensorBoard learning curves and the
benchmark's performance profiles and probabilities of improvement (``rliable``'s estimates
through ``boardgym.eval.stats``)."""
from __future__ import annotations

from pathlib import Path

import numpy as np


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def rating_bars(result: dict, path: Path) -> Path:
    plt = _plt()
    labels = result["agents"]
    elo = np.array(result["elo"])
    err = np.maximum(0.0, [elo - np.array(result["elo_low"]), np.array(result["elo_high"]) - elo])
    fig, ax = plt.subplots(figsize=(max(4, 1.2 * len(labels) + 2), 3.5))
    ax.bar(labels, elo, yerr=err, capsize=6, color="tab:blue")
    ax.set_ylabel("Elo (mean 1000)")
    ax.set_title(f"Ratings, {result['players']} players (95% CI)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def winrate_bars(result: dict, path: Path) -> Path:
    plt = _plt()
    rows = [r for r in result["rows"] if r["games"]]
    labels = [r["agent"] for r in rows]
    rate = np.array([r["win_rate"] for r in rows])
    err = np.maximum(0.0, [rate - np.array([r["win_low"] for r in rows]),
                           np.array([r["win_high"] for r in rows]) - rate]) if rows else None
    fig, ax = plt.subplots(figsize=(max(4, 1.2 * len(labels) + 2), 3.5))
    ax.bar(labels, rate, yerr=err, capsize=6, color="tab:green")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    title = "solo" if result["players"] == 1 else f"{result['players']} players"
    ax.set_title(f"Win rate, {title} (95% Wilson CI)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def read_scalars(tb_dir: str | Path) -> dict[str, list[tuple[int, float]]]:
    """Every scalar tag in the TensorBoard event files under ``tb_dir`` (all runs merged,
    sorted by step)."""
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    tb_dir = Path(tb_dir)
    files = sorted(tb_dir.rglob("events.out.tfevents.*"))
    if not files:
        raise FileNotFoundError(f"no TensorBoard event files under {tb_dir}")
    out: dict[str, list[tuple[int, float]]] = {}
    for d in sorted({f.parent for f in files}):
        acc = EventAccumulator(str(d), size_guidance={"scalars": 0})
        acc.Reload()
        for tag in acc.Tags().get("scalars", []):
            out.setdefault(tag, []).extend((e.step, e.value) for e in acc.Scalars(tag))
    return {k: sorted(v) for k, v in out.items()}


# what each TensorBoard tag means, said as a reader of the plot would say it
CURVE_TITLES = {"rollout/ep_rew_mean": "Episode return (mean of the last 100 episodes)",
                "rollout/ep_len_mean": "Episode length in decisions (mean of the last 100)",
                "exit/win_share": "Expert iteration: the search's share of its games won"}


def learning_curve(tb_dir: str | Path, path: Path,
                   tags=("rollout/ep_rew_mean", "rollout/ep_len_mean"), xlabel: str = "timesteps") -> Path | None:
    scalars = read_scalars(tb_dir)
    present = [t for t in tags if t in scalars]
    if not present:
        return None
    plt = _plt()
    fig, axes = plt.subplots(1, len(present), figsize=(5 * len(present), 3.5), squeeze=False)
    for ax, tag in zip(axes[0], present):
        steps, values = zip(*scalars[tag])
        ax.plot(steps, values)
        ax.set_xlabel(xlabel)
        ax.set_title(CURVE_TITLES.get(tag, tag), fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def series_plot(series: dict, xlabel: str, path: Path, ylabel: str | None = None, logx: bool = False) -> Path:
    """One panel per ``title -> (xs, ys)`` of ``series``, side by side, markers on the points
    (e.g. boardgym/train/dagger.py's figures per iteration); ``ys`` may be a dict ``label ->
    values`` for several lines in one panel, with a legend (e.g. the speed benchmark's steps/s
    of each vectorization against the number of envs); ``logx``: a base-2 x axis."""
    plt = _plt()
    fig, axes = plt.subplots(1, len(series), figsize=(5 * len(series), 3.5), squeeze=False)
    for ax, (title, (xs, ys)) in zip(axes[0], series.items()):
        lines = ys if isinstance(ys, dict) else {None: ys}
        for label, values in lines.items():
            ax.plot(xs, values, marker="o", label=label)
        if logx:
            ax.set_xscale("log", base=2)
        ax.set_xlabel(xlabel, fontsize=8)
        if ylabel:
            ax.set_ylabel(ylabel, fontsize=8)
        ax.set_title(title, fontsize=10)
        ax.set_xticks(list(xs))
        ax.set_xticklabels([str(x) for x in xs])
        if isinstance(ys, dict):
            ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def performance_profile(scores: dict, path: Path, reps: int = 2000, taus=None) -> Path:
    """The fraction of (block, task) normalized scores above each tau, per agent, with its
    stratified-bootstrap 95% band (``stats.performance_profiles``); 1 is the heuristic."""
    from .stats import performance_profiles

    plt = _plt()
    taus = np.linspace(-0.25, 2.0, 46) if taus is None else np.asarray(taus, dtype=float)
    curves, bands = performance_profiles(scores, taus, reps=reps)
    fig, ax = plt.subplots(figsize=(6, 3.8))
    for name, curve in curves.items():
        ax.plot(taus, curve, label=name)
        ax.fill_between(taus, bands[name][0], bands[name][1], alpha=0.2)
    ax.axvline(1.0, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("normalized score tau (random 0, heuristic 1)")
    ax.set_ylabel("fraction of scores > tau\n(every block of test seeds, every task)")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title("Performance profile (95% stratified-bootstrap bands)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return Path(path)


def improvement_bars(probs: dict, path: Path) -> Path:
    """``probs["X,Y"] = (point, low, high)``: the probability that X beats Y on a random task
    (``stats.probability_of_improvement``), one horizontal bar per pair with its interval."""
    plt = _plt()
    labels = [k.replace(",", " > ") for k in probs]
    point = np.array([v[0] for v in probs.values()])
    err = np.maximum(0.0, [point - np.array([v[1] for v in probs.values()]),
                           np.array([v[2] for v in probs.values()]) - point])
    fig, ax = plt.subplots(figsize=(6, 0.5 * len(labels) + 1.5))
    ax.barh(labels, point, xerr=err, capsize=4, color="tab:purple")
    ax.axvline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xlim(0, 1)
    ax.set_xlabel("P(X > Y) on a random task (95% stratified-bootstrap CI)")
    ax.set_title("Probability of improvement")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return Path(path)
