"""The batched vector env (``gym.make_vec(id, num_envs=N)``, ``boardgym/envs/vector.py``) over
every registered Gymnasium id: the same trajectories as Gymnasium's ``SyncVectorEnv`` of the same
envs on the same seeds, bit for bit (observations, masks, rewards, terminations, truncations,
infos, autoreset in both modes, opponents included, illegal actions among the moves), the
vector-env wrappers users put on it, and clear errors. Nothing here names a game."""
import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from boardgym.core.errors import ConfigError, IllegalActionError
from boardgym.envs.vector import BoardgymVectorEnv
from tests.conftest import gym_entries

GYM_IDS = [e["id"] for e in gym_entries()]
MODES = [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP]
N = 3


def assert_same(a, b, path="obs"):
    """Equal in type, dtype, shape and every bit, through dicts and object arrays."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and sorted(a) == sorted(b), f"{path}: keys {sorted(a)} != {sorted(b)}"
        for k in a:
            assert_same(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, (tuple, list)):
        assert type(a) is type(b) and len(a) == len(b), f"{path}: {a!r} != {b!r}"
        for i, (x, y) in enumerate(zip(a, b)):
            assert_same(x, y, f"{path}[{i}]")
    elif isinstance(a, np.ndarray):
        assert isinstance(b, np.ndarray), f"{path}: {type(b).__name__} is not an array"
        assert (a.dtype, a.shape) == (b.dtype, b.shape), f"{path}: {a.dtype}{a.shape} != {b.dtype}{b.shape}"
        if a.dtype == object:
            for i, (x, y) in enumerate(zip(a, b)):
                assert_same(x, y, f"{path}[{i}]")
        else:
            assert a.tobytes() == b.tobytes(), f"{path}: values differ"
    else:
        assert type(a) is type(b) and a == b, f"{path}: {a!r} != {b!r}"


def moves(obs, rng):
    """A legal action per env, and now and then one outside the mask (illegal, penalised)."""
    out = []
    for m in obs["action_mask"]:
        out.append(int(rng.integers(len(m))) if rng.random() < 0.1 else int(rng.choice(np.flatnonzero(m))))
    return np.array(out)


def pair(env_id, mode, **kwargs):
    batched = gym.make_vec(env_id, num_envs=N, autoreset_mode=mode, **kwargs)
    sync = gym.make_vec(env_id, num_envs=N, vectorization_mode="sync",
                        vector_kwargs={"autoreset_mode": mode}, **kwargs)
    return batched, sync


def run_both(batched, sync, steps, seed=7, until=None):
    """Step both with the same actions (``steps`` at most, or until ``until(counts)``); assert
    every returned value bit for bit; count the ends and illegal actions."""
    counts = {"term": 0, "trunc": 0, "illegal": 0}
    ob, ib = batched.reset(seed=seed)
    os_, is_ = sync.reset(seed=seed)
    assert_same(ob, os_)
    assert_same(ib, is_, "reset info")
    rng = np.random.default_rng(seed)
    for t in range(steps):
        actions = moves(ob, rng)
        out_b, out_s = batched.step(actions), sync.step(actions)
        for name, x, y in zip(("obs", "reward", "terminated", "truncated", "info"), out_b, out_s):
            assert_same(x, y, f"step {t} {name}")
        ob = out_b[0]
        counts["term"] += int(out_b[2].sum())
        counts["trunc"] += int(out_b[3].sum())
        info = out_b[4]
        counts["illegal"] += int(info.get("_illegal_action", np.zeros(1, bool)).sum())
        assert np.array_equal(batched.action_masks(), np.stack(sync.call("action_masks")))
        if until is not None and until(counts):
            break
    return counts


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.value)
@pytest.mark.parametrize("env_id", GYM_IDS)
def test_batched_equals_sync_vector_env_bit_for_bit(env_id, mode):
    """Whole games with the id's defaults (heuristic opponents where the game has seats to fill)
    until every env has ended one; then a short step limit, so truncation and its autoreset come
    up too."""
    batched, sync = pair(env_id, mode)
    try:
        assert isinstance(batched, BoardgymVectorEnv)
        assert batched.metadata["autoreset_mode"] == mode
        assert batched.observation_space == sync.observation_space
        assert batched.single_observation_space == sync.single_observation_space
        assert batched.action_space == sync.action_space
        counts = run_both(batched, sync, 1500, until=lambda c: c["term"] >= 2 and c["illegal"] >= 1)
        assert counts["term"] >= 2 and counts["illegal"] >= 1, counts
    finally:
        batched.close(), sync.close()
    batched, sync = pair(env_id, mode, max_episode_steps=12)
    try:
        counts = run_both(batched, sync, 40, seed=3)
        assert counts["trunc"] >= N, counts
    finally:
        batched.close(), sync.close()


@pytest.mark.parametrize("kwargs", [{"seat": "random", "opponents": "random"},
                                    {"shaping": True, "num_players": 3},
                                    {"illegal_penalty": -0.5, "opponents": ["random", "heuristic"],
                                     "num_players": 3, "seat": 1}],
                         ids=["random-seat", "shaping-3p", "per-seat-opponents"])
def test_batched_equals_sync_with_env_kwargs(kwargs):
    """The single env's kwargs (seat, shaping, opponents per seat, illegal penalty) act alike."""
    env_id = next(i for i in GYM_IDS if "opponents" in gym.spec(i).kwargs)
    batched, sync = pair(env_id, AutoresetMode.SAME_STEP, max_episode_steps=60, **kwargs)
    try:
        run_both(batched, sync, 80)
    finally:
        batched.close(), sync.close()


