"""``save_replays=DIR`` on every registered Gymnasium id and PettingZoo factory: one replay file
per finished episode that replays to the env's own final state (its chance came from the env's
generator), the same episode as without recording, distinct names across vector envs, and the
kwarg checked like the others."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

from boardgym.core.errors import ConfigError
from boardgym.core.replay import Replay
from tests.conftest import gym_entries, pz_entries, pz_module

GYM_IDS = [e["id"] for e in gym_entries()]
PZ_IDS = [e["id"] for e in pz_entries()]


def _gym_episode(env, seed):
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace, done = [obs["observation"]], False
    while not done:
        obs, _r, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        trace.append(obs["observation"])
        done = term or trunc
    return trace


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_gym_env_saves_each_finished_episode(env_id, tmp_path):
    env = gym.make(env_id, save_replays=tmp_path)
    plain = gym.make(env_id)
    for seed in (1, 2):
        recorded = _gym_episode(env, seed)
        assert all(np.array_equal(a, b) for a, b in zip(recorded, _gym_episode(plain, seed)))
        assert len(recorded) == len(_gym_episode(plain, seed))
    files = sorted(tmp_path.glob("*.json"))
    assert [f.stem.rsplit("-", 1)[1] for f in files] == ["00001", "00002"]  # numbered as played
    replay = Replay.load(files[-1])  # every move re-applied and the returns compared
    assert replay.seed == 2 and replay.source == "gymnasium" and replay.returns is not None
    assert replay.final_state().to_json() == env.unwrapped.state.to_json()
    assert "learner" in replay.agents


@pytest.mark.parametrize("env_id", PZ_IDS)
def test_pettingzoo_envs_save_each_episode(env_id, tmp_path):
    entry = next(e for e in pz_entries() if e["id"] == env_id)
    mod = pz_module(entry)
    kwargs = dict(entry.get("kwargs", {}))
    rng = np.random.default_rng(0)
    aec = mod.env(save_replays=tmp_path / "aec", **kwargs)
    aec.reset(seed=4)
    for _agent in aec.agent_iter():
        obs, _r, term, trunc, _ = aec.last()
        aec.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    (aec_file,) = (tmp_path / "aec").glob("*.json")
    assert Replay.load(aec_file).final_state().to_json() == aec.unwrapped.game_state.to_json()

    par = mod.parallel_env(save_replays=tmp_path / "par", max_cycles=6, **kwargs)
    obs, _ = par.reset(seed=5)
    while par.agents:
        obs, *_ = par.step({a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in par.agents})
    (par_file,) = (tmp_path / "par").glob("*.json")
    replay = Replay.load(par_file)
    # cut by max_cycles: saved, not finished (a random Paleo tribe may starve first)
    assert (replay.returns is None) == (not par.game_state.is_terminal())
    assert replay.final_state().to_json() == par.game_state.to_json()


def test_vector_envs_write_distinct_files(tmp_path):
    env_id = GYM_IDS[0]
    envs = gym.make_vec(env_id, num_envs=2, vectorization_mode="sync", save_replays=str(tmp_path))
    envs.reset(seed=[0, 0])  # the same seed in both: still two files per pair of episodes
    rng = np.random.default_rng(0)
    for _ in range(5000):
        masks = envs.call("action_masks")
        envs.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
        if len(list(tmp_path.glob("*.json"))) >= 2:
            break
    names = [p.name for p in tmp_path.glob("*.json")]
    assert len(names) >= 2 and len(set(names)) == len(names)
    envs.close()


@pytest.mark.parametrize("bad", [5, True, "", ["dir"]])
def test_save_replays_must_be_a_folder(bad):
    with pytest.raises(ConfigError, match="save_replays must be a folder"):
        gym.make(GYM_IDS[0], save_replays=bad)
    mod = pz_module(pz_entries()[0])
    for make in (mod.env, mod.raw_env, mod.parallel_env):
        with pytest.raises(ConfigError, match="save_replays must be a folder"):
            make(save_replays=bad)


def test_save_replays_refuses_a_file(tmp_path):
    f = tmp_path / "taken"
    f.write_text("x")
    with pytest.raises(ConfigError, match="is a file, not a folder"):
        gym.make(GYM_IDS[0], save_replays=f)
    assert f.read_text() == "x"


def test_no_folder_is_made_for_an_env_that_is_refused(tmp_path):
    with pytest.raises(ConfigError):
        gym.make(GYM_IDS[0], save_replays=tmp_path / "new", no_such_option=1)
    assert not (tmp_path / "new").exists()
