"""The Primeval Peril content pack: the shipped pack "Tallowmire" holds what the spec's §2.3-2.7
size, the fixture pack holds the rulebook's section 38.9, and a broken pack is refused at load
with a ContentError naming its file, entry and field."""
import dataclasses
from collections import Counter

import pytest

from boardgym.core.content import load_schemas
from boardgym.core.errors import ContentError
from boardgym.games.primeval_peril import content as C
from boardgym.games.primeval_peril.content import DEFAULT_PACK, load_content

from ..packs import edited_pack
from .fixtures import fixture_pack, section as _section, space as _space


@pytest.fixture(scope="module")
def pack():
    return load_content()


def _effects(sections):
    for s in sections:
        yield from s.effects
        for ch in s.choices:
            yield from ch.effects


def _count(sections, kind):
    return sum(e.amount for e in _effects(sections) if C.EFFECTS[e.kind] == kind)


def _gained(sections):
    return {e.arg for e in _effects(sections) if C.EFFECTS[e.kind] == "gain_card"}


def _loc(pack, n):
    return [s for s in pack.story.sections if s.location == n]


# -- the atlas: spec §2.3 -------------------------------------------------------------------------
def test_atlas_is_five_pages_of_eight_spaces(pack):
    """§2.3: 5 pages x 8 spaces, each page with a fork, 2 rocks of 1-2 damage, 2 square and 2
    numbered locations; PP-SETUP-1: one start, on page 2."""
    pages, spaces = pack.atlas
    assert [p.number for p in pages] == [1, 2, 3, 4, 5]
    for p in pages:
        own = [spaces[i] for i in p.spaces]
        assert len(own) == 8
        assert sum(1 for s in own if s.rocks) == 2 and all(1 <= s.rocks_damage <= 2 for s in own if s.rocks)
        assert sum(1 for s in own if s.icon >= 0) == 2 and sum(1 for s in own if s.location) == 2
        assert any(len([x for x in s.exits if spaces[x].page == p.id]) >= 3 for s in own), f"page {p.number} fork"
    assert [(pages[s.page].number, s.key) for s in spaces if s.start] == [(2, "p2_harpys_berth")]
    assert all(len(s.exits) <= 6 and all(s.id in spaces[x].exits for x in s.exits) for s in spaces)


def test_edge_links(pack):
    """§2.3 / PP-TRAVEL-3: page 2 north -> 1, east -> 3, south -> 4; page 3 east -> 5; entered on
    the opposite edge."""
    pages, spaces = pack.atlas
    links = set()
    for s in spaces:
        for j, d in s.edges:
            other = spaces[s.exits[j]]
            links.add((pages[s.page].number, C.DIRECTIONS[d], pages[other.page].number))
            back = dict(other.edges)[other.exits.index(s.id)]
            assert C.OPPOSITE[C.DIRECTIONS[d]] == C.DIRECTIONS[back]
    assert links == {(2, "north", 1), (2, "east", 3), (2, "south", 4), (3, "east", 5),
                     (1, "south", 2), (3, "west", 2), (4, "north", 2), (5, "west", 3)}


def test_banners_are_the_six_of_2_3(pack):
    """§2.3: fishing spot PER 4 -> meat; grove fruit, SAV 4 -> +1 fruit; trading post coin -> any,
    max 2; wreck CRA 5 -> rope + coin, fail -1 HP; shrine torch -> each removes 1 status;
    overlook SAV 5 -> map + reroll."""
    for page in pack.atlas.pages:
        b = {C.ICONS[x.icon]: x for x in page.banner}
        assert set(b) == set(C.ICONS)
        assert (C.SKILLS[b["fishing_spot"].challenge.skill], b["fishing_spot"].challenge.number) == ("PER", 4)
        assert not b["fishing_spot"].rewards_on_fail
        grove = b["grove"]
        assert [C.RESOURCES[e.arg] for e in grove.effects_before + grove.effects] == ["fruit", "fruit"]
        assert (b["trading_post"].cost, b["trading_post"].max_uses) == (((C.RESOURCES.index("coin"), 1),), 2)
        assert b["trading_post"].effects[0].arg == -1
        wreck = b["wreck"]
        assert (wreck.challenge.number, wreck.challenge.fail[0].amount) == (5, 1)
        assert {C.RESOURCES[e.arg] for e in wreck.effects} == {"rope", "coin"}
        shrine = b["shrine"].effects[0]
        assert (C.EFFECTS[shrine.kind], shrine.arg, shrine.amount) == ("remove_status", -1, 5)
        assert [C.EFFECTS[e.kind] for e in b["overlook"].effects] == ["gain_resource", "reroll"]


