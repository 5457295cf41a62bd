"""Behaviour-cloning warm start (boardgym/train/imitation.py): the recorded decisions are what the
training env gives the policy, a tiny pretrain learns the heuristic, the config is checked."""
import json

import numpy as np
import pytest

from boardgym.envs.opponents import make_agent
from boardgym.games import make_game
from boardgym.train.config import check_pretrain, load_config
from boardgym.train.envs import make_env
from boardgym.train.imitation import (assemble, collect, demo_setup, in_view, make_demonstrators, play_episode,
                                      setup_view)

PALEO = "boardgym/train/configs/paleo.yaml"
ATT_SEAT1 = {"name": "att_seat1", "env_id": "boardgym/AncientTerribleThings-v0",
             "env_kwargs": {"num_players": 2, "reward": "score_diff", "shaping": True, "seat": 1,
                            "opponents": "heuristic"},
             "ppo": {"gamma": 0.97}}


def _env_episode(cfg: dict, seed: int):
    """One episode of the training env (boardgym.train.envs.make_env: the wrappers the policy sees),
    the learner's decisions taken by the heuristic, seeded as BoardgymEnv seeds its opponents.
    Returns observations, masks, actions and rewards per env step."""
    env = make_env(cfg["env_id"], cfg["env_kwargs"])
    base = env.unwrapped
    obs, _ = env.reset(seed=seed)
    opp_seed = int(np.random.default_rng(seed).integers(2**31 - 1))
    learner = make_agent("heuristic", base.game_name)
    if base.view is not None:   # another action space: the heuristic chooses the view's actions
        from boardgym.core.action_views import FlatAgentInView

        learner = FlatAgentInView(learner, base.view)
    learner.reset(opp_seed + (0 if base.cooperative else base.seat))
    rows = {"obs": [], "masks": [], "actions": [], "rewards": []}
    done = False
    while not done:
        mask = env.get_wrapper_attr("action_masks")()
        a = int(learner.act(obs, mask, base.state))
        rows["obs"].append(obs)
        rows["masks"].append(mask.copy())
        rows["actions"].append(a)
        obs, r, term, trunc, _ = env.step(a)
        rows["rewards"].append(r)
        done = term or trunc
    env.close()
    return rows


def _discounted(rewards, gamma):
    g, out = 0.0, []
    for r in reversed(rewards):
        g = r + gamma * g
        out.append(g)
    return out[::-1]


ATT_COMBO = dict(ATT_SEAT1, env_kwargs=dict(ATT_SEAT1["env_kwargs"], action_space="combinations"))


@pytest.mark.parametrize("cfg_source", ["paleo", "att_seat1", "att_combo"])
def test_recorded_decisions_are_the_training_envs(cfg_source):
    """... in ATT's combinations space too: one record per env step, the view's mask, the
    return-to-go of the env's rewards per view action."""
    cfg = {"paleo": load_config(PALEO), "att_seat1": ATT_SEAT1, "att_combo": ATT_COMBO}[cfg_source]
    setup = demo_setup(cfg)
    assert setup.shaping
    game = make_game(setup.game_name, **setup.game_kwargs)
    seed = 11
    agents = in_view(make_demonstrators(setup, "heuristic", 0, game), setup.learner_seats,
                     setup_view(setup, game))   # (unchanged in the flat catalogue)
    ep = play_episode(game, agents, np.random.default_rng(seed), setup)
    demos = assemble(game, [ep])
    env = _env_episode(cfg, seed)
    n = len(env["actions"])
    assert len(demos) == n > 20
    recorded = demos.dense(np.arange(n))
    for i in range(n):   # bit for bit, dtype and all
        assert env["obs"][i].dtype == recorded[i].dtype == np.float32
        assert env["obs"][i].tobytes() == recorded[i].tobytes(), f"observation {i} differs"
    assert np.array_equal(np.array(env["masks"]), demos.masks)
    assert demos.actions.tolist() == env["actions"]
    if cfg_source != "paleo":
        assert set(demos.seat.tolist()) == {1}
    else:
        assert set(demos.seat.tolist()) == {0, 1}   # cooperative: both groups' decisions
    expected = _discounted(env["rewards"], setup.gamma)
    np.testing.assert_allclose(demos.returns, expected, rtol=1e-5, atol=1e-5)


def test_tiny_pretrain_learns_the_heuristic():
    import torch
    from sb3_contrib import MaskablePPO

    from boardgym.train.envs import make_vec_env
    from boardgym.train.imitation import behaviour_clone, evaluate, split

    torch.set_num_threads(1)
    cfg = load_config("boardgym/train/configs/att_selfplay.yaml")
    setup = demo_setup(cfg)
    assert setup.learner_seats == (0, 1) and not setup.cooperative   # seat "random": every seat
    demos = collect(setup, "heuristic", 10, seed=3)
    assert set(demos.seat.tolist()) == {0, 1}
    venv = make_vec_env(cfg["env_id"], {"num_players": 2, "opponents": "heuristic"}, 1, 0, "dummy")
    model = MaskablePPO("MlpPolicy", venv, seed=0, device="cpu", policy_kwargs={"net_arch": [64, 64]})
    venv.close()
    pcfg = check_pretrain({"episodes": 10, "epochs": 4, "batch_size": 128, "seed": 3})
    _, val_rows = split(demos, 3)
    before = evaluate(model.policy, demos, val_rows)
    res = behaviour_clone(model.policy, demos, pcfg, log=lambda *_: None)
    after = evaluate(model.policy, demos, val_rows)
    assert res["val_accuracy_before"] == pytest.approx(before["accuracy"])
    assert res["history"][-1]["val_accuracy"] == pytest.approx(after["accuracy"])
    # untrained: ~0.2 (about 1 / number of legal actions); 4 epochs reach ~0.7
    assert after["accuracy"] >= before["accuracy"] + 0.3, (before, after)
    assert after["value_loss"] < 0.8 * before["value_loss"]   # single noisy returns: ~0.7x


