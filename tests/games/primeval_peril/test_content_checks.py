"""What the pack loader makes of a pack's entries beyond its schema (content.py,
content_checks.py) and what the game takes from the pack (game.py, kinds.py): the records are
immutable, an effect names what its kind reads, a challenge's rewards follow on failure unless
the pack says otherwise, the action space bounds the adventure cards, and each later game of the
campaign owns its unlocked cards from setup."""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import pytest

from boardgym.core.errors import ConfigError, ContentError
from boardgym.games import make_game
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril import content as C
from boardgym.games.primeval_peril.content import DEFAULT_PACK, load_content, load_json

from ..packs import edited_pack
from . import helpers as H


@pytest.fixture(scope="module")
def pack():
    return load_content()


# -- the records are immutable ---------------------------------------------------------------------
RECORDS = tuple(v for v in vars(C).values()
                if isinstance(v, type) and dataclasses.is_dataclass(v) and v.__module__ == C.__name__)


def _records(node, out):
    """The first instance of each dataclass reachable from ``node``, by class."""
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        out.setdefault(type(node), node)
        for f in dataclasses.fields(node):
            _records(getattr(node, f.name), out)
    elif isinstance(node, Mapping):
        for v in node.values():
            _records(v, out)
    elif isinstance(node, (tuple, list)):
        for v in node:
            _records(v, out)


def test_every_content_record_is_frozen_and_slotted(pack):
    """The module's promise: every table is a tuple of frozen dataclasses, shared by every game
    and state built on the pack (load_content is cached), so no record may change or grow after
    loading: assigning a field is refused, and there is no instance dict to hang anything on."""
    found = {}
    _records(pack, found)
    assert set(RECORDS) <= set(found), sorted(c.__name__ for c in set(RECORDS) - set(found))
    assert len(RECORDS) == 16
    for cls in RECORDS:
        rec = found[cls]
        name = dataclasses.fields(rec)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(rec, name, getattr(rec, name))
        assert not hasattr(rec, "__dict__"), cls.__name__
        with pytest.raises((AttributeError, TypeError)):
            object.__setattr__(rec, "extra", 1)


# -- an effect names what its kind reads -------------------------------------------------------------
def _first_effect(doc, kind):
    """The first effect object of ``kind`` in a pack document (depth first)."""
    if isinstance(doc, dict):
        if doc.get("kind") == kind:
            return doc
        items = doc.values()
    elif isinstance(doc, list):
        items = doc
    else:
        return None
    for v in items:
        hit = _first_effect(v, kind)
        if hit is not None:
            return hit
    return None


def _where(kind):
    for name in ("events", "story", "atlas"):
        if _first_effect(load_json(DEFAULT_PACK / f"{name}.json"), kind) is not None:
            return name
    raise AssertionError(f"the shipped pack has no {kind!r} effect")


@pytest.mark.parametrize("kind", sorted(C.EFFECT_ARG))
def test_an_effect_without_its_argument(tmp_path, kind):
    """Spec §2.5, PP-EXPL-8, PP-EXPL-10: a status effect names its status, a resource effect its
    resource (or "any"), a card effect its card, a market effect its market, a fate roll its
    faces; left out, the pack is refused naming the field. Only removing a status may leave it
    out: then any status is removed (the shrine: "each character removes 1 status")."""
    key = C.EFFECT_ARG[kind][0]
    name = _where(kind)
    folder = edited_pack(DEFAULT_PACK, tmp_path, name, lambda d: _first_effect(d, kind).pop(key))
    if kind == "remove_status":
        removes = [e for p in load_content(folder).atlas.pages for b in p.banner for e in b.effects
                   if C.EFFECTS[e.kind] == kind]
        assert removes[0].arg == -1
        return
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert err.value.field.endswith(f".{key}") and f"a {kind!r} effect needs {key!r}" in str(err.value), str(err.value)


