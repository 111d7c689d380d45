"""Reading paths (`content/paths/<name>.md`): a curator's order for reading some papers, with
why. `check` reports every problem of a path file at its line, one fixture per case
(tests/fixtures/reading_paths/, each named after its case); a path becomes a page of its
papers in order, each paper's page says where it stands in each path, with the previous and
next papers; the home page and `paths/` list the paths."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator import cli
from generator.content.check import check_content, read_content
from generator.content.model import ContentError
from generator.content.paper_file import parse_paper_text
from generator.content.reading_paths import read_reading_path
from generator.pipeline import generate
from generator.preview import Preview
from support import SEED_CONTENT, SMALL

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "site_templates"
BROKEN = Path(__file__).parent / "fixtures" / "reading_paths"
SMALL_PATH = SMALL / "paths" / "beyond-gpu-memory.md"

# One file per problem: the message names the file and the line to fix.
EXPECTED = [
    "Not_A_Name.md:1: file name 'Not_A_Name.md' is not a name (expected lowercase words joined by '-', e.g. 'not-a-name.md')",
    "control-character.md:8: the text holds the control character U+001B (expected printable text)",
    "duplicate-step.md:14: the paper 'snapkv' is a step already, on line 6 (expected each paper once in a path)",
    "empty-commentary.md:6: the step 'snapkv' has no commentary (expected a paragraph under its heading: why read it, what to take from it)",
    "heading-of-level-4.md:10: a heading of level 4 (expected '## ' for a section or '### <paper-slug>' for a step)",
    "index.md:1: the name 'index' is the page that lists every path (expected another file name)",
    "invalid-yaml.md:2: front matter is not valid YAML: the list opened by '[' on this line is still open on line 3, where YAML gives up (expected ']' after its last item)",
    "missing-summary.md:1: missing 'summary' (expected what a reader gets from the path, in a sentence or two)",
    "missing-title.md:1: missing 'title' (expected the path's title, on one line)",
    "no-steps.md:5: the path has no steps (expected a '### <paper-slug>' heading for each paper, in reading order, each with its commentary)",
    "not-a-mapping.md:2: the front matter is a list, not a mapping (expected 'title: ...', 'summary: ...' lines)",
    "notes.txt:1: not a reading-path file: its name does not end in '.md' (expected reading-path files named <name>.md directly in content/paths/)",
    "section-without-steps.md:12: the section 'Part 2: Offloading' has no steps (expected '### <paper-slug>' headings under it, each with its commentary)",
    "step-not-a-slug.md:6: the step '### SnapKV: LLM Knows What You are Looking for Before Generation' names no paper slug (expected '### ' and a paper's file name without '.md', e.g. '### snapkv')",
    "text-before-first-step.md:6: text before the first step (expected a '### <paper-slug>' heading above each paper's commentary; what the path is about goes in 'summary')",
    "title-line-break.md:2: 'title' holds a line break U+000A (expected printable text on one line)",
    "unknown-field.md:4: unknown field 'audiance'; did you mean 'audience'? (expected title, summary, audience)",
    "unknown-paper.md:10: step 2 names the paper 'zero-infinty', which content/papers/ does not hold; did you mean 'zero-infinity'? (expected the name of a paper file there, without '.md')",
]
EXPECTED = [f"content/paths/{line}" for line in EXPECTED]


def small_list_with(tmp_path: Path, *paths: Path) -> Path:
    """The small list's content/ in `tmp_path`, with `paths` as its reading paths."""
    content = tmp_path / "content"
    shutil.copytree(SMALL, content, ignore=shutil.ignore_patterns("paths"))
    (content / "paths").mkdir()
    for path in paths:
        shutil.copy(path, content / "paths" / path.name)
    return content


@pytest.fixture
def broken(tmp_path) -> Path:
    return small_list_with(tmp_path, *sorted(BROKEN.iterdir()))


def path_errors(content: Path) -> list[str]:
    return [str(p) for p in check_content(content) if p.path.startswith("content/paths/")]


# ---------------------------------------------------------------------------- check


