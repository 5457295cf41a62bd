"""How the content-pack checks (boardgym/core/content.py) word what they refuse: a long value is
cut short, a reference to an unknown id lists at most 12 of the ids there are, the entry named
is the list entry a problem is in; and a schema that names its
dialect (``$schema``) is held to this module's keywords and integer check when another schema
refers to it."""
import json

import pytest

from boardgym.core.content import Schemas, _entry_name, validate
from boardgym.core.errors import ContentError

COUNT = {"type": "object", "additionalProperties": False,
         "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 5},
                        "tool": {"type": "string", "refersTo": "tool"},
                        "tags": {"type": "array", "maxItems": 3, "uniqueItems": True,
                                 "items": {"type": "string"}}}}


def _message(doc, refs=None) -> str:
    with pytest.raises(ContentError) as e:
        validate(doc, COUNT, "f.json", refs)
    return str(e.value).split(": ", 1)[1]


# -- a long value is cut short -------------------------------------------------------------------------
@pytest.mark.parametrize("digits", [1, 10, 59, 60])
def test_a_value_of_up_to_60_characters_is_shown_whole(digits):
    n = 10 ** (digits - 1) * 9
    assert _message({"n": n}).endswith(f"field 'n': {n} is above the maximum 5")


@pytest.mark.parametrize("digits", [61, 62, 500])
def test_a_longer_value_shows_its_first_60_characters(digits):
    n = 10 ** (digits - 1) * 9
    assert _message({"n": n}).endswith(f"field 'n': {str(n)[:60]} ... is above the maximum 5")


def test_a_repeated_long_text_is_cut_short_too():
    long = "x" * 100
    assert _message({"tags": [long, "y", long]}).endswith(f"{long!r}"[:60] + " ... appears twice")
    assert _message({"tags": ["ab", "ab"]}).endswith("'ab' appears twice")


# -- an unknown reference lists at most 12 known ids ---------------------------------------------------
def _known(n):
    return {f"t{i:02d}" for i in range(n)}


@pytest.mark.parametrize("n", [1, 11, 12])
def test_an_unknown_reference_lists_every_known_id_up_to_12(n):
    shown = ", ".join(repr(t) for t in sorted(_known(n)))
    assert _message({"tool": "saw"}, {"tool": _known(n)}).endswith(f"unknown tool 'saw'; the pack has {shown}")


@pytest.mark.parametrize("n", [13, 14, 200])
def test_an_unknown_reference_among_more_than_12_lists_the_first_12(n):
    shown = ", ".join(repr(t) for t in sorted(_known(n))[:12])
    assert _message({"tool": "saw"}, {"tool": _known(n)}).endswith(f"the pack has {shown}, ...")


def test_an_unknown_reference_when_there_is_none():
    assert _message({"tool": "saw"}, {"tool": set()}).endswith("unknown tool 'saw'; the pack has none")


# -- the entry a problem is in ---------------------------------------------------------------------------
DOC = {"things": [{"id": "axe", "n": 1}, {"n": 2}, {"id": 7}, {"id": True}],
       "by_count": {"2": {"id": "pair"}, "3": [{"id": "inner"}]}}


@pytest.mark.parametrize("path,entry", [
    (["things", 0, "n"], "axe"),            # a list entry with an id: its id
    (["things", 1, "n"], "things[1]"),      # without one: table and index
    (["things", 2], "7"),                   # a number id
    (["things", 3], "things[3]"),           # a bool is no id
    (["things", 9, "n"], "things[9]"),      # past the end
    (["things", 4], "things[4]"),           # just past the end (the table has 4 entries)
    (["things", "n", 0], "<file>"),         # a key that does not fit: nothing further is read
    (["things"], "<file>"),                 # the table itself
    (["by_count", "2", "id"], "<file>"),    # a path through objects only
    (["by_count", "3", 0, "id"], "inner"),  # a list inside an object: its entry
    (["nothing", 0], "<file>"),
])
def test_the_entry_named_is_the_list_entry_the_path_goes_through(path, entry):
    assert _entry_name(DOC, path) == entry


# -- a schema referred to that names its dialect ----------------------------------------------------------
THING = {"$schema": "https://json-schema.org/draft/2020-12/schema",
         "type": "object", "additionalProperties": False, "required": ["n"],
         "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 3},
                        "tool": {"type": "string", "refersTo": "tool"},
                        "parts": {"type": "array", "maxItems": 4, "minItems": 0, "uniqueBy": "id",
                                  "items": {"type": "object", "additionalProperties": False,
                                            "required": ["id"], "properties": {"id": {"type": "string"}}}}}}


@pytest.fixture
def schemas(tmp_path):
    (tmp_path / "thing.schema.json").write_text(json.dumps(THING))
    (tmp_path / "main.schema.json").write_text(json.dumps({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object", "additionalProperties": False,
        "properties": {"a": {"$ref": "thing.schema.json"}}}))
    return Schemas(tmp_path)


