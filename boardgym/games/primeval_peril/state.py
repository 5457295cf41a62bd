"""The Primeval Peril state: small int containers, the pending-decision stack ``pend``, the
chance queue ``cq`` and the effect program ``fx``, with the Sleeping Gods core's fields merged
in (``host.state_fields``).

Hidden information: the event deck stores no order; ``ev_seen`` marks the events drawn since
the last reshuffle and a draw's face comes from the others (``chance_nodes``). The numbered
deck stays in number order (``owned`` lists the cards taken out of it).
"""
from __future__ import annotations

from boardgym.core.engine import Rules, ScoredFrameState
from boardgym.core.fields import (FLAG, NONE, SEAT, Frames, Int, Ints, Nested, between,
                                  enum, ids, per_seat)
from boardgym.games.sleeping_gods.host import CQ_ARGS as SG_CQ
from boardgym.games.sleeping_gods.host import PEND_ARGS as SG_PEND
from boardgym.games.sleeping_gods.host import init_state, state_fields

from . import actions as A
from . import flow, journey
from .chance_nodes import CHANCE_APPLY, CHANCE_OUTCOMES
from .cards import symbols
from .characters import base_skill, max_hp
from .decisions import TABLE
from .effects import OPS
from .kinds import (BOAT_MAX_HP, CH_EVENT, CHANCES, D_ABILITY_CHAR, D_BANNER, D_EVENT_CHOICE,
                    D_FATE_WINDOW, D_FRUIT, D_GAIN, D_GAIN_KIND, D_HEAL, D_LEVEL_UP, D_LOSE, D_MAIN,
                    D_PLACE_START, D_REST_HEAL, D_REST_SETS, D_REST_STATUS, D_STAMINA_LOSS,
                    D_STATUS_OFF, D_STATUS_PICK, D_TOKEN, DECISIONS, FATE_NONE, MOONS, NO_CHALLENGE, PHASES,
                    CH_CARD, D_DECK, D_EQUIP, D_MARKET, D_MOVE_CARD, D_POWER_OFF, D_STORY_CHOICE,
                    D_SWAP_CARD, D_TORCH, DIFFICULTIES,
                    PH_SETUP, REROLL_SUPPLY, REST_SET_HP, SUPPLY, TIME)

