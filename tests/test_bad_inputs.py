"""Bad inputs each give one clear error, `path:line: what is wrong (expected ...)`, never a
traceback, and lose nothing: a key repeated below the top level of the front matter, a file
that is not UTF-8, a number too long to convert, a file name holding a control character, and
the temporary file that a killed import leaves."""

from __future__ import annotations

import datetime as dt
import io
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files

from generator import cli
from generator.ingest import remote
from generator.content.check import check_content, format_problem
from generator.plugin import ReadingListPlugin
from generator.content.store import Store, lock_path, locked

ROOT = Path(__file__).resolve().parent.parent
VOCABULARIES = Path(__file__).parent / "fixtures" / "site_small" / "content"
DUMPS = Path(__file__).parent / "fixtures" / "dumps"
BIG = "9" * 5000  # Python converts at most 4300 digits between text and a whole number

PAPER = """\
---
title: A paper
added: 2025-01-15
---
An abstract.
"""


@pytest.fixture
def content(tmp_path) -> Path:
    """content/ with the small list's vocabularies and no papers."""
    folder = tmp_path / "content"
    (folder / "papers").mkdir(parents=True)
    for name in ("hardware.yml", "topics.yml"):
        shutil.copy(VOCABULARIES / name, folder / name)
    return folder


def check(content: Path, capsys) -> tuple[int, list[str]]:
    """`python -m generator check`: its exit code and the lines it printed, stdout then stderr."""
    capsys.readouterr()
    code = cli.main(["--content", str(content), "check"])
    captured = capsys.readouterr()
    return code, captured.out.splitlines() + captured.err.splitlines()


def problems_of(content: Path, name: str, front: str) -> list[str]:
    """The problems `check` finds in a paper file `name` with front matter `front`."""
    (content / "papers" / name).write_text(f"---\n{front}---\nAn abstract.\n", encoding="utf-8")
    return [str(p) for p in check_content(content) if p.severity == "error"]


# --- 1. a key given twice below the top level ---------------------------------------------------


def test_a_key_repeated_in_a_results_item(content):
    front = "title: A paper\nresults:\n- value: 3.6\n  unit: x\n  kind: speedup\n  value: 4.0\n"
    assert problems_of(content, "p.md", front) == [
        "content/papers/p.md:7: duplicate field 'value' in item 1 of 'results' "
        "(first set on line 4; expected each field once)"]


def test_a_key_repeated_in_a_flow_mapping_of_results(content):
    front = "title: A paper\nresults:\n- {value: 3.6, unit: x, kind: speedup}\n- {value: 2, unit: x, unit: '%', kind: memory}\n"
    assert problems_of(content, "p.md", front) == [
        "content/papers/p.md:5: duplicate field 'unit' in item 2 of 'results' "
        "(first set on line 5; expected each field once)"]


def test_a_key_repeated_in_a_mapping_deeper_down(content):
    front = "title: A paper\nresults:\n- unit: x\n  kind: speedup\n  value:\n    low: 1\n    low: 2\n"
    problems = problems_of(content, "p.md", front)
    assert ("content/papers/p.md:8: duplicate field 'low' in 'value' of item 1 of 'results' "
            "(first set on line 7; expected each field once)") in problems


def test_a_key_repeated_at_the_top_level_keeps_its_message(content):
    assert problems_of(content, "p.md", "title: A paper\nvenue: A\nvenue: B\n") == [
        "content/papers/p.md:4: duplicate field 'venue' (first set on line 3; expected each field once)"]


def test_an_import_refuses_a_file_with_a_repeated_key_and_writes_nothing(content, capsys):
    path = content / "papers" / "p.md"
    text = "---\ntitle: A paper\nresults:\n- {value: 1, value: 2, unit: x, kind: speedup}\n---\nAn abstract.\n"
    path.write_text(text, encoding="utf-8")
    assert cli.main(["--content", str(content), "import", str(DUMPS / "layout_a_two_papers.txt"),
                     "--added", "2025-01-15"]) == 1
    err = capsys.readouterr().err
    assert ("content/papers/p.md:4: duplicate field 'value' in item 1 of 'results' "
            "(first set on line 4; expected each field once)") in err
    assert path.read_text(encoding="utf-8") == text
    assert sorted(p.name for p in (content / "papers").iterdir()) == ["p.md"]


# --- 2. a file that is not UTF-8 --------------------------------------------------------------


def test_a_paper_file_not_utf8_is_reported_at_the_line_of_its_first_bad_byte(content, capsys):
    (content / "papers" / "latin.md").write_bytes(b"---\ntitle: A paper\nvenue: Caf\xe9\n---\nAn abstract.\n")
    code, lines = check(content, capsys)
    assert code == 1
    assert ("content/papers/latin.md:3: not UTF-8 text at the byte 0xE9 "
            "(invalid continuation byte; expected the file saved as UTF-8)") in lines


