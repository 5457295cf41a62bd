"""The replay's pictures as tiles: each distinct tile once, each step a list of tile numbers.

A game's picture draws every thing in the same place every frame (docs/architecture.md,
"Render modes"), so from one step to the next only a few tiles change. Every frame is cut into
``TILE``-pixel squares; each distinct square is kept once, and the squares are packed into sheet
PNGs of ``PER_SHEET`` tiles with one 256-colour palette for the whole game (a sample's most
frequent colours exactly, and a median cut for the rest), so
a game of 750 decisions at 1600x900 takes about 3 MB instead of a picture per step. The page
draws a step by stamping its tiles from the sheets onto a canvas.
"""
from __future__ import annotations

import base64
import hashlib
import io

import numpy as np
from PIL import Image

TILE = 100
SHEET_COLUMNS = 16
PER_SHEET = SHEET_COLUMNS * 16
EXACT = 160  # colours kept exactly in the palette (of 256); the rest from a median cut


class TileSet:
    """Collects frames (``add(frame) -> tile numbers``) and packs them (``sheets()``)."""

    def __init__(self, tile: int = TILE):
        self.tile = tile
        self.size: tuple[int, int] | None = None  # (width, height) of every frame
        self._index: dict[bytes, int] = {}
        self._tiles: list[np.ndarray] = []
        self._prev = None  # (the last frame, padded, and its tile numbers)

    def add(self, frame: np.ndarray) -> list[int]:
        """The tile numbers of one ``HxWx3 uint8`` frame, row by row. Tiles equal to the same
        tile of the frame before are found by one comparison, without hashing."""
        h, w = frame.shape[:2]
        t = self.tile
        if self.size is None:
            self.size = (w, h)
        elif self.size != (w, h):
            raise ValueError(f"a picture of {w}x{h} after pictures of {self.size[0]}x{self.size[1]}: "
                             "a game's pictures keep one size")
        rows, cols = -(-h // t), -(-w // t)
        padded = frame
        if (rows * t, cols * t) != (h, w):
            padded = np.zeros((rows * t, cols * t, 3), np.uint8)
            padded[:h, :w] = frame
        prev = self._prev
        if prev is not None:
            flat = (rows, t, cols, t * 3)  # (a 2-D compare: any() over the colour axis is slow)
            changed = (padded.reshape(flat) != prev[0].reshape(flat)).any(axis=(1, 3)).ravel()
        out = []
        for i in range(rows * cols):
            if prev is not None and not changed[i]:
                out.append(prev[1][i])
                continue
            y, x = divmod(i, cols)
            tile = np.ascontiguousarray(padded[y * t:(y + 1) * t, x * t:(x + 1) * t])
            key = hashlib.blake2b(tile.data, digest_size=16).digest()
            k = self._index.get(key)
            if k is None:
                k = self._index[key] = len(self._tiles)
                self._tiles.append(tile)
            out.append(k)
        self._prev = (padded.copy() if padded is frame else padded, out)
        return out

    @property
    def count(self) -> int:
        return len(self._tiles)

    def _palette(self) -> np.ndarray:
        """One palette (256 colours) for every sheet, so a colour is the same in every tile,
        from an even sample of the distinct tiles: its ``EXACT`` most frequent colours as they
        are (the flat fills and the ink), then a median cut of the sample (anti-aliased edges)."""
        step = max(1, len(self._tiles) // PER_SHEET)
        sample = self._tiles[::step][:PER_SHEET] or [np.zeros((self.tile, self.tile, 3), np.uint8)]
        pixels = np.concatenate(sample, axis=0)
        colours, counts = np.unique(pixels.reshape(-1, 3), axis=0, return_counts=True)
        exact = colours[np.argsort(-counts, kind="stable")[:EXACT]]
        cut = Image.fromarray(pixels).quantize(256 - len(exact), dither=Image.Dither.NONE)
        rest = np.array(cut.getpalette()[:3 * (256 - len(exact))], np.uint8).reshape(-1, 3)
        return np.concatenate([exact, rest])[:256]

    def sheets(self) -> list[str]:
        """The tiles as PNG data URLs, ``PER_SHEET`` to a sheet, ``SHEET_COLUMNS`` wide."""
        t, out = self.tile, []
        table = self._palette()
        for i in range(0, len(self._tiles), PER_SHEET):
            chunk = self._tiles[i:i + PER_SHEET]
            rows = -(-len(chunk) // SHEET_COLUMNS)
            sheet = np.zeros((rows * t, SHEET_COLUMNS * t, 3), np.uint8)
            for j, tile in enumerate(chunk):
                r, c = divmod(j, SHEET_COLUMNS)
                sheet[r * t:(r + 1) * t, c * t:(c + 1) * t] = tile
            buf = io.BytesIO()
            _indexed(sheet, table).save(buf, "PNG", compress_level=9)
            out.append("data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii"))
        return out


def _indexed(rgb: np.ndarray, table: np.ndarray) -> Image.Image:
    """``rgb`` as a palette image over ``table``, each colour mapped to its nearest entry (a
    colour in the table maps to itself; Pillow's own mapping rounds colours first)."""
    flat = rgb.reshape(-1, 3).astype(np.uint32)
    keys, inverse = np.unique(flat[:, 0] << 16 | flat[:, 1] << 8 | flat[:, 2], return_inverse=True)
    colours = np.stack([keys >> 16 & 255, keys >> 8 & 255, keys & 255], axis=1).astype(np.int32)
    pal = table.astype(np.int32)
    nearest = np.empty(len(colours), np.uint8)
    for k in range(0, len(colours), 4096):  # (distances in blocks: 4096 x 256 at a time)
        d = ((colours[k:k + 4096, None, :] - pal[None, :, :]) ** 2).sum(axis=2)
        nearest[k:k + 4096] = d.argmin(axis=1)
    h, w = rgb.shape[:2]
    img = Image.frombytes("P", (w, h), nearest[inverse.reshape(-1)].tobytes())
    img.putpalette(table.reshape(-1).tolist() + [0] * (768 - 3 * len(table)))
    return img
