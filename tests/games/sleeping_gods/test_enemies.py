"""Enemies as data: ``parse_enemy`` reads the whole PP §2.7 roster and refuses each malformed
grid with a message naming the enemy and the place (PP-ENEMY); the shared enemy schema is
strict and reusable from another game's schema folder (core.content)."""
import dataclasses
import json
import os

import pytest

from boardgym.core.content import load_schemas, schema_problems, validate
from boardgym.core.errors import ContentError
from boardgym.games.sleeping_gods import SCHEMA_DIR, parse_enemy
from boardgym.games.sleeping_gods.enemies import HEART

from .host import ROSTER

PP_ROSTER = ROSTER[:15]  # PP §2.7 exactly: crocs a/b/c ... Nest Mother L/M/R


@pytest.mark.parametrize("name,attack,grid,params", PP_ROSTER, ids=[r[0] for r in PP_ROSTER])
def test_pp_roster_parses_and_round_trips(name, attack, grid, params):
    e = parse_enemy(name, attack, grid, params)
    assert e.name == name and e.attack == attack
    assert e.notation() == grid
    assert len(e.kinds) == 9 and e.hearts
    for letter, x in params.items():  # every square of a parameter letter carries x
        assert all(e.values[i] == x for i in e.squares(letter))


def test_croc_a_squares_row_major():
    e = parse_enemy("Zokmere Croc a", 2, "P.1/1D2/P.1", {"D": 1})
    assert e.kinds == ("P", ".", HEART, HEART, "D", HEART, "P", ".", HEART)
    assert e.values == (0, 0, 1, 1, 1, 2, 0, 0, 1)
    assert e.growth == 2 and e.hearts == (2, 3, 5, 8)
    assert e.cost(5) == 2 and e.cost(4) == 1 and e.cost(1) == 1


def test_bark_beetle_block_adds_up():
    e = parse_enemy("Bark Beetle", 2, "K2K/1P1/.1.", {"K": 1})
    assert sum(e.values[i] for i in e.squares("K")) == 2


@pytest.mark.parametrize("args,words", [
    (("Bad", 2, "P.1/1X2/P.1", {}), ["'Bad'", "row 2, column 2", "'X'", "allowed"]),
    (("Bad", 2, "P.1/1D/P.1", {"D": 1}), ["'Bad'", "row 2", "2 square(s)", "3"]),
    (("Bad", 2, "P.1/1D2", {"D": 1}), ["'Bad'", "2 row(s)", "3 rows"]),
    (("Bad", 2, "P.1/1D2/P.1", {}), ["'Bad'", "letter 'D'", "row 2, column 2", "needs a parameter"]),
    (("Bad", 2, "P.1/1.2/PG1", {}), ["'Bad'", "letter 'G'", "row 3, column 2", "needs a parameter"]),
    (("Bad", 2, "KP1/1.2/P.1", {}), ["'Bad'", "letter 'K'", "row 1, column 1", "needs a parameter"]),
    (("Bad", 2, "P.1/1W2/P.1", {"K": 1}), ["'Bad'", "parameter 'K'", "no 'K' square"]),
    (("Bad", 2, "P.1/1W2/P.1", {"W": 1}), ["'Bad'", "parameter 'W'", "only D G H K L O"]),
    (("Bad", 2, "P../.W./P..", {}), ["'Bad'", "no heart"]),
    (("Bad", 2, "P.0/1W2/P.1", {}), ["'Bad'", "row 1, column 3", "'0'", "digit 1-9"]),
    (("Bad", 2, "P.1/1D2/P.1", {"D": 0}), ["'Bad'", "D=0", "1..9"]),
    (("Bad", 12, "P.1/1W2/P.1", {}), ["'Bad'", "attack 12", "0..9"]),
])
def test_malformed_enemy_refused_with_named_message(args, words):
    with pytest.raises(ValueError) as err:
        parse_enemy(*args)
    for w in words:
        assert w in str(err.value), (w, str(err.value))


# -- the shared schema ------------------------------------------------------------------------------
def test_enemy_schema_is_strict():
    doc = json.loads((SCHEMA_DIR / "enemy.schema.json").read_text())
    assert schema_problems(doc) == []


