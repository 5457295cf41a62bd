"""The end of the game (TR-END-2..4), rewards (spec §4) and what a player's observation may not
depend on (hidden hands, unseen cards)."""
import numpy as np
import pytest

from boardgym.core import CHANCE
from boardgym.games.tides_of_ruin_arcade import actions as A
from boardgym.games.tides_of_ruin_arcade.kinds import D_PREP, PH_OVER, PH_SCORING
from boardgym.games.tides_of_ruin_arcade.scoring import score

from .helpers import (CAPTAIN, combat_id, game, legal, pass_window, play_until, reveal, to_combat_window,
                      to_prep)


def test_all_crew_down_on_turn_3_stops_the_game():
    """TR-END-2: the game stops at once when every crew member is at 0 HP (the turn-3 combat):
    no +50, no scoring window, the sparse reward is −1."""
    s = game().new_initial_state()
    to_prep(s)
    to_combat_window(s)
    assert s.turn == 3
    s.hp = [1, 0, 0, 0, 0]
    s.invalidate()
    reveal(s, combat_id(s, "eel_holes"))
    s.apply(A.CREW + CAPTAIN)
    s.apply(A.ENEMY + 0)  # the eel's First Strike counterattacks first: 1 + 1 power
    while not s.is_terminal():
        if s.current_player == CHANCE:
            s.apply(s.chance_outcomes()[0][0])
        else:
            s.apply(A.CONFIRM if A.CONFIRM in legal(s) else min(legal(s)))
    assert s.phase == PH_OVER and s.turn == 3 and not s.survived and s.deck
    assert s.returns() == [-1.0]
    assert score(s) == 10 * len(s.won) - sum(s.max_hp(c) for c in range(5)) - sum(s.res) + s.xp_gained


def test_the_195_point_example():
    """TR-END-4 (spec §6): short intermediate, 5 successes; 4 wounds, 1 status, 3 fatigue; 3 XP;
    survived: 50 − 8 + 3 + 50 + 100 = 195."""
    s = game(difficulty="intermediate", reward="score").new_initial_state()
    s.won = [0, 1, 2, 3, 50]
    s.lost = [51]
    s.hp = [s.max_hp(c) for c in range(5)]
    s.hp[0] -= 3
    s.hp[2] -= 1
    s.status = [0, 1, 0, 0, 0]
    s.res = [1, 0, 2, 0, 0]
    s.xp_gained, s.survived, s.over = 3, 1, 1
    assert score(s) == 195
    assert s.returns() == [pytest.approx(195 / 300)]


def _to_scoring(seed=2, **cfg):
    s = game(**cfg).new_initial_state()
    return play_until(s, lambda s: s.phase == PH_SCORING and s.pend and not s.cq, seed)


def test_scoring_window_cooking_heals_for_points():
    """TR-END-3: after the final battle, once the deck ran out, a scoring window: the Stew (2
    food) heals every crew member 1 wound: 5 wounds removed, score +5. Only OM spends, cooking
    and reward cards are offered there."""
    s = _to_scoring()
    assert s.survived and not s.deck and s.pend[-1][0] == D_PREP
    stew = next(a.id for a in s.game.content.adventure if a.key == "salt_fish_stew")
    s.food, s.om, s.hp = 2, [0], [s.max_hp(c) - 1 for c in range(5)]
    s.hand[0] = [0]
    s.invalidate()
    before = score(s)
    assert A.ADVENTURE + stew in legal(s) and A.HAND not in legal(s) and A.XP_TRAIN not in legal(s)
    s.apply(A.ADVENTURE + stew)
    assert score(s) == before + 5 and s.food == 0
    pass_window(s)
    assert s.is_terminal() and s.returns() == [1.0]


