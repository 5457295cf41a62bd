"""The story engine through the real game (spec §6 rows PP-EXPL-3,5,6, PP-END-4's market;
PP-EXPL-4, 7, 8, 9, 10, PP-END-1), on the fixture's location 1 (the rulebook's example 38.9:
"1.2" is 38.11, "1.3" 38.12) and location 2 (a keyword redirect)."""
from boardgym.core.game import TERMINAL
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.journey import RESULT_WON
from boardgym.games.primeval_peril.kinds import D_EQUIP, D_LOSE, D_MARKET, D_STORY_CHOICE
from boardgym.games.primeval_peril.observation import as_dict
from boardgym.games.sleeping_gods.kinds import D_JOIN, D_WOUND

from .helpers import (EV_CALM, COIN, CUN, JON, LOIS, MEILING, MILK, STORAGE, VINE, at_menu, empty_tokens, game,
                      legal, new, outcome, place_start)


def at_location(s, loc: int):
    s.pos = next(sp.id for sp in s.game.spaces if sp.location == loc)
    s.invalidate()
    s.apply(A.EXPLORE)
    return s


def at_market(coins):
    """PP-EXPL-10, PP-END-4 (§6): game 4 of the campaign (card 54 owned), the event calm, no
    tokens but ``coins`` ({holder: count}), location 1 explored and its market (option 5) open."""
    s = game(game_index=4).new_initial_state()
    while s.pend[-1][0] == D_EQUIP:
        s.apply(min(legal(s)))
    place_start(s)
    outcome(s, EV_CALM)
    empty_tokens(s)
    for holder, n in coins.items():
        s.inv[6 * holder + COIN] = n
    at_location(s, 1)
    s.apply(A.OPTION + 5)
    assert s.pend[-1][0] == D_MARKET
    return s


def _story_1(num_players=2, **opts):
    s = new(num_players=num_players, **opts)
    empty_tokens(s)
    return at_location(s, 1)


def test_intro_read_at_setup():
    """PP-SETUP-5: the intro gives quest 43 (TRAIL) before the first turn."""
    s = new()
    assert s.owned == [43] and s.reached[0] == 1 and s.sec == -1


def test_choices_and_keyword_gates():
    """PP-EXPL-3, 5 (§6): N.1 first; a choice needing an unowned keyword is masked, one whose
    keyword is owned is offered and never forced."""
    s = _story_1()
    assert s.watch == 2 and s.pend[-1][0] == D_STORY_CHOICE and s.sec == s.game.content.story.by_key["1.1"]
    assert legal(s) == {A.OPTION + k for k in (0, 1, 3, 4, 5)}  # IDOL (2) unowned; TRAIL (4) owned


def _cut_the_rope(s, die):
    """A. CUNNING 5 by Meiling and Vine (CUN 2 each)."""
    s.apply(A.OPTION + 0)
    assert s.pend[-1][:2] == (D_JOIN, 0)
    s.apply(A.CHAR + MEILING)
    s.apply(A.CHAR + VINE)
    s.apply(A.CONFIRM)
    assert s.pend[-1][:2] == (D_JOIN, 1)
    s.apply(A.CONFIRM)
    outcome(s, die)


def test_example_38_9_success():
    """PP-EXPL-6 (§6): die 1: 2 + 2 + 1 = 5, success: 38.11 (a bloodflower), back to the map."""
    s = _story_1()
    _cut_the_rope(s, 1)
    assert s.blooms == 1 and s.reached[s.game.content.story.by_key["1.2"]] == 1
    assert at_menu(s) and s.sec == -1 and not s.exploring and s.hp == [8, 6, 8, 7, 7]


def test_example_38_9_failure():
    """PP-EXPL-6 (§6): die 0: −3 to them (the participants first), then 38.11 all the same."""
    s = _story_1()
    _cut_the_rope(s, 0)
    assert s.pend[-1][0] == D_WOUND and legal(s) == {A.CHAR + MEILING, A.CHAR + VINE}
    for c in (MEILING, MEILING, VINE):
        s.apply(A.CHAR + c)
    assert s.hp[MEILING] == 5 and s.hp[VINE] == 7 and s.blooms == 1 and at_menu(s)


