"""`add`: a paper by its arXiv id or URL, from the arXiv and Hugging Face APIs.

The APIs are a local HTTP server answering with recorded responses in their documented
formats (tests/fixtures/api/): an arXiv Atom feed and a Hugging Face paper object.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import re
import shutil
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import huggingface_hub.constants
import pytest

from generator.ingest import remote
from generator.content.check import check_content
from generator.content.store import Store
from support import SEED_CONTENT, age, snapshot

REPO = Path(__file__).resolve().parent.parent
API = Path(__file__).resolve().parent / "fixtures" / "api"
SNAPKV = "2404.14469"
SOURCE = f"arxiv-{SNAPKV}.json"


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


@pytest.fixture
def content(tmp_path) -> Path:
    """A content folder with the real vocabularies and no papers, so that `check` can run."""
    folder = tmp_path / "content"
    folder.mkdir()
    for name in ("hardware.yml", "topics.yml"):
        shutil.copy(SEED_CONTENT / name, folder / name)
    return folder


@dataclass
class Run:
    code: int
    out: str
    err: str


def add(content: Path, apis: FakeApis, *ids: str, **where) -> Run:
    out, err = io.StringIO(), io.StringIO()
    where = {"arxiv_api": apis.arxiv_api, "hf_endpoint": apis.hf_endpoint, **where}
    code = remote.run_add(list(ids), Store(content), dt.date(2025, 1, 15), out, err, **where)
    return Run(code, out.getvalue(), err.getvalue())


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --- ids and URLs ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("2404.14469", SNAPKV),
        ("2404.14469v2", SNAPKV),
        ("arXiv:2404.14469v2", SNAPKV),
        ("arxiv: 2404.14469", SNAPKV),
        (" 2404.14469\n", SNAPKV),
        ("https://arxiv.org/abs/2404.14469", SNAPKV),
        ("http://arxiv.org/abs/2404.14469v1", SNAPKV),
        ("https://arxiv.org/pdf/2404.14469v1", SNAPKV),
        ("https://arxiv.org/pdf/2404.14469v1.pdf", SNAPKV),
        ("https://www.arxiv.org/abs/2404.14469/", SNAPKV),
        ("https://export.arxiv.org/abs/2404.14469", SNAPKV),
        ("arxiv.org/abs/2404.14469?context=cs", SNAPKV),
        ("https://huggingface.co/papers/2404.14469", SNAPKV),
        ("https://huggingface.co/papers/2404.14469#community", SNAPKV),
        ("0704.0001", "0704.0001"),
        ("hep-th/9901001", "hep-th/9901001"),
        ("arXiv:math.GT/0309136v1", "math.GT/0309136"),
        ("https://arxiv.org/abs/cond-mat/0207270v2", "cond-mat/0207270"),
    ],
)
def test_each_form_of_an_id_or_url_names_the_paper(given, expected):
    assert remote.arxiv_id(given) == expected


@pytest.mark.parametrize(
    "given",
    ["", "snapkv", "2404.1446", "1412.69800", "2413.14469", "24041.4469", "2404.14469v", "2404.14469 2404.14470", "arXiv 2404.14469",
     "https://example.org/abs/2404.14469", "https://arxiv.org/list/cs.CL/recent", "https://notarxiv.org/abs/2404.14469",
     "https://huggingface.co/2404.14469", "HEP-TH/9901001"],
)
def test_what_is_not_an_arxiv_id_or_url_names_no_paper(given):
    assert remote.arxiv_id(given) is None


# --- a new paper ---------------------------------------------------------------------------------


def test_add_writes_a_paper_file_that_check_passes(content, apis):
    run = add(content, apis, "https://arxiv.org/abs/2404.14469")
    assert run.code == 0, run.err
    assert run.err == ""
    assert run.out.splitlines() == [f"{SNAPKV}: new, content/papers/snapkv.md",
                                    "added 1 arXiv id: 1 new, 0 updated, 0 unchanged"]
    text = (content / "papers/snapkv.md").read_text(encoding="utf-8")
    assert text.startswith("""\
---
title: 'SnapKV: LLM Knows What You are Looking for Before Generation'
arxiv: '2404.14469'
authors:
- Yuhong Li
- Yingbing Huang
- Bowen Yang
- Bharat Venkitesh
- Acyr Locatelli
- Hanchen Ye
- Tianle Cai
- Patrick Lewis
- Deming Chen
published: 2024-04-22
upvotes: 15
code: https://github.com/FasterDecoding/SnapKV
added: 2025-01-15
sources:
- arxiv-2404.14469.json
imported_title: 'SnapKV: LLM Knows What You are Looking for Before Generation'
---

