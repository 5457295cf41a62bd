"""Every other action space a game offers (``action_space=NAME``, ``Game.action_spaces``), over
every registered Gymnasium id whose game has one: it passes Gymnasium's checker, a game played
through it replays identically through the flat env (each action expanded into the flat ids it
stands for), it is deterministic, illegal actions change nothing, MaskablePPO learns on it,
and the batched vector env serves it as the single env does. Bad values are refused by name."""
import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from boardgym.core.errors import ConfigError, IllegalActionError
from boardgym.games import game_class
from tests.conftest import gym_entries

VIEWS = [(e["id"], name) for e in gym_entries() for name in game_class(e["game"]).action_spaces]
NO_VIEWS = [e["id"] for e in gym_entries() if not game_class(e["game"]).action_spaces]


def test_some_game_offers_another_action_space():
    assert ("boardgym/AncientTerribleThings-v0", "combinations") in VIEWS


def _play(env, seed: int, steps: int = 10_000):
    """Random legal play (seeded), preferring actions outside the flat catalogue when some are
    legal; yields (expansion in flat ids, obs, reward, terminated) per step."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    core = env.unwrapped
    n_flat = core.game.num_actions
    for _ in range(steps):
        legal = np.flatnonzero(obs["action_mask"])
        macro = legal[legal >= n_flat]
        a = int(rng.choice(macro if len(macro) and rng.random() < 0.8 else legal))
        flat = core.view.expand(core.state, a)
        obs, reward, term, trunc, _ = env.step(a)
        yield a, flat, obs, reward, term
        if term or trunc:
            return


@pytest.mark.parametrize("env_id,name", VIEWS)
def test_view_passes_gymnasium_check_env(env_id, name):
    env = gym.make(env_id, action_space=name)
    assert env.action_space.n == env.unwrapped.view.num_actions > env.unwrapped.game.num_actions
    assert env.observation_space["action_mask"].shape == (env.action_space.n,)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped, skip_render_check=True)
    env.close()


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("env_id,name", VIEWS)
def test_game_through_view_replays_identically_through_flat_env(env_id, name, seed):
    """One to one: the same game, action for action, in both spaces: the same states at every
    step of the view, the same observations, rewards (shaping on, so most steps pay something)
    and final scores; the view's mask is the flat one where a step stands for one flat action."""
    view = gym.make(env_id, action_space=name, shaping=True, illegal_action="raise")
    flat = gym.make(env_id, shaping=True, illegal_action="raise")
    fobs, _ = flat.reset(seed=seed)
    n_flat = flat.action_space.n
    macros = 0
    for a, expansion, obs, reward, term in _play(view, seed):
        assert len(expansion) >= 1
        macros += a >= n_flat
        total = 0.0
        for i, x in enumerate(expansion):
            assert fobs["action_mask"][x], "every flat action of the expansion is legal in turn"
            fobs, r, fterm, ftrunc, _ = flat.step(x)
            total += r
            if i < len(expansion) - 1:
                assert not fterm and not ftrunc
        assert flat.unwrapped.state.to_json() == view.unwrapped.state.to_json()
        assert np.array_equal(fobs["observation"], obs["observation"])
        assert total == pytest.approx(reward, abs=1e-9) and fterm == term
    assert term, "the game was played to its end"
    assert macros >= 3
    assert flat.unwrapped.state.returns() == view.unwrapped.state.returns()
    game = view.unwrapped.state
    assert [game.score(p) for p in range(game.game.num_players)] == \
           [flat.unwrapped.state.score(p) for p in range(game.game.num_players)]
    view.close(), flat.close()


@pytest.mark.parametrize("env_id,name", VIEWS)
def test_view_is_deterministic_with_seeds(env_id, name):
    runs = []
    for _ in range(2):
        env = gym.make(env_id, action_space=name)
        runs.append([(a, obs["observation"].tobytes(), obs["action_mask"].tobytes(), r)
                     for a, _, obs, r, _ in _play(env, seed=5, steps=150)])
        env.close()
    assert runs[0] == runs[1] and len(runs[0]) > 20


