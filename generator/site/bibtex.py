"""BibTeX for every paper: one entry per paper (bib/<slug>.bib) and all of them (papers.bib).

Keys are made from the first author's surname, the year and the title's first
word, and made unique across the list in the site's order. bibtexparser's writer
lays the entries out and pylatexenc writes the characters LaTeX reads specially;
this module picks the fields and keeps every value one that BibTeX reads as LaTeX
prints it: braces balanced as BibTeX counts them, names split as written.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from urllib.parse import quote

from bibtexparser import BibtexFormat, Library, write_string
from bibtexparser.middlewares import AddEnclosingMiddleware, MergeCoAuthors
from bibtexparser.model import Entry, Field
from pylatexenc.latexencode import RULE_DICT, UnicodeToLatexConversionRule, UnicodeToLatexEncoder

from ..content.model import Paper
from ..derive.facts import Site


def _latex_encoder(protection: str) -> UnicodeToLatexEncoder:
    """pylatexenc's encoder, its own table but for braces, `protection` around each macro."""
    # BibTeX counts every brace, even after a backslash: pylatexenc's `\{` opens a group to
    # BibTeX while LaTeX prints a brace. So a brace is written as a group of its own,
    # `{\textbraceleft}`, which BibTeX sees balanced and LaTeX prints as the brace.
    braces = UnicodeToLatexConversionRule(RULE_DICT, {ord("{"): r"{\textbraceleft}", ord("}"): r"{\textbraceright}"},
                                          replacement_latex_protection="none")
    return UnicodeToLatexEncoder(conversion_rules=[braces, "defaults"], replacement_latex_protection=protection)


# In text a macro ends with `{}` (`\textasciitilde{}`), so the next letter cannot lengthen its name.
_TEXT_LATEX = _latex_encoder("braces-after-macro")
# In a name each escape is a group of its own, as BibTeX asks of special characters in names
# (`{\&}`): one character when a style abbreviates a first name, and no backslash where a
# reader looks for the next name (bibtexparser 2 mis-splits `Ann Lee and \& Co`).
_NAME_LATEX = _latex_encoder("braces-all")


def _latex_specials() -> re.Pattern[str]:
    """A pattern of runs of the printable ASCII characters that pylatexenc writes as LaTeX
    (`\\ { } % & $ # _ ^ ~ < >`), the double quote left out."""
    # `<` and `>` come out as `\ensuremath{<}`: a bare `<` prints `¡` in LaTeX's default (OT1) fonts.
    # pylatexenc writes `"` as `''`, a closing curly quote; a braced BibTeX value takes `"` as is.
    chars = (c for c in map(chr, range(32, 127)) if c != '"' and _TEXT_LATEX.unicode_to_latex(c) != c)
    return re.compile("[" + re.escape("".join(chars)) + "]+")


# Only these characters go through pylatexenc. Everything else stays as written: letters
# beyond ASCII in UTF-8 as before (pylatexenc would write `R\'e`, and turns text to NFC), and
# pylatexenc runs Python code for every character, ten times slower than one pattern over the text.
_LATEX_SPECIALS = _latex_specials()
# Pairs of characters LaTeX prints as one (`--` a dash, ``` `` ``` and `''` quotes, `!``, `?``,
# `,,` in T1 fonts), which pylatexenc leaves as they are: an empty group between them keeps
# both as written. (`<<` and `>>` need none: pylatexenc writes `<` as `\ensuremath{<}`.)
_LIGATURE = re.compile(r"(?<=-)(?=-)|(?<=`)(?=`)|(?<=')(?=')|(?<=[!?])(?=`)|(?<=,)(?=,)")
# In a name, what BibTeX reads as structure: ` and ` between two names (in any case) and a
# comma before the first name ("Lee, Ann"). Each is put in a group, where BibTeX leaves it.
_NAME_STRUCTURE = re.compile(r"(?i)(?<!\S)and(?!\S)|,")
# In a URL: braces, backslashes, whitespace, control characters and a `%` that does not
# start a `%xx` escape; each is percent-encoded (UTF-8), which leaves the URL's meaning.
_URL_UNSAFE = re.compile(r"[{}\\\s\x00-\x1f\x7f-\x9f]|%(?![0-9A-Fa-f]{2})")


