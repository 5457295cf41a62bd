"""The ``boardgym`` command line.

``boardgym list``
    every registered Gymnasium and PettingZoo id, and the playable game packages.
``boardgym play GAME [--players N | --groups N] [--seat S] [--all-seats] [--opponents SPEC] [--seed N] [--confirm-single]``
    play GAME (a game package name from ``boardgym.games``) in the terminal against agents
    (``boardgym.terminal``): before each of your decisions your seat's view of the table and the
    options, numbered by action id so that a number always means the same action; every roll,
    draw and agent move is said as it happens; ``v`` lists the public piles, ``h`` helps, ``q``
    quits (and offers to save a replay). A decision with one legal option is taken on its own
    unless ``--confirm-single``. Chance is sampled from ``--seed``. Works with piped stdin.
    ``--players``/``--groups`` (aliases) set the game's player-count option, whatever its name
    (the registry's ``players_kwarg``, e.g. Paleo's ``num_groups``). In cooperative games you
    play the seat ``--seat`` and the other seats are your partners (``--opponents``, the
    heuristic by default); ``--all-seats`` lets you decide for every seat yourself.
``boardgym play ... --save-replay FILE``
    also saves the game (at its end, or when you quit) as a replay file.
``boardgym view REPLAY [-o OUT.html] [--seat N] [--max-steps K]``
    write the replay as one self-contained HTML page (``boardgym.viewer``): the board at every
    step, each decision and chance outcome in words, whose turn, the scores, the full state or a
    seat's own view. ``boardgym view --game GAME [--agents heuristic] [--seed S] [--players N]``
    plays a new game first and saves its replay beside the page (results/viewer/ by default).
``boardgym pretrained``
    the pretrained baselines shipped with boardgym (``boardgym.pretrained``) and their measured
    figures; play one with ``--opponents pretrained[:NAME]``.
``boardgym validate GAME [--pack DIR]``
    check any game's content pack (default: the shipped one) as the game loads it
    (``boardgym.games.validate``; a game package's own ``validate`` module where it has one):
    0 and a one-line summary on a good pack, 2 and the faults, each naming the file, entry and
    field, on a bad one. Primeval Peril's lists every fault and checks its story as a graph.
``boardgym train [FLAGS]``, ``boardgym tune [FLAGS]``, ``boardgym eval [FLAGS]``, ``boardgym benchmark [FLAGS]``
    train a policy / tune a training config's settings with Ray Tune / run a tournament / a
    benchmark scorecard: the same as ``python -m boardgym.train``, ``python -m
    boardgym.train.tune``, ``python -m boardgym.eval`` and ``python -m boardgym.eval.benchmark``
    (``--help`` lists their flags); they need the ``train`` extra
    (``pip install 'boardgym[train]'``; ``tune`` the ``rllib`` one too), and say so when it is missing.

``--opponents`` is an agent spec (``random``, ``heuristic``, ``pretrained[:NAME]``,
``ppo:PATH``, ``rllib:PATH``, ``ismcts:K=V,...``, ``module:Class``: ``boardgym.agents.specs.KINDS``), parsed by ``boardgym.agents.specs`` through
``boardgym.envs.opponents``, so ``--opponents heuristic`` loads the agent the registry names for
that game. A flag with a wrong value is refused (exit status 2) with a message naming it.
"""
from __future__ import annotations

import argparse
import importlib
import sys

from boardgym.core.errors import BoardgymError


# -- ``list`` ------------------------------------------------------------------------------------
def cmd_list(args, out) -> int:
    from boardgym.envs.registry import (gym_ids, pettingzoo_ids, registry, text_gym_ids,
                                        text_pettingzoo_ids)
    from boardgym.games import GAMES

    print("Gymnasium ids (gym.make(ID)):", file=out)
    for i in gym_ids():
        print(f"  {i}", file=out)
    print('PettingZoo ids (pettingzoo.make("aec" | "parallel", ID), or boardgym.envs.<game>_v0):',
          file=out)
    for i in pettingzoo_ids():
        print(f"  {i}", file=out)
    print("Text ids for language models (docs/llm.md): gym.make(ID) / pettingzoo.make(\"aec\", ID):", file=out)
    for i in text_gym_ids() + text_pettingzoo_ids():
        print(f"  {i}", file=out)
    print("Games (boardgym play GAME):", file=out)
    games = registry().get("games", {})
    for g in GAMES:
        title = games.get(g, {}).get("title", "")
        print(f"  {g}" + (f"  ({title})" if title else ""), file=out)
    return 0


# -- ``play`` -------------------------------------------------------------------------------------
def cmd_play(args, inp, out) -> int:
    from boardgym.terminal import play

    return play(args, inp, out)


