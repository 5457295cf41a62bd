"""PettingZoo API beyond api_test, over every registered PettingZoo entry and player count:
the global ``state()``, ``env()`` wrapped like the classic envs, stepping after the end,
``max_cycles`` (the same cut in AEC and Parallel), and one id spelling. Nothing names a game."""
import io
import warnings
from pathlib import Path

import numpy as np
import pettingzoo
import pytest
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from boardgym.core.errors import IllegalActionError
from boardgym.envs.pz_env import BoardgymAECEnv
from boardgym.envs.registry import register_all
from tests.conftest import pz_entries, pz_module

PZ = [(e["id"], n) for e in pz_entries() for n in e.get("test_player_counts", [None])]


def _entry(env_id, n=None):
    entry = next(e for e in pz_entries() if e["id"] == env_id)
    kwargs = dict(entry.get("kwargs", {}))
    if n is not None:
        kwargs[entry["players_kwarg"]] = n
    return entry, kwargs


def _policy(obs):
    """Deterministic and legal: the same observation and mask give the same action."""
    legal = np.flatnonzero(obs["action_mask"])
    return int(legal[int(np.abs(obs["observation"]).sum() * 1000) % len(legal)])


def _play_parallel(env, seed, limit=5000):
    obs, _ = env.reset(seed=seed)
    steps = 0
    while env.agents and steps < limit:
        obs, rew, term, trunc, _ = env.step({a: _policy(obs[a]) for a in env.agents})
        steps += 1
    return steps, term, trunc, rew


def _play_aec(env, seed, limit=20000):
    env.reset(seed=seed)
    final = {}
    for agent in env.agent_iter(limit):
        obs, rew, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = (rew, term, trunc)
            env.step(None)
        else:
            env.step(_policy(obs))
    return final


@pytest.mark.parametrize("env_id,n", PZ)
def test_state_is_every_seats_observation(env_id, n):
    entry, kwargs = _entry(env_id, n)
    mod = pz_module(entry)
    aec = mod.env(**kwargs)
    with pytest.raises(AssertionError, match="reset"):  # PettingZoo's order enforcing
        aec.state()
    aec.reset(seed=1)
    par = mod.parallel_env(**kwargs)
    obs, _ = par.reset(seed=1)
    first = aec.state()
    assert first.dtype == np.float32 and aec.state_space.contains(first)
    assert np.array_equal(par.state(), first) and par.state_space == aec.state_space
    for _ in range(6):
        aec.step(_policy(aec.observe(aec.agent_selection)))
        views = [aec.observe(a)["observation"] for a in aec.possible_agents]
        assert np.array_equal(aec.state(), np.concatenate(views))
        obs, *_ = par.step({a: _policy(obs[a]) for a in par.agents})
        assert np.array_equal(par.state(), np.concatenate([obs[a]["observation"] for a in par.possible_agents]))
    assert not np.array_equal(first, aec.state()), "state() did not follow the game"


@pytest.mark.parametrize("env_id", [e["id"] for e in pz_entries()])
def test_env_is_order_enforced_and_raw_env_is_not(env_id):
    entry, kwargs = _entry(env_id)
    mod = pz_module(entry)
    wrapped = mod.env(**kwargs)
    assert isinstance(wrapped, OrderEnforcingWrapper)
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before step"):
        wrapped.step(0)
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        wrapped.last()
    with pytest.raises(AttributeError, match="agents cannot be accessed before reset"):
        wrapped.agents
    wrapped.reset(seed=0)
    assert wrapped.agents == wrapped.possible_agents and wrapped.agent_selection in wrapped.agents
    raw = mod.raw_env(**kwargs)
    assert type(raw) is BoardgymAECEnv and raw.unwrapped is raw
    with pytest.raises(RuntimeError, match="call reset"):
        raw.step(0)
    with pytest.raises(RuntimeError, match="call reset"):
        raw.state()
    parallel = mod.parallel_env(**kwargs)
    with pytest.raises(RuntimeError, match="call reset"):
        parallel.step({})


@pytest.mark.parametrize("env_id", [e["id"] for e in pz_entries()])
def test_stepping_after_the_end_says_so(env_id):
    entry, kwargs = _entry(env_id)
    mod = pz_module(entry)
    par = mod.parallel_env(**kwargs)
    _, term, _, rewards = _play_parallel(par, seed=2)
    assert all(term.values()) and not par.agents
    with pytest.raises(IllegalActionError, match="game is over"):
        par.step({a: 0 for a in par.possible_agents})
    raw = mod.raw_env(**kwargs)
    final = _play_aec(raw, seed=2)
    assert {a: r for a, (r, _, _) in final.items()} == rewards  # same game, paid once
    with pytest.raises(IllegalActionError, match="every agent is done"):
        raw.step(None)
    wrapped = mod.env(**kwargs)
    _play_aec(wrapped, seed=2)
    with pytest.raises(IllegalActionError, match="every agent is done"):  # env() too, as documented
        wrapped.step(None)


@pytest.mark.parametrize("env_id,n", PZ)
@pytest.mark.parametrize("cap", [1, 4, 25])
@pytest.mark.parametrize("order", ["cycle", "decision"])  # (cycle: max_cycles's default)
def test_max_cycles_truncates_aec_and_parallel_at_the_same_point(env_id, n, cap, order):
    _, kwargs = _entry(env_id, n)
    par = pettingzoo.make("parallel", env_id, max_cycles=cap, **kwargs)
    aec = pettingzoo.make("aec", env_id, max_cycles=cap, **kwargs,
                          **({} if order == "cycle" else {"agent_order": order}))
    steps, term, trunc, _ = _play_parallel(par, seed=3)
    final = _play_aec(aec, seed=3)
    assert aec.unwrapped.game_state.to_json() == par.game_state.to_json()
    if all(trunc.values()):
        assert steps == cap and not any(term.values())
        assert all(tr and not te and r == 0 for r, te, tr in final.values())
    else:  # the game ended first: terminated, not truncated, in both
        assert steps < cap and all(term.values())
        assert all(te and not tr for _, te, tr in final.values())


@pytest.mark.parametrize("env_id", [e["id"] for e in pz_entries()])
def test_without_max_cycles_a_game_plays_to_its_end(env_id):
    _, kwargs = _entry(env_id)
    par = pettingzoo.make("parallel", env_id, **kwargs)
    steps, term, trunc, _ = _play_parallel(par, seed=3)
    assert steps > 25 and all(term.values()) and not any(trunc.values())


@pytest.mark.parametrize("env_id", [e["id"] for e in pz_entries()])
def test_one_id_spelling_in_list_docs_and_pettingzoo(env_id):
    from boardgym.cli import main

    out = io.StringIO()
    assert main(["list"], stdout=out) == 0
    assert f"  {env_id}\n" in out.getvalue()
    namespace, name = env_id.split("/")
    assert name.endswith("_v0")
    entry, kwargs = _entry(env_id)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # registering again finds the ids: no "Overriding" warning
        register_all()
    for kind in ("aec", "parallel"):
        spec = pettingzoo.spec(kind, env_id)
        assert spec.entry_point.startswith(entry["module"] + ":")
        env = pettingzoo.make(kind, env_id)
        assert env.metadata["name"] == name
    module_name = entry["module"].rsplit(".", 1)[-1]
    assert module_name == name  # boardgym.envs.<game>_v0
    root = Path(__file__).resolve().parents[2]
    other = f"{namespace}/{name[:-3]}-v0"  # PettingZoo's internal key, never written for users
    for doc in [root / "README.md", *sorted((root / "docs").rglob("*.md"))]:
        assert other not in doc.read_text(), doc
