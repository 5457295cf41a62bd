"""The numpy export of the policy architectures beside the flat MLP (``policy:`` ``encoder: entity``
with each pooling, ``heads: per_kind``, both; boardgym/train/export_pretrained.py,
boardgym/agents/policy_net.py): the numpy policy gives the torch policy's logits and values on
real observations, an exported one loads through the pretrained path and plays a game without
torch, and a manifest or file whose architecture is malformed is refused in words.

The models are tiny and untrained (their weights jittered so that heads and pooled features
differ), on solo Ancient Terrible Things."""
from __future__ import annotations

import copy
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")
import torch as th  # noqa: E402

import boardgym  # noqa: E402,F401  (registers the ids)
from boardgym.agents.policy_net import PolicyNet  # noqa: E402
from boardgym.core.errors import ConfigError, ContentError  # noqa: E402
from boardgym.games import GAMES, make_game  # noqa: E402
from boardgym.pretrained import ENV_VAR, load_manifest  # noqa: E402
from boardgym.pretrained.manifest import sha256_of  # noqa: E402
from boardgym.pretrained.weights import read_checked  # noqa: E402

GID = "boardgym/AncientTerribleThingsSolo-v0"
GAME, OPTIONS = "ancient_terrible_things", {"num_players": 1}
POLICIES = {
    "entity_mean": {"encoder": "entity", "pooling": "mean"},
    "entity_sum": {"encoder": "entity", "pooling": "sum"},
    "entity_max": {"encoder": "entity", "pooling": "max"},
    "per_kind": {"heads": "per_kind"},
    "entity_per_kind": {"encoder": "entity", "pooling": "max", "heads": "per_kind"},
}


def run_config(policy: dict) -> dict:
    from boardgym.train.config import DEFAULTS, validate_config

    cfg = copy.deepcopy(DEFAULTS)
    small = {"entity_dim": 8, "flat_dim": 16} if policy.get("encoder") == "entity" else {}
    cfg.update(env_id=GID, n_envs=1, vec_env="dummy", seed=0, total_timesteps=64, policy=dict(policy, **small))
    cfg["ppo"] = dict(cfg.get("ppo") or {}, n_steps=64, policy_kwargs={"net_arch": [16]})
    return validate_config(cfg)


def tiny_model(policy: dict, path: Path):
    """An untrained MaskablePPO with ``policy``, its weights jittered, saved at ``path``; the
    ``ppo:`` agent reading it back."""
    from sb3_contrib import MaskablePPO

    from boardgym.agents.ppo import PPOAgent
    from boardgym.train.envs import make_vec_env
    from boardgym.train.policy_config import policy_for

    th.set_num_threads(1)
    venv = make_vec_env(GID, {}, 1, 0, "dummy")
    cls, kwargs = policy_for(run_config(policy), venv.observation_space.shape[0])
    th.manual_seed(0)
    model = MaskablePPO(cls, venv, n_steps=64, device="cpu", policy_kwargs=kwargs, seed=0)
    with th.no_grad():   # trained heads and embeddings are apart; SB3 starts the heads near zero
        for p in model.policy.parameters():
            p.add_(th.randn_like(p) * 0.1)
    model.save(path)
    venv.close()
    return PPOAgent(str(path))


def numpy_net(agent):
    from boardgym.train.export_pretrained import policy_architecture, policy_layers

    activation, actor, critic, _ = policy_layers(agent.model)
    architecture, encoder = policy_architecture(agent.model)
    return activation, {"actor": actor, "critic": critic, "encoder": encoder}, architecture


@pytest.mark.parametrize("name", list(POLICIES))
def test_numpy_logits_equal_the_torch_policy(name, tmp_path):
    from boardgym.train.export_pretrained import real_observations

    agent = tiny_model(POLICIES[name], tmp_path / "m.zip")
    activation, layers, architecture = numpy_net(agent)
    policy = POLICIES[name]
    assert architecture["encoder"] == policy.get("encoder", "flat")
    assert architecture["heads"] == policy.get("heads", "shared")
    net = PolicyNet(activation, layers, architecture)
    pairs = real_observations(make_game(GAME, **OPTIONS), agent, 40, seed=1)
    for obs, mask in pairs:
        np.testing.assert_allclose(net.logits(obs), agent.logits(obs), rtol=1e-4, atol=1e-5)
        assert net.value(obs) == pytest.approx(agent.value(obs), abs=1e-5)
    # the observations exercise what the architecture adds: another pooling, or one head for
    # every kind, would give other logits
    if architecture["encoder"] == "entity":
        pooling = architecture["entity"]["pooling"]
        other = dict(architecture, entity=dict(architecture["entity"],
                                               pooling="mean" if pooling != "mean" else "max"))
        wrong = PolicyNet(activation, layers, other)
        assert any(not np.allclose(wrong.logits(o), net.logits(o), atol=1e-4) for o, _ in pairs)
    if architecture["heads"] == "per_kind":
        assert len({net.kind(o) for o, _ in pairs}) >= 3


