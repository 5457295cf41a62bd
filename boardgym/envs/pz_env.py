"""PettingZoo AEC and Parallel envs over any boardgym game (``BoardgymAECEnv``,
``BoardgymParallelEnv``) and the ``env`` / ``raw_env`` / ``parallel_env`` factories of every
``boardgym.envs.<game>_v0`` module. The sections below (Gymnasium's) hold for both.

Description:
    Every seat of a boardgym game is an agent, ``player_0 .. player_{n-1}``. AEC:
    ``agent_selection`` is the seat whose decision is pending; it can change inside a turn (a
    non-active player's bonus choice is its own turn); at a simultaneous choice the seats are
    asked in seat order, commitments hidden from each other. With ``agent_order="cycle"``
    (``pz_cycle``) the AEC env follows PettingZoo's cycle instead: every live agent is selected
    once per cycle in seat order, a seat with nothing to decide sends an ignored action under a
    NOOP-only mask, and a cycle is one Parallel step. Parallel: every live agent sends an
    action each step; seats without a pending decision have a NOOP-only mask and their actions
    are ignored; seats with one (several at a simultaneous choice) act in seat order. Chance
    nodes are resolved inside the env with its seeded generator.

Action Space:
    ``Discrete(N)`` per agent, the game's action catalogue. Actions are Python ints, NumPy
    integers or 0-d integer arrays; anything else (a bool, a float, a string, None) or a value
    outside ``Discrete(N)`` raises ``IllegalActionError``, from every agent, whether it has a
    decision pending or not. An illegal action (in the space, not in the mask) leaves the game
    unchanged: with ``illegal_action="penalize"`` (default) the agent gets ``illegal_penalty``
    and ``infos[agent]["illegal_action"]`` says why; with ``"raise"`` it raises.

Observation Space:
    Per agent ``Dict(observation=Box(-1, 1, (D,), float32), action_mask=Box(0, 1, (N,), int8))``
    (NOOP only for a seat with nothing to decide). ``state()`` is the global state for
    centralised critics: every seat's observation vector, seat 0 first
    (``state_space = Box(-1, 1, (n * D,), float32)``); together they hold all any seat has seen.

Rewards:
    Terminal only: per seat from the game's reward mode; cooperative games give every agent the
    shared team reward. Illegal actions add ``illegal_penalty`` to the agent that sent them.

Starting State:
    A new game from the game's setup, chance resolved up to the first decision. ``reset(seed=)``
    takes None or a Python or NumPy integer >= 0; a bool, a float or text raises ``ConfigError``.

Episode End:
    Every agent is terminated when the game ends. With ``max_cycles=K`` every agent is
    truncated after K cycles, PettingZoo's cycle (every live agent acts once): one Parallel
    ``step``; in AEC, ``max_cycles`` selects the cycle order unless ``agent_order`` is given,
    so K cycles are K turns of every agent (``pettingzoo.test.max_cycles_test`` passes). With
    ``agent_order="decision"`` a cycle is the steps of the seats one Parallel step would take
    (one seat in turn-based play, each committing seat of a simultaneous choice; an illegal
    action ends the cycle). Either way AEC and Parallel cut a game at the same state.
    Stepping once every agent is done raises ``IllegalActionError``, in ``env()`` too
    (PettingZoo's order-enforcing wrapper would only log a warning: a lost action is an error).

Arguments:
    Every option of the game (``num_players`` / ``num_groups``, ...), ``illegal_action``
    ("penalize" or "raise"), ``illegal_penalty`` (a finite number), ``max_cycles`` (None or a
    positive int; ``pettingzoo.make(..., max_cycles=K)`` passes it), ``render_mode`` ("ansi",
    "human", "rgb_array"), ``save_replays`` (None, or a folder: one replay file per finished or
    truncated episode, for ``boardgym view``), ``action_space`` ("flat", or another space the
    game offers, e.g. ATT's "combinations", as in the Gymnasium env). A wrong type or value raises ``ConfigError`` naming the kwarg; an
    unknown kwarg ``UnknownOptionError`` (also a ``TypeError``). AEC only: ``agent_order``
    ("decision", the default without ``max_cycles``, or "cycle"); ``metadata["is_parallelizable"]``
    is True only in cycle order, where ``pettingzoo.utils.aec_to_parallel(env(agent_order=
    "cycle"))`` plays the game ``parallel_env()`` plays; in decision order one seat may decide
    several times in a row and the others not at all, so PettingZoo's conversion (which steps
    every agent once per cycle) does not apply and refuses it. ``env()`` is ``raw_env()`` in
    PettingZoo's order-enforcing wrapper (as the classic envs); ``raw_env()`` and
    ``parallel_env()`` are unwrapped. The game's ``State`` is ``env.game_state``.

Version History:
    v0: first release.
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from boardgym.core.chance import resolve_chance
from boardgym.core.errors import IllegalActionError
from boardgym.core.game import TERMINAL
from boardgym.games import make_game

from .illegal import check_mode, in_space, try_apply
from .kwargs import check_max_cycles, check_options, check_penalty, check_render_mode, check_seed
from .pz_cycle import CycleOrder, check_agent_order
from .render import RENDER_FPS, RENDER_MODES, render_state
from .replays import ReplayWriter, check_save_dir
from .spaces import ActionSpace, observation_space
from .views import apply_view_action, build_view

ENV_OPTIONS = ("illegal_action", "illegal_penalty", "max_cycles", "render_mode", "save_replays",
               "action_space")


class _Common:
    """Game, spaces, seeding, observation and global state shared by the AEC and Parallel
    adapters. ``game_state`` is the game's ``State`` (None before the first reset)."""

    env_options = ENV_OPTIONS
    _watch = None  # told of every step (``text_view.TextLog``: the text envs' narration)

    def _new_game(self, seed):
        """Seed, deal a new game, resolve its opening chance nodes, seat every agent."""
        seed = check_seed(seed)
        self._seed(seed)
        self.game_state = self.game.new_initial_state()
        if self._replays is not None:
            self._replays.start(seed)
        self._resolve_chance()
        self.agents = list(self.possible_agents)
        self._cycles = 0

    def _setup(self, game_name: str, render_mode, game_kwargs):
        self.illegal_action = check_mode(game_kwargs.pop("illegal_action", "penalize"))
        self.illegal_penalty = check_penalty(game_kwargs.pop("illegal_penalty", -1.0))
        self.max_cycles = check_max_cycles(game_kwargs.pop("max_cycles", None))
        self.render_mode = check_render_mode(render_mode)
        save_replays = game_kwargs.pop("save_replays", None)
        action_space = game_kwargs.pop("action_space", "flat")
        check_options(game_name, game_kwargs, self.env_options)
        self.game = make_game(game_name, **game_kwargs)
        self.view, self.num_actions = build_view(game_name, self.game, action_space)  # view None: flat
        replay_dir = check_save_dir(save_replays)  # (made only once the game's options are good)
        self._replays = ReplayWriter(replay_dir, self.game, "pettingzoo") if replay_dir else None
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = observation_space(self.game, self.num_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: ActionSpace(self.num_actions) for a in self.possible_agents}
        size = self.game.observation_size
        self.state_space = spaces.Box(-1.0, 1.0, (n * size,), np.float32)
        self._noop_mask = np.zeros(self.num_actions, dtype=np.int8)
        self._noop_mask[0] = 1
        self._legal_src = self._legal_i8 = None  # the last legal-mask buffer and its int8 view
        self._flat_actions = self.game.num_actions
        self.game_state = None
        self._cycles = 0
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _seed(self, seed):
        if seed is not None or self.game_state is None:
            self.np_random, _ = seeding.np_random(seed)

    def _resolve_chance(self):
        if self._watch is not None:
            self._watch.chance(self.game_state, self.np_random, self._replays and self._replays.rec)
        elif self._replays is not None:
            self._replays.resolve(self.game_state, self.np_random)
        else:
            resolve_chance(self.game_state, self.np_random)

    def _episode_over(self):
        """The game ended or was truncated: write its replay (``save_replays``)."""
        if self._replays is not None:
            self._replays.finish(self.game_state)

    def _observe_seat(self, seat: int) -> dict:
        """``{"observation", "action_mask"}`` of ``seat``: both new arrays, the user's to keep
        (the encoder writes a new vector; the mask is a copy of the state's mask buffer)."""
        state = self.game_state
        obs = state.observation(seat)
        p = state.current_player
        if seat == p:
            if self.view is None:
                legal = state.legal_mask()
                if legal is not self._legal_src:  # the state's buffer seen as int8, kept (bool
                    self._legal_src = legal         # and int8 have one byte: the 0/1 bytes as
                    self._legal_i8 = legal.view(np.int8)  # they are)
                mask = self._legal_i8.copy()
            else:
                mask = self.view.mask(state).astype(np.int8)
        elif p >= 0 and seat in state.acting_players():  # another seat of a simultaneous choice
            mask = np.zeros(self.num_actions, np.int8)   # (a view keeps the flat ids first)
            mask[:self.game.num_actions] = state.legal_mask_for(seat)
        else:
            mask = self._noop_mask.copy()
        return {"observation": obs, "action_mask": mask}

    def state(self) -> np.ndarray:
        """The global state: every seat's observation vector, seat 0 first (``state_space``)."""
        if self.game_state is None:
            raise RuntimeError("call reset() before state()")
        size = self.game.observation_size
        out = np.empty(self.state_space.shape, np.float32)
        for seat in range(self.game.num_players):
            out[seat * size:(seat + 1) * size] = self.game_state.observation(seat)
        return out

    def _final_rewards(self) -> dict:
        returns = self.game_state.returns()
        return {a: float(returns[i]) for i, a in enumerate(self.possible_agents)}

    def render(self):
        if self.game_state is None:
            return None
        return render_state(self.game_state, self.render_mode)

    def close(self):
        pass

    def describe(self, action: int) -> str:
        if self.view is not None:
            return self.view.describe(int(action))
        return self.game.catalog.describe(int(action))

    def _try_apply(self, action) -> str | None:
        """Apply a seat's action; return the error text if illegal and penalized."""
        if self.view is not None:   # the flat actions it stands for, each recorded
            record = self._replays.decision if self._replays is not None else None
            return apply_view_action(self.game_state, self.view, self.view.mask(self.game_state),
                                     action, self.illegal_action, record)
        watch = self._watch
        if watch is None and self._replays is None:  # the plain case, first
            return try_apply(self.game_state, action, self._flat_actions, self.illegal_action)
        p = self.game_state.current_player
        before = watch.snap(self.game_state) if watch is not None else None
        error = try_apply(self.game_state, action, self._flat_actions, self.illegal_action)
        if error is None and self._replays is not None:
            self._replays.decision(in_space(action, self._flat_actions))
        if error is None and watch is not None:
            watch.moved(before, self.game_state, p, in_space(action, self._flat_actions))
        return error


