"""Content packs: JSON data files validated by JSON Schema, errors naming file, entry, field.

Every game loads its pack through this module, so the checks that hold for any game live here
once (docs/architecture.md, "Content packs"):

* **Schemas are strict by construction.** ``load_schemas`` refuses a game's schema folder unless
  every integer has a ``minimum`` and a ``maximum`` (a pack can never ask for 10**9 of
  anything), every object closes ``additionalProperties`` (unknown keys are refused) or, with
  no ``properties``, says outright what its values may be (a schema, or ``true`` where another
  check reads them: a game's options), every
  list states its ``maxItems`` (checked for the whole file before the entry-by-entry
  validation, so a table far too long is refused at once), every table (array of objects)
  states its ``minItems`` (an empty required table is refused), and
  every table whose entries carry an ``id`` declares ``uniqueBy`` (duplicate ids are refused
  instead of silently overwriting). Schemas of one folder may ``$ref`` each other by file name,
  and a schema another package shares by a relative path
  (``../../sleeping_gods/schema/enemy.schema.json``), held to the same discipline.
* **Two keywords beyond JSON Schema.** ``"uniqueBy": "id"`` (or a list of keys) on an array:
  no two entries share that key. ``"refersTo": "<kind>"`` on a string: it must be one of the
  ids of that kind the loader passes in ``refs`` (a tool, a card, a module), i.e. a reference
  that must exist.
* **Integers are whole numbers**: ``2.0`` is refused where an integer (or an integer ``const``
  / ``enum``) belongs, though JSON Schema's draft 2020 counts it as one.
* **Files are read bounded** (``files.read_bounded`` through ``load_json``): a regular file of
  at most ``MAX_CONTENT_BYTES`` inside its folder; JSON nested too deeply, a number too long to
  read and ``NaN`` / ``Infinity`` are refused naming the file. A ``content_pack`` path must name
  a folder (``files.pack_folder``).
* **Errors** are ``ContentError(file, entry, field, message)``: the entry is the id (or
  ``#index``) of the list entry the problem is in, ``<file>`` for file-level problems; the field
  is the dotted path inside the entry.
* **Options that ask the pack for something** (a scenario, a level, a module, seats that need
  characters) get ``ContentOptionError`` from ``lookup`` / ``require``: a ``ContentError`` that
  is also a ``ConfigError``, naming both the pack's file and the option.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from urllib.parse import urljoin

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .errors import ContentError, ContentOptionError
from .files import load_json, pack_folder, pack_stamp  # noqa: F401  (load_json: the games' reader)


class FrozenMap(dict):
    """A read-only mapping for loaded content: read as a dict, any change refused with a
    ``TypeError``. Unlike ``types.MappingProxyType`` it pickles and deep-copies, so a game (and an
    agent or worker that holds one) can be copied."""

    __slots__ = ()

    def _read_only(self, *args, **kwargs):
        raise TypeError(f"{type(self).__name__} is read-only: content does not change once loaded")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _read_only

    def __reduce__(self):
        return (FrozenMap, (dict(self),))


def _entry_name(doc, path) -> str:
    """The id of the list entry a JSON pointer path goes through, else ``<table>[index]``;
    ``<file>`` for a path through no list."""
    node, table = doc, ""
    for key in path:
        if isinstance(node, list) and isinstance(key, int):
            item = node[key] if key < len(node) else None
            if isinstance(item, dict) and isinstance(item.get("id"), (str, int)) and not isinstance(item["id"], bool):
                return str(item["id"])
            return f"{table}[{key}]"
        table = str(key)
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
    return "<file>"


def _short(value, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + " ..."


def _entries(n: int) -> str:
    return f"{n} entry" if n == 1 else f"{n} entries"


def _message(err) -> str:
    """The violation in words a pack author reads: no dumped instances; a bound's reason (the
    schema's description) after it."""
    v, value, inst = err.validator, err.validator_value, err.instance
    if v == "minItems":
        text = f"{_entries(len(inst))}; " + ("it must not be empty" if value == 1 else f"at least {value}")
    elif v == "maxItems":
        text = f"{_entries(len(inst))}; at most {value}"
    elif v == "uniqueItems":
        dup = next((x for i, x in enumerate(inst) if x in inst[:i]), None)
        text = f"{_short(dup)} appears twice"
    elif v == "additionalProperties" and isinstance(inst, dict):
        allowed = sorted(err.schema.get("properties", {}))
        extra = sorted(set(inst) - set(allowed))
        text = f"unknown key {extra[0]!r}" if extra else err.message
        if allowed:
            text += f"; allowed: {', '.join(allowed)}"
    elif v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        word = "below the minimum" if "inimum" in v else "above the maximum"
        text = f"{_short(inst)} is {word} {value}"
    elif v == "type" and isinstance(inst, float) and "integer" in _keys(value):
        text = f"{_short(inst)} is not a whole number: an integer is written without a decimal point"
    elif v in ("type", "enum", "const", "pattern", "minLength", "maxLength"):
        text = err.message if len(err.message) <= 160 else f"{_short(inst)}: wrong value ({v} {_short(value, 80)})"
    else:
        text = err.message if len(err.message) <= 200 else err.message[:195] + " ..."
    why = err.schema.get("description") if isinstance(err.schema, dict) else None
    if why and v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "const"):
        text += f" ({why})"
    return text


