"""Reading dumps: the three layouts, page chrome, line endings, and forgiving errors."""

from __future__ import annotations

import datetime as dt
import json
import re
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from generator.content.clean import repair
from generator.ingest.sources import parse_dump, parse_published
from support import SEED_CONTENT

SEEDS = sorted((SEED_CONTENT / "sources").glob("*.txt"))


def parse_file(path: Path):
    return parse_dump(path.read_text(encoding="utf-8"), str(path))


def summary(dump):
    return [(r.line, r.title, r.abstract, r.authors_count, r.published, r.upvotes) for r in dump.records]


# --- the three layouts -------------------------------------------------------------------


def test_layout_a_reads_chrome_papers_and_metadata(dumps):
    dump = parse_file(dumps / "layout_a_two_papers.txt")
    assert dump.layout == "A"
    assert dump.warnings == []
    snapkv, hipkittens = dump.records
    assert (snapkv.line, snapkv.title) == (13, "SnapKV: LLM Knows What You are Looking for Before Generation")
    assert snapkv.abstract.startswith("Large Language Models (LLMs) have made remarkable progress")
    assert snapkv.abstract.endswith("poses challenges to memory and time efficiency.")
    assert (snapkv.authors_count, snapkv.published, snapkv.upvotes) == (9, dt.date(2024, 4, 22), 2)
    # No upvote count after the date: none yet.
    assert (hipkittens.line, hipkittens.title) == (21, "HipKittens: Fast and Furious AMD Kernels")
    assert (hipkittens.authors_count, hipkittens.published, hipkittens.upvotes) == (9, dt.date(2025, 11, 11), 0)
    assert "by 1.2–2.4× (e.g., d=64 attention" in hipkittens.abstract


def test_layout_b_unglues_the_first_title_and_ignores_trailing_junk(dumps):
    dump = parse_file(dumps / "layout_b_two_papers.txt")
    assert dump.layout == "B"
    assert dump.warnings == []
    gemm, triforce = dump.records
    assert gemm.line == 3
    assert gemm.title == (
        "Understanding GEMM Performance and Energy on NVIDIA Ada Lovelace: A Machine Learning-Based Analytical Approach"
    )
    assert gemm.abstract.endswith("GPPerf [https://github.com/pavlyhalim/GPPerf].")
    assert triforce.line == 5
    assert triforce.title.startswith("TriForce: Lossless Acceleration")
    assert "0.108s/token—only half" in triforce.abstract
    assert all(r.authors_count is None and r.published is None and r.upvotes is None for r in dump.records)


def test_layout_b_unglues_a_title_that_starts_in_lower_case():
    text = (
        "Get trending papers in your email inbox!\n"
        "SubscribevAttention: Dynamic Memory Management for Serving LLMs without PagedAttention\n"
        "PagedAttention is a popular approach for dynamic memory allocation in LLM serving systems. "
        "It enables on-demand allocation of GPU memory to mitigate KV cache fragmentation.\n"
        "Subscribers Matter: A Study of Newsletters\n"
        "We look at who subscribes to research newsletters and why they do. The answer is more varied than expected.\n"
    )
    dump = parse_dump(text, "b.txt")
    assert dump.layout == "B"
    assert [r.title for r in dump.records] == [
        "vAttention: Dynamic Memory Management for Serving LLMs without PagedAttention",
        "Subscribers Matter: A Study of Newsletters",  # a word, not the glued button
    ]


def test_layout_c_reads_title_blank_abstract_blank(dumps):
    dump = parse_file(dumps / "layout_c_two_papers.txt")
    assert dump.layout == "C"
    assert dump.warnings == []
    assert [(r.line, r.title) for r in dump.records] == [
        (11, "COMET: Towards Partical W4A4KV4 LLMs Serving"),
        (15, "Mélange: Cost Efficient Large Language Model Serving by Exploiting GPU Heterogeneity"),
    ]
    assert "We then present Mélange, a framework" in dump.records[1].abstract
    assert "speedup of 2.88× over cuBLAS and a 2.02 times throughput" in dump.records[0].abstract


