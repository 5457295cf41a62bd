"""Drawing helpers shared by every game's ``render_mode="rgb_array"`` picture (Pillow).

A game draws its picture in ``boardgym/games/<game>/picture.py`` (``draw(state) -> HxWx3
uint8``), found by ``picture_for``; a game without one gets ``text_picture`` of its text render.
The helpers here are the shared vocabulary: a fixed-size ``Canvas`` (even sides, so video
encoders accept every frame) with fitted text, panels, labelled tracks, dice faces, cards as
labelled boxes, card backs and counters, a palette, and ``picture``, which draws a frame over a
per-game backdrop of the static parts.

Text is the costly part of a frame with Pillow (about 0.5 ms a call), so each distinct string is
rasterised once into a mask and stamped after that (tens of microseconds): frames take a few ms.
Only Pillow's bundled font is used (``ImageFont.load_default(size)``), the same on every machine.
"""
from __future__ import annotations

import importlib
import importlib.util
import threading
import weakref
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

# -- palette -------------------------------------------------------------------------------------
BACKGROUND = (250, 248, 240)
INK = (30, 30, 30)
MUTED = (125, 122, 115)
FAINT = (205, 200, 190)
PANEL = (240, 236, 225)
CARD = (255, 253, 247)
HIGHLIGHT = (230, 140, 20)       # whose decision it is / the current thing
GOOD = (60, 140, 70)
BAD = (185, 50, 45)
SEATS = ((200, 60, 50), (45, 100, 190), (50, 140, 70), (140, 70, 160))  # seat colours
COLOURS = {
    "green": (70, 150, 80), "yellow": (225, 190, 40), "purple": (130, 80, 165),
    "blue": (55, 110, 200), "red": (195, 55, 50), "white": (252, 252, 250),
    "black": (40, 40, 40), "orange": (225, 130, 40), "brown": (140, 95, 60), "grey": (150, 150, 150),
}

TEXT_CACHE_MAX = 5_000  # rasterised strings kept (at most ~10 MB, usually far less); cleared when full


# -- fonts and text ------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def font(size: int = 14) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font at ``size`` px (no system fonts needed, the same on every machine)."""
    return ImageFont.load_default(size)


_masks: dict = {}
_fits: dict = {}
# the bundled font covers ASCII and a few signs (· … ‘ ’ “ ” ° « »), not accents, dashes or
# arrows: those are written the way the font can show them
PLAIN = str.maketrans({"–": "-", "—": "-", "→": "->", "←": "<-", "×": "x", "•": "*", "\u00a0": " ",
                       "\u00ad": "", "÷": "/", "½": "1/2", "¼": "1/4", "¾": "3/4", "²": "2", "³": "3"})


@lru_cache(maxsize=4096)
def _has_glyph(ch: str) -> bool:
    def raster(c):
        im = Image.new("L", (24, 24))
        ImageDraw.Draw(im).text((0, 0), c, fill=255, font=font(14))
        return im.tobytes()

    return ch.isspace() or raster(ch) != raster("\uffff")


def plain(text: str) -> str:
    """``text`` in characters the bundled font has: dashes and arrows as ASCII, accents dropped
    (é -> e), anything else it cannot show as "?" (never a box)."""
    if text.isascii():
        return text
    import unicodedata

    out = []
    for ch in text.translate(PLAIN):
        if ch.isascii() or _has_glyph(ch):
            out.append(ch)
            continue
        base = "".join(b for b in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(b))
        out.append(base if base and all(b.isascii() or _has_glyph(b) for b in base) else "?")
    return "".join(out)


def _mask(text: str, size: int) -> Image.Image:
    """``text`` at ``size`` px as an ``L`` mask, rasterised once per (text, size)."""
    key = (text, size)
    m = _masks.get(key)
    if m is None:
        if len(_masks) >= TEXT_CACHE_MAX:
            _masks.clear()
        text = plain(text)
        f = font(size)
        ascent, descent = f.getmetrics()
        width = max(1, int(np.ceil(f.getlength(text))) + 1)
        m = Image.new("L", (width, ascent + descent))
        ImageDraw.Draw(m).text((0, 0), text, fill=255, font=f)
        _masks[key] = m
    return m


def text_width(text: str, size: int = 14) -> int:
    return _mask(text, size).width if text else 0


