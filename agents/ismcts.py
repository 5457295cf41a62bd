"""Information-set Monte Carlo tree search over the engine contract (any boardgym game).

Each simulation samples a determinization consistent with the deciding player's view
(``state.redeterminize(player, rng)``), walks a tree keyed by the sequence of decisions from the
root (open loop: chance outcomes are sampled afresh on every visit, so a node aggregates over
them), selects with UCB1 among the actions legal in *this* determinization (availability
counts, as in SO-ISMCTS), expands one action, then plays a rollout for ``rollout_depth``
decisions and scores the end with ``state.returns()`` if terminal, else the game's running score
(``state.potential(p)``, the same form as the reward). Competitive games back up one value per
seat and each node maximises the value of the seat that decides there; cooperative games share
one value. Budget: ``simulations`` and/or ``seconds``; seeded.
"""
from __future__ import annotations

import math
import time

import numpy as np

from boardgym.core.agent import Agent
from boardgym.core.chance import resolve_chance
from boardgym.core.game import CHANCE, TERMINAL


class _Node:
    __slots__ = ("children", "visits", "value", "avail")

    def __init__(self, n_players: int):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.value = [0.0] * n_players  # summed returns per seat
        self.avail: dict[int, int] = {}  # times each action was available here


class ISMCTSAgent(Agent):
    name = "ismcts"
    needs_state = True

    def __init__(self, simulations: int = 200, seconds: float | None = None, c: float = 1.0,
                 rollout_depth: int = 60, rollout_agent: Agent | None = None, seed: int | None = None,
                 value_scale: float = 1.0):
        if simulations <= 0 and not seconds:
            raise ValueError("give a positive simulation count or a time budget in seconds")
        self.simulations = simulations
        self.seconds = seconds
        self.c = c
        self.rollout_depth = rollout_depth
        self.rollout_agent = rollout_agent
        self.value_scale = value_scale
        self.rng = np.random.default_rng(seed)

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        if self.rollout_agent is not None:
            self.rollout_agent.reset(None if seed is None else seed + 1)

    # -- search ------------------------------------------------------------------------------
    def act(self, observation, legal_mask, state=None) -> int:
        if state is None:
            raise ValueError("ISMCTSAgent needs the engine state (needs_state = True)")
        legal = np.flatnonzero(legal_mask)
        if len(legal) == 1:
            return int(legal[0])
        me = state.current_player
        n = state.game.num_players
        coop = state.game.info.cooperative
        root = _Node(n)
        deadline = None if not self.seconds else time.perf_counter() + self.seconds
        sims = 0
        while True:
            if self.simulations > 0 and sims >= self.simulations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._simulate(state.redeterminize(me, self.rng), root, coop)
            sims += 1
        best = max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                         self.rng.random()))
        return int(best)

    def _advance_chance(self, s):
        resolve_chance(s, self.rng)

    def _simulate(self, s, root: _Node, coop: bool) -> None:
        path = [root]
        node = root
        self._advance_chance(s)
        # selection / expansion
        while s.current_player != TERMINAL:
            p = s.current_player
            legal = np.flatnonzero(s.legal_mask())
            for a in legal:
                node.avail[a] = node.avail.get(a, 0) + 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                a = int(untried[self.rng.integers(len(untried))])
                child = node.children[a] = _Node(len(node.value))
                s.apply(a)
                path.append(child)
                self._advance_chance(s)
                break
            who = 0 if coop else p
            a = max(legal, key=lambda x: self._ucb(node, node.children[x], x, who))
            node = node.children[int(a)]
            s.apply(int(a))
            path.append(node)
            self._advance_chance(s)
        values = self._rollout(s)
        for nd in path:
            nd.visits += 1
            for i, v in enumerate(values):
                nd.value[i] += v

    def _ucb(self, parent: _Node, child: _Node, action: int, who: int) -> float:
        mean = child.value[who] / child.visits
        explore = self.c * math.sqrt(math.log(max(parent.avail.get(action, 1), 1)) / child.visits)
        return mean / self.value_scale + explore

    def _rollout(self, s) -> list[float]:
        depth = 0
        agent = self.rollout_agent
        while s.current_player != TERMINAL and depth < self.rollout_depth:
            if s.current_player == CHANCE:
                self._advance_chance(s)
                continue
            mask = s.legal_mask()
            if agent is not None:
                a = agent.act(None, mask, s) if getattr(agent, "needs_state", False) else \
                    agent.act(s.observation(s.current_player), mask, s)
            else:
                legal = np.flatnonzero(mask)
                a = int(legal[self.rng.integers(len(legal))])
            s.apply(a)
            depth += 1
        if s.current_player == TERMINAL:
            return list(s.returns())
        return [s.potential(p) for p in range(s.game.num_players)]
