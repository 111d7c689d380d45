"""Command line: `python -m generator import|add|generate|check|vocab|links|new ...`."""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import sys
from pathlib import Path

import yaml

from .ingest import importer, remote, sources
from .content.arxiv_ids import read_id
from .content.clean import normalized_title
from .content.model import ABSTRACT_PLACEHOLDER, FIELDS, ContentError, Problem, counted, long_number
from .content.store import Store, not_utf8
from .explain import ExplainError, explain
from .site.output import NotOurFolder, write_tree

DEFAULT_CONTENT = Path("content")


def today() -> dt.date:
    """Today, or the day SOURCE_DATE_EPOCH names, so builds and tests can be reproduced."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        return dt.datetime.fromtimestamp(int(epoch), tz=dt.timezone.utc).date()
    return dt.date.today()


def _read_input(path: str) -> tuple[str, bytes]:
    """(name to keep the dump under, its bytes); '-' reads a pasted page from stdin."""
    if path == "-":
        data = sys.stdin.buffer.read()
        return f"pasted-{hashlib.sha256(data).hexdigest()[:12]}.txt", data
    return Path(path).name, Path(path).read_bytes()


def _load_enrichment(path: str | None) -> tuple[dict, list[Problem]]:
    if not path:
        return {}, []
    try:
        text = Path(path).read_text(encoding="utf-8")
        data = json.loads(text) if path.endswith(".json") else yaml.safe_load(text)
    except (OSError, UnicodeDecodeError) as error:
        raise SystemExit(f"{path}:1: cannot read the enrichment file ({error})") from None
    except json.JSONDecodeError as error:
        raise SystemExit(f"{path}:{error.lineno}: not valid JSON ({error.msg})") from None
    except yaml.YAMLError as error:
        line = error.problem_mark.line + 1 if getattr(error, "problem_mark", None) else 1
        raise SystemExit(f"{path}:{line}: not valid YAML ({getattr(error, 'problem', error)})") from None
    except ValueError as error:  # a number of more digits than Python converts (4300)
        line, why, expected = long_number(text) or (1, f"cannot read the enrichment file ({error})",
                                                   "a JSON or YAML list of {title, arxiv, authors, venue} facts")
        raise SystemExit(f"{path}:{line}: {why} (expected {expected})") from None
    return importer.enrichment_index(data, path)


def run_import(paths: list[str], store: Store, enrich: str | None, added: dt.date, out=None) -> int:
    """Import dumps into paper files; print a summary. Returns the exit code."""
    out = sys.stdout if out is None else out  # looked up now, so redirected output is honoured
    warnings: list[Problem] = []
    records: list[sources.RawRecord] = []
    layouts: list[str] = []
    parsed_dumps: list[tuple[str, bytes, list[sources.RawRecord]]] = []
    for path in paths:
        try:
            name, data = _read_input(path)
        except OSError as error:
            print(f"{path}:1: cannot read the dump ({error.strerror})", file=sys.stderr)
            return 2
        shown = "<stdin>" if path == "-" else path
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            print(not_utf8(shown, data, error), file=sys.stderr)
            return 2
        parsed = sources.parse_dump(text, shown)
        if parsed.refused:
            print(parsed.refused, file=sys.stderr)
            return 2
        warnings.extend(parsed.warnings)
        layouts.append(f"{shown}: layout {parsed.layout}, {len(parsed.records)} entries")
        parsed_dumps.append((name, data, parsed.records))
    facts_by_title, enrich_problems = _load_enrichment(enrich)
    warnings.extend(enrich_problems)

    with store.writing():
        dumps: list[tuple[str, bytes]] = []
        for name, data, dump_records in parsed_dumps:
            # The name the dump is kept under, so that `sources:` names a file that holds it.
            name = store.source_name(name, data, dict(dumps))
            dumps.append((name, data))
            for record in dump_records:
                record.source = name
            records.extend(dump_records)
        outcome = importer.import_records(store, records, dumps, facts_by_title, added)
    if outcome is None:
        return 1
    warnings.extend(outcome.warnings)
    counts = outcome.counts
    for line in layouts:
        print(line, file=out)
    for warning in warnings:
        print(warning, file=sys.stderr)
    print(
        f"imported {counted(len(records), 'entry', 'entries')}: {counts['new']} new, {counts['updated']} updated, "
        f"{counts['unchanged']} unchanged, {counted(outcome.merged, 'duplicate')} merged, {counted(len(warnings), 'warning')}",
        file=out,
    )
    return 0


def run_generate(content: Path, templates: Path, out: Path, stdout=None) -> int:
    """Write the generated Markdown to `out`, touching only files whose text changed."""
    # Imported here so that `import` does not depend on the site-rendering modules.
    from .pipeline import generate

    try:
        generated = generate(content, templates)
    except ContentError as error:
        print(error, file=sys.stderr)
        print(f"{counted(len(error.problems), 'problem')}; nothing was generated", file=sys.stderr)
        return 1
    for warning in generated.warnings:
        print(warning, file=sys.stderr)
    # The pages and the exports (papers.json, feed.xml, BibTeX) that the site serves beside them.
    pages = {**generated.pages, **generated.files}
    try:
        written = write_tree(out, pages, content)
    except NotOurFolder as error:
        print(f"generate: {error}; nothing was written", file=sys.stderr)
        return 2
    print(f"generated {len(pages)} pages into {out}: {written} written, {len(pages) - written} unchanged", file=stdout)
    return 0


def run_check(content: Path, out=None, err=None, fmt: str = "text", new_since: str | None = None) -> int:
    """Print every problem of `content/` as `path:line: message` (`fmt` "github": as GitHub
    workflow annotations, on stdout, which a pull request shows on the changed lines); 1 when
    any is an error. `new_since`: a git revision; the paper files added since it are the new
    ones, on which a duplicate is reported (2, with the reason, when it names no revision)."""
    from .content.check import check_content, format_problem

    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    new: frozenset[str] = frozenset()
    if new_since is not None:
        from .review import ReviewError, new_paper_slugs

        try:
            new = new_paper_slugs(new_since, content)
        except ReviewError as error:
            print(f"check: {error}", file=err)
            return 2
    Store(content).remove_leftovers()  # a killed import's temporary files, never read as content
    problems = check_content(content, new=new)
    errors = sum(1 for p in problems if p.severity == "error")
    for problem in problems:
        print(format_problem(problem, fmt), file=out if fmt == "github" else err)
    papers = len(Store(content).paper_paths())
    reading_paths = len(Store(content).reading_path_entries()[0])
    also = f" and {reading_paths} reading path{'' if reading_paths == 1 else 's'}" if reading_paths else ""
    print(f"checked {counted(papers, 'paper file')}{also}: {counted(errors, 'error')}, "
          f"{counted(len(problems) - errors, 'warning')}", file=out)
    return 1 if errors else 0


def run_vocab(content: Path, out=None) -> int:
    """The device-like names that no alias of content/hardware.yml covers, most papers first,
    each with its papers: what to add to the vocabulary (or to its `ignore` phrases)."""
    from .content.check import read_content, device_like_names
    from .content.store import HARDWARE_FILE

    out = out or sys.stdout
    papers = device_like_names(read_content(content))
    if not papers:
        print(f"Every device-like name is an alias in content/{HARDWARE_FILE}.", file=out)
        return 0
    print(f"{counted(len(papers), 'device-like name')} that no alias in content/{HARDWARE_FILE} covers:", file=out)
    for name, where in sorted(papers.items(), key=lambda item: (-len(item[1]), item[0].casefold(), item[0])):
        print(f"\n{name} ({len(where)} paper{'' if len(where) == 1 else 's'})", file=out)
        for place in sorted(where):
            print(f"  {place}", file=out)
    return 0


def skeleton(title: str, added: dt.date, arxiv: str | None = None, abstract: str | None = None) -> str:
    """A new paper file: the title, the date added, and each field that has an example in the
    schema (`model.FIELDS`) as a comment to fill in."""
    def value(v: str) -> str:
        return yaml.safe_dump(v, default_style="'", width=10_000).strip().removesuffix("\n...").strip()

    given = {"title": value(title), "added": added.isoformat(), "arxiv": value(arxiv) if arxiv else None}
    lines = ["---"]
    for name, spec in FIELDS.items():
        if given.get(name):
            lines.append(f"{name}: {given[name]}")
        elif spec.example:
            first, *rest = spec.example.split("\n")
            lines.append(f"# {name}: {first}".rstrip())
            lines += [f"# {line}" for line in rest]
    lines += ["---", (abstract or ABSTRACT_PLACEHOLDER).strip(), ""]
    return "\n".join(lines)


def run_new(title: str, store: Store, added: dt.date, arxiv: str | None = None, abstract: str | None = None,
            out=None) -> int:
    """Write content/papers/<slug>.md for a new paper; never overwrites a file."""
    out = sys.stdout if out is None else out
    if not title.strip():
        print("new: the title is empty (expected the paper's title)", file=sys.stderr)
        return 2
    if arxiv is not None:
        given, (arxiv, why) = arxiv, read_id(arxiv)
        if arxiv is None:
            print(f"new: {given!r} is not an arXiv id{why} (expected e.g. 2404.14469); nothing was written",
                  file=sys.stderr)
            return 2
    if abstract == "-":
        abstract = sys.stdin.read()
    text = skeleton(" ".join(title.split()), added, arxiv, abstract)
    with store.writing():
        listed = already_listed(store, " ".join(title.split()), arxiv)
        if listed:
            print(f"new: {listed}; nothing was written (expected a paper not on the list yet: "
                  f"edit that file instead)", file=sys.stderr)
            return 1
        taken = {p.stem for p in store.paper_paths()}
        slug = importer.slug_for(title.strip(), taken)
        while not store.create_paper(slug, text):  # never overwrites: a taken name gets the next slug
            taken.add(slug)
            slug = importer.slug_for(title.strip(), taken)
    path = store.papers_dir / f"{slug}.md"
    print(f"wrote {store.relative(path)}: fill it in, then run `python -m generator check`", file=out)
    return 0


def already_listed(store: Store, title: str, arxiv: str | None) -> str | None:
    """What says that the paper `title` (with the arXiv id `arxiv`) is on the list already, naming
    its file and line, as `import` recognises a paper; None when it is not."""
    files = {f.slug: f for f in store.read_paper_files()}
    recogniser = importer.Recogniser([importer.Existing(f.slug, f.meta if isinstance(f.meta, dict) else {})
                                      for f in files.values()])
    slug = recogniser.find(title, arxiv)
    if slug is None:
        return None
    file = files[slug]
    if arxiv and recogniser.by_arxiv.get(arxiv) == slug:
        return f"arXiv id '{arxiv}' is on the list already: {file.path}:{file.line_of.get('arxiv', 1)}"
    same = slug in recogniser.by_title.get(normalized_title(title), [])
    return (f"{'the title' if same else 'a near-identical title'} is on the list already: "
            f"{file.path}:{file.line_of.get('title', 1)}")


def _whole(least: int):
    """An argparse type: a whole number of at least `least`."""
    def whole(text: str) -> int:
        if not text.strip().isdigit() or int(text) < least:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of {least} or more")
        return int(text)
    return whole


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    parser.add_argument("--content", default=str(DEFAULT_CONTENT), help="the content folder (default: content)")
    commands = parser.add_subparsers(dest="command", required=True)

    do_import = commands.add_parser("import", help="import Hugging Face Daily Papers dumps into content/papers/")
    do_import.add_argument("paths", nargs="+", metavar="PATH", help="dump files; '-' reads a pasted page from stdin")
    do_import.add_argument("--enrich", metavar="FILE", help="JSON/YAML list of {title, arxiv, authors, venue} facts")
    do_import.add_argument("--added", type=dt.date.fromisoformat, help="the date new papers entered the list (default: today)")

    add = commands.add_parser("add", help="add papers by arXiv id or URL, with facts from the arXiv and Hugging Face APIs")
    add.add_argument("ids", nargs="+", metavar="ID_OR_URL",
                     help="e.g. 2404.14469, arXiv:2404.14469v2, https://arxiv.org/abs/2404.14469, "
                          "https://huggingface.co/papers/2404.14469; or a BibTeX entry, or a file holding "
                          "entries (a .bib export) or a text naming ids (an issue's body)")
    add.add_argument("--added", type=dt.date.fromisoformat, help="the date new papers entered the list (default: today)")

    check = commands.add_parser("check", help="validate all of content/; print every problem; exit 1 on any error")
    check.add_argument("--format", choices=("text", "github"), default="text",
                       help="'github': GitHub workflow annotations on stdout, shown on the pull request's lines")
    check.add_argument("--explain", metavar="FILE", type=Path,
                       help="what the build derives from one paper file: hardware, topics, results, and why")
    check.add_argument("--new-since", metavar="BASE",
                       help="a git revision, e.g. origin/main: the paper files added since it are new, "
                            "and a duplicate is reported on the new file whatever the 'added' dates say")
    diff = commands.add_parser("diff", help="a Markdown summary of what the content changes against a git revision")
    diff.add_argument("base", metavar="BASE", help="the git revision to compare with, e.g. origin/main")
    diff.add_argument("--link-base", metavar="URL",
                      help="prefix of the links to paper files, e.g. https://github.com/OWNER/REPO/blob/SHA")
    commands.add_parser("vocab", help="list device-like names in no alias of hardware.yml, with their papers")

    links = commands.add_parser("links", help="check every URL of the paper files with lychee; "
                                              "print each broken one as path:line: url: status; exit 1 on any")
    links.add_argument("--timeout", type=_whole(1), default=20, metavar="SECONDS", help="for one request (default: 20)")
    links.add_argument("--max-retries", type=_whole(0), default=2, help="of a timeout or network error (default: 2)")
    links.add_argument("--max-concurrency", type=_whole(1), default=16, help="requests at a time (default: 16)")
    links.add_argument("--max-cache-age", default="1d", metavar="AGE",
                       help="how long a good URL is not checked again, e.g. 12h, 7d (default: 1d)")
    links.add_argument("--no-cache", action="store_true", help="check every URL, and keep no cache")

    new = commands.add_parser("new", help="write a skeleton paper file to fill in")
    new.add_argument("title", help="the paper's title")
    new.add_argument("--arxiv", help="its arXiv id, e.g. 2404.14469")
    new.add_argument("--abstract", help="its abstract; '-' reads it from stdin")
    new.add_argument("--added", type=dt.date.fromisoformat, help="the date it entered the list (default: today)")

    generate = commands.add_parser("generate", help="write the generated Markdown pages to a folder")
    generate.add_argument("--out", required=True, type=Path, help="the folder to write into")
    generate.add_argument("--templates", default="site_templates", type=Path, help="the Jinja2 templates folder")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    store = Store(args.content)
    if args.command == "import":
        return run_import(args.paths, store, args.enrich, args.added or today())
    if args.command == "add":
        return remote.run_add(args.ids, store, args.added or today())
    if args.command == "check" and args.explain is not None:
        try:
            print(explain(Path(args.content), args.explain))
        except ExplainError as error:
            print(error, file=sys.stderr)
            return 1
        return 0
    if args.command == "check":
        return run_check(Path(args.content), fmt=args.format, new_since=args.new_since)
    if args.command == "diff":
        from .review import run_diff

        return run_diff(args.base, Path(args.content), args.link_base)
    if args.command == "vocab":
        return run_vocab(Path(args.content))
    if args.command == "links":
        from .content.links import Settings, run_links

        return run_links(Path(args.content), Settings(args.timeout, args.max_retries, args.max_concurrency,
                                                      args.max_cache_age, cache=not args.no_cache))
    if args.command == "new":
        return run_new(args.title, store, args.added or today(), args.arxiv, args.abstract)
    if args.command == "generate":
        return run_generate(Path(args.content), args.templates, args.out)
    raise AssertionError(f"unhandled command {args.command}")
