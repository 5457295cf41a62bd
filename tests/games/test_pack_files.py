"""Every game's content loader refuses a malformed pack fast, by name, and reads nothing
unbounded (boardgym/core/files.py, core/content.py): for every registered game, a pack path that
is not a pack folder, a pack file that is not a regular file inside the folder, a file nested
100,000 deep or holding a 5,000-digit number, ``2.0`` where an integer belongs, a table far
longer than its schema allows and a file too big are each refused with a ``ContentError`` naming
the path, within seconds.

Whatever could hang or eat memory on a loader without these checks (a FIFO, ``/``, a link to
``/dev/zero``) runs under an alarm or in a child process with a memory limit, so such a loader
fails these tests instead of hanging them.
"""
from __future__ import annotations

import contextlib
import io
import importlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardgym.core.content import Schemas, validate
from boardgym.core.errors import ContentError
from boardgym.games import GAMES, make_game

from .test_content_mutation import shipped_pack

ROOT = Path(__file__).parents[2]


class TookTooLong(AssertionError):
    pass


@contextlib.contextmanager
def within(seconds: float):
    """Fail (instead of hanging) when the block runs longer than ``seconds``."""
    def ring(*_):
        raise TookTooLong(f"still loading after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def refused(game: str, pack, words: str = "", seconds: float = 10) -> ContentError:
    """``make_game`` with ``content_pack=pack`` raises a ContentError naming ``pack`` or a file
    in it (and saying ``words``), within ``seconds``."""
    with within(seconds), pytest.raises(ContentError) as err:
        make_game(game, content_pack=str(pack))
    assert str(pack) in str(err.value), str(err.value)
    assert words in str(err.value), str(err.value)
    return err.value


def _copy(game, tmp_path) -> Path:
    dst = tmp_path / "pack"
    shutil.copytree(shipped_pack(game), dst)
    return dst


def _first_file(pack: Path) -> Path:
    """A pack file every game reads whatever its options (the top-level JSON files are each read)."""
    return sorted(pack.glob("*.json"))[0]


def _top_files(game) -> list[str]:
    return sorted(p.name for p in shipped_pack(game).glob("*.json"))


# -- the folder a content_pack option names ------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_pack_path_that_is_not_a_pack_folder_is_refused_by_name(game, tmp_path):
    refused(game, "/", "root of the file system", seconds=5)      # was: a walk of every folder
    refused(game, tmp_path / "nothing", "no such folder")
    refused(game, _first_file(shipped_pack(game)), "not a folder")
    (tmp_path / "gone").symlink_to(tmp_path / "nowhere")
    refused(game, tmp_path / "gone", "leads nowhere")
    with within(5), pytest.raises(ContentError, match="empty"):
        make_game(game, content_pack="")                          # was: the current folder


@pytest.mark.parametrize("game", GAMES)
def test_pack_files_that_are_not_regular_files_inside_the_folder_are_refused(game, tmp_path):
    pack = _copy(game, tmp_path)
    target = _first_file(pack)
    outside = tmp_path / "outside.json"
    outside.write_bytes(target.read_bytes())
    for make, words in ((lambda p: os.mkfifo(p), "pipe"),                   # was: a hang
                        (lambda p: p.symlink_to(tmp_path / "nowhere.json"), "leads nowhere"),
                        (lambda p: p.symlink_to(outside), "leads out of the folder"),
                        (lambda p: p.mkdir(), "a folder, not a file")):
        target.unlink() if not target.is_dir() else target.rmdir()
        make(target)
        err = refused(game, pack, words, seconds=5)
        assert err.file == str(target)


DEV_ZERO = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (768 << 20, 768 << 20))
from boardgym.core.errors import ContentError
from boardgym.games import make_game
try:
    make_game(sys.argv[1], content_pack=sys.argv[2])
except ContentError as exc:
    print("refused:", exc)
