"""DAgger (boardgym/train/dagger.py): the learner's states are labelled with the expert's actions, the
aggregate grows, the data do not depend on the seed's luck or the job count, a resumed run ends
where an uninterrupted one does, every registered game's DAgger config runs."""
import json

import numpy as np
import pytest

from boardgym.core.agent import Agent
from boardgym.games import GAMES, make_game
from boardgym.train.config import CONFIG_DIR, load_config
from boardgym.train.dagger import DAGGER_CONFIGS, check_dagger, concat, keep_newest, load_demos, run_dagger
from boardgym.train.imitation import assemble, demo_setup, play_episode

ATT_SOLO = "boardgym/train/configs/att_solo_dagger.yaml"
TINY = {"iterations": 2, "episodes": 3, "epochs": 1, "batch_size": 256}


class Lowest(Agent):
    """Always the lowest legal action (the learner that always plays 'action X')."""

    name = "lowest"

    def act(self, observation, legal_mask, state=None) -> int:
        return int(np.flatnonzero(legal_mask)[0])


class Highest(Agent):
    name = "highest"

    def act(self, observation, legal_mask, state=None) -> int:
        return int(np.flatnonzero(legal_mask)[-1])


def _setup_game(cfg_path=ATT_SOLO):
    setup = demo_setup(load_config(cfg_path))
    return setup, make_game(setup.game_name, **setup.game_kwargs)


@pytest.mark.parametrize("beta", [0.0, 1.0])
def test_expert_labels_the_states_the_actor_reaches(beta):
    setup, game = _setup_game()
    n = game.num_players
    ep = play_episode(game, [Lowest()] * n, np.random.default_rng(5), setup,
                      labellers=[Highest()] * n, beta=beta)
    masks = np.array(ep["masks"])
    assert len(masks) > 20
    lowest = [int(np.flatnonzero(m)[0]) for m in masks]
    highest = [int(np.flatnonzero(m)[-1]) for m in masks]
    assert ep["actions"] == highest        # recorded: always the expert's label
    assert ep["own"] == lowest             # and the learner's own choice beside it
    assert lowest != highest               # (the test would not tell them apart otherwise)
    # the states are those of the game the player of the moves plays alone, bit for bit
    alone = play_episode(game, [Lowest() if beta == 0 else Highest()] * n, np.random.default_rng(5), setup)
    a, b = assemble(game, [ep]), assemble(game, [alone])
    assert len(a) == len(b)
    assert a.dense(np.arange(len(a))).tobytes() == b.dense(np.arange(len(b))).tobytes()
    assert np.array_equal(a.masks, b.masks)
    np.testing.assert_allclose(a.returns, b.returns)   # value targets of the game played


def test_competitive_learner_seat_against_opponents():
    cfg = load_config("boardgym/train/configs/att_selfplay_dagger.yaml")
    setup = demo_setup(cfg)
    game = make_game(setup.game_name, **setup.game_kwargs)
    ep = play_episode(game, [Lowest(), Highest()], np.random.default_rng(2), setup,
                      labellers=[Highest(), None], beta=0.0, learner_seats=(0,))
    assert set(ep["seats"]) == {0}         # only the learner's seat is recorded
    assert all(o == int(np.flatnonzero(m)[0]) for o, m in zip(ep["own"], ep["masks"]))


def _model(cfg, net=(32, 32)):
    from sb3_contrib import MaskablePPO

    from boardgym.train.envs import make_vec_env

    venv = make_vec_env(cfg["env_id"], cfg["env_kwargs"], 1, 0, "dummy")
    model = MaskablePPO("MlpPolicy", venv, seed=0, device="cpu",
                        policy_kwargs={"net_arch": list(net)}, **{"gamma": cfg["ppo"]["gamma"]})
    venv.close()
    return model


def _cfg(**dagger):
    cfg = load_config(ATT_SOLO)
    cfg["dagger"] = check_dagger(dict(TINY, **dagger))
    return cfg


def _params(model):
    return {k: v.detach().clone() for k, v in model.policy.state_dict().items()}


