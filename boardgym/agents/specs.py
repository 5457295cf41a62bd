"""Agent specs: the one parser of the strings that name an agent.

Every place that takes an agent by name uses this module: the envs' ``opponents=`` (through the
lazy entry point ``boardgym.envs.opponents``), ``python -m boardgym.eval --agents``, ``python -m boardgym.train``
(``eval.baselines``, ``eval.opponents``, ``pool.weights``, ``pretrain.agent``),
``python -m boardgym.train.value`` (``value.agent``), ISMCTS's ``prior`` and ``rollout`` and
``boardgym play --opponents``.

A spec is one of the kinds in ``KINDS`` (``python -m boardgym.eval --help`` and every error list them):

* ``random``: uniform over the legal actions;
* ``heuristic``: the game's rule-based player (the class ``envs_registry.yaml`` names);
* ``ppo:PATH``: a trained MaskablePPO model (``.zip``). Loading it unpickles code stored in
  the file, so only files you trust belong there;
* ``rllib:PATH``: a policy trained with ``backend: rllib`` (``boardgym/train/rllib/agent.py``): a run
  folder, its ``policy/`` or an RLlib checkpoint; loading unpickles code stored there, so only
  folders you trust;
* ``pretrained`` or ``pretrained:NAME``: a baseline shipped with boardgym (``boardgym/pretrained/``,
  ``python -m boardgym.pretrained`` lists them): the game's policy for the options played (its default first) or the one named,
  numpy weights read without unpickling anything;
* ``ismcts`` or ``ismcts:KEY=VALUE,...``: search (``boardgym.agents.ismcts.make_ismcts`` keywords, values
  read as YAML scalars; ``rollout.NAME=V`` goes to ``rollout_options``);
* ``llm:MODEL@URL[,KEY=VALUE,...]``: a language model behind an OpenAI-compatible server
  (``boardgym.agents.llm``), reading the text envs' prompt;
* ``module:Class``: an ``Agent`` subclass, imported and built with ``seed=`` when its
  constructor takes one. Anything else (a function, another class) is refused.

A new kind (as ``pretrained`` was) is one ``AgentKind`` entry in ``KINDS``: its
syntax, a one-line help, a parser (syntax only, no import, no file), a check (what can be
verified without building: files, imports) and a builder. Everything that takes agent specs,
their errors and their help then know it.
"""
from __future__ import annotations

import difflib
import functools
import importlib
import importlib.util
import inspect
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from boardgym.core.agent import Agent, CallableAgent, RandomAgent
from boardgym.core.errors import ConfigError, ContentError
from boardgym.extras import require

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


@dataclass(frozen=True)
class Spec:
    """A parsed agent spec: its text, its kind's name and the options its parser read."""

    text: str
    kind: str
    options: dict = field(default_factory=dict)


@dataclass(frozen=True)
class AgentKind:
    """One kind of agent spec.

    ``prefix``: spelled ``NAME:ARG`` (True) or as the bare word ``NAME`` (False);
    ``arg_optional``: both. ``parse(arg, text) -> options`` checks the syntax only;
    ``check(spec, game_name)`` what can be verified without building the agent (a file exists,
    a class imports; ``game_name`` may be None); ``build(spec, game_name, seed) -> Agent``.
    ``keyvalue``: the argument is a ``KEY=VALUE,...`` list, so a comma-separated list of specs
    keeps its commas. ``fits(spec, game)``: what can be checked once the configured game is
    known (a pretrained policy plays only the options it was trained for); ``check_spec`` runs
    it when given the game's options.
    """

    name: str
    syntax: str
    help: str
    example: str
    parse: Callable[[str, str], dict]
    build: Callable[[Spec, str, "int | None"], Agent]
    check: Callable[[Spec, "str | None"], None] | None = None
    prefix: bool = False
    arg_optional: bool = False
    keyvalue: bool = False
    label: str | None = None      # the name tables show (default: the spec's text)
    fits: Callable[[Spec, object], None] | None = None


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


def moved_name(module: str) -> str | None:
    """``boardgym.X...`` when ``module`` is a name boardgym's agents, training or evaluation code
    had before they moved into the boardgym package (``agents.ppo`` -> ``boardgym.agents.ppo``)."""
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


