"""Loading and checking a Paleo content pack (JSON + schema) into immutable tables.

Cards get integer ids in pack order: base, people, dream, idea, mystery, then every module
file (modules/<letter>.json, by letter). The state refers to cards, backs and tool types by
these ints only. See docs/games/paleo.md, "Content format".
"""
from __future__ import annotations

import json
from pathlib import Path

from boardgym.core.content import (ids_of, load_json, load_pack, load_schemas, lookup, pack_loader, require,
                                   validate)
from boardgym.core.errors import ContentError, ContentOptionError

from .constants import (ABIL, ABIL_NAMES, AREA_FIELDS, A_ADD, A_ALT, A_MOON, BACK_TYPES, E_DISCARD,
                        E_DREAM, E_PREVENT, E_SECRET, EFFECTS, HINTS, K_HAZARD, K_IDEA, K_MISSION,
                        K_NEW, K_PERSON, K_SECRET, KINDS, MAX_OPTIONS, RED,
                        RES, TOOL_EFFECTS, E_RES, E_LOSE_RES, E_TOOL, E_LOSE_TOOL)

HERE = Path(__file__).parent
DEFAULT_PACK = HERE / "content"
SCHEMA_DIR = HERE / "schema"
SET_FILES = (("base", "base"), ("people", "people"), ("dreams", "dream"), ("ideas", "idea"),
             ("mysteries", "mystery"))


class Opt:
    """One option (action) of a card: requirements, costs and the reward effects in order."""

    __slots__ = ("idx", "area", "neg", "limit", "req", "dice", "has_tool", "on_card", "discard",
                 "cres", "ctools", "remove", "from_card", "reward", "prevent", "label")

    def __init__(self, idx, area, d, tool_index, file, entry):
        tool = tool_index.__getitem__  # tool ids are references the schema checked (refersTo: tool)
        self.idx, self.area = idx, area
        self.neg = bool(d.get("negative", False))
        self.limit = {None: 0, "turn": 1, "day": 2}[d.get("limit")]
        self.label = d.get("label", "")
        r, c = d.get("req", {}), d.get("cost", {})
        self.req = tuple(r.get(a, 0) for a in ABIL)
        self.dice = r.get("dice", 0)
        self.has_tool = tuple(tool(t) for t in r.get("has_tool", []))
        self.on_card = r.get("on_card", 0)
        self.discard = c.get("discard", 0)
        self.cres = tuple(c.get(x, 0) for x in RES)
        self.ctools = tuple(tool(t) for t in c.get("tools", []))
        self.remove = bool(c.get("remove", False))
        self.from_card = c.get("from_card", 0)
        eff = []
        for e in d["reward"]:
            k = EFFECTS.index(e["kind"])
            if k in (E_RES, E_LOSE_RES):
                eff.append((k, RES.index(e["res"]), e["n"]))
            elif k in (E_TOOL, E_LOSE_TOOL):
                eff.append((k, tool(e["tool"]), e.get("n", 1)))
            else:
                eff.append((k, e.get("n", 0), 0))
        self.reward = tuple(eff)
        self.prevent = sum(e[1] for e in eff if e[0] == E_PREVENT)
        if self.neg and (any(self.req) or self.dice or self.has_tool or self.on_card):
            raise ContentError(file, entry, "req", "a negative option has no requirements or dice")
        if area == A_MOON and (self.discard or any(e[0] in (E_DISCARD, E_DREAM, E_SECRET) for e in eff)):
            raise ContentError(file, entry, "night", "night options contain no DISCARD, DREAM or SECRET")


