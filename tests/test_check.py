"""`python -m generator check`: one broken fixture per problem, each its exact message and line;
the same messages from `mkdocs build --strict`; the three ways of adding a paper end with a passing check."""

from __future__ import annotations

import random
import re
import shutil
import sys
import time
from pathlib import Path

import pytest

from generator import cli
from generator.content.check import DEVICE_LIKE, check_content, read_content, near_identical_pairs
from generator.content.model import ContentError
from generator.content.store import Store
from generator.content.hardware import Hardware
from support import load_site

from support import SEED_CONTENT, mkdocs_build, mkdocs_config

ROOT = Path(__file__).resolve().parent.parent
BROKEN = Path(__file__).parent / "fixtures" / "broken" / "content"
DUMPS = Path(__file__).parent / "fixtures" / "dumps"

# One file per problem; the message names the file and the line to fix.
EXPECTED = [
    "Not_A_Slug.md:1: file name 'Not_A_Slug.md' is not a slug (expected lowercase words joined by '-', e.g. 'not-a-slug.md')",
    "abstract-control-character.md:5: the abstract holds the control character U+001B (expected printable text)",
    "alias-bomb.md:3: front matter repeats a value with a YAML anchor and alias (expected every value written out; anchors and aliases are not allowed)",
    "arxiv-float.md:3: 'arxiv' is the number 2101.0001, which loses digits (expected the id as quoted text, e.g. arxiv: '2101.00010')",
    "arxiv-trailing-newline.md:3: 'arxiv' is not an arXiv id: '2412.99002\\n' (str) (expected quoted text such as '2404.14469')",
    "bom.md:1: the file starts with a UTF-8 BOM (expected plain UTF-8)",
    "control-character.md:4: front matter holds the control character U+001F, which YAML does not allow (expected printable text)",
    "control-escape.md:3: 'venue' holds the control character U+0007 (expected printable text on one line)",
    "date-not-date.md:3: 'published' is not a date: 'April 2024' (str) (expected a date written YYYY-MM-DD)",
    "duplicate-key.md:4: duplicate field 'title' (first set on line 2; expected each field once)",
    "empty-abstract.md:4: the abstract is empty (expected the abstract as the text after the front matter)",
    "empty-title.md:3: 'title' is empty or not text: '' (str) (expected the paper's title)",
    "id-trailing-newline.md:4: 'hardware' holds 'a100\\n' (str), not an id (expected lowercase ids like 'a100')",
    "impossible-date.md:4: 'published' is not a date: '2024-13-45', month must be in 1..12 (expected a real date written YYYY-MM-DD)",
    "invalid-yaml.md:3: front matter is not valid YAML: the list opened by '[' on this line is still open on line 4, where YAML gives up (expected ']' after its last item)",
    "javascript-link.md:3: 'code' is a javascript: URL, which is refused (expected an http(s) URL)",
    "javascript-link.md:6: 'links' is a data: URL, which is refused (expected an http(s) URL)",
    "key-is-a-list.md:3: a field name is a list, which YAML reads as no text (expected a name such as 'title', then ': ' and the value)",
    "key-is-a-mapping.md:3: a field name is a mapping, which YAML reads as no text (expected a name such as 'title', then ': ' and the value)",
    "key-is-a-number.md:3: a field name is '2024', which YAML reads as no text (expected a name such as 'title', then ': ' and the value)",
    "lone-surrogate.md:2: 'title' holds a lone surrogate (half of a character) U+D800 (expected printable text on one line)",
    "missing-title.md:1: missing 'title' (expected the paper's title)",
    "near-title-b.md:2: the title is near-identical (97%) to the title of content/papers/near-title-a.md:2, first by name, as neither file has an 'added' date (expected each paper in one file; merge the two, or tell the titles apart)",
    "not-a-mapping.md:2: the front matter is a list, not a mapping (expected 'field: value' lines)",
    "same-arxiv-b.md:3: the same arXiv id as content/papers/same-arxiv-a.md:3: a typo in one of them, or the same paper twice (then merge them); this file counts as the later, first by name, as neither file has an 'added' date (expected each paper in one file, under its own id)",
    "same-title-b.md:3: the same title as content/papers/same-title-a.md:2, first by name, as neither file has an 'added' date (expected each paper in one file; merge the two)",
    "tab-indent.md:4: a tab indents this line (expected spaces; YAML forbids tabs)",
    "title-line-break.md:2: 'title' holds a line break U+000A (expected printable text on one line)",
    "unknown-device.md:2: warning: 'MI325X' looks like a device that content/hardware.yml does not know (expected an alias of a device there, or an `ignore` phrase if it is no device)",
    "unknown-device.md:5: warning: 'MI355X' looks like a device that content/hardware.yml does not know (expected an alias of a device there, or an `ignore` phrase if it is no device)",
    "unknown-device.md:5: warning: 'RTX 5080' looks like a device that content/hardware.yml does not know (expected an alias of a device there, or an `ignore` phrase if it is no device)",
    "unknown-device.md:5: warning: 'TPU v6e' looks like a device that content/hardware.yml does not know (expected an alias of a device there, or an `ignore` phrase if it is no device)",
    "unknown-field.md:3: unknown field 'publishd'; did you mean 'published'? (expected one of the fields in CONTRIBUTING.md)",
    "unknown-hardware.md:5: 'hardware' names 'mi300', which content/hardware.yml does not define; did you mean 'mi300x'? (expected an id defined there)",
    "unknown-topic.md:3: 'topics' names 'kv-cach', which content/topics.yml does not define; did you mean 'kv-cache'? (expected an id defined there)",
    "upvotes-fraction.md:3: 'upvotes' is not a whole number: 3.5 (float) (expected a whole number of 0 or more)",
]
EXPECTED = [f"content/papers/{line}" for line in EXPECTED]
ERRORS = [line for line in EXPECTED if ": warning: " not in line]
# Files that are fine on their own: the first of each duplicate pair.
FINE_ALONE = {"same-title-a.md", "same-arxiv-a.md", "near-title-a.md"}


