"""The tables of a Primeval Peril pack built from its validated JSON, and the checks across
entries and files that a schema cannot express (content.py's ``build_checked`` calls them).

Every fault goes to ``Faults.add(table, entry, field, message)``: the loader raises the first,
``validate.py`` lists them all. Fields are written as a pack author reads them:
``choices[1].goto``, ``spaces[3].exits[0]`` (an index into the entry's list, from 0).
"""
from __future__ import annotations

from boardgym.core.content import FrozenMap

from .content import (MIN_S_DECK, DIRECTIONS, EFFECTS, ICONS, MAX_EXITS, NUMBERED, OPPOSITE, RESOURCES, SKILLS, SLOTS,
                      START_PAGE, ABILITIES, AdventureCard, Atlas, Banner, Cards, CombatCard, Event, Market,
                      Page, QuestCard, Section, Space, Story, _idx, challenge, choice, effects)


# -- cards ------------------------------------------------------------------------------------------
def _combat_card(i, d, number):
    return CombatCard(i, d["id"], d["name"], number, d["damage"], d.get("die", 0), _idx(SKILLS, d.get("skill")),
                      d["remove_power"], d["block"], d["text"])


def cards(doc, faults) -> Cards:
    s_cards = []
    for d in doc["starting"]:
        if "number" in d:
            faults.add("cards", d["id"], "number", "a starting (S) card has no number; numbered combat cards go "
                       "under combat")
        for k in range(d.get("copies", 1)):
            s_cards.append(_combat_card(len(s_cards), {**d, "id": f"{d['id']}_{k + 1}"}, 0))
    if len(s_cards) < MIN_S_DECK:
        faults.add("cards", "<file>", "starting", f"the starting cards make a deck of {len(s_cards)}; the active "
                   f"combat deck holds at least {MIN_S_DECK} (PP-CHAR-7)")
    for d in doc["combat"]:
        if "copies" in d:
            faults.add("cards", d["id"], "copies", "a numbered card is one card: copies is for the S cards only")
    rows = [("adventure", d) for d in doc["adventure"]] + [("combat", d) for d in doc["combat"]] + \
           [("quest", d) for d in doc["quests"]]
    seen = {}
    for kind, d in rows:
        n = d["number"]
        if n in seen:
            faults.add("cards", d["id"], "number", f"card number {n} is taken by {seen[n]!r}; each numbered card "
                       "has its own number")
        seen[n] = d["id"]
        if not any(lo <= n <= hi for lo, hi in NUMBERED[kind]):
            ranges = " or ".join(f"{lo}-{hi}" for lo, hi in NUMBERED[kind])
            faults.add("cards", d["id"], "number", f"a {kind} card is numbered {ranges} (spec §2.6), not {n}")
    missing = [n for n in range(1, 61) if n not in seen]
    if missing:
        faults.add("cards", "<file>", "numbered", f"no card numbered {missing[0]}; the numbered deck holds "
                   "every number 1-60 (spec §2.6)")
    numbered = {}
    for i, (kind, d) in enumerate(sorted(rows, key=lambda r: r[1]["number"])):
        n = d["number"]
        if kind == "adventure":
            market = 53 <= n <= 60
            if market and not d.get("price"):
                faults.add("cards", d["id"], "price", f"card {n} is a market card (53-60): it needs a price of "
                           "2-4 coins (spec §2.6)")
            if not market and d.get("price"):
                faults.add("cards", d["id"], "price", f"only market cards (53-60) have a price; card {n} is found")
            ability = d.get("ability", {"kind": "none"})
            card = AdventureCard(i, d["id"], d["name"], n, SLOTS.index(d["slot"]), SKILLS.index(d["skill"]),
                                 ABILITIES.index(ability["kind"]), ability.get("amount", 0), ability.get("cost", 0),
                                 d.get("price", 0), d.get("unlock", 0), d["text"], ability.get("self", False))
        elif kind == "combat":
            card = _combat_card(i, d, n)
        else:
            card = QuestCard(i, d["id"], d["name"], n, tuple(d.get("keywords", ())), d["text"])
        numbered[n] = card
    return Cards(tuple(s_cards), FrozenMap(numbered))


