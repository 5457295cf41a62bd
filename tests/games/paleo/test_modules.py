"""The shipped module content (A–J) and the level table: composition (spec case 26,
PALEO-SETUP-7, D-16), every level plays random games to the end without invariant errors, and
every module's mission victory can be reached with the right people, tools and resources."""
import numpy as np
import pytest

from boardgym.core import play
from boardgym.games import make_game
from boardgym.games.paleo import actions as A
from boardgym.games.paleo.constants import A_ADD, A_MOON, E_VICTORY, K_MISSION
from boardgym.games.paleo.content import load_content

from .scripted import Script

LETTERS = "ABCDEFGHIJ"
LEVEL_DAY_CARDS = [48, 48, 48, 49, 49, 50, 50]  # spec §2 level table


@pytest.fixture(scope="module")
def content():
    return load_content()


def test_case26_pack_composition(content):
    """PALEO-SETUP-7: sets 32/20/16/8/22; modules A–F 12, G–J 13 cards (124); 222 in all."""
    sizes = {k: len(v) for k, v in content.sets.items()}
    assert [sizes[s] for s in ("base", "people", "dream", "idea", "mystery")] == [32, 20, 16, 8, 22]
    assert sorted(content.modules) == list(LETTERS)
    assert {m: sizes[m] for m in LETTERS} == {m: 12 if m in "ABCDEF" else 13 for m in LETTERS}
    assert sum(sizes[m] for m in LETTERS) == 124
    assert sum(sizes.values()) == len(content.cards) == 222


def test_case26_level_table_uses_every_letter(content):
    """7 levels of 2 distinct modules; together they use every letter A–J."""
    assert len(content.levels) == 7
    assert all(len(row) == 2 and len(set(row)) == 2 for row in content.levels)
    assert set().union(*map(set, content.levels)) == set(LETTERS)


@pytest.mark.parametrize("level", range(1, 8))
def test_level_day_card_counts(level):
    """Day cards in play after removal: 48, 48, 48, 49, 49, 50, 50 (spec §2)."""
    g = make_game("paleo", level=level, num_groups=2)
    in_play = len(g.day_cards) - sum(k for _, k, _ in g.removal)
    assert in_play == LEVEL_DAY_CARDS[level - 1]


@pytest.mark.parametrize("letter", LETTERS)
def test_module_manifest(content, letter):
    """One MISSION outside the deck: a day-limited VICTORY additional action and a moon area
    with a negative option (PALEO-D-2, NIGHT-3)."""
    m = content.modules[letter]
    mission = content.cards[m.mission]
    assert mission.kind == K_MISSION and mission.set == letter
    assert m.mission not in m.day_cards
    wins = [o for o in mission.opts if o.area == A_ADD and any(e[0] == E_VICTORY for e in o.reward)]
    assert wins and all(o.limit == 2 for o in wins)
    assert any(o.neg and o.area == A_MOON for o in mission.opts)
    assert any(not o.neg and o.area == A_MOON for o in mission.opts)
    assert len(m.day_cards) - m.remove == (8 if letter in "ABCDEF" else 9)
    assert all(content.cards[x].kind != K_MISSION for x in m.day_cards)


def test_module_names_are_unique(content):
    names = [c.name for c in content.cards]
    dup = {n for n in names if names.count(n) > 1}
    assert not dup


def test_raft_idea_on_the_bench_at_setup(content):
    """PALEO-D-16: rafts enter play only through H, whose raft idea starts on the workbench."""
    raft = content.tool_index["raft"]
    for letters in (["D", "H"], ["H", "J"]):
        g = make_game("paleo", modules=letters, num_groups=2)
        s = g.new_initial_state()
        rng = np.random.default_rng(0)
        while s.current_player < 0 and not s.is_terminal():
            outs = s.chance_outcomes()
            s.apply(outs[int(rng.integers(len(outs)))][0])
        assert any(content.cards[x].idea_tool == raft for x in s.bench)
        assert s.stock[raft] == content.tools[raft].count and s.gsup[raft] == 0
    g = make_game("paleo", modules=["C", "D"], num_groups=2)
    assert not g.setup_places


def _random_game(game, seed):
    rng = np.random.default_rng(seed + 7)

    def check(state):
        problems = state.invariant_errors()
        assert not problems, f"seed {seed}: {problems}"
        assert state.legal_mask().any(), f"seed {seed}: empty mask"

    final, _ = play(game, seed, lambda s: int(rng.choice(np.flatnonzero(s.legal_mask()))), on_step=check)
    assert final.is_terminal() and not final.invariant_errors()


@pytest.mark.parametrize("level", range(1, 8))
def test_every_level_plays_random_games(level):
    game = make_game("paleo", level=level, num_groups=2)
    for seed in range(5):
        _random_game(game, seed)


# -- every mission's victory is reachable --------------------------------------------------------
ABILITY_TOOL = ("spear", "torch", "stone_axe")  # +2 STR / AWR / SKL
STRONG_GROUP = ["ppl03", "ppl09", "ppl15"]  # 2 STR, 2 AWR, 2 SKL


