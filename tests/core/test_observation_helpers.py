"""The encoders' helpers in boardgym/core/observation.py: ``clip_ratio`` scales a count into
[-1, 1] (clipped only outside it), and the block cache's byte count is an upper bound of what
it holds, so a cache with room for a given number of blocks keeps them and no more."""
import sys

import numpy as np
import pytest

from boardgym.core.observation import (BLOCK_CACHE_BYTES, BlockCache, ObsLayout, PieceOffsets, block_cache,
                                       clip_ratio, clip_unit, entry_bytes, f32_accumulated, f32_scaled,
                                       game_offsets, plain_f32, ratios)


# -- clip_ratio ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("x,d,want", [
    (0, 4, 0.0), (1, 4, 0.25), (3, 4, 0.75), (4, 4, 1.0), (-1, 4, -0.25), (-3, 4, -0.75),
    (-4, 4, -1.0), (1, -2, -0.5), (-1, -2, 0.5), (2, 3, 2 / 3), (-2, 3, -2 / 3),
])
def test_a_ratio_inside_the_unit_range_is_kept(x, d, want):
    assert clip_ratio(x, d) == want


@pytest.mark.parametrize("x,d,want", [(5, 4, 1.0), (10**6, 1, 1.0), (-5, 4, -1.0), (-10**6, 1, -1.0),
                                      (3, -2, -1.0), (-3, -2, 1.0)])
def test_a_ratio_outside_the_unit_range_is_clipped(x, d, want):
    assert clip_ratio(x, d) == want


def test_ratios_tabulate_clip_ratio():
    table = ratios(8, 20)
    assert len(table) == 20 and table[0] == 0.0 and table[4] == 0.5 and table[8] == 1.0
    assert table[9:] == (1.0,) * 11


# -- the block cache's count ------------------------------------------------------------------------------
def _held(key, block) -> int:
    """What one stored block occupies, counted from the objects (the key tuple and its ints, the
    array or the memoryview and its bytes; the dict slot is not counted)."""
    total = sys.getsizeof(key) + sum(sys.getsizeof(x) for x in key)
    if type(block) is memoryview:
        return total + sys.getsizeof(block) + sys.getsizeof(block.obj)
    return total + sys.getsizeof(block)


@pytest.mark.parametrize("key_len", [0, 1, 5, 40, 300])
@pytest.mark.parametrize("floats", [0, 1, 16, 1000])
def test_an_entry_is_counted_at_least_at_what_it_holds(key_len, floats):
    """Whatever the key's length and the block's size, the count is at least what the entry
    holds, with key ints outside CPython's shared small ints up to 2**60 (the largest the count
    allows for): the cache's bound in bytes is never exceeded."""
    array = np.zeros(floats, np.float32)
    view = memoryview(array.tobytes()).cast("f")
    for base in (10**6, 1 << 60):
        key = tuple(range(base, base + key_len))
        for block in (array, view):
            assert entry_bytes(key, block) >= _held(key, block), (base, type(block).__name__)
            assert entry_bytes(key, block) >= block.nbytes + key_len * 8


def _fill(cache, keys, size=16):
    buf = np.zeros(size, np.float32)
    calls = []
    for k in keys:
        cache.reuse(buf, 0, size, (k,), lambda k=k: (calls.append(k), buf.fill(k)))
    return calls


def test_a_cache_keeps_as_many_blocks_as_its_count_allows():
    """A generation holds half the bound: room for exactly ``per`` entries keeps ``per``; the
    next one starts a new generation, and the one after that drops the first (a block found there
    is copied into the new one)."""
    one = entry_bytes((0,), np.zeros(16, np.float32))
    per = 5
    cache = BlockCache(2 * per * one)
    assert _fill(cache, range(per)) == list(range(per))
    assert len(cache) == per and cache.nbytes == per * one
    assert _fill(cache, range(per)) == []                      # all kept: none filled again
    assert _fill(cache, [per]) == [per] and len(cache) == per + 1
    assert _fill(cache, range(per + 1, 2 * per)) == list(range(per + 1, 2 * per))
    assert len(cache) == 2 * per and cache.nbytes == cache.max_bytes
    assert _fill(cache, [0]) == [] and len(cache) == per + 1   # found in the old generation: kept
    assert _fill(cache, [1]) == [1]                            # ... the rest of it was dropped
    assert _fill(cache, [0, 1]) == [] and len(cache) == per + 2
    cache = BlockCache(2 * per * one - 1)                      # one byte short of room for per
    _fill(cache, range(per))
    assert len(cache) == per and len(cache._old) == per - 1 and len(cache._young) == 1


def test_a_block_larger_than_a_generation_is_not_kept():
    cache = BlockCache(entry_bytes((0,), np.zeros(16, np.float32)))
    assert _fill(cache, [1, 1]) == [1, 1] and len(cache) == 0 and cache.nbytes == 0


