"""Tokens, slots, the supply, free moves and the square locations' banners through the real game
(PP-CHAR-1, 2, 8, PP-CORE-4, PP-EXPL-2; spec §6 row PP-CHAR-1,7)."""
from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.characters import AB_MILK
from boardgym.games.primeval_peril.kinds import (D_BANNER, D_FRUIT, D_GAIN, D_GAIN_KIND, D_LOSE, D_TOKEN,
                                                 SUPPLY)
from boardgym.games.sleeping_gods.kinds import D_JOIN, D_MODIFY

from .helpers import (COIN, EV_JON_VENOM, EV_PAY_OR_HURT, EV_TIRED, FRUIT, JON, LOIS, MAP, MEAT,
                      MEILING, MILK, ROPE, STORAGE, TORCH, VENOM, VINE, WEAKENED, at_menu, draw_event,
                      empty_tokens, game, legal, new, outcome, place_start)


def _fill(s):
    """Every slot full (3 per character, 6 in storage) within the supply, no rope held."""
    empty_tokens(s)
    for h, t, n in ((VINE, MEAT, 3), (MILK, FRUIT, 3), (JON, TORCH, 3), (LOIS, MAP, 3),
                    (MEILING, COIN, 3), (STORAGE, COIN, 5), (STORAGE, MEAT, 1)):
        s.inv[6 * h + t] = n
    assert sum(s.inv) == 21 and all(sum(s.inv[t::6]) <= SUPPLY[t] for t in range(6))


def test_gain_with_full_slots():
    """PP-CHAR-1 (§6): a gain with every slot full: discard a held token for it, or drop it."""
    s = game().new_initial_state()
    place_start(s)
    _fill(s)
    draw_event(s, EV_JON_VENOM)
    assert s.pend[-1][0] == D_GAIN
    m = legal(s)
    assert A.CONFIRM in m and not any(A.DEST <= a < A.DEST + 6 for a in m)
    assert A.res_action(STORAGE, COIN) in m and A.res_action(STORAGE, ROPE) not in m
    s.apply(A.res_action(STORAGE, COIN))
    assert s.inv[6 * STORAGE + ROPE] == 1 and sum(s.inv) == 21 and at_menu(s)


def test_gain_dropped_and_supply_out():
    s = game().new_initial_state()
    place_start(s)
    _fill(s)
    draw_event(s, EV_JON_VENOM)
    s.apply(A.CONFIRM)
    assert at_menu(s) and sum(s.inv) == 21 and sum(s.inv[ROPE::6]) == 0
    t = game().new_initial_state()
    place_start(t)
    empty_tokens(t)
    t.inv[6 * STORAGE + ROPE] = 6  # the supply is out of rope (PP-CORE-4)
    draw_event(t, EV_JON_VENOM)
    assert at_menu(t) and t.inv[6 * STORAGE + ROPE] == 6


def test_free_moves_are_capped():
    """PP-TURN-3 (§6, PP-CHAR-7 row): the 17th free move is masked."""
    s = new()
    for k in range(16):
        src = VINE if s.inv[6 * VINE + COIN] else STORAGE
        dst = STORAGE if src == VINE else VINE
        s.apply(A.res_action(src, COIN))
        assert s.pend[-1][0] == D_TOKEN
        s.apply(A.DEST + dst)
    assert s.moves == 16 and at_menu(s)
    assert not any(A.res_action(h, COIN) in legal(s) for h in range(6))  # a coin has no other use
    assert A.res_action(VINE, MEAT) not in legal(s)  # everyone at 3 stamina: meat has no use either


def test_meat_and_fruit_uses():
    """PP-CHAR-8: meat +1 stamina; fruit +1 HP or removes venom (OPTION when both)."""
    s = new()
    s.res[LOIS] = 1
    s.invalidate()
    s.apply(A.res_action(VINE, MEAT))
    assert A.CHAR + LOIS in legal(s)
    s.apply(A.CHAR + LOIS)
    assert s.res[LOIS] == 2 and s.inv[6 * VINE + MEAT] == 0
    s.hp[JON], s.status[JON] = 5, 1 << VENOM
    s.invalidate()
    s.apply(A.res_action(MILK, FRUIT))
    s.apply(A.CHAR + JON)
    assert s.pend[-1][0] == D_FRUIT and legal(s) == {A.OPTION, A.OPTION + 1}
    s.apply(A.OPTION + 1)
    assert s.status[JON] == 0 and s.hp[JON] == 5 and at_menu(s)