def test_layout_c_keeps_a_second_abstract_paragraph():
    first = "We study a problem at length in this first paragraph. It has more than one sentence in it, as abstracts do."
    second = "A second paragraph follows after a blank line. It also has more than one sentence, and it ends here."
    dump = parse_dump(f"Some Title\n\n{first}\n\n{second}\n\nNext Title\n\n{first}\n", "c.txt")
    assert dump.layout == "C"
    assert [(r.title, r.abstract) for r in dump.records] == [("Some Title", f"{first}\n\n{second}"), ("Next Title", first)]


@pytest.mark.parametrize(("seed", "layout", "count"), [("000_", "A", 13), ("001_", "B", 35), ("002_", "C", 16)])
def test_the_committed_dumps_read_without_warnings(seed, layout, count):
    (path,) = [p for p in SEEDS if p.name.startswith(seed)]
    dump = parse_file(path)
    assert (dump.layout, len(dump.records), dump.warnings) == (layout, count, [])
    assert all(r.title and len(r.abstract) > 300 for r in dump.records)
    if layout == "A":
        assert all(r.authors_count and r.published and r.upvotes is not None for r in dump.records)


def test_a_dump_from_another_day_reads_the_same(dumps):
    dump = parse_file(dumps / "layout_a_other_day.txt")
    assert dump.layout == "A" and dump.warnings == []
    assert [r.title for r in dump.records] == [
        "SnapKV: LLM knows what you are looking for before generation",  # spacing folded
        "ZeRO-Infinity: Breaking the GPU Memory Wall for Extreme Scale Deep Learning",
    ]
    assert dump.records[0].upvotes == 15


@pytest.mark.parametrize("name", ["layout_a_two_papers.txt", "layout_b_two_papers.txt", "layout_c_two_papers.txt"])
@pytest.mark.parametrize(
    "variant",
    [
        pytest.param(lambda t: t.replace("\n", "\r\n"), id="crlf"),
        pytest.param(lambda t: t.replace("\n", "\r"), id="cr"),
        pytest.param(lambda t: "\ufeff" + t, id="bom"),
        pytest.param(lambda t: t.replace(" ", "\u00a0"), id="nbsp"),
        pytest.param(lambda t: "\ufeff" + t.replace(" ", "\u00a0 ").replace("\n", "\r\n"), id="all"),
    ],
)
def test_line_endings_bom_and_nbsp_read_as_usual(dumps, name, variant):
    plain = (dumps / name).read_text(encoding="utf-8")
    data = variant(plain).encode("utf-8")
    assert data != plain.encode("utf-8")
    expected = parse_dump(plain, name)
    got = parse_dump(data.decode("utf-8"), name)
    assert got.layout == expected.layout
    assert got.warnings == []
    assert summary(got) == summary(expected)


# --- dates ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Feb 20, 2024", (dt.date(2024, 2, 20), 0)),
        ("Apr 22, 2024 2", (dt.date(2024, 4, 22), 2)),
        ("Sept 3, 2023 118", (dt.date(2023, 9, 3), 118)),
        ("Feb 30, 2024", (None, None)),  # a date line, but no such day
        ("Feb 9", None),  # the page's day is chrome, not a date line
        ("February is short", None),
    ],
)
def test_parse_published(line, expected):
    assert parse_published(line) == expected


# --- blocks that cannot be read --------------------------------------------------------------


def warnings_of(dump):
    return [(w.line, w.severity) for w in dump.warnings]


def test_title_with_no_abstract_warns_and_the_rest_reads(dumps):
    path = dumps / "malformed_title_without_abstract.txt"
    dump = parse_file(path)
    assert warnings_of(dump) == [(7, "warning")]
    assert str(dump.warnings[0]).startswith(f"{path}:7: warning: title 'Fast Sparse ConvNets' has no abstract")
    assert [(r.line, r.title) for r in dump.records] == [
        (9, "PC-DARTS: Partial Channel Connections for Memory-Efficient Architecture Search")
    ]


def test_title_with_no_abstract_before_a_long_title_keeps_the_next_paper(dumps):
    dump = parse_file(dumps / "malformed_long_title_without_abstract.txt")
    assert warnings_of(dump) == [(5, "warning")]
    assert "FemtoDet" in dump.warnings[0].message
    (gemm,) = dump.records
    assert gemm.line == 7
    assert gemm.title.startswith("Understanding GEMM Performance and Energy")
    assert gemm.abstract.startswith("Analytical framework for predicting")
    assert "\n" not in gemm.abstract


