"""``python -m boardgym.train.value --config boardgym/train/configs/paleo_value.yaml [--out runs/NAME] [--set K=V ...]``

Fits a state-value network (``boardgym/agents/value_net.py``) for search: the expected final return of
the deciding seat when the demonstrator (the game's heuristic by default) plays every seat on
from there. ISMCTS scores the states where its rollouts stop with it
(``evaluator="value:runs/NAME/value.npz"``), which makes short rollouts informative: what a
search on top of the heuristic needs is an estimate of the heuristic's own value.

1. **Collect** ``episodes`` demonstrator games (``boardgym.train.imitation.collect``; ``jobs`` worker
   processes, or Ray tasks with ``ray: true`` / ``ray: auto``: the same games either way,
   docs/scaling.md), recording a ``keep`` share of the decisions: the
   deciding seat's observation and that seat's final return (every seat, competitive games too).
2. **Fit** an MLP (ReLU ``hidden`` layers, one logit) by binary cross-entropy against
   ``(return + 1) / 2`` (a win 1, a loss 0, a draw or truncation 1/2), Adam, a seeded 10%
   held-out split by game, the last epoch kept. TensorBoard scalars ``value/*`` under
   ``runs/NAME/tb``; one printed line per epoch.
3. **Write** ``value.npz`` (numpy arrays, loaded without torch), ``config.yaml`` and
   ``results.json`` (held-out cross-entropy against the constant predictor's, mean squared
   error of the value, accuracy of its sign on decided games, timings).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import time
from pathlib import Path

import numpy as np

from boardgym.extras import require_for

from .config import _int, _number, _specs, config_path, load_config, open_section, set_dotted, validate_config, write_config

VALUE_DEFAULTS = {
    "agent": "heuristic",      # the demonstrator whose value is learnt
    "episodes": 3000,          # whole games (10% held out, by game)
    "keep": 0.1,               # share of the decisions recorded (games are long and correlated)
    "hidden": [128, 128],      # ReLU layer widths
    "epochs": 5,
    "batch_size": 512,
    "learning_rate": 1.0e-3,
    "weight_decay": 1.0e-5,
    "jobs": 2,                 # collection processes (with ray: true, the local Ray's CPUs)
    "ray": False,              # collect on Ray: true (a local Ray), "auto" or "HOST:PORT" (a cluster)
    "seed": 0,                 # games, the split, initial weights and the batch order
}


def check_value(section) -> dict:
    """The ``value:`` section with defaults filled in; a SystemExit naming a bad key."""
    out = open_section("value", section, VALUE_DEFAULTS, optional=False)
    _specs("value.agent", [out["agent"]])
    from .imitation import check_collection

    out = check_collection("value.", out)
    for key, low in (("episodes", 2), ("epochs", 1), ("batch_size", 1), ("jobs", 1), ("seed", 0)):
        out[key] = _int("value.", key, out[key], low)
    keep = _number("value.", "keep", out["keep"], True)
    if keep > 1:
        raise SystemExit(f"value.keep must lie in (0, 1], got {keep}")
    out["keep"] = keep
    out["learning_rate"] = _number("value.", "learning_rate", out["learning_rate"], True)
    out["weight_decay"] = _number("value.", "weight_decay", out["weight_decay"], False)
    hidden = out["hidden"]
    if (not isinstance(hidden, list) or not hidden
            or not all(isinstance(h, int) and not isinstance(h, bool) and h > 0 for h in hidden)):
        raise SystemExit(f"value.hidden must be a non-empty list of positive layer widths, got {hidden!r}")
    return out


def targets_of(returns: np.ndarray) -> np.ndarray:
    """Final returns in [-1, 1] -> cross-entropy targets in [0, 1]."""
    return np.clip((np.asarray(returns, dtype=np.float32) + 1.0) / 2.0, 0.0, 1.0)


def build_mlp(obs_size: int, hidden: list[int]):
    import torch as th

    layers, prev = [], obs_size
    for h in hidden:
        layers += [th.nn.Linear(prev, h), th.nn.ReLU()]
        prev = h
    layers.append(th.nn.Linear(prev, 1))
    return th.nn.Sequential(*layers)


def to_value_net(mlp, meta: dict):
    from boardgym.agents.value_net import ValueNet

    linear = [m for m in mlp if hasattr(m, "weight")]
    return ValueNet([(m.weight.detach().cpu().numpy(), m.bias.detach().cpu().numpy()) for m in linear], meta)


def held_out_metrics(mlp, demos, rows, chunk: int = 4096) -> dict:
    import torch as th

    logits = []
    with th.no_grad():
        for i in range(0, len(rows), chunk):
            logits.append(mlp(th.as_tensor(demos.dense(rows[i:i + chunk]))).squeeze(1).numpy())
    z = np.concatenate(logits).astype(np.float64)
    ret = demos.returns[rows].astype(np.float64)
    t = targets_of(ret).astype(np.float64)
    bce = float(np.mean(np.logaddexp(0.0, z) - t * z))
    base = float(np.clip(t.mean(), 1e-6, 1 - 1e-6))
    const = float(-np.mean(t * np.log(base) + (1 - t) * np.log(1 - base)))
    v = np.tanh(0.5 * z)
    decided = ret != 0
    sign = float(np.mean(np.sign(v[decided]) == np.sign(ret[decided]))) if decided.any() else float("nan")
    return {"bce": bce, "constant_bce": const, "mse": float(np.mean((v - ret) ** 2)),
            "sign_accuracy": sign, "decisions": int(len(rows))}


def fit(demos, vcfg: dict, tb_dir: str | Path | None = None, log=print):
    """Train the MLP on ``demos`` (``boardgym.train.imitation.Demos``: observations and final returns);
    returns ``(mlp, figures)``."""
    import torch as th

    from .imitation import split

    th.manual_seed(vcfg["seed"])
    train_rows, val_rows = split(demos, vcfg["seed"])
    mlp = build_mlp(demos.obs_size, vcfg["hidden"])
    opt = th.optim.Adam(mlp.parameters(), lr=vcfg["learning_rate"], weight_decay=vcfg["weight_decay"])
    loss_fn = th.nn.BCEWithLogitsLoss()
    writer = None
    if tb_dir is not None:
        from torch.utils.tensorboard import SummaryWriter

        writer = SummaryWriter(str(tb_dir))
    rng = np.random.default_rng([vcfg["seed"], 2])
    bs = vcfg["batch_size"]
    history = []
    for epoch in range(1, vcfg["epochs"] + 1):
        t0 = time.perf_counter()
        mlp.train()
        total = 0.0
        order = rng.permutation(train_rows)
        for i in range(0, len(order), bs):
            rows = order[i:i + bs]
            x = th.as_tensor(demos.dense(rows))
            y = th.as_tensor(targets_of(demos.returns[rows]))
            loss = loss_fn(mlp(x).squeeze(1), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * len(rows)
        mlp.eval()
        m = held_out_metrics(mlp, demos, val_rows)
        m.update(epoch=epoch, train_bce=total / max(1, len(order)), seconds=time.perf_counter() - t0)
        history.append(m)
        log(f"value epoch {epoch}: train bce {m['train_bce']:.4f}  held-out bce {m['bce']:.4f} "
            f"(constant {m['constant_bce']:.4f})  mse {m['mse']:.4f}  sign {m['sign_accuracy']:.3f}  "
            f"{m['seconds']:.0f} s")
        if writer is not None:
            for k in ("train_bce", "bce", "mse", "sign_accuracy"):
                writer.add_scalar(f"value/{k}", m[k], epoch)
    if writer is not None:
        writer.close()
    return mlp, {"history": history, "train_decisions": int(len(train_rows)),
                 "held_out_decisions": int(len(val_rows))}


def value_setup(cfg: dict):
    """The config's game, every seat recorded (``seat: random`` also in competitive games),
    each decision's target its seat's final return (no shaping, no discount)."""
    from .imitation import demo_setup

    cfg = dict(cfg, env_kwargs=dict(cfg.get("env_kwargs") or {}, seat="random"))
    return dataclasses.replace(demo_setup(cfg, gamma=1.0), shaping=False)


def train_value(cfg: dict, out: Path, log=print) -> dict:
    import torch as th

    from .imitation import collect, collection_runner

    vcfg = cfg["value"]
    th.set_num_threads(int(cfg.get("torch_threads", 1)))
    out.mkdir(parents=True, exist_ok=True)
    write_config(cfg, out / "config.yaml")
    setup = value_setup(cfg)
    t0 = time.perf_counter()
    demos = collect(setup, vcfg["agent"], vcfg["episodes"], vcfg["seed"], keep=vcfg["keep"],
                    runner=collection_runner(vcfg, log))
    t_collect = time.perf_counter() - t0
    log(f"collected {len(demos)} decisions from {demos.episodes} {vcfg['agent']} games in {t_collect:.0f} s")
    t0 = time.perf_counter()
    mlp, figures = fit(demos, vcfg, out / "tb", log)
    t_fit = time.perf_counter() - t0
    meta = {"game": setup.game_name, "game_kwargs": setup.game_kwargs, "obs_size": demos.obs_size,
            "agent": vcfg["agent"], "episodes": vcfg["episodes"], "held_out": figures["history"][-1]}
    net = to_value_net(mlp, meta)
    net.save(out / "value.npz")
    results = {"collect_seconds": t_collect, "fit_seconds": t_fit, "decisions": len(demos), **figures}
    (out / "results.json").write_text(json.dumps(results, indent=2, sort_keys=True))
    log(f"wrote {out / 'value.npz'} (fit {t_fit:.0f} s)")
    return results


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m boardgym.train.value", description=__doc__.split("\n\n")[1])
    ap.add_argument("--config", required=True, help="a YAML config with env_id, env_kwargs and a value: section")
    ap.add_argument("--out", help="run folder (default runs/<config name>)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY.PATH=VALUE",
                    help="override a config entry by dotted path (value parsed as YAML); repeatable")
    args = ap.parse_args(argv)
    require_for("python -m boardgym.train.value", "train")
    cfg = load_config(config_path(args.config))
    for item in args.set:
        set_dotted(cfg, item, schema=True)
    validate_config(cfg)
    cfg["value"] = check_value(cfg.get("value"))
    out = Path(args.out) if args.out else Path("runs") / cfg["name"]
    t0 = time.perf_counter()
    train_value(cfg, out)
    print(f"run folder: {out} (total {time.perf_counter() - t0:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
