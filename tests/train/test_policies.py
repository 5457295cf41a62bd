"""The two policy options beside the flat MLP (boardgym/train/policies.py): the entity encoder
pools each declared entity set whatever the order of its rows, the per-kind heads answer with
the head of the observation's decision kind, and MaskablePPO trains, saves and loads both on
every registered env, keeping the env's action space and masks."""
from __future__ import annotations

import copy

import numpy as np
import pytest
import torch as th

import boardgym  # noqa: F401  (registers the ids)
from boardgym.envs.registry import gym_ids
from boardgym.games import GAMES, make_game
from boardgym.train.config import DEFAULTS, validate_config
from boardgym.train.policies import BoardgymPolicy, EntityExtractor, KindHeads, layout_spec
from boardgym.train.policy_config import policy_for

from ..core.test_entity_layout import observations


def extractor(layout, pooling="mean", decision=None):
    from gymnasium import spaces

    space = spaces.Box(-1, 1, (layout.size,), np.float32)
    th.manual_seed(0)
    return EntityExtractor(space, layout_spec(layout), entity_dim=16, flat_dim=16, pooling=pooling,
                           decision=decision)


def present_rows(obs, e):
    rows = np.stack([obs[r:r + e.width] for r in e.rows])
    return np.flatnonzero(rows[:, e.presence] != 0 if e.presence is not None else rows.any(1))


def swap_rows(obs, e, i, j):
    out = obs.copy()
    a, b = e.rows[i], e.rows[j]
    out[a:a + e.width], out[b:b + e.width] = obs[b:b + e.width], obs[a:a + e.width]
    return out


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("pooling", ["mean", "max"])
def test_entity_features_ignore_the_order_of_the_rows(name, pooling):
    """Swap two present rows of a set in a real observation: the same features; change one
    present row's content: other features; change an absent row's hidden values: the same."""
    game = make_game(name, **most_seats(name))
    layout = game.layout
    ext = extractor(layout, pooling)
    obs_list = [o for seed in range(4) for o in observations(game, seed, 400)]
    tested = set()
    for e in layout.entity_sets:
        obs = next((o for o in obs_list if len(present_rows(o, e)) >= 2), None)
        if obs is None:
            continue
        i, j = present_rows(obs, e)[:2]
        with th.no_grad():
            f = ext(th.as_tensor(obs[None]))
            swapped = ext(th.as_tensor(swap_rows(obs, e, i, j)[None]))
            changed = obs.copy()   # row i's content (not its presence bit) flipped
            cols = [c for c in range(e.width) if c != e.presence]
            changed[[e.rows[i] + c for c in cols]] = 1.0 - obs[[e.rows[i] + c for c in cols]]
            col = cols[0]
            other = ext(th.as_tensor(changed[None]))
        assert th.allclose(f, swapped, atol=1e-5), (name, e.name)
        assert not th.allclose(f, other, atol=1e-6), (name, e.name)
        if e.presence is not None:   # an absent row's values are not read
            absent = [k for k in range(len(e.rows)) if k not in present_rows(obs, e)]
            if absent:
                hidden = obs.copy()
                hidden[e.rows[absent[0]] + col] = 0.75
                with th.no_grad():
                    assert th.allclose(f, ext(th.as_tensor(hidden[None])), atol=1e-6)
        tested.add(e.name)
    assert len(tested) >= 2, f"{name}: only {tested} had two present entities"


def most_seats(name) -> dict:
    """The game's option for the most seats (``num_players``, Paleo's ``num_groups``)."""
    info = make_game(name).info
    key = next(k for k in ("num_players", "num_groups") if k in info.defaults)
    return {key: info.max_players}


