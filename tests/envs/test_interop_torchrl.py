"""TorchRL drives every registered id as its users do: ``GymEnv(id)`` (it passes ``frameskip``
and drops it on the ``TypeError`` an unknown keyword argument raises) with ``check_env_specs``
and a masked rollout, and ``PettingZooWrapper`` on the AEC and Parallel envs reading the
masks from the observations. Nothing here names a game."""
import warnings

import pytest
import torch

from tests.conftest import gym_entries, pz_entries, pz_module

GYM_IDS = [e["id"] for e in gym_entries()]
PZ_IDS = [e["id"] for e in pz_entries()]


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():  # TorchRL warns that it tests another PettingZoo version
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("env_id", GYM_IDS)
def test_torchrl_gym_env_specs_and_masked_rollout(env_id):
    from torchrl.envs import ActionMask, GymEnv, TransformedEnv
    from torchrl.envs.utils import check_env_specs

    base = GymEnv(env_id, categorical_action_encoding=True)
    check_env_specs(base, seed=0)
    env = TransformedEnv(GymEnv(env_id, categorical_action_encoding=True), ActionMask())
    env.set_seed(0)
    td = env.rollout(400, break_when_any_done=False)  # through at least one game end + reset
    actions, masks = td["action"], td["action_mask"].bool()  # the env's int8 mask
    assert masks.any(-1).all()
    assert masks.gather(-1, actions.long().unsqueeze(-1)).all(), "an action outside its mask"
    assert td["next", "done"].any(), "no game ended in 400 steps"


def _pz_rollout(raw, steps):
    from torchrl.envs import PettingZooWrapper
    from torchrl.envs.utils import check_env_specs

    env = PettingZooWrapper(raw, use_mask=True, return_state=True, categorical_actions=True, seed=0)
    check_env_specs(env, seed=0)
    td = env.rollout(steps, break_when_any_done=False)
    assert td["state"].shape[-1] == raw.state_space.shape[0]
    acted = 0
    for group in env.group_map:
        g = td[group]
        chosen = g["action_mask"].gather(-1, g["action"].long().unsqueeze(-1)).squeeze(-1)
        live = g["mask"]  # the agents TorchRL let act (AEC: the one selected)
        assert chosen[live].all(), f"{group}: an action outside the mask TorchRL read"
        acted += int(live.sum())
    return acted


@pytest.mark.parametrize("env_id", PZ_IDS)
def test_torchrl_pettingzoo_wrapper_aec_and_parallel(env_id):
    entry = next(e for e in pz_entries() if e["id"] == env_id)
    mod = pz_module(entry)
    assert _pz_rollout(mod.parallel_env(**entry.get("kwargs", {})), 30) >= 30
    assert _pz_rollout(mod.env(**entry.get("kwargs", {})), 30) == 30  # one agent per AEC step
