"""Holder cards (PALEO-SPEC-1, choices.host_apply) with tool tokens: a gained token of the first
tool type (the torch) may be declined (the group takes it) or placed on the card, as any other
token (a pelt), and the supply and the group's tokens move exactly by one."""
from boardgym.games.paleo import actions as A
from boardgym.games.paleo.kinds import D_HOST

from .saves import first_option, holder_script


def _gift(pack, tmp_path):
    """The Eternal Flame holds torches and pelts; Wood Gift gives a torch, then a pelt; group 0
    resolves it alone. Returns the script at the first holder decision, the flame's in-play
    index and the torch / pelt types."""
    sc = holder_script(pack, tmp_path, [{"kind": "TOOL", "tool": "torch"}, {"kind": "TOOL", "tool": "pelt"}],
                       accepts=("torch", "pelt"))
    torch, pelt = (sc.g.content.tool_index[k] for k in ("torch", "pelt"))
    assert torch == 0
    first_option(sc, {0: "X18", 1: "X13"})
    return sc, sc.s.inplay.index(sc.card("B01")), torch, pelt


def test_a_torch_declined_on_a_holder_goes_to_the_group_and_a_pelt_placed_stays_on_it(pack, tmp_path):
    """PALEO-SPEC-1 (rulebook: "As soon as you gain a tool or resource, you must decide whether
    to take it as normal, or place it on the card"): group 0 gains a torch, then a pelt. It takes
    the torch as normal (DECLINE): group 0 holds 1 torch, nothing is on the card and the
    resources are untouched; it places the pelt on the Eternal Flame: the card holds the pelt
    and group 0 holds none."""
    sc, flame, torch, pelt = _gift(pack, tmp_path)
    s = sc.s
    sup, store = list(s.sup), list(s.store)
    free = s.gsup[torch] + s.stock[torch]  # (the torch has left the supply already)
    assert s.pend[-1][0] == D_HOST and s.pend[-1][2:] == (3 + torch, 0)
    sc.act(A.DECLINE)
    assert s.tools[torch] == 1 and s.held[flame] == [] and s.gsup[torch] + s.stock[torch] == free
    assert s.pend[-1][0] == D_HOST and s.pend[-1][2] == 3 + pelt
    sc.act(A.CARD + flame)
    assert s.held[flame] == [3 + pelt] and s.tools[pelt] == 0 and s.tools[torch] == 1
    assert list(s.sup) == sup and list(s.store) == store
    assert not s.invariant_errors()


def test_a_torch_placed_on_a_holder_stays_on_it(pack, tmp_path):
    """PALEO-SPEC-1: the torch placed on the Eternal Flame is held by the card (the group gets
    none), and the resources are untouched."""
    sc, flame, torch, pelt = _gift(pack, tmp_path)
    s = sc.s
    sup, store = list(s.sup), list(s.store)
    sc.act(A.CARD + flame)
    assert s.held[flame] == [3 + torch] and s.tools[torch] == 0
    sc.act(A.DECLINE)
    assert s.tools[pelt] == 1 and s.held[flame] == [3 + torch]
    assert list(s.sup) == sup and list(s.store) == store
    assert not s.invariant_errors()


def test_a_stone_placed_on_a_holder_leaves_the_supply(pack, tmp_path):
    """PALEO-SPEC-1 / REW-1 (a gained resource comes from the supply): Wood Gift made "1 stone",
    the Eternal Flame holding stone; group 0 places the stone on the card: the supply has one
    stone less, the storage is unchanged and the card holds the stone (code 2)."""
    sc = holder_script(pack, tmp_path, [{"kind": "RES", "res": "stone", "n": 1}], accepts=("stone",))
    s = sc.s
    sup, store = list(s.sup), list(s.store)
    first_option(sc, {0: "X18", 1: "X13"})
    flame = s.inplay.index(sc.card("B01"))
    assert s.pend[-1][0] == D_HOST and s.pend[-1][2] == 2
    sc.act(A.CARD + flame)
    assert s.held[flame] == [2] and list(s.store) == store
    assert list(s.sup) == [sup[0], sup[1], sup[2] - 1]
    assert not s.invariant_errors()
