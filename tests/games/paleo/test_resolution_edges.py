"""Resolving one card, beyond the spec's numbered cases: a kill before the rewards printed
after it, a kill with no owner, a person's tool kept after the person dies, the last idea of a
tool dropped from a full workbench, a hazard secret and talismans, nothing pending after the end,
an option paid from its card."""
from boardgym.games.paleo import actions as A

from .scripted import full_bench, solo_turn


def test_a_kill_comes_before_the_rewards_printed_after_it(pack, tmp_path):
    """PALEO-REW-4 / D-7 with the effects in printed order (content format: "Effects resolve in
    printed order"): Sacrifice edited to KILL then +1 food, resolved by group 0 (two people).
    The KILL is resolved first: group 0 picks who dies while the food is not yet gained; the
    food comes after the death."""
    from tests.games.packs import edited_pack

    from .scripted import Script

    def kill_then_food(doc):
        card = next(c for c in doc["cards"] if c["id"] == "X10")
        card["options"] = [{"reward": [{"kind": "KILL"}, {"kind": "RES", "res": "food", "n": 1}]}]
    path = edited_pack(pack, tmp_path, "modules/X", kill_then_food)
    sc = Script.start(seed=0, modules=["X"], content_pack=path, num_groups=2)
    sc.people(0, ["ppl01", "ppl06"])
    solo_turn(sc, 0, "X10")
    s = sc.s
    food, skulls = s.store[0], s.skulls
    sc.act(A.OPTION + 0)
    assert sc.decision() == "kill_person" and s.current_player == 0
    assert s.store[0] == food and s.skulls == skulls
    sc.act(A.PERSON + 1)
    assert sc.card("ppl06") in s.cem and s.skulls == skulls + 1 and s.store[0] == food + 1


def test_case28_person_tool_is_kept_after_the_person_dies(xs):
    """PALEO-REW-3: a person joins with its one-time tool (a printed pelt): the group gains it;
    when that person later dies (PALEO-WOUND-2/3) the pelt stays with the group."""
    from boardgym.games.paleo.kinds import CH_PERSON
    from boardgym.games.paleo.wounds import wound_person

    sc = xs()
    s = sc.s
    pelt = sc.g.content.tool_index["pelt"]
    sc.clear_tools(0)
    assert s.tools[pelt] == 0
    key = next(k for k in ("ppl04", "ppl07", "ppl14") if sc.card(k) in s.people_deck)  # printed pelt
    who = sc.card(key)
    s.cq.append((CH_PERSON, 0))  # a PERSON reward for group 0
    s.invalidate()
    sc.force("person", key).run()
    assert who in s.ppl[0] and who not in s.people_deck and s.tools[pelt] == 1
    p = s.ppl[0].index(who)
    skulls = s.skulls
    wound_person(s, 0, p, sc.g.content.cards[who].hearts + 1)
    assert who in s.cem and s.skulls == skulls + 1
    assert s.tools[pelt] == 1, "the printed tool is kept when its person leaves"
    assert not s.invariant_errors()


