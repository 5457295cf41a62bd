"""The ``boardgym`` command line.

``boardgym list``
    every registered Gymnasium and PettingZoo id, and the playable game packages.
``boardgym play GAME [--players N | --groups N] [--seat S] [--all-seats] [--opponents heuristic|random] [--seed N]``
    play GAME (a game package name from ``boardgym.games``) in the terminal against agents.
    Before each of your decisions the state is printed with the legal actions as numbered
    lines; type a number (``q`` quits). Agents play the other seats and each of their actions
    is logged on one line; chance (dice, cards) is sampled from ``--seed``. Works with piped
    stdin. ``--players``/``--groups`` (aliases) set the game's player-count option, whatever
    its name (the registry's ``players_kwarg``, e.g. Paleo's ``num_groups``). In cooperative
    games (Paleo) you play the group ``--seat`` and the other groups are your partners
    (``--opponents``, the heuristic by default); ``--all-seats`` lets you decide for every
    group yourself.
``boardgym validate GAME [--pack DIR]``
    check a game's content pack (default: the shipped one) with the game's ``validate`` module
    (``run(pack, out) -> exit status``): 0 and a one-line summary on a good pack, 2 and every
    fault, each naming the file, entry and field, on a bad one. Primeval Peril's checks its
    story as a graph too.

Game-agnostic: a game package may define ``describe_action(state, action) -> str`` to name
its actions in context; otherwise the package's own describer below (if any) or the action
catalogue's ``describe`` is used. ``--opponents`` is an agent spec (``random``, ``heuristic``,
``ppo:PATH``, ``ismcts:K=V,...``, ``module:Class``), parsed by ``agents.specs`` through
``boardgym.envs.opponents``, so ``--opponents heuristic`` loads the agent the registry names for
that game. A flag with a wrong value is refused (exit status 2) with a message naming it.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

import numpy as np
import yaml

from boardgym.core.chance import sample_outcome
from boardgym.core.errors import ConfigError
from boardgym.core.game import CHANCE, TERMINAL


# -- ``list`` ------------------------------------------------------------------------------------
def cmd_list(args, out) -> int:
    from boardgym.envs.registry import gym_ids, pettingzoo_ids, registry
    from boardgym.games import GAMES

    print("Gymnasium ids (gym.make(ID)):", file=out)
    for i in gym_ids():
        print(f"  {i}", file=out)
    print('PettingZoo ids (pettingzoo.make("aec" | "parallel", ID), or boardgym.envs.<game>_v0):',
          file=out)
    for i in pettingzoo_ids():
        print(f"  {i}", file=out)
    print("Games (boardgym play GAME):", file=out)
    games = registry().get("games", {})
    for g in GAMES:
        title = games.get(g, {}).get("title", "")
        print(f"  {g}" + (f"  ({title})" if title else ""), file=out)
    return 0


# -- readable action names --------------------------------------------------------------------------
def describer(game_name: str):
    """``describe(state, action) -> str`` for a game package."""
    try:
        mod = importlib.import_module(f"boardgym.games.{game_name}")
        fn = getattr(mod, "describe_action", None)
    except ImportError:  # pragma: no cover
        fn = None
    if fn is None:
        return lambda state, a: state.game.catalog.describe(a)

    def safe(state, a):
        try:
            return fn(state, a)
        except Exception:
            return state.game.catalog.describe(a)

    return safe


def narrator(game_name: str):
    """``narrate(before, after) -> lines``: what a step did, in words (a game package's
    ``make_narrator``), or None for a game whose render already shows every draw."""
    mod = importlib.import_module(f"boardgym.games.{game_name}")
    make = getattr(mod, "make_narrator", None)
    return make() if make is not None else None


# -- ``play`` -------------------------------------------------------------------------------------
def players_kwarg(game_name: str, info) -> str:
    """The game option that sets the player count: the registry's ``players_kwarg`` of the
    game's PettingZoo entry, else ``num_players``."""
    from boardgym.envs.registry import registry

    for entry in registry().get("pettingzoo", []):
        if entry.get("module", "").rsplit(".", 1)[-1] == f"{game_name}_v0" and entry.get("players_kwarg"):
            return entry["players_kwarg"]
    return "num_players"


