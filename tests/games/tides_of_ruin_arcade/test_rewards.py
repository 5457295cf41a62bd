"""Reward cards (TR-REW-1..4, TR-BASE-REWARD) and the preparation window (TR-TURN-2,
TR-BASE-OM, TR-BASE-SKILL, TR-BASE-ADV-4, TR-BASE-COND-4,6)."""
import pytest

from boardgym.core import CHANCE
from boardgym.games.tides_of_ruin_arcade import actions as A
from boardgym.games.tides_of_ruin_arcade.kinds import (OM_COSTS, ADV_MARKET, CH_ADV, CH_SKILL, D_DISCARD, D_MARKET,
                                                       D_PREP, D_UNITS, U_OM, U_SKILL)
from boardgym.games.sleeping_gods.kinds import VENOM

from .helpers import (GUNNER, NAVIGATOR, challenge_id, first_outcome, game, legal, outcome, pass_window,
                      reward_id, to_prep)

OM, SKILL_CARDS, HEAL, FATIGUE, STATUS, XP, FOOD, COINS, RECOVER, ADV = range(10)


def _item(s, kind):
    """The REWARD_ITEM action of the open card's reward of this kind."""
    ks = [k for k, _ in s.game.content.rewards[s.rw_open].rewards]
    return A.REWARD_ITEM + ks.index(kind)


def _settle(s):
    """Resolve draws (first outcome) and forced discards (the first card) until a window rests."""
    while s.current_player == CHANCE or s.pend[-1][0] == D_DISCARD:
        if s.current_player == CHANCE:
            first_outcome(s)
        else:
            s.apply(A.HAND)


def _open(s, key):
    r = reward_id(s, key)
    if r not in s.rewards:
        s.rewards.append(r)
        s.seen_rw[r] = 1
    s.invalidate()
    s.apply(A.USE_REWARD + s.rewards.index(r))
    assert s.rw_open == r


def _fair_winds_hands_three_and_one():
    """2 players in a Port whose reward is Fair Winds, hands 3/1 (player 0: cards 5, 6, 7;
    player 1: card 8), the card opened."""
    s = game(num_players=2).new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "fair_winds"))
    s.hand = [[5, 6, 7], [8]]
    s.invalidate()
    _open(s, "fair_winds")
    return s


def _at_the_market(coins: int, **config):
    """A Port whose reward is the Floating Bazaar, the crew holding ``coins``, its Market chosen."""
    s = game(**config).new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "floating_bazaar"))
    s.coins = coins
    s.invalidate()
    _open(s, "floating_bazaar")
    s.apply(A.MARKET)
    return s


@pytest.mark.parametrize("difficulty,quota", [("easy", 6), ("intermediate", 5), ("hard", 4)])
def test_quota_then_the_card_is_discarded(difficulty, quota):
    """TR-REW-2: all 6 on easy, exactly 5 on intermediate, 4 on hard; then REWARD_ITEM is masked
    and the card is discarded. Items already taken are masked (TR-BASE-REWARD)."""
    s = game(difficulty=difficulty).new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "fair_winds"))
    _open(s, "fair_winds")
    card = s.rw_open
    for k in range(quota):
        assert A.REWARD_ITEM + k in legal(s)
        assert A.CONFIRM not in legal(s)  # TR-REW-1: a card in use is finished before the reveal
        s.apply(A.REWARD_ITEM + k)
        _settle(s)
        if k < quota - 1:
            assert A.REWARD_ITEM + k not in legal(s)
    assert s.rw_open == -1 and s.rw_disc == [card] and card not in s.rewards
    assert not any(A.REWARD_ITEM <= a < A.REWARD_ITEM + 6 for a in legal(s))
    assert A.CONFIRM in legal(s)


