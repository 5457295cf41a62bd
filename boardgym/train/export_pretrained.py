"""``python -m boardgym.train.export_pretrained runs/NAME --name NAME [--default] [--method TEXT]``: ship a
trained MaskablePPO run as a pretrained baseline (``boardgym/pretrained/``).

Reads the run folder (``model.zip``, ``config.yaml``: the resolved config with the command and
seed, ``results.json``: the evaluation rows), converts the policy's actor and critic to plain
numpy arrays (``boardgym.pretrained.weights``: the flat MLP, or the entity encoder and per-kind
heads of a ``policy:`` section, which ``boardgym.agents.policy_net`` evaluates), checks that the
numpy policy picks the same action as the torch ``PPOAgent`` on ``--check`` real observations of
the game (refusing to export otherwise), records the git commit of this checkout (and whether it had uncommitted
changes) and adds or replaces the manifest entry. ``--dir`` writes to another folder (default:
``$BOARDGYM_PRETRAINED_DIR`` or the package's own).
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np

from boardgym.core.errors import BoardgymError, ConfigError
from boardgym.extras import require_for
from boardgym.train.config import shown_command

REPO = Path(__file__).resolve().parents[2]


# -- reading the run -----------------------------------------------------------------------------
def read_run(run: Path) -> tuple[dict, dict]:
    """``(config, evaluation)`` of a run folder, refused in words when a piece is missing."""
    import yaml

    if not run.is_dir():
        raise ConfigError(f"{run} is not a run folder (python -m boardgym.train writes runs/NAME/)")
    for name in ("model.zip", "config.yaml", "results.json"):
        if not (run / name).is_file():
            raise ConfigError(f"{run} has no {name}; a finished `python -m boardgym.train` run has model.zip, "
                              f"config.yaml and results.json")
    try:
        cfg = yaml.safe_load((run / "config.yaml").read_text())
        results = json.loads((run / "results.json").read_text())
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        raise ConfigError(f"{run}: config.yaml or results.json cannot be read ({exc})") from None
    if (cfg or {}).get("backend", "sb3") != "sb3":
        raise ConfigError(f"{run} is a {cfg['backend']} run; only MaskablePPO (backend: sb3) runs are exported")
    ev = (results or {}).get("evaluation")
    if not isinstance(ev, dict) or not ev.get("rows"):
        raise ConfigError(f"{run}/results.json has no evaluation rows (was it trained with --no-eval?); "
                          f"a shipped policy carries its measured figures")
    return cfg, ev


_ACTIVATIONS = {"Tanh": "tanh", "ReLU": "relu"}


def _array(t) -> np.ndarray:
    return t.detach().cpu().numpy()


def _extractor(policy):
    """The policy's one features extractor (flat or the entity encoder), or a ConfigError naming
    what this format cannot hold."""
    from stable_baselines3.common.torch_layers import FlattenExtractor

    from boardgym.train.policies import EntityExtractor

    ext = policy.pi_features_extractor
    odd = sorted({type(e).__name__ for e in (policy.pi_features_extractor, policy.vf_features_extractor)
                  if not isinstance(e, (FlattenExtractor, EntityExtractor))})
    if odd or len(policy.observation_space.shape) != 1:
        raise ConfigError("only a policy on the flat observation vector, with the flat encoder or the "
                          "entity encoder (policy.encoder: flat or entity), can be exported; this one has "
                          f"{', '.join(odd) or 'a shaped observation'}")
    if isinstance(ext, EntityExtractor) and policy.vf_features_extractor is not ext:
        raise ConfigError("the policy's actor and critic each have their own entity encoder "
                          "(ppo.policy_kwargs.share_features_extractor: false); an exported policy "
                          "shares one between them")
    return ext


def policy_layers(model) -> tuple[str, list, list, dict]:
    """``(activation, actor layers, critic layers, net_arch)`` of a MaskablePPO policy: the
    layers after the features extractor, the actor's last one its action head (with per-kind
    heads, ``W`` of shape (kinds + 1, actions, latent)); a ConfigError for a policy this format
    cannot hold (another features extractor, activation or layer type). The encoder and the
    heads' kind are ``policy_architecture``'s."""
    import torch.nn as nn

    from boardgym.train.policies import KindHeads, KindLatent

    policy = model.policy
    _extractor(policy)
    activation = _ACTIVATIONS.get(policy.activation_fn.__name__)
    if activation is None:
        raise ConfigError(f"the policy's activation {policy.activation_fn.__name__} cannot be exported "
                          f"(known: {', '.join(_ACTIVATIONS)})")

    def linear(seq, head):
        layers = []
        for m in list(seq) + [head]:
            if isinstance(m, nn.Linear):
                layers.append((_array(m.weight), _array(m.bias)))
            elif isinstance(m, KindHeads):
                layers.append((_array(m.weight), _array(m.bias)))
            elif type(m).__name__ not in _ACTIVATIONS:
                raise ConfigError(f"the policy has a {type(m).__name__} layer, which cannot be exported")
        return layers

    ext = policy.mlp_extractor
    if isinstance(ext, KindLatent):
        ext = ext.inner
    actor = linear(ext.policy_net, policy.action_net)
    critic = linear(ext.value_net, policy.value_net)
    arch = {"pi": [int(w.shape[0]) for w, _ in actor[:-1]], "vf": [int(w.shape[0]) for w, _ in critic[:-1]]}
    return activation, actor, critic, arch


def policy_architecture(model) -> tuple[dict | None, dict]:
    """``(architecture, encoder arrays)`` of a MaskablePPO policy as ``boardgym.agents.policy_net``
    reads them: ``(None, {})`` for the flat MLP with one head (a manifest entry without
    ``architecture``)."""
    import torch.nn as nn

    from boardgym.train.policies import EntityExtractor

    policy = model.policy
    ext = _extractor(policy)
    heads = getattr(policy, "heads", "shared")
    if not isinstance(ext, EntityExtractor) and heads == "shared":
        return None, {}
    arch = {"encoder": "entity" if isinstance(ext, EntityExtractor) else "flat", "heads": heads}
    if heads == "per_kind":
        arch["decision"] = {"offset": int(policy.decision[0]), "size": int(policy.decision[1])}
    arrays = {}
    if isinstance(ext, EntityExtractor):
        def plain(seq, n):
            kinds = [type(m).__name__ for m in seq]
            if kinds != ["Linear", "ReLU"] * n:
                raise ConfigError(f"the entity encoder has layers {kinds}, which cannot be exported")
            return [m for m in seq if isinstance(m, nn.Linear)]

        sets = []
        for i, (name, phi) in enumerate(zip(ext.set_names, ext.phi)):
            rows = getattr(ext, f"rows{i}")
            sets.append({"name": name, "rows": [int(r) for r in rows[:, 0]], "width": int(rows.shape[1]),
                         "presence": None if ext.presence[i] is None else int(ext.presence[i])})
            first, second = plain(phi, 2)
            arrays.update({f"entity{i}_w0": _array(first.weight), f"entity{i}_b0": _array(first.bias),
                           f"entity{i}_w1": _array(second.weight), f"entity{i}_b1": _array(second.bias)})
        (flat,) = plain(ext.flat, 1)
        arrays.update(rest_w=_array(flat.weight), rest_b=_array(flat.bias))
        arch["entity"] = {"pooling": ext.pooling, "entity_dim": int(ext.phi[0][0].out_features) if sets else 1,
                          "flat_dim": int(flat.out_features), "sets": sets,
                          "rest": [[int(o), int(n)] for o, n in ext.rest_spans]}
    return arch, arrays


# -- the check: numpy and torch agree on real observations ---------------------------------------
def real_observations(game, torch_agent, n: int, seed: int = 0, view=None):
    """``n`` (observation, legal mask) pairs from games where each decision is the torch
    policy's or, half the time, a uniform legal one (so states off the policy's path count);
    ``view``: masks and actions in that action space, each action played as its expansion."""
    from boardgym.core.chance import resolve_chance
    from boardgym.core.game import TERMINAL

    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        state = game.new_initial_state()
        for _ in range(game.info.max_decisions):
            resolve_chance(state, rng)
            p = state.current_player
            if p == TERMINAL or len(out) >= n:
                break
            obs = state.observation(p)
            mask = (state.legal_mask() if view is None else view.mask(state)).copy()
            out.append((obs, mask))
            legal = np.flatnonzero(mask)
            a = torch_agent.act(obs, mask) if rng.random() < 0.5 else int(legal[rng.integers(len(legal))])
            for flat in ([int(a)] if view is None else view.expand(state, int(a))):
                state.apply(flat)
    return out


def compare(game, torch_agent, net, n: int, view=None) -> dict:
    """How often the numpy policy (``boardgym.agents.policy_net.PolicyNet``) picks the torch
    policy's action, and the largest gaps of the logits and values."""
    from boardgym.agents.ppo import masked_choice

    same, logit_gap, value_gap = 0, 0.0, 0.0
    pairs = real_observations(game, torch_agent, n, view=view)
    for obs, mask in pairs:
        lt, ln = torch_agent.logits(obs), net.logits(obs)
        same += masked_choice(lt, mask, True, None) == masked_choice(ln, mask, True, None)
        logit_gap = max(logit_gap, float(np.max(np.abs(lt - ln))))
        value_gap = max(value_gap, abs(torch_agent.value(obs) - net.value(obs)))
    return {"observations": len(pairs), "same_action": same, "max_logit_gap": logit_gap,
            "max_value_gap": value_gap}


