"""The Tides of Ruin Arcade content pack: the shipped pack holds what the spec's TR-BASE tables
size, and a broken pack is refused at load with a ContentError naming its file, entry and field."""
import dataclasses
from collections import Counter

import pytest

from boardgym.core.content import load_schemas
from boardgym.core.errors import ContentError
from boardgym.games.tides_of_ruin_arcade import content as C
from boardgym.games.tides_of_ruin_arcade.content import DEFAULT_PACK, SCHEMA_DIR, load_content

from ..packs import edited_pack, unexplained_bounds


@pytest.fixture(scope="module")
def pack():
    return load_content()


def _by_key(table):
    return {e.key: e for e in table}


# -- the shipped pack -----------------------------------------------------------------------------
def test_crew_is_the_table_of_tr_base_crew(pack):
    """TR-BASE-CREW: HP and STR/CUN/PER/CRA/KNO of the five; the Captain is the active player's."""
    table = {"Captain": (8, (2, 2, 1, 1, 1)), "Navigator": (7, (0, 1, 2, 1, 3)), "Gunner": (8, (3, 0, 2, 1, 0)),
             "Surgeon": (6, (0, 2, 1, 1, 2)), "Cook": (7, (1, 1, 1, 3, 1))}
    assert {c.role: (c.hp, c.skills) for c in pack.crew} == table
    assert [c.role for c in pack.crew if c.captain] == ["Captain"]


def test_destiny_deck(pack):
    """TR-BASE-DESTINY: 12 cards 0,0,1,1,1,2,2,2,3,3,4,5, mean 2."""
    assert sorted(pack.destiny) == [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5]
    assert sum(pack.destiny) / len(pack.destiny) == 2


def test_skill_deck_is_tr_base_skill(pack):
    """TR-BASE-SKILL: 40 cards; Drill 10 (+2, cost 1, 2 per skill), Knack 10 (+1, cost 0, +2 to a
    challenge in its skill, 2 per skill), Strike 8 (+1 STR or PER, +2 damage or -1 power), Guard 6
    (+1 CRA or CUN, block 2), Fortune 6 (+1 KNO, cost 1, redraw Destiny)."""
    deck = [pack.skills[i] for i in pack.skill_deck]
    assert len(deck) == 40
    fam = Counter(C.FAMILIES[c.family] for c in deck)
    assert fam == {"drill": 10, "knack": 10, "strike": 8, "guard": 6, "fortune": 6}
    for name in ("drill", "knack"):
        assert Counter(C.SKILLS[c.skill] for c in deck if C.FAMILIES[c.family] == name) == {s: 2 for s in C.SKILLS}
    icons = {name: {C.SKILLS[c.skill] for c in deck if C.FAMILIES[c.family] == name} for name in fam}
    assert icons["strike"] == {"STR", "PER"} and icons["guard"] == {"CRA", "CUN"} and icons["fortune"] == {"KNO"}
    expect = {"drill": (2, 1, "none"), "knack": (1, 0, "challenge_bonus"), "strike": (1, 0, "attack_boost"),
              "guard": (1, 0, "block"), "fortune": (1, 1, "destiny_redraw")}
    for c in deck:
        f = C.FAMILIES[c.family]
        assert (c.bonus, c.equip_cost, C.ABILITIES[c.ability]) == expect[f], c.key
        assert c.name == f.title()
        if f == "knack":
            assert (c.ability_skill, c.amount) == (c.skill, 2)
        if f == "strike":
            assert (c.amount, c.remove_power) == (2, 1)
        if f == "guard":
            assert c.amount == 2


