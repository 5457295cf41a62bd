"""The randomisers themselves (PP §2.6 ``randomizer`` hook): which faces and cards a die or a deck
may hold, the easy die's bonus, and that a randomiser, shared by every state of a configuration,
cannot be changed."""
import dataclasses

import pytest

from boardgym.games.sleeping_gods import Deck, Die

from .host import DESTINY, FATE


@pytest.mark.parametrize("kind", [Die, Deck])
def test_faces_and_cards_are_whole_numbers_0_to_9(kind):
    """A die's faces and a deck's cards are the values a rule adds (PP-CHAL-2: "Total = Σ
    effective skill + fate die"; TR-BASE-DESTINY: Destiny cards 0-5): whole numbers 0..9, so a
    pack's Destiny deck with a 10, a -1 or a fraction is refused by name, and 0 and 9 are taken."""
    assert kind((0, 9)).outcomes([0, 0])  # both ends of the range are values
    for bad in ((10,), (-1,), (1.5,), (True,)):
        with pytest.raises(ValueError, match=r"each an int 0\.\.9"):
            kind(bad)


def test_a_die_helps_no_roll_unless_told():
    """PP-END-2 (§6 row "Hard / easy": "die +1") gives the die's bonus on easy only: a die built
    without one (normal, hard; any challenge die of a game with no easy bonus) adds nothing, like a
    Destiny card (TR-BASE-DIFF: "Destiny results ... do not change")."""
    assert Die(FATE).bonus == 0 and DESTINY.bonus == 0
    assert Die(FATE, 1).bonus == 1


@pytest.mark.parametrize("randomizer", [Die(FATE), DESTINY], ids=["die", "deck"])
def test_a_randomizer_cannot_be_changed(randomizer):
    """A game's hooks are built once per configuration and shared by every state (PP §2.6), so
    no state may change a die's faces or a deck's cards: a randomiser is a frozen value, and
    hashable like the hooks that hold it."""
    field = "faces" if isinstance(randomizer, Die) else "values"
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(randomizer, field, (5,))
    assert hash(randomizer) == hash(type(randomizer)(getattr(randomizer, field)))
