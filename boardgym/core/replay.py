"""Replays: records ``(game, config, seed, actions, chance)`` that reproduce a game exactly.

A replay stores the decisions in order (``actions``) and, from format 1 on, every chance
outcome in order (``chance``): replaying applies them one by one (at a chance node the next
outcome, else the next decision), so a game played anywhere (``play`` here, the envs with their
own generators, ``boardgym play``) replays to the same states whatever generator drew its chance.
A replay without ``chance`` (format 0, ``to_json``'s four keys) re-samples chance from
``numpy.random.default_rng(seed)`` as ``play`` drew it.

Files (``Replay.save`` / ``Replay.load``) are format 1 JSON (docs/architecture.md, "Replays"):
``load`` checks the format, the game, its rules version and configuration, re-applies every move
(a ``StateError`` names the step and the action in words when one is not legal there) and the
recorded returns. ``Recorder`` collects a replay while a game is played step by step.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .chance import sample_outcome
from .errors import ConfigError, ContentError, IllegalActionError, StateError
from .fields import show
from .files import read_bounded
from .game import CHANCE, TERMINAL

FORMAT = "boardgym-replay"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 64 << 20  # a replay of the longest legal game is well under 1 MiB
MAX_SEATS = 16             # more than any game has; the game itself checks its own count
_VERSION = re.compile(r"[0-9A-Za-z.+_-]{1,40}")
_V0_KEYS = ["actions", "config", "game", "seed"]
_V1_KEYS = {"format", "format_version", "boardgym_version", "game", "game_version", "config",
            "seed", "players", "agents", "source", "actions", "chance", "finished", "returns",
            "notes"}
_V1_REQUIRED = {"format", "format_version", "game", "game_version", "config", "actions", "chance"}


@dataclass
class Replay:
    game: str
    config: dict
    seed: int | None
    actions: list[int] = field(default_factory=list)
    chance: list[int] | None = None      # every chance outcome in order; None: from seed
    agents: list[str] | None = None      # who played each seat, where known
    returns: list[float] | None = None   # per seat, once the game is over
    source: str | None = None            # "eval", "env", "play", ...
    game_version: int | None = None      # the rules version (GameInfo.version) it was played with
    players: int | None = field(default=None, compare=False)  # seats, as the file says (checked)
    # what an agent said of its decisions (an llm: agent's prompt and replies), each with the index
    # of its decision in ``actions``; the file has the key only when there are notes
    notes: list[dict] | None = field(default=None, compare=False)

    # -- JSON ---------------------------------------------------------------------------------
    def to_json(self) -> str:
        """Format 0 (four keys) for a replay without chance outcomes, else format 1."""
        if self.chance is None:
            return json.dumps({"game": self.game, "config": self.config, "seed": self.seed,
                               "actions": self.actions}, sort_keys=True)
        from boardgym import __version__

        version = self.game_version
        if version is None:
            from boardgym.games import game_class

            version = game_class(self.game).info.version
        d = {"format": FORMAT, "format_version": FORMAT_VERSION, "boardgym_version": __version__,
             "game": self.game, "game_version": version, "config": self.config, "seed": self.seed,
             "players": _players(self), "agents": self.agents, "source": self.source,
             "finished": self.returns is not None, "returns": self.returns,
             "actions": self.actions, "chance": self.chance}
        if self.notes:
            d["notes"] = self.notes
        return json.dumps(d, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text) -> "Replay":
        """A replay saved by ``to_json`` (format 0 or 1); ``StateError`` names what is wrong (the
        same strictness as saved states: ints are ints, not bools, floats or text). Only the
        file's shape is checked here; ``check`` replays it against the game."""
        try:
            d = json.loads(text)
        except RecursionError:
            raise StateError("corrupt replay: nested too deeply") from None
        except (TypeError, ValueError) as exc:
            raise StateError(f"corrupt replay: not JSON that can be read: {str(exc)[:80]}") from None
        if type(d) is dict and "format_version" in d:
            return cls._from_v1(d)
        if type(d) is not dict or sorted(d) != _V0_KEYS:
            raise StateError("corrupt replay: must be an object with game, config, seed and actions")
        game, config, seed, actions = d["game"], d["config"], d["seed"], d["actions"]
        _check_head(game, config)
        if type(seed) is not int or seed < 0:
            raise StateError(f"corrupt replay: seed is {show(seed)}, must be an int >= 0")
        return cls(game, config, seed, _ids(actions, "actions", "an action id"))

    @classmethod
    def _from_v1(cls, d: dict) -> "Replay":
        v = d["format_version"]
        if type(v) is not int or d.get("format") != FORMAT:
            raise StateError(f"corrupt replay: format is {show(d.get('format'))} version {show(v)}, "
                             f"must be {FORMAT!r} with an int version")
        if v != FORMAT_VERSION:
            raise StateError(f"replay has format version {v}; this boardgym reads versions 0 and "
                             f"{FORMAT_VERSION} (a newer boardgym wrote it?)")
        unknown = sorted(str(k)[:30] for k in d if k not in _V1_KEYS)
        if unknown:
            raise StateError(f"corrupt replay: unknown key(s) {unknown[:5]}")
        missing = sorted(_V1_REQUIRED - set(d))
        if missing:
            raise StateError(f"corrupt replay: missing key(s) {missing}")
        _check_head(d["game"], d["config"])
        seed, gv = d.get("seed"), d["game_version"]
        if seed is not None and (type(seed) is not int or seed < 0):
            raise StateError(f"corrupt replay: seed is {show(seed)}, must be null or an int >= 0")
        if type(gv) is not int or gv < 0:
            raise StateError(f"corrupt replay: game_version is {show(gv)}, must be an int >= 0")
        agents = d.get("agents")
        if agents is not None and (type(agents) is not list or any(type(a) is not str for a in agents)):
            raise StateError("corrupt replay: agents must be null or a list of names, one per seat")
        returns = d.get("returns")
        if returns is not None and (type(returns) is not list or any(
                type(r) not in (int, float) or r != r for r in returns)):
            raise StateError("corrupt replay: returns must be null or a list of numbers, one per seat")
        players = d.get("players")
        if players is not None and (type(players) is not int or not 1 <= players <= MAX_SEATS):
            raise StateError(f"corrupt replay: players is {show(players)}, must be null or a number of seats "
                             f"1..{MAX_SEATS}")
        for name, per_seat in (("agents", agents), ("returns", returns)):
            if players is not None and per_seat is not None and len(per_seat) != players:
                raise StateError(f"corrupt replay: players is {players} but {name} has {len(per_seat)} entries")
        version = d.get("boardgym_version")
        if version is not None and (type(version) is not str or not _VERSION.fullmatch(version)):
            raise StateError(f"corrupt replay: boardgym_version is {show(version)}, must be null or a version "
                             "such as '0.1.0'")
        source = d.get("source")
        if source is not None and type(source) is not str:
            raise StateError(f"corrupt replay: source is {show(source)}, must be null or a name")
        if d.get("finished", returns is not None) is not (returns is not None):
            raise StateError("corrupt replay: finished must be true exactly when returns are given")
        actions = _ids(d["actions"], "actions", "an action id")
        return cls(d["game"], d["config"], seed, actions,
                   _ids(d["chance"], "chance", "a chance outcome id"), agents,
                   None if returns is None else [float(r) for r in returns], source, gv, players,
                   _notes(d.get("notes"), len(actions)))

    # -- files --------------------------------------------------------------------------------
    def save(self, path) -> Path:
        """Write the replay (format 1) to ``path``; the file appears whole or not at all."""
        if self.chance is None:
            raise ValueError("a replay without its chance outcomes (format 0) is not saved as a file: "
                             "record it with play() or a Recorder")
        path = Path(path)
        text = self.to_json()
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
        return path

    @classmethod
    def load(cls, path, check: bool = True) -> "Replay":
        """Read a replay file; with ``check`` (default) replay it against the game (``check``).
        Every problem is a ``StateError`` naming the file and what is wrong. The file is read
        through ``files.read_bounded``: a regular file of at most ``MAX_FILE_BYTES`` (a pipe or
        a device is refused unread)."""
        path = Path(path)
        words = {"file not found": f"{path}: no such replay file",
                 "a folder, not a file": f"{path} is a folder, not a replay file"}
        data = read_bounded(path, MAX_FILE_BYTES, fail=lambda message: StateError(
            words.get(message, f"{path}: not a replay file: {message}")))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise StateError(f"{path}: not a replay (not UTF-8 text)") from None
        try:
            replay = cls.from_json(text)
            if check:
                replay.check()
        except StateError as exc:
            raise StateError(f"{path}: {exc}") from None
        return replay

    # -- replaying ----------------------------------------------------------------------------
    def make_game(self):
        """The configured game; ``StateError`` when the game is unknown, its config is not
        valid for it, or its rules version is not the one the replay was played with."""
        from boardgym.games import GAMES, make_game

        if self.game not in GAMES:
            raise StateError(f"replay is of game {self.game!r}, which is not a registered game "
                             f"(known games: {', '.join(GAMES)})")
        try:
            game = make_game(self.game, **self.config)
        except ConfigError as exc:
            raise StateError(f"replay's configuration is not valid for {self.game}: {exc}") from None
        except ContentError as exc:  # the content pack it names is missing or malformed
            raise StateError(f"replay's content pack cannot be loaded: {exc}") from None
        if self.game_version is not None and self.game_version != game.info.version:
            raise StateError(f"replay was played with {self.game} rules version {self.game_version}; "
                             f"this boardgym has version {game.info.version}")
        return game

    def steps(self, game=None):
        """Yield ``(state, kind, id)`` for every move: ``kind`` is "decision" or "chance",
        ``state`` the live state before the move (read or clone it; it changes after the
        yield), then ``(final_state, "end", None)``. Every move is checked as it is applied:
        a ``StateError`` names the step and the action in words when it is not legal there."""
        game = game if game is not None else self.make_game()
        rng = np.random.default_rng(self.seed if self.seed is not None else 0)
        state = game.new_initial_state()
        chance = iter(self.chance) if self.chance is not None else None
        n_dec = len(self.actions)
        i = k = step = 0
        while True:
            p = state.current_player
            if p == CHANCE:
                if chance is None:
                    o = sample_outcome(state.chance_outcomes(), rng)
                else:
                    o = next(chance, None)
                    if o is None:
                        raise StateError(f"replay step {step}: the game is at a chance node but the "
                                         f"replay's {len(self.chance)} chance outcomes are used up")
                yield state, "chance", o
                try:
                    state.apply(o)
                except IllegalActionError as exc:
                    raise StateError(f"replay step {step} (chance outcome {k}): {exc.reason}: "
                                     f"outcome {o} cannot be drawn here") from None
                k += 1
            elif p == TERMINAL:
                if i < n_dec:
                    raise StateError(f"replay step {step}: the game is over but the replay has "
                                     f"{n_dec - i} more decision(s)")
                if chance is not None and next(chance, None) is not None:
                    raise StateError(f"replay step {step}: the game is over but the replay has more "
                                     "chance outcomes")
                break
            else:
                if i >= n_dec:
                    break  # a game stopped before its end (quit, truncated)
                a = self.actions[i]
                yield state, "decision", a
                try:
                    state.apply(a)
                except IllegalActionError as exc:
                    raise StateError(f"replay step {step} (decision {i}, seat {p}): action {a} "
                                     f"({_words(state, a)}) is not legal here: {exc.reason}") from None
                i += 1
            step += 1
        yield state, "end", None

    def check(self):
        """Replay every move (``steps``) and compare the recorded returns; return the final
        state. ``StateError`` names what does not fit."""
        game = self.make_game()
        if self.agents is not None and len(self.agents) != game.num_players:
            raise StateError(f"replay names {len(self.agents)} agents for {game.num_players} seats")
        if self.players is not None and self.players != game.num_players:
            raise StateError(f"replay says it has {self.players} players; its game has {game.num_players} seats")
        state = None
        for state, _kind, _a in self.steps(game):
            pass
        if self.returns is not None:
            if not state.is_terminal():
                raise StateError(f"replay records returns but its moves stop before the end of the "
                                 f"game ({len(self.actions)} decisions)")
            got = [float(x) for x in state.returns()]
            if len(got) != len(self.returns) or any(abs(a - b) > 1e-9 for a, b in zip(got, self.returns)):
                raise StateError(f"replay records returns {self.returns}, replaying gives {got}")
        return state

    def states(self):
        """Yield every decision state (a clone) along the replay, then the final state."""
        for state, kind, _a in self.steps():
            if kind == "decision":
                yield state.clone()
            elif kind == "end":
                yield state

    def final_state(self):
        state = None
        for state in self.states():
            pass
        return state


