"""Run configs: a YAML file per run under boardgym/train/configs/, a game -> default config map, and the
resolved config (file + command-line overrides) that is written to runs/<name>/config.yaml."""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

CONFIG_DIR = Path(__file__).resolve().parent / "configs"

DEFAULTS = {
    "name": None,
    "backend": "sb3",        # sb3 (MaskablePPO, boardgym/train/run.py) | rllib (Ray RLlib, boardgym/train/rllib/)
    "env_id": None,
    "env_kwargs": {},
    "seed": 0,
    "total_timesteps": 100_000,
    "n_envs": 2,
    "vec_env": "subproc",     # subproc | dummy | batched (boardgym/train/envs.py); batched takes
                              # an optional workers: W (W processes over shared memory, W <= n_envs)
    "torch_threads": 1,
    "checkpoint_freq": 50_000,
    "ppo": {},
    "eval": {"games": 200, "seed_base": 100_000, "baselines": ["random", "heuristic"],
             "opponents": ["random", "heuristic"]},
}

# The optional ``pretrain:`` section (behaviour cloning before PPO, boardgym/train/imitation.py): these
# values fill the keys a config leaves out; no section (or ``pretrain: null``) = no warm start.
PRETRAIN_DEFAULTS = {
    "agent": "heuristic",     # the demonstrator: "heuristic", "random", "module:Class", "ppo:<zip>"
    "episodes": 200,          # whole games played by the demonstrator (10% held out, by episode)
    "epochs": 10,             # passes over the training decisions
    "batch_size": 512,
    "learning_rate": 1.0e-3,  # Adam, separate from PPO's optimizer
    "value_coef": 0.5,        # loss = cross-entropy + value_coef * MSE(value, return-to-go)
    "seed": 0,                # episodes' chance + agents, the split and the batch order
    "jobs": 1,                # collection processes (with ray: true, the local Ray's CPUs)
    "ray": False,             # collect on Ray: true (a local Ray), "auto" or "HOST:PORT" (a cluster)
}


# The optional ``dagger:`` section (DAgger after the warm start, before PPO): keys and defaults
# in boardgym/train/dagger.py DAGGER_DEFAULTS (expert, opponents, iterations, episodes, beta, decay,
# sample, epochs, batch_size, learning_rate, value_coef, max_decisions, seed, jobs, ray), checked
# by check_dagger. The optional ``kl:`` section (PPO + coef x KL(pi_ref || pi), boardgym/train/kl_ppo.py):
# KL_DEFAULTS (coef, reference, decay), checked by check_kl. Neither: plain MaskablePPO.
# The optional ``policy:`` section (the network: encoder flat | entity, heads shared | per_kind):
# boardgym/train/policy_config.py POLICY_DEFAULTS, checked by check_policy; none = MlpPolicy.

# The ``eval:`` and ``pool:`` keys (boardgym/train/run.py's final table, boardgym/train/selfplay.py's periodic
# evaluation and opponent pool); DEFAULTS fills the first four.
EVAL_KEYS = ("games", "seed_base", "baselines", "opponents",    # the final table (boardgym/train/run.py)
             "every", "every_games", "pool_games", "elo_bootstrap", "at_end")   # self-play only
POOL_KEYS = ("size", "snapshot_every", "snapshot_at_start", "deterministic", "weights", "pfsp")
# written by a run into runs/NAME/config.yaml (read back by --resume, then dropped)
RUN_RECORD_KEYS = ("config_file", "out", "resume", "vec_env_used", "env_seeds", "command", "versions")
TOP_KEYS = tuple(DEFAULTS) + ("workers", "pool", "pretrain", "value", "rllib", "dagger", "kl", "exit",
                               "policy")
BACKENDS = ("sb3", "rllib")
# passed by boardgym/train/run.py itself, so not ppo: keys
PPO_SET_BY_RUN = ("self", "policy", "env", "seed", "device", "tensorboard_log", "verbose",
                  "_init_setup_model")


def ppo_keys() -> list[str]:
    """The ``ppo:`` keys: MaskablePPO's constructor keywords but those the run passes."""
    import inspect

    from sb3_contrib import MaskablePPO

    return [k for k in inspect.signature(MaskablePPO.__init__).parameters if k not in PPO_SET_BY_RUN]


def policy_kwargs_keys() -> list[str]:
    """The ``ppo.policy_kwargs:`` keys: the masked MlpPolicy's constructor keywords."""
    import inspect

    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    skip = ("self", "observation_space", "action_space", "lr_schedule")
    return [k for k in inspect.signature(MaskableActorCriticPolicy.__init__).parameters if k not in skip]


