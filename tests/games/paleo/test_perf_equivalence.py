"""The speed work on the Paleo engine changes no behaviour.

* ``test_block_cache_gives_the_same_vector_as_a_fresh_encode``: the encoder reuses cached blocks
  (piles, supply, each group's kit and deck, in-play cards); every vector equals a from-scratch
  encode, for every seat, over random games of 1-4 groups.
* ``test_replays_match_the_recorded_digests``: fixed-seed random games hash every legal mask, the
  acting seats' masks, every seat's observation and the final saved state; the hashes were
  recorded from the engine *before* the speed work (the digests below), on a frozen copy of the
  content (``packs/frozen``), so tuning the shipped content never moves them. Re-record only
  from an engine known to be right: ``python tests/games/paleo/test_perf_equivalence.py``.
* The fast ``apply`` path (plain ints and NumPy integers, the deal's outcome check, the mask kept
  from ``legal_mask``) raises the same errors as ``State.apply``.
"""
from __future__ import annotations

import hashlib
import json
import warnings
from pathlib import Path

import numpy as np

from boardgym.core.chance import sample_outcome
from boardgym.core.errors import IllegalActionError
from boardgym.core.game import CHANCE, TERMINAL, State
from boardgym.games.paleo import PaleoGame
from boardgym.games.paleo.kinds import CH_DEAL
from boardgym.games.paleo.observation import encode

# (num_groups, level) x seeds 0..5
DIGEST_CONFIGS = [(g, lv) for g in (1, 2, 3, 4) for lv in (1, 4, 7)]
SEEDS = tuple(range(6))

# recorded from the engine before the speed work (commit e135592), with that commit's content;
# the trace hashes of the four level-1 configs were re-recorded when the in-play cards' held
# counts were rescaled from /5 to /9 (a holder's largest capacity): with those
# cells zeroed the traces are unchanged, and every final state and decision count is the original
CONTENT_FINGERPRINT = "419a480b2a2cd945"
DIGESTS = {
    '1g-L1': ('9b4c8b2d12611707', '660065c149c36379', 164),
    '1g-L4': ('8990561267cfeb53', '5f1169fdb88d06d6', 172),
    '1g-L7': ('1b5c89b140c2d4d3', '02956798137d8922', 192),
    '2g-L1': ('0830a15ab7467bb0', 'd24ada4d475c579f', 289),
    '2g-L4': ('2967aaf4fc9ebf76', 'b4b0c0c44e3b2714', 281),
    '2g-L7': ('e932392f20452519', '6948a626c3414d98', 272),
    '3g-L1': ('732a4ab53c1d0e56', '0bea6835f2a3826b', 285),
    '3g-L4': ('7aab698fc3d80e58', '1e2ae096f1061519', 291),
    '3g-L7': ('c68d876fb55d388f', 'd0a83ebe29ffc21e', 302),
    '4g-L1': ('1dd7d16f4ba82d74', 'bfdf095d4dcf9adf', 228),
    '4g-L4': ('bdada8bca4189f35', 'ab503e875813aa6b', 264),
    '4g-L7': ('5073068f9bb3fd3b', '6822063e153b3998', 383),
}


