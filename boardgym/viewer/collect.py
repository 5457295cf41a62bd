"""What the viewer shows at every step of a replay, collected by replaying it once.

Generic over every registered game: it reads only the engine contract (``render``,
``render_rgb``, ``observation`` / ``observation_dict``, ``legal_mask_for``, ``returns``,
``score`` or ``potential``) and the words the terminal player uses (``boardgym.terminal.words``:
the game's ``describe_action``, ``make_narrator``, ``state_text``, ``secret_move`` and
``hidden_lines``, each with its plain fallback).

A step is one decision: the state before it (picture, the full state in words: ``full_text``,
who decides, the options of every seat that decides, each seat's score), the decision in words,
and what followed until the next decision (what the narrator says, or the lines of the full
state that the chance outcomes changed, and how many outcomes were drawn). The last step is the final state.

Each seat's own view is what that seat is given, never more: the table as that seat sees it
(the game's ``state_text``; a game without one: its observation, the ``observation_dict``
pieces by name) and its own options. In that view a decision of another seat that the game
tells in secret (``secret_move``: a Paleo group's card choice), or that left the seat's
observation unchanged, and a run of chance outcomes that left it unchanged, are shown as unseen:
the seat could not know them.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.game import TERMINAL

from .tiles import TileSet

MAX_CHANGED_LINES = 8


def collect(replay, max_steps: int | None = None) -> dict:
    """The viewer's data of ``replay`` (checked as it is replayed: a ``StateError`` names a
    move that is not legal). ``max_steps`` keeps the first decisions only (and the state after
    them)."""
    from boardgym.terminal.summary import result_line
    from boardgym.terminal.words import Words

    game = replay.make_game()
    info = game.info
    n = game.num_players
    words = Words(info.name)
    describe, narrate = words.action, words.narrate
    tiles = TileSet()
    steps: list[dict] = []
    setup = {"k": 0, "lines": []}
    target = setup          # the chance outcomes and words go to the setup or the last step
    before = None           # the state before the last move (a clone), for the narrator
    last = None             # (step, each seat's observation) of the decision just applied
    run_obs = _observations(game, None)
    run_text = None
    truncated = False
    state = None
    notes = {n["decision"]: n for n in replay.notes or []}  # an llm: agent's prompts and replies
    decided = 0
    for state, kind, a in replay.steps(game):
        if before is not None:
            target["lines"] += narrate(before, state)
            before = None
        if last is not None:  # the state right after a decision, before its chance outcomes
            rec, seen = last
            now = _observations(game, state)
            rec["d"]["hide"] = [s for s in range(n) if s != rec["d"]["by"]
                                and ("secret" in rec["d"] or _same(seen[s], now[s]))]
            run_obs, run_text, last = now, (None if narrate else full_text(state, words)), None
        if run_obs is None:
            run_obs = _observations(game, state)
            run_text = None if narrate else full_text(state, words)
        if kind == "chance":
            target["k"] += 1
            if narrate is not None:
                before = state.clone()
            continue
        _close_run(target, game, state, run_obs, run_text, words)
        rec = _snapshot(state, tiles, words)
        steps.append(rec)
        if kind == "decision" and max_steps is not None and len(steps) > max_steps:
            truncated = True  # the state after the last decision shown, its own not shown
            break
        target = rec["c"] = {"k": 0, "lines": []}
        run_obs = None
        if kind == "decision":
            p = state.current_player
            mask = state.legal_mask()  # (a move that is not legal is refused by steps() next)
            legal = 0 <= a < len(mask) and mask[a]
            rec["d"] = {"by": p, "text": describe(state, a) if legal else ""}
            secret = words.secret(state, a) if legal else None
            if secret:  # how the other seats are told a move the rules keep hidden
                rec["d"]["secret"] = secret
            note = notes.get(decided)
            decided += 1
            if note:  # shown to the full state's view and the deciding seat's (the prompt is its own)
                rec["d"]["note"] = {k: note.get(k) for k in ("prompt", "answers", "feedback", "error", "fallback")}
            last = (rec, _observations(game, state))
            if narrate is not None:
                before = state.clone()
    final = state
    over = final.is_terminal() and not truncated
    return {
        "game": info.name, "title": info.title, "config": dict(game.config), "seed": replay.seed,
        "players": n, "cooperative": info.cooperative,
        "agents": replay.agents or [None] * n, "source": replay.source,
        "decisions": len(replay.actions), "shown": len(steps) - 1, "truncated": truncated,
        "over": over, "returns": [float(x) for x in final.returns()] if over else None,
        "result": result_line(final, words.summary(final)) if over else None,
        **score_words(final),
        "setup": setup, "steps": steps,
        "legend": [[name, size, doc] for name, _off, size, doc in game.layout.pieces],
        "picture": {"tile": tiles.tile, "size": list(tiles.size or (0, 0)), "sheets": tiles.sheets(),
                    "per_sheet_columns": _columns()},
    }


def score_words(state) -> dict:
    """The seats table's score column, named and explained: the game's score where it keeps
    one; else the progress measure its reward shaping uses (``potential``), said to be that."""
    title = state.game.info.title
    if hasattr(state, "score"):
        return {"score_label": "score", "score_note": f"score: each seat's points in {title} so far."}
    return {"score_label": "progress",
            "score_note": f"progress: {title} keeps no points; this is the measure of progress that "
                          f"reward shaping uses (higher is better), not a score of the game."}


def _columns() -> int:
    from .tiles import SHEET_COLUMNS

    return SHEET_COLUMNS


def _observations(game, state):
    if state is None:
        return None
    return [state.observation(s) for s in range(game.num_players)]


def _same(a, b) -> bool:
    return a is not None and b is not None and np.array_equal(a, b)


def _close_run(target, game, state, run_obs, run_text, words) -> None:
    """A run of chance outcomes ends at ``state``: who could see it, and (without a narrator)
    the lines of the full state in words it changed (``table``)."""
    if not target["k"]:
        return
    now = _observations(game, state)
    target["hide"] = [s for s in range(game.num_players) if run_obs is not None and _same(run_obs[s], now[s])]
    if run_text is not None:
        old = set(run_text.splitlines())
        changed = [line.strip() for line in full_text(state, words).splitlines() if line not in old]
        if len(changed) > MAX_CHANGED_LINES:
            changed = changed[:MAX_CHANGED_LINES] + [f"(and {len(changed) - MAX_CHANGED_LINES} more lines)"]
        target["table"] = changed


def _snapshot(state, tiles: TileSet, words) -> dict:
    game = state.game
    n = game.num_players
    p = state.current_player
    acting = state.acting_players() if p >= 0 else []
    options = {}
    for s in acting:
        mask = state.legal_mask_for(s)
        options[str(s)] = [words.action(state, int(a)) for a in np.flatnonzero(mask)]
    rec = {
        "p": tiles.add(state.render_rgb()),
        "x": full_text(state, words),
        "acting": acting,
        "over": p == TERMINAL,
        "o": options,
        "s": _scores(state),
        "v": [seat_view(state, s, words) for s in range(n)],
        "d": None,
    }
    return rec


def _scores(state) -> list[float]:
    n = state.game.num_players
    try:
        if hasattr(state, "score"):
            return [float(state.score(s)) for s in range(n)]
        return [float(state.potential(s)) for s in range(n)]
    except Exception:  # noqa: BLE001 - a score that cannot be read mid-game is left out
        return [None] * n


# -- the full state ---------------------------------------------------------------------------
HIDDEN_HEAD = "Hidden from the players:"


def full_text(state, words) -> str:
    """Everything in player words: the table as the acting seat sees it (seat 0 when none acts
    or the game is over), then the parts no player or not every player sees (the game's
    ``describe.hidden_lines``). A game without ``hidden_lines``: its text table (``render``)."""
    hidden = words.hidden(state)
    if hidden is None:
        return state.render()
    acting = state.acting_players() if state.current_player >= 0 else []
    seat = acting[0] if acting else 0
    return "\n".join([words.table(state, seat), "", HIDDEN_HEAD] + [f"  {line}" for line in hidden])


# -- a seat's own view ------------------------------------------------------------------------
def seat_view(state, seat: int, words) -> str:
    """What ``seat`` sees: the game's table as that seat sees it (its ``describe.state_text``,
    the terminal player's view, no hidden part of the others), else its observation in words."""
    if words._state_text is not None:
        return words.table(state, seat)
    return observation_words(state, seat)


