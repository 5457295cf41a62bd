"""The text a player reads (``boardgym play``, render_mode="ansi"): every legal action in words,
the pending decision in words, every Destiny draw shown."""
import numpy as np

from boardgym.core import CHANCE, sample_outcome
from boardgym.games.tides_of_ruin_arcade import actions as A
from boardgym.games.tides_of_ruin_arcade import describe_action
from boardgym.games.tides_of_ruin_arcade.describe import ASKS, decision_text
from boardgym.games.tides_of_ruin_arcade.kinds import DECISIONS

from .helpers import game


def test_every_legal_action_and_decision_is_put_in_words():
    seen = set()
    for cfg in ({}, {"num_players": 3, "difficulty": "hard"}):
        g = game(**cfg)
        for seed in range(6):
            rng = np.random.default_rng(seed)
            s = g.new_initial_state()
            while not s.is_terminal():
                if s.current_player == CHANCE:
                    before = s.sg_discard[:]
                    s.apply(sample_outcome(s.chance_outcomes(), rng))
                    if s.sg_discard != before:  # a Destiny draw: the text shows it
                        assert f"last draw {s.sg_last}" in s.render()
                    continue
                f = s.pend[-1]
                seen.add(DECISIONS[f[0]])
                ask = decision_text(s, f)
                assert ask != DECISIONS[f[0]] and f"player {f[1]} decides: {ask}" in s.render()
                for a in np.flatnonzero(s.legal_mask()):
                    words = describe_action(s, int(a))
                    assert words and words != g.catalog.describe(int(a)) or a in (A.CREW, A.PLAYER), words
                s.apply(int(rng.choice(np.flatnonzero(s.legal_mask()))))
    assert seen <= set(ASKS) | {"units"} and {"prep", "sg_join", "sg_attacker", "sg_place"} <= seen


def test_every_reward_corner_unit_boss_and_grid_letter_has_words():
    """What a player reads names no internal code: every reward kind, corner action, handed-out
    unit, Boss improvement (TR-BASE-BOSS) and grid letter (PP-ENEMY) has its words."""
    from boardgym.games.sleeping_gods.enemies import LETTERS
    from boardgym.games.tides_of_ruin_arcade import describe as D
    from boardgym.games.tides_of_ruin_arcade.content import BOSS_KINDS, CORNERS, REWARDS
    from boardgym.games.tides_of_ruin_arcade.kinds import UNITS

    assert set(D.REWARD_WORDS) == set(REWARDS) and set(D.CORNER_WORDS) == set(CORNERS)
    assert set(D.UNIT_WORDS) == set(UNITS) and set(D.BOSS_WORDS) == set(BOSS_KINDS)
    assert set(LETTERS) <= set(D.LETTER_WORDS)
    for words in (D.REWARD_WORDS, D.CORNER_WORDS, D.UNIT_WORDS, D.BOSS_WORDS):
        assert all("_" not in w for w in words.values())
