"""Fields of a Paleo content pack read into the card tables: what a card gets when a field is
left out, and what a field does in play (content.py).

Each case loads a copy of the test pack (tests/games/paleo/packs) with one card edited."""
import json
import shutil

import numpy as np
import pytest

from boardgym.core.errors import ContentError
from boardgym.games.paleo import PaleoGame
from boardgym.games.paleo import actions as A
from boardgym.games.paleo import observation as po
from boardgym.games.paleo.constants import BACK_TYPES, KINDS, RED
from boardgym.games.paleo.content import DEFAULT_PACK, load_content

from ..packs import edited_pack
from .scripted import Script


def _edited(pack, tmp_path, module, key, edit):
    """A copy of ``pack`` whose card ``key`` in ``modules/<module>.json`` is changed by ``edit``."""
    dst = tmp_path / "pack"
    shutil.copytree(pack, dst)
    f = dst / "modules" / f"{module}.json"
    doc = json.loads(f.read_text())
    edit(next(c for c in doc["cards"] if c["id"] == key))
    f.write_text(json.dumps(doc))
    return str(dst)


def _play(pack, **kw):
    return Script.start(seed=0, modules=["X"], content_pack=pack, num_groups=2, **kw)


# -- PREVENT(n) in a card's rewards ------------------------------------------------------------------
@pytest.mark.parametrize("prevents,wounds,left", [((1, 2), 4, 1), ((2,), 1, 0), ((1,), 2, 1)])
def test_prevent_rewards_cancel_wounds_of_the_same_action(pack, tmp_path, prevents, wounds, left):
    """PALEO-REW-8: "prevent N" cancels up to N wounds being suffered in the same action (the
    rulebook: "You can prevent this many wounds ... only ... wounds you are suffering now").
    Glory And Pain edited to PREVENT(a) [PREVENT(b)] then WOUND(w): a group of one person (3
    hearts) suffers w minus the sum of the prevents, never less than 0."""
    def edit(card):
        card["options"][0]["reward"] = ([{"kind": "PREVENT", "n": n} for n in prevents]
                                        + [{"kind": "WOUND", "n": wounds}])
    sc = _play(_edited(pack, tmp_path, "X", "X04", edit))
    opt = sc.g.content.cards[sc.card("X04")].opts[0]
    assert opt.prevent == sum(prevents)
    sc.people(0, ["ppl01"])
    for h in range(2):
        sc.clear_tools(h)  # no pelt: only the card prevents
    sc.reveal_turn({}, {0: "X04", 1: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    sc.act(A.OPTION + 0)
    assert sc.s.wnd[0] == [left] and sc.s.ppl[0] == [sc.card("ppl01")]


def test_an_option_without_prevent_prevents_nothing(pack):
    """PALEO-REW-8: an option whose rewards have no PREVENT (every option of the test pack)
    prevents nothing."""
    game = PaleoGame(modules=["X"], content_pack=pack, num_groups=2)
    assert all(o.prevent == 0 for c in game.content.cards for o in c.opts)


# -- red backs ---------------------------------------------------------------------------------------
def test_red_flag_follows_the_back_type(pack):
    """Spec: cards with a red back are the dangerous ones ("DISCARD wounds per red back"); a
    card's red flag is its back's type, RED, and nothing else (not its hints)."""
    c = load_content(pack)
    reds = [x for x in c.cards if BACK_TYPES[x.back_type] == "RED"]
    assert reds and all(x.red for x in reds)
    assert not any(x.red for x in c.cards if x.back_type != RED)


def test_a_revealed_red_card_shows_red_in_the_observation(xs):
    """Observation (spec §5, card features: kind, hazard, red): group 0 reveals a red-backed card
    (base28) and group 1 a mountain-backed card (X18): the red cell of group 0's revealed
    card reads 1, group 1's 0."""
    sc = xs()
    sc.reveal_turn({}, {0: "base28", 1: "X18"})
    s, c = sc.s, sc.g.content
    assert c.cards[sc.card("base28")].back_type == RED
    assert s.rev[0] == sc.card("base28") and s.rev[1] == sc.card("X18")
    obs = s.observation(0)
    red = 2 + len(KINDS)
    for g, want in ((0, 1.0), (1, 0.0)):
        row = obs[po.O_GROUP[g] + po.G_BODY_END: po.O_GROUP[g] + po.G_BODY_END + po.CARD_F]
        assert row[0] == 1 and row[red] == np.float32(want), (g, row[:red + 1])


# -- secret numbers ----------------------------------------------------------------------------------
def test_a_secret_card_without_secret_no_is_refused(pack, tmp_path):
    """PALEO-D-1 / REW-7: a SECRET card is numbered 1..22 (SECRET(n) reveals card n). A module's
    card of kind SECRET given no secret_no has none (0), and the pack is refused, naming the card
    and the field."""
    path = _edited(pack, tmp_path, "X", "X18", lambda card: card.update(kind="SECRET"))
    with pytest.raises(ContentError) as err:
        load_content(path)
    assert err.value.entry == "X18" and err.value.field == "secret_no", str(err.value)


def test_a_numbered_secret_card_loads(pack, tmp_path):
    """The same card numbered 1 (the lowest number) loads with that number."""
    path = _edited(pack, tmp_path, "X", "X18", lambda card: card.update(kind="SECRET", secret_no=1))
    c = load_content(path)
    assert c.cards[c.by_key["X18"]].secret_no == 1


def test_cards_without_a_secret_number_have_none(pack):
    """Only the Secret deck's cards are numbered; every other card reads 0 (no number)."""
    c = load_content(pack)
    assert all(x.secret_no == 0 for x in c.cards if x.set != "mystery")
    assert sorted(x.secret_no for x in c.cards if x.set == "mystery") == sorted(c.secret_by_no)


# -- holder cards ------------------------------------------------------------------------------------
def test_a_card_without_holds_holds_nothing(pack):
    """PALEO-SPEC-1: only a card that says so holds tools or resources. A card with no ``holds``
    block accepts nothing and has capacity 0; the Eternal Flame (holds: wood, max 5) has its own."""
    c = load_content(pack)
    plain = [x for x in c.cards if x.key != "B01" and not x.accepts]
    assert plain and all(x.hold_max == 0 for x in plain)
    flame = c.cards[c.by_key["B01"]]
    assert flame.accepts and flame.hold_max == 5


# -- rules.json defaults: starting storage, recipe requirements; an idea for the first tool ------------
def _rules_edited(tmp_path, edit):
    return edited_pack(DEFAULT_PACK, tmp_path, "rules", edit)


def test_a_resource_left_out_of_the_starting_storage_starts_at_zero(tmp_path):
    """PALEO-SETUP-1 (the storage starts with the food the rules give, and nothing else): a pack
    whose storage_start names only food starts with 0 wood and 0 stone, as the shipped pack that
    names them as 0 does."""
    pack = _rules_edited(tmp_path, lambda d: d.update(storage_start={"food": 5}))
    game = PaleoGame(content_pack=pack, num_groups=2)
    assert game.content.storage_start == (5, 0, 0)
    assert list(game.new_initial_state().store) == [5, 0, 0]


def test_a_recipe_requirement_left_out_is_zero(tmp_path):
    """PALEO-CRAFT-1: a recipe's requirement names only the abilities it needs (the bow: 1 SKL);
    the others are 0, so a group with no ability at all meets them. The shipped bow reads
    (0, 0, 1); a bow recipe naming 1 STR instead reads (1, 0, 0)."""
    c = load_content(DEFAULT_PACK)
    assert c.tools[c.tool_index["bow"]].recipe_req == (0, 0, 1)
    assert all(t.recipe_req == (0, 0, 0) for t in c.tools if t.key != "bow")

    def edit(d):
        bow = next(t for t in d["tools"] if t["id"] == "bow")
        bow["recipe"] = {"wood": 2, "str": 1}
    c = load_content(_rules_edited(tmp_path, edit))
    assert c.tools[c.tool_index["bow"]].recipe_req == (1, 0, 0)


def test_an_idea_for_the_first_tool_type_is_a_tool_idea(tmp_path):
    """PALEO-REW-6: a tool idea names its tool type; the first type of rules.json (the torch)
    is a type like any other. An idea card turned into a torch idea (and given no additional or
    alternative action) loads, with the torch as its tool."""
    pack = edited_pack(DEFAULT_PACK, tmp_path, "ideas", lambda d: d["cards"][0].update(idea={"tool": "torch"}))
    c = load_content(pack)
    assert c.tool_index["torch"] == 0
    assert c.cards[c.by_key["ide01"]].idea_tool == 0
