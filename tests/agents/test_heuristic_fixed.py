"""Every game's heuristic plays as it played before its module was folded into a package
(``boardgym/agents/heuristics/<game>/``): seeded games, a random seat among the heuristic ones,
on the registry's test configurations, each digested (decisions, chance outcomes, returns,
notes) and compared with the digest recorded before the fold.

A deliberate change of a heuristic's play or of a game's rules changes these digests: the
failure prints the new ones, to record after checking the change is the one meant."""
from __future__ import annotations

import hashlib
import json

import pytest

from boardgym.core.agent import RandomAgent, seat_chooser
from boardgym.core.replay import play
from boardgym.envs.opponents import make_agent
from boardgym.envs.registry import registry
from boardgym.games import make_game

# (game, index into its test_configs, seed, digest)
RECORDED = [
    ("ancient_terrible_things", 2, 1, "d8416d9239706cae"),
    ("ancient_terrible_things", 6, 1, "3467bb7da1c51ab9"),
    ("paleo", 2, 0, "acafa8e71755a2d9"),
    ("paleo", 3, 1, "d64f3c812134e84e"),
    ("tides_of_ruin_arcade", 2, 0, "580d05ddbc80ab1a"),
    ("tides_of_ruin_arcade", 4, 1, "ad3ce789650fc30f"),
    ("primeval_peril", 1, 1, "c5fd6f93275b3426"),
    ("primeval_peril", 2, 1, "43a1e5d2be8ef706"),
]


def digest(game_name: str, config: dict, seed: int) -> str:
    game = make_game(game_name, **config)
    agents = [make_agent("heuristic", game_name, seed=seed * 10 + p) if (p + seed) % 3 != 2
              else RandomAgent(100 + p) for p in range(game.num_players)]
    _, rep = play(game, seed, seat_chooser(agents, seed), max_steps=200_000)
    assert rep.returns is not None, "the game did not end"
    text = json.dumps([rep.actions, [str(o) for o in rep.chance], rep.returns, rep.notes], default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_every_game_is_covered():
    assert {g for g, *_ in RECORDED} == set(registry()["games"])


@pytest.mark.parametrize("game_name, config_index, seed, recorded", RECORDED)
def test_heuristic_plays_as_recorded(game_name, config_index, seed, recorded):
    config = registry()["games"][game_name]["test_configs"][config_index]
    got = digest(game_name, config, seed)
    assert got == recorded, f"{game_name} {config} seed {seed}: digest {got}, recorded {recorded}"
