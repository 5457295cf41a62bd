"""Search spaces of ``python -m boardgym.train.tune``: a YAML file whose keys are run-config paths as
``--set`` writes them and whose values say how each is drawn, e.g.

    ppo.ent_coef: {loguniform: [1.0e-4, 1.0e-1]}
    kl.coef: {choice: [0, 0.03, 0.1]}
    ppo.policy_kwargs.net_arch: {choice: [[64, 64], [256, 256]]}

Distributions (:data:`DISTRIBUTIONS`): ``uniform: [LOW, HIGH]``, ``loguniform: [LOW, HIGH]``
(``0 < LOW``), ``randint: [LOW, HIGH]`` (whole numbers, HIGH excluded), ``choice: [V, ...]``
(one drawn per trial) and ``grid: [V, ...]`` (every value, each ``--samples`` times: Ray Tune's
grid search). A path the config schema does not know is refused naming the nearest valid ones,
as ``--set`` does, and every value a distribution can give (its choices, its two bounds) is
checked against the base config the way a run checks its config, before Ray is started.
"""
from __future__ import annotations

import copy
from pathlib import Path

DISTRIBUTIONS = {
    "uniform": "[LOW, HIGH]: a number drawn evenly between the bounds",
    "loguniform": "[LOW, HIGH] with 0 < LOW: a number drawn evenly on a log scale",
    "randint": "[LOW, HIGH]: a whole number from LOW up to HIGH - 1",
    "choice": "[V1, V2, ...]: one of the values, drawn per trial",
    "grid": "[V1, V2, ...]: every value in turn (each repeated --samples times)",
}


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and abs(v) != float("inf")


def check_entry(where: str, key: str, entry) -> tuple[str, list]:
    """``(distribution, arguments)`` of one space entry; a SystemExit naming the file and key
    for an unknown distribution, a malformed entry or bad bounds."""
    from boardgym.agents.specs import nearest

    kinds = "; ".join(f"{k} {v}" for k, v in DISTRIBUTIONS.items())
    if not isinstance(entry, dict) or len(entry) != 1:
        raise SystemExit(f"{where}: {key}: expected one distribution as {{NAME: ARGS}}, e.g. "
                         f"{{loguniform: [1.0e-4, 1.0e-1]}}, got {entry!r}; distributions: {kinds}")
    (kind, args), = entry.items()
    if kind not in DISTRIBUTIONS:
        raise SystemExit(f"{where}: {key}: unknown distribution {kind!r}{nearest(kind, DISTRIBUTIONS)}; "
                         f"distributions: {kinds}")
    if not isinstance(args, list) or not args:
        raise SystemExit(f"{where}: {key}: {kind} takes {DISTRIBUTIONS[kind]}, got {args!r}")
    if kind in ("choice", "grid"):
        return kind, args
    if len(args) != 2 or not all(_number(a) for a in args):
        raise SystemExit(f"{where}: {key}: {kind} takes two numbers {DISTRIBUTIONS[kind]}, got {args!r}")
    low, high = args
    if kind == "randint" and not all(isinstance(a, int) for a in args):
        raise SystemExit(f"{where}: {key}: randint bounds must be whole numbers, got {args!r}")
    if kind == "loguniform" and low <= 0:
        raise SystemExit(f"{where}: {key}: loguniform needs a lower bound > 0 (a log scale has no 0), "
                         f"got {args!r}")
    if not low < high:
        raise SystemExit(f"{where}: {key}: the lower bound must be below the upper one, got {args!r}")
    return kind, [low, high]


def values_to_check(kind: str, args: list) -> list:
    """The values of a distribution that are checked against the base config: every choice,
    or both bounds (randint: its highest value)."""
    if kind in ("choice", "grid"):
        return list(args)
    return [args[0], args[1] - 1] if kind == "randint" else list(args)


def apply_settings(cfg: dict, settings: dict) -> dict:
    """A copy of ``cfg`` with each dotted path of ``settings`` set to its value."""
    out = copy.deepcopy(cfg)
    for dotted, value in settings.items():
        node = out
        parts = dotted.split(".")
        for p in parts[:-1]:
            if not isinstance(node.get(p), dict):
                node[p] = {}
            node = node[p]
        node[parts[-1]] = copy.deepcopy(value)
    return out


def load_space(path, base: dict) -> dict:
    """The search space in ``path``, checked against the resolved base config ``base``:
    ``{dotted path: (distribution, arguments)}`` in the file's order."""
    from boardgym.agents.specs import read_yaml

    from ..config import check_key_path, validate_config

    path = Path(path)
    where = f"--space {path}"
    if not path.is_file():
        raise SystemExit(f"{where}: no such file (a YAML file of config paths and distributions, "
                         f"e.g. boardgym/train/configs/tune/att_solo.yaml)")
    try:
        data = read_yaml(path.read_text())
    except Exception as exc:   # a YAML syntax error, said with its line
        raise SystemExit(f"{where}: not YAML ({exc})") from None
    if not isinstance(data, dict) or not data:
        raise SystemExit(f"{where}: expected a mapping of config paths to distributions, e.g. "
                         f"'ppo.ent_coef: {{loguniform: [1.0e-4, 1.0e-1]}}', got {data!r}")
    space = {}
    for key, entry in data.items():
        parts = str(key).split(".")
        if not isinstance(key, str) or any(not p for p in parts):
            raise SystemExit(f"{where}: {key!r} is not a dotted config path (e.g. ppo.learning_rate)")
        check_key_path(base, parts, where)
        kind, args = check_entry(where, key, entry)
        for value in values_to_check(kind, args):
            trial = apply_settings(base, {key: value})
            try:
                validate_config(trial)
            except SystemExit as exc:
                raise SystemExit(f"{where}: {key}: the value {value!r} is refused by the run config: "
                                 f"{exc}") from None
        space[key] = (kind, args)
    return space


def tune_domains(space: dict) -> dict:
    """Ray Tune's param space for ``space``: ``{dotted path: tune domain}``."""
    from ray import tune

    make = {"uniform": lambda a: tune.uniform(*a), "loguniform": lambda a: tune.loguniform(*a),
            "randint": lambda a: tune.randint(*a), "choice": tune.choice, "grid": tune.grid_search}
    return {key: make[kind](copy.deepcopy(args)) for key, (kind, args) in space.items()}


def draw_settings(space: dict, samples: int, seed: int) -> list[dict]:
    """The settings each trial gets, in trial order, as the tune's own search algorithm
    (Ray Tune's BasicVariantGenerator seeded with ``seed``) draws them; Ray is not started.
    ``python -m boardgym.train.tune --dry-run`` prints them."""
    from ray.tune.experiment import Experiment
    from ray.tune.search import BasicVariantGenerator

    def nothing(config):
        pass

    generator = BasicVariantGenerator(random_state=seed)
    generator.add_configurations([Experiment("draw", nothing, config=tune_domains(space), num_samples=samples)])
    drawn = []
    while (trial := generator.next_trial()) is not None:
        drawn.append(dict(trial.config))
    return drawn
