"""The project's results page: ``python -m eval.results [--ppo KEY=PATH ...] [--games N]
[--ismcts-games N] [--only KEY[,KEY] [--keep-others]] [--jobs N] [--config eval/configs/results.yaml]
[--out docs/results.md] [--json results/results.json]``.

For every entry of ``eval/configs/results.yaml`` (a training config: its env id and game options)
it plays random, the game's heuristic, ISMCTS (the stated budget) and, when a model exists, PPO
on the same fixed seeds: solo / cooperative games report win rate and mean score; competitive
games report each agent's win rate and own score against the heuristic and against random,
seats rotated (``eval.evaluate``). Win rates carry 95% Wilson intervals, mean scores 95% Student t
intervals (``eval.stats``). The page records the exact command, budgets, seeds, timings and timestamps.
``--only K --keep-others`` re-runs entry K (or every entry of game K) and keeps the other sections
from the JSON of the previous run, or, without that JSON (it is git-ignored), from the previous
page itself, as written (each section states the command and time that produced it). An entry's
``game_kwargs`` override its training config's options (one config, several difficulties).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import yaml

from boardgym.core.errors import ConfigError

from .args import count, natural
from .evaluate import evaluate_team, evaluate_vs_field, results_table
from .play import ENV_ONLY_KWARGS, env_game_kwargs

ROOT = Path(__file__).resolve().parent.parent
CONFIG = Path(__file__).resolve().parent / "configs" / "results.yaml"
TRAIN_CONFIGS = ROOT / "train" / "configs"
OPPONENTS = ["heuristic", "random"]


def parse_args(argv=None):
    ap = argparse.ArgumentParser(prog="python -m eval.results", description="Regenerate docs/results.md: every configured game, "
                                 "random / heuristic / ISMCTS / PPO on the same fixed seeds.")
    ap.add_argument("--config", default=str(CONFIG), help="entries, seeds and budgets (YAML)")
    ap.add_argument("--ppo", action="append", default=[], metavar="KEY[:LABEL]=PATH",
                    help="a MaskablePPO model (.zip or run folder) for entry KEY; default "
                         "runs/<training config name>/model.zip when it exists")
    ap.add_argument("--games", type=count, help="games per agent (per opponent when competitive); "
                    "default: the entry's own games, else the config's")
    ap.add_argument("--ismcts-games", type=count, help="games for ISMCTS (default from the config)")
    ap.add_argument("--seed-base", type=natural)
    ap.add_argument("--only", help="comma list of entry keys or game names (every entry of the game)")
    ap.add_argument("--keep-others", action="store_true",
                    help="with --only: keep the other entries' sections from the previous --json file, "
                         "else from the previous --out page")
    ap.add_argument("--no-ismcts", action="store_true")
    ap.add_argument("--jobs", type=count, default=1, help="entries evaluated in parallel processes")
    ap.add_argument("--runs", default=str(ROOT / "runs"), help="where run folders are looked up")
    ap.add_argument("--out", default=str(ROOT / "docs" / "results.md"))
    ap.add_argument("--json", default=str(ROOT / "results" / "results.json"), help="the raw rows")
    return ap.parse_args(argv)


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def read_train_config(name: str) -> dict:
    """``train/configs/NAME`` as a dict, its ``name`` defaulting to the file's stem."""
    cfg = yaml.safe_load((TRAIN_CONFIGS / name).read_text())
    cfg.setdefault("name", Path(name).stem)
    return cfg


def entry_game(train_cfg: dict, entry: dict | None = None) -> tuple[str, dict]:
    """A training config -> ``(game_name, game_kwargs)``: the id's options + its env_kwargs, then
    the entry's own ``game_kwargs`` (one training config serving several sections, e.g. the
    difficulties of a game)."""
    game_name, game_kwargs, _ = env_game_kwargs(train_cfg["env_id"])
    for k, v in (train_cfg.get("env_kwargs") or {}).items():
        if k not in ENV_ONLY_KWARGS and k not in ("illegal_action", "illegal_penalty"):
            game_kwargs[k] = v
    game_kwargs.update((entry or {}).get("game_kwargs") or {})
    return game_name, game_kwargs


