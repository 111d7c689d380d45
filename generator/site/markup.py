"""Text from content as HTML (and, in a few headings, Markdown), and the links between pages.

Every text from content is escaped once: by Jinja2's autoescaping in the
templates, or here, for the markup the render filters build (`text`, `anchor`).
Links in raw HTML are not rewritten by MkDocs, so they are written as the served
pages' relative URLs (`url_between`).
"""

from __future__ import annotations

import bisect
import html
import json
import re
from typing import Any

from jinja2 import pass_context
from markupsafe import Markup, escape

from . import pages
from ..derive.mentions import Mention
from ..content.front_matter import is_http_url
from ..content.model import Paper
from ..derive.sentences import sentence_spans


def safe_href(url: str) -> Markup:
    """An attribute-safe href for an http(s) URL from content; anything else is refused."""
    if not is_http_url(url):
        raise ValueError(f"refusing a non-http(s) URL {url!r}")
    return Markup(html.escape(url, quote=True))


def paper_uri(slug: str) -> str:
    return f"papers/{slug}.md"


def hardware_uri(node_id: str) -> str:
    return f"hardware/{node_id}.md"


def versus_uri(first: str, second: str) -> str:
    """The one page of two devices, whichever is named first: ids in alphabetical order."""
    a, b = sorted((first, second))
    return f"hardware/compare/{a}-vs-{b}.md"


def topic_uri(topic_id: str) -> str:
    return f"topics/{topic_id}.md"


def reading_path_uri(name: str) -> str:
    return f"paths/{name}.md"


def served_url(uri: str) -> str:
    """The URL a source URI is served at, from the site's root: `papers/x.md` -> `papers/x/`,
    `index.md` -> ``; a file that is no page (`feed.xml`) keeps its path."""
    if not uri.endswith(".md"):
        return uri
    folder = pages.served_dir(uri)
    return f"{folder}/" if folder else ""


def url_between(from_uri: str, to_uri: str) -> str:
    """The relative URL of `to_uri` (a source URI, maybe with a #fragment) from the page
    `from_uri` is served as: up from the page's folder to the folder both are in, then down.
    (MkDocs' `get_relative_url` gives the same URL; this is what every link of a build asks.)"""
    path, hash_mark, fragment = to_uri.partition("#")
    target = served_url(path)
    down = target.rstrip("/").split("/") if target else []
    base = served_url(from_uri)
    base = base if base.endswith("/") else base.rpartition("/")[0]  # a file's folder ("bib/x.bib": "bib")
    up = base.rstrip("/").split("/") if base else []
    shared = 0
    while shared < len(up) and shared < len(down) and up[shared] == down[shared]:
        shared += 1
    url = "/".join([".."] * (len(up) - shared) + down[shared:]) or "."
    if not target or target.endswith("/"):
        url += "/"
    return url + hash_mark + fragment


# Line breaks as Python-Markdown reads them. Text from content is written on one line (HTML
# shows a line break as a space): no line of a page's HTML can then start with a `#` of its
# own, which Markdown (and html_blocks.py) would take for a heading.
_LINE_BREAKS = re.compile(r"[ \t]*[\r\n]+[ \t]*")


def one_line(value: Any) -> str:
    value = str(value)
    # Most text holds no line break: looking for one costs a fortieth of the regex's pass.
    return _LINE_BREAKS.sub(" ", value) if "\n" in value or "\r" in value else value


def text(value: Any) -> Markup:
    """Text from content as HTML: escaped, on one line; Markup passes unchanged."""
    return value if isinstance(value, Markup) else escape(one_line(value))


def anchor(href: str, content: Any, css: str | None = None) -> Markup:
    """`<a href="href">content</a>`, `content` escaped unless it is Markup already."""
    attrs = f' class="{css}"' if css else ""
    return Markup(f'<a{attrs} href="{href}">{text(content)}</a>')


@pass_context
def link(context, text: Any, to_uri: str, css: str | None = None) -> Markup:
    """A link from the page being rendered to another page or file of the site."""
    return anchor(url_between(context["page_uri"], to_uri), text, css)


@pass_context
def url(context, to_uri: str) -> str:
    """The relative URL of a page or file of the site from the page being rendered."""
    return url_between(context["page_uri"], to_uri)


@pass_context
def topic_link(context, topic: Any, css: str | None = None) -> Markup:
    """A link to a topic's page, its name as the text."""
    return anchor(url_between(context["page_uri"], topic_uri(topic.id)), topic.name, css)


