"""The engine contract, for every game package and each of its registered test configs:
fuzzed random games with invariants at every step, determinism from replay records, clone
independence, lossless JSON saves, redeterminization, and errors for bad input."""
import json

import numpy as np
import pytest

from boardgym.core import (CHANCE, TERMINAL, IllegalActionError, Replay, StateError, play, resolve_chance,
                           sample_outcome)
from boardgym.envs.registry import test_configs as configs_of
from boardgym.games import GAMES, make_game
from tests.games.soundness import random_play

CASES = [(g, i) for g in GAMES for i in range(len(configs_of(g)))]
IDS = [f"{g}-{json.dumps(configs_of(g)[i], sort_keys=True)}" for g, i in CASES]


def _game(name, i):
    return make_game(name, **configs_of(name)[i])


def _random_chooser(seed):
    rng = np.random.default_rng(seed)
    return lambda s: int(rng.choice(np.flatnonzero(s.legal_mask())))


def _fuzz_one(game, seed):
    """One seeded random game to its end: at every decision the mask and the observation are
    checked; EVERY state (decisions, chance nodes, the end) is saved and loaded back through the
    fast path of ``state_from_json`` (its fields, no JSON text: ``game.state_from_fields``), which
    checks the field declaration, the invariants and that something is pending, and must give
    the same state. So a save made by legal play always loads, and a frame pushed with an
    argument its declaration does not allow fails here, in every game and config."""
    space_size = game.observation_size
    rng, choose = np.random.default_rng(seed), _random_chooser(seed + 7)  # as ``play`` draws
    state = game.new_initial_state()

    def loads_back(steps):
        saved = state._dump()
        try:
            loaded = game.state_from_fields(saved)
        except StateError as exc:
            raise AssertionError(f"seed {seed}, step {steps}: a state of legal play does not "
                                 f"load back: {exc}") from None
        assert loaded._dump() == saved, f"seed {seed}, step {steps}: loaded back differently"

    steps = 0
    for steps, _ in enumerate(random_play(state, rng, choose=choose)):
        loads_back(steps)
        assert not any(state.returns()), f"seed {seed}, step {steps}: returns before the end"
        p = state.current_player
        if p != CHANCE:
            mask = state.legal_mask()
            assert mask.any(), f"seed {seed}: empty mask at a decision"
            obs = state.observation(p)
            assert obs.shape == (space_size,) and obs.dtype == np.float32
            assert np.all(obs >= -1.0) and np.all(obs <= 1.0)
    loads_back(steps + 1)
    assert len(state.returns()) == game.num_players
    lo, hi = game.info.reward_range   # the declared range holds every return (OpenSpiel's min/max utility)
    assert all(lo <= r <= hi for r in state.returns()), f"seed {seed}: returns {state.returns()} outside {lo}..{hi}"


FUZZ_GAMES = 12  # per config, every state saved and loaded back (make slow: 2,000 per config)


@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_fuzz_random_games_keep_invariants(name, i):
    """DESIGN: no negative counts, components conserved, mask non-empty, obs in its space."""
    game = _game(name, i)
    for seed in range(FUZZ_GAMES):
        _fuzz_one(game, seed)


@pytest.mark.slow
@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_fuzz_long(name, i):
    game = _game(name, i)
    for seed in range(1000, 3000):
        _fuzz_one(game, seed)