def test_bc_only_run_writes_the_pretrain_figures(tmp_path):
    from boardgym.train.__main__ import main

    out = tmp_path / "bc"
    assert main(["--game", "ancient_terrible_things", "--timesteps", "0", "--n-envs", "1",
                 "--out", str(out), "--eval-games", "2", "--no-progress-bar",
                 "--set", "pretrain.episodes=3", "--set", "pretrain.epochs=1",
                 "--set", "ppo.policy_kwargs.net_arch=[32,32]"]) == 0
    res = json.loads((out / "results.json").read_text())
    pre = res["pretrain"]
    assert res["timesteps"] == 0 and (out / "model.zip").is_file()
    assert pre["episodes"] == 3 and pre["decisions"] == pre["train_decisions"] + pre["val_decisions"] > 0
    assert 0.0 <= pre["val_accuracy"] <= 1.0 and pre["collect_seconds"] > 0
    assert list((out / "tb" / "pretrain").glob("events.out.tfevents.*"))
    assert {r["agent"] for r in res["evaluation"]["rows"]} >= {"ppo", "heuristic"}


@pytest.mark.parametrize("section, message", [
    ({"episode": 10}, r"unknown key 'pretrain.episode' \(did you mean 'episodes'\?\)"),
    ({"episodes": 1}, r"pretrain\.episodes must be an integer >= 2"),
    ({"epochs": 0}, r"pretrain\.epochs must be an integer >= 1"),
    ({"epochs": True}, r"pretrain\.epochs must be an integer"),
    ({"batch_size": "big"}, r"pretrain\.batch_size must be an integer >= 1"),
    ({"learning_rate": 0}, r"pretrain\.learning_rate must be a number > 0"),
    ({"value_coef": -1}, r"pretrain\.value_coef must be a number >= 0"),
    ({"agent": "expert"}, r"pretrain\.agent: agent spec 'expert' is not a known kind"),
    ({"agent": "os:getcwd"}, r"pretrain\.agent: agent spec 'os:getcwd' names a function"),
    ({"agent": "ppo:no/such/model.zip"}, r"pretrain\.agent: agent spec 'ppo:no/such/model\.zip': no model file"),
    ({"seed": -2}, r"pretrain\.seed must be an integer >= 0"),
    ([1, 2], r"pretrain must be a mapping"),
])
def test_bad_pretrain_values_are_named(section, message):
    with pytest.raises(SystemExit, match=message):
        check_pretrain(section)


def test_pretrain_section_is_checked_on_load_and_after_overrides(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("env_id: boardgym/Paleo-v0\npretrain: {episodes: 5, epoch: 2}\n")
    with pytest.raises(SystemExit, match=r"bad\.yaml: unknown key 'pretrain\.epoch' \(did you mean 'epochs'\?\)"):
        load_config(path)
    path.write_text("env_id: boardgym/Paleo-v0\npretrain: {episodes: 5}\n")
    cfg = load_config(path)
    assert cfg["pretrain"] == dict(check_pretrain({}), episodes=5)
    assert "pretrain" not in load_config(PALEO)
    from boardgym.train.__main__ import main

    with pytest.raises(SystemExit, match=r"pretrain\.learning_rate"):   # before anything runs
        main(["--config", str(path), "--out", str(tmp_path / "x"), "--set", "pretrain.learning_rate=-1"])
    assert not (tmp_path / "x").exists()
    with pytest.raises(SystemExit, match="total_timesteps must be an integer >= 0"):
        main(["--config", str(path), "--out", str(tmp_path / "x"), "--set", "total_timesteps=-5"])


def test_every_shipped_config_loads_and_the_bc_configs_warm_start():
    from boardgym.train.config import CONFIG_DIR

    for path in sorted(CONFIG_DIR.glob("*.yaml")):
        if path.name != "defaults.yaml":
            load_config(path)
    paleo = load_config(CONFIG_DIR / "paleo_bc.yaml")
    att = load_config(CONFIG_DIR / "att_selfplay_bc.yaml")
    assert paleo["pretrain"]["agent"] == att["pretrain"]["agent"] == "heuristic"
    assert demo_setup(paleo).learner_seats == (0, 1) and demo_setup(paleo).cooperative
    assert demo_setup(att).learner_seats == (0, 1) and not demo_setup(att).cooperative
    assert paleo["ppo"]["learning_rate"] < load_config(CONFIG_DIR / "paleo.yaml")["ppo"]["learning_rate"]