ZERO = between(0, 0, "0")
CHARV = between(0, 4, "a character")
TOKEN = between(0, 35, "a holder's token (6 x holder + type)")
AMOUNT = between(1, 99, "an amount")
BITS5 = between(0, 31, "a set of characters (bits)")
EVENT = ids(lambda g: len(g.events), "an event id")
SPACE = ids(lambda g: len(g.spaces), "an atlas space id")
PASSES = between(0, per_seat, "passes in a row")
NUMBERED = between(1, 99, "a numbered card")
SECTION = ids(lambda g: len(g.content.story.sections), "a story section id")
CODE = ids(lambda g: len(g.combat_cards), "a combat card code")
_P = (SEAT, ZERO, ZERO)
PEND_ARGS = dict(SG_PEND)
PEND_ARGS.update({
    D_PLACE_START: (SEAT, between(0, 5, "a resource type"), ZERO),
    D_MAIN: _P,
    D_TOKEN: (SEAT, TOKEN, ZERO),
    D_FRUIT: (SEAT, TOKEN, CHARV),
    D_GAIN: (SEAT, between(0, 5, "a resource type"), FLAG),
    D_GAIN_KIND: (SEAT, AMOUNT, FLAG),
    D_LOSE: (SEAT, between(-1, 5, "a resource type or -1 (any)"),
             between(1, 255, "tokens left (+128: characters' tokens only)")),
    D_HEAL: (SEAT, between(1, 999, "healing left"), ZERO),
    D_STAMINA_LOSS: (SEAT, AMOUNT, BITS5),
    D_STATUS_OFF: (SEAT, between(-1, 3, "a status or -1 (any)"),
                   between(1, 255, "characters left + 8 x those done (bits)")),
    D_STATUS_PICK: (SEAT, CHARV, between(1, 15, "the statuses allowed (bits)")),
    D_LEVEL_UP: _P,
    D_FATE_WINDOW: (SEAT, PASSES, ZERO),
    D_REST_STATUS: _P,
    D_REST_SETS: (SEAT, FLAG, ZERO),
    D_REST_HEAL: (SEAT, between(1, REST_SET_HP, "a set's healing left"), ZERO),
    D_EVENT_CHOICE: (SEAT, EVENT, ZERO),
    D_ABILITY_CHAR: (SEAT, between(1, 15, "the statuses it removes (bits)"), ZERO),
    D_BANNER: (SEAT, between(0, lambda g: 8 * len(g.pages) - 1, "8 x page + banner"), between(0, 99, "uses")),
    D_EQUIP: (SEAT, NUMBERED, ZERO),
    D_MARKET: (SEAT, ids(lambda g: len(g.content.story.markets), "a market id"), ZERO),
    D_STORY_CHOICE: (SEAT, SECTION, ZERO),
    D_TORCH: _P,
    D_POWER_OFF: (SEAT, FLAG, ZERO),
    D_DECK: (SEAT, between(0, 99, "COMBAT n to start afterwards, or 0"), ZERO),
    D_MOVE_CARD: (SEAT, NUMBERED, ZERO),
    D_SWAP_CARD: (SEAT, NUMBERED, CHARV),
})
CQ_ARGS = dict(SG_CQ)
CQ_ARGS.update({CH_EVENT: (ZERO,), CH_CARD: (SEAT,)})
OP_ARG = between(-2, 999, "an effect's or op's argument")
FX_ARGS = {k: (OP_ARG, OP_ARG, OP_ARG) for k in range(len(OPS))}

FIELDS = state_fields(
    Int("phase", enum(PHASES, "phase")), Int("over", FLAG),
    Int("result", between(0, 2, "0 none, 1 an ending, 2 defeat")),
    Int("active", SEAT), Int("turn", between(0, lambda g: g.max_turns + 1, "a turn count")),
    Int("placed", between(0, 2, "setup step (0 the unlocked cards, 1 placing the starting tokens, 2 the intro read)")),
    Int("diff", between(0, 2, "the difficulty now (easy, normal, hard)")),
    Int("diff_log", between(1, 7, "the levels logged (bits)")),
    Int("watch", between(0, TIME, "the watch's space")), Int("bonus", FLAG), Int("bonus_next", FLAG),
    Int("moves", between(0, lambda g: g.max_free_moves, "free moves this turn")),
    Int("moons", between(0, MOONS, "moons crossed off")),
    Int("final", between(-1, 4, "-1, or the last turns left")),
    Int("boat", between(1, BOAT_MAX_HP, "boat health")),
    Int("rerolls", between(0, REROLL_SUPPLY, "reroll tokens")),
    Int("blooms", between(0, 999, "bloodflowers")), Int("ups", between(0, 5, "level-ups owed")),
    Ints("level", between(1, 2, "a level"), length=5),
    Ints("inv", between(0, max(SUPPLY), "tokens"), length=36),
    Int("pos", SPACE),
    Ints("crossed", between(1, 99, "a location number"), max_len=99, distinct=True, order="asc"),
    Ints("ev_seen", FLAG, length=lambda g: len(g.events)),
    Int("ev_cur", NONE | EVENT),
    Int("ev_short", between(-1, 3, "-1, or the events left after the sixth moon")),
    Ints("fate", (between(0, 2, "a fate roll's purpose"), between(-1, 9, "-1 or a face"),
                  between(0, 99, "boat damage"), between(-1, 99, "a face threshold"))),
    Ints("chal", (between(-1, 4, "a challenge source"), between(-1, 999, "a source id"),
                  between(-1, 9, "a source index"))),
    Int("fx_parts", BITS5), Int("exploring", FLAG),
    Ints("owned", NUMBERED, max_len=99, distinct=True, order="asc"),
    Nested("equip", NUMBERED, outer=5, max_len=6, distinct=True),
    Int("sec", NONE | SECTION),
    Ints("reached", FLAG, length=lambda g: len(g.content.story.sections)),
    Ints("deck_in", CODE, max_len=A.MAX_DECK_TOGGLES, distinct=True, order="asc"),
    Nested("hand", CODE, outer=per_seat, max_len=A.HAND_SLOTS, distinct=True),
    Ints("cdisc", CODE, max_len=A.MAX_DECK_TOGGLES, distinct=True, order="asc"),
    Ints("played", NONE | CODE, length=5),
    Frames("fx", FX_ARGS, OPS, max_len=64, what="effect"),
    decisions=(PEND_ARGS, DECISIONS, 24),
    chances=(CQ_ARGS, CHANCES, 8),
)


