"""Scripted play of Paleo for rule tests.

``Script`` wraps one state: chance nodes take outcomes the test forces (queues per chance kind:
"remove", "deal", "reveal", "person", "dream", "idea", "die"), else a seeded fallback. Decisions
go through ``act``, which checks the legal mask first and names the pending decision.
Cards are named by content key ("base13") or name; die faces by "1 SKL".

Helpers arrange a turn: ``top(g, key)`` swaps a slot of that card's back to the top of g's deck
so that ``force("reveal", key)`` can reveal it; ``people(g, keys)`` sets a group's people.
"""
from __future__ import annotations

import shutil
from collections import deque
from pathlib import Path

import numpy as np

from boardgym.core.game import CHANCE
from boardgym.games.paleo import PaleoGame
from boardgym.games.paleo import actions as A
from boardgym.games.paleo.constants import ABIL_NAMES
from boardgym.games.paleo.content import DEFAULT_PACK
from boardgym.games.paleo.kinds import CHANCES, DECISIONS

PACKS = Path(__file__).parent / "packs"


def test_pack(tmp: Path) -> str:
    """The shipped pack plus test modules X and M (tests/games/paleo/packs)."""
    dst = Path(tmp) / "pack"
    if not dst.exists():
        shutil.copytree(DEFAULT_PACK, dst)
        for f in PACKS.glob("*.json"):
            shutil.copy(f, dst / "modules" / f.name)
    return str(dst)


class ScriptError(AssertionError):
    pass


