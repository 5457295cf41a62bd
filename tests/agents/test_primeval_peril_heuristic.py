"""The Primeval Peril heuristic: legal in strict mode over whole seeded games, deterministic,
and the key rules scripted on the engine tests' small pack (tests/games/primeval_peril/helpers.py)."""
import numpy as np
import pytest

from boardgym.agents.ismcts import ISMCTSAgent
from boardgym.agents.heuristics.primeval_peril import PrimevalHeuristicAgent
from boardgym.agents.heuristics.primeval_peril.plan import challenge_p, distances, next_step
from boardgym.core.chance import sample_outcome
from boardgym.core.game import CHANCE
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.game import PrimevalGame
from boardgym.games.primeval_peril.kinds import D_MAIN
from boardgym.games.sleeping_gods.kinds import A_LEFT, D_JOIN, D_PLACE, D_TARGET, H_NUMBER
from tests.games.primeval_peril.helpers import (EV_AMBUSH, JON, LOIS, STR, VINE, empty_tokens,
                                                legal, new)


def play(seed, **opts):
    """A whole game with every seat played by the heuristic in strict mode; the actions taken."""
    s = PrimevalGame(**opts).new_initial_state()
    rng = np.random.default_rng(seed)
    agents = [PrimevalHeuristicAgent(seed=seed * 10 + p, strict=True) for p in range(s.n)]
    actions = []
    while not s.is_terminal():
        if s.current_player == CHANCE:
            s.apply(sample_outcome(s.chance_outcomes(), rng))
            continue
        a = agents[s.current_player].act(None, s.legal_mask().copy(), s)
        actions.append(a)
        s.apply(a)
    assert sum(ag.fallbacks for ag in agents) == 0
    return s, actions


@pytest.mark.parametrize("n", [1, 2, 4])
@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_always_legal(n, difficulty):
    """Every choice is legal (strict re-raises an illegal one) over whole games."""
    for seed in range(2):
        s, _ = play(seed, num_players=n, difficulty=difficulty)
        assert s.over


def test_deterministic_given_seed():
    assert play(7)[1] == play(7)[1]


def test_wins_some_solo_games():
    """PP-END-1: the heuristic reaches an ending in most solo normal games (99.7% over 300)."""
    wins = sum(play(300000 + k)[0].result == 1 for k in range(10))
    assert wins >= 6


def test_key_decisions():
    s = new(event=EV_AMBUSH)
    assert s.pend[-1][0] == D_JOIN and PrimevalHeuristicAgent.key_decision(s)
    assert not PrimevalHeuristicAgent.key_decision(new())


def test_ismcts_searches_its_key_decisions():
    """key_decision is the filter make_ismcts(search="key") reads: a short search on a challenge
    join answers legally, the heuristic playing the rest."""
    s = new(event=EV_AMBUSH)
    agent = ISMCTSAgent(simulations=6, rollout_depth=30, seed=0, prior_agent=PrimevalHeuristicAgent(seed=0),
                        rollout_agent=PrimevalHeuristicAgent(seed=1),
                        search_filter=PrimevalHeuristicAgent.key_decision)
    assert agent.act(None, s.legal_mask().copy(), s) in legal(s)


def test_joins_a_challenge_it_can_pass():
    """PP-CHAL-1, 2: STRENGTH 5 - Jon (STR 3) joins first, then one more while the odds grow."""
    s = new(event=EV_AMBUSH)
    empty_tokens(s)
    ag = PrimevalHeuristicAgent(strict=True)
    assert ag.act(None, s.legal_mask().copy(), s) == A.CHAR + JON
    s.apply(A.CHAR + JON)
    assert challenge_p(s, STR, 5, [JON]) < challenge_p(s, STR, 5, [JON, VINE])
    assert ag.act(None, s.legal_mask().copy(), s) in (A.CHAR + VINE, A.CHAR + LOIS)


def test_skips_a_hopeless_challenge():
    """PP-CHAL-1: none is a legal answer; a number out of reach costs no stamina."""
    s = new(event=EV_AMBUSH)
    empty_tokens(s)
    s.sg_chal[H_NUMBER] = 15
    s.invalidate()
    assert PrimevalHeuristicAgent(strict=True).act(None, s.legal_mask().copy(), s) == A.CONFIRM