def test_stray_authors_and_date_lines_warn(dumps):
    path = dumps / "malformed_stray_metadata.txt"
    dump = parse_file(path)
    assert warnings_of(dump) == [(7, "warning"), (9, "warning")]
    assert "authors line" in dump.warnings[0].message and "date line" in dump.warnings[1].message
    (paper,) = dump.records
    assert (paper.line, paper.authors_count, paper.published) == (11, 6, dt.date(2024, 2, 20))


def test_impossible_date_warns_and_the_paper_keeps_its_other_fields(dumps):
    path = dumps / "malformed_impossible_date.txt"
    dump = parse_file(path)
    assert [str(w) for w in dump.warnings] == [
        f"{path}:13: warning: 'Feb 30, 2024' is not a real date; ignored (expected e.g. 'Feb 20, 2024')"
    ]
    sparse, e2gc = dump.records
    assert (sparse.title, sparse.authors_count, sparse.published) == ("Fast Sparse ConvNets", 4, None)
    assert (e2gc.authors_count, e2gc.published) == (4, dt.date(2020, 6, 26))


def test_abstract_with_no_title_warns(dumps):
    dump = parse_file(dumps / "malformed_abstract_without_title.txt")
    assert warnings_of(dump) == [(15, "warning")]
    assert "no title before it" in dump.warnings[0].message
    assert [r.title for r in dump.records] == [
        "Fast Sparse ConvNets",
        "E2GC: Energy-efficient Group Convolution in Deep Neural Networks",
    ]
    assert "lost its title" not in dump.records[0].abstract


def test_abstract_with_no_title_at_the_top_of_a_dump_warns():
    abstract = "An abstract that lost its title when the page was copied. It is long enough that it cannot be a title."
    dump = parse_dump(f"new\n\nSubscribe\n\n{abstract}\n\nA Real Title\n\n{abstract}\n", "c.txt")
    assert warnings_of(dump) == [(5, "warning")]
    assert [r.title for r in dump.records] == ["A Real Title"]


def test_absurd_numbers_do_not_crash_the_reader():
    abstract = "An abstract of two sentences that is long enough to be read. It ends with a period as usual."
    text = f"Title\n\n{abstract}\n\n  • {'9' * 5000} authors\n·\nFeb 20, 2024 {'9' * 5000}\n"
    dump = parse_dump(text, "a.txt")
    assert [r.title for r in dump.records] == ["Title"]


# --- saved responses of the papers API (JSON) ------------------------------------------------

API = Path(__file__).resolve().parent / "fixtures" / "api"
ABSTRACT = "An abstract of a paper. It has two sentences, and this one is long enough to be an abstract."


def test_a_daily_papers_response_reads_one_record_per_paper():
    dump = parse_file(API / "daily_papers.json")
    assert (dump.layout, dump.refused, dump.warnings) == ("JSON", None, [])
    snapkv, hipkittens = dump.records
    assert (snapkv.line, snapkv.title, snapkv.arxiv) == (2, "SnapKV: LLM Knows What You are Looking for Before Generation", "2404.14469")
    assert snapkv.authors[:2] == ["Yuhong Li", "Yingbing Huang"] and len(snapkv.authors) == 9
    # The paper's own date (arXiv's), not the day it was on the daily list (the item's publishedAt).
    assert (snapkv.published, snapkv.upvotes) == (dt.date(2024, 4, 22), 25)
    assert snapkv.code == "https://github.com/FasterDecoding/SnapKV"
    assert snapkv.abstract.startswith("Large Language Models (LLMs) have made remarkable progress in processing extensive")
    assert "\n" not in snapkv.abstract  # the API's wrapped lines joined
    assert hipkittens.line > snapkv.line and hipkittens.arxiv == "2511.08083"
    assert "Christopher Ré" in hipkittens.authors
    assert "by 1.2–2.4× (e.g., d=64 attention" in hipkittens.abstract  # `$\\times$` as the page shows it


