"""Paleo resolution paths the other tests left unplayed (hand mutants of wounds.py, resolve.py and
options.py survived them): the negative option the player picks after a failed check is the one
resolved (PALEO-DICE-2), a KILL on a group with nobody left is a skull (PALEO-D-14), an
additional action that removes its card sends it from play to the cemetery (PALEO-ACT-5/6,
SPEC-4), what a holder card pays from itself goes back to the supply, tool tokens included
(PALEO-SPEC-1, ACT-3), and a PLACE_SELF reward keeps the resolved card in play in front of its group."""
from __future__ import annotations

from boardgym.games.paleo import actions as A

from ..packs import edited_pack
from .saves import card_of, failed_with_two_negatives, holder_script, saved
from .scripted import Script, solo_turn


def _failed_with_two_negatives(pack, tmp_path):
    """saves.failed_with_two_negatives: group 0 failed the Dice Example's check and picks one of
    its two negative options (WOUND 1 or SKULL 1); nothing is paid yet."""
    sc = failed_with_two_negatives(pack, tmp_path)
    assert sc.legal() == ["OPTION[1]", "OPTION[2]"]
    assert sc.s.skulls == 0 and sc.s.wnd[0] == [0]
    return sc


def test_the_picked_negative_option_is_the_one_resolved(pack, tmp_path):
    """PALEO-DICE-2 ("If the die results mean that you cannot resolve the action, you must instead
    resolve a negative action on the card"): of the two negative options, the one the player
    picks is resolved, for the group that revealed the card. Picking the SKULL one places a
    skull and wounds nobody; the card then goes faceup and group 1's card is next."""
    sc = _failed_with_two_negatives(pack, tmp_path / "a")
    sc.act(A.OPTION + 2)
    s = sc.s
    assert s.skulls == 1 and s.wnd[0] == [0]
    assert s.fu[-1] == sc.card("X02") and s.rev[0] == -1
    assert sc.decision() == "owner" and s.pend[-1][1] == 1


def test_the_other_negative_option_wounds_the_revealing_group(pack, tmp_path):
    """PALEO-DICE-2 / WOUND-1: picking the WOUND 1 negative instead puts one wound on group 0's
    only person (3 hearts: not dead), and no skull."""
    sc = _failed_with_two_negatives(pack, tmp_path / "b")
    sc.act(A.OPTION + 1)
    assert sc.s.skulls == 0 and sc.s.wnd[0] == [1] and sc.s.ppl[0] == [sc.card("ppl15")]


def test_a_kill_on_a_group_with_nobody_left_is_a_skull(xs):
    """PALEO-D-14 ("an empty group: each wound event or KILL = +1 skull"): group 0 has no people
    and resolves Sacrifice (KILL): nobody dies (the cemetery stays empty), one skull is placed,
    group 1's people are untouched."""
    sc = xs()
    sc.people(0, [])
    other = list(sc.s.ppl[1])
    solo_turn(sc, 0, "X10")
    sc.act(A.OPTION + 0)
    s = sc.s
    assert s.skulls == 1 and s.cem == [] and s.ppl[0] == [] and s.ppl[1] == other


def test_an_additional_action_that_removes_its_card_takes_it_out_of_play(pack, tmp_path):
    """PALEO-ACT-5/6 with SPEC-4 (rulebook: "remove the card, placing it in the cemetery after
    resolving the action"): the test mission's second additional action edited to remove the
    card; used from group 0's owner window it gives its stone, and the mission leaves play for
    the cemetery (its additional actions are offered no more)."""
    def edit(d):
        card_of(d, "X01")["additional"][1]["cost"] = {"remove": True}
    path = edited_pack(pack, tmp_path, "modules/X", edit)
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    solo_turn(sc, 0, "X18")
    s = sc.s
    mission = sc.card("X01")
    assert s.inplay == [mission] and "ADD[6]" in sc.legal()
    stone = s.store[2]
    sc.act("ADD[6]")
    assert s.store[2] == stone + 1
    assert s.inplay == [] and s.inloc == [] and s.held == [] and s.cem == [mission]
    assert sc.decision() == "owner" and not any(x.startswith("ADD") for x in sc.legal())


