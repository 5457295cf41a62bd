"""Tides of Ruin Arcade metadata, configuration and the Game object shared by every state: the
content pack, the Sleeping Gods core with this game's hook values (TR-BASE-CHAL, TR-BASE-COMBAT),
the crew's seats and the deck's shape."""
from __future__ import annotations

from boardgym.core.errors import ConfigError
from boardgym.core.game import Game, GameInfo
from boardgym.core.options import choice_option as _choice, flag_option as _flag, int_option as _int
from boardgym.games.sleeping_gods import (FATIGUE, AttackProfile, Core, Cost, Deck, Flee, Hooks,
                                          Ids, Mods, Randomizers)

from . import actions as A
from .content import BOSS_KINDS, load_content
from .kinds import DIFFICULTIES, LENGTHS

INFO = GameInfo(
    name="tides_of_ruin_arcade",
    title="Sleeping Gods: Tides of Ruin — Arcade Mode",
    min_players=1,
    max_players=4,
    cooperative=True,
    max_decisions=200_000,
    reward_range=(-1.0, 1.0),
    version=0,
    defaults={
        "num_players": 1,           # 1..4 (the crew split of TR-BASE-CREW)
        "difficulty": "easy",       # easy | intermediate | hard (TR-BASE-DIFF)
        "length": "short",          # short | medium | long | epic | ultimate (TR-SETUP-4)
        "reward": "sparse",         # sparse | score | shaped (spec §4)
        "flee_allowed": True,       # TR-BASE-COMBAT-6
        "hidden_hands": False,      # other players' skill cards hidden (spec §4)
        "content_pack": None,       # a folder with the files of content/ (None = shipped)
        "max_combat_rounds": 30,    # the round cap (counts as fleeing)
        "om_supply": 30,            # order markers in the supply (TR-BASE-SETUP 8)
        "max_free_moves": 8,        # weapon and item moves per window (TR-TURN-2)
    },
)
REWARDS = ("sparse", "score", "shaped")





def _attack_cap(s, seat):  # every crew member once a round (TR-BASE-COMBAT-3)
    return A.N_CREW


class TidesGame(Game):
    info = INFO

    def _configure(self, cfg: dict) -> dict:
        self.n = _int(cfg, "num_players", 1, 4)
        self.difficulty = _choice(cfg, "difficulty", DIFFICULTIES)
        self.length = _choice(cfg, "length", tuple(LENGTHS))
        self._difficulty_index = DIFFICULTIES.index(self.difficulty)   # for the encoder's one-hots
        self._length_index = tuple(LENGTHS).index(self.length)
        self.reward = _choice(cfg, "reward", REWARDS)
        self.flee_allowed = _flag(cfg, "flee_allowed")
        self.hidden_hands = _flag(cfg, "hidden_hands")
        self.max_rounds = _int(cfg, "max_combat_rounds", 1, 1000)
        self.om_supply = _int(cfg, "om_supply", 4 * self.n, 99)
        self.max_free_moves = _int(cfg, "max_free_moves", 0, 99)
        pack = cfg["content_pack"]
        if pack is not None and not isinstance(pack, str):
            raise ConfigError("content_pack must be a folder path (str) or None")
        self.content = c = load_content(pack)
        if len(c.adventure) > A.N_ADVENTURE or len(c.crew) != A.N_CREW:
            raise ConfigError(f"the pack needs {A.N_CREW} crew and at most {A.N_ADVENTURE} adventure cards")
        self.n_challenges, self.n_combats = LENGTHS[self.length]
        self.n_rewards = (self.n_challenges + self.n_combats) // 3
        if self.n_challenges > len(c.challenges) or self.n_combats > len(c.combats):
            raise ConfigError(f"length {self.length} needs {self.n_challenges} challenges and "
                              f"{self.n_combats} combats; the pack has {len(c.challenges)} and {len(c.combats)}")
        # the Arcade deck's backs, top first: piles of reward, challenge, challenge, combat (TR-SETUP-5)
        self.deck_backs = tuple(b for _ in range(self.n_combats) for b in (0, 1, 1, 2))
        self.seats = (None,) + tuple((ch - 1) % self.n for ch in range(1, A.N_CREW))  # TR-BASE-CREW
        self.max_hp_of = tuple(cr.hp for cr in c.crew)
        self.base_skills = tuple(cr.skills for cr in c.crew)
        self.weapons = {a.id: AttackProfile(a.base, 1, a.skill, a.remove_power, a.block)
                        for a in c.adventure if a.kind == 0}
        self.n_kinds = len(c.skills)
        self.skill_total = sum(k.count for k in c.skills)   # cards in the skill deck (TR-BASE-SKILL: 40)
        self.enemies = [e.piece for e in c.enemies]   # read by the core when the pack loaded
        self._mods = {}
        destiny = Deck(tuple(c.destiny))
        hooks = Hooks(challenge_cost=Cost(FATIGUE, gates_attack=True),
                      randomizer=Randomizers(destiny, destiny),
                      attack_source=self._attack_source, attack_cap=_attack_cap,
                      global_mods=self._global_mods,
                      can_flee=Flee(from_round=2, fatigue=1) if self.flee_allowed else None,
                      ignored_effects=frozenset({"O"}), round_cap=self.max_rounds)
        ids = A.CATALOG
        self.sg = Core(hooks, Ids(confirm=A.CONFIRM, flee=A.FLEE, char=A.CREW, enemy=A.ENEMY, square=A.SQUARE),
                       self.enemies, n_chars=A.N_CREW, max_hp=max(self.max_hp_of))
        self.catalog = ids
        from .observation import build_layout

        self.layout = build_layout(self)
        return dict(cfg)

    # -- hooks (TR-BASE-COMBAT) --------------------------------------------------------------
    def _attack_source(self, s, ch):
        w = s.weapon[ch]
        return self.weapons[w] if w >= 0 else UNARMED

    def _global_mods(self, s):
        """The boss improvements drawn (TR-BASE-BOSS), one Mods per set of values."""
        m = self._mods.get(s.boss)
        if m is None:
            kw = {"start_power": 0, "power_per_round": 0, "damage": 0, "counter": 0}
            statuses = []
            for imp in self.content.boss:
                if not s.boss >> imp.value & 1:
                    continue
                kind = BOSS_KINDS[imp.kind]
                if kind == "frighten":
                    statuses.append("F")
                elif kind == "poison":
                    statuses.append("V")
                else:
                    key = {"start_power": "start_power", "power_per_round": "power_per_round",
                           "damage_bonus": "damage", "counter_bonus": "counter"}[kind]
                    kw[key] += imp.amount
            m = self._mods[s.boss] = Mods(statuses=tuple(statuses), **kw)
        return m

    @property
    def num_players(self) -> int:
        return self.n

    def new_initial_state(self):
        from .state import TidesState

        return TidesState(self)


UNARMED = AttackProfile(0, 1, -1, 0, 0)  # 0 + Destiny (TR-BASE-ADV-3)
