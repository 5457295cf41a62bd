"""The project's results page: ``python -m boardgym.eval.results [--ppo KEY=PATH ...] [--games N]
[--ismcts-games N] [--only KEY[,KEY] [--keep-others]] [--jobs N | --ray [--address A]]
[--config boardgym/eval/configs/results.yaml] [--out docs/results.md] [--json results/results.json]``.

For every entry of ``boardgym/eval/configs/results.yaml`` (a training config: its env id and game options)
it plays random, the game's heuristic, ISMCTS (the stated budget) and, when a model exists, PPO
on the same fixed seeds: solo / cooperative games report win rate and mean score; competitive
games report each agent's win rate and own score against the heuristic and against random,
seats rotated (``boardgym.eval.evaluate``). Win rates carry 95% Wilson intervals, mean scores 95% Student t
intervals (``boardgym.eval.stats``). The page records the exact command, budgets, seeds, timings and timestamps.
``--only K --keep-others`` re-runs entry K (or every entry of game K) and keeps the other sections
from the JSON of the previous run, or, without that JSON (it is git-ignored), from the previous
page itself, as written (each section states the command and time that produced it). An entry's
``game_kwargs`` override its training config's options (one config, several difficulties).
Every entry's games go through one map of ``boardgym.eval.runner`` (``--jobs`` local processes or
``--ray``; the same tables either way). Each section gets its plots under ``docs/plots/``
(``boardgym.eval.results_plots``: win rates with intervals, learning curves from the run folders' logs);
``--plots-only`` redraws them from the page's own tables without playing.
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
from boardgym.extras import require_for

from .args import count, natural
from .evaluate import skipped_row, team_jobs, team_row, vs_field_jobs, vs_field_row
from .play import ENV_ONLY_KWARGS, env_game_kwargs, try_agent
from .results_page import OPPONENTS, describe_ismcts, page_sections, to_markdown  # noqa: F401
from .results_plots import attach_plots
from .runner import GameRunner, add_runner_args, runner_from_args

ROOT = Path(__file__).resolve().parents[2]
CONFIG = Path(__file__).resolve().parent / "configs" / "results.yaml"
TRAIN_CONFIGS = Path(__file__).resolve().parents[1] / "train" / "configs"   # boardgym/train/configs


def parse_args(argv=None):
    ap = argparse.ArgumentParser(prog="python -m boardgym.eval.results", description="Regenerate docs/results.md: every configured game, "
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
    ap.add_argument("--rows", help="with --only and --keep-others: play only these agents' rows (a comma "
                    "list of labels: random, heuristic, ismcts, ppo, pretrained, ...) and keep the "
                    "section's other rows from the previous --json file")
    ap.add_argument("--runs", default=str(ROOT / "runs"), help="where run folders are looked up")
    ap.add_argument("--out", default=str(ROOT / "docs" / "results.md"))
    ap.add_argument("--json", default=str(ROOT / "results" / "results.json"), help="the raw rows")
    ap.add_argument("--plots-only", action="store_true",
                    help="play nothing: draw the plots of the --out page from its own tables (and the "
                         "TensorBoard logs of its models' run folders under --runs) and link them")
    add_runner_args(ap)
    return ap.parse_args(argv)


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def read_train_config(name: str) -> dict:
    """``boardgym/train/configs/NAME`` as a dict, its ``name`` defaulting to the file's stem."""
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


ENTRY_KEYS = ("key", "train_config", "games", "game_kwargs", "ismcts", "more_ppo", "pretrained", "no_headroom")


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
        from boardgym.train.config import shown_command

        info.update(command=shown_command(c.get("command")) or None, config_file=c.get("config_file"))
    return p, info


ISMCTS_KEYS = ("simulations", "rollout_depth", "c", "rollout", "prior", "prior_weight", "search",
               "rollout_options", "evaluator")
BUDGET_ONLY = ("games", "opponents")  # where and how much ISMCTS plays, not how it searches