def fit_text(text: str, width: int, size: int = 14, min_size: int | None = None) -> tuple[str, int]:
    """``text`` made to fit ``width`` px: first a smaller font (down to ``min_size``, default
    ``size - 3``, never below 9), then cut with an ellipsis. Returns (text, size)."""
    key = (text, width, size, min_size)
    hit = _fits.get(key)
    if hit is not None:
        return hit
    if len(_fits) >= TEXT_CACHE_MAX:
        _fits.clear()
    text = plain(text)
    lo = max(9, size - 3) if min_size is None else min_size
    out = None
    for s in range(size, min(lo, size) - 1, -1):
        if font(s).getlength(text) <= width:
            out = (text, s)
            break
    if out is None:
        s = min(lo, size)
        f = font(s)
        lo_cut, hi_cut = 0, len(text)  # the longest prefix that fits with its ellipsis
        while lo_cut < hi_cut:
            mid = (lo_cut + hi_cut + 1) // 2
            if f.getlength(text[:mid].rstrip() + "…") <= width:
                lo_cut = mid
            else:
                hi_cut = mid - 1
        out = (text[:lo_cut].rstrip() + "…" if lo_cut else "", s)
    _fits[key] = out
    return out


def wrap(text: str, width: int, size: int = 12) -> list[str]:
    """``text`` broken into lines of at most ``width`` px at word boundaries (a word longer
    than a line is left to be cut by ``fit_text``)."""
    return list(_wrap(text, width, size))


