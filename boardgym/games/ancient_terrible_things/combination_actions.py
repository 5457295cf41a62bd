"""ATT's "combinations" action space: a dice combination chosen as a whole (ATT-COMBO-1..5).

In the flat catalogue a combination is spent over several decisions: ``LINE[l]`` or
``ENCOUNTER`` opens a selection, ``DIE[d]`` adds one die at a time, ``CONFIRM`` spends them. In
this space one action names the whole set of dice and its target, and is carried out as exactly
that sequence (the dice in ascending slot order), each step through ``State.apply``; so the rules
stay in ``encounter.py`` and ``combos.py``.

Layout: ids ``0..92`` are the flat catalogue's, with the same meaning; at a Resolve decision
``LINE[l]`` and ``ENCOUNTER`` are never legal (opening a selection only to cancel it changes
nothing but the turn's cancel count), and the combination block takes their place:
``93 + t * 255 + (bits - 1)``, target ``t`` = scenario line 0..5 or 6 for the encounter here,
``bits`` = the set of non-white dice slots (bit d = ``DIE[d]``), 1..255. Every other decision,
including picking dice for a card's effect, keeps its flat actions.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.action_views import ActionView

from . import actions as A
from .combos import can_extend, valid
from .constants import MAX_DICE, N_LINES
from .encounter import combo_of
from .kinds import D_RESOLVE, D_SELECT, ENCOUNTER_TARGET, SEL_COMBO

N_SETS = 2 ** MAX_DICE - 1           # non-empty sets of the 8 non-white dice slots
N_TARGETS = N_LINES + 1              # scenario lines 0..5, then the encounter here
ENCOUNTER_INDEX = N_LINES
COMBO = A.N_ACTIONS                  # first id of the combination block
N_COMBO_ACTIONS = N_TARGETS * N_SETS
NUM_ACTIONS = COMBO + N_COMBO_ACTIONS


def combo_action(target: int, dice) -> int:
    """The id spending ``dice`` (slots) on ``target`` (a line 0..5, or ``ENCOUNTER_INDEX``)."""
    bits = 0
    for d in dice:
        bits |= 1 << d
    if not 0 <= target < N_TARGETS or not 0 < bits <= N_SETS:
        raise ValueError(f"no combination action for target {target} and dice {list(dice)}")
    return COMBO + target * N_SETS + bits - 1


def decode(action: int) -> tuple[int, list[int]]:
    """``(target, dice slots in ascending order)`` of a combination-block id."""
    k = action - COMBO
    target, bits = divmod(k, N_SETS)
    bits += 1
    return target, [d for d in range(MAX_DICE) if bits >> d & 1]


def _open_action(target: int) -> int:
    return A.ENCOUNTER if target == ENCOUNTER_INDEX else A.LINE + target


def combinations(s, target: int) -> list[list[int]]:
    """Every set of usable dice (ascending slots) that the flat selection for ``target`` can
    pick in ascending order and then confirm: the same ``can_extend`` / ``valid`` checks as
    the selection's own mask (``encounter.select_mask``), searched depth-first."""
    combo = combo_of(s, ENCOUNTER_TARGET if target == ENCOUNTER_INDEX else target)
    usable = [d for d in range(MAX_DICE) if s.d_col[d] >= 0 and not s.d_used[d]]
    face = s.d_face
    found = []

    def grow(sel, start):
        sel_faces = [face[d] for d in sel]
        if sel and valid(combo, sel_faces):
            found.append(list(sel))
        avail = [face[d] for d in usable if d not in sel]
        for i in range(start, len(usable)):
            d = usable[i]
            if can_extend(combo, sel_faces, face[d], avail):
                sel.append(d)
                grow(sel, i + 1)
                sel.pop()

    grow([], 0)
    return found


class CombinationActions(ActionView):
    """``action_space="combinations"``: see the module's docstring for the layout."""

    name = "combinations"
    num_actions = NUM_ACTIONS

    def __init__(self, game):
        self.game = game
        self._mask = np.zeros(NUM_ACTIONS, dtype=bool)

    def mask(self, state) -> np.ndarray:
        m = self._mask
        m[:] = False
        if state.is_terminal() or state.is_chance_node():
            return m
        flat = state.legal_mask()
        m[:COMBO] = flat
        if state.pend[-1][0] != D_RESOLVE:
            return m
        for t in range(N_TARGETS):
            opener = _open_action(t)
            if not flat[opener]:
                continue
            m[opener] = False
            base = COMBO + t * N_SETS - 1
            for dice in combinations(state, t):
                m[base + sum(1 << d for d in dice)] = True
        return m

    def expand(self, state, action: int) -> list[int]:
        if action < COMBO:
            return [action]
        target, dice = decode(action)
        return [_open_action(target)] + [A.DIE + d for d in dice] + [A.CONFIRM]

    def describe(self, action: int) -> str:
        if action < COMBO:
            return self.game.catalog.describe(action)
        target, dice = decode(action)
        where = "the encounter here" if target == ENCOUNTER_INDEX else f"scenario line {target + 1}"
        slots = ", ".join(str(d + 1) for d in dice)
        return f"spend the dice in slots {slots} together on {where}"

    def hides(self, state) -> bool:
        if state.is_terminal() or state.is_chance_node():
            return False
        f = state.pend[-1]
        return f[0] == D_SELECT and f[2] == SEL_COMBO

    def finish(self, state) -> int:
        """Confirm where the dice picked so far are a combination, else add the first die that
        extends them (one always does while the selection is open: ``can_extend``)."""
        m = state.legal_mask()
        if m[A.CONFIRM]:
            return A.CONFIRM
        dice = [d for d in range(MAX_DICE) if m[A.DIE + d]]
        return A.DIE + dice[0] if dice else A.PASS

    def collapse(self, state, flat: list[int]) -> int | None:
        first = flat[0]
        if len(flat) == 1:
            return first
        target = ENCOUNTER_INDEX if first == A.ENCOUNTER else first - A.LINE
        if flat[-1] != A.CONFIRM:   # a cancelled selection (PASS)
            return None
        return combo_action(target, sorted(a - A.DIE for a in flat[1:-1]))