# -- ``view`` -------------------------------------------------------------------------------------
def cmd_view(args, out) -> int:
    from boardgym.viewer.command import view

    return view(args, out)


# -- ``validate`` ---------------------------------------------------------------------------------
def cmd_validate(args, out) -> int:
    from boardgym.games.validate import run

    return run(args.game, args.pack, out)


# -- entry point ----------------------------------------------------------------------------------
def _kinds_syntax() -> str:
    from boardgym.agents.specs import kinds_syntax

    return kinds_syntax()


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="boardgym", description="boardgym: tabletop RL environments")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list registered Gymnasium and PettingZoo ids and games")
    pp = sub.add_parser("play", help="play a game in the terminal against agents")
    pp.add_argument("game", help="game package name, e.g. ancient_terrible_things")
    pp.add_argument("--players", "--groups", dest="players", type=int, default=None,
                    help="number of players / groups (1 = solo where supported; default: the game's "
                         "default, as its Gymnasium id's)")
    pp.add_argument("--seat", type=int, default=0, help="your seat (0-based)")
    pp.add_argument("--all-seats", action="store_true",
                    help="decide for every seat yourself (e.g. every group of a cooperative game)")
    pp.add_argument("--opponents", default="heuristic",
                    help="agent spec for the other seats (partners in cooperative games): "
                         + _kinds_syntax())
    pp.add_argument("--seed", type=int, default=None, help="seed for chance and the agents")
    pp.add_argument("--set", action="append", metavar="KEY=VALUE",
                    help="extra game option, e.g. --set scenario=II (repeatable)")
    pp.add_argument("--confirm-single", action="store_true",
                    help="ask even when a decision has only one legal option (by default it is taken and said)")
    pp.add_argument("--save-replay", metavar="FILE", default=None,
                    help="save the game as a replay file (also on quit); watch it with boardgym view FILE")
    from boardgym.viewer.command import add_parser as add_view_parser

    add_view_parser(sub)
    sub.add_parser("pretrained", help="list the pretrained baselines shipped with boardgym and their figures")
    vp = sub.add_parser("validate", help="check a game's content pack as the game loads it (schemas, cross-checks; "
                        "Primeval Peril's story graph too)")
    vp.add_argument("game", help="game package name, e.g. paleo")
    vp.add_argument("--pack", default=None, metavar="DIR", help="the pack folder (default: the shipped pack)")
    for name, (_, prog, what) in FORWARDED.items():
        sub.add_parser(name, add_help=False, help=f"{what} (= {prog}; needs boardgym[train]; "
                       f"boardgym {name} --help lists its flags)")
    return ap


# -- ``train``, ``eval``: the training and evaluation commands, passed every argument --------------
FORWARDED = {"train": ("boardgym.train.__main__", "python -m boardgym.train", "train a policy"),
             "tune": ("boardgym.train.tune.__main__", "python -m boardgym.train.tune",
                      "tune a training config's settings with Ray Tune"),
             "eval": ("boardgym.eval.__main__", "python -m boardgym.eval",
                      "a tournament between agents, with confidence intervals"),
             "benchmark": ("boardgym.eval.benchmark.__main__", "python -m boardgym.eval.benchmark",
                           "a boardgym-bench scorecard of an agent over the benchmark's tasks")}


def cmd_forward(name: str, argv: list[str]) -> int:
    from boardgym.extras import require_for

    module, _, _ = FORWARDED[name]
    require_for(f"boardgym {name}", "train")
    return importlib.import_module(module).main(argv)


def main(argv=None, stdin=None, stdout=None) -> int:
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in FORWARDED:
        return cmd_forward(argv[0], argv[1:])
    args = build_parser().parse_args(argv)
    try:
        if args.cmd == "list":
            return cmd_list(args, out)
        if args.cmd == "pretrained":
            from boardgym.pretrained.__main__ import main as list_pretrained

            return list_pretrained([], out)
        if args.cmd == "validate":
            return cmd_validate(args, out)
        if args.cmd == "view":
            return cmd_view(args, out)
        return cmd_play(args, inp, out)
    except BoardgymError as exc:   # bad options, packs, saves, replays, a game that cannot go on
        print(f"boardgym: error: {exc}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:     # an optional part reached without its extra
        from boardgym.extras import extra_of, install_hint

        extra = extra_of(exc.name)
        if extra is None:
            raise
        print(f"boardgym: error: this needs the optional part '{extra}' of boardgym (missing: "
              f"{exc.name}); {install_hint(extra)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nInterrupted.", file=out)
        return 130


if __name__ == "__main__":
    sys.exit(main())