def test_every_broken_reading_path_gives_its_exact_message_at_its_line(broken):
    assert path_errors(broken) == EXPECTED


def test_every_broken_fixture_is_reported():
    assert {line.split(":")[0].removeprefix("content/paths/") for line in EXPECTED} == {p.name for p in BROKEN.iterdir()}


def test_check_prints_every_problem_then_fails(broken, capsys):
    assert cli.main(["--content", str(broken), "check"]) == 1
    captured = capsys.readouterr()
    assert [line for line in captured.err.splitlines() if line.startswith("content/paths/")] == EXPECTED
    assert captured.out.strip() == (f"checked 3 paper files and {len(EXPECTED) - 1} reading paths: "
                                    f"{len(EXPECTED)} errors, 1 warning")


def test_a_file_with_several_problems_reports_them_all(tmp_path):
    several = tmp_path / "several-problems.md"
    several.write_text("---\ntitle: Several problems\nsummry: x\n---\n\n### snapkv\n\n### snapkv\n\nAgain.\n\n"
                       "### zero-infinty\n\nWhy.\n", encoding="utf-8")
    assert path_errors(small_list_with(tmp_path, several)) == [
        "content/paths/several-problems.md:1: missing 'summary' (expected what a reader gets from the path, in a sentence or two)",
        "content/paths/several-problems.md:3: unknown field 'summry'; did you mean 'summary'? (expected title, summary, audience)",
        "content/paths/several-problems.md:6: the step 'snapkv' has no commentary (expected a paragraph under its heading: why read it, what to take from it)",
        "content/paths/several-problems.md:8: the paper 'snapkv' is a step already, on line 6 (expected each paper once in a path)",
        "content/paths/several-problems.md:12: step 3 names the paper 'zero-infinty', which content/papers/ does not hold; did you mean 'zero-infinity'? (expected the name of a paper file there, without '.md')",
    ]


def test_a_file_saved_with_windows_line_ends_reads_as_the_same_path():
    text = SMALL_PATH.read_text(encoding="utf-8")
    as_written = read_reading_path(parse_paper_text(text, "content/paths/a.md", "a"), {"snapkv", "zero-infinity",
                                                                                       "adding-nvme-ssds-to-enable"})
    with_crlf = read_reading_path(parse_paper_text(text.replace("\n", "\r\n"), "content/paths/a.md", "a"),
                                  {"snapkv", "zero-infinity", "adding-nvme-ssds-to-enable"})
    assert with_crlf == as_written and as_written[1] == []


def test_the_build_fails_with_the_same_messages(broken):
    with pytest.raises(ContentError) as raised:
        generate(broken, TEMPLATES)
    assert [str(p) for p in raised.value.problems if p.path.startswith("content/paths/")] == EXPECTED


def test_a_valid_path_reads_as_its_sections_and_steps_in_order():
    reading_path, = read_content(SMALL).reading_paths
    assert (reading_path.name, reading_path.title, reading_path.audience) == (
        "beyond-gpu-memory", "Beyond GPU memory", "Engineers with one GPU and a model too large for it.")
    assert [(s.title, s.intro) for s in reading_path.sections] == [
        ("Part 1: Keep less", ""),
        ("Part 2: Put the rest elsewhere", "Offloading moves what does not fit to CPU memory and NVMe.")]
    assert [(step.paper, step.line) for step in reading_path.steps] == [
        ("snapkv", 9), ("zero-infinity", 19), ("adding-nvme-ssds-to-enable", 23)]
    # The commentary is kept as written: a blank line between its paragraphs.
    assert reading_path.steps[0].why == ("Start with the cache: SnapKV keeps only the positions each attention head "
                                         "attends to.\n\nIt processes 380K tokens of context on one A100-80GB.")


@pytest.mark.parametrize("doc, section", [("CONTRIBUTING.md", "## Write a reading path"),
                                          ("docs/curating.md", "## Writing a reading path")])