ENTRY_KEYS = ("key", "train_config", "games", "game_kwargs", "ismcts", "more_ppo")


def check_entries(entries: list[dict]) -> None:
    """Every entry has a key and a training config and only the known fields; ``games`` is a
    whole number >= 1 and ``game_kwargs`` a mapping (a SystemExit naming the entry otherwise)."""
    seen = set()
    for i, e in enumerate(entries):
        name = e.get("key", f"#{i + 1}") if isinstance(e, dict) else f"#{i + 1}"
        if not isinstance(e, dict) or "key" not in e or "train_config" not in e:
            raise SystemExit(f"results config: entry {name} needs a key and a train_config")
        unknown = sorted(set(e) - set(ENTRY_KEYS))
        if unknown:
            raise SystemExit(f"results config: entry {name}: unknown field(s) {unknown}; valid: {list(ENTRY_KEYS)}")
        if e["key"] in seen:
            raise SystemExit(f"results config: entry {name} appears twice")
        seen.add(e["key"])
        g = e.get("games")
        if g is not None and (isinstance(g, bool) or not isinstance(g, int) or g < 1):
            raise SystemExit(f"results config: entry {name}: games must be a whole number >= 1, got {g!r}")
        if not isinstance(e.get("game_kwargs") or {}, dict):
            raise SystemExit(f"results config: entry {name}: game_kwargs must be a mapping, "
                             f"got {e['game_kwargs']!r}")


def select_entries(entries: list[dict], only: str) -> list[dict]:
    """The entries named by ``--only``: a comma list of entry keys or game names (a game name
    selects every entry of that game), in the config's order."""
    from boardgym.games import GAMES

    names = [k.strip() for k in only.split(",") if k.strip()]
    keys = [e["key"] for e in entries]
    unknown = [k for k in names if k not in keys and k not in GAMES]
    if unknown or not names:
        raise SystemExit(f"--only: unknown entries {unknown}; known: {keys}, or a game of theirs "
                         f"(one of {list(GAMES)})")
    games = {k for k in names if k not in keys}
    chosen = [e for e in entries if e["key"] in names
              or (games and entry_game(read_train_config(e["train_config"]), e)[0] in games)]
    if not chosen:
        raise SystemExit(f"--only: no entry of {sorted(games)} in the config; known: {keys}")
    return chosen


def resolve_ppo(key: str, train_cfg: dict, given: dict[str, str], runs: Path) -> tuple[Path | None, dict]:
    """The PPO model of an entry and what its run folder says about it."""
    if key in given:
        p = Path(given[key])
    else:
        p = runs / train_cfg["name"]
    if p.is_dir():
        p = p / "model.zip"
    if not p.is_file():
        return None, {}
    info = {"path": str(p)}
    run = p.parent.parent if p.parent.name in ("checkpoints", "pool") else p.parent
    res, cfgf = run / "results.json", run / "config.yaml"
    if res.is_file():
        r = json.loads(res.read_text())
        if Path(r.get("model", "")).resolve() == p.resolve() or p.name == "model.zip":
            info.update(timesteps=r.get("timesteps"), train_seconds=r.get("train_seconds"))
    if cfgf.is_file():
        c = yaml.safe_load(cfgf.read_text()) or {}
        cmd = c.get("command") or ""
        first, _, rest = cmd.partition(" ")
        if first.endswith("__main__.py"):  # sys.argv[0] of `python -m train`
            cmd = f"python -m {Path(first).parent.name} {rest}".strip()
        info.update(command=cmd or None, config_file=c.get("config_file"))
    return p, info


ISMCTS_KEYS = ("simulations", "rollout_depth", "c", "rollout", "prior", "prior_weight", "search",
               "rollout_options", "evaluator")
BUDGET_ONLY = ("games", "opponents")  # where and how much ISMCTS plays, not how it searches