def test_a_schema_naming_its_dialect_keeps_the_pack_checks(schemas):
    """Referred to as a whole document, the schema with ``$schema`` still refuses ``2.0`` as an
    integer, checks ``refersTo`` and ``uniqueBy``, like one without it; its file keeps the key."""
    refs = {"tool": {"axe"}}
    validate({"a": {"n": 2, "tool": "axe", "parts": [{"id": "x"}, {"id": "y"}]}}, schemas["main"], "m.json",
             refs, schemas)
    for doc, words in (({"a": {"n": 2.0}}, "2.0 is not a whole number"),
                       ({"a": {"n": 1, "tool": "saw"}}, "unknown tool 'saw'; the pack has 'axe'"),
                       ({"a": {"n": 1, "parts": [{"id": "x"}, {"id": "x"}]}}, "duplicate id 'x'")):
        with pytest.raises(ContentError) as e:
            validate(doc, schemas["main"], "m.json", refs, schemas)
        assert words in str(e.value), str(e.value)
    assert schemas["thing"]["$schema"] == THING["$schema"]


# -- the field named, and a long message of another kind ---------------------------------------------------
def test_the_field_named_keeps_the_list_indices_inside_the_entry():
    """The field is the path inside the entry: the entry's own list index is dropped, a list
    index further in (the second option) is kept."""
    schema = {"type": "object", "properties": {"cards": {"type": "array", "items": {
        "type": "object", "properties": {"id": {"type": "string"}, "options": {"type": "array", "items": {
            "type": "object", "properties": {"cost": {"type": "integer", "maximum": 5}}}}}}}}}
    with pytest.raises(ContentError) as e:
        validate({"cards": [{"id": "axe", "options": [{"cost": 1}, {"cost": 9}]}]}, schema, "f.json")
    assert (e.value.entry, e.value.field) == ("axe", "options.1.cost"), str(e.value)


def _sized(length, schema, make):
    """A document ``make(k)`` whose own jsonschema message under ``schema`` has ``length``
    characters."""
    import jsonschema

    for k in range(1, 400):
        doc = make(k)
        message = next(jsonschema.Draft202012Validator(schema).iter_errors(doc)).message
        if len(message) == length:
            return doc, schema, message
    raise AssertionError(f"no message of {length} characters")


@pytest.mark.parametrize("length", [200, 201])
def test_a_message_of_another_kind_is_cut_after_200_characters(length):
    """An odd number refused by ``multipleOf`` (a kind of problem this module words no more
    than to cut it short)."""
    doc, schema, message = _sized(length, {"type": "integer", "multipleOf": 2}, lambda k: int("9" * k))
    with pytest.raises(ContentError) as e:
        validate(doc, schema, "f.json")
    shown = message if length <= 200 else message[:195] + " ..."
    assert str(e.value).endswith(shown), str(e.value)


@pytest.mark.parametrize("length", [160, 161])
def test_a_wrong_type_is_said_in_full_up_to_160_characters(length):
    """A long text where a number belongs: jsonschema's own message up to 160 characters, else
    the value cut short and what was wanted."""
    doc, schema, message = _sized(length, {"type": "integer"}, lambda k: "x" * k)
    with pytest.raises(ContentError) as e:
        validate(doc, schema, "f.json")
    if length <= 160:
        assert str(e.value).endswith(message), str(e.value)
    else:
        assert message not in str(e.value) and str(e.value).endswith(" ...: wrong value (type 'integer')"), str(e.value)


# -- a tagged union names the problem in the branch its kind picks -------------------------------------------
UNION = {"type": "object", "properties": {"effect": {"oneOf": [
    {"type": "object", "additionalProperties": False, "required": ["kind", "n", "to"],
     "properties": {"kind": {"const": "HEAL"}, "n": {"type": "integer", "maximum": 4},
                    "to": {"enum": ["group", "person"]}}},
    {"type": "object", "additionalProperties": False, "required": ["kind"],
     "properties": {"kind": {"const": "NONE"}}}]}}}


def test_a_tagged_union_names_the_problem_of_the_branch_its_kind_picks():
    """An effect whose kind is HEAL breaks two rules of the HEAL branch (n too large, an unknown
    target); the NONE branch it breaks once (its kind, and the extra keys aside). The message is
    the HEAL branch's, not the branch with the fewest violations whose kind does not match."""
    with pytest.raises(ContentError) as e:
        validate({"effect": {"kind": "HEAL", "n": 9, "to": "tribe"}}, UNION, "f.json")
    assert e.value.field.startswith("effect.") and e.value.field in ("effect.n", "effect.to"), str(e.value)


# -- the exact bounds of the wording ------------------------------------------------------------------------
def test_entry_counts_say_entry_for_one_and_entries_otherwise():
    """A list of the wrong length is counted in words: "1 entry" for one, "2 entries" and
    "3 entries" for more, whether the list is too short or too long (a list inside a map of
    lists, which the schema checks entry by entry)."""
    def count(lists, **bound):
        schema = {"type": "object", "properties": {"m": {"type": "object", "additionalProperties": {
            "type": "array", **bound}}}}
        with pytest.raises(ContentError) as e:
            validate({"m": {"x": lists}}, schema, "f.json")
        return str(e.value).split(": ", 2)[2]
    assert count([1], minItems=2) == "1 entry; at least 2"
    assert count([1, 2], minItems=3) == "2 entries; at least 3"
    assert count([1, 2], maxItems=1) == "2 entries; at most 1"
    assert count([1, 2, 3], maxItems=2, description="two hands") == "3 entries; at most 2 (two hands)"


