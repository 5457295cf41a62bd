"""The engine contract for Paleo: fuzzed games with invariants (resources within limits, tool
tokens conserved per type, 0-5 skulls and victories, every card in exactly one place, U_b
counts), replays, clones, saves, speed sanity, and AEC-vs-Parallel equivalence (case 32)."""
import numpy as np
import pytest

from boardgym.core import CHANCE, Replay, play, sample_outcome
from boardgym.games.paleo import PaleoGame
from boardgym.games.paleo import actions as A
from tests.games.soundness import random_play

CONFIGS = [{}, {"num_groups": 1}, {"num_groups": 3}, {"num_groups": 4, "modules": ["A"]},
           {"num_groups": 2, "remove_per_module": 0, "max_rounds": 4}, {"level": 1, "num_groups": 3}]
W = np.ones(A.N_ACTIONS)
W[A.SLEEP_EARLY], W[A.IGNORE], W[A.DECLINE] = 0.02, 0.3, 0.3


def _chooser(seed, biased=False):
    rng = np.random.default_rng(seed)
    if not biased:
        return lambda s: int(rng.choice(np.flatnonzero(s.legal_mask())))

    def choose(s):
        w = W * s.legal_mask()
        return int(rng.choice(A.N_ACTIONS, p=w / w.sum()))
    return choose


def _check(state):
    problems = state.invariant_errors()
    assert not problems, problems
    assert state.legal_mask().any()
    obs = state.observation(state.current_player)
    assert obs.shape == (state.game.observation_size,) and obs.dtype == np.float32
    assert obs.min() >= -1.0 and obs.max() <= 1.0


@pytest.mark.parametrize("cfg", CONFIGS, ids=str)
def test_fuzz_random_games(cfg):
    game = PaleoGame(**cfg)
    for seed in range(40):
        final, _ = play(game, seed, _chooser(seed), on_step=_check)
        assert final.is_terminal() and not final.invariant_errors()
        assert final.returns() in ([1.0] * game.num_players, [-1.0] * game.num_players, [0.0] * game.num_players)


@pytest.mark.parametrize("cfg", CONFIGS[:4], ids=str)
def test_fuzz_long_games_without_losing(cfg):
    """Skulls are wiped after every decision so that games reach later days, nights and deals."""
    game = PaleoGame(**cfg)
    rounds = []
    for seed in range(6):
        rng = np.random.default_rng(seed)
        s = game.new_initial_state()
        choose = _chooser(seed, biased=True)
        while not s.is_terminal():
            if s.current_player == CHANCE:
                s.apply(sample_outcome(s.chance_outcomes(), rng))
                continue
            _check(s)
            s.apply(choose(s))
            if not s.over:
                s.skulls = s.lost = 0
        rounds.append(s.round)
    assert max(rounds) >= 3


def test_replay_clone_and_save():
    game = PaleoGame(num_groups=3)
    for seed in range(10):
        trace = []
        final, rep = play(game, seed, _chooser(seed, True),
                          on_step=lambda s: trace.append(s.observation(s.current_player).copy()))
        states = list(Replay.from_json(rep.to_json()).states())
        assert len(states) == len(trace) + 1
        for obs, st in zip(trace, states):
            assert np.array_equal(st.observation(st.current_player), obs)
        assert states[-1].to_json() == final.to_json()
    rng = np.random.default_rng(0)
    s = game.new_initial_state()
    for k, _ in enumerate(random_play(s, rng)):
        if k % 13 == 0:
            saved = s.to_json()
            c = s.clone()
            assert c.to_json() == saved and game.state_from_json(saved).to_json() == saved
            for _ in random_play(c, rng, max_steps=5):  # advancing the clone
                pass
            assert s.to_json() == saved


def test_commit_is_simultaneous_and_hidden():
    """PALEO-DAY-2, spec §3: every awake seat acts at the commit step; current_player is the
    lowest uncommitted seat; seat 1's observation is unchanged by seat 0's commit."""
    game = PaleoGame(num_groups=3)
    rng = np.random.default_rng(1)
    s = game.new_initial_state()
    while s.current_player == CHANCE:
        s.apply(sample_outcome(s.chance_outcomes(), rng))
    assert s.acting_players() == [0, 1, 2] and s.current_player == 0
    before = [s.observation(p).copy() for p in (1, 2)]
    m1 = s.legal_mask_for(1).copy()
    s.apply(A.pick(2, True))
    assert s.acting_players() == [1, 2] and s.current_player == 1
    assert np.array_equal(s.observation(1), before[0]) and np.array_equal(s.observation(2), before[1])
    assert np.array_equal(s.legal_mask_for(1), m1)
    assert s.legal_mask_for(0)[A.NOOP] and s.legal_mask_for(0).sum() == 1


def _policy(obs, mask, t):
    legal = np.flatnonzero(mask)
    h = int(np.abs(obs[:400]).sum() * 1000) + 7 * t
    return int(legal[h % len(legal)])


def test_case32_aec_equals_parallel():
    """PALEO-DAY-2: same seed and decisions in AEC and Parallel -> identical states,
    observations and rewards."""
    from boardgym.envs.pz_env import BoardgymAECEnv, BoardgymParallelEnv

    aec = BoardgymAECEnv("paleo", num_groups=3)
    par = BoardgymParallelEnv("paleo", num_groups=3)
    aec.reset(seed=5)
    par.reset(seed=5)
    for t in range(300):
        ps = par.game_state
        if ps.is_terminal():
            break
        acting = ps.acting_players()
        acts = {f"player_{g}": _policy(ps.observation(g), ps.legal_mask_for(g), t) for g in acting}
        for g in range(ps.n):
            acts.setdefault(f"player_{g}", 0)
        for g in acting:
            agent = aec.agent_selection
            assert agent == f"player_{g}"
            o = aec.game_state.observation(g)
            assert np.array_equal(o, ps.observation(g))
            aec.step(acts[agent])
        _, rew, term, _, _ = par.step(acts)
        assert aec.game_state.to_json() == par.game_state.to_json()
        for g in range(ps.n):
            assert np.array_equal(aec.game_state.observation(g), par.game_state.observation(g))
        if par.game_state.is_terminal():
            assert rew == {a: aec.rewards[a] for a in rew}
            break


def test_the_shaping_potential_on_known_numbers():
    """PALEO-CORE-1 (one shared reward) and its shaping potential, the same for every seat:
    0.1 per victory, -0.1 per skull, -0.01 per wound, +0.005 per stored resource. Victories 2,
    skulls 2, wounds 3 and 4 stored give 0.2 - 0.2 - 0.03 + 0.02 = -0.01."""
    from boardgym.games.paleo.scoring import potential
    from tests.games.paleo.scripted import Script

    s = Script.start(seed=0, num_groups=2).s
    s.victories, s.skulls, s.store = 2, 2, [2, 1, 1]
    s.wnd = [[0] * len(w) for w in s.wnd]
    s.wnd[0][:1], s.wnd[1][:1] = [2], [1]
    assert sum(map(sum, s.wnd)) == 3
    assert abs(potential(s, 0) - -0.01) < 1e-12 and potential(s, 1) == potential(s, 0)
