"""What content.py reads from a pack, seen in play or at load: the token counts of TOOL /
LOSE_TOOL effects (their ``n``, 1 when left out), a module's removal count against its day cards
(PALEO-D-16), and the loader's checks at the exact edge of what they allow."""
import pytest

from boardgym.core.errors import ContentError
from boardgym.games.paleo import actions as A
from boardgym.games.paleo.content import load_content

from ..packs import edited_pack
from .saves import card_of
from .scripted import Script, solo_turn


def _lose_spears(pack, tmp_path, effect):
    """Test module X with X18's reward made ``effect``; group 0 holds 3 spears and resolves X18
    alone. Returns (spears group 0 holds, spear stock) after, and the spear stock before."""
    path = edited_pack(pack, tmp_path, "modules/X", lambda d: card_of(d, "X18").update(
        options=[{"reward": [effect]}]))
    sc = Script.start(modules=["X"], content_pack=path, num_groups=2)
    spear = sc.g.content.tool_index["spear"]
    for h in range(2):
        sc.clear_tools(h)
    sc.give_tool(0, "spear", 3)
    stock = sc.s.stock[spear]
    solo_turn(sc, 0, "X18", other="X09", tools=True)
    sc.act(A.OPTION + 0)
    return sc.s.tools[spear], sc.s.stock[spear], stock


@pytest.mark.parametrize("effect,left", [
    ({"kind": "LOSE_TOOL", "tool": "spear", "n": 2}, 1),
    ({"kind": "LOSE_TOOL", "tool": "spear", "n": 3}, 0),
    ({"kind": "LOSE_TOOL", "tool": "spear"}, 2),          # n left out: one token
])
def test_a_lose_tool_effect_takes_its_count_of_tokens(pack, tmp_path, effect, left):
    """PALEO-REW-1..9 / docs "Content format" (`LOSE_TOOL {tool, n?}`; the action's text reads
    "lose n <tool>"): a group holding 3 spears resolves an option that loses spears: it keeps 3 - n
    of them (n = 1 when the card gives none), and each lost spear goes back to its craft stock,
    the spear idea being printed (known, PALEO-D-19)."""
    held, stock, before = _lose_spears(pack, tmp_path, effect)
    assert held == left and stock == before + 3 - left


def test_a_tool_effect_without_a_count_gives_one_token(pack, tmp_path):
    """docs "Content format" (`TOOL {tool, n?}`) / PALEO-REW-2: a TOOL reward that names no count
    gives one token of its tool; with n it gives n."""
    for effect, got in (({"kind": "TOOL", "tool": "root"}, 1), ({"kind": "TOOL", "tool": "root", "n": 2}, 2)):
        sub = tmp_path / str(got)
        path = edited_pack(pack, sub, "modules/X", lambda d: card_of(d, "X18").update(
            options=[{"reward": [effect]}]))
        sc = Script.start(modules=["X"], content_pack=path, num_groups=2)
        root = sc.g.content.tool_index["root"]
        solo_turn(sc, 0, "X18", other="X09")
        sc.act(A.OPTION + 0)
        assert sc.s.tools[root] == got, effect


def _module_removing(pack, tmp_path, extra):
    """Test module X cut to its mission and 6 day cards (none placed at setup), its removal count
    set to those 6 plus ``extra``; returns (pack folder, day cards)."""
    day = []

    def edit(d):
        d["cards"] = d["cards"][:7]
        day.extend(c["id"] for c in d["cards"] if c["id"] != d["mission"])
        d["remove"] = len(day) + extra
    return edited_pack(pack, tmp_path, "modules/X", edit), day


def test_a_module_may_remove_all_its_day_cards_and_no_more(pack, tmp_path):
    """PALEO-D-16 ("manifests give removal counts"; the module schema: "the loader checks it
    against the module's day cards"): a manifest removing exactly as many cards as the module has
    day cards loads; one more is refused, naming the module's file and its `remove`."""
    path, day = _module_removing(pack, tmp_path / "all", 0)
    assert load_content(path).modules["X"].remove == len(day) == 6
    path, _ = _module_removing(pack, tmp_path / "more", 1)
    with pytest.raises(ContentError) as err:
        load_content(path)
    e = err.value
    assert e.file.endswith("X.json") and e.entry == "X" and e.field == "remove"
    assert "removes more cards than the module has" in str(e)


def test_a_person_without_an_ability_has_no_value_whatever_the_pack_prints(pack, tmp_path):
    """PALEO-ACT-2 (a requirement sums the people's STR/AWR/SKL): a person whose ability is NONE
    adds to no ability; a pack that prints a value on such a person (the schema allows 0..2) loads
    with that person's value 0, and a group of that person alone has abilities [0, 0, 0]."""
    from boardgym.games.paleo.tools import abilities

    path = edited_pack(pack, tmp_path, "people", lambda d: card_of(d, "ppl19")["person"].update(value=2))
    sc = Script.start(modules=["X"], content_pack=path, num_groups=2)
    card = sc.g.content.cards[sc.card("ppl19")]
    assert card.ability == 3 and card.value == 0
    sc.people(0, ["ppl19"])
    assert abilities(sc.s, 1) == [0, 0, 0]


def test_a_new_card_without_placement_instructions_is_refused(tmp_path):
    """PALEO-SPEC-2 / docs "Content format" (a NEW_CARD says where it goes when resolved): module
    A's new card (A05, "to": GROUP) with its placement left out is refused at load, naming the
    card and the field."""
    from boardgym.games.paleo.content import DEFAULT_PACK

    def edit(d):
        card_of(d, "A05").pop("placement")
    with pytest.raises(ContentError) as err:
        load_content(edited_pack(DEFAULT_PACK, tmp_path, "modules/A", edit))
    e = err.value
    assert e.file.endswith("A.json") and e.entry == "A05" and e.field == "placement"
    assert "needs placement instructions" in str(e)


def test_a_manifest_without_remove_takes_the_rules_default_then_three(tmp_path):
    """PALEO-D-16 / docs "Options" (remove_per_module None: "manifests: 3"): a module manifest
    that gives no `remove` takes the rules' default_remove; a rules.json that gives none either
    removes 3 cards of that module."""
    from boardgym.games.paleo.content import DEFAULT_PACK

    def rules(d):
        d["default_remove"] = 5
    path = edited_pack(DEFAULT_PACK, tmp_path / "five", "rules", rules)
    path = edited_pack(path, tmp_path / "five2", "modules/A", lambda d: d.pop("remove"))
    c = load_content(path)
    assert c.modules["A"].remove == 5 and c.modules["B"].remove == 3
    path = edited_pack(DEFAULT_PACK, tmp_path / "none", "rules", lambda d: d.pop("default_remove"))
    path = edited_pack(path, tmp_path / "none2", "modules/A", lambda d: d.pop("remove"))
    assert load_content(path).modules["A"].remove == 3
