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


def unexplained_bounds(schema_dir) -> list[str]:
    """Strict schemas (core/content.py) with no problems, and the places of every integer bound
    that does not say why in its description (each game's pack test asserts there are none)."""
    from boardgym.core.content import load_schemas

    schemas = load_schemas(str(schema_dir))
    missing = []

    def walk(node, where):
        if isinstance(node, dict):
            if node.get("type") == "integer" and "description" not in node:
                missing.append(where)
            for k, v in node.items():
                walk(v, f"{where}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{where}/{i}")

    for name, doc in schemas.docs.items():
        assert schemas.problems(name) == [], name
        walk(doc, name)
    return missing
