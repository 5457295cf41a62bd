"""The viewer page in a real headless browser (Debian's chromium driven by playwright): for every
registered game a heuristic game's page loads without a console error, steps forward and back
with the keys, jumps, toggles the seat view, and shows what the replay holds. A screenshot of
each lands in results/viewer_screenshots/<game>.png.

``make test`` installs chromium first (Makefile ``browser``); without it this test fails and
says how to install it (BOARDGYM_CHROMIUM names another binary)."""
from __future__ import annotations

import base64
import io
import os
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from boardgym.games import GAMES
from boardgym.viewer import collect, play_replay, write_page

CHROMIUM = os.environ.get("BOARDGYM_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path(__file__).resolve().parents[2] / "results" / "viewer_screenshots"
STEPS = 24  # decisions shown per game: enough to step, jump and find a hidden choice


@pytest.fixture(scope="module")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"the viewer's browser test needs Chromium at {CHROMIUM}: run make install as root "
                    "(it installs Debian's chromium), or sudo apt-get install -y --no-install-recommends "
                    "chromium, or set BOARDGYM_CHROMIUM=/path/to/chromium", pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the viewer's browser test needs playwright (pip install -c constraints.txt "
                    "-e '.[dev]', which make install runs)", pytrace=False)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _decision(data, i, view="full"):
    s = data["steps"][i]
    d = s["d"]
    if d is None:
        return "none: the game is over" if s["over"] else "none"
    who = f"Seat {d['by']} (heuristic)"
    if view != "full" and int(view) in d["hide"]:
        return f"{who} {d.get('secret') or 'made a choice'} (seat {view} does not see what)"
    return f"{who}: {d['text']}"


def _pictures(replay, k):
    """``render_rgb`` of the first ``k`` decision states."""
    out = []
    for state, kind, _a in replay.steps():
        if kind == "decision":
            out.append(state.render_rgb())
            if len(out) == k:
                return out
    return out