@lru_cache(maxsize=TEXT_CACHE_MAX)
def _wrap(text: str, width: int, size: int) -> tuple:
    f = font(size)
    lines, line = [], ""
    for word in plain(text).split():
        trial = f"{line} {word}" if line else word
        if line and f.getlength(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return tuple(lines)


def shade(colour, amount: float = 0.5, towards=BACKGROUND):
    """``colour`` moved ``amount`` of the way towards ``towards`` (fading, tinting)."""
    return tuple(int(round(a + (b - a) * amount)) for a, b in zip(colour, towards))


def ink_on(fill) -> tuple:
    """Black or white, whichever reads better on ``fill``."""
    r, g, b = fill[:3]
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


# -- the canvas ----------------------------------------------------------------------------------
class Canvas:
    """A fixed-size RGB picture with the shared drawing vocabulary. Sizes must be even."""

    def __init__(self, width: int, height: int, background=BACKGROUND, image: Image.Image | None = None):
        if width % 2 or height % 2:
            raise ValueError(f"picture sides must be even (video encoders need it), got {width}x{height}")
        self.image = image if image is not None else Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        self.width, self.height = width, height

    def copy(self) -> "Canvas":
        return Canvas(self.width, self.height, image=self.image.copy())

    def to_array(self) -> np.ndarray:
        """The picture as a fresh ``HxWx3 uint8`` array (what Gymnasium's rgb_array returns)."""
        return to_array(self.image)

    # text
    def text(self, x: int, y: int, text: str, size: int = 14, fill=INK, width: int | None = None,
             align: str = "left", min_size: int | None = None) -> int:
        """Draw ``text`` with its top-left at (x, y) (``align`` "center"/"right": x is the centre /
        right edge). With ``width`` it is fitted (smaller font, then an ellipsis). Returns the x
        just after the text."""
        if not text:
            return x
        if width is not None:
            text, size = fit_text(text, width, size, min_size)
            if not text:
                return x
        m = _mask(text, size)
        if align == "center":
            x -= m.width // 2
        elif align == "right":
            x -= m.width
        self.image.paste(fill, (int(x), int(y), int(x) + m.width, int(y) + m.height), m)
        return int(x) + m.width

    def lines(self, x: int, y: int, lines, width: int, size: int = 12, fill=INK, gap: int = 2,
              max_lines: int | None = None) -> int:
        """Lines top to bottom, each cut to ``width`` (same font size for all); a line may be a
        (text, colour) pair; at most ``max_lines`` (the last one then says how many were left
        out). Returns the y below the last line."""
        lines = list(lines)
        if max_lines is not None and len(lines) > max_lines:
            extra = len(lines) - max_lines + 1
            lines = lines[:max_lines - 1] + [f"… and {extra} more"]
        step = size + gap + 2
        for line in lines:
            colour = fill
            if isinstance(line, tuple):
                line, colour = line
            self.text(x, y, line, size, colour, width=width, min_size=size)
            y += step
        return y

    # shapes
    def box(self, rect, fill=None, outline=FAINT, width: int = 1, radius: int = 4) -> None:
        self.draw.rounded_rectangle(rect, radius=radius, fill=fill, outline=outline, width=width)

    def panel(self, rect, title: str = "", fill=PANEL, outline=FAINT, title_size: int = 13,
              title_fill=MUTED, width: int = 1) -> tuple:
        """A titled panel; returns the inner rectangle below the title."""
        x0, y0, x1, y1 = rect
        self.box(rect, fill=fill, outline=outline, width=width, radius=6)
        if title:
            self.text(x0 + 8, y0 + 4, title, title_size, title_fill, width=x1 - x0 - 16)
            return (x0 + 8, y0 + title_size + 10, x1 - 8, y1 - 6)
        return (x0 + 8, y0 + 6, x1 - 8, y1 - 6)

    def track(self, x: int, y: int, label: str, value: int, maximum: int, colour=INK,
              cell: int = 16, label_width: int = 0, size: int = 12, show_number: bool = True) -> int:
        """A labelled track of ``maximum`` cells with the first ``value`` filled, then the number
        ("3/5"). Cells never move, whatever the value. Returns the x after the track."""
        if label:
            self.text(x, y + (cell - size - 4) // 2, label, size, INK, width=label_width or None)
            x += (label_width or text_width(label, size)) + 6
        for i in range(maximum):
            r = (x + i * (cell + 2), y, x + i * (cell + 2) + cell, y + cell)
            self.draw.rectangle(r, fill=colour if i < value else CARD, outline=shade(colour, 0.3, INK))
        x += maximum * (cell + 2) + 4
        if show_number:
            x = self.text(x, y + (cell - size - 4) // 2, f"{value}/{maximum}", size, INK)
        return x

    def counter(self, x: int, y: int, value, colour, label: str = "", r: int = 11, size: int = 12) -> int:
        """A round counter showing ``value``, with ``label`` to its right. Returns the x after."""
        self.draw.ellipse((x, y, x + 2 * r, y + 2 * r), fill=colour, outline=shade(colour, 0.4, INK))
        self.text(x + r, y + r - (size + 4) // 2, str(value), size, ink_on(colour), align="center")
        x += 2 * r + 3
        if label:
            x = self.text(x, y + r - (size + 4) // 2, label, size, INK) + 8
        return x

    def die(self, x: int, y: int, face: int, colour, size: int = 34, label: str | None = None,
            locked: bool = False, used: bool = False, selected: bool = False, caption=()) -> None:
        """A die at (x, y): pips for faces 1..6 (``label`` instead, e.g. a white die's symbol;
        face 0 = not rolled, shown "?"). Locked dice get a dark frame, used dice are faded,
        selected ones a highlight ring; ``caption`` (a line or a list of lines) is written
        underneath in words."""
        fill = shade(colour, 0.65) if used else colour
        pip = ink_on(fill)
        if selected:
            self.draw.rounded_rectangle((x - 4, y - 4, x + size + 4, y + size + 4), radius=8,
                                        outline=HIGHLIGHT, width=3)
        self.draw.rounded_rectangle((x, y, x + size, y + size), radius=6, fill=fill,
                                    outline=INK if locked else shade(colour, 0.4, INK),
                                    width=3 if locked else 1)
        if label is not None or not 1 <= face <= 6:
            text = label if label is not None else "?"
            self.text(x + size // 2, y + size // 2 - 8, text, 12 if len(text) > 2 else 15, pip,
                      align="center", width=size - 4)
        else:
            r = max(2, size // 11)
            a, b, c = x + size // 4, x + size // 2, x + 3 * size // 4
            d, e, f = y + size // 4, y + size // 2, y + 3 * size // 4
            spots = {1: [(b, e)], 2: [(a, d), (c, f)], 3: [(a, d), (b, e), (c, f)],
                     4: [(a, d), (c, d), (a, f), (c, f)], 5: [(a, d), (c, d), (b, e), (a, f), (c, f)],
                     6: [(a, d), (c, d), (a, e), (c, e), (a, f), (c, f)]}[face]
            for px, py in spots:
                self.draw.ellipse((px - r, py - r, px + r, py + r), fill=pip)
        if used:
            self.draw.line((x + 3, y + size - 3, x + size - 3, y + 3), fill=MUTED, width=2)
        for i, line in enumerate([caption] if isinstance(caption, str) else caption):
            self.text(x + size // 2, y + size + 3 + 13 * i, line, 10, INK, align="center", width=size + 16)

    def card(self, rect, title: str, lines=(), fill=CARD, outline=FAINT, title_size: int = 12,
             size: int = 11, faded: bool = False, highlight: bool = False, corner: str = "",
             stripe=None) -> None:
        """A face-up card as a labelled box: ``title``, then ``lines`` fitted to the width;
        ``corner`` (e.g. a price) at the top right; ``stripe`` a colour band along the top;
        ``faded`` for exhausted/used cards, ``highlight`` for the card in question."""
        x0, y0, x1, y1 = rect
        if faded:
            fill = shade(fill, 0.5, FAINT)
        self.box(rect, fill=fill, outline=HIGHLIGHT if highlight else outline,
                 width=3 if highlight else 1, radius=5)
        top = y0 + 3
        if stripe is not None:
            self.draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + 6), fill=stripe)
            top = y0 + 8
        cw = 0
        if corner:
            self.text(x1 - 5, top, corner, title_size, MUTED, align="right")
            cw = text_width(corner, title_size) + 6
        ink = MUTED if faded else INK
        self.text(x0 + 5, top, title, title_size, ink, width=x1 - x0 - 10 - cw)
        room = (y1 - top - title_size - 8) // (size + 4)
        if room > 0 and lines:
            self.lines(x0 + 5, top + title_size + 5, lines, x1 - x0 - 10, size, ink if not faded else MUTED,
                       gap=2, max_lines=room)

    def card_back(self, rect, label: str = "", fill=MUTED, size: int = 11) -> None:
        """A face-down card: its public back colour, hatched, with ``label`` (what the back tells)."""
        x0, y0, x1, y1 = rect
        self.box(rect, fill=fill, outline=shade(fill, 0.4, INK), radius=4)
        hatch = shade(fill, 0.25, INK)
        ix0, iy0, ix1, iy1 = x0 + 3, y0 + 3, x1 - 3, y1 - 3
        for k in range(-(iy1 - iy0) + 4, ix1 - ix0, 9):
            sx, sy = (ix0 + k, iy0) if k >= 0 else (ix0, iy0 - k)
            n = min(ix1 - sx, iy1 - sy)
            if n > 0:
                self.draw.line((sx, sy, sx + n, sy + n), fill=hatch, width=1)
        if label:
            w = x1 - x0 - 4
            text, s = fit_text(label, w, size, 8)
            tw = text_width(text, s)
            cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
            self.draw.rectangle((cx - tw // 2 - 2, cy - s // 2 - 3, cx + tw // 2 + 2, cy + s // 2 + 4), fill=fill)
            self.text(cx, cy - s // 2 - 2, text, s, ink_on(fill), align="center")


def to_array(image: Image.Image) -> np.ndarray:
    """An ``HxWx3 uint8`` array of a Pillow image (what Gymnasium's rgb_array mode returns)."""
    return np.array(image if image.mode == "RGB" else image.convert("RGB"), dtype=np.uint8)


# -- the static part of a picture, once per game --------------------------------------------------
_backdrops: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def picture(game, build, paint) -> np.ndarray:
    """A frame of ``game`` as a fresh ``HxWx3 uint8`` array: its static backdrop (frames,
    titles, names that never change; built once per game object by ``build(game) -> Canvas``)
    with ``paint(canvas)`` drawn over it. The drawing reuses one canvas per game (a new 1600x900
    image every frame costs more than the whole drawing, in page faults), under a lock, so
    frames of one game may be drawn from several threads."""
    try:
        entry = _backdrops.get(game)
        if entry is None:
            base = build(game)
            entry = _backdrops[game] = (base, base.copy(), threading.Lock())
    except TypeError:  # a game object that cannot be weakly referenced: a new canvas every frame
        canvas = build(game)
        paint(canvas)
        return canvas.to_array()
    base, canvas, lock = entry
    with lock:
        canvas.image.paste(base.image)
        paint(canvas)
        return canvas.to_array()


# -- the fallback picture and the lookup of a game's picture ---------------------------------------
TEXT_PICTURE_SIZE = (1280, 720)


def text_picture(text: str, size: int = 14, margin: int = 12,
                 width: int = TEXT_PICTURE_SIZE[0], height: int = TEXT_PICTURE_SIZE[1]) -> np.ndarray:
    """``text`` drawn line by line on a fixed ``width x height`` canvas (the same size every
    frame, as video encoders and RecordVideo need). Text too big for it gets a smaller font
    (down to 9 px); lines still too long are cut with an ellipsis, and lines that do not fit
    are counted at the bottom ("… and 4 more")."""
    lines = [plain(line) for line in text.splitlines()] or [""]
    usable_w, usable_h = width - 2 * margin, height - 2 * margin
    widest = max(lines, key=lambda line: font(size).getlength(line))
    s = size
    while s > 9 and (len(lines) * (s + 4) > usable_h or font(s).getlength(widest) > usable_w):
        s -= 1
    canvas = Canvas(width, height)
    canvas.lines(margin, margin, lines, usable_w, s, INK, gap=0, max_lines=max(1, usable_h // (s + 4)))
    return canvas.to_array()


_pictures: dict = {}


def _text_of(state) -> np.ndarray:
    return text_picture(state.render())


def picture_for(game):
    """The function that draws a state of ``game``: ``draw`` of the ``picture`` module beside
    the module that defines the game's class (``boardgym/games/<game>/picture.py``), or the
    text picture when the game has no such module. Looked up once per game class."""
    cls = type(game)
    fn = _pictures.get(cls)
    if fn is None:
        package = cls.__module__.rpartition(".")[0]
        name = f"{package}.picture"
        fn = _text_of
        if package and importlib.util.find_spec(name) is not None:
            fn = importlib.import_module(name).draw
        _pictures[cls] = fn
    return fn
