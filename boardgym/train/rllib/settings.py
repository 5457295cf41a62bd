"""The ``rllib:`` section of a train config (``backend: rllib``): its keys, defaults and checks.
No Ray import here: ``boardgym.train.config`` validates a config before anything starts."""
from __future__ import annotations

import copy

# every key with its default; the config's values replace these (boardgym/train/configs/rllib_*.yaml)
RLLIB_DEFAULTS = {
    "num_cpus": None,            # local Ray's CPUs (None = every core); ignored with --address
    "env_runners": 1,            # remote env-runner actors sampling in parallel (0 = sample in the driver)
    "cpus_per_env_runner": 1,    # CPUs Ray reserves for each env runner
    "envs_per_env_runner": 1,    # envs stepped in lockstep inside each env runner (one batched forward)
    "rollout_fragment_length": "auto",  # steps per env per sample call ("auto": batch / runners)
    "train_batch_size": 4000,    # env steps per training iteration (PPO's rollout)
    "minibatch_size": 256,       # SGD minibatch
    "epochs": 4,                 # passes over each batch
    "lr": 3.0e-4,
    "gamma": 0.995,
    "lambda": 0.95,              # GAE lambda
    "clip": 0.2,                 # PPO clip parameter
    "vf_coef": 0.5,
    "entropy": 0.01,             # entropy bonus coefficient
    "grad_clip": 0.5,            # global gradient-norm clip (null = none)
    "hidden": [256, 256],        # layer sizes of the policy MLP and of the value MLP
    "activation": "tanh",        # tanh | relu
    "iterations": 50,            # training iterations (the run stops at this or at `minutes`)
    "minutes": None,             # wall-clock budget for the train loop (None = no limit)
    "checkpoint_every": 10,      # iterations between checkpoints (and at the end)
    "torch_threads": 1,          # torch threads in the driver (the learner)
    "worker_niceness": 0,        # local Ray only: the env runners' nice value (Ray's own default is 15,
                                 # which starves them on a shared machine); RAY_worker_niceness wins
    "league": {
        "size": 4,               # frozen snapshot slots (modules snap0..); 0 = no snapshots
        "snapshot_every": 5,     # iterations between copies of main into the next slot
        "weights": {"self": 0.4, "pool": 0.3, "heuristic": 0.2, "random": 0.1},
    },
}
LEAGUE_KEYS = tuple(RLLIB_DEFAULTS["league"])
RLLIB_KEYS = tuple(RLLIB_DEFAULTS)
# env_kwargs an rllib run refuses: the league decides who plays each seat
NOT_FOR_RLLIB = ("opponents", "seat", "render_mode")


def _int(key, v, low, allow_none=False):
    if v is None and allow_none:
        return v
    if isinstance(v, bool) or not isinstance(v, int) or v < low:
        raise SystemExit(f"rllib.{key} must be a whole number >= {low}{' (or null)' if allow_none else ''}, "
                         f"got {v!r}")
    return v


def _num(key, v, positive=True, allow_none=False, upper=None):
    if v is None and allow_none:
        return v
    ok = isinstance(v, (int, float)) and not isinstance(v, bool) and v == v
    if not ok or (v <= 0 if positive else v < 0) or (upper is not None and v > upper):
        rng = f"{'> 0' if positive else '>= 0'}{f' and <= {upper}' if upper is not None else ''}"
        raise SystemExit(f"rllib.{key} must be a number {rng}{' (or null)' if allow_none else ''}, got {v!r}")
    return float(v)


