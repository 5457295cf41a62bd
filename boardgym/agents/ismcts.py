"""Information-set Monte Carlo tree search over the engine contract (any boardgym game).

Each simulation samples a determinization consistent with the deciding player's view
(``state.redeterminize(player, rng)``), walks a tree keyed by the sequence of decisions from the
root (open loop: chance outcomes are sampled afresh on every visit, so a node aggregates over
them), selects among the actions legal in *this* determinization (availability counts, as in
SO-ISMCTS), expands one action, then plays a rollout for ``rollout_depth`` decisions and scores
the end with ``state.returns()`` if terminal, else the game's running score
(``state.potential(p)``, the same form as the reward). Competitive games back up one value per
seat and each node maximises the value of the seat that decides there; cooperative games share
one value (the team return). Budget: ``simulations`` and/or ``seconds``; seeded.

Two selection rules:

* **UCB1** (no ``prior_agent``): every legal action is tried once, then
  ``Q + c·sqrt(ln N_avail / n)``.
* **PUCT with a policy prior** (``prior_agent`` given, e.g. the game's heuristic): the prior puts
  ``prior_weight`` on the action the prior agent picks in the node's first determinization and
  spreads the rest uniformly (a prior agent that offers a full distribution,
  ``action_probabilities(observation, legal_mask)`` such as a PPO network, AlphaZero style:
  ``prior_weight`` x its probability of each action plus the uniform rest); selection maximises ``Q + c·P·sqrt(N_avail) / (1 + n)`` with
  unvisited actions valued at their parent's mean (first-play urgency). With a small budget the
  search follows the prior agent and departs from it only where simulations show a better
  action, which is how a search on top of a strong heuristic improves on it.

``rollout_agent`` (default: uniform random) plays the rollouts; ``make_ismcts(game, ...)``
(``boardgym.agents.specs``, where agents are built by name) builds
the standard configurations by name (``"random"`` or ``"heuristic"`` for prior and rollouts).

``evaluator(state) -> list[float]`` (optional) scores a rollout that stops before the end instead
of ``state.potential``; ``make_ismcts(..., evaluator="value:PATH")`` uses a state-value network
fitted to the heuristic's own games (``python -m boardgym.train.value``, ``boardgym/agents/value_net.py``), and
``evaluator="ppo:PATH"`` a PPO critic (see ``make_evaluator``).

After each ``act``, ``last_root_visits`` holds the root's visit count of each action tried
(``{action: visits}``, summing to the simulations run; empty for a decision not searched), the
search's move distribution that expert iteration (``boardgym/train/expert_iteration.py``) fits.

``search_filter(state) -> bool`` limits the search to the decisions it accepts (the others go to
the prior agent, or to a uniform random legal action without one). Heuristic agents may declare
their game's strategic decisions as ``key_decision(state)``; ``make_ismcts(..., search="key")``
uses it, so a budget is spent where a look ahead pays (which location, which card) and not on
the many small steps the heuristic already plays well.
"""
from __future__ import annotations

import math
import time

import numpy as np

from boardgym.core.agent import Agent
from boardgym.core.chance import resolve_chance
from boardgym.core.game import CHANCE, TERMINAL


class _Node:
    __slots__ = ("children", "visits", "value", "avail", "prior", "probs")

    def __init__(self, n_players: int):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.value = [0.0] * n_players  # summed returns per seat
        self.avail: dict[int, int] = {}  # times each action was available here
        self.prior: int | None = None    # the prior agent's action (PUCT only)
        self.probs: np.ndarray | None = None  # its distribution, for agents that offer one


def _agent_probs(agent, s, mask) -> np.ndarray:
    """A distribution prior's probabilities of the actions of ``mask`` in state ``s``."""
    return np.asarray(agent.action_probabilities(s.observation(s.current_player), mask), dtype=np.float64)


def _agent_act(agent: Agent, s, mask) -> int:
    if getattr(agent, "needs_state", False):
        return int(agent.act(None, mask, s))
    return int(agent.act(s.observation(s.current_player), mask, s))


