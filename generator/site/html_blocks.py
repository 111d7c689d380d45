"""A Python-Markdown extension for the generated pages: their HTML is stashed, not parsed.

A generated page (render.py) is HTML but for its heading lines (`# ...`), and
no line of its HTML starts with `#`: text from content is written on one line
(`render.one_line`). Python-Markdown would find the end of each HTML block by
running Python's HTML parser over it, most of the time it spends on these pages;
this preprocessor stashes each run of lines between headings as one raw block,
as Python-Markdown's own HTML block processor does with it, and leaves the
headings to Markdown. The HTML that comes out is the same.

mkdocs.yml lists it as `generator.html_blocks`; every page MkDocs builds here is
generated (docs_dir holds only static files).
"""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor


class _HtmlBlocks(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        block: list[str] = []

        def stash() -> None:
            html = "\n".join(block).strip("\n")
            if html:
                out.extend(["", self.md.htmlStash.store(html), "", ""])
            block.clear()

        for line in lines:
            if line.startswith("#"):
                stash()
                out.extend(["", line, ""])
            else:
                block.append(line)
        stash()
        return out


class HtmlBlocksExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's name
        # Before Python-Markdown's own HTML block processor (priority 20), which then finds none.
        md.preprocessors.register(_HtmlBlocks(md), "generated_html_blocks", 25)


def makeExtension(**kwargs) -> HtmlBlocksExtension:  # noqa: N802 - how Python-Markdown finds it
    return HtmlBlocksExtension(**kwargs)