def paragraphs(value: Any) -> Markup:
    """Plain text as HTML paragraphs, each on one line: a blank line starts a new one, as in Markdown."""
    return _paragraphs(str(escape(value)))


def _paragraphs(html_text: str) -> Markup:
    return Markup("\n".join(f"<p>{one_line(part.strip())}</p>" for part in _BLANK_LINE.split(html_text)
                            if part.strip()))


_BLANK_LINE = re.compile(r"\n[ \t]*\r?\n|\r[ \t]*\r")


# What a YAML reader refuses in a stream (and NEL, LS and PS, which it reads as line
# breaks, folding them away inside a quoted string): written as \u escapes instead.
_NOT_PLAIN_IN_YAML = re.compile("[^\x09\x0A\x0D\x20-\x7E\xA0-\u2027\u202A-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")


def _yaml_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def front_matter(meta: dict[str, Any]) -> Markup:
    """`meta` as YAML, keys in the order given: one JSON line, which YAML reads as a flow mapping.

    The JSON encoder is many times faster than a YAML emitter, and front matter is
    written on every one of the site's pages.
    """
    return Markup(_NOT_PLAIN_IN_YAML.sub(_yaml_escape, json.dumps(meta, ensure_ascii=False)))


def html_text(value: Any) -> str:
    """Text for the places Material writes front matter into HTML as is (<title>)."""
    return html.escape(str(value), quote=True)


# The characters Python-Markdown lets a backslash escape (its ESCAPED_CHARS, less ">",
# which HTML escaping writes as &gt;).
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!])")


def markdown_text(value: Any) -> Markup:
    """Text for the few Markdown headings that hold text from content (their sections feed
    the table of contents): Markdown's special characters backslash-escaped, then
    HTML-escaped, so that the heading shows the text as written."""
    return Markup(html.escape(_MARKDOWN_SPECIAL.sub(r"\\\1", one_line(value)), quote=False))


def abstract_with_links(paper: Paper, mentions: tuple[Mention, ...], page_uri: str) -> Markup:
    """The abstract as HTML paragraphs, with each name of another listed paper linked to it:
    the first time a paragraph names it (one link is enough to follow)."""
    paragraph_ends = [match.start() for match in _BLANK_LINE.finditer(paper.abstract)]
    linked: set[tuple[int, str]] = set()
    out, at = [], 0
    for mention in sorted(mentions, key=lambda m: (m.start, m.end, m.target)):
        where = (bisect.bisect(paragraph_ends, mention.start), mention.target)
        if mention.start < at or where in linked:
            continue
        linked.add(where)
        out.append(escape(paper.abstract[at:mention.start]))
        out.append(anchor(url_between(page_uri, paper_uri(mention.target)), paper.abstract[mention.start:mention.end]))
        at = mention.end
    out.append(escape(paper.abstract[at:]))
    return _paragraphs("".join(out))


def first_sentence(value: Any) -> str:
    """The first sentence of a text (a topic's description, shown in a list of topics)."""
    value = one_line(value).strip()
    spans = sentence_spans(value)
    return value[:spans[0][1]].strip() if spans else value


def after_first_sentence(value: Any) -> str:
    """What a text says after its first sentence (a topic's description below the summary that
    shows its first sentence); empty when it is one sentence."""
    value = str(value).strip()
    spans = sentence_spans(value)
    return value[spans[1][0]:].strip() if len(spans) > 1 else ""


# The length of a page's meta description, which search engines show under its title.
DESCRIPTION_LIMIT = 160


def description(value: Any, page: pages.Page | None = None) -> str:
    """A page's meta description: the first sentence of `value`, cut at a word to at most
    DESCRIPTION_LIMIT characters (an ellipsis marks the cut); on the second and later pages
    of a listing, which page it is. Plain text: Material writes it as it is given, so the
    templates escape it (`html_text`)."""
    summary = first_sentence(value)
    if len(summary) > DESCRIPTION_LIMIT:
        cut = summary[:DESCRIPTION_LIMIT]  # a character short of the limit, with the ellipsis
        space = cut.rfind(" ")
        summary = (cut[:space] if space > DESCRIPTION_LIMIT // 2 else cut[:-1]).rstrip(" ,;:-–—") + "…"
    if page is not None and page.number > 1:
        summary += f" Page {page.number} of {page.count}."
    return summary
