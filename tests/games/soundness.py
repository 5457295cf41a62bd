"""Seeded random play shared by the tests: ``random_play`` walks one game step by step (chance
nodes and decisions), and ``play_sound`` checks that a state plays soundly to its end, as the
mutation tests (saved states and content packs) need: the engine contract at every step."""
from __future__ import annotations

import numpy as np

from boardgym.core import CHANCE, sample_outcome

MAX_STEPS = 60_000  # decisions and chance nodes of one game; far above any real game


def random_play(state, rng, choose=None, max_steps: int | None = None, moves: list | None = None):
    """Each state of seeded random play from ``state`` (changed in place) to its end, chance
    nodes and decisions alike, yielded before its step is drawn and applied; the end is not
    yielded (read it from ``state``). A chance outcome is drawn from ``rng`` by its
    probabilities; a decision is ``choose(state)``, by default a uniformly random legal action
    from ``rng``. What the loop body draws from ``rng`` comes before the step's own draw. Stops
    at the end or after ``max_steps`` steps; ``moves``, where given, gets every applied outcome
    and action in order."""
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        yield state
        if state.current_player == CHANCE:
            a = sample_outcome(state.chance_outcomes(), rng)
        elif choose is not None:
            a = choose(state)
        else:
            a = int(rng.choice(np.flatnonzero(state.legal_mask())))
        state.apply(a)
        if moves is not None:
            moves.append(a)
        steps += 1


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
    for state in random_play(state, rng, max_steps=max_steps):
        problems = state.invariant_errors()
        assert not problems, f"{desc}: {problems}"
        p = state.current_player
        if p == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(q for _, q in outcomes) - 1.0) < 1e-6, f"{desc}: bad chance node"
            continue
        assert 0 <= p < game.num_players, f"{desc}: current player {p}"
        for seat in state.acting_players():
            assert state.legal_mask_for(seat).any(), f"{desc}: seat {seat} has no legal action"
        obs = state.observation(p)
        assert np.all(obs >= -1.0) and np.all(obs <= 1.0), \
            f"{desc}: observation outside [-1, 1] at {np.flatnonzero((obs < -1) | (obs > 1))[:5]}"
    if not state.is_terminal():
        raise AssertionError(f"{desc}: the game did not end within {max_steps} steps")
    assert not state.invariant_errors(), f"{desc}: {state.invariant_errors()}"
    assert len(state.returns()) == game.num_players, desc
