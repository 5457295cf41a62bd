"""Every registered game through TextArena's own API (``textarena.make``, its default wrappers,
``reset(num_players, seed)`` / ``get_observation`` / ``step`` / ``close``) with an agent of
TextArena's ``Agent`` class that reads only the observation text."""
from __future__ import annotations

import re

import numpy as np
import pytest
import textarena as ta

from boardgym.envs.registry import registry
from boardgym.envs.textarena_env import BoardgymTextArenaEnv, register

IDS = register()
OPTION = re.compile(r"^\s+(\d+)\. (.*)$", re.M)


class Reader(ta.Agent):
    """Answers with the words of an option listed in the latest prompt of the observation."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)

    def __call__(self, observation: str) -> str:
        opts = OPTION.findall(observation[observation.rfind("Your options:"):])
        return opts[int(self.rng.integers(len(opts)))][1]


def test_every_game_is_registered_in_textarena():
    from textarena.envs.registration import ENV_REGISTRY

    games = {ENV_REGISTRY[i].kwargs["game"] for i in IDS}
    assert games == set(registry()["games"])
    for i in IDS:
        assert f"{i}-raw" in ENV_REGISTRY and ENV_REGISTRY[i].default_wrappers
    assert register() == IDS  # registering again changes nothing


@pytest.mark.parametrize("env_id", IDS)
def test_textarena_plays_whole_games(env_id):
    for n, seed in ((1, 0), (3, 1)):
        env = ta.make(env_id)
        assert isinstance(env, ta.wrappers.ActionFormattingWrapper)  # TextArena's own wrappers
        assert isinstance(env.env, ta.wrappers.GameBoardObservationWrapper)
        assert isinstance(env.env.env, BoardgymTextArenaEnv) and isinstance(env.env.env, ta.Env)
        env.reset(num_players=n, seed=seed)
        agents = {p: Reader(p) for p in range(n)}
        done, steps, seen = False, 0, set()
        while not done:
            pid, observation = env.get_observation()
            assert observation.startswith(f"You are Player {pid}, seat {pid} of {n}")
            assert "How to play (rules primer):" in observation and "Your options:" in observation
            seen.add(pid)
            done, info = env.step(agents[pid](observation))
            assert info.get("invalid_answers", 0) == 0
            steps += 1
        rewards, game_info = env.close()
        assert sorted(rewards) == list(range(n)) and steps > 5
        assert all(-1.0 <= r <= 1.0 for r in rewards.values())
        assert seen == set(range(n)) or n == 1


def test_a_bad_answer_in_textarena_keeps_the_player_and_says_why():
    env = BoardgymTextArenaEnv("paleo", retries=1)
    env.reset(num_players=2, seed=3)
    pid, first = env.get_observation()
    before = env.game_state.to_json()
    done, info = env.step("[dance around the fire]")
    assert not done and info["invalid_answers"] == 1 and info["action"] is None
    assert env.game_state.to_json() == before
    again, messages = env.get_observation()
    assert again == pid and "is not one of the options" in messages[-1][1]
    done, info = env.step("???")  # the second bad answer: the fallback plays a random option
    assert info["fallbacks"] == 1 and info["action"] is not None and env.game_state.to_json() != before
