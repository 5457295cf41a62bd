"""``llm:MODEL@URL``: a language model behind an OpenAI-compatible chat server (vLLM, llama.cpp's
server, Ollama) plays a seat, reading the prompt the text envs give (``boardgym.envs.text_view``).

At each decision the agent sends the system prompt and the seat's prompt (the rules primer at the
seat's first decision of a game, what changed since its last decision, the table as it sees it,
its numbered options) and reads the reply as the text envs read an answer (a number, an option's
words, or their start), also inside a longer reply (``read_reply``: after a ``<think>`` part, on
its last line, in brackets or bold, or the one option number the reply names). A reply that names no option is answered with the feedback, ``retries``
times; then, or when the server is down, too slow (``timeout``) or fails, a random legal option
is played (the fallback) and a line on stderr says why. After ``max_failures`` server failures in
a row the agent stops asking for the rest of the game (a server that is down costs one timeout per
decision, not one per retry). Every exchange is kept (``take_note``) for the replay and its viewer.

The API key, where the server wants one, is read from ``BOARDGYM_LLM_API_KEY`` or
``OPENAI_API_KEY`` (never from the spec, which replays and tables show).
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import numpy as np

from boardgym.core.agent import Agent
from boardgym.core.errors import ConfigError
from boardgym.extras import require

OPTIONS = {"temperature": float, "max_tokens": int, "timeout": float, "retries": int,
           "system": str, "max_failures": int}
DEFAULTS = {"temperature": 0.0, "max_tokens": 64, "timeout": 60.0, "retries": 2, "system": None,
            "max_failures": 3}
SYSTEM = ("You play {title}, a board game, as seat {seat} of {players}. Each message tells you what "
          "happened since your last decision, shows the table as your seat sees it and lists your "
          "options, numbered. Choose the option that helps you win. Answer with the number of one "
          "option and nothing else.")
_FIELDS = ("title", "seat", "players", "game")


def parse(arg: str, text: str) -> dict:
    """``MODEL@URL[,KEY=VALUE,...]`` -> options (syntax only)."""
    head, *pairs = arg.split(",")
    model, at, url = head.rpartition("@")
    if not at or not model.strip() or not url.strip():
        raise ConfigError(f"agent spec {text!r}: spell it llm:MODEL@URL, e.g. "
                          f"llm:qwen2.5-7b-instruct@http://127.0.0.1:8000/v1")
    url = url.strip()
    if not url.startswith(("http://", "https://")):
        raise ConfigError(f"agent spec {text!r}: the server address {url!r} must start with "
                          f"http:// or https:// (e.g. http://127.0.0.1:8000/v1)")
    opts = {"model": model.strip(), "url": url}
    for part in pairs:
        key, eq, value = (x.strip() for x in part.partition("="))
        if not eq or key not in OPTIONS:
            raise ConfigError(f"agent spec {text!r}: {part!r} is not one of the options "
                              f"{', '.join(f'{k}=...' for k in OPTIONS)}")
        try:
            v = OPTIONS[key](value)
        except ValueError:
            raise ConfigError(f"agent spec {text!r}: {key} must be a{'n int' if OPTIONS[key] is int else ' number'}"
                              f", got {value!r}") from None
        if key in ("max_tokens", "timeout", "max_failures") and v <= 0 or key == "retries" and v < 0:
            raise ConfigError(f"agent spec {text!r}: {key} must be {'>= 0' if key == 'retries' else '> 0'}, got {value!r}")
        opts[key] = v
    return opts


def system_template(path: str | None, text: str) -> str:
    """The system prompt template: the file ``path`` (``{title}``, ``{seat}``, ``{players}``,
    ``{game}`` are filled in), or the default."""
    if path is None:
        return SYSTEM
    try:
        template = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"agent spec {text!r}: cannot read the system prompt file {path!r} "
                          f"({exc.strerror or exc})") from None
    try:
        template.format(**dict.fromkeys(_FIELDS, ""))
    except (KeyError, IndexError, ValueError) as exc:
        raise ConfigError(f"agent spec {text!r}: the system prompt file {path!r} may use only "
                          f"{', '.join('{' + f + '}' for f in _FIELDS)} (and {{{{ }}}} for braces): {exc}") from None
    return template


_THINK = re.compile(r"<think>.*?(</think>|$)", re.S | re.I)
_MARKED = re.compile(r"\[([^\[\]\n]{1,200})\]|\*\*([^*\n]{1,200})\*\*|`([^`\n]{1,200})`")


def read_reply(reply: str, opts) -> tuple[int | None, str]:
    """A chat reply as an answer (``text_view.parse_answer``): the whole reply, else the reply
    without its ``<think>`` part, its last line, a ``[bracketed]``, ``**bold**`` or ``quoted``
    part, or the one option number it names; the feedback of the whole reply otherwise."""
    from boardgym.envs.text_view import parse_answer

    action, why = parse_answer(reply, opts)
    if action is not None:
        return action, ""
    text = _THINK.sub("", reply).strip()
    lines = [ln for ln in text.splitlines() if ln.strip()]
    tries = [text] + lines[-1:] + [next(x for x in m if x) for m in _MARKED.findall(text)]
    for t in tries:
        a, _ = parse_answer(t, opts)
        if a is not None:
            return a, ""
    legal = {a for a, _ in opts}
    named = {int(x) for x in re.findall(r"(?<![\w.])(\d+)(?![\w.])", text)} & legal
    if len(named) == 1:
        return named.pop(), ""
    return None, why


def check(spec, game_name) -> None:
    require("llm", f"agent spec {spec.text!r} (a language model)")
    system_template(spec.options.get("system"), spec.text)


def build(spec, game_name: str, seed: int | None) -> Agent:
    check(spec, game_name)
    return LLMAgent(game_name, seed=seed, label=spec.text, **spec.options)


def _api_key() -> str:
    return os.environ.get("BOARDGYM_LLM_API_KEY") or os.environ.get("OPENAI_API_KEY") or "none"


class LLMAgent(Agent):
    """A seat played by a chat model (module docstring). ``needs_state``: it reads the state to
    build the seat's prompt, which holds only what the seat sees."""

    needs_state = True

    def __init__(self, game_name: str, model: str, url: str, seed: int | None = None,
                 label: str | None = None, **options):
        from openai import OpenAI

        from boardgym.terminal.words import Words

        opts = {**DEFAULTS, **options}
        self.game_name, self.model, self.url = game_name, model, url
        self.name = label or f"llm:{model}@{url}"
        self.temperature, self.max_tokens = float(opts["temperature"]), int(opts["max_tokens"])
        self.timeout, self.retries = float(opts["timeout"]), int(opts["retries"])
        self.max_failures = int(opts["max_failures"])
        self.template = system_template(opts["system"], self.name)
        self.client = OpenAI(base_url=url, api_key=_api_key(), timeout=self.timeout, max_retries=0)
        self._words = Words(game_name)
        self._note = None
        self.reset(seed)

    def reset(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)
        self._last: dict[int, object] = {}   # seat -> the state of its last decision
        self._failures = 0
        self._told: set[str] = set()          # messages already printed this game
        self.counts = {"decisions": 0, "invalid_answers": 0, "fallbacks": 0, "server_errors": 0}

    # -- the exchange ----------------------------------------------------------------------------
    def _say(self, message: str) -> None:
        if message not in self._told:
            self._told.add(message)
            print(f"{self.name}: {message}", file=sys.stderr)

    def _ask(self, messages) -> tuple[str | None, str | None]:
        """``(reply, None)`` or ``(None, what went wrong)``; never raises, never waits past the
        timeout."""
        import openai

        try:
            out = self.client.chat.completions.create(
                model=self.model, messages=messages, temperature=self.temperature,
                max_tokens=self.max_tokens)
            reply = out.choices[0].message.content if out.choices else None
        except openai.APITimeoutError:
            return None, f"the server at {self.url} did not answer within {self.timeout:g} s"
        except openai.APIConnectionError as exc:
            return None, f"cannot reach the server at {self.url} ({exc.__cause__ or exc})"
        except openai.APIStatusError as exc:
            return None, f"the server at {self.url} refused the request (HTTP {exc.status_code}: {str(exc)[:200]})"
        except (openai.OpenAIError, ValueError, TypeError, AttributeError, IndexError) as exc:
            return None, f"the server at {self.url} sent something that is not a chat completion ({str(exc)[:200]})"
        if not isinstance(reply, str):
            return None, f"the server at {self.url} sent a chat completion without text"
        return reply, None

    def _prompt(self, state, seat: int) -> str:
        from boardgym.envs.text_view import primer, prompt
        from boardgym.terminal.words import Words

        before = self._last.get(seat)
        since = Words(self.game_name).told(before, state) if before is not None else []
        rules = primer(self.game_name) if before is None else None
        return prompt(state, seat, self._words, since, state.game.info.title, rules)

    def act(self, observation, legal_mask, state=None) -> int:
        from boardgym.envs.text_view import options

        if state is None:
            raise ConfigError(f"{self.name} reads the game state (needs_state): it was given none")
        seat = state.current_player
        info = state.game.info
        text = self._prompt(state, seat)
        self._last[seat] = state.clone()
        opts = options(state, self._words)
        system = self.template.format(title=info.title, seat=seat, players=state.game.num_players,
                                      game=info.name)
        messages = [{"role": "system", "content": system}, {"role": "user", "content": text}]
        note = {"seat": seat, "agent": self.name, "prompt": text, "answers": [], "feedback": [],
                "error": None, "fallback": False}
        self.counts["decisions"] += 1
        action = None
        for _ in range(self.retries + 1):
            if self._failures >= self.max_failures:
                note["error"] = (f"{self.max_failures} server failures in a row: not asking again "
                                 f"this game")
                self._say(note["error"] + "; random legal options are played")
                break
            reply, error = self._ask(messages)
            if error is not None:
                self._failures += 1
                self.counts["server_errors"] += 1
                note["error"] = error
                self._say(error + "; a random legal option is played")
                break
            self._failures = 0
            note["answers"].append(reply)
            action, why = read_reply(reply, opts)
            if action is not None:
                break
            self.counts["invalid_answers"] += 1
            note["feedback"].append(why)
            messages += [{"role": "assistant", "content": reply}, {"role": "user", "content": why}]
        if action is None:
            legal = np.flatnonzero(legal_mask)
            action = int(legal[self.rng.integers(len(legal))])
            note["fallback"] = True
            self.counts["fallbacks"] += 1
            if note["error"] is None:
                self._say(f"{self.retries + 1} replies named no option; a random legal option is played "
                          f"(this is said once per game)")
        note["action"] = int(action)
        self._note = note
        return int(action)

    def take_note(self) -> dict | None:
        """The last decision's exchange (prompt, replies, feedback, error, fallback, action),
        once: recorders put it in the replay beside the decision."""
        note, self._note = self._note, None
        return note
