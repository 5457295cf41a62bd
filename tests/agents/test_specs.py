"""boardgym.agents.specs: the one agent-spec parser behind opponents=, python -m boardgym.eval, python -m boardgym.train
and boardgym play. Generic tests run over every kind in the table and every registered game,
so a new kind or a new game is covered by adding it."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest


import boardgym  # noqa: F401  (registers the ids)
from boardgym.agents.ismcts import ISMCTSAgent
from boardgym.agents.specs import (KINDS, Spec, check_spec, kinds_help, make_agent, parse_spec, spec_label,
                                   split_specs)
from boardgym.core.agent import Agent, RandomAgent
from boardgym.core.errors import ConfigError
from boardgym.envs.registry import gym_ids
from boardgym.games import GAMES, make_game


class SeededAgent(Agent):
    """A module:Class agent for the tests: first legal action, remembers its seed."""

    def __init__(self, seed=None):
        self.seed = seed

    def act(self, observation, legal_mask, state=None):
        return int(np.flatnonzero(legal_mask)[0])


class NoSeedAgent(Agent):
    def act(self, observation, legal_mask, state=None):
        return int(np.flatnonzero(legal_mask)[-1])


HERE = __name__


def test_every_kind_parses_its_example_and_is_listed_in_errors():
    with pytest.raises(ConfigError) as err:
        parse_spec("no_such_agent")
    for kind in KINDS.values():
        assert parse_spec(kind.example).kind == kind.name, kind.name
        assert kind.syntax in str(err.value) and kind.help in str(err.value)
    assert kinds_help().count("\n") == len(KINDS) - 1


@pytest.mark.parametrize("text, kind, options", [
    ("random", "random", {}),
    ("heuristic", "heuristic", {}),
    ("ppo:runs/a/model.zip", "ppo", {"path": "runs/a/model.zip"}),
    ("ismcts", "ismcts", {}),
    ("ismcts:simulations=32,c=0.5,search=key,rollout.samples=8", "ismcts",
     {"simulations": 32, "c": 0.5, "search": "key", "rollout_options": {"samples": 8}}),
    ("ismcts:search=key,simulations=16,evaluator=value:runs/v.npz", "ismcts",
     {"search": "key", "simulations": 16, "evaluator": "value:runs/v.npz"}),
    ("boardgym.agents.heuristics.ancient_terrible_things:ATTHeuristicAgent", "class", {"path": "boardgym.agents.heuristics.ancient_terrible_things:ATTHeuristicAgent"}),
    ("ismcts:c=1e-1,seconds=2.5E1,prior=none", "ismcts", {"c": 0.1, "seconds": 25.0, "prior": "none"}),
])
def test_existing_specs_parse_as_before(text, kind, options):
    assert parse_spec(text) == Spec(text, kind, options)


@pytest.mark.parametrize("text, message", [
    ("heurstic", "did you mean 'heuristic'"),
    ("ppo", "ppo:PATH"),
    ("ppo:", "needs the model's path"),
    ("random:3", "takes no ':' argument"),
    ("ismcts:simulations", "is not KEY=VALUE"),
    ("ismcts:simulatons=3", "unknown ISMCTS key 'simulatons' (did you mean 'simulations'?)"),
    ("ismcts:prior=ismcts", "ISMCTS prior must be"),
    ("ismcts:rollout=fast", "ISMCTS rollout"),
    ("my agent:Cls", "'module:Class' needs a module path"),
    ("", "is not a known kind"),
])
def test_malformed_specs_are_refused_naming_the_spec(text, message):
    with pytest.raises(ConfigError, match="agent spec") as err:
        parse_spec(text)
    assert message in str(err.value)


def test_split_specs_keeps_ismcts_commas_and_the_semicolon_separator():
    """``--agents ismcts:a=1,b=2`` is one agent (an earlier parser made ``b=2`` a second,
    unknown one and ran ISMCTS with its defaults); plain lists still split on commas."""
    assert split_specs("ismcts:search=key,simulations=16,evaluator=value:runs/v.npz") == [
        "ismcts:search=key,simulations=16,evaluator=value:runs/v.npz"]
    assert split_specs("random, heuristic,ismcts:simulations=4,c=2,ppo:runs/a/model.zip") == [
        "random", "heuristic", "ismcts:simulations=4,c=2", "ppo:runs/a/model.zip"]
    assert split_specs("heuristic;ismcts:a=1,b=2;") == ["heuristic", "ismcts:a=1,b=2"]


def test_labels():
    assert [spec_label(s) for s in ("random", "ppo:x.zip", "ismcts:simulations=2", f"{HERE}:SeededAgent")] == [
        "random", "ppo", "ismcts", f"{HERE}:SeededAgent"]


@pytest.mark.parametrize("game_name", GAMES)
def test_every_kind_builds_a_legal_agent_for_every_game(game_name, tmp_path):
    """random, heuristic, ismcts and module:Class build for each game and play a legal action
    on its first decision; the same spec and seed give the same agent."""
    game = make_game(game_name)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    from boardgym.core.chance import sample_outcome

    while state.current_player < 0 and not state.is_terminal():
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    p = state.current_player
    mask = state.legal_mask().copy()
    for text in ("random", "heuristic", "ismcts:simulations=2,rollout_depth=2", f"{HERE}:SeededAgent",
                 f"{HERE}:NoSeedAgent"):
        agent = make_agent(text, game_name, seed=11)
        assert isinstance(agent, Agent)
        a = agent.act(state.observation(p), mask, state.clone())
        assert mask[a], (text, a)
        check_spec(text, game_name)
    assert isinstance(make_agent("ismcts:simulations=2", game_name, 1), ISMCTSAgent)
    assert make_agent(f"{HERE}:SeededAgent", game_name, seed=11).seed == 11   # seeded when it takes one
    r1, r2 = make_agent("random", game_name, 5), make_agent("random", game_name, 5)
    legal = np.ones(50, dtype=bool)
    assert [r1.act(None, legal) for _ in range(20)] == [r2.act(None, legal) for _ in range(20)]


def test_a_ppo_spec_loads_a_saved_model(tmp_path):
    from sb3_contrib import MaskablePPO

    from boardgym.agents.ppo import PPOAgent
    from boardgym.train.envs import make_vec_env

    venv = make_vec_env("boardgym/AncientTerribleThingsSolo-v0", {}, 1, 0, "dummy")
    MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=32, device="cpu", seed=0).save(tmp_path / "m.zip")
    venv.close()
    for text in (f"ppo:{tmp_path / 'm.zip'}", f"ppo:{tmp_path / 'm'}"):   # SB3 adds the .zip
        check_spec(text)
        assert isinstance(make_agent(text, "ancient_terrible_things"), PPOAgent)
    with pytest.raises(ConfigError, match="no model file"):
        check_spec(f"ppo:{tmp_path / 'missing.zip'}")


@pytest.mark.parametrize("text, message", [
    ("os:getcwd", "names a function, not a subclass of boardgym.core.agent.Agent"),
    ("collections:OrderedDict", "names a class OrderedDict, not a subclass"),
    ("math:pi", "names a float value"),
    ("boardgym.agents.heuristics.ancient_terrible_things:NoSuchAgent", "has no 'NoSuchAgent'"),
    ("no_such_module_xyz:Agent", "cannot import module 'no_such_module_xyz'"),
])
@pytest.mark.parametrize("env_id", gym_ids())
def test_module_class_must_name_an_agent_class_in_every_env(env_id, text, message):
    """ISSUE-9 item 4: ``opponents="os:getcwd"`` used to call os.getcwd; now every competitive
    env refuses anything but an Agent subclass, naming the spec, and every cooperative env
    refuses ``opponents`` altogether (no seat needs one), calling nothing either way."""
    if gym.spec(env_id).kwargs.get("game") and make_game(gym.spec(env_id).kwargs["game"]).info.cooperative:
        with pytest.raises(ConfigError, match="is cooperative") as err:
            gym.make(env_id, opponents=text)
        assert err.value.args[0].startswith(f"opponents={text!r}")
        return
    with pytest.raises(ConfigError, match="opponents: agent spec") as err:
        gym.make(env_id, opponents=text)
    assert repr(text) in str(err.value) and message in str(err.value)


def test_env_opponents_take_every_kind():
    """Specs that eval took and the envs did not (ismcts) now work in opponents= too; a class
    object and an Agent instance as before."""
    for opp in ("ismcts:simulations=1,rollout_depth=1", f"{HERE}:NoSeedAgent", SeededAgent, RandomAgent(1)):
        env = gym.make("boardgym/AncientTerribleThings-v0", num_players=2, opponents=opp)
        obs, info = env.reset(seed=0)
        for _ in range(5):
            a = int(np.flatnonzero(obs["action_mask"])[0])
            obs, _, term, trunc, _ = env.step(a)
            if term or trunc:
                break
    with pytest.raises(ConfigError, match="not a subclass"):
        gym.make("boardgym/AncientTerribleThings-v0", num_players=2, opponents=dict)


def test_ismcts_errors_name_the_spec():
    for bad, msg in (("ismcts:search=some", "search must be 'all' or 'key'"),
                     ("ismcts:simulations=-3", "positive simulation count"),
                     ("ismcts:rollout=heuristic,rollout.bogus=1", "bogus")):
        with pytest.raises(ConfigError, match="agent spec 'ismcts") as err:
            make_agent(bad, "ancient_terrible_things", 1)
        assert msg in str(err.value)
    a = make_agent("ismcts:simulations=4,prior=heuristic,rollout=heuristic,rollout.samples=8",
                   "ancient_terrible_things", 1)
    assert isinstance(a, ISMCTSAgent) and a.simulations == 4 and a.rollout_agent.samples == 8
    with pytest.raises(ConfigError, match="no value network file"):
        check_spec("ismcts:evaluator=value:missing.npz", "paleo")


def test_importing_the_envs_does_not_import_agents():
    import subprocess
    import sys

    code = ("import sys, gymnasium as gym, boardgym, boardgym.envs; "
            "print(sorted(m for m in sys.modules if m == 'boardgym.agents' or m.startswith('boardgym.agents.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
