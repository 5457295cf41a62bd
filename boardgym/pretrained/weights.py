"""A pretrained policy's ``.npz``: written from layer arrays, read back checked.

The file holds plain numpy arrays only (read with ``allow_pickle=False``, so loading one runs no
code, unlike a ``ppo:`` zip): ``format``, ``activation`` (``"tanh"`` or ``"relu"``), the actor's
layers ``actor_w{i}`` / ``actor_b{i}`` (``W`` of shape (out, in); the last one gives the action
logits) and the critic's ``critic_w{i}`` / ``critic_b{i}`` (the last one the value). A policy
with the entity encoder or per-kind heads (its manifest entry's ``architecture``) is format 2:
its layers start from the encoder's features, its last actor ``W`` is one head per decision kind
(K + 1, actions, latent), and the encoder's arrays are ``encoder_*``
(``boardgym/agents/policy_net.py``).

``read_checked(entry)`` refuses, in words a player reads, a file that is missing, not the one
the manifest describes (size, sha256), not a regular file (a pipe or a device is refused unread),
not a policy file, whose arrays are not float32 or hold a NaN or an infinity, or whose shapes do
not fit the manifest or the game as it is now (observation size, action count, the entity sets
and decision-kind piece its architecture reads).
"""
from __future__ import annotations

import numpy as np

from boardgym.core.errors import ConfigError
from boardgym.core.files import regular_file

from .manifest import Entry, sha256_of

MAX_POLICY_BYTES = 256 << 20  # the shipped policies are under 8 MB

FORMATS = (1, 2)   # 2: an entity encoder or per-kind heads
ROLES = ("actor", "critic")
ENCODER = "encoder_"   # the encoder arrays' prefix in the file


def save_layers(path, activation: str, actor: list, critic: list, encoder: dict | None = None) -> None:
    """Write the layers (``[(W, b), ...]`` each) as float32 arrays; ``encoder``: the entity
    encoder's arrays by name (``boardgym/agents/policy_net.py``). A policy with an encoder or
    per-kind heads (a 3-d last actor ``W``) is format 2, which a boardgym without them refuses
    by its number."""
    extra = bool(encoder) or any(np.ndim(w) != 2 for w, _ in actor)
    arrays = {"format": np.array(FORMATS[-1] if extra else FORMATS[0]), "activation": np.array(activation)}
    for role, layers in (("actor", actor), ("critic", critic)):
        arrays[f"{role}_layers"] = np.array(len(layers))
        for i, (w, b) in enumerate(layers):
            arrays[f"{role}_w{i}"] = np.asarray(w, dtype=np.float32)
            arrays[f"{role}_b{i}"] = np.asarray(b, dtype=np.float32)
    for name, a in (encoder or {}).items():
        arrays[f"{ENCODER}{name}"] = np.asarray(a, dtype=np.float32)
    with open(path, "wb") as f:
        np.savez_compressed(f, **arrays)


def read_layers(path) -> tuple[str, dict]:
    """``(activation, {"actor": [(W, b), ...], "critic": [...], "encoder": {name: array}})``
    from a policy file."""
    try:
        with np.load(path, allow_pickle=False) as f:
            if int(f["format"]) not in FORMATS:
                raise ConfigError(f"{path}: pretrained policy format {int(f['format'])}, this boardgym "
                                  f"reads formats {', '.join(map(str, FORMATS))}")
            activation = str(f["activation"])
            layers = {role: [(f[f"{role}_w{i}"], f[f"{role}_b{i}"]) for i in range(int(f[f"{role}_layers"]))]
                      for role in ROLES}
            layers["encoder"] = {k[len(ENCODER):]: f[k] for k in f.files if k.startswith(ENCODER)}
    except ConfigError:
        raise
    except Exception as exc:  # not an npz, a key missing, a corrupt zip, an object array
        raise ConfigError(f"{path} is not a boardgym pretrained policy file "
                          f"({type(exc).__name__}: {exc})") from None
    return activation, layers


