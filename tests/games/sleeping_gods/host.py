"""A minimal test-only host of the Sleeping Gods core, built the way a game is (declared fields,
pend/cq frames, (mask, apply) tables, a catalogue), with Primeval Peril's or Tides of Ruin's
hook values. Scripted tests drive it through ``state.apply`` and its masks.

* ``variant="pp"``: the five PP characters (PP §2.2, level 1), fate and combat dice, the S
  combat cards (PP §2.6) given per character in ``s.card``, per-seat hands of card counts
  (1 + own non-Vine characters, PP-COMBAT-1; refilled by as many as played, PP-COMBAT-11),
  a boat at 8 HP (PP §2.1). Seats per PP §5: 2 seats {Lois, Meiling}, {Jon, Milk}; Vine is
  the active seat's.
* ``variant="tr"``: the five TR crew (TR-BASE-CREW), fatigue, the Destiny deck, weapons in
  ``s.card``, the boss improvements in ``s.boss`` (bit v = Destiny value v applied), fleeing,
  boat damage ignored.

A REROLL action (one of ``s.rerolls`` tokens) is added to the randomiser windows and a GUARD
action (one of ``s.guards``: block 2, like TR's Guard card) to the block window by wrapping the
core's window handlers, as a game adds its own window actions.
"""
from __future__ import annotations

import numpy as np

from boardgym.core.actions import ActionCatalog
from boardgym.core.engine import FrameState, Rules
from boardgym.core.fields import SEAT, Int, Ints, between
from boardgym.core.game import CHANCE, Game, GameInfo
from boardgym.games.sleeping_gods import (FATIGUE, STAMINA, AttackProfile, Core, Cost, Deck, Die,
                                          Flee, Hooks, Ids, Mods, Randomizers, parse_enemy)
from boardgym.games.sleeping_gods import challenge, combat, decisions, windows
from boardgym.games.sleeping_gods.host import CQ_ARGS, PEND_ARGS, init_state, state_fields
from boardgym.games.sleeping_gods.kinds import CHANCES, D_ATTACKER, D_BLOCK, D_MODIFY, D_ROLLED, DECISIONS

CATALOG = ActionCatalog([("NOOP", 1), ("CONFIRM", 1), ("FLEE", 1), ("REROLL", 1), ("GUARD", 1),
                         ("CHAR", 5), ("ENEMY", 4), ("SQUARE", 36)])
CONFIRM, FLEE, REROLL = CATALOG.index("CONFIRM"), CATALOG.index("FLEE"), CATALOG.index("REROLL")
GUARD = CATALOG.index("GUARD")
CHAR, ENEMY, SQUARE = CATALOG.start("CHAR"), CATALOG.start("ENEMY"), CATALOG.start("SQUARE")
IDS = Ids(confirm=CONFIRM, flee=FLEE, char=CHAR, enemy=ENEMY, square=SQUARE)


def sq(e: int, r: int, c: int) -> int:
    """The SQUARE action of enemy e (0-based), row r and column c as the PP spec writes them
    (1-based: (3,3) is the bottom right)."""
    return SQUARE + 9 * e + 3 * (r - 1) + (c - 1)


# -- PP values -------------------------------------------------------------------------------------
CRA, CUN, PER, SAV, STR = range(5)
VINE, MILK, JON, LOIS, MEILING = range(5)
PP_HP = (8, 6, 8, 7, 7)
PP_SKILLS = ((1, 2, 1, 1, 1), (1, 1, 1, 3, 0), (1, 1, 1, 0, 3), (0, 1, 3, 1, 1), (3, 2, 0, 1, 0))
PP_SEATS = {1: (0, 0, 0, 0, 0), 2: (None, 1, 1, 0, 0), 3: (None, 0, 1, 2, 2), 4: (None, 0, 1, 2, 3)}
WHIP, WRENCH, MACHETE, SPEAR, TAUNT, NOTES = range(6)
PP_CARDS = (AttackProfile(1, 0, -1, 1, 2), AttackProfile(0, 1, CRA, 1, 0),
            AttackProfile(1, 1, STR, 0, 1), AttackProfile(0, 1, PER, 1, 1),
            AttackProfile(0, 1, CUN, 0, 2), AttackProfile(1, 0, SAV, 1, 1))
FATE, COMBAT_DIE = (0, 1, 2, 2, 3, 4), (0, 1, 1, 2, 2, 3)

# -- TR values -------------------------------------------------------------------------------------
TSTR, TCUN, TPER, TCRA, KNO = range(5)
CAPTAIN, NAVIGATOR, GUNNER, SURGEON, COOK = range(5)
TR_HP = (8, 7, 8, 6, 7)
TR_SKILLS = ((2, 2, 1, 1, 1), (0, 1, 2, 1, 3), (3, 0, 2, 1, 0), (0, 2, 1, 1, 2), (1, 1, 1, 3, 1))
UNARMED, CUTLASS, RIFLE = range(3)
TR_WEAPONS = (AttackProfile(0, 1, -1, 0, 0), AttackProfile(1, 1, TSTR, 0, 1),
              AttackProfile(0, 1, TPER, 1, 0))
