"""Nothing lost, nothing crashes: curated files, imports run together or killed, files that are
not paper files, generated folders, HTML pasted as a dump, and the modes of new files."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import yaml

from generator import cli
from generator.content import paper_file
from generator.content import vocabularies, yaml_nodes
from generator.content.model import ContentError
from generator.content.check import check_content, read_content
from generator.ingest.fill import filled_text
from generator.content.paper_file import dump_paper_text, parse_paper_text
from generator.content.store import Store
from generator.site.output import OWNER_MARKER

ROOT = Path(__file__).resolve().parent.parent
SMALL = Path(__file__).parent / "fixtures" / "site_small" / "content"
DUMPS = Path(__file__).parent / "fixtures" / "dumps"


def generator(*args: str, cwd: Path | None = None, **kwargs) -> subprocess.CompletedProcess:
    """`python -m generator ARGS` in its own process, as a curator runs it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, **kwargs)


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def project(tmp_path) -> Path:
    """A project folder: a small content/ and a README, as a curator's checkout has."""
    shutil.copytree(SMALL, tmp_path / "content")
    (tmp_path / "README.md").write_text("# The project's own README\n", encoding="utf-8")
    return tmp_path


def dump(folder: Path, name: str, *titles: str) -> Path:
    """A Daily Papers dump (layout A) of papers with these titles."""
    entries = "".join(f"{title}\n\nWe study {title.lower()} on GPUs and report results for it.\n\n"
                      f"  • 3 authors\n·\nApr 22, 2024 2\n\n" for title in titles)
    path = folder / name
    path.write_text(f"Daily Papers\n\nbyAK and the research community\n\nFeb 9\n\n{entries}", encoding="utf-8")
    return path


# --- generate --out writes only into a folder of its own ------------------------------------


@pytest.mark.parametrize("out", [".", "content", "content/papers"])
def test_generate_refuses_the_project_and_the_content_folder(project, out):
    before = files(project)
    run = generator("generate", "--out", out, "--templates", str(ROOT / "site_templates"), cwd=project)
    assert run.returncode == 2, run.stderr
    assert "nothing was written" in run.stderr and "Traceback" not in run.stderr
    assert files(project) == before


def test_generate_refuses_a_folder_holding_files_it_did_not_write(project):
    (project / "notes").mkdir()
    (project / "notes" / "todo.md").write_text("mine\n", encoding="utf-8")
    run = generator("generate", "--out", "notes", "--templates", str(ROOT / "site_templates"), cwd=project)
    assert run.returncode == 2
    assert "holds files that generate did not write" in run.stderr
    assert files(project / "notes") == {"todo.md": b"mine\n"}


def test_generate_removes_only_the_pages_it_wrote(project):
    out = project / "build" / "pages"
    args = ("generate", "--out", "build/pages", "--templates", str(ROOT / "site_templates"))
    assert generator(*args, cwd=project).returncode == 0
    assert (out / OWNER_MARKER).is_file()
    paper = sorted((project / "content" / "papers").glob("*.md"))[0]
    assert (out / "papers" / f"{paper.stem}.md").is_file()
    (out / "my-notes.md").write_text("a curator's own file\n", encoding="utf-8")
    paper.unlink()
    shutil.rmtree(project / "content" / "paths")  # its reading path, which names the paper
    assert generator(*args, cwd=project).returncode == 0
    assert not (out / "papers" / f"{paper.stem}.md").exists()  # the deleted paper leaves no page
    assert not (out / "paths" / "beyond-gpu-memory.md").exists()
    assert (out / "my-notes.md").read_text(encoding="utf-8") == "a curator's own file\n"


# --- imports run together, or killed --------------------------------------------------------


# An import that, once it has read the paper files, starts a second import and gives it a
# second to run before going on: the interleaving in which two imports lose a paper unless
# the second waits for the first.
INTERLEAVED_IMPORTS = """
import subprocess, sys, time
from generator import cli
from generator.content import store
read = store.Store.read_paper_files
def read_then_let_another_import_run(self):
    files = read(self)
    other = subprocess.Popen([sys.executable, "-m", "generator", "--content", sys.argv[2], "import", sys.argv[5],
                              "--added", "2025-01-15"])
    time.sleep(1)
    read_then_let_another_import_run.other = other
    return files
store.Store.read_paper_files = read_then_let_another_import_run
code = cli.main(sys.argv[1:5] + ["--added", "2025-01-15"])
sys.exit(code or read_then_let_another_import_run.other.wait())
"""


