"""Saved states attacked by mutation, for every registered game and each of its test configs.

States from seeded random play (decisions and chance nodes, early to late) are saved and mutated
(tests/games/mutations.py: ranges, types, lengths, duplicates, swaps, frames, transplants, deep
nesting). Each mutated save is either refused by ``state_from_json`` with a ``StateError`` that
comes from a named check (never another exception type, never the loader's last-resort catch),
or it loads, saves back to the same text, and seeded random agents play it to the end with
every invariant holding, every acting seat having a legal action, observations inside the Box
[-1, 1] and no exception."""

import pytest

from boardgym.core import StateError
from boardgym.core.game import CHECK_FAILED
from boardgym.envs.registry import test_configs as configs_of
from boardgym.games import GAMES, make_game

from .mutations import mutations, sample_saves
from .soundness import play_sound

CASES = [(g, i) for g in GAMES for i in range(len(configs_of(g)))]
IDS = [f"{g}-{i}" for g, i in CASES]
MAX_STEPS = 20_000


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
            play_sound(state, seed + k, desc, max_steps=MAX_STEPS)
        except AssertionError:
            raise
        except Exception as err:  # noqa: BLE001 - report which mutation broke play
            raise AssertionError(f"{desc}: {type(err).__name__} in play: {err}") from err
        accepted += 1
    return refused, accepted


@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_mutated_saves_are_refused_or_play_soundly(name, i):
    refused, accepted = check_mutations(name, i, count=40, games=2, seed=1000 * i)
    assert refused > 0 and accepted > 0


@pytest.mark.slow
@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_mutated_saves_many(name, i):
    check_mutations(name, i, count=1500, games=12, seed=7_000_000 + 1000 * i)
