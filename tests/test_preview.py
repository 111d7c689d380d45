"""The preview `mkdocs serve --dirty` keeps: after every change it makes exactly the site a
full build makes, and says which pages and files changed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.content.model import ContentError
from generator.pipeline import generate
from generator.preview import Preview
from generator.state import BuildState
from support import SEED_CONTENT

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "site_templates"


@pytest.fixture
def content(tmp_path) -> Path:
    shutil.copytree(SEED_CONTENT, tmp_path / "content", ignore=shutil.ignore_patterns("sources"))
    return tmp_path / "content"


def assert_same_as_a_full_build(changes, content: Path) -> None:
    full = generate(content, TEMPLATES)
    assert changes.generated.pages == full.pages
    assert changes.generated.files == full.files


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def after_saving(content: Path, name: str, old: str, new: str):
    """The changes a preview reports when `name` (in content/) is saved with `old` made `new`;
    its pages and files are checked against a full build's."""
    preview = Preview(content, TEMPLATES)
    preview.update()
    edit(content / name, old, new)
    changes = preview.update()
    assert_same_as_a_full_build(changes, content)
    return changes


def test_a_first_run_makes_everything_and_a_second_run_nothing(content):
    preview = Preview(content, TEMPLATES)
    first = preview.update()
    assert first.changed == set(first.generated.pages) | set(first.generated.files) and not first.removed
    assert_same_as_a_full_build(first, content)
    again = preview.update()
    assert again.changed == set() and again.removed == set()
    assert again.generated.pages == first.generated.pages


def test_a_saved_title_changes_its_page_and_the_pages_that_show_it(content):
    changes = after_saving(content, "papers/snapkv.md", "title: 'SnapKV:", "title: 'SnapKV (revised):")
    assert {"papers/snapkv.md", "papers/index.md", "hardware/a100.md", "topics/kv-cache.md",
            "papers.json", "papers.bib", "bib/snapkv.bib"} <= changes.changed
    # The papers that list it as related show its new title; others are not rendered again.
    related_to_it = {uri for uri, text in changes.generated.pages.items()
                     if uri.startswith("papers/") and "SnapKV (revised)" in text}
    assert related_to_it <= changes.changed
    assert "papers/gptq.md" not in changes.changed or "papers/gptq.md" in related_to_it
    assert len(changes.changed) < len(changes.generated.pages) / 2


def test_a_saved_note_changes_only_its_own_page_and_the_exports(content):
    changes = after_saving(content, "papers/snapkv.md", "added:", "note: Read the ablations.\nadded:")
    assert {uri for uri in changes.changed if uri.endswith(".md")} == {"papers/snapkv.md"}


def test_a_new_and_a_removed_paper(content):
    preview = Preview(content, TEMPLATES)
    preview.update()
    (content / "papers" / "pc-darts.md").unlink()  # a paper no reading path names
    removed = preview.update()
    assert_same_as_a_full_build(removed, content)
    assert {"papers/pc-darts.md", "bib/pc-darts.bib"} <= removed.removed
    shutil.copy(SEED_CONTENT / "papers" / "pc-darts.md", content / "papers" / "pc-darts.md")
    added = preview.update()
    assert_same_as_a_full_build(added, content)
    assert {"papers/pc-darts.md", "bib/pc-darts.bib"} <= added.changed and not added.removed


def test_a_removed_paper_that_a_reading_path_names_fails_the_run_at_the_step(content):
    preview = Preview(content, TEMPLATES)
    preview.update()
    (content / "papers" / "snapkv.md").unlink()
    with pytest.raises(ContentError) as raised:
        preview.update()
    assert [str(p) for p in raised.value.problems] == [
        "content/paths/serving-llms-on-one-gpu.md:39: step 5 names the paper 'snapkv', which content/papers/ does "
        "not hold (expected the name of a paper file there, without '.md')"]


def test_a_vocabulary_change_renders_everything_again(content):
    changes = after_saving(content, "hardware.yml", "name: NVIDIA A100", "name: NVIDIA A100 Tensor Core GPU")
    assert "papers/snapkv.md" in changes.changed and "hardware/a100.md" in changes.changed


def test_a_broken_file_fails_the_run_and_the_next_run_recovers(content):
    preview = Preview(content, TEMPLATES)
    preview.update()
    path = content / "papers" / "snapkv.md"
    good = path.read_text(encoding="utf-8")
    path.write_text(good.replace("title:", "title: [unclosed", 1), encoding="utf-8")
    with pytest.raises(ContentError):
        preview.update()
    path.write_text(good.replace("title: 'SnapKV:", "title: 'SnapKV again:", 1), encoding="utf-8")
    changes = preview.update()
    assert_same_as_a_full_build(changes, content)
    assert "papers/snapkv.md" in changes.changed


