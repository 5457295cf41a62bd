"""``boardgym validate GAME [--pack DIR]`` for every game: a content pack checked as the game
loads it, each fault one line in a pack author's words.

A game whose package holds its own ``validate`` module (Primeval Peril: every fault at once,
and its storybook as a graph) is checked by it; any other game by ``check_pack`` here, which
builds a game from the pack with ``make_game(game, content_pack=DIR)``, so the check is exactly
what ``gym.make(..., content_pack=DIR)`` will accept: the files against their schemas, the
loader's cross-checks, then what the game's setup needs of the pack. Such a game stops at its
first fault, so that is the one line shown.

A fault names the file, the entry and the field where it has them, never the whole path a
person already typed: ``swag.json: entry 'swag03', field 'price': ...``. Exit status 0 with a
summary of the pack, or 2 with the faults.
"""
from __future__ import annotations

import importlib
import re
from pathlib import Path

from boardgym.core.errors import WHOLE_FILE, ContentError
from boardgym.core.files import pack_folder

from . import game_class, make_game

PLACES = (WHOLE_FILE, "<schema>", "<entry>")   # an entry or field that names no place


def describe(err: ContentError, entry_words: dict[str, str] | None = None) -> str:
    """A fault as one line: ``<file>: <kind> <entry>, <field>: <message>``; ``entry_words``
    names an entry of a table by what it is (``{"story": "section"}``), else "entry 'id'"."""
    table = Path(err.file).name.removesuffix(".json")
    entry = err.entry
    if entry in PLACES:
        where = ""
    elif entry.startswith("page ") or "[" in entry:
        where = f"{entry}, "
    elif entry_words and table in entry_words:
        where = f"{entry_words[table]} {entry}, "
    else:
        where = f"entry {entry!r}, "
    field = re.sub(r"\.(\d+)(?=\.|$)", r"[\1]", err.field)
    head = f"{Path(err.file).name}: {where}" if field in PLACES else f"{Path(err.file).name}: {where}{field}: "
    return head + err.message


def pack_files(folder: Path) -> list[str]:
    """The JSON files of a pack folder and of its subfolders, relative to it."""
    return sorted(p.relative_to(folder).as_posix() for p in [*folder.glob("*.json"), *folder.glob("*/*.json")])


def default_pack(game: str) -> Path:
    return importlib.import_module(f"boardgym.games.{game}.content").DEFAULT_PACK


def check_pack(game: str, pack: str | None = None) -> tuple[str | None, list[str]]:
    """``(summary or None, [fault lines])``: the pack folder ``pack`` (default: the game's
    shipped pack) loaded and a game of ``game`` built from it with its default options."""
    folder = default_pack(game) if pack is None else pack
    try:
        folder = pack_folder(folder)
    except ContentError as err:
        return None, [f"{pack!r}: {err.message}; a pack is a folder of the files of the shipped one "
                      f"({', '.join(pack_files(default_pack(game)))})"]
    try:
        g = make_game(game, content_pack=str(folder))
    except ContentError as err:   # any other refusal (a ConfigError) is the command's error line
        return None, [describe(err)]
    files = pack_files(folder)
    return f"{folder}: ok, {len(files)} files load and a game of {g.info.title} is set up from them", []


def run(game: str, pack: str | None, out) -> int:
    """The ``boardgym validate`` command: the game's own ``validate`` module where its package
    has one, else ``check_pack``; 0 and a summary line, or 2 and every fault found."""
    game_class(game)   # an unknown game is refused, naming the known ones
    try:
        own = importlib.import_module(f"boardgym.games.{game}.validate")
    except ModuleNotFoundError as exc:
        if exc.name != f"boardgym.games.{game}.validate":
            raise
        own = None
    if own is not None:
        return own.run(pack, out)
    summary, faults = check_pack(game, pack)
    return report(repr(pack) if pack == "" else (pack if pack is not None else default_pack(game)),
                  summary, faults, out)


def report(name, summary: str | None, faults: list[str], out) -> int:
    """Print the faults of the pack ``name`` (exit status 2) or its summary line (0)."""
    if faults:
        print(f"{name}: {len(faults)} fault{'s' if len(faults) != 1 else ''}", file=out)
        for line in faults:
            print(f"  {line}", file=out)
        return 2
    print(summary, file=out)
    return 0