def kind_policy(name, encoder):
    from gymnasium import spaces

    th.set_num_threads(1)
    layout = make_game(name).layout
    spec = layout_spec(layout)
    kwargs = dict(heads="per_kind", decision=spec["decision"])
    if encoder == "entity":
        kwargs.update(features_extractor_class=EntityExtractor,
                      features_extractor_kwargs=dict(spec=spec, entity_dim=16, flat_dim=16))
    th.manual_seed(0)
    n = make_game(name).num_actions
    return BoardgymPolicy(spaces.Box(-1, 1, (layout.size,), np.float32), spaces.Discrete(n),
                          lambda _: 3e-4, **kwargs), layout


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("encoder", ["flat", "entity"])
def test_per_kind_logits_come_from_the_kind_head(name, encoder):
    policy, layout = kind_policy(name, encoder)
    heads = policy.action_net
    assert isinstance(heads, KindHeads)
    with th.no_grad():   # the heads start apart, as a trained policy's
        heads.bias.copy_(th.randn_like(heads.bias))
    sl = layout.slice(layout.decision_piece)
    obs = observations(make_game(name), 0, 5)[-1]
    k = int(obs[sl].argmax())
    other = obs.copy()
    other[sl] = 0
    k2 = (k + 1) % (sl.stop - sl.start)
    other[sl.start + k2] = 1
    none = obs.copy()
    none[sl] = 0

    def logits_and_latent(o):
        t = th.as_tensor(o[None])
        with th.no_grad():
            features = policy.extract_features(t, policy.pi_features_extractor)
            latent = policy.mlp_extractor.inner.forward_actor(features)
            return policy.action_net(policy.mlp_extractor.forward_actor(features))[0], latent[0]

    for o, head in ((obs, k), (other, k2), (none, heads.kinds)):
        logits, latent = logits_and_latent(o)
        expected = heads.weight[head] @ latent + heads.bias[head]
        assert th.allclose(logits, expected, atol=1e-5), head
        wrong = heads.weight[(head + 1) % (heads.kinds + 1)] @ latent + heads.bias[(head + 1) % (heads.kinds + 1)]
        assert not th.allclose(logits, wrong, atol=1e-4)
    assert logits.shape == (make_game(name).num_actions,)


def config(gid, **policy):
    cfg = copy.deepcopy(DEFAULTS)
    cfg.update(env_id=gid, env_kwargs={"illegal_action": "raise"}, n_envs=1, vec_env="dummy",
               policy=policy)
    return validate_config(cfg)


def train_save_load(gid, tmp_path, steps, **policy):
    """MaskablePPO with the policy for ``steps`` steps (the env raises on an illegal action),
    saved and loaded: the loaded model and a ``ppo:`` agent pick the trained one's actions."""
    from sb3_contrib import MaskablePPO

    from boardgym.agents.ppo import PPOAgent
    from boardgym.train.envs import make_vec_env

    th.set_num_threads(1)   # as python -m boardgym.train runs it (torch_threads: 1)
    cfg = config(gid, **policy)
    venv = make_vec_env(gid, cfg["env_kwargs"], 1, 0, "dummy")
    space = venv.action_space
    cls, kwargs = policy_for(cfg, venv.observation_space.shape[0])
    model = MaskablePPO(cls, venv, n_steps=64, batch_size=32, n_epochs=1, seed=0, device="cpu",
                        policy_kwargs=kwargs)
    model.learn(steps)
    assert model.num_timesteps >= steps
    assert model.policy.action_space == space == venv.action_space   # the env's own actions
    model.save(tmp_path / "m.zip")
    loaded = MaskablePPO.load(tmp_path / "m.zip", device="cpu")
    agent = PPOAgent(str(tmp_path / "m.zip"))
    obs = venv.reset()
    for _ in range(20):
        masks = np.stack(venv.env_method("action_masks"))
        a, _ = model.predict(obs, action_masks=masks, deterministic=True)
        b, _ = loaded.predict(obs, action_masks=masks, deterministic=True)
        assert a[0] == b[0] == agent.act(obs[0], masks[0]) and masks[0][a[0]]
        obs, _, _, _ = venv.step(a)
    venv.close()
    return model


