"""Drawing helpers shared by every game's ``render_mode="rgb_array"`` picture (Pillow).

``text_picture`` is the picture any game gets for free: its text render (``state.render()``)
drawn onto a canvas. Games with a board draw their own picture with the helpers here.
"""
from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFont

BACKGROUND = (250, 248, 240)
INK = (30, 30, 30)


def font(size: int = 14) -> ImageFont.ImageFont:
    """Pillow's bundled font at ``size`` px (no system fonts needed, the same on every machine)."""
    return ImageFont.load_default(size)


def to_array(image: Image.Image) -> np.ndarray:
    """An ``HxWx3 uint8`` array of a Pillow image (what Gymnasium's rgb_array mode returns)."""
    return np.asarray(image.convert("RGB"), dtype=np.uint8)


def text_picture(text: str, size: int = 14, margin: int = 12) -> np.ndarray:
    """``text`` drawn line by line on a light canvas sized to fit it (even dimensions, so video
    encoders that need them accept every frame)."""
    f = font(size)
    lines = text.splitlines() or [""]
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    width = max(int(probe.textlength(line, font=f)) for line in lines) + 2 * margin
    line_h = size + 4
    height = line_h * len(lines) + 2 * margin
    width, height = width + width % 2, height + height % 2
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((margin, margin + i * line_h), line, fill=INK, font=f)
    return to_array(image)
