"""The shared content-pack mechanism (boardgym/core/content.py): schema discipline, the uniqueBy
and refersTo keywords, error naming, option lookups and the pack cache."""
import json

import pytest

from boardgym.core import content
from boardgym.core.content import (Schemas, check_unique_across, load_pack, lookup, pack_loader,
                                   schema_problems, validate)
from boardgym.core.errors import ConfigError, ContentError, ContentOptionError

TABLE = {
    "type": "object", "additionalProperties": False, "required": ["things"],
    "properties": {"things": {
        "type": "array", "minItems": 1, "maxItems": 12, "uniqueBy": "id",
        "items": {"type": "object", "additionalProperties": False, "required": ["id", "n"],
                  "properties": {"id": {"type": "string"},
                                 "n": {"type": "integer", "minimum": 0, "maximum": 5,
                                       "description": "why 5: the rulebook"},
                                 "tool": {"type": "string", "refersTo": "tool"},
                                 "tags": {"type": "array", "maxItems": 4, "items": {"type": "string"}}}}}},
}


def _err(doc, refs=None):
    with pytest.raises(ContentError) as e:
        validate(doc, TABLE, "f.json", refs)
    return e.value


def test_a_strict_schema_has_no_problems():
    assert schema_problems(TABLE) == []


@pytest.mark.parametrize("loosen,words", [
    (lambda s: s["properties"]["things"]["items"]["properties"]["n"].pop("maximum"), "a minimum and a maximum"),
    (lambda s: s["properties"]["things"]["items"]["properties"]["n"].pop("minimum"), "a minimum and a maximum"),
    (lambda s: s["properties"]["things"]["items"].pop("additionalProperties"), "additionalProperties"),
    (lambda s: s["properties"]["things"].pop("minItems"), "minItems"),
    (lambda s: s["properties"]["things"].pop("uniqueBy"), "uniqueBy"),
    (lambda s: s["properties"]["things"].pop("maxItems"), "maxItems"),
])
def test_schema_discipline_finds_each_loose_part(loosen, words):
    loose = json.loads(json.dumps(TABLE))
    loosen(loose)
    problems = schema_problems(loose)
    assert len(problems) == 1 and words in problems[0], problems


@pytest.mark.parametrize("shape,loose", [
    ({}, True),                                                    # nothing said: any keys, any values
    ({"additionalProperties": {"type": "integer", "minimum": 0, "maximum": 9}}, False),   # a map of counts
    ({"additionalProperties": True}, False),                       # said outright: read by another check
])
def test_an_object_without_properties_says_what_it_may_hold(shape, loose):
    """Every object of a content schema says what it may hold: a bare ``{"type": "object"}``
    would let anything through unnoticed, so the discipline names it; a map whose every value
    has a schema, or one that says ``additionalProperties: true`` outright (another check reads
    it, as a policy manifest's game options), is fine."""
    schema = json.loads(json.dumps(TABLE))
    schema["properties"]["extra"] = {"type": "object", **shape}
    problems = schema_problems(schema)
    if loose:
        assert problems == ["/properties/extra: an object needs its properties, or additionalProperties said "
                            "outright (a schema for every value, or true where another check reads them)"]
    else:
        assert problems == []


def test_a_loose_schema_folder_is_refused_at_load(tmp_path):
    loose = json.loads(json.dumps(TABLE))
    del loose["properties"]["things"]["items"]["properties"]["n"]["maximum"]
    (tmp_path / "things.schema.json").write_text(json.dumps(loose))
    with pytest.raises(ContentError, match="things.schema.json.*a number needs a minimum and a maximum"):
        Schemas(tmp_path)
    # with several loose parts, the error's field is where the first of them is, and all are said
    del loose["properties"]["things"]["maxItems"]
    problems = schema_problems(loose)
    where = [p.split(":")[0] for p in problems]
    assert len(problems) == 2 and where[0] != where[1]
    (tmp_path / "things.schema.json").write_text(json.dumps(loose))
    with pytest.raises(ContentError) as e:
        Schemas(tmp_path)
    assert e.value.field == where[0] and all(p in str(e.value) for p in problems)