# -- the story: spec §2.4 --------------------------------------------------------------------------
def test_story_follows_the_plan_of_2_4(pack):
    """§2.4: >= 50 sections, 19 bloodflowers, the sections per location, quests 43-47 with TRAIL,
    PACT, NESTMAP, IDOL, FERRY where the table puts them, the markets, the two endings."""
    story = pack.story
    assert story.title == "The Taken Passenger" and story.intro == "0.1"
    assert len(story.sections) >= 50
    assert _count(story.sections, "bloodflower") == 19
    sizes = Counter(s.location for s in story.sections)
    assert sizes == {0: 2, 1: 4, 2: 5, 3: 5, 4: 4, 5: 6, 6: 4, 7: 5, 8: 5, 9: 4, 10: 6}
    assert set(story.keywords) == {"TRAIL", "PACT", "IDOL", "NESTMAP", "FERRY"}
    for loc, card in ((0, 43), (3, 44), (5, 45), (7, 46), (9, 47), (2, 7)):
        assert card in _gained(_loc(pack, loc)), (loc, card)
    assert {pack.cards.numbered[n].keywords for n in range(43, 48)} == {(k,) for k in story.keywords}
    for loc, n in ((1, 1), (2, 2), (4, 2), (6, 3), (8, 4)):
        assert _count(_loc(pack, loc), "bloodflower") == n, loc
    assert {m.key: m.cards for m in story.markets} == {"reedmouth": (53, 54, 55, 56), "stilt": (57, 58, 59, 60)}
    endings = {s.key: s.ending for s in story.sections if s.ends == "ending"}
    assert set(endings) == {"10.5", "10.6"}
    ferry = [ch for ch in story.sections[story.by_key["10.4"]].choices if ch.goto == "10.6"]
    assert [ch.requires for ch in ferry] == ["FERRY"]
    assert [(k, g) for k, g in story.sections[story.by_key["10.1"]].redirects] == [("NESTMAP", "10.2")]
    assert any(C.EFFECTS[e.kind] == "cross_off" and e.arg == 6 for e in _effects(_loc(pack, 6)))
    assert any(ch.requires == "PACT" for s in _loc(pack, 5) for ch in s.choices)
    assert any(ch.requires == "TRAIL" for s in _loc(pack, 8) for ch in s.choices)


def test_combats_of_the_story(pack):
    """§2.4: every combat is fought somewhere; 4, 6, 8 and 11 sit on optional choices (another
    choice of the same section fights nothing)."""
    fought = {}
    for s in pack.story.sections:
        if s.combat:
            fought.setdefault(s.combat, []).append(s.key)
        for ch in s.choices:
            if ch.combat:
                fought.setdefault(ch.combat, []).append(s.key)
                if ch.combat in (4, 6, 8, 11):
                    assert any(not o.combat and not o.requires for o in s.choices), s.key
    assert set(fought) == set(range(1, 13))
    where = {n: {pack.story.sections[pack.story.by_key[k]].location for k in ks} for n, ks in fought.items()}
    assert where[1] == {2} and where[2] == {3} and where[3] == {4} and where[5] == {5} and where[7] == {7}
    assert where[9] == {9} and where[10] == {8} and where[12] == {10}


def test_fixture_pack_holds_section_38_9(tmp_path):
    """PP-EXPL-3,5,6: the fixture's 38.9: A CUNNING 5, fail -3 health, -> 38.11; B STRENGTH 6,
    fail -3 health, -> 38.12; a keyword-gated third choice."""
    content = load_content(fixture_pack(tmp_path))
    s = content.story.sections[content.story.by_key["38.9"]]
    a, b, c = s.choices
    for ch, skill, number, goto in ((a, "CUN", 5, "38.11"), (b, "STR", 6, "38.12")):
        assert (C.SKILLS[ch.challenge.skill], ch.challenge.number, ch.goto, ch.challenge.fail_goto) == \
            (skill, number, goto, None)
        assert [(C.EFFECTS[e.kind], e.amount) for e in ch.challenge.fail] == [("damage", 3)]
    assert c.requires == "PACT" and c.challenge is None
    assert all(content.story.sections[content.story.by_key[k]].ends == "map" for k in ("38.11", "38.12"))


