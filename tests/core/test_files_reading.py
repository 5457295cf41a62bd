"""Reading a pack's files (boardgym/core/files.py): ``load_json`` keeps a file inside its own
folder unless told another root, and ``pack_stamp`` (what the pack cache is keyed on) sees the
JSON files of a pack folder and of its subfolders one level down, no deeper."""
import errno
import json
import os

import pytest

from boardgym.core.errors import ContentError
from boardgym.core import files
from boardgym.core.files import load_json, pack_stamp

from ..games.test_pack_files import within


def _write(path, doc):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))
    return path


# -- load_json's root -------------------------------------------------------------------------------------
def test_a_link_out_of_the_files_own_folder_is_refused(tmp_path):
    _write(tmp_path / "other" / "real.json", {"a": 1})
    pack = tmp_path / "pack"
    pack.mkdir()
    os.symlink(tmp_path / "other" / "real.json", pack / "link.json")
    with pytest.raises(ContentError, match=r"a link that leads out of the folder .*pack \(to .*real.json\)"):
        load_json(pack / "link.json")


def test_a_link_inside_the_files_own_folder_is_read(tmp_path):
    _write(tmp_path / "pack" / "real.json", {"a": 1})
    os.symlink(tmp_path / "pack" / "real.json", tmp_path / "pack" / "link.json")
    assert load_json(tmp_path / "pack" / "link.json") == {"a": 1}


def test_a_root_given_is_the_folder_a_link_must_stay_in(tmp_path):
    """With ``root`` the link may lead anywhere inside it (here: a sibling folder), not out."""
    _write(tmp_path / "top" / "shared" / "real.json", {"b": 2})
    (tmp_path / "top" / "pack").mkdir()
    os.symlink(tmp_path / "top" / "shared" / "real.json", tmp_path / "top" / "pack" / "link.json")
    assert load_json(tmp_path / "top" / "pack" / "link.json", root=tmp_path / "top") == {"b": 2}
    with pytest.raises(ContentError, match="leads out of the folder"):
        load_json(tmp_path / "top" / "pack" / "link.json", root=tmp_path / "top" / "pack")
    with pytest.raises(ContentError, match="leads out of the folder"):
        load_json(tmp_path / "top" / "pack" / "link.json")


# -- pack_stamp's depth -------------------------------------------------------------------------------------
@pytest.fixture
def pack(tmp_path):
    _write(tmp_path / "pack" / "top.json", {})
    _write(tmp_path / "pack" / "sub" / "one.json", {})
    _write(tmp_path / "pack" / "sub" / "deeper" / "two.json", {})
    (tmp_path / "pack" / "notes.txt").write_text("not JSON: not looked at")
    return tmp_path / "pack"


def _names(stamp, root):
    return [os.path.relpath(entry[0], root) for entry in stamp]


def test_the_stamp_holds_the_json_files_of_the_folder_and_its_subfolders(pack):
    assert _names(pack_stamp(pack), pack) == [os.path.join("sub", "one.json"), "top.json"]


@pytest.mark.parametrize("where", ["top.json", "sub/one.json"])
def test_editing_a_file_of_the_pack_or_a_subfolder_changes_the_stamp(pack, where):
    before = pack_stamp(pack)
    _write(pack / where, {"edited": True})
    assert pack_stamp(pack) != before


def test_a_file_two_folders_down_is_not_part_of_the_pack(pack):
    before = pack_stamp(pack)
    _write(pack / "sub" / "deeper" / "two.json", {"edited": True})
    _write(pack / "sub" / "deeper" / "three.json", {})
    assert pack_stamp(pack) == before


# -- read_bounded's open ---------------------------------------------------------------------------------
def _swap_after_check(tmp_path, monkeypatch, kind):
    """``read_bounded``'s path check passes, then the path it opens is a pipe or a link to a real
    file (``<kind>.json``), as if swapped in between."""
    _write(tmp_path / "real.json", {"a": 1})
    swapped = tmp_path / f"{kind}.json"
    if kind == "pipe":
        os.mkfifo(swapped)
    else:
        os.symlink(tmp_path / "real.json", swapped)
    monkeypatch.setattr(files, "regular_file", lambda path, max_bytes, root, fail: str(swapped))


@pytest.mark.parametrize("kind", ["pipe", "link"])
def test_a_file_swapped_after_its_check_is_neither_waited_on_nor_followed(tmp_path, monkeypatch, kind):
    """``read_bounded`` checks the path, then opens it without waiting for a writer and without
    following a link, and checks what it opened: a path that became a pipe or a link between the
    check and the open (a race) is refused in words, at once."""
    _swap_after_check(tmp_path, monkeypatch, kind)
    with within(5), pytest.raises(ContentError, match="a pipe" if kind == "pipe" else "cannot be read"):
        files.read_bounded(tmp_path / "checked.json", 1000)


def test_a_file_that_cannot_be_opened_is_refused_in_words(tmp_path, monkeypatch):
    """The open's failure is said in words (the system's message for it, as "Too many levels of
    symbolic links" for a link swapped in), without an error number or the path repeated."""
    _swap_after_check(tmp_path, monkeypatch, "link")
    with pytest.raises(ContentError) as err:
        files.read_bounded(tmp_path / "checked.json", 1000)
    said = str(err.value).split("cannot be read (")[1]
    assert said.startswith(os.strerror(errno.ELOOP)) and "Errno" not in said and "link.json" not in said, str(err.value)


