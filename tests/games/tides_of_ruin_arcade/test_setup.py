"""Setup and the deck (TR-SETUP, TR-BASE-SETUP, TR-BASE-CREW), options, and what stays hidden."""
import json

import pytest

from boardgym.core import CHANCE
from boardgym.core.errors import ConfigError
from boardgym.games.tides_of_ruin_arcade import actions as A
from boardgym.games.tides_of_ruin_arcade.kinds import (BACK_COMBAT, BACK_REWARD, CH_ARCADE, D_PLACE_CARD,
                                                       D_PREP, D_START_PICK, PH_OVER, PH_SETUP)
from boardgym.games.tides_of_ruin_arcade.cards import om_supply_left
from tests.games.soundness import random_play

from .helpers import (CAPTAIN, GUNNER, NAVIGATOR, challenge_id, first_outcome, game, legal, outcome,
                      pass_window, to_prep)


def test_short_deck_shape_turns_and_reward_turns():
    """TR-SETUP-5: short is R C C Cb R C C Cb (the Boss beneath the last combat); 6 turns;
    reward cards come on turns 1 and 4 (TR-TURN-1)."""
    g = game(length="short")
    assert g.deck_backs == (0, 1, 1, 2, 0, 1, 1, 2)
    s = g.new_initial_state()
    reward_turns = []
    from boardgym.agents.heuristics.tides_of_ruin_arcade import TidesHeuristicAgent

    agent = TidesHeuristicAgent(seed=1, strict=True)
    import numpy as np

    rng = np.random.default_rng(3)
    for _ in random_play(s, rng, lambda s: agent.act(None, s.legal_mask().copy(), s)):
        if s.current_player == CHANCE and s.cq[0] == (CH_ARCADE, BACK_REWARD):
            reward_turns.append(s.turn)
    assert s.survived and s.turn == 6
    assert reward_turns == [1, 4]
    assert len(s.won) + len(s.lost) == 6


