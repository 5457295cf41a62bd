"""The shipped content pack validates; malformed packs fail naming file, entry and field."""
import json
import shutil
from pathlib import Path

import pytest

from boardgym.core.errors import ConfigError, ContentError
from boardgym.games import make_game
from boardgym.games.ancient_terrible_things.content import DEFAULT_PACK, load_content


def test_shipped_pack_counts():
    c = load_content()
    assert len(c.enc_back) == 36 and [len(b) for b in c.by_back] == [12, 12, 12]
    assert c.n_swag_deck == 32 and len(c.mcguffins) == 4 and len(c.hats) == 4
    assert len(c.feats) == 32 and len(c.char_key) == 4 and set(c.scenarios) == {"I", "II"}
    assert sum(1 for t in c.enc_types if len(t) == 2) == 8
    names = [c.enc_name[e] for e in range(36)] + [w.name for w in c.swag] + [f.name for f in c.feats]
    assert len(names) == len(set(names)), "card names are unique"
    bad_egg = c.enc_name.index("Bad Egg")
    assert c.enc_back[bad_egg] == 1 and c.enc_types[bad_egg] == (3,) and c.enc_combo[bad_egg] == (3, 3, 3)


def _copy_pack(tmp_path) -> Path:
    dst = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, dst)
    return dst


def _edit(pack: Path, name: str, fn):
    path = pack / f"{name}.json"
    doc = json.loads(path.read_text())
    fn(doc)
    path.write_text(json.dumps(doc))


@pytest.mark.parametrize("name,edit,entry,field", [
    ("encounters", lambda d: d["encounters"][4].update(secrets="many"), "enc05", "secrets"),
    ("encounters", lambda d: d["encounters"][0]["combo"].update(kind="straight"), "enc01", "combo.kind"),
    ("swag", lambda d: d["swag"][2].pop("price"), "swag03", "price"),
    ("feats", lambda d: d["feats"][1]["effects"].append({"kind": "gain", "token": "gold", "n": 1}), "feat02",
     "effects.1.token"),
    ("swag", lambda d: d["swag"][0].update(effects=[{"kind": "refresh_swag", "n": 1}], timing="post",
                                           cost={"action_die": False, "exhaust": True}), "swag01", "effects.0.kind"),
    ("encounters", lambda d: d["encounters"][3]["combo"].update(min=9), "enc04", "combo.min"),
])
def test_malformed_pack_names_file_entry_field(tmp_path, name, edit, entry, field):
    pack = _copy_pack(tmp_path)
    _edit(pack, name, edit)
    with pytest.raises(ContentError) as err:
        load_content(str(pack))
    e = err.value
    assert e.file.endswith(f"{name}.json")
    assert e.entry == entry
    assert e.field == field
    assert f"entry {entry!r}, field {field!r}" in str(e)


def test_not_json_and_missing_file(tmp_path):
    pack = _copy_pack(tmp_path)
    (pack / "feats.json").write_text("{oops")
    with pytest.raises(ContentError, match="feats.json.*not JSON"):
        load_content(str(pack))
    (pack / "feats.json").unlink()
    with pytest.raises(ContentError, match="file not found"):
        load_content(str(pack))


def test_semantic_checks_beyond_the_schema(tmp_path):
    pack = _copy_pack(tmp_path)
    _edit(pack, "encounters", lambda d: d["encounters"][1].update(id=d["encounters"][0]["id"]))
    with pytest.raises(ContentError, match="duplicate id"):
        load_content(str(pack))
    pack2 = _copy_pack(tmp_path / "b")
    _edit(pack2, "rules", lambda d: d["setup_table"]["2"]["long"].update(green=20))
    with pytest.raises(ContentError, match="setup_table.2.long"):
        load_content(str(pack2))


def test_env_accepts_a_content_pack_folder(tmp_path):
    pack = _copy_pack(tmp_path)
    _edit(pack, "encounters", lambda d: d["encounters"][0].update(name="Renamed Peril"))
    game = make_game("ancient_terrible_things", content_pack=str(pack))
    assert "Renamed Peril" in game.content.enc_name


def test_an_extra_green_die_is_rejected(tmp_path):
    """ATT-SETUP-1 / ATT-D-1: all 5 green dice are already in the pool, so a card that adds a
    green die could never work."""
    pack = _copy_pack(tmp_path)
    _edit(pack, "feats", lambda d: d["feats"][24]["effects"][0].update(colour="green"))
    with pytest.raises(ContentError, match="add_die green") as err:
        load_content(str(pack))
    assert err.value.entry == "feat25"


