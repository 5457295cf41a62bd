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
    if cfg["vec_env"] not in ("subproc", "dummy"):
        raise SystemExit(f"vec_env must be 'subproc' or 'dummy', got {cfg['vec_env']!r}")
    if int(cfg["n_envs"]) < 1:
        raise SystemExit("n_envs must be >= 1")
    return cfg


def write_config(cfg: dict, path: Path) -> None:
    with open(path, "w") as f:
        yaml.safe_dump(cfg, f, sort_keys=False)


def set_dotted(cfg: dict, item: str) -> None:
    """Apply ``"a.b.c=VALUE"`` (VALUE parsed as YAML) to ``cfg`` in place."""
    key, sep, raw = item.partition("=")
    if not sep or not key.strip():
        raise SystemExit(f"--set expects KEY.PATH=VALUE, got {item!r}")
    parts = key.strip().split(".")
    node = cfg
    for p in parts[:-1]:
        if not isinstance(node.get(p), dict):
            node[p] = {}
        node = node[p]
    node[parts[-1]] = yaml.safe_load(raw)
