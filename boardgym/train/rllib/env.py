"""A boardgym PettingZoo AEC env as an RLlib ``MultiAgentEnv`` (turn-based, new API stack).

Only the seat whose decision is pending gets an observation; a seat's rewards (terminal
returns, illegal-action penalties, optional potential-based shaping) accumulate between its
turns and are paid with its next observation or at the end of the game, so every transition of
a seat runs from one of its decisions to the next.

Who plays each seat is drawn per episode from ``league_weights`` with the env's own seeded
generator (no global RNG), and written into the agent id, which the policy mapping reads
(``module_for``):

* ``main_<seat>``: the learner (module ``main``), trained on;
* ``snap<k>_<seat>``: frozen snapshot ``k`` of the league (module ``snap<k>``), not trained;
* any agent spec (``heuristic``, ``random``, ``ppo:PATH``, ...): played inside the env
  through ``boardgym.agents.specs`` and never shown to RLlib.

Cooperative and solo games expose every seat as ``main_<seat>`` (one shared policy, the team
reward the game gives every seat). In a competitive game the learner holds one seat (drawn
uniformly) and the others take the drawn opponent; ``self`` puts ``main`` in every seat.
"""
from __future__ import annotations

import numpy as np
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from boardgym.core.errors import ConfigError

SELF, POOL = "self", "pool"


def module_for(agent_id: str) -> str:
    """The module that plays an agent id: ``main_1`` -> ``main``, ``snap3_0`` -> ``snap3``."""
    return str(agent_id).rsplit("_", 1)[0]


def policy_mapping_fn(agent_id, episode=None, **kwargs) -> str:
    return module_for(agent_id)


def win_rate_callback(episode, metrics_logger=None, **kwargs) -> None:
    """``on_episode_end``: log the learner's win per opponent kind (``win_rate/<kind>``, a mean
    over the last 200 episodes; self-play games are left out: main plays both sides)."""
    if metrics_logger is None:
        return
    done = set()
    for aid, sa in episode.agent_episodes.items():
        if not str(aid).startswith("main_") or len(sa) == 0:
            continue
        info = sa.get_infos(-1)
        kind = info.get("opponent") if isinstance(info, dict) else None
        if kind is None or kind == SELF or kind in done:
            continue
        done.add(kind)
        metrics_logger.log_value(("win_rate", kind), info["win"], reduce="mean", window=200)


def _pz_module(game: str):
    import importlib

    return importlib.import_module(f"boardgym.envs.{game}_v0")


def check_env_config(cfg: dict) -> dict:
    """The env config with defaults; a ConfigError for unknown keys or bad values."""
    known = {"game", "game_kwargs", "league_weights", "league_size", "shaping", "seed"}
    unknown = sorted(set(cfg) - known)
    if unknown:
        raise ConfigError(f"rllib env config: unknown key(s) {unknown}; valid keys: {sorted(known)}")
    from boardgym.games import GAMES

    game = cfg.get("game")
    if game not in GAMES:
        raise ConfigError(f"rllib env config: unknown game {game!r}; known: {sorted(GAMES)}")
    out = {"game_kwargs": {}, "league_weights": {SELF: 1.0}, "league_size": 0, "shaping": False,
           "seed": None}
    out.update(cfg)
    return out