def test_a_saved_paper_object_reads_as_one_record():
    (record,) = parse_file(API / "hf-paper-2404.14469.json").records
    assert (record.line, record.arxiv, record.upvotes, len(record.authors)) == (1, "2404.14469", 15, 9)


def test_what_add_keeps_reads_as_arxivs_facts_with_hugging_faces_counts():
    kept = {"arxiv": {"id": "2404.14469", "title": "SnapKV", "authors": [{"name": "Yuhong Li"}], "summary": ABSTRACT,
                      "publishedAt": "2024-04-22T17:42:58Z", "doi": "10.48550/arXiv.2404.14469"},
            "huggingface": {"id": "2404.14469", "upvotes": 15, "githubRepo": "https://github.com/a/b",
                            "title": "not read", "projectPage": "https://snapkv.example.org/"}}
    (record,) = parse_dump(json.dumps(kept, indent=2), "arxiv-2404.14469.json").records
    assert (record.title, record.arxiv, record.authors, record.published) == (
        "SnapKV", "2404.14469", ["Yuhong Li"], dt.date(2024, 4, 22))
    assert (record.upvotes, record.code) == (15, "https://github.com/a/b")
    assert record.links == ["https://snapkv.example.org/", "https://doi.org/10.48550/arXiv.2404.14469"]
    (record,) = parse_dump(json.dumps({**kept, "huggingface": None}), "arxiv-2404.14469.json").records
    assert (record.upvotes, record.code, record.links) == (None, None, ["https://doi.org/10.48550/arXiv.2404.14469"])


@pytest.mark.parametrize(
    ("text", "layout"),
    [
        ('[{"paper": {}}]', "JSON"),
        ('  \n[\n  {\n', "JSON"),
        ('\ufeff{"id": "2404.14469"}', "JSON"),
        ("[]", "JSON"),
        (f"[Re] Reproducing a Paper\n\n{ABSTRACT}\n", "C"),  # a title that starts with a bracket
        (f"{{Braces}} in a Title\n\n{ABSTRACT}\n", "C"),
    ],
)
def test_json_is_told_from_a_pages_text_by_how_it_starts(text, layout):
    assert parse_dump(text, "dump").layout == layout


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('[\n  {"paper": {"id": "2404.14469",\n    "title": }}\n]\n', 3, "not valid JSON (Expecting value at column 14)"),
        ('[{"paper": {}}\n\n', 3, "not valid JSON (Expecting ',' delimiter at column 1)"),  # cut short
        ('{"title": "x"}\n{"title": "y"}\n', 2, "not valid JSON (Extra data"),
        ("[" * 100_000, 1, "JSON that cannot be read"),
    ],
)
def test_json_that_does_not_parse_refuses_the_file_at_its_line(text, line, message):
    dump = parse_dump(text, "daily.json")
    assert dump.records == [] and dump.refused.line == line
    assert str(dump.refused).startswith(f"daily.json:{line}: {message}")
    assert str(dump.refused).endswith("nothing was imported (expected a saved response of "
                                      "https://huggingface.co/api/daily_papers)")


def test_items_that_are_not_papers_warn_at_their_line_and_the_rest_reads():
    good = {"id": "2404.14469", "title": "SnapKV", "summary": ABSTRACT}
    items = [
        good,
        42,
        {"paper": {"id": "2404.14470", "summary": ABSTRACT}},
        {"paper": {"title": "No Abstract"}},
        {**good, "title": "Odd Fields", "id": "snapkv", "upvotes": "1.2k", "githubRepo": "github.com/a/b",
         "publishedAt": "last week", "authors": "Yuhong Li"},
    ]
    text = "[\n" + ",\n".join(json.dumps(item) for item in items) + "\n]\n"
    dump = parse_dump(text, "daily.json")
    assert [(r.line, r.title) for r in dump.records] == [(2, "SnapKV"), (6, "Odd Fields")]
    odd = dump.records[1]
    assert (odd.arxiv, odd.upvotes, odd.code, odd.published, odd.authors) == (None, None, None, None, None)
    assert [str(w) for w in dump.warnings] == [
        "daily.json:3: warning: a JSON int where a paper was expected; skipped (expected an object with 'paper' or 'title')",
        "daily.json:4: warning: a paper with no 'title' text; skipped (expected paper.title)",
        "daily.json:5: warning: 'No Abstract' has no 'summary' text (its abstract); skipped",
        "daily.json:6: warning: 'Odd Fields': 'id' is \"snapkv\", not an arXiv id; ignored",
        "daily.json:6: warning: 'Odd Fields': 'authors' is \"Yuhong Li\", not a list of {name}; ignored",
        "daily.json:6: warning: 'Odd Fields': 'publishedAt' is \"last week\", not a date; ignored",
        "daily.json:6: warning: 'Odd Fields': 'upvotes' is \"1.2k\", not a count; ignored",
        "daily.json:6: warning: 'Odd Fields': 'githubRepo' is \"github.com/a/b\", not an http(s) URL; ignored",
    ]


