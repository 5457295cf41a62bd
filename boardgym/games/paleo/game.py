"""Paleo metadata, configuration and the Game object shared by every state."""
from __future__ import annotations

import warnings

from boardgym.core.errors import ConfigError
from boardgym.core.game import Game, GameInfo
from boardgym.core.options import int_option as _int

from .actions import CATALOG
from .constants import (A_ADD, A_ALT, A_MOON, K_NEW, MAX_ADD, MAX_ALT, MAX_GROUPS, MAX_INPLAY,
                        TE_ABILITY, TOOL_EFFECTS)
from .content import load_content
from .kinds import CH_DEAL

INFO = GameInfo(
    name="paleo",
    title="Paleo",
    min_players=1,
    max_players=MAX_GROUPS,
    cooperative=True,
    max_decisions=200_000,
    reward_range=(-1.0, 1.0),
    version=0,
    defaults={
        "num_groups": 2,            # 1..4 (PALEO-SETUP-6, D-20)
        "modules": None,            # None = the level's modules (level 1: ["A", "B"])
        "level": None,              # 1..7 (rules.json level table); exclusive with modules
        "remove_per_module": None,  # overrides every module manifest's removal count
        "content_pack": None,       # a folder with the same files as content/ (None = shipped)
        "open_commitments": False,  # show earlier commits (AEC only; PALEO spec §3)
        "max_rounds": 15,           # truncation after this many nights (PALEO-D-17)
    },
)



class PaleoGame(Game):
    info = INFO

    def _configure(self, cfg: dict) -> dict:
        g = _int(cfg, "num_groups", 1, MAX_GROUPS)
        pack = cfg["content_pack"]
        if pack is not None and not isinstance(pack, str):
            raise ConfigError("content_pack must be a folder path (str) or None")
        self.content = c = load_content(pack)
        mods, level = cfg["modules"], cfg["level"]
        if level is not None:
            if not isinstance(level, int) or isinstance(level, bool) or level < 1:
                raise ConfigError(f"level must be an int >= 1 (a row of the pack's level table), got {level!r}")
            c.check_level(level)  # ContentOptionError beyond the pack's level table
            if mods is not None and sorted(mods) != sorted(c.levels[level - 1]):
                raise ConfigError(f"give either modules or level, not both (level {level} is modules "
                                  f"{list(c.levels[level - 1])}, got {mods!r})")
            mods = list(c.levels[level - 1])
        elif mods is None:
            level = 1
            mods = list(c.levels[0])
        if (not isinstance(mods, (list, tuple)) or not all(isinstance(m, str) for m in mods)
                or len(set(mods)) != len(mods)):
            raise ConfigError(f"modules must be a list of distinct module letters, got {mods!r}")
        for m in mods:
            c.module(m)  # ContentOptionError naming the module file the pack lacks
        c.check_groups(g)
        mods = sorted(mods)
        rpm = cfg["remove_per_module"]
        if rpm is not None:
            _int(cfg, "remove_per_module", 0, 12)
        if not isinstance(cfg["open_commitments"], bool):
            raise ConfigError("open_commitments must be a bool")
        _int(cfg, "max_rounds", 1, 1000)
        if g == 4 and level == 1:
            warnings.warn("Paleo: the rulebook advises at most 3 groups until players know the game "
                          "(PALEO-SETUP-6)", stacklevel=3)
        self.num_groups = g
        self.modules = mods
        self.removal = []  # (module letter, count, candidate card ids)
        day = list(c.sets["base"])
        for m in mods:
            mod = c.modules[m]
            k = mod.remove if rpm is None else min(rpm, len(mod.day_cards))
            self.removal.append((m, k, mod.day_cards))
            day.extend(mod.day_cards)
        self.day_cards = tuple(day)
        self.missions = tuple(c.modules[m].mission for m in mods)
        self.setup_places = tuple(x for m in mods for x in c.modules[m].setup)
        self.max_rounds = cfg["max_rounds"]
        self.open_commitments = cfg["open_commitments"]
        self.T = len(c.tools)
        self.ability_tools = tuple(t.id for t in c.tools if t.effect == TE_ABILITY)
        self.tools_by_effect = tuple(tuple(t for t in range(self.T) if c.tools[t].effect == e)
                                     for e in range(len(TOOL_EFFECTS)))
        # cards of this game (in its sets), and the fixed ALT / ADD instance tables (PALEO-D-16)
        in_game = set(day) | set(self.missions) | {x for x, _ in self.setup_places}
        for s in ("people", "dream", "idea", "mystery"):
            in_game |= set(c.sets.get(s, []))
        self.in_game = tuple(sorted(in_game))
        self.add_inst, self.alt_inst = [], []
        for cid in self.in_game:
            for o in c.cards[cid].opts:
                if o.area == A_ADD:
                    self.add_inst.append((cid, o.idx))
                elif o.area == A_ALT:
                    self.alt_inst.append((cid, o.idx))
        c.check_bound(self.add_inst, MAX_ADD, "additional", "additional actions (ADD[a], PALEO-D-16)")
        c.check_bound(self.alt_inst, MAX_ALT, "alternative", "alternative actions (ALT[a], PALEO-D-16)")
        inplay = ([(cid, 0) for cid in self.missions]
                  + [(cid, 0) for cid in self.in_game if c.cards[cid].kind == K_NEW]
                  + [(cid, 0) for cid, to in self.setup_places if to == "TABLE"])
        c.check_bound(inplay, MAX_INPLAY, "kind", "cards that can be in play (CARD[i], PALEO-D-16)")
        # (instance, card, option) of every additional action, for the masks (help.usable_adds)
        self.add_opts = tuple((i, cid, c.cards[cid].opts[k]) for i, (cid, k) in enumerate(self.add_inst))
        self.add_index = {x: i for i, x in enumerate(self.add_inst)}
        self.alt_index = {x: i for i, x in enumerate(self.alt_inst)}
        self.add_of_card = {}
        for i, (cid, _) in enumerate(self.add_inst):
            self.add_of_card.setdefault(cid, []).append(i)
        nf = len(c.dice_faces)
        self.die_outcomes = [(f, 1.0 / nf) for f in range(nf)]
        # tables derived from the content for the hot paths, shared by every state
        self.moon_cards = frozenset(card.id for card in c.cards if any(o.area == A_MOON for o in card.opts))
        self.deal_rounds = [tuple((CH_DEAL, (a + i) % g) for i in range(len(self.in_game))) for a in range(g)]
        self.deal_shares = {}  # cards left to deal -> each count's share (hidden.deal_outcomes)
        self.programs = {}  # (card, option) -> its resolution program (resolve.start)
        self.catalog = CATALOG
        from .observation import build_layout

        self.layout = build_layout()
        return dict(cfg, modules=mods, level=level if cfg["level"] is not None else None)

    @property
    def num_players(self) -> int:
        return self.num_groups

    def new_initial_state(self):
        """A new game: a clone of the state the setup leaves (the same for every game of this
        configuration: supply, workbench, decks, missions, then the removal draws pending)."""
        first = self.__dict__.get("_first_state")
        if first is None:
            from .state import PaleoState

            first = self._first_state = PaleoState(self)
        return first.clone()