class ISMCTSAgent(Agent):
    """Determinized information-set MCTS; see the module docstring.

    Args:
        simulations: determinized simulations per decision (0 = use ``seconds`` only).
        seconds: wall-clock budget per decision (optional; both given = whichever ends first).
        c: exploration constant (in units of ``value_scale``).
        rollout_depth: decisions played by the rollout policy before the running score is used.
        rollout_agent: the rollout policy (an Agent; None = uniform random legal actions).
        prior_agent: an Agent whose choice gets ``prior_weight`` of the PUCT prior (None = UCB1);
            one with ``action_probabilities(observation, legal_mask)`` spreads it by them.
        prior_weight: the prior agent's share of the prior, in [0, 1].
        seed: seeds determinizations, chance samples, random rollouts and tie-breaks.
        value_scale: divides values before selection (games with large returns).
        search_filter: ``callable(state) -> bool``; decisions it rejects are not searched.
        evaluator: ``callable(state) -> list[float]`` per seat for rollouts cut at ``rollout_depth``.
    """

    name = "ismcts"
    needs_state = True

    def __init__(self, simulations: int = 200, seconds: float | None = None, c: float = 1.0,
                 rollout_depth: int = 60, rollout_agent: Agent | None = None, seed: int | None = None,
                 value_scale: float = 1.0, prior_agent: Agent | None = None, prior_weight: float = 0.5,
                 search_filter=None, evaluator=None):
        if simulations < 0 or (simulations == 0 and not seconds):
            raise ValueError("give a positive simulation count or a time budget in seconds")
        if seconds is not None and seconds < 0:
            raise ValueError(f"seconds must be positive, got {seconds}")
        if not 0.0 <= prior_weight <= 1.0:
            raise ValueError(f"prior_weight must lie in [0, 1], got {prior_weight}")
        if rollout_depth < 0:
            raise ValueError(f"rollout_depth must be >= 0, got {rollout_depth}")
        self.simulations = simulations
        self.seconds = seconds
        self.c = c
        self.rollout_depth = rollout_depth
        self.rollout_agent = rollout_agent
        self.prior_agent = prior_agent
        self.prior_weight = prior_weight
        self.value_scale = value_scale
        self.search_filter = search_filter
        self.evaluator = evaluator
        self.rng = np.random.default_rng(seed)
        self.last_simulations = 0  # simulations run for the latest searched decision
        self.last_root_visits: dict[int, int] = {}  # the latest decision's root visits per action
        self._dist = prior_agent is not None and callable(getattr(prior_agent, "action_probabilities", None))

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        for k, agent in enumerate((self.rollout_agent, self.prior_agent)):
            if agent is not None:
                agent.reset(None if seed is None else seed + 1 + k)

    # -- search ------------------------------------------------------------------------------
    def act(self, observation, legal_mask, state=None) -> int:
        if state is None:
            raise ValueError("ISMCTSAgent needs the engine state (needs_state = True)")
        legal = np.flatnonzero(legal_mask)
        self.last_root_visits = {}
        if len(legal) == 1:
            return int(legal[0])
        if self.search_filter is not None and not self.search_filter(state):
            self.last_simulations = 0
            if self.prior_agent is not None:
                return _agent_act(self.prior_agent, state, np.asarray(legal_mask, dtype=bool))
            return int(legal[self.rng.integers(len(legal))])
        me = state.current_player
        coop = state.game.info.cooperative
        root = _Node(state.game.num_players)
        if self._dist:
            root.probs = _agent_probs(self.prior_agent, state, np.asarray(legal_mask, dtype=bool))
            root.prior = int(legal[np.argmax(root.probs[legal])])
        elif self.prior_agent is not None:
            root.prior = _agent_act(self.prior_agent, state, np.asarray(legal_mask, dtype=bool))
        deadline = None if not self.seconds else time.perf_counter() + self.seconds
        sims = 0
        while True:
            if self.simulations > 0 and sims >= self.simulations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._simulate(state.redeterminize(me, self.rng), root, coop)
            sims += 1
        self.last_simulations = sims
        self.last_root_visits = {a: child.visits for a, child in root.children.items()}

        def rank(a):  # most visited; then the prior agent's choice; then chance
            child = root.children.get(a)
            return (child.visits if child is not None else -1, a == root.prior, self.rng.random())

        return int(max(legal, key=rank))

    def _advance_chance(self, s):
        resolve_chance(s, self.rng)

    def _simulate(self, s, root: _Node, coop: bool) -> None:
        path = [root]
        node = root
        self._advance_chance(s)
        puct = self.prior_agent is not None
        # selection / expansion
        while s.current_player != TERMINAL:
            p = s.current_player
            mask = s.legal_mask()
            legal = np.flatnonzero(mask)
            for a in legal:
                node.avail[a] = node.avail.get(a, 0) + 1
            who = 0 if coop else p
            if self._dist:
                if node.probs is None or not node.probs[legal].any():
                    node.probs = _agent_probs(self.prior_agent, s, mask)
                a = self._select_puct(node, legal, who)
            elif puct:
                if node.prior is None or not mask[node.prior]:
                    node.prior = _agent_act(self.prior_agent, s, mask) if len(legal) > 1 else int(legal[0])
                a = self._select_puct(node, legal, who)
            else:
                untried = [a for a in legal if a not in node.children]
                if untried:
                    a = int(untried[self.rng.integers(len(untried))])
                else:
                    a = int(max(legal, key=lambda x: self._ucb(node, node.children[x], x, who)))
            child = node.children.get(a)
            s.apply(a)
            self._advance_chance(s)
            if child is None:  # expand one node, then roll out
                child = node.children[a] = _Node(len(node.value))
                path.append(child)
                break
            node = child
            path.append(node)
        values = self._rollout(s)
        for nd in path:
            nd.visits += 1
            for i, v in enumerate(values):
                nd.value[i] += v

    def _ucb(self, parent: _Node, child: _Node, action: int, who: int) -> float:
        mean = child.value[who] / child.visits
        explore = self.c * math.sqrt(math.log(max(parent.avail.get(action, 1), 1)) / child.visits)
        return mean / self.value_scale + explore

    def _select_puct(self, node: _Node, legal, who: int) -> int:
        spread = (1.0 - self.prior_weight) / len(legal)
        fpu = node.value[who] / node.visits / self.value_scale if node.visits else 0.0
        best, best_u = None, -math.inf
        for a in legal:
            a = int(a)
            child = node.children.get(a)
            if node.probs is not None:
                prior = spread + self.prior_weight * float(node.probs[a])
            else:
                prior = spread + (self.prior_weight if a == node.prior else 0.0)
            n = child.visits if child is not None else 0
            q = child.value[who] / n / self.value_scale if n else fpu
            u = q + self.c * prior * math.sqrt(node.avail.get(a, 1)) / (1 + n)
            if u > best_u or (u == best_u and self.rng.random() < 0.5):
                best, best_u = a, u
        return best

    def _rollout(self, s) -> list[float]:
        depth = 0
        agent = self.rollout_agent
        while s.current_player != TERMINAL and depth < self.rollout_depth:
            if s.current_player == CHANCE:
                self._advance_chance(s)
                continue
            mask = s.legal_mask()
            if agent is not None:
                a = _agent_act(agent, s, mask)
            else:
                legal = np.flatnonzero(mask)
                a = int(legal[self.rng.integers(len(legal))])
            s.apply(a)
            depth += 1
        if s.current_player == TERMINAL:
            return list(s.returns())
        if self.evaluator is not None:
            return list(self.evaluator(s))
        return [s.potential(p) for p in range(s.game.num_players)]


def seat_evaluator(score):
    """``score(state, seat) -> float`` -> ``evaluator(state) -> list[float]``: every seat scored
    from its own view; cooperative games share the deciding seat's score (seat 0 once the game
    is over or at a chance node)."""

    def evaluate(s):
        n = s.game.num_players
        if s.game.info.cooperative:
            p = s.current_player if 0 <= s.current_player < n else 0
            return [score(s, p)] * n
        return [score(s, p) for p in range(n)]

    return evaluate