_KEYS = ["paper", "id", "title", "summary", "authors", "name", "publishedAt", "upvotes", "githubRepo",
         "projectPage", "doi", "arxiv", "huggingface"]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
    | st.sampled_from(["2404.14469v2", "2024-04-22T17:42:58Z", "https://github.com/a/b", "10.1/x", ABSTRACT]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(_KEYS) | st.text(max_size=5), inner,
                                                                max_size=6),
    max_leaves=25,
)


@settings(max_examples=200, deadline=None)
@given(JSON_VALUES, st.booleans())
def test_any_json_reads_without_raising(value, indent):
    text = json.dumps(value, indent=1 if indent else None)
    dump = parse_dump(text, "any.json")
    lines = text.count("\n") + 1
    if dump.layout == "JSON" and dump.refused is None:
        for record in dump.records:
            assert 1 <= record.line <= lines and record.title and record.abstract
        assert all(1 <= w.line <= lines for w in dump.warnings)


def test_a_saved_error_is_refused_and_a_list_of_other_things_warns():
    dump = parse_dump('{"error": "Invalid username or password."}', "x.json")
    assert str(dump.refused) == ("x.json:1: a JSON object with none of 'paper', 'title', 'id' ({\"error\": \"Invalid "
                                 "username or password.\"}); nothing was imported (expected a saved response of "
                                 "https://huggingface.co/api/daily_papers)")
    dump = parse_dump("[[1, 2]]", "x.json")
    assert (dump.refused, dump.records, [w.line for w in dump.warnings]) == (None, [], [1])
    assert parse_dump("[]", "x.json").warnings == []  # a day with no papers


# --- properties ------------------------------------------------------------------------------

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
STRUCTURE = [
    "", " ", "\t", "new", "Subscribe", "Daily Papers", "byAK and the research community", "·", "•",
    "Get trending papers in your email inbox!", "  • 6 authors", "1 author", "Feb 9", "Feb 20, 2024",
    "Apr 22, 2024 2", "Feb 30, 2024", "SubscribeTitle", "A Short Title", "x2014", "\\'e", "10.7times",
    "An abstract of a paper. It has two sentences, and this one is long enough to be an abstract.",
]


@settings(max_examples=100, deadline=None)
@given(st.one_of(
    st.text(),
    st.lists(st.one_of(st.sampled_from(STRUCTURE), st.text(max_size=40)), max_size=40).map("\n".join),
    st.lists(st.sampled_from(STRUCTURE), max_size=40).map("\r\n".join),
))
def test_any_text_reads_without_raising(text):
    dump = parse_dump(text, "any.txt")
    lines = len(re.split(r"\r\n|\r|\n", text.lstrip("\ufeff")))
    assert dump.layout in {"A", "B", "C", "JSON"}  # JSON: text that starts as JSON does
    for record in dump.records:
        assert 1 <= record.line <= lines
        assert record.title.strip() and record.abstract.strip()
    for warning in dump.warnings:
        assert 1 <= warning.line <= lines and warning.severity == "warning"