def _check_head(game, config) -> None:
    if type(game) is not str or type(config) is not dict:
        raise StateError("corrupt replay: game must be a name and config an object")


def _ids(values, name: str, what: str) -> list[int]:
    if type(values) is not list:
        raise StateError(f"corrupt replay: {name} is {show(values)}, must be a list of ids")
    for i, a in enumerate(values):
        if type(a) is not int or a < 0:
            raise StateError(f"corrupt replay: {name}[{i}] is {show(a)}, must be {what}")
    return values


def _players(r: Replay):
    if r.players is not None:
        return r.players
    if r.agents is not None:
        return len(r.agents)
    if r.returns is not None:
        return len(r.returns)
    return None


def _words(state, a: int) -> str:
    """An action in the game's words (its ``describe_action``, else the catalogue)."""
    from boardgym.games import action_words

    n = state.game.catalog.n
    if not 0 <= a < n:
        return f"no action of this game, which has 0..{n - 1}"
    return action_words(state.game.info.name)(state, a)


def _notes(notes, decisions: int) -> list[dict] | None:
    """A file's ``notes``: null, or a list of objects, each with the index of its decision."""
    if notes is None:
        return None
    if type(notes) is not list:
        raise StateError("corrupt replay: notes must be null or a list of objects")
    for k, note in enumerate(notes):
        i = note.get("decision") if type(note) is dict else None
        if type(i) is not int or not 0 <= i < decisions:
            raise StateError(f"corrupt replay: note {k} must be an object whose decision is the index "
                             f"of one of the {decisions} decisions")
    return notes