@pytest.mark.parametrize("env_id,name", VIEWS)
def test_illegal_view_action_changes_nothing(env_id, name):
    env = gym.make(env_id, action_space=name)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[-1])   # in the block past the flat ids
    assert illegal >= env.unwrapped.game.num_actions
    before = env.unwrapped.state.to_json()
    _, r, term, _, info = env.step(illegal)
    assert r == -1.0 and not term and "illegal action" in info["illegal_action"]
    assert "action space" in info["illegal_action"]
    assert env.unwrapped.state.to_json() == before
    strict = gym.make(env_id, action_space=name, illegal_action="raise")
    strict.reset(seed=1)
    before = strict.unwrapped.state.to_json()
    with pytest.raises(IllegalActionError, match=str(illegal)):
        strict.step(illegal)
    with pytest.raises(IllegalActionError):
        strict.step(strict.action_space.n)   # outside the space
    assert strict.unwrapped.state.to_json() == before


def test_action_space_kwarg_is_checked_by_name():
    env_id, name = VIEWS[0]
    with pytest.raises(ConfigError, match=f"did you mean '{name}'"):
        gym.make(env_id, action_space=name[:-1])
    with pytest.raises(ConfigError, match="action_space must be one of 'flat'"):
        gym.make(env_id, action_space=3)
    assert gym.make(env_id, action_space="flat").action_space == gym.make(env_id).action_space
    for other in NO_VIEWS[:1]:
        with pytest.raises(ConfigError, match=f"action_space must be one of 'flat' for .*got '{name}'"):
            gym.make(other, action_space=name)


@pytest.mark.parametrize("env_id,name", VIEWS[:1])
def test_batched_vector_env_serves_the_view_as_the_single_env(env_id, name):
    from boardgym.envs.vector import BoardgymVectorEnv
    from gymnasium.vector import AutoresetMode
    from tests.envs.test_vector_batched import pair, run_both

    batched, sync = pair(env_id, AutoresetMode.SAME_STEP, max_episode_steps=60, action_space=name)
    try:
        assert isinstance(batched, BoardgymVectorEnv)
        assert batched.single_action_space.n == sync.single_action_space.n > batched.envs[0].game.num_actions
        run_both(batched, sync, 80)
    finally:
        batched.close(), sync.close()


@pytest.mark.parametrize("env_id,name", VIEWS[:1])
def test_multiprocess_vector_env_serves_the_view_as_the_single_env(env_id, name):
    from gymnasium.vector import AutoresetMode
    from tests.envs.test_vector_mp import pair as mp_pair

    multi, single = mp_pair(env_id, AutoresetMode.SAME_STEP, "fork", opponents="random",
                            max_episode_steps=40, action_space=name)
    try:
        assert multi.single_action_space.n == single.single_action_space.n > single.envs[0].game.num_actions
        from tests.envs.test_vector_batched import run_both

        counts = run_both(multi, single, 60)
        assert counts["illegal"] >= 1, counts
    finally:
        multi.close(), single.close()


def _play_states(game, seats, seed):
    """A whole game on the engine state: ``seats[p](state)`` gives seat p's flat action."""
    from tests.games.soundness import random_play

    state = game.new_initial_state()
    for _ in random_play(state, np.random.default_rng(seed), lambda s: seats[s.current_player](s)):
        pass
    return state


@pytest.mark.parametrize("env_id,name", VIEWS)
def test_view_agent_plays_the_flat_game_as_the_policy_plays_the_view(env_id, name):
    """A policy of the view (here: random over the view's mask), wrapped in ``ViewAgent``, plays
    the flat catalogue with the very moves it makes when it acts in the view itself."""
    from boardgym.agents.specs import make_agent
    from boardgym.core.action_views import ViewAgent
    from boardgym.core.agent import RandomAgent

    env = gym.make(env_id, action_space=name)
    game, view = env.unwrapped.game, env.unwrapped.view
    n = game.num_players
    others = {p: make_agent("heuristic", env.unwrapped.game_name, seed=p) for p in range(1, n)}

    def other(p):
        return lambda s: others[p].act(s.observation(p), s.legal_mask(), s)

    wrapped = ViewAgent(RandomAgent(7), view)
    wrapped.reset(7)
    flat_end = _play_states(game, [lambda s: wrapped.act(s.observation(0), s.legal_mask(), s)]
                            + [other(p) for p in range(1, n)], seed=3)

    others = {p: make_agent("heuristic", env.unwrapped.game_name, seed=p) for p in range(1, n)}
    policy, plan, macros = RandomAgent(7), [], [0]

    def in_view(s):   # the same policy acting in the view, its action expanded here
        if not plan:
            a = policy.act(s.observation(0), view.mask(s).copy(), s)
            macros[0] += a >= game.num_actions
            plan.extend(view.expand(s, a))
        return plan.pop(0)

    view_end = _play_states(game, [in_view] + [other(p) for p in range(1, n)], seed=3)
    assert macros[0] >= 3
    assert flat_end.to_json() == view_end.to_json()
    with pytest.raises(ConfigError, match="needs the state"):
        wrapped.act(flat_end.observation(0), flat_end.legal_mask())


