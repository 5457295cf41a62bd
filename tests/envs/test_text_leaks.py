"""No seat's text tells what it may not know, over every registered game and its test configs,
as for the observation vectors:

- a state whose hidden parts are re-drawn for a seat (``redeterminize``: what that seat has not
  seen, such as the other groups' dealt cards) gives that seat the same prompt;
- while a simultaneous choice is open, the others are told and see the same whichever option a
  seat commits (Paleo's cards chosen in secret);
- with hidden hands (Tides of Ruin), another player's hand faces change nothing a seat reads.
"""
from __future__ import annotations

import numpy as np
import pytest

from boardgym.core.game import CHANCE
from boardgym.envs.registry import registry
from boardgym.envs.registry import test_configs as configs_of
from boardgym.envs.text_view import TextLog, prompt
from boardgym.games import make_game
from boardgym.terminal.words import Words
from tests.games.soundness import random_play

GAMES = list(registry()["games"])


def _states(game, seed: int, steps: int = 400):
    """Every state (chance nodes and decisions) of a random seeded game, cloned."""
    rng = np.random.default_rng(seed)
    return [s.clone() for s in random_play(game.new_initial_state(), rng, max_steps=steps)]


def _seat_text(state, seat: int, words: Words) -> str:
    if state.current_player == seat:
        return prompt(state, seat, words, [], state.game.info.title)
    return words.table(state, seat)


def _told(game_name: str, before, after, actor: int, action: int | None) -> list[list[str]]:
    """The lines each seat is told of one step (a fresh log: the same for both branches)."""
    log = TextLog(game_name, before.game.num_players)
    if action is None:
        log._tell(before, after)
    else:
        log.moved(before, after, actor, action)
    return log.lines


@pytest.mark.parametrize("name", GAMES)
def test_redrawn_hidden_parts_leave_every_prompt(name):
    words = Words(name)
    resampled = 0
    for i, cfg in enumerate(configs_of(name)[:4]):
        game = make_game(name, **cfg)
        rng = np.random.default_rng(i)
        for s in _states(game, i)[::25]:
            if s.current_player == CHANCE:
                continue
            for p in range(game.num_players):
                d = s.redeterminize(p, rng)
                resampled += d.to_json() != s.to_json()
                assert _seat_text(d, p, words) == _seat_text(s, p, words), f"config {cfg}, seat {p}"
    if game.new_initial_state().redraws_hidden():
        assert resampled > 0  # the game re-draws hidden parts: the comparison was not vacuous


@pytest.mark.parametrize("name", GAMES)
def test_a_secret_choice_is_not_told(name):
    """While a simultaneous choice is open (Paleo's groups choosing their cards), the other
    seats are told the same words and see the same table whichever option a seat commits."""
    words = Words(name)
    open_choices = compared = 0
    for i, cfg in enumerate(configs_of(name)[:4]):
        game = make_game(name, **cfg)
        rng = np.random.default_rng(10 + i)
        for s in _states(game, 10 + i):
            if s.current_player < 0 or len(s.acting_players()) < 2:
                continue
            open_choices += 1
            actor = s.current_player
            legal = [int(a) for a in np.flatnonzero(s.legal_mask())]
            if len(legal) < 2:
                continue
            pair = [int(x) for x in rng.choice(legal, 2, replace=False)]
            after, told = [], []
            for x in pair:
                t = s.clone()
                t.apply(x)
                after.append(t)
                told.append(_told(name, s, t, actor, x))
            if not set(after[0].acting_players()) < set(s.acting_players()):
                continue  # not a commitment among several: the choice was revealed at once
            compared += 1
            for q in range(game.num_players):
                if q != actor:
                    assert told[0][q] == told[1][q], f"config {cfg}: seat {q} is told seat {actor}'s secret"
                    assert _seat_text(after[0], q, words) == _seat_text(after[1], q, words)
            assert told[0][actor] != told[1][actor]  # the seat itself is told what it chose
    assert compared > 0 or open_choices == 0


def test_hidden_hands_are_not_told():
    """Tides of Ruin with ``hidden_hands``: another player's hand faces change neither the
    prompt of a seat nor what it is told of that player's draw (as its observation vector)."""
    from boardgym.core.replay import random_walk

    name = "tides_of_ruin_arcade"
    game = make_game(name, num_players=2, hidden_hands=True)
    words = Words(name)
    s = next(st for st in random_walk(game, np.random.default_rng(0))
             if all(st.hand) and st.current_player == 0)
    t = s.clone()
    t.hand[1] = [x for x in range(len(game.content.skills)) if x not in s.hand[1]][:len(s.hand[1])]
    t.invalidate()
    assert np.array_equal(t.observation(0), s.observation(0))
    assert _seat_text(t, 0, words) == _seat_text(s, 0, words)
    before = s.clone()
    before.hand[1] = before.hand[1][:-1]
    before.invalidate()
    other = before.clone()
    other.hand[1] = t.hand[1][:-1]
    other.invalidate()
    assert _told(name, before, s, CHANCE, None)[0] == _told(name, other, t, CHANCE, None)[0]
