"""The multi-process batched vector env (``gym.make_vec(id, num_envs=N, num_workers=W)``,
``boardgym/envs/vector_mp.py``) over every registered Gymnasium id: the same results as the
single-process batched env bit for bit (observations, masks, rewards, flags, infos, both
autoreset modes, opponents included, illegal actions among the moves), the same errors, and
its processes and shared memory: close, a killed worker, garbage collection and interpreter
exit leave no process and no segment behind. Nothing here names a game."""
import gc
import os
import signal
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from boardgym.core.errors import ConfigError, IllegalActionError, VectorWorkerError
from boardgym.envs.vector_mp import BoardgymMultiprocessVectorEnv, _detach
from tests.conftest import gym_entries
from tests.envs.test_vector_batched import assert_same, moves, never_truncated, run_both

GYM_IDS = [e["id"] for e in gym_entries()]
MODES = [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP]
N, W = 3, 2   # an uneven split: one worker steps two games, the other one


def pair(env_id, mode, start_method="forkserver", **kwargs):
    multi = gym.make_vec(env_id, num_envs=N, num_workers=W, autoreset_mode=mode, start_method=start_method,
                         **kwargs)
    single = gym.make_vec(env_id, num_envs=N, autoreset_mode=mode, **kwargs)
    return multi, single


