"""The speed work on the Primeval Peril engine and encoder changes no behaviour.

* ``test_replays_match_the_recorded_digests``: fixed-seed random play (400 decisions a seed,
  short games one after another) hashes every legal mask, every seat's observation and the
  saved state at the last decision; the hashes were recorded from the engine
  *before* the speed work (commit 9db4ded; the observation traces re-recorded for two
  rulebook fixes, see ``DIGESTS``), on a frozen copy of the content (``packs/frozen``),
  so tuning the shipped content never moves them. Re-record only from an engine known to be
  right: ``python tests/games/primeval_peril/test_perf_equivalence.py``.
* ``test_block_cache_gives_the_same_vector_as_a_fresh_encode``: every vector equals an encode
  from an empty block cache, and the ``out=`` path gives the same vector.
"""
from __future__ import annotations

import hashlib
import itertools
import json
from pathlib import Path

import numpy as np

from boardgym.core.observation import block_cache
from boardgym.core.replay import random_walk
from boardgym.games.primeval_peril.game import PrimevalGame

FROZEN = Path(__file__).parent / "packs" / "frozen"
# (num_players, difficulty, game_index) x seeds 0, 1; short games (max_turns) so several end
DIGEST_CONFIGS = [(1, "normal", 1), (2, "easy", 3), (4, "hard", 5)]
SEEDS = (0, 1)
MAX_TURNS = 12
DECISIONS = 400

CONTENT_FINGERPRINT = "c70f7ddb7962d3cc"
# recorded at 9db4ded, before the speed work; the observation traces re-recorded when the
# rulebook's round-end order (played cards discarded before the enemy phase, PP-COMBAT-10) and
# the market view (every card on offer shows, PP-EXPL-10) changed what the vector shows: the
# saved states at the last decision (the first hash) did not move
DIGESTS = {
    '1p-normal-g1': ('dfd405a31135517a', 'ea0e9e9e299ff102', 800),
    '2p-easy-g3': ('918aff66ca366b14', 'f6f286f8d4a8e75c', 800),
    '4p-hard-g5': ('2aae2c9362dfcd33', '52da8a9cb0aa932d', 800),
}


def content_fingerprint(pack) -> str:
    h = hashlib.sha256()
    for f in sorted(Path(pack).rglob("*.json")):
        h.update(f.relative_to(pack).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _game(n: int, difficulty: str, game_index: int) -> PrimevalGame:
    return PrimevalGame(num_players=n, difficulty=difficulty, game_index=game_index,
                        max_turns=MAX_TURNS, content_pack=str(FROZEN))


def replay_digest(game, seed: int) -> tuple[str, str, int]:
    """(hash of the saved state at the last decision, hash of every mask and every seat's
    observation on the way, decisions) over ``DECISIONS`` decisions of random play (games
    follow one another)."""
    trace = hashlib.sha256()
    for s in itertools.islice(random_walk(game, np.random.default_rng(seed)), DECISIONS):
        trace.update(np.packbits(s.legal_mask()).tobytes())
        for seat in range(s.n):
            trace.update(s.observation(seat).tobytes())
    state = json.dumps(json.loads(s.to_json())["state"], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(state.encode()).hexdigest()[:16], trace.hexdigest()[:16], DECISIONS


def record() -> dict:
    out = {}
    for n, d, gi in DIGEST_CONFIGS:
        game = _game(n, d, gi)
        digests = [replay_digest(game, seed) for seed in SEEDS]
        out[f"{n}p-{d}-g{gi}"] = (hashlib.sha256("".join(f for f, _, _ in digests).encode()).hexdigest()[:16],
                                  hashlib.sha256("".join(t for _, t, _ in digests).encode()).hexdigest()[:16],
                                  sum(k for _, _, k in digests))
    return out


def test_replays_match_the_recorded_digests():
    assert content_fingerprint(FROZEN) == CONTENT_FINGERPRINT, "packs/frozen must not be edited"
    assert record() == DIGESTS


def test_block_cache_gives_the_same_vector_as_a_fresh_encode():
    for n, d, gi in DIGEST_CONFIGS:
        game = _game(n, d, gi)
        cache = block_cache(game)
        out = np.full(game.observation_size, 0.5, np.float32)
        for s in itertools.islice(random_walk(game, np.random.default_rng(7 * n)), DECISIONS):
            for p in range(n):
                cached = s.observation(p)
                assert np.array_equal(cached, s.observation(p, out))
                kept = cache.max_bytes
                cache.resize(0)  # nothing kept: every block encoded afresh
                assert np.array_equal(cached, s.observation(p))
                cache.resize(kept)


if __name__ == "__main__":
    print("CONTENT_FINGERPRINT =", repr(content_fingerprint(FROZEN)))
    print("DIGESTS = {")
    for k, v in record().items():
        print(f"    {k!r}: {v!r},")
    print("}")
