"""Expert iteration (boardgym/train/expert_iteration.py) and the search pieces it needs (boardgym/agents/ismcts.py:
a full-distribution PUCT prior, the root's visit counts)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import yaml

from boardgym.agents.ismcts import ISMCTSAgent
from boardgym.agents.specs import make_ismcts
from boardgym.core.chance import resolve_chance
from boardgym.core.game import TERMINAL
from boardgym.games import GAMES, make_game
from boardgym.train.config import CONFIG_DIR, load_config, set_dotted

ATT = "ancient_terrible_things"


def _decision(game_name: str, seed: int, min_legal: int = 3, **kw):
    """The first state of a random game with at least ``min_legal`` legal actions."""
    game = make_game(game_name, **kw)
    rng = np.random.default_rng(seed)
    s = game.new_initial_state()
    while True:
        resolve_chance(s, rng)
        assert s.current_player != TERMINAL
        legal = np.flatnonzero(s.legal_mask())
        if len(legal) >= min_legal:
            return s
        s.apply(int(rng.choice(legal)))


class _Peaked:
    """A distribution prior putting almost all its mass on one chosen action wherever legal."""

    needs_state = False

    def __init__(self, favourite: int):
        self.favourite, self.calls = favourite, 0

    def reset(self, seed=None):
        pass

    def act(self, observation, legal_mask, state=None):
        return int(np.argmax(self.action_probabilities(observation, legal_mask)))

    def action_probabilities(self, observation, legal_mask):
        self.calls += 1
        legal = np.asarray(legal_mask, dtype=bool)
        p = np.where(legal, 1e-4, 0.0)
        if legal[self.favourite]:
            p[self.favourite] = 1.0
        return p / p.sum()


def test_distribution_prior_steers_visits_and_root_visits_sum_to_the_simulations():
    s = _decision(ATT, 1)
    legal = np.flatnonzero(s.legal_mask())
    for favourite in (int(legal[0]), int(legal[-1])):
        prior = _Peaked(favourite)
        agent = ISMCTSAgent(simulations=24, c=5.0, rollout_depth=3, prior_agent=prior, prior_weight=1.0, seed=0)
        a = agent.act(None, s.legal_mask(), s)
        visits = agent.last_root_visits
        assert prior.calls > 0
        assert sum(visits.values()) == 24 == agent.last_simulations
        assert set(visits) <= set(int(x) for x in legal)
        assert max(visits, key=visits.get) == favourite == a
        assert visits[favourite] > 12


def test_root_visits_empty_when_nothing_is_searched():
    s = _decision(ATT, 2)
    agent = make_ismcts(ATT, simulations=4, rollout_depth=2, prior="heuristic", seed=0)
    agent.act(None, s.legal_mask(), s)
    assert sum(agent.last_root_visits.values()) == 4
    only = np.zeros_like(s.legal_mask())
    only[np.flatnonzero(s.legal_mask())[0]] = True
    agent.act(None, only, s)   # one legal action: no search
    assert agent.last_root_visits == {}


@pytest.mark.parametrize("game_name,expected", [
    (ATT, [5, 7, 7, 38, 8, 39, 40, 30, 1, 41, 32, 33]),
    ("tides_of_ruin_arcade", [25, 24, 24, 7, 18, 19, 81, 22, 17, 21, 20, 81])])
def test_heuristic_prior_plays_the_moves_it_played_before(game_name, expected):
    """The heuristic (a single-action prior) is searched as before the distribution prior came:
    the moves recorded with the code before that change, same seeds."""
    game = make_game(game_name)
    agent = make_ismcts(game_name, seed=5, simulations=6, prior="heuristic", rollout="random", rollout_depth=4)
    agent.reset(5)
    rng = np.random.default_rng(5)
    s = game.new_initial_state()
    played = []
    while len(played) < len(expected):
        resolve_chance(s, rng)
        a = agent.act(None, s.legal_mask(), s)
        played.append(a)
        s.apply(a)
    assert played == expected


# -- the trainer ---------------------------------------------------------------------------------
def _exit_configs() -> dict:
    """game name -> its exit config file (boardgym/train/configs/*exit*.yaml)."""
    from boardgym.eval.play import env_game_kwargs

    out = {}
    for path in sorted(CONFIG_DIR.glob("*exit*.yaml")):
        env_id = yaml.safe_load(path.read_text())["env_id"]
        out[env_game_kwargs(env_id)[0]] = path
    return out


TINY = ["total_timesteps=0", "exit.iterations=1", "exit.games=2", "exit.simulations=2",
        "exit.rollout_depth=3", "exit.epochs=1", "exit.jobs=1", "n_envs=1", "vec_env=dummy"]


def _cfg(path, extra=()):
    cfg = load_config(path)
    for kv in TINY + list(extra):
        set_dotted(cfg, kv, schema=True)
    return cfg


def _train(cfg, out, resume=None):
    from boardgym.train.run import train

    return train(cfg, Path(out), resume=resume, progress_bar=False, evaluate=False)


def test_every_game_has_an_exit_config_that_runs(tmp_path):
    """One iteration of two games at two simulations for every registered game: the network
    files, the window, the state, the curve, and the fitted network plays as ``ppo:PATH``."""
    from boardgym.agents.ppo import PPOAgent

    configs = _exit_configs()
    assert sorted(configs) == sorted(GAMES)
    for game_name, path in configs.items():
        out = tmp_path / game_name
        res = _train(_cfg(path), out)["exit"]
        folder = out / "exit"
        for name in ("iter_0.zip", "iter_1.zip", "data.npz", "state.json"):
            assert (folder / name).is_file(), (game_name, name)
        assert (out / "exit_curve.png").is_file()
        row = res["history"][0]
        assert row["games"] == 2 and row["decisions"] > 0 and 0 <= row["win_share"] <= 1
        s = _decision(game_name, 0, min_legal=2)
        agent = PPOAgent(str(folder / "iter_1.zip"))
        p = agent.action_probabilities(s.observation(s.current_player), s.legal_mask())
        assert np.isclose(p.sum(), 1) and not p[~s.legal_mask()].any()
        assert agent.act(s.observation(s.current_player), s.legal_mask()) == int(np.argmax(p))


def _work(cfg, games=3, k=1, net=None):
    import dataclasses

    from boardgym.train.expert_iteration import search_kwargs
    from boardgym.train.imitation import demo_setup

    sec = cfg["exit"]
    setup = dataclasses.replace(demo_setup(cfg), gamma=1.0, shaping=False)
    kw = search_kwargs(dict(sec, first_prior="heuristic"), 0, net or "unused.zip")
    return setup, [(setup, kw, sec["opponents"], sec["seed"], k, i) for i in range(games)]


def test_targets_are_the_visit_distributions_and_the_final_returns():
    from boardgym.train.expert_iteration import exit_batch, make_part

    cfg = _cfg(_exit_configs()[ATT], ["exit.simulations=4"])
    setup, work = _work(cfg)
    eps = exit_batch(work)
    game = make_game(ATT, **setup.game_kwargs)
    part = make_part(game, eps, 1, 0)
    row = 0
    searched = 0
    for i, ep in enumerate(eps):
        assert ep["learner_seats"] == [i % 2] and set(ep["seats"]) == {i % 2}
        for (visits, a), seat, ret in zip(ep["visits"], ep["seats"], ep["returns"]):
            t = part.targets[row]
            assert part.demos.actions[row] == a and np.isclose(t.sum(), 1)
            if visits:
                searched += 1
                assert sum(visits.values()) == 4
                for b in range(game.num_actions):
                    assert np.isclose(t[b], visits.get(b, 0) / 4)
                assert visits[a] == max(visits.values())
            else:
                assert t[a] == 1.0
            assert ret == ep["final"][seat] == part.demos.returns[row]
            row += 1
    assert searched > 0 and row == len(part.demos)


def test_games_do_not_depend_on_the_worker_count():
    from boardgym.eval.runner import GameRunner
    from boardgym.train.expert_iteration import exit_batch

    cfg = _cfg(_exit_configs()["tides_of_ruin_arcade"])
    _, work = _work(cfg, games=4)
    serial = GameRunner().map_batches(exit_batch, work, 4)
    parallel = GameRunner(workers=2).map_batches(exit_batch, work, 1)
    for a, b in zip(serial, parallel):
        assert a["visits"] == b["visits"] and a["final"] == b["final"]
        assert [list(x) for x in a["indices"]] == [list(x) for x in b["indices"]]


def test_resume_matches_an_uninterrupted_run(tmp_path):
    import torch

    from sb3_contrib import MaskablePPO

    path = _exit_configs()["tides_of_ruin_arcade"]
    extra = ["exit.window=2", "exit.first_prior=null"]
    whole = _cfg(path, extra + ["exit.iterations=3"])
    _train(whole, tmp_path / "whole")
    _train(_cfg(path, extra + ["exit.iterations=2"]), tmp_path / "cut")
    res = _train(whole, tmp_path / "cut", resume=str(tmp_path / "cut" / "exit" / "iter_2.zip"))
    assert [r["iteration"] for r in res["exit"]["history"]] == [0, 1, 2]

    def drop_time(rows):
        return [{k: v for k, v in r.items() if "seconds" not in k} for r in rows]

    a, b = (json.loads((tmp_path / d / "exit" / "state.json").read_text()) for d in ("whole", "cut"))
    assert drop_time(a["history"]) == drop_time(b["history"])
    with np.load(tmp_path / "whole" / "exit" / "data.npz") as za, np.load(tmp_path / "cut" / "exit" / "data.npz") as zb:
        assert sorted(za.files) == sorted(zb.files)
        for k in za.files:
            assert np.array_equal(za[k], zb[k]), k
    pa, pb = (MaskablePPO.load(tmp_path / d / "exit" / "iter_3.zip").policy.state_dict() for d in ("whole", "cut"))
    assert all(torch.equal(pa[k], pb[k]) for k in pa)


@pytest.mark.parametrize("item,words", [
    ("exit.simulation=4", "unknown key 'exit.simulation' (did you mean 'simulations'"),
    ("exit.search=most", "exit.search must be 'key'"),
    ("exit.prior_weight=2", "exit.prior_weight must lie in [0, 1]"),
    ("exit.games=1", "exit.games must be an integer >= 2"),
    ("exit.opponents=nosuchagent", "exit.opponents"),
    ("exit.rollout=greedy", "exit.rollout must be 'random' or 'heuristic' or 'ppo:PATH'"),
    ("exit.jobs=0", "exit.jobs must be a whole number >= 1"),
    ("exit.ray=somewhere", "exit.ray: expected false"),
])
def test_bad_exit_settings_are_refused_in_words(item, words):
    from boardgym.train.config import validate_config

    cfg = load_config(_exit_configs()[ATT])
    with pytest.raises(SystemExit) as exc:
        set_dotted(cfg, item, schema=True)
        validate_config(cfg)
    assert words in str(exc.value)


def test_a_rollout_option_the_heuristic_lacks_is_refused_before_any_game(tmp_path):
    cfg = _cfg(_exit_configs()[ATT], ["exit.rollout_options={sample: 8}"])
    with pytest.raises(SystemExit) as exc:
        _train(cfg, tmp_path / "run")
    assert "sample" in str(exc.value)
    assert not (tmp_path / "run" / "exit" / "iter_0.zip").exists()