def _shapes_problem(entry: Entry, activation: str, layers: dict) -> str | None:
    from boardgym.agents.policy_net import encoder_shapes, features_size, kinds

    doc = entry.doc
    arch = doc.get("architecture")
    if activation != doc["activation"]:
        return f"its activation is {activation!r}, the manifest says {doc['activation']!r}"
    inputs = features_size(arch, doc["observation_size"])
    what_in = "observation" if (arch or {}).get("encoder", "flat") == "flat" else "encoder features"
    k = kinds(arch)
    for role, arch_key, outputs in (("actor", "pi", doc["num_actions"]), ("critic", "vf", 1)):
        ls = list(layers[role])
        head = ls.pop() if role == "actor" and k is not None and ls else None
        want = [inputs] + list(doc["net_arch"][arch_key]) + ([outputs] if head is None else [])
        got = ([int(ls[0][0].shape[1])] if ls and ls[0][0].ndim == 2 else []) + \
              [int(w.shape[0]) if w.ndim == 2 else -1 for w, _ in ls]
        if head is not None and not ls:
            got = [inputs]
        chained = all(w.ndim == 2 and b.shape == (w.shape[0],) for w, b in ls) and \
            all(ls[i][0].shape[1] == ls[i - 1][0].shape[0] for i in range(1, len(ls)))
        if not chained or got != want:
            what = "action logits" if role == "actor" else "value"
            return (f"its {role} layers have sizes {got}, the manifest describes {want} "
                    f"({what_in}, hidden layers" + (f", {what})" if head is None else ")"))
        if head is not None:
            w, b = head
            latent = want[-1]
            if w.shape != (k + 1, outputs, latent) or b.shape != (k + 1, outputs):
                return (f"its per-kind action heads have shapes {tuple(w.shape)} and {tuple(b.shape)}, the "
                        f"manifest describes {k} decision kinds and one without a kind, each giving "
                        f"{outputs} action logits from {latent} values: {(k + 1, outputs, latent)} and "
                        f"{(k + 1, outputs)}")
    want = encoder_shapes(arch)
    have = {name: tuple(a.shape) for name, a in layers.get("encoder", {}).items()}
    if have != want:
        odd = sorted(set(have) ^ set(want)) or sorted(n for n in want if have[n] != want[n])
        n = odd[0]
        return (f"its entity encoder arrays do not fit the manifest's architecture ({n}: "
                f"{have.get(n, 'missing')} in the file, {want.get(n, 'none')} described)")
    return None


def _values_problem(layers: dict) -> str | None:
    """Every weight and bias is float32 (what ``save_layers`` writes) and finite: a NaN or an
    infinity would turn every action's logit into NaN."""
    named = [(f"{role}_{k}{i}", a) for role in ROLES for i, wb in enumerate(layers[role])
             for k, a in zip("wb", wb)]
    named += [(f"{ENCODER}{n}", a) for n, a in sorted(layers.get("encoder", {}).items())]
    for name, a in named:
        if a.dtype != np.float32:
            return f"its array {name} holds {a.dtype} numbers, a policy file holds float32"
        if not np.isfinite(a).all():
            return f"its array {name} holds {int((~np.isfinite(a)).sum())} NaN or infinite number(s)"
    return None


def check_game(entry: Entry) -> None:
    """The game as it is now still has the observation size and action count the policy was
    trained on, for the options it was trained for."""
    from boardgym.games import make_game

    doc = entry.doc
    try:
        game = make_game(entry.game, **doc["options"])
    except ConfigError as exc:
        raise ConfigError(f"pretrained policy {entry.name!r} was trained for {entry.game} with "
                          f"{entry.options_text()}, which this version of the game refuses: {exc}") from None
    space = doc.get("action_space", "flat")
    if space != "flat" and space not in type(game).action_spaces:
        raise ConfigError(f"pretrained policy {entry.name!r} was trained in the {space!r} action space, "
                          f"which {entry.game} no longer offers; it needs training and exporting again")
    actions = game.num_actions if space == "flat" else type(game).action_spaces[space](game).num_actions
    changed = layout_change(doc.get("architecture"), game.layout)
    if changed:
        raise ConfigError(f"pretrained policy {entry.name!r} no longer fits {entry.game}: {changed}; it needs "
                          f"training and exporting again")
    for what, now, then in (("observation has", game.observation_size, doc["observation_size"]),
                            ("action catalogue has" if space == "flat" else f"{space!r} action space has",
                             actions, doc["num_actions"])):
        if now != then:
            raise ConfigError(f"pretrained policy {entry.name!r} no longer fits {entry.game}: the game's "
                              f"{what} {now} entries now, the policy was trained on {then}; it needs "
                              f"training and exporting again")