def alive(pid: int) -> bool:
    """A process that runs (a zombie, exited but not yet reaped, counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def segment(env) -> str:
    return env._shm[0].name


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.value)
@pytest.mark.parametrize("env_id", GYM_IDS)
def test_multiprocess_equals_batched_bit_for_bit(env_id, mode):
    """Random opponents where there are seats to fill (quick) until an illegal action was
    penalised and, in SAME_STEP mode (its final observations travel back from the workers), a
    whole game ended; then the id's defaults (heuristic opponents, a random
    seat) under a step limit, so truncation and its autoreset come up too. Workers are forked
    here (they start with the parent's loaded content: quick); the other tests start them as
    by default, from the fork server."""
    seats = "opponents" in gym.spec(env_id).kwargs
    multi, single = pair(env_id, mode, "fork", **({"opponents": "random"} if seats else {}))
    try:
        assert isinstance(multi, BoardgymMultiprocessVectorEnv) and len(multi.worker_pids) == W
        assert multi.metadata["autoreset_mode"] == mode
        assert multi.observation_space == single.observation_space
        assert multi.action_space == single.action_space
        ends = 1 if mode == AutoresetMode.SAME_STEP else 0   # (one mode plays a whole game: time)
        counts = run_both(multi, single, 1500, until=lambda c: c["term"] >= ends and c["illegal"] >= 1)
        assert counts["term"] >= ends and counts["illegal"] >= 1, counts
    finally:
        multi.close(), single.close()
    multi, single = pair(env_id, mode, "fork", max_episode_steps=12, **({"seat": "random"} if seats else {}))
    try:
        counts = run_both(multi, single, 30, seed=3)
        assert counts["trunc"] >= N, counts
        for name in ("seat", "np_random_seed"):
            assert multi.get_attr(name) == single.get_attr(name)
        assert multi.call("describe", 0) == single.call("describe", 0)
    finally:
        multi.close(), single.close()


def test_reset_mask_set_attr_and_copy_false():
    env_id = GYM_IDS[0]
    multi, single = pair(env_id, AutoresetMode.NEXT_STEP, illegal_penalty=-0.5)
    try:
        assert_same(multi.reset(seed=[4, 5, 6]), single.reset(seed=[4, 5, 6]))
        mask = np.array([False, False, True])   # only the second worker's game
        out_m = multi.reset(seed=[0, 0, 21], options={"reset_mask": mask.copy()})
        assert_same(out_m, single.reset(seed=[0, 0, 21], options={"reset_mask": mask.copy()}))
        multi.set_attr("illegal_penalty", [-0.25, -0.5, -0.75])
        single.set_attr("illegal_penalty", [-0.25, -0.5, -0.75])
        assert multi.get_attr("illegal_penalty") == (-0.25, -0.5, -0.75)
        rng = np.random.default_rng(2)
        for _ in range(10):
            actions = moves(out_m[0], rng)
            out_m = multi.step(actions)
            assert_same(out_m, single.step(actions))
    finally:
        multi.close(), single.close()
    multi = gym.make_vec(env_id, num_envs=2, num_workers=2, copy=False)
    try:
        obs, _ = multi.reset(seed=0)
        obs2, *_ = multi.step([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
        assert obs2["observation"] is obs["observation"]
    finally:
        multi.close()
    assert np.isfinite(obs2["observation"]).all()   # still readable: its memory outlives close()


@pytest.mark.parametrize("mode", [AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP])
def test_illegal_action_under_raise_is_the_same_error_and_nothing_moves(mode):
    env_id = GYM_IDS[0]
    multi, single = pair(env_id, mode, illegal_action="raise")
    try:
        obs, _ = multi.reset(seed=0)
        single.reset(seed=0)
        legal = [int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]
        illegal = int(np.flatnonzero(obs["action_mask"][2] == 0)[0])   # in the second worker
        before = multi.call("action_masks")
        for bad in ([legal[0], legal[1], illegal], [legal[0], 1.0, illegal], [legal[0], legal[1]]):
            with pytest.raises(IllegalActionError) as raised:
                multi.step(bad)
            with pytest.raises(IllegalActionError) as expected:
                single.step(bad)
            assert str(raised.value) == str(expected.value)
            assert raised.value.action == expected.value.action
        assert all(np.array_equal(a, b) for a, b in zip(multi.call("action_masks"), before))
        assert_same(multi.step(legal), single.step(legal))   # no game of any worker moved
    finally:
        multi.close(), single.close()


def test_close_joins_the_workers_and_unlinks_the_segment():
    before = set(os.listdir("/dev/shm"))
    envs = gym.make_vec(GYM_IDS[0], num_envs=2, num_workers=2)
    name, pids = segment(envs), envs.worker_pids
    assert name in os.listdir("/dev/shm") and all(alive(p) for p in pids)
    envs.reset(seed=0)
    envs.close()
    assert not any(alive(p) for p in pids)
    after = set(os.listdir("/dev/shm"))
    assert name not in after and not {n for n in after - before if n.startswith("psm_")}
    envs.close()   # twice is fine


def test_close_ends_a_worker_that_neither_answers_nor_stops():
    """close() asks, then terminates, then kills: a stopped worker (SIGSTOP: it reads no command,
    and its SIGTERM waits) is killed, so no process outlives the env."""
    envs = gym.make_vec(GYM_IDS[0], num_envs=2, num_workers=2)
    pids = envs.worker_pids
    envs.reset(seed=0)
    os.kill(pids[0], signal.SIGSTOP)
    try:
        envs.close()
        assert not any(alive(p) for p in pids)
    finally:
        if alive(pids[0]):   # (a failure here must not leave a stopped process behind)
            os.kill(pids[0], signal.SIGKILL)


def test_a_segments_descriptor_is_closed_whatever_its_number():
    """Detaching a segment closes its file descriptor even when the number is 0 (a process
    started with its standard input closed gets 0 for the next file it opens)."""
    saved = os.dup(0)
    try:
        with open(os.devnull) as f:
            os.dup2(f.fileno(), 0)   # descriptor 0 now stands for a file to close
        seg = types.SimpleNamespace(_fd=0, _buf=b"", _mmap=None)
        _detach(seg)
        assert seg._fd == -1
        with pytest.raises(OSError):
            os.fstat(0)   # closed
    finally:
        os.dup2(saved, 0)
        os.close(saved)


def test_a_killed_worker_is_a_clear_error_not_a_hang():
    envs = gym.make_vec(GYM_IDS[0], num_envs=2, num_workers=2)
    name, pids = segment(envs), envs.worker_pids
    obs, _ = envs.reset(seed=0)
    os.kill(pids[1], 9)
    with pytest.raises(VectorWorkerError, match=r"worker 1 \(pid \d+, envs 1\.\.1\) died .*closed"):
        envs.step([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    assert not any(alive(p) for p in pids) and name not in os.listdir("/dev/shm")
    with pytest.raises(VectorWorkerError, match="worker 1"):
        envs.reset(seed=0)


def test_garbage_collection_without_close_ends_workers_and_segment():
    envs = gym.make_vec(GYM_IDS[0], num_envs=2, num_workers=1)
    name, pids = segment(envs), envs.worker_pids
    envs.reset(seed=0)
    del envs
    gc.collect()
    assert not any(alive(p) for p in pids) and name not in os.listdir("/dev/shm")


def test_interpreter_exit_without_close_leaves_no_process_nor_segment():
    script = textwrap.dedent(f"""
        import gymnasium as gym, boardgym
        envs = gym.make_vec({GYM_IDS[0]!r}, num_envs=2, num_workers=2)
        envs.reset(seed=0)
        print(envs._shm[0].name, *envs.worker_pids, flush=True)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2])))
    assert out.returncode == 0, out.stderr
    assert "leaked" not in out.stderr, out.stderr
    name, *pids = out.stdout.split()
    assert not any(alive(int(p)) for p in pids) and name not in os.listdir("/dev/shm")


