"""The Sleeping Gods core: skill challenges and combat on 3×3 enemy grids, shared by Tides of
Ruin (Arcade Mode) and Primeval Peril. A library, not a registered game.

Per-game differences are the ``Hooks`` (hooks.py, PP §2.6); a host game provides the small
protocol of host.py, declares ``host.fields()`` in its state and registers ``decisions``'s
handlers. Modules: ``enemies`` (data and the PP §2.7 notation), ``grid`` (pure grid rules),
``characters`` (health, resource, statuses, damage), ``challenge``, ``combat``,
``enemy_phase``, ``windows``, ``randomizer``, ``kinds``, ``invariants``. docs/architecture.md,
"Sleeping Gods core", has the design.
"""
from pathlib import Path

from .enemies import Enemy, EnemyError, enemy_from_entry, parse_enemy
from .hooks import FATIGUE, NO_MODS, STAMINA, AttackProfile, Cost, Flee, Hooks, Mods, Randomizers
from .host import Core, Ids
from .randomizer import Deck, Die

SCHEMA_DIR = Path(__file__).parent / "schema"

__all__ = ["Enemy", "EnemyError", "enemy_from_entry", "parse_enemy", "Hooks", "Cost", "Randomizers", "AttackProfile", "Mods",
           "NO_MODS", "Flee", "STAMINA", "FATIGUE", "Die", "Deck", "Core", "Ids", "SCHEMA_DIR"]