def test_a_paper_file_cut_inside_a_character_names_the_byte(content):
    (content / "papers" / "cut.md").write_bytes(PAPER.encode() + b"\n\nl\xc3")
    assert [str(p) for p in check_content(content)] == [
        "content/papers/cut.md:8: not UTF-8 text at the byte 0xC3 (unexpected end of data; expected the file saved as UTF-8)"]


@pytest.mark.parametrize("name", ["hardware.yml", "topics.yml"])
def test_a_vocabulary_file_not_utf8_is_reported_at_the_line_of_its_first_bad_byte(content, capsys, name):
    path = content / name
    lines = path.read_bytes().split(b"\n")
    lines[4] += b" # \xff"
    path.write_bytes(b"\n".join(lines))
    code, printed = check(content, capsys)
    assert code == 1
    assert (f"content/{name}:5: not UTF-8 text at the byte 0xFF "
            f"(invalid start byte; expected the file saved as UTF-8)") in printed


def test_a_dump_not_utf8_is_reported_at_the_line_of_its_first_bad_byte(content, tmp_path, capsys):
    dump = tmp_path / "dump.txt"
    dump.write_bytes((DUMPS / "layout_a_two_papers.txt").read_bytes().replace(b"\n", b"\n\x96", 1))
    assert cli.main(["--content", str(content), "import", str(dump)]) == 2
    assert capsys.readouterr().err == (f"{dump}:2: not UTF-8 text at the byte 0x96 "
                                       f"(invalid start byte; expected the file saved as UTF-8)\n")
    assert list((content / "papers").iterdir()) == []


# --- 3. a number too long to convert -----------------------------------------------------------


def test_upvotes_of_5000_digits_are_reported_at_their_line(content, capsys):
    (content / "papers" / "big.md").write_text(f"---\ntitle: A paper\nadded: 2025-01-15\nupvotes: {BIG}\n---\nAn abstract.\n",
                                               encoding="utf-8")
    code, lines = check(content, capsys)
    assert code == 1
    assert ("content/papers/big.md:4: 'upvotes' is a number of 5000 digits, too long to convert "
            "(expected a whole number of at most 4300 digits)") in lines


def test_authors_count_of_5000_digits_is_reported_at_its_line(content):
    assert problems_of(content, "big.md", f"title: A paper\nauthors_count: -{BIG}\n") == [
        "content/papers/big.md:3: 'authors_count' is a number of 5000 digits, too long to convert "
        "(expected a whole number of at most 4300 digits)"]


def test_a_result_value_of_5000_digits_is_reported_at_its_line(content):
    front = f"title: A paper\nresults:\n- unit: x\n  kind: scale\n  value: {BIG}\n"
    assert problems_of(content, "big.md", front) == [
        "content/papers/big.md:6: 'value' of item 1 of 'results' is a number of 5000 digits, too long to convert "
        "(expected a number of at most 4300 digits, or text in quotes)"]


def test_an_author_of_5000_digits_is_reported_at_its_line(content):
    assert problems_of(content, "big.md", f"title: A paper\nauthors:\n- A. Author\n- {BIG}\n") == [
        "content/papers/big.md:5: item 2 of 'authors' is a number of 5000 digits, too long to convert "
        "(expected a number of at most 4300 digits, or text in quotes)"]


def test_upvotes_in_hexadecimal_too_long_to_show_are_reported_at_their_line(content):
    # 0x... converts from text at any length, but not back to decimal text for a message or a page.
    assert problems_of(content, "big.md", f"title: A paper\nupvotes: 0x{'f' * 4000}\n") == [
        "content/papers/big.md:3: 'upvotes' is a number of more than 4300 digits, too long to convert "
        "(expected a whole number of at most 4300 digits)"]


def test_a_year_too_long_in_hardware_yml_is_reported_at_its_line(content, capsys):
    path = content / "hardware.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("year: 2020", f"year: 0x{'f' * 4000}", 1),
                    encoding="utf-8")
    code, lines = check(content, capsys)
    assert code == 1
    shown = f"'0x{'f' * 4000}' (str)"[:80]
    assert f"content/hardware.yml:8: 'year' of architecture 'ampere' must be a year, got {shown} (expected e.g. year: 2020)" in lines


def test_a_number_too_long_in_a_json_dump_is_reported_at_its_line(content, tmp_path, capsys):
    dump = tmp_path / "daily.json"
    dump.write_text(f'[{{"paper": {{"id": "2404.14469", "title": "A paper",\n  "upvotes": {BIG}}}}}]\n', encoding="utf-8")
    assert cli.main(["--content", str(content), "import", str(dump)]) == 2
    assert capsys.readouterr().err == (
        f"{dump}:2: a number of 5000 digits, too long to convert; nothing was imported "
        f"(expected a saved response of https://huggingface.co/api/daily_papers, with numbers of at most 4300 digits)\n")