# -- the manifest entry --------------------------------------------------------------------------
def git_state(repo: Path = REPO) -> dict:
    """This checkout's commit and whether it had uncommitted changes (``unknown`` without git);
    the shipped policies themselves (``boardgym/pretrained/``, which each export rewrites) do not
    count, so exporting several policies in a row keeps a clean checkout clean."""
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True,
                                check=True).stdout.strip()
        dirty = bool(subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".",
                                     ":(exclude)boardgym/pretrained"], cwd=repo,
                                    capture_output=True, text=True, check=True).stdout.strip())
    except (OSError, subprocess.CalledProcessError):
        return {"commit": "unknown", "dirty": True}
    return {"commit": commit, "dirty": dirty}


def evaluation_rows(ev: dict, name: str) -> dict:
    seeds = [int(s) for s in ev.get("seeds") or []]
    if not seeds or seeds != list(range(seeds[0], seeds[0] + len(seeds))):
        raise ConfigError("results.json's evaluation seeds are not one contiguous range; the manifest "
                          "records them as first..last")
    rows = []
    for r in ev["rows"]:
        agent = f"pretrained:{name}" if r["agent"] == "ppo" else r["agent"]
        row = {"agent": agent, "opponent": r.get("opponent") or "-", "games": int(r["games"]),
               "wins": float(r["wins"]), "win_rate": r.get("win_rate"),
               "win_ci": [r.get("win_low"), r.get("win_high")], "mean_score": r.get("mean_score"),
               "score_ci": [r.get("score_low"), r.get("score_high")],
               "seeds": {"first": seeds[0], "last": seeds[-1], "count": len(seeds)}}
        if r.get("note"):
            row["note"] = str(r["note"])
        rows.append(row)
    return {"mode": ev["mode"], "rows": rows}


