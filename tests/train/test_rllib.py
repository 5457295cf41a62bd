"""backend: rllib (boardgym/train/rllib/): a local Ray with 2 CPUs trains a few tiny PPO iterations on
Ancient Terrible Things 2 players (competitive: the self-play league) and Paleo level 1
(cooperative: one shared policy), resumes from a checkpoint, and the trained module, loaded as
``rllib:PATH``, never picks an illegal action (its masked probabilities of illegal actions are
0). Bad inputs are refused in words."""
from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

from boardgym.agents.specs import check_spec, make_agent, parse_spec  # noqa: E402
from boardgym.core.errors import ConfigError  # noqa: E402
from boardgym.games import GAMES  # noqa: E402
from boardgym.train.config import CONFIG_DIR, load_config, set_dotted, validate_config  # noqa: E402

TINY = {"train_batch_size": 256, "minibatch_size": 128, "epochs": 1, "hidden": [32],
        "checkpoint_every": 1, "minutes": None, "num_cpus": 2}


def tiny(config: str, **rllib) -> dict:
    cfg = load_config(CONFIG_DIR / config)
    cfg["rllib"].update(TINY, **rllib)
    return validate_config(cfg)


@pytest.fixture(scope="module")
def ray_local():
    from boardgym.train.ray_cluster import init_ray

    ray = init_ray(None, 2)
    yield ray
    ray.shutdown()


@pytest.fixture(scope="module")
def att_run(ray_local, tmp_path_factory):
    """Two iterations of the ATT 2-player league (a remote env runner with 2 envs, 2 snapshot
    slots refreshed every iteration, every opponent kind drawn)."""
    from boardgym.train.rllib.runner import train_rllib

    out = tmp_path_factory.mktemp("att")
    cfg = tiny("rllib_att_selfplay.yaml", iterations=2, env_runners=1, envs_per_env_runner=2,
               league={"size": 2, "snapshot_every": 1,
                       "weights": {"self": 1, "pool": 1, "heuristic": 1, "random": 1}})
    summary = train_rllib(cfg, out, evaluate=False, log=lambda m: None)
    return cfg, out, summary


def drive(env_cfg: dict, agent, steps: int, seed: int) -> int:
    """Play the adapter with ``agent`` (sampling) for every exposed seat; the env raises on an
    illegal action. Returns the number of decisions checked."""
    from boardgym.train.rllib.env import BoardgymMultiAgentEnv

    env = BoardgymMultiAgentEnv(dict(env_cfg, seed=seed))
    obs, _ = env.reset()
    n = 0
    while n < steps:
        (aid, o), = obs.items()
        mask = o["action_mask"].astype(bool)
        logits = agent.logits(o["observation"], mask)
        p = np.exp(logits - logits.max())
        p /= p.sum()
        assert p[~mask].max(initial=0.0) == 0.0, "an illegal action has probability > 0"
        action = agent.act(o["observation"], mask)
        assert mask[action]
        obs, rew, term, trunc, _ = env.step({aid: action})
        n += 1
        if term["__all__"]:
            obs, _ = env.reset()
    return n


def test_att_league_trains_and_the_masked_policy_stays_legal(att_run):
    from boardgym.train.rllib.agent import RLlibAgent
    from boardgym.train.rllib.runner import env_config

    cfg, out, summary = att_run
    assert summary["iterations"] == 2 and summary["env_steps_this_run"] >= 2 * 256
    assert (out / "checkpoints" / "iter_000001").is_dir() and (out / "checkpoints" / "iter_000002").is_dir()
    assert list((out / "tb" / "rllib").glob("events.out.tfevents.*"))
    agent = RLlibAgent(out, deterministic=False, seed=0)
    assert drive(env_config(cfg), agent, 300, seed=3) == 300


def test_snapshots_copy_main_into_the_next_slot(att_run):
    """Iteration 2 copied main into snap0 (slot (2 // 1) % 2), iteration 1 into snap1."""
    import torch
    from ray.rllib.core.rl_module.rl_module import RLModule

    _, out, _ = att_run
    base = out / "checkpoints" / "iter_000002" / "learner_group" / "learner" / "rl_module"
    main, snap0, snap1 = (RLModule.from_checkpoint(base / m).state_dict() for m in ("main", "snap0", "snap1"))
    assert all(torch.equal(main[k], snap0[k]) for k in main)
    assert not all(torch.equal(main[k], snap1[k]) for k in main)


