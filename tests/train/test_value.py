"""Value networks for search (boardgym/train/value.py): the recorded targets are the final returns of the
games the demonstrator plays, collection does not depend on the worker count or the kept share,
a small fit learns, and the config section is checked."""
import json

import numpy as np
import pytest

from boardgym.agents.value_net import ValueNet
from boardgym.games import make_game
from boardgym.train.config import load_config
from boardgym.train.imitation import collect, demo_setup, make_demonstrators, play_episode
from boardgym.train.value import check_value, fit, main, targets_of, value_setup

CFG = "boardgym/train/configs/paleo_value.yaml"


def _setup():
    return value_setup(load_config(CFG))


def test_targets_are_the_final_return_and_keep_leaves_the_game_alone():
    setup = _setup()
    game = make_game(setup.game_name, **setup.game_kwargs)
    agents = make_demonstrators(setup, "heuristic", 0, game)
    full = play_episode(game, agents, np.random.default_rng([0, 3]), setup)
    part = play_episode(game, agents, np.random.default_rng([0, 3]), setup, keep=0.1)
    assert part["decisions"] == full["decisions"]  # the same game
    assert 0 < len(part["actions"]) < len(full["actions"]) / 4
    final = full["returns"][-1]
    assert final in (-1.0, 1.0)
    assert np.all(full["returns"] == final) and np.all(part["returns"] == final)
    # the kept rows are a subset of the full record, observation for observation
    rows = {tuple(i) for i in full["indices"]}
    assert all(tuple(i) in rows for i in part["indices"])
    with pytest.raises(ValueError, match="gamma = 1"):
        play_episode(game, agents, np.random.default_rng(1), demo_setup(load_config(CFG)), keep=0.5)


def test_collection_is_the_same_for_any_number_of_jobs():
    setup = _setup()
    one = collect(setup, "heuristic", 3, 5, keep=0.05, jobs=1)
    two = collect(setup, "heuristic", 3, 5, keep=0.05, jobs=2)
    assert np.array_equal(one.indptr, two.indptr) and np.array_equal(one.indices, two.indices)
    assert np.array_equal(one.returns, two.returns) and np.array_equal(one.episode, two.episode)


def test_a_small_fit_learns_its_games():
    """Trained long enough on a few games, the network tells their wins from their losses far
    better than the constant predictor on the training rows."""
    import torch as th

    setup = _setup()
    demos = collect(setup, "heuristic", 12, 2, keep=0.1)
    assert set(np.unique(demos.returns)) == {-1.0, 1.0}  # both outcomes among the 12 games
    vcfg = check_value({"hidden": [32], "epochs": 30, "seed": 0})
    mlp, figures = fit(demos, vcfg, None, log=lambda *_: None)
    assert len(figures["history"]) == 30
    with th.no_grad():
        z = mlp(th.as_tensor(demos.dense(np.arange(len(demos))))).squeeze(1).numpy()
    t = targets_of(demos.returns)
    bce = np.mean(np.logaddexp(0, z) - t * z)
    base = t.mean()
    const = -np.mean(t * np.log(base) + (1 - t) * np.log(1 - base))
    assert bce < 0.5 * const


def test_run_writes_a_loadable_network(tmp_path):
    out = tmp_path / "v"
    assert main(["--config", CFG, "--out", str(out), "--set", "value.episodes=3",
                 "--set", "value.keep=0.05", "--set", "value.epochs=1", "--set", "value.jobs=1",
                 "--set", "value.hidden=[8]"]) == 0
    net = ValueNet.load(out / "value.npz")
    game = make_game("paleo", level=1, num_groups=2)
    assert net.obs_size == game.observation_size and net.meta["game"] == "paleo"
    res = json.loads((out / "results.json").read_text())
    assert res["held_out_decisions"] > 0 and res["history"][0]["epoch"] == 1
    assert (out / "config.yaml").exists() and any((out / "tb").iterdir())


@pytest.mark.parametrize("section, message", [
    ({"episodes": 1}, "episodes"), ({"keep": 0}, "keep"), ({"keep": 1.5}, "keep"),
    ({"hidden": []}, "hidden"), ({"hidden": [16, "x"]}, "hidden"), ({"lr": 1}, "unknown"),
    ("fast", "mapping"),
])
def test_bad_value_sections_are_named(section, message):
    with pytest.raises(SystemExit, match=message):
        check_value(section)


def test_competitive_games_record_every_seat_with_its_own_return(tmp_path):
    """ATT 2 players: decisions of both seats are kept, each with that seat's final return."""
    import yaml

    cfg = {"name": "att_value", "env_id": "boardgym/AncientTerribleThings-v0",
           "env_kwargs": {"num_players": 2}, "value": {"episodes": 2, "keep": 0.3, "epochs": 1,
                                                        "jobs": 1, "hidden": [8]}}
    path = tmp_path / "att_value.yaml"
    path.write_text(yaml.safe_dump(cfg))
    out = tmp_path / "run"
    assert main(["--config", str(path), "--out", str(out)]) == 0
    net = ValueNet.load(out / "value.npz")
    assert net.meta["game"] == "ancient_terrible_things"

    setup = value_setup(load_config(path))
    assert setup.learner_seats == (0, 1) and not setup.shaping and setup.gamma == 1.0
    game = make_game(setup.game_name, **setup.game_kwargs)
    agents = make_demonstrators(setup, "heuristic", 0, game)
    ep = play_episode(game, agents, np.random.default_rng([0, 0]), setup, keep=0.3)
    seats = np.array(ep["seats"])
    assert set(seats) == {0, 1}
    by_seat = {p: set(np.asarray(ep["returns"])[seats == p]) for p in (0, 1)}
    assert all(len(v) == 1 for v in by_seat.values())          # one final return per seat
    assert by_seat[0] != by_seat[1]                              # a 2-player game has a winner
