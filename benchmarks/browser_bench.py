"""Reader benchmark: what a reader waits for and downloads, in headless Chromium.

    .venv/bin/python benchmarks/browser_bench.py --sizes 52 2000 10000

For each size it builds a site with `mkdocs build` (52: the real content/; larger
sizes: the synthetic lists of bench.py), serves it on 127.0.0.1 and opens it in
Debian's Chromium, each visit in a new browser context (an empty cache):

- search: for each query, the time from the start of navigation to the home page
  until the first result is in the page (noted by the page itself; the query is
  typed as soon as the page has loaded), the bytes of search data fetched
  (`pagefind/`) and of everything;
- the filter page: the time from navigation until its counts are shown, and bytes;
- the largest HTML page and the site's total size on disk.

Bytes are response bodies as served (no compression). It prints a Markdown table;
`--json FILE` writes the raw figures.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import ENV, ROOT, make_project, synthetic_papers  # noqa: E402

QUERIES = ["SnapKV", "H100", "KV cache", "quantization", "ZeRO-Infinity", "Hopper"]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
FILTER_READY = "#paper-filter[data-ready='true'] .filter-count"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def build(n: int, work: Path, seed: int) -> tuple[Path, float]:
    """(the built site, build wall seconds) for the real content (n=52) or n synthetic papers."""
    root = ROOT
    if n != 52:
        root = work / f"project-{n}"
        make_project(root, synthetic_papers(n, seed))
    site = work / f"site-{n}"
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(root / "mkdocs.yml"),
                          "-d", str(site)], cwd=root, env=ENV, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"mkdocs build of {n} papers failed:\n{run.stderr[-3000:]}")
    return site, time.perf_counter() - start


_NOTE_READY = """
new MutationObserver((changes, observer) => {
  if (document.querySelector(%s)) { window.__readyAt = performance.now(); observer.disconnect(); }
}).observe(document, {childList: true, subtree: true, attributes: true});
"""


def visit(browser, url: str, ready: str, query: str | None = None) -> dict:
    """Open `url` in a fresh context; type `query` into search when given; wait for `ready`.
    Milliseconds from the start of navigation, and the bytes fetched."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    fetched: list[tuple[str, int]] = []
    page.on("requestfinished", lambda request: fetched.append((request.url, request.sizes()["responseBodySize"])))
    # The page notes the moment `ready` first matches, so Playwright's own round trips are not counted.
    page.add_init_script(_NOTE_READY % json.dumps(ready))
    page.goto(url, wait_until="load")
    if query is not None:
        page.keyboard.press("/")
        page.locator("input.md-search__input").fill(query)
    page.wait_for_selector(ready, state="visible", timeout=120_000)
    elapsed = page.evaluate("window.__readyAt")
    page.wait_for_timeout(200)  # the requests that answer the first result have all finished
    context.close()
    return {"ms": elapsed, "bytes": sum(size for _, size in fetched),
            "search_bytes": sum(size for address, size in fetched if "/pagefind/" in address),
            "requests": len(fetched)}


def measure(n: int, work: Path, seed: int, log) -> dict:
    from playwright.sync_api import sync_playwright

    site, seconds = build(n, work, seed)
    log(f"{n:,} papers: built in {seconds:.0f} s")
    pages = [(path.stat().st_size, path) for path in site.rglob("*.html")]
    largest, largest_path = max(pages)
    row = {"n": n, "build_s": seconds, "largest_html": largest,
           "largest_page": largest_path.relative_to(site).as_posix(),
           "site_bytes": sum(p.stat().st_size for p in site.rglob("*") if p.is_file()),
           "search": {}}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                                 args=CHROMIUM_ARGS)
            for query in QUERIES:
                row["search"][query] = visit(browser, base, ".md-search-result__item", query)
                log(f"  search {query!r}: {row['search'][query]['ms']:.0f} ms, "
                    f"{row['search'][query]['search_bytes']:,} B of search data")
            row["filter"] = visit(browser, base + "filter/", FILTER_READY)
            log(f"  filter: {row['filter']['ms']:.0f} ms, {row['filter']['bytes']:,} B")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return row


def table(rows: list[dict]) -> str:
    def kb(size: float) -> str:
        return f"{size / 1000:,.0f} KB" if size < 1_000_000 else f"{size / 1_000_000:,.1f} MB"

    lines = ["| papers | search: first result (slowest query) | search data per query (most) "
             "| all bytes of a search visit (most) | filter: counts shown | filter bytes | largest HTML page "
             "| site on disk | build |",
             "|" + " ---: |" * 9]
    for row in rows:
        searches = row["search"].values()
        lines.append(" | ".join([
            f"| {row['n']:,}",
            f"{max(s['ms'] for s in searches):,.0f} ms",
            kb(max(s["search_bytes"] for s in searches)),
            kb(max(s["bytes"] for s in searches)),
            f"{row['filter']['ms']:,.0f} ms",
            kb(row["filter"]["bytes"]),
            f"{kb(row['largest_html'])} (`{row['largest_page']}`)",
            kb(row["site_bytes"]),
            f"{row['build_s']:.0f} s |",
        ]))
    lines += ["", "| papers | " + " | ".join(f"`{q}`" for q in QUERIES) + " |", "|" + " ---: |" * (len(QUERIES) + 1)]
    for row in rows:
        lines.append(f"| {row['n']:,} | " + " | ".join(
            f"{row['search'][q]['ms']:,.0f} ms, {kb(row['search'][q]['search_bytes'])}" for q in QUERIES) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[52, 2000, 10000])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument("--keep", type=Path, help="build in this folder and keep it (default: a temporary one)")
    args = parser.parse_args(argv)

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    work = args.keep or Path(tempfile.mkdtemp(prefix="reader-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        rows = [measure(n, work, args.seed, log) for n in args.sizes]
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
