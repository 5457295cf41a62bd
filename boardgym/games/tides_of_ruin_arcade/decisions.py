"""Every pending decision's (mask, apply): the Sleeping Gods core's, its windows wrapped with this
game's abilities, and the host's own kinds."""
from __future__ import annotations

from boardgym.games.sleeping_gods.decisions import HANDLERS as SG_HANDLERS

from . import abilities, prep, rewards
from .kinds import DECISIONS

_ALL = dict(SG_HANDLERS)
for _m in (abilities, prep, rewards):
    _ALL.update(_m.HANDLERS)
assert sorted(_ALL) == list(range(len(DECISIONS))), "every decision kind needs a handler"

TABLE = [_ALL[k] for k in range(len(DECISIONS))]