def test_every_player_may_act_in_the_scoring_window():
    """TR-END-3: the scoring window is a preparation window: it passes round the table and ends
    only once every player has passed in a row. With 2 players, the active player's pass hands
    the window to the other, whose pass ends the game."""
    s = _to_scoring(num_players=2)
    assert s.pend[-1] == (D_PREP, s.active, 0, 0)
    first = s.active
    s.apply(A.CONFIRM)
    assert not s.is_terminal() and s.pend[-1][:2] == (D_PREP, 1 - first)
    s.apply(A.CONFIRM)
    assert s.is_terminal() and s.phase == PH_OVER


@pytest.mark.parametrize("reward", ["sparse", "score", "shaped"])
def test_reward_modes(reward):
    """Spec §4: sparse +1 survived; score = TR-END-4 / 300; shaped the same with Φ = score / 300."""
    s = _to_scoring(reward=reward)
    pass_window(s)
    want = {"sparse": 1.0, "score": score(s) / 300, "shaped": score(s) / 300}[reward]
    assert s.returns() == [pytest.approx(want)]
    assert s.potential(0) == (pytest.approx(score(s) / 300) if reward == "shaped" else 0.0)


def test_hidden_hands_hide_other_hands_faces():
    """Spec §4: with hidden_hands a player's observation does not depend on another player's
    hand faces (their sizes show); without it, it does."""
    for hidden in (True, False):
        s = game(num_players=2, hidden_hands=hidden).new_initial_state()
        to_prep(s)
        mine = s.observation(0).copy()
        sizes = s.observation_dict(0)["players"].copy()
        s.hand[1] = [14, 14]
        s.invalidate()
        assert np.array_equal(s.observation(0), mine) == hidden
        s.hand[1] = [14]
        s.invalidate()
        assert not np.array_equal(s.observation_dict(0)["players"], sizes)  # the size shows



def _ended(difficulty, reward, won, wounds):
    """A finished short game: ``won`` successes, ``wounds`` wounds on the Captain, survived."""
    s = game(difficulty=difficulty, reward=reward).new_initial_state()
    s.won = list(range(won))
    s.hp = [s.max_hp(c) for c in range(5)]
    s.hp[CAPTAIN] -= wounds
    s.status, s.res = [0] * 5, [0] * 5
    s.xp_gained, s.survived, s.over = 0, 1, 1
    return s


@pytest.mark.parametrize("reward", ["score", "shaped"])
def test_score_reward_is_clipped_to_one(reward):
    """Spec §4: ``score`` is TR-END-4 / 300, clipped to [−1, 1] (the game's doc), and so is Φ with
    ``shaped``. Hard, 12 successes, no wound, survived: 120 + 50 + 200 = 370 points, reward 1."""
    s = _ended("hard", reward, won=12, wounds=0)
    assert score(s) == 370
    assert s.returns() == [1.0]
    assert s.potential(0) == (1.0 if reward == "shaped" else 0.0)


@pytest.mark.parametrize("reward", ["score", "shaped"])
def test_a_negative_score_gives_a_negative_reward(reward):
    """TR-END-4: "each wound ... −1"; easy (no bonus), no success, not survived (no +50), the
    Captain's 3 wounds: −3 points, and the reward −3 / 300 (spec §4: score / 300), not 0."""
    s = _ended("easy", reward, won=0, wounds=3)
    s.survived = 0
    assert score(s) == -3
    assert s.returns() == [pytest.approx(-3 / 300)]
    assert s.potential(0) == (pytest.approx(-3 / 300) if reward == "shaped" else 0.0)


@pytest.mark.parametrize("reward", ["sparse", "score", "shaped"])
def test_no_reward_before_the_end(reward):
    """Spec §4: the rewards are terminal ("+1 for surviving", "TR-END-4 / 300"): in the first
    preparation window, with the crew wounded and the score below 0, every seat's return is 0."""
    s = game(num_players=2, reward=reward).new_initial_state()
    to_prep(s)
    s.hp[CAPTAIN] -= 3
    s.invalidate()
    assert score(s) < 0 and not s.is_terminal()
    assert s.returns() == [0.0, 0.0]
