"""Which kinds of decision cost a policy its games: ``python -m boardgym.eval.swap``.

A strong base player (the heuristic) plays every game, except that at each decision whose move
it chose lies in one kind of the game's action catalogue (``ATT: DIE``, which die to add to a
combination; ``SWAG``, which swag to use; ...), the candidate's move (a trained policy) is played
instead. One row per kind: the games won when the candidate makes only that kind of decision,
against the base alone on the same seeds (paired, exact McNemar), so the kinds whose mistakes
lose games stand out; a last row swaps every decision (the candidate alone).

Solo and cooperative games: every seat is the swapped player. Competitive games: the swapped
player holds one seat, rotated with the seed, the base every other seat, and a win is the top
return (a shared first place counts 1/k). Chance comes from ``default_rng(seed)`` as in every
evaluation, and every agent is reset with the game's seed, so a row depends only on its seeds.
"""
from __future__ import annotations

import argparse
import sys

import numpy as np

from boardgym.core.agent import Agent


class SwapAgent(Agent):
    """``base``'s move, unless its kind is in ``kinds`` (None: every kind): then ``candidate``'s.
    ``swapped`` counts the decisions handed to the candidate."""

    needs_state = True   # both players get the state; the observation is computed once here

    def __init__(self, base: Agent, candidate: Agent, catalog, kinds: set[str] | None):
        self.base, self.candidate, self.catalog, self.kinds = base, candidate, catalog, kinds
        self.name = f"swap({','.join(sorted(kinds)) if kinds else 'all'})"
        self.swapped = 0

    def reset(self, seed: int | None = None) -> None:
        self.base.reset(seed)
        self.candidate.reset(None if seed is None else seed + 1)

    def act(self, observation, legal_mask, state=None) -> int:
        if observation is None:
            observation = state.observation(state.current_player)
        a = int(self.base.act(observation, legal_mask, state))
        if int(np.count_nonzero(legal_mask)) > 1 and (self.kinds is None or self.catalog.split(a)[0] in self.kinds):
            self.swapped += 1
            return int(self.candidate.act(observation, legal_mask, state))
        return a


def play_row(game_name: str, options: dict, base: str, candidate: str, kinds, seeds: list[int]) -> dict:
    """Wins (per seed) and swapped decisions of the swapped player over ``seeds``."""
    from boardgym.agents.specs import make_agent
    from boardgym.games import make_game

    from .play import play_one, seat_win, solo_win

    game = make_game(game_name, **options)
    n = game.num_players
    team = n == 1 or game.info.cooperative
    per_seed, swapped = [], 0
    for i, seed in enumerate(seeds):
        player = SwapAgent(make_agent(base, game_name, seed), make_agent(candidate, game_name, seed),
                           game.catalog, kinds)
        if team:
            result = play_one(game, [player], [0] * n, seed)
            per_seed.append(solo_win(result))
        else:
            others = make_agent(base, game_name, seed + 1)
            seats = [0 if p == i % n else 1 for p in range(n)]
            result = play_one(game, [player, others], seats, seed)
            per_seed.append(seat_win(result.returns, seats.index(0)))
        swapped += player.swapped
    return {"per_seed": per_seed, "swapped_per_game": swapped / max(1, len(seeds))}


def run(game_name: str, options: dict, base: str, candidate: str, games: int, seed_base: int,
        kinds: list[str] | None = None, log=print) -> list[dict]:
    """The base alone, one row per kind (the catalogue's, or ``kinds``), and the candidate alone."""
    from boardgym.games import make_game

    from .stats import paired_sign_test, wilson_interval

    catalog = make_game(game_name, **options).catalog
    names = list(dict.fromkeys(catalog.split(a)[0] for a in range(catalog.n)))
    unknown = sorted(set(kinds or []) - set(names))
    if unknown:
        raise SystemExit(f"--kinds: {unknown} are not kinds of {game_name}'s actions; its kinds: {', '.join(names)}")
    seeds = list(range(seed_base, seed_base + games))
    base_row = play_row(game_name, options, base, candidate, set(), seeds)
    rows = []
    for label, chosen in [("none (the base alone)", set())] + [(k, {k}) for k in (kinds or names)] + [("every decision", None)]:
        r = base_row if chosen == set() else play_row(game_name, options, base, candidate, chosen, seeds)
        if chosen and r["swapped_per_game"] == 0:
            continue   # the base never makes this kind of decision (or only forced ones)
        wins = float(sum(r["per_seed"]))
        lo, hi = wilson_interval(wins, len(seeds))
        t = paired_sign_test(r["per_seed"], base_row["per_seed"])
        row = {"kind": label, "doc": catalog.docs.get(label, ""),
               "swapped_per_game": r["swapped_per_game"], "games": len(seeds), "wins": wins,
               "win_rate": wins / len(seeds), "win_low": lo, "win_high": hi,
               "won_base_lost": t["a_only"], "lost_base_won": t["b_only"], "p_value": t["p_value"]}
        rows.append(row)
        log(f"{label}: {r['swapped_per_game']:.1f} decisions a game by the candidate, won {wins:g} of "
            f"{len(seeds)} ({row['win_rate']:.0%})", )
    return rows


def to_markdown(rows: list[dict], base: str, candidate: str) -> str:
    out = [f"| {candidate} makes | what it decides | its decisions a game | wins | win rate | 95% CI | "
           f"seeds won the {base} lost / lost it won | McNemar p |", "|---|---|---:|---:|---:|---|---|---:|"]
    for r in rows:
        out.append(f"| {r['kind']} | {r['doc']} | {r['swapped_per_game']:.1f} | {r['wins']:g} | {r['win_rate']:.3f} "
                   f"| [{r['win_low']:.3f}, {r['win_high']:.3f}] | {r['won_base_lost']} / {r['lost_base_won']} "
                   f"| {r['p_value']:.3g} |")
    return "\n".join(out)


def main(argv=None) -> int:
    from boardgym.extras import require_for
    from boardgym.games import GAMES

    from .__main__ import parse_options
    from .args import count, natural

    ap = argparse.ArgumentParser(prog="python -m boardgym.eval.swap", description=__doc__.split("\n\n")[1])
    ap.add_argument("--game", required=True, choices=sorted(GAMES))
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option (YAML value), e.g. --option num_players=1")
    ap.add_argument("--base", default="heuristic", help="the player whose decisions are swapped (agent spec)")
    ap.add_argument("--candidate", required=True, help="the policy that makes one kind of decision (agent spec)")
    ap.add_argument("--kinds", help="comma list of action kinds (default: every kind of the game's catalogue)")
    ap.add_argument("--games", type=count, default=40)
    ap.add_argument("--seed-base", type=natural, default=900000)
    args = ap.parse_args(argv)
    require_for("python -m boardgym.eval.swap", "train")
    from boardgym.agents.specs import check_spec

    options = parse_options(args.option)
    for spec in (args.base, args.candidate):
        check_spec(spec, args.game)
    kinds = [k.strip() for k in args.kinds.split(",")] if args.kinds else None
    rows = run(args.game, options, args.base, args.candidate, args.games, args.seed_base, kinds,
               log=lambda m: print(m, file=sys.stderr, flush=True))
    print(to_markdown(rows, args.base, args.candidate))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