def test_adventure_cards(pack):
    """TR-BASE-ADV-2: the four starting cards exactly; TR-BASE-ADV-3: 16 more (6 weapons, 5 items,
    5 recipes) at 2-5 coins."""
    adv = _by_key(pack.adventure)
    assert {pack.adventure[i].key for i in pack.starting} == {"boarding_cutlass", "long_rifle", "brass_spyglass",
                                                             "salt_fish_stew"}
    cut, rifle, glass, stew = (adv[k] for k in ("boarding_cutlass", "long_rifle", "brass_spyglass", "salt_fish_stew"))
    assert (cut.base, C.SKILLS[cut.skill], cut.block, cut.remove_power) == (1, "STR", 1, 0)
    assert (rifle.base, C.SKILLS[rifle.skill], rifle.block, rifle.remove_power) == (0, "PER", 0, 1)
    assert dict(zip(C.SKILLS, glass.bonuses)) == {"STR": 0, "CUN": 0, "PER": 1, "CRA": 0, "KNO": 1}
    assert stew.food == 2 and stew.effects == ((C.RECIPE_EFFECTS.index("heal"), C.TARGETS.index("each"), 1),)
    assert all(pack.adventure[i].price == 0 for i in pack.starting)
    market = [pack.adventure[i] for i in pack.market]
    assert Counter(C.ADVENTURE_KINDS[c.kind] for c in market) == {"weapon": 6, "item": 5, "recipe": 5}
    assert all(2 <= c.price <= 5 for c in market)
    assert all(c.skill >= 0 for c in market if C.ADVENTURE_KINDS[c.kind] == "weapon")
    assert all(any(c.bonuses) for c in market if C.ADVENTURE_KINDS[c.kind] == "item")
    assert all(c.food >= 1 and c.effects for c in market if C.ADVENTURE_KINDS[c.kind] == "recipe")


def test_challenges_four_per_skill_at_5_to_8(pack):
    """TR-BASE-ENC: 20 challenges, one per skill and number 5/6/7/8; success gives 2 coins, 2 food,
    1 skill card or +1 XP; failure 2-3 wounds, +1 fatigue per participant or a status. TR-MAST-3:
    the mastery entry is +1 XP and heal 1."""
    ch = pack.challenges
    assert len(ch) == 20
    assert sorted((C.SKILLS[c.skill], c.number) for c in ch) == sorted((s, n) for s in C.SKILLS for n in (5, 6, 7, 8))
    assert {(C.CHALLENGE_REWARDS[c.reward[0]], c.reward[1]) for c in ch} == {
        ("coins", 2), ("food", 2), ("skill_card", 1), ("xp", 1)}
    mastery = ((C.MASTERY_KINDS.index("xp"), 1), (C.MASTERY_KINDS.index("heal"), 1))
    assert all(c.mastery == mastery for c in ch)
    for c in ch:
        kind, amount, status = c.failure
        name = C.FAILURES[kind]
        assert (name == "wounds" and amount in (2, 3)) or (name == "fatigue" and amount == 1) or \
            (name == "status" and status >= 0), c.key
    # every skill offers every reward once (no skill is the only road to XP)
    for s in range(5):
        assert len({c.reward[0] for c in ch if c.skill == s}) == 4


def test_enemy_roster_and_combats(pack):
    """TR-BASE-ENC: an 8-enemy roster with the spec's four example names, base attack 1-3; 10
    combat cards of 1-3 enemies holding 5-13 hearts each; every enemy fights somewhere."""
    assert len(pack.enemies) == 8
    assert {"Reef Eel", "Tide Raider", "Coral Brute", "Gull Swarm"} <= {e.name for e in pack.enemies}
    assert all(1 <= e.attack <= 3 and len(e.squares) == 9 and e.hearts >= 1 for e in pack.enemies)
    brute = _by_key(pack.enemies)["coral_brute"]
    assert (brute.grid, brute.params, brute.hearts, brute.growth) == ("2K2/1N1/.P.", (("K", 1),), 6, 1)
    assert len(pack.combats) == 10
    for c in pack.combats:
        assert 1 <= len(c.enemies) <= 3 and 5 <= c.hearts <= 13
        assert c.hearts == sum(pack.enemies[e].hearts for e in c.enemies)
    assert {e for c in pack.combats for e in c.enemies} == set(range(8))


