"""The core's fields inside a host state: random combats and challenges under both hook sets
keep the invariants, every state round-trips through a save, corrupt saves are refused by the
declared bounds, and clones are independent."""
import json

import numpy as np
import pytest

from boardgym.core.chance import sample_outcome
from boardgym.core.errors import StateError
from boardgym.core.game import CHANCE
from boardgym.games.sleeping_gods import challenge, characters, combat
from boardgym.games.sleeping_gods.kinds import CB_RUNNING

from .host import CONFIRM, ENEMIES, _pp_cap, new


def _play(s, rng, budget=400):
    steps = 0
    while s.pend or s.cq:
        if s.current_player == CHANCE:
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:  # mostly act (attack, place, join) rather than pass, so fights get somewhere
            legal = np.flatnonzero(s.legal_mask())
            act = legal[legal != CONFIRM]
            s.apply(int(rng.choice(act if len(act) and rng.random() < 0.85 else legal)))
        assert s.invariant_errors() == []
        assert all(0 <= h <= s.max_hp(c) for c, h in enumerate(s.hp))
        assert all(0 <= r <= 3 for r in s.res)
        t = s.game.state_from_json(s.to_json())
        assert t.to_json() == s.to_json()
        steps += 1
        assert steps < budget, "an encounter did not end"
    return steps


@pytest.mark.parametrize("variant,seats", [("pp", 1), ("pp", 2), ("pp", 3), ("pp", 4), ("tr", 1), ("tr", 3)])
def test_random_encounters_keep_invariants(variant, seats):
    rng = np.random.default_rng(7 + seats)
    s = new(variant, seats)
    for k in range(12):
        s.active = k % seats
        for c in range(5):
            s.hp[c] = int(rng.integers(1, s.max_hp(c) + 1))
            s.res[c] = int(rng.integers(0, 4))
            s.status[c] = int(rng.integers(0, 16))
            s.card[c] = int(rng.integers(0, 6 if variant == "pp" else 3))
        s.rerolls, s.boss = int(rng.integers(0, 3)), int(rng.integers(0, 64))
        if k % 3 == 0:
            challenge.start(s, int(rng.integers(0, 5)), int(rng.integers(3, 9)), int(rng.integers(0, 4)))
            _play(s, rng)
            assert challenge.done(s) and challenge.result(s) in (0, 1)
            challenge.clear(s)
        else:
            n = int(rng.integers(1, 5))
            s.hand = [1 + _pp_cap(s, p) if variant == "pp" else 0 for p in range(seats)]  # PP-COMBAT-1
            combat.start(s, [int(x) for x in rng.integers(0, len(ENEMIES), n)])
            _play(s, rng, budget=5000)
            assert combat.outcome(s) != CB_RUNNING
            combat.clear(s)
        assert s.invariant_errors() == []


def test_clone_is_independent():
    s = new("pp", 2)
    combat.start(s, [0, 1, 2])
    t = s.clone()
    t.sg_cover[0] = 1
    t.hp[0] = 1
    characters.give(t, 0, 1)
    assert s.sg_cover[0] == 0 and s.hp[0] == 8 and s.status[0] == 0


@pytest.mark.parametrize("field,value,words", [
    ("sg_cover", lambda v: v[:3] + [3] + v[4:], "sg_cover[3] is 3"),
    ("hp", lambda v: [11] + v[1:], "hp[0] is 11"),
    ("status", lambda v: v[:4] + [16], "status[4] is 16"),
    ("sg_enemy", lambda v: v + [0, 0], "sg_enemy has 5 entries"),
    ("pend", lambda v: [[3, 5, 0, 0]], "argument 1"),
])
def test_corrupt_saves_refused(field, value, words):
    s = new("pp", 2)
    combat.start(s, [0, 1, 2])
    data = json.loads(s.to_json())
    data["state"][field] = value(data["state"][field])
    with pytest.raises(StateError, match=words.replace("[", r"\[").replace("]", r"\]")):
        s.game.state_from_json(json.dumps(data))


def test_inconsistent_save_refused_by_invariants():
    s = new("pp", 2)
    combat.start(s, [0, 1, 2])
    data = json.loads(s.to_json())
    data["state"]["sg_cover"][0] = 2  # "placed this attack" with no attack placing
    with pytest.raises(StateError, match="placed this attack"):
        s.game.state_from_json(json.dumps(data))


def _saves(variant, seats, seed):
    """Saves taken every few steps of random encounters (challenges and combats)."""
    rng = np.random.default_rng(seed)
    s = new(variant, seats)
    out = []
    for k in range(6):
        s.active = k % seats
        s.hand = [1 + _pp_cap(s, p) if variant == "pp" else 0 for p in range(seats)]
        if k % 3 == 0:
            challenge.start(s, int(rng.integers(0, 5)), 6, 3)
        else:
            combat.start(s, [int(x) for x in rng.integers(0, len(ENEMIES), int(rng.integers(1, 5)))])
        step = 0
        while s.pend or s.cq:
            if step % 3 == 0:
                out.append(s.to_json())
            if s.current_player == CHANCE:
                s.apply(sample_outcome(s.chance_outcomes(), rng))
            else:
                legal = np.flatnonzero(s.legal_mask())
                act = legal[legal != CONFIRM]
                s.apply(int(rng.choice(act if len(act) and rng.random() < 0.85 else legal)))
            step += 1
        challenge.clear(s)
        combat.clear(s)
    return out


@pytest.mark.parametrize("variant,seats", [("pp", 2), ("tr", 1)])
def test_mutated_saves_refused_or_played_soundly(variant, seats):
    """As tests/games/test_state_mutation.py does for registered games: each mutated save of a
    host is refused with a StateError from a named check, or loads and plays to the end with
    the core's invariants holding and a legal action for every decision."""
    from boardgym.core.game import CHECK_FAILED

    from ..mutations import mutations

    game = new(variant, seats).game
    saves = _saves(variant, seats, 5)
    refused = accepted = 0
    for k, (text, desc) in enumerate(mutations(game, saves, 400, 11)):
        try:
            s = game.state_from_json(text)
        except StateError as err:
            assert CHECK_FAILED not in str(err), f"{desc}: {err}"
            refused += 1
            continue
        rng = np.random.default_rng(k)
        for _ in range(5000):
            assert s.invariant_errors() == [], desc
            if not (s.pend or s.cq):
                break
            if s.current_player == CHANCE:
                outcomes = s.chance_outcomes()
                assert outcomes and abs(sum(q for _, q in outcomes) - 1) < 1e-9, desc
                s.apply(sample_outcome(outcomes, rng))
            else:
                legal = np.flatnonzero(s.legal_mask())
                assert len(legal), f"{desc}: no legal action"
                s.apply(int(rng.choice(legal)))
        else:
            raise AssertionError(f"{desc}: did not end")
        accepted += 1
    assert refused > 0 and accepted > 0