def _parse_set(items) -> dict:
    cfg = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--set expects key=value, got {item!r}")
        try:
            cfg[key.strip()] = yaml.safe_load(value)
        except yaml.YAMLError as exc:
            raise ConfigError(f"--set {item}: the value is not YAML ({getattr(exc, 'problem', None) or exc})") from None
    return cfg


def _read_choice(n: int, inp, out):
    """A number in 0..n-1 from ``inp``; None when the player quits (or input ends)."""
    while True:
        print(f"Your choice [0-{n - 1}, q to quit]: ", end="", file=out, flush=True)
        line = inp.readline()
        if not line:
            print("\n(end of input)", file=out)
            return None
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            return None
        try:
            k = int(text)
        except ValueError:
            print(f"Invalid choice {text!r}: type a number from 0 to {n - 1}, or q to quit.", file=out)
            continue
        if 0 <= k < n:
            return k
        print(f"Invalid choice {k}: type a number from 0 to {n - 1}, or q to quit.", file=out)


def _final_report(state, out) -> None:
    n = state.game.num_players
    text = state.render()
    print(text, file=out)
    scores = []
    for p in range(n):
        try:
            scores.append(f"P{p} {state.score(p)}")
        except (AttributeError, NotImplementedError):
            scores.append(f"P{p} {state.returns()[p]:+.2f}")
    print("Final scores: " + ", ".join(scores), file=out)
    if n == 1 or state.game.info.cooperative:
        r = state.returns()[0]
        print("Result: " + ("win" if r > 0 else "defeat" if r < 0 else "draw"), file=out)
    if n > 1 and not state.game.info.cooperative:
        rets = state.returns()
        try:
            from boardgym.games.ancient_terrible_things.scoring import winners

            w = winners(state) if state.game.info.name == "ancient_terrible_things" else None
        except ImportError:  # pragma: no cover
            w = None
        if w is None:
            best = max(rets)
            w = [p for p in range(n) if rets[p] == best]
        if "Winner" not in text:
            print("Winner(s): " + ", ".join(f"P{p}" for p in w), file=out)


def _tell(narrate, before, after, out) -> None:
    for line in (narrate(before, after) if narrate else ()):
        print(f"  * {line}", file=out)


def cmd_play(args, inp, out) -> int:
    from boardgym.envs.opponents import check_spec, make_agent
    from boardgym.games import game_class, make_game

    cls = game_class(args.game)
    info = cls.info
    pkw = players_kwarg(args.game, info)
    n = args.players if args.players is not None else info.defaults.get(pkw, info.min_players)
    if not info.min_players <= n <= info.max_players:
        raise ConfigError(f"{args.game} takes {info.min_players}-{info.max_players} players, got {n}")
    if not 0 <= args.seat < n:
        raise ConfigError(f"--seat must be in 0..{n - 1}, got {args.seat}")
    check_spec(args.opponents)  # also when --all-seats leaves it no seat
    cfg = _parse_set(args.set)
    if pkw in cfg:
        raise ConfigError(f"--set {pkw}: set the number of players with --players")
    cfg[pkw] = n
    if args.seed is not None and args.seed < 0:
        raise ConfigError(f"--seed must be a whole number >= 0, got {args.seed}")
    game = make_game(args.game, **cfg)
    seed = args.seed if args.seed is not None else int(np.random.SeedSequence().entropy % (2 ** 31))
    rng = np.random.default_rng(seed)
    human = set(range(n)) if args.all_seats else {args.seat}
    agents = {p: make_agent(args.opponents, args.game, seed + 1 + p) for p in range(n) if p not in human}
    describe = describer(args.game)
    narrate = narrator(args.game)
    others = "partners" if info.cooperative else "opponents"
    you = "every seat" if args.all_seats else f"P{args.seat}"
    print(f"{info.title}: {n} player(s), you are {you}"
          + (f", {others}: {args.opponents}" if agents else "") + f", seed {seed}", file=out)
    state = game.new_initial_state()
    decisions = 0
    while True:
        p = state.current_player
        if p == TERMINAL:
            break
        before = state.clone() if narrate else None  # only a narrator compares the steps
        if p == CHANCE:
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            _tell(narrate, before, state, out)
            continue
        mask = state.legal_mask().copy()
        legal = [int(a) for a in np.flatnonzero(mask)]
        if p in human:
            print("", file=out)
            print(state.render(), file=out)
            print(f"-- P{p}, your legal actions:", file=out)
            for i, a in enumerate(legal):
                print(f"  {i:>2}. {describe(state, a)}", file=out)
            k = _read_choice(len(legal), inp, out)
            if k is None:
                print("Quit.", file=out)
                return 1
            a = legal[k]
            print(f"P{p} (you): {describe(state, a)}", file=out)
        else:
            agent = agents[p]
            obs = state.observation(p)
            a = int(agent.act(obs, mask, state if getattr(agent, "needs_state", False) else None))
            print(f"P{p} ({getattr(agent, 'name', 'agent')}): {describe(state, a)}", file=out)
        state.apply(a)
        _tell(narrate, before, state, out)
        decisions += 1
    print("", file=out)
    print(f"Game over after {decisions} decisions.", file=out)
    _final_report(state, out)
    return 0


