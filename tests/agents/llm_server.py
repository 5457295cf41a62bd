"""A local OpenAI-compatible chat server for the ``llm:`` agent's tests (stdlib ``http.server`` in a
thread on 127.0.0.1): it answers a chat completion by picking a legal option from the prompt, and
by a schedule sometimes answers with words that name no option, sends a body that is not a chat
completion, or waits past the client's timeout."""
from __future__ import annotations

import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np

OPTION = re.compile(r"^\s+(\d+)\. (.*)$", re.M)


def prompt_options(text: str) -> list[tuple[int, str]]:
    block = text[text.rfind("Your options:"):]
    return [(int(k), v) for k, v in OPTION.findall(block)]


class FakeLLM:
    """``url`` serves ``/v1/chat/completions``. ``schedule(k) -> kind`` says what the k-th request
    (from 0) gets: ``"number"``, ``"words"``, ``"malformed"`` (a reply naming no option),
    ``"garbage"`` (a body that is not a chat completion), ``"slow"`` (a reply after ``delay``)."""

    def __init__(self, schedule=lambda k: "number", delay: float = 1.5, seed: int = 0):
        self.schedule, self.delay = schedule, delay
        self.rng = np.random.default_rng(seed)
        self.requests: list[dict] = []
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                with fake.lock:
                    k = len(fake.requests)
                    fake.requests.append(body)
                    kind = fake.schedule(k)
                    user = next(m["content"] for m in body["messages"] if m["role"] == "user")
                    opts = prompt_options(user)
                    a, name = opts[int(fake.rng.integers(len(opts)))] if opts else (0, "")
                if kind == "slow":
                    time.sleep(fake.delay)
                if kind == "garbage":
                    data = b"<html>this is not a chat completion</html>"
                else:
                    text = {"number": str(a), "words": name, "slow": str(a),
                            "malformed": "I would rather think about it some more."}[kind]
                    data = json.dumps({
                        "id": f"c{k}", "object": "chat.completion", "created": 0, "model": body["model"],
                        "choices": [{"index": 0, "finish_reason": "stop",
                                     "message": {"role": "assistant", "content": text}}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout)
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def closed_port_url() -> str:
    """The address of a port nothing listens on (bound, then closed)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"