# -- events, cards, enemies: spec §2.5-2.7 ----------------------------------------------------------
def test_events_mix_of_2_5(pack):
    """§2.5: 36 events: 12 challenges at 4-6 (failure -2/-3 HP, 1-2 boat damage or a status, a
    resource either way), 6 statuses then a resource, 6 give resources or a reroll, 4 fate rolls
    (2 boat damage on 0-1), 4 pay-or-2-damage, 4 stamina losses then a meat."""
    evs = pack.events
    assert len(evs) == 36
    kinds = Counter()
    for ev in evs:
        first = [C.EFFECTS[e.kind] for e in ev.effects_before]
        after = [C.EFFECTS[e.kind] for e in ev.effects]
        if ev.challenge:
            kinds["challenge"] += 1
            assert 4 <= ev.challenge.number <= 6 and after == ["gain_resource"]
            (f,) = ev.challenge.fail
            assert (C.EFFECTS[f.kind], f.amount) in {("damage", 2), ("damage", 3), ("boat_damage", 1),
                                                     ("boat_damage", 2), ("status", 1)}
        elif ev.choice:
            kinds["pay"] += 1
            assert [C.EFFECTS[e.kind] for ch in ev.choice for e in ch.effects] == ["lose_resource", "damage"]
        elif first == ["stamina_loss"]:
            kinds["stamina"] += 1
            assert ev.effects_before[0].amount == 2 and ev.effects[0].arg == C.RESOURCES.index("meat")
        elif first:
            kinds["status"] += 1
            assert set(first) == {"status"} and after == ["gain_resource"]
        elif after == ["fate_roll"]:
            kinds["fate"] += 1
            assert (ev.effects[0].arg, ev.effects[0].amount) == (1, 2)
        else:
            kinds["gift"] += 1
            assert set(after) <= {"gain_resource", "reroll"}
            assert 1 <= sum(e.amount for e in ev.effects) <= 2
    assert kinds == {"challenge": 12, "status": 6, "gift": 6, "fate": 4, "pay": 4, "stamina": 4}


def test_starting_combat_cards_of_2_6(pack):
    """§2.6 / §2.8-1: 6 S cards x 2; Wrench blocks 0."""
    s = pack.cards.combat_s
    assert len(s) == 12 and all(c.number == 0 for c in s)
    table = {c.name: (c.damage, c.die, C.SKILLS[c.skill] if c.skill >= 0 else None, c.remove_power, c.block)
             for c in s}
    assert table == {"Whip": (1, 0, None, 1, 2), "Wrench": (0, 1, "CRA", 1, 0), "Machete": (1, 1, "STR", 0, 1),
                     "Spear": (0, 1, "PER", 1, 1), "Taunt": (0, 1, "CUN", 0, 2), "Field Notes": (1, 0, "SAV", 1, 1)}
    assert Counter(c.name for c in s) == {n: 2 for n in table}
    assert [c.id for c in s] == list(range(12))


def test_numbered_deck_of_2_6(pack):
    """§2.6: 1-30 adventure (10 hand, 3 two-hands, 5 body, 4 recipe, 4 advancement, 4 misc), 31-42
    combat (31 = 0+die+CRA / 1 / 2), 43-52 quests, 53-60 market cards at 2-4 coins; PP-END-4: the
    unlock cards 6, 23, 54, 8 for games 2-5."""
    n = pack.cards.numbered
    assert sorted(n) == list(range(1, 61))
    adv = [n[i] for i in range(1, 31)]
    assert all(isinstance(c, C.AdventureCard) and c.price == 0 for c in adv)
    assert Counter(C.SLOTS[c.slot] for c in adv) == {"hand": 10, "two_hands": 3, "body": 5, "recipe": 4,
                                                     "advancement": 4, "misc": 4}
    assert all(isinstance(n[i], C.CombatCard) for i in range(31, 43))
    c31 = n[31]
    assert (c31.damage, c31.die, C.SKILLS[c31.skill], c31.remove_power, c31.block) == (0, 1, "CRA", 1, 2)
    assert all(isinstance(n[i], C.QuestCard) for i in range(43, 53))
    market = [n[i] for i in range(53, 61)]
    assert all(isinstance(c, C.AdventureCard) and 2 <= c.price <= 4 for c in market)
    assert {c.number: c.unlock for c in n.values() if isinstance(c, C.AdventureCard) and c.unlock} == \
        {6: 2, 23: 3, 54: 4, 8: 5}
    assert all(c.skill >= 0 for c in adv + market)
    assert [c.id for c in (n[i] for i in range(1, 61))] == list(range(60))


