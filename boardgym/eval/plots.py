"""PNG plots for tournaments (rating bars, win-rate bars) and TensorBoard learning curves."""
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


def series_plot(series: dict, xlabel: str, path: Path) -> Path:
    """One panel per ``title -> (xs, ys)`` of ``series``, side by side, markers on the points
    (e.g. boardgym/train/dagger.py's figures per iteration)."""
    plt = _plt()
    fig, axes = plt.subplots(1, len(series), figsize=(5 * len(series), 3.5), squeeze=False)
    for ax, (title, (xs, ys)) in zip(axes[0], series.items()):
        ax.plot(xs, ys, marker="o")
        ax.set_xlabel(xlabel, fontsize=8)
        ax.set_title(title, fontsize=10)
        ax.set_xticks(list(xs))
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
