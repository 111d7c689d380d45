"""`add`: papers by their arXiv ids, from the arXiv API and the Hugging Face papers API.

An input source like the dumps. What the APIs say of each paper is kept in
content/sources/ as `arxiv-<id>.json`: arXiv's facts (title, authors, abstract,
date of first publication, DOI) in the shape of a Hugging Face paper object, and
Hugging Face's upvotes, code repository and project page when it knows the paper
(a 404 there only means it does not). `sources` reads that file as it reads any
saved API response, and `importer.import_records` merges the records as every
import does: same slugs, same recognition, same lock, nothing overwritten. A paper
already in the list that the APIs add no field to is left alone, and its new
answer is not kept: a second `add` of an id changes nothing.

Everything is fetched before anything is written, with a short timeout and no
retries: an API that cannot be reached or answers with an error, or an id arXiv
does not know, stops `add` with a message saying which, and nothing is written.
The APIs' addresses are `run_add`'s arguments, else $READING_LIST_ARXIV_API
(default https://export.arxiv.org/api/query) and $HF_ENDPOINT (huggingface_hub's
own variable; default https://huggingface.co): tests point them at a local server.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from . import importer, sources
from .given_ids import ids_in_bibtex, ids_in_text, is_bibtex
from .importer import host_of
from ..content.arxiv_ids import ID_SHAPE, id_problem, without_version
from ..content.store import Store

ARXIV_API = "https://export.arxiv.org/api/query"
HF_ENDPOINT = "https://huggingface.co"
TIMEOUT_SECONDS = 10.0
ARXIV_DELAY_SECONDS = 3.0  # between two requests to the arXiv API, as its terms of use ask
EXAMPLES = ("2404.14469, arXiv:2404.14469v2, https://arxiv.org/abs/2404.14469 or "
            "https://huggingface.co/papers/2404.14469")

# An id as arXiv writes it (arxiv_ids.py has the rule), and a version, which is dropped: a
# paper file names the paper, not one of its versions.
_ID = ID_SHAPE
_GIVEN = re.compile(rf"(?:(?i:arxiv):\s*)?{_ID}\Z")
_URL = re.compile(rf"(?i:(?:https?://)?(?:www\.|export\.)?(?:arxiv\.org/(?:abs|pdf|html)|huggingface\.co/papers))"
                  rf"/{_ID}(?i:\.pdf)?/?(?:[?#].*)?\Z")


def arxiv_id(given: str) -> str | None:
    """The arXiv id (without its version) that an id or a URL names; None if it names none."""
    text = given.strip()
    match = _GIVEN.match(text) or _URL.match(text)
    if match is None or id_problem(match.group("id")) is not None:
        return None
    return match.group("id")


def why_not_an_id(given: str) -> str:
    """'; ' and what is wrong with the id `given` is shaped like ('; ids since 2015 have five
    digits after the dot: did you mean ...?'), or ''."""
    text = given.strip()
    match = _GIVEN.match(text) or _URL.match(text)
    why = id_problem(match.group("id")) if match else None
    return f"; {why}" if why else ""


class FetchError(Exception):
    """An API could not be reached (`unreachable`), answered with an error, or does not know a paper."""

    def __init__(self, message: str, unreachable: bool = False):
        super().__init__(message)
        self.unreachable = unreachable


def run_add(ids: list[str], store: Store, added: dt.date, out=None, err=None, *, arxiv_api: str | None = None,
            hf_endpoint: str | None = None, timeout: float = TIMEOUT_SECONDS) -> int:
    """Add (or complete) the papers the ids or URLs name; print what happened to each.
    Returns the exit code: 0, 1 when an API failed or a paper file is broken, 2 for a bad id."""
    out = sys.stdout if out is None else out  # looked up now, so redirected output is honoured
    err = sys.stderr if err is None else err
    wanted: list[str] = []
    for given in _expanded(ids, err):
        found = arxiv_id(given) if given is not None else None
        if found is None:
            if given is not None:
                print(f"add: {given!r} is not an arXiv id or URL{why_not_an_id(given)} (expected e.g. {EXAMPLES}); "
                      f"nothing was written", file=err)
            return 2
        if found not in wanted:
            wanted.append(found)
    if not wanted:
        print(f"add: no arXiv id given (expected e.g. {EXAMPLES})", file=err)
        return 2
    arxiv_api = arxiv_api or os.environ.get("READING_LIST_ARXIV_API") or ARXIV_API
    hf_endpoint = hf_endpoint or os.environ.get("HF_ENDPOINT") or HF_ENDPOINT
    try:
        facts = fetch_arxiv(wanted, arxiv_api, timeout)
        hugging_face = fetch_hugging_face(wanted, hf_endpoint, timeout)
    except FetchError as error:
        print(f"add: {error}; nothing was written", file=err)
        listed = _listed_arxiv_ids(store) if error.unreachable else {}
        for paper in wanted if error.unreachable else ():  # offline: what it can say without the network
            if paper in listed:
                print(f"{paper}: already on the list as {listed[paper]}", file=err)
            else:
                print(f"{paper}: to add it without the network, `python -m generator new --arxiv {paper} "
                      f"'TITLE'` writes a file to fill in (or suggest it in an issue: the repository's workflow "
                      f"adds it)", file=err)
        return 1

    dumps: list[tuple[str, bytes, sources.ParsedDump]] = []
    for paper in wanted:
        name = f"arxiv-{paper.replace('/', '-')}.json"
        data = snapshot(facts[paper], hugging_face[paper])
        dump = sources.parse_dump(data.decode("utf-8"), name)
        if not dump.records:
            print(f"add: arXiv's answer for {paper} has no title or no abstract; nothing was written", file=err)
            return 1
        dumps.append((name, data, dump))

    with store.writing():
        kept: list[tuple[str, bytes]] = []
        for name, data, dump in dumps:
            # The name the answer is kept under, so that `sources:` names a file that holds it.
            name = store.source_name(name, data, dict(kept))
            kept.append((name, data))
            for record in dump.records:
                record.source = name
        records = [record for _, _, dump in dumps for record in dump.records]
        outcome = importer.import_records(store, records, kept, {}, added, err=err, list_sources_adding_nothing=False)
    if outcome is None:
        return 1
    for problem in [w for _, _, dump in dumps for w in dump.warnings] + outcome.warnings:
        print(problem, file=err)
    for paper, (_, _, dump) in zip(wanted, dumps):
        slug = outcome.slug_of_arxiv[paper]  # each id its own paper, even where two share a title
        path = store.relative(store.papers_dir / f"{slug}.md")
        said = {"new": f"new, {path}", "updated": f"filled the missing fields of {path}",
                "unchanged": f"already in the list as {path}; nothing to add"}
        print(f"{paper}: {said[outcome.papers[slug]]}", file=out)
    counts = outcome.counts
    print(f"added {len(wanted)} arXiv id{'s' if len(wanted) > 1 else ''}: {counts['new']} new, "
          f"{counts['updated']} updated, {counts['unchanged']} unchanged", file=out)
    return 0


def _expanded(given: list[str], err) -> list[str | None]:
    """Each given id or URL; a BibTeX entry (given as text or in a .bib file) or a text file
    (an issue's body) read for the ids it names. None after a problem, which is printed."""
    out: list[str | None] = []
    for item in given:
        path = Path(item)
        text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else None
        if text is None and not is_bibtex(item):
            out.append(item)
            continue
        text = item if text is None else text
        if is_bibtex(text):
            found, problems = ids_in_bibtex(text)
            for problem in problems:
                print(f"add: {item if text is not item else 'BibTeX'}: {problem}; nothing was written", file=err)
            if problems:
                return [*out, None]
        else:
            found = ids_in_text(text)
            if not found:
                print(f"add: {item}: names no arXiv id or URL (expected e.g. {EXAMPLES}); nothing was written",
                      file=err)
                return [*out, None]
        out += found
    return out


def _listed_arxiv_ids(store: Store) -> dict[str, str]:
    """arXiv id -> the paper file (as shown) that names it, for the files that read."""
    listed = {}
    for paper_file in store.read_paper_files():
        arxiv = paper_file.meta.get("arxiv") if isinstance(paper_file.meta, dict) else None
        if isinstance(arxiv, str):
            listed.setdefault(arxiv.strip(), store.relative(Path(paper_file.path)))
    return listed


def snapshot(arxiv: dict[str, Any], hugging_face: dict[str, Any] | None) -> bytes:
    """The file kept in content/sources/: the same answers give the same bytes."""
    text = json.dumps({"arxiv": arxiv, "huggingface": hugging_face}, indent=2, ensure_ascii=False)
    return f"{text}\n".encode("utf-8")


def fetch_arxiv(ids: list[str], api: str, timeout: float) -> dict[str, dict[str, Any]]:
    """Each paper's facts from the arXiv API (one query for all), as a paper object."""
    import arxiv
    import requests

    class Session(requests.Session):
        """arxiv.Client's session, with a timeout: the client sets none, so it could wait for ever."""

        def request(self, *args, **kwargs):
            kwargs.setdefault("timeout", timeout)
            return super().request(*args, **kwargs)

    # No retries: an answer now or a message now. One request for all the ids.
    client = arxiv.Client(page_size=len(ids), delay_seconds=ARXIV_DELAY_SECONDS, num_retries=0)
    client.query_url_format = f"{api}?{{}}"
    client._session = Session()
    where = f"the arXiv API ({host_of(api)})"
    results = []
    try:
        for result in client.results(arxiv.Search(id_list=ids, max_results=len(ids))):
            results.append(result)
    except arxiv.UnexpectedEmptyPageError:
        pass  # arXiv counts an id it does not know among the results, and the client asked for it again
    except requests.RequestException as error:
        raise FetchError(f"cannot reach {where}: {_reason(error, timeout)}", unreachable=True) from None
    except arxiv.HTTPError as error:
        raise FetchError(f"{where} answered HTTP {error.status}") from None
    except (arxiv.ArxivError, ValueError) as error:
        raise FetchError(f"{where} answered with a feed that cannot be read ({error})") from None
    found: dict[str, dict[str, Any]] = {}
    for result in results:
        fact = {
            "id": without_version(result.get_short_id()),
            "title": result.title,
            "authors": [{"name": author.name} for author in result.authors],
            "publishedAt": result.published.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "summary": result.summary,
        }
        if result.doi:
            fact["doi"] = result.doi
        found.setdefault(fact["id"], fact)
    missing = [paper for paper in ids if paper not in found]
    if missing:
        raise FetchError(f"arXiv has no paper {', '.join(missing)} ({where} answered without it)")
    return found


def fetch_hugging_face(ids: list[str], endpoint: str, timeout: float) -> dict[str, dict[str, Any] | None]:
    """Each paper's upvotes, code repository and project page from the Hugging Face papers
    API; None for a paper it does not know (404)."""
    import httpx2
    from huggingface_hub import HfApi, get_session
    from huggingface_hub.errors import HfHubHTTPError

    # huggingface_hub's shared client waits for ever unless told otherwise.
    get_session().timeout = timeout
    api = HfApi(endpoint=endpoint.rstrip("/"))
    where = f"the Hugging Face API ({host_of(endpoint)})"
    found: dict[str, dict[str, Any] | None] = {}
    for paper in ids:
        try:
            info = api.paper_info(paper)
        except HfHubHTTPError as error:
            status = error.response.status_code
            if status == 404:
                found[paper] = None
                continue
            raise FetchError(f"{where} answered HTTP {status} for {paper}") from None
        except (httpx2.HTTPError, OSError) as error:
            raise FetchError(f"cannot reach {where}: {_reason(error, timeout)}", unreachable=True) from None
        except (ValueError, TypeError, AttributeError, KeyError) as error:
            # Not JSON, not an object, or an object huggingface_hub's PaperInfo cannot read
            # ({"paper": 5}: AttributeError; a linked model without "id": KeyError).
            detail = f"no {error}" if isinstance(error, KeyError) else str(error)
            raise FetchError(f"{where} answered for {paper} with something that is not a paper ({detail})") from None
        facts = {"upvotes": info.upvotes, "githubRepo": info.github_repo, "projectPage": info.project_page}
        found[paper] = {"id": paper, **{key: value for key, value in facts.items() if value not in (None, "")}}
    return found


def _reason(error: Exception, timeout: float) -> str:
    """Why a request failed, in a few words: the OS's own ('[Errno 111] Connection refused')."""
    if "timeout" in type(error).__name__.lower() or "timed out" in str(error):
        return f"no answer within {timeout:g} s"
    found = re.search(r"\[Errno -?\d+\][^)'\"\]]*", str(error))
    if found:
        return found.group(0).strip().rstrip(".,")
    return str(error)[:200] or type(error).__name__