# -- the kinds ------------------------------------------------------------------------------
def _no_arg(arg: str, text: str) -> dict:
    return {}


def _random(spec: Spec, game_name: str, seed: int | None) -> Agent:
    return RandomAgent(seed)


def heuristic_class(game_name: str):
    from boardgym.envs.registry import registry

    games = registry().get("games", {})
    path = (games.get(game_name) or {}).get("heuristic")
    if not path:
        raise ConfigError(f"agent spec 'heuristic': game {game_name!r} has no heuristic in "
                          f"envs_registry.yaml (games with one: "
                          f"{sorted(g for g, e in games.items() if (e or {}).get('heuristic'))})")
    return agent_class(path, f"heuristic ({path})")


def _heuristic_check(spec: Spec, game_name: str | None) -> None:
    if game_name is not None:
        heuristic_class(game_name)


def _heuristic(spec: Spec, game_name: str, seed: int | None) -> Agent:
    return construct(heuristic_class(game_name), seed, "agent spec 'heuristic'")


def _ppo_parse(arg: str, text: str) -> dict:
    if not arg.strip():
        raise ConfigError(f"agent spec {text!r}: ppo needs the model's path, e.g. ppo:runs/NAME/model.zip")
    return {"path": arg}


def model_file(path: str) -> Path | None:
    """The file a MaskablePPO load reads for ``path`` (``path`` or ``path.zip``), or None."""
    for p in (Path(path), Path(f"{path}.zip")):
        if p.is_file():
            return p
    return None


def _ppo_check(spec: Spec, game_name: str | None) -> None:
    require("train", f"agent spec {spec.text!r} (a PPO policy)")
    if model_file(spec.options["path"]) is None:
        raise ConfigError(f"agent spec {spec.text!r}: no model file {spec.options['path']!r}")


def _ppo(spec: Spec, game_name: str, seed: int | None) -> Agent:
    _ppo_check(spec, game_name)
    from boardgym.agents.ppo import PPOAgent
    from boardgym.core.action_views import ViewAgent, view_for
    from boardgym.games import make_game

    agent = PPOAgent(spec.options["path"], seed=seed)
    # a policy trained in another action space of the game (e.g. ATT's "combinations"), told
    # by its output size, plays the flat catalogue through its expansion
    view = view_for(make_game(game_name), int(agent.model.action_space.n))
    return agent if view is None else ViewAgent(agent, view, name=agent.name)


def _rllib_parse(arg: str, text: str) -> dict:
    if not arg.strip():
        raise ConfigError(f"agent spec {text!r}: rllib needs a run folder or checkpoint, e.g. rllib:runs/NAME")
    return {"path": arg}


def _rllib_check(spec: Spec, game_name: str | None) -> None:
    from boardgym.train.rllib.agent import check_path

    check_path(spec.options["path"], spec.text)


def _rllib(spec: Spec, game_name: str, seed: int | None) -> Agent:
    _rllib_check(spec, game_name)
    from boardgym.train.ray_cluster import import_ray

    import_ray()   # a ConfigError saying how to install Ray when it is missing
    from boardgym.train.rllib.agent import RLlibAgent

    return RLlibAgent(spec.options["path"], seed=seed)


_NAME = re.compile(r"^[a-z0-9][a-z0-9_]*$")


def _pretrained_parse(arg: str, text: str) -> dict:
    name = arg.strip()
    if ":" in text and not name:
        raise ConfigError(f"agent spec {text!r}: pretrained:NAME needs a name (or write 'pretrained' "
                          f"for the game's default); `python -m boardgym.pretrained` lists them")
    if name and not _NAME.match(name):
        raise ConfigError(f"agent spec {text!r}: a pretrained policy's name is lower-case letters, "
                          f"digits and _, got {name!r}")
    return {"name": name or None}


def _pretrained_check(spec: Spec, game_name: str | None) -> None:
    from boardgym.pretrained.manifest import load_manifest

    try:
        manifest = load_manifest()
    except ContentError as exc:
        raise ConfigError(f"agent spec {spec.text!r}: the pretrained manifest is malformed: {exc}") from None
    name = spec.options["name"]
    if game_name is not None:
        try:
            manifest.find(game_name, name)
        except ConfigError as exc:
            raise ConfigError(f"agent spec {spec.text!r}: {exc}") from None
    elif name is not None and name not in {e.name for e in manifest.entries()}:
        raise ConfigError(f"agent spec {spec.text!r}: no pretrained policy {name!r}; shipped: "
                          f"{', '.join(e.name for e in manifest.entries()) or 'none'}")


