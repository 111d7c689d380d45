"""The site's search index: Pagefind, run over the built HTML.

Pagefind reads the pages' articles (`data-pagefind-body`, set by
site_templates/overrides/main.html) and writes a chunked index to `pagefind/`
in the site: a query fetches only the few fragments that hold its words and
the results it shows, so search stays light however long the list grows.
The binary comes with the `pagefind[bin]` package; nothing is downloaded.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

INDEX_DIR = "pagefind"
# Inside the article but no words of the page: heading anchors (¶) and the edit button.
NOT_INDEXED = (".headerlink", ".md-content__button")
# The pages Pagefind reads: every page but a listing's continuation pages (`<listing>/page/<n>/`),
# which are kept out of the index anyway (they have no data-pagefind-body), so that it does not
# parse them. A page is in a folder whose name holds a letter, or whose parent is no `page`
# folder (a paper whose slug is a number, `papers/1984/`, is read).
READ = ("{404.html,index.html,**/[!0-9]*/index.html,**/[0-9]*[!0-9]*/index.html,"
        "**/{[!p]*,p[!a]*,pa[!g]*,pag[!e]*,page?*,p,pa,pag}/[0-9]*/index.html}")


class SearchIndexError(Exception):
    """Pagefind failed; the message holds what it said."""


def build_search_index(site_dir: Path | str, background: bool = False) -> None:
    """Index the built site in `site_dir` into `site_dir/pagefind/`; `background`: at the lowest
    CPU priority, so that it slows no build (`mkdocs serve` indexes while it previews)."""
    command = [sys.executable, "-m", "pagefind", "--site", str(site_dir), "--output-subdir", INDEX_DIR, "--silent",
               "--exclude-selectors", ",".join(NOT_INDEXED), "--glob", READ]
    if background and shutil.which("nice"):
        command = ["nice", "-n", "19", *command]
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=1800)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise SearchIndexError(f"Pagefind could not run: {error}") from None
    if run.returncode != 0:
        said = (run.stderr or run.stdout).strip()[-2000:]
        raise SearchIndexError(f"Pagefind failed (exit {run.returncode}): {said or 'no message'} "
                               f"(expected `pip install 'pagefind[bin]'`, which `make serve` does)")


class BackgroundIndex:
    """The index made again in a thread after each preview build (`mkdocs serve` serves the
    pages first; search catches up). A build that ends while the index is being made asks for
    one more run, which follows that one. Pagefind's errors go to `report`."""

    def __init__(self, report: Callable[[str], None]) -> None:
        self.report = report
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()
        self.wanted = False

    def request(self, site_dir: Path | str) -> None:
        """Index `site_dir` soon, in the background."""
        with self.lock:
            self.wanted = True
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run_while_wanted, args=(site_dir,), daemon=True)
                self.thread.start()

    def join(self) -> None:
        """Wait for the runs asked for."""
        if self.thread is not None:
            self.thread.join()

    def _run_while_wanted(self, site_dir: Path | str) -> None:
        while True:
            with self.lock:
                if not self.wanted:
                    return
                self.wanted = False
            try:
                build_search_index(site_dir, background=True)
            except SearchIndexError as error:
                self.report(str(error))
