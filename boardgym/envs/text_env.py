"""Gymnasium text env over any boardgym game (``boardgym/<Game>Text-v0``): a prompt in, an answer
out, for language-model agents.

Observation: ``gymnasium.spaces.Text``, the prompt of the deciding seat (``text_view.prompt``):
what happened since its last decision, the table as it sees it, its legal options numbered with
what each does, and the rules primer at the seat's first decision (``primer="first"``; or
``"always"``, ``"never"``; answering ``rules`` shows it at any time). Built from that seat's
information only. At the end: the game's summary.

Action: a string, the option's number, its words, or the start of them
(``text_view.parse_answer``). Anything else gets feedback in words before the prompt, with the
game unchanged; ``retries`` (2) such answers at one decision, then the ``fallback``:
``"random"`` (default, a random legal option) or ``"penalty"`` (``invalid_penalty`` as reward,
asked again). ``info`` counts ``invalid_answers``, ``fallbacks`` and ``rules_requests`` over the
episode, names the ``action`` played, and holds the ``feedback`` of the last answer.

Gymnasium's ``TimeLimit`` (``max_episode_steps``) counts every answer, those that play nothing
included, so an agent that never names an option under ``fallback="penalty"`` is cut off.

Everything else is ``BoardgymEnv``'s (opponents, seat, rewards, the game's options, replays):
with the same seed and the same actions, a text env plays the same game as the vector env.
"""
from __future__ import annotations

from gymnasium import spaces

from boardgym.core.errors import ConfigError

from .gym_env import BoardgymEnv
from .text_turns import TextTurns
from .text_view import CHARSET, MAX_ANSWER, MAX_PROMPT


def text_spaces() -> tuple[spaces.Text, spaces.Text]:
    """``(observation_space, action_space)`` of the text envs."""
    return (spaces.Text(MAX_PROMPT, min_length=0, charset=CHARSET),
            spaces.Text(MAX_ANSWER, min_length=0, charset=CHARSET))


def flat_actions_only(kwargs: dict) -> None:
    """The text envs answer in the words of the game's own actions: another action space
    (``action_space=``, e.g. ATT's whole combinations) is refused by name."""
    space = kwargs.get("action_space", "flat")
    if space != "flat":
        raise ConfigError(f"action_space={space!r}: the text envs take answers in the words of the "
                          f"game's own actions only (leave action_space out, or 'flat')")


class BoardgymTextEnv(BoardgymEnv):
    """``BoardgymEnv`` with text observations and actions (module docstring)."""

    def __init__(self, game: str, retries: int = 2, fallback: str = "random",
                 invalid_penalty: float = -1.0, primer: str = "first", **kwargs):
        flat_actions_only(kwargs)
        super().__init__(game, **kwargs)
        self.turns = TextTurns(self.game, retries, fallback, invalid_penalty, primer)
        self.observation_space, self.action_space = text_spaces()
        self._feedback = ""
        self._last_action = None

    def _observe(self):
        return self.turns.text

    def _info(self, obs):
        info = {"seat": self.seat, "player": self.state.current_player, **self.turns.info()}
        info["feedback"] = self._feedback
        info["action"] = self._last_action
        return info

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        self.turns.start(seed)
        self._watch = self.turns.log
        self._feedback, self._last_action = "", None
        self._begin(seed)
        text = self.turns.decide(self.state)
        return text, self._info(text)

    def step(self, action):
        if self.state is not None and not self.state.is_terminal():
            a, feedback, reward = self.turns.answer(action)
            self._feedback = feedback
            if a is None:
                text = self.turns.again(feedback)
                return text, reward, False, False, self._info(text)
        else:
            a, feedback = action, ""  # the base env says reset() is needed
        self._last_action = a
        reward, terminated, _ = self._transition(a)
        text = self.turns.decide(self.state)
        if feedback:
            text = f"{feedback}\n\n{text}"
        if self.render_mode == "human":
            self.render()
        return text, reward, terminated, False, self._info(text)
