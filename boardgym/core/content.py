"""Content packs: JSON data files validated by JSON Schema, errors naming file, entry, field."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from .errors import ContentError


def _entry_name(doc, path) -> str:
    """The id (or index) of the list entry a JSON pointer path goes through."""
    node = doc
    for key in path:
        if isinstance(node, list) and isinstance(key, int):
            item = node[key] if key < len(node) else None
            if isinstance(item, dict) and "id" in item:
                return str(item["id"])
            return f"#{key}"
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
    return "<file>"


def _field_name(path) -> str:
    parts = [str(p) for p in path]
    # drop the "<list>/<index>" prefix that names the entry
    for i, p in enumerate(parts):
        if p.isdigit():
            parts = parts[i + 1:]
            break
    return ".".join(parts) or "<entry>"


def load_json(path: Path) -> object:
    try:
        return json.loads(Path(path).read_text())
    except FileNotFoundError:
        raise ContentError(str(path), "<file>", "<file>", "file not found") from None
    except json.JSONDecodeError as exc:
        raise ContentError(str(path), "<file>", f"line {exc.lineno}", f"not JSON: {exc.msg}") from None


def _most_specific(err):
    """Descend into oneOf/anyOf failures: prefer the branch whose ``kind`` tag matched (a tagged
    union), then the deepest error inside it."""
    while err.context:
        branches = {}
        for sub in err.context:
            branches.setdefault(sub.schema_path[0] if sub.schema_path else 0, []).append(sub)
        tagged = [errs for errs in branches.values()
                  if not any(list(e.relative_path)[-1:] == ["kind"] for e in errs)]
        pool = tagged[0] if len(tagged) == 1 else [e for errs in branches.values() for e in errs]
        best = max(pool, key=lambda e: len(e.absolute_path))
        if len(tagged) != 1 and len(best.absolute_path) <= len(err.absolute_path):
            break
        err = best
    return err


def validate(doc, schema: dict, file: str) -> None:
    """Raise ContentError for the most specific schema violation in ``doc``."""
    validator = jsonschema.Draft202012Validator(schema)
    errors = list(validator.iter_errors(doc))
    if not errors:
        return
    best = _most_specific(jsonschema.exceptions.best_match(errors))
    path = list(best.absolute_path)
    if best.validator == "required":
        missing = best.message.split("'")[1] if "'" in best.message else ""
        path.append(missing)
    raise ContentError(file, _entry_name(doc, path), _field_name(path), best.message)


def load_pack(content_dir: Path, schema_dir: Path, files: dict[str, str]) -> dict[str, object]:
    """Load ``{name: schema base name}`` files from a pack folder, each validated.

    ``files={"swag": "swag", "mcguffins": "swag"}`` reads ``mcguffins.json`` against
    ``schema/swag.schema.json``. Returns ``{name: document}``.
    """
    docs = {}
    for name, schema_name in files.items():
        path = Path(content_dir) / f"{name}.json"
        schema = load_json(Path(schema_dir) / f"{schema_name}.schema.json")
        doc = load_json(path)
        validate(doc, schema, str(path))
        docs[name] = doc
    return docs


def check_unique_ids(entries, file: str, key: str = "id") -> None:
    seen = set()
    for e in entries:
        if e[key] in seen:
            raise ContentError(file, str(e[key]), key, "duplicate id")
        seen.add(e[key])