def test_rewards_are_used_in_the_window_only():
    """TR-REW-1: the reward taken on turn 1 is usable in turn 1's window; after the reveal it is
    not (the challenge's decisions offer no USE_REWARD)."""
    s = game().new_initial_state()
    to_prep(s)
    assert len(s.rewards) == 1 and A.USE_REWARD in legal(s)
    pass_window(s)
    outcome(s, challenge_id(s, 4, 6))
    assert not any(A.USE_REWARD <= a < A.USE_REWARD + 10 for a in legal(s))


def test_split_order_markers_and_skill_cards_between_players():
    """TR-REW-4 (spec §6): 2 players, ready OM 4/4, hands 3/1; 7 OM split 7/0 gives 11/4; 4 skill
    cards split 4/0: player 0 holds 7 and discards 4 of its choice, hands 3/1. Each card is
    assigned before any is drawn."""
    s = game(num_players=2).new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "fair_winds"))
    s.hand = [[5, 6, 7], [8]]
    s.sk_disc = [0] * len(s.sk_disc)
    s.invalidate()
    _open(s, "fair_winds")
    s.apply(_item(s, OM))
    assert s.pend[-1][0] == D_UNITS and s.pend[-1][2] == U_OM
    for _ in range(7):
        s.apply(A.PLAYER + 0)
    assert s.om == [11, 4]
    s.apply(_item(s, SKILL_CARDS))
    for k in range(4):
        assert s.pend[-1][:3] == (D_UNITS, 0, U_SKILL) and not s.cq  # nothing drawn yet
        s.apply(A.PLAYER + 0)
    assert [e[0] for e in s.cq] == [CH_SKILL] * 4
    while s.current_player == CHANCE:
        first_outcome(s)
    assert len(s.hand[0]) == 7 and s.pend[-1][:2] == (D_DISCARD, 0)
    kept = s.hand[0][4:]
    for _ in range(4):
        s.apply(A.HAND + 0)
    assert [len(h) for h in s.hand] == [3, 1] and s.hand[0] == kept
    assert s.pend[-1][0] == D_PREP


def test_split_two_and_two():
    """TR-REW-4: 3/4 OM gives 7/8; 2/2 skill cards: player 0 holds 5, discards 2; hands 3/3."""
    s = _fair_winds_hands_three_and_one()
    s.apply(_item(s, OM))
    for p in [0, 0, 0, 1, 1, 1, 1]:
        s.apply(A.PLAYER + p)
    assert s.om == [7, 8]
    s.apply(_item(s, SKILL_CARDS))
    for p in [0, 0, 1, 1]:
        s.apply(A.PLAYER + p)
    while s.current_player == CHANCE:
        first_outcome(s)
    assert [len(h) for h in s.hand] == [5, 3] and s.pend[-1][:2] == (D_DISCARD, 0)
    s.apply(A.HAND + 0)
    s.apply(A.HAND + 0)
    assert [len(h) for h in s.hand] == [3, 3]


def test_spend_markers_between_rewards():
    """TR-REW-3: gain OM, spend one to equip a Drill, then recover it with the same card (the
    pack's Naval Dockyard: +6 OM and recover 3): ready 4 -> 10 -> 9 (spent 1) -> 10, spent 0."""
    s = game().new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "naval_dockyard"), skill=0)
    assert s.om == [4] and s.spent == [0] and s.game.content.skills[s.hand[0][0]].name == "Drill"
    _open(s, "naval_dockyard")
    s.apply(_item(s, OM))
    assert s.om == [10]
    s.apply(A.HAND + 0)  # equip the Drill (1 OM) ...
    s.apply(A.CREW + GUNNER)
    assert s.om == [9] and s.spent == [1] and s.equip[GUNNER] == [0]
    assert s.skill(GUNNER, 0) == 3 + 2
    s.apply(_item(s, RECOVER))  # ... and take the marker back
    assert s.om == [10] and s.spent == [0]