def test_a_content_file_of_up_to_one_mebibyte_is_read(tmp_path):
    """A pack or schema file may hold up to 1 MiB (the shipped ones are under 30 KB): a file just
    over half of that is read; one byte past the limit is refused."""
    half = tmp_path / "half.json"
    half.write_bytes(b" " * ((1 << 19) + 1) + b"{}")
    assert json.loads(files.read_bounded(half, files.MAX_CONTENT_BYTES)) == {}
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (1 << 20) + b"{}")
    with pytest.raises(ContentError, match="too big"):
        files.read_bounded(big, files.MAX_CONTENT_BYTES)


@pytest.mark.parametrize("names,refused", [(512, False), (513, True)])
def test_a_pack_folder_of_up_to_512_names_is_listed(tmp_path, names, refused):
    """A pack folder is listed (its cache key) up to 512 names; one name more is refused in
    words: no content pack has that many, and a huge folder is not read."""
    for i in range(names):
        (tmp_path / f"f{i:03d}.json").write_text("{}")
    if refused:
        with pytest.raises(ContentError, match="holds more than 512 names: not a content pack folder"):
            pack_stamp(tmp_path)
    else:
        assert len(pack_stamp(tmp_path)) == names


@pytest.mark.parametrize("limit", [100, 1 << 20])
@pytest.mark.parametrize("extra", [0, 1])
def test_a_file_that_grew_after_its_check_is_refused_when_too_big(tmp_path, monkeypatch, limit, extra):
    """``read_bounded`` reads (in chunks of 1 MiB) up to one byte past the limit and refuses a
    file that is then longer than the limit, also when it grew between the size check and the
    read (a race): a file of exactly the limit is read whole, one byte more is refused, with a
    small limit and with the content files' 1 MiB (where the extra byte is a second chunk)."""
    path = tmp_path / "grown.json"
    path.write_bytes(b"x" * (limit + extra))
    monkeypatch.setattr(files, "regular_file", lambda p, max_bytes, root, fail: str(path))
    if extra:
        with pytest.raises(ContentError, match=f"more than {limit} bytes; too big"):
            files.read_bounded(path, limit)
    else:
        assert files.read_bounded(path, limit) == b"x" * limit


# -- what is not a readable regular file, and what is not JSON ---------------------------------------
def test_a_socket_and_a_device_are_refused_by_what_they_are(tmp_path):
    """A file a user hands boardgym must be a regular file: a Unix socket is refused as "a
    socket", a character device (/dev/null) as "a device", each before anything is read."""
    import socket

    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(str(tmp_path / "s.json"))
        with within(5), pytest.raises(ContentError, match="a socket, not a regular file"):
            files.read_bounded(tmp_path / "s.json", 1000, root="/")
    finally:
        sock.close()
    with within(5), pytest.raises(ContentError, match="a device, not a regular file"):
        files.read_bounded("/dev/null", 1000, root="/")


def test_a_loop_of_links_cannot_be_read_and_says_so(tmp_path):
    """Two links pointing at each other lead nowhere the reader can follow: refused as "cannot
    be read", with the system's words for the loop, not as "file not found"."""
    os.symlink(tmp_path / "b.json", tmp_path / "a.json")
    os.symlink(tmp_path / "a.json", tmp_path / "b.json")
    with within(5), pytest.raises(ContentError, match="cannot be read") as err:
        load_json(tmp_path / "a.json")
    assert "not found" not in str(err.value)


def test_a_link_that_leads_nowhere_is_told_from_a_missing_file(tmp_path):
    """A link whose target is gone is refused as such; a name with nothing behind it as "file
    not found"."""
    os.symlink(tmp_path / "gone.json", tmp_path / "dangling.json")
    with pytest.raises(ContentError, match="a link that leads nowhere"):
        load_json(tmp_path / "dangling.json")
    with pytest.raises(ContentError, match="file not found"):
        load_json(tmp_path / "absent.json")


def test_a_pack_folder_with_a_dangling_link_is_still_stamped(tmp_path):
    """``pack_stamp`` opens nothing: a JSON name that is a link leading nowhere is listed by the
    link itself (the loader then refuses it by name); the folder is not refused for it."""
    (tmp_path / "ok.json").write_text("{}")
    os.symlink(tmp_path / "gone.json", tmp_path / "dangling.json")
    names = [os.path.basename(entry[0]) for entry in pack_stamp(tmp_path)]
    assert names == ["dangling.json", "ok.json"]


@pytest.mark.parametrize("body,words", [
    (b'{"a": 1,\n "b": \xff}', r"not a JSON text file \(not UTF-8: invalid start byte at byte 15\)"),
    (b'{"a": 1,\n "b": 2,\n}', r"line 3.*not JSON: Expecting property name"),
    (b'{"a": NaN}', r"not JSON: NaN is not a JSON number"),
])
def test_a_file_that_is_not_json_is_refused_saying_where(tmp_path, body, words):
    """A pack file that is not UTF-8 is refused naming the byte; one with a syntax error naming
    its line; ``NaN`` (which Python's json reader would take) as not a JSON number."""
    path = tmp_path / "bad.json"
    path.write_bytes(body)
    with pytest.raises(ContentError, match=words):
        load_json(path)
