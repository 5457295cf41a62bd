"""Edited copies of a game's shipped content pack, for tests that a broken pack is refused."""
from __future__ import annotations

import json
import shutil
from pathlib import Path


def edited_pack(shipped: Path, tmp_path: Path, name: str, edit) -> str:
    """Copy the pack folder ``shipped`` to ``tmp_path/pack`` and apply ``edit(doc)`` in place to
    the document of its ``<name>.json``; returns the copy's folder."""
    dst = Path(tmp_path) / "pack"
    shutil.copytree(shipped, dst)
    path = dst / f"{name}.json"
    doc = json.loads(path.read_text())
    edit(doc)
    path.write_text(json.dumps(doc))
    return str(dst)