def test_rests_when_stamina_is_out():
    """PP-REST-1, 2: no stamina left on the crew and a moon left: rest (0 time)."""
    s = new()
    assert s.pend[-1][0] == D_MAIN
    s.res[:] = [0] * 5
    s.invalidate()
    assert PrimevalHeuristicAgent(strict=True).act(None, s.legal_mask().copy(), s) == A.REST


def test_travels_by_the_shortest_path():
    """PP-TRAVEL-1, 3: the exit taken shortens the way in steps (page edges included)."""
    s = new()
    dist = distances(s.game)
    goal = max(range(len(s.game.spaces)), key=lambda x: dist[s.pos][x])
    k = next_step(s, goal)
    assert dist[s.game.spaces[s.pos].exits[k]][goal] == dist[s.pos][goal] - 1


def _crocs():
    from boardgym.games.primeval_peril.fight import start_combat

    s = new()
    empty_tokens(s)
    s.pend.pop()
    start_combat(s, 2)   # the fixture's crocs a (D1), b (W), c (O2)
    while s.current_player == CHANCE:
        s.apply(s.chance_outcomes()[0][0])
    return s


def test_targets_and_covers_an_uncovered_d_ability():
    """PP-COMBAT-3, 5, 7 and PP-ENEMY: with the other crocs' abilities covered, the attack goes
    on croc a, whose uncovered D1 it covers first."""
    s = _crocs()
    s.sg_cover[9 + 4] = s.sg_cover[18 + 4] = 1   # croc b's W, croc c's O covered
    s.invalidate()
    ag = PrimevalHeuristicAgent(seed=1, strict=True)
    while s.pend[-1][0] != D_TARGET:
        s.apply(ag.act(None, s.legal_mask().copy(), s))
    assert ag.act(None, s.legal_mask().copy(), s) == A.ENEMY + 0
    s.apply(A.ENEMY + 0)
    while s.current_player == CHANCE or s.pend[-1][0] != D_PLACE:
        s.apply(s.chance_outcomes()[-1][0] if s.current_player == CHANCE
                else ag.act(None, s.legal_mask().copy(), s))
    s.sg_atk[A_LEFT] = 2   # too little to cover its 5 heart points: abilities first
    s.invalidate()
    assert A.sq(0, 1, 1) in legal(s) and ag.act(None, s.legal_mask().copy(), s) == A.sq(0, 1, 1)
    s.sg_atk[A_LEFT] = 5   # enough to defeat it: hearts first (a defeated enemy does nothing)
    s.invalidate()
    assert ag.act(None, s.legal_mask().copy(), s) != A.sq(0, 1, 1)


def test_spends_a_carried_resource_that_turns_a_failure_into_a_success():
    """PP-CHAL-3, PP-CHAR-8: STRENGTH 5, Jon + Vine joined, die 0: 4; Vine's meat makes it 5."""
    from boardgym.games.sleeping_gods.kinds import D_MODIFY

    s = new(event=EV_AMBUSH)
    for t in range(1, 6):
        s.inv[6 * VINE + t] = 0    # only Vine's meat left
    s.invalidate()
    for a in (A.CHAR + JON, A.CHAR + VINE, A.CONFIRM):
        s.apply(a)
    s.apply(0)   # the fate die's face 0
    assert s.pend[-1][0] == D_MODIFY
    ag = PrimevalHeuristicAgent(strict=True)
    assert ag.act(None, s.legal_mask().copy(), s) == A.res_action(VINE, 0)
    s.apply(A.res_action(VINE, 0))
    assert ag.act(None, s.legal_mask().copy(), s) == A.CONFIRM   # 5: no more to spend


def test_heals_the_lowest_and_levels_the_best_fit():
    """PP-REST-2 / PP-EXPL-11: a point of healing goes to the most hurt; a level-up to the
    character whose level-2 side gains most."""
    from boardgym.games.primeval_peril.kinds import D_HEAL, D_LEVEL_UP

    s = new()
    s.hp[:] = [8, 2, 8, 7, 7]
    s.pend.append((D_HEAL, 0, 2, 0))
    s.invalidate()
    ag = PrimevalHeuristicAgent(strict=True)
    assert ag.act(None, s.legal_mask().copy(), s) == A.CHAR + 1
    s.pend[-1] = (D_LEVEL_UP, 0, 0, 0)
    s.invalidate()
    assert ag.act(None, s.legal_mask().copy(), s) == A.CHAR + VINE   # HP +2, CUN +1, STR +1