def test_kill_with_no_owner_asks_the_chooser_for_a_group(xs):
    """PALEO-REW-4 / D-7, D-18: a KILL with no owner (as a night option, resolved by the whole
    tribe, has) and two participating groups asks the chooser which group loses a person: the
    frame is (kill_group, chooser, 0, 0), the plain frame the saved state requires; both groups
    are legal, and the choice kills in the chosen group. (Set up from case 48's helped KILL, its
    owner taken away.)"""
    from boardgym.games.paleo.kinds import D_KGROUP, D_KPERSON
    from boardgym.games.paleo.wounds import start_kill

    sc = xs()
    sc.people(0, ["ppl01", "ppl06"]).people(1, ["ppl03"])
    sc.reveal_turn({}, {0: "X10", 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0, A.OPTION + 0)
    s = sc.s
    assert s.pend == [(D_KPERSON, 0, 0, 0)] and s.r_parts == 3 and s.r_chooser == 0
    s.pend.pop()
    s.r_owner = -1
    start_kill(s)
    assert s.pend == [(D_KGROUP, 0, 0, 0)]
    assert sc.decision() == "kill_group" and sc.legal() == ["GROUP[0]", "GROUP[1]"]
    sc.act(A.GROUP + 1)
    assert s.cem == [sc.card("ppl03")] and s.ppl[0] == [sc.card("ppl01"), sc.card("ppl06")]
    assert s.skulls == 1


def test_dropping_the_last_idea_of_a_tool_returns_its_tokens_to_the_supply(xs):
    """PALEO-REW-6 / D-15 with the tool tokens (PALEO-TOOL): the tokens of a tool whose idea
    leaves the workbench go back to the supply once no idea on the bench shows that tool; an
    idea that shows no tool returns nothing, whatever else is on the bench."""
    sc = xs()
    c = sc.g.content
    with_tool = [x.key for x in c.cards if getattr(x, "idea_tool", -1) >= 0 and x.key.startswith("ide")]
    plain = [x.key for x in c.cards if getattr(x, "idea_tool", -1) < 0 and x.key.startswith("ide")]
    full_bench(sc, [with_tool[0]] + plain[:3], plain[3])
    t = c.cards[sc.card(with_tool[0])].idea_tool
    sc.s.stock[t], supply = 2, sc.s.gsup[t]
    sc.act(A.IDEA_SLOT + 0)
    assert sc.s.stock[t] == 0 and sc.s.gsup[t] == supply + 2
    sc = xs(modules=("X", "H"))        # module H brings a fourth idea with a tool (the raft)
    four = [x.key for x in c.cards if getattr(x, "idea_tool", -1) >= 0]
    full_bench(sc, four, plain[0])
    sc.s.stock = [2] * len(sc.s.stock)
    stock, gsup = list(sc.s.stock), list(sc.s.gsup)
    sc.act(A.IDEA_SLOT + 4)            # the new, plain idea: the bench keeps only ideas with tools
    assert (sc.s.stock, sc.s.gsup) == (stock, gsup) and len(sc.s.bench) == 4


def test_a_hazard_secret_asks_a_group_holding_a_talisman_of_any_tool_type(xs, monkeypatch):
    """PALEO-REW-7 / D-9 with the talisman (PALEO-TOOL): a revealed hazard secret becomes its
    revealer's card, and a group holding a talisman is asked whether to use it first; the
    talisman's tool type is an index from 0 (the first tool of a pack is one), -1 meaning none."""
    from boardgym.games.paleo import day
    from boardgym.games.paleo.kinds import D_TALISMAN

    sc = xs()
    x = next(i for i, c in enumerate(sc.g.content.cards) if c.hazard)
    for held, asked in ((0, True), (-1, False)):
        monkeypatch.setattr(day, "talisman_type", lambda s, g, held=held: held)
        sc.s.pend, sc.s.sec_pend = [], [x, 1]
        day.promote_secret(sc.s)
        assert sc.s.sec_card == x and sc.s.sec_owner == 1
        assert ([f[:3] for f in sc.s.pend] == [(D_TALISMAN, 1, 1)]) == asked


def test_a_finished_game_has_nothing_pending_not_even_a_draw(xs):
    """PALEO-END-1: the fifth victory ends the game at once; the phase checks run on every load
    accept the finished game, and name a draw left queued after the end."""
    from boardgym.games.paleo.invariants import _phase
    from boardgym.games.paleo.kinds import CH_REVEAL

    sc = xs()
    sc.s.skulls, sc.s.victories = 2, 4
    solo_turn(sc, 0, "X04", people=["ppl01"])
    sc.act(A.OPTION + 0)
    s = sc.s
    assert s.is_terminal() and not s.pend and not s.cq and not s.ops and _phase(s) == []
    s.cq = [(CH_REVEAL, 0)]
    assert _phase(s) == ["a finished game with decisions, draws or a resolution pending"]


def test_an_option_paid_from_its_card_takes_nothing_without_a_host(xs, monkeypatch):
    """PALEO-SPEC-1 (resources lying on a card pay its options): an option paid from the card
    takes the host card's tokens back to the supply; with no host card (-1) nothing is taken,
    from the last card in play or any other."""
    from types import SimpleNamespace

    from boardgym.games.paleo import resolve

    sc = xs()
    s = sc.s
    monkeypatch.setattr(resolve, "cur_opt", lambda s: SimpleNamespace(
        ctools=(), cres=(0, 0, 0), from_card=1, discard=0))
    last = len(s.held) - 1
    s.held[last] = [1]                          # a wood on the last card in play
    wood = s.sup[1]
    s.r_host = -1
    resolve.op_pay(s)
    assert s.held[last] == [1] and s.sup[1] == wood
    s.r_host = last
    resolve.op_pay(s)
    assert s.held[last] == [] and s.sup[1] == wood + 1


def _edited_script(pack, tmp_path, name, edit, seed=0):
    """Two groups with no tools, base + module X, in the test pack with ``edit`` applied to its
    ``name``.json."""
    from tests.games.packs import edited_pack

    from .scripted import Script

    sc = Script.start(seed=seed, modules=["X"], num_groups=2, content_pack=edited_pack(pack, tmp_path, name, edit))
    for h in range(2):
        sc.clear_tools(h)
    return sc


def test_a_group_holding_talismans_of_two_types_spends_the_first_type(pack, tmp_path):
    """PALEO-HAZ-3 with a pack of two talisman tools (the spear made a talisman too): the window
    spends one talisman, of the first such type in rules.json's tool order; the other type's
    token stays with the group."""
    def two_talismans(doc):
        next(t for t in doc["tools"] if t["id"] == "spear")["effect"] = {"kind": "TALISMAN"}
    sc = _edited_script(pack, tmp_path, "rules", two_talismans, seed=3)
    sc.give_tool(0, "talisman").give_tool(0, "spear")
    idx = sc.g.content.tool_index
    first, other = sorted((idx["talisman"], idx["spear"]))
    sc.reveal_turn({}, {0: "X06", 1: "X18"})
    assert sc.decision() == "talisman"
    sc.act(A.CONFIRM)
    assert sc.card("X06") in sc.s.fu
    assert (sc.s.tools[first], sc.s.tools[other]) == (0, 1)


def test_a_lose_tool_reward_takes_the_named_tool(pack, tmp_path):
    """PALEO-REW-2 (the LOSE_TOOL effect, "lose N of a tool"): Wood Gift edited to "lose 1
    spear", resolved by group 0 holding a spear and a stone axe: the spear goes back to the
    supply, the stone axe stays."""
    from .saves import card_of

    def lose_spear(doc):
        card_of(doc, "X18")["options"] = [{"reward": [{"kind": "LOSE_TOOL", "tool": "spear", "n": 1}]}]
    sc = _edited_script(pack, tmp_path, "modules/X", lose_spear)
    sc.give_tool(0, "spear").give_tool(0, "stone_axe")
    idx = sc.g.content.tool_index
    spear, axe = idx["spear"], idx["stone_axe"]
    free = sc.s.gsup[spear] + sc.s.stock[spear]
    solo_turn(sc, 0, "X18", tools=True)
    sc.act(A.OPTION + 0)
    s = sc.s
    assert (s.tools[spear], s.tools[axe]) == (0, 1)
    assert s.gsup[spear] + s.stock[spear] == free + 1


def test_resources_gained_onto_a_holder_are_placed_one_reward_at_a_time(pack, tmp_path):
    """PALEO-REW-1 / SPEC-1 (effects in printed order): Wood Gift edited to give 2 food then 1
    wood, with the Eternal Flame holding food and wood: group 0 places each token, the two food
    first, then the wood; the second food does not wait until after the wood."""
    from boardgym.games.paleo.kinds import D_HOST

    from .saves import first_option, holder_script

    sc = holder_script(pack, tmp_path, [{"kind": "RES", "res": "food", "n": 2},
                                        {"kind": "RES", "res": "wood", "n": 1}])
    first_option(sc, {0: "X18", 1: "X13"})
    placed = []
    while sc.s.pend and sc.s.pend[-1][0] == D_HOST:
        placed.append(sc.s.pend[-1][2])
        sc.act(A.DECLINE)   # (into storage)
    assert placed == [0, 0, 1]


def test_each_resource_declined_on_a_holder_goes_to_storage(pack, tmp_path):
    """PALEO-REW-1 / SPEC-1: a resource gained may go onto a card that holds it, or be taken
    normally (DECLINE: from the supply into storage). Wood Gift edited to give one food, one
    wood and one stone, the Eternal Flame holding all three: group 0 declines each placement,
    and each of the three lands in storage, none on the card and no tool token instead."""
    from boardgym.games.paleo.kinds import D_HOST

    from .saves import first_option, holder_script

    sc = holder_script(pack, tmp_path, [{"kind": "RES", "res": r, "n": 1} for r in ("food", "wood", "stone")],
                       accepts=("food", "wood", "stone"))
    store, sup = list(sc.s.store), list(sc.s.sup)
    first_option(sc, {0: "X18", 1: "X13"})
    tools = list(sc.s.tools)
    placed = []
    while sc.s.pend and sc.s.pend[-1][0] == D_HOST:
        placed.append(sc.s.pend[-1][2])
        sc.act(A.DECLINE)
    assert placed == [0, 1, 2]
    flame = sc.s.inplay.index(sc.card("B01"))
    assert [a - b for a, b in zip(sc.s.store, store)] == [1, 1, 1]
    assert [b - a for a, b in zip(sc.s.sup, sup)] == [1, 1, 1]
    assert sc.s.held[flame] == [] and list(sc.s.tools) == tools