def env_kwargs_keys(env_id) -> list[str] | None:
    """The ``env_kwargs:`` keys of a registered id: ``gym.make``'s own keywords, the env's
    (``BoardgymEnv``) and the game's options; None when ``env_id`` is not a registered id
    (``validate_config`` says so)."""
    import inspect

    import gymnasium

    import boardgym  # noqa: F401  (registers the ids)
    from boardgym.games import game_class

    try:
        spec = gymnasium.spec(str(env_id))
    except gymnasium.error.Error:
        return None
    env_cls = gymnasium.envs.registration.load_env_creator(spec.entry_point)
    keys = [k for k, p in inspect.signature(env_cls.__init__).parameters.items()
            if k not in ("self", "game") and p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]
    keys += [k for k in inspect.signature(gymnasium.make).parameters if k not in ("id", "kwargs")]
    game = spec.kwargs.get("game")
    if game is not None:
        keys += list(game_class(game).info.defaults)
    return list(dict.fromkeys(keys))


def section_keys(path: tuple, cfg: dict):
    """What may stand under the dotted ``path`` of a config: a list of keys (a section), the
    string ``"any"`` (a mapping with free keys: ``pool.weights``, whose keys are agent specs
    checked as values) or None (a value, no keys below)."""
    from .dagger import DAGGER_DEFAULTS
    from .kl_ppo import KL_DEFAULTS
    from .rllib.settings import LEAGUE_KEYS, RLLIB_KEYS
    from .value import VALUE_DEFAULTS

    table = {(): TOP_KEYS, ("eval",): EVAL_KEYS, ("pool",): POOL_KEYS, ("pool", "weights"): "any",
             ("pool", "pfsp"): ("weighting", "p", "floor"),
             ("pretrain",): tuple(PRETRAIN_DEFAULTS), ("value",): tuple(VALUE_DEFAULTS),
             ("rllib",): RLLIB_KEYS, ("rllib", "league"): LEAGUE_KEYS, ("rllib", "league", "weights"): "any",
             ("dagger",): tuple(DAGGER_DEFAULTS), ("kl",): tuple(KL_DEFAULTS)}
    from .expert_iteration import EXIT_DEFAULTS
    from .policy_config import POLICY_DEFAULTS
    table[("exit",)] = tuple(EXIT_DEFAULTS)
    table[("policy",)] = tuple(POLICY_DEFAULTS)
    if path in table:
        return table[path]
    if path == ("ppo",):
        return ppo_keys()
    if path == ("ppo", "policy_kwargs"):
        return policy_kwargs_keys()
    if path == ("env_kwargs",):
        keys = env_kwargs_keys(cfg.get("env_id"))
        return "any" if keys is None else keys
    return None


def shown_command(cmd: str | None) -> str:
    """A run's recorded command (``sys.argv`` joined) as a person types it: the
    ``/path/to/boardgym/train/__main__.py`` that ``python -m boardgym.train`` leaves in ``sys.argv[0]``
    becomes ``python -m boardgym.train`` (a run recorded as ``train/__main__.py`` too)."""
    from pathlib import Path

    first, _, rest = (cmd or "").partition(" ")
    if first.endswith("__main__.py"):
        package = Path(first).parent
        name = package.name if package.parent.name != "boardgym" else f"boardgym.{package.name}"
        if name in ("train", "eval"):        # recorded before they moved into the package
            name = f"boardgym.{name}"
        return f"python -m {name} {rest}".strip()
    return (cmd or "").strip()


def unknown_key(dotted: str, valid) -> str:
    """``unknown key 'a.b' (did you mean 'a.c'?); valid keys under 'a': ...``."""
    from boardgym.agents.specs import nearest

    parent, _, key = dotted.rpartition(".")
    where = f" under {parent!r}" if parent else ""
    return (f"unknown key {dotted!r}{nearest(key, valid)}; valid keys{where}: "
            f"{', '.join(str(v) for v in valid)}")


def check_keys(cfg: dict, where: str) -> None:
    """Every key of ``cfg``, at every depth the schema knows, is a known one; a SystemExit that
    starts with ``where`` (the file) and names the key and the nearest valid ones otherwise."""
    def walk(node, path):
        keys = section_keys(path, cfg)
        if keys is None or keys == "any" or not isinstance(node, dict):
            return
        for k, v in node.items():
            dotted = ".".join(path + (str(k),))
            if path == () and k in RUN_RECORD_KEYS:
                continue
            if k not in keys:
                raise SystemExit(f"{where}: {unknown_key(dotted, keys)}")
            walk(v, path + (k,))

    walk(cfg, ())