def ismcts_agent(game_name: str, budget: dict):
    """``agents.ismcts.make_ismcts`` with the budget's search settings (``games`` is not one)."""
    from agents.ismcts import make_ismcts

    unknown = sorted(set(budget) - set(ISMCTS_KEYS) - set(BUDGET_ONLY))
    if unknown:
        raise ConfigError(f"ismcts budget: unknown key(s) {unknown}; valid: {list(ISMCTS_KEYS + BUDGET_ONLY)}")
    kw = {k: budget[k] for k in ISMCTS_KEYS if k in budget}
    model = evaluator_model(budget)
    if model is not None:
        kw["evaluator"] = f"{model[0]}:{model[1]}"
    return make_ismcts(game_name, seed=0, **kw)


def evaluator_model(budget: dict) -> tuple[str, Path] | None:
    """The budget's ``evaluator: KIND:PATH`` as ``(KIND, path)``, a relative path read from the
    repository root (where ``make results`` runs), or None without one."""
    ev = budget.get("evaluator")
    if not isinstance(ev, str) or ":" not in ev:
        return None
    kind, _, path = ev.partition(":")
    return kind, ROOT / path  # an absolute path stays as it is


def missing_evaluator(budget: dict) -> str | None:
    """Why the ISMCTS row cannot run (its value network is not there yet), or None."""
    model = evaluator_model(budget)
    if model is not None and model[0] == "value" and not model[1].is_file():
        return (f"its value network `{budget['evaluator'][6:]}` does not exist yet; fit it with "
                f"`python -m train.value --config train/configs/<game>_value.yaml`")
    return None


def describe_ismcts(b: dict) -> str:
    """One line saying exactly what the ISMCTS row ran."""
    prior = b.get("prior")
    rollout = b.get("rollout", "random")
    depth = int(b["rollout_depth"])
    text = (f"{b['simulations']} simulations per searched decision, c = {b.get('c', 1.0)}, "
            f"{rollout} rollouts " + ("to the end of the game" if depth >= 10_000 else f"of {depth} decisions")
            + (f" (rollout options {b['rollout_options']})" if b.get("rollout_options") else ""))
    if prior and prior != "none":
        text += f", PUCT prior: {prior} (weight {b.get('prior_weight', 0.5)})"
    ev = b.get("evaluator")
    if ev:
        kind, _, path = str(ev).partition(":")
        what = "the value network" if kind == "value" else "the PPO critic of"
        text += f", cut rollouts scored by {what} `{path}`"
    if b.get("search", "all") == "key":
        text += ", searching only the heuristic's key decisions (the heuristic plays the rest)"
    return text


def _run_entry_job(job):
    import torch

    torch.set_num_threads(1)
    return run_entry(*job)


