"""The generator's data flow is visible in its folders (docs/architecture.md has the table):
content -> ingest -> derive -> site, with the build (the MkDocs plugin, the CLI, the pipeline
and its preview) at the top. A module imports only modules of its own stage or of a stage
before it, so no module reaches back up; none is over 400 lines; none imports another's
private names."""

from __future__ import annotations

import ast
import re
from pathlib import Path

GENERATOR = Path(__file__).resolve().parent.parent / "generator"
STAGES = ["content", "ingest", "derive", "site", ""]  # "": the build, at the top


def stage_of(module: str) -> int:
    """The stage of a dotted module name below `generator` ("derive.results" -> 2)."""
    head = module.split(".")[0] if "." in module else ""
    return STAGES.index(head)


def modules() -> dict[str, Path]:
    return {".".join(path.relative_to(GENERATOR).with_suffix("").parts): path
            for path in GENERATOR.rglob("*.py") if path.stem != "__init__"}


def imports(module: str, path: Path) -> list[tuple[str, list[str]]]:
    """(the dotted module below `generator` imported, the names taken from it) for each
    relative import of `path`."""
    package = module.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[:len(package) - (node.level - 1)]
            if node.module:
                found.append((".".join([*base, *node.module.split(".")]), [a.name for a in node.names]))
            else:
                found += [(".".join([*base, alias.name]), []) for alias in node.names]
    return found


def test_every_module_is_in_a_stage_folder_or_the_build():
    for module in modules():
        assert stage_of(module) >= 0, module
    assert {p.name for p in GENERATOR.iterdir() if p.is_dir() and p.name != "__pycache__"} == set(STAGES) - {""}


def test_no_module_imports_a_later_stage():
    for module, path in modules().items():
        later = [name for name, _ in imports(module, path) if stage_of(name) > stage_of(module)]
        assert not later, f"{module} imports {later}, from a later stage"


def test_no_module_imports_another_s_private_names():
    for module, path in modules().items():
        private = [f"{name}.{n}" for name, names in imports(module, path) for n in names if n.startswith("_")]
        assert not private, f"{module} imports {private}"


def test_no_module_is_over_400_lines():
    long = {module: n for module, path in modules().items() if (n := len(path.read_text().splitlines())) > 400}
    assert not long


def test_the_architecture_page_names_every_module():
    page = (GENERATOR.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = set(re.findall(r"^\| `generator/([\w/]+)\.py` \|", page, re.M))
    assert named == {module.replace(".", "/") for module in modules()}


# Module-level objects that hold nothing that changes: a path, a type variable, and claims.py's
# kind finder (two compiled patterns and the choice between them).
CONSTANT_MAKERS = {"Path", "TypeVar", "_Kinds"}


def test_no_module_keeps_state_between_calls():
    """What a build keeps lives in a BuildState (generator/state.py): no module-level container
    or object made to be filled, no `global`, and memos only of pure functions, bounded."""
    kept = []
    for module, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            empty = isinstance(value, (ast.Dict, ast.List, ast.Set)) and not (
                value.keys if isinstance(value, ast.Dict) else value.elts)
            made = isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and (
                value.func.id in ("dict", "list", "set", "defaultdict", "Counter")
                or value.func.id.lstrip("_")[:1].isupper() and value.func.id not in CONSTANT_MAKERS)
            if empty or made:
                kept.append(f"{module}:{node.lineno}")
        kept += [f"{module}:{n.lineno} global" for n in ast.walk(tree) if isinstance(n, ast.Global)]
        kept += [f"{module}:{n.lineno} unbounded cache" for n in ast.walk(tree)
                 if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "lru_cache"
                 and any(k.arg == "maxsize" and isinstance(k.value, ast.Constant) and k.value.value is None
                         for k in n.keywords)]
    assert not kept


def test_no_module_reads_the_interpreter_s_private_modules():
    private = {"sre_parse", "sre_compile", "sre_constants", "re._parser", "re._compiler", "re._constants"}
    found = []
    for module, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found += [f"{module}: {a.name}" for a in node.names if a.name in private]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                found += [f"{module}: {node.module}.{a.name}" for a in node.names
                          if node.module in private or f"{node.module}.{a.name}" in private]
    assert not found


def test_the_files_run_first_are_files_of_the_suite():
    from conftest import LONGEST_FIRST
    assert [path for path in LONGEST_FIRST if not (GENERATOR.parent / path).is_file()] == []