@pytest.mark.parametrize("letter", LETTERS)
def test_every_mission_victory_is_reachable(content, letter):
    """A group with 2 of each ability, the ability tools that close the gap, the cost tools and
    the resources can take the mission's VICTORY in its owner window."""
    row = next(r for r in content.levels if letter in r)
    sc = Script.start(seed=1, modules=row, num_groups=2)
    sc.reveal_turn({}, {0: "base02", 1: "base09"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    assert sc.decision() == "owner" and sc.s.pend[-1][1] == 0
    s, g = sc.s, sc.g
    mid = content.modules[letter].mission
    opt = next(o for o in content.cards[mid].opts
               if o.area == A_ADD and any(e[0] == E_VICTORY for e in o.reward))
    sc.people(0, STRONG_GROUP)
    for h in range(s.n):
        sc.clear_tools(h)
    for a, need in enumerate(opt.req):
        gap = max(0, need - 2)
        if gap:
            sc.give_tool(0, ABILITY_TOOL[a], (gap + 1) // 2)
    for t in list(opt.ctools) + list(opt.has_tool):
        sc.give_tool(0, content.tools[t].key)
    sc.storage(*(c + 1 for c in opt.cres))
    if opt.on_card:  # holder mission (PALEO-SPEC-1): its tokens lie on the card
        code = content.cards[mid].accepts[0]
        host = s.inplay.index(mid)
        for _ in range(opt.on_card):
            if code < 3:
                s.sup[code] -= 1
            else:
                s.gsup[code - 3] -= 1
            s.held[host].append(code)
    assert not s.invariant_errors()
    add = g.add_index[(mid, opt.idx)]
    v0 = s.victories
    sc.act(A.ADD + add)
    for _ in range(30):
        if s.victories > v0 or s.over:
            break
        legal = np.flatnonzero(s.legal_mask())
        tools = [a for a in legal if A.TOOL <= a < A.TOOL + g.T]
        pick = tools[0] if tools else (A.CONFIRM if A.CONFIRM in legal else legal[0])
        sc.act(int(pick))
    assert s.victories == v0 + 1
    assert not s.invariant_errors()
    assert s.add_day[add] == 1  # limit: day


def test_a_card_a_module_puts_on_the_table_at_setup_lies_there(tmp_path):
    """A module's setup may put a card on the table (the module schema's "to": "TABLE") as the
    missions lie there: it starts in play on the table, out of the day deck, the saved state's
    checks accept it and a random game keeps every check to its end."""
    from boardgym.games.paleo.kinds import TABLE
    from boardgym.games.paleo.content import DEFAULT_PACK
    from tests.games.packs import edited_pack

    placed = {}

    def on_table(doc):
        card = next(c for c in doc["cards"] if c["id"] != doc["mission"] and c.get("kind") == "NEW_CARD")
        placed["id"] = card["id"]
        doc["setup"] = [{"card": card["id"], "to": "TABLE"}]
    path = edited_pack(DEFAULT_PACK, tmp_path, "modules/A", on_table)
    game = make_game("paleo", modules=["A", "B"], num_groups=2, content_pack=path)
    x = game.content.by_key[placed["id"]]
    s = game.new_initial_state()
    assert x not in game.day_cards and x in s.inplay and s.inloc[s.inplay.index(x)] == TABLE
    assert not s.invariant_errors()
    assert game.state_from_json(s.to_json()).to_json() == s.to_json()
    _random_game(game, 0)


def test_a_person_set_aside_at_setup_leaves_the_last_group_what_the_deck_holds(pack, tmp_path):
    """PALEO-SETUP-5 (each group draws 2 people): a pack's people must number 2 per group, and a
    module may set any card aside at setup. With exactly 4 people for 2 groups and module X
    edited to lay one of them on the table, the People deck holds 3: the groups draw in seat
    order until it is empty (2 and 1 people), and no draw is queued from an empty deck."""
    import json
    from pathlib import Path

    from boardgym.games.paleo.kinds import CH_PERSON

    from ..packs import edited_pack

    path = edited_pack(pack, tmp_path, "people", lambda d: d.update(cards=d["cards"][:4]))
    f = Path(path) / "modules" / "X.json"
    doc = json.loads(f.read_text())
    doc["setup"] = [{"card": "ppl01", "to": "TABLE"}]
    f.write_text(json.dumps(doc))
    sc = Script(make_game("paleo", modules=["X"], content_pack=path, num_groups=2))
    while not any(k == CH_PERSON for k, _ in sc.s.cq):   # the setup's removals and deal
        sc.s.apply(sc.s.chance_outcomes()[0][0])
    assert [g for k, g in sc.s.cq if k == CH_PERSON] == [0, 0, 1]
    sc.run()
    assert [len(p) for p in sc.s.ppl] == [2, 1] and sc.s.people_deck == []
    assert sc.card("ppl01") in sc.s.inplay
