"""Seeded mutations of saved states, generic over games: they read the game's field declaration
(``state_class.FIELDS``) for each field's kind and bounds, and change one to three things in the
saved JSON: a value out of range, on a boundary, -1, huge, negative, of the wrong type (bool,
float, text, null, a container); a list shortened, extended, with a duplicated or swapped entry,
reversed or emptied; a frame of another kind, with a wrong argument or the wrong number of them,
inserted, dropped, swapped or repeated; a field transplanted from another state of the same game
(plausible values that do not fit together); a key dropped or added; and deep nesting."""
from __future__ import annotations

import copy
import json

import numpy as np

from boardgym.core import CHANCE
from boardgym.core.fields import Frames, Int, Ints, Nested
from tests.games.soundness import random_play

HUGE = (10**100, -10**100, 2**63, -(2**63) - 1, 10**18)
JUNK = (True, False, 0.5, 3.0, -1.0, "1", "x", None, [], {}, [0], {"a": 1})
DEEP = 100_000  # nesting depth of the deep-nesting mutations


def sample_saves(game, seeds, every: int) -> list[str]:
    """Saves of seeded random games, early to late: every ``every``-th decision and every
    ``4 * every``-th chance node (long chance runs, such as dealing, would crowd out the rest),
    and the final state."""
    out = []
    for seed in seeds:
        state = game.new_initial_state()
        decisions = chances = 0
        for _ in random_play(state, np.random.default_rng(seed)):
            if state.current_player == CHANCE:
                if chances % (4 * every) == every:
                    out.append(state.to_json())
                chances += 1
            else:
                if decisions % every == every // 2:
                    out.append(state.to_json())
                decisions += 1
        out.append(state.to_json())
    return out


def _pick(rng, seq):
    return seq[int(rng.integers(len(seq)))]


def _ints(rng, vals, cur=0) -> list:
    """Candidate ints around a bound set of values: its ends, just outside, -1, 0, inside."""
    c = [-1, 0, 1, -2, cur - 1, cur + 1, vals.lo - 1, vals.hi + 1, vals.hi + 1000]
    for lo, hi in vals.ranges:
        c += [lo, hi, int(rng.integers(lo, hi + 1))]
    return c


def _value(rng, vals, cur=0):
    r = rng.random()
    if r < 0.75:
        return _pick(rng, _ints(rng, vals, cur))
    if r < 0.9:
        return _pick(rng, JUNK)
    return _pick(rng, HUGE)


def _inside(rng, vals):
    lo, hi = _pick(rng, vals.ranges)
    return int(rng.integers(lo, hi + 1))


def _mutate_list(rng, v, value, inside, label):
    """One change to list ``v``; ``value(i, cur)`` gives a wrong or boundary value for entry i,
    ``inside(i)`` one inside its range. Returns (new value, description)."""
    n = len(v)
    op = int(rng.integers(10))
    if op == 0 and n:
        i = int(rng.integers(n))
        v[i] = value(i, v[i])
        return v, f"{label}[{i}] = {v[i]!r:.40}"
    if op == 1 and n:
        i = int(rng.integers(n))
        del v[i]
        return v, f"{label}: entry {i} dropped"
    if op == 2:
        i = int(rng.integers(n + 1))
        x = copy.deepcopy(v[int(rng.integers(n))]) if n and rng.random() < 0.5 else value(i, 0)
        v.insert(i, x)
        return v, f"{label}: {x!r:.40} inserted at {i}"
    if op == 3 and n >= 2:
        i, j = (int(x) for x in rng.choice(n, 2, replace=False))
        v[i], v[j] = v[j], v[i]
        return v, f"{label}: entries {i} and {j} swapped"
    if op == 4 and n >= 2:
        i, j = (int(x) for x in rng.choice(n, 2, replace=False))
        v[j] = copy.deepcopy(v[i])
        return v, f"{label}: entry {i} copied over {j}"
    if op == 5 and n >= 2:
        return v[::-1], f"{label}: reversed"
    if op == 6 and n:
        return [], f"{label}: emptied"
    if op == 7:
        x = _pick(rng, JUNK + HUGE)
        return x, f"{label} = {x!r:.40}"
    if op == 8 and n:
        i = int(rng.integers(n))
        v[i] = inside(i)
        return v, f"{label}[{i}] = {v[i]!r:.40} (inside its range)"
    if n:
        return v + [copy.deepcopy(v[-1])], f"{label}: last entry repeated"
    v.append(inside(0))
    return v, f"{label}: {v[0]!r:.40} added"


