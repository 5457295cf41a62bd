"""The prompt of a decision names the numbers a player may type, every one and no other: a few
scattered numbers are listed ("4, 9, 17 or 105"), never spanned by a range ("4..105") that
holds numbers that are not options; consecutive numbers are shortened to a run ("4-7")."""
from __future__ import annotations

import io
import re

import numpy as np
import pytest

from boardgym.terminal.menu import number_list, read_command

from .test_narrators import SMALL, walk


def expand(text: str) -> list[int]:
    out = []
    for part in re.split(r", | or ", text):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    return out


@pytest.mark.parametrize("numbers, shown", [
    ([4, 9, 17, 105], "4, 9, 17 or 105"),
    ([4, 5, 6, 7, 9], "4-7 or 9"),
    ([3], "3"),
    ([1, 2], "1 or 2"),
    ([0, 1, 2, 5, 6, 8, 9, 10, 11], "0-2, 5, 6 or 8-11"),
])
def test_number_list(numbers, shown):
    assert number_list(numbers) == shown
    assert expand(shown) == numbers


def test_the_prompt_lists_the_valid_numbers_only():
    legal = [4, 9, 17, 105] + list(range(20, 32))
    inp, out = io.StringIO("50\n105\n"), io.StringIO()
    assert read_command(legal, inp, out) == 105
    text = out.getvalue()
    assert "Your choice (4, 9, 17, 20-31 or 105; h for help, q to quit): " in text
    assert "Invalid choice 50: it is not one of the options shown (4, 9, 17, 20-31 or 105)." in text
    assert ".." not in text


@pytest.mark.parametrize("game_name", sorted(SMALL))
def test_every_prompt_of_a_game_names_exactly_its_options(game_name):
    checked = 0
    for _, after, _, _ in walk(game_name, 6, 400):
        if after.current_player >= 0:
            legal = [int(a) for a in np.flatnonzero(after.legal_mask())]
            out = io.StringIO()
            read_command(legal, io.StringIO(""), out)
            shown = re.search(r"Your choice \((.*); h for help", out.getvalue()).group(1)
            assert expand(shown) == legal, (shown, legal)
            checked += 1
    assert checked >= 20


def test_the_numbering_rule_is_stated_truthfully():
    """A number names the same action, but for a hand-slot action the card it shows changes
    (Tides of Ruin: "81. equip Strike", later "81. equip Knack"): the help, the README and the
    architecture doc say so rather than promise that a number keeps its meaning."""
    from pathlib import Path

    from boardgym.core.replay import random_walk
    from boardgym.games import make_game
    from boardgym.games.tides_of_ruin_arcade import actions as A
    from boardgym.terminal.menu import HELP
    from boardgym.terminal.words import Words

    words, shown = Words("tides_of_ruin_arcade"), {}
    for _, s in zip(range(3000), random_walk(make_game("tides_of_ruin_arcade"), np.random.default_rng(0))):
        for a in np.flatnonzero(s.legal_mask()):
            if A.HAND <= a < A.HAND + A.HAND_SLOTS:
                shown.setdefault(int(a), set()).add(words.action(s, int(a)).split(" (")[0])
    assert any(len(texts) > 1 for texts in shown.values())   # the same number, other cards
    assert "always names the same action" in HELP and "slot" in HELP and "may change" in HELP
    assert "stay the same" not in HELP
    root = Path(__file__).resolve().parents[2]
    readme = " ".join((root / "README.md").read_text().split())
    assert "always names the same action; for a card in a hand, row or market, or an exit, it names the slot" in readme
    arch = " ".join((root / "docs" / "architecture.md").read_text().split())
    assert "the number names the slot: the card or place it shows may change" in arch