def test_keyword_redirect():
    """PP-EXPL-3: location 2 opens with 'If TRAIL, turn to 2.3': owned, so 2.3 (a reroll token),
    continuing to 2.2; without it, 2.1's choice."""
    s = new()
    empty_tokens(s)
    at_location(s, 2)
    by_key = s.game.content.story.by_key
    assert s.rerolls == 1 and s.reached[by_key["2.3"]] and not s.reached[by_key["2.1"]] and at_menu(s)
    t = new()
    empty_tokens(t)
    t.owned.remove(43)
    at_location(t, 2)
    assert t.pend[-1] == (D_STORY_CHOICE, 0, by_key["2.1"], 0)
    t.apply(A.OPTION)
    assert at_menu(t) and t.rerolls == 0


def test_ending_wins():
    """PP-END-1: reaching an ending section wins; PP-END-3's score counts it."""
    s = _story_1(num_players=1)
    s.apply(A.OPTION + 4)
    assert s.current_player == TERMINAL and s.result == RESULT_WON
    assert s.returns() == [1.0] and s.score() == 0 + 0 + 10 + 10


def test_market_offers_what_is_left_and_takes_carried_coins():
    """PP-EXPL-10, PP-END-4 (§6): game_index 4 owns card 54, so the market (53-56) offers 53, 55
    and 56; coins on characters pay, stored ones do not."""
    s = at_market({JON: 2, LOIS: 1, STORAGE: 3})
    assert legal(s) == {A.CONFIRM, A.OPTION + 0, A.OPTION + 2}  # 54 owned; 56 costs 4 > 3 carried
    s.apply(A.OPTION + 2)  # card 55 for 2 coins
    assert s.pend[-1][0] == D_LOSE and legal(s) == {A.res_action(JON, COIN), A.res_action(LOIS, COIN)}
    s.apply(A.res_action(LOIS, COIN))
    assert s.pend[-1][0] == D_EQUIP  # a hand card: a character with a free hand
    s.apply(A.CHAR + MILK)
    assert 55 in s.owned and 55 in s.equip[MILK] and s.inv[6 * JON + COIN] == 1 and s.inv[6 * LOIS + COIN] == 0
    assert s.pend[-1][0] == D_MARKET and legal(s) == {A.CONFIRM}  # 1 carried coin: nothing affordable
    s.apply(A.CONFIRM)
    assert at_menu(s) and s.skill(MILK, CUN) == 2  # the card's +1 CUNNING symbol


def test_market_shows_every_card_affordable_or_not():
    """PP-EXPL-10, the rulebook: "When performing a market explore action, you may look at each
    market card before deciding which to purchase." With 3 carried coins card 56 (4 coins)
    cannot be bought, yet it shows, in the observation and in the text, beside the affordable
    53 and 55; card 54 (owned) is no longer on offer. Only the affordable ones can be bought."""
    s = at_market({JON: 2, LOIS: 1, STORAGE: 3})
    assert legal(s) == {A.CONFIRM, A.OPTION + 0, A.OPTION + 2}  # purchase: affordable cards only
    for seat in range(s.n):
        cells = as_dict(s, seat)["narrative"][80:112].reshape(8, 4)
        # per market slot: on offer, card number - 52 / 8, price / 4, affordable
        assert cells[:4].tolist() == [[1, 1 / 8, 2 / 4, 1], [0, 0, 0, 0], [1, 3 / 8, 2 / 4, 1], [1, 4 / 8, 1, 0]]
        assert not cells[4:].any()
    text = s.render()
    assert "Market 56 (4 coins, 1 more than carried; hand card, +1 Cunning)" in text
    assert "Market 53 (2 coins; hand card" in text and "Market 55 (2 coins;" in text
    assert "- Market 54 (" not in text  # owned: not on offer
    s.apply(A.OPTION + 0)  # card 53 for 2 coins: 1 carried coin left
    while s.pend[-1][0] != D_MARKET:
        s.apply(min(legal(s)))
    cells = as_dict(s, 0)["narrative"][80:112].reshape(8, 4)
    assert cells[:4].tolist() == [[0, 0, 0, 0], [0, 0, 0, 0], [1, 3 / 8, 2 / 4, 0], [1, 4 / 8, 1, 0]]
    assert legal(s) == {A.CONFIRM} and "Market 55 (2 coins, 1 more than carried" in s.render()
    s.apply(A.CONFIRM)
    assert not as_dict(s, 0)["narrative"][80:112].any()  # the market is closed