def test_two_imports_at_once_lose_no_paper(tmp_path):
    """Two processes import different papers whose titles give the same slug ('foo')."""
    content = tmp_path / "content"
    first = dump(tmp_path, "first.txt", "Foo: Fast Kernels for Attention")
    second = dump(tmp_path, "second.txt", "Foo: Offloading Optimizer States")
    run = subprocess.run([sys.executable, "-c", INTERLEAVED_IMPORTS, "--content", str(content), "import",
                          str(first), str(second)], env={**os.environ, "PYTHONPATH": str(ROOT)},
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    store = Store(content)
    assert sorted(store.read_paper_file(path).meta["title"] for path in store.paper_paths()) == [
        "Foo: Fast Kernels for Attention", "Foo: Offloading Optimizer States"]
    assert sorted(p.name for p in (content / "sources").iterdir()) == ["first.txt", "second.txt"]


def test_a_second_import_waits_while_the_first_holds_the_content(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    with Store(content).writing():
        run = subprocess.Popen([sys.executable, "-m", "generator", "--content", str(content), "import",
                                str(DUMPS / "layout_a_two_papers.txt")], env={**os.environ, "PYTHONPATH": str(ROOT)},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # Until it says it waits (however long the interpreter takes to start: no fixed sleep);
        # killed if it never does, so that the test fails rather than hangs.
        watchdog = threading.Timer(120, run.kill)
        watchdog.start()
        said = run.stderr.readline()
        watchdog.cancel()
        assert "waiting for another import to finish" in said
        assert run.poll() is None  # still waiting
        assert not (content / "papers").exists() or not any((content / "papers").iterdir())
    out, err = run.communicate(timeout=120)
    assert run.returncode == 0, said + err
    assert len(Store(content).paper_paths()) == 2


# Runs an import in which the process is killed (SIGKILL: nothing can clean up) as soon as its
# first temporary file is complete, just before it would be renamed into place.
KILLED_IMPORT = """
import os, signal, sys
import yaml

from generator import cli
from generator.content import paper_file
from generator.content import vocabularies
os.replace = lambda *args: os.kill(os.getpid(), signal.SIGKILL)
cli.main(sys.argv[1:])
"""


def test_an_import_killed_while_writing_leaves_whole_files_and_its_temporary_goes_next_run(tmp_path):
    content = tmp_path / "content"
    assert cli.main(["--content", str(content), "import", str(DUMPS / "layout_a_two_papers.txt")]) == 0
    before = files(content)
    killed = subprocess.run([sys.executable, "-c", KILLED_IMPORT, "--content", str(content), "import",
                             str(DUMPS / "layout_b_two_papers.txt")], env={**os.environ, "PYTHONPATH": str(ROOT)},
                            capture_output=True, text=True, timeout=120)
    assert killed.returncode == -signal.SIGKILL
    left = [p for p in content.rglob(".*.tmp")]
    assert left, "the kill came before any temporary file was written"
    assert {k: v for k, v in files(content).items() if not k.split("/")[-1].startswith(".")} == before
    # Every paper file reads whole (the folder holds no vocabularies: their absence is not looked at).
    assert [p for p in read_content(content).problems if p.path.startswith("content/papers/")] == []
    assert cli.main(["--content", str(content), "import", str(DUMPS / "layout_b_two_papers.txt")]) == 0
    assert list(content.rglob(".*.tmp")) == []


def test_temporary_files_of_a_running_process_are_kept(tmp_path):
    content = tmp_path / "content"
    (content / "papers").mkdir(parents=True)
    mine = content / "papers" / f".x.md.abcdefgh.{os.getpid()}.tmp"
    mine.write_text("being written\n", encoding="utf-8")
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    gone = content / "papers" / f".x.md.abcdefgh.{int(dead.stdout)}.tmp"
    gone.write_text("left by a killed import\n", encoding="utf-8")
    someone_elses = content / "papers" / ".notes.tmp"
    someone_elses.write_text("not ours\n", encoding="utf-8")
    with Store(content).writing():
        pass
    assert mine.exists() and someone_elses.exists() and not gone.exists()


# --- an import fills fields without rewriting the curator's lines ---------------------------

CURATED = """\
---
# Curated by hand: keep this comment.
title: 'SnapKV: LLM Knows What You are Looking for Before Generation'   # the short name is SnapKV
# arxiv: '2404.14469'  # to fill in
note: "Read it with the H2O paper."
sources:
  -  first-dump.txt   # where it came from
added: 2025-01-01
---
Large Language Models (LLMs) have made remarkable progress in processing extensive contexts.
"""


def test_filling_fields_keeps_every_line_the_curator_wrote(tmp_path, run_import):
    content = tmp_path / "content"
    (content / "papers").mkdir(parents=True)
    (content / "papers" / "snapkv.md").write_text(CURATED, encoding="utf-8")
    facts = tmp_path / "facts.json"
    facts.write_text('[{"title": "SnapKV: LLM Knows What You are Looking for Before Generation", '
                     '"arxiv": "2404.14469", "venue": "NeurIPS 2024"}]', encoding="utf-8")
    run = run_import(DUMPS / "layout_a_two_papers.txt", "--enrich", facts)
    assert run.code == 0, run.err
    text = (content / "papers" / "snapkv.md").read_text(encoding="utf-8")
    assert text == """\
---
# Curated by hand: keep this comment.
title: 'SnapKV: LLM Knows What You are Looking for Before Generation'   # the short name is SnapKV
arxiv: '2404.14469'
authors_count: 9
published: 2024-04-22
upvotes: 2
venue: NeurIPS 2024
# arxiv: '2404.14469'  # to fill in
note: "Read it with the H2O paper."
sources:
  -  first-dump.txt   # where it came from
  -  layout_a_two_papers.txt
added: 2025-01-01
---
Large Language Models (LLMs) have made remarkable progress in processing extensive contexts.
"""


def filled(text: str, **new) -> str | None:
    old = parse_paper_text(text, "x.md", "x").meta
    return filled_text(text, old, {**old, **new})


def test_a_written_paper_file_reads_back_as_the_fields_it_was_written_from():
    for path in sorted((ROOT / "content" / "papers").glob("*.md")):
        file = parse_paper_text(path.read_text(encoding="utf-8"), "p.md", "p")
        again = parse_paper_text(dump_paper_text(file.meta, file.body), "p.md", "p")
        assert (again.meta, again.body.strip(), again.problems) == (file.meta, file.body.strip(), [])
    written = dump_paper_text({"title": "T", "note": "a: b"}, "x")
    assert parse_paper_text(written, "p.md", "p").meta == {"title": "T", "note": "a: b"}


def test_a_field_written_empty_is_filled_in_place():
    assert filled("---\ntitle: X\narxiv:\nvenue: ~\n---\nAn abstract.\n", arxiv="2404.14469", venue="ICML") == \
        "---\ntitle: X\narxiv: '2404.14469'\nvenue: ICML\n---\nAn abstract.\n"


def test_an_item_joins_a_list_in_its_own_style():
    assert filled("---\ntitle: X\nsources: [a.txt]\n---\nA.\n", sources=["a.txt", "b.txt"]) == \
        "---\ntitle: X\nsources: [a.txt, b.txt]\n---\nA.\n"
    assert filled("---\ntitle: X\nsources:\n    - a.txt\n---\nA.\n", sources=["a.txt", "b.txt"]) == \
        "---\ntitle: X\nsources:\n    - a.txt\n    - b.txt\n---\nA.\n"


def test_a_comment_stays_above_the_field_it_stands_above():
    # ruamel.yaml's round trip ties a comment line to the field above it, and so would put
    # the new arxiv field between this comment and venue (generator/ingest/fill.py says more).
    assert filled("---\ntitle: X\n# the venue as published:\nvenue: ICML\n---\nA.\n", arxiv="2404.14469") == \
        "---\ntitle: X\narxiv: '2404.14469'\n# the venue as published:\nvenue: ICML\n---\nA.\n"


def test_a_changed_value_is_never_written_by_filling():
    assert filled("---\ntitle: X\nvenue: ICML\n---\nA.\n", venue="NeurIPS") is None


def test_a_file_a_curator_saved_during_the_import_is_kept(tmp_path):
    store = Store(tmp_path / "content")
    (store.papers_dir).mkdir(parents=True)
    path = store.papers_dir / "x.md"
    path.write_text("---\ntitle: X\n---\nSaved by the curator meanwhile.\n", encoding="utf-8")
    assert store.replace_paper("x", "---\ntitle: X\n---\nAs the import read it.\n", "---\ntitle: Y\n---\nA.\n") is False
    assert path.read_text(encoding="utf-8") == "---\ntitle: X\n---\nSaved by the curator meanwhile.\n"


# --- only regular <slug>.md files of content/papers/ are paper files ------------------------


def test_links_folders_and_other_names_are_reported_never_followed(project, tmp_path):
    papers = project / "content" / "papers"
    outside = tmp_path / "outside.md"
    outside.write_text("---\ntitle: A file from outside the repository\n---\nSecret text.\n", encoding="utf-8")
    (papers / "outside.md").symlink_to(outside)
    (papers / "dangling.md").symlink_to(tmp_path / "nowhere.md")
    (papers / "folder.md").mkdir()
    os.mkfifo(papers / "pipe.md")
    (papers / "SHOUTING.MD").write_text("---\ntitle: Upper case\n---\nA.\n", encoding="utf-8")
    (papers / "long.markdown").write_text("---\ntitle: Long name\n---\nA.\n", encoding="utf-8")
    run = generator("check", cwd=project)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert sorted(line for line in run.stderr.splitlines() if ": warning: " not in line and not line.startswith("checked")) == [
        "content/papers/SHOUTING.MD:1: not a paper file: its name does not end in '.md' (expected paper files "
        "named <slug>.md directly in content/papers/)",
        "content/papers/dangling.md:1: a symbolic link, which is not followed (expected paper files named "
        "<slug>.md directly in content/papers/, not links)",
        "content/papers/folder.md:1: a folder (expected paper files named <slug>.md directly in content/papers/)",
        "content/papers/long.markdown:1: not a paper file: its name does not end in '.md' (expected paper files "
        "named <slug>.md directly in content/papers/)",
        "content/papers/outside.md:1: a symbolic link, which is not followed (expected paper files named "
        "<slug>.md directly in content/papers/, not links)",
        "content/papers/pipe.md:1: not a regular file (expected paper files named <slug>.md directly in "
        "content/papers/)",
    ]
    assert "Secret" not in run.stdout + run.stderr


def test_a_paper_file_over_the_size_limit_is_not_read(project):
    path = project / "content" / "papers" / "huge.md"
    path.write_text("---\ntitle: Huge\n---\n" + "word " * 60_000, encoding="utf-8")
    problems = [str(p) for p in check_content(project / "content")]
    assert "content/papers/huge.md:1: the file is 292 KB (expected at most 256 KB: front matter and an abstract)" \
        in problems


# --- what an import refuses, and what new files look like -----------------------------------


def test_a_saved_html_page_is_refused_and_nothing_imported(tmp_path, run_import):
    page = tmp_path / "papers.html"
    page.write_text('<!DOCTYPE html>\n<html><body>\n<article class="flex"><h3>SnapKV: LLM Knows</h3>\n'
                    "<p>An abstract.</p></article></body></html>\n", encoding="utf-8")
    run = run_import(page)
    assert run.code == 2
    assert run.err.startswith(f"{page}:1: this is HTML ('<!DOCTYPE'), not a page's text; nothing was imported")
    assert not (tmp_path / "content").exists()


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_new_files_follow_the_umask(tmp_path, umask, mode):
    content = tmp_path / "content"
    run = generator("--content", str(content), "import", str(DUMPS / "layout_a_two_papers.txt"), umask=umask)
    assert run.returncode == 0, run.stderr
    made = [*content.rglob("*.md"), *content.rglob("*.txt")]
    assert made and {oct(p.stat().st_mode & 0o777) for p in made} == {oct(mode)}


def test_new_never_overwrites_and_takes_the_next_slug(tmp_path):
    content = tmp_path / "content"
    assert generator("--content", str(content), "new", "Foo: A Paper").returncode == 0
    # The same paper again is refused, naming its file; another paper of that name takes the next slug.
    again = generator("--content", str(content), "new", "Foo: A Paper")
    assert again.returncode == 1 and "content/papers/foo.md:2" in again.stderr
    assert generator("--content", str(content), "new", "Foo: Another Paper Entirely").returncode == 0
    assert sorted(p.name for p in (content / "papers").iterdir()) == ["foo-2.md", "foo.md"]


# --- no front matter makes reading and checking raise ---------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from generator.content.model import BAD_CHARACTER  # noqa: E402

# Pieces of YAML syntax, field names and characters that have broken reading before.
YAML_PIECES = st.lists(st.sampled_from([
    "-", ":", " ", "\n", "  ", "[", "]", "{", "}", "&a", "*a", "!!", "!!python/object", "|", ">", "'", '"', "%",
    "@", "`", "#", "?", ",", ".", "\\", "\t", "title", "arxiv", "authors", "hardware", "results", "note", "2024",
    "2024-13-45", "yes", "null", "~", "a100", "\x07", "\\ud800", "\\x07", "\\n", "é", "\u2028", "\ufeff",
]), max_size=60).map("".join)


@given(front=YAML_PIECES, body=st.text(max_size=40))
@settings(max_examples=400, deadline=None)
def test_no_front_matter_makes_reading_or_checking_raise(front, body):
    file = parse_paper_text(f"---\ntitle: A title\n{front}\n---\n{body}", "content/papers/p.md", "p")
    paper, problems = file.validate()
    assert (paper is None) == any(problem.severity == "error" for problem in problems)
    assert all(problem.line >= 1 for problem in problems)
    if paper is not None:  # what is published holds no character a page cannot show
        texts = [paper.title, paper.abstract, paper.venue or "", paper.note or "", *paper.authors]
        assert not any(BAD_CHARACTER.search(text) for text in texts)


class _ParserWithANestingLimit(yaml.SafeLoader):
    """The Python parser with a nesting limit of its own, as libyaml's scanner has since
    PyYAML 6.0.3: it raises a ScannerError past 100 levels, wherever MAX_DEPTH stands."""

    def increase_flow_level(self):
        if self.flow_level >= 100:
            raise yaml.scanner.ScannerError("while increasing flow level", None,
                                            "exceeded maximum nesting depth", self.get_mark())
        super().increase_flow_level()


# Each loader a machine may have: libyaml's (skipped where PyYAML was built without it), the
# Python parser alone, and one that gives up on depth before the generator's own limit is met.
LOADERS = [pytest.param(getattr(yaml, "CSafeLoader", None), id="libyaml",
                        marks=pytest.mark.skipif(not hasattr(yaml, "CSafeLoader"), reason="PyYAML without libyaml")),
           pytest.param(None, id="python-parser"),
           pytest.param(_ParserWithANestingLimit, id="parser-with-its-own-limit")]


def deep(levels: int, opener: str = "[", closer: str = "]") -> str:
    return opener * levels + closer * levels


# (front matter, the line that goes too deep): a flow list as a field's value, at several
# depths (libyaml's scanner gives up past 1,000 levels), and flow mappings below a list.
DEEP_FILES = {
    "list-21": ("title: Deep\nauthors: " + deep(21), 3),
    "list-400": ("title: Deep\nauthors: " + deep(400), 3),
    "list-50000": ("title: Deep\nauthors: " + deep(50_000), 3),
    "mapping-below-a-list": ("title: Deep\nauthors:\n  - Ada\nresults:\n  - value: 2\n    unit: x\n"
                             "    note: " + "{a: " * 2_000 + "1" + "}" * 2_000, 8),
}


@pytest.mark.parametrize("loader", LOADERS)
@pytest.mark.parametrize("case", DEEP_FILES)
def test_deeply_nested_front_matter_is_refused_at_the_line_that_goes_too_deep(tmp_path, monkeypatch, loader, case):
    front, line = DEEP_FILES[case]
    monkeypatch.setattr(paper_file, "_FAST_LOADER", loader)
    path = tmp_path / "deep.md"
    path.write_text(f"---\n{front}\n---\nAn abstract.\n", encoding="utf-8")
    file = Store(tmp_path).read_paper_file(path)
    assert [str(p) for p in file.problems] == [
        f"{file.path}:{line}: front matter nests lists or mappings more than 20 deep "
        f"(expected a few levels: fields, lists, mappings)"]


@pytest.mark.parametrize("loader", LOADERS)
def test_a_deep_vocabulary_is_refused_at_its_line(tmp_path, monkeypatch, loader):
    monkeypatch.setattr(paper_file, "_FAST_LOADER", loader)
    monkeypatch.setattr(yaml_nodes, "_FAST_LOADER", loader)
    text = "topics:\n  - id: deep\n    name: " + deep(5_000) + "\n"
    with pytest.raises(ContentError) as raised:
        vocabularies.load_topics(text, "content/topics.yml")
    assert "content/topics.yml:3: the file nests lists or mappings more than 20 deep" in str(raised.value)