class BoardgymAECEnv(CycleOrder, _Common, AECEnv):
    """PettingZoo AEC env: ``agent_selection`` is the seat whose decision is pending, or with
    ``agent_order="cycle"`` every live agent in turn (``pz_cycle``). The raw env; ``env()``
    gives it wrapped in PettingZoo's ``OrderEnforcingWrapper``."""

    metadata = {"render_modes": RENDER_MODES, "is_parallelizable": False, "render_fps": RENDER_FPS}
    env_options = ENV_OPTIONS + ("agent_order",)

    def __init__(self, game: str, render_mode: str | None = None, **game_kwargs):
        super().__init__()
        order = game_kwargs.pop("agent_order", None)
        self._setup(game, render_mode, game_kwargs)
        self.agent_order = check_agent_order(order, self.max_cycles)
        # aec_to_parallel needs AEC steps in cycles of every live agent: the cycle order only
        self.metadata = dict(self.metadata, name=f"{game}_v0",
                             is_parallelizable=self.agent_order == "cycle")
        self.agents = []

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._new_game(seed)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._marked = False  # rewards or infos hold something else than 0.0 and {}
        self._select()
        if self.agent_order == "cycle":
            self._cycle_start()
        elif self.max_cycles is not None:
            self._new_round()

    def _select(self):
        p = self.game_state.current_player
        if p >= 0:
            self.agent_selection = self.possible_agents[p]

    def observe(self, agent):
        if self.agent_order == "cycle":
            return self._cycle_observe(self._index[agent])
        return self._observe_seat(self._index[agent])

    def last(self, observe: bool = True):
        """``AECEnv.last``: the selected agent's observation (``observe``: new arrays, the
        user's to keep), cumulative reward, termination, truncation and info."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def action_mask(self, agent=None) -> np.ndarray:
        return self.observe(agent or self.agent_selection)["action_mask"]

    # -- a step's rewards and infos: one dict each, kept while they hold only defaults ---------
    def _clear_step(self) -> None:
        """A step's rewards start at 0.0 and its infos at {} for every agent; the dicts are
        rebuilt only when the last step left something else in them, so a plain step allocates
        no dict (as PettingZoo's classic envs, the dicts are the env's, updated in place)."""
        if self._marked:
            agents = self.agents
            self.rewards = dict.fromkeys(agents, 0.0)
            self.infos = {a: {} for a in agents}
            self._marked = False

    def _penalize(self, agent, error: str) -> None:
        self.rewards[agent] = self.illegal_penalty
        self.infos[agent] = {"illegal_action": error}
        self._marked = True

    def _pay(self, rewards: dict) -> None:
        """The step's rewards are ``rewards`` (final ones): every agent is paid."""
        self.rewards = rewards
        self._marked = True

    def _close_step(self) -> None:
        """After a step: every reward is added to the cumulative ones (nothing to add while all
        are 0.0), and the human render."""
        if self._marked:
            cum = self._cumulative_rewards
            for a, r in self.rewards.items():
                cum[a] += r
        if self.render_mode == "human":
            self.render()

    def step(self, action):
        agents = self.agents
        if not agents:
            if self.game_state is None:
                raise RuntimeError("call reset() before step()")
            raise IllegalActionError(action, "every agent is done, the game is over: call "
                                             "reset() to play again")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if self.agent_order == "cycle":
            self._cycle_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        error = self._try_apply(action)
        self._clear_step()
        if error is not None:
            self._penalize(agent, error)
        else:
            self._resolve_chance()
        p = self.game_state.current_player
        if p == TERMINAL:
            self._pay(self._final_rewards())
            self.terminations = dict.fromkeys(agents, True)
            self._episode_over()
        else:
            self.agent_selection = self.possible_agents[p]
            if self.max_cycles is not None and self._end_of_cycle(error is None):
                self.truncations = dict.fromkeys(agents, True)
                self._episode_over()
        self._close_step()

    # -- cycles (max_cycles): the seats one Parallel step would take ---------------------------
    def _new_round(self):
        self._round = self.game_state.acting_players()
        self._round_pos = 0

    def _end_of_cycle(self, legal: bool) -> bool:
        """After a step (the game not over): does it close a cycle, and is that the last one?
        A Parallel step takes the acting seats in order, each while it is the one to decide,
        and stops at an illegal action; a cycle here ends where that step would."""
        if legal:
            r, i, cur = self._round, self._round_pos + 1, self.game_state.current_player
            while i < len(r) and r[i] != cur:
                i += 1
            if i < len(r):
                self._round_pos = i
                return False
        self._cycles += 1
        self._new_round()
        return self._cycles >= self.max_cycles