def default_method(cfg: dict) -> str:
    text = f"MaskablePPO, {cfg.get('total_timesteps')} steps"
    if cfg.get("pretrain"):
        text += f", behaviour cloning of {cfg['pretrain'].get('agent', 'heuristic')} first"
    if cfg.get("pool"):
        text += ", self-play against a pool"
    return text


def export(run: str | Path, name: str, default: bool = False, method: str | None = None,
           folder: str | Path | None = None, check: int = 300, out=sys.stdout) -> dict:
    """Export ``run`` as the pretrained policy ``name``; returns its manifest entry."""
    from boardgym.agents.ppo import PPOAgent
    from boardgym.games import make_game
    from boardgym.pretrained.manifest import empty_manifest, load_manifest, policies_folder, sha256_of, write_manifest
    from boardgym.pretrained.weights import save_layers

    if not re.match(r"^[a-z0-9][a-z0-9_]*$", name or ""):
        raise ConfigError(f"--name {name!r}: a pretrained policy's name is lower-case letters, digits and _")
    run = Path(run)
    cfg, ev = read_run(run)
    game_name, options = ev["game"], dict(ev.get("game_kwargs") or {})
    game = make_game(game_name, **options)
    torch_agent = PPOAgent(str(run / "model.zip"))
    activation, actor, critic, arch = policy_layers(torch_agent.model)
    architecture, encoder = policy_architecture(torch_agent.model)
    from boardgym.agents.policy_net import PolicyNet
    from boardgym.envs.views import build_view
    from boardgym.pretrained.weights import layout_change

    space = (cfg.get("env_kwargs") or {}).get("action_space", "flat")   # (ATT: "combinations")
    view, n_actions = build_view(game_name, game, space)
    policy = torch_agent.model.policy
    reads, gives = int(policy.observation_space.shape[0]), int(policy.action_space.n)
    if reads != game.observation_size or gives != n_actions:
        raise ConfigError(f"{run}/model.zip reads {reads} observation entries and gives "
                          f"{gives} actions; {game_name} with {options} has "
                          f"{game.observation_size} and {n_actions}: the run does not fit the game now")
    changed = layout_change(architecture, game.layout)
    if changed:
        raise ConfigError(f"{run}/model.zip does not fit {game_name} now: {changed}")
    net = PolicyNet(activation, {"actor": actor, "critic": critic, "encoder": encoder}, architecture, "exported")
    agree = compare(game, torch_agent, net, check, view)
    print(f"check: the numpy policy picks the torch policy's action on {agree['same_action']} of "
          f"{agree['observations']} observations (largest logit gap {agree['max_logit_gap']:.2e}, "
          f"value gap {agree['max_value_gap']:.2e})", file=out)
    if agree["same_action"] != agree["observations"]:
        raise ConfigError(f"not exported: the numpy policy chose another action than the torch policy on "
                          f"{agree['observations'] - agree['same_action']} of {agree['observations']} observations")

    folder = policies_folder(folder)
    folder.mkdir(parents=True, exist_ok=True)
    manifest = load_manifest(folder) if (folder / "manifest.json").exists() else None
    doc = json.loads(json.dumps(manifest.doc)) if manifest else empty_manifest()
    path = folder / f"{name}.npz"
    tmp = folder / f".{name}.npz.tmp"
    save_layers(tmp, activation, actor, critic, encoder)
    entry = {
        "name": name, "game": game_name, "options": options, "env_id": cfg["env_id"],
        "observation_size": game.observation_size, "num_actions": n_actions,
        "file": path.name, "sha256": sha256_of(tmp), "size": tmp.stat().st_size,
        "activation": activation, "net_arch": arch, "method": method or default_method(cfg),
        "command": shown_command(cfg.get("command")), "config": json.loads(json.dumps(cfg, default=str)),
        "seed": int(cfg.get("seed") or 0), "git": git_state(),
        "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "evaluation": evaluation_rows(ev, name),
    }
    if view is not None:
        entry["action_space"] = space
    if architecture is not None:
        entry["architecture"] = architecture
    doc["policies"] = [p for p in doc["policies"] if p["name"] != name] + [entry]
    first = game_name not in doc["defaults"] or doc["defaults"][game_name] == name
    if default or first:
        doc["defaults"][game_name] = name
    try:
        write_manifest(doc, folder)
    except BoardgymError:
        tmp.unlink(missing_ok=True)
        raise
    tmp.replace(path)
    print(f"exported {name}: {path} ({entry['size'] / 1e6:.2f} MB), {game_name} with "
          f"{', '.join(f'{k}={v}' for k, v in options.items()) or 'its defaults'}"
          + ("; the game's default (pretrained)" if doc["defaults"][game_name] == name else ""), file=out)
    if entry["git"]["dirty"]:
        print("note: the checkout had uncommitted changes; the manifest says so", file=out)
    return entry


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m boardgym.train.export_pretrained", description="ship a finished MaskablePPO run as a pretrained baseline: "
                                 "numpy weights and a manifest entry in boardgym/pretrained/")
    ap.add_argument("run", help="a finished run folder, e.g. runs/att_2p")
    ap.add_argument("--name", required=True, help="the policy's name (pretrained:NAME)")
    ap.add_argument("--default", action="store_true",
                    help="make it the game's default (pretrained); a game's first policy becomes it anyway")
    ap.add_argument("--method", default=None, help="how it was trained, in words (default: from the config)")
    ap.add_argument("--dir", default=None, help="manifest folder (default: $BOARDGYM_PRETRAINED_DIR or the package's)")
    ap.add_argument("--check", type=int, default=300, help="observations on which numpy and torch must agree")
    args = ap.parse_args(argv)
    if args.check < 1:
        ap.error("--check must be at least 1")
    require_for("python -m boardgym.train.export_pretrained", "train")
    try:
        export(args.run, args.name, args.default, args.method, args.dir, args.check)
    except BoardgymError as exc:
        print(f"export_pretrained: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
