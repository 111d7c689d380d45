"""`python -m generator check`: validate all of `content/` and report every problem.

One pass reads the taxonomy files and every paper file, checks each file's
front matter against the schema (`model`), the hardware and topic ids against
the vocabularies, and the papers against each other (duplicates), and returns
every problem found, located by file and line. The CLI prints them, and
`pipeline.generate` (so `mkdocs build`) raises them: the
messages are the same everywhere.

Cross-file checks are indexed, so they stay fast at 10,000 papers: exact
duplicates by dictionary, near-identical titles by comparing only titles that
share one of their rarest words.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .arxiv_ids import is_arxiv_id, month_name, month_start
from .clean import normalized_title
from .hardware import Hardware
from .topics import Topics
from .model import ContentError, Paper, Problem, closest, printable
from .paper_file import PaperFile
from .reading_paths import ReadingPath, read_reading_path
from .store import HARDWARE_FILE, TOPICS_FILE, Store
from .titles import NEAR_IDENTICAL, TitleIndex
from .vocabularies import load_hardware, load_topics

# Tokens shaped like a device name: a product family and a number (RTX 5080,
# TPU v6e, Gaudi 3), or a code of capitals and digits (MI325X, H200, GB200).
DEVICE_FAMILIES = ("RTX", "GTX", "Tesla", "Quadro", "Radeon", "Instinct", "Xeon", "EPYC", "Ryzen", "Gaudi",
                   "TPU", "Jetson", "Snapdragon", "Ascend", "Exynos", "Dimensity", "Kirin", "Trainium",
                   "Inferentia", "Graviton", "Alveo", "Virtex", "Versal", "Kria")
DEVICE_LIKE = re.compile(
    r"(?<![\w.+-])(?:"
    r"(?:" + "|".join(DEVICE_FAMILIES) + r")[ -]?(?:[A-Z]{1,3} ?)?v?\d+[A-Za-z]{0,3}"
    r"|[A-Z]{1,3}\d{2,4}[A-Z]{0,2}"
    r")(?![\w-])"
)
# Codes of that shape that are not devices: number formats, benchmarks, metrics, models.
NOT_DEVICE = re.compile(
    r"^(?:FP|BF|TF|INT|UINT|NF|MX|E|W|KV|AP|AR|ADE|VGG|AVX|SSE|SM|ARM|X|P|R|Q|GPT|BERT|T|COCO|CIFAR|"
    r"VOC|LLM|ISO|IEEE|CVE|DDR|GDDR|HBM|LPDDR|PCIE|USB|HDMI|ID|CVPR|ICML|ICLR|NIPS|AAAI|ACL)\d",
    re.I,
)

# A model's name, which papers measure on as they do on hardware ("on Llama-2-70B", "on ResNet-50"):
# a model family's name, or a name that ends in a parameter count ("OPT-13B", "Mixtral-8x7B").
MODEL_NAME = re.compile(
    r"^(?:(?i:GPT|OPT|LLaMA|Llama|Vicuna|Alpaca|Mistral|Mixtral|Qwen|Gemma|Phi|Falcon|BLOOM|Pythia|MPT|"
    r"DeepSeek|Baichuan|InternLM|ChatGLM|GLM|StarCoder|CodeLlama|Yi|OLMo|Nemotron|PaLM|Gemini|Grok|"
    r"BERT|RoBERTa|ALBERT|DistilBERT|T5|BART|ViT|DeiT|Swin|ResNet|ResNeXt|VGG|MobileNet|EfficientNet|"
    r"DenseNet|Inception|AlexNet|ConvNeXt|YOLO|SDXL|UNet|Whisper|Mamba|RWKV)(?=[-_.\dv]|$)"
    r"|[\w.-]*[-_]\d+(?:\.\d+)?[BMT](?![\w.-]))", re.ASCII)


@dataclass
class CheckedContent:
    """Everything read from `content/`: the valid papers, the vocabularies, every problem."""

    papers: list[Paper] = field(default_factory=list)
    hardware: Hardware | None = None
    topics: Topics | None = None
    problems: list[Problem] = field(default_factory=list)
    files: dict[str, PaperFile] = field(default_factory=dict)  # slug -> its file, for each valid paper
    reading_paths: list[ReadingPath] = field(default_factory=list)  # the valid ones, by name

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity != "error"]


def check_content(content_dir: Path | str, new: set[str] | frozenset[str] = frozenset(),
                  today: dt.date | None = None) -> list[Problem]:
    """Every problem in `content/`, errors and warnings, ordered by file and line; `new` and
    `today`: as for `read_content`."""
    return read_content(content_dir, new=new, today=today).problems


def read_content(content_dir: Path | str, reuse: dict[Path, tuple] | None = None,
            new: set[str] | frozenset[str] = frozenset(), today: dt.date | None = None) -> CheckedContent:
    """Read and check everything; never raises for content problems, returns them.

    `reuse` (kept by a caller between runs) remembers each paper file's checks, for the same
    vocabularies: a file whose `Store.stamp` is unchanged is not read again; and each
    vocabulary as loaded, for the same text. `new`: the
    slugs of the paper files a change adds, when the caller knows them (`check --new-since`);
    a duplicate is reported on such a file, whatever the dates say (`check_duplicates`).
    `today` (default: the computer's date) is the day a date after which is in the future."""
    store = Store(content_dir)
    result = CheckedContent()
    problems: list[Problem] = []
    vocabularies = {store.content / HARDWARE_FILE: load_hardware, store.content / TOPICS_FILE: load_topics}
    for path, loader in vocabularies.items():
        try:
            text, shown = store.read_data(path.name)
            # The same text is the same vocabulary: kept, with what it compiled to find its names.
            known = reuse.get(path) if reuse is not None else None
            loaded = known[1] if known is not None and known[0] == text else loader(text, shown)
        except ContentError as error:
            problems.extend(error.problems)
            continue
        if reuse is not None:
            reuse[path] = (text, loaded)
        if loader is load_hardware:
            result.hardware = loaded
        else:
            result.topics = loaded
    paths, strays = store.paper_entries()
    problems.extend(strays)
    files: dict[str, PaperFile] = {}
    unfinished: list[Paper] = []  # a file with errors, its title and arXiv id checked for duplicates
    device_warnings: list[Problem] = []
    for path in paths:
        stamp = store.stamp(path) if reuse is not None else None
        if reuse is not None and path in reuse and reuse[path][0] == stamp:
            _, file, paper, found, devices = reuse[path]
        else:
            file = store.read_paper_file(path)
            paper, found = file.validate()
            devices = unknown_devices(file, result.hardware) if paper and result.hardware else []
            if reuse is not None:
                reuse[path] = (stamp, file, paper, found, devices)
        problems.extend(found)
        if paper is None:
            if (stand_in := _title_and_id(file, found)) is not None:
                unfinished.append(stand_in)
                files[stand_in.slug] = file
            continue
        result.papers.append(paper)
        files[paper.slug] = file
        device_warnings.extend(devices)
    if result.hardware is not None and result.topics is not None:
        problems.extend(check_references(result.papers, result.hardware, result.topics, files))
    problems.extend(check_duplicates(result.papers + unfinished, files, new=new))
    problems.extend(check_dates(result.papers, files, today or dt.date.today()))
    problems.extend(device_warnings)
    problems.extend(read_reading_paths(store, result, {path.stem for path in paths}))
    result.files = {paper.slug: files[paper.slug] for paper in result.papers}
    if reuse is not None:  # a file removed or renamed is forgotten
        for gone in reuse.keys() - set(paths) - vocabularies.keys():
            del reuse[gone]
    # Stable: a file's problems keep the order they were found in at one line.
    result.problems = sorted(problems, key=lambda p: (p.path, p.line))
    return result


def _title_and_id(file: PaperFile, found: list[Problem]) -> Paper | None:
    """A file with errors as far as duplicates go: its title, and its arXiv id and date added
    when they are right; None when its title is wrong too. So that a duplicate is reported
    while, say, the abstract is still the placeholder."""
    meta = file.meta if isinstance(file.meta, dict) else {}
    title, arxiv, added = meta.get("title"), meta.get("arxiv"), meta.get("added")
    wrong = {problem.line for problem in found}
    if not isinstance(title, str) or not title.strip() or file.line_of.get("title") in wrong:
        return None
    return Paper(slug=file.slug, title=title, abstract="", path=file.path,
                 arxiv=arxiv if is_arxiv_id(arxiv) else None,
                 added=added if isinstance(added, dt.date) and not isinstance(added, dt.datetime) else None)


DATE_SLACK = dt.timedelta(days=1)  # a contributor's today may be tomorrow where the check runs


def check_dates(papers: list[Paper], files: dict[str, PaperFile], today: dt.date) -> list[Problem]:
    """A date in the future (`published`, `added`), and a `published` date far from the month
    of the paper's arXiv id (more than a year before it, or two years after)."""
    problems: list[Problem] = []
    for paper in papers:
        for key, expected in (("published", "the date the paper was first published"),
                              ("added", "the day the paper entered the list: today or before")):
            day = getattr(paper, key)
            if day is not None and day > today + DATE_SLACK:
                problems.append(Problem(paper.path, _line(files, paper, key),
                                        f"'{key}' is {day}, a date in the future (today is {today}; expected {expected})"))
        start = month_start(paper.arxiv or "")
        if paper.published is None or start is None:
            continue
        if paper.published < start.replace(year=start.year - 1):
            far = "more than a year before"
        elif paper.published >= dt.date(start.year + 2 + start.month // 12, start.month % 12 + 1, 1):
            far = "more than two years after"
        else:
            continue
        problems.append(Problem(paper.path, _line(files, paper, "published"),
                                f"'published' is {paper.published}, {far} the month of its arXiv id "
                                f"'{paper.arxiv}' ({month_name(paper.arxiv)}) (expected the date of its first "
                                f"version, near the id's month: a typo in the date or in the id?)", "warning"))
    return problems


def read_reading_paths(store: Store, result: CheckedContent, papers: set[str]) -> list[Problem]:
    """Every reading path of `content/paths/` read into `result`, and every problem of them: a
    step naming no paper file of `papers` (slugs) among them. (A step naming a paper whose
    file has errors is not: that file's errors are reported.)"""
    found, problems = store.reading_path_entries()
    papers_dir = store.relative(store.papers_dir) + "/"
    for path in found:
        reading_path, its_problems = read_reading_path(store.read_paper_file(path), papers, papers_dir)
        problems.extend(its_problems)
        if reading_path is not None:
            result.reading_paths.append(reading_path)
    return problems


def _line(files: dict[str, PaperFile], paper: Paper, key: str, index: int | None = None) -> int:
    file = files.get(paper.slug)
    if file is None:
        return 1
    items = file.item_lines.get(key, [])
    if index is not None and index < len(items):
        return items[index]
    return file.line_of.get(key, 1)


def check_references(papers: list[Paper], hardware: Hardware, topics: Topics,
                     files: dict[str, PaperFile] | None = None) -> list[Problem]:
    """Hardware and topic ids in front matter must exist in the curated vocabularies."""
    files = files or {}
    problems = []
    for paper in papers:
        for key, known in (("hardware", hardware.nodes), ("not_hardware", hardware.nodes),
                           ("topics", topics.topics), ("not_topics", topics.topics)):
            vocabulary = f"content/{HARDWARE_FILE}" if "hardware" in key else f"content/{TOPICS_FILE}"
            for index, value in enumerate(getattr(paper, key)):
                if value not in known:
                    problems.append(Problem(
                        paper.path, _line(files, paper, key, index),
                        f"'{key}' names '{value}', which {vocabulary} does not define{closest(value, known)} "
                        f"(expected an id defined there)"))
        for index, item in enumerate(paper.results or []):
            for key in ("device", "baseline_device"):
                device = item.get(key)
                if device is not None and device not in hardware.nodes:
                    problems.append(Problem(
                        paper.path, _line(files, paper, "results", index),
                        f"a result's '{key}' names '{device}', which content/{HARDWARE_FILE} does not define"
                        f"{closest(device, hardware.nodes)} (expected an id defined there)"))
    return problems


def check_duplicates(papers: list[Paper], files: dict[str, PaperFile] | None = None,
                     new: set[str] | frozenset[str] = frozenset()) -> list[Problem]:
    """The same paper in two files: same normalized title, same arXiv id, or near-identical title.

    Each duplicate is reported on the later file, the one a pull request adds, naming the
    earlier with its line. Later: a file whose slug is in `new` (a caller that knows which files
    a change adds says so) after one that is not; then the one `added` later (an undated file
    after a dated one); then the one later by name.
    """
    files = files or {}
    papers = sorted(papers, key=lambda p: (p.slug in new, p.added is None, p.added or dt.date.min, p.path))
    problems: list[Problem] = []
    reported: set[tuple[int, int]] = set()
    by_title: dict[str, int] = {}
    by_arxiv: dict[str, int] = {}

    def report(later: Paper, key: str, earlier: Paper, what: str, expected: str) -> None:
        problems.append(Problem(later.path, _line(files, later, key),
                                f"{what} {earlier.path}:{_line(files, earlier, key)}, "
                                f"{_why_earlier(earlier, later, new)} (expected each paper in one file; {expected})"))

    for i, paper in enumerate(papers):
        first = by_title.setdefault(normalized_title(paper.title), i)
        if first != i:
            reported.add((first, i))
            report(paper, "title", papers[first], "the same title as", "merge the two")
        if paper.arxiv:
            first = by_arxiv.setdefault(paper.arxiv, i)
            if first != i:
                earlier = papers[first]
                problems.append(Problem(paper.path, _line(files, paper, "arxiv"),
                                        f"the same arXiv id as {earlier.path}:{_line(files, earlier, 'arxiv')}: a typo in "
                                        f"one of them, or the same paper twice (then merge them); this file counts as the "
                                        f"later, {_why_earlier(earlier, paper, new)} (expected each paper in one file, "
                                        f"under its own id)"))
    for first, second, score in near_identical_pairs(tuple(p.title for p in papers)):
        a, b = papers[first], papers[second]
        if (first, second) in reported or (a.arxiv and b.arxiv and a.arxiv != b.arxiv):
            continue  # two different arXiv ids are two papers, however alike the titles (as on import)
        report(b, "title", a, f"the title is near-identical ({score:.0f}%) to the title of",
               "merge the two, or tell the titles apart")
    return problems


def _why_earlier(earlier: Paper, later: Paper, new: set[str] | frozenset[str]) -> str:
    """Why `earlier` counts as the first of two copies, as the message says it."""
    if earlier.slug not in new and later.slug in new:
        return "which was on the list before this file"
    if earlier.added and later.added and earlier.added < later.added:
        return f"added earlier ({earlier.added}; this file {later.added})"
    if earlier.added and not later.added:
        return f"added {earlier.added}, while this file has no 'added' date"
    if earlier.added:
        return "added the same day and first by name"
    return "first by name, as neither file has an 'added' date"


@lru_cache(maxsize=1)  # `mkdocs serve` checks the same titles again after most saves
def near_identical_pairs(titles: tuple[str, ...], cutoff: float = NEAR_IDENTICAL) -> list[tuple[int, int, float]]:
    """(i, j, score) with i < j for titles at least `cutoff` alike, letters and digits compared.

    All titles go into a TitleIndex (the one the import uses), which compares a
    title only with titles sharing a rare word; each title is then looked up
    there among the titles before it.
    """
    index = TitleIndex()
    for title in titles:
        index.add(title)
    return sorted((i, j, score) for j in range(len(titles)) for i, score in index.earlier_matches(j, cutoff))


def unknown_devices(file: PaperFile, hardware: Hardware) -> list[Problem]:
    """Warnings for device-like names in a title or abstract that the taxonomy does not know."""
    problems: list[Problem] = []
    seen: set[str] = set()
    title = file.meta.get("title") if isinstance(file.meta, dict) else None
    # The abstract as the site reads it (stripped): the text Hardware.detect remembers for the site.
    abstract = file.body.strip()
    abstract_line = file.body_start + file.body.count("\n", 0, len(file.body) - len(file.body.lstrip()))
    for text, first_line in ((title if isinstance(title, str) else "", file.line_of.get("title", 1)),
                             (abstract, abstract_line)):
        covered = None  # the hardware detected in the text, looked up for the first device-like name
        for match in DEVICE_LIKE.finditer(text):
            name = " ".join(match.group(0).split())
            if name in seen or NOT_DEVICE.match(name):
                continue
            if covered is None:
                covered = [(m.start, m.end) for m in hardware.detect(text)]
            if any(start < match.end() and match.start() < end for start, end in covered):
                continue
            seen.add(name)
            line = first_line + text.count("\n", 0, match.start())
            problems.append(Problem(
                file.path, line,
                f"'{name}' looks like a device that content/{HARDWARE_FILE} does not know "
                f"(expected an alias of a device there, or an `ignore` phrase if it is no device)",
                severity="warning", subject=name))
    return problems


def device_like_names(checked: CheckedContent) -> dict[str, list[str]]:
    """Each device-like name that no alias of hardware.yml covers -> where it stands
    (`path:line`, in file and line order): what `vocab` lists and `diff` compares."""
    places: dict[str, list[str]] = {}
    for problem in checked.warnings:
        if problem.subject is not None:
            places.setdefault(problem.subject, []).append(f"{problem.path}:{problem.line}")
    return dict(sorted(places.items()))


# ---------------------------------------------------------------------------- output formats

FORMATS = ("text", "github")
ANNOTATION_TITLE = "python -m generator check"


def format_problem(problem: Problem, fmt: str = "text") -> str:
    """One problem as `check` prints it: `path:line: message` ("text"), or a GitHub workflow
    command ("github"), `::error file=PATH,line=N,title=...::message` (`::warning` for a
    warning), which GitHub shows on that line of the pull request's diff. The path stays as
    the problem gives it, relative to the folder above `content/`: the repository's root."""
    if fmt == "text":
        return str(problem)
    if fmt != "github":
        raise ValueError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")
    command = "error" if problem.severity == "error" else "warning"
    # Percent-encoded as GitHub reads it back; what else cannot be shown, escaped (`printable`).
    properties = ",".join(f"{key}={printable(_escape_property(str(value)))}" for key, value in
                          (("file", problem.path), ("line", problem.line), ("title", ANNOTATION_TITLE)))
    return f"::{command} {properties}::{printable(_escape_data(problem.message))}"


def _escape_data(text: str) -> str:
    """A workflow command's message as GitHub reads it back: `%`, CR and LF percent-encoded."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    """A workflow command's property value: also `:` and `,`, which end a property."""
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")