def ismcts_spec(game_name: str, budget: dict) -> str:
    """The budget's search settings (``games`` and ``opponents`` are not ones) as an
    ``ismcts:KEY=VALUE,...`` agent spec, so a worker process or a Ray task builds the same
    agent from its text; a relative evaluator path is read from the repository root."""
    from boardgym.agents.specs import check_spec, parse_spec

    unknown = sorted(set(budget) - set(ISMCTS_KEYS) - set(BUDGET_ONLY))
    if unknown:
        raise ConfigError(f"ismcts budget: unknown key(s) {unknown}; valid: {list(ISMCTS_KEYS + BUDGET_ONLY)}")
    kw = {k: budget[k] for k in ISMCTS_KEYS if k in budget}
    model = evaluator_model(budget)
    if model is not None:
        kw["evaluator"] = f"{model[0]}:{model[1]}"
    parts = []
    for k, v in kw.items():
        for key, value in ((f"rollout.{n}", x) for n, x in v.items()) if k == "rollout_options" else [(k, v)]:
            text = "null" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
            if any(c in text for c in ",;") or text != text.strip():
                raise ConfigError(f"ismcts budget: {key} = {value!r} cannot be written in an agent spec")
            parts.append(f"{key}={text}")
    spec = "ismcts:" + ",".join(parts)
    if parse_spec(spec).options != kw:
        raise ConfigError(f"ismcts budget {kw} does not read back from the spec {spec!r}")
    check_spec(spec, game_name)
    return spec


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
                f"`python -m boardgym.train.value --config boardgym/train/configs/<game>_value.yaml`")
    return None


def plan_entry(entry: dict, settings: dict, ppos: list[tuple[str, Path]]) -> dict:
    """What an entry plays: its game, and one group of game jobs per (agent, opponent) row."""
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
        agents.append(("ismcts", ismcts_spec(game_name, budget), seeds[:int(budget["games"])]))
    for label, path in ppos:
        agents.append((label, f"ppo:{path}", seeds))
    if entry.get("pretrained"):   # the baseline shipped in boardgym/pretrained/ for this section
        agents.append(("pretrained", f"pretrained:{entry['pretrained']}", seeds))
    if settings.get("rows"):
        agents = [a for a in agents if a[0] in settings["rows"]]
    rows = []   # (label, opponent spec or None, skipped row or None, jobs)
    for label, spec, agent_seeds in agents:
        if competitive:
            for opp in (list(budget.get("opponents", OPPONENTS)) if label == "ismcts" else OPPONENTS):
                why = try_agent(opp, game_name, 1)[1] or try_agent(spec, game_name, 0)[1]
                rows.append((label, opp, why, [] if why else vs_field_jobs(game_name, game_kwargs, spec,
                                                                             opp, agent_seeds)))
        else:
            why = try_agent(spec, game_name, 0)[1]
            rows.append((label, None, why, [] if why else team_jobs(game_name, game_kwargs, spec, agent_seeds)))
    return {"entry": entry, "train_cfg": train_cfg, "game_name": game_name, "game_kwargs": game_kwargs,
            "players": game.num_players, "cooperative": bool(game.info.cooperative),
            "competitive": competitive, "seeds": seeds, "budget": budget, "skipped": skipped,
            "settings": settings, "labels": [a[0] for a in agents], "rows": rows}


