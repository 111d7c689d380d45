"""The MkDocs plugin: a thin adapter from MkDocs' events to the generator.

`on_files` generates every page (`pipeline.generate`) and adds the pages and
the exports as virtual files (`File.generated`), so `mkdocs build` alone builds
the whole site. Paper pages point their edit link at the paper's own file, and a reading
path's page at the path's file.
`on_nav` gives each page its date from content (`pages.page_dates`), which the
sitemap shows as `<lastmod>`. `on_post_build` indexes the built pages for search
(`search.build_search_index`).

Under `mkdocs serve --dirty` (`make serve`), a `preview.Preview` kept between
builds generates again only what a saved file changed, and tells MkDocs which
pages and files those are: MkDocs' dirty build then renders only them and
leaves the others' HTML in place. The search index is made again in the
background once the preview is served (`search.BackgroundIndex`), and the
preview decides when the cycle collector runs (`Preview.served`).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from watchdog.events import (DirCreatedEvent, DirDeletedEvent, DirMovedEvent, FileClosedEvent, FileCreatedEvent,
                             FileDeletedEvent, FileModifiedEvent, FileMovedEvent, FileSystemEventHandler)
from watchdog.observers import Observer
from watchdog.observers.polling import PollingObserver

from . import theme_partials
from .content.model import ContentError, counted
from .pipeline import generate
from .preview import Preview
from .site.search import BackgroundIndex, SearchIndexError, build_search_index
from .site.records import PAPER, PATH, PageRecord

log = logging.getLogger("mkdocs.plugins.reading-list")
# Content warnings logged one a line, at most; `python -m generator check` lists them all.
WARNINGS_SHOWN = 10


class ReadingListConfig(base.Config):
    content_dir = c.Type(str, default="content")
    templates_dir = c.Type(str, default="site_templates")
    # Where a paper file lives in the repository, for the edit link; and a reading path's file.
    edit_path = c.Type(str, default="content/papers/{slug}.md")
    path_edit_path = c.Type(str, default="content/paths/{name}.md")
    related = c.Type(int, default=5)
    # Write the Pagefind search index after the build (generator/site/search.py).
    search_index = c.Type(bool, default=True)
    # Render Material's nav and tabs once for the pages outside the nav that link to it alike
    # (generator/theme_partials.py); false renders them on every page, as Material does.
    shared_partials = c.Type(bool, default=True)


class GeneratedFile(File):
    """A generated page or file. MkDocs' dirty build renders only files that say they are
    modified; in a normal build every file is."""

    modified = True

    def is_modified(self) -> bool:
        return self.modified


class _DropDirtyWarning(logging.Filter):
    """MkDocs warns on every dirty build, which fails a --strict one: the preview knows."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("A 'dirty' build is being performed")


def new_issue_url(config: MkDocsConfig) -> str | None:
    """The repository's new-issue form, from `repo_url`, else from a GitHub `edit_uri`
    (https://github.com/OWNER/REPO/edit/...): where a reader reports a wrong result."""
    repo_url, edit_uri = getattr(config, "repo_url", None) or "", getattr(config, "edit_uri", None) or ""
    found = re.match(r"(https://github\.com/[\w.-]+/[\w.-]+?)(?:\.git)?/?$", repo_url) \
        or re.match(r"(https://github\.com/[\w.-]+/[\w.-]+)/(?:edit|blob)/", edit_uri)
    return f"{found.group(1)}/issues/new" if found else None


# What a save is: not a file opened or closed unwritten, which the build itself does to what it reads
# (every build would start another).
SAVES = [FileCreatedEvent, FileModifiedEvent, FileDeletedEvent, FileMovedEvent, FileClosedEvent,
         DirCreatedEvent, DirDeletedEvent, DirMovedEvent]


class SavesObserver(Observer):
    """The system's observer (inotify, FSEvents), told of saves only (`SAVES`)."""

    def schedule(self, event_handler, path, *, recursive=False, event_filter=None, follow_symlink=False):
        return super().schedule(event_handler, path, recursive=recursive, event_filter=event_filter or SAVES,
                                follow_symlink=follow_symlink)