def test_errors_name_entry_and_field_in_plain_words():
    good = {"things": [{"id": "a", "n": 1}, {"id": "b", "n": 2}]}
    validate(good, TABLE, "f.json")
    e = _err({"things": [{"id": "a", "n": 1}, {"id": "a", "n": 2}]})
    assert (e.entry, e.field) == ("a", "id") and "duplicate id 'a'" in str(e)
    e = _err({"things": [{"id": "a", "n": 10**9}]})
    assert (e.entry, e.field) == ("a", "n") and "above the maximum 5 (why 5: the rulebook)" in str(e)
    e = _err({"things": [{"id": "a", "n": 1, "m": 2}]})
    assert (e.entry, e.field) == ("a", "m") and "unknown key 'm'; allowed: id, n, tags, tool" in str(e)
    e = _err({"things": [{"id": "a", "n": 1, "zz": 2, "m": 3}]})   # of two, the first in order is named
    assert "unknown key 'm'; allowed" in str(e) and "'zz'" not in str(e)
    e = _err({"things": [{"id": "a"}]})
    assert e.field == "n" and "required" in str(e)
    e = _err({"things": []})
    assert (e.entry, e.field) == ("<file>", "things") and "must not be empty" in str(e)
    e = _err({"things": [{"n": 1}]})
    assert (e.entry, e.field) == ("things[0]", "id")  # an entry without an id: table and index


def test_refers_to_checks_references_against_the_loaders_ids():
    doc = {"things": [{"id": "a", "n": 1, "tool": "axe"}]}
    validate(doc, TABLE, "f.json", {"tool": {"axe", "bow"}})
    e = _err({"things": [{"id": "a", "n": 1, "tool": "saw"}]}, {"tool": {"axe", "bow"}})
    assert (e.entry, e.field) == ("a", "tool") and "unknown tool 'saw'; the pack has 'axe', 'bow'" in str(e)
    with pytest.raises(LookupError, match="passed none"):
        validate(doc, TABLE, "f.json")


def test_ids_unique_across_files_name_both():
    with pytest.raises(ContentError) as e:
        check_unique_across({"a.json": [{"id": 1}], "b.json": [{"id": 2}, {"id": 1}]})
    assert e.value.file == "b.json" and e.value.entry == "1" and "a.json" in str(e.value)


def test_lookup_names_the_option_and_what_the_pack_has():
    assert lookup({"I": 1}, "I", "s.json", "scenario", "the scenario") == 1
    with pytest.raises(ContentOptionError) as e:
        lookup({"I": 1}, "II", "s.json", "scenario", "the scenario")
    assert isinstance(e.value, ConfigError) and isinstance(e.value, ContentError)
    assert e.value.entry == "II" and "option scenario='II'" in str(e.value) and "['I']" in str(e.value)
    with pytest.raises(ContentOptionError):
        lookup({"I": 1}, ["unhashable"], "s.json", "scenario", "the scenario")


def test_the_pack_cache_reads_an_edited_pack_again(tmp_path):
    (tmp_path / "schema").mkdir()
    (tmp_path / "schema" / "things.schema.json").write_text(json.dumps(TABLE))
    pack = tmp_path / "pack"
    pack.mkdir()
    reads = []

    @pack_loader
    def load(folder=None):
        reads.append(folder)
        return load_pack(folder, tmp_path / "schema", {"things": "things"})["things"]

    (pack / "things.json").write_text(json.dumps({"things": [{"id": "a", "n": 1}]}))
    assert load(str(pack)) == load(str(pack)) and len(reads) == 1
    (pack / "things.json").write_text(json.dumps({"things": [{"id": "a", "n": 1}, {"id": "b", "n": 5}]}))
    assert len(load(str(pack))["things"]) == 2 and len(reads) == 2