@pytest.mark.parametrize("env_id,name", VIEWS[:1])
def test_maskable_ppo_learns_on_the_view(env_id, name, tmp_path):
    """A few hundred steps of MaskablePPO, every action inside the view's mask (``raise``); the
    saved model, named by an agent spec (``ppo:PATH``), plays the flat game as the benchmark and
    tournaments play agents."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env

    from boardgym.envs.wrappers import ObservationOnly
    from tests.envs.test_interop_sb3 import learn_and_play_legally

    venv = make_vec_env(env_id, n_envs=2, seed=0, wrapper_class=ObservationOnly,
                        env_kwargs={"illegal_action": "raise", "action_space": name,
                                    "opponents": "random", "max_episode_steps": 40})
    try:
        model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=64, n_epochs=1, seed=0,
                            policy_kwargs={"net_arch": [32]})
        assert model.action_space.n == venv.action_space.n > 93
        learn_and_play_legally(model, venv, 128)
        model.save(tmp_path / "model.zip")
    finally:
        venv.close()
    from boardgym.agents.specs import make_agent
    from boardgym.core.action_views import ViewAgent

    game_name = gym.spec(env_id).kwargs["game"]
    agent = make_agent(f"ppo:{tmp_path / 'model.zip'}", game_name, seed=0)
    assert isinstance(agent, ViewAgent) and agent.view.name == name
    # as the benchmark and tournaments play agents (a state-reading agent gets no vector)
    from boardgym.core.replay import play_agents

    game = gym.make(env_id).unwrapped.game
    others = [make_agent("random", game_name, seed=p) for p in range(1, game.num_players)]
    assert play_agents(game, 5, [agent] + others).is_terminal()


@pytest.mark.parametrize("env_id,name", VIEWS)
def test_flat_agent_plays_the_view_as_it_plays_the_flat_game(env_id, name):
    """The game's heuristic, through ``FlatAgentInView``, chooses the view's actions (legal,
    ``raise``) that stand for the very flat moves it makes in the flat game: the same game."""
    from boardgym.agents.specs import make_agent
    from boardgym.core.action_views import FlatAgentInView

    env = gym.make(env_id, action_space=name, illegal_action="raise")
    game, view, game_name = env.unwrapped.game, env.unwrapped.view, env.unwrapped.game_name
    n = game.num_players

    def seats(wrap):
        agents = [make_agent("heuristic", game_name, seed=10 + p) for p in range(n)]
        if wrap:
            agents[0] = FlatAgentInView(agents[0], view)
        return agents

    flat_agents = seats(False)
    flat_end = _play_states(game, [lambda s, p=p: flat_agents[p].act(s.observation(p), s.legal_mask(), s)
                                   for p in range(n)], seed=4)
    view_agents, plan, macros = seats(True), [], [0]

    def learner(s):
        if not plan:
            m = view.mask(s).copy()
            a = view_agents[0].act(s.observation(0), m, s)
            assert m[a]
            macros[0] += a >= game.num_actions
            plan.extend(view.expand(s, a))
        return plan.pop(0)

    view_end = _play_states(game, [learner] + [lambda s, p=p: view_agents[p].act(s.observation(p), s.legal_mask(), s)
                                               for p in range(1, n)], seed=4)
    assert macros[0] >= 3
    assert view_end.to_json() == flat_end.to_json()
    # and as the learner of the view env itself, to the end, every action legal
    obs, _ = env.reset(seed=2)
    agent = FlatAgentInView(make_agent("heuristic", game_name, seed=0), view)
    done = False
    while not done:
        obs, _, term, trunc, _ = env.step(agent.act(obs["observation"], obs["action_mask"], env.unwrapped.state))
        done = term or trunc
    assert term


@pytest.mark.parametrize("env_id,name", VIEWS[:1])
def test_replays_of_a_view_env_hold_the_flat_actions(env_id, name, tmp_path):
    """``save_replays``: the file holds the flat actions each view action stood for, so it
    loads and replays (checked move by move) to the env's own final state."""
    from boardgym.core.replay import Replay

    env = gym.make(env_id, action_space=name, save_replays=tmp_path)
    flat_moves = sum(len(x) for _, x, _, _, _ in _play(env, seed=3))
    replay = Replay.load(next(tmp_path.glob("*.json")))   # every move re-applied and checked
    assert replay.final_state().to_json() == env.unwrapped.state.to_json()
    learner = [a for state, kind, a in replay.steps() if kind == "decision" and state.current_player == 0]
    assert len(learner) == flat_moves and max(replay.actions) < env.unwrapped.game.num_actions