def test_a_place_self_reward_keeps_the_card_in_play_before_its_group(pack, tmp_path):
    """PLACE_SELF (cards schema; PALEO-ACT-5/6: "the card goes faceup unless removed/placed"):
    Wood Gift edited to end with PLACE_SELF; resolved by group 1, it gives its 2 wood and stays
    in play at group 1's place, neither faceup nor in the cemetery; the game saved then loads back
    as it is (the placing flag is a flag: 0 or 1)."""
    path = edited_pack(pack, tmp_path, "modules/X",
                       lambda d: card_of(d, "X18")["options"][0]["reward"].append({"kind": "PLACE_SELF"}))
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    solo_turn(sc, 1, "X18", other="X09")
    s = sc.s
    x = sc.card("X18")
    wood = s.store[1]
    sc.act(A.OPTION + 0)
    assert s.store[1] == wood + 2
    assert s.inplay[-1] == x and s.inloc[-1] == 1 and s.held[-1] == []
    assert x not in s.fu and x not in s.cem and s.rev[1] == -1
    saved(sc)


def test_a_tribe_kill_at_night_with_one_group_kills_its_only_person(pack, tmp_path):
    """PALEO-REW-4 / D-7 (rulebook: "You must choose 1 of your people to die, placing their card
    in the cemetery. You must also place a skull token"): the test mission's first moon option
    edited to KILL; in a one-group game the tribe's option has no owner and one participating
    group, so nobody is asked which group: its only person dies at once (cemetery, +1 skull) and
    the emptied group draws a new person (PALEO-WOUND-4)."""
    path = edited_pack(pack, tmp_path, "modules/X",
                       lambda d: card_of(d, "X01")["night"].__setitem__(0, {"reward": [{"kind": "KILL"}]}))
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=1)
    sc.people(0, ["ppl01"]).storage(food=20)
    s = sc.s
    sc.act(A.SLEEP_EARLY)
    while sc.decision() == "night_tools":
        sc.act(A.CONFIRM)
    assert sc.decision() == "night_option" and s.skulls == 0
    sc.force("person", "ppl06").act(A.OPTION + 0)
    assert s.cem == [sc.card("ppl01")] and s.skulls == 1
    assert s.ppl[0] == [sc.card("ppl06")] and sc.decision() != "kill_group"


def test_a_holder_card_pays_its_wood_and_tool_token_back_to_the_supply(pack, tmp_path):
    """PALEO-SPEC-1 / ACT-3 ("Costs all paid ... resources (storage -> supply), tool tokens"): The
    Eternal Flame (B01) edited to hold stone and torches besides wood holds 3 wood, 1 stone and 1
    torch token (tool 0: code 3, the first after the resources); group 0
    (5 AWR) uses its additional action (5 from the card, 3 stone, 2 food: a victory). The wood and the
    stone go to the supply (with the 3 stone paid from storage), the torch token to the tool supply (no group gets it), the card holds nothing."""
    sc = holder_script(pack, tmp_path, [{"kind": "RES", "res": "wood", "n": 1}], accepts=("wood", "stone", "torch"))
    s, torch = sc.s, sc.g.content.tool_index["torch"]
    assert torch == 0
    sc.people(0, ["ppl09", "ppl07", "ppl08", "ppl10"]).storage(food=5, stone=3)
    h = s.inplay.index(sc.card("B01"))
    s.held[h] = [1, 1, 1, 2, 3 + torch]          # (codes: 0-2 resources, 3 + t tool t)
    s.sup[1] -= 3
    s.sup[2] -= 1
    s.gsup[torch] -= 1
    assert not s.invariant_errors()
    solo_turn(sc, 0, "X13")
    flame = [k for k, (x, _o) in enumerate(sc.g.add_inst) if x == sc.card("B01")]
    wood, stone, tokens = s.sup[1], s.sup[2], s.gsup[torch] + s.stock[torch]
    sc.act(A.ADD + flame[0])
    assert s.victories == 1 and s.held[h] == []
    assert s.sup[1] == wood + 3 and s.sup[2] == stone + 1 + 3 and s.store[1:] == [0, 0]
    assert s.gsup[torch] + s.stock[torch] == tokens + 1
    assert all(s.tools[g * sc.g.T + torch] == 0 for g in range(s.n))