def test_a_green_die_is_refused_by_the_green_supply_and_allowed_by_a_spare(tmp_path):
    """ATT-SETUP-1 / ATT-D-1: the check reads the supply of the colour the card adds. With 8
    yellow dice (a spare yellow is no spare green) the green card is still refused; with 6 green
    dice (one spare) it loads."""
    pack = _copy_pack(tmp_path)
    _edit(pack, "feats", lambda d: d["feats"][24]["effects"][0].update(colour="green"))
    _edit(pack, "rules", lambda d: d["dice"]["yellow"].update(supply=8))
    with pytest.raises(ContentError, match="add_die green"):
        load_content(str(pack))
    _edit(pack, "rules", lambda d: d["dice"]["green"].update(supply=6))
    assert load_content(str(pack)).dice_supply["green"] == 6


@pytest.mark.parametrize("low,ok", [(4, True), (5, False)])
def test_a_run_may_end_at_6_and_not_past_it(tmp_path, low, ok):
    """ATT-RESOLVE-1 (a run is consecutive faces of d6): scenario I's run line of 3 dice from 4
    (4-5-6) loads; from 5 it would need a 7 and the schema refuses it, naming the line's field."""
    pack = _copy_pack(tmp_path)
    _edit(pack, "scenarios", lambda d: d["scenarios"][0]["lines"][2]["combo"].update(min=low))
    if ok:
        from boardgym.games.ancient_terrible_things.constants import RUN
        assert load_content(str(pack)).scenarios["I"][1][2][0] == (RUN, 4, 3)   # (kind, lowest face, dice)
        return
    with pytest.raises(ContentError, match="5 is above the maximum 4") as err:
        load_content(str(pack))
    assert (err.value.entry, err.value.field) == ("I", "lines.2.combo.min")


def test_a_high_line_of_a_scenario_is_one_die(tmp_path):
    """ATT-RESOLVE-1: a scenario line's high combination is a single die (encounters may ask
    1-3); a line asking 2 is refused naming the line."""
    pack = _copy_pack(tmp_path)
    _edit(pack, "scenarios", lambda d: d["scenarios"][0]["lines"][0]["combo"].update(len=2))
    with pytest.raises(ContentError, match="a high combination on a scenario line uses 1 die") as err:
        load_content(str(pack))
    assert (err.value.entry, err.value.field) == ("I.lines.0", "combo.len")


def test_each_side_of_the_location_tiles_fills_the_five_board_places():
    """ATT-SETUP (the five location tiles go round the board, one per place; the locations file
    counts places from 1): the game numbers the places 0-4, and the tiles A-E, like the tiles
    F-J (their other sides), take each place exactly once."""
    tiles = load_content().tiles
    for side in ("ABCDE", "FGHIJ"):
        assert sorted(tiles[t]["slot"] for t in side) == [0, 1, 2, 3, 4]


def test_catalogue_sized_rules_are_pinned(tmp_path):
    pack = _copy_pack(tmp_path)
    _edit(pack, "rules", lambda d: d.update(swag_cap=20))
    with pytest.raises(ContentError, match="swag_cap"):
        load_content(str(pack))


def test_every_shipped_card_can_be_activated_somewhere():
    """Each effect of every non-passive card is usable in at least one position (review: a
    green add_die card never was)."""
    from boardgym.games.ancient_terrible_things.constants import E_ADD_DIE, GREEN

    c = load_content()
    for card in c.swag + c.feats:
        for e in card.effects:
            assert not (e[0] == E_ADD_DIE and e[1] == GREEN), card.key


# -- the outside audit: packs fail at load, naming file, entry and field, never later in play -------------
def _refused(pack, **cfg):
    with pytest.raises(ContentError) as err:
        make_game("ancient_terrible_things", content_pack=str(pack), **cfg)
    return err.value


def test_a_huge_feat_hand_is_refused_by_its_bound(tmp_path):
    """ATT-SETUP-8 / ATT-D-11: feat_hand_size 10**9 hung at setup; the schema bounds it by the hand
    cap of 8 and says why."""
    pack = _copy_pack(tmp_path)
    _edit(pack, "rules", lambda d: d.update(feat_hand_size=10**9))
    e = _refused(pack)
    assert e.file.endswith("rules.json") and e.field == "feat_hand_size"
    assert "maximum 8" in str(e) and "ATT-D-11" in str(e)


def test_feats_must_cover_every_hand_at_setup(tmp_path):
    """ATT-SETUP-6/8: 4 hands of 8 feats and the first discard need 33 feats; the pack has 32
    (this died with a division by zero at the last setup draw). 3 players fit."""
    pack = _copy_pack(tmp_path)
    _edit(pack, "rules", lambda d: d.update(feat_hand_size=8))
    e = _refused(pack, num_players=4)
    assert isinstance(e, ConfigError) and e.field == "feat_hand_size" and "33" in str(e)
    assert make_game("ancient_terrible_things", content_pack=str(pack), num_players=3).content.feat_hand == 8


def test_fewer_characters_than_seats(tmp_path):
    """ATT-SETUP-8: every seat takes a character; 2 characters cannot seat 3 players (IndexError
    before); 2 players still play."""
    pack = _copy_pack(tmp_path)
    _edit(pack, "characters", lambda d: d["characters"].__delitem__(slice(2, 4)))
    e = _refused(pack, num_players=3)
    assert e.file.endswith("characters.json") and e.field == "characters" and "3 seats need 3" in str(e)
    assert isinstance(e, ConfigError)
    make_game("ancient_terrible_things", content_pack=str(pack), num_players=2)


