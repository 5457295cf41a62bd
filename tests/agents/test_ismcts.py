"""ISMCTS (boardgym/agents/ismcts.py): search finds the better move on small games whose answer is known,
backs up per-seat values in competitive games and a team value in cooperative ones, overrides a
bad prior when simulations show better, and is seeded; then it plays real engine states.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from boardgym.agents.ismcts import ISMCTSAgent
from boardgym.agents.specs import make_ismcts
from boardgym.core.agent import Agent
from boardgym.core.errors import ConfigError
from boardgym.core.game import CHANCE, TERMINAL
from boardgym.games import make_game


class _ToyState:
    """A tiny engine-contract game: ``script`` is a list of steps, each ("decide", seat, n) or
    ("coin", p) (heads with probability p); ``payoff(history)`` gives the returns."""

    def __init__(self, script, payoff, players, cooperative):
        self.game = SimpleNamespace(num_players=players, info=SimpleNamespace(cooperative=cooperative))
        self.script, self.payoff, self.history = script, payoff, []

    @property
    def current_player(self):
        if len(self.history) == len(self.script):
            return TERMINAL
        step = self.script[len(self.history)]
        return CHANCE if step[0] == "coin" else step[1]

    def legal_mask(self):
        n = self.script[len(self.history)][2]
        return np.ones(n, dtype=bool)

    def chance_outcomes(self):
        p = self.script[len(self.history)][1]
        return [(1, p), (0, 1.0 - p)]

    def _apply(self, a):
        self.history.append(int(a))

    apply = _apply

    def clone(self):
        c = type(self).__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.history = self.history[:]
        return c

    def redeterminize(self, player, rng):
        return self.clone()

    def returns(self):
        return self.payoff(self.history)

    def potential(self, p):
        return 0.0

    def observation(self, p):
        return np.array(self.history, dtype=np.float32)


class _Always(Agent):
    """A 'prior' that always proposes one fixed action."""

    def __init__(self, action):
        self.action = action

    def act(self, observation, legal_mask, state=None):
        return self.action


COIN_P = [0.2, 0.4, 0.9, 0.5]


def _coins():
    """Solo: pick one of four coins, then it is tossed; heads wins (+1), tails loses (-1)."""
    script = [("decide", 0, 4), ("coin", None)]

    class S(_ToyState):
        def chance_outcomes(self):
            p = COIN_P[self.history[0]]
            return [(1, p), (0, 1.0 - p)]

    return S(script, lambda h: [1.0 if h[1] else -1.0], 1, False)


def _trap():
    """Two players, zero-sum: seat 0 picks a, seat 1 answers b. a = 0 pays seat 0 either -1 or +2
    (mean 0.5), a = 1 pays 0.2 or 0.3 (mean 0.25): averaging picks 0, but seat 1 answers, so 1."""
    table = {(0, 0): -1.0, (0, 1): 2.0, (1, 0): 0.2, (1, 1): 0.3}
    return _ToyState([("decide", 0, 2), ("decide", 1, 2)],
                     lambda h: [table[tuple(h)], -table[tuple(h)]], 2, False)


def _meet():
    """Cooperative: two seats each pick 0..2; the team scores 1 only if both pick 2."""
    return _ToyState([("decide", 0, 3), ("decide", 1, 3)],
                     lambda h: [float(h == [2, 2])] * 2, 2, True)


def test_search_picks_the_coin_with_the_best_odds():
    s = _coins()
    agent = ISMCTSAgent(simulations=400, c=1.0, seed=3)
    assert agent.act(None, s.legal_mask(), s) == 2
    assert agent.last_simulations == 400


def test_puct_overrides_a_bad_prior_given_enough_simulations():
    s = _coins()
    few = ISMCTSAgent(simulations=3, c=1.0, prior_agent=_Always(0), prior_weight=0.9, seed=1)
    assert few.act(None, s.legal_mask(), s) == 0   # little search: it follows the prior
    many = ISMCTSAgent(simulations=600, c=1.0, prior_agent=_Always(0), prior_weight=0.9, seed=1)
    assert many.act(None, s.legal_mask(), s) == 2  # enough search: the data wins


def test_competitive_backup_assumes_the_opponent_answers():
    s = _trap()
    for prior in (None, _Always(0)):
        agent = ISMCTSAgent(simulations=500, c=1.0, prior_agent=prior, seed=5)
        assert agent.act(None, s.legal_mask(), s) == 1


def test_cooperative_backup_maximises_the_team_value():
    s = _meet()
    agent = ISMCTSAgent(simulations=500, c=0.7, seed=2)
    assert agent.act(None, s.legal_mask(), s) == 2
    s.apply(2)
    assert agent.act(None, s.legal_mask(), s) == 2


def test_bad_budgets_and_weights_are_refused():
    with pytest.raises(ValueError):
        ISMCTSAgent(simulations=0)
    with pytest.raises(ValueError):
        ISMCTSAgent(simulations=-1)
    with pytest.raises(ValueError):
        ISMCTSAgent(prior_weight=1.5)
    with pytest.raises(ValueError):
        ISMCTSAgent(rollout_depth=-2)
    with pytest.raises(ConfigError):
        make_ismcts("paleo", rollout="greedy")
    with pytest.raises(ValueError):
        ISMCTSAgent(simulations=5).act(None, np.ones(3, dtype=bool), None)


def _first_decision(game, seed, skip=0):
    """An engine state at a decision with more than one legal action."""
    from boardgym.core.chance import resolve_chance

    rng = np.random.default_rng(seed)
    s = game.new_initial_state()
    seen = 0
    while True:
        resolve_chance(s, rng)
        legal = np.flatnonzero(s.legal_mask())
        if len(legal) > 1:
            if seen == skip:
                return s
            seen += 1
        s.apply(int(legal[rng.integers(len(legal))]))


@pytest.mark.parametrize("game_name,kwargs", [
    ("ancient_terrible_things", {"num_players": 2}),
    ("paleo", {"level": 1, "modules": None, "num_groups": 2}),
])
def test_engine_search_is_legal_seeded_and_leaves_the_state_alone(game_name, kwargs):
    game = make_game(game_name, **kwargs)
    for skip in (0, 3):
        s = _first_decision(game, 11, skip)
        before = s.to_json()
        picks = []
        for _ in range(2):
            agent = make_ismcts(game_name, simulations=6, rollout_depth=5, rollout="heuristic",
                                prior="heuristic", seed=9)
            agent.reset(9)
            picks.append(agent.act(s.observation(s.current_player), s.legal_mask().copy(), s))
        assert picks[0] == picks[1]
        assert s.legal_mask()[picks[0]]
        assert s.to_json() == before  # search worked on determinized copies only


def test_a_time_budget_alone_runs_simulations_and_stops():
    s = _coins()
    agent = ISMCTSAgent(simulations=0, seconds=0.05, seed=4)
    a = agent.act(None, s.legal_mask(), s)
    assert 0 <= a < 4 and agent.last_simulations >= 1


def test_key_decision_filter_leaves_other_decisions_to_the_prior():
    """search='key': the heuristic answers the decisions it does not declare strategic, with no
    simulation run; a key decision is searched."""
    from boardgym.agents.heuristics.ancient_terrible_things import ATTHeuristicAgent

    game = make_game("ancient_terrible_things", num_players=2)
    agent = make_ismcts("ancient_terrible_things", simulations=4, rollout_depth=3, rollout="heuristic",
                        prior="heuristic", search="key", seed=1)
    seen = {True: 0, False: 0}
    for skip in range(12):
        s = _first_decision(game, 5, skip)
        key = ATTHeuristicAgent.key_decision(s)
        agent.act(None, s.legal_mask().copy(), s)
        assert agent.last_simulations == (4 if key else 0)
        seen[key] += 1
    assert seen[True] and seen[False]


def test_a_trained_critic_scores_cut_rollouts(tmp_path):
    """evaluator='ppo:PATH': the critic's value of the deciding seat's observation plus the
    potential, one value for a cooperative team; the search still returns legal actions."""
    from sb3_contrib import MaskablePPO

    from boardgym.agents.specs import make_evaluator
    from boardgym.agents.ppo import PPOAgent
    from boardgym.train.envs import make_vec_env

    kw = {"level": 1, "modules": None, "num_groups": 2}
    venv = make_vec_env("boardgym/Paleo-v0", kw, 1, 0, "dummy")
    MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=32, device="cpu", seed=0).save(tmp_path / "m.zip")
    venv.close()
    game = make_game("paleo", **kw)
    s = _first_decision(game, 3, 2)
    values = make_evaluator(f"ppo:{tmp_path / 'm.zip'}")(s)
    p = s.current_player
    expected = PPOAgent(str(tmp_path / "m.zip")).value(s.observation(p)) + s.potential(p)
    assert values == pytest.approx([expected, expected])
    agent = make_ismcts("paleo", simulations=3, rollout_depth=2, rollout="heuristic", prior="heuristic",
                        evaluator=f"ppo:{tmp_path / 'm.zip'}", seed=0)
    assert s.legal_mask()[agent.act(None, s.legal_mask().copy(), s)]
    # a trained policy as the prior and the rollout policy
    agent = make_ismcts("paleo", simulations=3, rollout_depth=2, rollout=f"ppo:{tmp_path / 'm.zip'}",
                        prior=f"ppo:{tmp_path / 'm.zip'}", seed=0)
    assert isinstance(agent.prior_agent, PPOAgent) and isinstance(agent.rollout_agent, PPOAgent)
    assert s.legal_mask()[agent.act(None, s.legal_mask().copy(), s)]
    with pytest.raises(ConfigError):
        make_evaluator("heuristic")