def _pretrained_fits(spec: Spec, game) -> None:
    from boardgym.pretrained.manifest import fitting, load_manifest

    try:
        fitting(load_manifest(), game, spec.options["name"])
    except ConfigError as exc:
        raise ConfigError(f"agent spec {spec.text!r}: {exc}") from None


def _pretrained(spec: Spec, game_name: str, seed: int | None) -> Agent:
    _pretrained_check(spec, game_name)
    from boardgym.agents.pretrained import PretrainedAgent

    try:
        return PretrainedAgent(game_name, spec.options["name"], seed=seed)
    except ContentError as exc:
        raise ConfigError(f"agent spec {spec.text!r}: {exc}") from None


def ismcts_keywords() -> list[str]:
    """The ``ismcts:KEY=VALUE`` keys: ``make_ismcts``'s keywords but the game and the seed."""
    from boardgym.agents.ismcts import make_ismcts

    return [k for k in inspect.signature(make_ismcts).parameters if k not in ("game_name", "seed")]


def nearest(key: str, valid) -> str:
    """``" (did you mean 'x'?)"`` for the closest valid spelling of ``key``, else ``""``."""
    close = difflib.get_close_matches(str(key), [str(v) for v in valid], n=3, cutoff=0.6)
    return f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""


def _ismcts_parse(arg: str, text: str) -> dict:
    import yaml

    valid = ismcts_keywords()
    kw: dict = {}
    for part in filter(None, arg.split(",")):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ConfigError(f"agent spec {text!r}: {part!r} is not KEY=VALUE")
        try:
            value = read_yaml(value)
        except yaml.YAMLError as exc:
            raise ConfigError(f"agent spec {text!r}: the value of {key!r} is not YAML "
                              f"({getattr(exc, 'problem', None) or exc})") from None
        if key.startswith("rollout."):
            kw.setdefault("rollout_options", {})[key[len("rollout."):]] = value
        elif key not in valid:
            raise ConfigError(f"agent spec {text!r}: unknown ISMCTS key {key!r}{nearest(key, valid)}; "
                              f"valid keys: {', '.join(valid)} and rollout.NAME")
        else:
            kw[key] = value
    for role in ("prior", "rollout"):
        search_agent_spec(kw.get(role), role, text)
    return kw


SEARCH_AGENT_KINDS = ("random", "heuristic", "ppo", "pretrained")


def search_agent_spec(sub, role: str, text: str | None = None) -> Spec | None:
    """An ISMCTS ``prior`` / ``rollout`` agent: None (``none``) or a random, heuristic,
    ``ppo:PATH`` or ``pretrained[:NAME]`` spec; a ConfigError naming the role otherwise."""
    if sub in (None, "none"):
        return None
    where = f"agent spec {text!r}: " if text else ""
    try:
        spec = parse_spec(sub)
    except ConfigError as exc:
        raise ConfigError(f"{where}ISMCTS {role}: {exc}") from None
    if spec.kind not in SEARCH_AGENT_KINDS:
        raise ConfigError(f"{where}ISMCTS {role} must be 'random', 'heuristic', 'ppo:PATH' or "
                          f"'pretrained[:NAME]', got {sub!r}")
    return spec


def _ismcts_check(spec: Spec, game_name: str | None) -> None:
    for role in ("prior", "rollout"):
        sub = spec.options.get(role)
        if sub not in (None, "none"):
            check_spec(sub, game_name)
    ev = spec.options.get("evaluator")
    if ev in (None, "none"):
        return
    kind, _, path = str(ev).partition(":")
    if kind not in ("value", "ppo") or not path:
        raise ConfigError(f"agent spec {spec.text!r}: ISMCTS evaluator must be 'value:PATH' or "
                          f"'ppo:PATH', got {ev!r}")
    if kind == "ppo":
        require("train", f"agent spec {spec.text!r} (a PPO critic)")
    if (model_file(path) if kind == "ppo" else (Path(path) if Path(path).is_file() else None)) is None:
        raise ConfigError(f"agent spec {spec.text!r}: no {'model' if kind == 'ppo' else 'value network'} "
                          f"file {path!r}")