# -- a schema shared from another folder by a relative $ref ------------------------------------------
SHARED = {"type": "object", "additionalProperties": False, "required": ["n"],
          "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 3}}}


def shared_schema_folder(tmp_path, shared, properties):
    """A game's schema folder (tmp_path/game/schema) whose main schema has ``properties``, beside
    a folder tmp_path/lib/schema holding ``shared`` as thing.schema.json (a schema shared by
    relative path, "../../lib/schema/thing.schema.json")."""
    lib = tmp_path / "lib" / "schema"
    lib.mkdir(parents=True)
    (lib / "thing.schema.json").write_text(json.dumps(shared))
    game = tmp_path / "game" / "schema"
    game.mkdir(parents=True)
    (game / "main.schema.json").write_text(json.dumps({
        "type": "object", "additionalProperties": False, "properties": properties}))
    return game


def _shared_folder(tmp_path, shared=SHARED, ref="../../lib/schema/thing.schema.json"):
    game = shared_schema_folder(tmp_path, shared, {"a": {"$ref": ref}, "b": {"$ref": "side.schema.json"}})
    (game / "side.schema.json").write_text(json.dumps({"$ref": ref}))  # reached through a sibling
    return Schemas(game)


def test_a_schema_shared_by_relative_path_validates(tmp_path):
    schemas = _shared_folder(tmp_path)
    validate({"a": {"n": 1}, "b": {"n": 3}}, schemas["main"], "m.json", schemas=schemas)
    for doc, field in (({"a": {"n": 4}}, "a.n"), ({"b": {"n": 9}}, "b.n"), ({"b": {"x": 1}}, "b.x")):
        with pytest.raises(ContentError) as e:
            validate(doc, schemas["main"], "m.json", schemas=schemas)
        assert e.value.field == field, str(e.value)


def test_a_shared_schema_is_held_to_the_discipline(tmp_path):
    loose = {"type": "object", "additionalProperties": False, "properties": {"n": {"type": "integer"}}}
    with pytest.raises(ContentError, match="minimum and a maximum") as e:
        _shared_folder(tmp_path, shared=loose)
    assert e.value.file.endswith("lib/schema/thing.schema.json")


def test_a_missing_shared_schema_is_named(tmp_path):
    with pytest.raises(ContentError, match="file not found") as e:
        _shared_folder(tmp_path, ref="../../lib/schema/nothing.schema.json")
    assert e.value.file.endswith("nothing.schema.json")


def test_a_decimal_point_in_an_integer_is_named_even_inside_a_tagged_union():
    """``2.0`` is not an integer (JSON Schema's draft 2020 would take it), also as an integer
    ``const`` / ``enum``; inside a union of effects where two branches take the same kind, the
    error comes from the branch the entry breaks least, not from its neighbour."""
    lock = {"type": "object", "additionalProperties": False, "required": ["kind", "n", "filter"],
            "properties": {"kind": {"const": "lock"}, "n": {"type": "integer", "minimum": 1, "maximum": 3},
                           "filter": {"enum": ["any", "red"]}}}
    green = {"type": "object", "additionalProperties": False, "required": ["kind", "filter", "each"],
             "properties": {"kind": {"const": "lock"}, "filter": {"const": "green"}, "each": {"const": 1}}}
    schema = {"type": "object", "additionalProperties": False,
              "properties": {"effects": {"type": "array", "maxItems": 4, "items": {"oneOf": [lock, green]}},
                             "level": {"enum": [1, 2, 3]}, "version": {"const": 1}}}
    validate({"effects": [{"kind": "lock", "n": 2, "filter": "any"}], "level": 2, "version": 1}, schema, "f.json")
    mixed = {"type": "object", "additionalProperties": False, "properties": {"step": {"enum": [1, 2.5]}}}
    validate({"step": 2.5}, mixed, "f.json")     # a decimal the enum itself lists is taken
    with pytest.raises(ContentError, match="is not a whole number"):
        validate({"step": 1.0}, mixed, "f.json")
    for doc, entry, field in (({"effects": [{"kind": "lock", "n": 2.0, "filter": "any"}]}, "effects[0]", "n"),
                              ({"level": 2.0}, "<file>", "level"), ({"version": 1.0}, "<file>", "version")):
        with pytest.raises(ContentError) as e:
            validate(doc, schema, "f.json")
        assert (e.value.entry, e.value.field) == (entry, field), str(e.value)
        assert "is not a whole number" in str(e.value), str(e.value)


def test_a_list_too_long_behind_a_shared_schema_is_refused_before_its_entries(tmp_path, monkeypatch):
    """A list longer than its ``maxItems`` is refused as such before its entries are read, also
    when the list's schema is shared from another folder by ``$ref`` (a table thousands of
    entries long is never validated entry by entry): the error counts the entries, not the
    first bad one."""
    shared = {"type": "array", "maxItems": 2, "items": {"type": "integer", "minimum": 0, "maximum": 3}}
    schemas = _shared_folder(tmp_path, shared=shared)
    validate({"a": [1, 2]}, schemas["main"], "m.json", schemas=schemas)

    def entry_by_entry(refs):
        raise AssertionError("the too-long list was validated entry by entry")
    monkeypatch.setattr(content, "_validator_class", entry_by_entry)
    for key in ("a", "b"):            # b reaches it through a sibling schema's $ref
        with pytest.raises(ContentError) as e:
            validate({key: [9, 1, 1]}, schemas["main"], "m.json", schemas=schemas)
        assert "3 entries; at most 2" in str(e.value) and e.value.field == key, str(e.value)
