"""What the PettingZoo AEC env hands out, bit for bit, over every registered PettingZoo entry and
player count (and the cycle order of each entry's default options): a seeded random game's
observations, masks, rewards, done flags and infos at every ``last()`` hash to the digests
recorded in ``data/pz_observation_digests.json`` (so a change of any game's encoding, or of the
adapter, fails here), every observation equals the game's own encoding of the state at that
moment and every mask the state's legal mask, and nothing handed out changes afterwards (the
adapter reuses no buffer a user could be holding). Nothing names a game.

After a deliberate change of an encoding, record the digests again:
``PYTHONPATH=. python -m tests.envs.test_pz_obs_identity``."""
from __future__ import annotations

import hashlib
import json
import struct
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import pz_entries, pz_module

DIGESTS = Path(__file__).parent / "data" / "pz_observation_digests.json"
STEPS = 240  # live steps per case (games restart with the next seed when they end)


def _cases():
    out = []
    for e in pz_entries():
        for n in e.get("test_player_counts", [None]):
            out.append((e["id"], n, "decision"))
        out.append((e["id"], None, "cycle"))
    return out


CASES = _cases()


def _key(env_id, n, order):
    return f"{env_id} players={n} order={order}"


def _make(env_id, n, order):
    entry = next(e for e in pz_entries() if e["id"] == env_id)
    kwargs = dict(entry.get("kwargs", {}))
    if n is not None:
        kwargs[entry["players_kwarg"]] = n
    return pz_module(entry).env(agent_order=order, **kwargs)


def _play(env_id, n, order, kept=None) -> str:
    """The digest of a seeded random game; every observation is checked against the state as it
    is handed out; ``kept`` collects ``(handed out, copy made then)`` pairs."""
    env = _make(env_id, n, order)
    raw = env.unwrapped
    rng = np.random.default_rng(7)
    seed = 11
    env.reset(seed=seed)
    h = hashlib.sha256()
    steps = 0
    while steps < STEPS:
        for agent in env.agent_iter():
            obs, rew, term, trunc, info = env.last()
            seat = raw._index[agent]
            state = raw.game_state
            vec, mask = obs["observation"], obs["action_mask"]
            assert set(obs) == {"observation", "action_mask"}
            assert vec.dtype == np.float32 and mask.dtype == np.int8
            assert vec.tobytes() == state.observation(seat).tobytes()
            if order == "decision" and not (term or trunc):  # the deciding seat: its legal mask
                assert state.current_player == seat
                assert mask.tobytes() == state.legal_mask().astype(np.int8).tobytes()
            h.update(vec.tobytes())
            h.update(mask.tobytes())
            h.update(struct.pack("<d??", float(rew), bool(term), bool(trunc)))
            h.update(repr(sorted(info.items())).encode())
            if kept is not None:
                kept.append((obs, {k: v.copy() for k, v in obs.items()}))
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(mask)
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            if steps >= STEPS:
                break
        else:
            seed += 1
            env.reset(seed=seed)
    return h.hexdigest()


@pytest.mark.parametrize("env_id,n,order", CASES)
def test_aec_observations_and_masks_are_the_recorded_ones(env_id, n, order):
    recorded = json.loads(DIGESTS.read_text())
    kept = []
    digest = _play(env_id, n, order, kept)
    for handed, copy in kept:  # nothing handed out was written again later
        for k in copy:
            assert handed[k].tobytes() == copy[k].tobytes(), f"{k} changed after it was handed out"
    assert digest == recorded[_key(env_id, n, order)], (
        "the observations, masks, rewards or infos of a seeded AEC game changed")


def test_every_case_has_a_recorded_digest():
    recorded = json.loads(DIGESTS.read_text())
    assert sorted(recorded) == sorted(_key(*c) for c in CASES)


if __name__ == "__main__":
    import boardgym  # noqa: F401  (registers the ids)

    DIGESTS.write_text(json.dumps({_key(*c): _play(*c) for c in CASES}, indent=1) + "\n")
    print(f"wrote {DIGESTS}")


def test_action_space_samples_as_gymnasium_discrete():
    """The adapter's action space draws what ``gymnasium.spaces.Discrete`` draws from the same
    seed, for any mask, and fails on a bad mask as it does."""
    from gymnasium.spaces import Discrete

    from boardgym.envs.spaces import ActionSpace

    ours, theirs = ActionSpace(40), Discrete(40)
    assert ours == theirs and isinstance(ours, Discrete)
    ours.seed(5), theirs.seed(5)
    rng = np.random.default_rng(1)
    for density in (0.0, 0.03, 0.5, 1.0):
        for _ in range(200):
            mask = (rng.random(40) < density).astype(np.int8)
            for m in (mask, mask[::-1]):  # (a strided view too)
                a, b = ours.sample(m), theirs.sample(m)
                assert a == b and type(a) is type(b)
        assert ours.sample() == theirs.sample()
    # (a mask of 2s and 0s, as many of each: a well-formed mask's 1s are counted, not its 0s)
    for bad in (np.full(40, 2, np.int8), np.full(40, -1, np.int8), np.array([2, 0] * 20, np.int8),
                np.ones(40, np.int64), np.ones(39, np.int8)):
        with pytest.raises(AssertionError):
            theirs.sample(bad)
        with pytest.raises(AssertionError):
            ours.sample(bad)