class Recorder:
    """Collects a replay while a game is played step by step: call ``decision(a)`` after each
    legal decision and ``chance(o)`` after each chance outcome applied (or let ``resolve``
    resolve the chance nodes, drawing as ``core.chance.resolve_chance`` does), then
    ``replay(final_state)``."""

    __slots__ = ("game", "seed", "agents", "source", "actions", "outcomes", "notes")

    def __init__(self, game, seed: int | None = None, agents=None, source: str | None = None):
        self.game, self.seed, self.source = game, seed, source
        self.agents = None if agents is None else [str(a) for a in agents]
        self.actions: list[int] = []
        self.outcomes: list[int] = []
        self.notes: list[dict] = []

    def decision(self, a) -> None:
        self.actions.append(int(a))

    def note(self, note: dict | None) -> None:
        """What the agent of the last decision said of it (``Agent.take_note``), if anything."""
        if note:
            self.notes.append({**note, "decision": len(self.actions) - 1})

    def chance(self, o) -> None:
        self.outcomes.append(int(o))

    def resolve(self, state, rng: np.random.Generator) -> None:
        """Resolve chance up to the next decision, recording each outcome: the same draws and
        states as ``resolve_chance`` (a game's own faster loop draws exactly these, tested)."""
        while state.current_player == CHANCE:
            o = sample_outcome(state.chance_outcomes(), rng)
            state._apply(o)
            self.outcomes.append(o)

    def replay(self, state=None) -> Replay:
        over = state is not None and state.is_terminal()
        return Replay(self.game.info.name, dict(self.game.config), self.seed, list(self.actions),
                      list(self.outcomes), self.agents,
                      [float(x) for x in state.returns()] if over else None, self.source,
                      self.game.info.version, notes=list(self.notes) or None)