def test_resume_continues_the_iteration_count(att_run, tmp_path):
    from boardgym.train.rllib.runner import train_rllib

    cfg, out, _ = att_run
    cfg = copy.deepcopy(cfg)
    cfg["rllib"].update(iterations=3, env_runners=0, envs_per_env_runner=1)   # other runners: fine
    summary = train_rllib(cfg, tmp_path, resume=str(out / "checkpoints" / "iter_000002"),
                          evaluate=False, log=lambda m: None)
    assert summary["iterations"] == 3 and summary["iterations_this_run"] == 1
    assert (tmp_path / "checkpoints" / "iter_000003").is_dir()


def test_rllib_spec_plays_legal_games_in_eval(att_run):
    from boardgym.eval.evaluate import evaluate_vs_field

    _, out, _ = att_run
    for path in (out, out / "policy", out / "checkpoints" / "iter_000002"):
        assert check_spec(f"rllib:{path}").kind == "rllib"
        assert make_agent(f"rllib:{path}", "ancient_terrible_things").module is not None
    rows = evaluate_vs_field("ancient_terrible_things", {"num_players": 2}, [f"rllib:{out}"],
                             ["random"], [1, 2])
    assert rows[0]["agent"] == "rllib" and rows[0]["games"] == 2
    agent = make_agent(f"rllib:{out}", "ancient_terrible_things", seed=0)
    from boardgym.envs.gym_env import BoardgymEnv

    env = BoardgymEnv("ancient_terrible_things", num_players=2, opponents=f"rllib:{out}",
                      illegal_action="raise")
    obs, _ = env.reset(seed=5)
    done = False
    while not done:   # the opponent seat is the trained policy: it must never play illegally
        obs, _, done, _, _ = env.step(agent.act(obs["observation"], obs["action_mask"]))


def test_cooperative_paleo_shares_one_policy(ray_local, tmp_path, monkeypatch):
    from boardgym.train.rllib.agent import RLlibAgent
    from boardgym.train.rllib.runner import env_config, module_ids, train_rllib

    cfg = tiny("rllib_paleo.yaml", iterations=1, env_runners=0, envs_per_env_runner=1)
    assert module_ids(cfg) == ["main"]
    ec = env_config(cfg)
    assert ec["league_size"] == 0 and ec["game_kwargs"]["level"] == 1
    monkeypatch.chdir(tmp_path)   # a relative run folder, as `python -m boardgym.train` gives by default
    summary = train_rllib(cfg, Path("runs") / "paleo", evaluate=False, log=lambda m: None)
    assert summary["iterations"] == 1 and (tmp_path / "runs" / "paleo" / "policy").is_dir()
    seen = set()
    from boardgym.train.rllib.env import BoardgymMultiAgentEnv

    env = BoardgymMultiAgentEnv(dict(ec, seed=0, shaping=False))
    obs, _ = env.reset()
    ends = 0
    while ends < 2:   # both groups are the learner's seats, paid the same team reward
        seen.update(obs)
        (aid, o), = obs.items()
        obs, rew, term, _, _ = env.step({aid: int(np.flatnonzero(o["action_mask"])[0])})
        if term["__all__"]:
            assert set(rew) == {"main_0", "main_1"} and rew["main_0"] == rew["main_1"] != 0
            ends += 1
            obs, _ = env.reset()
    assert seen == {"main_0", "main_1"}
    agent = RLlibAgent(Path("runs") / "paleo", deterministic=False, seed=1)   # relative too
    assert drive(ec, agent, 200, seed=4) == 200