Large Language Models (LLMs) have made remarkable progress in processing extensive contexts, with the \
Key-Value (KV) cache playing a vital role in enhancing their performance. However,""")
    assert text.endswith(" Further comprehensive studies suggest SnapKV's potential for practical applications.\n")
    assert "\n" not in text.split("---\n\n", 1)[1].strip()  # arXiv's wrapped lines joined
    problems = check_content(content)
    assert [str(p) for p in problems] == []


def test_an_added_paper_builds_into_its_page(tmp_path, apis):
    from generator.pipeline import generate

    content = tmp_path / "content"  # the seed list, less the paper to add
    shutil.copytree(SEED_CONTENT, content)
    (content / "papers/snapkv.md").unlink()
    assert add(content, apis, SNAPKV).out.startswith(f"{SNAPKV}: new, content/papers/snapkv.md")
    generated = generate(content, REPO / "site_templates")
    page = generated.pages["papers/snapkv.md"]
    assert "SnapKV: LLM Knows What You are Looking for Before Generation" in page
    assert "https://github.com/FasterDecoding/SnapKV" in page and "https://arxiv.org/abs/2404.14469" in page


def test_the_answers_are_kept_as_the_papers_source_and_import_again_as_they_are(content, apis, run_import):
    assert add(content, apis, SNAPKV).code == 0
    age(content)
    before = snapshot(content)
    run = run_import(content / "sources" / SOURCE, content=content)
    assert run.summary == "imported 1 entry: 0 new, 0 updated, 1 unchanged, 0 duplicates merged, 0 warnings"
    assert snapshot(content) == before
    kept = json.loads((content / "sources" / SOURCE).read_text(encoding="utf-8"))
    assert kept["arxiv"]["id"] == SNAPKV and kept["arxiv"]["publishedAt"] == "2024-04-22T17:42:58Z"
    assert len(kept["arxiv"]["authors"]) == 9 and kept["arxiv"]["summary"].startswith("  Large Language Models")
    assert kept["huggingface"] == {"id": SNAPKV, "upvotes": 15, "githubRepo": "https://github.com/FasterDecoding/SnapKV"}


def test_a_paper_hugging_face_does_not_know_is_added_without_upvotes_or_code(content, apis):
    apis.papers.clear()  # every paper a 404
    run = add(content, apis, SNAPKV)
    assert run.code == 0, run.err
    meta = Store(content).read_paper_file(content / "papers/snapkv.md").meta
    assert meta["arxiv"] == SNAPKV and len(meta["authors"]) == 9
    assert "upvotes" not in meta and "code" not in meta
    assert json.loads((content / "sources" / SOURCE).read_text(encoding="utf-8"))["huggingface"] is None
    assert check_content(content) == []


def test_one_paper_named_twice_is_one_paper(content, apis):
    run = add(content, apis, SNAPKV, "https://huggingface.co/papers/2404.14469", "arXiv:2404.14469v1")
    assert run.code == 0, run.err
    assert run.out.splitlines()[-1] == "added 1 arXiv id: 1 new, 0 updated, 0 unchanged"
    assert sorted(p.name for p in (content / "papers").iterdir()) == ["snapkv.md"]
    assert sum("/api/query" in r for r in apis.requests) == 1


def test_two_ids_whose_papers_have_the_same_title_are_two_papers(content, apis):
    other = "2405.00002"
    feed = apis.feeds[SNAPKV].replace(SNAPKV.encode(), other.encode())
    feed = re.sub(rb"<summary>.*</summary>", b"<summary>Another paper under the same title. It has its own "
                  b"abstract, which must not be lost.</summary>", feed, flags=re.S)
    apis.feeds[other] = feed.replace(b"Looking for Before Generation", b"looking for before generation")
    run = add(content, apis, SNAPKV, other)
    assert run.code == 0, run.err
    assert run.out.splitlines() == [f"{SNAPKV}: new, content/papers/snapkv.md",
                                    f"{other}: new, content/papers/snapkv-2.md",
                                    "added 2 arXiv ids: 2 new, 0 updated, 0 unchanged"]
    store = Store(content)
    first = store.read_paper_file(content / "papers/snapkv.md")
    second = store.read_paper_file(content / "papers/snapkv-2.md")
    assert (first.meta["arxiv"], first.meta["sources"]) == (SNAPKV, [SOURCE])
    assert first.meta["code"] == "https://github.com/FasterDecoding/SnapKV"
    assert (second.meta["arxiv"], second.meta["sources"]) == (other, [f"arxiv-{other}.json"])
    assert "code" not in second.meta and "upvotes" not in second.meta  # Hugging Face does not know it
    assert second.body.strip() == "Another paper under the same title. It has its own abstract, which must not be lost."
    age(content)
    before = snapshot(content)
    run = add(content, apis, other, SNAPKV)  # each id still names its own paper
    assert run.out.splitlines() == [f"{other}: already in the list as content/papers/snapkv-2.md; nothing to add",
                                    f"{SNAPKV}: already in the list as content/papers/snapkv.md; nothing to add",
                                    "added 2 arXiv ids: 0 new, 0 updated, 2 unchanged"]
    assert snapshot(content) == before


# --- a paper already in the list -----------------------------------------------------------------


def test_a_second_add_of_the_same_id_changes_nothing(content, apis):
    assert add(content, apis, SNAPKV).code == 0
    age(content)
    before = snapshot(content)
    run = add(content, apis, f"https://arxiv.org/abs/{SNAPKV}")
    assert run.code == 0, run.err
    assert run.out.splitlines() == [f"{SNAPKV}: already in the list as content/papers/snapkv.md; nothing to add",
                                    "added 1 arXiv id: 0 new, 0 updated, 1 unchanged"]
    assert snapshot(content) == before


def test_a_later_add_whose_answers_changed_keeps_what_the_file_says_and_no_new_source(content, apis):
    assert add(content, apis, SNAPKV).code == 0
    age(content)
    before = snapshot(content)
    apis.papers[SNAPKV] = apis.papers[SNAPKV].replace(b'"upvotes": 15', b'"upvotes": 99')
    run = add(content, apis, SNAPKV)
    assert run.code == 0, run.err
    assert "nothing to add" in run.out
    assert snapshot(content) == before  # no arxiv-2404.14469-<digest>.json either


def test_add_of_a_paper_already_in_the_list_by_title_fills_only_missing_fields(content, apis, run_import, dumps):
    assert run_import(dumps / "layout_a_two_papers.txt", content=content).code == 0
    path = content / "papers/snapkv.md"
    text = path.read_text(encoding="utf-8").replace(
        "upvotes: 2\n", "upvotes: 2  # as of the import\nnote: Picks the KV positions each head attends to.\n")
    path.write_text(text, encoding="utf-8")
    run = add(content, apis, SNAPKV)
    assert run.code == 0, run.err
    assert run.out.splitlines()[0] == f"{SNAPKV}: filled the missing fields of content/papers/snapkv.md"
    assert sorted(p.name for p in (content / "papers").iterdir()) == ["hipkittens.md", "snapkv.md"]
    new_text = path.read_text(encoding="utf-8")
    old_lines = text.splitlines()
    assert [line for line in new_text.splitlines() if line in old_lines] == old_lines  # every line kept, in order
    meta = Store(content).read_paper_file(path).meta
    assert meta["upvotes"] == 2  # the dump's count stays: only missing fields are filled
    assert meta["note"] == "Picks the KV positions each head attends to."
    assert (meta["arxiv"], len(meta["authors"]), meta["code"]) == (SNAPKV, 9, "https://github.com/FasterDecoding/SnapKV")
    assert meta["sources"] == ["layout_a_two_papers.txt", SOURCE]
    assert meta["added"] == dt.date(2025, 1, 15)
    body = new_text.split("---\n", 2)[2]
    assert body.strip().endswith("poses challenges to memory and time efficiency.")  # the file's abstract stays
    assert check_content(content) == []


# --- what stops add, writing nothing ------------------------------------------------------------------


def test_offline_add_fails_fast_naming_the_api_and_writes_nothing(tmp_path, apis):
    content = tmp_path / "content"
    port = closed_port()
    started = time.monotonic()
    run = add(content, apis, SNAPKV, arxiv_api=f"http://127.0.0.1:{port}/api/query",
              hf_endpoint=f"http://127.0.0.1:{port}")
    assert run.code == 1
    assert run.err == (f"add: cannot reach the arXiv API (127.0.0.1:{port}): [Errno 111] Connection refused; "
                       f"nothing was written\n")
    assert time.monotonic() - started < 5
    assert not content.exists()


def test_hugging_face_unreachable_is_an_error_too(content, apis):
    port = closed_port()
    run = add(content, apis, SNAPKV, hf_endpoint=f"http://127.0.0.1:{port}")
    assert run.code == 1
    assert f"add: cannot reach the Hugging Face API (127.0.0.1:{port}): " in run.err
    assert run.err.endswith("; nothing was written\n")
    assert sorted(p.name for p in content.iterdir()) == ["hardware.yml", "topics.yml"]


def test_an_api_that_does_not_answer_in_time_stops_add(content, apis):
    with socket.socket() as silent:  # accepts connections, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        started = time.monotonic()
        run = add(content, apis, SNAPKV, arxiv_api=f"http://127.0.0.1:{silent.getsockname()[1]}/api/query",
                  timeout=0.5)
    assert run.code == 1
    assert "add: cannot reach the arXiv API (127.0.0.1:" in run.err and "no answer within 0.5 s" in run.err
    assert time.monotonic() - started < 5
    assert not (content / "papers").exists()


@pytest.mark.parametrize(
    ("api", "status", "message"),
    [
        ("arxiv", 503, "add: the arXiv API (127.0.0.1:{port}) answered HTTP 503; nothing was written"),
        ("hf", 500, "add: the Hugging Face API (127.0.0.1:{port}) answered HTTP 500 for 2404.14469; nothing was written"),
    ],
)
def test_an_api_error_is_reported_with_its_status(content, apis, api, status, message):
    apis.status[api] = status
    run = add(content, apis, SNAPKV)
    assert run.code == 1
    assert run.err == message.format(port=apis.port) + "\n"
    assert not (content / "papers").exists()


def test_an_id_arxiv_does_not_know_is_an_error_and_nothing_is_written(content, apis):
    run = add(content, apis, SNAPKV, "2404.99999")
    assert run.code == 1
    assert run.err == (f"add: arXiv has no paper 2404.99999 (the arXiv API (127.0.0.1:{apis.port}) answered "
                       f"without it); nothing was written\n")
    assert not (content / "papers").exists() and not (content / "sources").exists()


def test_a_bad_id_is_an_error_naming_it_and_nothing_is_fetched(content, apis):
    run = add(content, apis, SNAPKV, "snapkv")
    assert run.code == 2
    assert run.err.startswith("add: 'snapkv' is not an arXiv id or URL (expected e.g. 2404.14469, ")
    assert run.err.endswith("; nothing was written\n")
    assert apis.requests == []
    assert not (content / "papers").exists()


def test_a_broken_paper_file_stops_add_before_anything_is_written(content, apis, run_import, dumps):
    assert run_import(dumps / "layout_a_two_papers.txt", content=content).code == 0
    path = content / "papers/hipkittens.md"
    path.write_text(path.read_text(encoding="utf-8").replace("added:", "arxiv: 2511.08083\nadded:"), encoding="utf-8")
    age(content)
    before = snapshot(content)
    run = add(content, apis, SNAPKV)
    assert run.code == 1
    assert "content/papers/hipkittens.md:" in run.err and "'arxiv' is the number" in run.err
    assert "nothing was written" in run.err
    assert snapshot(content) == before


@pytest.mark.parametrize(
    ("answer", "detail"),
    [
        (b'{"paper": 5}', "'int' object has no attribute 'pop'"),
        (b'{"paper": "x"}', "'str' object has no attribute 'pop'"),
        (b'{"id": "2404.14469", "linkedModels": [{}]}', "no 'id'"),
        (b'[1, 2]', None),
        (b'<html>Not JSON</html>', None),
    ],
)
def test_a_hugging_face_answer_that_is_not_a_paper_stops_add_and_writes_nothing(content, apis, answer, detail):
    apis.papers[SNAPKV] = answer
    run = add(content, apis, SNAPKV)
    assert run.code == 1
    assert run.err.startswith(f"add: the Hugging Face API (127.0.0.1:{apis.port}) answered for {SNAPKV} with something "
                              f"that is not a paper (")
    assert run.err.endswith("); nothing was written\n") and "Traceback" not in run.err
    if detail:
        assert f"({detail}); nothing was written" in run.err
    assert run.out == ""
    assert sorted(p.name for p in content.iterdir()) == ["hardware.yml", "topics.yml"]