def finish_entry(plan: dict, results: list[list]) -> dict:
    """An entry's section data from its plan and the results of its job groups (in order)."""
    from boardgym.agents.specs import spec_label

    entry, settings, budget = plan["entry"], plan["settings"], plan["budget"]
    rows, timing = [], {}
    for (label, opp, why, _), res in zip(plan["rows"], results):
        if plan["competitive"]:
            o = spec_label(opp)
            row = skipped_row(label, o, why) if why else vs_field_row(label, o, res)
        else:
            row = skipped_row(label, "-", why) if why else team_row(label, res)
        rows.append(row)
        t = timing.setdefault(label, {"seconds": 0.0, "games": 0})
        t["seconds"] += sum(r.seconds for r in res)
        t["games"] += len(res)
    for label, t in timing.items():
        t["seconds_per_game"] = round(t["seconds"] / max(1, t["games"]), 3)
        t["seconds"] = round(t["seconds"], 1)
        print(f"  {entry['key']}: {label}: {t['games']} games, {t['seconds']:.1f} s of play", flush=True)
    if plan["competitive"]:  # agent-major order reads better: each agent vs heuristic, vs random
        order = {a: i for i, a in enumerate(plan["labels"])}
        rows.sort(key=lambda r: (order[r["agent"]], OPPONENTS.index(r["opponent"])
                                 if r["opponent"] in OPPONENTS else 9))
    seeds, skipped = plan["seeds"], plan["skipped"]
    return {"pretrained": pretrained_info(entry.get("pretrained"), plan["game_name"]),
            "key": entry["key"], "train_config": entry["train_config"], "env_id": plan["train_cfg"]["env_id"],
            "game": plan["game_name"], "game_kwargs": plan["game_kwargs"],
            "entry_game_kwargs": entry.get("game_kwargs"), "players": plan["players"],
            "competitive": plan["competitive"], "cooperative": plan["cooperative"],
            "seeds": [seeds[0], seeds[-1]],
            "ismcts": budget if not (settings["no_ismcts"] or skipped) else None, "ismcts_skipped": skipped,
            "rows": rows, "timing": timing,
            "seconds": round(sum(t["seconds"] for t in timing.values()), 1)}


def pretrained_info(name: str | None, game_name: str) -> dict | None:
    """What the page says of a section's shipped policy: its name, method and the command and
    commit that made it (from the manifest); None without one."""
    if not name:
        return None
    from boardgym.core.errors import ContentError
    from boardgym.pretrained.manifest import load_manifest

    try:
        doc = load_manifest().find(game_name, name).doc
    except (ConfigError, ContentError) as exc:   # the row itself says why it was skipped
        return {"name": name, "missing": str(exc)}
    return {"name": name, "file": f"boardgym/pretrained/{doc['file']}", "method": doc.get("method"),
            "command": doc.get("command"), "commit": (doc.get("git") or {}).get("commit")}


def merge_rows(js: Path, fresh: list[dict], labels: list[str]) -> list[dict]:
    """``--rows``: each fresh section's rows replace the previous JSON section's rows of the same
    agents; the other rows, the ISMCTS budget and the timings of the rows kept stay as they were."""
    if not js.is_file():
        raise SystemExit(f"--rows: no previous results file {js} to keep the other rows from")
    old = {r["key"]: r for r in json.loads(js.read_text()).get("results", [])}
    out = []
    for res in fresh:
        prev = old.get(res["key"])
        if prev is None or "rows" not in prev:
            raise SystemExit(f"--rows: the previous section {res['key']} was kept as the page wrote it, "
                             f"without its rows; re-run it whole (--only {res['key']} --keep-others)")
        keep = [r for r in prev["rows"] if r["agent"] not in labels]
        order = {a: i for i, a in enumerate(["random", "heuristic", "ismcts"])}
        rows = sorted(keep + res["rows"], key=lambda r: (order.get(r["agent"], 3 if r["agent"] != "pretrained" else 4),
                                                         r.get("opponent") != "heuristic"))
        timing = {k: v for k, v in prev["timing"].items() if k not in labels}
        timing.update(res["timing"])
        merged = dict(prev, rows=rows, timing=timing, seconds=round(sum(t["seconds"] for t in timing.values()), 1),
                      pretrained=res.get("pretrained") or prev.get("pretrained"))
        merged["rows_added"] = list(prev.get("rows_added") or []) + [
            {"rows": labels, "command": res.get("command"), "finished": res.get("finished")}]
        out.append(merged)
    return out


def run_entries(entries: list[tuple[dict, dict, list]], runner=None) -> list[dict]:
    """Every entry's games in one map (``runner``: an ``boardgym.eval.runner.GameRunner``), then the
    sections; the tables do not depend on where the games were played."""
    plans = [plan_entry(*e) for e in entries]
    groups = [jobs for p in plans for (_, _, _, jobs) in p["rows"]]
    print(f"{sum(len(g) for g in groups)} games to play", flush=True)
    results = (runner or GameRunner()).play_groups(groups)
    out, at = [], 0
    for p in plans:
        out.append(finish_entry(p, results[at:at + len(p["rows"])]))
        at += len(p["rows"])
    return out