def test_the_flat_mlp_keeps_its_format():
    """A flat MLP with one head is written as before: no architecture in the manifest, file format 1."""
    import tempfile

    from boardgym.pretrained.weights import save_layers

    with tempfile.TemporaryDirectory() as d:
        agent = tiny_model({}, Path(d) / "m.zip")
        activation, layers, architecture = numpy_net(agent)
        assert architecture is None and layers["encoder"] == {}
        save_layers(Path(d) / "p.npz", activation, layers["actor"], layers["critic"], layers["encoder"])
        with np.load(Path(d) / "p.npz", allow_pickle=False) as f:
            assert int(f["format"]) == 1 and not any(k.startswith("encoder_") for k in f.files)


# -- an exported entity + per-kind policy, through the pretrained loading path --------------------
NAME = "att_solo_entity"


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """``(run folder, manifest folder)``: a run folder with the tiny entity + per-kind model,
    exported."""
    import yaml

    from boardgym.train.export_pretrained import export

    run = tmp_path_factory.mktemp("run")
    tiny_model(POLICIES["entity_per_kind"], run / "model.zip")
    cfg = run_config(POLICIES["entity_per_kind"])
    (run / "config.yaml").write_text(yaml.safe_dump(json.loads(json.dumps(cfg, default=str))))
    row = {"agent": "ppo", "opponent": "-", "games": 2, "wins": 0, "win_rate": None, "mean_score": 3.0,
           "score_low": 1.0, "score_high": 5.0}
    (run / "results.json").write_text(json.dumps({"evaluation": {
        "game": GAME, "game_kwargs": OPTIONS, "mode": "team", "seeds": [0, 1], "rows": [row]}}))
    folder = tmp_path_factory.mktemp("pretrained")
    out = io.StringIO()
    export(run, NAME, folder=folder, check=60, out=out)
    assert "picks the torch policy's action on 60 of 60 observations" in out.getvalue()
    return run, folder


@pytest.fixture
def policies(exported, tmp_path, monkeypatch):
    folder = tmp_path / "pretrained"
    shutil.copytree(exported[1], folder)
    monkeypatch.setenv(ENV_VAR, str(folder))
    return folder


def edit_manifest(folder, fn):
    path = Path(folder) / "manifest.json"
    doc = json.loads(path.read_text())
    fn(doc["policies"][0])
    path.write_text(json.dumps(doc))


def test_exported_policy_loads_and_plays_a_game_as_the_torch_one(exported, policies):
    from boardgym.agents.ppo import PPOAgent
    from boardgym.agents.specs import make_agent
    from boardgym.core.chance import resolve_chance
    from boardgym.core.game import TERMINAL

    entry = load_manifest().find(GAME, NAME)
    arch = entry.doc["architecture"]
    assert (arch["encoder"], arch["heads"], arch["entity"]["pooling"]) == ("entity", "per_kind", "max")
    with np.load(entry.path, allow_pickle=False) as f:
        assert int(f["format"]) == 2 and f["actor_w1"].ndim == 3 and "encoder_rest_w" in f.files
    agent = make_agent(f"pretrained:{NAME}", GAME)
    torch_agent = PPOAgent(str(exported[0] / "model.zip"))
    state = make_game(GAME, **OPTIONS).new_initial_state()
    rng = np.random.default_rng(0)
    decisions = 0
    while True:
        resolve_chance(state, rng)
        if state.current_player == TERMINAL:
            break
        obs, mask = state.observation(state.current_player), state.legal_mask()
        a = agent.act(obs, mask, state)
        assert a == torch_agent.act(obs, mask) and mask[a]
        assert agent.value(obs) == pytest.approx(torch_agent.value(obs), abs=1e-4)
        state.apply(a)
        decisions += 1
    assert decisions > 10 and state.returns() is not None
    from boardgym.pretrained import describe

    line = next(x for x in describe() if "MLP pi" in x)
    assert line.endswith("tanh MLP pi [16] after an entity encoder (max over opponents, dice, row, my_swag, "
                         "my_feats) with one action head per decision kind (26)")


def test_playing_it_needs_no_torch(policies):
    code = ("import sys, numpy as np, boardgym\n"
            "from boardgym.agents.specs import make_agent\n"
            "from boardgym.games import make_game\n"
            f"agent = make_agent('pretrained:{NAME}', '{GAME}')\n"
            f"state = make_game('{GAME}', num_players=1).new_initial_state()\n"
            "from boardgym.core.chance import resolve_chance\n"
            "resolve_chance(state, np.random.default_rng(0))\n"
            "agent.act(state.observation(state.current_player), state.legal_mask(), state)\n"
            "bad = sorted(m for m in ('torch', 'stable_baselines3', 'sb3_contrib') if m in sys.modules)\n"
            "assert not bad, bad\n")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]