def run_entry(entry: dict, settings: dict, ppos: list[tuple[str, Path]]) -> dict:
    from boardgym.games import make_game

    train_cfg = read_train_config(entry["train_config"])
    game_name, game_kwargs = entry_game(train_cfg, entry)
    game = make_game(game_name, **game_kwargs)
    competitive = game.num_players > 1 and not game.info.cooperative
    n_games = settings["games"] if settings.get("games_given") else int(entry.get("games", settings["games"]))
    seeds = list(range(settings["seed_base"], settings["seed_base"] + n_games))
    budget = dict(settings["ismcts"], **(entry.get("ismcts") or {}))
    if settings.get("ismcts_games") is not None:
        budget["games"] = settings["ismcts_games"]
    agents = [("random", "random", seeds), ("heuristic", "heuristic", seeds)]
    skipped = missing_evaluator(budget) if not settings["no_ismcts"] else None
    if skipped:
        print(f"  {entry['key']}: ISMCTS skipped: {skipped}", flush=True)
    elif not settings["no_ismcts"]:
        agents.append(("ismcts", ismcts_agent(game_name, budget), seeds[:int(budget["games"])]))
    for label, path in ppos:
        agents.append((label, f"ppo:{path}", seeds))
    rows, timing = [], {}
    t_entry = time.perf_counter()
    for label, spec, agent_seeds in agents:
        t0 = time.perf_counter()
        if competitive:
            versus = list(budget.get("opponents", OPPONENTS)) if label == "ismcts" else OPPONENTS
            got = evaluate_vs_field(game_name, game_kwargs, [spec], versus, agent_seeds)
        else:
            got = evaluate_team(game_name, game_kwargs, [spec], agent_seeds)
        for r in got:
            r["agent"] = label
        rows.extend(got)
        dt = time.perf_counter() - t0
        n_games = len(agent_seeds) * (len(versus) if competitive else 1)
        timing[label] = {"seconds": round(dt, 1), "games": n_games,
                         "seconds_per_game": round(dt / max(1, n_games), 3)}
        print(f"  {entry['key']}: {label} done in {dt:.1f} s", flush=True)
    if competitive:  # agent-major order reads better: each agent vs heuristic, vs random
        order = {a: i for i, (a, _, _) in enumerate(agents)}
        rows.sort(key=lambda r: (order[r["agent"]], OPPONENTS.index(r["opponent"])
                                 if r["opponent"] in OPPONENTS else 9))
    return {"key": entry["key"], "train_config": entry["train_config"], "env_id": train_cfg["env_id"],
            "game": game_name, "game_kwargs": game_kwargs, "entry_game_kwargs": entry.get("game_kwargs"),
            "players": game.num_players,
            "competitive": competitive, "cooperative": bool(game.info.cooperative),
            "seeds": [seeds[0], seeds[-1]],
            "ismcts": budget if not (settings["no_ismcts"] or skipped) else None, "ismcts_skipped": skipped,
            "rows": rows, "timing": timing, "seconds": round(time.perf_counter() - t_entry, 1)}


def page_sections(text: str) -> dict[str, str]:
    """A results page's sections, ``{key: markdown}``: from each ``## KEY: ...`` heading to the
    next one (trailing blank lines dropped)."""
    sections: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = line[3:].partition(":")[0].strip()
            sections[current] = []
        if current is not None:
            sections[current].append(line)
    return {k: "\n".join(v).rstrip() for k, v in sections.items()}


def _previous(js: Path, page: Path) -> dict:
    """The previous run's JSON, or (without one: a checkout holds the committed page, not the
    git-ignored JSON) the sections of the previous page kept as they are written."""
    if js.is_file():
        return json.loads(js.read_text())
    if page.is_file():
        return {"results": [{"key": k, "markdown": v} for k, v in page_sections(page.read_text()).items()]}
    raise SystemExit(f"--keep-others: no previous results file {js} nor page {page}")


def _merge_previous(js: Path, page: Path, conf: dict, fresh: list[dict],
                    ppo_info: dict) -> tuple[list[dict], dict]:
    """The fresh entries plus the previous page's other entries, in the config's order; a kept
    section is a JSON entry or, read from the page, ``{"key", "markdown"}``."""
    old = _previous(js, page)
    by_key = {r["key"]: r for r in old.get("results", [])}
    by_key.update({r["key"]: r for r in fresh})
    info = {k: v for k, v in (old.get("ppo") or {}).items() if k not in {r["key"] for r in fresh}}
    info.update(ppo_info)
    order = [e["key"] for e in conf["entries"]]
    return [by_key[k] for k in order if k in by_key], info


def _kind(res: dict) -> str:
    if res["competitive"]:
        return f"competitive, {res['players']} players"
    if res["players"] == 1:
        return "solo"
    return f"cooperative, {res['players']} seats, one shared agent"