def _latex(text: str, encoder: UnicodeToLatexEncoder) -> str:
    """`text` on one line, its specials written by `encoder`, its ligatures broken."""
    escaped = _LATEX_SPECIALS.sub(lambda m: encoder.unicode_to_latex(m.group(0)), " ".join(text.split()))
    return _LIGATURE.sub("{}", escaped)


def bibtex_escape(text: str) -> str:
    """Text as a BibTeX field value shows it: specials escaped, every brace balanced as
    BibTeX counts them, so no value can end its entry early or start another."""
    return _latex(text, _TEXT_LATEX)


def bibtex_name(name: str) -> str:
    """One author as a name of an `author` field: escaped, and read by BibTeX as one name in
    the order written ("First von Last"), whatever words and commas it holds."""
    return _NAME_STRUCTURE.sub(lambda m: "{" + m.group(0) + "}", _latex(name, _NAME_LATEX))


def bibtex_url(url: str) -> str:
    """A URL (or arXiv id) as a BibTeX field value: the characters that could unbalance it
    or break it in LaTeX's `\\url` percent-encoded; an existing `%xx` is kept."""
    return _URL_UNSAFE.sub(lambda m: quote(m.group(0), safe=""), url)


_NOT_ASCII_WORD = re.compile(r"[^a-z0-9]")
_TITLE_WORD_BREAK = re.compile(r"[\s:\-–—/]+")


def _ascii_word(text: str) -> str:
    return _NOT_ASCII_WORD.sub("", unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower())


_SKIP_WORDS = frozenset({"a", "an", "the", "on", "of", "for", "to", "in", "and", "with", "towards", "toward"})


def base_key(paper: Paper) -> str:
    """`lastnameYEARword`, ASCII: li2024snapkv; `anon` when no author is known."""
    return _base_key(paper.authors[0] if paper.authors else None, paper.year, paper.title)


# Every build asks for every paper's key (a preview too, for one changed paper): a memo.
@lru_cache(maxsize=1 << 15)
def _base_key(first_author: str | None, year: int | None, title: str) -> str:
    author = _ascii_word(first_author.split()[-1]) if first_author is not None else ""
    words = (_ascii_word(w) for w in _TITLE_WORD_BREAK.split(title))
    word = next((w for w in words if w and w not in _SKIP_WORDS), "paper")
    return f"{author or 'anon'}{year or ''}{word}"


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


def _layout() -> BibtexFormat:
    """The writer's layout: `  name = {value}` a line, a blank line between two entries."""
    layout = BibtexFormat()
    layout.indent = "  "
    layout.block_separator = "\n"
    return layout


def bibtex_entry(paper: Paper, key: str | None = None) -> str:
    """One entry: @misc in arXiv's style (eprint, archivePrefix) when the arXiv id is known."""
    # Values are given escaped; the writer joins the names with ` and ` and puts every value
    # in braces. The title's own braces keep its case.
    fields = [Field("title", "{" + bibtex_escape(paper.title) + "}")]
    names = [bibtex_name(a) for a in paper.authors if a.strip()]
    if names:
        fields.append(Field("author", names))
    if paper.year:
        fields.append(Field("year", str(paper.year)))
    if paper.published:
        fields.append(Field("month", str(paper.published.month)))
    if paper.arxiv:
        fields += [Field("eprint", bibtex_url(paper.arxiv)), Field("archivePrefix", "arXiv"),
                   Field("url", bibtex_url(paper.arxiv_url))]
    elif paper.project or paper.code:
        fields.append(Field("url", bibtex_url(paper.project or paper.code)))
    if paper.venue:
        fields.append(Field("note", bibtex_escape(paper.venue)))
    # In place: the library is this call's own, so the writer need not copy it first.
    unparse = [MergeCoAuthors(allow_inplace_modification=True),
               AddEnclosingMiddleware(reuse_previous_enclosing=False, enclose_integers=True, default_enclosing="{",
                                      allow_inplace_modification=True)]
    return write_string(Library([Entry("misc", key or base_key(paper), fields)]), unparse_stack=unparse,
                        bibtex_format=_layout())


def bibtex_all(site: Site, entries: dict[str, str] | None = None) -> str:
    """Every paper, in the site's order (newest first), as the writer separates entries;
    `entries` are slug -> `bibtex_entry` when the caller has them already."""
    if entries is None:
        keys = bibtex_keys(site)
        entries = {p.slug: bibtex_entry(p, keys[p.slug]) for p in site.papers}
    return _layout().block_separator.join(entries[p.slug] for p in site.papers)
