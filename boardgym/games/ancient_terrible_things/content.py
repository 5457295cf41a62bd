"""Loading and checking the ATT content pack (JSON + schema) into immutable tables.

Cards are referred to by integer id everywhere in the state: encounters 0..35 in file order;
swag ids put the 32 swag cards first, then the 4 McGuffins, then the 4 Hats (one per
character, in characters.json order); feats 0..31.
"""
from __future__ import annotations

from pathlib import Path

from boardgym.core.content import check_unique_across, load_pack, lookup, pack_loader, require
from boardgym.core.errors import ContentError

from .constants import (BACKS, COLOURS, COMBOS, DICE_EFFECTS, EFFECTS, PRE, PRE_EFFECTS,
                        SELECT_EFFECTS, TILE_IDS, TIMINGS, TOKENS, TYPES, E_REFRESH, PASSIVE,
                        E_DISCOUNT, E_ADD_DIE)

N_TENTACLES = 16  # tentacle tokens in the game (ATT-SETUP-1); the Doom observation is sized for them

HERE = Path(__file__).parent
DEFAULT_PACK = HERE / "content"
SCHEMA_DIR = HERE / "schema"
FILES = {"encounters": "encounters", "swag": "swag", "mcguffins": "swag", "feats": "feats",
         "characters": "characters", "achievements": "achievements", "scenarios": "scenarios",
         "locations": "locations", "rules": "rules"}
DIE_COLOURS = {c: i for i, c in enumerate(COLOURS)}


def _filter(name: str) -> int:
    return -1 if name == "any" else DIE_COLOURS[name]


def parse_effect(e: dict) -> tuple:
    """A content effect (tagged union) -> a tuple ``(kind, params...)``."""
    k = EFFECTS.index(e["kind"])
    kind = e["kind"]
    if kind == "swap":
        return (k, DIE_COLOURS[e["colour"]], e["n"])
    if kind == "add_die":
        return (k, DIE_COLOURS[e["colour"]])
    if kind == "lock":
        return (k, e["n"], _filter(e["filter"]), e.get("focus_each", 0))
    if kind == "lock_reroll":
        return (k, _filter(e["filter"]), e["focus_each"])
    if kind == "reroll":
        return (k, e["n"], _filter(e["filter"]), e.get("focus_each", 0))
    if kind == "bump":
        return (k, e["k"])
    if kind == "gain":
        return (k, TOKENS.index(e["token"]), e["n"])
    if kind == "convert":
        return (k, TOKENS.index(e["from"]), TOKENS.index(e["to"]), e["n"])
    if kind in ("refresh_swag", "discount"):
        return (k, e["n"])
    return (k,)


class Card:
    """Immutable card data shared by every state (swag and feats)."""

    __slots__ = ("id", "key", "name", "price", "secrets", "icons", "cost_die", "cost_exhaust",
                 "feat_cost", "timing", "effects", "select", "discount", "is_feat", "flavor",
                 "kinds", "dice")

    def __init__(self, cid: int, d: dict, is_feat: bool, file: str):
        self.id, self.key, self.name = cid, d["id"], d["name"]
        self.flavor = d.get("flavor", "")
        self.is_feat = is_feat
        self.timing = TIMINGS.index(d["timing"])
        self.effects = tuple(parse_effect(e) for e in d["effects"])
        if is_feat:
            self.feat_cost = d["cost"]
            self.price = self.secrets = 0
            self.icons = ()
            self.cost_die = self.cost_exhaust = False
        else:
            self.feat_cost = 0
            self.price, self.secrets = d["price"], d["secrets"]
            self.icons = tuple(TYPES.index(t) for t in d["icons"])
            self.cost_die = d["cost"]["action_die"]
            self.cost_exhaust = d["cost"]["exhaust"]
        kinds = [e[0] for e in self.effects]
        self.kinds = tuple(kinds)
        self.dice = any(k in DICE_EFFECTS for k in kinds)
        self.select = kinds[0] if kinds and kinds[0] in SELECT_EFFECTS else -1
        self.discount = sum(e[1] for e in self.effects if e[0] == E_DISCOUNT)
        self._check(kinds, file)

    def _check(self, kinds, file):
        def bad(field, msg):
            raise ContentError(file, self.key, field, msg)

        if sum(k in SELECT_EFFECTS for k in kinds) > 1:
            bad("effects", "at most one effect may need a dice selection")
        if any(k in SELECT_EFFECTS for k in kinds[1:]):
            bad("effects", "a dice-selection effect must be the first effect")
        if any(k in PRE_EFFECTS for k in kinds) and self.timing != PRE:
            bad("timing", "swap/add_die effects need timing 'pre'")
        if self.timing == PRE and any(k in DICE_EFFECTS for k in kinds):
            bad("timing", "dice effects cannot be used before the roll")
        if self.is_feat:
            if self.timing == PASSIVE:
                bad("timing", "a feat cannot be passive")
            if E_DISCOUNT in kinds:
                bad("effects", "discount belongs to passive swag")
        else:
            # termination constraints (spec §2): swag never refreshes swag or draws feats
            if E_REFRESH in kinds:
                bad("effects", "swag may not refresh swag (turns must stay finite)")
            if self.timing == PASSIVE:
                if self.cost_die or self.cost_exhaust:
                    bad("cost", "a passive swag has no activation cost")
                if any(k != E_DISCOUNT for k in kinds):
                    bad("effects", "a passive swag may only carry discount effects")
            elif not (self.cost_die or self.cost_exhaust):
                bad("cost", "every non-passive swag needs an activation cost")
            elif not kinds:
                bad("effects", "an activated swag needs an effect")


