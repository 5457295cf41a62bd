"""Layers: core < games < envs / agents < train / eval < terminal / viewer. Nothing under
boardgym/core imports a layer above the games, at top level or inside a function (read with
``ast``, so a lazy import dodges nothing).

core may name ``boardgym.games`` (the registry of game packages): a replay file names its game,
and ``Replay.make_game`` / the words of an illegal step find it there by name, without core
importing any game package itself."""
from __future__ import annotations

from tests.import_graph import imports, modules

ABOVE_CORE = ("boardgym.terminal", "boardgym.viewer", "boardgym.envs", "boardgym.agents",
              "boardgym.train", "boardgym.eval", "boardgym.cli", "boardgym.pretrained")


def test_core_imports_no_upper_layer():
    found = modules("boardgym.core")
    assert "boardgym.core.replay" in found and "boardgym.core.agent" in found
    bad = [f"{name} line {line} imports {target}"
           for name, path in found.items() for target, line in imports(path)
           if any(target == up or target.startswith(up + ".") for up in ABOVE_CORE)]
    assert not bad, "core reaches up:\n" + "\n".join(bad)


def test_core_may_import_only_itself_the_games_registry_and_the_version():
    """The games themselves stay out of core: only the registry module ``boardgym.games``."""
    found = modules("boardgym.core")
    bad = [f"{name} line {line} imports {target}"
           for name, path in found.items() for target, line in imports(path)
           if target.startswith("boardgym.games.") and target not in ("boardgym.games.game_class",
                                                                      "boardgym.games.make_game",
                                                                      "boardgym.games.GAMES",
                                                                      "boardgym.games.action_words")]
    assert not bad, "\n".join(bad)
