"""Hidden information (DESIGN, spec §4): the only hidden things are deck orders and the cards
left in the box, and the state never stores them: faces are drawn at reveal from the unseen
multiset matching the public back. So observations cannot depend on them."""
import numpy as np

from boardgym.core import CHANCE, sample_outcome
from boardgym.games import make_game
from tests.games.soundness import random_play


def _midgame(n=3, steps=400, seed=0):
    game = make_game("ancient_terrible_things", num_players=n)
    s = game.new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in random_play(s, rng, max_steps=steps):
        pass
    while s.current_player == CHANCE:
        s.apply(sample_outcome(s.chance_outcomes(), rng))
    return s


def test_deck_order_is_not_information():
    """Two states that differ only in deck orders give identical observations, masks and
    chance distributions for every player."""
    s = _midgame()
    t = s.clone()
    rng = np.random.default_rng(1)
    for name in ("feat_deck", "swag_deck"):
        lst = getattr(t, name)
        rng.shuffle(lst)
    assert t.feat_deck != s.feat_deck or len(s.feat_deck) < 2
    for p in range(s.n):
        assert np.array_equal(s.observation(p), t.observation(p))
    assert np.array_equal(s.legal_mask(), t.legal_mask())


def test_unseen_encounters_are_not_information():
    """Which encounters of a back are still in the deck versus left in the box is unknown to
    everybody: the deck is a count per back, and the next draw is uniform over every unseen
    card of the top back."""
    game = make_game("ancient_terrible_things", num_players=2, length="short")
    s = game.new_initial_state()
    while not (s.cq and s.cq[0][0] == 6):  # the first encounter draw (CH_ENC)
        s.apply(s.chance_outcomes()[0][0])
    outcomes = s.chance_outcomes()
    green = game.content.by_back[0]
    assert sorted(o for o, _ in outcomes) == sorted(green)  # 12 unseen, though only 4 are dealt
    assert all(abs(p - 1 / 12) < 1e-12 for _, p in outcomes)


def test_redeterminize_keeps_every_view():
    s = _midgame(n=4, seed=5)
    for p in range(s.n):
        d = s.redeterminize(p, np.random.default_rng(p))
        for q in range(s.n):
            assert np.array_equal(d.observation(q), s.observation(q))


def test_observation_is_ego_centric():
    """Seat 0 of the vector is the observer: player k sees its own tokens in player0."""
    s = _midgame(n=3, seed=2)
    L = s.game.layout
    for p in range(3):
        obs = s.observation(p)
        mine = obs[L.slice("player0")][1:5]
        assert np.allclose(mine, np.minimum(np.array(s.tokens[4 * p:4 * p + 4]) / 10.0, 1.0))


def test_block_cache_gives_the_same_vector_as_a_fresh_encode():
    """The encoder reuses unchanged blocks between steps; it must equal a from-scratch encode."""
    from boardgym.games.ancient_terrible_things.observation import encode

    for n in (1, 2, 4):
        game = make_game("ancient_terrible_things", num_players=n)
        s = game.new_initial_state()
        rng = np.random.default_rng(n)
        while not s.is_terminal():
            if s.current_player == CHANCE:
                s.apply(sample_outcome(s.chance_outcomes(), rng))
                continue
            for p in range(n):
                cached = encode(s, p).copy()
                assert np.array_equal(cached, encode(s, p, use_cache=False))
                assert cached.min() >= -1.0 and cached.max() <= 1.0
            s.apply(int(rng.choice(s.legal_actions())))


def test_render_and_action_names_carry_what_a_person_needs():
    from boardgym.games.ancient_terrible_things import describe_action

    s = _midgame(n=3, steps=60, seed=4)
    text = s.render()
    assert "decides:" in text and "Legend:" in text and "Rumours:" in text
    for p in range(3):
        assert f"P{p} " in text
    names = [describe_action(s, a) for a in s.legal_actions()]
    assert names and all(isinstance(x, str) and len(x) > 3 for x in names)