class Content:
    """Every table of one content pack."""

    def __init__(self, docs: dict, pack: Path):
        self.files = f = {name: str(Path(pack) / f"{name}.json") for name in FILES}
        encs = docs["encounters"]["encounters"]  # ids unique within a file: the schemas (uniqueBy)
        self.enc_key = [e["id"] for e in encs]
        self.enc_name = [e["name"] for e in encs]
        self.enc_back = [BACKS.index(e["back"]) for e in encs]
        self.enc_types = [tuple(TYPES.index(t) for t in e["types"]) for e in encs]
        self.enc_combo = [(COMBOS.index(e["combo"]["kind"]), e["combo"]["min"], e["combo"]["len"])
                          for e in encs]
        self.enc_secrets = [e["secrets"] for e in encs]
        self.by_back = [[i for i, b in enumerate(self.enc_back) if b == k] for k in range(3)]

        swag = docs["swag"]["swag"] + docs["mcguffins"]["mcguffins"]
        chars = docs["characters"]["characters"]
        hats = [c["hat"] for c in chars]
        check_unique_across({f["swag"]: docs["swag"]["swag"], f["mcguffins"]: docs["mcguffins"]["mcguffins"],
                             f["characters"]: hats})  # one swag id space (module docstring)
        self.n_swag_deck = len(docs["swag"]["swag"])
        self.mcguffins = list(range(self.n_swag_deck, len(swag)))
        self.hats = list(range(len(swag), len(swag) + len(hats)))
        self.swag = [Card(i, d, False, f["swag"] if i < self.n_swag_deck else f["mcguffins"])
                     for i, d in enumerate(swag)]
        self.swag += [Card(len(swag) + i, d, False, f["characters"]) for i, d in enumerate(hats)]
        feats = docs["feats"]["feats"]
        self.feats = [Card(i, d, True, f["feats"]) for i, d in enumerate(feats)]

        self.char_key = [c["id"] for c in chars]
        self.char_name = [c["name"] for c in chars]
        self.char_bonus = [[c["bonus"][t] for t in TOKENS] for c in chars]
        self.char_first = [bool(c["first"]) for c in chars]
        if sum(self.char_first) != 1:
            raise ContentError(f["characters"], "<file>", "first", "exactly one character starts")

        achs = docs["achievements"]["achievements"]  # one per type: 4 entries, uniqueBy type
        self.ach_type = [TYPES.index(a["type"]) for a in achs]
        order = sorted(range(4), key=lambda i: self.ach_type[i])
        achs = [achs[i] for i in order]
        self.ach_name = [(a["prowess"]["name"], a["mastery"]["name"]) for a in achs]
        self.ach_secrets = [(a["prowess"]["secrets"], a["mastery"]["secrets"]) for a in achs]
        self.ach_min = [(a["prowess"]["min_icons"], a["mastery"]["min_icons"]) for a in achs]

        self.scenarios = {}
        for s in docs["scenarios"]["scenarios"]:
            lines = []
            for k, line in enumerate(s["lines"]):
                c = line["combo"]
                combo = (COMBOS.index(c["kind"]), c["min"], c["len"])
                _check_line_combo(combo[0], combo[2], f["scenarios"], f"{s['id']}.lines.{k}")
                lines.append((combo, tuple(TOKENS.index(t) for t in line["tokens"])))
            self.scenarios[s["id"]] = (s["name"], tuple(lines))

        locs = docs["locations"]["locations"]
        self.tiles = {}
        for loc in locs:
            self.tiles[loc["id"]] = {"slot": loc["slot"] - 1, "name": loc["name"],
                                     "leader": loc["leader"], "bonus": loc["bonus"],
                                     "players": loc["players"]}
        missing = [t for t in TILE_IDS if t not in self.tiles]
        if missing:
            raise ContentError(f["locations"], "<file>", "id", f"missing tiles {missing}")

        rules = docs["rules"]
        self.dice_faces = {c: rules["dice"][c]["faces"] for c in COLOURS}
        self.dice_supply = {c: rules["dice"][c]["supply"] for c in COLOURS}
        self.white_faces = [TOKENS.index(x) if x in TOKENS else 4 for x in rules["dice"]["white"]["faces"]]
        self.tentacles = [rules["tentacles"][str(v)] for v in range(4)]
        if sum(self.tentacles) > N_TENTACLES:
            raise ContentError(f["rules"], "<file>", "tentacles",
                               f"{sum(self.tentacles)} tentacle tokens; the game has {N_TENTACLES} (ATT-SETUP-1)")
        self.setup_table = rules["setup_table"]
        self.turn_order_bonus = [[b.get(t, 0) for t in TOKENS] for b in rules["turn_order_bonus"]]
        self.start_tokens = [rules["start_tokens"][t] for t in TOKENS]
        self.feat_hand = rules["feat_hand_size"]
        self.forget_multiplier = rules["solo_forget_multiplier"]
        moves = rules["dice"]["black"]["faces"]
        self.movement = [(k, moves.count(name) / len(moves))
                         for k, name in enumerate(("anticlockwise", "stay", "clockwise")) if name in moves]
        for card in self.swag + self.feats:  # an extra die needs a spare one of its colour
            for e in card.effects:
                if e[0] == E_ADD_DIE and self.dice_supply[COLOURS[e[1]]] <= (5 if e[1] == 0 else 0):
                    raise ContentError(f["feats"] if card.is_feat else f["swag"], card.key, "effects",
                                       f"add_die {COLOURS[e[1]]}: the whole supply is already in the pool")
        for n, lengths in self.setup_table.items():
            for length, row in lengths.items():
                for back, k in zip(BACKS, (row["green"], row["orange"], row["red"])):
                    if k > len(self.by_back[BACKS.index(back)]):
                        raise ContentError(f["rules"], f"setup_table.{n}.{length}", back,
                                           f"{k} {back} encounters asked, pack has "
                                           f"{len(self.by_back[BACKS.index(back)])}")
                if row["tentacles"] > sum(self.tentacles):
                    raise ContentError(f["rules"], f"setup_table.{n}.{length}", "tentacles",
                                       "more tentacles than the pack holds")

    def check_config(self, n: int, scenario: str, length: str) -> tuple:
        """What a configuration asks of this pack: seats need characters (ATT-SETUP-8) and a
        setup row (ATT-SETUP-4/5), every hand needs feats, the scenario must exist. Returns
        (setup row, scenario lines); ``ContentOptionError`` names the file and entry."""
        f = self.files
        require(len(self.char_key) >= n, f["characters"], "<file>", "characters",
                f"{n} seats need {n} characters (option num_players={n}); the pack has {len(self.char_key)}")
        need = n * self.feat_hand + 1
        require(need <= len(self.feats), f["rules"], "<file>", "feat_hand_size",
                f"{n} hands of {self.feat_hand} feats and the first discard (ATT-SETUP-6/8) need {need} "
                f"feats (option num_players={n}); the pack has {len(self.feats)}")
        row = lookup(self.setup_table[str(n)], length, f["rules"], "length", f"a setup row for {n} players",
                     entry=f"setup_table.{n}", field=length)
        lines = lookup(self.scenarios, scenario, f["scenarios"], "scenario", "the scenario")[1]
        return row, lines


def _check_line_combo(kind, ln, file, entry):
    """A scenario line's high combination is one die (ATT-RESOLVE-1); the schema allows the
    encounters' 1-3, and holds every other combination's size and range itself."""
    if COMBOS[kind] == "high" and ln != 1:
        raise ContentError(file, entry, "combo.len", "a high combination on a scenario line uses 1 die")


@pack_loader
def load_content(pack: str | None = None) -> Content:
    """Load and validate a pack folder (default: the shipped original pack). Cached while its
    files are unchanged."""
    path = Path(pack) if pack else DEFAULT_PACK
    docs = load_pack(path, SCHEMA_DIR, FILES)
    return Content(docs, path)