def test_every_broken_file_gives_its_exact_messages():
    assert [str(p) for p in check_content(BROKEN)] == EXPECTED


def test_every_broken_fixture_is_reported():
    named = {line.split(":")[0].removeprefix("content/papers/") for line in EXPECTED}
    files = {p.name for p in (BROKEN / "papers").glob("*.md")}
    assert files - FINE_ALONE == named


def test_the_seed_content_passes_the_check_without_warnings():
    assert check_content(SEED_CONTENT) == []


def test_check_command_prints_every_problem_and_exits_1(capsys):
    code = cli.main(["--content", str(BROKEN), "check"])
    captured = capsys.readouterr()
    assert code == 1
    assert captured.err.splitlines() == EXPECTED
    assert captured.out.strip() == f"checked 35 paper files: {len(ERRORS)} errors, {len(EXPECTED) - len(ERRORS)} warnings"


def test_warnings_alone_do_not_fail_the_check(tmp_path, capsys):
    content = tmp_path / "content"
    shutil.copytree(BROKEN, content, ignore=shutil.ignore_patterns("*.md"))
    shutil.copy(BROKEN / "papers" / "unknown-device.md", content / "papers")
    assert cli.main(["--content", str(content), "check"]) == 0
    assert "warning: 'MI325X'" in capsys.readouterr().err


def test_load_site_raises_the_same_errors():
    with pytest.raises(ContentError) as raised:
        load_site(BROKEN)
    assert [str(p) for p in raised.value.problems] == ERRORS


@pytest.mark.slow
def test_mkdocs_build_strict_fails_with_the_same_messages(tmp_path):
    result = mkdocs_build(mkdocs_config(tmp_path, BROKEN), tmp_path / "site")
    assert result.returncode != 0
    for line in ERRORS:
        assert line in result.stderr
    assert f"{len(ERRORS)} problems in content:" in result.stderr
    assert not (tmp_path / "site" / "papers").exists()


