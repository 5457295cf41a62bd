"""The observation contract, for every game package and each of its registered test configs.

* The encoders' block cache (``boardgym.core.observation.BlockCache``, one per game) never holds
  more than its bound in bytes over a long random run, by its own count and by an independent
  count of the objects it holds; every observation equals one encoded with an empty cache.
* Playing many games retains no memory beyond that bound (``tracemalloc``): every cache a game
  keeps is bounded, not only the block cache.
* Every named piece of every seat's observation stays inside the observation Box of the
  adapters over many random and heuristic games (a failure names the piece and the value).
"""
from __future__ import annotations

import gc
import itertools
import json
import sys
import tracemalloc

import numpy as np
import pytest

from boardgym.agents.specs import heuristic_class
from boardgym.core import CHANCE
from boardgym.core.replay import random_walk
from boardgym.core.observation import BlockCache, block_cache, entry_bytes
from boardgym.envs.registry import test_configs as configs_of
from boardgym.envs.spaces import observation_space
from boardgym.games import GAMES, make_game
from tests.games.soundness import random_play

CASES = [(g, i) for g in GAMES for i in range(len(configs_of(g)))]
IDS = [f"{g}-{json.dumps(configs_of(g)[i], sort_keys=True)}" for g, i in CASES]


def _game(name, i):
    return make_game(name, **configs_of(name)[i])


def _random_run(game, decisions: int, seed: int, on_decision):
    """Random play over as many games as it takes; ``on_decision(state, k)`` before each."""
    for k, state in enumerate(itertools.islice(random_walk(game, np.random.default_rng(seed)), decisions)):
        on_decision(state, k)


def _held_bytes(cache: BlockCache) -> int:
    """What the cache's dicts, keys and blocks occupy, counted from the objects themselves
    (ints of CPython's small-int cache are shared, so they are not counted)."""
    seen = set()
    total = 0

    def size(o):
        nonlocal total
        if id(o) in seen or (type(o) is int and -5 <= o <= 256):
            return
        seen.add(id(o))
        total += sys.getsizeof(o)
        if type(o) is memoryview:  # a block kept as a memoryview: the bytes it views
            size(o.obj)
        if type(o) is tuple:
            for x in o:
                size(x)

    for d in (cache._young, cache._old):
        size(d)
        for key, block in d.items():
            size(key)
            size(block)
    return total


SMALL = 64 << 10  # a bound small enough that a short run fills and turns the cache many times


@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_block_cache_never_holds_more_than_its_bound(name, i):
    game = _game(name, i)
    cache = block_cache(game)
    cache.resize(SMALL)
    n = game.num_players
    most = [0, 0]  # most bytes held, most entries held

    def check(state, k):
        for p in range(n):
            obs = state.observation(p).copy()
            assert cache.nbytes <= cache.max_bytes, f"decision {k}: {cache.nbytes} bytes held"
            if k % 61 == 0:  # the same vector from an empty cache (every block encoded afresh)
                cache.clear()
                assert np.array_equal(state.observation(p), obs), f"decision {k}, seat {p}"
        most[0] = max(most[0], cache.nbytes)
        most[1] = max(most[1], len(cache))

    _random_run(game, 1500, seed=i, on_decision=check)
    counted = sum(entry_bytes(key, block) for key, block in cache.entries())
    assert cache.nbytes == counted
    assert _held_bytes(cache) <= cache.nbytes <= SMALL
    if most[1]:  # a game that uses the cache filled it: the bound was tested, not just met
        assert most[0] > SMALL // 4, f"the cache never filled ({most[0]} bytes at most)"


def test_block_cache_refuses_a_bad_bound():
    with pytest.raises(ValueError, match="max_bytes"):
        BlockCache(-1)
    with pytest.raises(ValueError, match="max_bytes"):
        BlockCache(2.5)


