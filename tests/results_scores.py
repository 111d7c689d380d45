"""Scores of the extracted results against the hand labels in tests/fixtures/labels/ (their
format: SCHEMA.md there). Run `python tests/results_scores.py` for the table.

- value precision / recall: the numbers found, by value and unit, against the labelled ones;
- claim keeps meaning: the claim shown is the sentence's own words in order (pieces joined by
  " … "), holds the number, and holds every word the label says names what it measures;
- meaning inverted: the claim does not hold those words but holds another result's (a number
  shown with a quantity it does not measure);
- device right: of labelled devices, the one credited; wrong device: a device credited that the
  label does not give (none, or another).
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from generator.content.check import read_content  # noqa: E402
from generator.content.clean import TEX_SIGN, tex_sign  # noqa: E402
from generator.content.model import Paper  # noqa: E402
from generator.derive.results import extract_results  # noqa: E402

LABELS = HERE / "fixtures" / "labels"
SEED_CONTENT = HERE / "fixtures" / "seed_content"
# A set is its file, results_<name>.yml; the seed set is two files.
SETS = {"seed": ["results_seed_a.yml", "results_seed_b.yml"],
        **{p.stem.removeprefix("results_"): [p.name] for p in sorted(LABELS.glob("results_*.yml"))
           if not p.stem.startswith("results_seed")}}


# libyaml's loader where PyYAML has it: the labels load ten times faster (the same safe subset of YAML).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read(name: str) -> list[dict]:
    return [entry for file in SETS[name]
            for entry in yaml.load((LABELS / file).read_text(encoding="utf-8"), Loader=_LOADER)]


def load(name: str) -> list[dict]:
    """The labelled entries of set `name`. The two helpers who wrote set c each found some of the
    same real abstracts: held-out set c is scored without the abstracts the development set holds;
    likewise bk without those bl holds."""
    entries = _read(name)
    if name == "never_tuned_c":
        seen = {e["sentence"] for e in _read("dev_c")}
        shared = {e["abstract_id"] for e in entries if e["sentence"] in seen}
        entries = [e for e in entries if e["abstract_id"] not in shared]
    if name == "never_tuned_bk":  # four abstracts bl's helper labelled too: bk is scored without them
        seen = {e["source"] for e in _read("never_tuned_bl")}
        entries = [e for e in entries if e["source"] not in seen]
    return entries


_UNITS = {"x": "×", "times": "×", "fold": "×", "-fold": "×"}


def value_key(value: str, unit: str) -> str:
    """A number as compared: no spaces, commas or qualifiers; a range as low–high; a time in two
    units as both its numbers, whichever of value and unit a label wrote the second in ("1 hour
    32 minutes", or value 1 and unit "hour and 4 minutes")."""
    text = str(value).lower().replace(",", "")
    if re.search(r"\d+\s*(?:hours?|minutes?|seconds?)\b", unit or ""):
        text += " " + unit
    numbers = re.findall(r"\d+(?:\.\d+)?", text)
    return "–".join(numbers) if numbers else re.sub(r"\W", "", text)


def paired(got: list, expected: list[dict]) -> tuple[dict, dict]:
    """The tool's results and the labels of one sentence, keyed so that the same key is a pair:
    by value, and where a value comes more than once ("4.0× lower latency and 4.0× less energy"),
    each label with the result whose claim shares most of its words, in sentence order at a tie."""
    def words(text: str) -> set[str]:
        return set(re.findall(r"[a-z]+", text.lower()))

    by_value: dict[str, tuple[list, list]] = defaultdict(lambda: ([], []))
    for r in got:
        by_value[value_key(r.value_text, r.unit)][0].append(r)
    for e in expected:
        by_value[value_key(e["value"], e["unit"])][1].append(e)
    tool, labels = {}, {}
    for key, (results, wanted) in by_value.items():
        pairs = sorted(((-len(words(r.claim.text if r.claim else "") & words(e["claim"])), i, j)
                        for i, r in enumerate(results) for j, e in enumerate(wanted)))
        used_r, used_e, n = set(), set(), 0
        for _, i, j in pairs:
            if i not in used_r and j not in used_e:
                used_r.add(i)
                used_e.add(j)
                tool[(key, n)], labels[(key, n)] = results[i], wanted[j]
                n += 1
        tool.update({(key, n + k): r for k, r in enumerate(r for i, r in enumerate(results) if i not in used_r)})
        labels.update({(key, -1 - k): e for k, e in enumerate(e for j, e in enumerate(wanted) if j not in used_e)})
    return tool, labels


def _pieces_in_order(claim: str, sentence: str) -> bool:
    sentence = TEX_SIGN.sub(tex_sign, sentence)  # a claim writes TeX's signs as signs: "7.64$\times$" as "7.64×"
    at = 0
    for piece in claim.split(" … "):
        found = sentence.find(piece.strip(), at)
        if found < 0:
            found = sentence.lower().find(piece.strip().lower(), at)  # a piece's first letter lowered
        if found < 0:
            return False
        at = found + len(piece.strip())
    return True


def _has(claim: str, words: str) -> bool:
    return words.lower() in claim.lower()


def _abstract_groups(entries: list[dict]) -> list[tuple[Paper, list[dict]]]:
    """(the text the extractor reads, its labelled entries): a seed paper's file, or the sentences
    of one written abstract (entries sharing an abstract_id), or one sentence."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for index, entry in enumerate(entries):
        key = entry.get("paper") or entry.get("abstract_id") or f"#{index}"
        groups[str(key)].append(entry)
    out = []
    for key, members in groups.items():
        if members[0].get("paper"):
            text = (SEED_CONTENT / "papers" / f"{key}.md").read_text(encoding="utf-8")
            front, body = text.split("\n---\n", 1)
            title = yaml.safe_load(front.removeprefix("---\n"))["title"]
            out.append((Paper(slug=key, title=title, abstract=body.strip()), members))
        else:
            title = members[0].get("title") or "X"  # set b gives each written abstract a title
            out.append((Paper(slug="x", title=title, abstract=" ".join(e["sentence"] for e in members)), members))
    return out


@lru_cache(maxsize=1)
def seed_hardware():
    """The seed list's hardware vocabulary, read once (it is never changed: rules only read it)."""
    return read_content(SEED_CONTENT).hardware


def scores(name: str, hardware=None, show: bool = False) -> dict[str, tuple[int, int]]:
    hardware = hardware or seed_hardware()
    counts = {f: [0, 0] for f in ("value precision", "value recall", "claim keeps meaning", "meaning inverted",
                                  "kind", "device right", "wrong device", "baseline")}
    for paper, members in _abstract_groups(load(name)):
        found = extract_results(paper, hardware)
        for entry in members:
            sentence = entry["sentence"]
            got = [r for r in found if r.sentence and (r.sentence.strip() in sentence or sentence.strip() in r.sentence)]
            expected = entry["results"] or []
            by_key, want_keys = paired(got, expected)
            matched = by_key.keys() & want_keys.keys()
            counts["value precision"][0] += len(matched)
            counts["value precision"][1] += len(by_key)
            counts["value recall"][0] += len(matched)
            counts["value recall"][1] += len(want_keys)
            if show:
                for key in want_keys.keys() - by_key.keys():
                    print(f"MISSED {key[0]} {want_keys[key]['unit']} | {want_keys[key]['claim']}")
                for key in by_key.keys() - want_keys.keys():
                    print(f"EXTRA  {key[0]} {by_key[key].unit} | {by_key[key].claim.text if by_key[key].claim else None}")
            for key in matched:
                r, e = by_key[key], want_keys[key]
                measures = e.get("measures") or []
                claim = r.claim.text if r.claim else ""
                keeps = bool(claim) and _pieces_in_order(claim, sentence) and all(_has(claim, m) for m in measures)
                others = [m for o in expected if o is not e for m in (o.get("measures") or []) if m not in measures]
                inverted = not all(_has(claim, m) for m in measures) and any(_has(claim, m) for m in others)
                counts["claim keeps meaning"][0] += keeps
                counts["claim keeps meaning"][1] += 1
                counts["meaning inverted"][0] += inverted
                counts["meaning inverted"][1] += 1
                counts["kind"][0] += r.kind == e["kind"]
                counts["kind"][1] += 1
                if e.get("device"):
                    counts["device right"][0] += r.device == e["device"]
                    counts["device right"][1] += 1
                counts["wrong device"][0] += r.device is not None and r.device != e.get("device")
                counts["wrong device"][1] += 1
                if e.get("baseline"):
                    counts["baseline"][0] += bool(r.baseline)
                    counts["baseline"][1] += 1
                if show and (not keeps or (r.device or None) != (e.get("device") or None) or r.kind != e["kind"]):
                    print(f"{'KEEPS' if keeps else 'LOSES'} {key[0]}{r.unit} kind {r.kind}/{e['kind']} "
                          f"device {r.device}/{e.get('device')} | {claim} || want: {e['claim']}")
    return {field: (a, b) for field, (a, b) in counts.items()}


def table(name: str, **kwargs) -> str:
    found = scores(name, **kwargs)
    return f"{name}: " + ", ".join(f"{field} {a}/{b} ({a / max(b, 1):.2f})" for field, (a, b) in found.items())


def agreement() -> str:
    """How often a second reader credits the first labels' devices (second_reading_qstu.yml): of
    the results the first labels give a device, those the second gives the same; and the results
    the second gives a device the first does not (none, or another)."""
    second = yaml.safe_load((LABELS / "second_reading_qstu.yml").read_text(encoding="utf-8"))
    first = [entry for name in "qstu" for entry in _read(f"never_tuned_{name}")]
    same = given = other = total = 0
    for a, b in zip(first, second, strict=True):
        assert a["sentence"] == b["sentence"]
        for ra, rb in zip(a["results"] or [], b["results"] or [], strict=True):
            total += 1
            given += bool(ra.get("device"))
            same += bool(ra.get("device")) and ra.get("device") == rb.get("device")
            other += bool(rb.get("device")) and rb.get("device") != ra.get("device")
    return (f"second reader of q, s, t, u: device right {same}/{given} ({same / given:.2f}), "
            f"wrong device {other}/{total} ({other / total:.2f})")


if __name__ == "__main__":
    if sys.argv[1:] == ["--agreement"]:
        print(agreement())
        sys.exit()
    names = sys.argv[1:] or ["seed"]
    for name in names:
        print(table(name, show="seed" in names and len(names) == 1))
