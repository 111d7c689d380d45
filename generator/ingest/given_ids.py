"""What `add` is given, read as arXiv ids: ids and URLs as typed, a BibTeX entry (what Zotero
and Google Scholar export), or a text that holds ids or URLs (an issue's body, read by the
"Suggest a paper" workflow).

A BibTeX entry names its arXiv paper in one of four ways, all read with bibtexparser:
`eprint = {2404.14469}` (with `archivePrefix = {arXiv}`, or alone), a `url` or `doi` on
arxiv.org (`10.48550/arXiv.2404.14469`), or a `journal` such as "arXiv preprint
arXiv:2404.14469". An entry that names none is reported by its key, with what to do.
"""

from __future__ import annotations

import re

import bibtexparser

from ..content.arxiv_ids import ID_SHAPE

# Where an id (the one shape `content.arxiv_ids` defines) can stand in free text: after "arXiv:",
# "arxiv.org/abs/", "papers/", or alone.
_IN_TEXT = re.compile(r"(?<![\w./:-])(?i:(?:https?://)?(?:www\.|export\.)?(?:arxiv\.org/(?:abs|pdf|html)|"
                      r"huggingface\.co/papers)/|arxiv:\s*)?" + ID_SHAPE + r"(?![\w.]\w)")
_DOI = re.compile(r"10\.48550/arxiv\.(\S+)", re.I)


def is_bibtex(text: str) -> bool:
    """Whether `text` holds a BibTeX entry (`@article{...`)."""
    return re.search(r"@\s*[A-Za-z]+\s*[{(]", text) is not None


def ids_in_text(text: str) -> list[str]:
    """The arXiv ids and URLs a free text holds, in order, each once (as written)."""
    return list(dict.fromkeys(match.group(0).strip() for match in _IN_TEXT.finditer(text)))


def ids_in_bibtex(text: str) -> tuple[list[str], list[str]]:
    """(the arXiv ids the BibTeX entries of `text` name, in order; a problem for each entry that
    names none, or for text that holds no entry)."""
    library = bibtexparser.parse_string(text)
    found, problems = [], []
    for entry in library.entries:
        fields = {field.key.lower(): str(field.value) for field in entry.fields}
        named = None
        if fields.get("eprint") and fields.get("archiveprefix", "arxiv").lower() == "arxiv":
            named = fields["eprint"].strip()
        for key in ("url", "doi", "journal", "note", "howpublished"):
            if named is None and fields.get(key):
                doi = _DOI.search(fields[key])
                in_text = ids_in_text(fields[key])
                named = doi.group(1) if doi else (in_text[0] if in_text else None)
        if named is None:
            problems.append(f"the BibTeX entry {entry.key!r} names no arXiv paper (expected eprint = {{2404.14469}}, "
                            f"an arxiv.org URL or an arXiv DOI; a paper not on arXiv is added with "
                            f"`python -m generator new TITLE`)")
        else:
            found.append(named)
    if not library.entries:
        problems.append("no BibTeX entry could be read (expected @article{key, title = {...}, eprint = {...}})")
    return list(dict.fromkeys(found)), problems
