"""Malformed Paleo content packs fail at load naming the file, the entry and the field."""
import json
import shutil

import pytest

from boardgym.core.errors import ConfigError, ContentError
from boardgym.games import make_game
from boardgym.games.paleo.content import DEFAULT_PACK, load_content


def _pack(tmp_path, name, edit):
    dst = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, dst)
    path = dst / f"{name}.json"
    doc = json.loads(path.read_text())
    edit(doc)
    path.write_text(json.dumps(doc))
    return str(dst)


def _first(doc):
    return doc["cards"][0]


@pytest.mark.parametrize("name,edit,entry,field", [
    ("people", lambda d: _first(d)["person"].update(hearts="many"), "ppl01", "person.hearts"),
    ("base", lambda d: _first(d)["back"].update(type="ocean"), "base01", "back.type"),
    ("dreams", lambda d: _first(d).pop("name"), "drm01", "name"),
])
def test_malformed_card_names_file_entry_field(tmp_path, name, edit, entry, field):
    pack = _pack(tmp_path, name, edit)
    with pytest.raises(ContentError) as err:
        load_content(pack)
    e = err.value
    assert e.file.endswith(f"{name}.json") and e.entry == entry and e.field.startswith(field), str(e)


def test_not_json(tmp_path):
    dst = tmp_path / "pack"
    shutil.copytree(DEFAULT_PACK, dst)
    (dst / "ideas.json").write_text("{broken")
    with pytest.raises(ContentError, match="ideas.json.*not JSON"):
        load_content(str(dst))


def test_wrong_options_fail_clearly():
    with pytest.raises(ConfigError, match="num_groups"):
        make_game("paleo", num_groups=7)
    with pytest.raises(ConfigError, match="module"):
        make_game("paleo", modules=["Z"])
    with pytest.raises(ConfigError, match="level"):
        make_game("paleo", level=9)