def test_aggregate_grows_and_is_deterministic_across_jobs(tmp_path):
    import torch

    torch.set_num_threads(1)
    runs = {}
    for jobs in (1, 2):
        cfg = _cfg(jobs=jobs, beta=0.5)
        model = _model(cfg)
        res = run_dagger(model, cfg, tmp_path / f"j{jobs}", log=lambda *_: None)
        runs[jobs] = (res, load_demos(tmp_path / f"j{jobs}" / "dagger" / "demos.npz"), _params(model))
    res, demos, params = runs[1]
    h = res["history"]
    assert [r["beta"] for r in h] == [0.5, 0.25]
    assert h[1]["decisions"] == h[0]["new_decisions"] + h[1]["new_decisions"] > h[0]["decisions"]
    assert len(demos) == h[1]["decisions"] and demos.episodes == 6
    assert 0 <= h[0]["own_agreement"] <= 1 and 0 <= h[0]["win_share"] <= 1
    res2, demos2, params2 = runs[2]
    for f in ("indptr", "indices", "values", "masks", "actions", "returns", "episode", "seat"):
        assert np.array_equal(getattr(demos, f), getattr(demos2, f)), f
    assert [r["win_share"] for r in h] == [r["win_share"] for r in res2["history"]]
    assert all(torch.equal(params[k], params2[k]) for k in params)
    state = json.loads((tmp_path / "j1" / "dagger" / "state.json").read_text())
    assert state["done"] == 2 and (tmp_path / "j1" / "dagger" / "iter_1.zip").is_file()
    assert (tmp_path / "j1" / "dagger_curve.png").is_file()


def test_keep_newest_drops_the_oldest_decisions():
    setup, game = _setup_game()
    n = game.num_players
    eps = [play_episode(game, [Lowest()] * n, np.random.default_rng(s), setup) for s in (1, 2)]
    a, b = assemble(game, eps[:1]), assemble(game, eps[1:])
    both = concat(a, b)
    assert len(both) == len(a) + len(b) and both.episodes == 2
    kept = keep_newest(both, len(b) + 3)
    assert len(kept) == len(b) + 3 and kept.episodes == 2 and kept.episode[0] == 0
    rows = np.arange(len(both))[-len(kept):]
    assert kept.dense(np.arange(len(kept))).tobytes() == both.dense(rows).tobytes()
    assert np.array_equal(kept.actions, both.actions[-len(kept):])


def _main(args):
    from boardgym.train.__main__ import main

    return main(args + ["--no-progress-bar", "--no-eval"])


def test_resume_equals_uninterrupted(tmp_path):
    import torch
    from sb3_contrib import MaskablePPO

    common = ["--config", ATT_SOLO, "--timesteps", "0", "--n-envs", "1",
              "--set", "dagger.episodes=3", "--set", "dagger.epochs=1", "--set", "kl=null",
              "--set", "ppo.policy_kwargs.net_arch=[16,16]"]
    assert _main(common + ["--out", str(tmp_path / "whole"), "--set", "dagger.iterations=3"]) == 0
    assert _main(common + ["--out", str(tmp_path / "cut"), "--set", "dagger.iterations=1"]) == 0
    with pytest.raises(SystemExit, match="dagger.episodes differs"):
        _main(["--resume", str(tmp_path / "cut"), "--set", "dagger.iterations=3",
               "--set", "dagger.episodes=4"])
    assert _main(["--resume", str(tmp_path / "cut"), "--set", "dagger.iterations=3"]) == 0
    a = MaskablePPO.load(tmp_path / "whole" / "model.zip").policy.state_dict()
    b = MaskablePPO.load(tmp_path / "cut" / "model.zip").policy.state_dict()
    assert all(torch.equal(a[k], b[k]) for k in a)
    res = json.loads((tmp_path / "cut" / "results.json").read_text())
    assert res["dagger"]["resumed_after"] == 1 and res["dagger"]["iterations"] == 3


