"""Primeval Peril metadata, configuration (spec §5) and the Game object shared by every state:
the content pack, the Sleeping Gods core with this game's hook values (PP-CHAL, PP-COMBAT,
PP-END-2; spec §2.6), the seats and the rules constants.

The hook values:

* ``challenge_cost``: 1 stamina of 3 (PP-CHAL-1);
* ``randomizer``: the fate die for challenges, the combat die for attacks, +1 each on easy
  (PP-END-2);
* ``attack_source``: the combat card played on the attacker (``s.played[ch]``), its damage,
  die sign, skill, remove power and block (PP-COMBAT-4);
* ``attack_cap``: per seat, its own non-Vine characters; Vine goes on the active seat's quota
  (PP-COMBAT-2);
* ``start_power_mod``: easy −1, normal 0, hard +1 (PP-END-2); ``can_flee`` None; the round cap
  ``max_combat_rounds`` counts as every character at 0 (PP-COMBAT-13).
"""
from __future__ import annotations

from boardgym.core.errors import ConfigError
from boardgym.core.game import Game, GameInfo
from boardgym.core.options import choice_option as _choice, flag_option as _flag, int_option as _int
from boardgym.games.sleeping_gods import (STAMINA, AttackProfile, Core, Cost, Die, Hooks, Ids,
                                          Randomizers)

from . import actions as A
from .characters import MAX_HP, SEATS, own_non_vine
from .kinds import (COMBAT_DIE, DIE_BONUS, DIFFICULTIES, FATE_DIE, START_POWER_MOD,
                    unlocked_cards)

INFO = GameInfo(
    name="primeval_peril",
    title="Sleeping Gods: Primeval Peril",
    min_players=1,
    max_players=4,
    cooperative=True,
    max_decisions=200_000,
    reward_range=(-1.0, 1.0),
    version=0,
    defaults={
        "num_players": 1,                    # 1..4 (the seat split of §5)
        "difficulty": "normal",              # easy | normal | hard (PP-END-2)
        "allow_difficulty_change": False,    # SET_DIFFICULTY offered between actions (PP-END-2)
        "game_index": 1,                     # 1..5: the campaign's game (PP-END-4 unlocks)
        "content_pack": None,                # a folder with the files of content/ (None = shipped)
        "reward": "sparse",                  # sparse | score | shaped (spec §4)
        "max_turns": 60,                     # truncation
        "max_combat_rounds": 30,             # PP-COMBAT-13: the cap counts as all at 0
        "final_turns_count_current": False,  # PP-REST-3 [D]: the 6th moon's turn is one of the 3
        "max_free_moves": 16,                # PP-TURN-3 [D]: token, equipment, deck moves per turn
    },
)
REWARDS = ("sparse", "score", "shaped")





def _attack_cap(s, seat):
    """PP-COMBAT-2: one card per own non-Vine character; Vine on the active seat's quota."""
    return s.game.caps[seat]


def pp_hooks(difficulty: str, attack_source, round_cap: int = 30) -> Hooks:
    """Primeval Peril's hook values for a difficulty (module docstring)."""
    bonus = DIE_BONUS[difficulty]
    return Hooks(challenge_cost=Cost(STAMINA),
                 randomizer=Randomizers(Die(FATE_DIE, bonus), Die(COMBAT_DIE, bonus)),
                 attack_source=attack_source, attack_cap=_attack_cap,
                 start_power_mod=START_POWER_MOD[difficulty], can_flee=None, round_cap=round_cap)