DESTINY = Deck((0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5))

# the PP §2.7 roster, plus two grids for single rules
ROSTER = [
    ("Zokmere Croc a", 2, "P.1/1D2/P.1", {"D": 1}), ("Zokmere Croc b", 2, "P.1/1W2/P.1", {}),
    ("Zokmere Croc c", 2, "P.1/1O2/P.1", {"O": 2}), ("Mire Leech", 1, ".1./1VP/.1.", {}),
    ("Canopy Stalker", 3, "1T1/P2./.1.", {}), ("Bark Beetle", 2, "K2K/1P1/.1.", {"K": 1}),
    ("Reed Shaman", 2, "1M1/LP./1.1", {"L": 2}), ("Screech Swarm", 1, "F1./1P1/.1F", {}),
    ("Mudback Brute", 3, "2N2/1P1/.D.", {"D": 2}),
    ("Stilt Warden L", 2, "1G1/P2P/1.1", {"G": 1}), ("Stilt Warden M", 3, "2K3/1T1/P2P", {"K": 1}),
    ("Stilt Warden R", 2, "1H1/P2P/1M1", {"H": 2}),
    ("Nest Mother L", 3, "2V2/P1P/1F1", {}), ("Nest Mother M", 4, "3N3/2T2/PDP", {"D": 3}),
    ("Nest Mother R", 3, "2W2/P1P/1L1", {"L": 2}),
    ("Three-heart", 1, "3../.../...", {}), ("Healer", 1, "3H./.1./...", {"H": 1}),
    ("Blocker", 1, "1K1/111/111", {"K": 1}), ("Lone square", 1, "1../.../...", {}),
    ("Pillar", 2, "111/111/111", {}), ("Tide Raider", 2, "1D1/PDP/1O1", {"D": 2, "O": 2}),
    ("Striker", 2, "1T1/111/111", {}), ("Raider", 2, "1D1/111/1.1", {"D": 2}),
]
ENEMY_IDS = {name: i for i, (name, *_r) in enumerate(ROSTER)}
ENEMIES = [parse_enemy(*row) for row in ROSTER]


def _pp_cap(s, seat):  # per seat: its own non-Vine characters (PP-COMBAT-2)
    return sum(1 for c in range(1, 5) if s.controller(c) == seat)


def _tr_cap(s, seat):  # every crew member once (TR-BASE-COMBAT-3)
    return 5


def _tr_mods(s):  # TR-BASE-BOSS
    b = s.boss
    return Mods(start_power=2 if b & 1 else 0, power_per_round=1 if b >> 1 & 1 else 0,
                damage=1 if b >> 2 & 1 else 0, counter=1 if b >> 3 & 1 else 0,
                statuses=tuple(x for v, x in ((4, "F"), (5, "V")) if b >> v & 1))


def pp_hooks(difficulty: str = "normal") -> Hooks:
    bonus = 1 if difficulty == "easy" else 0
    return Hooks(challenge_cost=Cost(STAMINA),
                 randomizer=Randomizers(Die(FATE, bonus), Die(COMBAT_DIE, bonus)),
                 attack_source=lambda s, ch: PP_CARDS[s.card[ch]], attack_cap=_pp_cap,
                 start_power_mod={"easy": -1, "normal": 0, "hard": 1}[difficulty])


def tr_hooks() -> Hooks:
    return Hooks(challenge_cost=Cost(FATIGUE, gates_attack=True), randomizer=Randomizers(DESTINY, DESTINY),
                 attack_source=lambda s, ch: TR_WEAPONS[s.card[ch]], attack_cap=_tr_cap,
                 global_mods=_tr_mods, can_flee=Flee(from_round=2, fatigue=1),
                 ignored_effects=frozenset({"O"}))


def _with_token(handler, action, token, effect):
    """A window's handler with one more action: spend one of the ``token`` field's uses, then
    ``effect(s)``; every seat is asked again (``windows.used``)."""
    mask, apply = handler

    def tmask(s, f, m):
        mask(s, f, m)
        if getattr(s, token) > 0:
            m[action] = True

    def tapply(s, f, a):
        if a == action:
            setattr(s, token, getattr(s, token) - 1)
            windows.used(s)
            effect(s)
        else:
            apply(s, f, a)

    return tmask, tapply


def _spend_card(handler):
    mask, apply = handler

    def capply(s, f, a):
        if CHAR <= a < ENEMY and s.game.variant == "pp":
            s.hand[f[1]] -= 1  # the card is played (PP-COMBAT-2)
        apply(s, f, a)

    return mask, capply