def test_other_players_spend_markers_between_rewards():
    """TR-REW-3 with 2 players ("you may spend Order markers between the effects"): the active
    player hands the window round between items (CONFIRM), player 1 spends OM its share of the
    card gave it, passes it back; then the active player must act before handing it round again,
    and the card's Recover returns the markers player 1 spent."""
    s = game(num_players=2).new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "naval_dockyard"))
    assert s.active == 0
    s.hp[GUNNER] -= 2
    s.invalidate()
    _open(s, "naval_dockyard")
    assert A.CONFIRM in legal(s)  # hand the window round: the card stays open
    s.apply(_item(s, OM))
    for p in [0, 0, 0, 1, 1, 1]:
        s.apply(A.PLAYER + p)
    om = list(s.om)
    s.apply(A.CONFIRM)
    assert s.pend[-1][:2] == (D_PREP, 1) and s.rw_open >= 0
    assert not any(A.REWARD_ITEM <= a < A.REWARD_ITEM + 6 for a in legal(s))  # items: the active player's
    s.apply(A.OM_HEAL)
    s.apply(A.CREW + GUNNER)
    assert s.om == [om[0], om[1] - OM_COSTS[1]] and s.spent[1] == OM_COSTS[1]  # a heal's cost
    s.apply(A.CONFIRM)  # back to the active player, the card still open
    assert s.pend[-1] == (D_PREP, 0, 0, 1) and s.rw_open >= 0
    assert A.CONFIRM not in legal(s)  # an action first: passes alone never loop
    s.apply(_item(s, RECOVER))
    while s.pend[-1][0] == D_UNITS:
        s.apply(A.PLAYER + 1)
    assert s.spent == [0, 0] and s.om[1] == om[1]
    assert A.CONFIRM in legal(s)


def test_solo_never_hands_the_window_round():
    """TR-REW-1: alone, CONFIRM stays masked while a card is open (there is no one to hand it to)."""
    s = game().new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "naval_dockyard"))
    _open(s, "naval_dockyard")
    assert A.CONFIRM not in legal(s)


def test_port_corner():
    """TR-BASE-REWARD Port: all fatigue removed, all spent OM recovered, every crew member heals
    1; optional, once per card use, not one of the 6."""
    s = game().new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "fair_winds"))
    s.res = [3, 2, 0, 1, 0]
    s.hp = [h - 2 for h in s.hp]
    s.om, s.spent = [1], [3]
    s.invalidate()
    _open(s, "fair_winds")
    assert A.PORT in legal(s) and A.MARKET not in legal(s)
    s.apply(A.PORT)
    assert s.res == [0] * 5 and s.om == [4] and s.spent == [0]
    assert s.hp == [c.hp - 1 for c in s.game.content.crew]
    assert A.PORT not in legal(s) and s.rw_taken == 0


def test_market_corner_buys_and_sends_the_rest_to_the_bottom():
    """TR-BASE-REWARD Market: 3 adventure cards revealed, bought at their price; blind skill
    cards at 2 coins; unbought cards go to the bottom in a public order, drawn last."""
    s = _at_the_market(coins=6)
    assert [e for e in s.cq] == [(CH_ADV, ADV_MARKET)] * 3
    c = s.game.content
    axe, gloves, broth = (next(a.id for a in c.adventure if a.key == k)
                          for k in ("boarding_axe", "tarred_gloves", "seaweed_broth"))
    for x in (axe, gloves, broth):
        outcome(s, x)
    assert s.pend[-1][0] == D_MARKET and s.market == [axe, gloves, broth]
    assert A.MARKET_SLOT + 2 in legal(s)  # the broth costs 2
    s.apply(A.MARKET_SLOT + 2)
    assert s.coins == 4 and broth in s.recipes
    s.apply(A.BUY_SKILL)
    assert s.coins == 2 and s.cq == [(CH_SKILL, 0)]  # the blind skill card is drawn at once
    first_outcome(s)
    assert s.pend[-1][0] == D_MARKET
    s.apply(A.CONFIRM)
    assert s.adv_bottom == [axe, gloves] and s.market == [] and len(s.hand[0]) == 3
    from boardgym.games.tides_of_ruin_arcade.chance_nodes import adv_outcomes

    outs = {o for o, _ in adv_outcomes(s, 0)}
    assert axe not in outs and gloves not in outs and broth not in outs  # the unseen part first
    assert len(outs) == len(c.market) - 3