def _field_name(path) -> str:
    parts = list(path)
    # drop the "<list>/<index>" prefix that names the entry (list indices are ints; a dict key
    # that happens to be a digit, like a player count "2", is part of the field)
    for i, p in enumerate(parts):
        if isinstance(p, int):
            parts = parts[i + 1:]
            break
    return ".".join(str(p) for p in parts) or "<entry>"


# -- schema discipline --------------------------------------------------------------------------
def schema_problems(schema: dict, lookup=None) -> list[str]:
    """What makes a schema too loose for a content pack (see the module docstring), as
    ``"<json path>: <problem>"`` lines; empty if none. ``lookup(ref)`` resolves a ``$ref`` to
    its schema (for tables whose entries are given by reference)."""
    out = []

    def entry_schema(items):
        for _ in range(8):  # follow $ref (and the first part of an allOf) to the entry's shape
            if isinstance(items, dict) and "allOf" in items and items["allOf"]:
                items = items["allOf"][0]
            elif isinstance(items, dict) and "$ref" in items and lookup is not None:
                items = lookup(items["$ref"])
            else:
                break
        return items if isinstance(items, dict) else {}

    def walk(node, where):
        if isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{where}/{i}")
            return
        if not isinstance(node, dict):
            return
        kind = node.get("type")
        fixed = "enum" in node or "const" in node
        if kind in ("integer", "number") and not fixed:
            if not ({"minimum", "exclusiveMinimum"} & set(node) and {"maximum", "exclusiveMaximum"} & set(node)):
                out.append(f"{where}: a number needs a minimum and a maximum")
        if kind == "object" and "properties" in node and node.get("additionalProperties", True) is not False:
            out.append(f"{where}: an object needs additionalProperties: false (unknown keys are refused)")
        if kind == "object" and "properties" not in node and "additionalProperties" not in node:
            out.append(f"{where}: an object needs its properties, or additionalProperties said outright "
                       "(a schema for every value, or true where another check reads them)")
        if kind == "array" and not fixed:
            if "maxItems" not in node:
                out.append(f"{where}: a list needs maxItems (how many may a pack hold?)")
            items = entry_schema(node.get("items"))
            if items.get("type") == "object":
                if "minItems" not in node:
                    out.append(f"{where}: a table needs minItems (may it be empty?)")
                if "id" in items.get("required", ()) and "id" not in _keys(node.get("uniqueBy")):
                    out.append(f"{where}: a table of entries with ids needs uniqueBy: id")
        for k, v in node.items():
            if k not in ("enum", "const", "default", "examples"):
                walk(v, f"{where}/{k}")

    walk(schema, "")
    return out


def _path_refs(node) -> set[str]:
    """The documents a schema refers to by a relative path into another folder (a ``/`` in
    the file part of a ``$ref``)."""
    out = set()
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and "/" in ref.partition("#")[0]:
            out.add(ref.partition("#")[0])
        for k, v in node.items():
            if k not in ("enum", "const", "default", "examples"):
                out |= _path_refs(v)
    elif isinstance(node, list):
        for v in node:
            out |= _path_refs(v)
    return out


def _keys(value) -> list[str]:
    return [] if value is None else [value] if isinstance(value, str) else list(value)


def _dialectless(doc):
    """A schema as the registry holds it: without its ``$schema``. A ``$ref`` to a whole schema
    document that names its dialect would otherwise be checked by jsonschema's stock validator
    for that dialect, without this module's keywords and integer check (``_TYPES``)."""
    return {k: v for k, v in doc.items() if k != "$schema"} if isinstance(doc, dict) else doc