def play(game, seed: int, choose, max_steps: int = 10**7, on_step=None):
    """Play one game: ``choose(state) -> action`` for decisions, chance from ``seed``.

    Returns ``(final_state, Replay)`` (its ``chance`` holds every outcome drawn).
    ``on_step(state)`` is called before every decision.
    """
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    actions, outcomes, notes = [], [], []
    for _ in range(max_steps):
        p = state.current_player
        if p == TERMINAL:
            break
        if p == CHANCE:
            o = sample_outcome(state.chance_outcomes(), rng)
            state.apply(o)
            outcomes.append(o)
            continue
        if on_step is not None:
            on_step(state)
        a = int(choose(state))
        state.apply(a)
        actions.append(a)
        note = take_note(choose)
        if note:
            notes.append({**note, "decision": len(actions) - 1})
    over = state.is_terminal()
    return state, Replay(game.info.name, dict(game.config), seed, actions, outcomes,
                         returns=[float(x) for x in state.returns()] if over else None,
                         game_version=game.info.version, notes=notes or None)


def take_note(agent) -> dict | None:
    """What ``agent`` (an Agent, or a chooser of ``seat_chooser``) said of the decision it just
    took (``take_note()``: an llm: agent's prompt and replies), or None."""
    take = getattr(agent, "take_note", None)
    return take() if take is not None else None


def random_walk(game, rng: np.random.Generator):
    """The decision states of uniformly random play, without end: a new game starts when one
    ends. Each state is yielded before its move is drawn and applied; read or clone it, do not
    change it. Chance outcomes and moves come from ``rng`` in play order."""
    state = game.new_initial_state()
    while True:
        p = state.current_player
        if p == TERMINAL:
            state = game.new_initial_state()
        elif p == CHANCE:
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            yield state
            legal = np.flatnonzero(state.legal_mask())
            state.apply(int(legal[rng.integers(len(legal))]))


def play_agents(game, seed: int, agents, check: bool = True, max_steps: int = 10**6):
    """Play one game with one ``Agent`` per seat; chance from ``seed``. Returns the final state.

    Agents that read the state (``needs_state``) get it and no observation vector (they would
    not read it); others get ``state.observation(seat)``. With ``check`` every chosen action is
    asserted against the legal mask, naming the seat and the action.
    """
    def choose(state):
        p = state.current_player
        agent = agents[p]
        mask = state.legal_mask().copy()
        if agent.needs_state:
            a = agent.act(None, mask, state)
        else:
            a = agent.act(state.observation(p), mask, None)
        if check and not mask[a]:
            raise AssertionError(f"seat {p} ({agent.name}) chose illegal {game.catalog.describe(a)}")
        return a

    final, _ = play(game, seed, choose, max_steps=max_steps)
    if not final.is_terminal():
        raise AssertionError(f"the game did not end within {max_steps} decisions")
    return final
