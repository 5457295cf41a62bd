"""The viewer page: one self-contained HTML file (styles, script, data and pictures inline; no
server, no network).

The step data (``collect``) travels gzip-compressed and base64-encoded in a ``<script
type="application/octet-stream">`` block that the page unpacks with the browser's own
``DecompressionStream``; the picture sheets are PNG data URLs. The script steps through the
game: buttons, the arrow keys (Left / Right, Home / End, Page Up / Page Down by ten), a slider and
a step number box to jump, and a choice between the full state and each seat's own view.
"""
from __future__ import annotations

import base64
import gzip
import html
import json
from pathlib import Path

from .template import PAGE


def render_page(data: dict, view: str = "full") -> str:
    """The HTML text of the viewer for ``collect``'s ``data``; ``view`` is "full" or a seat."""
    data = dict(data)
    picture = dict(data["picture"])
    sheets = picture.pop("sheets")
    data["picture"] = picture
    data["initial_view"] = view
    packed = base64.b64encode(gzip.compress(
        json.dumps(data, separators=(",", ":"), allow_nan=False).encode("utf-8"), 9, mtime=0)).decode("ascii")
    title = f"{data['title']}: replay ({data['decisions']} decisions)"
    return (PAGE.replace("__TITLE__", html.escape(title))
            .replace("__SHEETS__", json.dumps(sheets))
            .replace("__DATA__", packed))


def write_page(data: dict, path, view: str = "full") -> Path:
    """Write the page to ``path`` (whole or not at all) and return the path."""
    path = Path(path)
    text = render_page(data, view)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path