def run_entry(entry: dict, settings: dict, ppos: list[tuple[str, Path]], runner=None) -> dict:
    return run_entries([(entry, settings, ppos)], runner)[0]


def _previous(js: Path, page: Path) -> dict:
    """The previous run's JSON, or (without one: a checkout holds the committed page, not the
    git-ignored JSON) the sections of the previous page kept as they are written."""
    if js.is_file():
        return json.loads(js.read_text())
    if page.is_file():
        return {"results": [{"key": k, "markdown": v} for k, v in page_sections(page.read_text()).items()]}
    raise SystemExit(f"--keep-others: no previous results file {js} nor page {page}")


def _merge_previous(js: Path, page: Path, conf: dict, fresh: list[dict],
                    ppo_info: dict, rows_only: bool = False) -> tuple[list[dict], dict]:
    """The fresh entries plus the previous page's other entries, in the config's order; a kept
    section is a JSON entry or, read from the page, ``{"key", "markdown"}``."""
    old = _previous(js, page)
    by_key = {r["key"]: r for r in old.get("results", [])}
    by_key.update({r["key"]: r for r in fresh})
    info = {k: v for k, v in (old.get("ppo") or {}).items()
            if k not in {r["key"] for r in fresh} or (rows_only and k not in ppo_info)}
    info.update(ppo_info)
    order = [e["key"] for e in conf["entries"]]
    return [by_key[k] for k in order if k in by_key], info


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


def plots_only(page: Path, runs: Path) -> int:
    """Draw the plots of the page as it stands (its tables are the numbers) and link them."""
    from .results_plots import attach_plots

    if not page.is_file():
        raise SystemExit(f"--plots-only: no results page {page} to draw the plots of")
    page.write_text(attach_plots(page.read_text(), page, runs))
    print(f"wrote the plots of {page} under {page.parent / 'plots'}", flush=True)
    return 0


def main(argv=None) -> int:
    args = parse_args(argv)
    require_for("python -m boardgym.eval.results", "train")
    if args.plots_only:
        return plots_only(Path(args.out), Path(args.runs))
    started, t0 = _now(), time.perf_counter()
    conf = yaml.safe_load(Path(args.config).read_text())
    settings = {"seed_base": args.seed_base if args.seed_base is not None else int(conf["seed_base"]),
                "games": args.games if args.games is not None else int(conf["games"]),
                "games_given": args.games is not None,
                "ismcts": dict(conf["ismcts"]), "ismcts_games": args.ismcts_games,
                "no_ismcts": args.no_ismcts,
                "rows": [x.strip() for x in args.rows.split(",") if x.strip()] if args.rows else None}
    if args.rows and not (args.only and args.keep_others):
        raise SystemExit("--rows needs --only and --keep-others (the sections whose rows are re-played, "
                         "the rest kept)")
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
    runner = runner_from_args(args, "python -m boardgym.eval.results", log=lambda m: print(m, flush=True))
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
    results = run_entries(jobs, runner)
    cli = list(argv if argv is not None else sys.argv[1:])
    command = "python -m boardgym.eval.results" + (" " + shlex.join(cli) if cli else "")
    for res in results:
        res["command"], res["finished"] = command, _now()
    if settings["rows"]:
        results = merge_rows(Path(args.json), results, settings["rows"])
    if args.only and args.keep_others:
        results, ppo_info = _merge_previous(Path(args.json), Path(args.out), conf, results, ppo_info,
                                             rows_only=bool(settings["rows"]))
    meta = {"command": command,
            "started": started, "finished": _now(), "seconds": time.perf_counter() - t0,
            "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.system()}",
            "played_on": runner.describe(), "versions": _versions(),
            "no_headroom": {e["key"]: e["no_headroom"] for e in conf["entries"] if e.get("no_headroom")}}
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(attach_plots(to_markdown(results, ppo_info, meta) + "\n", out, Path(args.runs)))
    js = Path(args.json)
    js.parent.mkdir(parents=True, exist_ok=True)
    js.write_text(json.dumps({"meta": meta, "settings": settings, "ppo": ppo_info, "results": results},
                             indent=2, default=str))
    print(f"wrote {out} and {js} in {meta['seconds']:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
