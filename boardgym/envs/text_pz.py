"""PettingZoo AEC text env over any boardgym game (``pettingzoo.make("aec",
"boardgym/<game>_text_v0")``): every seat is an agent that reads a prompt and answers in words.

``observe(agent)`` is the seat's prompt when it decides (``text_view.prompt``: its news since its
last decision, its table, its numbered options; the rules primer at its first decision), else
what it has been told so far and its table; at the end the summary. ``step(answer)`` takes the
answer of ``agent_selection``: a number, an option's words or their start; anything else gets
feedback in ``infos[agent]["feedback"]`` and in the next ``observe``, the game unchanged, then
after ``retries`` the fallback (``text_turns``). The seats decide in the game's order
(``agent_order="decision"``); everything else is ``BoardgymAECEnv``'s.
"""
from __future__ import annotations

from boardgym.core.errors import ConfigError
from boardgym.core.game import TERMINAL

from .pz_env import BoardgymAECEnv, OrderEnforcing
from .text_env import flat_actions_only, text_spaces
from .text_turns import TextTurns


class BoardgymTextAECEnv(BoardgymAECEnv):
    """``BoardgymAECEnv`` with text observations and answers (module docstring)."""

    def __init__(self, game: str, render_mode: str | None = None, retries: int = 2,
                 fallback: str = "random", invalid_penalty: float = -1.0, primer: str = "first",
                 **game_kwargs):
        flat_actions_only(game_kwargs)
        order = game_kwargs.setdefault("agent_order", "decision")
        if order != "decision":
            raise ConfigError(f"agent_order={order!r}: the text env asks the seats in the order "
                              f"of their decisions only ('decision')")
        super().__init__(game, render_mode=render_mode, **game_kwargs)
        self.metadata = dict(self.metadata, name=f"{game}_text_v0")
        self.turns = TextTurns(self.game, retries, fallback, invalid_penalty, primer)
        obs_space, act_space = text_spaces()
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._note = {}

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.turns.start(seed)
        self._watch = self.turns.log
        super().reset(seed=seed, options=options)
        self._note = {}
        self.turns.decide(self.game_state)
        self._add_info()

    def observe(self, agent):
        seat = self._index[agent]
        state = self.game_state
        if state.current_player == TERMINAL or seat != self.turns.seat:
            return self.turns.waiting(state, seat)
        note = self._note.get(agent)
        return f"{note}\n\n{self.turns.text}" if note else self.turns.text

    def _add_info(self, feedback: str = "", agent=None, action=None):
        for a in self.infos:
            self.infos[a] = dict(self.infos[a], **self.turns.info())
        if agent is not None and agent in self.infos:
            self.infos[agent].update(feedback=feedback, action=action)

    def step(self, action):
        agent = self.agent_selection if self.agents else None
        if agent is None or self.terminations[agent] or self.truncations[agent]:
            return super().step(action)
        a, feedback, reward = self.turns.answer(action)
        if a is None:  # nothing played: the same seat is asked again
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = reward
            self._cumulative_rewards[agent] = reward
            self.infos = {x: {} for x in self.agents}
            self._note[agent] = feedback
            self._add_info(feedback, agent, None)
            return
        super().step(a)
        self.turns.decide(self.game_state)
        self._note.pop(agent, None)
        if feedback:  # a fallback was played: told before the seat's next prompt
            self._note[agent] = feedback
        self._add_info(feedback, agent, a)


def text_env(game: str, render_mode=None, **kwargs):
    """The AEC text env of ``game`` in PettingZoo's order-enforcing wrapper (as ``env()``)."""
    return OrderEnforcing(BoardgymTextAECEnv(game, render_mode=render_mode, **kwargs))


def raw_text_env(game: str, render_mode=None, **kwargs):
    return BoardgymTextAECEnv(game, render_mode=render_mode, **kwargs)