def _read(path: Path) -> dict:
    from boardgym.agents.specs import read_yaml

    with open(path) as f:
        data = read_yaml(f) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a training config must be a mapping")
    return data


def config_path(given: str | Path, flag: str = "--config") -> Path:
    """The run config a command was given: a file, or the name of a shipped config
    (``primeval_dagger.yaml`` or ``primeval_dagger``: boardgym/train/configs/, which an installed
    boardgym keeps inside the package). The old place ``train/configs/NAME`` is refused naming
    the new one; anything else that is not a file is refused naming the flag."""
    path = Path(given)
    if path.is_file():
        return path
    shipped = [CONFIG_DIR / n for n in (path.name, path.name + ".yaml")]
    found = next((p for p in shipped if p.is_file()), None)
    if found is not None and len(path.parts) == 1:
        return found
    if found is not None and path.parts[:2] == ("train", "configs"):
        raise SystemExit(f"{flag}: {str(given)!r}: the shipped training configs moved into the "
                         f"boardgym package; write boardgym/train/configs/{found.name} in a checkout, "
                         f"or the name alone ({flag} {found.name}) anywhere")
    raise SystemExit(f"{flag}: no config file {str(given)!r} (a YAML file, or the name of a shipped "
                     f"config: {', '.join(sorted(p.name for p in CONFIG_DIR.glob('*.yaml')))})")


def default_config_path(game: str) -> Path:
    table = _read(CONFIG_DIR / "defaults.yaml")
    if game not in table:
        raise SystemExit(f"no default training config for game {game!r}; known: {sorted(table)} "
                         f"(add one to boardgym/train/configs/defaults.yaml or pass --config)")
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


def open_section(name: str, section, defaults: dict, optional: bool = True) -> dict | None:
    """A config section (``pretrain:``, ``dagger:``, ``exit:``, ``kl:``, ``value:``) with its
    defaults filled in: None when absent or null (``optional``; else the defaults alone), a
    SystemExit naming the section for a non-mapping and the key, with the nearest valid one, for
    an unknown key. The values are each section's own to check."""
    if section is None or section is False:
        if optional:
            return None
        section = {}
    if not isinstance(section, dict):
        raise SystemExit(f"{name} must be a mapping of {sorted(defaults)}"
                         + (" (or null)" if optional else "") + f", got {section!r}")
    unknown = sorted(set(section) - set(defaults))
    if unknown:
        raise SystemExit(f"{name}: {unknown_key(f'{name}.{unknown[0]}', list(defaults))}")
    return dict(defaults, **section)


def check_pretrain(section) -> dict | None:
    """The ``pretrain:`` section with defaults filled in, or None when absent / null; a
    SystemExit naming the key for anything unknown or out of range."""
    out = open_section("pretrain", section, PRETRAIN_DEFAULTS)
    if out is None:
        return None
    _specs("pretrain.agent", [out["agent"]])
    from .imitation import check_collection

    out = check_collection("pretrain.", out)
    out["episodes"] = _int("pretrain.", "episodes", out["episodes"], 2)  # >= 1 held out
    out["epochs"] = _int("pretrain.", "epochs", out["epochs"], 1)
    out["batch_size"] = _int("pretrain.", "batch_size", out["batch_size"], 1)
    out["seed"] = _int("pretrain.", "seed", out["seed"], 0)
    out["learning_rate"] = _number("pretrain.", "learning_rate", out["learning_rate"], True)
    out["value_coef"] = _number("pretrain.", "value_coef", out["value_coef"], False)
    return out


def _flag(section: str, key: str, value) -> bool:
    if not isinstance(value, bool):
        raise SystemExit(f"{section}{key} must be true or false, got {value!r}")
    return value


def _specs(where: str, value, allow_pool: bool = False) -> None:
    """Each entry of ``value`` names an agent (``boardgym.agents.specs.check_spec``: the syntax, the
    class it imports, the model file); ``"pool"`` (a snapshot) too where allowed."""
    from boardgym.agents.specs import check_spec
    from boardgym.core.errors import ConfigError

    for spec in value:
        if allow_pool and spec == "pool":
            continue
        try:
            check_spec(spec)
        except ConfigError as exc:
            raise SystemExit(f"{where}: {exc}") from None


