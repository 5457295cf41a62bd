"""Run configs: a YAML file per run under train/configs/, a game -> default config map, and the
resolved config (file + command-line overrides) that is written to runs/<name>/config.yaml."""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

CONFIG_DIR = Path(__file__).resolve().parent / "configs"

DEFAULTS = {
    "name": None,
    "env_id": None,
    "env_kwargs": {},
    "seed": 0,
    "total_timesteps": 100_000,
    "n_envs": 2,
    "vec_env": "subproc",
    "torch_threads": 1,
    "checkpoint_freq": 50_000,
    "ppo": {},
    "eval": {"games": 200, "seed_base": 100_000, "baselines": ["random", "heuristic"],
             "opponents": ["random", "heuristic"]},
}

# The optional ``pretrain:`` section (behaviour cloning before PPO, train/imitation.py): these
# values fill the keys a config leaves out; no section (or ``pretrain: null``) = no warm start.
PRETRAIN_DEFAULTS = {
    "agent": "heuristic",     # the demonstrator: "heuristic", "random", "module:Class", "ppo:<zip>"
    "episodes": 200,          # whole games played by the demonstrator (10% held out, by episode)
    "epochs": 10,             # passes over the training decisions
    "batch_size": 512,
    "learning_rate": 1.0e-3,  # Adam, separate from PPO's optimizer
    "value_coef": 0.5,        # loss = cross-entropy + value_coef * MSE(value, return-to-go)
    "seed": 0,                # episodes' chance + agents, the split and the batch order
}


def _read(path: Path) -> dict:
    with open(path) as f:
        data = yaml.safe_load(f) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a training config must be a mapping")
    return data


def default_config_path(game: str) -> Path:
    table = _read(CONFIG_DIR / "defaults.yaml")
    if game not in table:
        raise SystemExit(f"no default training config for game {game!r}; known: {sorted(table)} "
                         f"(add one to train/configs/defaults.yaml or pass --config)")
    return CONFIG_DIR / table[game]


def _merge(base: dict, over: dict) -> dict:
    out = copy.deepcopy(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def load_config(path: str | Path, overrides: dict | None = None) -> dict:
    """The config file merged over DEFAULTS, then ``overrides`` (None values ignored)."""
    path = Path(path)
    cfg = _merge(DEFAULTS, _read(path))
    cfg["config_file"] = str(path)
    if not cfg.get("name"):
        cfg["name"] = path.stem
    for k, v in (overrides or {}).items():
        if v is not None:
            cfg[k] = v
    if not cfg.get("env_id"):
        raise SystemExit(f"{path}: env_id is required")
    return validate_config(cfg)


def _int(section: str, key: str, value, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise SystemExit(f"{section}{key} must be an integer >= {low}, got {value!r}")
    return value


def _number(section: str, key: str, value, positive: bool) -> float:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    if not ok or (value <= 0 if positive else value < 0) or value != value:
        raise SystemExit(f"{section}{key} must be a number {'> 0' if positive else '>= 0'}, got {value!r}")
    return float(value)


def check_pretrain(section) -> dict | None:
    """The ``pretrain:`` section with defaults filled in, or None when absent / null; a
    SystemExit naming the key for anything unknown or out of range."""
    if section is None or section is False:
        return None
    if not isinstance(section, dict):
        raise SystemExit(f"pretrain must be a mapping of {sorted(PRETRAIN_DEFAULTS)} (or null), "
                         f"got {section!r}")
    unknown = sorted(set(section) - set(PRETRAIN_DEFAULTS))
    if unknown:
        raise SystemExit(f"pretrain: unknown key(s) {unknown}; valid keys: {sorted(PRETRAIN_DEFAULTS)}")
    out = dict(PRETRAIN_DEFAULTS, **section)
    agent = out["agent"]
    if not isinstance(agent, str) or not (agent in ("heuristic", "random") or ":" in agent):
        raise SystemExit(f"pretrain.agent must be 'heuristic', 'random', 'module:Class' or "
                         f"'ppo:<model.zip>', got {agent!r}")
    out["episodes"] = _int("pretrain.", "episodes", out["episodes"], 2)  # >= 1 held out
    out["epochs"] = _int("pretrain.", "epochs", out["epochs"], 1)
    out["batch_size"] = _int("pretrain.", "batch_size", out["batch_size"], 1)
    out["seed"] = _int("pretrain.", "seed", out["seed"], 0)
    out["learning_rate"] = _number("pretrain.", "learning_rate", out["learning_rate"], True)
    out["value_coef"] = _number("pretrain.", "value_coef", out["value_coef"], False)
    return out


def validate_config(cfg: dict) -> dict:
    """Check the run-wide keys and the ``pretrain`` section (defaults filled in), in place;
    called on loading and again by ``train.run.train`` after ``--set`` overrides."""
    if cfg["vec_env"] not in ("subproc", "dummy"):
        raise SystemExit(f"vec_env must be 'subproc' or 'dummy', got {cfg['vec_env']!r}")
    if int(cfg["n_envs"]) < 1:
        raise SystemExit("n_envs must be >= 1")
    try:
        steps = int(cfg["total_timesteps"])
    except (TypeError, ValueError):
        steps = -1
    if steps < 0 or isinstance(cfg["total_timesteps"], bool):  # 0 = no PPO (e.g. pretrain only)
        raise SystemExit(f"total_timesteps must be an integer >= 0, got {cfg['total_timesteps']!r}")
    cfg["pretrain"] = check_pretrain(cfg.get("pretrain"))
    if cfg["pretrain"] is None:
        cfg.pop("pretrain")
    return cfg


def write_config(cfg: dict, path: Path) -> None:
    with open(path, "w") as f:
        yaml.safe_dump(cfg, f, sort_keys=False)


def set_dotted(cfg: dict, item: str, flag: str = "--set") -> None:
    """Apply ``"a.b.c=VALUE"`` (VALUE parsed as YAML) to ``cfg`` in place; ``flag`` names the
    command-line option in the error."""
    key, sep, raw = item.partition("=")
    if not sep or not key.strip():
        raise SystemExit(f"{flag} expects KEY.PATH=VALUE, got {item!r}")
    parts = key.strip().split(".")
    node = cfg
    for p in parts[:-1]:
        if not isinstance(node.get(p), dict):
            node[p] = {}
        node = node[p]
    node[parts[-1]] = yaml.safe_load(raw)
