"""The Paleo rule-based heuristic: always legal, clearly stronger than random, and the level-1
balance gate of the spec (PALEO spec §2: 30-80 % wins at 2 groups, >= random + 20 points)."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

from boardgym.agents import Agent, PaleoHeuristicAgent, RandomAgent
from boardgym.core.chance import sample_outcome
from boardgym.core.replay import play_agents
from boardgym.core.game import CHANCE
from boardgym.games import make_game

GAME = "paleo"


def play_game(game, seed, agents, check=True):
    """One game; every decision is checked against the legal mask. Returns the final state."""
    return play_agents(game, seed, agents, check=check, max_steps=20_000)


def win_rate(agent_cls, n, seeds, **cfg):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game = make_game(GAME, num_groups=n, **cfg)
    wins = 0
    for seed in seeds:
        agents = [agent_cls(seed * 16 + p) for p in range(n)]
        s = play_game(game, seed, agents)
        wins += s.returns()[0] > 0
    return wins / len(seeds)


def test_exports():
    assert issubclass(PaleoHeuristicAgent, Agent)
    assert PaleoHeuristicAgent.needs_state is True


def test_registry_loads_the_heuristic():
    from boardgym.envs.opponents import make_agent

    assert isinstance(make_agent("heuristic", GAME, seed=3), PaleoHeuristicAgent)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_always_legal_every_group_count(n):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game = make_game(GAME, num_groups=n)
    for seed in range(3):
        agents = [PaleoHeuristicAgent(seed=seed * 10 + p, strict=True) for p in range(n)]
        s = play_game(game, seed, agents)
        assert s.over
        assert all(a.fallbacks == 0 for a in agents)


@pytest.mark.parametrize("cfg", [{"remove_per_module": 0, "max_rounds": 3}, {"modules": ["A"]},
                                 {"modules": ["B"], "num_groups": 3}])
def test_always_legal_other_configurations(cfg):
    cfg = dict(cfg)
    n = cfg.pop("num_groups", 2)
    game = make_game(GAME, num_groups=n, **cfg)
    for seed in range(2):
        agents = [PaleoHeuristicAgent(seed=seed + p, strict=True) for p in range(n)]
        s = play_game(game, seed, agents)
        assert s.over and all(a.fallbacks == 0 for a in agents)


def test_mixed_with_random_partners_stays_legal():
    game = make_game(GAME, num_groups=3)
    agents = [PaleoHeuristicAgent(seed=1, strict=True), RandomAgent(2), PaleoHeuristicAgent(seed=3, strict=True)]
    s = play_game(game, 5, agents)
    assert s.over


def test_seat_override_at_the_commit_step():
    """agent.seat decides for another acting seat at the simultaneous commit step."""
    game = make_game(GAME, num_groups=2)
    s = game.new_initial_state()
    rng = np.random.default_rng(0)
    while s.current_player == CHANCE:
        s.apply(sample_outcome(s.chance_outcomes(), rng))
    assert s.acting_players() == [0, 1]
    agent = PaleoHeuristicAgent(seed=0, strict=True)
    agent.seat = 1
    mask = s.legal_mask_for(1)
    assert mask[agent.act(None, mask, s)]


def test_beats_random_small_sample():
    seeds = range(12)
    h = win_rate(lambda seed: PaleoHeuristicAgent(seed=seed), 2, seeds)
    r = win_rate(RandomAgent, 2, seeds)
    assert h >= r + 0.2, (h, r)


@pytest.mark.slow
def test_balance_gate_level1_two_groups_500_games():
    seeds = range(500)
    h = win_rate(lambda seed: PaleoHeuristicAgent(seed=seed), 2, seeds, level=1)
    r = win_rate(RandomAgent, 2, seeds, level=1)
    assert 0.30 <= h <= 0.80, h
    assert h >= r + 0.20, (h, r)
