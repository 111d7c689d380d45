"""A local stand-in of the arXiv API and of Hugging Face's paper API, answering with recorded
responses in their documented formats (tests/fixtures/api/): the `apis` fixture (tests/conftest.py)."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import huggingface_hub.constants
import pytest

from generator.ingest import remote

API = Path(__file__).resolve().parent / "fixtures" / "api"
SNAPKV = "2404.14469"


@dataclass
class FakeApis:
    """export.arxiv.org/api/query and huggingface.co/api/papers/<id>, answering from fixtures."""

    feeds: dict[str, bytes] = field(default_factory=lambda: {SNAPKV: (API / f"arxiv-{SNAPKV}.xml").read_bytes()})
    papers: dict[str, bytes] = field(default_factory=lambda: {SNAPKV: (API / f"hf-paper-{SNAPKV}.json").read_bytes()})
    status: dict[str, int] = field(default_factory=dict)  # "arxiv" or "hf" -> an error status to answer with
    requests: list[str] = field(default_factory=list)
    port: int = 0

    @property
    def arxiv_api(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/query"

    @property
    def hf_endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def arxiv(self, ids: list[str], start: int) -> tuple[int, bytes]:
        if "arxiv" in self.status:
            return self.status["arxiv"], b"<html>Service Unavailable</html>"
        if len(ids) == 1 and ids[0] in self.feeds:
            return 200, self.feeds[ids[0]]  # the recorded feed, byte for byte
        entries = [re.search(rb"<entry>.*</entry>", self.feeds[i], re.S).group(0) for i in ids if i in self.feeds]
        # As arXiv does: an id it does not know still counts in totalResults, and is in no page.
        feed = (API / "arxiv-empty.xml").read_bytes()
        feed = feed.replace(b">0</opensearch:totalResults>", b">%d</opensearch:totalResults>" % len(ids))
        return 200, feed.replace(b"</feed>", b"\n".join(entries[start:]) + b"\n</feed>")

    def paper(self, arxiv_id: str) -> tuple[int, bytes]:
        if "hf" in self.status:
            return self.status["hf"], b'{"error": "Internal Error"}'
        if arxiv_id in self.papers:
            return 200, self.papers[arxiv_id]
        return 404, b'{"error": "Paper not found"}'


@pytest.fixture
def apis(monkeypatch):
    monkeypatch.setattr(remote, "ARXIV_DELAY_SECONDS", 0)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1")
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", False)  # read from the environment at import
    fake = FakeApis()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            fake.requests.append(self.path)
            url = urlsplit(self.path)
            if url.path == "/api/query":
                query = parse_qs(url.query)
                status, body = fake.arxiv(query["id_list"][0].split(","), int(query["start"][0]))
                kind = "application/atom+xml; charset=utf-8"
            elif url.path.startswith("/api/papers/"):
                status, body = fake.paper(url.path.removeprefix("/api/papers/"))
                kind = "application/json; charset=utf-8"
            else:
                status, body, kind = 404, b"not found", "text/plain"
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    fake.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield fake
    server.shutdown()
    server.server_close()
