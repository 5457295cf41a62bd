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
* ``ismcts`` or ``ismcts:KEY=VALUE,...``: search (``boardgym.agents.specs.make_ismcts`` keywords, values
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

import inspect
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from boardgym.agents.ismcts import ISMCTSAgent, seat_evaluator
from boardgym.agents.loading import (_DOTTED, agent_class, construct, load_object, model_file, moved_name,
                                     nearest, read_yaml)
from boardgym.agents.value_net import ValueNet, value_evaluator
from boardgym.core.agent import Agent, CallableAgent, RandomAgent
from boardgym.core.errors import ConfigError, ContentError
from boardgym.extras import require

__all__ = ["KINDS", "AgentKind", "Spec", "agent_class", "check_spec", "construct", "heuristic_class",
           "kinds_help", "kinds_syntax", "load_object", "make_agent", "make_evaluator", "make_ismcts",
           "model_file", "moved_name", "nearest", "parse_spec", "read_yaml", "search_agent_spec",
           "spec_label", "split_specs"]


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
    return [k for k in inspect.signature(make_ismcts).parameters if k not in ("game_name", "seed")]


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
    try:
        return make_ismcts(game_name, seed=seed, **spec.options)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"agent spec {spec.text!r}: {exc}") from None


def make_ismcts(game_name: str, simulations: int = 200, seconds: float | None = None, c: float = 1.0,
                rollout_depth: int = 60, rollout: str = "random", prior: str | None = None,
                prior_weight: float = 0.5, seed: int | None = None, value_scale: float = 1.0,
                rollout_options: dict | None = None, search: str = "all",
                evaluator: str | None = None) -> ISMCTSAgent:
    """An ISMCTSAgent whose rollout policy and prior are named: ``"random"`` (rollouts only),
    ``"ppo:PATH"`` (a trained policy) or ``"heuristic"`` (the game's registered heuristic, a
    fresh instance for each role; the rollout
    copy gets ``rollout_options`` as constructor keywords, e.g. a cheaper setting). ``search``:
    ``"all"`` decisions, or ``"key"``: only those the game's heuristic declares strategic
    (``key_decision(state)``), the others played by the prior (the heuristic by default).
    ``evaluator``: None (the running score), ``"value:PATH"`` (a value network from
    ``python -m boardgym.train.value``) or ``"ppo:PATH"`` (a PPO critic); see ``make_evaluator``."""
    def named(spec, role):
        parsed = search_agent_spec(spec, role)
        if parsed is None:
            return None
        if parsed.kind == "random" and role == "rollout":
            return None  # the search's own uniform rollouts (seeded with it)
        sub_seed = None if seed is None else seed + 7 + (role == "prior")
        if parsed.kind == "heuristic" and role == "rollout" and rollout_options:
            return construct(heuristic_class(game_name), sub_seed, "ISMCTS rollout.NAME options",
                             **rollout_options)
        return make_agent(parsed.text, game_name, sub_seed)

    if search not in ("all", "key"):
        raise ConfigError(f"ISMCTS search must be 'all' or 'key', got {search!r}")
    search_filter = None
    if search == "key":
        heuristic = heuristic_class(game_name)
        search_filter = getattr(heuristic, "key_decision", None)
        if search_filter is None:
            raise ConfigError(f"{game_name}: its heuristic declares no key_decision(state); use search='all'")
        if prior in (None, "none"):
            prior = "heuristic"  # the decisions left unsearched need a player
    return ISMCTSAgent(simulations=simulations, seconds=seconds, c=c, rollout_depth=rollout_depth,
                       rollout_agent=named(rollout, "rollout"), prior_agent=named(prior, "prior"),
                       prior_weight=prior_weight, seed=seed, value_scale=value_scale,
                       search_filter=search_filter, evaluator=make_evaluator(evaluator, game_name))


def make_evaluator(spec: str | None, game_name: str | None = None):
    """None, ``"value:PATH"`` or ``"ppo:PATH"`` -> ``evaluator(state)`` (or None).

    * ``value:PATH``: a state-value network fitted by ``python -m boardgym.train.value``
      (``boardgym/agents/value_net.py``): each seat's expected final return under the demonstrator;
    * ``ppo:PATH``: a PPO critic, its value of each seat's observation plus the state's
      potential (which undoes potential-based shaping of its value targets).

    Cooperative games get one value for the team, from the deciding seat's observation."""
    if spec in (None, "none"):
        return None
    if isinstance(spec, str) and spec.startswith("value:"):
        net = ValueNet.load(spec[6:])
        trained_on = net.meta.get("game")
        if game_name is not None and trained_on not in (None, game_name):
            raise ConfigError(f"{spec[6:]} is a value network for {trained_on}, not {game_name}")
        return value_evaluator(net)
    if not isinstance(spec, str) or not spec.startswith("ppo:"):
        raise ConfigError(f"ISMCTS evaluator must be 'value:PATH' or 'ppo:PATH', got {spec!r}")
    require("train", f"ISMCTS evaluator {spec!r} (a PPO critic)")
    from boardgym.agents.ppo import PPOAgent

    critic = PPOAgent(spec[4:])
    return seat_evaluator(lambda s, p: critic.value(s.observation(p)) + s.potential(p))


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
                          f"name, e.g. boardgym.agents.heuristics.ancient_terrible_things:ATTHeuristicAgent")
    return {"path": text}


def _class_check(spec: Spec, game_name: str | None) -> None:
    agent_class(spec.options["path"])


def _class(spec: Spec, game_name: str, seed: int | None) -> Agent:
    return construct(agent_class(spec.options["path"]), seed, f"agent spec {spec.text!r}")


CLASS_KIND = AgentKind(
    "class", "module:Class", "an Agent subclass, imported and built (with seed= if it takes one)",
    "boardgym.agents.heuristics.ancient_terrible_things:ATTHeuristicAgent", _class_parse, _class, _class_check)

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
    AgentKind("ismcts", "ismcts[:KEY=VALUE,...]", "determinized search (boardgym.agents.specs.make_ismcts "
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
