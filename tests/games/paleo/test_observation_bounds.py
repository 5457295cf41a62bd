"""Observation pieces at the largest counts the rules allow (found by the outside audit).

The generic test (tests/games/test_observation_contract.py) keeps every piece inside the Box over
many games; a holder card's load is tested here at the largest capacity the content schema allows.
"""
import json
import shutil
import warnings

import numpy as np

from boardgym.games.paleo import PaleoGame
from boardgym.games.paleo import observation as po
from boardgym.games.paleo.constants import MAX_HOLD, RES, RES_TOTAL, WOOD
from boardgym.games.paleo.content import DEFAULT_PACK


def _held_cell(s, card_key: str, code: int):
    """(in-play index of the card, offset of its held-count cell for ``code``)."""
    i = s.inplay.index(next(c.id for c in s.game.content.cards if c.key == card_key))
    return i, po.O_INPLAY + i * po.INPLAY_F + 1 + po.CARD_F + 6 + code


def _fill(s, i: int, n: int) -> None:
    """n wood from the supply onto in-play card i (resources stay conserved, PALEO-SETUP-1)."""
    s.held[i] = [WOOD] * n
    s.store[WOOD] = min(s.store[WOOD], RES_TOTAL[WOOD] - n)
    s.sup[WOOD] = RES_TOTAL[WOOD] - n - s.store[WOOD]
    assert not s.invariant_errors()


def test_a_holder_at_the_largest_schema_capacity_stays_in_the_box(tmp_path):
    """PALEO-SPEC-1: a card holds up to its capacity (the schema allows 9). The Eternal Flame
    given capacity 9 and loaded full reads 9 / 9; it read 9 / 5 = 1.8 before."""
    pack = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, pack)
    f = pack / "modules" / "B.json"
    data = json.loads(f.read_text())
    flame = next(c for c in data["cards"] if c["id"] == "B01")
    flame["holds"]["max"] = MAX_HOLD
    f.write_text(json.dumps(data))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game = PaleoGame(num_groups=1, level=1, content_pack=str(pack))
    s = game.new_initial_state()
    i, cell = _held_cell(s, "B01", WOOD)
    assert game.content.cards[s.inplay[i]].hold_max == MAX_HOLD
    for n in range(MAX_HOLD + 1):
        _fill(s, i, n)
        obs = s.observation(0)
        assert obs.min() >= -1.0 and obs.max() <= 1.0, f"{n} {RES[WOOD]}: {obs.max()}"
        assert obs[cell] == np.float32(n / MAX_HOLD)


def test_shipped_holders_read_their_load_over_the_largest_capacity():
    """With the shipped capacity (5) a full Eternal Flame reads 5 / 9."""
    game = PaleoGame(num_groups=2, level=1)
    s = game.new_initial_state()
    i, cell = _held_cell(s, "B01", WOOD)
    cap = game.content.cards[s.inplay[i]].hold_max
    assert cap <= MAX_HOLD
    _fill(s, i, cap)
    assert s.observation(1)[cell] == np.float32(cap / MAX_HOLD)