def test_free_moves_are_capped_per_window():
    """TR-TURN-2: weapon and item moves are free, so at most max_free_moves (8) per window."""
    s = game().new_initial_state()
    to_prep(s)
    cutlass = s.game.content.starting[0]
    assert cutlass in s.stash
    for k in range(8):
        assert A.ADVENTURE + cutlass in legal(s)
        s.apply(A.ADVENTURE + cutlass)
        s.apply(A.CREW + k % 5)
    assert s.moves == 8
    assert A.ADVENTURE + cutlass not in legal(s) and not any(A.WEAPON_OF <= a < A.WEAPON_OF + 5 for a in legal(s))


def test_om_spends_and_training():
    """TR-BASE-OM: 2 OM remove 1 fatigue, 3 heal 1 wound; TR-BASE-COND-6: 3 XP buy +1 to one
    skill, at most +2 per crew member."""
    s = game().new_initial_state()
    to_prep(s)
    s.res[NAVIGATOR], s.hp[GUNNER] = 2, 5
    s.om = [6]
    s.xp_bank = 9
    s.invalidate()
    s.apply(A.OM_FATIGUE)
    assert legal(s) == {A.CREW + NAVIGATOR}
    s.apply(A.CREW + NAVIGATOR)
    assert s.res[NAVIGATOR] == 1 and s.om == [4] and s.spent == [2]
    s.apply(A.OM_HEAL)
    s.apply(A.CREW + GUNNER)
    assert s.hp[GUNNER] == 6 and s.om == [1]
    assert A.OM_HEAL not in legal(s) and A.OM_STATUS not in legal(s)
    for _ in range(2):
        s.apply(A.XP_TRAIN)
        s.apply(A.CREW + NAVIGATOR)
        s.apply(A.SKILL + 4)
    assert s.skill(NAVIGATOR, 4) == 3 + 2 and s.xp_bank == 3
    s.apply(A.XP_TRAIN)
    assert A.CREW + NAVIGATOR not in legal(s)  # +2 at most


def test_poison_ticks_at_each_turn_start_but_not_at_zero():
    """TR-BASE-COND-4 / TR-TURN-5: a poisoned Gunner loses 1 HP at each turn start; none at 0."""
    s = game().new_initial_state()
    to_prep(s)
    s.status[GUNNER] = 1 << VENOM
    s.invalidate()
    hp = s.hp[GUNNER]
    pass_window(s)
    outcome(s, challenge_id(s, 0, 5))  # nobody joins: fails, fatigue to no one
    s.apply(A.CONFIRM)
    first_outcome(s)
    while s.turn == 1:
        s.apply(A.CONFIRM)
    assert s.turn == 2 and s.hp[GUNNER] == hp - 1
    s.hp[GUNNER] = 0
    pass_window(s)
    outcome(s, challenge_id(s, 0, 6))
    while s.turn == 2 and not s.is_terminal():
        if s.current_player == CHANCE:
            first_outcome(s)
        else:
            s.apply(A.CONFIRM if A.CONFIRM in legal(s) else min(legal(s)))
    assert s.hp[GUNNER] == 0


def _round_trip(s):
    """A save made while this decision is pending loads back the same, and plays on."""
    saved = s.to_json()
    t = s.game.state_from_json(saved)
    assert t.to_json() == saved and legal(t) == legal(s)
    return t


