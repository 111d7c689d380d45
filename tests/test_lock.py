"""Installs are locked: requirements.lock pins every package the site and the tests need, with
hashes, inside the ranges pyproject.toml gives, and the environment the tests run in holds
exactly those versions."""

from __future__ import annotations

import re
import subprocess
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"


def locked() -> dict[str, tuple[str, Marker | None, list[str]]]:
    """name -> (version, marker, hashes) of the pins that apply to this Python."""
    pins: dict[str, tuple[str, Marker | None, list[str]]] = {}
    text = LOCK.read_text(encoding="utf-8").replace("\\\n", " ")
    for line in text.splitlines():
        if not line or line.lstrip().startswith("#"):
            continue
        requirement, *hashes = line.split("--hash=")
        pin = Requirement(requirement.strip())
        if pin.marker is None or pin.marker.evaluate():
            (specifier,) = pin.specifier
            assert specifier.operator == "==", line
            pins[canonicalize_name(pin.name)] = (specifier.version, pin.marker, [h.strip() for h in hashes])
    return pins


def project_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [Requirement(r) for r in [*project["dependencies"], *project["optional-dependencies"]["test"],
                                     *project["optional-dependencies"]["dev"]]]


def test_every_requirement_is_pinned_inside_its_range_with_hashes():
    pins = locked()
    for requirement in project_requirements():
        version, _, hashes = pins[canonicalize_name(requirement.name)]
        assert requirement.specifier.contains(version, prereleases=True), (requirement, version)
    assert all(hashes and all(re.fullmatch(r"sha256:[0-9a-f]{64}", h) for h in hashes)
               for _, _, hashes in pins.values())


def test_the_tests_run_on_exactly_the_locked_versions():
    wrong = {name: (metadata.version(name), version) for name, (version, _, _) in locked().items()
             if metadata.version(name) != version}
    assert not wrong, f"installed vs locked: {wrong} (run `make test`, which installs the lock)"


def test_the_makefile_installs_the_lock_with_hashes_and_nothing_around_it():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    # uv from its own lines of the lock, then the lock by uv, or by pip where uv cannot run.
    assert re.findall(r"pip install[^\n]*", makefile) == [
        "pip install --quiet --require-hashes --no-deps -r $(VENV)/uv.lock.txt",
        "pip install --quiet --python $(PYTHON) --require-hashes --no-deps --compile-bytecode -r $(LOCK) \\",
        "pip install --quiet --require-hashes --no-deps -r $(LOCK)", "pip install --quiet --no-deps -e ."]
    assert "awk '/^uv==/ {on = 1} on {print} on && !/\\\\$$/ {exit}' $(LOCK) > $(VENV)/uv.lock.txt" in makefile


def test_the_lines_of_uv_cut_from_the_lock_are_its_pin_and_hashes(tmp_path):
    # What the Makefile's awk cuts from the lock: uv's line and its hash lines, nothing else.
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    program = re.search(r"awk '([^']*)'", makefile).group(1).replace("$$", "$")
    cut = subprocess.run(["awk", program, str(ROOT / "requirements.lock")], capture_output=True, text=True, check=True)
    lines = cut.stdout.splitlines()
    version = locked()["uv"][0]
    assert lines[0] == f"uv=={version} \\" and len(lines) > 2
    assert all(re.fullmatch(r"\s+--hash=sha256:[0-9a-f]{64}( \\)?", line) for line in lines[1:])
    assert not lines[-1].endswith("\\")