class Schemas:
    """Every ``*.schema.json`` of one game's schema folder, checked and cross-referenceable."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.docs: dict[str, dict] = {}
        registry = Registry()
        for path in sorted(self.folder.glob("*.schema.json")):
            doc = load_json(path)
            self.docs[path.name] = doc
            res = Resource.from_contents(_dialectless(doc), default_specification=DRAFT202012)
            registry = registry.with_resource(path.name, res)
            if "$id" in doc:
                registry = registry.with_resource(doc["$id"], res)
        self.paths = {name: self.folder / name for name in self.docs}
        for ref in sorted({r for doc in list(self.docs.values()) for r in _path_refs(doc)}):
            registry = self._add_shared(registry, ref)
        self.registry = registry.crawl()
        for name in self.docs:
            problems = self.problems(name)
            if problems:
                raise ContentError(str(self.paths[name]), "<schema>", problems[0].split(":")[0] or "/",
                                   "schema too loose for a content pack: " + "; ".join(problems[:5]))

    def _add_shared(self, registry, ref: str):
        """A schema another folder shares (``"$ref": "../../sleeping_gods/schema/enemy.schema.json"``),
        read relative to this folder and held to the same discipline. It is registered under
        the reference as written and as resolved against a file of this folder (which drops the
        leading ``..``), so it is found from a top-level schema and from one it refers to. A
        shared schema refers only inside itself."""
        path = (self.folder / ref).resolve()
        doc = load_json(path)
        if _path_refs(doc):
            raise ContentError(str(path), "<schema>", "$ref", "a shared schema may only refer inside "
                               f"itself (#/...), not to {sorted(_path_refs(doc))[0]!r}")
        self.docs[ref] = doc
        self.paths[ref] = path
        res = Resource.from_contents(_dialectless(doc), default_specification=DRAFT202012)
        for key in {ref, urljoin("x.schema.json", ref)}:
            registry = registry.with_resource(key, res)
        return registry

    def problems(self, name: str) -> list[str]:
        """``schema_problems`` of the schema file ``name``, its ``$ref``s resolved in the folder."""
        return schema_problems(self.docs[name], lambda ref: self._lookup(name, ref))

    def _lookup(self, base: str, ref: str):
        doc_name, _, pointer = ref.partition("#")
        doc = self.docs.get(doc_name or base, {})
        for part in [p for p in pointer.split("/") if p]:
            doc = doc.get(part, {}) if isinstance(doc, dict) else {}
        return doc

    def __getitem__(self, name: str) -> dict:
        """The schema ``<name>.schema.json``."""
        key = f"{name}.schema.json"
        if key not in self.docs:
            raise ContentError(str(self.folder / key), "<file>", "<file>", "schema file not found")
        return self.docs[key]


@lru_cache(maxsize=16)
def load_schemas(folder: str | Path) -> Schemas:
    """A game's schema folder, loaded and checked once (see ``schema_problems``)."""
    return Schemas(Path(folder))


# -- validation ---------------------------------------------------------------------------------
def _unique_by(validator, keys, instance, schema):
    if not validator.is_type(instance, "array"):
        return
    for key in _keys(keys):
        seen = {}
        for i, item in enumerate(instance):
            if not isinstance(item, dict) or key not in item:
                continue
            mark = json.dumps(item[key], sort_keys=True)
            if mark in seen:
                yield jsonschema.ValidationError(
                    f"duplicate {key} {item[key]!r}: entry #{seen[mark]} has the same {key}", path=[i, key])
            else:
                seen[mark] = i


def _is_integer(checker, instance) -> bool:
    """JSON Schema's draft 2020 counts ``2.0`` as an integer; a pack's counts, costs and ids are
    written as whole numbers, so a number with a decimal point is refused where one belongs."""
    return isinstance(instance, int) and not isinstance(instance, bool)


_TYPES = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer)
_STOCK = jsonschema.Draft202012Validator.VALIDATORS


def _not_whole(instance) -> jsonschema.ValidationError:
    return jsonschema.ValidationError(f"{_short(instance)} is not a whole number: an integer is written "
                                      "without a decimal point")


def _const(validator, const, instance, schema):
    """``const`` as JSON Schema, except that ``1.0`` is not the integer ``1``."""
    if isinstance(instance, float) and _is_integer(None, const):
        yield _not_whole(instance)
    else:
        yield from _STOCK["const"](validator, const, instance, schema)


