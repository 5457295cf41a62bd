"""Bounded reads: the one way boardgym reads a file a user can hand it (a content pack's files,
a schema, the pretrained manifest and policy files, a replay).

``read_bounded(path, max_bytes, root)`` reads a *regular* file of at most ``max_bytes``, and
refuses, naming the path, everything else before reading a byte: a missing file, a folder, a
link that leads nowhere or out of ``root`` (the folder the file was named in), a pipe (FIFO), a
device (``/dev/zero`` would be read until memory runs out) or a socket, and a file too big. The
file is opened without blocking and checked again once open, so a file swapped for a pipe
between the check and the read cannot hang the reader either. ``pack_folder(path)`` is the same
for the folder a ``content_pack`` option names.

Each refusal is raised through ``fail(message)`` (default: a ``ContentError`` naming the file),
so every reader raises its own kind of error (a replay a ``StateError``, a policy file a
``ConfigError``) with the same words. ``load_json(path)`` reads a pack, schema or manifest file
this way and parses it, every failure a ``ContentError`` naming the file.
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from .errors import ContentError

MAX_CONTENT_BYTES = 1 << 20   # one pack or schema file; the shipped ones are under 30 KB
MAX_PACK_ENTRIES = 512        # names in a pack folder (and in each of its subfolders)


def content_fail(path):
    """The default refusal: a ``ContentError`` naming the file."""
    return lambda message: ContentError(str(path), "<file>", "<file>", message)


def _kind(mode: int) -> str | None:
    """What a non-regular file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO), not a regular file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a regular file"
    return "not a regular file"


def _real(path: Path, root, fail) -> Path:
    """The path with every link followed, inside ``root`` when one is given."""
    try:
        real = path.resolve(strict=True)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise fail("a link that leads nowhere (its target does not exist)") from None
        raise fail("file not found") from None
    except (OSError, RuntimeError) as exc:  # a loop of links, a path through a file, no permission
        raise fail(f"cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    if root is not None:
        top = Path(root).resolve()
        if real != top and top not in real.parents:
            raise fail(f"a link that leads out of the folder {root} (to {real})")
    return real


def regular_file(path, max_bytes: int, root=None, fail=None) -> Path:
    """The real path of ``path`` after every check of the module docstring (nothing is read)."""
    path = Path(path)
    fail = fail or content_fail(path)
    real = _real(path, root, fail)
    st = os.stat(real)
    problem = _kind(st.st_mode)
    if problem:
        raise fail(problem)
    if st.st_size > max_bytes:
        raise fail(f"{st.st_size} bytes is too big; at most {max_bytes} bytes")
    return real


def read_bounded(path, max_bytes: int, root=None, fail=None) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` (see the module docstring)."""
    path = Path(path)
    fail = fail or content_fail(path)
    real = regular_file(path, max_bytes, root, fail)
    try:
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise fail(f"cannot be read ({exc.strerror or exc})") from None
    try:
        problem = _kind(os.fstat(fd).st_mode)
        if problem:
            raise fail(problem)
        chunks, left = [], max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise fail(f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > max_bytes:
        raise fail(f"more than {max_bytes} bytes; too big")
    return data


def pack_folder(path, fail=None) -> Path:
    """The real path of the folder a ``content_pack`` option names: an existing folder (a link
    to one is followed), not the empty path and not the file system's root."""
    text = os.fspath(path)
    fail = fail or content_fail(path)
    if not text.strip():
        raise fail("the content pack path is empty: name a folder (or none, for the shipped pack)")
    if not os.path.lexists(text):
        raise fail("no such folder")
    real = _real(Path(text), None, fail)
    if not real.is_dir():
        raise fail(f"not a folder but {'a file' if real.is_file() else 'a pipe, a device or a socket'}")
    if real == Path(real.anchor):
        raise fail("the root of the file system is not a content pack folder")
    return real


def pack_stamp(folder: Path, fail=None) -> tuple:
    """The names, kinds, sizes and times of the JSON files of a pack folder and of its
    subfolders (one level down), without opening anything: what a cache of the pack is keyed
    on. A folder of more than ``MAX_PACK_ENTRIES`` names is refused (no pack has that many)."""
    fail = fail or content_fail(folder)
    out = []

    def scan(where: Path, depth: int):
        try:
            with os.scandir(where) as it:
                entries = []
                for entry in it:
                    entries.append(entry)
                    if len(entries) > MAX_PACK_ENTRIES:
                        raise fail(f"{where} holds more than {MAX_PACK_ENTRIES} names: not a content pack folder")
        except OSError as exc:
            raise fail(f"cannot list {where} ({exc.strerror or exc})") from None
        for entry in sorted(entries, key=lambda e: e.name):
            try:
                st = entry.stat()  # a link's target (stat opens nothing: a pipe cannot hang it)
            except OSError:
                try:
                    st = entry.stat(follow_symlinks=False)  # a link that leads nowhere
                except OSError:
                    continue
            if entry.name.endswith(".json"):
                out.append((entry.path, st.st_mode, st.st_mtime_ns, st.st_size))
            elif depth == 0 and stat.S_ISDIR(st.st_mode):
                scan(Path(entry.path), 1)

    scan(Path(folder), 0)
    return tuple(out)


class _NotANumber(ValueError):
    pass


def _no_constant(name):
    raise _NotANumber(f"{name} is not a JSON number")


def load_json(path: Path, root=None) -> object:
    """A JSON file of a pack (or a schema, a manifest), read through ``files.read_bounded``: a
    regular file of at most ``MAX_CONTENT_BYTES`` inside ``root`` (default: its own folder), and
    parsed with every failure a ``ContentError`` naming the file: not UTF-8, not JSON, nested too
    deeply, a number too long to read, ``NaN`` / ``Infinity``."""
    path = Path(path)
    data = read_bounded(path, MAX_CONTENT_BYTES, path.parent if root is None else root)
    fail = content_fail(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise fail(f"not a JSON text file (not UTF-8: {exc.reason} at byte {exc.start})") from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ContentError(str(path), "<file>", f"line {exc.lineno}", f"not JSON: {exc.msg}") from None
    except RecursionError:
        raise fail("nested too deeply to be a content file") from None
    except _NotANumber as exc:
        raise fail(f"not JSON: {exc}") from None
    except ValueError as exc:  # an integer of thousands of digits
        raise fail(f"a number too long to read ({str(exc)[:100]})") from None