class BoardgymMultiAgentEnv(MultiAgentEnv):
    """``config``: ``game``, ``game_kwargs``, ``league_weights`` (``self``, ``pool`` or agent
    specs -> weights), ``league_size`` (snapshot modules), ``shaping``, ``seed``."""

    def __init__(self, config=None):
        super().__init__()
        cfg = check_env_config(dict(config or {}))
        self.game_name = cfg["game"]
        self.pz = _pz_module(self.game_name).raw_env(illegal_action="raise", **dict(cfg["game_kwargs"]))
        game = self.pz.game
        self.n = game.num_players
        self.team = self.n == 1 or bool(game.info.cooperative)
        self.shaping = bool(cfg["shaping"])
        self.league_size = int(cfg["league_size"])
        weights = {} if self.team else dict(cfg["league_weights"])
        if not self.team and (not weights or sum(weights.values()) <= 0):
            raise ConfigError("rllib league weights must have a positive sum")
        if weights.get(POOL, 0) > 0 and self.league_size < 1:
            raise ConfigError("rllib league: 'pool' has a weight but league size is 0")
        self.kinds = list(weights)
        w = np.array([float(weights[k]) for k in self.kinds], dtype=np.float64)
        self.probs = w / w.sum() if len(w) else w
        worker = getattr(config, "worker_index", 0) if config is not None else 0
        vector = getattr(config, "vector_index", 0) if config is not None else 0
        base = cfg["seed"]
        self._rng = np.random.default_rng(None if base is None else [int(base), int(worker), int(vector)])
        self._agents_cache: dict[tuple, object] = {}
        seat_ids = [f"main_{s}" for s in range(self.n)]
        seat_ids += [f"snap{k}_{s}" for k in range(self.league_size) for s in range(self.n)]
        self.possible_agents = seat_ids
        space = self.pz.observation_space("player_0")
        self.observation_spaces = {a: space for a in seat_ids}
        self.action_spaces = {a: self.pz.action_space("player_0") for a in seat_ids}
        self.agents = []
        self.seat_agent: dict[int, str] = {}
        self.internal: dict[int, object] = {}

    # -- per-episode draw ------------------------------------------------------------------
    def _opponent(self, spec: str, seat: int, seed: int):
        """The in-env agent ``spec`` for ``seat`` (one object per seat: its own generator)."""
        if (spec, seat) not in self._agents_cache:
            from boardgym.agents.specs import make_agent

            self._agents_cache[spec, seat] = make_agent(spec, self.game_name, seed)
        agent = self._agents_cache[spec, seat]
        agent.reset(seed)
        return agent

    def _draw_seats(self) -> None:
        self.seat_agent, self.internal = {}, {}
        self.drawn = "team"
        if self.team:
            self.seat_agent = {s: f"main_{s}" for s in range(self.n)}
            return
        kind = self.kinds[int(self._rng.choice(len(self.kinds), p=self.probs))]
        me = int(self._rng.integers(self.n))
        for s in range(self.n):
            if s == me or kind == SELF:
                self.seat_agent[s] = f"main_{s}"
            elif kind == POOL:
                self.seat_agent[s] = f"snap{int(self._rng.integers(self.league_size))}_{s}"
            else:
                self.internal[s] = self._opponent(kind, s, int(self._rng.integers(2**31 - 1)))
        self.drawn = kind

    # -- stepping --------------------------------------------------------------------------
    def _seat(self) -> int:
        return self.pz.possible_agents.index(self.pz.agent_selection)

    def _potential(self, seat: int) -> float:
        return float(self.pz.game_state.potential(seat)) if self.shaping else 0.0

    def _pay(self, rewards: dict) -> None:
        for seat, r in rewards.items():
            if seat in self.seat_agent:
                self._pending[seat] += float(r)

    def _advance(self) -> bool:
        """Play in-env seats until an exposed seat decides or the game ends (True)."""
        pz = self.pz
        while not pz.game_state.is_terminal():
            seat = self._seat()
            if seat in self.seat_agent:
                return False
            obs = pz.observe(pz.agent_selection)
            action = self.internal[seat].act(obs["observation"], obs["action_mask"], pz.game_state)
            pz.step(int(action))
            self._pay({i: pz.rewards[a] for i, a in enumerate(pz.possible_agents)})
        return True

    def _emit(self, done: bool):
        pz = self.pz
        obs, rew = {}, {}
        if done:
            seats = [s for s in self.seat_agent if s in self._started]
        else:
            seats = [self._seat()]
        for s in seats:
            phi = self._potential(s)
            r = self._pending[s] + phi - self._phi[s]
            self._phi[s], self._pending[s] = phi, 0.0
            aid = self.seat_agent[s]
            obs[aid] = pz.observe(pz.possible_agents[s])
            if s in self._started:
                rew[aid] = r
            else:
                self._started.add(s)
                self._pending[s] += r   # nothing to pay yet: no transition before the first obs
        self.agents = [self.seat_agent[s] for s in sorted(self.seat_agent)] if not done else []
        return obs, rew

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(int(seed))
        self.pz.reset(seed=int(self._rng.integers(2**63 - 1)))
        self._draw_seats()
        self._pending = dict.fromkeys(self.seat_agent, 0.0)
        self._phi = {s: self._potential(s) for s in self.seat_agent}
        self._started: set[int] = set()
        done = self._advance()
        obs, _ = self._emit(done)
        return obs, {aid: {} for aid in obs}

    def step(self, action_dict):
        pz = self.pz
        seat = self._seat()
        aid = self.seat_agent.get(seat)
        if aid not in action_dict:
            raise ConfigError(f"rllib env: {aid} has the pending decision but sent no action "
                              f"(got actions for {sorted(action_dict)})")
        pz.step(int(action_dict[aid]))   # illegal_action="raise": an illegal action raises
        self._pay({i: pz.rewards[a] for i, a in enumerate(pz.possible_agents)})
        done = pz.game_state.is_terminal() or self._advance()
        obs, rew = self._emit(done)
        term = {a: done for a in obs}
        term["__all__"] = done
        trunc = {a: False for a in obs}
        trunc["__all__"] = False
        return obs, rew, term, trunc, (self._outcome(obs) if done else {})

    def _outcome(self, final_obs: dict) -> dict:
        """The final infos: per learner seat, who it played (``opponent``: the drawn kind, or
        ``team``) and its ``win`` as eval counts it (top return, shared first place 1/k; team
        games: a positive team return)."""
        from boardgym.eval.play import seat_win, team_win

        returns = [float(x) for x in self.pz.game_state.returns()]
        kind = "team" if self.team else self.drawn
        infos = {}
        for s, aid in self.seat_agent.items():
            if aid not in final_obs or not aid.startswith("main_"):
                continue
            win = team_win(returns) if self.team else seat_win(returns, s)
            infos[aid] = {"opponent": kind, "win": float(win)}
        return infos