def test_bad_settings_get_clear_errors():
    env_id = GYM_IDS[0]
    with pytest.raises(ConfigError, match=r"num_workers must be an int from 1 to num_envs \(2\), got 3"):
        gym.make_vec(env_id, num_envs=2, num_workers=3)
    with pytest.raises(ConfigError, match="num_workers must be"):
        gym.make_vec(env_id, num_envs=2, num_workers=0)
    with pytest.raises(ConfigError, match="start_method must be one of"):
        gym.make_vec(env_id, num_envs=2, num_workers=1, start_method="threads")
    with pytest.raises(ConfigError, match="illegal_action"):   # the env kwargs, before any process starts
        gym.make_vec(env_id, num_envs=2, num_workers=1, illegal_action="ignore")
    for bad in (0, -1.0, "5", True):
        with pytest.raises(ConfigError, match=f"worker_timeout must be a number of seconds > 0 or None, got {bad!r}"):
            gym.make_vec(env_id, num_envs=2, num_workers=1, worker_timeout=bad)


def test_an_error_crosses_the_process_boundary_as_its_class_and_message():
    """A worker's error reaches the parent as the same class with the same arguments; parts
    that cannot be pickled are dropped (attributes), or the arguments become the message."""
    import pickle

    from boardgym.envs.vector_mp import _pack, _unpack

    err = IllegalActionError(7, "not legal now")
    err.hook = lambda: None                      # an attribute that cannot be pickled
    back = _unpack(pickle.loads(pickle.dumps(_pack(err))), "worker 0")
    assert type(back) is IllegalActionError and back.args == err.args and str(back) == str(err)
    odd = ValueError("bad", lambda: None)        # arguments that cannot be pickled
    back = _unpack(pickle.loads(pickle.dumps(_pack(odd))), "worker 1")
    assert type(back) is ValueError and back.args == (str(odd),)


def test_sb3_vec_env_over_workers_equals_single_process():
    from boardgym.envs.sb3_vector import SB3VecEnv

    env_id = GYM_IDS[-1]
    multi, single = (SB3VecEnv(e) for e in pair(env_id, AutoresetMode.SAME_STEP, max_episode_steps=15))
    try:
        multi.seed(11), single.seed(11)
        assert multi.reset().tobytes() == single.reset().tobytes()
        assert multi.get_attr("seat", [2]) == single.get_attr("seat", [2])
        rng = np.random.default_rng(0)
        for _ in range(30):
            masks = multi.env_method("action_masks")
            assert all(np.array_equal(a, b) for a, b in zip(masks, single.env_method("action_masks")))
            actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in masks])
            om, rm, dm, im = multi.step(actions)
            os_, rs, ds, is_ = single.step(actions)
            assert om.tobytes() == os_.tobytes() and rm.tobytes() == rs.tobytes() and np.array_equal(dm, ds)
            for x, y in zip(im, is_):
                assert sorted(x) == sorted(y)
                if "terminal_observation" in x:
                    assert x["terminal_observation"].tobytes() == y["terminal_observation"].tobytes()
    finally:
        multi.close(), single.close()


