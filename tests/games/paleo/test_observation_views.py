"""The observation's pieces that random play rarely pins (spec §5, observation.py): the two dice,
the uncached encoding, and the structured view's action mask."""
import numpy as np
import pytest

from boardgym.core import CHANCE
from boardgym.games.paleo import actions as A
from boardgym.games.paleo import observation as po
from tests.games.soundness import random_play

from .scripted import Script


def _dice_turn(xs):
    """Group 0 (a skilled person and a stone axe) in its owner window on Dice No Negative (2 dice)."""
    sc = xs()
    sc.people(0, ["ppl13"])
    for h in range(2):
        sc.clear_tools(h)
    sc.give_tool(0, "stone_axe")
    sc.reveal_turn({}, {0: "X03", 1: "X18"})
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + 0)
    return sc


@pytest.mark.parametrize("faces", [("1 STR", "2 AWR"), ("2 AWR", "1 STR")])
def test_each_rolled_die_is_one_hot(xs, faces):
    """PALEO-DICE-1 / layout "dice": per die, its face index one-hot. Group 0 (a skilled person
    and a stone axe) rolls the 2 dice of Dice No Negative, forced to faces 1 STR and 2 AWR (in
    either order: the first face, index 0, on either die): each die's block holds a single 1 at
    its face, and nothing else."""
    sc = _dice_turn(xs)
    sc.force("die", *faces).act(A.OPTION + 0)
    s = sc.s
    f0, f1 = sc.face(faces[0]), sc.face(faces[1])
    assert s.dice == [f0, f1]
    for seat in range(2):
        dice = s.observation(seat)[po.O_DICE:po.O_DICE + 24]
        want = np.zeros(24, np.float32)
        want[f0] = want[12 + f1] = 1
        assert np.array_equal(dice, want), dice


def _states():
    """States of seeded random play with 2 and 3 groups, chance resolved, every 5th kept."""
    for cfg, seed in (({"num_groups": 2}, 0), ({"num_groups": 3, "level": 3}, 1)):
        sc = Script.start(seed=seed, **cfg)
        rng = np.random.default_rng(seed)
        for i, s in enumerate(random_play(sc.s, rng, max_steps=400)):
            if i % 5 == 0 and s.current_player != CHANCE:
                yield s


def test_the_uncached_encoding_is_the_observation():
    """Spec §5: the cached blocks are an optimisation only. ``encode(..., use_cache=False)``
    computes every piece afresh and gives the same vector for every seat."""
    n = 0
    for s in _states():
        for seat in range(s.n):
            assert np.array_equal(po.encode(s, seat, use_cache=False), s.observation(seat))
            n += 1
    assert n > 20


def test_the_structured_view_carries_the_seats_mask():
    """The structured view (observation_dict) gives each seat its legal actions while a decision
    is pending (NOOP only for a seat that is not acting), and none at a chance node or after the
    end."""
    n = 0
    for s in _states():
        for seat in range(s.n):
            d = s.observation_dict(seat)
            if s.is_terminal():
                assert d["action_mask"] is None
            else:
                assert np.array_equal(d["action_mask"], s.legal_mask_for(seat).astype(np.int8))
                n += 1
    assert n > 20
    sc = Script.start(seed=0, num_groups=2)
    s = sc.s
    s.apply(A.pick(0))
    s.apply(A.pick(0))
    assert s.current_player == CHANCE
    assert s.observation_dict(0)["action_mask"] is None


def test_an_options_tools_gained_and_lost_have_opposite_signs(pack, tmp_path):
    """Layout "revealed card" (option rows: tools gained minus lost /3): Spear Gift (TOOL spear 1)
    reads +1/3 in its option's tool cell; Wood Gift edited to LOSE_TOOL spear 1 reads -1/3 (a
    tool lost, spec §5 effect LOSE_TOOL), as seen by either seat."""
    import json
    import shutil

    dst = tmp_path / "pack"
    shutil.copytree(pack, dst)
    f = dst / "modules" / "X.json"
    doc = json.loads(f.read_text())
    next(c for c in doc["cards"] if c["id"] == "X18")["options"] = [
        {"reward": [{"kind": "LOSE_TOOL", "tool": "spear", "n": 1}]}]
    f.write_text(json.dumps(doc))
    sc = Script.start(seed=0, modules=["X"], content_pack=str(dst), num_groups=2)
    sc.reveal_turn({}, {0: "X15", 1: "X18"})
    s = sc.s
    from boardgym.games.paleo.constants import KINDS

    cell = po.G_BODY_END + 3 + len(KINDS) + 19  # option 0's tool cell in a revealed card's row
    for seat in range(2):
        obs = s.observation(seat)
        gain = obs[po.O_GROUP[(0 - seat) % 2] + cell]
        lose = obs[po.O_GROUP[(1 - seat) % 2] + cell]
        assert gain == np.float32(1 / 3) and lose == np.float32(-1 / 3), (seat, gain, lose)