def test_remove_statuses_one_crew_member_picks_each_status():
    """TR-BASE-REWARD "Remove statuses 1-2" (here Friendly Harbour's 2), handed out one unit at a
    time (TR-REW-4): only the Gunner has statuses (venom, frightened), so both units go to him
    and he picks which status each removes; the second unit is not lost; the Captain is untouched."""
    from boardgym.games.sleeping_gods.kinds import FRIGHTENED
    from boardgym.games.tides_of_ruin_arcade.kinds import D_PICK_STATUS

    s = game().new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "friendly_harbour"))
    s.status = [0, 0, (1 << VENOM) | (1 << FRIGHTENED), 0, 0]
    s.invalidate()
    _open(s, "friendly_harbour")
    s.apply(_item(s, STATUS))
    assert s.pend[-1] == (D_PICK_STATUS, 0, GUNNER, 0)
    s = _round_trip(s)
    assert legal(s) == {A.STATUS + VENOM, A.STATUS + FRIGHTENED}
    s.apply(A.STATUS + FRIGHTENED)
    assert s.status[GUNNER] == 1 << VENOM
    assert s.pend[-1][0] == D_UNITS and legal(s) == {A.CREW + GUNNER}  # the second unit
    s.apply(A.CREW + GUNNER)
    assert s.status == [0] * 5 and s.pend[-1][0] == D_PREP


def test_remove_statuses_split_between_crew_members():
    """TR-BASE-REWARD "Remove statuses" with two afflicted crew members: the active player
    chooses who takes each unit (only those with a status are offered); the Gunner's unit needs
    a status picked, then the second unit is still handed out, here to the Navigator."""
    from boardgym.games.sleeping_gods.kinds import FRIGHTENED
    from boardgym.games.tides_of_ruin_arcade.kinds import D_PICK_STATUS, U_STATUS

    s = game().new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "friendly_harbour"))
    s.status = [0, 1 << VENOM, (1 << VENOM) | (1 << FRIGHTENED), 0, 0]
    s.invalidate()
    _open(s, "friendly_harbour")
    s.apply(_item(s, STATUS))
    assert s.pend[-1][:3] == (D_UNITS, 0, U_STATUS)
    assert legal(s) == {A.CREW + NAVIGATOR, A.CREW + GUNNER}
    s.apply(A.CREW + GUNNER)
    assert s.pend[-1] == (D_PICK_STATUS, 0, GUNNER, 0) and s.current_player == 0
    s = _round_trip(s)
    s.apply(A.STATUS + VENOM)
    assert s.pend[-1] == (D_UNITS, 0, U_STATUS, 1) and s.current_player == 0
    s = _round_trip(s)
    assert legal(s) == {A.CREW + NAVIGATOR, A.CREW + GUNNER}
    s.apply(A.CREW + NAVIGATOR)
    assert s.status == [0, 0, 1 << FRIGHTENED, 0, 0] and s.pend[-1][0] == D_PREP


def test_heal_units_are_offered_to_the_wounded_only():
    """TR-BASE-REWARD "Heal wounds 3-5" (Fair Winds: 4), one unit at a time (TR-REW-4): only
    the wounded crew members are offered, each unit heals 1 wound (TR-BASE-COND-1: "Heal N
    removes N wounds"); a full one is not offered; the unit nobody can take is lost."""
    from boardgym.games.tides_of_ruin_arcade.kinds import U_HEAL

    s = game(num_players=2).new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "fair_winds"))
    s.hp[NAVIGATOR] -= 1
    s.hp[GUNNER] -= 2
    s.invalidate()
    _open(s, "fair_winds")
    s.apply(_item(s, HEAL))
    assert legal(s) == {A.CREW + NAVIGATOR, A.CREW + GUNNER}
    s.apply(A.CREW + GUNNER)  # one unit heals one wound
    assert s.hp[GUNNER] == s.max_hp(GUNNER) - 1 and s.pend[-1] == (D_UNITS, 0, U_HEAL, 3)
    s.apply(A.CREW + NAVIGATOR)  # the Navigator is full: the rest goes to the Gunner alone
    assert s.hp[GUNNER] == s.max_hp(GUNNER) and s.hp[NAVIGATOR] == s.max_hp(NAVIGATOR)
    assert s.pend[-1][0] == D_PREP


