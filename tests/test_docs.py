"""The generated parts of every game doc match the code (action catalogue, observation layout),
every action has its use, and the docs speak of the project alone."""
import re
from pathlib import Path

import pytest

from boardgym.docsgen import blocks, doc_path, render
from boardgym.games import GAMES


@pytest.mark.parametrize("name", GAMES)
def test_game_doc_is_in_step_with_the_encoder(name):
    text = doc_path(name).read_text()
    assert render(text, blocks(name)) == text, "run: python -m boardgym.docsgen"


@pytest.mark.parametrize("name", GAMES)
def test_every_observation_piece_is_documented(name):
    from boardgym.games import make_game

    game = make_game(name)
    text = doc_path(name).read_text()
    for piece, _, _, meaning in game.layout.pieces:
        assert f"`{piece}`" in text and meaning


@pytest.mark.parametrize("name", GAMES)
def test_every_action_range_has_its_use(name):
    """Each row of a game's generated action table says what the range does (no empty "use"
    cell), and the generator refuses a catalogue range without a meaning."""
    from boardgym.core.actions import ActionCatalog
    from boardgym.games import make_game

    catalog = make_game(name).catalog
    rows = [line.split("|") for line in catalog.markdown().splitlines() if line.startswith("| ") and "---" not in line]
    assert len(rows) == len(catalog.ranges) + 1  # the header, then one row per range
    for cells in rows[1:]:
        assert cells[3].strip(), f"{name}: action {cells[2].strip()} has no use in the table"
    with pytest.raises(ValueError, match="without a meaning.*LOC"):
        ActionCatalog([("NOOP", 1), ("LOC", 3)], docs={"NOOP": "nothing to do"}).markdown()


ROOT = Path(__file__).resolve().parent.parent
# what a user reads: the README, every doc page, and the docstrings, comments and configs of the
# packages (the tests are for the developers)
USER_TEXT = ([ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
             + [p for d in ("boardgym", "agents", "train", "eval") for ext in ("*.py", "*.yaml", "*.md")
                for p in sorted((ROOT / d).rglob(ext))])
OUTSIDE = re.compile(r"\.\./shared\b|\bshared/(?:rules|games|DESIGN)")
ISSUE = re.compile(r"\bissues?[\s#-]*\d+", re.I)


def test_docs_speak_of_the_project_alone():
    """No doc (README.md, docs/**/*.md) nor anything else a user reads in the packages points at
    files outside the repository (``../shared/...``) or names an internal issue number
    ("issue 14"): every fact a user needs is in the repository's own docs."""
    assert len(USER_TEXT) > 100 and ROOT / "docs" / "games" / "paleo.md" in USER_TEXT
    found = []
    for path in USER_TEXT:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for rx in (OUTSIDE, ISSUE):
                m = rx.search(line)
                if m:
                    found.append(f"{path.relative_to(ROOT)}:{n}: {m.group(0)!r}")
    assert not found, "text outside the project:\n" + "\n".join(found)


def test_every_agent_kind_is_listed_where_agents_are_listed(capsys):
    """Each agent kind (``boardgym.agents.specs.KINDS``: pretrained and rllib:PATH included) appears in the
    README's tournament row, in docs/agents.md's table of agents and in ``python -m boardgym.eval --help``."""
    from boardgym.agents.specs import KINDS
    from boardgym.eval.__main__ import parse_args

    readme_row = next(line for line in (ROOT / "README.md").read_text().splitlines() if line.startswith("| `make eval`"))
    agents_doc = (ROOT / "docs" / "agents.md").read_text().split("\n\n## ")[0]  # the opening table
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    help_text = capsys.readouterr().out
    for kind in KINDS.values():
        head = kind.syntax.split("[")[0].split(":")[0]
        assert f"`{head}" in readme_row, f"README's make eval row lacks {kind.syntax}"
        assert f"`{head}" in agents_doc, f"docs/agents.md's table lacks {kind.syntax}"
        assert kind.syntax in help_text, f"python -m boardgym.eval --help lacks {kind.syntax}"


def test_agents_doc_entity_table_is_in_step_with_the_layouts():
    from boardgym.docsgen import AGENTS_DOC, agents_blocks

    text = AGENTS_DOC.read_text()
    assert render(text, agents_blocks()) == text, "run: python -m boardgym.docsgen"
