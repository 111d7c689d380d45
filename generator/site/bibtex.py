"""BibTeX for every paper: one entry per paper (bib/<slug>.bib) and all of them (papers.bib).

Keys are made from the first author's surname, the year and the title's first
word, and made unique across the list in the site's order. Text is escaped so
that BibTeX sees every brace balanced and LaTeX prints what the paper says.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

from ..content.model import Paper
from ..derive.facts import Site

# BibTeX counts every brace, even after a backslash: `\{` opens a group to BibTeX while
# LaTeX prints a brace. So a brace in the text is written as a group of its own,
# `{\textbraceleft}`, which BibTeX sees balanced and LaTeX prints as the brace.
# `~` and `^` are written as the characters themselves (`\~{}` and `\^{}` are accents, which
# LaTeX prints raised: "˜2x faster").
_BIBTEX_SPECIAL = {
    "\\": r"\textbackslash{}", "{": r"{\textbraceleft}", "}": r"{\textbraceright}", "%": r"\%", "&": r"\&",
    "$": r"\$", "#": r"\#", "_": r"\_", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}",
}
_BIBTEX_RE = re.compile("|".join(re.escape(c) for c in _BIBTEX_SPECIAL))
# Pairs of characters LaTeX prints as one (`--` a dash, ``` `` ``` and `''` quotes, `!``, `?``,
# and `,,` `<<` `>>` in T1 fonts): an empty group between them keeps both as written.
_LIGATURE = re.compile(r"(?<=-)(?=-)|(?<=`)(?=`)|(?<=')(?=')|(?<=[!?])(?=`)|(?<=,)(?=,)|(?<=<)(?=<)|(?<=>)(?=>)")
# In a name each escape is a group of its own, as BibTeX asks of special characters in names
# (`{\&}`): one character when a style abbreviates a first name, and no backslash where a
# reader looks for the next name (bibtexparser 2 mis-splits `Ann Lee and \& Co`).
_NAME_SPECIAL = {char: escape if escape.startswith("{") else "{" + escape.removesuffix("{}") + "}"
                 for char, escape in _BIBTEX_SPECIAL.items()}
# In a name, what BibTeX reads as structure: ` and ` between two names (in any case) and a
# comma before the first name ("Lee, Ann"). Each is put in a group, where BibTeX leaves it.
_NAME_STRUCTURE = re.compile(r"(?i)(?<!\S)and(?!\S)|,")
# In a URL: braces, backslashes, whitespace, control characters and a `%` that does not
# start a `%xx` escape; each is percent-encoded (UTF-8), which leaves the URL's meaning.
_URL_UNSAFE = re.compile(r"[{}\\\s\x00-\x1f\x7f-\x9f]|%(?![0-9A-Fa-f]{2})")


def _escape(text: str, special: dict[str, str]) -> str:
    escaped = _BIBTEX_RE.sub(lambda m: special[m.group(0)], " ".join(text.split()))
    return _LIGATURE.sub("{}", escaped)


def bibtex_escape(text: str) -> str:
    """Text as a BibTeX field value shows it: specials escaped, every brace balanced as
    BibTeX counts them, so no value can end its entry early or start another."""
    return _escape(text, _BIBTEX_SPECIAL)


def bibtex_name(name: str) -> str:
    """One author as a name of an `author` field: escaped, and read by BibTeX as one name in
    the order written ("First von Last"), whatever words and commas it holds."""
    return _NAME_STRUCTURE.sub(lambda m: "{" + m.group(0) + "}", _escape(name, _NAME_SPECIAL))


def bibtex_url(url: str) -> str:
    """A URL (or arXiv id) as a BibTeX field value: the characters that could unbalance it
    or break it in LaTeX's `\\url` percent-encoded; an existing `%xx` is kept."""
    return _URL_UNSAFE.sub(lambda m: quote(m.group(0), safe=""), url)


_NOT_ASCII_WORD = re.compile(r"[^a-z0-9]")
_TITLE_WORD_BREAK = re.compile(r"[\s:\-–—/]+")


def _ascii_word(text: str) -> str:
    return _NOT_ASCII_WORD.sub("", unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower())


_SKIP_WORDS = {"a", "an", "the", "on", "of", "for", "to", "in", "and", "with", "towards", "toward"}


def base_key(paper: Paper) -> str:
    """`lastnameYEARword`, ASCII: li2024snapkv; `anon` when no author is known."""
    author = _ascii_word(paper.authors[0].split()[-1]) if paper.authors else ""
    words = (_ascii_word(w) for w in _TITLE_WORD_BREAK.split(paper.title))
    word = next((w for w in words if w and w not in _SKIP_WORDS), "paper")
    return f"{author or 'anon'}{paper.year or ''}{word}"


def bibtex_keys(site: Site) -> dict[str, str]:
    """slug -> a key unique in the list. On a clash the paper added later gets a, b, ... so
    the keys of papers already listed never change."""
    keys: dict[str, str] = {}
    taken: set[str] = set()
    order = sorted(site.papers, key=lambda p: (p.added.toordinal() if p.added else 0, p.slug))
    for paper in order:
        base = key = base_key(paper)
        suffix = 0
        while key in taken:
            key = base + "abcdefghijklmnopqrstuvwxyz"[suffix % 26] * (suffix // 26 + 1)
            suffix += 1
        taken.add(key)
        keys[paper.slug] = key
    return keys


def bibtex_entry(paper: Paper, key: str | None = None) -> str:
    """One entry: @misc in arXiv's style (eprint, archivePrefix) when the arXiv id is known."""
    fields: list[tuple[str, str]] = [("title", "{" + bibtex_escape(paper.title) + "}")]
    names = [bibtex_name(a) for a in paper.authors if a.strip()]
    if names:
        fields.append(("author", " and ".join(names)))
    if paper.year:
        fields.append(("year", str(paper.year)))
    if paper.published:
        fields.append(("month", str(paper.published.month)))
    if paper.arxiv:
        fields += [("eprint", bibtex_url(paper.arxiv)), ("archivePrefix", "arXiv"),
                   ("url", bibtex_url(paper.arxiv_url))]
    elif paper.project or paper.code:
        fields.append(("url", bibtex_url(paper.project or paper.code)))
    if paper.venue:
        fields.append(("note", bibtex_escape(paper.venue)))
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@misc{{{key or base_key(paper)},\n{body}\n}}\n"


def bibtex_all(site: Site, entries: dict[str, str] | None = None) -> str:
    """Every paper, in the site's order (newest first); `entries` are slug -> `bibtex_entry`
    when the caller has them already."""
    if entries is None:
        keys = bibtex_keys(site)
        entries = {p.slug: bibtex_entry(p, keys[p.slug]) for p in site.papers}
    return "\n".join(entries[p.slug] for p in site.papers)