def _ismcts(spec: Spec, game_name: str, seed: int | None) -> Agent:
    from boardgym.agents.ismcts import make_ismcts

    try:
        return make_ismcts(game_name, seed=seed, **spec.options)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"agent spec {spec.text!r}: {exc}") from None


def _llm_parse(arg: str, text: str) -> dict:
    from boardgym.agents.llm import parse

    return parse(arg, text)


def _llm_check(spec: Spec, game_name: str | None) -> None:
    from boardgym.agents.llm import check

    check(spec, game_name)


def _llm(spec: Spec, game_name: str, seed: int | None) -> Agent:
    from boardgym.agents.llm import build

    return build(spec, game_name, seed)


def _class_parse(arg: str, text: str) -> dict:
    module, _, name = text.partition(":")
    if not _DOTTED.match(module) or not _DOTTED.match(name):
        raise ConfigError(f"agent spec {text!r}: 'module:Class' needs a module path and a class "
                          f"name, e.g. boardgym.agents.att_heuristic:ATTHeuristicAgent")
    return {"path": text}


def _class_check(spec: Spec, game_name: str | None) -> None:
    agent_class(spec.options["path"])


def _class(spec: Spec, game_name: str, seed: int | None) -> Agent:
    return construct(agent_class(spec.options["path"]), seed, f"agent spec {spec.text!r}")


CLASS_KIND = AgentKind(
    "class", "module:Class", "an Agent subclass, imported and built (with seed= if it takes one)",
    "boardgym.agents.att_heuristic:ATTHeuristicAgent", _class_parse, _class, _class_check)

KINDS: dict[str, AgentKind] = {k.name: k for k in (
    AgentKind("random", "random", "uniform over the legal actions", "random", _no_arg, _random),
    AgentKind("heuristic", "heuristic", "the game's rule-based player (envs_registry.yaml)",
              "heuristic", _no_arg, _heuristic, _heuristic_check),
    AgentKind("ppo", "ppo:PATH", "a trained MaskablePPO .zip; loading runs code pickled in the file, "
              "so only trusted files", "ppo:runs/att_solo/model.zip", _ppo_parse, _ppo, _ppo_check,
              prefix=True, label="ppo"),
    AgentKind("rllib", "rllib:PATH", "a policy trained with backend: rllib (a run folder, its policy/ "
              "or a checkpoint); loading runs code pickled there, so only trusted folders",
              "rllib:runs/rllib_att_selfplay", _rllib_parse, _rllib, _rllib_check, prefix=True, label="rllib"),
    AgentKind("pretrained", "pretrained[:NAME]", "a baseline shipped with boardgym: the game's policy "
              "for the options played, or the one named (python -m boardgym.pretrained lists them); numpy weights, "
              "nothing unpickled", "pretrained", _pretrained_parse, _pretrained, _pretrained_check,
              prefix=True, arg_optional=True, fits=_pretrained_fits),
    AgentKind("ismcts", "ismcts[:KEY=VALUE,...]", "determinized search (boardgym.agents.ismcts.make_ismcts "
              "keywords, rollout.NAME=V for the rollout agent)", "ismcts:simulations=8,prior=heuristic",
              _ismcts_parse, _ismcts, _ismcts_check, prefix=True, arg_optional=True, keyvalue=True,
              label="ismcts"),
    AgentKind("llm", "llm:MODEL@URL[,KEY=VALUE,...]", "a language model behind an OpenAI-compatible "
              "server (vLLM, llama.cpp, Ollama) reading the text envs' prompt; keys: temperature, "
              "max_tokens, timeout, retries, system (a prompt template file), max_failures "
              "(docs/llm.md)", "llm:qwen2.5-7b-instruct@http://127.0.0.1:8000/v1,temperature=0.2",
              _llm_parse, _llm, _llm_check, prefix=True, keyvalue=True),
    CLASS_KIND,
)}


def kinds_help(indent: str = "  ") -> str:
    """One line per kind: its syntax and what it is (for errors and ``--help``)."""
    width = max(len(k.syntax) for k in KINDS.values())
    return "\n".join(f"{indent}{k.syntax:<{width}}  {k.help}" for k in KINDS.values())