def test_a_number_too_long_in_an_enrichment_file_is_reported_at_its_line(content, tmp_path):
    facts = tmp_path / "facts.yml"
    facts.write_text(f"- title: A paper\n  arxiv: '2404.14469'\n  venue: {BIG}\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--content", str(content), "import", str(DUMPS / "layout_a_two_papers.txt"), "--enrich", str(facts)])
    assert str(stopped.value) == (f"{facts}:3: a number of 5000 digits, too long to convert "
                                  f"(expected numbers of at most 4300 digits)")


# --- 4. a file name holding a control character ------------------------------------------------


def test_a_file_name_with_a_line_break_is_escaped_by_check(content, capsys):
    (content / "papers" / "evil\n.md").write_text(PAPER, encoding="utf-8")
    code, lines = check(content, capsys)
    assert code == 1
    assert lines == [
        "checked 1 paper file: 1 error, 0 warnings",
        r"content/papers/evil\n.md:1: file name 'evil\n.md' is not a slug "
        r"(expected lowercase words joined by '-', e.g. 'evil.md')"]


def test_a_file_name_with_a_control_character_is_escaped_in_github_annotations(content):
    (content / "papers" / "bell\x07.md").write_text(PAPER, encoding="utf-8")
    (problem,) = check_content(content)
    assert format_problem(problem, "github") == (
        r"::error file=content/papers/bell\x07.md,line=1,title=python -m generator check::"
        r"file name 'bell\x07.md' is not a slug (expected lowercase words joined by '-', e.g. 'bell.md')")


def test_a_file_name_not_utf8_is_escaped_and_prints(content):
    (content / "papers").joinpath(os.fsdecode(b"caf\xe9.md")).write_text(PAPER, encoding="utf-8")
    (problem,) = check_content(content)
    assert str(problem) == (r"content/papers/caf\udce9.md:1: file name 'caf\udce9.md' is not a slug "
                            r"(expected lowercase words joined by '-', e.g. 'caf.md')")
    str(problem).encode("ascii")  # any terminal prints it


def test_a_file_name_with_a_line_break_is_named_by_the_mkdocs_build(content, tmp_path):
    (content / "papers" / "evil\n.md").write_text(PAPER, encoding="utf-8")
    plugin = ReadingListPlugin()
    plugin.load_config({"content_dir": str(content), "templates_dir": str(ROOT / "site_templates"),
                        "search_index": False})
    config = SimpleNamespace(config_file_path=str(tmp_path / "mkdocs.yml"), site_url="")
    with pytest.raises(PluginError) as raised:
        plugin.on_files(Files([]), config=config)
    assert str(raised.value).splitlines() == [
        "1 problem in content:",
        r"content/papers/evil\n.md:1: file name 'evil\n.md' is not a slug "
        r"(expected lowercase words joined by '-', e.g. 'evil.md')"]


def test_a_file_name_with_a_line_break_is_named_on_one_line_by_mkdocs_build(content, tmp_path):
    (content / "papers" / "evil\n.md").write_text(PAPER, encoding="utf-8")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for folder in ("site_templates/static", "site_templates/overrides"):
        config = config.replace(f"_dir: {folder}\n", f"_dir: {ROOT / folder}\n")
    config = config.replace("  - reading-list\n", f"  - reading-list:\n      content_dir: {content}\n"
                                                   f"      templates_dir: {ROOT / 'site_templates'}\n")
    assert str(content) in config and str(ROOT / "site_templates/static") in config
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(tmp_path / "mkdocs.yml"),
                            "--site-dir", str(tmp_path / "site")], cwd=ROOT, capture_output=True, text=True,
                           env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, timeout=300)
    assert built.returncode != 0
    assert ("\ncontent/papers/evil\\n.md:1: file name 'evil\\n.md' is not a slug "
            "(expected lowercase words joined by '-', e.g. 'evil.md')\n") in built.stderr


# --- 5. the temporary file a killed import leaves ----------------------------------------------

# An import killed (SIGKILL: nothing can clean up) as its first new paper file is complete,
# just before it is linked into place: its temporary file stays in content/papers/.
KILLED_IMPORT = """
import os, signal, sys
from generator import cli
os.link = lambda *args: os.kill(os.getpid(), signal.SIGKILL)
cli.main(sys.argv[1:])
"""