def test_lose_resource_any_reads_as_minus_1(tmp_path):
    """PP-CORE-4, the events' tolls: "pay a resource" may name any type ("any" = -1)."""
    def edit(d):
        _first_effect(d, "lose_resource")["resource"] = "any"
    content = load_content(edited_pack(DEFAULT_PACK, tmp_path, "events", edit))
    lose = [e for ev in content.events for ch in ev.choice for e in ch.effects if C.EFFECTS[e.kind] == "lose_resource"]
    assert lose[0].arg == -1


# -- rewards follow on failure unless the pack says otherwise --------------------------------------
def test_a_challenges_rewards_follow_on_failure_unless_stated(pack):
    """PP-TURN-2, PP-EXPL-6: a challenge's reward is gained even on failure unless the text says
    otherwise: a banner or story choice that does not set rewards_on_fail keeps its rewards on
    failure, one that sets it false does not."""
    atlas = load_json(DEFAULT_PACK / "atlas.json")
    banners = [b for p in atlas["pages"] for b in p["banner"]]
    loaded = [b for p in pack.atlas.pages for b in p.banner]
    assert len(banners) == len(loaded)
    assert {b.get("rewards_on_fail", True) for b in banners} == {True, False}  # both kinds are in the pack
    for doc, banner in zip(banners, loaded):
        assert banner.rewards_on_fail is doc.get("rewards_on_fail", True), doc["text"]
    story = load_json(DEFAULT_PACK / "story.json")
    by_key = {s.key: s for s in pack.story.sections}
    for sec in story["sections"]:
        for doc, ch in zip(sec.get("choices", ()), by_key[sec["id"]].choices):
            assert ch.rewards_on_fail is doc.get("rewards_on_fail", True), (sec["id"], doc["text"])


# -- what the game takes from the pack --------------------------------------------------------------
def _with_adventure_cards(count):
    """The scripted pack (helpers) topped up with plain adventure cards to ``count`` of them."""
    numbered = dict(H.NUMBERED)
    have = sum(isinstance(c, C.AdventureCard) for c in numbered.values())
    free = (n for n in range(1, 100) if n not in numbered)
    for _ in range(count - have):
        n = next(free)
        numbered[n] = H._adv(n)
    cards = dataclasses.replace(H.CONTENT.cards, numbered=C.FrozenMap(numbered))
    return dataclasses.replace(H.CONTENT, cards=cards)


def test_the_action_space_holds_40_adventure_cards():
    """Spec §3: OWNED_ADV 188-227 names an owned adventure card by its index among the pack's, 40
    of them: a pack of 40 adventure cards plays, one of 41 is refused in words."""
    g = H.PrimevalGame.from_content(_with_adventure_cards(A.MAX_OWNED_ADV))
    assert len(g.adventure_numbers) == A.MAX_OWNED_ADV
    with pytest.raises(ConfigError, match=f"the pack has {A.MAX_OWNED_ADV + 1} adventure cards"):
        H.PrimevalGame.from_content(_with_adventure_cards(A.MAX_OWNED_ADV + 1))


@pytest.mark.parametrize("game_index,owned", [(1, []), (2, [6]), (3, [6, 23]), (4, [6, 23, 54]), (5, [6, 8, 23, 54])])
def test_each_game_of_the_campaign_owns_its_unlocks(game_index, owned):
    """PP-END-4: unlocks are cumulative and owned from setup: game 2 -> card 6, game 3 -> 23,
    game 4 -> 54, game 5 -> 8; game 1 owns none."""
    s = make_game("primeval_peril", game_index=game_index).new_initial_state()
    assert s.owned == owned


def test_the_event_deck_holds_36_cards_at_most(tmp_path):
    """Spec §2.5: the event deck is 36 cards, and the observation shows the open event as one of
    36 (and the deck left as a count out of 36): a pack of 37 events is refused in words, naming
    events.json, rather than played with an event the agent cannot see."""
    assert len(load_content().events) == C.MAX_EVENTS

    def add_one(doc):
        extra = dict(doc["events"][0], id=doc["events"][0]["id"] + "_again")
        doc["events"].append(extra)
    with pytest.raises(ContentError) as err:
        load_content(edited_pack(DEFAULT_PACK, tmp_path, "events", add_one))
    assert "events.json" in str(err.value) and "36" in str(err.value), str(err.value)

