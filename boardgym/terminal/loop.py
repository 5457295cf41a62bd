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
from boardgym.core.game import CHANCE, TERMINAL

from . import menu
from .setup import build
from .summary import final_lines
from .words import Words


def _tell(words, before, after, out) -> None:
    for line in words.told(before, after):
        print(f"  * {line}", file=out)


def _save_replay(table, actions, path, out) -> None:
    from boardgym.core.replay import Replay

    rep = Replay(table.game.info.name, dict(table.game.config), table.seed, list(actions))
    try:
        if hasattr(rep, "save"):
            rep.save(path)
        else:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(rep.to_json())
    except OSError as exc:
        print(f"Could not save the replay to {path}: {exc.strerror or exc}", file=out)
        return
    print(f"Replay saved to {path} ({len(actions)} decisions, seed {table.seed}).", file=out)


def _quit(table, actions, args, inp, out) -> int:
    path = getattr(args, "save_replay", None)
    if not path and actions:
        print("Save a replay of this game? Type a file name, or press Enter to skip: ", end="", file=out, flush=True)
        path = inp.readline().strip()
    if path:
        _save_replay(table, actions, path, out)
    print("Quit.", file=out)
    return 1


def _ask(state, p, legal, words, inp, out):
    """The person's choice for seat ``p``: an action id, or None to quit."""
    def show():
        print("", file=out)
        print(words.table(state, p), file=out)
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
            show()
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
    print(f"{info.title}: {table.n} player(s), you play {you}"
          + (f", {others}: {table.agent_label}" if agents else "") + f", seed {table.seed}", file=out)
    print("Type h at any prompt for help.", file=out)
    confirm_single = getattr(args, "confirm_single", False)
    state = game.new_initial_state()
    actions: list[int] = []
    while True:
        p = state.current_player
        if p == TERMINAL:
            break
        before = state.clone() if words.narrate else None  # only a narrator compares the steps
        if p == CHANCE:
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            _tell(words, before, state, out)
            continue
        mask = state.legal_mask().copy()
        legal = [int(a) for a in np.flatnonzero(mask)]
        if p in human:
            if len(legal) == 1 and not confirm_single:
                a = legal[0]
                print(f"Seat {p} (you, the only option): {words.action(state, a)}", file=out)
            else:
                a = _ask(state, p, legal, words, inp, out)
                if a is None:
                    return _quit(table, actions, args, inp, out)
                print(f"Seat {p} (you) chose: {words.action(state, a)}", file=out)
        else:
            agent = agents[p]
            obs = None if getattr(agent, "needs_state", False) else state.observation(p)
            a = int(agent.act(obs, mask, state if getattr(agent, "needs_state", False) else None))
            hidden = words.secret(state, a) if human else None
            print(f"Seat {p} ({table.agent_label}) " + (hidden or f"chose: {words.action(state, a)}"), file=out)
        state.apply(a)
        actions.append(a)
        _tell(words, before, state, out)
    print("", file=out)
    for line in final_lines(state, words, min(human), len(actions)):
        print(line, file=out)
    path = getattr(args, "save_replay", None)
    if path:
        _save_replay(table, actions, path, out)
    return 0
