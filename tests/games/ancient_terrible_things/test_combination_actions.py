"""ATT's ``action_space="combinations"`` (ATT-COMBO-1..5 spent as a whole): the mask of the
combination block is exact against a brute-force search through the flat catalogue, on states
reached by random play at every player count; the layout and the decisions it leaves alone."""
import numpy as np
import pytest

from boardgym.core.chance import resolve_chance
from boardgym.games import make_game
from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.combination_actions import (
    COMBO, ENCOUNTER_INDEX, N_SETS, N_TARGETS, NUM_ACTIONS, CombinationActions, combo_action, decode)
from boardgym.games.ancient_terrible_things.constants import MAX_DICE
from boardgym.games.ancient_terrible_things.kinds import D_RESOLVE, D_SELECT, SEL_EFFECT


def _random_states(num_players: int, seed: int, limit: int = 3000):
    """Every decision state of one game of random flat play (all seats random)."""
    game = make_game("ancient_terrible_things", num_players=num_players)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    for _ in range(limit):
        if state.is_terminal():
            return
        if state.is_chance_node():
            resolve_chance(state, rng)
            continue
        yield state
        state.apply(int(rng.choice(np.flatnonzero(state.legal_mask()))))


def _brute_force(state) -> set:
    """Every (target, set of dice) that the flat catalogue can open, fill in ANY order and
    confirm: a search over the engine's own masks on clones, nothing from the view."""
    found = set()
    flat = state.legal_mask()
    for t in range(N_TARGETS):
        opener = A.ENCOUNTER if t == ENCOUNTER_INDEX else A.LINE + t
        if not flat[opener]:
            continue
        start = state.clone()
        start.apply(opener)
        seen = set()
        stack = [(start, frozenset())]
        while stack:
            s, picked = stack.pop()
            m = s.legal_mask()
            if m[A.CONFIRM]:
                found.add((t, picked))
            for d in range(MAX_DICE):
                if m[A.DIE + d] and picked | {d} not in seen:
                    seen.add(picked | {d})
                    nxt = s.clone()
                    nxt.apply(A.DIE + d)
                    stack.append((nxt, picked | {d}))
    return found


@pytest.mark.parametrize("num_players,seed", [(n, 10 * n + k) for n in (1, 2, 3, 4) for k in range(3)])
def test_combination_mask_is_exact_against_brute_force(num_players, seed):
    view = None
    resolves = combos_seen = 0
    for state in _random_states(num_players, seed):
        view = view or CombinationActions(state.game)
        m = view.mask(state).copy()
        flat = state.legal_mask()
        assert m.shape == (NUM_ACTIONS,)
        if state.pend[-1][0] != D_RESOLVE:
            # every other decision keeps its flat actions, ids unchanged, and no combination
            assert np.array_equal(m[:COMBO], flat) and not m[COMBO:].any()
            continue
        resolves += 1
        # at Resolve: the flat actions minus the openers LINE / ENCOUNTER
        openers = [A.LINE + t for t in range(N_TARGETS - 1)] + [A.ENCOUNTER]
        rest = flat.copy()
        rest[openers] = False
        assert np.array_equal(m[:COMBO], rest)
        got = {(t, frozenset(dice)) for t, dice in map(decode, np.flatnonzero(m[COMBO:]) + COMBO)}
        # complete and sound: exactly the whole combinations the flat catalogue can spend
        assert got == _brute_force(state)
        combos_seen += len(got)
        # every enabled combination expands into a legal flat sequence spending that set there
        for a in np.flatnonzero(m[COMBO:]) + COMBO:
            s = state.clone()
            t, dice = decode(a)
            used_before = list(s.d_used)
            for x in view.expand(state, int(a)):
                s.apply(x)   # IllegalActionError here fails the test
            assert [d for d in range(MAX_DICE) if s.d_used[d] and not used_before[d]] == dice
            if t == ENCOUNTER_INDEX:
                assert s.overcome == 1   # ATT-RESOLVE-2
    assert resolves >= 5 and combos_seen >= 5, (resolves, combos_seen)