# Words a title or abstract is made of, including what copying mangles.
_PLAIN = st.text(alphabet=string.ascii_letters + string.digits, min_size=1, max_size=12)
_SPECIAL = st.sampled_from([
    "GPU", "LLMs", "4-bit", "GPU-Friendly", "(ViT)", "Mélange", "M\\'elange", "10.7times", "1.2-2.4times",
    "4timesRTX", "2.4\\times", "3.1\\%", "0.108s/tokenx2014only", "sometimes", "runtimes", "W4A4KV4", "vAttention",
])
WORD = st.one_of(_PLAIN, _SPECIAL).filter(lambda w: not w.lower().startswith("subscribe"))
_MONTH = "|".join(MONTHS) + "|Sept"
# Lines a title cannot be, because the page itself prints them (chrome, a day, metadata), or
# because glued to "Subscribe" they would read as a word ("Subscribed: ...").
_NOT_A_TITLE = re.compile(
    rf"^(new|search|trending papers|daily papers|({_MONTH})[a-z]*\.? \d.*|\d+ authors?|(d|r|rs|s)\b.*)$", re.I
)


@st.composite
def titles(draw):
    words = draw(st.lists(WORD, min_size=1, max_size=20))
    if len(words) > 1 and draw(st.booleans()):
        words[0] += ":"  # "SnapKV: ..."
    title = " ".join(words)
    if draw(st.booleans()):
        title += "?"
    assume(len(title) < 200 and not _NOT_A_TITLE.match(title))
    return title


@st.composite
def abstracts(draw):
    sentences = []
    for _ in range(draw(st.integers(2, 5))):
        words = draw(st.lists(WORD, min_size=5, max_size=25))
        sentences.append(" ".join([words[0].capitalize(), *words[1:]]) + ".")
    abstract = " ".join(sentences)
    assume(len(abstract) >= 100)
    return abstract


@st.composite
def papers(draw):
    return (draw(titles()), draw(abstracts()), draw(st.integers(1, 300)),
            draw(st.dates(dt.date(2015, 1, 1), dt.date(2030, 12, 31))), draw(st.none() | st.integers(0, 999)))


CHROME_A_C = ["new", "Get trending papers in your email inbox!", "Subscribe", "Daily Papers",
              "byAK and the research community"]
CHROME_B = ["Get trending papers in your email inbox once a day!", "Get trending papers in your email inbox!"]


def render(layout, items, chrome, day, junk):
    lines = []
    if layout == "B":
        lines += chrome
        for i, (title, abstract, *_meta) in enumerate(items):
            lines += [("Subscribe" if i == 0 else "") + title, abstract]
        lines += junk
        return lines
    for line in [*chrome, day]:
        lines += [line, ""]
    for title, abstract, authors, published, upvotes in items:
        lines += [title, "", abstract, ""]
        if layout == "A":
            date = f"{published:%b} {published.day}, {published.year}" + ("" if upvotes is None else f" {upvotes}")
            lines += [f"  • {authors} authors", "·", date, ""]
    return lines


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(
    layout=st.sampled_from("ABC"),
    items=st.lists(papers(), min_size=1, max_size=5),
    data=st.data(),
    newline=st.sampled_from(["\n", "\r\n"]),
    bom=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_realistic_papers_come_back_from_every_layout(layout, items, data, newline, bom, rng):
    chrome = data.draw(st.lists(st.sampled_from(CHROME_B if layout == "B" else CHROME_A_C), unique=True))
    day = data.draw(st.sampled_from(MONTHS)) + f" {data.draw(st.integers(1, 28))}"
    junk = data.draw(st.lists(st.sampled_from(["", " ", "\t\t\t ", "\t "]), max_size=6))
    text = newline.join(render(layout, items, chrome, day, junk)) + newline
    nbsp = data.draw(st.floats(0, 1))
    text = "".join("\u00a0" if ch == " " and rng.random() < nbsp else ch for ch in text)
    if bom:
        text = "\ufeff" + text

    dump = parse_dump(text, "generated.txt")

    assert dump.layout == layout
    assert dump.warnings == []
    assert [(r.title, r.abstract) for r in dump.records] == [(repair(t), repair(a)) for t, a, *_ in items]
    if layout == "A":
        assert [(r.authors_count, r.published, r.upvotes) for r in dump.records] == [
            (n, day_, up or 0) for _, _, n, day_, up in items
        ]
