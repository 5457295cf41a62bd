"""Driving a Tides of Ruin Arcade state in scripted tests: chance outcomes are set by hand (a
chosen card face, a chosen Destiny value), decisions through ``apply`` and the masks."""
from __future__ import annotations

import numpy as np

from boardgym.core import CHANCE
from boardgym.games import make_game
from boardgym.games.tides_of_ruin_arcade import actions as A
from boardgym.games.tides_of_ruin_arcade.kinds import (CH_ARCADE, CH_SKILL, D_PLACE_CARD, D_PREP,
                                                       D_START_PICK)
from boardgym.games.sleeping_gods.kinds import CH_ROLL

CAPTAIN, NAVIGATOR, GUNNER, SURGEON, COOK = range(5)
STR, CUN, PER, CRA, KNO = range(5)


def game(**cfg):
    return make_game("tides_of_ruin_arcade", **cfg)


def legal(s) -> set[int]:
    return set(np.flatnonzero(s.legal_mask()).tolist())


def outcome(s, value) -> None:
    """Resolve the pending chance node with ``value``."""
    assert s.current_player == CHANCE, "no chance node pending"
    assert value in {o for o, _ in s.chance_outcomes()}, f"{value} is not an outcome of {s.cq[0]}"
    s.apply(value)


def first_outcome(s) -> None:
    s.apply(s.chance_outcomes()[0][0])


def challenge_id(s, skill: int, number: int) -> int:
    return next(c.id for c in s.game.content.challenges if c.skill == skill and c.number == number)


def combat_id(s, key: str) -> int:
    return next(c.id for c in s.game.content.combats if c.key == key)


def reward_id(s, key: str) -> int:
    return next(c.id for c in s.game.content.rewards if c.key == key)


def to_prep(s, reward: int | None = None, skill: int = 0) -> None:
    """From setup to the first preparation window: skill cards of kind ``skill`` where
    possible, the lowest starting cards picked, every card left in the stash, the turn's reward
    card ``reward`` (or the first)."""
    while not (s.pend and s.pend[-1][0] == D_PREP and not s.cq):
        if s.current_player == CHANCE:
            kind, arg = s.cq[0]
            outs = {o for o, _ in s.chance_outcomes()}
            if kind == CH_SKILL and skill in outs:
                s.apply(skill)
            elif kind == CH_ARCADE and reward is not None:
                s.apply(reward)
            else:
                first_outcome(s)
            continue
        f = s.pend[-1]
        if f[0] == D_START_PICK:
            s.apply(min(legal(s)))
        elif f[0] == D_PLACE_CARD:
            s.apply(A.CONFIRM)
        else:
            raise AssertionError(f"unexpected decision {f}")


def pass_window(s) -> None:
    """Every seat passes the open window (the preparation or scoring window)."""
    while s.pend and s.pend[-1][0] == D_PREP and not s.cq:
        s.apply(A.CONFIRM)


def reveal(s, card: int) -> None:
    """The preparation window is passed and the turn's encounter is ``card``."""
    pass_window(s)
    assert s.cq and s.cq[0][0] == CH_ARCADE
    outcome(s, card)


def destiny(s, value: int) -> None:
    assert s.cq and s.cq[0][0] == CH_ROLL
    outcome(s, value)


def skip_challenge(s) -> None:
    """Pass the window, reveal a challenge whose failure only tires its participants, join
    nobody, and play on to the next window (or the end)."""
    from boardgym.games.tides_of_ruin_arcade.kinds import PH_PREP

    turn = s.turn
    card = next(c.id for c in s.game.content.challenges if c.failure[0] == 1 and not s.seen_ch[c.id])
    reveal(s, card)
    while not s.is_terminal() and not (s.turn > turn and s.phase == PH_PREP and not s.cq):
        if s.current_player == CHANCE:
            first_outcome(s)
        else:
            s.apply(A.CONFIRM if s.legal_mask()[A.CONFIRM] else min(legal(s)))


def to_combat_window(s) -> None:
    """Skip challenges until the next card is a combat (its turn's window open)."""
    from boardgym.games.tides_of_ruin_arcade.kinds import BACK_COMBAT

    while s.deck[0] != BACK_COMBAT:
        skip_challenge(s)


def play_until(s, done, seed: int):
    """Play with the heuristic (seeded chance) until ``done(s)``; the game must not end first."""
    from boardgym.agents.heuristics.tides_of_ruin_arcade import TidesHeuristicAgent
    from tests.games.soundness import random_play

    agent = TidesHeuristicAgent(seed=seed, strict=True)
    for _ in random_play(s, np.random.default_rng(seed), lambda s: agent.act(None, s.legal_mask().copy(), s)):
        if done(s):
            return s
    assert done(s), "the game ended first"
    return s


SAVE_CONFIGS = ((("num_players", 1),), (("num_players", 2),), (("num_players", 1), ("difficulty", "easy")))


def find_save(pred):
    """The first saved state of seeded random games (solo, 2 players, solo on easy; seeds 0-2)
    whose ``state`` fields ``pred`` accepts: (its game, its data to edit). The saved-state tests
    of this game and of the Sleeping Gods core it plays share this pool."""
    from tests.games.saved_pool import find

    return find("tides_of_ruin_arcade", SAVE_CONFIGS, (0, 1, 2), pred)
