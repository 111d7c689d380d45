"""The MkDocs plugin: a thin adapter from MkDocs' events to `site` and `render`.

`on_files` collects and validates all content, renders every page and adds
them as virtual files (`File.generated`), so `mkdocs build` alone builds the
whole site. Paper pages point their edit link at the paper's own file.
`on_post_build` indexes the built pages for search (`search.build_search_index`).
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

from .model import ContentError
from .pipeline import generate
from .search import SearchIndexError, build_search_index

log = logging.getLogger("mkdocs.plugins.reading-list")


class ReadingListConfig(base.Config):
    content_dir = c.Type(str, default="content")
    templates_dir = c.Type(str, default="site_templates")
    # Where a paper file lives in the repository, for the edit link.
    edit_path = c.Type(str, default="content/papers/{slug}.md")
    related = c.Type(int, default=5)
    # Write the Pagefind search index after the build (generator/search.py).
    search_index = c.Type(bool, default=True)


class ReadingListPlugin(BasePlugin[ReadingListConfig]):
    def _path(self, config: MkDocsConfig, value: str) -> Path:
        return (Path(config.config_file_path).parent / value).resolve()

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        content = self._path(config, self.config.content_dir)
        try:
            generated = generate(content, self._path(config, self.config.templates_dir),
                                 related_k=self.config.related, site_url=config.site_url)
        except ContentError as error:
            # The messages of `python -m generator check`, one a line, all of them.
            raise PluginError(f"{len(error.problems)} problem(s) in content:\n{error}") from None
        # Content warnings (a device name the taxonomy does not know yet) are advice, not
        # defects: logged at INFO so that `mkdocs build --strict` does not fail on them.
        # `python -m generator check` lists them too.
        for warning in generated.warnings:
            log.info(str(warning))
        for uri, markdown in generated.pages.items():
            file = File.generated(config, uri, content=markdown)
            if uri.startswith("papers/") and uri.count("/") == 1 and uri != "papers/index.md":  # not papers/page/N/
                slug = uri.removeprefix("papers/").removesuffix(".md")
                file.edit_uri = self.config.edit_path.format(slug=slug)
            files.append(file)
        # papers.json, feed.xml, BibTeX: not pages, so MkDocs copies them as static files.
        for uri, text in generated.files.items():
            files.append(File.generated(config, uri, content=text))
        return files

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.config.search_index:
            try:
                build_search_index(config.site_dir)
            except SearchIndexError as error:
                raise PluginError(str(error)) from None

    def on_serve(self, server, *, config: MkDocsConfig, builder):
        # Content and templates live outside docs_dir; a change to them rebuilds the site.
        server.watch(str(self._path(config, self.config.content_dir)))
        server.watch(str(self._path(config, self.config.templates_dir)))
        return server