class Script:
    def __init__(self, game, seed=0):
        self.g = game
        self.s = game.new_initial_state()
        self.rng = np.random.default_rng(seed)
        self.q = {k: deque() for k in CHANCES}
        self.auto_close = True  # CONFIRM closing windows (D-10) unless a test looks at them

    @classmethod
    def start(cls, seed=0, **cfg):
        sc = cls(PaleoGame(**cfg), seed)
        sc.run()
        return sc

    def card(self, key) -> int:
        c = self.g.content
        if isinstance(key, int):
            return key
        if key in c.by_key:
            return c.by_key[key]
        for x in c.cards:
            if x.name == key:
                return x.id
        raise KeyError(key)

    def face(self, text) -> int:
        v, ab = text.split()
        return self.g.content.dice_faces.index((ABIL_NAMES.index(ab), int(v)))

    def force(self, kind, *outcomes):
        for o in outcomes:
            self.q[kind].append(self.face(o) if kind == "die" else (o if kind == "deal" else self.card(o)))
        return self

    def run(self):
        """Resolve chance nodes (forced outcomes first) until a decision or the end."""
        s = self.s
        while s.current_player == CHANCE or (self.auto_close and self.decision() == "closing"):
            if s.current_player != CHANCE:
                s.apply(A.CONFIRM)
                continue
            kind = CHANCES[s.cq[0][0]]
            outs = s.chance_outcomes()
            if self.q[kind]:
                o = self.q[kind].popleft()
                if o not in {x for x, _ in outs}:
                    raise ScriptError(f"forced {kind} outcome {o} impossible; options {[x for x, _ in outs][:20]}")
            else:
                o = outs[int(self.rng.integers(len(outs)))][0]
            s.apply(o)
        return self

    def legal(self):
        return [self.g.catalog.describe(a) for a in np.flatnonzero(self.s.legal_mask())]

    def act(self, *actions):
        for a in actions:
            if isinstance(a, str):
                a = self.index(a)
            if not self.s.legal_mask()[a]:
                f = self.s.pend[-1] if self.s.pend else None
                raise ScriptError(f"{self.g.catalog.describe(a)} illegal at "
                                  f"{DECISIONS[f[0]] if f else f} (group {f[1] if f else '-'}); legal {self.legal()}")
            self.s.apply(a)
            self.run()
        return self

    def index(self, label: str) -> int:
        for a in range(self.g.catalog.n):
            if self.g.catalog.describe(a) == label:
                return a
        raise KeyError(label)

    def decision(self) -> str:
        return DECISIONS[self.s.pend[-1][0]] if self.s.pend and not self.s.cq and not self.s.over else "-"

    # -- arranging -------------------------------------------------------------------------------
    def top(self, g, key, pos=0):
        """Put an unassigned slot with ``key``'s back at position ``pos`` of g's deck (swapping)."""
        s = self.s
        x = self.card(key)
        assert s.u[x], f"{key} is not among the unrevealed day cards"
        b = self.g.content.cards[x].back
        if s.deck_b[g][pos] == b and s.deck_c[g][pos] < 0:
            return self
        for h in range(s.n):
            for i, (bb, cc) in enumerate(zip(s.deck_b[h], s.deck_c[h])):
                if bb == b and cc < 0 and not (h == g and i == pos):
                    s.deck_b[h][i], s.deck_b[g][pos] = s.deck_b[g][pos], s.deck_b[h][i]
                    s.deck_c[h][i], s.deck_c[g][pos] = s.deck_c[g][pos], s.deck_c[h][i]
                    return self
        for i, (bb, cc) in enumerate(zip(s.fd_b, s.fd_c)):
            if bb == b and cc < 0:
                s.fd_b[i], s.deck_b[g][pos] = s.deck_b[g][pos], s.fd_b[i]
                s.fd_c[i], s.deck_c[g][pos] = s.deck_c[g][pos], s.fd_c[i]
                return self
        raise ScriptError(f"no slot with the back of {key}")

    def people(self, g, keys, wounds=None):
        """Replace group g's people (returning the old ones to the People deck)."""
        s = self.s
        s.people_deck.extend(s.ppl[g])
        s.ppl[g], s.wnd[g] = [], []
        for i, k in enumerate(keys):
            x = self.card(k)
            if x in s.people_deck:
                s.people_deck.remove(x)
            else:
                for h in range(s.n):
                    if x in s.ppl[h]:
                        j = s.ppl[h].index(x)
                        s.ppl[h].pop(j)
                        s.wnd[h].pop(j)
            s.ppl[g].append(x)
            s.wnd[g].append(wounds[i] if wounds else 0)
            s.seen[x] = 1  # a person joins faceup (as chance_nodes.join_person)
        s.people_deck.sort()
        return self

    def give_tool(self, g, key, n=1):
        s, t = self.s, self.g.content.tool_index[key]
        for _ in range(n):
            if s.gsup[t]:
                s.gsup[t] -= 1
            else:
                s.stock[t] -= 1
            s.tools[g * self.g.T + t] += 1
        return self

    def clear_tools(self, g):
        from boardgym.games.paleo.tools import return_token

        s = self.s
        for t in range(self.g.T):
            while s.tools[g * self.g.T + t]:
                s.tools[g * self.g.T + t] -= 1
                return_token(s, t)
        return self

    def storage(self, food=None, wood=None, stone=None):
        s = self.s
        for r, v in enumerate((food, wood, stone)):
            if v is not None:
                s.sup[r] += s.store[r] - v
                s.store[r] = v
        return self

    def tool(self, key) -> int:
        return A.TOOL + self.g.content.tool_index[key]

    def to_phase(self, phase):
        """Every awake group sleeps, then the first legal action is taken until ``phase``
        (a night step: PH_MISSIONS, PH_MOON)."""
        for g in range(self.s.n):
            if self.s.awake[g]:
                self.act(A.SLEEP_EARLY)
        while self.s.phase != phase:
            self.act(int(self.s.legal_mask().nonzero()[0][0]))
        return self

    def into_play(self, key, g):
        """Card ``key`` faceup in play before group ``g``, out of the day cards (keeping the U
        counts: it goes on top of the group's deck first) or out of the cards removed at setup."""
        s = self.s
        x = self.card(key)
        if s.u[x]:
            self.top(g, key, 0)
            s.u[x] = 0
            s.deck_b[g].pop(0)
            s.deck_c[g].pop(0)
        else:
            s.removed.remove(x)
        s.inplay.append(x)
        s.inloc.append(g)
        s.held.append([])
        s.seen[x] = 1
        return x

    def reveal_turn(self, picks: dict, reveals: dict):
        """Commit PICK[0,keep] (or given) for every awake group, forcing the revealed cards."""
        for g in sorted(reveals):
            self.top(g, reveals[g])
        for g in sorted(reveals):
            self.q["reveal"].append(self.card(reveals[g]))
        for g in range(self.s.n):
            if self.s.awake[g]:
                self.act(picks.get(g, A.pick(0)))
        return self


def solo_turn(sc, g, key, other="X18", people=None, tools=False):
    """Arrange: group g reveals ``key``, the other group ``other``; group g's card comes first."""
    if people is not None:
        sc.people(g, people)
    if not tools:
        for h in range(sc.s.n):
            sc.clear_tools(h)
    if other == key:
        other = "X09"
    rev = {h: other for h in range(sc.s.n) if h != g}
    rev[g] = key
    sc.reveal_turn({}, rev)
    if sc.decision() == "order":
        sc.act(A.RESOLVE_NEXT + g)
    return sc


def full_bench(sc, keys, new_key, g=0):
    """The workbench holding the ideas ``keys`` (out of the idea deck), then group ``g`` resolving
    a card that brings the idea ``new_key``: the bench is full, the group picks one to drop."""
    for key in keys:
        x = sc.card(key)
        if x not in sc.s.bench:        # (a module's idea may start there)
            sc.s.idea_deck.remove(x)
            sc.s.bench.append(x)
    assert len(sc.s.bench) == 4
    solo_turn(sc, g, "X16")
    sc.force("idea", new_key).act(A.OPTION + 0)
    assert sc.decision() == "idea_slot"