# -- ``validate`` ---------------------------------------------------------------------------------
def cmd_validate(args, out) -> int:
    try:
        mod = importlib.import_module(f"boardgym.games.{args.game}.validate")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"boardgym.games.{args.game}", f"boardgym.games.{args.game}.validate"):
            raise
        raise ConfigError(f"validate: game {args.game!r} has no pack validator; games with one: "
                          f"{', '.join(_validators())}") from None
    return mod.run(args.pack, out)


def _validators() -> list[str]:
    """The game packages that hold a ``validate`` module."""
    import pkgutil

    import boardgym.games

    return sorted(m.name for m in pkgutil.iter_modules(boardgym.games.__path__)
                  if m.ispkg and (Path(boardgym.games.__path__[0]) / m.name / "validate.py").exists())


# -- entry point ----------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="boardgym", description="boardgym: tabletop RL environments")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list registered Gymnasium and PettingZoo ids and games")
    pp = sub.add_parser("play", help="play a game in the terminal against agents")
    pp.add_argument("game", help="game package name, e.g. ancient_terrible_things")
    pp.add_argument("--players", "--groups", dest="players", type=int, default=None,
                    help="number of players / groups (1 = solo where supported)")
    pp.add_argument("--seat", type=int, default=0, help="your seat (0-based)")
    pp.add_argument("--all-seats", action="store_true",
                    help="decide for every seat yourself (e.g. every group of a cooperative game)")
    pp.add_argument("--opponents", default="heuristic",
                    help="agent spec for the other seats (partners in cooperative games): random, "
                         "heuristic, ppo:PATH, ismcts:KEY=VALUE,... or module:Class")
    pp.add_argument("--seed", type=int, default=None, help="seed for chance and the agents")
    pp.add_argument("--set", action="append", metavar="KEY=VALUE",
                    help="extra game option, e.g. --set scenario=II (repeatable)")
    vp = sub.add_parser("validate", help="check a game's content pack: schema, cross-checks and story graph")
    vp.add_argument("game", help="game package name, e.g. primeval_peril")
    vp.add_argument("--pack", default=None, metavar="DIR", help="the pack folder (default: the shipped pack)")
    return ap


def main(argv=None, stdin=None, stdout=None) -> int:
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    args = build_parser().parse_args(argv)
    try:
        if args.cmd == "list":
            return cmd_list(args, out)
        if args.cmd == "validate":
            return cmd_validate(args, out)
        return cmd_play(args, inp, out)
    except ConfigError as exc:
        print(f"boardgym: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nInterrupted.", file=out)
        return 130


if __name__ == "__main__":
    sys.exit(main())
