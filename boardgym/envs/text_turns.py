"""The decisions of a text env, one at a time: the prompt of the deciding seat, its answer, and
what happens to an answer that names no option. Shared by the Gymnasium and PettingZoo text envs
(``text_env.py``, ``text_pz.py``).

An answer that names no legal option leaves the game unchanged and gets feedback in words (why,
and the prompt again). ``retries`` such answers are allowed at one decision; the next one takes
the ``fallback``: ``"random"`` plays a random legal option (drawn from a generator of its own, so
the game's chance draws stay those of the seed), ``"penalty"`` gives ``invalid_penalty`` as
reward and asks again (the count starts over). Asking for the rules (``rules``, ``help``, ``?``)
is answered with the primer and costs nothing. ``info`` counts all of it per episode.
"""
from __future__ import annotations

import math

import numpy as np

from boardgym.core.errors import ConfigError
from boardgym.core.game import TERMINAL

from .kwargs import is_int
from .text_view import TextLog, is_rules_request, options, parse_answer, primer, prompt

FALLBACKS = ("random", "penalty")
PRIMERS = ("first", "always", "never")
TEXT_OPTIONS = ("retries", "fallback", "invalid_penalty", "primer")


def check_text_options(retries, fallback, invalid_penalty, primer_when) -> None:
    if not is_int(retries) or retries < 0:
        raise ConfigError(f"retries must be an int >= 0 (invalid answers allowed at one decision "
                          f"before the fallback), got {retries!r}")
    if fallback not in FALLBACKS:
        raise ConfigError(f"fallback must be one of {FALLBACKS}, got {fallback!r}")
    ok = isinstance(invalid_penalty, (int, float, np.integer, np.floating)) and not isinstance(
        invalid_penalty, bool) and math.isfinite(invalid_penalty)
    if not ok:
        raise ConfigError(f"invalid_penalty must be a finite number, got {invalid_penalty!r}")
    if primer_when not in PRIMERS:
        raise ConfigError(f"primer must be one of {PRIMERS} (when the rules primer is in the "
                          f"prompt), got {primer_when!r}")


class TextTurns:
    """One episode's text: the log of every seat, the current decision's prompt and options, and
    the answer counts."""

    def __init__(self, game, retries: int, fallback: str, invalid_penalty: float, primer_when: str):
        check_text_options(retries, fallback, invalid_penalty, primer_when)
        self.game = game
        self.name = game.info.name
        self.title = game.info.title
        self.retries, self.fallback = int(retries), fallback
        self.invalid_penalty, self.primer_when = float(invalid_penalty), primer_when
        self.log = TextLog(self.name, game.num_players)
        self.rng = np.random.default_rng()
        self.counts = {"invalid_answers": 0, "fallbacks": 0, "rules_requests": 0}
        self.primer_given: set[int] = set()
        self.seat = -1
        self.text = ""
        self.opts: list[tuple[int, str]] = []
        self.misses = 0

    def start(self, seed) -> None:
        """A new episode (before its first chance draw): fresh narrators, counts and fallback
        generator (seeded from the episode's seed, apart from the game's)."""
        self.log = TextLog(self.name, self.game.num_players)
        self.rng = np.random.default_rng(None if seed is None else [int(seed), 0x7E47])
        self.counts = dict.fromkeys(self.counts, 0)
        self.primer_given = set()

    def decide(self, state) -> str:
        """The prompt of the seat that decides in ``state`` (its lines since its last decision
        are taken from the log); at the end, the game's summary."""
        self.misses = 0
        p = state.current_player
        if p == TERMINAL:
            self.seat, self.opts = -1, []
            self.text = self.final(state, None)
            return self.text
        self.seat = p
        give = self.primer_when == "always" or (self.primer_when == "first" and p not in self.primer_given)
        self.primer_given.add(p)
        self.opts = options(state, self.log.words)
        self.text = prompt(state, p, self.log.words, self.log.take(p), self.title,
                           primer(self.name) if give else None)
        return self.text

    def waiting(self, state, seat: int) -> str:
        """What ``seat`` sees while another seat decides (its lines so far stay in the log)."""
        if state.current_player == TERMINAL:
            return self.final(state, seat)
        told = self.log.lines[seat]
        lines = [f"{self.title}: you are seat {seat} of {self.game.num_players}.",
                 "Since your last decision:" if told else "Since your last decision: nothing new."]
        lines += [f"  * {ln}" for ln in told]
        lines += ["", "The table as you see it:", self.log.words.table(state, seat), "",
                  "You have nothing to decide now."]
        return "\n".join(lines)

    def final(self, state, seat: int | None) -> str:
        lines = ["The game is over."]
        if seat is not None:
            lines += [f"  * {ln}" for ln in self.log.lines[seat]]
        lines += self.log.words.summary(state)
        return "\n".join(lines)

    def answer(self, text) -> tuple[int | None, str, float]:
        """``(action to play or None, feedback, reward)`` for the deciding seat's ``text``."""
        if is_rules_request(text):
            self.counts["rules_requests"] += 1
            return None, "How to play (rules primer):\n" + primer(self.name), 0.0
        a, why = parse_answer(text, self.opts)
        if a is not None:
            return a, "", 0.0
        self.counts["invalid_answers"] += 1
        self.misses += 1
        if self.misses <= self.retries:
            left = self.retries - self.misses + 1
            return None, f"{why} Nothing was played; {left} more tr{'y' if left == 1 else 'ies'} before the fallback.", 0.0
        self.counts["fallbacks"] += 1
        self.misses = 0
        if self.fallback == "random":
            a = self.opts[int(self.rng.integers(len(self.opts)))][0]
            name = dict(self.opts)[a]
            return a, f"{why} Too many answers named no option: a random option was played: {a}. {name}", 0.0
        return None, (f"{why} Too many answers named no option: penalty {self.invalid_penalty:g}; "
                      f"nothing was played, answer again."), self.invalid_penalty

    def again(self, feedback: str) -> str:
        """The prompt after an answer that played nothing: the feedback, then the prompt."""
        return f"{feedback}\n\n{self.text}"

    def info(self) -> dict:
        return dict(self.counts)
