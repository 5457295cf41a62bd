"""ATT metadata, configuration and the Game object shared by every state."""
from __future__ import annotations

from collections import Counter

from boardgym.core.errors import ConfigError
from boardgym.core.game import Game, GameInfo

from .actions import CATALOG
from .constants import BACKS, COLOURS
from .content import load_content

INFO = GameInfo(
    name="ancient_terrible_things",
    title="Ancient Terrible Things: Reawakened",
    min_players=1,
    max_players=4,
    cooperative=False,
    max_decisions=200_000,
    reward_range=(-10.0, 10.0),
    version=0,
    defaults={
        "num_players": 2,          # 1 = the solo game against the Adversary
        "scenario": "I",           # I | II
        "length": "standard",      # short | standard | long (solo: always its own setup)
        "tiles": None,             # None = the rulebook's sides, or 5 tile letters, e.g. "FGHIE"
        "characters": "fixed",     # fixed (seat i = i-th character, Captain first) | random
        "reward": "score_diff",    # score_diff | rank | raw (solo: +1 win / -1 defeat)
        "content_pack": None,      # a folder with the same files as content/ (None = shipped)
    },
)

SLOT_SIDES = (("A", "F"), ("B", "G"), ("C", "H"), ("D", "I"), ("E", "J"))  # ATT-D-9



REWARDS = ("score_diff", "rank", "raw")   # the reward modes: what the game pays, not what a seat sees


def _combinations(game):
    from .combination_actions import CombinationActions

    return CombinationActions(game)


class ATTGame(Game):
    info = INFO
    action_spaces = {"combinations": _combinations}   # a dice combination chosen as a whole

    def _configure(self, cfg: dict) -> dict:
        n = cfg["num_players"]
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 4:
            raise ConfigError(f"num_players must be an int in 1..4, got {n!r}")
        if cfg["scenario"] not in ("I", "II"):
            raise ConfigError(f"scenario must be 'I' or 'II', got {cfg['scenario']!r}")
        if cfg["length"] not in ("short", "standard", "long"):
            raise ConfigError(f"length must be short, standard or long, got {cfg['length']!r}")
        if cfg["characters"] not in ("fixed", "random"):
            raise ConfigError(f"characters must be 'fixed' or 'random', got {cfg['characters']!r}")
        if cfg["reward"] not in REWARDS:
            raise ConfigError(f"reward must be score_diff, rank or raw, got {cfg['reward']!r}")
        pack = cfg["content_pack"]
        if pack is not None and not isinstance(pack, str):
            raise ConfigError("content_pack must be a folder path (str) or None")
        self.content = c = load_content(pack)
        self.num_players_ = n
        tiles = cfg["tiles"]
        if tiles is None:
            tiles = ("A" if n >= 3 else "F") + "BCD" + ("J" if n == 1 else "E")
        if not isinstance(tiles, str) or len(tiles) != 5:
            raise ConfigError("tiles must be 5 tile letters, one per slot, e.g. 'FBCDE'")
        for slot, t in enumerate(tiles):
            if t not in SLOT_SIDES[slot]:
                raise ConfigError(f"slot {slot + 1} takes tile {' or '.join(SLOT_SIDES[slot])}, got {t!r}")
        if "J" in tiles and n != 1:
            raise ConfigError("tile J (Smugglers' Landing) is used in solo play only")
        self.tile_ids = tiles
        self.tiles = [c.tiles[t] for t in tiles]
        length = "short" if n == 1 else cfg["length"]
        row, self.lines = c.check_config(n, cfg["scenario"], length)  # ContentOptionError if the pack can't
        self.deck_counts = [row[b] for b in BACKS]
        self.tentacle_count = row["tentacles"]
        self.supply = [c.dice_supply[col] for col in COLOURS]
        self.die_outcomes = []
        for col in COLOURS:
            faces = Counter(c.dice_faces[col])
            self.die_outcomes.append([(f, k / 6.0) for f, k in sorted(faces.items())])
        wc = Counter(c.white_faces)
        self.white_outcomes = [(f, k / len(c.white_faces)) for f, k in sorted(wc.items())]
        self.fixed_characters = list(range(n)) if cfg["characters"] == "fixed" else None
        self.catalog = CATALOG
        from .observation import build_layout

        self.layout = build_layout()
        cfg = dict(cfg, tiles=tiles)
        return cfg

    @property
    def num_players(self) -> int:
        return self.num_players_

    def new_initial_state(self):
        from .state import ATTState

        return ATTState(self)


