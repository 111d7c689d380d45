"""Browser tests: the built site, served on 127.0.0.1, driven in Debian's headless Chromium.

The site of the seed list (tests/fixtures/seed_content/, a frozen copy of content/ whose
answers the tests know) is built once per session into a temporary folder and served by a
threaded `http.server` on a free port. Every page a test opens is watched:
a JavaScript error, a console error or a request that leaves 127.0.0.1 fails
the test (the site must work offline).

Without Chromium the tests skip, saying how to install it; with CI=true they
fail instead, so CI can never pass by skipping them.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import socket
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from support import SEED_CONTENT, mkdocs_config

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = os.environ.get("READING_LIST_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
INSTALL_HINT = (
    "install it with `sudo apt-get install chromium` (Debian/Ubuntu), or run "
    "`make test-browser` as root, which installs it"
)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def missing(what: str) -> None:
    """Skip on a developer's machine; fail in CI, where everything must run."""
    if in_ci():
        pytest.fail(f"{what} (CI=true: browser tests must run, not skip)", pytrace=False)
    pytest.skip(what)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def build_site(config_dir: Path, site_dir: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
        cwd=config_dir, capture_output=True, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, result.stderr[-4000:]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A page left before its fetches finished (the search index, say): a broken pipe.
        pass


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("browser-site")
    build_site(mkdocs_config(tmp_path_factory.mktemp("browser-config"), SEED_CONTENT).parent, site)
    return site


@contextlib.contextmanager
def served(folder: Path):
    """Serve a built site on a free port of 127.0.0.1; its base URL."""
    server = QuietServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def base_url(site_dir) -> str:
    with served(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).is_file():
        missing(f"Chromium not found at {CHROMIUM}: {INSTALL_HINT}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright for Python is not installed: run `make test-browser` (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        # Playwright's own browser download cannot work offline: use Debian's.
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@dataclass
class PageProblems:
    """What went wrong on the pages of one test: JS errors, console errors, off-site requests."""

    errors: list[str] = field(default_factory=list)
    offsite: list[str] = field(default_factory=list)

    def watch(self, page) -> None:
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        page.on("request", self._request)
        page.on("console", self._console(page))

    def _request(self, request) -> None:
        # The site must load nothing from the network: only 127.0.0.1, data: and blob: URLs.
        parts = urlsplit(request.url)
        if parts.scheme not in ("data", "blob") and parts.hostname != "127.0.0.1":
            self.offsite.append(request.url)

    def _console(self, page):
        def record(message):
            if message.type == "error":
                self.errors.append(f"{page.url}: console.error: {message.text}")
        return record


@pytest.fixture
def make_context(browser):
    """`make_context(**options)` opens a browser context whose pages are watched."""
    contexts = []
    problems = PageProblems()

    def make(**options):
        options.setdefault("color_scheme", "light")
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = browser.new_context(**options)
        context.set_default_timeout(10_000)
        context.on("page", problems.watch)
        contexts.append(context)
        return context

    make.problems = problems
    yield make
    for context in contexts:
        context.close()
    assert not problems.offsite, f"pages requested off-site URLs: {problems.offsite[:10]}"
    assert not problems.errors, f"JavaScript errors: {problems.errors[:10]}"


@pytest.fixture
def page(make_context):
    return make_context().new_page()


@pytest.fixture
def problems(make_context):
    return make_context.problems


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def axe_script() -> Path:
    if not AXE.is_file():
        hint = "run `npm ci` in the repository root (make test-browser does)"
        if shutil.which("npm") is None:
            hint = "install Node.js and npm, then run `npm ci` in the repository root"
        missing(f"axe-core not found at {AXE.relative_to(ROOT)}: {hint}")
    return AXE


def fits_the_width(page, what: str = "") -> None:
    """The page does not scroll sideways."""
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{what or page.url} scrolls sideways by {overflow}px"
