"""Shared fixtures: where the dump fixtures live, and a way to run the import command."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from api_stand_in import apis  # noqa: F401 - the stand-in arXiv and Hugging Face APIs, a fixture
from generator import cli

REPO = Path(__file__).resolve().parent.parent
DUMPS = Path(__file__).resolve().parent / "fixtures" / "dumps"


@pytest.fixture
def dumps() -> Path:
    """The folder of small dump fixtures, each named after its case."""
    return DUMPS


@dataclass
class ImportRun:
    code: int
    out: str
    err: str

    @property
    def summary(self) -> str:
        return next(line for line in self.out.splitlines() if line.startswith("imported "))


@pytest.fixture
def run_import(tmp_path, capsys):
    """`run_import(*args)` runs `python -m generator --content <tmp>/content import *args`.

    `--added 2025-01-15` is passed unless the arguments name a date; the
    content folder is `tmp_path / "content"` unless `content=` says otherwise.
    """

    def run(*args: str, content: Path | None = None) -> ImportRun:
        content = content or tmp_path / "content"
        argv = ["--content", str(content), "import", *map(str, args)]
        if "--added" not in argv:
            argv += ["--added", "2025-01-15"]
        capsys.readouterr()
        code = cli.main(argv)
        captured = capsys.readouterr()
        return ImportRun(code, captured.out, captured.err)

    return run


# The files whose tests took longest on two cores (`.ci/run` lists the 25 slowest tests), first in
# the collection. pytest-xdist hands each worker a whole file at a time (`--dist loadfile`), the files
# with most tests first (its "loadscope reorder"), so this order only decides between files of as
# many tests. Handing these out first instead (`--no-loadscope-reorder`, three workers, the longest
# browser files split between them) was tried on 2026-11-28 and was slower (891 s against 777 s for
# three workers without): the benchmark's smoke test and test_serve_dirty.py, each several processes
# building sites, then ran beside the heaviest browser tests and took 218 s and 172 s instead of 74 s
# and 35 s.
LONGEST_FIRST = (
    "tests/test_bench_smoke.py", "tests/browser/test_browser_crawl.py", "tests/test_serve_dirty.py",
    "tests/browser/test_browser_bench_smoke.py", "tests/browser/test_browser_accessibility.py",
    "tests/test_site_build.py", "tests/test_nothing_lost.py", "tests/browser/test_browser_search.py",
    "tests/test_preview.py", "tests/browser/test_browser_reader_pages.py", "tests/test_list_grows.py",
)


def pytest_collection_modifyitems(config, items):
    rank = {path: at for at, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