def layout_change(architecture, layout) -> str | None:
    """How the game's observation layout now differs from the entity sets and decision-kind
    piece the policy's encoder and heads read (None: they are the same, or the policy reads
    neither)."""
    from boardgym.agents.policy_net import layout_spec

    a = architecture or {}
    if a.get("encoder", "flat") == "entity":
        names = [s["name"] for s in a["entity"]["sets"]]
        declared = [e.name for e in layout.entity_sets]
        gone = [n for n in names if n not in declared]
        if gone:
            return f"its observation no longer declares the entity set {gone[0]!r} the policy pools"
        now = layout_spec(layout, names)
        for then, s in zip(a["entity"]["sets"], now["sets"]):
            if [list(then["rows"]), then["width"], then["presence"]] != [s["rows"], s["width"], s["presence"]]:
                return f"the entity set {s['name']!r} has other rows in its observation now"
        if list(map(list, a["entity"]["rest"])) != list(map(list, now["rest"])):
            return "the part of its observation outside the entity sets has moved"
    if a.get("heads") == "per_kind":
        s = layout.slice(layout.decision_piece) if layout.decision_piece is not None else None
        if s is None or [s.start, s.stop - s.start] != [a["decision"]["offset"], a["decision"]["size"]]:
            return "the decision-kind piece of its observation has moved or changed size"
    return None


def _plain(value):
    """Options compared as JSON values (a tuple and a list of the same items are equal)."""
    return list(map(_plain, value)) if isinstance(value, (list, tuple)) else value


# Options that change only what the game pays at the end (its reward mode), never what a seat
# sees or may do: a policy plays the same game under any of them
# (tests/agents/test_pretrained.py checks the observations and masks of every game are the same).
REWARD_OPTIONS = ("reward",)


def options_mismatch(entry: Entry, game) -> str | None:
    """Why the configured ``game`` is not what the policy was trained and measured for (its
    manifest options, as the game normalises them), in words; None when it is."""
    from boardgym.games import make_game

    if game.info.name != entry.game:
        return f"it cannot play {game.info.name}"
    trained = make_game(entry.game, **entry.doc["options"]).config
    differ = [f"{k}={game.config.get(k)!r} (trained: {trained.get(k)!r})" for k in sorted(entry.doc["options"])
              if k not in REWARD_OPTIONS and _plain(game.config.get(k)) != _plain(trained.get(k))]
    if not differ:
        return None
    return (f"this game has {', '.join(differ)}. Use a policy trained for these options, "
            f"or play with {entry.options_text()}")


def mismatch_error(entry: Entry, why: str) -> ConfigError:
    return ConfigError(f"pretrained policy {entry.name!r} was trained for {entry.game} with "
                       f"{entry.options_text()}; {why}")


def read_checked(entry: Entry) -> tuple[str, dict[str, list]]:
    """The policy's activation and layers, after every check (see the module doc)."""
    path = entry.path
    doc = entry.doc
    redo = "export it again with `python -m boardgym.train.export_pretrained`"

    def fail(message):
        if message == "file not found":
            return ConfigError(f"pretrained policy {entry.name!r}: its file {path} is missing; {redo}")
        return ConfigError(f"pretrained policy {entry.name!r}: its file {path} cannot be read: {message}; {redo}")

    regular_file(path, MAX_POLICY_BYTES, entry.folder, fail)
    size = path.stat().st_size
    differs = (f"it has {size} bytes, the manifest says {doc['size']}" if size != doc["size"]
               else "its sha256 differs from the manifest's" if sha256_of(path) != doc["sha256"] else None)
    if differs:
        raise ConfigError(f"pretrained policy {entry.name!r}: the file {path} is not the one the manifest "
                          f"describes ({differs}): it is corrupt or was replaced; {redo}")
    activation, layers = read_layers(path)
    problem = _shapes_problem(entry, activation, layers) or _values_problem(layers)
    if problem:
        raise ConfigError(f"pretrained policy {entry.name!r}: the file {path} does not match its manifest "
                          f"entry: {problem}; {redo}")
    check_game(entry)
    return activation, layers