def test_ultimate_deck_has_40_cards_10_of_them_rewards():
    """TR-SETUP-4: ultimate uses all 20 challenges and 10 combats, 1 reward per 3 encounters."""
    g = game(length="ultimate")
    assert len(g.deck_backs) == 40 and g.deck_backs.count(BACK_REWARD) == 10
    assert g.deck_backs.count(1) == 20 and g.deck_backs.count(BACK_COMBAT) == 10
    assert g.deck_backs[-1] == BACK_COMBAT  # the final battle is the bottom card
    for length, (ch, cb) in {"medium": (8, 4), "long": (12, 6), "epic": (16, 8)}.items():
        backs = game(length=length).deck_backs
        assert (backs.count(1), backs.count(2), backs.count(0)) == (ch, cb, (ch + cb) // 3)


@pytest.mark.parametrize("difficulty,picks", [("easy", 4), ("intermediate", 2), ("hard", 1)])
def test_starting_adventure_cards_by_difficulty(difficulty, picks):
    """TR-SETUP-2: easy gets all 4, intermediate chooses exactly 2, hard 1, after the starting
    skill cards are dealt."""
    s = game(difficulty=difficulty).new_initial_state()
    while s.current_player == CHANCE:
        first_outcome(s)
    assert [len(h) for h in s.hand] == [2]  # dealt first
    starting = set(s.game.content.starting)
    if picks == 4:
        chosen = sorted(starting)
        assert sorted(s.picked) == chosen
        assert s.pend[-1][0] == D_PLACE_CARD  # weapons and items are placed
    else:
        assert s.pend[-1][0] == D_START_PICK
        chosen = []
        while s.pend and s.pend[-1][0] == D_START_PICK:
            offered = {a - A.ADVENTURE for a in legal(s)}
            assert offered == starting - set(chosen)  # no un-pick: a taken card is not offered again
            a = min(legal(s))  # the weapons first: intermediate and hard take no recipe
            chosen.append(a - A.ADVENTURE)
            s.apply(a)
        assert sorted(s.picked) == sorted(chosen) and len(chosen) == picks
    while s.pend and s.pend[-1][0] == D_PLACE_CARD:
        s.apply(A.CONFIRM)  # into the stash
    # once the cards taken are placed, setup is over: no second round of picks, whether or not
    # a recipe was among them
    assert s.phase != PH_SETUP and all(f[0] != D_START_PICK for f in s.pend)
    assert sorted(s.picked) == sorted(chosen) and sorted(s.stash + s.recipes) == sorted(chosen)


def test_three_players_get_12_om_and_6_skill_cards():
    """TR-SETUP-3: 4 OM and 2 skill cards per player; TR-BASE-CREW: 3 players split 1/1/2."""
    s = game(num_players=3).new_initial_state()
    while s.current_player == CHANCE:
        first_outcome(s)
    assert sum(s.om) == 12 and sum(len(h) for h in s.hand) == 6
    owners = [s.controller(c) for c in range(5)]
    assert owners[CAPTAIN] == s.active
    assert sorted(owners[1:].count(p) for p in range(3)) == [1, 1, 2]
    s2 = game(num_players=2).new_initial_state()
    assert [s2.controller(c) for c in range(1, 5)].count(0) == 2  # 2 players: 2 + 2


@pytest.mark.parametrize("players", [1, 4])
def test_the_supply_holds_30_order_markers(players):
    """TR-BASE-SETUP 8: "supply: ... OM (30)": after 4 are dealt to each player (TR-SETUP-3), the
    rest stay in the supply (what the team may still gain)."""
    s = game(num_players=players).new_initial_state()
    to_prep(s)
    assert s.game.om_supply == 30 and om_supply_left(s) == 30 - 4 * players


def test_setup_state_and_the_first_window():
    """TR-BASE-SETUP: crew at max HP, 0 fatigue, no status; the team with 0 food, coins and XP;
    the first window belongs to the active player, after the turn's reward card is taken."""
    s = game().new_initial_state()
    to_prep(s)
    assert s.hp == [c.hp for c in s.game.content.crew] and s.res == [0] * 5 and s.status == [0] * 5
    assert (s.food, s.coins, s.xp_gained) == (0, 0, 0)
    assert s.pend[-1][:2] == (D_PREP, 0) and s.turn == 1 and len(s.rewards) == 1
    assert s.deck[0] == 1  # the challenge of turn 1 is on top


def test_captain_passes_left_each_turn():
    """TR-TURN-4: the active player (Captain token) moves to the left after each turn."""
    s = game(num_players=3).new_initial_state()
    to_prep(s)
    assert s.active == 0 and s.controller(CAPTAIN) == 0
    pass_window(s)
    outcome(s, challenge_id(s, 0, 5))
    while s.active == 0 and not s.is_terminal():
        if s.current_player == CHANCE:
            first_outcome(s)
        else:
            s.apply(A.CONFIRM if s.legal_mask()[A.CONFIRM] else min(legal(s)))
    assert s.active == 1 and s.controller(CAPTAIN) == 1
    assert s.controller(NAVIGATOR) == 0 and s.controller(GUNNER) == 1


@pytest.mark.parametrize("bad", [{"num_players": 5}, {"num_players": True}, {"difficulty": "nightmare"},
                                 {"length": "tiny"}, {"flee_allowed": "yes"}, {"hidden_hands": 1},
                                 {"max_combat_rounds": 0}, {"om_supply": 3}, {"max_free_moves": -1},
                                 {"reward": "dense"}, {"content_pack": 7}])
def test_bad_options_are_refused_by_name(bad):
    with pytest.raises(ConfigError, match=next(iter(bad))):
        game(**bad)


def test_a_reveal_draws_from_every_unseen_card_of_its_back():
    """TR-SETUP-5 / hidden information: no order is stored; the face of a short game's first
    challenge is drawn from all 20 challenges (the unused cards are unseen too), evenly."""
    s = game().new_initial_state()
    to_prep(s)
    assert "deck" in json.loads(s.to_json())["state"] and s.deck == list(s.game.deck_backs[1:])
    pass_window(s)
    outs = s.chance_outcomes()
    assert s.cq[0] == (CH_ARCADE, 1) and len(outs) == 20
    assert all(abs(p - 1 / 20) < 1e-12 for _, p in outs)
    outcome(s, 7)
    assert s.seen_ch[7] == 1 and s.enc_id == 7
    assert s.redeterminize(0, None).to_json() == s.to_json()


def test_a_game_ends_and_refuses_actions():
    s = game().new_initial_state()
    to_prep(s)
    from boardgym.games.tides_of_ruin_arcade.flow import end_game

    end_game(s)
    assert s.phase == PH_OVER and s.is_terminal() and s.returns() == [-1.0]