@pytest.mark.parametrize("env_id,name", VIEWS[:1])
def test_the_mask_is_made_once_per_decision_and_anew_for_a_state_set_by_hand(env_id, name):
    env = gym.make(env_id, action_space=name)
    steps = list(_play(env, seed=6, steps=40))
    core = env.unwrapped
    assert np.array_equal(core.action_masks(), core.view.mask(core.state))
    assert core._legal() is core._legal()   # made once, shared by the observation and the step
    other = gym.make(env_id, action_space=name)
    other.reset(seed=9)
    before = core.action_masks()
    core.state = other.unwrapped.state.clone()
    assert np.array_equal(core.action_masks(), other.unwrapped.action_masks())
    assert not np.array_equal(core.action_masks(), before)   # (so a stale mask would show)
    assert len(steps) == 40


def _pz_views():
    from tests.conftest import pz_entries, pz_module

    out = []
    for e in pz_entries():
        module = pz_module(e)
        game = module.raw_env().game
        out += [(e["id"], name) for name in type(game).action_spaces]
    return out


PZ_VIEWS = _pz_views()


@pytest.mark.parametrize("env_id,name", PZ_VIEWS)
def test_pettingzoo_view_passes_the_api_tests_and_replays_in_the_flat_env(env_id, name):
    """AEC and Parallel take ``action_space`` too; an AEC game through the view is the flat
    AEC game of its expansions, state for state, rewards included."""
    import warnings as w

    from pettingzoo.test import api_test, parallel_api_test

    from tests.conftest import pz_entries, pz_module

    module = pz_module(next(e for e in pz_entries() if e["id"] == env_id))
    with w.catch_warnings():
        w.simplefilter("ignore")
        api_test(module.env(action_space=name), num_cycles=100)
        parallel_api_test(module.parallel_env(action_space=name), num_cycles=100)
    view_env = module.raw_env(action_space=name, illegal_action="raise")
    flat_env = module.raw_env(illegal_action="raise")
    view_env.reset(seed=4)
    flat_env.reset(seed=4)
    n_flat = flat_env.game.num_actions
    rng, macros, steps = np.random.default_rng(4), 0, 0
    while view_env.agents:
        agent = view_env.agent_selection
        assert flat_env.agent_selection == agent
        mask = view_env.observe(agent)["action_mask"]
        legal = np.flatnonzero(mask)
        macro = legal[legal >= n_flat]
        a = int(rng.choice(macro if len(macro) else legal))
        macros += a >= n_flat
        expansion = view_env.view.expand(view_env.game_state, a)
        view_env.step(None if view_env.terminations[agent] or view_env.truncations[agent] else a)
        for x in expansion:
            flat_env.step(None if flat_env.terminations[agent] or flat_env.truncations[agent] else x)
        assert view_env.game_state.to_json() == flat_env.game_state.to_json()
        assert view_env.rewards == flat_env.rewards
        steps += 1
    assert macros >= 3 and steps > 20 and not flat_env.agents


@pytest.mark.parametrize("env_id,name", VIEWS[:1])
def test_an_illegal_view_action_lists_20_legal_ones_and_counts_the_rest(env_id, name):
    """The refusal of an illegal action in a view names the legal actions in words, the first
    20 of them, and says how many more there are; with 20 or fewer it lists them all."""
    from boardgym.envs.views import apply_view_action

    env = gym.make(env_id, action_space=name)
    env.reset(seed=1)
    core = env.unwrapped
    n = core.num_actions
    assert n > 22
    for legal in (21, 22, 20):
        mask = np.zeros(n, np.int8)
        mask[1:legal + 1] = 1
        text = apply_view_action(core.state, core.view, mask, 0, "return")
        assert "not legal now" in text and core.view.describe(legal if legal <= 20 else 20) in text
        assert (f" and {legal - 20} more" in text) == (legal > 20) and " more" not in text.replace(
            f" and {legal - 20} more", "")