def test_pay_or_take_damage():
    """An event's alternatives (spec §2.5): pay a resource (from any holder) or take 2 damage."""
    s = game().new_initial_state()
    place_start(s)
    draw_event(s, EV_PAY_OR_HURT)
    assert legal(s) == {A.OPTION, A.OPTION + 1}
    s.apply(A.OPTION)
    assert s.pend[-1][0] == D_LOSE and len(legal(s)) == 6
    s.apply(A.res_action(MEILING, MAP))
    assert sum(s.inv) == 5 and at_menu(s)


def test_stamina_loss_two_characters():
    s = game().new_initial_state()
    place_start(s)
    draw_event(s, EV_TIRED)
    s.apply(A.CHAR + JON)
    assert A.CHAR + JON not in legal(s)
    s.apply(A.CHAR + LOIS)
    assert s.res == [3, 3, 2, 2, 3] and s.pend[-1][0] == D_GAIN  # then a meat


def test_trading_post_twice_at_most():
    """PP-EXPL-2: coin → any resource, at most 2 per explore (the pack's banner)."""
    s = new()
    empty_tokens(s)
    s.inv[6 * VINE + COIN] = 3
    s.apply(A.TRAVEL + 1)
    assert A.EXPLORE in legal(s)
    s.apply(A.EXPLORE)
    assert s.watch == 3 and s.pend[-1][0] == D_BANNER and legal(s) == {A.CONFIRM, A.OPTION}
    s.apply(A.OPTION)  # one coin, a single holder: paid at once
    assert s.pend[-1][0] == D_GAIN_KIND
    s.apply(A.OPTION + TORCH)
    assert legal(s) == {A.DEST + c for c in range(5)}  # inside an explore: characters only
    s.apply(A.DEST + JON)
    s.apply(A.OPTION)
    s.apply(A.OPTION + ROPE)
    s.apply(A.DEST + LOIS)
    assert s.inv[6 * VINE + COIN] == 1 and at_menu(s)  # 2 uses: the banner closes
    assert s.inv[6 * JON + TORCH] == 1 and s.inv[6 * LOIS + ROPE] == 1 and not s.exploring


def test_fishing_spot_challenge():
    """PP-EXPL-2: PER 4 → meat, through the core's challenge."""
    s = new()
    empty_tokens(s)
    s.apply(A.TRAVEL + 0)
    outcome(s, 3)  # the rocks: no damage
    s.apply(A.EXPLORE)
    assert s.pend[-1][0] == D_JOIN
    s.apply(A.CHAR + LOIS)  # PER 3
    s.apply(A.CONFIRM)
    outcome(s, 1)
    assert s.pend[-1][0] == D_GAIN and s.pend[-1][3] == 1
    s.apply(A.DEST + LOIS)
    assert s.inv[6 * LOIS + MEAT] == 1 and at_menu(s)


def test_shrine_and_grove():
    """The shrine (torch → each character removes 1 status) and the grove (a fruit, then SAV 4 for
    another, only on success)."""
    s = new()
    empty_tokens(s)
    s.inv[6 * JON + TORCH] = 1
    s.status[JON], s.status[LOIS] = 1 << VENOM | 1 << WEAKENED, 1 << WEAKENED
    s.pos = 4
    s.invalidate()
    s.apply(A.EXPLORE)
    s.apply(A.OPTION)
    assert legal(s) == {A.CHAR + JON, A.CHAR + LOIS}
    s.apply(A.CHAR + LOIS)
    assert s.status[LOIS] == 0 and legal(s) == {A.CHAR + JON}
    s.apply(A.CHAR + JON)
    s.apply(A.STATUS + VENOM)
    assert s.status[JON] == 1 << WEAKENED and at_menu(s)  # no torch left: the banner closes
    s.pos = 5
    s.invalidate()
    s.apply(A.EXPLORE)
    s.apply(A.DEST + JON)  # the fruit first
    s.apply(A.CONFIRM)  # nobody joins
    outcome(s, 0)
    assert s.pend[-1][0] == D_MODIFY and legal(s) == {A.CONFIRM, A.CHAR_ABILITY + AB_MILK}  # Jon weakened
    s.apply(A.CONFIRM)
    assert at_menu(s) and sum(s.inv[FRUIT::6]) == 1  # failed: no second fruit