def test_an_error_in_a_worker_is_raised_as_itself_and_play_goes_on():
    envs = gym.make_vec(GYM_IDS[0], num_envs=2, num_workers=2)
    try:
        obs, _ = envs.reset(seed=0)
        # the second worker's value cannot be sent: the first worker's answer is still read
        with pytest.raises((TypeError, AttributeError), match="pickle"):
            envs.set_attr("illegal_penalty", [-0.5, lambda: 0])
        assert envs.get_attr("illegal_penalty") == (-0.5, -1.0)   # each pipe still in step
        with pytest.raises(AttributeError, match="no_such_attribute"):
            envs.get_attr("no_such_attribute")
        out = envs.step([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
        assert out[0]["observation"].shape[0] == 2 and envs.get_attr("seat") == (0, 0)
    finally:
        envs.close()


def test_a_hung_worker_is_an_error_after_worker_timeout():
    envs = gym.make_vec(GYM_IDS[0], num_envs=2, num_workers=2, worker_timeout=1.0)
    name, pids = segment(envs), envs.worker_pids
    obs, _ = envs.reset(seed=0)
    os.kill(pids[0], 19)   # SIGSTOP: alive, never answers
    with pytest.raises(VectorWorkerError, match=r"worker 0 .* took more than worker_timeout=1.0 s"):
        envs.step([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    assert not any(alive(p) for p in pids) and name not in os.listdir("/dev/shm")


def test_no_step_limit_reaches_the_workers():
    """``max_episode_steps=-1`` (no limit) holds in the workers too: the env keeps no limit, and
    a policy stuck on illegal actions is never truncated, as in the single-process env."""
    never_truncated(gym.make_vec(GYM_IDS[0], num_envs=N, num_workers=W, max_episode_steps=-1,
                                 start_method="fork"), 30)


def test_next_step_ignores_the_action_of_a_game_that_just_ended():
    """Gymnasium's NEXT_STEP autoreset: the step after a game ends resets it and ignores its
    action, so an action outside the final observation's mask is not refused there (even with
    ``illegal_action="raise"``); the workers agree with the single-process env bit for bit.
    Every game is truncated at its second step (``max_episode_steps=2``)."""
    multi, single = pair(GYM_IDS[0], AutoresetMode.NEXT_STEP, "fork", max_episode_steps=2, illegal_action="raise")
    try:
        obs, _ = multi.reset(seed=1)
        single.reset(seed=1)
        for _ in range(2):
            legal = [int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]
            obs, _, _, trunc, _ = multi.step(legal)
            single.step(legal)
        assert trunc.all()
        illegal = [int(np.flatnonzero(m == 0)[0]) for m in obs["action_mask"]]
        out_m, out_s = multi.step(illegal), single.step(illegal)
        for x, y in zip(out_m, out_s):
            assert_same(x, y)
        assert not out_m[3].any() and "illegal_action" not in out_m[4]
    finally:
        multi.close(), single.close()


def test_the_constructor_defaults_are_one_game_in_one_worker():
    """``BoardgymMultiprocessVectorEnv(**kwargs of an id)`` with no counts: one game, one worker."""
    envs = BoardgymMultiprocessVectorEnv(start_method="fork", **gym.spec(GYM_IDS[0]).kwargs)
    try:
        assert envs.num_envs == 1 and len(envs.worker_pids) == 1
    finally:
        envs.close()
