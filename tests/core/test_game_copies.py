"""A game pickles and deep-copies after its encoders have filled their caches (some hold
memoryviews, which do neither): the copy leaves the caches out (``core.observation.DerivedCache``)
and builds its own, so its states encode the same observations. Agents that hold a game (the
heuristics, DAgger's labelling, Ray and multiprocessing workers) are copied the same way."""
import copy
import pickle

import numpy as np
import pytest

from boardgym.core.observation import DerivedCache
from boardgym.envs.registry import test_configs as configs_of
from boardgym.games import GAMES, make_game
from tests.games.soundness import random_play


@pytest.mark.parametrize("game_name", GAMES)
def test_a_game_with_filled_caches_pickles_and_deep_copies(game_name):
    for cfg in configs_of(game_name)[:2]:
        game = make_game(game_name, **cfg)
        state = game.new_initial_state()
        seen = []
        for _ in random_play(state, np.random.default_rng(7), max_steps=60):
            if state.current_player >= 0:
                seen.append(state.observation(state.current_player).copy())
        assert seen and any(isinstance(v, DerivedCache) for v in vars(game).values()), \
            "the encoders filled no cache: the test would prove nothing"
        for other in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
            assert not any(isinstance(v, DerivedCache) for v in vars(other).values())
            twin = other.state_from_json(state.to_json())
            for p in range(game.num_players):
                assert np.array_equal(twin.observation(p), state.observation(p)), (cfg, p)
