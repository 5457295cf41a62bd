"""Every boardgym game as a TextArena environment (``pip install 'boardgym[textarena]'``).

Importing this module registers, in TextArena's registry, one id per game beside its Gymnasium id
(``ta.make("boardgym/Paleo-v0")``), with TextArena's own wrappers by default
(``GameBoardObservationWrapper``: the first prompt and the latest board; ``ActionFormattingWrapper``:
answers in ``[brackets]``, which the env reads), and ``<id>-raw`` without wrappers. The env is a
``textarena.Env`` on a ``textarena.FFAMultiPlayerState``: ``reset(num_players, seed)``, then
``get_observation() -> (player_id, observation)`` and ``step(answer) -> (done, info)`` in the
game's own order of decisions (one seat may decide several times in a row), ``close() ->
(rewards, game_info)``. A player's first message (``PROMPT``) is the rules primer and its seat;
each of its decisions is a ``GAME_BOARD`` message, the text envs' prompt (what happened since its
last decision, its table, its numbered options). Answers and what an answer that names no option
gets (feedback, ``retries``, the ``fallback``) are the text envs' (``text_turns``). Chance is drawn
from the seed with boardgym's own generator (TextArena's state is given no seed: it would seed
Python's global ``random``).
"""
from __future__ import annotations

import numpy as np
import textarena as ta

from boardgym.core.game import TERMINAL
from boardgym.games import make_game

from .kwargs import check_options, check_seed
from .registry import players_kwarg, registry
from .text_turns import TEXT_OPTIONS, TextTurns
from .text_view import primer


class BoardgymTextArenaEnv(ta.Env):
    """One boardgym game with TextArena's API (module docstring)."""

    def __init__(self, game: str, retries: int = 2, fallback: str = "random",
                 invalid_penalty: float = -1.0, **game_kwargs):
        check_options(game, game_kwargs, TEXT_OPTIONS)
        self.game_name, self.game_kwargs = game, dict(game_kwargs)
        self.text_options = (retries, fallback, invalid_penalty)
        self.game = make_game(game, **game_kwargs)
        self.turns = TextTurns(self.game, retries, fallback, invalid_penalty, "never")
        self.state = None

    def reset(self, num_players: int | None = None, seed: int | None = None):
        seed = check_seed(seed)
        if num_players is not None and num_players != self.game.num_players:
            self.game = make_game(self.game_name, **{**self.game_kwargs, players_kwarg(self.game_name): num_players})
            self.turns = TextTurns(self.game, *self.text_options, "never")
        n = self.game.num_players
        self.state = ta.FFAMultiPlayerState(num_players=n, seed=None, error_allowance=10**9)
        self.state.reset(game_state={"game": self.game_name, "seed": seed},
                         player_prompt_function=self._first_prompt,
                         role_mapping={p: f"Player {p}" for p in range(n)})
        self.rng = np.random.default_rng(seed)
        self.turns.start(seed)
        self.game_state = self.game.new_initial_state()
        self.turns.log.chance(self.game_state, self.rng)
        self._next()

    def _first_prompt(self, player_id: int, game_state) -> str:
        info = self.game.info
        return (f"You are Player {player_id}, seat {player_id} of {self.game.num_players}, in "
                f"{info.title}. How to play (rules primer):\n{primer(self.game_name)}\n"
                f"At each of your decisions you are told what happened, shown the table and your "
                f"numbered options; answer with one option's number or words, e.g. [3].")

    def _next(self) -> None:
        """Tell the seat that decides next its prompt, or end the game."""
        s = self.game_state
        if s.current_player == TERMINAL:
            returns = s.returns()
            self.state.set_game_outcome({p: float(returns[p]) for p in range(self.game.num_players)},
                                        reason=" ".join(self.turns.log.words.summary(s)) or "The game is over.")
            return
        text = self.turns.decide(s)
        self.state.manually_set_current_player_id(s.current_player, force=True)
        self.state.add_observation(text, ta.ObservationType.GAME_BOARD, to_id=s.current_player)

    def step(self, action: str):
        p = self.state.current_player_id
        self.state.add_observation(str(action), ta.ObservationType.PLAYER_ACTION, from_id=p, to_id=p)
        a, feedback, reward = self.turns.answer(action)
        self.state.step_info = dict(self.turns.info(), feedback=feedback, action=a)
        if a is None:  # the same player is asked again, told why
            self.state.add_observation(self.turns.again(feedback), ta.ObservationType.GAME_BOARD, to_id=p)
            if reward:
                self.state.step_info["penalty"] = reward
            return self.state.step(rotate_player=False)
        s = self.game_state
        before = s.clone()
        s.apply(a)
        self.turns.log.moved(before, s, p, a)
        self.turns.log.chance(s, self.rng)
        if feedback:
            self.state.add_observation(feedback, ta.ObservationType.GAME_ADMIN, to_id=p)
        self._next()
        return self.state.step(rotate_player=False)


def text_arena_ids() -> dict[str, dict]:
    """The TextArena id of every game (its first Gymnasium id) -> the env's keyword arguments."""
    out = {}
    for entry in registry()["gymnasium"]:
        if entry.get("fixed"):
            continue
        kwargs = {k: v for k, v in entry.get("kwargs", {}).items()
                  if k not in ("opponents", "seat", "shaping")}
        out.setdefault(entry["id"], {"game": entry["game"], **kwargs})
    return out


def register() -> list[str]:
    """Register every game in TextArena's registry (again: nothing); the ids."""
    from textarena.envs.registration import ENV_REGISTRY

    wrappers = [ta.wrappers.GameBoardObservationWrapper, ta.wrappers.ActionFormattingWrapper]
    for env_id, kwargs in text_arena_ids().items():
        if env_id not in ENV_REGISTRY:
            ta.register(env_id, BoardgymTextArenaEnv, default_wrappers=wrappers, **kwargs)
            ta.register(f"{env_id}-raw", BoardgymTextArenaEnv, **kwargs)
    return list(text_arena_ids())


register()
