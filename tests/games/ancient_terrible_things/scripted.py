"""Scripted play of Ancient Terrible Things for rule tests.

``Script`` wraps one state: chance nodes are resolved with outcomes the test forces (queues by
chance kind, optionally by the node's argument: a die index, a seat, a slot), and otherwise by a
deterministic fallback (a seeded generator, or a callable). Decisions go through ``act``, which
checks each action against the legal mask first, so a test fails with the pending decision and
its legal actions named.

    sc = Script.start(3, chars=["reporter", "naturalist", "mystic"], first=0,
                      deck=(0, 6, 6), reveal=["enc13", ...], feats={0: ["feat01", ...]})
    sc.force("die", 1, 2, 4, 5, 2)
    sc.force("white", "focus", "treasure")
    sc.act(A.ROLL)

Card outcomes may be given by content key ("enc13", "feat01", "swag01") or by name
("Bad Egg"); white faces by token name or "blank"; characters by key; movement by
"anticlockwise" / "stay" / "clockwise". Set-up may poke state fields (``sc.s``) directly; dice
and cards drawn during a tested sequence must come through ``force``.
"""
from __future__ import annotations

from collections import deque

import numpy as np

from boardgym.core.game import CHANCE, TERMINAL
from boardgym.games import make_game
from boardgym.games.ancient_terrible_things import actions as A
from boardgym.games.ancient_terrible_things.constants import TOKENS
from boardgym.games.ancient_terrible_things.kinds import CHANCES, DECISIONS

GAME = "ancient_terrible_things"
CARD_KINDS = {"encounter": "enc", "refill_encounter": "enc", "feat": "feat",
              "feat_discard": "feat", "row": "swag"}
MOVES = {"anticlockwise": 0, "stay": 1, "clockwise": 2}
KIND_ALIASES = {"enc": "encounter", "refill": "refill_encounter", "tent": "tentacle",
                "d6": "adversary_d6", "move": "movement", "char": "character",
                "first": "first_player"}


class ScriptError(AssertionError):
    pass


# -- card look-ups -------------------------------------------------------------------------------
def enc_id(game, key) -> int:
    c = game.content
    if isinstance(key, int):
        return key
    if key in c.enc_key:
        return c.enc_key.index(key)
    if key in c.enc_name:
        return c.enc_name.index(key)
    raise KeyError(f"no encounter {key!r}")


def feat_id(game, key) -> int:
    if isinstance(key, int):
        return key
    for f in game.content.feats:
        if key in (f.key, f.name):
            return f.id
    raise KeyError(f"no feat {key!r}")


def swag_id(game, key) -> int:
    if isinstance(key, int):
        return key
    for w in game.content.swag:
        if key in (w.key, w.name):
            return w.id
    raise KeyError(f"no swag {key!r}")


def char_id(game, key) -> int:
    if isinstance(key, int):
        return key
    c = game.content
    if key in c.char_key:
        return c.char_key.index(key)
    return c.char_name.index(key)


def _kind(kind) -> str:
    if isinstance(kind, int):
        return CHANCES[kind]
    kind = KIND_ALIASES.get(kind, kind)
    if kind not in CHANCES:
        raise KeyError(f"unknown chance kind {kind!r}; kinds: {CHANCES}")
    return kind