def _pack_schemas(tmp_path, shared_doc=None):
    """A game's schema folder elsewhere whose roster refers to the core's enemy schema by a
    relative path, directly and through a sibling schema."""
    folder = tmp_path / "schema"
    folder.mkdir()
    target = SCHEMA_DIR / "enemy.schema.json"
    if shared_doc is not None:
        target = tmp_path / "shared" / "enemy.schema.json"
        target.parent.mkdir()
        target.write_text(json.dumps(shared_doc))
    ref = os.path.relpath(target, folder)
    (folder / "roster.schema.json").write_text(json.dumps({
        "type": "object", "additionalProperties": False, "required": ["enemies"],
        "properties": {"enemies": {"type": "array", "minItems": 1, "maxItems": 40, "items": {"$ref": ref}},
                       "combats": {"type": "array", "minItems": 1, "maxItems": 8,
                                    "items": {"$ref": "combat.schema.json"}}}}))
    (folder / "combat.schema.json").write_text(json.dumps({
        "type": "object", "additionalProperties": False, "properties": {"boss": {"$ref": ref}}}))
    return load_schemas(str(folder))


def test_enemy_schema_reused_from_another_folder(tmp_path):
    schemas = _pack_schemas(tmp_path)
    good = {"enemies": [{"id": "croc", "name": "Croc", "attack": 2, "grid": "P.1/1D2/P.1", "params": {"D": 1}}],
            "combats": [{"boss": {"name": "Pillar", "attack": 2, "grid": "111/111/111"}}]}
    validate(good, schemas["roster"], "roster.json", schemas=schemas)
    bad = [
        ({"enemies": [{"name": "Croc", "attack": 12, "grid": "P.1/1D2/P.1"}]}, "enemies[0]", "attack", "maximum 9"),
        ({"enemies": [{"name": "Croc", "attack": 1, "grid": "P.1/1D2/P.1", "params": {"Z": 1}}]},
         "enemies[0]", "params.Z", "unknown key"),
        ({"enemies": [{"name": "Croc", "attack": 1, "grid": "P.1/1D2/P.1", "colour": "red"}]},
         "enemies[0]", "colour", "unknown key"),
        ({"enemies": [{"name": "C", "attack": 1, "grid": "P.1"}],}, "enemies[0]", "grid", "does not match"),
        ({"enemies": [{"name": "C", "attack": 1, "grid": "P.1/1D2/P.1"}],
          "combats": [{"boss": {"name": "X", "attack": 2, "grid": "11/111/111"}}]}, "combats[0]", "boss.grid", "match"),
    ]
    for doc, entry, field, words in bad:
        with pytest.raises(ContentError) as err:
            validate(doc, schemas["roster"], "roster.json", schemas=schemas)
        e = err.value
        assert (e.entry, e.field) == (entry, field) and words in str(e), str(e)


def test_shared_schema_held_to_the_same_discipline(tmp_path):
    loose = {"type": "object", "additionalProperties": False,
             "properties": {"attack": {"type": "integer", "minimum": 0}}}
    with pytest.raises(ContentError, match="a number needs a minimum and a maximum"):
        _pack_schemas(tmp_path, loose)


def test_shared_schema_may_not_refer_further(tmp_path):
    onward = {"type": "object", "additionalProperties": False,
              "properties": {"x": {"$ref": "../elsewhere/other.schema.json"}}}
    with pytest.raises(ContentError, match="only refer inside itself"):
        _pack_schemas(tmp_path, onward)


def test_enemy_error_names_the_field_and_a_pack_entry():
    """A pack loader turns what the schema cannot see into a ContentError naming file, entry
    and field (``enemy_from_entry``)."""
    from boardgym.games.sleeping_gods.enemies import EnemyError, enemy_from_entry

    with pytest.raises(EnemyError) as err:
        parse_enemy("Bad", 2, "P.1/1D2/P.1", {})
    assert err.value.field == "params.D" and isinstance(err.value, ValueError)
    e = enemy_from_entry({"id": "croc", "name": "Croc", "attack": 2, "grid": "P.1/1D2/P.1",
                          "params": {"D": 1}}, "enemies.json")
    assert e.notation() == "P.1/1D2/P.1"
    for entry, field in (({"id": "x", "name": "X", "attack": 2, "grid": "P../.../..."}, "grid"),
                         ({"name": "Y", "attack": 2, "grid": "1../.../...", "params": {"D": 1}}, "params.D")):
        with pytest.raises(ContentError) as err:
            enemy_from_entry(entry, "enemies.json")
        assert (err.value.file, err.value.entry, err.value.field) == ("enemies.json", entry.get("id", entry["name"]), field)