def test_a_scenario_the_pack_lacks(tmp_path):
    """scenario='II' on a pack with only scenario I (KeyError before)."""
    pack = _copy_pack(tmp_path)
    _edit(pack, "scenarios", lambda d: d["scenarios"].pop())
    e = _refused(pack, scenario="II")
    assert e.file.endswith("scenarios.json") and e.entry == "II" and "has ['I']" in str(e)
    make_game("ancient_terrible_things", content_pack=str(pack), scenario="I")


def test_a_setup_row_the_pack_lacks(tmp_path):
    """ATT-SETUP-4: a length the pack's setup table has no row for names the row."""
    pack = _copy_pack(tmp_path)
    _edit(pack, "rules", lambda d: d["setup_table"]["2"].pop("long"))
    e = _refused(pack, num_players=2, length="long")
    assert e.entry == "setup_table.2" and e.field == "long" and isinstance(e, ConfigError)


@pytest.mark.parametrize("name,edit,entry", [
    ("scenarios", lambda d: d["scenarios"][1].update(id="I"), "I"),
    ("locations", lambda d: d["locations"][1].update(id="A"), "A"),
    ("achievements", lambda d: d["achievements"][1].update(id="ach_pitfall"), "ach_pitfall"),
    ("feats", lambda d: d["feats"][5].update(id="feat01"), "feat01"),
])
def test_duplicate_ids_no_longer_overwrite(tmp_path, name, edit, entry):
    """A second entry with an id used before overwrote the first (scenarios, tiles) or passed
    unnoticed; the schema's uniqueBy refuses it, naming the duplicated id."""
    pack = _copy_pack(tmp_path)
    _edit(pack, name, edit)
    e = _refused(pack)
    assert e.file.endswith(f"{name}.json") and e.entry == entry and e.field == "id" and "duplicate" in str(e)


def test_a_swag_id_reused_by_a_mcguffin_names_the_mcguffins_file(tmp_path):
    """Swag, McGuffins and Hats share one id space (content.py docstring); the error names the
    file of the second use and the file of the first."""
    pack = _copy_pack(tmp_path)
    _edit(pack, "mcguffins", lambda d: d["mcguffins"][0].update(id="swag01"))
    e = _refused(pack)
    assert e.file.endswith("mcguffins.json") and e.entry == "swag01" and "swag.json" in str(e)


def test_more_tentacles_than_the_game_has(tmp_path):
    """ATT-SETUP-1: 16 tentacle tokens in all."""
    pack = _copy_pack(tmp_path)
    _edit(pack, "rules", lambda d: d["tentacles"].update({"0": 8}))
    e = _refused(pack)
    assert e.field == "tentacles" and "20 tentacle tokens" in str(e)


def test_an_unknown_key_is_named(tmp_path):
    pack = _copy_pack(tmp_path)
    _edit(pack, "encounters", lambda d: d["encounters"][2].update(secret=3))
    e = _refused(pack)
    assert e.entry == "enc03" and e.field == "secret" and "unknown key 'secret'" in str(e)


@pytest.mark.parametrize("effect", [
    {"kind": "reroll", "n": 1, "filter": "any"},
    {"kind": "reroll_all"},
    {"kind": "lock", "n": 1, "filter": "any"},
    {"kind": "set_face"},
])
def test_a_pre_roll_card_cannot_carry_a_dice_effect(tmp_path, effect):
    """ATT-ENC-1: before the roll only dice-swapping cards are used; a card timed 'pre' whose
    effect changes rolled dice (a reroll, a reroll of all, a lock, a set face) is refused,
    naming the card (the schema refuses it, before the loader's own timing check)."""
    pack = _copy_pack(tmp_path)
    _edit(pack, "feats", lambda d: d["feats"][0].update(effects=[effect], timing="pre"))
    with pytest.raises(ContentError) as err:
        load_content(str(pack))
    assert err.value.entry == "feat01" and err.value.field in ("effects", "timing")


def test_a_card_selects_dice_for_its_first_effect():
    """ATT-ENC-3, ATT-D-18: a card that picks dice does so for its first effect, then resolves
    the rest: Nudge of Providence picks a die to bump (then gains Focus), Iron Grapnel picks a
    die to lock (then gains Focus); Scrounge and Storm Lantern pick none."""
    from boardgym.games.ancient_terrible_things.constants import E_BUMP, E_LOCK

    c = load_content()
    by_name = {card.name: card for card in c.feats + c.swag}
    assert by_name["Nudge of Providence"].select == E_BUMP
    assert by_name["Iron Grapnel"].select == E_LOCK
    assert by_name["Scrounge"].select == -1 and by_name["Storm Lantern"].select == -1
