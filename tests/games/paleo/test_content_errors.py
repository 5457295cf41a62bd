"""Malformed Paleo content packs fail at load naming the file, the entry and the field."""
import json
import shutil
from pathlib import Path

import pytest

from boardgym.core.errors import ConfigError, ContentError, ContentOptionError
from boardgym.games import make_game
from boardgym.games.paleo.content import DEFAULT_PACK, load_content

from ..packs import edited_pack


def _pack(tmp_path, name, edit):
    return edited_pack(DEFAULT_PACK, tmp_path, name, edit)


def _first(doc):
    return doc["cards"][0]


@pytest.mark.parametrize("name,edit,entry,field", [
    ("people", lambda d: _first(d)["person"].update(hearts="many"), "ppl01", "person.hearts"),
    ("base", lambda d: _first(d)["back"].update(type="ocean"), "base01", "back.type"),
    ("dreams", lambda d: _first(d).pop("name"), "drm01", "name"),
])
def test_malformed_card_names_file_entry_field(tmp_path, name, edit, entry, field):
    pack = _pack(tmp_path, name, edit)
    with pytest.raises(ContentError) as err:
        load_content(pack)
    e = err.value
    assert e.file.endswith(f"{name}.json") and e.entry == entry and e.field.startswith(field), str(e)


def test_not_json(tmp_path):
    dst = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, dst)
    (dst / "ideas.json").write_text("{broken")
    with pytest.raises(ContentError, match="ideas.json.*not JSON"):
        load_content(str(dst))


def test_wrong_options_fail_clearly():
    with pytest.raises(ConfigError, match="num_groups"):
        make_game("paleo", num_groups=7)
    with pytest.raises(ContentOptionError) as err:       # named with the file the pack lacks
        make_game("paleo", modules=["A", "Z"])
    assert err.value.file.endswith("Z.json") and err.value.entry == "Z" and err.value.field == "letter"
    with pytest.raises(ConfigError, match="level"):
        make_game("paleo", level=9)


# -- the outside audit: packs fail at load, naming file, entry and field, never later in play -------------
def _refused(pack, **cfg):
    with pytest.raises(ContentError) as err:
        make_game("paleo", content_pack=pack, **cfg)
    return err.value


@pytest.mark.parametrize("name,edit,field,words", [
    ("rules", lambda d: d.update(levels=[]), "levels", "must not be empty"),        # IndexError before
    ("base", lambda d: d.update(cards=[]), "cards", "must not be empty"),           # KeyError before
    ("people", lambda d: d.update(cards=[]), "cards", "at least 2"),                # played with no people
    ("people", lambda d: d.update(cards=d["cards"][:1]), "cards", "1 entry; at least 2"),
])
def test_empty_required_tables(tmp_path, name, edit, field, words):
    """PALEO-SETUP-4/5/7: the level table, the base set and the People deck may not be empty."""
    e = _refused(_pack(tmp_path, name, edit))
    assert e.file.endswith(f"{name}.json") and e.entry == "<file>" and e.field == field and words in str(e)


def test_people_for_every_group(tmp_path):
    """PALEO-SETUP-5: 4 groups draw 8 people; a 5-person pack serves 2 groups only."""
    pack = _pack(tmp_path, "people", lambda d: d.update(cards=d["cards"][:5]))
    e = _refused(pack, num_groups=3)
    assert isinstance(e, ConfigError) and e.file.endswith("people.json") and "6 people needed" in str(e)
    make_game("paleo", content_pack=pack, num_groups=2)
    exact = _pack(tmp_path / "six", "people", lambda d: d.update(cards=d["cards"][:6]))
    assert make_game("paleo", content_pack=exact, num_groups=3).num_players == 3   # 6 for 6: enough


