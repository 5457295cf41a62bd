"""How the content-pack checks (boardgym/core/content.py) follow a schema to the shape they check:
through ``$ref`` (to another file, to a ``#/$defs`` pointer, from a schema shared by another
folder), the first part of an ``allOf``, and the lists of ``oneOf`` / ``allOf``; both for the
schema discipline (``schema_problems``, ``Schemas``) and for the quick refusal of a list too long
before the entry-by-entry validation. Also the small helpers the games' loaders call
(``ids_of``, ``require``) and ``uniqueBy`` over entries lacking the key."""
import json

import pytest

from boardgym.core import content
from boardgym.core.content import Schemas, ids_of, require, schema_problems, validate
from boardgym.core.errors import ConfigError, ContentError, ContentOptionError

from .test_content import shared_schema_folder

ENTRY = {"type": "object", "additionalProperties": False, "required": ["id"],
         "properties": {"id": {"type": "string"}}}


def _folder(tmp_path, **files):
    for name, doc in files.items():
        (tmp_path / f"{name}.schema.json").write_text(json.dumps(doc))
    return tmp_path


# -- the schema discipline finds a loose part wherever it sits ---------------------------------------------
def test_a_loose_number_inside_a_union_is_found():
    """The discipline walks the lists of a schema too: an integer without bounds as one branch of
    a ``oneOf`` is named, at its place in the list."""
    assert schema_problems({"oneOf": [{"type": "string"}, {"type": "integer"}]}) == [
        "/oneOf/1: a number needs a minimum and a maximum"]


@pytest.mark.parametrize("fixed", [{"enum": [1, 2]}, {"const": 3}])
def test_a_number_or_list_of_fixed_values_needs_no_bounds(fixed):
    """An integer (or a list) whose values are fixed by an ``enum`` or a ``const`` alone needs
    no minimum, maximum or maxItems: the pack cannot ask for more than what is listed."""
    assert schema_problems({"type": "integer", **fixed}) == []
    assert schema_problems({"type": "array", **fixed}) == []
    assert schema_problems({"type": "integer"}) == [": a number needs a minimum and a maximum"]


def test_a_table_whose_entries_are_given_by_an_allof_is_held_to_the_table_rules():
    """A list whose entries are ``allOf: [<entry shape>, <more>]`` is a table of the entries'
    first part: without minItems and uniqueBy it is refused for both; with them it passes."""
    table = {"type": "array", "maxItems": 9, "items": {"allOf": [ENTRY, {"required": ["id"]}]}}
    assert [p.split(": ", 1)[1] for p in schema_problems(table)] == [
        "a table needs minItems (may it be empty?)", "a table of entries with ids needs uniqueBy: id"]
    assert schema_problems(dict(table, minItems=1, uniqueBy="id")) == []


@pytest.mark.parametrize("ref,defs", [
    ("entry.schema.json", {}),                                   # another file of the folder
    ("#/$defs/entry", {"$defs": {"entry": ENTRY}}),              # a pointer into the same file
    ("entry.schema.json#/$defs/entry", {}),                      # a pointer into another file
])
def test_a_table_whose_entries_are_given_by_reference_is_held_to_the_table_rules(tmp_path, ref, defs):
    """The entries of a table given by ``$ref`` (to a file, to ``#/$defs/...``, to a pointer
    into another file) are followed to their shape, so a table of entries with ids and no
    uniqueBy is refused when the folder is loaded, and passes once it has one."""
    table = {"type": "object", "additionalProperties": False, **defs,
             "properties": {"things": {"type": "array", "minItems": 1, "maxItems": 9, "items": {"$ref": ref}}}}
    entry_file = dict(ENTRY, **{"$defs": {"entry": ENTRY}})
    with pytest.raises(ContentError, match="a table of entries with ids needs uniqueBy: id"):
        Schemas(_folder(tmp_path, main=table, entry=entry_file))
    table["properties"]["things"]["uniqueBy"] = "id"
    Schemas(_folder(tmp_path, main=table))


