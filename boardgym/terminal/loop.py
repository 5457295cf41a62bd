"""One game in the terminal: chance drawn from the seed and told, the person's decisions asked
through the numbered menu, the agents' moves told as they are made, then the summary.

What is shown to the person is their own seat's view (``Words.table(state, seat)``); a move
whose content the rules keep hidden until a later reveal (a Paleo group's card choice) is told
without its content while another seat is played by the person. A decision with one legal
option is taken on its own and said, unless ``--confirm-single`` asks to confirm each.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.chance import sample_outcome
from boardgym.core.errors import ConfigError
from boardgym.core.game import CHANCE, TERMINAL

from . import menu
from .setup import build
from .summary import final_lines
from .words import Words


def _tell(words, before, after, out) -> None:
    for line in words.told(before, after):
        print(f"  * {line}", file=out)


class Record:
    """The game so far, for a replay: every decision and chance outcome. Where
    ``boardgym.core.replay`` has a ``Recorder`` it collects them (and saves in its format);
    otherwise the replay is the seed and the decisions (chance re-drawn from the seed)."""

    def __init__(self, table, labels):
        from boardgym.core import replay

        self.table, self.actions = table, []
        make = getattr(replay, "Recorder", None)
        self.rec = make(table.game, table.seed, labels, "boardgym play") if make is not None else None

    def chance(self, o: int) -> None:
        if self.rec is not None:
            self.rec.chance(o)

    def decision(self, a: int, agent=None) -> None:
        self.actions.append(a)
        if self.rec is not None:
            self.rec.decision(a)
            if agent is not None:
                from boardgym.core.replay import take_note

                self.rec.note(take_note(agent))

    def save(self, state, path: str, out) -> None:
        from boardgym.core.replay import Replay

        try:
            if self.rec is not None:
                path = self.rec.replay(state).save(path)
            else:
                g = self.table.game
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(Replay(g.info.name, dict(g.config), self.table.seed, list(self.actions)).to_json())
        except OSError as exc:
            print(f"Could not save the replay to {path}: {exc.strerror or exc}", file=out)
            return
        print(f"Replay saved to {path} ({len(self.actions)} decisions, seed {self.table.seed}).", file=out)


def _quit(record, state, args, inp, out) -> int:
    path = getattr(args, "save_replay", None)
    if not path and record.actions:
        print("Save a replay of this game? Type a file name, or press Enter to skip: ", end="", file=out, flush=True)
        path = inp.readline().strip()
    if path:
        record.save(state, path, out)
    print("Quit.", file=out)
    return 1


def table_update(table: str, last: str | None) -> list[str]:
    """What to print of ``table`` after ``last`` was printed: all of it when it is the first, when
    its heading changed (a new turn or phase) or when most of it changed; else only the lines
    that changed, under a note (``t`` prints it whole)."""
    lines = table.splitlines()
    if last is None:
        return lines
    old = last.splitlines()
    if not old or old[0] != lines[0]:
        return lines
    before = set(old)
    changed = [ln for ln in lines if ln not in before]
    if not changed:
        return ["(the table is as above; t shows it again)"]
    if len(changed) * 2 > len(lines):
        return lines
    return ["Changed on the table (t shows all of it):"] + changed


def _ask(state, p, legal, words, inp, out, shown: list):
    """The person's choice for seat ``p``: an action id, or None to quit. ``shown`` holds the
    last table printed, so that only what changed is printed again (``t`` prints it whole)."""
    def show(again=False):
        table = words.table(state, p)
        print("", file=out)
        print("\n".join(table_update(table, None if again else shown[0])), file=out)
        shown[0] = table
        print(f"-- Seat {p}, your options:", file=out)
        for line in menu.menu_lines(state, legal, words):
            print(line, file=out)

    show()
    while True:
        cmd = menu.read_command(legal, inp, out)
        if cmd == menu.QUIT:
            return None
        if cmd == menu.HELP_CMD:
            print(menu.HELP, file=out)
        elif cmd == menu.VIEW:
            print("\n".join(words.public(state)) or "(nothing public to look through yet)", file=out)
        elif cmd == menu.TABLE:
            show(again=True)
        else:
            return cmd


def play(args, inp, out) -> int:
    table = build(args)
    game, human, agents = table.game, table.human, table.agents
    info = game.info
    words = Words(args.game)
    rng = np.random.default_rng(table.seed)
    others = "partners" if info.cooperative else "opponents"
    you = "every seat" if args.all_seats else f"seat {args.seat}"
    print(f"{info.title}: {table.n} player{'' if table.n == 1 else 's'}, you play {you}"
          + (f", {others}: {table.agent_label}" if agents else "") + f", seed {table.seed}", file=out)
    print("Type h at any prompt for help.", file=out)
    confirm_single = getattr(args, "confirm_single", False)
    state = game.new_initial_state()
    shown = [None]  # the last table printed
    record = Record(table, ["you" if p in human else table.agent_label for p in range(table.n)])
    while True:
        p = state.current_player
        if p == TERMINAL:
            break
        before = state.clone() if words.narrate else None  # only a narrator compares the steps
        if p == CHANCE:
            o = sample_outcome(state.chance_outcomes(), rng)
            state.apply(o)
            record.chance(o)
            _tell(words, before, state, out)
            continue
        mask = state.legal_mask().copy()
        legal = [int(a) for a in np.flatnonzero(mask)]
        if p in human:
            if len(legal) == 1 and not confirm_single:
                a = legal[0]
                print(f"Seat {p} (you, the only option): {words.action(state, a)}", file=out)
            else:
                a = _ask(state, p, legal, words, inp, out, shown)
                if a is None:
                    return _quit(record, state, args, inp, out)
                print(f"Seat {p} (you) chose: {words.action(state, a)}", file=out)
        else:
            agent = agents[p]
            obs = None if getattr(agent, "needs_state", False) else state.observation(p)
            a = int(agent.act(obs, mask, state if getattr(agent, "needs_state", False) else None))
            if not 0 <= a < len(mask) or not mask[a]:
                raise ConfigError(f"the agent of seat {p} ({table.agent_label}) chose action {a}, which is not "
                                  f"one of the legal options here: {', '.join(map(str, legal))}")
            hidden = words.secret(state, a) if human else None
            print(f"Seat {p} ({table.agent_label}) " + (hidden or f"chose: {words.action(state, a)}"), file=out)
        state.apply(a)
        record.decision(a, None if p in human else agents[p])
        _tell(words, before, state, out)
    print("", file=out)
    for line in final_lines(state, words, min(human), len(record.actions)):
        print(line, file=out)
    path = getattr(args, "save_replay", None)
    if path:
        record.save(state, path, out)
    return 0
