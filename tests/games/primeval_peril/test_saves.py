"""Saved states of the shipped pack attacked by mutation (tests/games/mutations.py), as the
generic suite does for registered games: each mutated save is refused by a named check or plays
soundly to the end (invariants, legal actions, observations in the Box)."""
import pytest

from boardgym.core import StateError
from boardgym.core.game import CHECK_FAILED
from boardgym.games.primeval_peril.game import PrimevalGame

from ..mutations import mutations, sample_saves
from ..soundness import play_sound

CONFIGS = [dict(num_players=1, max_turns=25, game_index=3),
           dict(num_players=3, difficulty="hard", max_turns=25)]


@pytest.mark.parametrize("i", range(len(CONFIGS)))
def test_mutated_saves_are_refused_or_play_soundly(i):
    game = PrimevalGame(**CONFIGS[i])
    seed = 100 * i
    saves = sample_saves(game, range(seed, seed + 2), every=7)
    for text in saves:
        assert game.state_from_json(text).to_json() == text
    refused = accepted = 0
    for k, (text, desc) in enumerate(mutations(game, saves, 150, seed)):
        try:
            state = game.state_from_json(text)
        except StateError as err:
            assert CHECK_FAILED not in str(err), f"{desc}: refused by no named check: {err}"
            refused += 1
            continue
        assert state.to_json() == text, desc
        play_sound(state, seed + k, desc, max_steps=20_000)
        accepted += 1
    assert refused and accepted