# -- story ------------------------------------------------------------------------------------------
def story(doc, faults, cards: Cards) -> Story:
    keywords = {k for c in cards.numbered.values() if isinstance(c, QuestCard) for k in c.keywords}
    sections = []
    for i, d in enumerate(doc["sections"]):
        key = d["id"]
        kinds = [k for k in ("choices", "goto", "ends") if d.get(k)]
        if len(kinds) != 1:
            faults.add("story", key, kinds[1] if len(kinds) > 1 else "choices",
                       "a section ends in exactly one way: choices, a goto (continue) or ends (map / ending); "
                       + (f"this one has {' and '.join(kinds)}" if kinds else "this one has none"))
        if d.get("combat") and not d.get("goto"):
            faults.add("story", key, "combat", "a section with a combat continues after the victory: it needs a goto")
        ends = d.get("ends")
        if (ends == "ending") != bool(d.get("ending")):
            faults.add("story", key, "ending", "an ending section (ends: ending) names its ending, and only it does")
        effs = effects(d.get("effects"), faults, "story", key, "effects")
        chs = []
        for j, c in enumerate(d.get("choices", ())):
            ch = choice(c, faults, "story", key, f"choices[{j}]")
            if not ch.goto:
                faults.add("story", key, f"choices[{j}].goto", "a story choice turns to a section: it needs a goto")
            chs.append(ch)
        sections.append(Section(i, key, int(key.split(".")[0]), d["text"],
                                tuple((r["keyword"], r["goto"]) for r in d.get("redirects", ())), effs, tuple(chs),
                                d.get("goto"), d.get("combat", 0), ends, d.get("ending", ""), i))
    by_key = {s.key: s.id for s in sections}
    entry = {s.location: s.key for s in sections if s.location and s.key == f"{s.location}.1"}
    return Story(doc["title"], doc["intro"], tuple(sections), FrozenMap(by_key), FrozenMap(entry),
                 tuple(Market(i, m["id"], tuple(m["cards"])) for i, m in enumerate(doc["markets"])),
                 tuple(sorted(keywords)))


# -- atlas ------------------------------------------------------------------------------------------
def _banner(d, faults, entry, field):
    if d.get("challenge", {}).get("fail_goto"):
        faults.add("atlas", entry, f"{field}.challenge.fail_goto", "a banner turns to no section: no fail_goto")
    return Banner(ICONS.index(d["icon"]), d["text"], tuple((RESOURCES.index(c["resource"]), c.get("amount", 1))
                                                           for c in d.get("cost", ())),
                  challenge(d.get("challenge"), faults, "atlas", entry, f"{field}.challenge"),
                  effects(d.get("effects"), faults, "atlas", entry, f"{field}.effects"), d.get("max_uses", 0),
                  effects(d.get("effects_before"), faults, "atlas", entry, f"{field}.effects_before"),
                  d.get("rewards_on_fail", True))


def atlas(doc, faults) -> Atlas:
    """Pages in file order; spaces page by page (file order within a page), ids global."""
    page_of = {page["number"]: p for p, page in enumerate(doc["pages"])}
    for sp in doc["spaces"]:
        if sp["page"] not in page_of:
            faults.add("atlas", sp["id"], "page", f"no page {sp['page']} in pages; the atlas has "
                       f"{', '.join(map(str, sorted(page_of)))}")
    rows = sorted((sp for sp in doc["spaces"] if sp["page"] in page_of), key=lambda sp: page_of[sp["page"]])
    ids = {sp["id"]: i for i, sp in enumerate(rows)}
    spaces = []
    for sp in rows:
        key, exits, edges = sp["id"], [], []
        for j, x in enumerate(sp.get("exits", ())):
            if x not in ids:
                faults.add("atlas", key, f"exits[{j}]", f"no space {x!r} on the atlas")
                continue
            exits.append(ids[x])
        for j, e in enumerate(sp.get("edges", ())):
            if e["to"] not in ids:
                faults.add("atlas", key, f"edges[{j}].to", f"no space {e['to']!r} on the atlas")
                continue
            there = rows[ids[e["to"]]]["page"]
            if there != e["page"]:
                faults.add("atlas", key, f"edges[{j}].to", f"the {e['direction']} edge reads 'to page {e['page']}', "
                           f"but {e['to']!r} is on page {there}")
            exits.append(ids[e["to"]])
            edges.append((len(exits) - 1, DIRECTIONS.index(e["direction"])))
        if len(exits) > MAX_EXITS:
            faults.add("atlas", key, "exits", f"{len(exits)} exits (lines and page edges); a space has at most "
                       f"{MAX_EXITS} (TRAVEL 6-11)")
        rocks = sp.get("rocks")
        spaces.append(Space(len(spaces), key, page_of[sp["page"]], sp["name"], tuple(exits), tuple(edges),
                            tuple(rocks["faces"]) if rocks else (), rocks["damage"] if rocks else 0,
                            _idx(ICONS, sp.get("icon")), sp.get("location", 0), sp.get("start", False)))
    pages = []
    for p, page in enumerate(doc["pages"]):
        entry = f"page {page['number']}"
        pages.append(Page(p, page["number"], page["name"], tuple(s.id for s in spaces if s.page == p),
                          tuple(_banner(b, faults, entry, f"banner[{j}]") for j, b in enumerate(page["banner"]))))
    _check_atlas(pages, spaces, faults)
    return Atlas(tuple(pages), tuple(spaces))


