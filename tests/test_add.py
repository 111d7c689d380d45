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
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.ingest import remote
from generator.content.check import check_content
from generator.content.store import Store
from api_stand_in import SNAPKV, FakeApis
from support import SEED_CONTENT, age, snapshot

REPO = Path(__file__).resolve().parent.parent
SOURCE = f"arxiv-{SNAPKV}.json"


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
                       f"nothing was written\n"
                       f"{SNAPKV}: to add it without the network, `python -m generator new --arxiv {SNAPKV} 'TITLE'` "
                       f"writes a file to fill in (or suggest it in an issue: the repository's workflow adds it)\n")
    assert time.monotonic() - started < 5
    assert not content.exists()


def test_hugging_face_unreachable_is_an_error_too(content, apis):
    port = closed_port()
    run = add(content, apis, SNAPKV, hf_endpoint=f"http://127.0.0.1:{port}")
    assert run.code == 1
    assert f"add: cannot reach the Hugging Face API (127.0.0.1:{port}): " in run.err
    assert run.err.splitlines()[0].endswith("; nothing was written")
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


def test_offline_add_of_a_paper_already_on_the_list_says_where_it_is(content, apis):
    assert add(content, apis, SNAPKV).code == 0
    port = closed_port()
    run = add(content, apis, f"https://arxiv.org/abs/{SNAPKV}", arxiv_api=f"http://127.0.0.1:{port}/api/query",
              hf_endpoint=f"http://127.0.0.1:{port}")
    assert run.code == 1
    assert run.err.splitlines()[1] == f"{SNAPKV}: already on the list as content/papers/snapkv.md"


# --- a BibTeX entry, and a text that names papers -------------------------------------------------------


BIBTEX = """@article{li2024snapkv,
  title = {{SnapKV}: {LLM} Knows What You are Looking for Before Generation},
  author = {Li, Yuhong and Huang, Yingbing},
  journal = {arXiv preprint arXiv:2404.14469},
  year = {2024}
}
"""


@pytest.mark.parametrize("field", [
    "journal = {arXiv preprint arXiv:2404.14469}",
    "eprint = {2404.14469}, archivePrefix = {arXiv}",
    "url = {https://arxiv.org/abs/2404.14469v2}",
    "doi = {10.48550/arXiv.2404.14469}",
])
def test_a_bibtex_entry_names_its_paper_in_any_of_the_ways_zotero_and_scholar_write(field):
    from generator.ingest.given_ids import ids_in_bibtex
    found, problems = ids_in_bibtex("@article{key, title = {T}, " + field + "}")
    assert ([remote.arxiv_id(i) for i in found], problems) == ([SNAPKV], [])


def test_add_from_a_bibtex_entry_as_text_or_in_a_bib_file(content, apis, tmp_path):
    run = add(content, apis, BIBTEX)
    assert run.code == 0, run.err
    assert (content / "papers" / "snapkv.md").is_file()
    bib = tmp_path / "export.bib"
    bib.write_text(BIBTEX, encoding="utf-8")
    assert "already in the list" in add(content, apis, str(bib)).out


def test_a_bibtex_entry_with_no_arxiv_paper_is_named_and_nothing_is_written(content, apis):
    run = add(content, apis, "@inproceedings{smith2020, title = {A Paper}, booktitle = {ISCA}}")
    assert run.code == 2
    assert "the BibTeX entry 'smith2020' names no arXiv paper" in run.err
    assert "python -m generator new TITLE" in run.err
    assert not (content / "papers").exists() or not any((content / "papers").iterdir())


def test_a_suggestion_issue_s_body_is_read_for_its_id(content, apis, tmp_path):
    body = tmp_path / "issue.md"
    body.write_text("### arXiv id or URL\n\nhttps://arxiv.org/abs/2404.14469v1\n\n### Why it belongs\n\nKV cache.\n",
                    encoding="utf-8")
    run = add(content, apis, str(body))
    assert run.code == 0, run.err
    assert f"{SNAPKV}: new, content/papers/snapkv.md" in run.out