RETAIN_BOUND = 256 << 10  # the block cache's bound in the memory test
SLACK = 512 << 10  # tables filled lazily (a card's feature row at a wound count it had not shown)


@pytest.mark.parametrize("name", GAMES)
def test_long_play_retains_no_more_than_the_cache_bound(name):
    """Memory traced over thousands of observed decisions, after a warm-up: what stays allocated
    when the run is over is at most the block cache's bound (plus lazily filled tables)."""
    game = _game(name, 0)
    block_cache(game).resize(RETAIN_BOUND)
    n = game.num_players

    def observe(state, k):
        for p in range(n):
            state.observation(p)

    _random_run(game, 300, seed=1, on_decision=observe)  # warm-up: lazy tables, first blocks
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        _random_run(game, 4000, seed=2, on_decision=observe)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown <= RETAIN_BOUND + SLACK, f"{name}: {grown / 2**20:.2f} MiB retained"


BOX_RANDOM_GAMES = 8  # per config, every seat observed at every decision
BOX_HEURISTIC_GAMES = 3


def _outside(game, obs, low, high) -> str | None:
    """The first value outside [low, high], named by its piece, or None."""
    bad = np.flatnonzero((obs < low) | (obs > high))
    if not len(bad):
        return None
    k = int(bad[0])
    for name, offset, size, _ in game.layout.pieces:
        if offset <= k < offset + size:
            return f"piece {name!r}[{k - offset}] = {obs[k]!r} (Box {low[k]}..{high[k]})"
    return f"index {k} = {obs[k]!r}, in no named piece"


@pytest.mark.parametrize("name,i", CASES, ids=IDS)
def test_every_piece_stays_inside_the_box(name, i):
    """Found by the outside audit (ATT solo wrote its selection size / 8, up to 1.375): each piece is scaled
    by the largest count the rules allow, so no game, seat or piece leaves the Box."""
    game = _game(name, i)
    box = observation_space(game)["observation"]
    low, high = box.low, box.high
    heuristic = heuristic_class(name)
    for seed in range(BOX_RANDOM_GAMES + BOX_HEURISTIC_GAMES):
        rng = np.random.default_rng(seed)
        agents = None
        if seed >= BOX_RANDOM_GAMES:
            agents = [heuristic(seed=100 * seed + p) for p in range(game.num_players)]
        k = 0
        for state in random_play(game.new_initial_state(), rng, None if agents is None else _acting(agents)):
            if state.current_player == CHANCE:
                continue
            for seat in range(game.num_players):
                where = _outside(game, state.observation(seat), low, high)
                assert where is None, (f"{'heuristic' if agents else 'random'} game, seed {seed}, "
                                       f"decision {k}, seat {seat}: {where}")
            k += 1


def _acting(agents):
    """A chooser for ``random_play``: the acting seat's agent picks its move."""
    def choose(state):
        agent = agents[state.current_player]
        obs = None if agent.needs_state else state.observation(state.current_player)
        return agent.act(obs, state.legal_mask().copy(), state)
    return choose


@pytest.mark.parametrize("name", GAMES)
def test_an_observation_written_into_any_out_vector_is_the_observation(name):
    """``observation(player, out)`` writes the observation into ``out`` and returns it: into a
    float32 vector directly, and into a float64 or a strided vector by way of a new float32 one
    (the values a float32 observation holds, not recomputed in another precision)."""
    game = make_game(name, **configs_of(name)[0])
    state = game.new_initial_state()
    for i, _ in enumerate(random_play(state, np.random.default_rng(3), max_steps=300)):
        if state.current_player == CHANCE or i % 7:
            continue
        p = state.current_player
        want = state.observation(p).copy()
        for out in (np.full(want.size, 9, np.float32), np.full(want.size, 9, np.float64),
                    np.full(2 * want.size, 9, np.float32)[::2]):
            got = state.observation(p, out)
            assert got is out and np.array_equal(out, want.astype(out.dtype)), (name, out.dtype, out.strides)