def test_reset_seed_list_and_reset_mask_as_sync():
    env_id = GYM_IDS[0]
    batched, sync = pair(env_id, AutoresetMode.NEXT_STEP)
    try:
        assert_same(batched.reset(seed=[4, 5, 6]), sync.reset(seed=[4, 5, 6]))
        ob = batched.reset(seed=[4, 5, 6])[0]
        sync.reset(seed=[4, 5, 6])
        rng = np.random.default_rng(0)
        for _ in range(3):
            actions = moves(ob, rng)
            ob = batched.step(actions)[0]
            sync.step(actions)
        mask = np.array([False, True, False])
        out_b = batched.reset(seed=[0, 21, 0], options={"reset_mask": mask.copy()})
        out_s = sync.reset(seed=[0, 21, 0], options={"reset_mask": mask.copy()})
        assert_same(out_b, out_s)
        for _ in range(5):
            actions = moves(out_b[0], rng)
            out_b, out_s = batched.step(actions), sync.step(actions)
            assert_same(out_b, out_s)
    finally:
        batched.close(), sync.close()


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_make_vec_builds_the_batched_env_with_batched_spaces(env_id):
    envs = gym.make_vec(env_id, num_envs=2)
    try:
        assert isinstance(envs, BoardgymVectorEnv)
        assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
        assert envs.spec.id == env_id and envs.max_episode_steps == gym.spec(env_id).max_episode_steps
        single = gym.make(env_id)
        assert envs.single_observation_space == single.observation_space
        assert envs.observation_space == gym.vector.utils.batch_space(single.observation_space, 2)
        obs, _ = envs.reset(seed=0)
        assert envs.observation_space.contains(obs)
        masks = envs.action_masks()
        assert masks.dtype == bool and masks.shape == (2, single.action_space.n)
        assert np.array_equal(masks, obs["action_mask"].astype(bool))
        assert np.array_equal(masks, np.stack(envs.call("action_masks")))
        single.close()
    finally:
        envs.close()


