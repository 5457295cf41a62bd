"""The batched vector env: N games of one Gymnasium id stepped in one process into preallocated
arrays (``gym.make_vec(id, num_envs=N)``); ``sb3_vector.py`` puts it under Stable-Baselines3."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from boardgym.core.errors import ConfigError, IllegalActionError

from .gym_env import BoardgymEnv
from .illegal import in_space
from .kwargs import check_seed, is_int


def _check_autoreset(value) -> AutoresetMode:
    try:
        mode = AutoresetMode(value)
    except ValueError:
        mode = None
    if mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
        raise ConfigError("autoreset_mode must be AutoresetMode.NEXT_STEP ('NextStep') or "
                          f"AutoresetMode.SAME_STEP ('SameStep'), got {value!r}")
    return mode


def _check_steps(value, game: str) -> int | None:
    """``max_episode_steps`` as ``gym.make`` reads it: None = the game's cap (that of every
    registered id), -1 = none, else an int >= 1."""
    if value is None:
        from .registry import max_episode_steps

        return max_episode_steps(game)
    if not is_int(value) or (value < 1 and value != -1):
        raise ConfigError(f"max_episode_steps must be an int >= 1 (or -1: no limit), got {value!r}")
    return None if value == -1 else int(value)


def _time_limit(env: gym.Env) -> int | None:
    """The ``max_episode_steps`` of the ``TimeLimit`` in a wrapped env's chain (``gym.make``)."""
    while isinstance(env, gym.Wrapper):
        if isinstance(env, gym.wrappers.TimeLimit):
            return env._max_episode_steps
        env = env.env
    return None


def int_ids(actions, num_actions: int, as_list: bool = True):
    """``actions`` as a list of Python ints (``as_list=False``: the array itself) when it is a
    1-d integer NumPy array whose every value is an action of ``Discrete(num_actions)`` (what a
    policy hands a vector env), checked in one pass; else None (the caller then checks each
    action, ``in_space``, for its message)."""
    if (isinstance(actions, np.ndarray) and actions.ndim == 1 and actions.dtype.kind in "iu"
            and (actions.size == 0 or (int(actions.min()) >= 0 and int(actions.max()) < num_actions))):
        return actions.tolist() if as_list else actions
    return None