class PrimevalState(ScoredFrameState):
    __slots__ = FIELDS.slots

    def __init__(self, game):
        self.level = [1] * 5  # read by max_hp in init_state
        init_state(self, game)
        self.phase, self.over, self.result, self.turn, self.placed = PH_SETUP, 0, 0, 0, 0
        self.diff = DIFFICULTIES.index(game.difficulty)
        self.diff_log = 1 << self.diff
        self.watch = self.bonus = self.bonus_next = self.moves = 0
        self.moons, self.final = 0, -1
        self.boat, self.rerolls, self.blooms, self.ups = BOAT_MAX_HP, 0, 0, 0
        self.inv = [0] * 36
        self.pos = game.start_space
        self.crossed = []
        self.ev_seen = [0] * len(game.events)
        self.ev_cur, self.ev_short = -1, -1
        self.fate = [FATE_NONE, -1, 0, 0]
        self.chal = list(NO_CHALLENGE)
        self.fx_parts = self.exploring = 0
        self.owned = []
        self.equip = [[] for _ in range(5)]
        self.sec = -1
        self.reached = [0] * len(game.content.story.sections)
        self.deck_in = list(game.s_codes)  # the 12 S cards (PP-COMBAT-1)
        self.hand = [[] for _ in range(self.n)]
        self.cdisc = []
        self.played = [-1] * 5
        self.fx = []
        flow.start(self)

    # -- the Sleeping Gods host protocol ------------------------------------------------------
    def controller(self, ch: int) -> int:
        seat = self.game.seats[ch]
        return self.active if seat is None else seat

    def skill(self, ch: int, k: int) -> int:
        """The level's base skill plus the equipped cards' symbols (PP-CHAL-2, PP-CHAR-6)."""
        v = base_skill(ch, self.level[ch], k)
        return v + symbols(self, ch, k) if self.equip[ch] else v

    def max_hp(self, ch: int) -> int:
        return max_hp(ch, self.level[ch])

    def boat_damage(self, x: int) -> None:
        journey.boat_damage(self, x)

    def on_enemy_phase(self) -> None:
        from .fight import on_enemy_phase

        on_enemy_phase(self)

    def on_round_end(self) -> None:
        from .fight import on_round_end

        on_round_end(self)

    def on_drawn(self, value: int) -> None:
        from .turn import fate_rolled

        fate_rolled(self, value)


FIELDS.install(PrimevalState)

# the engine contract: core.engine.FrameState over this table (the scoring modules, the
# renders and the checks import the rule modules: imported on first use)
RULES = Rules(
    package=__package__, decisions=TABLE, decision_names=DECISIONS,
    chance_outcomes=CHANCE_OUTCOMES, chance_apply=CHANCE_APPLY, advance=flow.advance,
    observation=".observation:encode", observation_dict=".observation:as_dict",
    render=".render:render", invariants=".invariants:check", returns=".scoring:returns",
    potential=".scoring:potential", score=".scoring:score")


def _set_state_class():
    from .game import PrimevalGame

    PrimevalGame.state_class, PrimevalGame.rules = PrimevalState, RULES


_set_state_class()