def test_copy_false_hands_out_the_arrays_themselves():
    envs = gym.make_vec(GYM_IDS[0], num_envs=2, copy=False)
    try:
        obs, _ = envs.reset(seed=0)
        obs2, *_ = envs.step([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
        assert obs2["observation"] is obs["observation"] and obs2["action_mask"] is obs["action_mask"]
    finally:
        envs.close()


def test_record_episode_statistics_and_dict_info_to_list_as_on_sync():
    """Gymnasium's vector wrappers users put on vector envs see the same episodes."""
    from gymnasium.wrappers.vector import DictInfoToList, RecordEpisodeStatistics

    env_id = GYM_IDS[0]
    for mode in MODES:
        batched, sync = pair(env_id, mode, max_episode_steps=15, opponents="random")
        batched, sync = RecordEpisodeStatistics(batched), RecordEpisodeStatistics(sync)
        b_list, s_list = DictInfoToList(batched), DictInfoToList(sync)
        try:
            ob, ib = b_list.reset(seed=1)
            _, is_ = s_list.reset(seed=1)
            assert len(ib) == N and all(set(x) == set(y) for x, y in zip(ib, is_))
            rng = np.random.default_rng(1)
            for _ in range(40):
                actions = moves(ob, rng)
                out_b, out_s = b_list.step(actions), s_list.step(actions)
                assert_same(out_b[:4], out_s[:4])
                for x, y in zip(out_b[4], out_s[4]):
                    assert sorted(x) == sorted(y)
                    if "episode" in x:
                        assert (x["episode"]["r"], x["episode"]["l"]) == (y["episode"]["r"], y["episode"]["l"])
                ob = out_b[0]
            assert batched.episode_count == sync.episode_count >= N
            assert list(batched.return_queue) == list(sync.return_queue)
            assert list(batched.length_queue) == list(sync.length_queue)
        finally:
            b_list.close(), s_list.close()


def test_bad_input_gets_clear_errors():
    env_id = GYM_IDS[0]
    with pytest.raises(ConfigError, match="num_envs must be an int >= 1"):
        gym.make_vec(env_id, num_envs=0)
    with pytest.raises(ConfigError, match="autoreset_mode must be .* got 'Disabled'"):
        gym.make_vec(env_id, num_envs=2, autoreset_mode="Disabled")
    with pytest.raises(ConfigError, match="got 'next'"):
        gym.make_vec(env_id, num_envs=2, autoreset_mode="next")
    with pytest.raises(ConfigError, match="max_episode_steps must be"):
        gym.make_vec(env_id, num_envs=2, max_episode_steps=0)
    with pytest.raises(ConfigError, match="illegal_action"):
        gym.make_vec(env_id, num_envs=2, illegal_action="ignore")
    envs = gym.make_vec(env_id, num_envs=2, illegal_action="raise")
    try:
        with pytest.raises(gym.error.ResetNeeded):
            envs.step([0, 0])
        obs, _ = envs.reset(seed=0)
        with pytest.raises(ConfigError, match="seed must be"):
            envs.reset(seed=1.5)
        with pytest.raises(ConfigError, match="takes 2 seeds"):
            envs.reset(seed=[1, 2, 3])
        with pytest.raises(ConfigError, match="seed must be"):
            envs.reset(seed=[1, -2])
        with pytest.raises(IllegalActionError, match="takes 2 actions"):
            envs.step([0])
        legal = int(np.flatnonzero(obs["action_mask"][0])[0])
        illegal = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
        before = [core.state.observation(0).tobytes() for core in envs.envs]
        with pytest.raises(IllegalActionError, match=f"illegal action {illegal}"):
            envs.step([legal, illegal])
        with pytest.raises(IllegalActionError, match="1.0"):
            envs.step([legal, 1.0])
        with pytest.raises(IllegalActionError, match="outside|Discrete"):
            envs.step([legal, 10**6])
        # refused before any game moved: neither game changed, and play goes on
        assert [core.state.observation(0).tobytes() for core in envs.envs] == before
        envs.step([legal, int(np.flatnonzero(obs["action_mask"][1])[0])])
    finally:
        envs.close()


def test_max_episode_steps_minus_one_means_no_limit():
    """``max_episode_steps=-1`` drops the step limit, as ``gym.make`` reads it: no limit is kept,
    and a policy stuck on illegal actions is not truncated."""
    never_truncated(gym.make_vec(GYM_IDS[0], num_envs=2, max_episode_steps=-1), 100)


def never_truncated(envs, steps):
    """``envs`` keeps no step limit, and a policy stuck on illegal actions for ``steps`` steps
    is neither truncated nor ended; closes ``envs``."""
    try:
        assert envs.max_episode_steps is None
        obs, _ = envs.reset(seed=0)
        illegal = [int(np.flatnonzero(m == 0)[0]) for m in obs["action_mask"]]
        for _ in range(steps):
            obs, _, term, trunc, _ = envs.step(illegal)
            assert not trunc.any() and not term.any()
    finally:
        envs.close()


def test_from_envs_batches_built_envs_as_make_vec_does():
    """``BoardgymVectorEnv.from_envs`` over ``gym.make`` envs of one id plays exactly as
    ``make_vec`` with the same seed and actions, and keeps their ``TimeLimit``'s step limit."""
    env_id = GYM_IDS[0]
    built = BoardgymVectorEnv.from_envs([gym.make(env_id, max_episode_steps=40) for _ in range(N)])
    made = gym.make_vec(env_id, num_envs=N, max_episode_steps=40)
    try:
        assert built.max_episode_steps == made.max_episode_steps == 40
        counts = run_both(built, made, 60)
        assert counts["trunc"] + counts["term"] >= N   # each game ended or hit its 40 steps
    finally:
        built.close(), made.close()


def test_from_envs_refuses_mixed_limits_and_foreign_envs():
    env_id = GYM_IDS[0]
    with pytest.raises(ConfigError, match=r"different max_episode_steps: \['20', '40'\]"):
        BoardgymVectorEnv.from_envs([gym.make(env_id, max_episode_steps=40),
                                     gym.make(env_id, max_episode_steps=20)])
    for envs in ([], [gym.make("CartPole-v1")]):
        with pytest.raises(ConfigError, match="from_envs needs one or more boardgym"):
            BoardgymVectorEnv.from_envs(envs)


def test_set_attr_takes_one_value_for_every_env_or_one_each():
    """As Gymnasium's vector envs: ``set_attr(name, value)`` gives every env the value, a list
    gives one each, and a list of the wrong length is refused; ``call`` passes keywords on."""
    envs = gym.make_vec(GYM_IDS[0], num_envs=3)
    try:
        envs.set_attr("illegal_penalty", -0.25)
        assert envs.get_attr("illegal_penalty") == (-0.25, -0.25, -0.25)
        envs.set_attr("illegal_penalty", [-0.25, -0.5, -0.75])
        assert envs.get_attr("illegal_penalty") == (-0.25, -0.5, -0.75)
        with pytest.raises(ConfigError, match="set_attr takes one value or 3"):
            envs.set_attr("illegal_penalty", [-1.0, -1.0])
        # call passes keyword arguments on, as Gymnasium's vector envs do: each game reset with
        # seed 5 shows what a lone env reset with seed 5 shows
        lone, _ = gym.make(GYM_IDS[0]).reset(seed=5)
        for obs, _ in envs.call("reset", seed=5):
            assert_same(obs, lone)
    finally:
        envs.close()


def test_a_step_limit_of_one_truncates_every_game_after_its_first_step():
    """``max_episode_steps=1`` is the smallest limit (as ``gym.make`` reads it): each game is
    truncated at its first step, unless that step ended it."""
    envs = gym.make_vec(GYM_IDS[0], num_envs=2, max_episode_steps=1)
    try:
        assert envs.max_episode_steps == 1
        obs, _ = envs.reset(seed=0)
        _, _, term, trunc, _ = envs.step([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
        assert (term | trunc).all()
    finally:
        envs.close()