def test_a_level_needs_existing_distinct_modules(tmp_path):
    """PALEO-SETUP-7: a level row names modules of the pack, each once."""
    e = _refused(_pack(tmp_path / "a", "rules", lambda d: d["levels"][0].__setitem__(0, "Q")))
    assert e.entry == "levels[0]" and "unknown module 'Q'" in str(e)
    e = _refused(_pack(tmp_path / "b", "rules", lambda d: d["levels"][2].__setitem__(1, d["levels"][2][0])))
    assert e.entry == "levels[2]" and "appears twice" in str(e)


def test_a_level_or_module_the_pack_lacks(tmp_path):
    """level 7 on a 6-level pack; module 'A' asked for when modules/A.json is gone."""
    pack = _pack(tmp_path, "rules", lambda d: d["levels"].pop())
    e = _refused(pack, level=7)
    assert isinstance(e, ConfigError) and e.field == "levels" and "6 level(s)" in str(e)
    (Path(pack) / "modules" / "C.json").unlink()  # the pack is read again: it changed
    e = _refused(pack, modules=["A"])
    assert e.entry == "levels[1]" and "unknown module 'C'" in str(e)
    rules = Path(pack) / "rules.json"
    rules.write_text(json.dumps(dict(json.loads(rules.read_text()), levels=[["A", "B"]])))
    e = _refused(pack, modules=["C"])
    assert isinstance(e, ConfigError) and e.file.endswith("C.json") and e.entry == "C" and e.field == "letter"


def test_tool_references_must_exist(tmp_path):
    """A card's tool is a tool id of rules.json (schema refersTo); the error lists the known ones."""
    e = _refused(_pack(tmp_path, "people", lambda d: d["cards"][1]["person"].update(tool="axe")))
    assert e.entry == "ppl02" and e.field == "person.tool" and "unknown tool 'axe'" in str(e) and "'spear'" in str(e)


def test_a_huge_recipe_is_refused_by_the_component_limit(tmp_path):
    """PALEO-SETUP-1: 12 wood exist; a recipe cannot cost more."""
    e = _refused(_pack(tmp_path, "rules", lambda d: d["tools"][0]["recipe"].update(wood=10**9)))
    assert e.entry == "torch" and e.field == "recipe.wood" and "maximum 12" in str(e)


def test_index_bounds_of_the_schemas_are_the_engines():
    """The schemas' table bounds are the catalogue's index ranges (PALEO-D-16)."""
    from boardgym.core.content import load_schemas
    from boardgym.games.paleo.constants import MAX_OPTIONS, MAX_PEOPLE, MAX_TOOLS
    from boardgym.games.paleo.content import SCHEMA_DIR

    s = load_schemas(str(SCHEMA_DIR))
    assert s["people"]["properties"]["cards"]["maxItems"] == MAX_PEOPLE
    assert s["rules"]["properties"]["tools"]["maxItems"] == MAX_TOOLS
    card = s["cards"]["$defs"]["card"]["properties"]
    assert all(card[a]["maxItems"] == MAX_OPTIONS for a in ("options", "night", "additional", "alternative"))


@pytest.mark.parametrize("edit,what", [
    (lambda o: o["cost"].update(discard=1), "a discard cost"),
    (lambda o: o.update(reward=[{"kind": "DREAM"}]), "a DREAM reward"),
    (lambda o: o.update(reward=[{"kind": "SECRET", "n": 4}]), "a SECRET reward"),
])
def test_a_night_option_that_discards_dreams_or_reveals_a_secret_is_refused(tmp_path, edit, what):
    """PALEO-D-18: night areas contain no DISCARD, DREAM or SECRET (the whole tribe resolves them:
    there is no group's deck to discard from or dream into, nor a revealer for a secret). Module
    A's mission gets one of these in its first moon option: the pack is refused, naming the card
    and its night area; any one of them is enough."""
    pack = _pack(tmp_path, "modules/A", lambda d: edit(next(c for c in d["cards"] if c["id"] == "A01")["night"][0]))
    with pytest.raises(ContentError) as err:
        load_content(pack)
    e = err.value
    assert e.entry == "A01" and e.field == "night" and "DISCARD, DREAM or SECRET" in str(e), (what, str(e))