def kinds_syntax() -> str:
    """``random, heuristic, ppo:PATH, ...``: the kinds on one line."""
    return ", ".join(k.syntax for k in KINDS.values())


def _kind_of(text: str) -> tuple[AgentKind, str]:
    head, sep, arg = text.partition(":")
    kind = KINDS.get(head)
    if kind is not None and kind is not CLASS_KIND:
        if sep and not (kind.prefix or kind.arg_optional):
            raise ConfigError(f"agent spec {text!r}: {head!r} takes no ':' argument")
        if not sep and kind.prefix and not kind.arg_optional:
            raise ConfigError(f"agent spec {text!r}: spell it {kind.syntax}")
        return kind, arg
    if sep:
        return CLASS_KIND, arg
    words = [k.name for k in KINDS.values() if k is not CLASS_KIND]
    raise ConfigError(f"agent spec {text!r} is not a known kind{nearest(text, words)}; an agent "
                      f"spec is one of:\n{kinds_help()}")


def parse_spec(text) -> Spec:
    """The kind and options of an agent spec string (syntax only: nothing imported or read);
    a ConfigError naming the spec and listing the kinds otherwise."""
    if not isinstance(text, str):
        raise ConfigError(f"an agent spec must be a string such as {kinds_syntax()}; got {text!r}")
    text = text.strip()
    kind, arg = _kind_of(text)
    return Spec(text, kind.name, kind.parse(arg, text))


def check_spec(text, game_name: str | None = None, game_options: dict | None = None) -> Spec:
    """``parse_spec`` plus what can be checked without building the agent: the model file
    exists, the class imports and is an Agent, the game has a heuristic; with ``game_options``
    (the game's keyword arguments) also that the agent fits that configuration (``fits``)."""
    spec = parse_spec(text)
    kind = KINDS[spec.kind]
    if kind.check is not None:
        kind.check(spec, game_name)
    if kind.fits is not None and game_name is not None and game_options is not None:
        from boardgym.games import make_game

        kind.fits(spec, make_game(game_name, **game_options))
    return spec


def spec_label(text) -> str:
    """The name tables give an agent spec: ``ppo``, ``ismcts``, else the spec itself."""
    if isinstance(text, str):
        try:
            kind = KINDS[parse_spec(text).kind]
        except ConfigError:
            return text
        return kind.label or text.strip()
    return str(text)


def make_agent(spec, game_name: str, seed: int | None = None) -> Agent:
    """An Agent from a spec string (see the module doc), an ``Agent`` (returned as is), an
    ``Agent`` subclass (built with ``seed=``) or a callable ``f(observation, legal_mask[,
    state])``."""
    if isinstance(spec, Agent):
        return spec
    if isinstance(spec, str):
        parsed = parse_spec(spec)
        return KINDS[parsed.kind].build(parsed, game_name, seed)
    if isinstance(spec, type):
        if not issubclass(spec, Agent):
            raise ConfigError(f"agent {spec.__qualname__} is a class but not a subclass of "
                              f"boardgym.core.agent.Agent")
        return construct(spec, seed, f"agent {spec.__qualname__}")
    if callable(spec):
        return CallableAgent(spec)
    raise ConfigError(f"agent {spec!r} is neither an agent spec ({kinds_syntax()}), an Agent nor a callable")


def split_specs(text: str) -> list[str]:
    """A list of specs: ``a;b;c`` or ``a,b,c``. With ``;`` an item may hold commas
    (``ismcts:k=v,k=v``). Without ``;``, a ``KEY=VALUE`` part after an item of a key-value
    kind (ISMCTS) belongs to it (no spec starts with ``KEY=``), so
    ``ismcts:simulations=16,rollout=heuristic`` stays one agent."""
    if ";" in text:
        return [x.strip() for x in text.split(";") if x.strip()]
    out: list[str] = []
    for x in (x.strip() for x in text.split(",")):
        if not x:
            continue
        head = out[-1].partition(":")[0] if out else None
        if head in KINDS and KINDS[head].keyvalue and "=" in x and ":" not in x.split("=", 1)[0]:
            out[-1] += "," + x
        else:
            out.append(x)
    return out
