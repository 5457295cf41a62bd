"""Pretrained baselines shipped with boardgym: trained policies as plain numpy weights.

Each policy is one ``.npz`` beside ``manifest.json`` (``manifest.py``: the schema-checked list
of what is shipped, how each was made and what it measured; ``weights.py``: the files, read
with ``allow_pickle=False`` and checked against their sha256, their manifest entry and the game
as it is now). Play one with the agent spec ``pretrained`` (the game's default) or
``pretrained:NAME`` (``boardgym/agents/pretrained.py``); list them with ``python -m boardgym.pretrained``;
add one from a training run with ``python -m boardgym.train.export_pretrained runs/NAME --name NAME``.
``$BOARDGYM_PRETRAINED_DIR`` points everything at another folder (tests, a private set).
"""
from .manifest import ENV_VAR, Entry, Manifest, load_manifest, policies_folder

__all__ = ["ENV_VAR", "Entry", "Manifest", "load_manifest", "policies_folder", "describe"]


def describe(folder=None) -> list[str]:
    """The shipped policies with their figures, as lines for a terminal."""
    m = load_manifest(folder)
    if not m.policies:
        return [f"No pretrained policies in {m.file} yet. Export one from a training run with "
                f"`python -m boardgym.train.export_pretrained runs/NAME --name NAME --default`."]
    lines = [f"Pretrained policies ({m.file}); play one with --agents pretrained[:NAME] or "
             f"opponents=\"pretrained[:NAME]\":"]
    for e in m.policies:
        d = e.doc
        default = "  (the game's default: pretrained)" if m.default_name(e.game) == e.name else ""
        lines.append(f"  {e.name}: {e.game}, {e.options_text()}, {d['env_id']}{default}")
        git = d["git"]["commit"][:10] + (" with uncommitted changes" if d["git"]["dirty"] else "")
        lines.append(f"    {d['method']}; {d['date']}, commit {git}, seed {d['seed']}; "
                     f"{d['size'] / 1e6:.2f} MB, {d['activation']} MLP pi {d['net_arch']['pi']}"
                     f"{_architecture_text(d.get('architecture'))}")
        for r in d["evaluation"]["rows"]:
            lines.append("    " + _row_text(r))
    return lines


def _architecture_text(a: dict | None) -> str:
    """What the policy adds to the MLP, in words (nothing for the plain MLP)."""
    parts = []
    if a and a.get("encoder") == "entity":
        e = a["entity"]
        parts.append(f"after an entity encoder ({e['pooling']} over {', '.join(s['name'] for s in e['sets'])})")
    if a and a.get("heads") == "per_kind":
        parts.append(f"with one action head per decision kind ({a['decision']['size']})")
    return "".join(" " + p for p in parts)


def _row_text(r: dict) -> str:
    who = r["agent"] if r["opponent"] in ("-", "") else f"{r['agent']} vs {r['opponent']}"
    s = r["seeds"]
    parts = [f"{who}: {r['games']} games (seeds {s['first']}..{s['last']})"]
    if r["win_rate"] is not None:
        lo, hi = r["win_ci"]
        ci = f" [{lo:.3f}, {hi:.3f}]" if lo is not None and hi is not None else ""
        parts.append(f"win rate {r['win_rate']:.3f}{ci}")
    if r["mean_score"] is not None:
        lo, hi = r["score_ci"]
        ci = f" [{lo:.2f}, {hi:.2f}]" if lo is not None and hi is not None else ""
        parts.append(f"mean score {r['mean_score']:.2f}{ci}")
    return ", ".join(parts)