# -- a seat's observation in words ------------------------------------------------------------
def observation_words(state, seat: int) -> str:
    """``state.observation_dict(seat)`` as indented text: names and values; number vectors on
    one line with runs of zeros counted (``0 x12``)."""
    lines: list[str] = []
    _walk(state.observation_dict(seat), 0, lines)
    return "\n".join(lines)


def _walk(value, depth: int, lines: list[str], key: str | None = None) -> None:
    pad = "  " * depth
    head = f"{pad}{key}:" if key is not None else pad.rstrip()
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if isinstance(value, dict):
        if all(_scalar(v) for v in value.values()) and len(value) <= 12:
            lines.append(f"{head} " + ", ".join(f"{k} {_num(v)}" for k, v in value.items()) if key is not None
                         else pad + ", ".join(f"{k} {_num(v)}" for k, v in value.items()))
            return
        if key is not None:
            lines.append(head)
        for k, v in value.items():
            _walk(v, depth + (key is not None), lines, str(k))
        return
    if isinstance(value, (list, tuple)):
        if all(_scalar(v) for v in value):
            lines.append(f"{head} {_vector(value)}")
            return
        lines.append(head if key is not None else pad + "-")
        for i, v in enumerate(value):
            _walk(v, depth + 1, lines, f"[{i}]")
        return
    lines.append(f"{head} {_num(value)}")


def _scalar(v) -> bool:
    return v is None or isinstance(v, (bool, int, float, str, np.generic))


def _num(v) -> str:
    if isinstance(v, np.generic):
        v = v.item()
    if v is None:
        return "-"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        if v == int(v):
            return str(int(v))
        return f"{v:.3g}"
    return str(v)


def _vector(values) -> str:
    if not values:
        return "(none)"
    out, zeros = [], 0
    for v in values:
        if not isinstance(v, str) and v is not None and not isinstance(v, bool) and v == 0:
            zeros += 1
            continue
        if zeros:
            out.append("0" if zeros == 1 else f"0 x{zeros}")
            zeros = 0
        out.append(_num(v))
    if zeros:
        out.append("0" if zeros == 1 else f"0 x{zeros}")
    return " ".join(out)
