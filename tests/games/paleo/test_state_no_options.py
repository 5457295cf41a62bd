"""Saved Paleo states of a pack whose cards have no option in any area (state.py FIELDS): the
bounds that follow from the options fall to nothing. No requirement is ever checked, so the
requirement being checked (``need``) is 0 in every ability; no option has a reward, so no
resolution program step names a reward (OP_EFF). A save at 0 loads; one past it is refused by
the declaration, naming the range."""
from __future__ import annotations

from boardgym.games.paleo.kinds import OP_EFF
from tests.games.saved_pool import edited, refused

from .saves import saved
from .scripted import Script
from .test_save_pack_bounds import _pack_without


def _no_options(pack, tmp_path):
    sc = Script.start(seed=0, modules=["X"], content_pack=_pack_without(pack, tmp_path, options=False),
                      num_groups=2)
    assert not any(card.opts for card in sc.g.content.cards)
    return sc


def test_with_no_option_no_requirement_is_ever_checked(pack, tmp_path):
    """PALEO-ACT-2 / DICE-1: the requirement checked is an option's printed value plus its dice;
    with no option in the pack there is none, so ``need`` is 0 in each ability: the save (need
    0, 0, 0) loads back as it is, and a need of 1 is refused by the declaration."""
    sc = _no_options(pack, tmp_path)
    data = saved(sc)   # (loads back as it is)
    assert data["state"]["need"] == [0, 0, 0]
    for a in range(3):
        need = [0, 0, 0]
        need[a] = 1
        refused(sc.g, edited(data, need=need), f"need[{a}] is 1", "must be a requirement (0)")


def test_with_no_option_no_reward_is_ever_given(pack, tmp_path):
    """PALEO-ACT-2: a card's option pays its rewards in order (the program's OP_EFF steps, one per
    reward); with no option in the pack no step names a reward: a program step for reward 0 is
    refused by the declaration as no reward index."""
    sc = _no_options(pack, tmp_path)
    data = saved(sc)
    refused(sc.g, edited(data, ops=[[OP_EFF, 0]]),
            "argument 1 is 0, must be a reward index (none possible in this configuration)")