def _mutate_frames(rng, field, frames, game):
    kinds = {k: tuple(x.bind(game) for x in args) for k, args in field.kinds.items()}
    n = len(frames)
    op = int(rng.integers(9))

    def fresh(k=None):
        k = int(rng.integers(len(field.names))) if k is None else k
        return [k] + [_inside(rng, vals) if vals.ranges else 0 for vals in kinds[k]]

    if not all(type(f) is list and f and type(f[0]) is int and f[0] in kinds
               and all(type(x) is int for x in f) for f in frames):  # mutated before: any change
        return _mutate_list(rng, frames, lambda i, cur: fresh(), lambda i: fresh(), field.name)
    if op == 0 and n:  # another kind, the same arguments
        i = int(rng.integers(n))
        frames[i][0] = int(rng.integers(len(field.names)))
        return frames, f"{field.name}[{i}] kind -> {field.names[frames[i][0]]}"
    if op == 1 and n and len(frames[0]) > 1:  # one argument changed
        i = int(rng.integers(n))
        f = frames[i]
        if len(f) > 1:
            j = int(rng.integers(1, len(f)))
            f[j] = _value(rng, kinds[f[0]][j - 1], f[j])
            return frames, f"{field.name}[{i}] argument {j} = {f[j]!r:.40}"
    if op == 2 and n:  # an argument too many or too few
        i = int(rng.integers(n))
        if rng.random() < 0.5 and len(frames[i]) > 1:
            frames[i].pop()
        else:
            frames[i].append(0)
        return frames, f"{field.name}[{i}] has {len(frames[i]) - 1} arguments"
    if op == 4 and n:
        i = int(rng.integers(n))
        del frames[i]
        return frames, f"{field.name}: frame {i} dropped"
    if op == 5 and n:  # the same kind, other arguments inside their declared values
        i = int(rng.integers(n))
        frames[i] = fresh(frames[i][0])
        return frames, f"{field.name}[{i}] = {frames[i]}"
    if op == 6 and n:
        i = int(rng.integers(n))
        frames.insert(i, copy.deepcopy(frames[i]))
        return frames, f"{field.name}: frame {i} repeated"
    if op == 7 and n >= 2:
        i, j = (int(x) for x in rng.choice(n, 2, replace=False))
        frames[i], frames[j] = frames[j], frames[i]
        return frames, f"{field.name}: frames {i} and {j} swapped"
    if op == 8 and n:
        x = _pick(rng, JUNK + HUGE)
        frames[int(rng.integers(n))] = x
        return frames, f"{field.name}: a frame replaced by {x!r:.40}"
    # a new frame of any kind, arguments inside their declared values
    i = int(rng.integers(n + 1))
    frames.insert(i, fresh())
    return frames, f"{field.name}: {frames[i]} inserted at {i}"


def _mutate_field(rng, field, state: dict, game, donors):
    name = field.name
    v = state[name]
    if donors and rng.random() < 0.12:  # a plausible value from another point of the game
        d = json.loads(_pick(rng, donors))["state"][name]
        if d != v:
            state[name] = d
            return f"{name} taken from another saved state"
    if isinstance(field, Int):
        state[name] = _value(rng, field.values.bind(game), v if type(v) is int else 0)
        return f"{name} = {state[name]!r:.40}"
    if type(v) is not list:
        state[name] = 0
        return f"{name} = 0"
    if isinstance(field, Frames):
        state[name], desc = _mutate_frames(rng, field, v, game)
        return desc
    vals = field.bind(game)[0]

    def at(i):
        return vals[min(i, len(vals) - 1)] if isinstance(vals, tuple) else vals

    def value(i, cur):
        return _value(rng, at(i), cur if type(cur) is int else 0)

    def inside(i):
        return _inside(rng, at(i)) if at(i).ranges else 0

    if isinstance(field, Nested) and all(type(x) is list for x in v):
        if v and rng.random() < 0.85:
            i = int(rng.integers(len(v)))
            v[i], desc = _mutate_list(rng, v[i], value, inside, f"{name}[{i}]")
            return desc
        state[name], desc = _mutate_list(rng, v, lambda i, cur: _pick(rng, JUNK), lambda i: [], name)
        return desc
    state[name], desc = _mutate_list(rng, v, value, inside, name)
    return desc


def mutations(game, saves, count: int, seed: int):
    """``count`` mutated saves (text, description) of ``saves``, reproducible from ``seed``."""
    rng = np.random.default_rng(seed)
    fields = game.state_class.FIELDS.fields
    out = []
    for k in range(count):
        text = _pick(rng, saves)
        data = json.loads(text)
        r = rng.random()
        if r < 0.005:  # deep nesting in place of a field (written as text: no Python recursion)
            name = _pick(rng, fields).name
            data["state"][name] = "@DEEP@"
            t = json.dumps(data, separators=(",", ":"), sort_keys=True)
            out.append((t.replace('"@DEEP@"', "[" * DEEP + "]" * DEEP), f"{name}: nested {DEEP} deep"))
            continue
        if r < 0.02:
            key = _pick(rng, list(data["state"]))
            del data["state"][key]
            desc = f"{key} missing"
        elif r < 0.03:
            data["state"]["extra_field"] = 0
            desc = "an unknown field added"
        elif r < 0.13:  # several fields of another save: each plausible, together perhaps not
            donor = json.loads(_pick(rng, saves))["state"]
            names = [f.name for f in fields]
            picked = sorted(set(_pick(rng, names) for _ in range(int(rng.integers(2, 6)))))
            for name in picked:
                data["state"][name] = donor[name]
            desc = f"{', '.join(picked)} taken from another saved state"
        else:
            descs = []
            for _ in range(1 if rng.random() < 0.8 else int(rng.integers(2, 4))):
                descs.append(_mutate_field(rng, _pick(rng, fields), data["state"], game, saves))
            desc = "; ".join(descs)
        out.append((json.dumps(data, separators=(",", ":"), sort_keys=True), desc))
    return out
