"""A Gymnasium env over any boardgym game (one learner; other seats played by opponents)."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from boardgym.core.actions import action_id
from boardgym.core.chance import resolve_chance
from boardgym.core.game import CHANCE, TERMINAL
from boardgym.core.replay import take_note
from boardgym.games import make_game

from .illegal import check_mode, try_apply
from .kwargs import (check_fixed, check_flag, check_options, check_penalty, check_render_mode,
                     check_seat, check_seed, refuse_for_cooperative)
from .opponents import make_opponents
from .replays import ReplayWriter, check_save_dir
from .render import RENDER_FPS, RENDER_MODES, render_state
from .spaces import observation_space
from .views import apply_view_action, build_view


ENV_OPTIONS = ("opponents", "seat", "shaping", "illegal_action", "illegal_penalty", "render_mode",
               "save_replays", "action_space")


class BoardgymEnv(gym.Env):
    """Description:
        One seat of a boardgym game as a single-agent Gymnasium env. In cooperative games the
        learner decides for every seat (the deciding seat is in the observation). In
        competitive games the learner takes ``seat``; every other seat, including decisions
        taken by non-active players, is played by ``opponents``. ``seat="random"`` draws the
        learner's seat from ``np_random`` at every reset (self-play with alternating seats).
        Chance nodes (dice, card draws) are sampled with the env's seeded ``np_random``.

    Action Space:
        ``Discrete(N)``: the game's flat action catalogue (see ``env.unwrapped.describe(a)``).
        Actions are Python ints, NumPy integers or 0-d integer arrays; a bool, a float (even
        ``3.0``), a string, None or a value outside ``Discrete(N)`` always raises
        ``IllegalActionError`` (the engine's own check, shared with PettingZoo). Only actions
        in the mask are legal. With ``illegal_action="penalize"`` (default) an illegal action
        leaves the game unchanged, gives ``illegal_penalty`` (-1.0) as reward and names the
        action and why in ``info["illegal_action"]``; with ``"raise"`` it raises
        ``IllegalActionError`` (also unchanged).

    Observation Space:
        ``Dict(observation=Box(-1, 1, (D,), float32), action_mask=Box(0, 1, (N,), int8))``.
        The vector's named pieces are ``env.unwrapped.game.layout``. The mask is also in
        ``info["action_mask"]`` and ``env.action_masks()`` (for sb3-contrib MaskablePPO); the
        three always agree, and once the game is over they are NOOP only (action 0), as in
        PettingZoo. At the end the vector is the learner's seat's view (``seat``, 0 in
        cooperative games).

    Rewards:
        Terminal only, from the game's reward mode (``reward`` kwarg where the game has one);
        ``shaping=True`` adds the potential-based change of the learner's running score.

    Starting State:
        A new game from the game's setup, with chance resolved up to the learner's first
        decision. ``reset(seed=)`` takes None or a Python or NumPy integer >= 0; a bool, a
        float or text raises ``ConfigError``.

    Episode End:
        Terminated when the game ends. Truncated by Gymnasium's ``TimeLimit`` after
        ``max_episode_steps`` learner steps (illegal ones included): every registered id has
        the game's ``GameInfo.max_decisions``, which no legal game reaches, so only a policy
        that keeps choosing illegal actions is cut off (``gym.spec(id).max_episode_steps``;
        ``gym.make(id, max_episode_steps=...)`` changes it).

    Arguments:
        ``game`` (set by the registry); competitive games only: ``opponents`` (an agent spec of
        ``boardgym/agents/specs.py``: "heuristic" by default, "random", "ppo:PATH", "ismcts:K=V,...",
        "module:Class" naming an ``Agent`` subclass; an Agent, a callable, or a list/dict per
        seat; a ``ppo:PATH`` model zip runs pickled code when loaded, so only trusted files; with
        ``seat="random"`` one spec, or a list/dict over every seat) and ``seat`` (an int, 0 by
        default, or ``"random"``); cooperative games refuse both. ``shaping`` (True/False),
        ``illegal_action`` ("penalize" or "raise"), ``illegal_penalty`` (a finite number),
        ``render_mode`` ("ansi": the state as text; "human": printed; "rgb_array": an
        ``HxWx3 uint8`` picture), ``save_replays`` (None, or a folder: one replay file per
        finished episode, every move and chance outcome, for ``boardgym view``), ``action_space``
        (``"flat"``, the game's catalogue, by default; or another space the game offers, e.g.
        ATT's ``"combinations"``: one action spends a whole dice combination; each such action
        is carried out as the flat actions it stands for, and replays record those), and every option of the game (``num_players``, ...);
        ``fixed`` is set by the registry for an id that fixes options (the solo id's
        ``num_players``): a kwarg that contradicts it raises ``ConfigError``. A wrong
        type or value raises ``ConfigError`` naming the kwarg; a kwarg that neither the game
        nor the env knows raises ``UnknownOptionError`` (a ``ConfigError`` and a
        ``TypeError``, as Python's own "unexpected keyword argument").

    Version History:
        v0: first release.
    """

    metadata = {"render_modes": RENDER_MODES, "render_fps": RENDER_FPS}
    # told of every step (``text_view.TextLog``: the text envs' narration), None in the vector envs
    _watch = None

    def __init__(self, game: str, opponents=None, seat: int | str | None = None, shaping: bool = False,
                 illegal_action: str = "penalize", illegal_penalty: float = -1.0,
                 render_mode: str | None = None, save_replays=None, action_space: str = "flat",
                 fixed=None, **game_kwargs):
        check_fixed(game, fixed or {}, game_kwargs)
        self.illegal_action = check_mode(illegal_action)
        self.illegal_penalty = check_penalty(illegal_penalty)
        self.shaping = check_flag("shaping", shaping)
        self.render_mode = check_render_mode(render_mode)
        check_options(game, game_kwargs, ENV_OPTIONS)
        self.game = make_game(game, **game_kwargs)
        self.view, self.num_actions = build_view(game, self.game, action_space)  # view None: flat
        self.game_name = game
        replay_dir = check_save_dir(save_replays)  # (made only once the game's options are good)
        self._replays = ReplayWriter(replay_dir, self.game, "gymnasium") if replay_dir else None
        n = self.game.num_players
        self.cooperative = self.game.info.cooperative
        if self.cooperative:
            refuse_for_cooperative(self.game, {"opponents": opponents, "seat": seat})
        self.seat, self.random_seat = check_seat(0 if seat is None else seat, n)
        if self.cooperative:
            others = []
        elif self.random_seat:  # an opponent for every seat; the learner's is skipped at play
            others = list(range(n))
        else:
            others = [s for s in range(n) if s != self.seat]
        opponents = "heuristic" if opponents is None else opponents
        self._opponent_spec = opponents
        self.opponents = make_opponents(opponents, game, others)
        self.action_space = spaces.Discrete(self.num_actions)
        self.observation_space = observation_space(self.game, self.num_actions)
        self.state = None
        self._potential = 0.0
        self._noop_mask = np.zeros(self.num_actions, dtype=bool)
        self._view_mask = None   # the view's mask of the current decision, once made
        self._noop_mask[0] = True

    # -- helpers --------------------------------------------------------------------------
    def describe(self, action: int) -> str:
        if self.view is not None:
            return self.view.describe(int(action))
        return self.game.catalog.describe(int(action))

    def _legal(self) -> np.ndarray:
        """The learner's mask in the env's action space (the state's own, or the view's, made
        once per decision: the observation, ``action_masks()`` and the step's check share it)."""
        if self.view is None:
            return self.state.legal_mask()
        cached = self._view_mask
        if cached is None or cached[0] is not self.state:   # (a state set by hand: made anew)
            cached = self._view_mask = (self.state, self.view.mask(self.state).copy())
        return cached[1]

    def _learner_turn(self) -> bool:
        p = self.state.current_player
        return p >= 0 and (self.cooperative or p == self.seat)

    def _advance(self) -> None:
        """Run chance nodes and opponents until the learner decides or the game ends."""
        state = self.state
        while True:
            p = state.current_player
            if p == TERMINAL or self._learner_turn():
                return
            watch = self._watch
            if p == CHANCE:
                if watch is not None:
                    watch.chance(state, self.np_random, self._replays and self._replays.rec)
                elif self._replays is not None:
                    self._replays.resolve(state, self.np_random)
                else:
                    resolve_chance(state, self.np_random)
                continue
            agent = self.opponents[p]
            mask = state.legal_mask()
            obs = state.observation(p)
            a = agent.act(obs, mask, state)
            before = watch.snap(state) if watch is not None else None
            state.apply(a)
            if self._replays is not None:
                self._replays.decision(a)
                self._replays.note(take_note(agent))
            if watch is not None:
                watch.moved(before, state, p, int(a))

    def _observe(self):
        state = self.state
        if state.current_player == TERMINAL:  # NOOP only, as PettingZoo and action_masks()
            player = self.seat
            mask = self._noop_mask.astype(np.int8)
        else:
            player = state.current_player
            mask = self._legal().view(np.int8).copy()
        obs = state.observation(player)  # a new vector, the user's to keep
        return {"observation": obs, "action_mask": mask}

    def _observe_into(self, obs: np.ndarray, mask: np.ndarray) -> None:
        """``_observe`` written into ``obs`` (float32) and ``mask`` (int8), rows of the batched
        vector env's arrays (``boardgym/envs/vector.py``): the encoder fills ``obs`` in place."""
        state = self.state
        if state.current_player == TERMINAL:
            player = self.seat
            mask[:] = self._noop_mask
        else:
            player = state.current_player
            mask[:] = self._legal()
        state.observation(player, out=obs)

    def _info(self, obs):
        return {"action_mask": obs["action_mask"], "seat": self.seat,
                "player": self.state.current_player}

    def _reward_player(self) -> int:
        return self.seat

    # -- gymnasium API --------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        self._begin(seed)
        obs = self._observe()
        return obs, self._info(obs)

    def _begin(self, seed) -> None:
        """``reset`` up to its observation: a new game, run to the learner's first decision."""
        seed = check_seed(seed)
        super().reset(seed=seed)
        opp_seed = int(self.np_random.integers(2**31 - 1))
        if self.random_seat and not self.cooperative:
            self.seat = int(self.np_random.integers(self.game.num_players))
        for k, agent in self.opponents.items():
            agent.reset(opp_seed + k)
        self.state = self.game.new_initial_state()
        self._view_mask = None
        if self._replays is not None:
            n = self.game.num_players
            self._replays.start(seed, ["learner" if self.cooperative or p == self.seat
                                       else getattr(self.opponents.get(p), "name", "opponent")
                                       for p in range(n)])
        self._advance()
        self._potential = self.state.potential(self._reward_player())

    def step(self, action):
        reward, terminated, error = self._transition(action)
        obs = self._observe()
        info = self._info(obs)
        if error is not None:
            info["illegal_action"] = error
            return obs, reward, False, False, info
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, False, info

    def _transition(self, action) -> tuple[float, bool, str | None]:
        """The learner's ``action``, then chance and opponents up to its next decision:
        ``(reward, terminated, why the action is illegal or None)``. ``step`` and the batched
        vector env step through it alone."""
        if self.state is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        if self.state.is_terminal():
            raise gym.error.ResetNeeded("the episode is over: call reset()")
        if self.view is not None:
            error = self._apply_view(action)
        else:
            watch, p = self._watch, self.state.current_player
            before = watch.snap(self.state) if watch is not None else None
            error = try_apply(self.state, action, self.game.num_actions, self.illegal_action)
            if error is None and self._replays is not None:
                self._replays.decision(action_id(action))
            if error is None and watch is not None:
                watch.moved(before, self.state, p, action_id(action))
        if error is not None:
            return self.illegal_penalty, False, error
        self._advance()
        terminated = self.state.is_terminal()
        if terminated and self._replays is not None:
            self._replays.finish(self.state)
        reward = 0.0
        me = self._reward_player()
        if terminated:
            reward = float(self.state.returns()[me])
        if self.shaping:
            new = self.state.potential(me)
            reward += new - self._potential
            self._potential = new
        return reward, terminated, None

    def _apply_view(self, action) -> str | None:
        """A view's action, as the flat actions it stands for (``views.apply_view_action``)."""
        mask = self._legal()
        record = self._replays.decision if self._replays is not None else None
        self._view_mask = None
        return apply_view_action(self.state, self.view, mask, action, self.illegal_action, record)

    def action_masks(self) -> np.ndarray:
        """Bool mask of legal actions (sb3-contrib MaskablePPO calls this)."""
        if self.state is None or self.state.current_player < 0:
            return self._noop_mask.copy()
        return self._legal().copy()

    def render(self):
        if self.state is None:
            return None
        return render_state(self.state, self.render_mode)