def _enum(validator, enums, instance, schema):
    """``enum`` as JSON Schema, except that ``2.0`` is not the integer ``2``."""
    if isinstance(instance, float) and isinstance(enums, list) and any(_is_integer(None, e) for e in enums) \
            and not any(isinstance(e, float) and e == instance for e in enums):
        yield _not_whole(instance)
    else:
        yield from _STOCK["enum"](validator, enums, instance, schema)


def _validator_class(refs: dict | None):
    def refers_to(validator, kind, instance, schema):
        if not isinstance(instance, str):
            return
        if refs is None or kind not in refs:
            raise LookupError(f"the schema refers to {kind!r} ids but the loader passed none")
        known = refs[kind]
        if instance not in known:
            names = sorted(known)
            shown = ", ".join(map(repr, names[:12])) + (", ..." if len(names) > 12 else "")
            yield jsonschema.ValidationError(f"unknown {kind} {instance!r}; the pack has {shown or 'none'}")

    return jsonschema.validators.extend(jsonschema.Draft202012Validator,
                                        {"uniqueBy": _unique_by, "refersTo": refers_to, "const": _const,
                                         "enum": _enum}, type_checker=_TYPES)


def _too_many(doc, schema: dict, file: str, schemas: "Schemas | None") -> None:
    """Refuse a list longer than its schema's ``maxItems`` anywhere in ``doc`` before the
    entry-by-entry validation (which takes seconds on a table thousands of entries long): a
    walk of the lists and objects along ``properties``, ``items`` and ``$ref`` only."""
    base = next((n for n, d in schemas.docs.items() if d is schema), None) if schemas is not None else None
    todo = [(doc, schema, base, [])]
    while todo:
        node, sch, base, path = todo.pop()
        for _ in range(8):  # to the shape: a $ref (resolved in its folder), the first part of an allOf
            if isinstance(sch, dict) and isinstance(sch.get("$ref"), str) and schemas is not None and base is not None:
                ref = sch["$ref"]
                name = ref.partition("#")[0]
                if name and name not in schemas.docs:
                    break
                sch, base = schemas._lookup(base, ref), (name or base)
            elif isinstance(sch, dict) and isinstance(sch.get("allOf"), list) and sch["allOf"]:
                sch = sch["allOf"][0]
            else:
                break
        if not isinstance(sch, dict):
            continue
        if isinstance(node, list):
            cap = sch.get("maxItems")
            if isinstance(cap, int) and len(node) > cap:
                message = f"{_entries(len(node))}; at most {cap}"
                if sch.get("description"):
                    message += f" ({sch['description']})"
                raise ContentError(file, _entry_name(doc, path), _field_name(path) if path else "<file>", message)
            items = sch.get("items")
            if isinstance(items, dict):
                todo.extend((v, items, base, path + [i]) for i, v in enumerate(node) if isinstance(v, (list, dict)))
        elif isinstance(node, dict):
            props = sch.get("properties")
            if isinstance(props, dict):
                todo.extend((node[k], v, base, path + [k]) for k, v in props.items()
                            if k in node and isinstance(node[k], (list, dict)))


def _tagged(err) -> list:
    """The branches of a oneOf/anyOf failure (each a list of errors) whose ``kind`` tag matched;
    of several, those with the fewest violations."""
    branches = {}
    for sub in err.context or ():
        branches.setdefault(sub.schema_path[0] if sub.schema_path else 0, []).append(sub)
    tagged = [errs for errs in branches.values()
              if not any(list(e.relative_path)[-1:] == ["kind"] for e in errs)]
    if len(tagged) > 1:  # several branches take this kind: the one it breaks least
        fewest = min(len(errs) for errs in tagged)
        tagged = [errs for errs in tagged if len(errs) == fewest]
    return tagged


def _most_specific(err):
    """Descend into oneOf/anyOf failures: prefer the branch whose ``kind`` tag matched (a tagged
    union; of several, the one with the fewest violations), then the deepest error inside it."""
    while err.context:
        tagged = _tagged(err)
        pool = tagged[0] if len(tagged) == 1 else [e for e in err.context]
        best = max(pool, key=lambda e: len(e.absolute_path))
        if len(tagged) != 1 and len(best.absolute_path) <= len(err.absolute_path):
            break
        err = best
    return err