class PrimevalGame(Game):
    info = INFO

    @classmethod
    def from_content(cls, content, **options) -> "PrimevalGame":
        """A game on a content object already built (tests, tools): the options as usual;
        ``content_pack`` is ignored for loading."""
        g = cls.__new__(cls)
        g._given = content
        cls.__init__(g, **options)
        return g

    def _configure(self, cfg: dict) -> dict:
        self.n = _int(cfg, "num_players", 1, 4)
        self.difficulty = _choice(cfg, "difficulty", DIFFICULTIES)
        self.allow_difficulty_change = _flag(cfg, "allow_difficulty_change")
        self.game_index = _int(cfg, "game_index", 1, 5)
        self.reward = _choice(cfg, "reward", REWARDS)
        self.max_turns = _int(cfg, "max_turns", 1, 1000)
        self.max_rounds = _int(cfg, "max_combat_rounds", 1, 1000)
        self.count_current = _flag(cfg, "final_turns_count_current")
        self.max_free_moves = _int(cfg, "max_free_moves", 0, 99)
        pack = cfg["content_pack"]
        if pack is not None and not isinstance(pack, str):
            raise ConfigError("content_pack must be a folder path (str) or None")
        c = getattr(self, "_given", None)
        if c is None:
            from .content import load_content

            c = load_content(pack)
        self.content = c
        self.seats = SEATS[self.n]
        # attacks per seat and round (PP-COMBAT-2): one per own non-Vine character (4 in all);
        # the active seat may spend one of its own on Vine
        self.caps = tuple(own_non_vine(self.seats, p) for p in range(self.n))
        self.unlocked = unlocked_cards(self.game_index)
        self._build_tables(c)
        hooks = pp_hooks(self.difficulty, self._attack_source, self.max_rounds)
        self.sg = Core(hooks, Ids(confirm=A.CONFIRM, flee=A.NOOP, char=A.CHAR, enemy=A.ENEMY,
                                  square=A.SQUARE),
                       [e.piece for e in c.enemies], n_chars=A.N_CHARS, max_hp=MAX_HP)
        from . import state  # noqa: F401  (sets state_class)
        self.catalog = A.CATALOG
        from .observation import build_layout

        self.layout = build_layout(self)
        return dict(cfg)

    def _build_tables(self, c) -> None:
        """Tables derived once from the pack: spaces, events, the combat cards' profiles."""
        pages, spaces = c.atlas
        self.spaces = tuple(spaces)
        self.pages = tuple(pages)
        self.start_space = next((sp.id for sp in spaces if sp.start), None)
        if self.start_space is None:
            raise ConfigError("the content pack's atlas has no start space (PP-SETUP-1)")
        self.events = tuple(c.events)
        from .content import CombatCard

        numbered = [card for _, card in sorted(c.cards.numbered.items()) if isinstance(card, CombatCard)]
        self.combat_cards = tuple(c.cards.combat_s) + tuple(numbered)
        if len(self.combat_cards) > A.MAX_DECK_TOGGLES:
            raise ConfigError(f"the pack has {len(self.combat_cards)} combat cards; the action space holds "
                              f"{A.MAX_DECK_TOGGLES} (DECK_TOGGLE)")
        self.code_of_number = {cc.number: i for i, cc in enumerate(self.combat_cards) if cc.number}
        from .content import AdventureCard

        self.adventure_numbers = tuple(n for n, card in sorted(c.cards.numbered.items())
                                       if isinstance(card, AdventureCard))
        if len(self.adventure_numbers) > A.MAX_OWNED_ADV:
            raise ConfigError(f"the pack has {len(self.adventure_numbers)} adventure cards; the action space "
                              f"holds {A.MAX_OWNED_ADV} (OWNED_ADV)")
        self.adventure_index = {n: k for k, n in enumerate(self.adventure_numbers)}
        self.s_codes = tuple(range(len(c.cards.combat_s)))
        self.profiles = tuple(_profile(cc) for cc in self.combat_cards)

    def attack_profile(self, s, ch) -> AttackProfile:
        """The card played on ``ch`` plus the equipped passive cards (PP-COMBAT-4, PP-CHAR-6)."""
        from .cards import attack_extras

        p = self.profiles[s.played[ch]]
        d, rp, blk = attack_extras(s, ch)
        if not (d or rp or blk):
            return p
        return AttackProfile(p.base + d, p.die_sign, p.skill, p.remove_power + rp, p.block + blk)

    def _attack_source(self, s, ch):
        return self.attack_profile(s, ch)

    @property
    def num_players(self) -> int:
        return self.n

    def new_initial_state(self):
        from .state import PrimevalState

        return PrimevalState(self)


def _profile(card) -> AttackProfile:
    """A combat card's attack numbers (PP-COMBAT-4)."""
    return AttackProfile(card.damage, card.die, card.skill, card.remove_power, card.block)