@pytest.mark.parametrize("loose", [5, 6])
def test_a_loose_schema_folder_lists_at_most_five_of_its_problems(tmp_path, loose):
    """A schema with many loose parts is refused listing the first five (all of them when there
    are five), so the message stays readable."""
    doc = {"type": "object", "additionalProperties": False,
           "properties": {f"n{i}": {"type": "integer"} for i in range(loose)}}
    problems = schema_problems(doc)
    assert len(problems) == loose
    with pytest.raises(ContentError) as e:
        Schemas(_folder(tmp_path, main=doc))
    assert str(e.value).endswith("schema too loose for a content pack: " + "; ".join(problems[:5])), str(e.value)


# -- a schema shared by another folder -----------------------------------------------------------------------
def _game_with_shared(tmp_path, shared, main_property):
    return shared_schema_folder(tmp_path, shared, {"a": main_property})


def test_a_schema_shared_from_inside_a_union_is_found_and_validates(tmp_path):
    """A schema of another folder referred to from inside a list (a branch of a ``oneOf``) is
    read and registered like one referred to directly: values it allows load, others are refused."""
    shared = {"type": "integer", "minimum": 0, "maximum": 3}
    game = _game_with_shared(tmp_path, shared, {"oneOf": [{"type": "string"}, {"$ref": "../../lib/schema/thing.schema.json"}]})
    schemas = Schemas(game)
    validate({"a": 2}, schemas["main"], "m.json", schemas=schemas)
    with pytest.raises(ContentError, match="field 'a': 9 is above the maximum 3"):
        validate({"a": 9}, schemas["main"], "m.json", schemas=schemas)


def test_a_shared_schema_referring_to_other_folders_names_the_first_of_them(tmp_path):
    """A shared schema may only refer inside itself; one that refers to two other files is
    refused naming the first of them in sorted order."""
    shared = {"type": "object", "additionalProperties": False, "properties": {
        "x": {"$ref": "../z/x.schema.json"}, "y": {"$ref": "../b/y.schema.json"}}}
    with pytest.raises(ContentError) as e:
        Schemas(_game_with_shared(tmp_path, shared, {"$ref": "../../lib/schema/thing.schema.json"}))
    assert str(e.value).endswith("a shared schema may only refer inside itself (#/...), not to '../b/y.schema.json'")


# -- a list too long is refused before its entries, however its schema is reached ------------------------------
@pytest.fixture
def no_entry_by_entry(monkeypatch):
    """Make the entry-by-entry validation fail the test: what is refused must be refused before."""
    def entry_by_entry(refs):
        raise AssertionError("the too-long list was validated entry by entry")
    monkeypatch.setattr(content, "_validator_class", entry_by_entry)


HAND = {"type": "array", "maxItems": 2, "items": {"type": "integer", "minimum": 0, "maximum": 3}}


@pytest.mark.parametrize("hand,defs", [
    ({"$ref": "#/$defs/hand"}, {"$defs": {"hand": HAND}}),                   # a pointer into the file
    ({"allOf": [HAND, {"description": "a hand"}]}, {}),                       # the first part of an allOf
    ({"allOf": [{"$ref": "#/$defs/hand"}, {}]}, {"$defs": {"hand": HAND}}),  # both
])
def test_a_list_too_long_behind_a_pointer_or_an_allof_is_refused_before_its_entries(tmp_path, no_entry_by_entry,
                                                                                      hand, defs):
    """A list whose schema is reached through ``#/$defs`` or an ``allOf``'s first part is counted
    against its maxItems before any entry is validated, naming the field."""
    main = {"type": "object", "additionalProperties": False, **defs, "properties": {"hand": hand}}
    schemas = Schemas(_folder(tmp_path, main=main))
    with pytest.raises(ContentError) as e:
        validate({"hand": [1, 1, 1]}, schemas["main"], "m.json", schemas=schemas)
    assert e.value.field == "hand" and "3 entries; at most 2" in str(e.value), str(e.value)


