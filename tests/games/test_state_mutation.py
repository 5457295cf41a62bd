"""Saved states attacked by mutation, for every registered game and each of its test configs.

States from seeded random play (decisions and chance nodes, early to late) are saved and mutated
(tests/games/mutations.py: ranges, types, lengths, duplicates, swaps, frames, transplants, deep
nesting). Each mutated save is either refused by ``state_from_json`` with a ``StateError`` that
comes from a named check (never another exception type, never the loader's last-resort catch),
or it loads, saves back to the same text, and seeded random agents play it to the end with
every invariant holding, every acting seat having a legal action, observations inside the Box
[-1, 1] and no exception."""
import json

import numpy as np
import pytest

from boardgym.core import CHANCE, StateError, sample_outcome
from boardgym.core.game import CHECK_FAILED
from boardgym.envs.registry import test_configs as configs_of
from boardgym.games import GAMES, make_game

from .mutations import mutations, sample_saves

CASES = [(g, i) for g in GAMES for i in range(len(configs_of(g)))]
IDS = [f"{g}-{i}" for g, i in CASES]
MAX_STEPS = 20_000


def play_out(state, seed: int, desc: str) -> None:
    """Seeded random play to the end, checking the engine contract at every step."""
    rng = np.random.default_rng(seed)
    game = state.game
    for p in range(game.num_players):
        obs = state.observation(p)
        assert obs.shape == (game.observation_size,), desc
        assert np.all(obs >= -1.0) and np.all(obs <= 1.0), f"{desc}: seat {p} observation outside [-1, 1]"
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            assert not state.invariant_errors(), desc
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
    raise AssertionError(f"{desc}: the game did not end within {MAX_STEPS} steps")


def check_mutations(name: str, i: int, count: int, games: int, seed: int) -> tuple[int, int]:
    game = make_game(name, **configs_of(name)[i])
    saves = sample_saves(game, range(seed, seed + games), every=7)
    for text in saves:  # the unmutated saves load (no false refusal)
        assert game.state_from_json(text).to_json() == text
    refused = accepted = 0
    for k, (text, desc) in enumerate(mutations(game, saves, count, seed)):
        desc = f"{name} config {i}, mutation {k}: {desc}"
        try:
            state = game.state_from_json(text)
        except StateError as err:
            assert CHECK_FAILED not in str(err), f"{desc}: refused by no named check: {err}"
            refused += 1
            continue
        except Exception as err:  # noqa: BLE001 - the contract: StateError or nothing
            raise AssertionError(f"{desc}: {type(err).__name__} instead of StateError: {err}") from err
        assert state.to_json() == text, f"{desc}: loaded but does not save back the same"
        try:
            play_out(state, seed + k, desc)
        except AssertionError:
            raise
        except Exception as err:  # noqa: BLE001 - report which mutation broke play
            raise AssertionError(f"{desc}: {type(err).__name__} in play: {err}") from err
        accepted += 1
    return refused, accepted


@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_mutated_saves_are_refused_or_play_soundly(name, i):
    refused, accepted = check_mutations(name, i, count=120, games=2, seed=1000 * i)
    assert refused > 0 and accepted > 0


@pytest.mark.slow
@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_mutated_saves_many(name, i):
    check_mutations(name, i, count=1500, games=12, seed=7_000_000 + 1000 * i)