def to_markdown(results: list[dict], ppo_info: dict, meta: dict) -> str:
    out = ["# Results", "",
           "Generated by `python -m eval.results` (eval/results.py); do not edit by hand. "
           "Regenerate with the command below.", "",
           f"- command: `{meta['command']}`",
           f"- started {meta['started']}, finished {meta['finished']} ({meta['seconds']:.0f} s)",
           f"- machine: {meta['machine']}",
           f"- versions: {meta['versions']}", "",
           "Every agent meets the same seeds (chance is drawn from `numpy.random.default_rng(seed)`); "
           "win rates carry 95% Wilson intervals, mean scores 95% Student t intervals. Solo and "
           "cooperative games: a win is a positive (team) return; the score is the game's score "
           "where it has one (ATT: secrets; Tides of Ruin: the TR-END-4 team score), else the team "
           "return (Paleo: +1 / -1). Competitive "
           "games: the agent holds one seat, rotated with the seed index, the opponent every other "
           "seat; a win is the top return (a shared first place counts 1/k) and the score is the "
           "agent's own. Mirror rows (heuristic vs heuristic, random vs random) measure seat and "
           "seed luck: about 0.5 is expected in 2 players. PPO plays deterministically (the most "
           "probable legal action). ISMCTS is `agents.ismcts.make_ismcts` with the stated budget, on "
           "the first seeds only (it is slow).", ""]
    kept = [res["key"] for res in results if "markdown" in res]
    if kept:
        out += [f"Sections kept as the previous page wrote them (each names the command and time "
                      f"that produced it, and was measured by the code of that time): {', '.join(kept)}.", ""]
    for res in results:
        if "markdown" in res:  # kept from the previous page as it was written
            out.extend([res["markdown"], ""])
            continue
        out.append(f"## {res['key']}: `{res['env_id']}` ({_kind(res)})")
        out.append("")
        own = res.get("entry_game_kwargs")
        out.append(f"- game options: `{json.dumps(res['game_kwargs'], sort_keys=True)}` "
                   f"(training config `train/configs/{res['train_config']}`"
                   + (f", with this section's `{json.dumps(own, sort_keys=True)}`" if own else "") + ")")
        out.append(f"- seeds {res['seeds'][0]}..{res['seeds'][1]}"
                   + (", each agent against the heuristic and against random" if res["competitive"] else ""))
        if res.get("ismcts_skipped"):
            out.append(f"- ISMCTS not run: {res['ismcts_skipped']}")
        if res["ismcts"]:
            b = res["ismcts"]
            versus = (f", against {' and '.join(b.get('opponents', OPPONENTS))}" if res["competitive"] else "")
            out.append(f"- ISMCTS budget: {describe_ismcts(b)}; "
                       f"{b['games']} games{versus} (seeds {res['seeds'][0]}.."
                       f"{res['seeds'][0] + int(b['games']) - 1})")
        infos = ppo_info.get(res["key"]) or []
        for label, info in infos:
            shown = Path(info["path"])
            if shown.is_absolute() and ROOT in shown.parents:
                shown = shown.relative_to(ROOT)
            line = f"- {label}: `{shown}`"
            if info.get("timesteps"):
                line += f", {info['timesteps']} steps"
            if info.get("train_seconds"):
                line += f" in {info['train_seconds']:.0f} s of training"
            if info.get("command"):
                line += f"; trained with `{info['command']}`"
            out.append(line)
        if not infos:
            out.append("- PPO: no model (train one with `python -m train --config "
                       f"train/configs/{res['train_config']}` or pass `--ppo {res['key']}=PATH`)")
        t = ", ".join(f"{k} {v['seconds_per_game']:.2f} s/game" for k, v in res["timing"].items())
        out.append(f"- time: {res['seconds']:.0f} s ({t})")
        if res.get("command"):
            out.append(f"- section produced by `{res['command']}`, finished {res['finished']}")
        out.append("")
        out.append(results_table(res["rows"]))
        out.append("")
        out.extend(paired_with_heuristic(res["rows"]))
    return "\n".join(out)


def paired_with_heuristic(rows: list[dict]) -> list[str]:
    """Solo / cooperative sections: each agent against the heuristic on the seeds both played
    (an exact McNemar test on the seeds only one of them won), as markdown lines."""
    from .stats import paired_sign_test

    base = next((r for r in rows if r["agent"] == "heuristic" and r.get("per_seed")), None)
    if base is None:
        return []
    lines = []
    for r in rows:
        if r is base or not r.get("per_seed"):
            continue
        k = min(len(r["per_seed"]), len(base["per_seed"]))
        t = paired_sign_test(r["per_seed"][:k], base["per_seed"][:k])
        lines.append(f"- {r['agent']} vs the heuristic on the same {k} seeds: won {t['a_only']} that "
                     f"the heuristic lost, lost {t['b_only']} that it won (exact McNemar p = {t['p_value']:.3g})")
    return (["Paired with the heuristic:", ""] + lines + [""]) if lines else []


