"""The state-value network for search (boardgym/agents/value_net.py): the sparse numpy forward pass is
the torch MLP's, files round-trip and bad files are named, the ISMCTS evaluator reads the right
seat's observation."""
import numpy as np
import pytest
import torch as th

from boardgym.agents.specs import make_evaluator, make_ismcts
from boardgym.agents.value_net import ValueNet, value_evaluator
from boardgym.core.chance import resolve_chance
from boardgym.core.errors import ConfigError
from boardgym.games import make_game
from boardgym.train.value import build_mlp, to_value_net

PALEO = {"level": 1, "modules": None, "num_groups": 2}


def _net(obs_size, hidden=(16, 8), seed=0, game="paleo"):
    th.manual_seed(seed)
    mlp = build_mlp(obs_size, list(hidden))
    return mlp, to_value_net(mlp, {"game": game, "obs_size": obs_size})


def _decision(game, seed):
    rng = np.random.default_rng(seed)
    s = game.new_initial_state()
    resolve_chance(s, rng)
    return s


def test_sparse_forward_equals_the_torch_mlp():
    mlp, net = _net(50)
    rng = np.random.default_rng(1)
    for _ in range(5):
        obs = np.where(rng.random(50) < 0.2, rng.normal(size=50), 0.0).astype(np.float32)
        with th.no_grad():
            z = float(mlp(th.as_tensor(obs[None])).squeeze())
        assert net.logit(obs) == pytest.approx(z, abs=1e-5)
        assert net.value(obs) == pytest.approx(2 / (1 + np.exp(-z)) - 1, abs=1e-6)
        assert -1.0 <= net.value(obs) <= 1.0
    with pytest.raises(ValueError, match="expects 50"):
        net.value(np.zeros(49, dtype=np.float32))


def test_files_round_trip_and_bad_files_are_named(tmp_path):
    _, net = _net(30)
    net.save(tmp_path / "v.npz")
    back = ValueNet.load(tmp_path / "v.npz")
    obs = np.linspace(-1, 1, 30).astype(np.float32)
    assert back.value(obs) == net.value(obs)
    assert back.meta == {"game": "paleo", "obs_size": 30}
    with pytest.raises(ConfigError, match="not found"):
        ValueNet.load(tmp_path / "missing.npz")
    (tmp_path / "bad.npz").write_bytes(b"not a zip")
    with pytest.raises(ConfigError, match="not a boardgym value network"):
        ValueNet.load(tmp_path / "bad.npz")
    np.savez(tmp_path / "partial.npz", format=np.array(1), layers=np.array(2), w0=np.zeros((2, 3)))
    with pytest.raises(ConfigError, match="not a boardgym value network"):
        ValueNet.load(tmp_path / "partial.npz")
    with pytest.raises(ConfigError, match="do not chain"):
        ValueNet([(np.zeros((4, 3)), np.zeros(4)), (np.zeros((1, 5)), np.zeros(1))])
    with pytest.raises(ConfigError, match="one output"):
        ValueNet([(np.zeros((4, 3)), np.zeros(4))])


def test_cooperative_evaluator_shares_the_deciding_groups_value():
    game = make_game("paleo", **PALEO)
    _, net = _net(game.observation_size)
    s = _decision(game, 3)
    p = s.current_player
    values = value_evaluator(net)(s)
    assert values == [net.value(s.observation(p))] * game.num_players


def test_competitive_evaluator_gives_each_seat_its_own_view(tmp_path):
    game = make_game("ancient_terrible_things", num_players=2)
    _, net = _net(game.observation_size, seed=2, game="ancient_terrible_things")
    s = _decision(game, 5)
    values = value_evaluator(net)(s)
    assert values == [net.value(s.observation(0)), net.value(s.observation(1))]
    assert values[0] != values[1]  # two different views of one state
    net.save(tmp_path / "att.npz")
    with pytest.raises(ConfigError, match="not paleo"):
        make_evaluator(f"value:{tmp_path / 'att.npz'}", "paleo")
    with pytest.raises(ConfigError, match="value:PATH"):
        make_evaluator("critic", "paleo")


def test_search_with_a_value_network_plays_legal_moves(tmp_path):
    game = make_game("paleo", **PALEO)
    _, net = _net(game.observation_size)
    net.save(tmp_path / "v.npz")
    agent = make_ismcts("paleo", simulations=4, rollout_depth=2, rollout="heuristic", prior="heuristic",
                        search="key", evaluator=f"value:{tmp_path / 'v.npz'}", seed=0)
    s = _decision(game, 7)
    a = agent.act(None, s.legal_mask().copy(), s)
    assert s.legal_mask()[a] and agent.last_simulations == 4
