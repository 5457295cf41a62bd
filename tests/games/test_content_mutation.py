"""Content packs fail at load or play safely, for every game: seeded mutations of the shipped pack.

For every registered game the shipped content (``boardgym.games.<game>.content.DEFAULT_PACK``)
is copied to a temporary pack and mutated: an entry dropped or duplicated (as is, or under a
fresh id), an id duplicated, a field deleted, a value of the wrong type, a list emptied, a number
made negative, huge or nudged, a string replaced by a dangling reference or by another string of
the same file, an unknown key added, a file removed. The game is then built with that pack under
each of its registered ``test_configs``. Each mutation must either be refused at construction
with a ``ContentError`` that names a file of the pack, the entry and the field, or the game must
play seeded random games to the end with every invariant holding, a legal action at every
decision and observations inside ``[-1, 1]``.
"""
from __future__ import annotations

import copy
import importlib
import json
import shutil
import warnings
import zlib
from pathlib import Path

import numpy as np
import pytest

from boardgym.core.content import load_schemas
from boardgym.core.errors import WHOLE_FILE, ContentError
from boardgym.envs.registry import test_configs as configs_of
from boardgym.games import GAMES, game_class, make_game

from .soundness import play_sound

MUTATIONS = 10         # per game in make test
SLOW_MUTATIONS = 300   # per game with -m slow
GAMES_PER_CONFIG = 1      # seeded games played per config with a pack that loads, in make test
SLOW_GAMES_PER_CONFIG = 2 # with -m slow

KINDS = ("drop", "duplicate", "duplicate_fresh", "duplicate_id", "delete_field", "wrong_type",
         "empty_list", "negative", "huge", "nudge", "dangling", "other_string", "unknown_key",
         "remove_file")
WRONG_VALUES = ("text", 3, 2.5, True, None, [], {}, [1], {"x": 1})


def shipped_pack(game: str) -> Path:
    """Every game package's ``content`` module names its shipped pack (the contract a new game
    joins by)."""
    return Path(importlib.import_module(f"boardgym.games.{game}.content").DEFAULT_PACK)


# -- mutations ---------------------------------------------------------------------------------
def _nodes(doc, path=()):
    """(path, node) of every node of a JSON document, the root first."""
    yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _nodes(v, path + (i,))


def _get(doc, path):
    for k in path:
        doc = doc[k]
    return doc


def _set(doc, path, value):
    _get(doc, path[:-1])[path[-1]] = value


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def _mutate(docs: dict, kind: str, rng) -> str | None:
    """Apply one mutation of ``kind`` to one of ``docs`` ({relative path: document}) in place;
    returns what was done, or None if the pack has no place for it."""
    name = sorted(docs)[int(rng.integers(len(docs)))]
    doc = docs[name]
    nodes = list(_nodes(doc))
    if kind == "remove_file":
        del docs[name]
        return f"{name}: file removed"

    def pick(pred):
        cands = [(p, n) for p, n in nodes if pred(p, n)]
        return cands[int(rng.integers(len(cands)))] if cands else (None, None)

    if kind in ("drop", "duplicate", "empty_list"):
        p, lst = pick(lambda p, n: isinstance(n, list) and n)
        if p is None:
            return None
        i = int(rng.integers(len(lst)))
        if kind == "drop":
            lst.pop(i)
        elif kind == "duplicate":
            lst.insert(i, copy.deepcopy(lst[i]))
        else:
            lst.clear()
        return f"{name}: {kind} at {'.'.join(map(str, p))}[{i}]"
    if kind in ("duplicate_fresh", "duplicate_id"):
        p, lst = pick(lambda p, n: isinstance(n, list) and len(n) >= 2
                      and all(isinstance(e, dict) and "id" in e for e in n))
        if p is None:
            return None
        i, j = (int(x) for x in rng.choice(len(lst), 2, replace=False))
        if kind == "duplicate_fresh":
            entry = copy.deepcopy(lst[i])
            entry["id"] = f"mut{int(rng.integers(10**6))}" if isinstance(entry["id"], str) else entry["id"]
            lst.append(entry)
            return f"{name}: entry {lst[i]['id']!r} copied as {entry['id']!r} at {'.'.join(map(str, p))}"
        lst[i]["id"] = lst[j]["id"]
        return f"{name}: id {lst[j]['id']!r} given to entry #{i} of {'.'.join(map(str, p))}"
    if kind in ("delete_field", "unknown_key"):
        p, obj = pick(lambda p, n: isinstance(n, dict) and (n or kind == "unknown_key"))
        if p is None:
            return None
        if kind == "unknown_key":
            obj["mut_unknown_key"] = 1
            return f"{name}: unknown key added at {'.'.join(map(str, p)) or '<root>'}"
        k = sorted(obj)[int(rng.integers(len(obj)))]
        del obj[k]
        return f"{name}: field {'.'.join(map(str, p + (k,)))} deleted"
    if kind == "wrong_type":
        p, node = pick(lambda p, n: len(p) > 0)
        if p is None:
            return None
        options = [v for v in WRONG_VALUES if type(v) is not type(node)]
        value = copy.deepcopy(options[int(rng.integers(len(options)))])
        _set(doc, p, value)
        return f"{name}: {'.'.join(map(str, p))} = {value!r} (was {type(node).__name__})"
    if kind in ("negative", "huge", "nudge"):
        p, node = pick(lambda p, n: len(p) > 0 and _is_int(n))
        if p is None:
            return None
        value = {"negative": (-1, -10**9)[int(rng.integers(2))], "huge": 10**9,
                 "nudge": node + (1, -1)[int(rng.integers(2))]}[kind]
        _set(doc, p, value)
        return f"{name}: {'.'.join(map(str, p))} = {value} (was {node})"
    if kind in ("dangling", "other_string"):
        p, node = pick(lambda p, n: len(p) > 0 and isinstance(n, str))
        if p is None:
            return None
        if kind == "dangling":
            value = "mut_no_such_thing"
        else:
            others = sorted({n for _, n in nodes if isinstance(n, str) and n != node})
            if not others:
                return None
            value = others[int(rng.integers(len(others)))]
        _set(doc, p, value)
        return f"{name}: {'.'.join(map(str, p))} = {value!r} (was {node!r})"
    raise ValueError(kind)


