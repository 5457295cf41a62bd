"""What content.py reads from a pack, seen in play or at load: the token counts of TOOL /
LOSE_TOOL effects (their ``n``, 1 when left out), a module's removal count against its day cards
(PALEO-D-16), and the loader's checks at the exact edge of what they allow."""
import pytest

from boardgym.games.paleo import actions as A

from ..packs import edited_pack
from .saves import card_of
from .scripted import Script, solo_turn


def _lose_spears(pack, tmp_path, effect):
    """Test module X with X18's reward made ``effect``; group 0 holds 3 spears and resolves X18
    alone. Returns (spears group 0 holds, spear stock) after, and the spear stock before."""
    path = edited_pack(pack, tmp_path, "modules/X", lambda d: card_of(d, "X18").update(
        options=[{"reward": [effect]}]))
    sc = Script.start(modules=["X"], content_pack=path, num_groups=2)
    spear = sc.g.content.tool_index["spear"]
    for h in range(2):
        sc.clear_tools(h)
    sc.give_tool(0, "spear", 3)
    stock = sc.s.stock[spear]
    solo_turn(sc, 0, "X18", other="X09", tools=True)
    sc.act(A.OPTION + 0)
    return sc.s.tools[spear], sc.s.stock[spear], stock


@pytest.mark.parametrize("effect,left", [
    ({"kind": "LOSE_TOOL", "tool": "spear", "n": 2}, 1),
    ({"kind": "LOSE_TOOL", "tool": "spear", "n": 3}, 0),
    ({"kind": "LOSE_TOOL", "tool": "spear"}, 2),          # n left out: one token
])
def test_a_lose_tool_effect_takes_its_count_of_tokens(pack, tmp_path, effect, left):
    """PALEO-REW-1..9 / docs "Content format" (`LOSE_TOOL {tool, n?}`; the action's text reads
    "lose n <tool>"): a group holding 3 spears resolves an option that loses spears: it keeps 3 - n
    of them (n = 1 when the card gives none), and each lost spear goes back to its craft stock,
    the spear idea being printed (known, PALEO-D-19)."""
    held, stock, before = _lose_spears(pack, tmp_path, effect)
    assert held == left and stock == before + 3 - left