def test_enemy_entries_have_the_core_enemy_fields():
    """PP 2.7: an enemy entry is what the Sleeping Gods core's parse_enemy(name, attack, grid,
    params) takes, plus the pack's id, and nothing else (so the core's shared entry schema fits)."""
    entry = load_schemas(str(SCHEMA_DIR))["enemies"]["properties"]["enemies"]["items"]
    assert set(entry["properties"]) == set(entry["required"]) == {"id", "name", "attack", "grid", "params"}
    assert entry["additionalProperties"] is False


REWARD_RANGES = {"om": (3, 7), "skill_cards": (2, 4), "heal": (3, 5), "fatigue": (2, 4), "status": (1, 2),
                 "xp": (1, 2), "food": (2, 3), "coins": (2, 4), "recover": (3, 6), "adventure": (1, 1)}


def test_reward_cards(pack):
    """TR-BASE-REWARD: 12 cards, each exactly 6 different rewards within the table's ranges; 6 Port
    and 6 Market; the spec's example card (7 OM, draw 4, heal 4, remove 2 fatigue, +1 XP, +2 food,
    Port) is one of them."""
    assert len(pack.rewards) == 12
    for card in pack.rewards:
        kinds = [C.REWARDS[k] for k, _ in card.rewards]
        assert len(kinds) == 6 == len(set(kinds)), card.key
        assert all(REWARD_RANGES[C.REWARDS[k]][0] <= n <= REWARD_RANGES[C.REWARDS[k]][1] for k, n in card.rewards)
    assert Counter(C.CORNERS[c.corner] for c in pack.rewards) == {"port": 6, "market": 6}
    example = {("om", 7), ("skill_cards", 4), ("heal", 4), ("fatigue", 2), ("xp", 1), ("food", 2)}
    assert any({(C.REWARDS[k], n) for k, n in c.rewards} == example and C.CORNERS[c.corner] == "port"
               for c in pack.rewards)


def test_boss_card_by_destiny_value(pack):
    """TR-BASE-BOSS: 0 +2 start power, 1 +1 power each round end, 2 +1 damage, 3 +1 counterattack,
    4 frighten, 5 poison."""
    assert [(b.value, C.BOSS_KINDS[b.kind], b.amount) for b in pack.boss] == [
        (0, "start_power", 2), (1, "power_per_round", 1), (2, "damage_bonus", 1), (3, "counter_bonus", 1),
        (4, "frighten", 0), (5, "poison", 0)]
    assert {b.value for b in pack.boss} >= set(pack.destiny)


def test_enough_for_the_ultimate_length(pack):
    """TR-SETUP-4: Ultimate uses all 20 challenges, all 10 combats and 10 reward cards."""
    assert (len(pack.challenges), len(pack.combats)) == (20, 10) and len(pack.rewards) >= 10