def test_a_skill_bonus_alone_is_shown(xs):
    """PALEO-ACT-2 / layout "check": the tool bonus STR/AWR/SKL /10 in cells 3..5. With only a
    skill bonus (a stone axe's +1 SKL used twice, strength and awareness none) the skill cell
    shows it, and the other two stay 0."""
    sc = xs()
    sc.reveal_turn({}, {0: "X18", 1: "X09"})
    s = sc.s
    s.bonus[:] = [0, 0, 2]
    check = s.observation(0)[po.O_CHECK + 3:po.O_CHECK + 6]
    assert np.array_equal(check, np.array([0, 0, 0.2], np.float32)), check


def test_the_structured_view_lists_a_groups_helpers(xs):
    """PALEO-HELP-1 / observation_dict "helpers": group 1 helps group 0's card; group 0's entry
    lists helper 1, and group 1 (helped by nobody) lists none, in every seat's view."""
    sc = xs()
    sc.people(0, ["ppl01", "ppl06"]).people(1, ["ppl03"])
    sc.reveal_turn({}, {0: "X10", 1: "X18"})
    sc.act(A.RESOLVE_NEXT + 1, A.HELP + 0)
    assert sc.s.helpers == [2, 0]
    for seat in range(2):
        groups = sc.s.observation_dict(seat)["groups"]
        assert groups[0]["helpers"] == [1] and groups[1]["helpers"] == []


def test_victories_show_out_of_five():
    """PALEO-END-1 (the fifth victory wins): the counts block shows victories / 5, so 2
    victories read 0.4 and the fifth would read 1."""
    s = Script.start(seed=0, num_groups=2).s
    s.victories = 2
    s.invalidate()
    assert s.observation(0)[s.game.layout.slice("counts")][7] == np.float32(0.4)


def test_the_structured_view_names_the_pending_decision(xs):
    """observation_dict "decision": the kind of the decision waiting, by name, for every seat
    (the terminal and the text interface show it): group 0's owner window after the reveal
    (group 0's card first), then its closing window; none while a die waits to be rolled."""
    sc = xs()
    sc.auto_close = False
    sc.reveal_turn({}, {0: "X09", 1: "X13"})
    if sc.decision() == "order":
        assert sc.s.observation_dict(1)["decision"] == "order"
        sc.act(A.RESOLVE_NEXT + 0)
    for want in ("owner", "closing"):
        assert [sc.s.observation_dict(seat)["decision"] for seat in range(2)] == [want, want]
        sc.act(A.OPTION + 0 if want == "owner" else A.CONFIRM)


def test_an_options_limit_reads_none_turn_or_day(pack, tmp_path):
    """Layout "revealed card" (option rows: limit /2): an option used without limit reads 0, once
    a turn 0.5, once a day 1 (PALEO-D-10 "limit: day"). Wood Gift and Healing Spring edited to
    "turn" and "day", revealed by groups 0 and 1; the cell is the same in both seats' views."""
    from boardgym.games.paleo.constants import KINDS

    from ..packs import edited_pack
    from .saves import card_of

    def edit(doc):
        for key, limit in (("X18", "turn"), ("X09", "day")):
            card_of(doc, key)["options"][0]["limit"] = limit
    sc = Script.start(seed=0, modules=["X"], content_pack=edited_pack(pack, tmp_path, "modules/X", edit),
                      num_groups=2)
    plain = Script.start(seed=0, modules=["X"], content_pack=pack, num_groups=2)
    cell = po.G_BODY_END + 3 + len(KINDS) + 5  # option 0's limit cell in a revealed card's row
    for script, want in ((sc, (0.5, 1.0)), (plain, (0.0, 0.0))):
        script.reveal_turn({}, {0: "X18", 1: "X09"})
        for seat in range(2):
            obs = script.s.observation(seat)
            got = (obs[po.O_GROUP[(0 - seat) % 2] + cell], obs[po.O_GROUP[(1 - seat) % 2] + cell])
            assert got == want, (seat, got)