def test_enemies_and_combats_of_2_7(pack):
    """§2.7: the roster in grid notation (a boss as 3 sections) and the 12 combats."""
    e = {x.key: x for x in pack.enemies}
    assert (e["croc_a"].grid, e["croc_a"].params, e["croc_c"].params) == ("P.1/1D2/P.1", (("D", 1),), (("O", 2),))
    assert e["croc_b"].grid == "P.1/1W2/P.1" and e["croc_a"].growth == 2
    assert (e["bark_beetle"].params, e["reed_shaman"].params, e["mudback_brute"].params) == \
        ((("K", 1),), (("L", 2),), (("D", 2),))
    assert [e[f"stilt_warden_{s}"].attack for s in "lmr"] == [2, 3, 2]
    assert [e[f"nest_mother_{s}"].grid for s in "lmr"] == ["2V2/P1P/1F1", "3N3/2T2/PDP", "2W2/P1P/1L1"]
    names = {n: [pack.enemies[i].key for i in c.enemies] for n, c in pack.by_number.items()}
    assert names == {1: ["mire_leech"] * 2, 2: ["croc_a", "croc_b", "croc_c"], 3: ["canopy_stalker"],
                     4: ["bark_beetle", "mire_leech"], 5: ["reed_shaman", "croc_b"],
                     6: ["screech_swarm", "canopy_stalker"], 7: ["mudback_brute"],
                     8: ["mudback_brute", "reed_shaman"], 9: ["bark_beetle", "screech_swarm", "mire_leech"],
                     10: ["stilt_warden_l", "stilt_warden_m", "stilt_warden_r"], 11: ["canopy_stalker", "mudback_brute"],
                     12: ["nest_mother_l", "nest_mother_m", "nest_mother_r"]}
    assert all(pack.enemies[i].piece.name == pack.enemies[i].name for c in pack.combats for i in c.enemies)


def test_tables_are_frozen_and_cached(pack):
    assert load_content() is pack
    with pytest.raises(dataclasses.FrozenInstanceError):
        pack.story.sections[0].text = "x"
    assert isinstance(pack.story.sections, tuple) and isinstance(pack.events, tuple)


