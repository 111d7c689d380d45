"""Checks that speak where a pull request's author looks: `check --format github` puts each
problem on its file's line as a GitHub annotation; a duplicate is reported on the file that came
later (the one a pull request adds); a YAML error points at the line where its problem starts."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator import cli
from generator.content.check import check_content, check_duplicates, read_content, format_problem
from generator.content.model import Problem
from generator.content.paper_file import parse_paper_text, yaml_error_place
from support import git, small_list_repo

ROOT = Path(__file__).resolve().parent.parent
BROKEN = Path(__file__).parent / "fixtures" / "broken" / "content"
SMALL = Path(__file__).parent / "fixtures" / "site_small" / "content"

# --- the github format ------------------------------------------------------------------------


def test_an_error_is_an_error_command_on_its_file_and_line():
    problem = Problem("content/papers/a.md", 3, "'arxiv' is the number 2101.0001 (expected quoted text)")
    assert format_problem(problem, "github") == (
        "::error file=content/papers/a.md,line=3,title=python -m generator check::"
        "'arxiv' is the number 2101.0001 (expected quoted text)")


def test_a_warning_is_a_warning_command():
    problem = Problem("content/papers/a.md", 5, "'MI325X' looks like a device", severity="warning", subject="MI325X")
    assert format_problem(problem, "github").startswith("::warning file=content/papers/a.md,line=5,")


def test_the_text_format_is_path_line_message():
    problem = Problem("content/papers/a.md", 5, "odd", severity="warning")
    assert format_problem(problem) == format_problem(problem, "text") == "content/papers/a.md:5: warning: odd"


def test_the_message_escapes_percent_and_line_breaks():
    problem = Problem("content/papers/a.md", 1, "100% sure\r\nsecond line: yes, %0A stays text")
    assert format_problem(problem, "github").split("::", 2)[2] == "100%25 sure%0D%0Asecond line: yes, %250A stays text"


def test_properties_also_escape_colons_and_commas():
    problem = Problem("content/papers/a,line=1:b%.md", 2, "x")
    assert format_problem(problem, "github") == (
        "::error file=content/papers/a%2Cline=1%3Ab%25.md,line=2,title=python -m generator check::x")


def test_every_annotation_is_one_line_naming_a_file_of_the_repository():
    for problem in check_content(BROKEN):
        line = format_problem(problem, "github")
        assert "\n" not in line and "\r" not in line
        assert line.startswith(("::error file=content/", "::warning file=content/"))
        assert f",line={problem.line}," in line


def test_an_unknown_format_is_refused():
    with pytest.raises(ValueError, match="expected one of text, github"):
        format_problem(Problem("a.md", 1, "x"), "json")


def test_check_format_github_prints_annotations_on_stdout(capsys):
    """Needs `--format` wired into cli.py (`run_check(..., fmt=args.format)`)."""
    code = cli.main(["--content", str(BROKEN), "check", "--format", "github"])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    annotations = [line for line in out if line.startswith("::")]
    assert annotations == [format_problem(p, "github") for p in check_content(BROKEN)]
    assert out[-1].startswith("checked 35 paper files: ")


# --- a duplicate is reported on the later file -----------------------------------------------


def write(content: Path, slug: str, title: str, added: str | None = None, arxiv: str | None = None) -> None:
    lines = ["---", f"title: '{title}'"]
    lines += [f"arxiv: '{arxiv}'"] if arxiv else []
    lines += [f"added: {added}"] if added else []
    (content / "papers" / f"{slug}.md").write_text("\n".join([*lines, "---", "An abstract.", ""]), encoding="utf-8")


@pytest.fixture
def content(tmp_path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(SMALL, content)
    return content


def duplicates(content: Path) -> list[str]:
    return [str(p) for p in check_content(content) if "expected each paper in one file" in p.message]


def test_the_copy_added_later_is_reported_though_its_name_comes_first(content):
    # snapkv.md was added 2026-11-21; the copy sorts before it by name but was added after it.
    write(content, "a-copy-of-snapkv", "SnapKV: LLM Knows What You are Looking for Before Generation", "2026-11-24")
    assert duplicates(content) == [
        "content/papers/a-copy-of-snapkv.md:2: the same title as content/papers/snapkv.md:2, added earlier "
        "(2026-11-21; this file 2026-11-24) (expected each paper in one file; merge the two)"]


def test_the_same_arxiv_id_is_reported_on_the_later_file_with_the_other_files_line(content):
    write(content, "a-new-name", "Another Title Entirely", "2026-11-24", arxiv="2404.14469")
    assert duplicates(content) == [
        "content/papers/a-new-name.md:3: the same arXiv id as content/papers/snapkv.md:3: a typo in one of them, "
        "or the same paper twice (then merge them); this file counts as the later, added earlier "
        "(2026-11-21; this file 2026-11-24) (expected each paper in one file, under its own id)"]


def test_an_undated_copy_comes_after_a_dated_one(content):
    write(content, "a-copy", "SnapKV: LLM Knows What You are Looking for Before Generation")
    assert duplicates(content) == [
        "content/papers/a-copy.md:2: the same title as content/papers/snapkv.md:2, added 2026-11-21, while this "
        "file has no 'added' date (expected each paper in one file; merge the two)"]


def test_copies_added_the_same_day_are_told_apart_by_name(content):
    write(content, "zz-copy", "SnapKV: LLM Knows What You are Looking for Before Generation", "2026-11-21")
    assert duplicates(content) == [
        "content/papers/zz-copy.md:2: the same title as content/papers/snapkv.md:2, added the same day and first "
        "by name (expected each paper in one file; merge the two)"]


def test_a_near_identical_title_is_reported_on_the_later_file(content):
    write(content, "a-snapkv", "SnapKV: LLM Knows What You are Lookin for Before Generation", "2026-11-24")
    found = duplicates(content)
    assert len(found) == 1 and found[0].startswith(
        "content/papers/a-snapkv.md:2: the title is near-identical (99%) to the title of content/papers/snapkv.md:2, "
        "added earlier")


def test_files_known_to_be_new_are_reported_whatever_their_dates(content):
    """`diff` knows which files a change adds: those are the later ones."""
    write(content, "snapkv-again", "SnapKV: LLM Knows What You are Looking for Before Generation", "2020-01-01")
    checked = read_content(content)
    assert [p.path for p in check_duplicates(checked.papers, checked.files)] == ["content/papers/snapkv.md"]
    [problem] = check_duplicates(checked.papers, checked.files, new={"snapkv-again"})
    assert str(problem) == (
        "content/papers/snapkv-again.md:2: the same title as content/papers/snapkv.md:2, which was on the list "
        "before this file (expected each paper in one file; merge the two)")


# --- a YAML error points at the line where its problem starts -----------------------------


def problems(front: str) -> list[str]:
    return [str(p) for p in parse_paper_text(f"---\n{front}---\nAn abstract.\n", "p.md", "p").problems]


def test_an_unclosed_double_quote_is_reported_where_it_opens():
    assert problems('title: "SnapKV: LLM Knows\nvenue: NeurIPS 2024\nauthors:\n- A\nadded: 2025-01-15\n') == [
        'p.md:2: front matter is not valid YAML: the quote " opened on this line is never closed '
        '(expected a closing " at the end of the value)']


def test_an_unclosed_single_quote_is_reported_where_it_opens():
    assert problems("arxiv: '2404.14469\nvenue: NeurIPS 2024\nadded: 2025-01-15\n") == [
        "p.md:2: front matter is not valid YAML: the quote ' opened on this line is never closed "
        "(expected a closing ' at the end of the value)"]


def test_an_unclosed_quote_that_a_later_quote_closes_is_reported_where_it_opens():
    assert problems("title: 'SnapKV\nvenue: NeurIPS 2024\narxiv: '2404.14469'\nadded: 2025-01-15\n") == [
        "p.md:2: front matter is not valid YAML: the quote ' opened on this line is closed only on line 4, "
        "taking in the lines between (expected a closing ' at the end of the value)"]


def test_an_unclosed_list_is_reported_where_it_opens():
    assert problems("title: SnapKV\nhardware: [a100, h100\ntopics: [kv-cache]\nadded: 2025-01-15\n") == [
        "p.md:3: front matter is not valid YAML: the list opened by '[' on this line is still open on line 4, "
        "where YAML gives up (expected ']' after its last item)"]


def test_an_unclosed_mapping_is_reported_where_it_opens():
    assert problems("title: SnapKV\nresults:\n- {value: 3.6, unit: x\nadded: 2025-01-15\n") == [
        "p.md:4: front matter is not valid YAML: the mapping opened by '{' on this line is still open on line 5, "
        "where YAML gives up (expected '}' after its last entry)"]


def test_a_line_that_is_no_field_is_reported_on_that_line():
    assert problems("title: SnapKV\nthis is no field\nadded: 2025-01-15\n") == [
        "p.md:3: front matter is not valid YAML: this line is no 'field: value' pair "
        "(expected a field name, ': ' and the value)"]


def test_an_error_on_one_line_stays_on_that_line():
    assert problems("title: SnapKV\nvenue: NeurIPS: 2024\nadded: 2025-01-15\n") == [
        "p.md:3: front matter is not valid YAML: mapping values are not allowed here"]


def test_the_check_command_reports_the_opening_line(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(SMALL, content)
    (content / "papers" / "broken.md").write_text('---\ntitle: "Unclosed\nadded: 2026-11-24\n---\nText.\n',
                                                   encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "generator", "--content", str(content), "check"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 1
    assert [line for line in run.stderr.splitlines() if "broken.md" in line] == [
        'content/papers/broken.md:2: front matter is not valid YAML: the quote " opened on this line is never closed '
        '(expected a closing " at the end of the value)']


# --- check --new-since BASE: the files added since BASE are the new ones -----------------------

# A copy of snapkv.md, dated as the template once was: earlier than every paper of the list.
OLD_COPY, OLD_DATE = "SnapKV: LLM Knows What You are Looking for Before Generation", "2025-01-15"


@pytest.fixture
def repo(tmp_path) -> Path:
    """The small list committed and tagged `base`."""
    return small_list_repo(tmp_path / "repo")


def check_new_since(repo: Path, base: str, capsys) -> tuple[int, list[str], str]:
    capsys.readouterr()
    code = cli.main(["--content", str(repo / "content"), "check", f"--new-since={base}"])
    captured = capsys.readouterr()
    return code, [line for line in captured.err.splitlines() if "expected each paper in one file" in line], captured.err


@pytest.mark.parametrize("state", ["untracked", "staged", "committed"])
def test_check_new_since_reports_a_copy_dated_earlier_on_the_file_added(repo, capsys, state):
    write(repo / "content", "snapkv-copy", OLD_COPY, OLD_DATE)
    if state != "untracked":
        git(repo, "add", "-A")
    if state == "committed":
        git(repo, "commit", "-q", "-m", "a copy")
    # Without it, the dates decide: the old file is the later one.
    assert [p.path for p in check_content(repo / "content") if "expected each paper" in p.message] == [
        "content/papers/snapkv.md"]
    code, found, _ = check_new_since(repo, "base", capsys)
    assert (code, found) == (1, [
        "content/papers/snapkv-copy.md:2: the same title as content/papers/snapkv.md:2, which was on the list "
        "before this file (expected each paper in one file; merge the two)"])


def test_check_new_since_counts_no_changed_or_renamed_file_as_new(repo):
    from generator.review import new_paper_slugs

    papers = repo / "content" / "papers"
    (papers / "zero-infinity.md").write_text((papers / "zero-infinity.md").read_text() + "More.\n")
    git(repo, "mv", "content/papers/snapkv.md", "content/papers/snapkv-renamed.md")
    (papers / "notes.txt").write_text("not a paper file")
    write(repo / "content", "brand-new", "A Brand New Paper", "2026-11-24")
    git(repo, "commit", "-q", "-am", "changes")
    write(repo / "content", "newer", "A Newer Paper", "2026-12-02")
    assert new_paper_slugs("base", repo / "content") == {"brand-new", "newer"}


@pytest.mark.parametrize("base", ["no-such-revision", "--output=/tmp/x"])
def test_check_new_since_a_bad_revision_is_a_clear_error(repo, capsys, base):
    code, _, err = check_new_since(repo, base, capsys)
    assert code == 2 and err.startswith(f"check: '{base}' is not a git revision") and len(err.splitlines()) == 1


def test_check_new_since_outside_a_repository_is_a_clear_error(tmp_path, capsys):
    shutil.copytree(SMALL, tmp_path / "content")
    code, _, err = check_new_since(tmp_path, "main", capsys)
    assert (code, err) == (2, f"check: {tmp_path / 'content'} is not in a git repository "
                              f"(expected the content folder of a clone)\n")


def ci_step(name: str) -> dict:
    ci = yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8"))
    [step] = [s for s in ci["jobs"]["check-test-build"]["steps"] if s.get("name") == name]
    return step


@pytest.mark.parametrize(("base_sha", "argv"), [
    ("0123abc", "-m generator check --format github --new-since 0123abc"),  # a pull request
    ("", "-m generator check --format github"),  # a push: no base
])
def test_ci_checks_the_content_with_annotations_new_since_the_pull_requests_base(tmp_path, base_sha, argv):
    step = ci_step("Check content")
    assert step["env"]["BASE_SHA"] == "${{ github.event.pull_request.base.sha }}" and "${{" not in step["run"]
    stub = tmp_path / "bin" / "python"
    stub.parent.mkdir()
    stub.write_text('#!/bin/sh\necho "$@"\n')
    stub.chmod(0o755)
    run = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], capture_output=True,
                         text=True, env={**os.environ, "PATH": f"{stub.parent}:{os.environ['PATH']}",
                                         "BASE_SHA": base_sha}, check=True)
    assert run.stdout == argv + "\n"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('ab: "\'[]{},-#\n\r\x85\u2028\u2029\t')), max_size=60))
def test_any_yaml_error_gets_a_place_even_where_yaml_counts_other_line_breaks(text):
    # YAML ends a line at "\r" and "\u2028" too: the line it names must be one the text has.
    try:
        yaml.safe_load(text)
    except yaml.MarkedYAMLError as error:
        line, message = yaml_error_place(error, text)
        assert line >= 1 and message
    except yaml.YAMLError:
        pass