class BoardgymParallelEnv(_Common, ParallelEnv):
    """PettingZoo Parallel env. Each step every live agent sends an action; seats without a
    pending decision have a NOOP-only mask and their actions are ignored (but must still be
    actions of the space). Seats with a pending decision (one in turn-based phases, several in
    simultaneous choices) act in seat order."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": RENDER_FPS}

    def __init__(self, game: str, render_mode: str | None = None, **game_kwargs):
        self._setup(game, render_mode, game_kwargs)
        self.metadata = dict(self.metadata, name=f"{game}_v0")
        self.agents = []

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._new_game(seed)
        obs = {a: self._observe_seat(i) for i, a in enumerate(self.possible_agents)}
        return obs, {a: {} for a in self.agents}

    def _check_actions(self, actions: dict) -> None:
        if self.game_state is None:
            raise RuntimeError("call reset() before step()")
        if not isinstance(actions, dict):
            raise IllegalActionError(f"a {type(actions).__name__}", "a Parallel step takes a dict "
                                     "of actions by agent, e.g. {'player_0': 3, 'player_1': 0}")
        if not self.agents:
            raise IllegalActionError(actions, "the game is over, every agent is done: call "
                                              "reset() to play again (its final rewards were paid)")
        n = self.num_actions
        for agent, action in actions.items():
            if agent not in self._index:
                raise IllegalActionError(action, f"{agent!r} is not an agent of this env "
                                                 f"({self.possible_agents})")
            in_space(action, n)
        for seat in self.game_state.acting_players():
            if self.possible_agents[seat] not in actions:
                raise IllegalActionError(None, f"{self.possible_agents[seat]} has a pending "
                                               f"decision and sent no action")

    def step(self, actions: dict):
        self._check_actions(actions)
        state = self.game_state
        infos = {a: {} for a in self.agents}
        penalties = {}
        for seat in state.acting_players():
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
        self._cycles += 1
        cut = not done and self.max_cycles is not None and self._cycles >= self.max_cycles
        terms = {a: done for a in self.agents}
        truncs = {a: cut for a in self.agents}
        obs = {a: self._observe_seat(i) for i, a in enumerate(self.possible_agents) if a in self.agents}
        if done or cut:
            self.agents = []
            self._episode_over()
        if self.render_mode == "human":
            self.render()
        return obs, rewards, terms, truncs, infos


class OrderEnforcing(OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` (what ``env()`` of every classic env returns) with
    its checks and errors unchanged; only the AEC loop's hot path (``agents``,
    ``agent_selection``, ``last``, ``step``) reaches the env directly instead of through
    ``__getattr__`` forwarding, so the wrapper costs little."""

    def _reset_needed(self, name: str):
        raise AttributeError(f"{name} cannot be accessed before reset")

    @property
    def agents(self):
        if not self._has_reset:
            self._reset_needed("agents")
        return self.env.agents

    @property
    def agent_selection(self):
        if not self._has_reset:
            self._reset_needed("agent_selection")
        return self.env.agent_selection

    def last(self, observe: bool = True):
        if not self._has_reset:
            return super().last(observe)  # raises as the wrapper does before reset
        return self.env.last(observe)

    def step(self, action) -> None:
        if self._has_reset:  # after every agent is done the env raises (the wrapper would warn)
            self._has_updated = True
            self.env.step(action)
        else:  # before reset: the wrapper's error
            super().step(action)


def factories(game: str):
    """``(env, raw_env, parallel_env)`` factory functions of one game for its ``<game>_v0``
    module: ``env()`` is ``raw_env()`` in PettingZoo's ``OrderEnforcingWrapper`` (as the
    classic envs: a clear error on ``step`` before ``reset``; ``OrderEnforcing`` above),
    ``raw_env()`` is unwrapped."""

    def raw_env(render_mode=None, **kwargs):
        return BoardgymAECEnv(game, render_mode=render_mode, **kwargs)

    def env(render_mode=None, **kwargs):
        return OrderEnforcing(raw_env(render_mode=render_mode, **kwargs))

    def parallel_env(render_mode=None, **kwargs):
        return BoardgymParallelEnv(game, render_mode=render_mode, **kwargs)

    return env, raw_env, parallel_env