class Card:
    """Immutable card data shared by every state."""

    __slots__ = ("id", "key", "set", "name", "text", "back", "back_type", "red", "kind", "hazard",
                 "secret_no", "ability", "value", "hearts", "ptool", "opts", "placement",
                 "place_filter", "accepts", "hold_max", "idea_tool", "file")

    def __init__(self, cid, d, tools, backs, file):
        self.id, self.key, self.set, self.name = cid, d["id"], d["set"], d["name"]
        self.text, self.file = d.get("text", ""), file
        key = (BACK_TYPES.index(d["back"]["type"]), tuple(sorted(HINTS.index(h) for h in d["back"].get("hints", []))))
        self.back = backs.setdefault(key, len(backs))
        self.back_type = key[0]
        self.red = key[0] == RED
        self.kind = KINDS.index(d["kind"])
        self.hazard = self.kind == K_HAZARD or (self.kind == K_SECRET and d.get("hazard", False))
        self.secret_no = d.get("secret_no", 0)
        p = d.get("person")
        self.ability = self.value = self.hearts = 0
        self.ptool = -1
        if p:
            self.ability = ABIL_NAMES.index(p["ability"])
            self.value = p["value"] if self.ability < 3 else 0
            self.hearts = p["hearts"]
            if "tool" in p:
                self.ptool = tools[p["tool"]]
        opts = []
        for area, fld in enumerate(AREA_FIELDS):
            for o in d.get(fld, []):
                opts.append(Opt(len(opts), area, o, tools, file, self.key))
        if len(opts) > MAX_OPTIONS:
            raise ContentError(file, self.key, "options", f"{len(opts)} options; at most {MAX_OPTIONS} in all areas")
        self.opts = tuple(opts)
        pl = d.get("placement")
        self.placement = ("GROUP", "MISSION", "CARD").index(pl["to"]) if pl else -1
        self.place_filter = pl.get("filter", "") if pl else ""
        h = d.get("holds")
        self.accepts, self.hold_max = (), 0
        if h:
            codes = tuple(RES.index(t) if t in RES else 3 + tools[t] for t in h["accepts"])
            self.accepts, self.hold_max = codes, h["max"]
        self.idea_tool = -1
        if "idea" in d:
            self.idea_tool = tools[d["idea"]["tool"]]
        self._check(file, d)

    def _check(self, file, d):
        def bad(field, msg):
            raise ContentError(file, self.key, field, msg)

        areas = {o.area for o in self.opts}
        if self.kind == K_PERSON and "person" not in d:
            bad("person", "a PERSON card needs its person block")
        if self.kind == K_NEW and self.placement < 0:
            bad("placement", "a NEW_CARD needs placement instructions")
        if self.kind == K_IDEA and self.idea_tool < 0 and not areas & {A_ADD, A_ALT}:
            bad("idea", "an IDEA card needs a tool or an additional/alternative action")
        if self.kind == K_SECRET and not 1 <= self.secret_no <= 22:
            bad("secret_no", "a SECRET card needs secret_no 1..22")
        if self.hazard and not any(o.neg for o in self.opts):
            bad("options", "a hazard needs at least one negative option")
        if self.kind == K_MISSION and A_MOON in areas and not any(o.neg and o.area == A_MOON for o in self.opts):
            bad("night", "a mission's moon area needs a negative option")
        if any(o.area == A_MOON for o in self.opts) and not any(o.neg and o.area == A_MOON for o in self.opts):
            bad("night", "a moon area needs a negative option (it cannot be ignored)")
        if any(o.on_card or o.from_card for o in self.opts) and not self.accepts:
            bad("holds", "on_card/from_card need a card that holds tokens")


class Tool:
    __slots__ = ("id", "key", "name", "count", "printed", "effect", "n", "ability", "recipe_res",
                 "recipe_tools", "recipe_req", "craftable")

    def __init__(self, tid, d, names, file):
        self.id, self.key, self.name, self.count = tid, d["id"], d["name"], d["count"]
        self.printed = bool(d.get("printed_idea", False))
        e = d["effect"]
        self.effect = TOOL_EFFECTS.index(e["kind"])
        self.n = e.get("n", 0)
        self.ability = tuple(e.get(a, 0) for a in ABIL)
        r = d.get("recipe")
        self.craftable = r is not None
        r = r or {}
        self.recipe_res = tuple(r.get(x, 0) for x in RES)
        self.recipe_req = tuple(r.get(a, 0) for a in ABIL)
        self.recipe_tools = tuple(names[t] for t in r.get("tools", []))


class Module:
    __slots__ = ("letter", "name", "remove", "mission", "day_cards", "setup", "file")


