"""Scale benchmark: synthetic reading lists of N papers, timed from import to `mkdocs build`.

    .venv/bin/python benchmarks/bench.py --sizes 500 2000 10000

For each size it writes a temporary project (content/, site_templates/,
mkdocs.yml) whose papers recombine sentences of the real abstracts in
content/papers/ with device names from content/hardware.yml and the names of
other synthetic papers, then measures, each in its own subprocess:

- import: `python -m generator import` of a Hugging Face dump (layout C) of the papers;
- the generator stage (`pipeline.generate`, the plugin's own path: load and validate, derive
  each paper's facts and the links between papers, render the pages and the exports) and its
  peak RSS;
- `generate --out DIR` run twice: how many files the second run rewrote;
- the full `mkdocs build` (with the reading-list plugin, Pagefind's index included): wall
  time, CPU, peak RSS (the largest process), the cost per page and the lines it logs;
- where a build's time goes (build_shares.py: generator, Markdown, templates, search, other,
  as shares of one profiled build of the same project);
- the preview under `mkdocs serve --dirty` (serve_preview.py): seconds from saving a paper
  file (a note added; a word added to the abstract) to the served page showing it;
- MkDocs alone (unless --no-alone): the same generated Markdown built with no plugin of ours;
- the Pagefind search bundle's bytes on disk per paper.

It prints a Markdown table (and `--json FILE` writes the raw figures).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONHASHSEED": "0"}

# --------------------------------------------------------------------------
# Synthetic content

_PREFIXES = ["Flash", "Turbo", "Hyper", "Swift", "Deep", "Sparse", "Quant", "Tile", "Kern", "Pipe",
             "Mega", "Nano", "Omni", "Fast", "Tensor", "Stream", "Fuse", "Blaze", "Orca", "Vortex",
             "Lumen", "Helix", "Prism", "Echo", "Nimbus"]
_SUFFIXES = ["KV", "Serve", "Attn", "Mix", "Flow", "Train", "Infer", "Pack", "Shard", "Cache",
             "Gen", "Opt", "Scale", "Core", "Net", "Bench", "Comp", "Sched", "Mem", "Path"]
_INTROS = [
    "In this paper, we present {name}, a system that {what}.",
    "We introduce {name}, a framework that {what}.",
    "To address this, we propose {name}, which {what}.",
    "This paper presents {name}: it {what}.",
]
_WHATS = [
    "co-designs kernels and scheduling for modern accelerators",
    "reduces memory traffic of attention on long contexts",
    "quantizes weights and activations without retraining",
    "overlaps communication with computation across devices",
    "offloads optimizer state to host memory and SSDs",
    "searches architectures under a latency budget on the target device",
]
_COMPARES = [
    "Compared with {others}, {name} improves throughput by {x}x.",
    "{name} outperforms {others} on every workload we evaluate.",
    "Unlike {others}, {name} needs no changes to the model.",
    "We build on {others} and extend it to training.",
]
_DEVICE_SENTENCES = [
    "We evaluate {name} on {devices}.",
    "Experiments on {devices} show speedups of up to {x}x.",
    "On {devices}, {name} reaches {y}% of peak throughput.",
]


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", " ".join(text.split())) if len(s.strip()) > 20]


def load_real(root: Path = ROOT):
    """(each real abstract as its sentences, title tails, device aliases) of the real content."""
    import yaml

    from generator.content.store import Store

    files = Store(root / "content").read_paper_files()
    abstracts, tails = [], []
    for file in files:
        abstracts.append(_sentences(" ".join(file.body.split())))
        title = str(file.meta.get("title", ""))
        tails.append(title.partition(":")[2].strip() or title)
    data = yaml.safe_load((root / "content" / "hardware.yml").read_text(encoding="utf-8"))
    devices = [alias for vendor in data["vendors"] for arch in vendor.get("architectures") or []
               for device in arch.get("devices") or [] for alias in (device.get("aliases") or [])[:2]]
    return abstracts, tails, devices


def synthetic_papers(n: int, seed: int = 0) -> list[dict]:
    """n papers shaped like the real ones: {slug, title, abstract, meta}.

    Each abstract is one real abstract, a sentence or two left out, with a
    sentence introducing the paper's own name, and sometimes one naming a
    device or other papers of the list. Titles name a device and two real title
    tails, so that no two are near-identical; with them a synthetic paper names
    a little more than a real one (about 2.7 devices and 5.4 topics, against
    1.7 and 3.7 in content/), which errs on the slow side. A mix of sentences
    from many abstracts would name several times more, and overstate every
    listing page.
    """
    rng = random.Random(seed)
    abstracts, tails, devices = load_real()
    names = []
    for version in range(n // (len(_PREFIXES) * len(_SUFFIXES)) + 1):
        for a in _PREFIXES:
            for b in _SUFFIXES:
                names.append(f"{a}{b}" if version == 0 else f"{a}{b}-{version + 1}")
    rng.shuffle(names)
    names = names[:n]
    papers = []
    for i, name in enumerate(names):
        base = rng.randrange(len(abstracts))
        parts = [sentence for sentence in abstracts[base] if rng.random() < 0.85] or abstracts[base][:1]
        parts.insert(min(1, len(parts)), rng.choice(_INTROS).format(name=name, what=rng.choice(_WHATS)))
        if rng.random() < 0.3:
            parts.append(rng.choice(_DEVICE_SENTENCES).format(
                name=name, devices=rng.choice(devices), x=rng.randint(2, 9), y=rng.randint(50, 95)))
        if rng.random() < 0.35 and n > 1:
            others = [o for o in rng.sample(names, 3) if o != name][: rng.choice([1, 1, 2])]
            parts.append(rng.choice(_COMPARES).format(name=name, others=" and ".join(others), x=rng.randint(2, 9)))
        # The abstract's own title tail, another tail and a device: titles as distinct as real
        # ones, none near-identical to another.
        title = f"{name}: {tails[base]} on {rng.choice(devices)} for {rng.choice(tails).lower()}"
        year, month, day = rng.randint(2017, 2025), rng.randint(1, 12), rng.randint(1, 28)
        arxiv = f"{year % 100:02d}{month:02d}.{10000 + i:05d}"
        meta = {
            "title": title,
            "arxiv": arxiv,
            "authors_count": rng.randint(1, 15),
            "published": f"{year}-{month:02d}-{day:02d}",
            "upvotes": rng.randint(0, 200),
            "added": f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
            "sources": ["synthetic.txt"],
            "imported_title": title,
        }
        papers.append({"slug": f"{name.lower()}-{i}", "title": title, "abstract": " ".join(parts), "meta": meta})
    return papers


def _yaml_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def write_paper(path: Path, paper: dict) -> None:
    meta = paper["meta"]
    lines = ["---"]
    for key, value in meta.items():
        if isinstance(value, list):
            lines.append(f"{key}:")
            lines.extend(f"- {item}" for item in value)
        elif key in ("title", "imported_title", "arxiv"):
            lines.append(f"{key}: {_yaml_text(value)}")
        else:
            lines.append(f"{key}: {value}")
    lines += ["---", "", paper["abstract"], ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def mkdocs_config(docs_dir: Path, plugin: bool) -> str:
    """The real mkdocs.yml, with docs_dir moved and, for MkDocs alone, no reading-list plugin."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^docs_dir:.*$", f"docs_dir: {json.dumps(str(docs_dir))}", text)
    if not plugin:
        text, count = re.subn(r"(?m)^  - reading-list\n", "", text)
        assert count == 1, "mkdocs.yml no longer lists the reading-list plugin as expected"
    return text