def mutated_pack(game: str, seed: int, dst: Path) -> str:
    """Write a seeded mutation of ``game``'s shipped pack to ``dst``; returns its description."""
    src = shipped_pack(game)
    docs = {f.relative_to(src).as_posix(): json.loads(f.read_text()) for f in sorted(src.rglob("*.json"))}
    rng = np.random.default_rng([seed, zlib.crc32(game.encode())])
    what = None
    while what is None:
        what = _mutate(docs, KINDS[int(rng.integers(len(KINDS)))], rng)
    shutil.rmtree(dst, ignore_errors=True)
    for rel, doc in docs.items():
        (dst / rel).parent.mkdir(parents=True, exist_ok=True)
        (dst / rel).write_text(json.dumps(doc))
    return what


# -- checks ------------------------------------------------------------------------------------
def check_refusal(err: ContentError, pack: Path, what: str) -> None:
    """The error names a file of the pack, the entry and the field, in its message too (an entry
    or field that is the whole file, ``<file>``, is left out of the words)."""
    file = Path(err.file)
    assert file.resolve().is_relative_to(pack.resolve()), f"{what}: error names {err.file}, not a pack file"
    assert file.suffix == ".json", f"{what}: {err.file}"
    assert isinstance(err.entry, str) and err.entry, f"{what}: no entry in {err}"
    assert isinstance(err.field, str) and err.field, f"{what}: no field in {err}"
    msg = str(err)
    assert err.file in msg and "<file>" not in msg, msg
    assert all(repr(name) in msg for name in (err.entry, err.field) if name != WHOLE_FILE), msg


def run_mutation(game_name: str, seed: int, tmp: Path, games: int = GAMES_PER_CONFIG) -> tuple[int, int]:
    """Refused, or ``games`` seeded games played, under every test config. Returns (configs refused, configs played)."""
    pack = tmp / f"{game_name}-{seed}"
    what = mutated_pack(game_name, seed, pack)
    refused = played = 0
    for cfg in configs_of(game_name):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # advice warnings (e.g. Paleo 4 groups at level 1)
                game = make_game(game_name, **cfg, content_pack=str(pack))
        except ContentError as err:
            check_refusal(err, pack, f"{what} under {cfg}")
            refused += 1
            continue
        for k in range(games):
            play_sound(game.new_initial_state(), 1000 * seed + k, f"{what} under {cfg}")
        played += 1
    return refused, played


@pytest.mark.parametrize("game_name", GAMES)
def test_every_game_declares_its_pack_and_strict_schemas(game_name):
    """The content contract a new game joins by: ``content.DEFAULT_PACK`` and ``SCHEMA_DIR``, a
    ``content_pack`` option, schemas that pass ``schema_problems`` (bounded numbers, closed
    objects, tables with minItems, unique ids) and a shipped pack that loads under every config."""
    mod = importlib.import_module(f"boardgym.games.{game_name}.content")
    assert Path(mod.DEFAULT_PACK).is_dir() and Path(mod.SCHEMA_DIR).is_dir()
    schemas = load_schemas(str(mod.SCHEMA_DIR))
    assert schemas.docs
    for name in schemas.docs:
        assert schemas.problems(name) == [], name
    assert "content_pack" in game_class(game_name).info.defaults
    for cfg in configs_of(game_name):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            make_game(game_name, **cfg, content_pack=str(mod.DEFAULT_PACK))


@pytest.mark.parametrize("game_name", GAMES)
def test_mutated_packs_are_refused_or_play(game_name, tmp_path):
    refused = played = 0
    for seed in range(3 * MUTATIONS):  # at least MUTATIONS, more until both outcomes are seen
        r, p = run_mutation(game_name, seed, tmp_path)
        refused, played = refused + r, played + p
        if seed + 1 >= MUTATIONS and refused and played:
            break
    assert refused and played, (refused, played)  # the sweep exercises both outcomes


@pytest.mark.slow
@pytest.mark.parametrize("game_name", GAMES)
def test_mutated_packs_large_sweep(game_name, tmp_path):
    for seed in range(MUTATIONS, MUTATIONS + SLOW_MUTATIONS):
        run_mutation(game_name, seed, tmp_path, SLOW_GAMES_PER_CONFIG)
