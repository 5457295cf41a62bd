"""Between actions: the active deck and the equipment (spec §6 row PP-CHAR-1,7's deck of 11;
PP-CHAR-5, PP-COMBAT-1's edit before a combat), and tokens at a story choice (PP-CHAR-1)."""
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.kinds import D_DECK, D_MOVE_CARD, D_STORY_CHOICE, D_SWAP_CARD, D_TOKEN
from boardgym.games.sleeping_gods.kinds import D_ATTACKER

from .helpers import COIN, JON, LOIS, MEILING, MILK, VINE, at_menu, empty_tokens, legal, new
from .test_story import at_location


def test_deck_of_eleven_cannot_close():
    """PP-CHAR-7 (§6): a deck of 11: CONFIRM masked; 12 again: allowed."""
    s = new()
    assert len(s.deck_in) == 12 and A.DECK_TOGGLE + 0 in legal(s)
    s.apply(A.DECK_TOGGLE + 0)
    assert s.pend[-1][0] == D_DECK and len(s.deck_in) == 11
    assert A.CONFIRM not in legal(s) and legal(s) == {A.DECK_TOGGLE + x for x in range(12)}
    s.apply(A.DECK_TOGGLE + 0)
    assert A.CONFIRM in legal(s)
    s.apply(A.CONFIRM)
    assert at_menu(s) and s.moves == 2


def test_deck_cut_only_while_it_can_be_restored():
    s = new(max_free_moves=3)
    s.apply(A.DECK_TOGGLE + 0)  # 2 moves left: a second cut could not be undone
    assert len(s.deck_in) == 11 and legal(s) == {A.DECK_TOGGLE + 0}


def test_edit_before_combat_with_a_numbered_card():
    """PP-COMBAT-1: owning more than the S cards, the active seat may edit the deck first."""
    s = new(num_players=2)
    empty_tokens(s)
    from boardgym.games.primeval_peril.cards import gain_card

    gain_card(s, 31)
    code = s.game.code_of_number[31]
    assert code in s.deck_in and len(s.deck_in) == 13
    at_location(s, 1)
    s.apply(A.OPTION + 3)  # the crocs
    assert s.pend[-1] == (D_DECK, 0, 2, 0) and A.CONFIRM in legal(s)
    s.apply(A.DECK_TOGGLE + code)
    s.apply(A.CONFIRM)
    while s.cq:
        s.apply(s.chance_outcomes()[-1][0])
    assert s.pend[-1][0] == D_ATTACKER and code not in [x for h in s.hand for x in h]


def test_moving_and_swapping_cards():
    """PP-CHAR-5: a card moves to a free slot of its type, is set aside, or is exchanged; an
    advancement never moves."""
    s = new()
    s.owned = sorted(s.owned + [1, 3, 9, 53, 54])
    s.equip = [[1], [], [3, 9], [53, 54], []]  # 9 an advancement on Jon; Lois's hands full
    s.invalidate()
    idx = s.game.adventure_index
    m = legal(s)
    assert A.OWNED_ADV + idx[1] in m and A.OWNED_ADV + idx[9] not in m
    s.apply(A.OWNED_ADV + idx[1])
    assert s.pend[-1] == (D_MOVE_CARD, 0, 1, 0)
    assert legal(s) == {A.CONFIRM} | {A.CHAR + c for c in (MILK, JON, LOIS, MEILING)}
    s.apply(A.CHAR + LOIS)  # full: exchange
    assert s.pend[-1] == (D_SWAP_CARD, 0, 1, LOIS) and legal(s) == {A.OWNED_ADV + idx[53], A.OWNED_ADV + idx[54]}
    s.apply(A.OWNED_ADV + idx[53])
    assert s.equip[LOIS] == [54, 1] and s.equip[VINE] == [53] and s.moves == 1 and at_menu(s)
    s.apply(A.OWNED_ADV + idx[53])
    s.apply(A.CONFIRM)  # set aside
    assert s.equip[VINE] == [] and 53 in s.owned


def test_tokens_at_a_story_choice_stay_with_characters():
    """PP-CHAR-1: inside an explore, tokens move between characters only."""
    s = new()
    empty_tokens(s)
    s.inv[6 * JON + COIN] = 1
    at_location(s, 1)
    assert s.pend[-1][0] == D_STORY_CHOICE and A.res_action(JON, COIN) in legal(s)
    s.apply(A.res_action(JON, COIN))
    assert s.pend[-1][0] == D_TOKEN and legal(s) == {A.DEST + c for c in (VINE, MILK, LOIS, MEILING)}
    s.apply(A.DEST + LOIS)
    assert s.pend[-1][0] == D_STORY_CHOICE and s.inv[6 * LOIS + COIN] == 1
