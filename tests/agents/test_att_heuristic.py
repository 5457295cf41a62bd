"""The ATT rule-based heuristic: always legal, fast, and clearly stronger than random."""
from __future__ import annotations


import numpy as np
import pytest

from boardgym.agents import Agent, ATTHeuristicAgent, RandomAgent
from boardgym.core.replay import play_agents
from boardgym.games import make_game
from boardgym.games.ancient_terrible_things.scoring import winners

GAME = "ancient_terrible_things"


def play_game(game, seed, agents, check=True):
    """One game; every decision is checked against the legal mask. Returns the final state."""
    return play_agents(game, seed, agents, check=check, max_steps=20_000)


def heuristic_vs_random(n, seeds, **cfg):
    """(wins with ties as half, strict wins, games) of one heuristic seat, rotating seats."""
    game = make_game(GAME, num_players=n, **cfg)
    half = strict = 0.0
    for seed in seeds:
        seat = seed % n
        agents = [ATTHeuristicAgent(seed=seed, strict=True) if p == seat else RandomAgent(1000 + 7 * seed + p)
                  for p in range(n)]
        s = play_game(game, seed, agents)
        if n == 1:
            half += s.solo_result > 0
            strict += s.solo_result > 0
        else:
            w = winners(s)
            half += (seat in w) / len(w)
            strict += w == [seat]
        assert agents[seat].fallbacks == 0
    return half, strict, len(seeds)


def test_exports():
    assert issubclass(ATTHeuristicAgent, Agent)
    assert ATTHeuristicAgent.needs_state is True
    assert RandomAgent(0).act(None, np.array([0, 1, 0], dtype=bool)) == 1


def test_registry_loads_the_heuristic():
    from boardgym.envs.opponents import make_agent

    agent = make_agent("heuristic", GAME, seed=3)
    assert isinstance(agent, ATTHeuristicAgent)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_always_legal_every_player_count(n):
    game = make_game(GAME, num_players=n)
    for seed in range(3):
        agents = [ATTHeuristicAgent(seed=seed * 10 + p, strict=True) for p in range(n)]
        s = play_game(game, seed, agents)
        assert s.over
        assert all(a.fallbacks == 0 for a in agents)


@pytest.mark.parametrize("cfg", [dict(num_players=3, tiles="AGHIE"),
                                 dict(num_players=2, scenario="II", tiles="FGHIE"),
                                 dict(num_players=4, characters="random", length="short")])
def test_always_legal_variants(cfg):
    game = make_game(GAME, **cfg)
    n = cfg["num_players"]
    agents = [ATTHeuristicAgent(seed=p, strict=True) if p % 2 == 0 else RandomAgent(p) for p in range(n)]
    assert play_game(game, 5, agents).over


def test_deterministic_given_seed():
    game = make_game(GAME, num_players=3)

    def run():
        agents = [ATTHeuristicAgent(seed=p) for p in range(3)]
        s = play_game(game, 11, agents)
        return [s.score(p) for p in range(3)], s.turn

    assert run() == run()


def test_act_without_state_is_legal():
    agent = ATTHeuristicAgent(seed=0)
    mask = np.zeros(95, dtype=bool)
    mask[[3, 5]] = True
    assert agent.act(None, mask) in (3, 5)

def test_beats_random_small_sample():
    half, strict, n = heuristic_vs_random(3, range(40))
    assert half / n > 0.4, (half, n)


def test_solo_beats_random_small_sample():
    half, _, n = heuristic_vs_random(1, range(20))
    assert half / n > 0.4


@pytest.mark.slow
def test_win_rate_target_500_games():
    half, strict, n = heuristic_vs_random(3, range(500))
    assert strict / n >= 0.6, (strict, n)