def test_near_identical_titles_are_found_among_10000_quickly():
    rng = random.Random(7)
    syllables = ["ka", "ten", "sor", "flash", "ker", "nel", "pa", "ged", "mo", "ra", "zi", "quant", "spar", "se",
                 "vi", "to", "ken", "ex", "pert", "gra", "ph", "lo", "ra", "mix", "tral", "ser", "ve", "dra"]
    vocabulary = sorted({"".join(rng.sample(syllables, rng.randint(2, 3))) for _ in range(6000)})
    common = ["for", "with", "of", "the", "and", "on", "efficient", "large", "models", "language", "gpu", "inference"]
    weights = [1 / (rank + 1) ** 0.8 for rank in range(len(vocabulary))]
    titles = set()
    while len(titles) < 10_000:
        # A name, then words whose frequencies fall off like a real vocabulary's.
        name = "".join(rng.sample(syllables, 3)).capitalize() + str(rng.randint(1, 99))
        words = [rng.choice(common) if rng.random() < 0.4 else rng.choices(vocabulary, weights)[0]
                 for _ in range(rng.randint(6, 11))]
        titles.add(f"{name}: " + " ".join(words).capitalize())
    titles = sorted(titles)
    planted = titles[1234]
    middle = len(planted) // 2
    typo = planted[:middle] + planted[middle + 1] + planted[middle] + planted[middle + 2:]  # two letters swapped
    assert typo != planted
    titles.append(typo)
    started = time.perf_counter()
    pairs = near_identical_pairs(tuple(titles))
    elapsed = time.perf_counter() - started
    assert (1234, len(titles) - 1) in {(i, j) for i, j, _ in pairs}
    assert elapsed < 10, elapsed  # about 1.5 s: linear in the titles, not quadratic


# --- adding a paper: three ways, each ending with a passing check ---------------------------