def test_market_skill_card_goes_to_the_player_the_active_player_picks():
    """TR-BASE-REWARD Market: "blind skill cards cost 2 coins each, dealt to a player the active
    player picks": with 2 players both are offered, and the card goes to player 1."""
    from boardgym.games.tides_of_ruin_arcade.kinds import D_BUY_TO

    s = _at_the_market(coins=2, num_players=2)
    while s.current_player == CHANCE:
        first_outcome(s)
    assert s.mk_open == 1 and s.pend[-1][0] == D_MARKET
    _round_trip(s)
    hands = [len(h) for h in s.hand]
    s.apply(A.BUY_SKILL)
    assert s.pend[-1] == (D_BUY_TO, 0, 0, 0) and s.coins == 0
    s = _round_trip(s)
    assert legal(s) == {A.PLAYER + 0, A.PLAYER + 1}
    s.apply(A.PLAYER + 1)
    while s.current_player == CHANCE:
        first_outcome(s)
    assert [len(h) for h in s.hand] == [hands[0], hands[1] + 1]
    assert A.BUY_SKILL not in legal(s)  # no coin left
    s.apply(A.CONFIRM)  # the market closes: its cards to the bottom, and the save stays valid
    assert s.mk_open == 0 and s.market == [] and s.pend[-1][0] == D_PREP
    assert A.MARKET not in legal(s)  # "usable once per card use"
    _round_trip(s)


@pytest.mark.parametrize("number,draw,coins,food,skill_cards,xp", [
    (5, 2, 2, 0, 0, 0), (6, 3, 0, 2, 0, 0), (7, 4, 0, 0, 1, 0), (8, 5, 0, 0, 0, 1)])
def test_challenge_rewards(number, draw, coins, food, skill_cards, xp):
    """TR-BASE-CHAL-4 "Success: gain the reward"; spec: "Success reward: 2 coins, 2 food, 1 skill
    card, or +1 XP". The KNOWLEDGE challenges 5-8 give one of each: the Navigator (KNO 3) draws
    ``number`` − 3 and succeeds with mastery (easy: +1 XP and heal 1, TR-MAST-1); the team gains
    that reward and no other."""
    from boardgym.games.sleeping_gods.kinds import D_MODIFY

    from .helpers import KNO, destiny, reveal

    s = game().new_initial_state()
    to_prep(s)
    s.coins, s.food = 0, 0
    s.invalidate()
    hand = len(s.hand[0])
    reveal(s, challenge_id(s, KNO, number))
    s.apply(A.CREW + NAVIGATOR)
    s.apply(A.CONFIRM)
    destiny(s, draw)
    assert s.pend[-1][0] == D_MODIFY  # 1 OM buys a redraw, so the window asks
    s.apply(A.CONFIRM)
    while s.current_player == CHANCE:  # the skill card is drawn
        first_outcome(s)
    assert challenge_id(s, KNO, number) in s.won
    assert (s.coins, s.food, len(s.hand[0]) - hand, s.xp_gained) == (coins, food, skill_cards, xp + 1)


def test_coins_reward_up_to_the_supply_and_the_adventure_card():
    """TR-BASE-REWARD "Coins +2 to +4" and "Adventure card 1" (Salvage Rights: 3 coins, 1 card);
    the supply holds 20 coins (TR-BASE-SETUP: "coins (20)"): 18 + 3 gives 20. The adventure
    reward draws a card to place, and gives no coin."""
    from boardgym.games.tides_of_ruin_arcade.kinds import ADV_PLACE, D_PLACE_CARD

    s = game().new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "salvage_rights"))
    s.coins = 18
    s.invalidate()
    _open(s, "salvage_rights")
    s.apply(_item(s, COINS))
    assert s.coins == 20 and not s.cq
    s.apply(_item(s, ADV))
    assert s.cq == [(CH_ADV, ADV_PLACE)] and s.coins == 20
    axe = next(a.id for a in s.game.content.adventure if a.key == "boarding_axe")
    outcome(s, axe)
    assert s.pend[-1] == (D_PLACE_CARD, 0, axe, 0)
    _round_trip(s)