def test_a_games_cache_is_bounded_at_4_mib_by_default():
    """docs/architecture.md, "Performance": 4 MiB by default."""
    class Bare:
        pass

    assert BLOCK_CACHE_BYTES == 4 << 20 and BlockCache().max_bytes == 4 << 20
    game = Bare()
    cache = block_cache(game)
    assert cache.max_bytes == 4 << 20 and block_cache(game) is cache


@pytest.mark.parametrize("bad", [-1, True, 2.5, "4"])
def test_a_cache_size_is_an_int_of_0_or_more(bad):
    """``BlockCache(max_bytes)``: a byte count, 0 (no cache) or more; a negative count, a bool or
    anything not an int is refused by name."""
    assert BlockCache(0).max_bytes == 0
    with pytest.raises(ValueError, match="max_bytes must be an int >= 0"):
        BlockCache(bad)


def test_a_block_of_exactly_half_the_bound_is_kept_one_byte_more_is_not():
    """A generation holds half the bound: a block that fills a generation exactly is kept (also
    when it starts a new generation); with a bound one byte smaller it is larger than a
    generation and never kept."""
    one = entry_bytes((0,), np.zeros(16, np.float32))
    cache = BlockCache(2 * one)
    assert _fill(cache, [0, 1]) == [0, 1] and len(cache) == 2     # 1 starts a new generation and stays
    assert _fill(cache, [0, 1]) == [] and cache.nbytes == 2 * one
    cache = BlockCache(2 * one - 1)
    assert _fill(cache, [0, 0]) == [0, 0] and len(cache) == 0 and cache.nbytes == 0


# -- the encoders' float32 tables and helpers ---------------------------------------------------------------
def test_f32_scaled_is_what_multiplying_a_float32_vector_gives():
    """``f32_scaled(factor, n)[k]`` is the float32 product ``k * factor`` an in-place
    ``vector *= factor`` writes, for every k below n (here a factor float32 cannot hold exactly)."""
    vector = np.arange(50, dtype=np.float32)
    vector *= 1 / 3
    assert f32_scaled(1 / 3, 50) == tuple(vector.tolist())
    assert f32_scaled(2.5, 4) == (0.0, 2.5, 5.0, 7.5)


def test_f32_accumulated_is_what_adding_a_step_k_times_gives():
    """``f32_accumulated(step, n)[k]`` is the float32 total of k additions of ``step`` (each
    rounded, so not k * step): n entries, from 0 additions to n - 1."""
    acc = np.zeros(1, np.float32)
    want = [0.0]
    for _ in range(19):
        acc[0] += 0.1
        want.append(float(acc[0]))
    table = f32_accumulated(0.1, 20)
    assert len(table) == 20 and table == tuple(want)
    assert table[0] == 0.0 and table[19] != float(np.float32(19 * 0.1))   # rounding accumulates


@pytest.mark.parametrize("out,plain", [
    (np.zeros(6, np.float32), True),
    (np.zeros(6, np.float64), False),                 # another item type
    (np.zeros((2, 3), np.float32), False),            # not one-dimensional, though contiguous
    (np.zeros(12, np.float32)[::2], False),           # one-dimensional float32 with gaps
])
def test_plain_f32_takes_only_contiguous_1d_float32_vectors(out, plain):
    """An encoder writes through a float32 memoryview only into a contiguous 1-D float32 vector;
    each of the three conditions alone makes a vector not plain."""
    assert plain_f32(out) is plain


def test_clip_unit_clips_a_view_in_place_to_minus_1_plus_1():
    """``clip_unit`` clips a slice of a vector to [-1, 1] in place, leaving values inside (and
    the rest of the vector) as they were."""
    vector = np.array([9, -3, -1, -0.5, 0, 0.5, 1, 3, 9], np.float32)
    clip_unit(vector[1:-1])
    assert vector.tolist() == [9, -1, -1, -0.5, 0, 0.5, 1, 1, 9]


def test_game_offsets_are_built_once_per_game_from_its_layout_or_by_the_encoder():
    """The offsets of a game's pieces are built on first use and kept on the game; an encoder's
    ``make`` builds them instead when given."""
    class Bare:
        pass

    game = Bare()
    game.layout = ObsLayout()
    game.layout.add("a", 3)
    game.layout.add("b", 2)
    offsets = game_offsets(game)
    assert isinstance(offsets, PieceOffsets) and (offsets.a, offsets.b) == (0, 3)
    assert game_offsets(game) is offsets
    other = Bare()
    other.layout = game.layout
    made = game_offsets(other, lambda g: PieceOffsets(ObsLayout()))
    assert not hasattr(made, "a") and game_offsets(other) is made
