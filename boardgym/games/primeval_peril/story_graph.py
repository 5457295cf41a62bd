"""The storybook as a graph of sections, checked when a pack is loaded and by ``boardgym
validate`` (the same checks, ``graph_faults``).

The edges are the redirects, the choices' ``goto`` and ``fail_goto`` and the continues:

* every section is reached from the intro or a location's first section ``N.1``;
* from every reached section some path leads to ``ends: map`` or an ending (no loop without an
  exit; a missing section is a dead end the loader already names);
* no ring of sections is read without a decision: a section's redirects, and the continue of a
  section without choices, are followed with nobody choosing; a ring of those would be read for
  ever once entered (the engine would never come back to a player);
* a section whose every choice requires a keyword strands a party without them;
* at least one ending is reached.
"""
from __future__ import annotations

from collections import deque

from boardgym.core.errors import ContentError


def _successors(section) -> list[tuple[str, str]]:
    """(field, key) of every section this one may turn to."""
    out = [(f"redirects[{j}].goto", key) for j, (_, key) in enumerate(section.redirects)]
    for j, ch in enumerate(section.choices):
        out.append((f"choices[{j}].goto", ch.goto))
        if ch.challenge and ch.challenge.fail_goto:
            out.append((f"choices[{j}].challenge.fail_goto", ch.challenge.fail_goto))
    if section.goto:
        out.append(("goto", section.goto))
    return out


def _closure(starts, edges) -> set[str]:
    """Every key reached from ``starts`` along ``edges`` ({key: [key, ...]})."""
    seen, todo = set(), deque(starts)
    while todo:
        key = todo.popleft()
        if key not in seen:
            seen.add(key)
            todo.extend(edges[key])
    return seen


def _unattended(section, by_key) -> list[str]:
    """The sections read after this one with nobody choosing: its redirects (taken on reading,
    before its choices), and its continue when it has no choices."""
    out = [key for _, key in section.redirects if key in by_key]
    if not section.choices and section.goto in by_key:
        out.append(section.goto)
    return out


def _ring(start: str, edges: dict) -> list[str] | None:
    """A ring of ``edges`` through ``start`` (its keys in reading order), or None."""
    path, seen, todo = [], set(), [(start, iter(edges[start]))]
    path.append(start)
    while todo:
        key, it = todo[-1]
        nxt = next(it, None)
        if nxt is None:
            todo.pop()
            path.pop()
        elif nxt == start:
            return path + [start]
        elif nxt not in seen:
            seen.add(nxt)
            todo.append((nxt, iter(edges[nxt])))
            path.append(nxt)
    return None


def graph_faults(content) -> list[ContentError]:
    """The story-as-a-graph faults of a loaded pack (see the module docstring), each a
    ``ContentError`` naming the story file, the section and the field."""
    story = content.story
    file = content.files["story"]
    by_key, sections = story.by_key, story.sections
    nxt = {s.key: [k for _, k in _successors(s) if k in by_key] for s in sections}
    roots = [story.intro] + [story.location_entry[loc] for loc in sorted(story.location_entry)]
    seen = _closure([k for k in roots if k in by_key], nxt)
    prev: dict[str, list[str]] = {s.key: [] for s in sections}
    for key, keys in nxt.items():
        for k in keys:
            prev[k].append(key)
    finishes = _closure([s.key for s in sections if s.ends], prev)
    unattended = {s.key: _unattended(s, by_key) for s in sections}
    ringed: set[str] = set()
    faults = []
    for s in sections:
        if s.key not in seen:
            faults.append(ContentError(file, s.key, "id", f"section {s.key} is never reached: no goto, choice or "
                                       "redirect leads to it from the intro or a location's first section (N.1)"))
        elif s.key not in finishes and _successors(s) and all(k in by_key for _, k in _successors(s)):
            # (a section with no way out, or one whose goto is missing, is named by the loader)
            faults.append(ContentError(file, s.key, "goto" if s.goto else "choices", "no path from here leads back "
                                       "to the map or an ending (a loop without an exit); end one of its sections "
                                       "with ends: map"))
        elif s.key in seen and s.key not in ringed:
            ring = _ring(s.key, unattended)
            if ring is not None:
                ringed.update(ring)
                faults.append(ContentError(file, s.key, "goto" if s.goto and not s.choices else "redirects",
                                           "sections " + " -> ".join(ring) + " lead into each other with no "
                                           "choice between them, so a party would read them for ever: give "
                                           "one of them choices or end it with ends: map"))
        if s.choices and all(ch.requires for ch in s.choices):
            words = ", ".join(sorted({ch.requires for ch in s.choices}))
            faults.append(ContentError(file, s.key, "choices", f"every choice requires a keyword ({words}); a party "
                                       "without them is stuck: add a choice anyone can take"))
    if not any(s.ends == "ending" and s.key in seen for s in sections):
        faults.append(ContentError(file, "<file>", "sections", "no ending is reached from the intro or a location: "
                                   "the campaign cannot be won (give a section ends: ending)"))
    return faults


