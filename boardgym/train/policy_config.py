"""The ``policy:`` section of a training config: which network MaskablePPO trains.

``encoder``: ``flat`` (an MLP over the whole observation vector, SB3's MlpPolicy: the default)
or ``entity`` (``boardgym.train.policies.EntityExtractor``: deep sets over the game's declared
entity sets beside an MLP of the rest); ``heads``: ``shared`` (one action head, the default) or
``per_kind`` (one action head per decision kind). ``entity_dim``, ``flat_dim``, ``pooling`` and
``entity_sets`` (a list of set names, null = all) shape the entity encoder. Without the section,
or with both defaults, the run builds exactly today's ``MlpPolicy``.
"""
from __future__ import annotations

POLICY_DEFAULTS = {
    "encoder": "flat",       # flat | entity
    "heads": "shared",       # shared | per_kind
    "entity_dim": 64,        # encoder entity: width of each entity's embedding
    "flat_dim": 256,         # encoder entity: width of the MLP over the rest of the vector
    "pooling": "mean",       # encoder entity: mean | sum | max over the present entities
    "entity_sets": None,     # encoder entity: the sets to pool (null: every declared set)
}
ENCODERS = ("flat", "entity")
HEADS = ("shared", "per_kind")
POOLINGS = ("mean", "sum", "max")
ENTITY_ONLY = ("entity_dim", "flat_dim", "pooling", "entity_sets")


def _choice(key: str, value, choices) -> str:
    if value not in choices:
        from boardgym.agents.specs import nearest

        raise SystemExit(f"policy.{key} must be one of {', '.join(choices)}, got {value!r}"
                         f"{nearest(str(value), choices)}")
    return value


def check_policy(section, cfg: dict) -> dict | None:
    """The ``policy:`` section with defaults filled in (None when absent or null); a SystemExit
    naming the key for an unknown key or value, an entity set the game does not declare, a
    setting that needs ``encoder: entity``, or a combination the run cannot train."""
    from .config import open_section

    out = open_section("policy", section, POLICY_DEFAULTS)
    if out is None:
        return None
    _choice("encoder", out["encoder"], ENCODERS)
    _choice("heads", out["heads"], HEADS)
    _choice("pooling", out["pooling"], POOLINGS)
    for key in ("entity_dim", "flat_dim"):
        v = out[key]
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise SystemExit(f"policy.{key} must be an integer >= 1, got {v!r}")
    given = section if isinstance(section, dict) else {}
    if out["encoder"] != "entity":
        # (a run's config.yaml holds every key at its value: defaults pass)
        odd = [k for k in ENTITY_ONLY if k in given and given[k] != POLICY_DEFAULTS[k]]
        if odd:
            raise SystemExit(f"policy.{odd[0]} shapes the entity encoder; set policy.encoder: entity "
                             f"or leave it out")
    sets = out["entity_sets"]
    if sets is not None:
        if not isinstance(sets, list) or not sets or not all(isinstance(s, str) for s in sets):
            raise SystemExit(f"policy.entity_sets must be a list of entity set names (or null: all), "
                             f"got {sets!r}")
        declared = [e.name for e in config_layout(cfg).entity_sets]
        for s in sets:
            if s not in declared:
                from boardgym.agents.specs import nearest

                raise SystemExit(f"policy.entity_sets: {cfg['env_id']} declares no entity set {s!r}"
                                 f"{nearest(s, declared)}; its sets: {', '.join(declared)}")
    custom = out["encoder"] != "flat" or out["heads"] != "shared"
    if custom and cfg.get("backend") == "rllib":
        raise SystemExit("policy: encoder entity and heads per_kind train with backend sb3 (MaskablePPO); "
                         "this config trains with rllib")
    pk = (cfg.get("ppo") or {}).get("policy_kwargs") or {}
    if out["encoder"] == "entity" and "features_extractor_class" in pk:
        raise SystemExit("policy.encoder: entity sets the features extractor; leave "
                         "ppo.policy_kwargs.features_extractor_class out")
    return out


def config_layout(cfg: dict):
    """The observation layout of the config's game (with its options from ``env_kwargs``)."""
    from boardgym.games import make_game

    from .run import config_game

    name, kwargs = config_game(cfg)
    return make_game(name, **kwargs).layout


def policy_for(cfg: dict, observation_size: int) -> tuple[object, dict]:
    """``(policy, policy_kwargs)`` for MaskablePPO: ``"MlpPolicy"`` and ``ppo.policy_kwargs``
    unless the ``policy:`` section asks for another encoder or heads; then
    ``BoardgymPolicy`` with the layout's entity sets and decision-kind piece in its kwargs."""
    pk = dict((cfg.get("ppo") or {}).get("policy_kwargs") or {})
    section = cfg.get("policy") or POLICY_DEFAULTS
    if section["encoder"] == "flat" and section["heads"] == "shared":
        return "MlpPolicy", pk
    from .policies import BoardgymPolicy, EntityExtractor, layout_spec

    layout = config_layout(cfg)
    if layout.size != observation_size:
        raise SystemExit(f"the env's observation has {observation_size} values, its game's layout "
                         f"{layout.size}: the policy cannot read it")
    spec = layout_spec(layout, section["entity_sets"])
    if section["heads"] == "per_kind":
        if spec["decision"] is None:
            raise SystemExit(f"policy.heads: per_kind needs the game to declare its decision-kind piece; "
                             f"{cfg['env_id']} declares none")
        pk["heads"], pk["decision"] = "per_kind", spec["decision"]
    if section["encoder"] == "entity":
        if not spec["sets"]:
            raise SystemExit(f"policy.encoder: entity needs entity sets; {cfg['env_id']} declares none")
        pk["features_extractor_class"] = EntityExtractor
        pk["features_extractor_kwargs"] = dict(pk.get("features_extractor_kwargs") or {}, spec=spec,
                                               entity_dim=section["entity_dim"],
                                               flat_dim=section["flat_dim"], pooling=section["pooling"])
    return BoardgymPolicy, pk



def checkpoint_policy(path: str) -> dict:
    """``{"encoder": ..., "heads": ...}`` of the network saved in a MaskablePPO zip (read from
    its saved policy keywords, without building the model)."""
    from stable_baselines3.common.save_util import load_from_zip_file

    data, _params, _vars = load_from_zip_file(path, device="cpu", load_data=True)
    kwargs = (data or {}).get("policy_kwargs") or {}
    extractor = getattr(kwargs.get("features_extractor_class"), "__name__", "")
    return {"encoder": "entity" if extractor == "EntityExtractor" else "flat",
            "heads": kwargs.get("heads", "shared")}


def check_resumed_policy(cfg: dict, checkpoint: str) -> None:
    """A resumed checkpoint's network is the one the config asks for (``--resume`` continues the
    checkpoint's network; another ``policy:`` would be silently ignored): a SystemExit naming
    both, before the run writes anything."""
    asked = cfg.get("policy") or POLICY_DEFAULTS
    has = checkpoint_policy(checkpoint)
    for key in ("encoder", "heads"):
        if asked[key] != has[key]:
            raise SystemExit(f"--resume {checkpoint}: the checkpoint's policy has {key} {has[key]}, the config "
                             f"asks for policy.{key}: {asked[key]}; resume with the checkpoint's policy "
                             f"or start a new run")
