"""Every pending decision's (mask, apply): the Sleeping Gods core's, its challenge window wrapped
with this game's rerolls, resources and abilities (turn.py), and the host's own kinds."""
from __future__ import annotations

from boardgym.games.sleeping_gods.decisions import HANDLERS as SG_HANDLERS

from . import cards, effects, explore, fight, inventory, journey, loadout, rest, story, turn
from .kinds import DECISIONS

_ALL = dict(SG_HANDLERS)
for _m in (inventory, effects, journey, turn, rest, explore, cards, story, fight, loadout):
    _ALL.update(_m.HANDLERS)
assert sorted(_ALL) == list(range(len(DECISIONS))), \
    f"every decision kind needs a handler: {[DECISIONS[k] for k in range(len(DECISIONS)) if k not in _ALL]}"

TABLE = [_ALL[k] for k in range(len(DECISIONS))]
