"""Saved states that no game could have made are refused with a StateError naming the field:
the outside audit's examples, and generic checks over every registered game (every declared field
with a wrong type or a huge number, frames of the wrong shape, deep nesting, loose equality of
the version and configuration). The mutation tests (test_state_mutation.py) attack saves at
random; these pin the named cases."""
import json

import numpy as np
import pytest

from boardgym.core import CHANCE, StateError
from boardgym.core.fields import Frames, Int, Nested
from boardgym.envs.registry import test_configs as configs_of
from boardgym.games import GAMES, make_game
from tests.games.soundness import random_play

from .mutations import DEEP


def _save_at(game, decisions: int, seed: int = 0) -> dict:
    """A save after ``decisions`` random decisions (at the next decision)."""
    rng = np.random.default_rng(seed)
    s = game.new_initial_state()
    done = 0
    for _ in random_play(s, rng):
        if s.current_player != CHANCE:
            if done == decisions:
                break
            done += 1
    return json.loads(s.to_json())


def _refused(game, data, *words):
    with pytest.raises(StateError) as err:
        game.state_from_json(json.dumps(data))
    for w in words:
        assert w in str(err.value), str(err.value)
    return str(err.value)


# -- the outside audit's examples --------------------------------------------------------------------
def test_att_examples_of_the_issue():
    game = make_game("ancient_terrible_things", num_players=2)
    good = _save_at(game, 3)
    _refused(game, dict(good, state=dict(good["state"], cur_loc=999)), "cur_loc is 999", "location slot")
    tokens = good["state"]["loc_tokens"] + [0]
    _refused(game, dict(good, state=dict(good["state"], loc_tokens=tokens)), "loc_tokens has 21 entries, must have 20")


def test_paleo_examples_of_the_issue():
    game = make_game("paleo")
    good = _save_at(game, 2)
    for field, value, words in [("r_wound", -1000, "r_wound is -1000"),
                                ("awake", [], "awake has 0 entries, must have 2"),
                                ("dice", [0, 999], "dice[1] is 999, must be -1 (none) or a die face"),
                                ("phase", -1000, "phase is -1000, must be a phase code")]:
        _refused(game, dict(good, state=dict(good["state"], **{field: value})), words)


def test_att_phase_and_pending_decision_must_fit():
    """ATT-EXPLORE-1: the explore decision opens in the Leader step; a die cannot be rolled for a
    slot with no die (ATT-ENC-2)."""
    game = make_game("ancient_terrible_things", num_players=2)
    good = _save_at(game, 0)
    assert good["state"]["pend"][0][0] == 0  # explore
    _refused(game, dict(good, state=dict(good["state"], phase=2)), "explore", "cannot open here")
    _refused(game, dict(good, state=dict(good["state"], cq=[[10, 5]])), "die")


def test_paleo_commitment_must_fit_the_deck():
    """PALEO-DAY-1: a group commits to one of its top three cards."""
    game = make_game("paleo", num_groups=1)
    good = _save_at(game, 0)
    state = good["state"]
    assert state["pend"][0][0] == 0 and len(state["deck_b"][0]) > 0  # the commit step
    state["deck_b"][0], state["deck_c"][0] = state["deck_b"][0][:1], state["deck_c"][0][:1]
    state["commit"] = [5]  # PICK 1: a second card the deck does not have
    _refused(game, good, "group 0: committed to a card its deck does not have")


# -- every game, every declared field ----------------------------------------------------------------
CASES = [(g, i) for g in GAMES for i in range(len(configs_of(g)))]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("junk,words", [
    (10**100, "integer of about 101 digits"), (-10**100, "negative integer"), (True, "a bool"),
    (2.0, "a float"), ("3", "the text"), (None, "null"),
])
def test_every_field_refuses_a_wrong_value_by_name(name, junk, words):
    game = make_game(name)
    good = _save_at(game, 4)
    for f in game.state_class.FIELDS.fields:
        data = json.loads(json.dumps(good))
        v = data["state"][f.name]
        if isinstance(f, Int):
            data["state"][f.name] = junk
            where = f.name
        elif v and isinstance(f, Nested) and v[0]:
            v[0][0] = junk
            where = f"{f.name}[0][0]"
        elif v and not isinstance(f, (Nested, Frames)):
            v[0] = junk
            where = f"{f.name}[0]"
        elif v and isinstance(f, Frames) and len(v[0]) > 1:
            v[0][1] = junk
            where = f"{f.name}[0]"
        else:
            data["state"][f.name] = junk
            where = f.name
        _refused(game, data, where, words)


@pytest.mark.parametrize("name", GAMES)
def test_frames_of_unknown_kind_or_wrong_length_are_refused(name):
    game = make_game(name)
    good = _save_at(game, 2)
    for f in game.state_class.FIELDS.fields:
        if not isinstance(f, Frames):
            continue
        for frame, words in [([len(f.names)], "kind is"), ([-1], "kind is"), ("x", "non-empty list")]:
            data = json.loads(json.dumps(good))
            data["state"][f.name] = [frame]
            _refused(game, data, f"{f.name}[0]", words)
        for kind, args in f.kinds.items():
            data = json.loads(json.dumps(good))
            data["state"][f.name] = [[kind] + [0] * (len(args) + 1)]
            _refused(game, data, f"'{f.names[kind]}'", f"must have {len(args)}")


@pytest.mark.parametrize("name", GAMES)
def test_deep_nesting_and_unreadable_numbers_are_refused(name):
    game = make_game(name)
    text = game.new_initial_state().to_json()
    deep = "[" * DEEP + "]" * DEEP
    for bad in (deep, text.replace('"phase":', f'"phase":{deep},"x":', 1), text[:-1] + ',"x":' + deep + "}",
                text.replace('"phase":', '"phase":' + "9" * 5000 + ',"y":', 1)):
        with pytest.raises(StateError):
            game.state_from_json(bad)
    with pytest.raises(StateError):
        game.state_from_json(b"\xff\xfe")
    with pytest.raises(StateError):
        game.state_from_json(12)


@pytest.mark.parametrize("name", GAMES)
def test_version_and_configuration_must_match_exactly(name):
    game = make_game(name)
    good = json.loads(game.new_initial_state().to_json())
    v = game.info.version
    for version in (float(v), bool(v), str(v), None):
        _refused(game, dict(good, version=version), "version")
    n_key = next(k for k in good["config"] if k.startswith("num_"))
    loose = dict(good["config"], **{n_key: float(good["config"][n_key])})
    _refused(game, dict(good, config=loose), "configuration")
    _refused(game, dict(good, config=None), "configuration")
    _refused(game, dict(good, extra=1), "unknown key")
    _refused(game, {k: v for k, v in good.items() if k != "state"}, "no 'state'")
    _refused(game, dict(good, state=[]), "must be an object of fields")


@pytest.mark.parametrize("name,i", CASES, ids=[f"{g}-{i}" for g, i in CASES])
def test_saves_through_whole_games_load_back(name, i):
    """No false refusal: every save of seeded random games (decisions and chance nodes) loads
    and saves back the same text."""
    game = make_game(name, **configs_of(name)[i])
    rng = np.random.default_rng(i)
    s = game.new_initial_state()
    for _ in random_play(s, rng):
        text = s.to_json()
        assert game.state_from_json(text).to_json() == text
    text = s.to_json()
    assert game.state_from_json(text).to_json() == text
