"""PettingZoo AEC and Parallel envs over any boardgym game.

Agents are ``player_0 .. player_{n-1}``. Chance nodes are resolved inside the env with its
seeded generator. An illegal action (in the action space but not in the mask) leaves the game
unchanged: with ``illegal_action="penalize"`` (default) the agent gets ``illegal_penalty`` as
reward and ``infos[agent]["illegal_action"]`` says why; with ``"raise"`` it raises
``IllegalActionError``. An action outside ``Discrete(N)`` always raises. The acting seat can change inside a turn (a non-active player's bonus
choice is its own turn). Cooperative games give every agent the shared team reward.
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from boardgym.core.chance import resolve_chance
from boardgym.core.errors import ConfigError, IllegalActionError
from boardgym.core.game import TERMINAL
from boardgym.games import make_game

from .illegal import check_mode, try_apply
from .render import RENDER_MODES, render_state
from .spaces import observation_space


class _Common:
    """Game, spaces, seeding, observation shared by the AEC and Parallel adapters."""

    def _new_game(self, seed):
        """Seed, deal a new game, resolve its opening chance nodes, seat every agent."""
        self._seed(seed)
        self.state = self.game.new_initial_state()
        self._resolve_chance()
        self.agents = list(self.possible_agents)

    def _setup(self, game_name: str, render_mode, game_kwargs):
        self.illegal_action = check_mode(game_kwargs.pop("illegal_action", "penalize"))
        self.illegal_penalty = float(game_kwargs.pop("illegal_penalty", -1.0))
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ConfigError(f"render_mode must be one of {RENDER_MODES} or None, got {render_mode!r}")
        self.render_mode = render_mode
        self.game = make_game(game_name, **game_kwargs)
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = observation_space(self.game)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.game.num_actions) for a in self.possible_agents}
        self._noop_mask = np.zeros(self.game.num_actions, dtype=np.int8)
        self._noop_mask[0] = 1
        self.state = None
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _seed(self, seed):
        if seed is not None or self.state is None:
            self.np_random, _ = seeding.np_random(seed)

    def _resolve_chance(self):
        resolve_chance(self.state, self.np_random)

    def _observe_seat(self, seat: int) -> dict:
        state = self.state
        obs = state.observation(seat).copy()
        if state.current_player >= 0 and seat in state.acting_players():
            if seat == state.current_player:
                mask = state.legal_mask().astype(np.int8)
            else:  # another seat of a simultaneous choice
                mask = state.legal_mask_for(seat).astype(np.int8)
        else:
            mask = self._noop_mask.copy()
        return {"observation": obs, "action_mask": mask}

    def _final_rewards(self) -> dict:
        returns = self.state.returns()
        return {a: float(returns[i]) for i, a in enumerate(self.possible_agents)}

    def render(self):
        if self.state is None:
            return None
        return render_state(self.state, self.render_mode)

    def close(self):
        pass

    def describe(self, action: int) -> str:
        return self.game.catalog.describe(int(action))

    def _try_apply(self, action) -> str | None:
        """Apply a seat's action; return the error text if illegal and penalized."""
        return try_apply(self.state, action, self.game.num_actions, self.illegal_action)


class BoardgymAECEnv(_Common, AECEnv):
    """PettingZoo AEC env: ``agent_selection`` is the seat whose decision is pending."""

    metadata = {"render_modes": RENDER_MODES, "is_parallelizable": True, "render_fps": 4}

    def __init__(self, game: str, render_mode: str | None = None, **game_kwargs):
        super().__init__()
        self._setup(game, render_mode, game_kwargs)
        self.metadata = dict(self.metadata, name=f"{game}_v0")
        self.agents = []

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._new_game(seed)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self):
        p = self.state.current_player
        if p >= 0:
            self.agent_selection = self.possible_agents[p]

    def observe(self, agent):
        return self._observe_seat(self._index[agent])

    def action_mask(self, agent=None) -> np.ndarray:
        return self.observe(agent or self.agent_selection)["action_mask"]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        error = self._try_apply(action)
        self.rewards = {a: 0.0 for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        if error is not None:
            self.rewards[agent] = self.illegal_penalty
            self.infos[agent] = {"illegal_action": error}
            self._accumulate_rewards()
            return
        self._resolve_chance()
        if self.state.current_player == TERMINAL:
            self.rewards = self._final_rewards()
            self.terminations = {a: True for a in self.agents}
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class BoardgymParallelEnv(_Common, ParallelEnv):
    """PettingZoo Parallel env. Each step every agent sends an action; seats without a
    pending decision have a NOOP-only mask and their actions are ignored. Seats with a pending
    decision (one in turn-based phases, several in simultaneous choices) act in seat order."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}

    def __init__(self, game: str, render_mode: str | None = None, **game_kwargs):
        self._setup(game, render_mode, game_kwargs)
        self.metadata = dict(self.metadata, name=f"{game}_v0")
        self.agents = []

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._new_game(seed)
        obs = {a: self._observe_seat(i) for i, a in enumerate(self.possible_agents)}
        return obs, {a: {} for a in self.agents}

    def step(self, actions: dict):
        state = self.state
        acting = state.acting_players()
        for seat in acting:
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise IllegalActionError(None, f"{agent} has a pending decision and sent no action")
        infos = {a: {} for a in self.agents}
        penalties = {}
        for seat in acting:
            if state.current_player == seat:
                agent = self.possible_agents[seat]
                error = self._try_apply(actions[agent])
                if error is not None:
                    penalties[agent] = self.illegal_penalty
                    infos[agent] = {"illegal_action": error}
                    break
        self._resolve_chance()
        done = state.current_player == TERMINAL
        rewards = self._final_rewards() if done else {a: 0.0 for a in self.agents}
        for agent, pen in penalties.items():
            rewards[agent] += pen
        terms = {a: done for a in self.agents}
        truncs = {a: False for a in self.agents}
        obs = {a: self._observe_seat(i) for i, a in enumerate(self.possible_agents) if a in self.agents}
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return obs, rewards, terms, truncs, infos


def factories(game: str):
    """``(env, raw_env, parallel_env)`` factory functions of one game for its ``<game>_v0`` module."""

    def env(render_mode=None, **kwargs):
        return BoardgymAECEnv(game, render_mode=render_mode, **kwargs)

    def parallel_env(render_mode=None, **kwargs):
        return BoardgymParallelEnv(game, render_mode=render_mode, **kwargs)

    return env, env, parallel_env
