"""Prioritized fictitious self-play (PFSP, as in AlphaStar's league): the self-play opponent pool
draws the members the learner loses to more often.

A ``pool:`` section turns it on with ``pfsp:`` (keys and defaults: :data:`PFSP_DEFAULTS`)::

    pool:
      weights: {pool: 0.4, heuristic: 0.5, random: 0.1}
      pfsp: {weighting: hard, p: 2.0, floor: 0.05}

Every member of the league is a snapshot of the pool (``snap_<steps>``, sharing the weight of
``pool`` equally) or a fixed opponent (``heuristic``, ``random``, ...: its own weight). With PFSP
each member's weight is multiplied by its priority ``f(x)``, ``x`` the learner's latest measured
win share against it:

* ``hard``: ``f(x) = (1 - x) ** p``, the learner's loss rate sharpened by ``p``: members it
  already beats are drawn less, the ones it loses to more;
* ``variance``: ``f(x) = 4 x (1 - x)``: members of about its own strength are drawn most.

``f`` never goes below ``floor`` (> 0), so no member with a positive weight leaves the league: the
heuristic stays in it however often the learner beats it. A member not measured yet has
priority 1. The win shares come from the periodic self-play evaluation
(``boardgym.train.selfplay``: the learner against every fixed opponent and every snapshot), which
writes them to ``runs/NAME/pool/pfsp.json``; every env's ``OpponentPool`` re-reads that file at
each reset, as it re-reads the snapshots, so subprocess workers and a resumed run (same folder)
draw with the same weights.
"""
from __future__ import annotations

import json
from pathlib import Path

PFSP_DEFAULTS = {
    "weighting": "hard",  # "hard": (1 - x) ** p; "variance": 4 x (1 - x); x = the learner's win share
    "p": 2.0,             # hard weighting's exponent (> 0)
    "floor": 0.05,        # the least priority a member keeps, in (0, 1]: none leaves the league
}
WEIGHTINGS = ("hard", "variance")
PFSP_FILE = "pfsp.json"


def check_pfsp(section) -> dict | None:
    """``pool.pfsp`` with defaults filled in (None / false: off; true: the defaults); a
    SystemExit naming the key otherwise."""
    if section is None or section is False:
        return None
    if section is True:
        section = {}
    if not isinstance(section, dict):
        raise SystemExit(f"pool.pfsp must be a mapping of {list(PFSP_DEFAULTS)}, true or null, got {section!r}")
    unknown = sorted(set(section) - set(PFSP_DEFAULTS))
    if unknown:
        raise SystemExit(f"pool.pfsp.{unknown[0]} is not a PFSP setting; known: {list(PFSP_DEFAULTS)}")
    out = dict(PFSP_DEFAULTS, **section)
    if out["weighting"] not in WEIGHTINGS:
        raise SystemExit(f"pool.pfsp.weighting must be one of {list(WEIGHTINGS)}, got {out['weighting']!r}")
    for key, top in (("p", None), ("floor", 1.0)):
        v = out[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not v > 0 or (top and v > top):
            where = "in (0, 1]" if top else "> 0"
            raise SystemExit(f"pool.pfsp.{key} must be a number {where}, got {v!r}")
        out[key] = float(v)
    return out


def priority(win: float | None, pfsp: dict) -> float:
    """The PFSP priority of a member the learner wins ``win`` of its games against (None: not
    measured yet, priority 1)."""
    if win is None:
        return 1.0
    x = min(1.0, max(0.0, float(win)))
    f = (1.0 - x) ** pfsp["p"] if pfsp["weighting"] == "hard" else 4.0 * x * (1.0 - x)
    return max(f, pfsp["floor"])


def member_probabilities(weights: dict, snapshots: list[str], wins: dict, pfsp: dict | None) -> dict:
    """label -> probability of being drawn: each snapshot label shares ``weights["pool"]``
    equally, every other member keeps its weight; with ``pfsp`` each is multiplied by its
    :func:`priority`. Members of weight 0, and ``pool`` without snapshots, are left out."""
    raw = {}
    for key, w in weights.items():
        if w <= 0:
            continue
        if key == "pool":
            for label in snapshots:
                raw[label] = w / len(snapshots)
        else:
            raw[key] = float(w)
    if pfsp is not None:
        raw = {k: w * priority(wins.get(k), pfsp) for k, w in raw.items()}
    total = sum(raw.values())
    if total <= 0:
        raise RuntimeError(f"opponent pool: no member available (weights {weights}, no snapshot)")
    return {k: w / total for k, w in raw.items()}


def read_wins(pool_dir) -> dict:
    """The learner's latest win share per member (``pool/pfsp.json``; empty before the first
    evaluation)."""
    path = Path(pool_dir) / PFSP_FILE
    try:
        return {str(k): float(v) for k, v in json.loads(path.read_text())["wins"].items()}
    except FileNotFoundError:
        return {}


def write_wins(pool_dir, wins: dict, step: int) -> Path:
    """Record the learner's win shares measured at ``step`` (written to a temporary name and
    renamed, so an env never reads half a file)."""
    path = Path(pool_dir) / PFSP_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name("." + PFSP_FILE + ".tmp")
    tmp.write_text(json.dumps({"step": int(step), "wins": {k: float(v) for k, v in wins.items()}}, indent=2))
    tmp.replace(path)
    return path