def watch_natively(server, probe_dir: Path) -> None:
    """Have MkDocs' server learn of saved files from the system (inotify, FSEvents) where it can.
    MkDocs polls what it watches every half second, reading the stamp of every file: at 10,000
    papers a fifth of a core, in a thread that takes the interpreter from the build it waits for,
    and a quarter of a second, on average, before a save is seen. The same folders are watched
    natively when a probe of `probe_dir` shows the system can; else MkDocs keeps polling."""
    native = SavesObserver()
    if isinstance(native, PollingObserver) or server.observer.is_alive():
        return
    try:
        probe = SavesObserver()
        probe.schedule(FileSystemEventHandler(), str(probe_dir), recursive=True)
        probe.start()
        probe.stop()
        probe.join()
    except OSError as error:  # no more inotify watches, say
        log.info(f"watching files by polling them ({error})")
        return
    # MkDocs 1.x (no longer developed) keeps what it watches, and how often each was asked for, here.
    watched = dict(server._watched_paths)
    for path, count in watched.items():
        for _ in range(count):
            server.unwatch(path)
    server.observer = native
    for path, count in watched.items():
        for _ in range(count):
            server.watch(path)


class ReadingListPlugin(BasePlugin[ReadingListConfig]):
    def __init__(self) -> None:
        self.preview: Preview | None = None
        self.serving_dirty = False
        self.removed: set[str] = set()
        self.dates: dict[str, str] = {}
        self.records: dict[str, PageRecord] = {}  # what each generated page is
        self.nav_pages: list = []  # the pages the nav lists (`on_nav`)
        self.indexing = BackgroundIndex(report=log.error)

    def _path(self, config: MkDocsConfig, value: str) -> Path:
        return (Path(config.config_file_path).parent / value).resolve()

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # Defined, this event keeps the plugin (and its preview) across the server's builds.
        self.serving_dirty = command == "serve" and dirty
        if self.serving_dirty:
            logging.getLogger("mkdocs.commands.build").addFilter(_DropDirtyWarning())
        elif command == "serve":
            log.info("`mkdocs serve --dirty` (make serve) previews a saved paper in seconds; "
                     "this server builds the whole site on every save")

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # Every page is generated: HTML but for its headings (site/html_blocks.py). MkDocs' own
        # Markdown extensions `tables` and `fenced_code` find nothing in it to read.
        config.markdown_extensions = [name for name in config.markdown_extensions
                                      if name not in ("tables", "fenced_code")]
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        content = self._path(config, self.config.content_dir)
        templates = self._path(config, self.config.templates_dir)
        try:
            if self.serving_dirty:
                wanted = Preview(content, templates, self.config.related, config.site_url,
                                 issues_url=new_issue_url(config))
                if self.preview != wanted:  # the first build, or mkdocs.yml changed what to build
                    self.preview = wanted
                changes = self.preview.update()
                generated, changed, self.removed = changes.generated, changes.changed, changes.removed
                partial = changes.same_pages
                log.info(f"reading list: {len(changed)} of {len(generated.pages) + len(generated.files)} "
                         f"pages and files changed")
            else:
                generated = generate(content, templates, related_k=self.config.related, site_url=config.site_url,
                                     issues_url=new_issue_url(config))
                changed, partial = None, False
        except ContentError as error:
            # The messages of `python -m generator check`, one a line, all of them.
            raise PluginError(f"{counted(len(error.problems), 'problem')} in content:\n{error}") from None
        self.dates = generated.dates  # each page's date, for `on_nav`
        # Content warnings (a device name the taxonomy does not know yet) are advice, not
        # defects: logged at INFO so that `mkdocs build --strict` does not fail on them.
        for warning in generated.warnings[:WARNINGS_SHOWN]:
            log.info(str(warning))
        if len(generated.warnings) > WARNINGS_SHOWN:
            log.info(f"... and {len(generated.warnings) - WARNINGS_SHOWN} more warnings: "
                     f"`python -m generator check` lists them all")
        # A preview of the same pages (with the same dates) as the build before hands MkDocs only
        # what it must render: the changed pages and files, and the other pages (the nav and the
        # listings' Markdown links are checked against them). Unchanged paper pages and files keep
        # their output, as do the sitemap and the 404 page, which only a new or removed page (or,
        # for the sitemap, a changed date) changes.
        if partial:
            config.theme.static_templates.difference_update({"sitemap.xml", "404.html"})
        # papers.json, feed.xml, BibTeX: not pages, so MkDocs copies them as static files.
        self.records = generated.records
        for uri, text in (*generated.pages.items(), *generated.files.items()):
            record = generated.records.get(uri)
            paper_page = record is not None and record.kind == PAPER
            if partial and uri not in changed and (paper_page or uri in generated.files):
                continue
            file = GeneratedFile.generated(config, uri, content=text)
            file.modified = changed is None or uri in changed
            if paper_page:
                file.edit_uri = self.config.edit_path.format(slug=record.subject)
            elif record is not None and record.kind == PATH:
                file.edit_uri = self.config.path_edit_path.format(name=record.subject)
            files.append(file)
        return files

    def on_page_markdown(self, markdown: str, *, page, config: MkDocsConfig, files: Files) -> str:
        # What the page is, for the templates (overrides/main.html labels search results by it).
        record = self.records.get(page.file.src_uri)
        if record is not None:
            page.meta["kind"] = record.kind
        return markdown

    def on_env(self, env, *, config: MkDocsConfig, files: Files):
        below_overrides = [d for d in config.theme.dirs if d != config.theme.custom_dir]
        theme_partials.install(env, below_overrides, (page.url for page in self.nav_pages),
                               self.config.shared_partials)
        return env

    def on_nav(self, nav, *, config: MkDocsConfig, files: Files):
        # Every page handed to MkDocs, read or not (a dirty build reads only the changed ones),
        # gets its date from content instead of the day of the build. A site with no date at all
        # keeps MkDocs' (which SOURCE_DATE_EPOCH fixes): the sitemap's gzip header needs one.
        self.nav_pages = list(nav.pages)
        if any(self.dates.values()):
            for file in files.documentation_pages():
                if file.page is not None and file.src_uri in self.dates:
                    file.page.update_date = self.dates[file.src_uri]
        return nav

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.serving_dirty:
            self._remove_outputs(config)
            if self.preview is not None:
                self.preview.served()
        if not self.config.search_index:
            return
        if self.serving_dirty:  # the preview is served now; search catches up in the background
            self.indexing.request(config.site_dir)
            return
        try:
            build_search_index(config.site_dir)
        except SearchIndexError as error:
            raise PluginError(str(error)) from None

    def _remove_outputs(self, config: MkDocsConfig) -> None:
        """Delete what the pages and files that no longer exist left in the served site, and the
        folder of each when nothing else is in it (a paper's `papers/<slug>/`)."""
        for uri in sorted(self.removed):
            output = Path(File.generated(config, uri, content="").abs_dest_path)
            output.unlink(missing_ok=True)
            if output.parent != Path(config.site_dir) and output.parent.is_dir() and not any(output.parent.iterdir()):
                output.parent.rmdir()

    def on_build_error(self, *, error: Exception) -> None:
        # What the preview made may not have been written: the next build starts afresh.
        if self.preview is not None:
            self.preview.served()
        self.preview = None

    def on_serve(self, server, *, config: MkDocsConfig, builder):
        # Content and templates live outside docs_dir; a change to them rebuilds the site.
        server.watch(str(self._path(config, self.config.content_dir)))
        server.watch(str(self._path(config, self.config.templates_dir)))
        watch_natively(server, self._path(config, self.config.content_dir))
        return server

    def on_shutdown(self) -> None:
        self.indexing.join()

