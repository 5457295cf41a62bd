"""The chosen modules' alternative actions fill the action space's ALT[0..7] exactly, or are
refused (PALEO-D-16: additional and alternative actions are numbered per game, within the
action space's fixed ranges). A pack giving 8 loads; one giving 9 is refused by name, with the
card that is one too many, before any game starts."""
from __future__ import annotations

import pytest

from boardgym.core.errors import ContentOptionError
from boardgym.games.paleo.constants import MAX_ALT
from boardgym.games.paleo.content import DEFAULT_PACK
from boardgym.games.paleo.game import PaleoGame
from tests.games.packs import edited_pack

ALT = {"cost": {"wood": 1}, "reward": [{"kind": "RES", "res": "food", "n": 1}]}


def _alternatives(cards: tuple[str, ...]):
    """Module A's ``cards`` get one alternative action each (module A alone, with the two
    ideas' alternatives, gives 2)."""
    def edit(doc):
        for c in doc["cards"]:
            if c["id"] in cards:
                c["alternative"] = [dict(ALT)]
    return edit


SIX = ("A02", "A03", "A06", "A07", "A08", "A10")


def test_module_a_alone_gives_two_alternative_actions():
    assert len(PaleoGame(modules=["A"]).alt_inst) == 2


def test_alternative_actions_filling_the_space_exactly_load(tmp_path):
    """2 + one on each of six action cards = 8 = MAX_ALT: the game is built."""
    path = edited_pack(DEFAULT_PACK, tmp_path, "modules/A", _alternatives(SIX))
    game = PaleoGame(modules=["A"], content_pack=path)
    assert len(game.alt_inst) == MAX_ALT == 8


def test_one_alternative_action_too_many_is_refused_by_name(tmp_path):
    """One more card (A11) gives 9: refused, naming the count and the space's 8."""
    path = edited_pack(DEFAULT_PACK, tmp_path, "modules/A", _alternatives(SIX + ("A11",)))
    with pytest.raises(ContentOptionError) as err:
        PaleoGame(modules=["A"], content_pack=path)
    text = str(err.value)
    assert "give 9 alternative actions" in text and "the action space has 8" in text


def test_the_refusal_names_the_card_that_is_one_too_many(tmp_path):
    """The ninth alternative action in the game's order (cards by id: the base ideas ide07 and
    ide08 first, then A02 ... A11) is A11's: the one that has no ALT[a] left."""
    path = edited_pack(DEFAULT_PACK, tmp_path, "modules/A", _alternatives(SIX + ("A11",)))
    with pytest.raises(ContentOptionError) as err:
        PaleoGame(modules=["A"], content_pack=path)
    assert "entry 'A11', field 'alternative'" in str(err.value)
