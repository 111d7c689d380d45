"""Where a full `mkdocs build` spends its time: generator, Markdown, templates, search, other.

    python benchmarks/build_shares.py PROJECT/mkdocs.yml SITE_DIR   # prints JSON

Runs the build in this process with timers around the calls that make up each
part, and prints the wall seconds of each as JSON. Time is counted once, in the
innermost part running: the generator's own Jinja2 rendering counts as
generator, not templates. "templates" is MkDocs rendering the theme's templates
(Material's page, sitemap, 404); "search" is Pagefind's run over the built site;
"other" is the rest (reading the configuration, files, nav, writing, the plugin).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PARTS = ("generator", "markdown", "templates", "search")


def main(config_file: str, site_dir: str) -> dict:
    import jinja2
    import markdown
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    import generator.plugin as plugin

    spent = dict.fromkeys(PARTS, 0.0)
    running: list[list] = []  # [part, start, time spent in parts inside it]

    def timed(part, function):
        def wrapper(*args, **kwargs):
            if running and running[-1][0] == part:
                return function(*args, **kwargs)  # nested in itself: counted by the outer call
            running.append([part, time.perf_counter(), 0.0])
            try:
                return function(*args, **kwargs)
            finally:
                _, start, inner = running.pop()
                elapsed = time.perf_counter() - start
                spent[part] += elapsed - inner
                if running:
                    running[-1][2] += elapsed
        return wrapper

    plugin.generate = timed("generator", plugin.generate)
    plugin.Preview.update = timed("generator", plugin.Preview.update)
    plugin.build_search_index = timed("search", plugin.build_search_index)
    markdown.Markdown.convert = timed("markdown", markdown.Markdown.convert)
    jinja2.Template.render = timed("templates", jinja2.Template.render)

    config = load_config(config_file=config_file, site_dir=site_dir)
    start = time.perf_counter()
    build(config)
    total = time.perf_counter() - start
    return {"total": total, **spent, "other": total - sum(spent.values())}


if __name__ == "__main__":
    print(json.dumps(main(*sys.argv[1:3])))