# -- broken packs ----------------------------------------------------------------------------------
BROKEN = [
    ("story", lambda d: _section(d, "5.2")["choices"][1].update(goto="5.9"), "5.2", "choices[1].goto", 'no section "5.9"'),
    ("story", lambda d: _section(d, "5.1")["choices"][0].update(requires="BOAT"), "5.1", "choices[0].requires",
     "no quest card carries the keyword 'BOAT'"),
    ("story", lambda d: _section(d, "3.1")["redirects"][0].update(goto="3.8"), "3.1", "redirects[0].goto",
     'no section "3.8"'),
    ("story", lambda d: _section(d, "1.1")["choices"][2].update(combat=13), "1.1", "choices[2].combat", "no COMBAT 13"),
    ("story", lambda d: _section(d, "2.2")["effects"][0].update(card=70), "2.2", "effects[0].card",
     "no numbered card 70"),
    ("story", lambda d: _section(d, "1.2")["effects"][0].update(market="bazaar"), "1.2", "effects[0].market",
     "no market 'bazaar'; the story has reedmouth, stilt"),
    ("events", lambda d: d["events"][20].update(effects=[{"kind": "market", "market": "bazaar"}]), "easy_catch",
     "effects[0].market", "no market 'bazaar'"),
    ("story", lambda d: _section(d, "2.4").update(ends="map"), "2.4", "ends", "exactly one way"),
    ("story", lambda d: _section(d, "1.1").update(colour="red"), "1.1", "colour", "unknown key 'colour'"),
    ("story", lambda d: d["markets"][0]["cards"].append(12), "reedmouth", "cards[4]", "not a market card"),
    ("story", lambda d: _section(d, "6.1")["choices"][0]["challenge"].update(number=40), "6.1",
     "choices.0.challenge.number", "above the maximum"),
    ("story", lambda d: _section(d, "4.2")["effects"][0].update(status="venom"), "4.2", "effects[0].status",
     "takes no 'status'"),
    ("story", lambda d: d["sections"].remove(_section(d, "9.1")), "p5_bone_ferry", "location", "no section 9.1"),
    ("atlas", lambda d: _space(d, "p1_cutbank")["exits"].remove("p1_stillwater"), "p1_stillwater", "exits[0]",
     "no way back"),
    ("atlas", lambda d: _space(d, "p1_stillwater")["edges"][0].update(direction="north"), "p1_stillwater",
     "edges", "the opposite edge"),
    ("atlas", lambda d: _space(d, "p1_cutbank")["exits"].append("p2_reedmouth"), "p1_cutbank", "exits[2]",
     "is on page 2"),
    ("atlas", lambda d: _space(d, "p3_pole_forest").update(start=True), "p3_pole_forest", "start",
     "exactly one space on page 2"),
    ("atlas", lambda d: _space(d, "p1_blackwater").update(location=11), "p1_blackwater", "location",
     "no section 11.1"),
    ("atlas", lambda d: d["pages"][0]["banner"].pop(3), "p1_old_hull", "icon", "no instructions"),
    ("atlas", lambda d: _space(d, "p1_moss_falls")["rocks"].update(damage=7), "p1_moss_falls", "rocks.damage",
     "above the maximum"),
    ("enemies", lambda d: d["enemies"][0].update(grid="P.1/1Z2/P.1"), "croc_a", "grid", "does not match"),
    ("atlas", lambda d: _space(d, "p2_northgate")["edges"][0].update(page=3), "p2_northgate", "edges[0].to",
     "reads 'to page 3', but 'p1_stillwater' is on page 1"),
    ("atlas", lambda d: _space(d, "p1_cutbank").update(page=7), "p1_cutbank", "page", "no page 7"),
    ("enemies", lambda d: d["enemies"][0].update(grid="P../.D./P.."), "croc_a", "grid", "no heart"),
    ("enemies", lambda d: d["enemies"][0].pop("params"), "croc_a", "params.D", "needs a parameter"),
    ("combats", lambda d: d["combats"][0]["enemies"].append("tiger"), "combats[0]", "enemies.2", "unknown enemy 'tiger'"),
    ("combats", lambda d: d["combats"][1]["enemies"].extend(["mire_leech", "mire_leech"]), "combats[1]", "enemies",
     "at most 4"),
    ("cards", lambda d: d["adventure"][30].update(price=0), "trade_machete", "price", None),
    ("cards", lambda d: d["starting"][0].update(copies=1), "<file>", "starting", "a deck of 11"),
    ("cards", lambda d: d["combat"][0].pop("number"), "heavy_spanner", "number", None),
    ("cards", lambda d: d["quests"][0].update(number=30), "torn_shawl", "number", None),
    ("events", lambda d: d["events"][0]["challenge"].update(fail_goto="1.1"), "snag_in_the_dark",
     "challenge.fail_goto", "no fail_goto"),
    ("atlas", lambda d: d["pages"][1]["banner"][0]["challenge"].update(fail_goto="1.1"), "page 2",
     "banner[0].challenge.fail_goto", "no fail_goto"),
    ("events", lambda d: d["events"][0]["challenge"].update(fail_goto="1.1", skill="XYZ"), "snag_in_the_dark",
     "challenge.skill", None),
]


@pytest.mark.parametrize("name, edit, entry, field, words", BROKEN, ids=[f"{b[0]}-{b[2]}-{b[3]}" for b in BROKEN])
def test_a_broken_pack_is_refused_naming_file_entry_and_field(tmp_path, name, edit, entry, field, words):
    with pytest.raises(ContentError) as err:
        load_content(edited_pack(DEFAULT_PACK, tmp_path, name, edit))
    e = err.value
    assert (e.entry, e.field) == (entry, field), str(e)
    if words:
        assert words in str(e)
    assert e.file.endswith(".json")


def test_every_bound_carries_its_reason():
    """Strict schemas (core/content.py), and every integer bound says why in its description."""
    schemas = load_schemas(str(C.SCHEMA_DIR))
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
        assert schemas.problems(name) == []
        walk(doc, name)
    assert missing == []
    assert "../../sleeping_gods/schema/enemy.schema.json" in schemas.docs


def test_mutated_packs_load_or_are_refused_by_name(tmp_path):
    """Seeded mutations of the shipped pack (the suite's content-mutation kinds): each loads (and
    then validates without crashing) or is refused with a ContentError naming file, entry and field;
    nothing else escapes the loader."""
    from boardgym.games.primeval_peril.validate import validate_pack

    from ..test_content_mutation import check_refusal, mutated_pack

    for seed in range(40):
        pack = tmp_path / f"m{seed}"
        what = mutated_pack("primeval_peril", seed, pack)
        try:
            load_content(pack)
        except ContentError as err:
            check_refusal(err, pack, what)
            continue
        validate_pack(pack)
