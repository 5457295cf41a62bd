"""Every pending decision's (mask, apply), gathered from the rule modules."""
from __future__ import annotations

from . import choices, day, night, options
from .kinds import DECISIONS

_ALL = {}
for _m in (day, options, choices, night):
    _ALL.update(_m.HANDLERS)
assert sorted(_ALL) == list(range(len(DECISIONS))), "every decision kind needs a handler"

HANDLERS = [_ALL[k] for k in range(len(DECISIONS))]
