"""What a first-time contributor found slipping through `check` and `new` (issue 31, item 1):
one small case per check, its exact message at its line."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from generator import cli
from generator.content.check import check_content
from generator.content.model import closest
from generator.ingest import remote
from support import SEED_CONTENT

TODAY = dt.date(2026, 1, 15)


@pytest.fixture
def content(tmp_path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(SEED_CONTENT, folder)
    return folder


def write(content: Path, slug: str, front: str, abstract: str = "An abstract.") -> str:
    (content / "papers" / f"{slug}.md").write_text(f"---\n{front}---\n{abstract}\n", encoding="utf-8")
    return f"content/papers/{slug}.md"


def problems_of(content: Path, path: str) -> list[str]:
    return [str(p) for p in check_content(content, today=TODAY) if p.path == path]


def test_a_published_date_in_the_future_is_an_error_at_its_line(content):
    path = write(content, "future", "title: A Future Paper\narxiv: '2512.08608'\npublished: 2027-07-11\n")
    assert problems_of(content, path) == [
        f"{path}:4: 'published' is 2027-07-11, a date in the future (today is 2026-01-15; "
        f"expected the date the paper was first published)"]


def test_an_added_date_in_the_future_is_an_error_at_its_line(content):
    path = write(content, "future-added", "title: A Paper Added Later\nadded: 2027-01-15\n")
    assert problems_of(content, path) == [
        f"{path}:3: 'added' is 2027-01-15, a date in the future (today is 2026-01-15; "
        f"expected the day the paper entered the list: today or before)"]


def test_tomorrow_is_not_the_future_for_a_contributor_in_another_time_zone(content):
    path = write(content, "tomorrow", "title: A Paper Added Tomorrow\nadded: 2026-01-16\n")
    assert problems_of(content, path) == []


def test_a_published_date_far_from_the_arxiv_ids_month_is_a_warning_naming_the_month(content):
    path = write(content, "far", "title: A Paper Far From Its Id\narxiv: '2407.08608'\npublished: 2021-07-11\n")
    assert problems_of(content, path) == [
        f"{path}:4: warning: 'published' is 2021-07-11, more than a year before the month of its arXiv id "
        f"'2407.08608' (July 2024) (expected the date of its first version, near the id's month: "
        f"a typo in the date or in the id?)"]


def test_a_published_date_within_two_years_after_the_id_is_fine(content):
    path = write(content, "near", "title: A Paper Published Later\narxiv: '2407.08608'\npublished: 2025-12-01\n")
    assert problems_of(content, path) == []


def test_an_arxiv_id_of_four_digits_after_2015_is_refused_with_the_five_digit_id(content):
    path = write(content, "short-id", "title: A Short Id\narxiv: '2407.8608'\n")
    assert problems_of(content, path) == [
        f"{path}:3: 'arxiv' is not an arXiv id: '2407.8608' (str); ids since 2015 have five digits after the dot: "
        f"did you mean '2407.08608'? (expected quoted text such as '2404.14469')"]


@pytest.mark.parametrize("arxiv", ["2407.08608", "0704.0001", "1412.1234", "hep-th/9901001", "math.GT/0309136"])
def test_every_style_of_arxiv_id_passes_check(content, arxiv):
    path = write(content, "good-id", f"title: A Good Id\narxiv: '{arxiv}'\n")
    assert problems_of(content, path) == []


def test_add_refuses_the_short_id_with_the_same_hint(content, capsys):
    assert remote.run_add(["2407.8608"], cli.Store(content), TODAY) == 2
    assert capsys.readouterr().err.startswith(
        "add: '2407.8608' is not an arXiv id or URL; ids since 2015 have five digits after the dot: "
        "did you mean '2407.08608'? (expected e.g.")


def test_new_refuses_the_short_id_with_the_same_hint(content, capsys):
    assert cli.main(["--content", str(content), "new", "A Short Id", "--arxiv", "2407.8608"]) == 2
    assert capsys.readouterr().err == (
        "new: '2407.8608' is not an arXiv id; ids since 2015 have five digits after the dot: "
        "did you mean '2407.08608'? (expected e.g. 2404.14469); nothing was written\n")
    assert not (content / "papers" / "a-short-id.md").exists()


def test_new_writes_the_id_without_its_version(content):
    assert cli.main(["--content", str(content), "new", "A Versioned Id", "--arxiv", "2501.01005v3"]) == 0
    assert "arxiv: '2501.01005'\n" in (content / "papers" / "a-versioned-id.md").read_text(encoding="utf-8")


def test_an_author_line_indented_deeper_joins_two_authors_and_is_an_error(content):
    path = write(content, "joined-authors", "title: Joined Authors\nauthors:\n- Jay Shah\n  - Ganesh Bikshandi\n")
    assert problems_of(content, path) == [
        f"{path}:4: 'authors' holds 'Jay Shah - Ganesh Bikshandi', two names joined by ' - ': a list item is "
        f"indented deeper than its neighbours, and YAML reads it as part of the item above (expected each '- ' "
        f"at the same indent, one name per item)"]


@pytest.mark.parametrize("typed, suggested", [("a-100", "a100"), ("H100", "h100"), ("mi300", "mi300x"),
                                              ("v1000", "v100"), ("HMB2", "HBM2")])
def test_a_typo_of_an_id_gets_a_suggestion(typed, suggested):
    assert closest(typed, ["a100", "h100", "mi300x", "v100", "HBM2", "rtx-a4000"]) == f"; did you mean '{suggested}'?"


@pytest.mark.parametrize("typed", ["mtt-s4000", "gpu", "h20"])
def test_an_unknown_id_unlike_any_gets_no_suggestion(typed):
    assert closest(typed, ["rtx-a4000", "tpu", "h100"]) == ""


def test_an_unknown_hardware_id_is_not_matched_to_a_device_of_other_letters(content):
    path = write(content, "mtt", "title: A Moore Threads Paper\nhardware: [mtt-s4000]\n")
    assert problems_of(content, path) == [
        f"{path}:3: 'hardware' names 'mtt-s4000', which content/hardware.yml does not define "
        f"(expected an id defined there)"]


def test_a_line_indented_one_space_more_is_explained_in_words(content):
    path = write(content, "indented", "title: An Indented Line\n arxiv: '2407.08608'\n")
    assert problems_of(content, path) == [
        f"{path}:3: front matter is not valid YAML: line 3 is indented one space more than the line before; "
        f"YAML reads it as part of that line's value (expected it at the same indent as the line before)"]


def test_the_summary_counts_one_error_and_one_warning_in_the_singular(content, capsys):
    for folder in ("papers", "paths"):
        shutil.rmtree(content / folder, ignore_errors=True)
    (content / "papers").mkdir()
    write(content, "a-warning", "title: A Warning\n", abstract="Runs on an MI999X.")
    write(content, "an-error", "title: An Error\narxiv: 'nope'\n")
    assert cli.main(["--content", str(content), "check"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "checked 2 paper files: 1 error, 1 warning"


def test_a_duplicate_arxiv_id_suggests_a_typo_before_a_merge(content):
    path = write(content, "same-id", "title: Another Title Entirely\narxiv: '2404.14469'\n")
    assert problems_of(content, path) == [
        f"{path}:3: the same arXiv id as content/papers/snapkv.md:3: a typo in one of them, or the same paper "
        f"twice (then merge them); this file counts as the later, added 2026-11-21, while this file has no "
        f"'added' date (expected each paper in one file, under its own id)"]


def test_a_duplicate_is_reported_though_the_abstract_is_still_the_placeholder(content):
    path = write(content, "snapkv-again", "title: 'SnapKV: LLM Knows What You are Looking for Before Generation'\n",
                 abstract="TODO: paste the paper's abstract here, as plain text.")
    found = problems_of(content, path)
    assert found[0].startswith(f"{path}:2: the same title as content/papers/snapkv.md:2, ")
    assert found[1] == f"{path}:4: the abstract is still the placeholder (expected the paper's abstract)"


def test_new_refuses_a_title_already_on_the_list_naming_its_file(content, capsys):
    papers = sorted((content / "papers").iterdir())
    argv = ["--content", str(content), "new", "SnapKV: LLM Knows What You are Looking for Before Generation"]
    assert cli.main(argv) == 1
    assert capsys.readouterr().err == ("new: the title is on the list already: content/papers/snapkv.md:2; nothing was "
                                       "written (expected a paper not on the list yet: edit that file instead)\n")
    assert sorted((content / "papers").iterdir()) == papers


def test_new_refuses_an_arxiv_id_already_on_the_list_naming_its_file(content, capsys):
    assert cli.main(["--content", str(content), "new", "Some Other Title", "--arxiv", "2404.14469"]) == 1
    assert capsys.readouterr().err == ("new: arXiv id '2404.14469' is on the list already: content/papers/snapkv.md:3; "
                                       "nothing was written (expected a paper not on the list yet: edit that file "
                                       "instead)\n")
    assert not (content / "papers" / "some-other-title.md").exists()
