"""Words and pictures: the text render, ``describe_action`` and the picture's size."""
import numpy as np

from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.describe import describe_action

from .helpers import LOIS, VINE, legal, new
from .test_fight import to_fight


def test_render_and_describe():
    s = new(num_players=2)
    text = s.render()
    assert "boat 8/8" in text and "Captain Vine (seat 0, level 1): HP 8/8" in text and "deck (12)" in text
    words = {describe_action(s, a) for a in legal(s)}
    assert "travel to 2.post (costs 1 time)" in words and "use or move Captain Vine's meat" in words
    assert "travel to 2.rocks (rocks) (costs 1 time)" in words
    assert "seat 0 decides: the next action, a token or card move, or an ability" in text
    assert "  exits: 2.rocks (rocks); 2.post" in text


def test_describe_in_combat_and_the_picture():
    s = to_fight(2)
    assert "COMBAT round 1" in s.render() and "seat 0 hand:" in s.render()
    card = s.game.combat_cards[s.hand[0][0]]
    assert describe_action(s, A.play(0, LOIS)) == f"Lois attacks with {card.name} ({card.text})"
    assert describe_action(s, A.CONFIRM) == "pass: no more attacks this round"
    assert "seat 0 decides: who attacks next, or pass" in s.render()
    assert "  legend: digit a heart of that value; . blank; # covered" in s.render()
    pic = s.render_rgb()
    assert pic.shape == (900, 1600, 3) and pic.dtype == np.uint8
    t = s.clone()
    t.apply(A.play(0, VINE))
    assert not np.array_equal(t.render_rgb(), pic)


def test_narrator_says_what_happened():
    from boardgym.games.primeval_peril.narrate import make_narrator

    from .helpers import EV_AMBUSH, JON, draw_event, game, outcome, place_start

    narrate = make_narrator()
    s = game().new_initial_state()
    place_start(s)
    b = s.clone()
    draw_event(s, EV_AMBUSH)
    assert any(x.startswith("Event: Ambush") for x in narrate(b, s))
    s.apply(A.CHAR + JON)
    s.apply(A.CONFIRM)
    b = s.clone()
    outcome(s, 0)
    lines = narrate(b, s)
    assert "The fate die shows 0." in lines
    b = s.clone()
    s.apply(A.CONFIRM)  # the window closes: 3 of 5, Jon (the one participant) takes the 3
    assert "Jon: -3 HP (5/8)" in narrate(b, s)