def _versions() -> str:
    import numpy

    import boardgym

    parts = [f"python {platform.python_version()}", f"boardgym {boardgym.__version__}",
             f"numpy {numpy.__version__}"]
    try:
        import sb3_contrib
        import torch

        parts += [f"sb3-contrib {sb3_contrib.__version__}", f"torch {torch.__version__}"]
    except ImportError:
        pass
    return ", ".join(parts)


def main(argv=None) -> int:
    args = parse_args(argv)
    started, t0 = _now(), time.perf_counter()
    conf = yaml.safe_load(Path(args.config).read_text())
    settings = {"seed_base": args.seed_base if args.seed_base is not None else int(conf["seed_base"]),
                "games": args.games if args.games is not None else int(conf["games"]),
                "games_given": args.games is not None,
                "ismcts": dict(conf["ismcts"]), "ismcts_games": args.ismcts_games,
                "no_ismcts": args.no_ismcts}
    given = {}
    for item in args.ppo:
        key, sep, path = item.partition("=")
        if not sep:
            raise SystemExit(f"--ppo expects KEY=PATH, got {item!r}")
        given[key] = path
    entries = conf["entries"]
    check_entries(entries)
    if args.keep_others and not args.only:
        raise SystemExit("--keep-others needs --only (the entries to re-run)")
    if args.only:
        entries = select_entries(entries, args.only)
    known = [e["key"] for e in conf["entries"]] + [f"{e['key']}:{x['label']}" for e in conf["entries"]
                                                   for x in e.get("more_ppo") or []]
    unknown = set(given) - set(known)
    if unknown:
        raise SystemExit(f"--ppo for unknown entries {sorted(unknown)}; known: {known}")
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:
        pass
    jobs = []
    ppo_info: dict[str, list] = {}
    for e in entries:
        train_cfg = read_train_config(e["train_config"])
        ppos = []
        models = [("ppo", e["key"], train_cfg)]
        for extra in e.get("more_ppo") or []:  # further trained agents on the same game
            models.append((extra["label"], f"{e['key']}:{extra['label']}",
                           read_train_config(extra["train_config"])))
        for label, given_key, cfg in models:
            path, info = resolve_ppo(given_key, cfg, given, Path(args.runs))
            if path is not None:
                ppos.append((label, path))
                ppo_info.setdefault(e["key"], []).append((label, info))
        print(f"{e['key']}: {train_cfg['env_id']} (PPO: {', '.join(str(p) for _, p in ppos) or 'none'})",
              flush=True)
        jobs.append((e, settings, ppos))
    if args.jobs > 1 and len(jobs) > 1:  # one process per entry: the page's entries are independent
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(_run_entry_job, jobs))
    else:
        results = [run_entry(*job) for job in jobs]
    cli = list(argv if argv is not None else sys.argv[1:])
    command = "python -m eval.results" + (" " + shlex.join(cli) if cli else "")
    for res in results:
        res["command"], res["finished"] = command, _now()
    if args.only and args.keep_others:
        results, ppo_info = _merge_previous(Path(args.json), Path(args.out), conf, results, ppo_info)
    meta = {"command": command,
            "started": started, "finished": _now(), "seconds": time.perf_counter() - t0,
            "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.system()}",
            "versions": _versions()}
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(to_markdown(results, ppo_info, meta) + "\n")
    js = Path(args.json)
    js.parent.mkdir(parents=True, exist_ok=True)
    js.write_text(json.dumps({"meta": meta, "settings": settings, "ppo": ppo_info, "results": results},
                             indent=2, default=str))
    print(f"wrote {out} and {js} in {meta['seconds']:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
