"""The generator's data flow, as the README's layout table states it: each module imports only
modules of its own step or of a step before it, so no module reaches back up."""

from __future__ import annotations

import ast
from pathlib import Path

GENERATOR = Path(__file__).resolve().parent.parent / "generator"

STEPS = [
    {"model", "clean", "matching", "topic_matching", "sentences", "titles"},  # text and schema
    {"paper_file", "store"},  # files
    {"sources", "importer", "fill", "remote"},  # import
    {"vocabularies", "regex_safety", "check", "links"},  # validate
    {"measured", "claims", "measures", "result_devices", "results", "mentions", "related", "site"},  # derive
    {"pages", "bibtex", "facets", "exports", "markup", "render"},  # render
    {"pipeline", "preview", "html_blocks", "search", "plugin", "review", "cli", "__main__"},  # build
]


def generator_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module} if node.module else {alias.name for alias in node.names}
    return found


def test_every_module_has_a_step():
    modules = {path.stem for path in GENERATOR.glob("*.py")} - {"__init__"}
    assert modules == set().union(*STEPS)


def test_no_module_imports_a_later_step():
    step_of = {module: number for number, step in enumerate(STEPS) for module in step}
    for path in GENERATOR.glob("*.py"):
        if path.stem == "__init__":
            continue
        later = {name for name in generator_imports(path) if step_of[name] > step_of[path.stem]}
        assert not later, f"{path.name} imports {sorted(later)}, from a later step"


def test_no_module_is_over_450_lines():
    long = {path.name: n for path in GENERATOR.glob("*.py") if (n := len(path.read_text().splitlines())) > 450}
    assert not long