@pytest.mark.parametrize("gid", gym_ids())
def test_maskable_ppo_trains_saves_and_loads_both_options(gid, tmp_path):
    """Both options at once on every env (a few hundred steps, no illegal action)."""
    model = train_save_load(gid, tmp_path, 128, encoder="entity", heads="per_kind", entity_dim=16,
                            flat_dim=32)
    assert isinstance(model.policy.features_extractor, EntityExtractor)
    assert isinstance(model.policy.action_net, KindHeads)


@pytest.mark.slow
@pytest.mark.parametrize("gid", gym_ids())
@pytest.mark.parametrize("policy", [{"encoder": "entity"}, {"heads": "per_kind"},
                                    {"encoder": "entity", "pooling": "sum", "heads": "per_kind"}])
def test_maskable_ppo_trains_each_option(gid, policy, tmp_path):
    train_save_load(gid, tmp_path, 512, **policy)


def test_default_policy_is_the_flat_mlp():
    cfg = config("boardgym/Paleo-v0")
    assert cfg["policy"] == {"encoder": "flat", "heads": "shared", "entity_dim": 64, "flat_dim": 256,
                             "pooling": "mean", "entity_sets": None}
    assert policy_for(cfg, make_game("paleo").layout.size) == ("MlpPolicy", {})
    cfg = copy.deepcopy(DEFAULTS)
    cfg.update(env_id="boardgym/Paleo-v0")
    assert "policy" not in validate_config(cfg)
    # a run's written config (every key, the entity ones at their defaults) validates again
    written = dict(config("boardgym/Paleo-v0", heads="per_kind")["policy"])
    assert config("boardgym/Paleo-v0", **written)["policy"] == written


@pytest.mark.parametrize("policy, message", [
    ({"encodr": "entity"}, "unknown key 'policy.encodr' (did you mean 'encoder'?)"),
    ({"encoder": "entities"}, "policy.encoder must be one of flat, entity, got 'entities' (did you mean 'entity'?)"),
    ({"heads": "perkind"}, "policy.heads must be one of shared, per_kind, got 'perkind' (did you mean 'per_kind'?)"),
    ({"encoder": "entity", "pooling": "avg"}, "policy.pooling must be one of mean, sum, max, got 'avg'"),
    ({"encoder": "entity", "entity_dim": 0}, "policy.entity_dim must be an integer >= 1, got 0"),
    ({"pooling": "sum"}, "policy.pooling shapes the entity encoder; set policy.encoder: entity"),
    ({"encoder": "entity", "entity_sets": ["dicee"]},
     "policy.entity_sets: boardgym/AncientTerribleThings-v0 declares no entity set 'dicee' (did you mean 'dice'?)"),
    ({"encoder": "entity", "entity_sets": "dice"}, "policy.entity_sets must be a list of entity set names"),
])
def test_policy_typos_are_refused_in_words(policy, message):
    with pytest.raises(SystemExit) as exc:
        config("boardgym/AncientTerribleThings-v0", **policy)
    assert message in str(exc.value.code)


def test_entity_sets_choose_what_is_pooled():
    cfg = config("boardgym/AncientTerribleThings-v0", encoder="entity", entity_sets=["dice"])
    cls, kwargs = policy_for(cfg, make_game("ancient_terrible_things").layout.size)
    spec = kwargs["features_extractor_kwargs"]["spec"]
    assert cls is BoardgymPolicy and [s["name"] for s in spec["sets"]] == ["dice"]
    # the rest covers every value but the dice, once
    rest = [c for o, n in spec["rest"] for c in range(o, o + n)]
    dice = make_game("ancient_terrible_things").layout.slice("dice")
    assert sorted(rest + list(range(dice.start, dice.stop))) == list(range(spec["size"]))