def test_layout_ids_and_words():
    assert NUM_ACTIONS == A.N_ACTIONS + 7 * 255 == 1878
    assert combo_action(0, [0]) == COMBO
    assert combo_action(1, [0, 2]) == 352   # the example of the game's page: dice 1 and 3 on line 2
    assert combo_action(ENCOUNTER_INDEX, range(MAX_DICE)) == NUM_ACTIONS - 1
    for a in (COMBO, COMBO + 300, NUM_ACTIONS - 1):
        t, dice = decode(a)
        assert combo_action(t, dice) == a
    view = CombinationActions(make_game("ancient_terrible_things"))
    assert view.describe(combo_action(1, [0, 2])) == "spend the dice in slots 1, 3 together on scenario line 2"
    assert view.describe(combo_action(ENCOUNTER_INDEX, [4])).endswith("on the encounter here")
    assert view.describe(A.ROLL) == A.CATALOG.describe(A.ROLL)
    assert view.expand(None, A.ROLL) == [A.ROLL]
    assert view.expand(None, combo_action(ENCOUNTER_INDEX, [1, 5])) == [A.ENCOUNTER, A.DIE + 1, A.DIE + 5, A.CONFIRM]
    with pytest.raises(ValueError):
        combo_action(N_TARGETS, [0])
    with pytest.raises(ValueError):
        combo_action(0, [])
    assert N_SETS == 255


def test_dice_picked_for_a_card_keep_their_flat_actions():
    """A card's effect (Hat, feats...) still picks dice one by one with DIE and CONFIRM."""
    found = 0
    for seed in range(6):
        for state in _random_states(2, 100 + seed):
            f = state.pend[-1]
            if f[0] == D_SELECT and f[2] == SEL_EFFECT:
                m = CombinationActions(state.game).mask(state)
                assert np.array_equal(m[:COMBO], state.legal_mask()) and not m[COMBO:].any()
                found += 1
        if found >= 3:
            break
    assert found >= 3


def test_a_flat_agent_that_cancels_still_gets_a_legal_combination_action():
    """A random flat agent opens selections and cancels some (PASS); ``FlatAgentInView`` asks it
    again from there, and its answer is always in the view's mask; cancelled selections map to
    no view action."""
    from boardgym.core.action_views import FlatAgentInView
    from boardgym.core.agent import RandomAgent

    class Counting(CombinationActions):
        asked_again = 0

        def collapse(self, state, flat):
            action = super().collapse(state, flat)
            Counting.asked_again += action is None
            return action

    cancelled = combos = asked_again = 0
    view = None
    for state in _random_states(2, 7):
        view = view or Counting(state.game)
        if state.pend[-1][0] != D_RESOLVE:
            continue
        m = view.mask(state).copy()
        flat = state.legal_mask()
        for t in range(N_TARGETS):
            opener = A.ENCOUNTER if t == ENCOUNTER_INDEX else A.LINE + t
            if flat[opener]:
                assert view.collapse(state, [opener, A.DIE, A.PASS]) is None
                cancelled += 1
        for k in range(5):
            before = Counting.asked_again
            a = FlatAgentInView(RandomAgent(k), view).act(state.observation(state.current_player), m, state)
            assert m[a]
            combos += a >= COMBO
            asked_again += Counting.asked_again - before
    assert cancelled >= 3 and combos >= 3 and asked_again >= 1


def test_view_agent_asked_in_the_middle_of_a_selection_finishes_it():
    """Search asks its agents on copies of the game, also in the middle of a selection that
    a flat player opened: ``ViewAgent`` then carries it on (``finish``) to a confirmed
    combination, never cancelling, every action legal."""
    from boardgym.core.action_views import ViewAgent
    from boardgym.core.agent import RandomAgent

    view, seen = None, 0
    for seed in range(4):
        for state in _random_states(2, 200 + seed):
            view = view or CombinationActions(state.game)
            if not view.hides(state):
                continue
            seen += 1
            s = state.clone()
            agent = ViewAgent(RandomAgent(0), view)
            p = s.current_player
            while view.hides(s) and s.current_player == p:
                a = agent.act(None, s.legal_mask().copy(), s.clone())   # a fresh copy each time
                assert s.legal_mask()[a] and a != A.PASS
                s.apply(a)
            assert s.pend[-1][0] != D_SELECT
    assert seen >= 10