def test_equipment_slots():
    """PP-CHAR-5: two hand cards or one two-hands card per character; a gained card without a
    free slot of its type is set aside."""
    from boardgym.games.primeval_peril.cards import aside, gain_card

    s = new()
    for c in range(5):
        s.equip[c] = []
    s.owned = [43]
    gain_card(s, 2)  # two hands
    assert s.pend[-1] == (D_EQUIP, 0, 2, 0)
    s.apply(A.CHAR + JON)
    gain_card(s, 1)  # a hand card: everyone but Jon
    assert legal(s) == {A.CHAR + c for c in range(5) if c != JON}
    s.apply(A.CHAR + LOIS)
    assert s.equip[JON] == [2] and s.equip[LOIS] == [1] and s.skill(LOIS, 4) == 2  # STR 1 + 1
    s.pend.clear()
    s.equip = [[53, 55], [23, 56], [2], [1, 54], [8]]  # one free hand, Meiling's
    s.owned = sorted({1, 2, 8, 23, 43, 53, 54, 55, 56})
    gain_card(s, 6)
    assert s.equip[MEILING] == [8, 6] and not s.pend  # a single candidate takes it at once
    gain_card(s, 3)
    assert 3 in s.owned and aside(s) == [3] and not s.pend  # no free hand: set aside
    assert s.skill(MEILING, 4) == 0 + 2  # two STR symbols (cards 8 and 6)


def test_card_abilities():
    """PP-CHAR-6: an equipped card's costed ability is the holder's to pay (challenge bonus of the
    symbol's skill, a reroll of the fate die); a moon ability fires on rest; madness switches
    them off while the symbol still counts (PP-CHAR-4)."""
    from boardgym.games.sleeping_gods.kinds import D_MODIFY

    s = new()
    empty_tokens(s)
    s.owned = sorted(s.owned + [4, 5, 7])
    s.equip[MEILING], s.equip[JON], s.equip[VINE] = [4], [5], [7]
    s.invalidate()
    s.apply(A.REPAIR)  # a CRAFT challenge
    s.apply(A.CHAR + MEILING)  # CRA 3 + the card's symbol
    s.apply(A.CONFIRM)
    outcome(s, 0)
    bonus, reroll = A.CARD_ABILITY + 6 * MEILING, A.CARD_ABILITY + 6 * VINE
    assert s.pend[-1][0] == D_MODIFY and {bonus, reroll} <= legal(s)
    s.apply(bonus)
    assert s.res[MEILING] == 1  # 1 to join, 1 for the card
    s.apply(reroll)
    assert s.res[VINE] == 2
    outcome(s, 0)
    s.apply(A.CONFIRM)
    assert s.boat == 8 and at_menu(s)  # 3 + 1 + 2 + 0 = 6: +2 (capped at 8)
    s.hp[LOIS] = 3
    s.status[VINE] |= 1 << 3  # Vine mad: his card's reroll is off
    s.invalidate()
    assert s.skill(VINE, 3) == 2  # SAV 1 + the symbol
    s.apply(A.REST)  # Lois +2, then Jon's card: 2 more, split (one candidate: Lois)
    assert s.hp[LOIS] == 7