def test_the_documented_example_is_a_path_check_accepts(doc, section):
    example = (ROOT / doc).read_text(encoding="utf-8").split(section, 1)[1].split("```markdown\n", 1)[1].split("```", 1)[0]
    slugs = {path.stem for path in (SEED_CONTENT / "papers").glob("*.md")}
    reading_path, problems = read_reading_path(parse_paper_text(example, "example.md", "example"), slugs)
    assert problems == [] and len(reading_path.steps) == 2


def test_a_list_without_a_paths_folder_has_no_paths_and_checks_as_before(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(SMALL, content, ignore=shutil.ignore_patterns("paths"))
    assert read_content(content).reading_paths == []
    assert "reading path" not in "".join(str(p) for p in check_content(content))


# Lines a path file is made of, good and bad: any text of them is read without an exception,
# and each problem points at a line of the file.
LINES = ["---", "title: A path", "summary: Why.", "audience: All.", "title: [open", "- item", "", "## Part 1",
         "## ", "### snapkv", "### zero-infinity", "### Not A Slug", "### ", "#### deep", "# top", "Commentary.",
         "\tTabbed", "text: with colon", "\x1b", "'quote", "### snapkv ###", "\ufeff---", "..."]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=14))
def test_no_text_makes_reading_a_path_raise(lines):
    text = "\n".join(lines)
    reading_path, problems = read_reading_path(parse_paper_text(text, "content/paths/x.md", "x"), {"snapkv", "zero-infinity"})
    assert (reading_path is None) == bool(problems)
    for problem in problems:
        assert 1 <= problem.line <= len(lines) + 2, problem


# ---------------------------------------------------------------------------- pages


@pytest.fixture(scope="module")
def small():
    return generate(SMALL, TEMPLATES).pages


def test_the_path_page_shows_its_papers_in_order_with_the_curators_words(small):
    page = small["paths/beyond-gpu-memory.md"]
    steps = re.findall(r'^### (\d+)\. <a href="\.\./\.\./papers/([a-z0-9-]+)/">(.*?)</a> \{ #step-\d+ \}$', page, re.M)
    assert [(number, slug) for number, slug, _ in steps] == [
        ("1", "snapkv"), ("2", "zero-infinity"), ("3", "adding-nvme-ssds-to-enable")]
    assert page.index("## Part 1: Keep less") < page.index("### 1.") < page.index("## Part 2: Put the rest elsewhere")
    assert "<p>Offloading moves what does not fit to CPU memory and NVMe.</p>" in page
    assert ('<div class="path-why">\n<p>Start with the cache: SnapKV keeps only the positions each attention head '
            'attends to.</p>\n<p>It processes 380K tokens of context on one A100-80GB.</p>\n</div>') in page
    assert '<p class="path-audience"><strong>Who it is for:</strong> Engineers with one GPU and a model too large for it.</p>' in page


def test_each_step_shows_its_papers_year_hardware_and_claims(small):
    page = small["paths/beyond-gpu-memory.md"]
    fuyou = page.split("### 3.", 1)[1]
    assert '<p class="paper-meta"><span>2024</span><span><a class="hw-chip" href="../../hardware/rtx-4090/">' in fuyou
    assert "Fuyou achieves <strong>156 TFLOPS</strong> on an RTX 4090 GPU" in fuyou
    snapkv = page.split("### 1.", 1)[1].split("### 2.", 1)[0]
    assert "SnapKV can process up to <strong>380K context tokens</strong> on a single A100-80GB GPU" in snapkv


def test_a_paper_page_says_where_it_stands_with_the_previous_and_next_papers(small):
    def place(slug: str) -> tuple:
        nav = small[f"papers/{slug}.md"].split('<nav class="path-steps"', 1)[1].split("</nav>", 1)[0]
        return (re.search(r'#step-\d+">(Step \d+ of \d+)</a> in <cite><a href="../../paths/beyond-gpu-memory/">'
                          r'Beyond GPU memory</a></cite>', nav).group(1),
                re.findall(r'rel="prev" href="\.\./([a-z0-9-]+)/">← Previous: ([^<]*)<', nav),
                re.findall(r'rel="next" href="\.\./([a-z0-9-]+)/">Next: ([^<]*) →<', nav))

    assert place("snapkv") == ("Step 1 of 3", [], [("zero-infinity", "ZeRO-Infinity")])
    assert place("zero-infinity") == ("Step 2 of 3", [("snapkv", "SnapKV")], [
        ("adding-nvme-ssds-to-enable", "Adding NVMe SSDs to Enable and Accelerate 100B Model Fine-tuning on a Single GPU")])
    assert place("adding-nvme-ssds-to-enable") == ("Step 3 of 3", [("zero-infinity", "ZeRO-Infinity")], [])


