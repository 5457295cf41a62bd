"""What a seat sees (spec §5): the achievements' sides, the Gorg's icon in the icon counts, the
secrets to forget, and the dict view's characters. Positions come from the game's layout; the
cached encoder (blocks reused between states) must give what a fresh encoding gives."""
from __future__ import annotations

import numpy as np

from boardgym.games.ancient_terrible_things.constants import PITFALL
from boardgym.games.ancient_terrible_things.observation import encode

from .scripted import Script


def test_the_achievement_side_shows_for_every_holder_seat_0_included():
    """ATT-ACH-1/2, spec §5 (achievements: holder, Mastery side, retired): a held achievement
    shows its side whoever holds it, seat 0 included; an unheld one shows no side."""
    sc = Script.start(3)
    s, g = sc.s, sc.game
    o = g.layout.offset("achievements")
    for holder in (0, 1, 2):
        for t in range(4):
            s.ach_holder[t], s.ach_side[t] = holder, 1
        for player in range(3):
            obs = encode(s, player, use_cache=False)
            assert [obs[o + 7 * t + 5] for t in range(4)] == [1.0] * 4, (holder, player)
    for t in range(4):
        s.ach_holder[t], s.ach_side[t] = -1, 0
    obs = encode(s, 0, use_cache=False)
    assert [obs[o + 7 * t + 5] for t in range(4)] == [0.0] * 4


def test_the_gorg_icon_counts_only_while_its_chooser_is_active():
    """ATT-LOC-G: the Gorg's chosen icon counts for the active player this turn only. A seat's
    block seen while it is active with the Pitfall icon chosen is not reused once another seat
    is active: the cached observation equals a fresh one."""
    sc = Script.start(3)
    s = sc.s
    p = s.active
    s.gorg_icon = PITFALL
    for q in range(3):
        assert np.array_equal(encode(s, q), encode(s, q, use_cache=False))
    later = s.clone()
    later.gorg_icon = -1
    later.active = (p + 1) % 3
    for q in range(3):
        assert np.array_equal(encode(later, q), encode(later, q, use_cache=False)), q


def test_the_secrets_to_forget_stay_inside_the_box():
    """ATT-SOLO-4: the secrets to forget are twice the Rumours' secrets and may pass 20; the
    observation cell saturates at 1 (the Box is -1..1)."""
    sc = Script.start(1)
    s, g = sc.s, sc.game
    o = g.layout.offset("forget_req")
    for req, cell in ((10, 0.5), (20, 1.0), (40, 1.0)):
        s.forget_req = req
        obs = encode(s, 0, use_cache=False)
        assert obs[o] == np.float32(cell) and obs.max() <= 1.0, req


def test_the_dict_view_names_every_seats_character():
    """ATT-SETUP-8: each player has a character; the dict view names it for every seat, the
    Captain (the first character of the pack, fixed seating seat 0) included."""
    sc = Script.start(3)
    s, c = sc.s, sc.game.content
    assert s.chars[0] == 0 and c.char_first[0]
    names = [pl["character"] for pl in s.observation_dict(0)["players"]]
    assert names == [c.char_name[s.chars[p]] for p in range(3)]
    assert all(isinstance(x, str) for x in names)


def test_the_dict_view_names_the_decision_the_top_of_the_old_stock_and_white_faces():
    """observation_dict (the terminal's and the text interface's view): "decision" is the kind of
    the decision waiting, by name, at the start of a 2-player game; "old_stock_top" is the last
    card put on the Old Stock (the one a BUY can take, ATT-SWAG), not another; a white die
    showing face 0 shows that face's token, and an unrolled one None."""
    from boardgym.games.ancient_terrible_things.kinds import DECISIONS
    from boardgym.games.ancient_terrible_things.observation import TOKENS

    sc = Script.start(2)
    s, c = sc.s, sc.game.content
    d = s.observation_dict(0)
    assert s.pend and d["decision"] == DECISIONS[s.pend[-1][0]]
    row = [w for w in s.row if w >= 0][:3]
    s.old_stock[:] = row   # the row's cards moved onto the Old Stock, in this order
    s.row[:] = [w if w not in row else -1 for w in s.row]
    assert len(row) == 3 and s.observation_dict(0)["old_stock_top"] == c.swag[row[-1]].key
    s.w_face[0], s.w_face[1] = 0, -1
    whites = s.observation_dict(0)["whites"]
    assert [w["face"] for w in whites] == [TOKENS[0], None]


def test_the_top_of_the_doom_stack_is_one_cell_set_to_1():
    """ATT-SETUP-5 (the Doom stack, its top tentacle token faceup): the seat sees the top token's
    value as one cell of four set to exactly 1 (0 for the others), as each value in turn lies on
    top, in the cached encoding as in a fresh one."""
    sc = Script.start(2)
    s, g = sc.s, sc.game
    o = g.layout.offset("doom_top")
    assert s.doom
    for v in range(4):
        s.doom[-1] = v
        for cached in (False, True):
            obs = encode(s, 0, use_cache=cached)
            assert obs[o:o + 4].tolist() == [1.0 if k == v else 0.0 for k in range(4)], (v, cached)