def test_a_repeated_value_named_is_the_one_repeated_not_the_first():
    """A list that must hold each value once names the value that comes again ('b' in
    a, b, b), not simply the list's first value."""
    assert _message({"tags": ["a", "b", "b"]}).endswith("field 'tags': 'b' appears twice")


def test_a_missing_key_is_said_without_the_allowed_keys():
    """A required key that is missing is said in jsonschema's words alone; the list of allowed
    keys belongs only to the message about an unknown key."""
    schema = {"type": "object", "additionalProperties": False, "required": ["n"],
              "properties": {"n": {"type": "integer", "minimum": 0, "maximum": 5}, "m": {"type": "string"}}}
    with pytest.raises(ContentError) as e:
        validate({"m": "x"}, schema, "f.json")
    assert e.value.field == "n" and str(e.value).endswith("field 'n': 'n' is a required property"), str(e.value)


@pytest.mark.parametrize("width", [80, 81])
def test_a_long_wrong_value_shows_what_was_wanted_up_to_80_characters(width):
    """When jsonschema's message for a value not in an ``enum`` is too long, the message shows
    the value cut short and the list of allowed values: whole up to 80 characters, the first 80
    and " ..." from 81 on."""
    allowed = ["a" * (width - 4)]                      # repr: ['aaa...'] is `width` characters
    assert len(repr(allowed)) == width
    schema = {"type": "object", "properties": {"kind": {"enum": allowed}}}
    with pytest.raises(ContentError) as e:
        validate({"kind": "z" * 100}, schema, "f.json")
    shown = repr(allowed) if width <= 80 else repr(allowed)[:80] + " ..."
    assert str(e.value).endswith(f"...: wrong value (enum {shown})"), str(e.value)


# -- which branch of a union is named ------------------------------------------------------------------------
NONE_EFFECT = {"type": "object", "additionalProperties": False, "required": ["kind"],
               "properties": {"kind": {"const": "NONE"}}}
HEAL_EFFECT = {"type": "object", "additionalProperties": False, "required": ["kind", "n"],
               "properties": {"kind": {"const": "HEAL"}, "n": {"type": "integer", "minimum": 0, "maximum": 4}}}
NONE_FIRST = {"type": "object", "properties": {"effect": {"oneOf": [NONE_EFFECT, HEAL_EFFECT]}}}


def _union_error(doc, schema=NONE_FIRST):
    with pytest.raises(ContentError) as e:
        validate(doc, schema, "f.json")
    return e.value.field, str(e.value).split(": ", 2)[2]


def test_the_branch_the_kind_picks_is_named_even_when_listed_after_another():
    """A HEAL effect with n too large is reported as that, although the NONE branch listed first
    fails at the same depth (its kind)."""
    assert _union_error({"effect": {"kind": "HEAL", "n": 9}}) == ("effect.n", "9 is above the maximum 4")


def test_an_unknown_key_in_the_branch_the_kind_picks_is_named():
    """An extra key in a HEAL effect is named as the unknown key of the HEAL branch, though
    that problem sits at the effect itself, no deeper than the union: the reader learns which key
    to remove, not merely that no branch fits."""
    assert _union_error({"effect": {"kind": "HEAL", "n": 1, "x": 1}}) == (
        "effect.x", "unknown key 'x'; allowed: kind, n")


def test_a_value_no_branch_of_an_untagged_union_takes_is_named_as_such():
    """A union without a kind tag (a number 0..3, a short text or an object): a value every branch refuses
    at the union's own place (a list) is said to fit none of them, rather than one branch's
    complaint; a value one branch refuses deeper in is named there."""
    either = {"type": "object", "properties": {"v": {"oneOf": [
        {"type": "integer", "minimum": 0, "maximum": 3}, {"type": "string", "maxLength": 3},
        {"type": "object", "additionalProperties": False, "properties": {"a": {"type": "integer", "maximum": 3}}}]}}}
    assert _union_error({"v": [1]}, either) == ("v", "[1] is not valid under any of the given schemas")
    assert _union_error({"v": {"a": 7}}, either) == ("v.a", "7 is above the maximum 3")


# -- the file as a whole --------------------------------------------------------------------------------
@pytest.mark.parametrize("entry, field, words", [
    ("<file>", "<file>", "x.json: file not found"),
    ("<file>", "cards", "x.json: field 'cards': file not found"),
    ("c1", "cost", "x.json: entry 'c1', field 'cost': file not found"),
])
def test_a_message_about_the_whole_file_names_no_placeholder(entry, field, words):
    """The placeholder "<file>" as the entry or the field (the file as a whole) stays on the
    error's attributes for code that reads them, but the words a person reads leave it out."""
    e = ContentError("x.json", entry, field, "file not found")
    assert str(e) == words and (e.entry, e.field, e.message) == (entry, field, "file not found")
