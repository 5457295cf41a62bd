"""Env kwargs checked by type and range, the error naming the kwarg, over every registered
Gymnasium id and PettingZoo factory (the outside audit's kwargs finding). Nothing here names a game: cooperative
or competitive comes from the game's ``GameInfo``."""
import gymnasium as gym
import numpy as np
import pytest

from boardgym.core.errors import ConfigError
from boardgym.envs.kwargs import UnknownOptionError
from boardgym.games import game_class
from tests.conftest import gym_entries, pz_entries, pz_module

GYM_IDS = [e["id"] for e in gym_entries()]
PZ_IDS = [e["id"] for e in pz_entries()]
BAD_PENALTIES = [float("nan"), float("inf"), -np.inf, np.float32("nan"), "1", "-1.0", True, None, [1.0]]


def _info(env_id):
    return game_class(gym.spec(env_id).kwargs["game"]).info


def _pz_makers(env_id):
    entry = next(e for e in pz_entries() if e["id"] == env_id)
    mod = pz_module(entry)
    kwargs = dict(entry.get("kwargs", {}))
    return [lambda **kw: f(**kwargs, **kw) for f in (mod.env, mod.raw_env, mod.parallel_env)]


@pytest.mark.parametrize("env_id", GYM_IDS)
@pytest.mark.parametrize("bad", BAD_PENALTIES)
def test_gym_illegal_penalty_must_be_a_finite_number(env_id, bad):
    with pytest.raises(ConfigError, match="illegal_penalty"):
        gym.make(env_id, illegal_penalty=bad)


@pytest.mark.parametrize("env_id", PZ_IDS)
@pytest.mark.parametrize("bad", BAD_PENALTIES)
def test_pettingzoo_illegal_penalty_must_be_a_finite_number(env_id, bad):
    for make in _pz_makers(env_id):
        with pytest.raises(ConfigError, match="illegal_penalty"):
            make(illegal_penalty=bad)


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_good_penalties_are_used(env_id):
    for value in (-2, np.float32(-0.5), 0.0):
        env = gym.make(env_id, illegal_penalty=value)
        obs, _ = env.reset(seed=0)
        _, r, *_ = env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
        assert r == float(value) and isinstance(r, float)


@pytest.mark.parametrize("env_id", GYM_IDS)
@pytest.mark.parametrize("bad", ["no", "False", 0, 1, None, np.float64(1.0)])
def test_shaping_takes_real_bools_only(env_id, bad):
    with pytest.raises(ConfigError, match="shaping must be True or False"):
        gym.make(env_id, shaping=bad)


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_shaping_false_and_true(env_id):
    assert gym.make(env_id, shaping=False).unwrapped.shaping is False
    assert gym.make(env_id, shaping=np.bool_(True)).unwrapped.shaping is True


@pytest.mark.parametrize("env_id", [i for i in GYM_IDS if not _info(i).cooperative])
@pytest.mark.parametrize("bad", [True, False, 1.0, "0", -1, 99, [0]])
def test_seat_must_be_an_int_in_range_or_random(env_id, bad):
    with pytest.raises(ConfigError, match="seat must be an int"):
        gym.make(env_id, seat=bad)


@pytest.mark.parametrize("env_id", [i for i in GYM_IDS if not _info(i).cooperative])
def test_good_seats(env_id):
    assert gym.make(env_id, seat=np.int64(0)).unwrapped.seat == 0
    env = gym.make(env_id, seat="random")
    env.reset(seed=0)
    assert env.unwrapped.random_seat


@pytest.mark.parametrize("env_id", [i for i in GYM_IDS if _info(i).cooperative])
@pytest.mark.parametrize("kwarg", [{"opponents": "random"}, {"opponents": "heuristic"},
                                   {"seat": 0}, {"seat": 1}, {"seat": "random"}])
def test_cooperative_games_refuse_opponents_and_seat(env_id, kwarg):
    (name, value), = kwarg.items()
    noun = {"opponents": "opponent", "seat": "seat"}[name]
    with pytest.raises(ConfigError, match=f"{name}=.*cooperative.*there is no {noun} to choose: leave {name} out"):
        gym.make(env_id, **kwarg)


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_gym_unknown_kwarg_is_a_type_error_too(env_id):
    with pytest.raises(UnknownOptionError, match="unexpected keyword argument 'frameskip'") as err:
        gym.make(env_id, frameskip=4)
    assert isinstance(err.value, TypeError) and isinstance(err.value, ConfigError)
    assert "num_" in str(err.value) and "illegal_penalty" in str(err.value)  # the valid options
    assert "'frameskip': not an option" in str(err.value)  # one typo: no "also"
    with pytest.raises(UnknownOptionError, match=r"'frameskip' \(also \['colour'\]\): not an option"):
        gym.make(env_id, frameskip=4, colour="red")  # every typo named, the first in front


@pytest.mark.parametrize("env_id", PZ_IDS)
def test_pettingzoo_unknown_kwarg_is_a_type_error_too(env_id):
    for make in _pz_makers(env_id):
        for kw in ({"frameskip": 4}, {"shaping": True}, {"opponents": "random"}):
            with pytest.raises(TypeError, match=f"unexpected keyword argument '{next(iter(kw))}'"):
                make(**kw)


@pytest.mark.parametrize("env_id", PZ_IDS)
@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "10"])
def test_max_cycles_must_be_a_positive_int(env_id, bad):
    for make in _pz_makers(env_id):
        with pytest.raises(ConfigError, match="max_cycles"):
            make(max_cycles=bad)


MODES = [({"illegal_action": "ignore"}, "illegal_action"), ({"illegal_action": 1}, "illegal_action"),
         ({"render_mode": "rgb"}, "render_mode")]


@pytest.mark.parametrize("env_id", GYM_IDS)
@pytest.mark.parametrize("kwarg,match", MODES)
def test_gym_modes_are_checked(env_id, kwarg, match):
    with pytest.raises(ConfigError, match=match):
        gym.make(env_id, **kwarg)


@pytest.mark.parametrize("env_id", PZ_IDS)
@pytest.mark.parametrize("kwarg,match", MODES + [({"render_mode": 1}, "render_mode")])
def test_pettingzoo_modes_are_checked(env_id, kwarg, match):
    for make in _pz_makers(env_id):
        with pytest.raises(ConfigError, match=match):
            make(**kwarg)
