"""The task suite: a versioned JSON file shipped in ``suites/``, checked on load by
``schema/suite.schema.json`` (through ``boardgym.core.content``, the schema discipline of the
content packs) and then by what a schema cannot say:

* the env id is registered and the options make a game (``make_game``);
* every opponent and reference-pool spec is an agent spec (``boardgym.agents.specs``) that fits
  the task's game;
* the test seeds (``first .. first + episodes - 1``) do not overlap the training seeds;
* the opponents fit the seats (one spec for every other seat, or one per other seat);
* a score task whose headroom is the score's proven maximum (``evidence.maximum``) has its
  heuristic's reference at least 10% below that maximum.

Every problem is a ``ContentError`` naming the suite file, the task and the field. A task
whose headroom evidence or references are missing loads (so it can be measured), and says so
(``Task.missing``): scorecards and the leaderboard show it, never a silent pass.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from boardgym.core.content import load_schemas, validate
from boardgym.core.errors import ConfigError, ContentError
from boardgym.core.files import load_json

HERE = Path(__file__).resolve().parent
SCHEMAS = HERE / "schema"
SUITES = HERE / "suites"
DEFAULT_SUITE = "v1"
HEADROOM_OF_MAXIMUM = 0.9   # a score task's heuristic at most this share of the score's proven maximum
MEASURE_WORDS = {"win_rate": "win rate", "mean_score": "mean score", "elo": "Elo vs the pool"}   # what a person reads


@dataclass(frozen=True)
class Task:
    """One task of a suite (its JSON entry, checked) and the game it plays."""

    id: str
    title: str
    env: str
    game: str
    game_kwargs: dict
    num_players: int
    agent_seats: str          # "one" (rotated with the seed) or "all"
    opponents: tuple
    measure: str              # win_rate | mean_score | elo
    train_seeds: tuple        # (first, last)
    test_first: int
    episodes: int
    evidence: dict
    references: dict | None = None
    reference_pool: tuple = ()
    pool_games: int = 0
    raw: dict = field(default_factory=dict, compare=False, repr=False)

    def seeds(self, episodes: int | None = None) -> list[int]:
        """The test seeds of ``episodes`` games (default: the task's), from the first."""
        n = self.episodes if episodes is None else episodes
        return list(range(self.test_first, self.test_first + n))

    def opponent_specs(self) -> list[str]:
        """One spec per seat but the agent's."""
        if len(self.opponents) == 1:
            return list(self.opponents) * (self.num_players - 1)
        return list(self.opponents)

    def missing(self) -> list[str]:
        """What this task still lacks to count in the benchmark (empty: nothing)."""
        out = []
        if self.evidence.get("status") == "no_headroom":
            out.append("headroom (measured: none)")
        elif self.evidence.get("status") != "measured":
            out.append("headroom evidence")
        if not self.references:
            out.append("reference points")
        elif min(self.references[k]["episodes"] for k in ("random", "heuristic")) < self.episodes:
            out.append(f"reference points on all {self.episodes} test seeds")
        return out


@dataclass(frozen=True)
class Suite:
    name: str
    version: str
    path: str
    tasks: tuple

    def task(self, task_id: str) -> Task:
        for t in self.tasks:
            if t.id == task_id:
                return t
        from boardgym.agents.specs import nearest

        ids = [t.id for t in self.tasks]
        raise ConfigError(f"unknown task {task_id!r}{nearest(task_id, ids)}; the tasks of "
                          f"{self.version}: {', '.join(ids)}")

    def select(self, ids: list[str] | None) -> list[Task]:
        """The tasks ``ids``, or by default every task but those measured without headroom."""
        if ids:
            return [self.task(i) for i in ids]
        return [t for t in self.tasks if t.evidence.get("status") != "no_headroom"]


def suite_path(name: str = DEFAULT_SUITE) -> Path:
    """A shipped suite by version (``v1``) or a path to a suite file."""
    p = Path(name)
    if p.suffix == ".json":
        return p
    shipped = SUITES / f"{name}.json"
    if not shipped.is_file():
        known = sorted(x.stem for x in SUITES.glob("*.json"))
        raise ConfigError(f"no benchmark suite {name!r}; shipped: {', '.join(known)} (or give a .json path)")
    return shipped


def load_suite(name: str = DEFAULT_SUITE) -> Suite:
    """The suite ``name`` (a shipped version or a path), checked (see the module doc)."""
    path = suite_path(name)
    return _load(str(path.resolve()), path.stat().st_mtime_ns if path.exists() else 0)


@lru_cache(maxsize=8)
def _load(path: str, stamp: int) -> Suite:
    doc = load_json(Path(path))
    schemas = load_schemas(str(SCHEMAS))
    validate(doc, schemas["suite"], path, schemas=schemas)
    return Suite(doc["suite"], doc["version"], path, tuple(_task(path, t) for t in doc["tasks"]))


def _task(path: str, t: dict) -> Task:
    from boardgym.agents.specs import check_spec
    from boardgym.eval.play import env_game_kwargs, players_kwarg
    from boardgym.games import make_game

    def fail(fld: str, msg: str):
        return ContentError(path, t["id"], fld, msg)

    import gymnasium

    try:
        game, kwargs, _ = env_game_kwargs(t["env"])
    except gymnasium.error.Error as exc:   # an unknown id, namespace or version
        raise fail("env", f"not a registered environment id ({exc})") from None
    kwargs = dict(kwargs, **t["options"])
    try:
        n = make_game(game, **kwargs).num_players
    except ConfigError as exc:
        raise fail("options", str(exc)) from None
    first, last = t["train_seeds"]["first"], t["train_seeds"]["last"]
    if first > last:
        raise fail("train_seeds", f"first {first} is after last {last}")
    t0, t1 = t["test_seeds"]["first"], t["test_seeds"]["first"] + t["episodes"] - 1
    if t0 <= last and first <= t1:
        raise fail("test_seeds", f"the test seeds {t0}..{t1} overlap the training seeds {first}..{last}")
    measure, seats = t["measure"], t["agent_seats"]
    if measure == "elo":
        pool = t.get("reference_pool") or []
        if seats != "one" or n < 2 or t["opponents"]:
            raise fail("measure", "an elo task is competitive: agent_seats 'one', at least 2 players, "
                       "no opponents (the reference_pool is whom the agent meets)")
        if not {"random", "heuristic"} <= set(pool) or not t.get("pool_games"):
            raise fail("reference_pool", "an elo task needs a reference_pool with 'random' and 'heuristic' "
                       "and pool_games")
    elif t.get("reference_pool"):
        raise fail("reference_pool", f"only an elo task has a reference pool (this one's measure is {measure})")
    if seats == "all" and t["opponents"]:
        raise fail("opponents", "the agent holds every seat (agent_seats 'all'): there is no seat for opponents")
    if seats == "one" and measure != "elo" and len(t["opponents"]) not in (1, n - 1):
        raise fail("opponents", f"{n} players: give one spec for every other seat or {n - 1} specs, "
                   f"got {len(t['opponents'])}")
    if seats == "one" and n < 2:
        raise fail("agent_seats", "a solo game: the agent holds the one seat ('all')")
    pkw = players_kwarg(game)
    for key, specs in (("opponents", t["opponents"]), ("reference_pool", t.get("reference_pool") or [])):
        for i, spec in enumerate(specs):
            try:
                check_spec(spec, game, kwargs)
            except ConfigError as exc:
                raise fail(f"{key}.{i}", str(exc)) from None
    refs = t.get("references")
    top = t["evidence"].get("maximum")
    if top is not None:
        if measure != "mean_score":
            raise fail("evidence.maximum", f"a proven maximum is headroom for a score task (this one's measure is {measure})")
        if refs and refs["heuristic"]["value"] > HEADROOM_OF_MAXIMUM * top:
            raise fail("evidence.maximum", f"the heuristic's mean score {refs['heuristic']['value']:g} is not at least "
                       f"10% below the maximum {top:g}: no headroom by this rule")
    if refs and measure == "elo" and "pool_wins" not in refs:
        raise fail("references.pool_wins", "an elo task's references hold the pool's wins matrix")
    return Task(t["id"], t["title"], t["env"], game, {**kwargs, pkw: n}, n,
                seats, tuple(t["opponents"]), measure, (first, last), t0, t["episodes"], dict(t["evidence"]),
                refs, tuple(t.get("reference_pool") or ()), int(t.get("pool_games") or 0), t)


def check_agent(task: Task, spec: str) -> str:
    """``spec`` checked for ``task``'s game and options: the spec, or a ConfigError naming both."""
    from boardgym.agents.specs import check_spec

    try:
        check_spec(spec, task.game, task.game_kwargs)
    except ConfigError as exc:
        raise ConfigError(f"task {task.id!r}: {exc}") from None
    return spec
