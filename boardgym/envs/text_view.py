"""One seat's view of a game in words, for language-model agents: the prompt and the answer.

The words are terminal play's (``boardgym.terminal.words.Words``: the table as a seat sees it, what
each option does, the narrators' lines for every step, chance included), so the text envs, the
``llm:`` agent and ``boardgym play`` say the same things. A prompt holds, for one seat:

- the rules primer of the game (``envs_registry.yaml``, ``primer``), when asked for;
- what happened since the seat's last decision (``TextLog``): every move, told as the other seats
  may know it (a secret move without its content), and the narrators' lines;
- the table as the seat sees it;
- the legal options, numbered as in terminal play (a number is the option's action id, so it
  always names the same action), each with what it does.

An answer (``parse_answer``) is the number, the option's exact words, or the start of them when
only one option starts so (case and surrounding spaces, quotes and a final full stop do not
matter); anything else gets feedback in words saying why.
"""
from __future__ import annotations

import re

import numpy as np

from boardgym.core.chance import sample_outcome
from boardgym.core.game import CHANCE
from boardgym.terminal.menu import number_list
from boardgym.terminal.words import Words

from .registry import registry

# every character a prompt may hold: printable ASCII, newlines and the letters, dashes and signs
# of the game texts (Latin-1 and beyond, up to the CJK block)
CHARSET = frozenset(["\n", "\t"] + [chr(c) for c in range(32, 127)] + [chr(c) for c in range(0xA0, 0x3000)])
MAX_PROMPT = 200_000  # characters; the longest measured prompt is far below (docs/llm.md)
MAX_ANSWER = 10_000

RULES_WORDS = ("rules", "help", "?")


def primer(game_name: str) -> str:
    """The game's short rules primer, in the project's own words (``envs_registry.yaml``)."""
    return registry()["games"][game_name]["primer"].strip()


def options(state, words: Words) -> list[tuple[int, str]]:
    """``(number, what the option does)`` for every legal action of the deciding seat."""
    return [(int(a), words.action(state, int(a))) for a in np.flatnonzero(state.legal_mask())]


class TextLog:
    """What each seat has been told since its last decision. ``moved`` and ``chance`` are called
    around every step of the game (the envs' ``_watch``), ``take(seat)`` empties a seat's lines
    when it is asked to decide. A move is told to the seat that made it in full and to the
    others as they may know it (``Words.secret``: a card chosen in secret is told without the
    card); the narrators' lines are told to every seat (they say only what the table shows)."""

    def __init__(self, game_name: str, num_players: int):
        self.game_name = game_name
        self.words = Words(game_name)
        self.lines: list[list[str]] = [[] for _ in range(num_players)]

    def snap(self, state):
        return state.clone()

    def moved(self, before, after, seat: int, action: int) -> None:
        what = self.words.action(before, action)
        secret = self.words.secret(before, action)
        for q, lines in enumerate(self.lines):
            if q == seat:
                lines.append(f"You (seat {seat}) chose: {what}")
            else:
                lines.append(f"Seat {seat} " + (secret or f"chose: {what}"))
        self._tell(before, after)

    def chance(self, state, rng, recorder=None) -> None:
        """Resolve the chance nodes up to the next decision, one outcome at a time (the same
        draws as ``core.chance.resolve_chance``), telling each; ``recorder`` (a replay's) records
        them."""
        while state.current_player == CHANCE:
            before = state.clone()
            o = sample_outcome(state.chance_outcomes(), rng)
            state._apply(o)
            if recorder is not None:
                recorder.chance(o)
            self._tell(before, state)

    def _tell(self, before, after) -> None:
        told = self.words.told(before, after)
        if told:
            for lines in self.lines:
                lines.extend(told)

    def take(self, seat: int) -> list[str]:
        lines, self.lines[seat] = self.lines[seat], []
        return lines


def prompt(state, seat: int, words: Words, since: list[str], title: str,
           rules: str | None = None) -> str:
    """The prompt of ``seat``, which is to decide in ``state``."""
    opts = options(state, words)
    n = state.game.num_players
    parts = []
    if rules:
        parts += ["How to play (rules primer):", rules, ""]
    parts.append(f"{title}: you are seat {seat} of {n}.")
    parts.append("Since your last decision:" if since else "Since your last decision: nothing new.")
    parts += [f"  * {line}" for line in since]
    parts += ["", "The table as you see it:", words.table(state, seat), ""]
    width = len(str(opts[-1][0])) if opts else 1
    parts.append("Your options:")
    parts += [f"  {a:>{width}}. {name}" for a, name in opts]
    parts.append(f"Answer with one option: its number ({number_list([a for a, _ in opts])}), its "
                 f"words, or the start of them. Answer 'rules' to read the rules primer.")
    return "\n".join(parts)


def _clean(text: str) -> str:
    t = " ".join(text.strip().split())
    for _ in range(2):  # a final full stop, quotes and brackets ([12], TextArena's way), in any order
        if t.endswith(".") and not t[:-1].isdigit():
            t = t[:-1]
        t = t.strip("`'\"").strip()
        if t.startswith("[") and t.endswith("]"):
            t = t[1:-1].strip()
    return t.casefold()


_NUMBER = re.compile(r"^(?:option\s*)?#?(\d+)\s*(?:[.):\-]\s*.*)?$", re.IGNORECASE | re.DOTALL)


def parse_answer(answer, opts: list[tuple[int, str]]) -> tuple[int | None, str]:
    """``(action, "")`` for an answer naming one option, else ``(None, feedback in words)``."""
    if not isinstance(answer, str):
        return None, (f"The answer must be text (an option's number or words), got a "
                      f"{type(answer).__name__}.")
    numbers = number_list([a for a, _ in opts])
    t = _clean(answer)
    if not t:
        return None, f"The answer was empty: answer with one option's number ({numbers}) or words."
    exact = [a for a, name in opts if _clean(name) == t]
    if exact:  # options with the same words do the same thing: the first is taken
        return exact[0], ""
    m = _NUMBER.match(t)
    if m:
        k = int(m.group(1))
        if any(a == k for a, _ in opts):
            return k, ""
        return None, f"{k} is not one of the numbers of the options ({numbers})."
    starts = [(a, name) for a, name in opts if _clean(name).startswith(t)]
    if len(starts) == 1:
        return starts[0][0], ""
    if len(starts) > 1:
        shown = "; ".join(f"{a}. {name}" for a, name in starts[:4]) + (" ..." if len(starts) > 4 else "")
        return None, (f"{answer.strip()!r} is the start of {len(starts)} options ({shown}): "
                      f"answer with the number.")
    short = answer.strip()
    short = short if len(short) <= 60 else short[:57] + "..."
    return None, (f"{short!r} is not one of the options: answer with one option's number "
                  f"({numbers}), its words, or the start of them.")


def is_rules_request(answer) -> bool:
    return isinstance(answer, str) and _clean(answer) in RULES_WORDS
