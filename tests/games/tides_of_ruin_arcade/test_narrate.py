"""What ``boardgym play`` says happened after each step (narrate.py): the encounter revealed,
each Destiny draw, and each encounter's resolution with what it did to the crew since the
reveal: passed / mastered by the TR-MAST-2 margin, failed with the wounds of TR-BASE-CHAL-4."""
import pytest

from boardgym.core import CHANCE
from boardgym.games.tides_of_ruin_arcade import actions as A
from boardgym.games.tides_of_ruin_arcade import make_narrator
from boardgym.games.sleeping_gods.kinds import D_MODIFY

from .helpers import GUNNER, KNO, NAVIGATOR, SURGEON, challenge_id, game, to_prep


class Told:
    """Applies actions and chance outcomes, keeping every line the narrator says."""

    def __init__(self, s):
        self.s, self.narrate, self.lines = s, make_narrator(), []

    def __call__(self, a):
        before = self.s.clone()
        self.s.apply(a)
        self.lines += self.narrate(before, self.s)


def _reveal(told, card):
    s = told.s
    while s.pend and not s.cq:
        told(A.CONFIRM)
    assert s.current_player == CHANCE
    told(card)


@pytest.mark.parametrize("difficulty,draw,word,total", [
    ("intermediate", 3, "mastered", 8),   # 8 >= 6 + 2 (TR-MAST-1,2)
    ("intermediate", 2, "passed", 7),     # 7 succeeds, short of 6 + 2
    ("hard", 3, "passed", 8),             # 8 < 6 + 4
])
def test_a_challenge_says_passed_or_mastered_with_its_total(difficulty, draw, word, total):
    s = game(difficulty=difficulty).new_initial_state()
    to_prep(s)
    s.hp[NAVIGATOR] -= 1
    s.invalidate()
    told = Told(s)
    card = challenge_id(s, KNO, 6)
    name = s.game.content.challenges[card].name
    _reveal(told, card)
    assert told.lines[-1] == f"Revealed: challenge {name} (knowledge 6)"
    told(A.CREW + NAVIGATOR)
    told(A.CREW + SURGEON)
    told(A.CONFIRM)
    told(draw)
    assert told.lines[-1] == f"Destiny draws {draw}"
    assert s.pend[-1][0] == D_MODIFY
    told(A.CONFIRM)
    nav, sur = s.game.content.crew[NAVIGATOR], s.game.content.crew[SURGEON]
    line = next(x for x in told.lines if x.startswith(name + " "))
    assert line.startswith(f"{name} {word} (total {total} of 6): ")
    # joining cost each participant 1 fatigue (TR-BASE-CHAL-1); mastery healed the Navigator
    assert f"{nav.role} {nav.name} " in line and "+1 fatigue" in line and f"{sur.role} {sur.name} +1 fatigue" in line
    assert (f"+1 HP ({s.max_hp(NAVIGATOR)}/{s.max_hp(NAVIGATOR)})" in line) == (word == "mastered")


def test_a_failed_challenge_names_the_wounds():
    """TR-BASE-CHAL-4: the Gunner (KNO 0) alone fails KNOWLEDGE 6 and takes its 2 wounds."""
    s = game().new_initial_state()
    to_prep(s)
    told = Told(s)
    card = challenge_id(s, KNO, 6)
    name = s.game.content.challenges[card].name
    _reveal(told, card)
    told(A.CREW + GUNNER)
    told(A.CONFIRM)
    told(0)
    told(A.CONFIRM)
    g = s.game.content.crew[GUNNER]
    hp = s.max_hp(GUNNER)
    assert told.lines[-1] == f"{name} failed (total 0 of 6): {g.role} {g.name} -2 HP ({hp - 2}/{hp}), +1 fatigue"


def test_a_challenge_nobody_joins_leaves_the_crew_unhurt_when_it_only_tires():
    s = game().new_initial_state()
    to_prep(s)
    told = Told(s)
    card = next(c for c in s.game.content.challenges if c.failure[0] == 1)
    _reveal(told, card.id)
    told(A.CONFIRM)
    while s.current_player == CHANCE or s.pend[-1][0] == D_MODIFY:
        told(s.chance_outcomes()[0][0] if s.current_player == CHANCE else A.CONFIRM)
    assert told.lines[-1].startswith(f"{card.name} failed (total ")
    assert told.lines[-1].endswith(": the crew is unhurt")


def test_the_hand_over_is_said_in_words():
    """TR-REW-3: with a card open, CONFIRM hands the window round; the others' CONFIRM passes it on."""
    from boardgym.games.tides_of_ruin_arcade import describe_action

    from .helpers import reward_id

    s = game(num_players=2).new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "naval_dockyard"))
    s.apply(A.USE_REWARD + s.rewards.index(reward_id(s, "naval_dockyard")))
    assert describe_action(s, A.CONFIRM).startswith("hand the window round")
    s.apply(A.CONFIRM)
    assert describe_action(s, A.CONFIRM) == "pass (the window goes on round, the reward card stays open)"