def validate(doc, schema: dict, file: str, refs: dict | None = None, schemas: Schemas | None = None) -> None:
    """Raise ContentError for the most specific schema violation in ``doc``.

    ``refs`` maps each ``refersTo`` kind to the ids that exist; ``schemas`` resolves ``$ref``s to
    the other schemas of the folder."""
    _too_many(doc, schema, file, schemas)
    cls = _validator_class(refs)
    validator = cls(schema, registry=schemas.registry) if schemas is not None else cls(schema)
    try:
        errors = list(validator.iter_errors(doc))
    except RecursionError:
        raise ContentError(file, "<file>", "<file>", "nested too deeply to be a content file") from None
    if not errors:
        return
    top = max(errors, key=jsonschema.exceptions.relevance)
    # a tagged union whose kind matched one branch: that branch's error (jsonschema's best_match
    # may descend into another branch that shares the kind)
    best = _most_specific(top if len(_tagged(top)) == 1 else jsonschema.exceptions.best_match(errors))
    path = list(best.absolute_path)
    if best.validator == "required":
        missing = best.message.split("'")[1] if "'" in best.message else ""
        path.append(missing)
    elif best.validator == "additionalProperties" and "'" in best.message:
        path.append(best.message.split("'")[1])  # name the unknown key as the field
    raise ContentError(file, _entry_name(doc, path), _field_name(path), _message(best))


def load_pack(content_dir: Path, schema_dir: Path, files: dict[str, str],
              refs: dict | None = None) -> dict[str, object]:
    """Load ``{name: schema base name}`` files from a pack folder, each validated.

    ``files={"swag": "swag", "mcguffins": "swag"}`` reads ``mcguffins.json`` against
    ``schema/swag.schema.json``. ``refs`` feeds ``refersTo``. Returns ``{name: document}``.
    """
    schemas = load_schemas(str(schema_dir))
    docs = {}
    for name, schema_name in files.items():
        path = Path(content_dir) / f"{name}.json"
        doc = load_json(path)
        validate(doc, schemas[schema_name], str(path), refs, schemas)
        docs[name] = doc
    return docs


def pack_loader(load):
    """Cache ``load(folder) -> content`` per pack folder *and* its files' sizes and times, so a
    pack edited (or a file added or removed) between two games is read again, and an unchanged
    one is read once. ``None`` stands for the game's shipped pack and is passed through; any
    other path must name a folder (``files.pack_folder``: not ``''``, not a file, not ``/``),
    and only its JSON files and those of its subfolders are looked at (``files.pack_stamp``)."""
    @lru_cache(maxsize=8)
    def cached(folder, _stamp):
        return load(folder)

    def wrapper(pack=None):
        if pack is None:
            return cached(None, None)
        folder = pack_folder(pack)
        return cached(str(folder), pack_stamp(folder))

    wrapper.cache_clear = cached.cache_clear
    wrapper.__doc__ = load.__doc__
    return wrapper


# -- checks across files and against options -----------------------------------------------------
def ids_of(doc, table: str, key: str = "id") -> set:
    """The ``key`` values of ``doc[table]`` entries, read before ``doc`` is validated (so a
    table can be the target of ``refersTo`` inside its own file); malformed parts are skipped,
    validation then names them."""
    entries = doc.get(table) if isinstance(doc, dict) else None
    if not isinstance(entries, list):
        return set()
    return {e[key] for e in entries if isinstance(e, dict) and isinstance(e.get(key), (str, int))}



def check_unique_across(tables: dict[str, list], key: str = "id") -> None:
    """No two entries of several files' tables (``{file: entries}``) share ``key``; the error
    names the file and entry of the second one."""
    seen: dict = {}
    for file, entries in tables.items():
        for e in entries:
            v = e[key]
            if v in seen:
                raise ContentError(file, str(v), key, f"duplicate {key}: {seen[v]} has it too")
            seen[v] = file


def lookup(table: dict, key, file: str, option: str, what: str, entry: str | None = None, field: str = "id"):
    """The entry ``key`` of a pack table that the option ``option`` asks for, or a
    ``ContentOptionError`` naming the file, the entry (default: the key asked for), the field,
    the option and what the pack has."""
    try:
        if key in table:
            return table[key]
    except TypeError:  # an unhashable option value
        pass
    raise ContentOptionError(file, str(key) if entry is None else entry, field,
                             f"option {option}={key!r} asks for {what} {key!r}, which this pack does not "
                             f"have; it has {sorted(table)}")


def require(ok: bool, file: str, entry: str, field: str, message: str) -> None:
    """Raise ``ContentOptionError`` unless the pack can serve the configuration (``ok``)."""
    if not ok:
        raise ContentOptionError(file, entry, field, message)