def killed_import(content: Path) -> Path:
    """Run an import that is killed while writing; the temporary file it left."""
    killed = subprocess.run([sys.executable, "-c", KILLED_IMPORT, "--content", str(content), "import",
                             str(DUMPS / "layout_a_two_papers.txt"), "--added", "2025-01-15"],
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    (left,) = (content / "papers").glob(".*.tmp")
    return left


def test_check_removes_the_temporary_file_of_a_killed_import_and_never_counts_it(content, capsys):
    (content / "papers" / "a-paper.md").write_text(PAPER, encoding="utf-8")
    left = killed_import(content)
    assert left.read_text(encoding="utf-8").startswith("---\n")  # a whole paper file, not yet in place
    assert check_content(content) == []  # neither a paper nor a stray file, even before it is removed
    code, lines = check(content, capsys)
    assert (code, lines) == (0, ["checked 1 paper file: 0 errors, 0 warnings"])
    assert not left.exists()
    assert sorted(p.name for p in (content / "papers").iterdir()) == ["a-paper.md"]


def test_import_removes_the_temporary_file_of_a_killed_import(content):
    left = killed_import(content)
    assert cli.main(["--content", str(content), "import", str(DUMPS / "layout_a_two_papers.txt"),
                     "--added", "2025-01-15"]) == 0
    assert not left.exists()
    assert list(content.rglob("*.tmp")) == []


def test_new_removes_the_temporary_file_of_a_killed_import(content):
    left = killed_import(content)
    assert cli.main(["--content", str(content), "new", "Another paper", "--added", "2025-01-15"]) == 0
    assert not left.exists()


def test_add_removes_the_temporary_file_of_a_killed_import(content, monkeypatch):
    left = killed_import(content)
    facts = {"id": "2404.14469", "title": "SnapKV: LLM Knows What You are Looking for Before Generation",
             "authors": [{"name": "Yuhong Li"}], "publishedAt": "2024-04-22T00:00:00Z", "summary": "An abstract."}
    monkeypatch.setattr(remote, "fetch_arxiv", lambda ids, api, timeout: {"2404.14469": facts})
    monkeypatch.setattr(remote, "fetch_hugging_face", lambda ids, endpoint, timeout: {"2404.14469": None})
    code = remote.run_add(["2404.14469"], Store(content), dt.date(2025, 1, 15), io.StringIO(), io.StringIO())
    assert code == 0
    assert not left.exists()


def test_check_keeps_temporary_files_that_are_not_a_dead_commands(content, capsys, tmp_path):
    papers = content / "papers"
    running = papers / f".a-paper.md.abcdefgh.{os.getpid()}.tmp"  # a command still writing it
    not_ours = papers / ".notes.tmp"  # an editor's, say
    below = papers / "drafts" / ".a-paper.md.abcdefgh.999999999.tmp"  # not where the commands write
    below.parent.mkdir()
    outside = tmp_path / "elsewhere.md"
    link = papers / ".b-paper.md.abcdefgh.999999999.tmp"  # a link is never removed, nor followed
    for path in (running, not_ours, below, outside):
        path.write_text("kept\n", encoding="utf-8")
    link.symlink_to(outside)
    code, lines = check(content, capsys)
    assert lines == ["checked 0 paper files: 1 error, 0 warnings",
                     "content/papers/drafts:1: a folder (expected paper files named <slug>.md directly in content/papers/)"]
    assert all(path.exists() for path in (running, not_ours, below, outside)) and link.is_symlink()


def test_check_keeps_a_dead_commands_temporary_file_while_an_import_holds_the_folder(content):
    left = killed_import(content)
    with locked(content, "not printed: the lock is free"):  # as `import`, `add` and `new` hold it
        assert Store(content).remove_leftovers() == []
        assert left.exists()
    assert Store(content).remove_leftovers() == [left]
    assert not left.exists()


def test_the_lock_file_lies_beside_the_content_folder_in_a_folder_git_ignores(content):
    before = sorted(content.rglob("*"))
    with Store(content).writing():
        lock = content.parent / ".cache" / "content.lock"
        assert lock.is_file() and lock_path(content / "papers" / "..") == lock
    assert sorted(content.rglob("*")) == before  # nothing in content/: not in git status, nor in the build
    ignored = subprocess.run(["git", "check-ignore", "-q", "--no-index", ".cache/content.lock"], cwd=ROOT)
    assert ignored.returncode == 0


def test_a_lock_that_cannot_be_taken_ends_the_command_with_a_message(content):
    (content.parent / ".cache").write_text("not a folder\n", encoding="utf-8")  # as a read-only project would
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--content", str(content), "new", "A Paper"])
    message = str(stopped.value.code)
    assert message.startswith(f"{content}: cannot be locked for writing ({content.parent / '.cache' / 'content.lock'}: ")
    assert message.endswith("nothing was written") and not any((content / "papers").iterdir())
    assert Store(content).remove_leftovers() == []  # check goes on: it has nothing to remove