class BoardgymVectorEnv(VectorEnv):
    """N boardgym games of one id stepped in one process: ``gym.make_vec("boardgym/<Id>",
    num_envs=N)`` (the id's ``vector_entry_point``). Each game is a ``BoardgymEnv`` stepped
    through the single env's own step rule (opponents, illegal actions, rewards), with its
    observation and mask written straight into rows of preallocated arrays: no per-env dicts,
    infos or stacking. Trajectories, seeds (``reset(seed=s)`` seeds game i with ``s + i``) and
    infos are those of ``SyncVectorEnv`` over ``gym.make(id)`` of the same kwargs.

    Arguments: ``num_envs``; ``autoreset_mode`` (``AutoresetMode.NEXT_STEP``, the default, or
    ``SAME_STEP``, as an enum or its value); ``copy`` (True: ``reset`` and ``step`` hand out
    copies of the arrays; False: the arrays themselves, overwritten by the next call);
    ``max_episode_steps`` (learner steps before truncation, as Gymnasium's ``TimeLimit``:
    None = the game's cap that every id declares, -1 = none); every kwarg of ``gym.make(id)``.
    ``step`` takes one action per env; a wrong count, a value that is not an action, or, with
    ``illegal_action="raise"``, an illegal one raises ``IllegalActionError`` before any game
    moves.
    ``action_masks()`` is the ``(N, actions)`` bool mask (sb3-contrib); ``SB3VecEnv`` wraps
    this env for Stable-Baselines3."""

    def __init__(self, num_envs: int = 1, *, autoreset_mode=AutoresetMode.NEXT_STEP, copy: bool = True,
                 max_episode_steps: int | None = None, **env_kwargs):
        if not is_int(num_envs) or num_envs < 1:
            raise ConfigError(f"num_envs must be an int >= 1, got {num_envs!r}")
        if "game" not in env_kwargs:
            raise ConfigError("the batched vector env needs game= (gym.make_vec passes the id's)")
        steps = _check_steps(max_episode_steps, env_kwargs["game"])
        self._setup([BoardgymEnv(**env_kwargs) for _ in range(int(num_envs))], autoreset_mode, copy, steps)

    @classmethod
    def from_envs(cls, envs, *, autoreset_mode=AutoresetMode.NEXT_STEP, copy: bool = True):
        """The batched env over built envs of one id (``gym.make(id, ...)``, e.g. each with its
        own opponent objects); the step limit is their ``TimeLimit``'s."""
        envs = list(envs)
        if not envs or not all(isinstance(e.unwrapped, BoardgymEnv) for e in envs):
            raise ConfigError("from_envs needs one or more boardgym Gymnasium envs (gym.make of a boardgym id)")
        limits = {_time_limit(e) for e in envs}
        if len(limits) != 1:
            raise ConfigError(f"the envs have different max_episode_steps: {sorted(map(str, limits))}")
        self = cls.__new__(cls)
        self._setup([e.unwrapped for e in envs], autoreset_mode, copy, limits.pop())
        return self

    def _setup(self, cores: list[BoardgymEnv], autoreset_mode, copy: bool, max_steps: int | None) -> None:
        self.envs = cores
        first = cores[0]
        for core in cores[1:]:
            if core.observation_space != first.observation_space or core.action_space != first.action_space:
                raise ConfigError("every env of a batched vector env must have the same spaces "
                                  f"({first.game_name} and {core.game_name} differ)")
        self._allocate(first, len(cores), autoreset_mode, copy, max_steps)

    def _allocate(self, first: BoardgymEnv, n: int, autoreset_mode, copy: bool, max_steps: int | None) -> None:
        """Spaces, metadata and the arrays of ``n`` games like ``first`` (the multi-process env,
        ``vector_mp.py``, then puts the arrays in shared memory)."""
        self.num_envs = n
        self.autoreset_mode = _check_autoreset(autoreset_mode)
        self.copy = bool(copy)
        self.max_episode_steps = max_steps
        self.metadata = dict(first.metadata, autoreset_mode=self.autoreset_mode)
        self.render_mode = first.render_mode
        self._human = self.render_mode == "human"
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        d, a = first.game.observation_size, first.num_actions
        self._vec = np.zeros((n, d), np.float32)
        self._mask = np.zeros((n, a), np.int8)
        self._obs = {"observation": self._vec, "action_mask": self._mask}
        self._rewards = np.zeros(n, np.float64)
        self._term = np.zeros(n, bool)
        self._trunc = np.zeros(n, bool)
        self._done = np.zeros(n, bool)       # ended at the last step: NEXT_STEP resets it now
        self._elapsed = np.zeros(n, np.int64)
        self._seat = np.zeros(n, np.int64)
        self._player = np.zeros(n, np.int64)
        self._all = np.ones(n, bool)
        self._reset_done = False

    # -- per game -------------------------------------------------------------------------
    def _write(self, i: int) -> None:
        core = self.envs[i]
        core._observe_into(self._vec[i], self._mask[i])
        self._seat[i] = core.seat
        self._player[i] = core.state.current_player

    def _begin(self, i: int, seed) -> None:
        self.envs[i]._begin(seed)
        self._elapsed[i] = 0
        self._write(i)

    def _final(self, i: int, error: str | None) -> tuple:
        """Game i's last observation and info fields (SAME_STEP), before it is reset."""
        return (self._vec[i].copy(), self._mask[i].copy(), int(self._seat[i]), int(self._player[i]), error)

    def _check_count(self, actions) -> None:
        """Raise unless reset() has been called and ``actions`` holds one action per env."""
        if not self._reset_done:
            raise gym.error.ResetNeeded("call reset() before step()")
        n = self.num_envs
        try:
            count = len(actions)
        except TypeError:
            count = None
        if count != n:
            raise IllegalActionError(actions, f"a batched vector env of {n} envs takes {n} actions "
                                              "(one per env)")

    def _refuse(self, actions) -> list:
        """Raise for a wrong action count or, in env order, an action that is not an action id
        or (``illegal_action="raise"``) illegal: before any game moves, so nothing is lost.
        Returns the actions, as Python ints when they came as an integer array in the space."""
        self._check_count(actions)
        ids = int_ids(actions, self.single_action_space.n)
        if ids is not None and not any(core.illegal_action == "raise" for core in self.envs):
            return ids   # (the common case, checked at once: every value an action of the space)
        same_step = self.autoreset_mode == AutoresetMode.SAME_STEP
        for i in range(self.num_envs):
            if not self._done[i] or same_step:   # (an ended game is reset, not stepped, in NEXT_STEP)
                self._check(i, actions[i])
        return actions

    def _check(self, i: int, action) -> None:
        """Raise ``IllegalActionError`` if game i refuses ``action``; nothing moves."""
        core = self.envs[i]
        a = in_space(action, core.num_actions)
        if core.illegal_action == "raise" and not core._legal()[a]:
            core._transition(a)   # the engine's own IllegalActionError; the state is unchanged

    def _step_into(self, actions) -> tuple[dict, dict]:
        """Step every game into the arrays: ``({i: illegal-action text}, {i: _final(i)})`` (the
        finals only in SAME_STEP mode, where an ended game is reset at once)."""
        actions = self._refuse(actions)
        same_step = self.autoreset_mode == AutoresetMode.SAME_STEP
        rewards, term, trunc, done, elapsed = self._rewards, self._term, self._trunc, self._done, self._elapsed
        limit = self.max_episode_steps
        errors, finals = {}, {}
        for i, core in enumerate(self.envs):
            if done[i] and not same_step:
                self._begin(i, None)
                rewards[i] = 0.0
                term[i] = trunc[i] = False
                continue
            reward, ended, error = core._transition(actions[i])
            elapsed[i] += 1
            rewards[i] = reward
            term[i] = ended
            trunc[i] = limit is not None and elapsed[i] >= limit
            if error is not None:
                errors[i] = error
            elif self._human:
                core.render()
            self._write(i)
            if same_step and (ended or trunc[i]):
                finals[i] = self._final(i, errors.pop(i, None))
                self._begin(i, None)
        np.logical_or(term, trunc, out=done)
        return errors, finals

    # -- infos as SyncVectorEnv gathers them ------------------------------------------------
    def _fields(self, rows: np.ndarray, mask, seat, player, errors: dict) -> dict:
        info = {"action_mask": mask, "_action_mask": rows.copy(), "seat": seat, "_seat": rows.copy(),
                "player": player, "_player": rows.copy()}
        if errors:
            text = np.full(self.num_envs, None, dtype=object)
            has = np.zeros(self.num_envs, bool)
            for i, error in errors.items():
                text[i], has[i] = error, True
            info["illegal_action"], info["_illegal_action"] = text, has
        return info

    def _infos(self, errors: dict, finals: dict) -> dict:
        info = self._fields(self._all, self._mask.copy(), self._seat.copy(), self._player.copy(), errors)
        if finals:
            n = self.num_envs
            ended = np.zeros(n, bool)
            obs = np.full(n, None, dtype=object)
            mask = np.zeros_like(self._mask)
            seat, player = np.zeros(n, np.int64), np.zeros(n, np.int64)
            for i, (vec, m, s, p, _) in finals.items():
                ended[i] = True
                obs[i] = {"observation": vec, "action_mask": m}
                mask[i], seat[i], player[i] = m, s, p
            info["final_obs"], info["_final_obs"] = obs, ended
            info["final_info"] = self._fields(ended, mask, seat, player,
                                              {i: f[4] for i, f in finals.items() if f[4] is not None})
            info["_final_info"] = ended.copy()
        return info

    def _out(self):
        if self.copy:
            return {"observation": self._vec.copy(), "action_mask": self._mask.copy()}
        return self._obs

    # -- Gymnasium VectorEnv API ------------------------------------------------------------
    def reset(self, *, seed: int | list | None = None, options: dict | None = None):
        n = self.num_envs
        if seed is None:
            seeds = [None] * n
        elif isinstance(seed, (list, tuple)):
            if len(seed) != n:
                raise ConfigError(f"reset(seed=[...]) takes {n} seeds (one per env), got {len(seed)}")
            seeds = [check_seed(s) for s in seed]   # all checked before any game is reset
        else:
            seeds = [check_seed(seed) + i for i in range(n)]
        rows = self._all
        if options is not None and "reset_mask" in options:
            rows = np.asarray(options["reset_mask"])
            if rows.shape != (n,) or rows.dtype != np.bool_ or not rows.any():
                raise ConfigError(f"options['reset_mask'] must be a bool array of shape ({n},) "
                                  "with at least one True")
        self._reset_rows(rows, seeds)
        if rows is self._all:
            info = self._fields(rows, self._mask.copy(), self._seat.copy(), self._player.copy(), {})
        else:
            keep = rows[:, None]
            info = self._fields(rows, np.where(keep, self._mask, 0).astype(np.int8),
                                np.where(rows, self._seat, 0), np.where(rows, self._player, 0), {})
        return self._out(), info

    def _reset_rows(self, rows: np.ndarray, seeds: list) -> None:
        for i in np.flatnonzero(rows):
            self._begin(i, seeds[i])
            self._term[i] = self._trunc[i] = self._done[i] = False
        self._reset_done = True

    def step(self, actions):
        errors, finals = self._step_into(actions)
        return (self._out(), self._rewards.copy(), self._term.copy(), self._trunc.copy(),
                self._infos(errors, finals))

    def action_masks(self) -> np.ndarray:
        """``(num_envs, actions)`` bool: each game's legal actions (NOOP only once it is over)."""
        return self._mask.astype(bool)

    def render(self):
        return self._per_env("render", None, range(self.num_envs))

    def _per_env(self, op: str, name, indices, values=None, args=(), kwargs=None) -> tuple:
        """One attribute op on the games at ``indices``: ``"get"``, ``"has"``, ``"set"`` (``values``: one
        per index), ``"call"`` (``name(*args, **kwargs)``, or the attribute if not callable) or
        ``"render"``. ``call``, ``get_attr``, ``set_attr``, ``render`` and ``SB3VecEnv`` use it."""
        out = []
        for k, i in enumerate(indices):
            core = self.envs[i]
            if op == "get":
                out.append(getattr(core, name))
            elif op == "has":
                out.append(hasattr(core, name))
            elif op == "set":
                setattr(core, name, values[k])
            elif op == "render":
                out.append(core.render())
            else:
                attr = getattr(core, name)
                out.append(attr(*args, **(kwargs or {})) if callable(attr) else attr)
        return tuple(out)

    def call(self, name: str, *args, **kwargs) -> tuple:
        return self._per_env("call", name, range(self.num_envs), args=args, kwargs=kwargs)

    def get_attr(self, name: str) -> tuple:
        return self._per_env("get", name, range(self.num_envs))

    def set_attr(self, name: str, values) -> None:
        if not isinstance(values, (list, tuple)):
            values = [values] * self.num_envs
        if len(values) != self.num_envs:
            raise ConfigError(f"set_attr takes one value or {self.num_envs} (one per env), got {len(values)}")
        self._per_env("set", name, range(self.num_envs), values=list(values))

    @property
    def np_random_seed(self) -> tuple:
        return self.get_attr("np_random_seed")

    @property
    def np_random(self) -> tuple:
        return self.get_attr("np_random")

    def close_extras(self, **kwargs) -> None:
        for core in getattr(self, "envs", ()):   # (a constructor that failed made none)
            core.close()


def make_vector_env(num_envs: int = 1, *, num_workers: int | None = None, **kwargs) -> BoardgymVectorEnv:
    """Each id's ``vector_entry_point``: ``gym.make_vec(id, num_envs=N)`` steps the N games in
    this process (``BoardgymVectorEnv``); ``num_workers=W`` in W worker processes over shared
    memory (``BoardgymMultiprocessVectorEnv``, ``vector_mp.py``)."""
    if num_workers is None:
        return BoardgymVectorEnv(num_envs, **kwargs)
    from .vector_mp import BoardgymMultiprocessVectorEnv

    return BoardgymMultiprocessVectorEnv(num_envs, num_workers=num_workers, **kwargs)
