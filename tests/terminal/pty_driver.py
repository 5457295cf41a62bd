"""Drive ``boardgym play`` through a real pseudo-terminal, the way a person at a terminal would:
read until the prompt, answer, read on. Echo is off so the transcript holds what the program
printed (answers are kept apart, with the prompt they answered)."""
from __future__ import annotations

import codecs
import os
import pty
import re
import select
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROMPT = "q to quit): "


def last_options(text: str) -> list[tuple[int, str]]:
    """The numbered options of the last menu shown in ``text``."""
    block = text[text.rfind("your options:"):]
    return [(int(k), o) for k, o in re.findall(r"^\s+(\d+)\. (.*)$", block, flags=re.M)]


def lowest(text: str, asked: int) -> str:
    opts = last_options(text)
    return str(min(k for k, _ in opts)) if opts else "q"


def drive(args: list[str], answer=lowest, timeout: float = 90.0) -> tuple[int, str, list[str]]:
    """Run ``boardgym play ARGS`` on a pty; ``answer(transcript, n) -> line`` at every prompt.
    Returns (exit status, transcript with \\n line ends, answers given)."""
    master, slave = pty.openpty()
    attrs = termios.tcgetattr(slave)
    attrs[3] &= ~termios.ECHO
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "boardgym.cli", "play", *args], stdin=slave, stdout=slave,
                            stderr=slave, cwd=ROOT, env=env, close_fds=True)
    os.close(slave)
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    parts, answers, tail = [], [], ""
    deadline = time.monotonic() + timeout
    try:
        while True:
            if time.monotonic() > deadline:
                raise AssertionError(f"boardgym play {' '.join(args)} did not finish within {timeout} s")
            ready, _, _ = select.select([master], [], [], 0.2)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            new = decoder.decode(chunk)
            parts.append(new)
            tail = (tail + new)[-len(PROMPT):]
            if tail == PROMPT:  # the program waits for an answer
                tail = ""
                text = "".join(parts).replace("\r\n", "\n")
                parts = [text]
                line = answer(text, len(answers))
                answers.append(line)
                os.write(master, (line + "\n").encode())
        rc = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    return rc, ("".join(parts) + decoder.decode(b"", final=True)).replace("\r\n", "\n"), answers