# One edit of each kind a curator makes: (file, old text, new text).
EDITS = {
    "note": ("papers/snapkv.md", "added:", "note: Read the ablations.\nadded:"),
    "title": ("papers/snapkv.md", "title: 'SnapKV:", "title: 'SnapKV (revised):"),
    "abstract": ("papers/snapkv.md", "Specifically, SnapKV", "On an H100, SnapKV is 2.5x faster than vLLM. Specifically, SnapKV"),
    "authors": ("papers/gptq.md", "authors:\n", "authors:\n- A. New Author\n"),
    # What a listing's row shows of a paper besides its title.
    "venue": ("papers/gptq.md", "venue: ICLR 2023", "venue: ICLR 2023 (oral)"),
    "code": ("papers/gptq.md", "code: https://github.com/IST-DASLab/gptq", "code: https://github.com/IST-DASLab/gptq-v2"),
    "date added": ("papers/gptq.md", "added: 2026-11-21", "added: 2026-11-19"),
    "year": ("papers/gptq.md", "added: 2026-11-21", "published: 2019-05-01\nadded: 2026-11-21"),
    "curated hardware": ("papers/gptq.md", "added: 2026-11-21", "hardware:\n- h100\nadded: 2026-11-21"),
    "hardware name": ("hardware.yml", "name: NVIDIA A100", "name: NVIDIA A100 Tensor Core GPU"),
    "hardware alias": ("hardware.yml", "aliases: [H100,", "aliases: [H100, SnapKV,"),
    "topic name": ("topics.yml", "name: LLM inference and serving", "name: Serving LLMs"),
    "template": ("../site_templates/paper.md.j2", "## Abstract", "## The abstract"),
    "reading path's commentary": ("paths/serving-llms-on-one-gpu.md", "The paper the rest", "The one paper the rest"),
    "reading path's step": ("paths/serving-llms-on-one-gpu.md", "### ganq", "### pc-darts"),
}


@pytest.mark.parametrize("kind", EDITS)
def test_a_kept_state_builds_after_each_kind_of_edit_what_a_fresh_state_builds(content, kind):
    templates = content.parent / "site_templates"
    shutil.copytree(TEMPLATES, templates)
    state = BuildState()
    generate(content, templates, state=state)
    name, old, new = EDITS[kind]
    edit(content / name, old, new)
    kept = generate(content, templates, state=state)
    fresh = generate(content, templates, state=BuildState())
    assert kept.pages == fresh.pages and kept.files == fresh.files and kept.dates == fresh.dates
    # Both saw the edit: a build without it differs.
    edit(content / name, new, old)
    without = generate(content, templates)
    assert without.pages != fresh.pages or without.files != fresh.files


# Three rows a page: a paper edited is on a later page of most listings, whose first pages
# show what the whole list holds (a year's count, a device's papers).
@pytest.mark.parametrize("kind", ["note", "title", "abstract", "year", "date added", "curated hardware", "venue"])
def test_a_kept_state_builds_listings_split_over_pages_as_a_fresh_state_does(content, kind):
    state = BuildState()
    generate(content, TEMPLATES, page_size=3, state=state)
    name, old, new = EDITS[kind]
    edit(content / name, old, new)
    kept = generate(content, TEMPLATES, page_size=3, state=state)
    fresh = generate(content, TEMPLATES, page_size=3, state=BuildState())
    assert kept.pages == fresh.pages and kept.files == fresh.files and kept.dates == fresh.dates


def rendered(generated) -> set[str]:
    """The pages a run rendered (a page whose key was the same keeps the last run's text)."""
    return {uri for uri, record in generated.records.items() if record.body is not None}


def test_a_saved_note_renders_no_listing_and_no_other_paper(content):
    state = BuildState()
    generate(content, TEMPLATES, page_size=3, state=state)
    edit(content / "papers/gptq.md", "added:", "note: Read the appendix first.\nadded:")
    kept = generate(content, TEMPLATES, page_size=3, state=state)
    # The indexes that are one page (no paper's row: the home page, the lists of hardware and
    # of topics) are rendered on every run.
    one_page = {"index.md", "hardware/index.md", "topics/index.md", "paths/index.md", "filter/index.md", "data.md"}
    assert rendered(kept) - one_page == {"papers/gptq.md"}
    assert "Read the appendix first." in kept.pages["papers/gptq.md"]


def test_a_template_change_before_a_failed_run_is_still_built_after_the_fix(content):
    templates = content.parent / "site_templates"
    shutil.copytree(TEMPLATES, templates)
    preview = Preview(content, templates)
    preview.update()
    edit(templates / "paper.md.j2", "## Abstract", "## The abstract")
    path = content / "papers" / "snapkv.md"
    good = path.read_text(encoding="utf-8")
    path.write_text(good.replace("title:", "title: [unclosed", 1), encoding="utf-8")
    with pytest.raises(ContentError):
        preview.update()
    path.write_text(good, encoding="utf-8")
    changes = preview.update()
    assert "papers/gptq.md" in changes.changed and not changes.same_pages
    assert changes.generated.pages == generate(content, templates).pages


def test_a_kept_state_with_other_settings_builds_what_a_fresh_state_builds(content):
    state = BuildState()
    generate(content, TEMPLATES, state=state)
    kept = generate(content, TEMPLATES, site_url="https://example.org/list/", issues_url="https://github.com/o/r/issues/new",
                    state=state)
    fresh = generate(content, TEMPLATES, site_url="https://example.org/list/", issues_url="https://github.com/o/r/issues/new")
    assert kept.pages == fresh.pages and kept.files == fresh.files