def test_the_structured_view_shows_each_rolled_die(xs):
    """PALEO-DICE-1 / observation_dict "dice": each rolled die as its face (ability, value),
    unrolled dice as None; the first face of the dice (face 0) too. Dice No Negative rolled to
    face 0 and face 1: both seats see both faces."""
    from boardgym.games.paleo.constants import ABIL_NAMES

    sc = _dice_turn(xs)
    faces = sc.g.content.dice_faces
    assert [sc.s.observation_dict(seat)["dice"] for seat in range(2)] == [[None, None]] * 2
    names = [f"{v} {ABIL_NAMES[a]}" for a, v in faces[:2]]
    sc.force("die", *names).act(A.OPTION + 0)
    assert sc.s.dice == [sc.face(names[0]), sc.face(names[1])] == [0, 1]
    for seat in range(2):
        assert sc.s.observation_dict(seat)["dice"] == [faces[0], faces[1]]


def test_the_wounds_to_place_and_to_prevent_are_shown_apart(xs):
    """PALEO-WOUND-1 / PALEO-REW-3, layout "pending_args": the wounds still to place /10 in its
    first cell, the wounds still to prevent /10 in its second, each capped at 1 (the box): a
    wound count changes only its own cell."""
    sc = xs()
    sc.reveal_turn({}, {0: "X18", 1: "X09"})
    s = sc.s
    s.r_wound = s.r_prev = 0
    before = s.observation(0).copy()
    for prevent, shown in ((2, 0.2), (12, 1.0)):
        s.r_prev = prevent
        after = s.observation(0)
        assert np.flatnonzero(after != before).tolist() == [po.O_PARGS + 1]
        assert after[po.O_PARGS + 1] == np.float32(shown)
    s.r_prev, s.r_wound = 0, 3
    after = s.observation(0)
    assert np.flatnonzero(after != before).tolist() == [po.O_PARGS] and after[po.O_PARGS] == np.float32(0.3)


def test_the_other_groups_entity_set_holds_every_other_group_and_not_mine():
    """Layout "other_groups" (spec §5): one row per other group, in seat order from the
    observer's left; the observer's own group is not a row. In a 3-group game the first two
    of its three rows are present; in a 2-group game only the first is."""
    from boardgym.games import make_game

    for groups, present in ((3, [1, 1, 0]), (2, [1, 0, 0])):
        game = make_game("paleo", num_groups=groups)
        es = next(e for e in game.layout.entity_sets if e.name == "other_groups")
        mine = game.layout.offset("group0")
        assert mine not in es.rows
        obs = game.new_initial_state().observation(0)
        assert [int(obs[r + es.presence]) for r in es.rows] == present


def test_a_pack_that_rolls_one_die_is_observed_with_one_die(tmp_path):
    """PALEO-DICE-1 with a pack's rules.json rolling one die (its dice count may be 1 or 2):
    the state has one die; unrolled, both dice blocks are empty; rolled (2 AWR), the first block
    shows its face and the second stays empty."""
    from boardgym.games import make_game
    from boardgym.games.paleo.content import DEFAULT_PACK
    from tests.games.packs import edited_pack

    def one_die(doc):
        doc["dice"]["count"] = 1
    game = make_game("paleo", content_pack=edited_pack(DEFAULT_PACK, tmp_path, "rules", one_die))
    s = game.new_initial_state()
    assert s.dice == [-1]
    assert not s.observation(0)[po.O_DICE:po.O_DICE + 24].any()
    face = game.content.dice_faces.index((1, 2))   # 2 AWR
    s.dice[0] = face
    dice = s.observation(0)[po.O_DICE:po.O_DICE + 24]
    want = np.zeros(24, np.float32)
    want[face] = 1
    assert np.array_equal(dice, want), dice