def check_rllib(section, cfg: dict) -> dict:
    """The ``rllib:`` section with defaults filled in (a new dict); a SystemExit naming the key
    for a bad value. Unknown keys are refused earlier by ``boardgym.train.config.check_keys``."""
    from boardgym.agents.specs import check_spec
    from boardgym.core.errors import ConfigError

    if section is not None and not isinstance(section, dict):
        raise SystemExit(f"rllib must be a mapping of {', '.join(RLLIB_KEYS)}, got {section!r}")
    section = copy.deepcopy(section or {})
    league_in = section.pop("league", None) or {}
    if not isinstance(league_in, dict):
        raise SystemExit(f"rllib.league must be a mapping of {', '.join(LEAGUE_KEYS)}, got {league_in!r}")
    out = copy.deepcopy(RLLIB_DEFAULTS)
    out.update(section)
    if "weights" in league_in:
        out["league"]["weights"] = {}
    out["league"].update(league_in)
    _int("num_cpus", out["num_cpus"], 1, allow_none=True)
    _int("env_runners", out["env_runners"], 0)
    _num("cpus_per_env_runner", out["cpus_per_env_runner"])
    _int("envs_per_env_runner", out["envs_per_env_runner"], 1)
    if out["rollout_fragment_length"] != "auto":
        _int("rollout_fragment_length", out["rollout_fragment_length"], 1)
    _int("train_batch_size", out["train_batch_size"], 1)
    _int("minibatch_size", out["minibatch_size"], 1)
    if out["minibatch_size"] > out["train_batch_size"]:
        raise SystemExit(f"rllib.minibatch_size ({out['minibatch_size']}) must not exceed "
                         f"rllib.train_batch_size ({out['train_batch_size']})")
    _int("epochs", out["epochs"], 1)
    _num("lr", out["lr"])
    _num("gamma", out["gamma"], upper=1)
    _num("lambda", out["lambda"], positive=False, upper=1)
    _num("clip", out["clip"])
    _num("vf_coef", out["vf_coef"], positive=False)
    _num("entropy", out["entropy"], positive=False)
    _num("grad_clip", out["grad_clip"], allow_none=True)
    hidden = out["hidden"]
    if not isinstance(hidden, list) or not hidden or any(isinstance(h, bool) or not isinstance(h, int)
                                                         or h < 1 for h in hidden):
        raise SystemExit(f"rllib.hidden must be a list of layer sizes (whole numbers >= 1), got {hidden!r}")
    if out["activation"] not in ("tanh", "relu"):
        raise SystemExit(f"rllib.activation must be 'tanh' or 'relu', got {out['activation']!r}")
    _int("iterations", out["iterations"], 0)
    _num("minutes", out["minutes"], allow_none=True)
    _int("checkpoint_every", out["checkpoint_every"], 1)
    _int("torch_threads", out["torch_threads"], 1)
    wn = out["worker_niceness"]
    if isinstance(wn, bool) or not isinstance(wn, int) or not 0 <= wn <= 19:
        raise SystemExit(f"rllib.worker_niceness must be a whole number from 0 to 19, got {wn!r}")
    lg = out["league"]
    _int("league.size", lg["size"], 0)
    _int("league.snapshot_every", lg["snapshot_every"], 1)
    w = lg["weights"]
    if not isinstance(w, dict) or not w:
        raise SystemExit(f"rllib.league.weights must map 'self', 'pool' or agent specs to weights, got {w!r}")
    for k, v in w.items():
        _num(f"league.weights.{k}", v, positive=False)
        if k in ("self", "pool"):
            continue
        try:
            check_spec(k)
        except ConfigError as exc:
            raise SystemExit(f"rllib.league.weights: {exc}") from None
    if sum(w.values()) <= 0:
        raise SystemExit(f"rllib.league.weights must have a positive sum, got {w!r}")
    if w.get("pool", 0) > 0 and lg["size"] < 1:
        raise SystemExit("rllib.league.weights gives 'pool' a weight but rllib.league.size is 0")
    sb3 = [k for k in ("pool", "pretrain", "ppo") if cfg.get(k)]
    if sb3:
        raise SystemExit(f"{', '.join(sb3)}: section(s) of backend sb3; with backend rllib the league is "
                         f"rllib.league and PPO's settings are rllib.* (docs/scaling.md)")
    bad = [k for k in NOT_FOR_RLLIB if k in (cfg.get("env_kwargs") or {})]
    if bad:
        raise SystemExit(f"env_kwargs {bad}: not used with backend rllib (rllib.league decides who "
                         f"plays each seat); remove them")
    return out