"""


@pytest.mark.parametrize("game", GAMES)
def test_a_link_to_dev_zero_is_refused_unread(game, tmp_path):
    """Run in a child process with 768 MB of memory and a time limit: a loader that reads the
    link fails here with MemoryError or the timeout, never taking the machine's memory."""
    pack = _copy(game, tmp_path)
    target = _first_file(pack)
    target.unlink()
    target.symlink_to("/dev/zero")
    env = dict(os.environ, PYTHONPATH=str(ROOT), OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    proc = subprocess.run([sys.executable, "-c", DEV_ZERO, game, str(pack)], capture_output=True, text=True,
                          timeout=60, env=env, cwd=ROOT)
    assert proc.stdout.startswith(f"refused: {target}"), proc.stdout + proc.stderr[-500:]
    assert "leads out of the folder" in proc.stdout or "device" in proc.stdout, proc.stdout


# -- what a file holds ----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_deep_nesting_and_long_numbers_are_refused_naming_the_file(game, tmp_path):
    pack = _copy(game, tmp_path)
    target = _first_file(pack)
    good = target.read_text()
    target.write_text("[" * 100_000 + "]" * 100_000)                 # was: a bare RecursionError
    assert refused(game, pack, "nested too deeply", seconds=5).file == str(target)
    target.write_text('{"version": 1' + "0" * 5000 + "}")           # was: a bare ValueError
    assert refused(game, pack, "a number too long", seconds=5).file == str(target)
    target.write_text(good.replace("{", '{"x": NaN, ', 1))
    assert refused(game, pack, "NaN is not a JSON number", seconds=5).file == str(target)


def _floats(node):
    """The document with every integer written with a decimal point (2 -> 2.0)."""
    if isinstance(node, dict):
        return {k: _floats(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_floats(v) for v in node]
    if isinstance(node, int) and not isinstance(node, bool):
        return float(node)
    return node


@pytest.mark.parametrize("game", GAMES)
def test_a_decimal_point_where_an_integer_belongs_is_refused_in_every_file(game, tmp_path):
    """Every file of the shipped pack with its integers written as 2.0: the schema refuses it
    naming the file, where ``2.0`` used to pass and crash the game later (Tides' skill counts,
    crew HP, block, equip costs, boss values; Primeval Peril's starting copies) or load."""
    shipped = shipped_pack(game)
    files = _top_files(game) + [f"modules/{p.name}" for p in sorted((shipped / "modules").glob("*.json"))[:1]]
    for name in files:
        pack = tmp_path / name.replace("/", "_")
        shutil.copytree(shipped, pack)
        doc = json.loads((pack / name).read_text())
        if json.dumps(_floats(doc)) == json.dumps(doc):
            continue  # a file without integers
        (pack / name).write_text(json.dumps(_floats(doc)))
        err = refused(game, pack, "is not a whole number")
        assert err.file == str(pack / name), str(err)


def _schema_folders() -> list[Path]:
    games = [Path(importlib.import_module(f"boardgym.games.{g}.content").SCHEMA_DIR) for g in GAMES]
    from boardgym.pretrained.manifest import SCHEMA_DIR as PRETRAINED

    return games + [ROOT / "boardgym" / "games" / "sleeping_gods" / "schema", Path(PRETRAINED)]


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _integers(node, where=""):
    """(place, subschema, an integer it accepts) of every integer field: ``type: integer``, or a
    ``const`` / ``enum`` of integers."""
    if isinstance(node, dict):
        if _is_int(node.get("const")):
            yield where, node, node["const"]
        elif isinstance(node.get("enum"), list) and any(_is_int(e) for e in node["enum"]):
            yield where, node, next(e for e in node["enum"] if _is_int(e))
        elif node.get("type") == "integer":
            yield where, node, node.get("minimum", node.get("exclusiveMinimum", -1) + 1)
        for k, v in node.items():
            if k not in ("const", "enum"):
                yield from _integers(v, f"{where}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _integers(v, f"{where}/{i}")


def test_every_integer_field_of_every_schema_refuses_a_decimal_point():
    """JSON Schema (draft 2020) counts 2.0 as an integer (and as equal to a ``const`` 2); every
    schema the project loads (each game's, the shared Sleeping Gods one, the pretrained
    manifest's) refuses it."""
    seen = 0
    for folder in _schema_folders():
        schemas = Schemas(folder)
        for name, doc in schemas.docs.items():
            for where, node, value in _integers(doc):
                validate(value, node, f"{name}{where}")
                with pytest.raises(ContentError, match="not a whole number"):
                    validate(float(value), node, f"{name}{where}")
                seen += 1
    assert seen > 100


# -- too much -------------------------------------------------------------------------------------
def _longest_table(doc) -> tuple[str, list]:
    tables = [(k, v) for k, v in doc.items() if isinstance(v, list) and v] if isinstance(doc, dict) else []
    return max(tables, key=lambda kv: len(kv[1]))


@pytest.mark.parametrize("game", GAMES)
def test_a_table_far_too_long_is_refused_on_its_count_at_once(game, tmp_path):
    """A file's longest table repeated to about 0.8 MB: refused on its count ("at most N")
    before any entry is checked (entry by entry it took seconds); a file over 1 MiB on its size,
    unread."""
    pack = _copy(game, tmp_path)
    for target in sorted(pack.glob("*.json")):
        doc = json.loads(target.read_text())
        if isinstance(doc, dict) and any(isinstance(v, list) and v for v in doc.values()):
            break
    key, table = _longest_table(doc)
    times = 800_000 // len(json.dumps(table)) + 1
    doc[key] = table * times
    target.write_text(json.dumps(doc))
    start = time.perf_counter()
    err = refused(game, pack, "; at most ")
    assert err.file == str(target) and err.field == key, str(err)
    assert time.perf_counter() - start < 3
    target.write_text(" " * (2 << 20) + "{}")
    start = time.perf_counter()
    assert refused(game, pack, "is too big").file == str(target)
    assert time.perf_counter() - start < 2


@pytest.mark.parametrize("game", GAMES)
def test_boardgym_validate_checks_every_games_pack_as_the_game_loads_it(game, tmp_path):
    """``boardgym validate GAME [--pack DIR]`` for every registered game: the shipped pack is ok
    (exit 0, one line); a pack whose file breaks its schema is one fault line (exit 2) naming
    the file and the field in a pack author's words (no path the author typed, no placeholder),
    saying what ``make_game(content_pack=DIR)`` says of it."""
    from ..test_cli import run

    rc, out = run(["validate", game], io.StringIO())
    assert rc == 0 and ": ok, " in out and len(out.splitlines()) == 1, out
    pack = _copy(game, tmp_path)
    target = _first_file(pack)
    doc = json.loads(target.read_text())
    doc["colour"] = "red"
    target.write_text(json.dumps(doc))
    rc, out = run(["validate", game, "--pack", str(pack)], io.StringIO())
    lines = out.splitlines()
    assert rc == 2 and lines[0] == f"{pack}: 1 fault", out
    assert lines[1].startswith(f"  {target.name}: colour: unknown key 'colour'"), out
    assert refused(game, pack, "colour").message in lines[1] and "<file>" not in out, out


@pytest.mark.parametrize("game", GAMES)
def test_boardgym_validate_names_a_file_it_cannot_parse(game, tmp_path):
    """``boardgym validate GAME --pack DIR`` for every game: a file nested too deeply or holding
    a 5,000-digit number is a fault line naming it (exit 2), not a traceback; a pack path that
    is not a pack folder is refused as ``make_game`` refuses it."""
    from ..test_cli import run

    pack = _copy(game, tmp_path / game)
    target = _first_file(pack)
    for text, words in (("[" * 100_000 + "]" * 100_000, "nested too deeply"),
                        ('{"version": 1' + "0" * 5000 + "}", "a number too long to read")):
        target.write_text(text)
        with within(10):
            rc, out = run(["validate", game, "--pack", str(pack)], io.StringIO())
        assert rc == 2 and target.name in out and words in out, out
    for path, words in (("", "the content pack path is empty"), ("/", "root of the file system"),
                        (str(target), "not a folder but a file")):
        with within(10):
            rc, out = run(["validate", game, "--pack", path], io.StringIO())
        assert rc == 2 and words in out, out                     # '' was: the shipped pack