@pytest.mark.parametrize("edit, words", [
    (lambda e: e["architecture"]["entity"].update(pooling="avg"), r"field 'architecture\.entity\.pooling'"),
    (lambda e: e["architecture"].pop("decision"), r"field 'architecture\.decision': .* is a required property"),
    (lambda e: e["architecture"].pop("entity"), r"field 'architecture\.entity': .* is a required property"),
    (lambda e: e["architecture"].update(colour="red"), "unknown key 'colour'"),
    (lambda e: e["architecture"]["entity"]["sets"][0].update(width=0), "below the minimum"),
    (lambda e: e.update(architecture={"encoder": "flat", "heads": "shared"}),
     r"field .architecture.heads.: .per_kind. was expected \(a flat encoder with one shared head is the plain MLP"),
], ids=["pooling", "no-decision", "no-entity", "unknown-key", "width", "plain"])
def test_malformed_architecture_in_the_manifest_is_refused(policies, edit, words):
    edit_manifest(policies, edit)
    with pytest.raises(ContentError, match=words) as err:
        load_manifest()
    assert "architecture" in str(err.value)


@pytest.mark.parametrize("edit, words", [
    (lambda a: a["entity"].update(entity_dim=9), "its actor layers have sizes"),
    (lambda a: a["decision"].update(offset=a["decision"]["offset"] + 1),
     "the decision-kind piece of its observation has moved or changed size"),
    (lambda a: a["entity"]["sets"][0]["rows"].reverse(), "has other rows in its observation now"),
    (lambda a: a.update(encoder="flat", entity=None) or a.pop("entity"),
     "its actor layers have sizes .*observation"),
], ids=["entity-dim", "decision", "rows", "encoder"])
def test_an_architecture_the_file_or_game_does_not_fit_is_refused(policies, edit, words):
    from boardgym.agents.specs import make_agent

    edit_manifest(policies, lambda e: edit(e["architecture"]))
    with pytest.raises(ConfigError, match=f"pretrained policy '{NAME}'.*{words}"):
        read_checked(load_manifest().find(GAME, NAME))
    with pytest.raises(ConfigError, match=words):
        make_agent(f"pretrained:{NAME}", GAME)


def _drop_a_bias(arrays):
    del arrays["encoder_entity0_b1"]


def _drop_a_head(arrays):
    arrays["actor_w1"], arrays["actor_b1"] = arrays["actor_w1"][:-1], arrays["actor_b1"][:-1]


@pytest.mark.parametrize("spoil, words", [
    (_drop_a_bias, r"entity encoder arrays do not fit .*entity0_b1: missing in the file"),
    (_drop_a_head, r"its per-kind action heads have shapes \(\d+, 93, 16\).*decision kinds and one without"),
], ids=["encoder", "heads"])
def test_arrays_that_do_not_fit_the_architecture_are_refused(policies, spoil, words):
    """The manifest's size and sha256 match the file, but its arrays not the architecture."""
    path = policies / f"{NAME}.npz"
    with np.load(path, allow_pickle=False) as f:
        arrays = {k: f[k] for k in f.files}
    spoil(arrays)
    np.savez_compressed(path, **arrays)
    edit_manifest(policies, lambda e: e.update(sha256=sha256_of(path), size=path.stat().st_size))
    with pytest.raises(ConfigError, match=words):
        read_checked(load_manifest().find(GAME, NAME))


@pytest.mark.parametrize("name", GAMES)
def test_every_game_s_entity_and_kind_policy_exports_to_the_same_logits(name):
    """Every registered game's layout (its entity sets, rows apart or adjacent, with or without a
    presence column, and its decision-kind piece): the numpy policy of a BoardgymPolicy with both
    options gives its logits and values on real observations."""
    from types import SimpleNamespace

    from gymnasium import spaces

    from boardgym.agents.policy_net import layout_spec
    from boardgym.train.policies import BoardgymPolicy, EntityExtractor

    from ..core.test_entity_layout import observations

    th.set_num_threads(1)
    game = make_game(name)
    spec = layout_spec(game.layout)
    th.manual_seed(0)
    policy = BoardgymPolicy(spaces.Box(-1, 1, (game.layout.size,), np.float32), spaces.Discrete(game.num_actions),
                            lambda _: 3e-4, heads="per_kind", decision=spec["decision"], net_arch=[8],
                            features_extractor_class=EntityExtractor,
                            features_extractor_kwargs=dict(spec=spec, entity_dim=8, flat_dim=8, pooling="max"))
    policy.set_training_mode(False)
    with th.no_grad():
        for p in policy.parameters():
            p.add_(th.randn_like(p) * 0.1)
    net = PolicyNet(*numpy_net(SimpleNamespace(model=SimpleNamespace(policy=policy))))
    obs = np.stack([o for seed in range(2) for o in observations(game, seed, 40)])
    none = obs[:3].copy()   # no decision pending: the head for no kind
    o, k = spec["decision"]
    none[:, o:o + k] = 0
    obs = np.concatenate([obs, none])
    assert {net.kind(x) for x in obs} >= {k, 0}
    with th.no_grad():
        t = th.as_tensor(obs)
        features = policy.extract_features(t, policy.pi_features_extractor)
        logits = policy.action_net(policy.mlp_extractor.forward_actor(features)).numpy()
        values = policy.predict_values(t).numpy()[:, 0]
    np.testing.assert_allclose(np.stack([net.logits(o) for o in obs]), logits, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose([net.value(o) for o in obs], values, rtol=1e-4, atol=1e-5)