@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_replays_reproduce_observations_and_rewards(name, i):
    """60 seeded games over all configs: a replay record gives identical observations."""
    game = _game(name, i)
    per_config = -(-60 // len(configs_of(name)))
    for seed in range(per_config):
        trace = []

        def record(state):
            trace.append((state.current_player, state.observation(state.current_player).copy()))

        final, replay = play(game, seed, _random_chooser(seed), on_step=record)
        replay = Replay.from_json(replay.to_json())
        states = list(replay.states())
        assert len(states) == len(trace) + 1
        for (player, obs), state in zip(trace, states):
            assert state.current_player == player
            assert np.array_equal(state.observation(player), obs)
        assert states[-1].returns() == final.returns()
        assert states[-1].to_json() == final.to_json()


@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_same_seed_same_states_byte_for_byte(name, i):
    game = _game(name, i)
    a, ra = play(game, 11, _random_chooser(5))
    b, rb = play(game, 11, _random_chooser(5))
    assert ra.actions == rb.actions and a.to_json() == b.to_json()


@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_clone_independence_and_json_identity(name, i):
    game = _game(name, i)
    rng = np.random.default_rng(i)
    state = game.new_initial_state()
    for steps, _ in enumerate(random_play(state, rng)):
        if steps % 17 == 0:
            saved = state.to_json()
            copy = state.clone()
            assert copy.to_json() == saved
            loaded = game.state_from_json(saved)
            assert loaded.to_json() == saved
            assert np.array_equal(loaded.legal_mask(), state.legal_mask())
            if state.current_player >= 0:
                assert np.array_equal(loaded.observation(state.current_player),
                                      state.observation(state.current_player))
            # advancing the clone leaves the original untouched
            for _ in random_play(copy, rng, max_steps=5):
                pass
            assert state.to_json() == saved


@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_resolve_chance_draws_and_applies_as_the_public_loop(name, i):
    """``resolve_chance`` (the state's ``_resolve_chance``, which a game may write faster) gives
    the same state and leaves the generator where ``apply(sample_outcome(chance_outcomes()))``
    node by node leaves it, at every chance run of seeded random games."""
    game = _game(name, i)
    drawn = 0  # chance nodes of several outcomes compared (each takes one draw)
    for seed in range(8):
        choose = _random_chooser(seed)
        state = game.new_initial_state()
        k = 0
        while not state.is_terminal():
            if state.current_player == CHANCE:
                fast, slow = state.clone(), state.clone()
                rf, rs = np.random.default_rng([seed, k]), np.random.default_rng([seed, k])
                resolve_chance(fast, rf)
                while slow.current_player == CHANCE:
                    outcomes = slow.chance_outcomes()
                    drawn += len(outcomes) > 1
                    slow.apply(sample_outcome(outcomes, rs))
                assert fast.to_json() == slow.to_json(), f"seed {seed}, chance run {k}"
                assert rf.bit_generator.state == rs.bit_generator.state, f"seed {seed}, run {k}"
                assert np.array_equal(fast.legal_mask(), slow.legal_mask())
                state = fast
                k += 1
                continue
            state.apply(choose(state))
    assert drawn > 8 * 5, "too few chance draws to compare"


@pytest.mark.parametrize("name", GAMES)
def test_illegal_action_names_action_and_leaves_state(name):
    game = make_game(name)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.current_player == CHANCE:
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    before = state.to_json()
    bad = int(np.flatnonzero(~state.legal_mask())[0])
    with pytest.raises(IllegalActionError) as err:
        state.apply(bad)
    assert str(bad) in str(err.value) and game.catalog.describe(bad) in str(err.value)
    assert "legal:" in str(err.value)
    for junk in (-1, game.num_actions, "x", 1.5, None):
        with pytest.raises(IllegalActionError):
            state.apply(junk)
    assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_chance_node_rejects_impossible_outcome(name):
    """At the game's first chance node (reached by seeded random decisions: a game may open
    with decisions, e.g. Primeval Peril's starting tokens, PP-SETUP-4), an outcome outside the
    node's list is refused and the state is left as it was."""
    game = make_game(name)
    state = game.new_initial_state()
    choose = _random_chooser(0)
    for _ in range(1000):
        if state.current_player in (CHANCE, TERMINAL):
            break
        state.apply(choose(state))
    assert state.current_player == CHANCE, f"{name}: no chance node within 1000 decisions"
    outcomes = {o for o, _ in state.chance_outcomes()}
    assert abs(sum(p for _, p in state.chance_outcomes()) - 1.0) < 1e-9
    impossible = max(outcomes) + 1000
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(impossible)
    assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_terminal_state_refuses_actions(name):
    game = make_game(name)
    final, _ = play(game, 0, _random_chooser(0))
    assert final.current_player == TERMINAL and final.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        final.apply(0)


@pytest.mark.parametrize("name", GAMES)
def test_corrupt_saves_fail_clearly(name):
    game = make_game(name)
    state = game.new_initial_state()
    good = json.loads(state.to_json())
    with pytest.raises(StateError, match="not JSON"):
        game.state_from_json("{not json")
    with pytest.raises(StateError, match="not a"):
        game.state_from_json(json.dumps({"game": "chess"}))
    wrong_cfg = dict(good, config=dict(good["config"], num_players=99))
    with pytest.raises(StateError, match="configuration"):
        game.state_from_json(json.dumps(wrong_cfg))
    wrong_version = dict(good, version=99)
    with pytest.raises(StateError, match="version"):
        game.state_from_json(json.dumps(wrong_version))
    for key in list(good["state"])[:8]:
        broken = json.loads(json.dumps(good))
        broken["state"][key] = "garbage"
        with pytest.raises(StateError):
            game.state_from_json(json.dumps(broken))
        missing = json.loads(json.dumps(good))
        del missing["state"][key]
        with pytest.raises(StateError):
            game.state_from_json(json.dumps(missing))
    with pytest.raises(StateError):
        Replay.from_json('{"game": 1}')


@pytest.mark.parametrize("name", GAMES)
def test_wrong_kwargs_fail_clearly(name):
    from boardgym.core.errors import ConfigError

    with pytest.raises(ConfigError, match="unknown option"):
        make_game(name, no_such_option=1)
    with pytest.raises(ConfigError, match="unknown game"):
        make_game("no_such_game")


@pytest.mark.parametrize("name", GAMES)
def test_a_save_with_nothing_pending_is_refused(name):
    game = make_game(name)
    good = json.loads(game.new_initial_state().to_json())
    good["state"]["pend"], good["state"]["cq"] = [], []
    with pytest.raises(StateError, match="nothing pending"):
        game.state_from_json(json.dumps(good))


@pytest.mark.parametrize("name", GAMES)
def test_chance_outcomes_answer_in_every_state(name):
    """``chance_outcomes()`` is ``[]`` away from a chance node (at a decision and at the end), as
    ``legal_actions()`` is ``[]`` at one: one behaviour in every game (``State.chance_outcomes``,
    shared), never an error; at a chance node, outcomes whose probabilities sum to 1."""
    game = make_game(name)
    rng, choose = np.random.default_rng(3), _random_chooser(3)
    state = game.new_initial_state()
    seen = set()
    while True:
        p = state.current_player
        seen.add(p if p < 0 else 0)
        if p == CHANCE:
            assert state.legal_actions() == []
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(q for _, q in outcomes) - 1.0) < 1e-9
            state.apply(sample_outcome(outcomes, rng))
            continue
        assert state.chance_outcomes() == []
        if p == TERMINAL:
            break
        state.apply(choose(state))
    assert seen == {CHANCE, TERMINAL, 0}  # chance nodes, decisions and the end all asked
