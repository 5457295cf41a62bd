"""The field declaration of the ATT state (state.py's FIELDS) at its bounds: a save with a value
one past a field's range is refused, and the refusal names the field, the value and the whole
range the rules allow (so both ends of each range are pinned)."""
from __future__ import annotations

import pytest

from boardgym.games.ancient_terrible_things.constants import BLANK, MAX_CANCELS, MAX_SWAG
from boardgym.games.ancient_terrible_things.kinds import CH_ROW, D_ACH, PH_BONUS

from tests.games.saved_pool import edited, refused

from .test_saves import encounter_window, find_save


def _window():
    return find_save(lambda st: len(st["chars"]) == 3 and encounter_window(st))


@pytest.mark.parametrize("field, value, words", [
    ("solo_result", 2, "solo_result is 2, must be -1, 0 or 1 (-1..1)"),           # ATT-SOLO-5
    ("solo_result", -2, "solo_result is -2, must be -1, 0 or 1 (-1..1)"),
    ("declared", 3, "declared is 3, must be -1 or a declared token (-1..2)"),      # ATT-LOC-B
    ("declared", -2, "declared is -2, must be -1 or a declared token (-1..2)"),
    ("gorg_icon", 4, "gorg_icon is 4, must be -1 or an encounter type (-1..3)"),   # ATT-LOC-G
    ("cancels", MAX_CANCELS + 1, f"cancels is {MAX_CANCELS + 1}, must be cancels used (0..{MAX_CANCELS})"),
])
def test_a_scalar_one_past_its_range_is_refused_naming_the_range(field, value, words):
    """Each scalar holds the values its rule allows (the solo result is a loss, nothing yet or a
    win; the Chateau declares one of three tokens; the Gorg names one of four types)."""
    g, data = _window()
    refused(g, edited(data, **{field: value}), words)


@pytest.mark.parametrize("field, i, value, words", [
    ("d_col", 0, 5, "d_col[0] is 5, must be -1 (no die) or a die colour (-1..4)"),      # ATT-SETUP-1
    ("d_face", 0, 7, "d_face[0] is 7, must be 0 (unrolled) or a face (0..6)"),          # a d6
    ("w_face", 0, BLANK + 1, f"w_face[0] is {BLANK + 1}, must be -1 (unrolled) or a white face (-1..{BLANK})"),
    ("act", 0, 2, "act[0] is 2, must be a card source (0 feat, 1 swag) (0..1)"),
    ("act", 1, MAX_SWAG, f"act[1] is {MAX_SWAG}, must be a hand slot (0..{MAX_SWAG - 1})"),  # ATT-D-11
    ("act", 2, 2, "act[2] is 2, must be -1 or a white die (-1..1)"),
])
def test_a_list_entry_one_past_its_range_is_refused_naming_the_range(field, i, value, words):
    """The dice (five colours, six faces, the white die's faces) and the card being played (a
    feat or a swag, one of 12 swag slots, one of two white dice) hold their rules' values."""
    g, data = _window()
    vals = list(data["state"][field])
    vals[i] = value
    refused(g, edited(data, **{field: vals}), words)


def test_a_trading_post_refill_is_for_one_of_three_row_slots():
    """ATT-LOC-E: the Trading Post row has three slots; a refill queued for slot 3 is refused,
    naming the range."""
    g, data = _window()
    refused(g, edited(data, cq=data["state"]["cq"] + [[CH_ROW, 3]]), "is 3, must be a Trading Post row slot (0..2)")


def test_an_achievement_claim_is_the_chateaus_or_the_gorgs():
    """ATT-LOC-B / ATT-D-14 (an achievement is claimed at the Chateau, or at the Gorg): a saved
    claim's first argument is 0 or 1; 2 is refused by the declaration, naming the range."""
    g, data = find_save(lambda st: st["phase"] == PH_BONUS and st["pend"] and st["pend"][0][0] == D_ACH)
    f = list(data["state"]["pend"][0])
    f[2] = 2
    refused(g, edited(data, pend=[f] + data["state"]["pend"][1:]), "0, or 1 at the Gorg (0..1)")