def content_fingerprint(pack) -> str:
    """sha256 over every JSON file of a content pack (relative path and bytes)."""
    pack = Path(pack)
    h = hashlib.sha256()
    for f in sorted(pack.rglob("*.json")):
        h.update(f.relative_to(pack).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _game(groups: int, level: int, pack=None) -> PaleoGame:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the 4-group advice at level 1
        return PaleoGame(num_groups=groups, level=level, content_pack=pack)


def replay_digest(game: PaleoGame, seed: int) -> tuple[str, str, int]:
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
        for seat in s.acting_players():
            trace.update(np.packbits(s.legal_mask_for(seat)).tobytes())
        for seat in range(game.num_groups):
            trace.update(np.round(s.observation(seat), 5).astype(np.float32).tobytes())
        legal = np.flatnonzero(m)
        s.apply(int(legal[rng.integers(len(legal))]))
        k += 1
    # the saved state without its config (a content_pack path must not change the digest)
    state = json.dumps(json.loads(s.to_json())["state"], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(state.encode()).hexdigest()[:16], trace.hexdigest()[:16], k


def record(pack=None) -> dict:
    out = {}
    for g, lv in DIGEST_CONFIGS:
        game = _game(g, lv, pack)
        finals, traces, steps = [], [], 0
        for seed in SEEDS:
            f, t, k = replay_digest(game, seed)
            finals.append(f)
            traces.append(t)
            steps += k
        out[f"{g}g-L{lv}"] = (hashlib.sha256("".join(finals).encode()).hexdigest()[:16],
                              hashlib.sha256("".join(traces).encode()).hexdigest()[:16], steps)
    return out


FROZEN = Path(__file__).parent / "packs" / "frozen"


def test_replays_match_the_recorded_digests():
    assert content_fingerprint(FROZEN) == CONTENT_FINGERPRINT, "packs/frozen must not be edited"
    assert record(str(FROZEN)) == DIGESTS


def test_block_cache_gives_the_same_vector_as_a_fresh_encode():
    """The encoder reuses unchanged blocks between steps; it must equal a from-scratch encode."""
    for n in (1, 2, 3, 4):
        game = _game(n, 1 + 2 * (n - 1))
        for seed in (0, 1):
            rng = np.random.default_rng(100 * n + seed)
            s = game.new_initial_state()
            out = np.zeros(game.observation_size, np.float32)
            while not s.is_terminal():
                if s.current_player != CHANCE:
                    for p in range(n):
                        cached = encode(s, p).copy()
                        assert np.array_equal(cached, encode(s, p, use_cache=False))
                        assert np.array_equal(cached, encode(s, p, out))
                        assert cached.min() >= -1.0 and cached.max() <= 1.0
                    s.apply(int(rng.choice(np.flatnonzero(s.legal_mask()))))
                else:
                    s.apply(sample_outcome(s.chance_outcomes(), rng))


def _errors(fn):
    try:
        fn()
    except IllegalActionError as err:
        return str(err)
    return None


def test_fast_apply_raises_what_state_apply_raises():
    game = _game(2, 1)
    rng = np.random.default_rng(3)
    s = game.new_initial_state()
    seen_deal = seen_decision = 0
    while not s.is_terminal() and (seen_deal < 20 or seen_decision < 50):
        if s.current_player == CHANCE:
            outs = [o for o, _ in s.chance_outcomes()]
            bad = [a for a in range(-1, 130) if a not in outs][:6]
            if s.cq[0][0] == CH_DEAL:
                seen_deal += 1
                s.invalidate()  # the deal's outcome check without a built list
            for a in bad:
                t = s.clone()
                assert _errors(lambda: t.apply(a)) == _errors(lambda: State.apply(s.clone(), a))
                assert t.to_json() == s.to_json()
            s.apply(sample_outcome(s.chance_outcomes(), rng))
            continue
        seen_decision += 1
        m = s.legal_mask().copy()
        for a in list(np.flatnonzero(~m)[:4]) + [-1, game.num_actions]:
            t = s.clone()
            t.legal_mask()
            assert _errors(lambda: t.apply(int(a))) == _errors(lambda: State.apply(s.clone(), int(a)))
            assert _errors(lambda: t.apply(np.int64(a))) == _errors(lambda: State.apply(s.clone(), np.int64(a)))
            assert t.to_json() == s.to_json()
        a = int(rng.choice(np.flatnonzero(m)))
        t = s.clone()
        t.apply(np.int64(a))
        s.apply(a)
        assert t.to_json() == s.to_json()
    t = s.clone()
    assert _errors(lambda: t.apply(1.5)) == _errors(lambda: State.apply(s.clone(), 1.5))


if __name__ == "__main__":
    import sys

    pack = sys.argv[1] if len(sys.argv) > 1 else str(FROZEN)
    print(f'CONTENT_FINGERPRINT = "{content_fingerprint(pack)}"')
    print("DIGESTS = {")
    for k, v in record(pack).items():
        print(f"    {k!r}: {v!r},")
    print("}")