def test_tables_are_immutable_with_integer_ids(pack):
    """The tables are shared by every state: tuples of frozen entries whose id is their index."""
    for table in (pack.crew, pack.skills, pack.adventure, pack.challenges, pack.enemies, pack.combats, pack.rewards):
        assert isinstance(table, tuple) and [e.id for e in table] == list(range(len(table)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        pack.enemies[0].attack = 9
    for table in (pack.crew, pack.skills, pack.adventure, pack.challenges, pack.combats, pack.rewards,
                  pack.boss):
        for entry in table[:1]:   # every kind of entry, each frozen
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(entry, dataclasses.fields(entry)[0].name, 0)
    with pytest.raises(TypeError):
        pack.enemy_index["reef_eel"] = 3
    assert load_content() is pack  # cached while the files are unchanged


def test_every_bound_carries_its_reason():
    """Strict schemas (core/content.py) and, here, every integer bound says why in its description."""
    assert unexplained_bounds(SCHEMA_DIR) == []


# -- broken packs ---------------------------------------------------------------------------------
def _refused(tmp_path, name, edit):
    with pytest.raises(ContentError) as err:
        load_content(edited_pack(DEFAULT_PACK, tmp_path, name, edit))
    return err.value


def _entry(table, key):
    return next(e for e in table if e["id"] == key)


def _set(table_name, key, **fields):
    return lambda d: _entry(d[table_name], key).update(fields)


GAME_CHECKS = [
    # TR-BASE-CREW: exactly one Captain
    ("crew", _set("crew", "navigator", captain=True), "navigator", "captain", "exactly one is the Captain"),
    ("crew", _set("crew", "captain", captain=False), "<file>", "captain", "0 crew members are marked captain"),
    # TR-BASE-DESTINY
    ("destiny", lambda d: d["cards"].__setitem__(11, 4), "<file>", "cards", "must be the 12 values"),
    # TR-BASE-SKILL
    ("skills", _set("cards", "drill_str", count=3), "drill_str", "count", "3 Drill cards for STR"),
    ("skills", lambda d: d["cards"].remove(_entry(d["cards"], "knack_kno")), "<file>", "count",
     "0 Knack cards for KNO"),
    ("skills", _set("cards", "fortune_kno", count=5), "<file>", "cards", "5 Fortune cards; the 40-card deck has 6"),
    ("skills", _set("cards", "strike_str", icon={"skill": "CUN", "bonus": 1}), "strike_str", "icon.skill",
     "one of STR, PER"),
    ("skills", _set("cards", "guard_cra", ability={"kind": "none"}), "guard_cra", "ability.kind", "'block'"),
    ("skills", _set("cards", "knack_per", ability={"kind": "challenge_bonus", "skill": "STR", "amount": 2}),
     "knack_per", "ability.skill", "its own icon's skill (PER)"),
    # TR-BASE-ADV-2 and -3
    ("adventure", _set("cards", "long_rifle", remove_power=2), "long_rifle", "remove_power", "remove_power 1"),
    ("adventure", _set("cards", "salt_fish_stew", starting=False), "salt_fish_stew", "starting",
     "one of the 4 starting cards"),
    ("adventure", lambda d: d["cards"].remove(_entry(d["cards"], "brass_spyglass")), "<file>", "cards",
     "'brass_spyglass' is missing"),
    ("adventure", _set("cards", "boathook", price=1), "boathook", "price", "costs 2-5 coins"),
    ("adventure", _set("cards", "boathook", starting=True, price=0), "boathook", "starting",
     "only the 4 cards of TR-BASE-ADV-2"),
    ("adventure", _set("cards", "brass_spyglass", price=3), "brass_spyglass", "price", "price 0"),
    # TR-BASE-ENC: one challenge per skill and number
    ("challenges", _set("challenges", "sprung_seam", number=6), "torn_rigging", "number",
     "a second CRA 6 challenge ('sprung_seam' is one); each skill has one challenge at each number "
     "5, 6, 7, 8 (TR-BASE-ENC)"),
    # PP-ENEMY grids and params
    ("enemies", _set("enemies", "reef_eel", grid=".../T.P/..."), "reef_eel", "grid", "no heart"),
    ("enemies", _set("enemies", "tide_raider", params={}), "tide_raider", "params.D", "needs a parameter"),
    ("enemies", _set("enemies", "reef_eel", params={"K": 1}), "reef_eel", "params.K", "the grid has no 'K' square"),
    # TR-BASE-ENC: 5-13 hearts per combat card
    ("combats", _set("combats", "the_coral_wall", enemies=["coral_brute"] * 3), "the_coral_wall", "enemies",
     "hold 18 hearts"),
    ("combats", _set("combats", "eel_holes", enemies=["reef_eel"]), "eel_holes", "enemies", "hold 3 hearts"),
    ("combats", _set("combats", "the_coral_wall", enemies=["coral_brute", "tide_raider", "barnacle_crab"]),
     "the_coral_wall", "enemies", "hold 14 hearts"),   # one past the most
    ("combats", _set("combats", "eel_holes", enemies=["tide_raider"]), "eel_holes", "enemies", "hold 4 hearts"),
    # TR-BASE-REWARD: 6 Port and 6 Market
    ("rewards", _set("cards", "fair_winds", corner="market"), "treasure_buoy", "corner",
     "5 cards show Port and 7 Market"),
]


def _dup_enemy(d):
    d["enemies"].append(dict(d["enemies"][0], name="Another Eel"))


SCHEMA_CHECKS = [
    ("crew", _set("crew", "cook", age=41), "cook", "age", "unknown key 'age'"),
    ("challenges", _set("challenges", "fouled_anchor", number=9), "fouled_anchor", "number",
     "above the maximum 8 (TR-BASE-ENC"),
    ("challenges", _set("challenges", "fog_bell", reward={"kind": "coins", "amount": 5}), "fog_bell",
     "reward.amount", "TR-BASE-ENC: 2 coins"),
    ("challenges", _set("challenges", "jury_mast", failure={"kind": "wounds", "amount": 4}), "jury_mast",
     "failure.amount", "TR-BASE-ENC: 2-3 wounds"),
    ("challenges", lambda d: d["challenges"].pop(), "<file>", "challenges", "19 entries; at least 20"),
    ("enemies", _dup_enemy, "reef_eel", "id", "duplicate id 'reef_eel'"),
    ("enemies", _set("enemies", "gull_swarm", attack=4), "gull_swarm", "attack", "base attack 1-3"),
    ("enemies", _set("enemies", "gull_swarm", grid="1F1/.1./1P1/..."), "gull_swarm", "grid", "does not match"),
    ("enemies", _set("enemies", "kelp_witch", grid="M1./1H1/.4."), "kelp_witch", "grid", "does not match"),
    ("combats", _set("combats", "eel_holes", enemies=["reef_eel", "sea_serpent"]), "eel_holes", "enemies.1",
     "unknown enemy 'sea_serpent'"),
    ("combats", _set("combats", "press_gang", enemies=["reef_eel"] * 4), "press_gang", "enemies",
     "4 entries; at most 3"),
    ("combats", lambda d: d["combats"].pop(), "<file>", "combats", "at least 10"),
    ("rewards", lambda d: _entry(d["cards"], "fair_winds")["rewards"][0].update(amount=8), "fair_winds",
     "rewards.0.amount", "above the maximum 7"),
    ("rewards", lambda d: _entry(d["cards"], "calm_lagoon")["rewards"].__setitem__(5, {"kind": "om", "amount": 3}),
     "calm_lagoon", "rewards.5.kind", "duplicate kind 'om'"),
    ("rewards", lambda d: _entry(d["cards"], "calm_lagoon")["rewards"].pop(), "calm_lagoon", "rewards",
     "5 entries; at least 6"),
    ("rewards", lambda d: d.update(cards=d["cards"][:9]), "<file>", "cards", "at least 10"),
    ("skills", _set("cards", "drill_kno", equip_cost=2), "drill_kno", "equip_cost", "above the maximum 1"),
    ("destiny", lambda d: d["cards"].__setitem__(0, 6), "cards[0]", "<entry>", "above the maximum 5"),
    ("boss", lambda d: d["improvements"][5].update(value=4), "improvements[5]", "value", "duplicate value 4"),
    ("adventure", _set("cards", "pitch_bombs", base=3), "pitch_bombs", "base", "above the maximum 2"),
]


CHECKS = [("game",) + g for g in GAME_CHECKS] + [("schema",) + g for g in SCHEMA_CHECKS]


@pytest.mark.parametrize("by,name,edit,entry,field,words", CHECKS,
                         ids=[f"{g[0]}-{g[1]}-{g[3]}-{g[4]}" for g in CHECKS])
def test_a_broken_pack_is_refused_naming_file_entry_and_field(tmp_path, by, name, edit, entry, field, words):
    """Each game-level check of content.py (by="game") and the schemas' strictness (by="schema":
    unknown key, out-of-range number, duplicate id, dangling enemy reference, too few entries)."""
    e = _refused(tmp_path, name, edit)
    assert e.file.endswith(f"{name}.json") and (e.entry, e.field) == (entry, field) and words in str(e), str(e)


def test_a_missing_file_is_named(tmp_path):
    pack = edited_pack(DEFAULT_PACK, tmp_path, "boss", lambda d: None)
    (tmp_path / "pack" / "boss.json").unlink()
    with pytest.raises(ContentError) as err:
        load_content(pack)
    assert err.value.file.endswith("boss.json") and "file not found" in str(err.value)
