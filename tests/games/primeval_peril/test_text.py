"""Words and pictures: the text render, ``describe_action`` and the picture's size."""
import numpy as np

from boardgym.games.primeval_peril import actions as A
from boardgym.games.primeval_peril.describe import describe_action

from .helpers import LOIS, VINE, legal, new
from .test_fight import to_fight


def test_render_and_describe():
    s = new(num_players=2)
    text = s.render()
    assert "boat 8/8" in text and "Captain Vine (seat 0, L1): HP 8/8" in text and "deck (12)" in text
    words = {describe_action(s, a) for a in legal(s)}
    assert "travel to 2.post (1 time)" in words and "Captain Vine's meat" in words


def test_describe_in_combat_and_the_picture():
    s = to_fight(2)
    assert "COMBAT round 1" in s.render() and "seat 0 hand:" in s.render()
    name = s.game.combat_cards[s.hand[0][0]].name
    assert describe_action(s, A.play(0, LOIS)) == f"play {name} on Lois"
    assert describe_action(s, A.CONFIRM) == "CONFIRM"
    pic = s.render_rgb()
    assert pic.shape == (900, 1600, 3) and pic.dtype == np.uint8
    t = s.clone()
    t.apply(A.play(0, VINE))
    assert not np.array_equal(t.render_rgb(), pic)