def test_a_pack_roster_is_read_into_both_games_table():
    """A pack's enemy table (``roster``, both games' content): each entry keeps its place, key,
    name, attack, grid, params (sorted by letter) and squares; its hearts add up their values
    (PP-ENEMY: "Each heart must be covered to defeat an enemy. This heart requires 2 damage to
    cover") and its growth counts its P squares (PP-COMBAT-1: start power = growth squares).
    The table is frozen: every game built on the pack shares it."""
    from boardgym.games.sleeping_gods.enemies import roster

    entries = [{"id": "croc", "name": "Croc", "attack": 2, "grid": "P.1/1D2/P.1", "params": {"D": 1}},
               {"id": "brute", "name": "Brute", "attack": 3, "grid": "2N2/1P1/KDK", "params": {"K": 1, "D": 2}},
               {"id": "pillar", "name": "Pillar", "attack": 0, "grid": "111/111/111"}]
    croc, brute, pillar = roster(entries, "enemies.json")
    assert (croc.id, croc.key, croc.name, croc.attack, croc.grid) == (0, "croc", "Croc", 2, "P.1/1D2/P.1")
    assert croc.squares == ("P", ".", "1", "1", "D", "2", "P", ".", "1")
    assert (croc.hearts, croc.growth, croc.params) == (5, 2, (("D", 1),))
    assert croc.piece == parse_enemy("Croc", 2, "P.1/1D2/P.1", {"D": 1})
    assert (brute.id, brute.hearts, brute.growth, brute.params) == (1, 6, 1, (("D", 2), ("K", 1)))
    assert (pillar.id, pillar.hearts, pillar.growth, pillar.params) == (2, 9, 0, ())
    with pytest.raises(dataclasses.FrozenInstanceError):  # a content table is shared by every game
        croc.attack = 3
    with pytest.raises(ContentError) as err:
        roster(entries + [{"id": "blank", "name": "Blank", "attack": 1, "grid": "P../.../..."}], "enemies.json")
    assert (err.value.entry, err.value.field) == ("blank", "grid")


def test_attack_and_parameters_cover_their_whole_range():
    """PP-ENEMY's numbers on a card are single digits: a basic attack 0..9, a parameter x 1..9
    and a heart 1..9; both ends are taken, one past either end (or a number that is not a whole
    number) is refused by name."""
    assert parse_enemy("Weak", 0, "1../.../...", {}).attack == 0
    assert parse_enemy("Strong", 9, "9../.../...", {}).values[0] == 9
    assert parse_enemy("Wall", 1, "1K./.../...", {"K": 9}).values[1] == 9
    assert parse_enemy("Nick", 1, "1D./.../...", {"D": 1}).values[1] == 1
    for attack in (10, -1, True, 2.0):
        with pytest.raises(ValueError, match=r"attack .* must be an int 0\.\.9"):
            parse_enemy("Bad", attack, "1../.../...", {})
    for x in (10, 0, True, 2.0):
        with pytest.raises(ValueError, match=r"parameter K=.* must be an int 1\.\.9"):
            parse_enemy("Bad", 1, "1K./.../...", {"K": x})


def test_an_enemy_cannot_be_changed():
    """An enemy is card data shared by every combat and every state of a game (PP §2.7's
    roster): it is frozen, and equal enemies hash alike."""
    e = parse_enemy("Zokmere Croc a", 2, "P.1/1D2/P.1", {"D": 1})
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.attack = 3
    assert hash(e) == hash(parse_enemy("Zokmere Croc a", 2, "P.1/1D2/P.1", {"D": 1}))