def test_the_adventure_card_reward_with_the_market_deck_used_up():
    """TR-BASE-REWARD "Adventure card 1" and TR-BASE-ADV-3 ("The rest of the deck is 16 cards"):
    when the crew already owns every one of the 16 (weapons and items in the stash, recipes the
    team's), the reward draws nothing; it still counts as one of the card's rewards taken."""
    s = game().new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "salvage_rights"))
    c = s.game.content
    s.stash += [x for x in c.market if c.adventure[x].kind != 2]
    s.recipes += [x for x in c.market if c.adventure[x].kind == 2]
    s.invalidate()
    _open(s, "salvage_rights")
    k = _item(s, ADV) - A.REWARD_ITEM
    s.apply(_item(s, ADV))
    assert not s.cq and s.current_player != CHANCE and s.rw_taken >> k & 1
    assert s.pend[-1][0] == D_PREP
    _round_trip(s)


@pytest.mark.parametrize("supply,gained", [(2, 2), (0, 0)])
def test_order_markers_beyond_the_supply_are_lost(supply, gained):
    """TR-BASE-OM: "OM gained beyond the supply are lost": Fair Winds' 7 OM with ``supply``
    markers left in the supply gives ``gained``, and nothing is asked."""
    s = game().new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "fair_winds"))
    s.om, s.spent = [s.game.om_supply - 2 - supply], [2]
    s.invalidate()
    _open(s, "fair_winds")
    ready = s.om[0]
    s.apply(_item(s, OM))
    assert s.om == [ready + gained] and s.pend[-1][0] == D_PREP


def test_a_market_purchase_is_placed_by_the_buyer():
    """TR-BASE-REWARD Market: "buy any at their price"; a bought weapon or item is placed by the
    player who bought it (the active player, TR-REW-1), here with 2 players; exactly the price
    is enough; the save made while the placement is pending loads back."""
    s = _at_the_market(coins=6, num_players=2)
    c = s.game.content
    axe, gloves, broth = (next(a.id for a in c.adventure if a.key == k)
                          for k in ("boarding_axe", "tarred_gloves", "seaweed_broth"))
    for x in (axe, gloves, broth):
        outcome(s, x)
    s.coins = c.adventure[axe].price  # exactly enough
    s.invalidate()
    assert A.MARKET_SLOT + 0 in legal(s)
    s.apply(A.MARKET_SLOT + 0)
    assert s.coins == 0
    from boardgym.games.tides_of_ruin_arcade.kinds import D_PLACE_CARD

    assert s.pend[-1] == (D_PLACE_CARD, 0, axe, 0) and s.current_player == 0
    _round_trip(s)


def test_fatigue_xp_and_food_rewards():
    """TR-BASE-REWARD (Fair Winds): "Remove fatigue 2-4" (2) one unit at a time to the tired crew
    members (TR-REW-4), "XP +1 to +2" (1: gained and to spend, TR-BASE-COND-6), "Food +2 to +3"
    (2) up to the supply of 12 (TR-BASE-SETUP: "food (12)")."""
    s = game().new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "fair_winds"))
    s.res = [0, 0, 3, 0, 0]
    s.food, s.xp_gained, s.xp_bank = 11, 2, 0
    s.invalidate()
    _open(s, "fair_winds")
    s.apply(_item(s, FATIGUE))
    assert s.res == [0, 0, 1, 0, 0] and s.food == 11 and s.xp_gained == 2
    s.apply(_item(s, XP))
    assert (s.xp_gained, s.xp_bank, s.food) == (3, 1, 11)
    s.apply(_item(s, FOOD))
    assert (s.food, s.xp_gained) == (12, 3) and s.res == [0, 0, 1, 0, 0]


