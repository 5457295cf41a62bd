"""``render_mode="rgb_array"`` through the adapters, driven as their users drive them
(the outside audit's first finding): Gymnasium's ``RecordVideo`` over ``gym.make(id, render_mode="rgb_array")`` writes a
playable video for every Gymnasium id, and the PettingZoo AEC and Parallel envs return the
state's picture, one size for the whole episode. Nothing here names a game."""
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.wrappers import RecordVideo

from boardgym.core.game import State
from tests.conftest import gym_entries, pz_entries, pz_module

GYM_IDS = [e["id"] for e in gym_entries()]
PZ = [(e["id"], n) for e in pz_entries() for n in e.get("test_player_counts", [None])]
STEPS = 25  # frames per recorded clip
FPS = 4  # the documented rate: a recorded game shows 4 decisions a second (README)


def _engine_state(env) -> State:
    """The game state inside an adapter, wherever the adapter keeps it."""
    return next(v for v in vars(env.unwrapped).values() if isinstance(v, State))


def _masked_step_action(mask, rng) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_record_video_writes_a_playable_file(env_id, tmp_path):
    from moviepy import VideoFileClip

    kwargs = {"opponents": "random"} if "opponents" in gym.spec(env_id).kwargs else {}
    env = RecordVideo(gym.make(env_id, render_mode="rgb_array", **kwargs), str(tmp_path / "videos"),
                      episode_trigger=lambda e: True, video_length=STEPS)
    obs, info = env.reset(seed=0)
    first = env.render()
    rng = np.random.default_rng(0)
    for _ in range(STEPS + 2):
        obs, r, term, trunc, info = env.step(_masked_step_action(obs["action_mask"], rng))
        assert env.render().shape == first.shape
        if term or trunc:
            obs, info = env.reset()
    env.close()
    videos = sorted((tmp_path / "videos").glob("*.mp4"))
    assert videos, "RecordVideo wrote no video"
    with VideoFileClip(str(videos[0])) as clip:
        assert tuple(clip.size) == (first.shape[1], first.shape[0])
        assert clip.duration == pytest.approx(STEPS / FPS, abs=0.3)  # 25 frames at 4 a second
        frame = clip.get_frame(0)
    assert frame.shape == first.shape
    assert np.abs(frame.astype(int) - first.astype(int)).mean() < 12  # the first picture, encoded


@pytest.mark.parametrize("env_id,n", PZ)
def test_pettingzoo_returns_the_state_picture(env_id, n):
    """AEC and Parallel in rgb_array mode return the picture of their state (the one
    Gymnasium returns, ``State.render_rgb``), at one size from reset to the end."""
    entry = next(e for e in pz_entries() if e["id"] == env_id)
    kwargs = dict(entry.get("kwargs", {}), **{entry["players_kwarg"]: n})
    mod = pz_module(entry)
    rng = np.random.default_rng(n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        aec = mod.env(render_mode="rgb_array", **kwargs)
        aec.reset(seed=n)
        shapes = set()
        for k, agent in enumerate(aec.agent_iter(max_iter=40)):
            pic = aec.render()
            assert pic.dtype == np.uint8 and pic.ndim == 3
            if k % 10 == 0:
                assert np.array_equal(pic, _engine_state(aec).render_rgb())
            shapes.add(pic.shape)
            obs, _, term, trunc, _ = aec.last()
            aec.step(None if term or trunc else _masked_step_action(obs["action_mask"], rng))
        par = mod.parallel_env(render_mode="rgb_array", **kwargs)
        observations, _ = par.reset(seed=n)
        for _ in range(15):
            pic = par.render()
            assert np.array_equal(pic, _engine_state(par).render_rgb())
            shapes.add(pic.shape)
            actions = {a: _masked_step_action(o["action_mask"], rng) for a, o in observations.items()}
            observations, _, terms, truncs, _ = par.step(actions)
            if not par.agents:
                break
    assert len(shapes) == 1, shapes


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_gymnasium_picture_is_the_state_picture(env_id):
    env = gym.make(env_id, render_mode="rgb_array")
    env.reset(seed=5)
    assert np.array_equal(env.render(), _engine_state(env).render_rgb())


@pytest.mark.parametrize("env_id", [e["id"] for e in pz_entries()])
def test_every_adapter_declares_the_documented_frame_rate(env_id):
    """Video tools read ``metadata["render_fps"]`` (RecordVideo for Gymnasium; PettingZoo's
    own renderers): the Gymnasium env, the AEC env and the Parallel env of a game all declare
    the README's 4 frames a second, so a game's video plays at one speed whichever API wrote it."""
    entry = next(e for e in pz_entries() if e["id"] == env_id)
    mod = pz_module(entry)
    game = entry["module"].rsplit(".", 1)[1].removesuffix("_v0")
    rates = {mod.env.__name__: mod.env().metadata["render_fps"],
             "parallel_env": mod.parallel_env().metadata["render_fps"]}
    for gid in (e["id"] for e in gym_entries() if e["game"] == game):
        rates[gid] = gym.make(gid).unwrapped.metadata["render_fps"]
    assert set(rates.values()) == {FPS}, rates