def check_eval(section) -> dict:
    """The ``eval:`` section: counts are integers in range, agents are agent specs."""
    if not isinstance(section, dict):
        raise SystemExit(f"eval must be a mapping of {list(EVAL_KEYS)}, got {section!r}")
    for key, low in (("games", 1), ("seed_base", 0), ("every", 0), ("every_games", 1),
                     ("pool_games", 1), ("elo_bootstrap", 0)):
        if key in section:
            _int("eval.", key, section[key], low)
    for key in ("baselines", "opponents"):
        value = section.get(key)
        if value is None:
            continue
        if not isinstance(value, list):
            raise SystemExit(f"eval.{key} must be a list of agent specs, got {value!r}")
        _specs(f"eval.{key}", value)
    if "at_end" in section:
        _flag("eval.", "at_end", section["at_end"])
    return section


def check_pool(section) -> dict:
    """The self-play ``pool:`` section: sizes and steps, flags, and ``weights`` mapping
    ``pool`` (a snapshot) or agent specs to non-negative numbers with a positive sum."""
    if not isinstance(section, dict):
        raise SystemExit(f"pool must be a mapping of {list(POOL_KEYS)}, got {section!r}")
    for key in ("size", "snapshot_every"):
        _int("pool.", key, section.get(key), 1)
    for key in ("snapshot_at_start", "deterministic"):
        if key in section:
            _flag("pool.", key, section[key])
    weights = section.get("weights")
    if not isinstance(weights, dict) or not weights:
        raise SystemExit(f"pool.weights must map opponents ('pool' or agent specs) to weights, "
                         f"got {weights!r}")
    _specs("pool.weights", list(weights), allow_pool=True)
    for k, v in weights.items():
        _number("pool.weights.", str(k), v, False)
    if sum(weights.values()) <= 0:
        raise SystemExit(f"pool.weights must have a positive sum, got {weights!r}")
    from .pfsp import check_pfsp

    section["pfsp"] = check_pfsp(section.get("pfsp"))
    if section["pfsp"] is None:
        section.pop("pfsp")
    return section


def validate_config(cfg: dict) -> dict:
    """Check every key against the schema (``section_keys``) and the values of the run-wide
    keys and of the ``eval``, ``pool``, ``pretrain``, ``dagger`` and ``kl`` sections (defaults filled in), in
    place; called on loading and again by ``boardgym.train.run.train`` after ``--set`` overrides."""
    where = cfg.get("config_file") or "config"
    env_id = cfg.get("env_id")
    if env_kwargs_keys(env_id) is None:
        from boardgym.envs.registry import gym_ids

        raise SystemExit(f"{where}: env_id {env_id!r} is not a registered id; known: {', '.join(gym_ids())}")
    check_keys(cfg, where)
    if cfg.get("backend", "sb3") not in BACKENDS:
        raise SystemExit(f"{where}: backend must be one of {', '.join(BACKENDS)}, got {cfg.get('backend')!r}")
    if cfg.get("backend") == "rllib":
        from .rllib.settings import check_rllib

        cfg["rllib"] = check_rllib(cfg.get("rllib"), cfg)
    if not isinstance(cfg.get("env_kwargs") or {}, dict):
        raise SystemExit(f"env_kwargs must be a mapping of env and game options, got {cfg['env_kwargs']!r}")
    if not isinstance(cfg.get("ppo") or {}, dict):
        raise SystemExit(f"ppo must be a mapping of MaskablePPO keywords, got {cfg['ppo']!r}")
    if cfg["vec_env"] not in ("subproc", "dummy", "batched"):
        raise SystemExit(f"vec_env must be 'subproc', 'dummy' or 'batched', got {cfg['vec_env']!r}")
    _int("", "n_envs", cfg["n_envs"], 1)
    if cfg.get("workers") is not None:
        _int("", "workers", cfg["workers"], 1)
        if cfg["vec_env"] != "batched":
            raise SystemExit(f"workers: {cfg['workers']} needs vec_env: batched (the multi-process batched "
                             f"env), got vec_env: {cfg['vec_env']}")
        if cfg["workers"] > cfg["n_envs"]:
            raise SystemExit(f"workers must be at most n_envs ({cfg['n_envs']}): each worker steps at "
                             f"least one env, got {cfg['workers']}")
    _int("", "seed", cfg["seed"], 0)
    _int("", "torch_threads", cfg["torch_threads"], 1)
    _int("", "checkpoint_freq", cfg["checkpoint_freq"], 1)
    try:
        steps = int(cfg["total_timesteps"])
    except (TypeError, ValueError):
        steps = -1
    if steps < 0 or isinstance(cfg["total_timesteps"], bool):  # 0 = no PPO (e.g. pretrain only)
        raise SystemExit(f"total_timesteps must be an integer >= 0, got {cfg['total_timesteps']!r}")
    check_eval(cfg["eval"])
    if cfg.get("pool") is not None:
        check_pool(cfg["pool"])
    from .policy_config import check_policy

    cfg["policy"] = check_policy(cfg.get("policy"), cfg)
    if cfg["policy"] is None:
        cfg.pop("policy")
    cfg["pretrain"] = check_pretrain(cfg.get("pretrain"))
    if cfg["pretrain"] is None:
        cfg.pop("pretrain")
    from .dagger import check_dagger
    from .expert_iteration import check_exit
    from .kl_ppo import check_kl

    for key, check in (("dagger", check_dagger), ("kl", check_kl), ("exit", check_exit)):
        cfg[key] = check(cfg.get(key))
        if cfg[key] is None:
            cfg.pop(key)
    if cfg.get("backend") == "rllib" and (cfg.get("dagger") or cfg.get("kl") or cfg.get("exit")):
        raise SystemExit(f"{where}: dagger:, kl: and exit: are for backend sb3 (MaskablePPO); this config "
                         f"trains with rllib")
    space = (cfg.get("env_kwargs") or {}).get("action_space", "flat")
    if space != "flat" and (cfg.get("exit") or cfg.get("pool") or cfg.get("backend") == "rllib"):
        # pretrain:, dagger: and kl: label and play in the view (the expert through FlatAgentInView);
        # expert iteration's search targets, the pool's snapshots as opponents and the RLlib
        # modules are over the flat catalogue
        what = ("exit: (expert iteration)" if cfg.get("exit") else
                "pool: (its snapshots play the other seats)" if cfg.get("pool") else "backend rllib")
        raise SystemExit(f"{where}: env_kwargs.action_space {space!r} trains with MaskablePPO "
                         f"(backend sb3, with pretrain:, dagger: and kl: if wanted); {what} still "
                         f"plays the flat catalogue: leave it out or use action_space 'flat'")
    return cfg