def _check_atlas(pages, spaces, faults):
    for sp in spaces:
        edge_dirs = dict(sp.edges)
        for j, x in enumerate(sp.exits):
            other = spaces[x]
            same_page = other.page == sp.page
            d = DIRECTIONS[edge_dirs[j]] if j in edge_dirs else None
            back = dict(other.edges).get(other.exits.index(sp.id)) if sp.id in other.exits else None
            if x == sp.id:
                faults.add("atlas", sp.key, f"exits[{j}]", "a space's exit leads to itself")
            elif d is None and not same_page:
                faults.add("atlas", sp.key, f"exits[{j}]", f"{other.key!r} is on page {pages[other.page].number}; a "
                           "line to another page is an edge: list it under edges with its direction")
            elif d is not None and same_page:
                faults.add("atlas", sp.key, "edges", f"the {d} edge leads to {other.key!r} on the same page; an "
                           "edge leads to another page (PP-TRAVEL-3)")
            elif sp.id not in other.exits:
                faults.add("atlas", sp.key, f"exits[{j}]" if d is None else "edges",
                           f"{sp.key!r} leads to {other.key!r}, but {other.key!r} has no way back; every line and "
                           "page edge is crossed both ways (list it in both spaces)")
            elif d is not None and back is None:
                faults.add("atlas", other.key, "exits", f"the way back to {sp.key!r} crosses a page edge: list it "
                           f"under edges with direction {OPPOSITE[d]!r}")
            elif d is not None and DIRECTIONS[back] != OPPOSITE[d]:
                faults.add("atlas", sp.key, "edges", f"leaving {d} to {other.key!r} (page "
                           f"{pages[other.page].number}), the boat enters there on the {DIRECTIONS[back]} edge; "
                           f"it enters on the opposite edge, {OPPOSITE[d]} (PP-TRAVEL-3)")
    starts = [sp for sp in spaces if sp.start]
    if len(starts) != 1 or pages[starts[0].page].number != START_PAGE:
        where = ", ".join(f"{s.key!r} (page {pages[s.page].number})" for s in starts) or "none"
        faults.add("atlas", starts[1].key if len(starts) > 1 else "<file>", "start",
                   f"exactly one space on page {START_PAGE} is the start (PP-SETUP-1); marked: {where}")
    locs = {}
    for sp in spaces:
        if sp.location:
            if sp.location in locs:
                faults.add("atlas", sp.key, "location", f"location {sp.location} is also at {locs[sp.location]!r}; "
                           "each numbered location is on the atlas once")
            locs[sp.location] = sp.key
        if sp.location and sp.icon >= 0:
            faults.add("atlas", sp.key, "icon", "a space holds a square location or a numbered one, not both")
    for page in pages:
        have = {b.icon for b in page.banner}
        for i, b in enumerate(page.banner):
            if b.icon in {x.icon for x in page.banner[:i]}:
                faults.add("atlas", f"page {page.number}", f"banner[{i}].icon", f"{ICONS[b.icon]!r} is on the "
                           "banner twice")
        for s in page.spaces:
            sp = spaces[s]
            if sp.icon >= 0 and sp.icon not in have:
                faults.add("atlas", sp.key, "icon", f"the {ICONS[sp.icon]!r} square has no instructions on page "
                           f"{page.number}'s banner (PP-EXPL-2): add a banner entry for it")


# -- events -----------------------------------------------------------------------------------------
def events(entries, faults) -> tuple:
    out = []
    for i, d in enumerate(entries):
        key = d["id"]
        chs = tuple(choice(c, faults, "events", key, f"choices[{j}]") for j, c in enumerate(d.get("choices", ())))
        for j, c in enumerate(chs):
            if c.goto or c.challenge or c.combat or c.requires:
                faults.add("events", key, f"choices[{j}]", "an event's alternative is effects only: no goto, "
                           "requires, challenge or combat")
        if d.get("challenge", {}).get("fail_goto"):
            faults.add("events", key, "challenge.fail_goto", "an event turns to no section: no fail_goto")
        if chs and d.get("challenge"):
            faults.add("events", key, "choices", "an event has a challenge or an alternative, not both")
        out.append(Event(i, key, d["name"], d["text"], effects(d.get("before"), faults, "events", key, "before"),
                         challenge(d.get("challenge"), faults, "events", key, "challenge"),
                         effects(d.get("effects"), faults, "events", key, "effects"), chs))
    return tuple(out)


