"""The upper ends of the saved fields' ranges that follow from the rules and the content pack
(state.py FIELDS): a save at the bound passes the declaration, one past it is refused naming the
field and the value. The bounds are worked out here from the pack's cards and tools as the rules
put them (not read back from the declaration)."""
from __future__ import annotations

import pytest

from boardgym.games.paleo.constants import MAX_SKULLS, MAX_VICTORIES
from tests.games.saved_pool import edited, refused

from .saves import passes_declaration, saved


def _opts(c):
    return [o for card in c.cards for o in card.opts]


def _need_top(c):
    """PALEO-ACT-2 + DICE-1: an option's requirement in one ability plus the most its dice can
    add (each die's largest face value)."""
    face = max(v for _, v in c.dice_faces)
    return max(o.req[a] + o.dice * face for o in _opts(c) for a in range(3))


def _bonus_top(c):
    """PALEO-ACT-2 / D-11: every attribute token of the pack used at once, each adding its
    largest ability bonus."""
    return sum(t.count * max(t.ability) for t in c.tools)


def _list_at(values, i, v):
    out = list(values)
    out[i] = v
    return out


@pytest.mark.parametrize("a", [0, 1, 2])
def test_a_requirement_is_at_most_an_options_need_and_its_dice(xs, a):
    """PALEO-ACT-2 / DICE-1: the requirement being checked (need, per ability STR/AWR/SKL) is an
    option's printed value plus its rolled dice, so at most the largest printed value plus dice
    x the largest face (10 in the test pack: a 6 with two dice of at most 2). A save with that
    need in each ability passes the declaration; one more is refused by it."""
    sc = xs()
    c = sc.g.content
    top = _need_top(c)
    assert top == 10
    data = saved(sc)
    need = data["state"]["need"]
    passes_declaration(sc.g, edited(data, need=_list_at(need, a, top)), f"need[{a}] is {top}")
    refused(sc.g, edited(data, need=_list_at(need, a, top + 1)), f"need[{a}] is {top + 1}",
            "a requirement (0..")


def test_a_tool_bonus_is_at_most_every_token_used_at_once(xs):
    """PALEO-ACT-2 / D-11: attribute tools add their bonus to the abilities; the bonus is at most
    every token of every tool type used together (count x largest bonus, summed: 42 in the pack).
    A save with a bonus of 42 passes the declaration; 43 is refused by it."""
    sc = xs()
    top = _bonus_top(sc.g.content)
    assert top == 42
    data = saved(sc)
    passes_declaration(sc.g, edited(data, bonus=[0, 0, top]), f"bonus[2] is {top}")
    refused(sc.g, edited(data, bonus=[0, 0, top + 1]), f"bonus[2] is {top + 1}", "a tool bonus (0..")


@pytest.mark.parametrize("field", ["tools", "gsup", "stock"])
def test_tool_tokens_of_a_type_are_at_most_its_count(xs, field):
    """PALEO-SETUP-1 (48 tool tokens, per type as the pack lists): no place holds more tokens of a
    type than the pack's largest count of one type (8). A group's tools, the general supply or
    the craft stock at 8 pass the declaration; 9 is refused by it."""
    sc = xs()
    top = max(t.count for t in sc.g.content.tools)
    assert top == 8
    data = saved(sc)
    vals = data["state"][field]
    passes_declaration(sc.g, edited(data, **{field: _list_at(vals, 1, top)}), f"{field}[1] is {top}")
    refused(sc.g, edited(data, **{field: _list_at(vals, 1, top + 1)}), f"{field}[1] is {top + 1}",
            "tool tokens (0..")


@pytest.mark.parametrize("field, top", [("skulls", MAX_SKULLS), ("victories", MAX_VICTORIES)])
def test_skulls_and_victories_are_at_most_five(xs, field, top):
    """PALEO-END-1/2: the fifth victory wins, the fifth skull loses, so no count passes 5. A save
    with 5 passes the declaration; 6 is refused by it."""
    sc = xs()
    data = saved(sc)
    passes_declaration(sc.g, edited(data, **{field: top}), f"{field} is {top}")
    refused(sc.g, edited(data, **{field: top + 1}), f"{field} is {top + 1}")