def _same_picture(page, pictures, i):
    """The canvas shows the game's picture of decision state ``i`` (``render_rgb``) up to the
    sheets' palette: nearly every pixel exact, also where the picture changed since the step
    before (a tile left from that step would show there)."""
    want = pictures[i].astype(np.int16)
    url = page.evaluate("() => document.getElementById('picture').toDataURL('image/png')")
    got = np.asarray(Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB"))
    assert got.shape == want.shape
    exact = (got == want).all(axis=2)
    assert exact.mean() > 0.95, exact.mean()
    if i > 0:
        changed = (pictures[i] != pictures[i - 1]).any(axis=2)
        if changed.sum() > 50:
            assert exact[changed].mean() > 0.85, (changed.sum(), exact[changed].mean())


@pytest.mark.parametrize("game", GAMES)
def test_viewer_page_in_a_browser(browser, game, tmp_path):
    replay = play_replay(game, ["heuristic"], seed=3)
    data = collect(replay, max_steps=STEPS)
    page_file = write_page(data, tmp_path / f"{game}.html")
    last = len(data["steps"]) - 1
    assert last == STEPS

    page = browser.new_page(viewport={"width": 1600, "height": 1000})
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: errors.append(f"network request {r.url}")
            if not r.url.startswith(("file:", "data:", "blob:")) else None)
    page.goto(page_file.as_uri())
    page.wait_for_selector("body[data-ready=yes]", timeout=20_000)
    text = page.inner_text

    def at(i, view="full"):
        assert text("#step-counter") == f"Step {i} of {last}"
        assert page.title() == f"{data['title']}: replay, step {i} of {last}"   # the tab follows the step
        assert text("#decision") == _decision(data, i, view)
        # what followed: a head that counts draws never stands above a different number of lines
        c = data["steps"][i]["c"] if data["steps"][i]["d"] else None
        then = text("#chance").splitlines()
        bullets = page.locator("#chance li").count()
        if c and (c["k"] or c["lines"]) and not (view != "full" and int(view) in c.get("hide", [])):
            assert bullets == len(c["lines"]) + len(c.get("table") or [])
            assert then[0] == "What happened:" if c["lines"] else then[0].startswith(f"{c['k']} ")
        assert not re.search(r"\d+ chance outcomes?:", text("#chance"))
        # the score column is explained under the table
        assert text("#score-note").startswith(data["score_label"] + ": ")

    assert text("#title") == f"{data['title']}: replay"
    at(0)
    assert data["steps"][0]["x"].splitlines()[0].strip() in text("#view-text")
    # the picture: the canvas has the game's picture size and is drawn (not one flat colour)
    w, h, colours = page.evaluate("""() => { const c = document.getElementById('picture');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; const seen = new Set();
        for (let i = 0; i < d.length; i += 4 * 97) seen.add(d[i] << 16 | d[i + 1] << 8 | d[i + 2]);
        return [c.width, c.height, seen.size]; }""")
    assert [w, h] == data["picture"]["size"] and colours > 8
    pictures = _pictures(replay, 9)
    _same_picture(page, pictures, 0)

    page.keyboard.press("ArrowRight")
    at(1)
    page.keyboard.press("ArrowRight")
    at(2)
    page.keyboard.press("ArrowLeft")
    at(1)
    page.keyboard.press("End")
    at(last)
    assert "not shown" in text("#turn")
    page.keyboard.press("Home")
    at(0)
    page.fill("#jump", "7")
    page.press("#jump", "Enter")
    at(7)
    page.click("#next")
    at(8)
    _same_picture(page, pictures, 8)  # tiles stamped over step 7's picture

    # the seat toggle: the full state (hidden parts included) and seat 0's own view differ
    full = text("#view-text")
    page.select_option("#view", "0")
    seat_text = text("#view-text")
    assert seat_text != full and "own view" in page.text_content("#view-label")
    assert data["steps"][8]["v"][0].splitlines()[0].strip() in seat_text
    at(8, "0")
    # a choice another seat could not see is shown as unseen in that seat's view
    hidden = [(i, s) for i, st in enumerate(data["steps"]) if st["d"] for s in st["d"]["hide"]]
    if hidden:
        i, s = hidden[0]
        page.select_option("#view", str(s))
        page.fill("#jump", str(i))
        page.press("#jump", "Enter")
        at(i, str(s))
        assert "does not see" in text("#decision")
    page.select_option("#view", "full")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    at(1)

    assert not errors, errors
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / f"{game}.png"
    page.screenshot(path=str(shot))
    page.close()
    print(f"screenshot: {shot}")


def test_viewer_shows_what_a_language_model_was_asked(browser, tmp_path, monkeypatch):
    """A replay of ``llm:`` agents (a local fake server): the decision box holds the model's
    prompt and reply to the full view and to the deciding seat's view, not to another seat's."""
    from boardgym.agents.specs import make_agent
    from boardgym.core.agent import seat_chooser
    from boardgym.core.replay import play
    from boardgym.games import make_game
    from tests.agents.llm_server import FakeLLM

    game = make_game("paleo", num_groups=2)
    with FakeLLM(lambda k: "malformed" if k == 0 else "number") as server:
        agent = make_agent(f"llm:m@{server.url}", "paleo", 0)
        _final, replay = play(game, 2, seat_chooser([agent, agent], 2), max_steps=400)
    data = collect(replay, max_steps=1)
    page_file = write_page(data, tmp_path / "llm.html")
    page = browser.new_page(viewport={"width": 1600, "height": 1000})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_file.as_uri())
    page.wait_for_selector("body[data-ready=yes]", timeout=20_000)
    note = replay.notes[0]
    box = page.locator("#decision details.note")
    assert box.count() == 1
    assert "What the language model was asked and answered" in box.inner_text()
    box.locator("summary").click()
    shown = box.inner_text()
    assert note["prompt"].splitlines()[0] in shown and "Answer 1: I would rather think" in shown
    assert "Told: " in shown and f"Answer 2: {note['answers'][1]}" in shown
    by = data["steps"][0]["d"]["by"]
    page.select_option("#view", str(by))
    assert page.locator("#decision details.note").count() == 1
    page.select_option("#view", str(1 - by))
    assert page.locator("#decision details.note").count() == 0
    assert not errors, errors
    page.close()