def make_project(root: Path, papers: list[dict]) -> None:
    """root/content (papers + the real vocabularies), root/site_templates, root/mkdocs.yml."""
    content = root / "content"
    (content / "papers").mkdir(parents=True)
    for name in ("hardware.yml", "topics.yml"):
        shutil.copy(ROOT / "content" / name, content / name)
    for paper in papers:
        write_paper(content / "papers" / f"{paper['slug']}.md", paper)
    shutil.copytree(ROOT / "site_templates", root / "site_templates")
    (root / "mkdocs.yml").write_text(mkdocs_config(root / "site_templates" / "static", plugin=True), encoding="utf-8")


def write_dump(path: Path, papers: list[dict]) -> None:
    """A Hugging Face dump in layout C: title, blank line, abstract, blank line."""
    chrome = "Daily Papers\n\nbyAK and the research community\n\n"
    path.write_text(chrome + "".join(f"{p['title']}\n\n{p['abstract']}\n\n" for p in papers), encoding="utf-8")


# --------------------------------------------------------------------------
# Measuring


def run_child(command: list[str], cwd: Path) -> dict:
    """{wall, cpu (user + system seconds), mib (peak RSS), stdout, stderr} of one child; raises on failure."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, env=ENV, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)  # this child's own resource usage
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({process.returncode}):\n{stderr[-3000:]}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "mib": usage.ru_maxrss / 1024,
            "stdout": stdout, "stderr": stderr}


def stage_worker(content: Path, templates: Path) -> dict:
    """The generator stage, timed by part, in this (fresh) process. Run via --worker.

    It runs `pipeline.generate`, the path `mkdocs build` takes, and times the calls
    that make it up by wrapping them: reading and validating the files
    (`check.read_content`), deriving each paper's facts and the links between papers
    (`facts.derive_site`), rendering the pages (`render.render_pages`) and the
    exports (`exports.render_files`).
    """
    import resource

    import generator.pipeline as pipeline

    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    parts = ("load_validate", "derive", "pages", "exports")
    cpu = dict.fromkeys(parts, 0.0)
    wall = dict.fromkeys(parts, 0.0)

    def cpu_seconds() -> float:
        # The processes the generator forks to read papers and render pages count (derive/workers.py).
        times = os.times()
        return times.user + times.system + times.children_user + times.children_system

    def timed(part, function):
        def wrapper(*args, **kwargs):
            start_cpu, start_wall = cpu_seconds(), time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                cpu[part] += cpu_seconds() - start_cpu
                wall[part] += time.perf_counter() - start_wall
        return wrapper

    pipeline.read_content = timed("load_validate", pipeline.read_content)
    pipeline.derive_site = timed("derive", pipeline.derive_site)
    pipeline.render_pages = timed("pages", pipeline.render_pages)
    pipeline.exports.render_files = timed("exports", pipeline.exports.render_files)

    start_cpu, start_wall = cpu_seconds(), time.perf_counter()
    generated = pipeline.generate(content, templates)
    total = {"cpu": cpu_seconds() - start_cpu, "wall": time.perf_counter() - start_wall}
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    result = {"papers": len(generated.site.papers), "pages": len(generated.pages), "peak_mib": peak,
              "baseline_mib": baseline}
    for kind, spent in (("cpu", cpu), ("wall", wall)):
        result[kind] = {**spent, "generator": total[kind]}
    return {
        **result,
        "markdown_bytes": sum(len(text.encode()) for text in generated.pages.values()),
    }


def measure(n: int, work: Path, seed: int, mkdocs_alone: bool, do_import: bool, preview: bool, log,
            preview_repeats: int = 3) -> dict:
    python = sys.executable
    root = work / f"n{n}"
    shutil.rmtree(root, ignore_errors=True)
    papers = synthetic_papers(n, seed)
    make_project(root, papers)
    row: dict = {"n": n}

    if do_import:
        dump = root / "dump.txt"
        write_dump(dump, papers)
        run = run_child([python, "-m", "generator", "--content", str(root / "imported"), "import", str(dump),
                         "--added", "2025-01-15"], ROOT)
        row["import"] = {"wall": run["wall"], "cpu": run["cpu"]}
        log(f"  import: {run['cpu']:.1f} s CPU ({run['stdout'].strip().splitlines()[-1]})")

    run = run_child([python, str(Path(__file__).resolve()), "--worker", str(root / "content"),
                     str(root / "site_templates")], ROOT)
    row.update(json.loads(run["stdout"]))
    log(f"  generator stage: {row['cpu']['generator']:.2f} s CPU, {row['wall']['generator']:.2f} s wall, "
        f"peak RSS {row['peak_mib']:.0f} MiB")

    generated = root / "generated"
    command = [python, "-m", "generator", "--content", str(root / "content"), "generate",
               "--out", str(generated), "--templates", str(root / "site_templates")]
    run_child(command, ROOT)  # into a new folder: generate writes only into a folder of its own
    shutil.copytree(ROOT / "site_templates" / "static", generated, dirs_exist_ok=True)
    before = {p: p.stat().st_mtime_ns for p in generated.rglob("*") if p.is_file()}
    run = run_child(command, ROOT)
    after = {p: p.stat().st_mtime_ns for p in generated.rglob("*") if p.is_file()}
    row["rewritten"] = sum(1 for p in after if before.get(p) != after[p]) + len(set(before) - set(after))
    log(f"  generate twice: {run['stdout'].strip()}")

    site = root / "site"
    run = run_child([python, "-m", "mkdocs", "build", "-f", str(root / "mkdocs.yml"), "-d", str(site)], root)
    row["build"] = {k: run[k] for k in ("wall", "cpu", "mib")}
    row["log_lines"] = len((run["stdout"] + run["stderr"]).splitlines())
    row["pages"] = sum(1 for _ in site.rglob("index.html")) - sum(1 for _ in (site / "pagefind").rglob("index.html"))
    # The Pagefind bundle on disk (a query fetches only a few of its fragments: browser_bench.py).
    index = site / "pagefind"
    row["search_bytes"] = sum(p.stat().st_size for p in index.rglob("*") if p.is_file())
    entry = json.loads((index / "pagefind-entry.json").read_text(encoding="utf-8"))
    row["search_docs"] = sum(language["page_count"] for language in entry["languages"].values())
    log(f"  mkdocs build: {run['cpu']:.1f} s CPU, {run['wall']:.1f} s wall, peak RSS {run['mib']:.0f} MiB, "
        f"{row['log_lines']} log lines")

    # Where the build's time goes, and how long a saved paper takes to show in `make serve`.
    run = run_child([python, str(HERE / "build_shares.py"), str(root / "mkdocs.yml"), str(root / "site-shares")], root)
    row["shares"] = json.loads(run["stdout"])
    log("  shares: " + ", ".join(f"{k} {v:.1f} s" for k, v in row["shares"].items()))
    if preview:
        run = run_child([python, str(HERE / "serve_preview.py"), str(root), str(preview_repeats)], root)
        row["preview"] = json.loads(run["stdout"])
        log("  preview: " + ", ".join(f"{k} {v:.2f} s" for k, v in row["preview"].items()))

    if mkdocs_alone:
        config = root / "mkdocs-alone.yml"
        config.write_text(mkdocs_config(generated, plugin=False), encoding="utf-8")
        run = run_child([python, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(root / "site-alone")], root)
        row["alone"] = {k: run[k] for k in ("wall", "cpu", "mib")}
        log(f"  MkDocs alone: {run['cpu']:.1f} s CPU, {run['wall']:.1f} s wall")
    return row


def table(rows: list[dict]) -> str:
    """The Markdown table: the build's wall time and where it goes (shares of the profiled
    build, the same content), peak memory, the cost per page, the preview of a saved paper."""
    base = rows[0]

    def per_page(row):
        return row["build"]["wall"] / row["pages"] * 1000

    lines = [
        "| papers | pages | generator CPU | **mkdocs build** | build CPU | build peak RSS | per page | vs smallest "
        "| generator | Markdown | templates | search | other | preview: note | preview: abstract "
        "| log lines | search index per paper | rewritten by 2nd generate |",
        "|" + " ---: |" * 18,
    ]
    for row in rows:
        shares = row["shares"]
        preview = row.get("preview")
        lines.append(" | ".join([
            f"| {row['n']:,}",
            f"{row['pages']:,}",
            f"{row['cpu']['generator']:.2f} s",
            f"**{row['build']['wall']:.1f} s**",
            f"{row['build']['cpu']:.1f} s",
            f"{row['build']['mib']:.0f} MiB",
            f"{per_page(row):.2f} ms",
            f"{per_page(row) / per_page(base):.2f}x",
            *(f"{shares[k] / shares['total']:.0%}" for k in ("generator", "markdown", "templates", "search", "other")),
            f"{preview['note']:.2f} s" if preview else "–",
            f"{preview['abstract']:.2f} s" if preview else "–",
            f"{row['log_lines']}",
            f"{row['search_bytes'] / row['n']:,.0f} B",
            f"{row['rewritten']} |",
        ]))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 2000, 10000])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-alone", action="store_true", help="skip the MkDocs-alone build")
    parser.add_argument("--no-import", action="store_true", help="skip timing the import")
    parser.add_argument("--no-preview", action="store_true", help="skip timing the preview under mkdocs serve")
    parser.add_argument("--preview-repeats", type=int, default=3,
                        help="edits of each kind timed in the preview (the median is reported)")
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument("--keep", type=Path, help="build in this folder and keep it (default: a temporary one)")
    parser.add_argument("--worker", nargs=2, type=Path, metavar=("CONTENT", "TEMPLATES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(stage_worker(*args.worker)))
        return 0

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    rows = []
    with tempfile.TemporaryDirectory(prefix="reading-list-bench-") as temporary:
        work = args.keep or Path(temporary)
        work.mkdir(parents=True, exist_ok=True)
        for n in args.sizes:
            log(f"{n} papers:")
            rows.append(measure(n, work, args.seed, not args.no_alone, not args.no_import, not args.no_preview, log,
                                args.preview_repeats))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
