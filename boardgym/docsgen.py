"""Generated parts of the game docs (action catalogue, observation layout) and of docs/agents.md
(every game's entity sets), kept in step by a test.

``python -m boardgym.docsgen`` rewrites every block between
``<!-- BEGIN GENERATED: name -->`` and ``<!-- END GENERATED: name -->`` in docs/games/<game>.md
and docs/agents.md.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from boardgym.games import GAMES, make_game

ROOT = Path(__file__).resolve().parent.parent


def blocks(game_name: str) -> dict[str, str]:
    game = make_game(game_name)
    return {
        "actions": game.catalog.markdown(),
        "observation": game.layout.markdown() + f"\n\n{game.layout.size} floats in all.",
    }


def entity_table() -> str:
    """Every game's entity sets and decision-kind piece (``ObsLayout.entities_markdown``), one
    table per game."""
    parts = []
    for name in GAMES:
        game = make_game(name)
        parts.append(f"**{game.info.title}** (`{name}`):\n\n"
                     + game.layout.entities_markdown())
    return "\n\n".join(parts)


AGENTS_DOC = ROOT / "docs" / "agents.md"


def agents_blocks() -> dict[str, str]:
    return {"entity_sets": entity_table()}


def doc_path(game_name: str) -> Path:
    return ROOT / "docs" / "games" / f"{game_name}.md"


def render(text: str, generated: dict[str, str]) -> str:
    for name, body in generated.items():
        pattern = re.compile(
            rf"(<!-- BEGIN GENERATED: {name} -->\n)(?:.*?\n)?(<!-- END GENERATED: {name} -->)", re.S)
        if not pattern.search(text):
            raise ValueError(f"no generated block {name!r} in the doc")
        text = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text)
    return text


def main(argv=None) -> int:
    for name in GAMES:
        path = doc_path(name)
        path.write_text(render(path.read_text(), blocks(name)))
        print(f"updated {path}")
    AGENTS_DOC.write_text(render(AGENTS_DOC.read_text(), agents_blocks()))
    print(f"updated {AGENTS_DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