@pytest.fixture
def content(tmp_path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(SEED_CONTENT, content)
    return content


def check_lines(content: Path, capsys) -> tuple[int, list[str]]:
    capsys.readouterr()
    code = cli.main(["--content", str(content), "check"])
    return code, capsys.readouterr().err.splitlines()


def test_new_writes_a_skeleton_that_passes_once_the_abstract_is_in(content, capsys, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1736899200")  # 2025-01-15
    assert cli.main(["--content", str(content), "new", "FlashInfer: Efficient Attention Engine"]) == 0
    path = content / "papers" / "flashinfer.md"
    text = path.read_text(encoding="utf-8")
    assert "title: 'FlashInfer: Efficient Attention Engine'" in text
    assert "added: 2025-01-15" in text
    code, lines = check_lines(content, capsys)
    assert code == 1
    line = text.splitlines().index(text.splitlines()[-1]) + 1
    assert lines == [f"content/papers/flashinfer.md:{line}: the abstract is still the placeholder (expected the paper's abstract)"]
    path.write_text(text.replace(text.splitlines()[-1], "An attention engine for LLM serving."), encoding="utf-8")
    assert check_lines(content, capsys) == (0, [])


def test_new_with_arxiv_and_abstract_passes_at_once(content, capsys):
    argv = ["--content", str(content), "new", "A <b>bold</b> 'quoted' title: yes", "--arxiv", "2501.01005",
            "--abstract", "An abstract.", "--added", "2025-02-01"]
    assert cli.main(argv) == 0
    assert check_lines(content, capsys) == (0, [])


def test_the_template_file_passes_once_filled_in(content, capsys):
    template = ROOT / "content" / "templates" / "paper.md"
    path = content / "papers" / "my-paper.md"
    shutil.copy(template, path)
    code, lines = check_lines(content, capsys)
    assert code == 1 and len(lines) == 2 and "the abstract is still the placeholder" in lines[1]
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^added: .*$", "added: 2025-12-01", text)
    path.write_text(text.replace(text.splitlines()[-1], "The abstract."), encoding="utf-8")
    assert check_lines(content, capsys) == (0, [])


def test_an_unedited_copy_of_the_template_gets_no_old_date_but_an_error_at_its_added_line(content, capsys):
    """A date the template shipped would be older than every paper: a copy that kept it would
    count as the earlier of two duplicates. The placeholder is refused where it stands."""
    template = ROOT / "content" / "templates" / "paper.md"
    shutil.copy(template, content / "papers" / "my-paper.md")
    line = template.read_text(encoding="utf-8").splitlines().index(
        "added: YYYY-MM-DD  # today's date: the day the paper enters the list") + 1
    assert check_lines(content, capsys)[1][0] == (
        f"content/papers/my-paper.md:{line}: 'added' is not a date: 'YYYY-MM-DD' (str) "
        f"(expected a date written YYYY-MM-DD)")


def test_the_template_folder_is_not_read_as_papers():
    assert all(p.parent.name == "papers" for p in Store(ROOT / "content").paper_paths())


def test_a_pasted_page_imports_and_passes(content, capsys, monkeypatch):
    import io

    data = (DUMPS / "layout_a_two_papers.txt").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    assert cli.main(["--content", str(content), "import", "-", "--added", "2025-01-15"]) == 0
    assert check_lines(content, capsys)[0] == 0


def test_hardware_detected_while_checking_is_not_detected_again(monkeypatch):
    """Checking detects the hardware of a text with a device-like name; the site, which
    detects in the same titles and abstracts afterwards, reuses what it found."""
    checked = read_content(SEED_CONTENT)
    abstracts = [paper.abstract for paper in checked.papers if DEVICE_LIKE.search(paper.abstract)]
    detected_again = []
    original = Hardware._detect
    monkeypatch.setattr(Hardware, "_detect", lambda self, text: detected_again.append(text) or original(self, text))
    assert any(checked.hardware.detect(abstract) for abstract in abstracts)
    assert abstracts and detected_again == []


def test_near_identical_titles_pair_each_title_with_every_earlier_one():
    titles = [f"Fast Attention Kernels for {device} GPUs" for device in ("Hopper", "Ada", "Hoper")] * 3
    # Each Hopper/Hoper title pairs with every other one; Ada only with its own copies.
    hopper = [0, 2, 3, 5, 6, 8]
    assert [(i, j) for i, j, _ in near_identical_pairs(tuple(titles))] == sorted(
        [(i, j) for i in hopper for j in hopper if i < j] + [(1, 4), (1, 7), (4, 7)])


def test_the_paper_schema_is_one_list_of_fields():
    """`model.FIELDS` is the schema: a Paper has a field of each (besides its slug, abstract and
    path), an import fills only fields marked imported, a Paper is made with each required one,
    and `new` offers each field with an example."""
    import dataclasses
    import datetime as dt

    from generator.content.model import FIELDS, IMPORTED_FIELDS, Paper

    assert [f.name for f in dataclasses.fields(Paper)] == ["slug", "title", "abstract", "path",
                                                           *[name for name in FIELDS if name != "title"]]
    assert "title" not in IMPORTED_FIELDS and "note" not in IMPORTED_FIELDS and "arxiv" in IMPORTED_FIELDS
    # A required field (never null in papers.json) is one every Paper is made with.
    assert [name for name, spec in FIELDS.items() if spec.required] == [
        f.name for f in dataclasses.fields(Paper) if f.name in FIELDS and f.default is dataclasses.MISSING
        and f.default_factory is dataclasses.MISSING]
    text = cli.skeleton("A Paper", dt.date(2025, 1, 2))
    offered = [name for name, spec in FIELDS.items() if spec.example]
    assert [line.split(":")[0].removeprefix("# ") for line in text.splitlines()
            if line.startswith("# ") and not line.startswith("# -")] == offered