def test_a_pointer_inside_a_schema_of_another_file_is_resolved_in_that_file(tmp_path, no_entry_by_entry):
    """After a ``$ref`` to another file, a ``#/$defs`` pointer found there is resolved in that
    file (not in the one the walk started from), so the list it describes is counted too."""
    thing = {"type": "object", "additionalProperties": False, "$defs": {"hand": HAND},
             "properties": {"hand": {"$ref": "#/$defs/hand"}}}
    main = {"type": "object", "additionalProperties": False, "properties": {"a": {"$ref": "thing.schema.json"}}}
    schemas = Schemas(_folder(tmp_path, main=main, thing=thing))
    with pytest.raises(ContentError) as e:
        validate({"a": {"hand": [0, 0, 0]}}, schemas["main"], "m.json", schemas=schemas)
    assert e.value.field == "a.hand" and "3 entries; at most 2" in str(e.value), str(e.value)


def test_a_list_too_long_inside_a_table_entry_is_refused_before_the_entries(no_entry_by_entry):
    """A list inside an entry of a table (a card's tags) is counted against its maxItems before
    the entries are validated, and the error names the entry and the field."""
    schema = {"type": "object", "properties": {"cards": {"type": "array", "maxItems": 5, "items": {
        "type": "object", "properties": {"id": {"type": "string"}, "tags": HAND}}}}}
    with pytest.raises(ContentError) as e:
        validate({"cards": [{"id": "a", "tags": [1]}, {"id": "b", "tags": [1, 2, 3]}]}, schema, "f.json")
    assert (e.value.entry, e.value.field) == ("b", "tags") and "3 entries; at most 2" in str(e.value)


# -- uniqueBy, ids_of, require ---------------------------------------------------------------------------------
def test_unique_by_skips_entries_without_the_key_and_checks_the_rest():
    """``uniqueBy`` on a key entries may leave out: an entry without it is not compared, and the
    entries after it still are (a repeated name after one without a name is refused)."""
    schema = {"type": "object", "properties": {"parts": {"type": "array", "uniqueBy": "name", "items": {
        "type": "object", "properties": {"name": {"type": "string"}}}}}}
    validate({"parts": [{}, {"name": "a"}, {}, {"name": "b"}]}, schema, "f.json")
    with pytest.raises(ContentError, match="duplicate name 'a': entry #1 has the same name"):
        validate({"parts": [{}, {"name": "a"}, {"name": "a"}]}, schema, "f.json")


def test_ids_of_reads_the_ids_a_malformed_table_still_has():
    """``ids_of`` collects the ids of a table before it is validated: entries that are not
    objects or whose id is missing or not a text or number are skipped; a file that is not an
    object, or a table that is not a list, gives no ids."""
    doc = {"cards": [{"id": "a"}, {"id": 7}, {"n": 1}, "b", {"id": ["c"]}, {"id": None}]}
    assert ids_of(doc, "cards") == {"a", 7}
    assert ids_of({"cards": [{"key": "k"}]}, "cards", key="key") == {"k"}
    assert ids_of({"cards": {"id": "a"}}, "cards") == set() and ids_of(["cards"], "cards") == set()


def test_require_refuses_a_configuration_the_pack_cannot_serve():
    """``require`` passes when the pack can serve the option and otherwise raises a
    ContentOptionError (also a ConfigError) naming the file, entry, field and the message."""
    assert require(True, "s.json", "I", "seats", "fine") is None
    with pytest.raises(ContentOptionError) as e:
        require(False, "s.json", "I", "seats", "scenario I needs 2 seats")
    assert isinstance(e.value, ConfigError)
    assert (e.value.file, e.value.entry, e.value.field) == ("s.json", "I", "seats") and "needs 2 seats" in str(e.value)