def test_a_paper_in_two_paths_shows_its_place_in_each(tmp_path):
    other = tmp_path / "kv-cache-first.md"
    other.write_text("---\ntitle: The KV cache first\nsummary: Two papers.\n---\n\n### zero-infinity\n\nWhy.\n\n"
                     "### snapkv\n\nWhy next.\n", encoding="utf-8")
    pages = generate(small_list_with(tmp_path, SMALL_PATH, other), TEMPLATES).pages
    nav = pages["papers/snapkv.md"].split('<nav class="path-steps"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r"(Step \d of \d)</a> in <cite><a [^>]*>([^<]*)<", nav) == [
        ("Step 1 of 3", "Beyond GPU memory"), ("Step 2 of 2", "The KV cache first")]
    # A paper of one path only: one place.
    assert re.findall(r"Step \d of \d", pages["papers/adding-nvme-ssds-to-enable.md"]) == ["Step 3 of 3"]


def test_the_home_page_and_the_list_of_paths_feature_every_path(small):
    home = small["index.md"]
    assert home.index("## Where to start") < home.index("## Ways in")
    assert '<a class="path-title" href="paths/beyond-gpu-memory/">Beyond GPU memory</a> (3 papers)' in home
    listing = small["paths/index.md"]
    assert "## [Beyond GPU memory](beyond-gpu-memory.md)" in listing
    assert re.findall(r'<li><a href="\.\./papers/([a-z0-9-]+)/">', listing) == [
        "snapkv", "zero-infinity", "adding-nvme-ssds-to-enable"]


def test_a_list_without_paths_still_has_the_page_the_navigation_names(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(SMALL, content, ignore=shutil.ignore_patterns("paths"))
    pages = generate(content, TEMPLATES).pages
    assert "No reading paths yet" in pages["paths/index.md"]
    assert "Where to start" not in pages["index.md"]
    assert "path-steps" not in pages["papers/snapkv.md"]
    assert "- Paths: paths/index.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_a_saved_commentary_renders_again_only_its_path_page(tmp_path):
    content = small_list_with(tmp_path, SMALL_PATH)
    preview = Preview(content, TEMPLATES)
    preview.update()
    path = content / "paths" / SMALL_PATH.name
    path.write_text(path.read_text(encoding="utf-8").replace("The system the next", "The offloading system the next"),
                    encoding="utf-8")
    changes = preview.update()
    assert changes.changed == {"paths/beyond-gpu-memory.md"}
    assert changes.generated.pages == generate(content, TEMPLATES).pages


def test_a_step_moved_renders_again_the_pages_of_the_papers_it_passes(tmp_path):
    content = small_list_with(tmp_path, SMALL_PATH)
    preview = Preview(content, TEMPLATES)
    preview.update()
    path = content / "paths" / SMALL_PATH.name
    text = path.read_text(encoding="utf-8")
    zero, fuyou = text.index("### zero-infinity"), text.index("### adding-nvme-ssds-to-enable")
    path.write_text(text[:zero] + text[fuyou:] + "\n" + text[zero:fuyou], encoding="utf-8")
    changes = preview.update()
    assert {uri for uri in changes.changed if uri.endswith(".md")} == {
        "paths/beyond-gpu-memory.md", "paths/index.md",
        "papers/snapkv.md", "papers/zero-infinity.md", "papers/adding-nvme-ssds-to-enable.md"}
    assert changes.generated.pages == generate(content, TEMPLATES).pages