def test_a_persons_wounds_are_at_most_the_most_hearts(xs):
    """PALEO-WOUND-2: wounds fill a person's hearts; no person holds more wounds than the most
    hearts any card has. A save with that many wounds on group 0's first person passes the
    declaration; one more is refused by it."""
    sc = xs()
    top = max(card.hearts for card in sc.g.content.cards)
    data = saved(sc)
    wnd = [list(w) for w in data["state"]["wnd"]]
    wnd[0][0] = top
    passes_declaration(sc.g, edited(data, wnd=wnd), f"is {top}")
    wnd[0][0] = top + 1
    refused(sc.g, edited(data, wnd=wnd), f"is {top + 1}", "wounds (0..")


def test_a_skill_requirement_sets_the_bound_when_it_is_the_largest(pack, tmp_path):
    """PALEO-ACT-2 / DICE-1, each of the three abilities counts: Wood Gift edited to require
    7 SKL with two dice (7 + 2 x 2 = 11, above every STR or AWR need of the pack): a save with a
    SKL need of 11 passes the declaration, 12 is refused by it."""
    from tests.games.packs import edited_pack

    from .saves import card_of
    from .scripted import Script

    def edit(doc):
        card_of(doc, "X18")["options"][0]["req"] = {"skl": 7, "dice": 2}
    sc = Script.start(seed=0, modules=["X"], content_pack=edited_pack(pack, tmp_path, "modules/X", edit),
                      num_groups=2)
    assert _need_top(sc.g.content) == 11
    data = saved(sc)
    passes_declaration(sc.g, edited(data, need=[0, 0, 11]), "need[2] is 11")
    refused(sc.g, edited(data, need=[0, 0, 12]), "need[2] is 12", "a requirement (0..")


def test_an_action_instance_is_none_or_one_of_the_game_s_action_slots(xs):
    """PALEO-D-16 (the additional and alternative actions are numbered ADD[0..15] / ALT[0..15]):
    the instance being resolved is -1 (none) or one of those 16; 15 passes the declaration and
    16 is refused, the message giving the range as -1 (none) or 0..15."""
    from boardgym.games.paleo.constants import MAX_ADD, MAX_ALT

    sc = xs()
    data = saved(sc)
    top = max(MAX_ADD, MAX_ALT) - 1
    passes_declaration(sc.g, edited(data, r_inst=top), "r_inst is")
    refused(sc.g, edited(data, r_inst=top + 1),
            f"r_inst is {top + 1}, must be -1 (none) or an action instance (-1, 0..{top})")


def test_a_card_lies_on_any_card_of_the_pack_as_its_host(xs):
    """PALEO-SPEC-1 (a card may be placed on another card): a card's place is the table, a group
    or ON_CARD + the host's card id, any card of the pack: the last card's id passes the
    declaration (other checks then ask whether that card is in play), one past it is refused."""
    from boardgym.games.paleo.kinds import ON_CARD

    sc = xs()
    data = saved(sc)
    nc = len(sc.g.content.cards)
    inloc = list(data["state"]["inloc"])
    assert inloc
    passes_declaration(sc.g, edited(data, inloc=_list_at(inloc, 0, ON_CARD + nc - 1)), "inloc[0] is")
    refused(sc.g, edited(data, inloc=_list_at(inloc, 0, ON_CARD + nc)), f"inloc[0] is {ON_CARD + nc}")


def test_the_chance_queue_holds_a_draw_per_card_four_per_group_and_eight_more(xs):
    """PALEO-SETUP-4/5 (the deal and the people drawn at setup queue the most draws): a saved
    chance queue is bounded at one entry per card of the pack, four per group and eight more. A
    queue of exactly that many (copies of one die roll) passes the declaration's length bound;
    one more is refused naming the field, its length and the bound."""
    from boardgym.games.paleo.kinds import CH_DIE

    sc = xs()
    data = saved(sc)
    top = len(sc.g.content.cards) + 4 * sc.g.num_players + 8
    passes_declaration(sc.g, edited(data, cq=[[CH_DIE, 0]] * top), "cq has")
    refused(sc.g, edited(data, cq=[[CH_DIE, 0]] * (top + 1)), f"cq has {top + 1} entries, must have 0..{top}")