# -- across files -----------------------------------------------------------------------------------
def _all_effects(content):
    """(table, entry, field, Effect) for every effect of the story, events and banners."""
    for s in content.story.sections:
        for j, e in enumerate(s.effects):
            yield "story", s.key, f"effects[{j}]", e
        for c, ch in enumerate(s.choices):
            for j, e in enumerate(ch.effects):
                yield "story", s.key, f"choices[{c}].effects[{j}]", e
            for j, e in enumerate(ch.challenge.fail if ch.challenge else ()):
                yield "story", s.key, f"choices[{c}].challenge.fail[{j}]", e
    for ev in content.events:
        groups = [("before", ev.effects_before), ("effects", ev.effects),
                  ("challenge.fail", ev.challenge.fail if ev.challenge else ())]
        groups += [(f"choices[{c}].effects", ch.effects) for c, ch in enumerate(ev.choice)]
        for field, effs in groups:
            for j, e in enumerate(effs):
                yield "events", ev.key, f"{field}[{j}]", e
    for page in content.atlas.pages:
        for b, ban in enumerate(page.banner):
            groups = [("effects", ban.effects), ("effects_before", ban.effects_before),
                      ("challenge.fail", ban.challenge.fail if ban.challenge else ())]
            for field, effs in groups:
                for j, e in enumerate(effs):
                    yield "atlas", f"page {page.number}", f"banner[{b}].{field}[{j}]", e


def cross(content, docs, faults) -> None:
    story, numbered = content.story, content.cards.numbered
    keywords = set(story.keywords)
    if story.intro not in story.by_key:
        faults.add("story", "<file>", "intro", f'no section "{story.intro}" to open the story with')
    combats = content.by_number

    def goto(entry, field, key):
        if key and key not in story.by_key:
            faults.add("story", entry, field, f'no section "{key}"')

    def keyword(entry, field, word):
        if word is not None and word not in keywords:
            faults.add("story", entry, field, f"no quest card carries the keyword {word!r}; the cards carry "
                       f"{', '.join(sorted(keywords)) or 'none'}")

    def combat(table, entry, field, n):
        if n and n not in combats:
            faults.add(table, entry, field, f"no COMBAT {n}; the pack has {', '.join(map(str, sorted(combats)))}")

    for s in story.sections:
        goto(s.key, "goto", s.goto)
        combat("story", s.key, "combat", s.combat)
        for j, (word, key) in enumerate(s.redirects):
            keyword(s.key, f"redirects[{j}].keyword", word)
            goto(s.key, f"redirects[{j}].goto", key)
        for j, ch in enumerate(s.choices):
            goto(s.key, f"choices[{j}].goto", ch.goto)
            keyword(s.key, f"choices[{j}].requires", ch.requires)
            combat("story", s.key, f"choices[{j}].combat", ch.combat)
            if ch.challenge:
                goto(s.key, f"choices[{j}].challenge.fail_goto", ch.challenge.fail_goto)
    for table, entry, field, e in _all_effects(content):
        kind = EFFECTS[e.kind]
        if e.arg == -1:
            continue  # its argument is missing, already named
        if kind in ("gain_card", "lose_card") and e.arg not in numbered:
            faults.add(table, entry, f"{field}.card", f"no numbered card {e.arg}")
        if kind == "cross_off" and e.arg not in story.location_entry:
            faults.add(table, entry, f"{field}.location", f"no location {e.arg} in the story")
    for m in story.markets:
        for j, n in enumerate(m.cards):
            if not isinstance(numbered.get(n), AdventureCard) or not numbered[n].price:
                faults.add("story", m.key, f"cards[{j}]", f"card {n} is not a market card (an adventure card "
                           "with a price)")
    on_atlas = {sp.location: sp.key for sp in content.atlas.spaces if sp.location}
    for loc, key in on_atlas.items():
        if loc not in story.location_entry:
            faults.add("atlas", key, "location", f"location {loc} has no section {loc}.1 in the story (PP-EXPL-3)")
    for loc, key in story.location_entry.items():
        if loc not in on_atlas:
            faults.add("story", key, "id", f"section {key} opens location {loc}, which is not on the atlas")