HANDLERS = dict(decisions.HANDLERS)
HANDLERS[D_MODIFY] = _with_token(HANDLERS[D_MODIFY], REROLL, "rerolls", challenge.redraw)
HANDLERS[D_ROLLED] = _with_token(HANDLERS[D_ROLLED], REROLL, "rerolls", combat.redraw)
HANDLERS[D_BLOCK] = _with_token(HANDLERS[D_BLOCK], GUARD, "guards", lambda s: combat.add_block(s, 2))
HANDLERS[D_ATTACKER] = _spend_card(HANDLERS[D_ATTACKER])
TABLE = [HANDLERS[k] for k in range(len(DECISIONS))]

FIELDS = state_fields(
    Int("active", SEAT),
    Ints("card", between(0, lambda g: len(PP_CARDS if g.variant == "pp" else TR_WEAPONS) - 1,
                         "a card or weapon"), length=5),
    Ints("hand", between(0, 12, "cards in hand"), length=lambda g: g.n),
    Int("boat", between(0, 8, "boat health")), Int("boss", between(0, 63, "boss values (bits)")),
    Int("rerolls", between(0, 6, "reroll tokens")), Int("guards", between(0, 6, "guard uses")),
    decisions=(PEND_ARGS, DECISIONS, 8),
    chances=(CQ_ARGS, CHANCES, 4),
)


class HostState(FrameState):
    __slots__ = FIELDS.slots

    def __init__(self, game):
        init_state(self, game)
        self.card = [0] * 5
        self.hand = [1 + _pp_cap(self, p) for p in range(self.n)] if game.variant == "pp" else [0] * self.n
        self.boat, self.boss, self.rerolls, self.guards = 8, 0, 0, 0

    # -- the host protocol -----------------------------------------------------------------------
    def controller(self, ch: int) -> int:
        seats = self.game.seats
        return self.active if seats[ch] is None else seats[ch]

    def skill(self, ch: int, k: int) -> int:
        return self.game.skills[ch][k]

    def max_hp(self, ch: int) -> int:
        return self.game.hp[ch]

    def boat_damage(self, x: int) -> None:
        self.boat = max(0, self.boat - x)

    def on_round_end(self) -> None:
        if self.game.variant == "pp":  # PP-COMBAT-11: draw as many as played
            for p in range(self.n):
                self.hand[p] += self.sg_seat_atk[p]

    def on_drawn(self, value: int) -> None:
        self.boss |= 1 << value

    @property
    def over(self) -> bool:  # the host plays one challenge or combat: over when nothing is pending
        return not self.pend and not self.cq


FIELDS.install(HostState)

# the engine contract: the core's FrameState over this host's tables; no phase machine (the tests
# start each challenge or combat)
RULES = Rules(decisions=TABLE, decision_names=DECISIONS, chance_outcomes=decisions.CHANCE_OUTCOMES,
              chance_apply=decisions.CHANCE_APPLY, advance=lambda s: None,
              invariants="boardgym.games.sleeping_gods.invariants:errors")


class HostGame(Game):
    info = GameInfo(name="sg_test_host", title="Sleeping Gods core test host", min_players=1,
                    max_players=4, cooperative=True, max_decisions=10_000, reward_range=(0.0, 0.0),
                    defaults={"variant": "pp", "num_players": 2, "difficulty": "normal"})
    state_class = HostState
    rules = RULES

    def _configure(self, config):
        self.variant, self.n = config["variant"], config["num_players"]
        self.catalog = CATALOG
        if self.variant == "pp":
            hooks, self.hp, self.skills = pp_hooks(config["difficulty"]), PP_HP, PP_SKILLS
            self.seats = PP_SEATS[self.n]
        else:
            hooks, self.hp, self.skills = tr_hooks(), TR_HP, TR_SKILLS
            self.seats = (None,) + tuple((c - 1) % self.n for c in range(1, 5))
        self.sg = Core(hooks, IDS, ENEMIES, n_chars=5, max_hp=10)
        return config

    @property
    def num_players(self) -> int:
        return self.n

    def new_initial_state(self) -> HostState:
        return HostState(self)


def new(variant="pp", num_players=2, difficulty="normal") -> HostState:
    return HostGame(variant=variant, num_players=num_players, difficulty=difficulty).new_initial_state()


def roll(s, value: int) -> None:
    """Resolve the pending randomiser with ``value`` (a face of the die, a card of the deck)."""
    assert s.current_player == CHANCE, "no chance node pending"
    assert value in {o for o, _ in s.chance_outcomes()}, f"{value} is not an outcome"
    s.apply(value)


def legal(s) -> set[int]:
    return set(np.flatnonzero(s.legal_mask()).tolist())
