"""One check that a state plays soundly to its end, shared by the mutation tests (saved states
and content packs): seeded random play, checking the engine contract at every step."""
from __future__ import annotations

import numpy as np

from boardgym.core import CHANCE, sample_outcome

MAX_STEPS = 60_000  # decisions and chance nodes of one game; far above any real game


def play_sound(state, seed: int, desc: str, max_steps: int = MAX_STEPS) -> None:
    """Seeded random play from ``state`` to the end: every invariant holds, chance nodes are
    distributions, every acting seat has a legal action, observations stay in the Box [-1, 1],
    and the game ends within ``max_steps`` with a return per seat."""
    rng = np.random.default_rng(seed)
    game = state.game
    for p in range(game.num_players):
        obs = state.observation(p)
        assert obs.shape == (game.observation_size,), f"{desc}: observation shape {obs.shape}"
        assert np.all(obs >= -1.0) and np.all(obs <= 1.0), f"{desc}: seat {p} observation outside [-1, 1]"
    for _ in range(max_steps):
        if state.is_terminal():
            assert not state.invariant_errors(), f"{desc}: {state.invariant_errors()}"
            assert len(state.returns()) == game.num_players, desc
            return
        problems = state.invariant_errors()
        assert not problems, f"{desc}: {problems}"
        p = state.current_player
        if p == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(q for _, q in outcomes) - 1.0) < 1e-6, f"{desc}: bad chance node"
            state.apply(sample_outcome(outcomes, rng))
            continue
        assert 0 <= p < game.num_players, f"{desc}: current player {p}"
        for seat in state.acting_players():
            assert state.legal_mask_for(seat).any(), f"{desc}: seat {seat} has no legal action"
        obs = state.observation(p)
        assert np.all(obs >= -1.0) and np.all(obs <= 1.0), \
            f"{desc}: observation outside [-1, 1] at {np.flatnonzero((obs < -1) | (obs > 1))[:5]}"
        state.apply(int(rng.choice(np.flatnonzero(state.legal_mask()))))
    raise AssertionError(f"{desc}: the game did not end within {max_steps} steps")