def test_a_discard_cost_is_payable_with_exactly_that_many_cards_left(xs):
    """PALEO-ACT-3 (rulebook: "You must discard this many cards from the top of your own deck"):
    Red Toll's options each discard 2. With exactly 2 cards left in group 0's deck both are on
    offer, and the one chosen empties the deck (both cards facedown, food gained); with 1 card
    left neither is."""
    sc = xs()
    solo_turn(sc, 0, "X05")
    s = sc.s

    def leave(n):
        while len(s.deck_b[0]) > n:
            s.fd_b.append(s.deck_b[0].pop())
            s.fd_c.append(s.deck_c[0].pop())
    leave(2)
    assert {"OPTION[0]", "OPTION[1]"} <= set(sc.legal())
    facedown, food = len(s.fd_b), s.store[0]
    sc.act(A.OPTION + 0)
    assert s.deck_b[0] == [] and len(s.fd_b) == facedown + 2 and s.store[0] == food + 1

    sc = xs()
    solo_turn(sc, 0, "X05")
    s = sc.s
    leave(1)
    assert not {"OPTION[0]", "OPTION[1]"} & set(sc.legal())


def test_a_full_holder_card_takes_no_more(pack, tmp_path):
    """PALEO-SPEC-1 (a holder card holds up to its printed maximum): The Eternal Flame holds 5
    wood at most. With 4 on it, a gained wood may go on it (the host choice is asked); with 5,
    Wood Gift's wood goes to storage with no question asked."""
    sc = holder_script(pack, tmp_path / "a", [{"kind": "RES", "res": "wood", "n": 1}])
    s = sc.s
    h = s.inplay.index(sc.card("B01"))
    s.held[h] = [1, 1, 1, 1]
    s.sup[1] -= 4
    solo_turn(sc, 0, "X18")
    sc.act(A.OPTION + 0)
    assert sc.decision() == "host"

    sc = holder_script(pack, tmp_path / "b", [{"kind": "RES", "res": "wood", "n": 1}])
    s = sc.s
    h = s.inplay.index(sc.card("B01"))
    s.held[h] = [1, 1, 1, 1, 1]
    s.sup[1] -= 5
    solo_turn(sc, 0, "X18")
    wood = s.store[1]
    sc.act(A.OPTION + 0)
    assert sc.decision() != "host" and s.store[1] == wood + 1 and s.held[h] == [1] * 5


def test_a_gained_tool_token_is_offered_to_a_card_that_holds_that_tool(pack, tmp_path):
    """PALEO-SPEC-1 / REW-2 ("each gained token/resource may be placed on a card that accepts
    it"): The Eternal Flame edited to hold pelts only; Wood Gift edited to give a pelt. The pelt
    token gained is offered to the card (the host choice, with the pelt's code 3 + its index);
    placed there, the card holds it and no group does."""
    sc = holder_script(pack, tmp_path, [{"kind": "TOOL", "tool": "pelt"}], accepts=("pelt",))
    s, pelt = sc.s, sc.g.content.tool_index["pelt"]
    h = s.inplay.index(sc.card("B01"))
    solo_turn(sc, 0, "X18")
    sc.act(A.OPTION + 0)
    assert sc.decision() == "host" and s.pend[-1][2] == 3 + pelt
    sc.act(A.CARD + h)
    assert s.held[h] == [3 + pelt] and all(s.tools[g * sc.g.T + pelt] == 0 for g in range(s.n))


def test_a_secret_revealed_from_the_owner_window_resolves_before_that_window_reopens(pack, tmp_path):
    """PALEO-D-9 (rulebook: "the player who revealed the secret card now resolves the secret card
    as well"): the test mission offers an additional action with a SECRET reward. Group 0 uses it
    in the owner window of its revealed card, before resolving that card: the secret is revealed
    at once and the next owner window is the secret's; group 0's own card waits, still revealed."""
    from boardgym.games.paleo.kinds import OW_SECRET

    path = edited_pack(pack, tmp_path, "modules/X", lambda d: card_of(d, "X01")["additional"].append(
        {"reward": [{"kind": "SECRET", "n": 4}]}))
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    sc.auto_close = False
    for h in range(2):
        sc.clear_tools(h)
    secret_i = A.ADD + sc.g.add_index[(sc.card("X01"), 4)]
    sc.reveal_turn({}, {0: "X09", 1: "X13"})
    sc.act(A.RESOLVE_NEXT + 0)
    s = sc.s
    assert sc.decision() == "owner" and s.legal_mask()[secret_i]
    sc.act(secret_i)
    assert s.sec_card == sc.card("sec04") and s.sec_owner == 0 and s.sec_pend == []
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    assert sc.decision() == "owner" and s.pend[-1][1:3] == (0, OW_SECRET)
    assert s.rev[0] == sc.card("X09")
