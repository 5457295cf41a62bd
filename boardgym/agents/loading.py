"""Loading what a spec names: ``package.module:Name`` objects, ``Agent`` classes built with or
without a seed, model files, YAML values, and the words of a misspelling's nearest fit. The
lower layer of ``boardgym.agents.specs`` (which every caller imports them from)."""
from __future__ import annotations

import difflib
import functools
import importlib
import importlib.util
import inspect
import re
from pathlib import Path

from boardgym.core.agent import Agent
from boardgym.core.errors import ConfigError

_DOTTED = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


@functools.lru_cache(maxsize=1)
def _yaml_loader():
    """PyYAML's safe loader, reading ``1e-4`` as the number YAML 1.2 says it is (YAML 1.1
    wants ``1.0e-4`` and makes ``1e-4`` a string, which then fails far from the flag)."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_implicit_resolver("tag:yaml.org,2002:float",
                                 re.compile(r"^[-+]?[0-9][0-9_]*(\.[0-9_]*)?[eE][-+]?[0-9]+$"),
                                 list("-+0123456789"))
    return Loader


def read_yaml(text: str):
    """A YAML document or scalar (``--set`` values, ``ismcts:K=V`` values, config files)."""
    import yaml

    return yaml.load(text, Loader=_yaml_loader())


def load_object(path: str, what: str = "object"):
    """``"package.module:Name"`` -> the object, a ConfigError naming ``path`` otherwise."""
    module, sep, attr = path.partition(":")
    if not sep or not _DOTTED.match(module) or not _DOTTED.match(attr):
        raise ConfigError(f"{what} {path!r} must be spelled 'package.module:Name'")
    try:
        obj = importlib.import_module(module)
    except ImportError as exc:
        renamed = moved_name(module)
        if renamed:
            raise ConfigError(f"{what} {path!r}: boardgym's module {module!r} is now {renamed!r}; "
                              f"write {renamed}:{attr}") from None
        raise ConfigError(f"{what} {path!r}: cannot import module {module!r} ({exc})") from None
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise ConfigError(f"{what} {path!r}: module {module!r} has no {attr!r}") from None
    return obj


# the heuristics' modules before each game's became a package under boardgym.agents.heuristics
_HEURISTICS = "boardgym.agents.heuristics"
FOLDED = {"att_heuristic": f"{_HEURISTICS}.ancient_terrible_things",
          "paleo_heuristic": f"{_HEURISTICS}.paleo",
          "tides_of_ruin_arcade_heuristic": f"{_HEURISTICS}.tides_of_ruin_arcade",
          "primeval_peril_heuristic": f"{_HEURISTICS}.primeval_peril",
          "primeval_peril_plan": f"{_HEURISTICS}.primeval_peril.plan",
          "primeval_peril_combat": f"{_HEURISTICS}.primeval_peril.combat"}


def moved_name(module: str) -> str | None:
    """``boardgym.X...`` when ``module`` is a name boardgym's agents, training or evaluation code
    had before they moved into the boardgym package (``agents.ppo`` -> ``boardgym.agents.ppo``),
    or a heuristic's module before it became its game's package (``boardgym.agents.att_heuristic``
    or ``agents.att_heuristic`` -> ``boardgym.agents.heuristics.ancient_terrible_things``)."""
    head, _, last = module.removeprefix("boardgym.").rpartition(".")
    if head == "agents" and last in FOLDED:
        return FOLDED[last]
    if module.split(".")[0] not in ("agents", "train", "eval"):
        return None
    try:
        return f"boardgym.{module}" if importlib.util.find_spec(f"boardgym.{module}") else None
    except (ImportError, ValueError):
        return None


def _takes_seed(cls) -> bool:
    try:
        params = inspect.signature(cls).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "seed" or p.kind is p.VAR_KEYWORD for p in params)


def construct(cls, seed: int | None, what: str, **kwargs) -> Agent:
    """``cls(seed=seed, **kwargs)`` (``seed`` only when the constructor takes one); a bad
    argument becomes a ConfigError that starts with ``what`` (e.g. ``"agent spec 'x'"``)."""
    try:
        return cls(seed=seed, **kwargs) if _takes_seed(cls) else cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{what}: {exc}") from None


def agent_class(path: str, text: str | None = None):
    """The ``Agent`` subclass ``path`` names; a ConfigError naming the spec for anything else."""
    text = text or path
    obj = load_object(path, "agent spec")
    if not (isinstance(obj, type) and issubclass(obj, Agent)):
        what = (f"class {obj.__qualname__}" if isinstance(obj, type)
                else "function" if callable(obj) else f"{type(obj).__name__} value")
        raise ConfigError(f"agent spec {text!r} names a {what}, not a subclass of "
                          f"boardgym.core.agent.Agent; 'module:Class' must name an Agent class")
    return obj


def model_file(path: str) -> Path | None:
    """The file a MaskablePPO load reads for ``path`` (``path`` or ``path.zip``), or None."""
    for p in (Path(path), Path(f"{path}.zip")):
        if p.is_file():
            return p
    return None


def nearest(key: str, valid) -> str:
    """``" (did you mean 'x'?)"`` for the closest valid spelling of ``key``, else ``""``."""
    close = difflib.get_close_matches(str(key), [str(v) for v in valid], n=3, cutoff=0.6)
    return f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