@pytest.mark.parametrize("game", GAMES)
def test_every_games_dagger_config_runs(game, tmp_path):
    """Each registered game has a DAgger config, and it trains for a tiny budget: DAgger, then
    (where the config has one) a PPO update with its KL term."""
    assert game in DAGGER_CONFIGS, f"{game} has no DAgger config in boardgym.train.dagger.DAGGER_CONFIGS"
    path = CONFIG_DIR / DAGGER_CONFIGS[game]
    cfg = load_config(path)
    out = tmp_path / game
    steps = 64 if cfg.get("kl") else 0
    assert _main(["--config", str(path), "--out", str(out), "--timesteps", str(steps), "--n-envs", "1",
                  "--set", "dagger.iterations=2", "--set", "dagger.episodes=2", "--set", "dagger.epochs=1",
                  "--set", "dagger.jobs=1", "--set", "ppo.n_steps=64", "--set", "ppo.batch_size=64",
                  "--set", "ppo.policy_kwargs.net_arch=[16,16]"]) == 0
    res = json.loads((out / "results.json").read_text())
    assert res["dagger"]["iterations"] == 2 and res["dagger"]["decisions"] > 0
    assert res["timesteps"] == steps and (out / "model.zip").is_file()
    assert (out / "kl_reference.zip").is_file() == bool(cfg.get("kl"))


@pytest.mark.parametrize("key, value, words", [
    ("dagger.betta", "0.5", "unknown key 'dagger.betta' (did you mean 'beta'?)"),
    ("dagger.beta", "1.5", "dagger.beta must be a number in [0, 1]"),
    ("dagger.decay", "-0.1", "dagger.decay must be a number in [0, 1]"),
    ("dagger.episodes", "1", "dagger.episodes must be an integer >= 2"),
    ("dagger.expert", "heuristik", "dagger.expert"),
    ("dagger.max_decisions", "0", "dagger.max_decisions must be an integer >= 1"),
    ("dagger.sample", "maybe", "dagger.sample must be true or false"),
])
def test_bad_dagger_settings_are_refused(key, value, words):
    with pytest.raises(SystemExit) as exc:
        _main(["--config", ATT_SOLO, "--set", f"{key}={value}"])
    assert words in str(exc.value)


def test_competitive_run_holds_one_drawn_seat_against_the_opponents(tmp_path):
    """att_selfplay_dagger.yaml (seat: random): each game records one learner seat, drawn per
    game from the game's seed, labelled by the expert."""
    cfg = load_config("boardgym/train/configs/att_selfplay_dagger.yaml")
    cfg["dagger"] = check_dagger(dict(TINY, iterations=1, episodes=4, beta=0.0, opponents="random"))
    cfg["env_kwargs"] = dict(cfg["env_kwargs"], opponents="random")
    res = run_dagger(_model(cfg), cfg, tmp_path, log=lambda *_: None)
    demos = load_demos(tmp_path / "dagger" / "demos.npz")
    seats = [set(demos.seat[demos.episode == e].tolist()) for e in range(demos.episodes)]
    assert all(len(s) == 1 for s in seats) and set.union(*seats) == {0, 1}, seats
    assert res["history"][0]["beta"] == 0.0 and 0 <= res["history"][0]["win_share"] <= 1


def test_a_search_expert_labels_from_the_state(tmp_path):
    """An ``ismcts:`` expert (it needs the state, not the observation) labels a sampling
    learner's decisions; every label is a legal action of its state."""
    from boardgym.train.dagger import dagger_batch

    cfg = load_config(CONFIG_DIR / DAGGER_CONFIGS["tides_of_ruin_arcade"])
    setup = demo_setup(cfg)
    model = _model(cfg, net=(16,))
    model.save(tmp_path / "learner.zip")
    (ep,) = dagger_batch([(setup, "ismcts:simulations=4", None, str(tmp_path / "learner.zip"), True,
                           0.5, 0, 0, 0)])
    masks = np.array(ep["masks"])
    assert len(ep["actions"]) == len(ep["own"]) == len(masks) > 10
    assert masks[np.arange(len(masks)), ep["actions"]].all()
    assert masks[np.arange(len(masks)), ep["own"]].all()