def test_every_game_has_an_rllib_config_and_adapter_games_end():
    """Each registered game: an rllib_*.yaml trains it, and the adapter plays whole random games
    (only the deciding seat is shown, every exposed seat is paid at the end)."""
    from boardgym.train.__main__ import game_of
    from boardgym.train.rllib.env import BoardgymMultiAgentEnv
    from boardgym.train.rllib.runner import env_config

    configs = {}
    for path in sorted(CONFIG_DIR.glob("rllib_*.yaml")):
        cfg = load_config(path)
        assert cfg["backend"] == "rllib"
        configs.setdefault(game_of(cfg), cfg)
    assert set(configs) == set(GAMES)
    rng = np.random.default_rng(0)
    for game, cfg in configs.items():
        ec = env_config(cfg)
        if game == "primeval_peril":
            ec["game_kwargs"]["max_turns"] = 10
        env = BoardgymMultiAgentEnv(dict(ec, seed=1))
        obs, _ = env.reset()
        started = set(obs)
        for _ in range(20000):
            assert len(obs) == 1, f"{game}: only the deciding seat gets an observation"
            (aid, o), = obs.items()
            obs, rew, term, _, _ = env.step({aid: int(rng.choice(np.flatnonzero(o["action_mask"])))})
            started.update(obs)
            if term["__all__"]:
                assert set(rew) == started, game
                break
        else:
            pytest.fail(f"{game}: no game end in 20000 decisions")


def test_bad_inputs_are_refused_in_words(tmp_path):
    with pytest.raises(ConfigError, match="does not exist"):
        check_spec("rllib:missing/path")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ConfigError, match="holds no RLlib policy"):
        check_spec(f"rllib:{tmp_path / 'empty'}")
    with pytest.raises(ConfigError, match="needs a run folder"):
        parse_spec("rllib:")
    cfg = load_config(CONFIG_DIR / "rllib_att_selfplay.yaml")
    with pytest.raises(SystemExit, match=r"unknown key 'rllib.env_runner' \(did you mean 'env_runners'"):
        set_dotted(cfg, "rllib.env_runner=2", schema=True)
    for bad in (-1, "two", 1.5, True):
        c = copy.deepcopy(cfg)
        c["rllib"]["env_runners"] = bad
        with pytest.raises(SystemExit, match="rllib.env_runners must be a whole number >= 0"):
            validate_config(c)
    c = copy.deepcopy(cfg)
    c["rllib"]["league"]["weights"] = {"self": 1, "heuristik": 1}
    with pytest.raises(SystemExit, match="rllib.league.weights.*heuristik"):
        validate_config(c)
    c = copy.deepcopy(cfg)
    c["env_kwargs"]["opponents"] = "random"
    with pytest.raises(SystemExit, match="not used with backend rllib"):
        validate_config(c)
    c = copy.deepcopy(cfg)
    c["pool"] = {"size": 2}
    with pytest.raises(SystemExit, match="pool: section.*backend sb3"):
        validate_config(c)
    c = copy.deepcopy(cfg)
    c["backend"] = "rlib"
    with pytest.raises(SystemExit, match="backend must be one of sb3, rllib"):
        validate_config(c)
    from boardgym.train.__main__ import main

    with pytest.raises(SystemExit, match="--address"):
        main(["--config", str(CONFIG_DIR / "rllib_att_selfplay.yaml"), "--address", "nohost"])
    with pytest.raises(SystemExit, match="--timesteps: for backend sb3.*rllib.iterations"):
        main(["--config", str(CONFIG_DIR / "rllib_att_selfplay.yaml"), "--timesteps", "100",
              "--out", str(tmp_path / "run")])
    assert not (tmp_path / "run").exists()


def test_the_progress_line_says_whose_win_rate_it_is():
    """A solo or cooperative game's line gives the team's win rate, not "win rate vs team"; a
    competitive one names each opponent kind; before any game has ended it says nothing."""
    from boardgym.train.rllib.runner import _win_words

    assert _win_words({"win_rate/team": 0.625, "perf/iteration_s": 3.0}) == "; the team wins 0.62"
    assert _win_words({"win_rate/self": 0.5, "win_rate/heuristic": 0.41}) == \
        "; wins 0.41 against heuristic, 0.50 against self"
    assert _win_words({"env/return_mean/main": 0.2}) == ""
