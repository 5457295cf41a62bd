"""The manifest of the shipped pretrained policies: read, checked against its schema, looked up.

``manifest.json`` (beside this module, or in the folder ``$BOARDGYM_PRETRAINED_DIR`` names) lists
every policy: its name, game, the game options it was trained and measured for, the Gym id,
observation size and action count, its ``.npz`` file with that file's sha256 and size, how it
was made (method, command, resolved run config, seed, git commit, date) and its measured figures.
``defaults`` names, once per game, the policy that ``pretrained`` (no name) plays.

The schema (``schema/manifest.schema.json``) is loaded and held to the content packs' discipline
by ``boardgym.core.content`` (the mechanism every game's pack goes through); a manifest that
breaks it is refused naming the entry and field.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from boardgym.core.content import load_json, load_schemas, validate
from boardgym.core.errors import ConfigError, ContentError

HERE = Path(__file__).resolve().parent
SCHEMA_DIR = HERE / "schema"
ENV_VAR = "BOARDGYM_PRETRAINED_DIR"
FORMAT = 1


def policies_folder(folder: str | Path | None = None) -> Path:
    """The folder holding ``manifest.json`` and the ``.npz`` files: ``folder`` if given, else
    ``$BOARDGYM_PRETRAINED_DIR`` if set, else the package's own."""
    if folder is not None:
        return Path(folder)
    env = os.environ.get(ENV_VAR)
    return Path(env) if env else HERE


def empty_manifest() -> dict:
    return {"format": FORMAT, "defaults": {}, "policies": []}


def sha256_of(path: str | Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@dataclass(frozen=True)
class Entry:
    """One manifest entry (``doc`` holds every field) and the folder its file lies in."""

    doc: dict
    folder: Path

    @property
    def name(self) -> str:
        return self.doc["name"]

    @property
    def game(self) -> str:
        return self.doc["game"]

    @property
    def path(self) -> Path:
        return self.folder / self.doc["file"]

    def options_text(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in sorted(self.doc["options"].items())) or "the game's defaults"


class Manifest:
    """A checked manifest: ``entries(game)``, ``find(game, name)``, ``default_name(game)``."""

    def __init__(self, doc: dict, folder: Path, file: str):
        self.doc, self.folder, self.file = doc, Path(folder), file
        self.policies = [Entry(p, self.folder) for p in doc["policies"]]
        by_name = {e.name: e for e in self.policies}
        for game, name in doc["defaults"].items():
            entry = by_name.get(name)
            if entry is None or entry.game != game:
                have = [e.name for e in self.policies if e.game == game]
                raise ContentError(file, "defaults", game, f"the default policy {name!r} is not a policy of "
                                   f"{game!r} in this manifest (its policies: {have or 'none'})")

    def entries(self, game: str | None = None) -> list[Entry]:
        return [e for e in self.policies if game is None or e.game == game]

    def default_name(self, game: str) -> str | None:
        return self.doc["defaults"].get(game)

    def find(self, game: str, name: str | None = None) -> Entry:
        """The policy ``name`` of ``game`` (its default without a name); a ConfigError in player
        words (what exists for that game) otherwise."""
        have = [e.name for e in self.entries(game)]
        other = next((e for e in self.policies if e.name == name), None) if name else None
        where = f" ({name!r} is a policy of {other.game!r})" if other is not None and other.game != game else ""
        if not have:
            raise ConfigError(f"there is no pretrained policy for {game!r} yet{where} "
                              f"(games with one: {', '.join(sorted({e.game for e in self.policies})) or 'none'}); "
                              f"train one with `python -m boardgym.train` and ship it with "
                              f"`python -m boardgym.train.export_pretrained runs/NAME --name NAME`")
        if name is None:
            name = self.default_name(game)
            if name is None:
                raise ConfigError(f"{game!r} has pretrained policies ({', '.join(have)}) but none is its "
                                  f"default; name one: pretrained:{have[0]}")
        for e in self.entries(game):
            if e.name == name:
                return e
        raise ConfigError(f"no pretrained policy {name!r} for {game!r}{where}; "
                          f"the ones for {game!r}: {', '.join(have)}")


def fitting(manifest: "Manifest", game, name: str | None = None) -> Entry:
    """The entry that plays the configured ``game`` (a Game object): the one named, or without a
    name the game's policy trained for these options (its declared default first, then the
    manifest's order); a ConfigError saying what exists when none fits."""
    from .weights import mismatch_error, options_mismatch

    game_name = game.info.name
    if name is not None:
        entry = manifest.find(game_name, name)
        why = options_mismatch(entry, game)
        if why:
            raise mismatch_error(entry, why)
        return entry
    default = manifest.find(game_name, None) if manifest.default_name(game_name) else None
    candidates = ([default] if default is not None else []) + [e for e in manifest.entries(game_name)
                                                               if e is not default]
    if not candidates:
        manifest.find(game_name, None)   # raises: nothing for this game
    whys = []
    for entry in candidates:
        why = options_mismatch(entry, game)
        if why is None:
            return entry
        whys.append(why)
    if len(whys) == 1:
        raise mismatch_error(candidates[0], whys[0])
    raise ConfigError(f"no pretrained policy of {game_name} was trained for this game's options: "
                      + "; ".join(f"{e.name} plays {e.options_text()}" for e in candidates)
                      + "; play one of those, or train and export a policy for these options")


def load_manifest(folder: str | Path | None = None) -> Manifest:
    """The folder's manifest, checked against the schema; a missing manifest is an empty one
    (no policies shipped). A malformed one raises ContentError naming the entry and field."""
    folder = policies_folder(folder)
    path = folder / "manifest.json"
    if not os.path.lexists(path):
        return Manifest(empty_manifest(), folder, str(path))
    doc = load_json(path)  # a bounded read: a regular file inside the folder
    schemas = load_schemas(str(SCHEMA_DIR))
    validate(doc, schemas["manifest"], str(path), schemas=schemas)
    return Manifest(doc, folder, str(path))


def write_manifest(doc: dict, folder: str | Path | None = None) -> Path:
    """Write ``doc`` as the folder's manifest after checking it (nothing is written if it
    breaks the schema)."""
    folder = policies_folder(folder)
    path = folder / "manifest.json"
    schemas = load_schemas(str(SCHEMA_DIR))
    validate(doc, schemas["manifest"], str(path), schemas=schemas)
    Manifest(doc, folder, str(path))
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(doc, indent=2, sort_keys=False) + "\n")
    tmp.replace(path)
    return path
