"""The story validator: a Primeval Peril pack checked as files and as a story graph.

``validate_pack(pack)`` loads the pack (schema, then every cross-check of ``content_checks``)
and walks the storybook as a graph of sections, whose edges are the redirects, the choices'
``goto`` and ``fail_goto`` and the continues:

* every section is reached from the intro or a location's first section ``N.1``;
* from every reached section some path leads to ``ends: map`` or an ending (no loop without an
  exit; a missing section is a dead end the loader already names);
* a section whose every choice requires a keyword strands a party without them;
* at least one ending is reached;
* no sections continue into each other in a ring without a choice between them (a party would
  read them for ever).

Loading a pack (``content.build``, so ``make_game``, ``gym.make(content_pack=...)`` and a replay
naming the pack) runs the same graph checks (``story_graph.graph_faults``) and refuses the first
fault; ``boardgym validate`` lists them all.

Each fault is one line in a pack author's words, naming the file, the entry and the field:
``story.json: section 5.3, choices[1].goto: no section "5.9"``. ``boardgym validate
primeval_peril [--pack DIR]`` prints them (exit status 2) or a one-line summary (exit 0).
"""
from __future__ import annotations

from pathlib import Path

from boardgym.core.errors import ContentError
from boardgym.core.files import pack_folder
from boardgym.games.validate import describe as describe_fault
from boardgym.games.validate import report

from .content import DEFAULT_PACK, FILES, build_checked
from .story_graph import graph_faults

ENTRY_WORDS = {"story": "section", "atlas": "space", "events": "event", "cards": "card", "combats": "combat",
               "enemies": "enemy"}


def describe(err: ContentError) -> str:
    """A fault as one line: ``<file>: <kind> <entry>, <field>: <message>`` (a section, a space,
    a card ... by its table)."""
    return describe_fault(err, ENTRY_WORDS)


def validate_pack(pack: str | Path | None = None):
    """``(content or None, [fault lines])`` of a pack folder (default: the shipped pack)."""
    folder = Path(pack) if pack is not None else DEFAULT_PACK
    try:
        pack_folder(folder if pack != "" else "")  # a folder: not '', a file or the root
    except ContentError as err:
        return None, [f"{pack!r}: {err.message}; a pack is a folder of {', '.join(f + '.json' for f in FILES)}"]
    try:
        content, faults = build_checked(folder)
    except ContentError as err:  # a schema violation, or a table that cannot be built
        return None, [describe(err)]
    faults = faults + graph_faults(content)
    return content, [describe(f) for f in faults]


def summary(content, folder) -> str:
    story = content.story
    endings = sum(1 for s in story.sections if s.ends == "ending")
    return (f"{folder}: ok, \"{story.title}\": {len(story.sections)} sections, {endings} endings, "
            f"{len(story.location_entry)} locations, {len(content.combats)} combats, {len(content.events)} events, "
            f"{len(content.cards.numbered)} numbered cards")


def run(pack: str | None, out) -> int:
    """``boardgym validate primeval_peril``: 0 and a summary line, or 2 and every fault."""
    folder = Path(pack) if pack is not None else DEFAULT_PACK
    content, faults = validate_pack(pack if pack is not None else folder)
    return report(repr(pack) if pack == "" else folder, None if faults else summary(content, folder), faults, out)