def test_a_failed_challenge_gives_its_status():
    """TR-BASE-CHAL-4 "Failure: consequences"; spec: "Failure: ... or a status"; the active player
    places it, and "a crew member who lacks the status must be chosen if one exists"
    (TR-BASE-COND-5). Harbour Toll (CUNNING 5) fails with nobody in: weakened; the Navigator
    already is, so the other four are offered, and the Gunner gets it."""
    from boardgym.games.sleeping_gods.kinds import WEAKENED

    from .helpers import reveal

    s = game().new_initial_state()
    to_prep(s)
    s.status[NAVIGATOR] = 1 << WEAKENED
    s.invalidate()
    card = challenge_id(s, 1, 5)
    assert s.game.content.challenges[card].failure == (2, 0, WEAKENED)
    reveal(s, card)
    s.apply(A.CONFIRM)  # nobody joins
    while s.current_player == CHANCE:
        first_outcome(s)
    while card not in s.lost:
        s.apply(A.CONFIRM)
        while s.current_player == CHANCE:
            first_outcome(s)
    assert s.pend[-1][0] == D_UNITS
    assert legal(s) == {A.CREW + c for c in range(5) if c != NAVIGATOR}
    s.apply(A.CREW + GUNNER)
    assert s.status == [0, 1 << WEAKENED, 1 << WEAKENED, 0, 0]


def test_the_player_over_the_hand_limit_discards_from_its_own_hand():
    """TR-REW-4: "A player over a hand of 3 discards down to 3 at once, choosing which": 2
    players, hands 3/1, the 4 skill cards of Fair Winds all to player 1: player 1 holds 5 and
    discards 2 of its own; player 0's hand is untouched."""
    s = _fair_winds_hands_three_and_one()
    s.apply(_item(s, SKILL_CARDS))
    for _ in range(4):
        s.apply(A.PLAYER + 1)
    while s.current_player == CHANCE:
        first_outcome(s)
    assert [len(h) for h in s.hand] == [3, 5] and s.pend[-1][:2] == (D_DISCARD, 1)
    assert legal(s) == {A.HAND + h for h in range(5)}  # any of its own 5
    kept = s.hand[1][2:]
    s.apply(A.HAND + 0)
    s.apply(A.HAND + 0)
    assert s.hand == [[5, 6, 7], kept]


def test_a_save_after_the_port_loads():
    """TR-BASE-REWARD Port: "optional, usable once per card use": after it the card is marked as
    having used its corner, and the save made then loads back (PORT no longer offered)."""
    s = game().new_initial_state()
    to_prep(s, reward=reward_id(s.game.new_initial_state(), "fair_winds"))
    _open(s, "fair_winds")
    s.apply(A.PORT)
    assert s.rw_corner == 1
    t = _round_trip(s)
    assert A.PORT not in legal(t)


def test_the_market_on_the_second_players_turn():
    """TR-BASE-REWARD Market on turn 2 of a 2-player game, player 1 active (TR-REW-1: "The active
    player uses any number of them"): the blind skill card's recipient and a bought weapon's
    placement are player 1's decisions."""
    from boardgym.games.tides_of_ruin_arcade.kinds import D_BUY_TO, D_PLACE_CARD

    from .helpers import skip_challenge

    s = game(num_players=2).new_initial_state()
    to_prep(s)
    skip_challenge(s)
    assert s.turn == 2 and s.active == 1 and s.pend[-1][:2] == (D_PREP, 1)
    s.coins = 5
    s.invalidate()
    _open(s, "floating_bazaar")
    s.apply(A.MARKET)
    c = s.game.content
    axe = next(a.id for a in c.adventure if a.key == "boarding_axe")
    outcome(s, axe)
    while s.current_player == CHANCE:
        first_outcome(s)
    s.apply(A.BUY_SKILL)
    assert s.pend[-1] == (D_BUY_TO, 1, 0, 0) and s.current_player == 1
    s.apply(A.PLAYER + 0)
    while s.current_player == CHANCE:
        first_outcome(s)
    s.apply(A.MARKET_SLOT + s.market.index(axe))  # 3 coins of the 3 left
    assert s.pend[-1] == (D_PLACE_CARD, 1, axe, 0) and s.current_player == 1
