"""The speed work on the Primeval Peril engine and encoder changes no behaviour.

* ``test_replays_match_the_recorded_digests``: fixed-seed random games hash every legal mask,
  every seat's observation and the final saved state; the hashes were recorded from the engine
  *before* the speed work (commit 9db4ded), on a frozen copy of the content (``packs/frozen``),
  so tuning the shipped content never moves them. Re-record only from an engine known to be
  right: ``python tests/games/primeval_peril/test_perf_equivalence.py``.
* ``test_block_cache_gives_the_same_vector_as_a_fresh_encode``: every vector equals an encode
  from an empty block cache, and the ``out=`` path gives the same vector.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

from boardgym.core.chance import sample_outcome
from boardgym.core.game import CHANCE, TERMINAL
from boardgym.core.observation import block_cache
from boardgym.games.primeval_peril.game import PrimevalGame

FROZEN = Path(__file__).parent / "packs" / "frozen"
# (num_players, difficulty, game_index) x seeds 0, 1; short games (max_turns) keep it cheap
DIGEST_CONFIGS = [(1, "normal", 1), (2, "easy", 3), (4, "hard", 5)]
SEEDS = (0, 1)
MAX_TURNS = 12

CONTENT_FINGERPRINT = "c70f7ddb7962d3cc"
DIGESTS = {  # recorded at 9db4ded, before the speed work
    '1p-normal-g1': ('00a996f3061958ef', '080be4adccfdb7af', 619),
    '2p-easy-g3': ('1b5526a6bde28c48', 'c3ee8a815a68ac0d', 647),
    '4p-hard-g5': ('3569aaba1cd1ce9d', 'b5e582d03f64a973', 808),
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
    """(hash of the final state, hash of every mask and observation on the way, decisions)."""
    rng = np.random.default_rng(seed)
    s = game.new_initial_state()
    trace = hashlib.sha256()
    k = 0
    while s.current_player != TERMINAL:
        if s.current_player == CHANCE:
            s.apply(sample_outcome(s.chance_outcomes(), rng))
            continue
        m = s.legal_mask()
        trace.update(np.packbits(m).tobytes())
        for seat in range(s.n):
            trace.update(s.observation(seat).tobytes())
        legal = np.flatnonzero(m)
        s.apply(int(legal[rng.integers(len(legal))]))
        k += 1
    state = json.dumps(json.loads(s.to_json())["state"], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(state.encode()).hexdigest()[:16], trace.hexdigest()[:16], k


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
        rng = np.random.default_rng(7 * n)
        s = game.new_initial_state()
        out = np.full(game.observation_size, 0.5, np.float32)
        while s.current_player != TERMINAL:
            if s.current_player == CHANCE:
                s.apply(sample_outcome(s.chance_outcomes(), rng))
                continue
            for p in range(n):
                cached = s.observation(p)
                assert np.array_equal(cached, s.observation(p, out))
                kept = cache.max_bytes
                cache.resize(0)  # nothing kept: every block encoded afresh
                assert np.array_equal(cached, s.observation(p))
                cache.resize(kept)
            s.apply(int(rng.choice(np.flatnonzero(s.legal_mask()))))


if __name__ == "__main__":
    print("CONTENT_FINGERPRINT =", repr(content_fingerprint(FROZEN)))
    print("DIGESTS = {")
    for k, v in record().items():
        print(f"    {k!r}: {v!r},")
    print("}")