def write_config(cfg: dict, path: Path) -> None:
    with open(path, "w") as f:
        yaml.safe_dump(cfg, f, sort_keys=False)


def check_key_path(cfg: dict, parts, where: str) -> None:
    """The dotted path ``parts`` names an entry the run config's schema knows (``section_keys``);
    a SystemExit starting with ``where`` that names the unknown key and the nearest valid ones
    otherwise (``--set`` and the search spaces of ``python -m boardgym.train.tune`` use it)."""
    parts = list(parts)
    for depth in range(len(parts)):
        path = tuple(parts[:depth])
        keys = section_keys(path, cfg)
        dotted = ".".join(parts[:depth + 1])
        if keys is None:
            raise SystemExit(f"{where}: {'.'.join(path)!r} takes a value, not keys below it")
        if keys != "any" and parts[depth] not in keys:
            raise SystemExit(f"{where}: {unknown_key(dotted, keys)}")


def set_dotted(cfg: dict, item: str, flag: str = "--set", schema: bool = False) -> None:
    """Apply ``"a.b.c=VALUE"`` (VALUE parsed as YAML) to ``cfg`` in place; ``flag`` names the
    command-line option in the error. ``schema``: ``cfg`` is a run config, and a key the
    schema does not know (``section_keys``) is refused, naming it and the nearest valid ones."""
    key, sep, raw = item.partition("=")
    if not sep or not key.strip():
        raise SystemExit(f"{flag} expects KEY.PATH=VALUE, got {item!r}")
    parts = key.strip().split(".")
    if any(not p for p in parts):
        raise SystemExit(f"{flag} {item}: {key.strip()!r} has an empty part")
    from boardgym.agents.specs import read_yaml

    try:
        value = read_yaml(raw)
    except yaml.YAMLError as exc:
        why = getattr(exc, "problem", None) or exc
        raise SystemExit(f"{flag} {item}: the value is not YAML ({why})") from None
    if schema:
        check_key_path(cfg, parts, f"{flag} {item}")
    node = cfg
    for p in parts[:-1]:
        if not isinstance(node.get(p), dict):
            node[p] = {}
        node = node[p]
    node[parts[-1]] = value