class Content:
    """Every table of one content pack."""

    def __init__(self, pack: Path):
        mdir = pack / "modules"
        module_files = sorted(mdir.glob("*.json")) if mdir.is_dir() else []
        rfile = pack / "rules.json"
        # references inside rules.json: recipe tools (its own tool ids), level rows (module files)
        refs = {"tool": ids_of(load_json(rfile), "tools"), "module": {f.stem for f in module_files}}
        rules = load_pack(pack, SCHEMA_DIR, {"rules": "rules"}, refs)["rules"]
        rfile = str(rfile)
        # unique (schema uniqueBy) and at most MAX_TOOLS of them (schema maxItems, the same bound:
        # test_content_errors.test_index_bounds_of_the_schemas_are_the_engines)
        names = {t["id"]: i for i, t in enumerate(rules["tools"])}
        self.tool_index = names
        refs = {"tool": set(names), "holdable": set(names) | set(RES)}
        self.tools = [Tool(i, t, names, rfile) for i, t in enumerate(rules["tools"])]
        self.storage_start = tuple(rules["storage_start"].get(x, 0) for x in RES)
        self.dice_count = rules["dice"]["count"]
        self.dice_faces = [(ABIL_NAMES.index(f["ability"]), f["value"]) for f in rules["dice"]["faces"]]
        self.levels = [list(row) for row in rules["levels"]]
        self.default_remove = rules.get("default_remove", 3)
        self.cards: list[Card] = []
        self.backs: dict = {}
        self.by_key: dict[str, int] = {}
        self.sets: dict[str, list[int]] = {}
        for fname, set_name in SET_FILES:
            docs = load_pack(pack, SCHEMA_DIR, {fname: fname}, refs)
            self._add_cards(docs[fname]["cards"], str(pack / f"{fname}.json"), set_name)
        self.modules: dict[str, Module] = {}
        schemas = load_schemas(str(SCHEMA_DIR))
        for path in module_files:
            doc = load_json(path, root=pack)
            validate(doc, schemas["module"], str(path), refs, schemas)
            self._add_module(doc, str(path))
        self.back_keys = sorted(self.backs, key=self.backs.get)
        # secret numbers are unique and people are PERSON cards, at most MAX_PEOPLE of them: the
        # schemas of mysteries.json and people.json (uniqueBy secret_no; kind, maxItems)
        self.secret_by_no = {self.cards[cid].secret_no: cid for cid in self.sets.get("mystery", [])}
        self.files = {name: str(pack / f"{name}.json") for name, _ in SET_FILES + (("rules", "rules"),)}

    # -- what a configuration asks of the pack (ContentOptionError names the file and entry) ----
    def check_level(self, level: int) -> None:
        require(level <= len(self.levels), self.files["rules"], "<file>", "levels",
                f"option level={level} asks for level {level}; this pack's level table has "
                f"{len(self.levels)} level(s)")

    def module(self, letter) -> Module:
        file = str(Path(self.files["rules"]).parent / "modules" / f"{letter}.json")
        return lookup(self.modules, letter, file, "modules", "the module", field="letter")

    def check_groups(self, groups: int) -> None:
        need = 2 * groups
        have = len(self.sets.get("people", []))
        require(need <= have, self.files["people"], "<file>", "cards",
                f"{groups} groups draw 2 people each at setup (PALEO-SETUP-5, option num_groups={groups}): "
                f"{need} people needed, the pack has {have}")

    def check_bound(self, instances, bound: int, field: str, what: str) -> None:
        """At most ``bound`` of ``instances`` ((card id, option) pairs) in the chosen game; the
        error names the card that is one too many."""
        if len(instances) > bound:
            card = self.cards[instances[bound][0]]
            raise ContentOptionError(card.file, card.key, field,
                                     f"the chosen modules give {len(instances)} {what}; the action space has "
                                     f"{bound} (choose other modules or trim the pack)")

    def _add_cards(self, entries, file, set_name):
        for d in entries:
            if d["set"] != set_name:
                raise ContentError(file, d["id"], "set", f"expected set {set_name!r}")
            if d["id"] in self.by_key:
                raise ContentError(file, d["id"], "id", "duplicate card id")
            cid = len(self.cards)
            card = Card(cid, d, self.tool_index, self.backs, file)
            most = max((o.dice for o in card.opts), default=0)
            if most > self.dice_count:   # (PALEO-DICE-1: a check rolls the rules' dice)
                raise ContentError(file, d["id"], "dice", f"an option rolls {most} dice; the rules roll "
                                   f"at most {self.dice_count} (rules.json, dice.count)")
            self.cards.append(card)
            self.by_key[d["id"]] = cid
            self.sets.setdefault(set_name, []).append(cid)

    def _add_module(self, doc, file):
        letter = doc["letter"]
        if Path(file).stem != letter:
            raise ContentError(file, letter, "letter", "file name must be <letter>.json")
        if letter in self.modules:
            raise ContentError(file, letter, "letter", "module defined twice")
        self._add_cards(doc["cards"], file, letter)
        m = Module()
        m.letter, m.name, m.file = letter, doc["name"], file
        m.remove = doc.get("remove", self.default_remove)
        if doc["mission"] not in self.by_key or self.cards[self.by_key[doc["mission"]]].set != letter:
            raise ContentError(file, doc["mission"], "mission", "not a card of this module")
        m.mission = self.by_key[doc["mission"]]
        if self.cards[m.mission].kind != K_MISSION:
            raise ContentError(file, doc["mission"], "kind", "the mission card must be a MISSION")
        setup = []
        for e in doc.get("setup", []):
            if e["card"] not in self.by_key:
                raise ContentError(file, e["card"], "setup", "unknown card")
            setup.append((self.by_key[e["card"]], e["to"]))
        m.setup = tuple(setup)
        placed = {c for c, _ in setup}
        m.day_cards = tuple(self.by_key[d["id"]] for d in doc["cards"]
                            if self.by_key[d["id"]] != m.mission and self.by_key[d["id"]] not in placed)
        if m.remove > len(m.day_cards):
            raise ContentError(file, letter, "remove", "removes more cards than the module has")
        self.modules[letter] = m


@pack_loader
def load_content(pack: str | None = None) -> Content:
    """Load and validate a pack folder (default: the shipped pack). Cached while its files are
    unchanged."""
    return Content(Path(pack) if pack else DEFAULT_PACK)


def dumps_card(c: Card) -> str:
    return json.dumps({"id": c.key, "name": c.name})
