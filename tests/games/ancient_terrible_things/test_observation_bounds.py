"""Observation pieces at the largest counts the rules allow (found by the outside audit).

The generic test (tests/games/test_observation_contract.py) keeps every piece inside the Box over
many games; random play rarely selects more than a handful of items, so the selection size is
tested here at its rule maximum.
"""
import numpy as np

from boardgym.core import CHANCE
from boardgym.games import make_game
from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.constants import MAX_SELECTION, MAX_STACK
from boardgym.games.ancient_terrible_things.kinds import D_FORGET
from tests.games.soundness import random_play


def _forgetting_state():
    """The first round-end forgetting (ATT-SOLO-4) of a solo game played by the heuristic (random
    play loses the first round: it cannot forget enough)."""
    from boardgym.agents.heuristics.ancient_terrible_things import ATTHeuristicAgent

    game = make_game("ancient_terrible_things", num_players=1)
    rng = np.random.default_rng(0)
    agent = ATTHeuristicAgent(seed=0)
    s = game.new_initial_state()
    for _ in random_play(s, rng, lambda s: agent.act(None, s.legal_mask().copy(), s)):
        if s.current_player != CHANCE and s.pend[-1][0] == D_FORGET:
            return game, s
    raise AssertionError("the heuristic's solo game ended before any forgetting")


def test_selection_size_at_the_solo_forgetting_maximum_stays_in_the_box():
    """ATT-SOLO-4: forgetting may pick every stacked encounter (16 addressable), held achievement
    and swag; with all 16 encounters picked the selection-size cell reads 16 / 32, inside the Box
    (it read 16 / 8 = 2.0 before)."""
    game, s = _forgetting_state()
    off = game.layout.offset("pending_args") + 2
    c = game.content
    # a stack of 16 encounters and a requirement that only all of them together meet
    s.stack[0] = list(range(MAX_STACK))
    need = sum(c.enc_secrets[e] for e in s.stack[0])
    s.pend[-1] = (D_FORGET, 0, need, 0)
    s.forget_req = need
    s.invalidate()
    sizes = []
    for i in range(MAX_STACK):
        assert s.legal_mask()[A.STACK + i], f"stacked encounter {i} cannot be picked"
        s.apply(A.STACK + i)
        obs = s.observation(0)
        assert obs.min() >= -1.0 and obs.max() <= 1.0, f"{i + 1} picks: {obs.min()}..{obs.max()}"
        sizes.append(obs[off])
    assert len(s.sel) == MAX_STACK
    assert sizes == [np.float32(k / MAX_SELECTION) for k in range(1, MAX_STACK + 1)]


def test_a_picked_achievement_or_swag_marks_no_stacked_encounter():
    """ATT-SOLO-4: forgetting may pick a held achievement (the first one's pick code is 100) or a
    swag card beside the stacked encounters; only encounter picks light the stacked-encounter
    cells, so picking the first achievement changes nothing but the selection size."""
    game, s = _forgetting_state()
    s.ach_holder[0] = 0          # the solo player holds the first achievement
    s.stack[0] = list(range(3))
    need = sum(game.content.enc_secrets[e] for e in s.stack[0]) + 50   # never met: picks go on
    s.pend[-1] = (D_FORGET, 0, need, 0)
    s.forget_req = need
    s.invalidate()
    size = game.layout.offset("pending_args") + 2
    marks = game.layout.offset("my_stack_sel")
    before = s.observation(0).copy()
    assert s.legal_mask()[A.ICON + 0], "the held achievement cannot be picked"
    s.apply(A.ICON + 0)
    after = s.observation(0)
    assert np.flatnonzero(after != before).tolist() == [size]
    s.apply(A.STACK + 2)
    assert np.flatnonzero(s.observation(0)[marks:marks + MAX_STACK]).tolist() == [2]