def test_export_takes_the_new_policies_and_refuses_an_unshared_encoder(tmp_path):
    """Both options export (tests/train/test_export_policies.py compares their numpy logits with
    torch's); an entity encoder that the actor and critic do not share is refused naming it."""
    from sb3_contrib import MaskablePPO

    from boardgym.core.errors import ConfigError
    from boardgym.train.envs import make_vec_env
    from boardgym.train.export_pretrained import policy_architecture, policy_layers

    th.set_num_threads(1)
    gid = "boardgym/AncientTerribleThingsSolo-v0"
    venv = make_vec_env(gid, {}, 1, 0, "dummy")
    for policy in ({"encoder": "entity"}, {"heads": "per_kind"}):
        cls, kwargs = policy_for(config(gid, **policy), venv.observation_space.shape[0])
        model = MaskablePPO(cls, venv, n_steps=64, device="cpu", policy_kwargs=kwargs)
        policy_layers(model)
        architecture, _ = policy_architecture(model)
        assert architecture["encoder"] == policy.get("encoder", "flat")
    cls, kwargs = policy_for(config(gid, encoder="entity"), venv.observation_space.shape[0])
    model = MaskablePPO(cls, venv, n_steps=64, device="cpu",
                        policy_kwargs=dict(kwargs, share_features_extractor=False))
    with pytest.raises(ConfigError) as exc:
        policy_layers(model)
    assert "each have their own entity encoder (ppo.policy_kwargs.share_features_extractor: false)" in str(exc.value)
    venv.close()


def test_a_run_trains_resumes_and_evaluates_with_both_options(tmp_path):
    """``python -m boardgym.train`` with ``policy:`` set (and a behaviour-cloning warm start and
    a KL penalty): the run's model.zip holds the chosen network, ``--resume`` continues it, and
    the evaluation plays it as a ``ppo:`` agent."""
    import json

    import yaml
    from sb3_contrib import MaskablePPO

    from boardgym.agents.specs import make_agent
    from boardgym.train.__main__ import main

    out = tmp_path / "run"
    sets = ["--set", "policy.encoder=entity", "--set", "policy.heads=per_kind", "--set", "policy.entity_dim=16",
            "--set", "ppo.n_steps=64", "--set", "ppo.batch_size=32", "--set", "ppo.n_epochs=1",
            "--set", "checkpoint_freq=64", "--set", "eval.baselines=[random]",
            "--set", "eval.opponents=[random]",
            # the warm start and the KL penalty read the policy through SB3's own calls
            "--set", "pretrain.episodes=2", "--set", "pretrain.epochs=1", "--set", "kl.coef=0.1"]
    assert main(["--game", "ancient_terrible_things", "--timesteps", "128", "--n-envs", "1", "--out", str(out),
                 "--eval-games", "2", "--no-progress-bar"] + sets) == 0
    cfg = yaml.safe_load((out / "config.yaml").read_text())
    assert cfg["policy"]["encoder"] == "entity" and cfg["policy"]["heads"] == "per_kind"
    model = MaskablePPO.load(out / "model.zip", device="cpu")
    assert isinstance(model.policy, BoardgymPolicy) and isinstance(model.policy.action_net, KindHeads)
    assert isinstance(model.policy.features_extractor, EntityExtractor)
    rows = {r["agent"]: r for r in json.loads((out / "results.json").read_text())["evaluation"]["rows"]}
    assert rows["ppo"]["games"] == 2
    assert json.loads((out / "results.json").read_text())["pretrain"]
    agent = make_agent(f"ppo:{out / 'model.zip'}", "ancient_terrible_things")
    assert isinstance(agent.policy.action_net, KindHeads)
    ckpt = out / "checkpoints" / "ppo_128_steps.zip"
    with pytest.raises(SystemExit) as exc:   # another network than the checkpoint's: refused
        main(["--resume", str(ckpt), "--timesteps", "192", "--n-envs", "1", "--no-eval", "--no-progress-bar",
              "--set", "policy.heads=shared"])
    assert "the checkpoint's policy has heads per_kind, the config asks for policy.heads: shared" in str(exc.value)
    assert yaml.safe_load((out / "config.yaml").read_text())["policy"]["heads"] == "per_kind"   # nothing lost
    assert main(["--resume", str(ckpt), "--timesteps", "192", "--n-envs", "1", "--no-eval",
                 "--no-progress-bar"]) == 0
    resumed = MaskablePPO.load(out / "model.zip", device="cpu")
    assert resumed.num_timesteps >= 192 and isinstance(resumed.policy.action_net, KindHeads)