class Script:
    """A state plus forced chance outcomes. ``sc.s`` is the state."""

    def __init__(self, game=None, *, state=None, seed: int = 0, strict: bool = False,
                 fallback=None, **config):
        if state is None:
            if game is None:
                game = make_game(GAME, **config)
            state = game.new_initial_state()
        self.s = state
        self.game = state.game
        self.queues: dict[tuple, deque] = {}
        self.rng = np.random.default_rng(seed)
        self.strict = strict
        self.fallback = fallback
        self.log: list[tuple[str, object, int]] = []  # (kind, arg, outcome) applied

    # -- building a position ---------------------------------------------------------------
    @classmethod
    def start(cls, num_players=3, *, scenario="I", length="standard", tiles=None, chars=None,
              first=None, tentacles=None, deck=None, feats=None, feat_discard=None, row=None,
              reveal=None, seed=0, strict=False, fallback=None, resolve=True):
        """A new game with its setup draws forced (unforced draws fall back to the seeded
        generator). ``chars``: character keys per seat (random characters forced), or None
        for the fixed seating (Captain seat 0). ``deck``: (green, orange, red) counts to put
        in the encounter deck before the first Reveal. ``tentacles``: values drawn into the
        Doom stack. ``feats``: {seat: [feat keys]} for the starting hands. ``reveal``: the
        encounters of the first Reveal, tile 1 first. Resolves to the first decision."""
        cfg = dict(num_players=num_players, scenario=scenario, length=length,
                   characters="random" if chars else "fixed")
        if tiles:
            cfg["tiles"] = tiles
        game = make_game(GAME, **cfg)
        sc = cls(game, seed=seed, strict=strict, fallback=fallback)
        s = sc.s
        if deck is not None:
            s.deck[:] = list(deck)
        if chars:
            sc.force("character", *chars)
        if first is not None:
            sc.force("first_player", first)
        if tentacles is not None:
            sc.force("tentacle", *tentacles)
        if feat_discard is not None:
            sc.force("feat_discard", feat_discard)
        if row is not None:
            for k, w in enumerate(row):
                if w is not None:
                    sc.force("row", w, arg=k)
        for p, keys in (feats or {}).items():
            sc.force("feat", *keys, arg=p)
        if reveal is not None:
            for k, e in enumerate(reveal):
                if e is not None:
                    sc.force("encounter", e, arg=k)
        if resolve:
            sc.resolve()
        return sc

    def clone(self) -> "Script":
        """An independent copy: cloned state, copied queues, same fallback settings."""
        sc = Script(state=self.s.clone(), strict=self.strict, fallback=self.fallback)
        sc.queues = {k: deque(q) for k, q in self.queues.items()}
        sc.rng = np.random.default_rng(int(self.rng.integers(1 << 30)))
        return sc

    # -- forcing chance outcomes -------------------------------------------------------------
    def _outcome(self, kind: str, o):
        g = self.game
        if kind in ("encounter", "refill_encounter"):
            return enc_id(g, o)
        if kind in ("feat", "feat_discard"):
            return feat_id(g, o)
        if kind == "row":
            return swag_id(g, o)
        if kind == "character":
            return char_id(g, o)
        if kind == "white" and isinstance(o, str):
            return 4 if o == "blank" else TOKENS.index(o)
        if kind == "movement" and isinstance(o, str):
            return MOVES[o]
        return int(o)

    def force(self, kind, *outcomes, arg=None) -> "Script":
        """Queue outcomes for chance nodes of ``kind`` (and of argument ``arg`` if given:
        die index, seat, slot). Arg-specific queues are served before the kind's queue."""
        kind = _kind(kind)
        q = self.queues.setdefault((kind, arg), deque())
        q.extend(self._outcome(kind, o) for o in outcomes)
        return self

    def dice(self, *faces) -> "Script":
        """Force the next non-white die rolls, in the engine's die-index order."""
        return self.force("die", *faces)

    def whites(self, *faces) -> "Script":
        return self.force("white", *faces)

    def pending(self, kind=None) -> int:
        """Forced outcomes still queued (of one kind, or all)."""
        if kind is None:
            return sum(len(q) for q in self.queues.values())
        kind = _kind(kind)
        return sum(len(q) for (k, _), q in self.queues.items() if k == kind)

    def chance_kind(self) -> tuple[str, int]:
        kind, arg = self.s.cq[0]
        return CHANCES[kind], arg

    def step_chance(self) -> int:
        s = self.s
        kind, arg = self.chance_kind()
        outcomes = s.chance_outcomes()
        ids = [o for o, _ in outcomes]
        o = None
        for key in ((kind, arg), (kind, None)):
            q = self.queues.get(key)
            if q:
                o = q.popleft()
                if o not in ids:
                    raise ScriptError(f"forced {kind}[{arg}] outcome {o} is not possible; "
                                      f"possible: {ids}")
                break
        if o is None:
            if self.fallback is not None:
                o = self.fallback(s, kind, arg, outcomes)
            elif self.strict:
                raise ScriptError(f"unforced chance node {kind}[{arg}] (strict script)")
            else:
                p = np.array([q for _, q in outcomes], dtype=float)
                o = ids[int(self.rng.choice(len(ids), p=p / p.sum()))]
        self.log.append((kind, arg, o))
        s.apply(o)
        return o

    def resolve(self) -> "Script":
        """Resolve chance nodes until a decision is pending or the game is over."""
        while self.s.current_player == CHANCE:
            self.step_chance()
        return self

    # -- decisions -------------------------------------------------------------------------------
    @property
    def player(self) -> int:
        return self.s.current_player

    def decision(self) -> str:
        """The name of the pending decision ('' at a terminal state)."""
        if self.s.current_player == TERMINAL:
            return ""
        if self.s.current_player == CHANCE:
            return "chance:" + self.chance_kind()[0]
        return DECISIONS[self.s.pend[-1][0]]

    def fresh(self) -> None:
        """Drop a cached legal mask (set-up may have edited fields since it was computed)."""
        inv = getattr(self.s, "invalidate", None)
        if inv is not None:
            inv()

    def mask(self) -> np.ndarray:
        self.fresh()
        return self.s.legal_mask().copy()

    def legal(self) -> set[int]:
        self.fresh()
        return set(self.s.legal_actions())

    def names(self) -> list[str]:
        self.fresh()
        return [self.game.catalog.describe(a) for a in self.s.legal_actions()]

    def is_legal(self, a: int) -> bool:
        self.fresh()
        return self.s.current_player >= 0 and bool(self.s.legal_mask()[a])

    def act(self, *actions, resolve: bool = True) -> "Script":
        for a in actions:
            if not self.is_legal(a):
                raise ScriptError(
                    f"{self.game.catalog.describe(a)} is illegal at '{self.decision()}' "
                    f"(player {self.s.current_player}); legal: {self.names()}")
            self.fresh()
            self.s.apply(a)
            if resolve:
                self.resolve()
        return self

    def act_until(self, decision: str, choose, limit: int = 500) -> "Script":
        """Apply ``choose(script)`` until the pending decision is ``decision``."""
        for _ in range(limit):
            if self.decision() == decision:
                return self
            if self.s.current_player == TERMINAL:
                raise ScriptError(f"game over before '{decision}'")
            self.act(choose(self))
        raise ScriptError(f"'{decision}' not reached in {limit} steps")

    # -- convenience look-ups -----------------------------------------------------------------------
    def enc(self, key) -> int:
        return enc_id(self.game, key)

    def feat(self, key) -> int:
        return feat_id(self.game, key)

    def swag(self, key) -> int:
        return swag_id(self.game, key)

    def feat_slot(self, p: int, key) -> int:
        """The hand index of feat ``key`` in player ``p``'s hand."""
        return self.s.feats[p].index(self.feat(key))

    def swag_slot(self, p: int, key) -> int:
        return self.s.swag[p].index(self.swag(key))

    def tok(self, p: int) -> list[int]:
        """[Focus, Treasure, Feat, Courage] of player ``p``."""
        return self.s.tokens[4 * p:4 * p + 4]

    def set_tokens(self, p: int, focus=None, treasure=None, feat=None, courage=None) -> "Script":
        for k, v in enumerate((focus, treasure, feat, courage)):
            if v is not None:
                self.s.tokens[4 * p + k] = v
        return self

    def give_swag(self, p: int, key, exhausted: bool = False) -> int:
        """Move a deck swag card to player ``p`` (set-up only); returns its swag slot."""
        s, w = self.s, self.swag(key)
        for pile in (s.swag_deck, s.old_stock):
            if w in pile:
                pile.remove(w)
        if w in s.row:
            raise ScriptError(f"{key} is in the row; pick another card or cycle it first")
        for q in range(s.n):
            if w in s.swag[q]:
                raise ScriptError(f"{key} is already owned by seat {q}")
        s.swag[p].append(w)
        s.exh[p].append(int(exhausted))
        return len(s.swag[p]) - 1

    def stack_encounter(self, p: int, key) -> None:
        """Put an encounter under player ``p``'s board (set-up only): taken from the unseen
        cards, the deck count of its back reduced when the deck still holds it."""
        s, e = self.s, self.enc(key)
        if not s.enc_unseen[e]:
            raise ScriptError(f"{key} was already seen")
        s.enc_unseen[e] = 0
        b = self.game.content.enc_back[e]
        unseen_b = sum(s.enc_unseen[x] for x in self.game.content.by_back[b])
        if s.deck[b] > unseen_b:
            s.deck[b] = unseen_b
        s.stack[p].append(e)

    def solo_round_setup(self, rumour, stack, ach=None) -> None:
        """The solo round-end scenes (ATT-SOLO-4/5): encounter ``rumour`` already in the Rumours,
        the encounters ``stack`` under the player's board, and achievement ``ach`` (if any)
        held by the player on its first side."""
        s, rum = self.s, self.enc(rumour)
        s.enc_unseen[rum] = 0
        s.rumours.append(rum)
        for k in stack:
            self.stack_encounter(0, k)
        if ach is not None:
            s.ach_holder[ach], s.ach_side[ach] = 0, 0

    def give_tentacle(self, p: int, v: int, flipped: bool = False) -> None:
        """Hand player ``p`` a tentacle of value ``v`` from the unused pool (set-up only)."""
        s = self.s
        if s.tent_pool[v] <= 0:
            raise ScriptError(f"no unused tentacle of value {v}")
        s.tent_pool[v] -= 1
        s.tent[p].append(v)
        s.flipped[p].append(int(flipped))

    def check_invariants(self) -> None:
        from boardgym.games.ancient_terrible_things.invariants import check

        problems = check(self.s)
        if problems:
            raise ScriptError("invariants broken: " + "; ".join(problems))


def die_actions(*dice) -> list[int]:
    return [A.DIE + d for d in dice]
