"""What each remaining performance trick of the generator saves.

    .venv/bin/python benchmarks/optimizations.py --sizes 2000 10000 --repeat 3 --json /tmp/opt.json
    .venv/bin/python benchmarks/optimizations.py --sizes 2000 --only all_on default_gc --keep /tmp/opt_content

It writes synthetic reading lists (bench.py's `synthetic_papers` + `make_project`) into a
temporary folder (or --keep DIR, reused when it already holds them), then times
`generator.pipeline.generate(content, templates)` once per configuration and repeat, each
run in a fresh child process that applies the configuration's monkeypatches (switching
one trick off) before generate() runs. Runs go round-robin (every configuration once,
then again), so load from other jobs falls on all configurations alike; the table shows
the minimum CPU (user + system) and wall seconds of the repeats, their difference from
`all_on` (positive: the trick saves that much), and whether the pages and files are
identical (sha256) to those of `all_on` in the same round.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# --------------------------------------------------------------------------
# The tricks switched off (each function runs in the child, before generate())


def plain_mention_trie() -> None:
    """mentions.names_pattern as the alternation its trie stands in for (tests/test_fast_paths.py)."""
    from generator.derive import mentions

    def names_pattern(names: list[str]) -> re.Pattern[str]:
        alternation = "|".join(map(re.escape, sorted(set(names), key=lambda name: (-len(name), name))))
        return re.compile(mentions._NAME_START + "(?:" + alternation + ")" + mentions._NAME_END)

    mentions.names_pattern = names_pattern


def default_gc() -> None:
    """CPython's default threshold for the youngest generation (fewer_collections reads it per call)."""
    from generator import pipeline

    pipeline.GENERATOR_GC_THRESHOLD = 700


def no_detect_memo() -> None:
    """Hardware.detect detects every time (validation's results are not reused by the site)."""
    from generator.content import hardware

    hardware.Hardware.detect = lambda self, text: list(self._detect(text))


CONFIGS: dict[str, list] = {
    "all_on": [],
    "plain_mention_trie": [plain_mention_trie],
    "default_gc": [default_gc],
    "no_detect_memo": [no_detect_memo],
}

# --------------------------------------------------------------------------
# The child: patch, generate, time, hash


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def child(config: str, content: str, templates: str) -> None:
    import generator
    from generator import pipeline

    assert Path(generator.__file__).resolve().is_relative_to(ROOT), generator.__file__
    for patch in CONFIGS[config]:
        patch()
    source = sha("".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "generator").rglob("*.py"))))
    before, start = os.times(), time.perf_counter()
    generated = pipeline.generate(content, templates)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = sum(getattr(after, f) - getattr(before, f) for f in ("user", "system", "children_user", "children_system"))
    output = sha(json.dumps([[k, sha(v)] for k, v in sorted(generated.pages.items())]
                            + [[k, sha(v)] for k, v in sorted(generated.files.items())]))
    print(json.dumps({"cpu": cpu, "wall": wall, "papers": len(generated.site.papers), "pages": len(generated.pages),
                      "files": len(generated.files), "sha256": output, "source_sha256": source}))


# --------------------------------------------------------------------------
# The parent


def make_content(folder: Path, size: int) -> Path:
    """folder/<size>/{content,site_templates}, made once: the templates are copied, so
    edits to site_templates/ during the run do not reach the measurements."""
    import bench  # benchmarks/ is on sys.path: this script's own folder

    project = folder / str(size)
    if not (project / "content" / "papers").is_dir():
        print(f"writing {size} synthetic papers to {project}", flush=True)
        bench.make_project(project, bench.synthetic_papers(size))
    return project


def run_child(config: str, project: Path) -> dict:
    """One configuration in a fresh process; a failing generator (others may be editing it)
    is retried after a minute, a few times."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    command = [sys.executable, str(Path(__file__).resolve()), "--child", config,
               str(project / "content"), str(project / "site_templates")]
    for attempt in range(5):
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        if done.returncode == 0:
            return json.loads(done.stdout.strip().splitlines()[-1])
        print(f"  {config} failed (attempt {attempt + 1}), retrying in 60 s:\n{done.stderr[-1500:]}", flush=True)
        time.sleep(60)
    raise RuntimeError(f"{config} kept failing")


def table(runs: list[dict], configs: list[str], sizes: list[int]) -> str:
    rows = ["| configuration | papers | CPU s | wall s | saving CPU s | saving wall s | identical |",
            "|---|---|---|---|---|---|---|"]
    for size in sizes:
        best = {}
        for config in configs:
            mine = [r for r in runs if r["config"] == config and r["size"] == size]
            if mine:
                best[config] = (min(r["cpu"] for r in mine), min(r["wall"] for r in mine),
                                all(r["identical"] is not False for r in mine))
        base = best.get("all_on")
        for config, (cpu, wall, same) in best.items():
            saving = ("", "") if base is None or config == "all_on" else (f"{cpu - base[0]:+.2f}", f"{wall - base[1]:+.2f}")
            rows.append(f"| {config} | {size} | {cpu:.2f} | {wall:.2f} | {saving[0]} | {saving[1]} | "
                        f"{'yes' if same else 'NO'} |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 10000], help="papers per list")
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration and size; the minimum is kept")
    parser.add_argument("--only", nargs="+", choices=list(CONFIGS), metavar="CONFIG",
                        help=f"configurations to run (all_on is always added): {', '.join(CONFIGS)}")
    parser.add_argument("--json", help="write the raw runs to this file")
    parser.add_argument("--keep", metavar="DIR", help="make (or reuse) the synthetic content here, not in a temporary folder")
    parser.add_argument("--child", nargs=3, metavar=("CONFIG", "CONTENT", "TEMPLATES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    configs = [c for c in CONFIGS if c == "all_on" or not args.only or c in args.only]
    with tempfile.TemporaryDirectory(prefix="optimizations-") as temporary:
        folder = Path(args.keep or temporary)
        projects = {size: make_content(folder, size) for size in args.sizes}
        runs: list[dict] = []
        for size in args.sizes:
            first = None  # all_on's first run: later all_on runs must give the same output
            for round_ in range(args.repeat):
                reference = None  # all_on of this round, run first: what the others must give
                for config in configs:
                    result = {"config": config, "size": size, "round": round_, **run_child(config, projects[size])}
                    reference, first = reference or result, first or result
                    result["identical"] = result["sha256"] == (first if result is reference else reference)["sha256"]
                    runs.append(result)
                    print(f"{config}@{size} round {round_ + 1}: cpu {result['cpu']:.2f} s, wall {result['wall']:.2f} s, "
                          f"identical {result['identical']}", flush=True)
                    if args.json:
                        Path(args.json).write_text(json.dumps({"runs": runs}, indent=1))
    sources = {r["source_sha256"] for r in runs}
    if len(sources) > 1:
        print(f"note: generator/ changed during the run ({len(sources)} versions of its sources)")
    print(table(runs, configs, args.sizes))


if __name__ == "__main__":
    main()