def test_a_card_rolling_more_dice_than_the_rules_have_is_refused(tmp_path):
    """PALEO-DICE-1: a check rolls dice from the rules' dice (rules.json's dice count, 1 or 2).
    With one die, the shipped cards (each check rolls at most one) load; a card edited to roll
    two is refused at load, naming it and its dice, instead of failing at the roll mid-game."""
    def one_die(doc):
        doc["dice"]["count"] = 1
    pack = _pack(tmp_path / "a", "rules", one_die)
    assert load_content(pack).dice_count == 1
    base = Path(pack) / "base.json"
    doc = json.loads(base.read_text())
    next(c for c in doc["cards"] if c["id"] == "base06")["options"][0]["req"]["dice"] = 2
    base.write_text(json.dumps(doc))
    e = _refused(pack)
    assert e.file.endswith("base.json") and (e.entry, e.field) == ("base06", "dice"), str(e)
    assert "an option rolls 2 dice; the rules roll at most 1 (rules.json, dice.count)" in str(e)


def _card_edit(tmp_path, name, key, edit):
    """The shipped pack with card ``key`` of ``name``.json edited in place by ``edit(card)``."""
    def one(doc):
        edit(next(c for c in doc["cards"] if c["id"] == key))
    return _pack(tmp_path, name, one)


@pytest.mark.parametrize("req", [{"str": 1}, {"dice": 1}, {"has_tool": ["spear"]}, {"on_card": 1}],
                         ids=["ability", "dice", "tool", "on_card"])
def test_a_negative_option_with_any_requirement_is_refused(tmp_path, req):
    """PALEO-HAZ-2: a negative option is always selectable, so it has no requirement: Flash
    Flood's negative option given an ability, a die, a tool to have or tokens on the card (any
    one of them) is refused, naming the card and its requirements."""
    pack = _card_edit(tmp_path, "base", "base13", lambda c: c["options"][1].update(req=req))
    e = _refused(pack)
    assert (e.entry, e.field) == ("base13", "req") and "a negative option has no requirements or dice" in str(e)


@pytest.mark.parametrize("extra,refused", [(0, False), (1, True)])
def test_a_card_has_six_options_in_all_its_areas(tmp_path, extra, refused):
    """PALEO-D-16 (a card's options are OPTION[0..5]): Birch Grove given five day options and one
    additional action (six in all) loads with the six; one more additional action (seven) is
    refused, naming the count and the limit."""
    def six(card):
        card["options"] = [dict(card["options"][0]) for _ in range(5)]
        card["additional"] = [{"limit": "day", "reward": [{"kind": "RES", "res": "food", "n": 1}]}] * (1 + extra)
    pack = _card_edit(tmp_path, "base", "base01", six)
    if refused:
        e = _refused(pack)
        assert (e.entry, e.field) == ("base01", "options") and "7 options; at most 6 in all areas" in str(e)
    else:
        content = load_content(pack)
        assert len(next(c for c in content.cards if c.key == "base01").opts) == 6


@pytest.mark.parametrize("name,key,words", [
    ("modules/A", "A01", "a mission's moon area needs a negative option"),
    ("base", "base01", "a moon area needs a negative option (it cannot be ignored)"),
])
def test_a_moon_area_without_a_negative_option_is_refused_saying_which_rule(tmp_path, name, key, words):
    """PALEO-NIGHT-3/4: a moon area cannot be ignored, so it always holds a negative option. The
    mission of module A with its moon area's negative option taken out is refused as a mission's
    moon area; Birch Grove (an action card) given a moon area of one plain option is refused as
    any card's. Each names the card and its night area."""
    def edit(card):
        if "night" in card:
            card["night"] = [o for o in card["night"] if not o.get("negative")]
        else:
            card["night"] = [{"cost": {"food": 1}, "reward": []}]
    e = _refused(_card_edit(tmp_path, name, key, edit))
    assert (e.entry, e.field) == (key, "night") and words in str(e), str(e)
