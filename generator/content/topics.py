"""Finding topics in text: `content/topics.yml` lists topics with the phrases that signal
them (vocabularies.py loads it into the `Topics` defined here). Two scans of a text: one
for all plain phrases, ignoring case (a trie, as for hardware names in matching.py), one
for the few phrases written as regexes."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

# The trie and scanner that matching.py builds hardware names with.
from .phrase_trie import PHRASE_END, char_tokens, scanner, spelling_key, trie_insert, trie_pattern


@dataclass(frozen=True)
class Topic:
    id: str
    name: str
    description: str
    patterns: tuple[str, ...]  # as written: phrases, or regexes between slashes


class Topics:
    """The topic vocabulary, and detection of topics in text."""

    def __init__(self, topics: Iterable[Topic]):
        self.topics: dict[str, Topic] = {topic.id: topic for topic in topics}

    def detect(self, text: str) -> list[str]:
        """The ids of the topics whose phrases occur in `text`, in file order."""
        matcher = self._matcher
        found: set[str] = set()
        # Phrases ignore case, so they are matched in lowercase text, where
        # each character of the trie is one plain comparison.
        for match in matcher.phrases.finditer(" " + text.lower()):
            if match.start(1) >= 0:  # not a link
                found.update(matcher.phrase_topics[spelling_key(match.group(1))])
        if matcher.regexes is not None:
            for match in matcher.regexes.finditer(" " + text):
                spans = match.regs
                found.update(topic_id for topic_id, group in matcher.regex_groups if spans[group][0] != -1)
        return [topic_id for topic_id in self.topics if topic_id in found]

    @cached_property
    def _matcher(self) -> _TopicMatcher:
        return _topic_matcher(self.topics.values())


@dataclass(frozen=True)
class _TopicMatcher:
    phrases: re.Pattern[str]  # group 1: the longest phrase starting at a word
    phrase_topics: dict[str, frozenset[str]]  # spelling key -> topics of it and of the phrases it starts with
    regexes: re.Pattern[str] | None  # one optional group per /regex/ phrase
    regex_groups: tuple[tuple[str, int], ...]  # (topic id, group number)


def is_regex_phrase(phrase: str) -> bool:
    return len(phrase) > 2 and phrase.startswith("/") and phrase.endswith("/")


def _topic_matcher(topics: Iterable[Topic]) -> _TopicMatcher:
    trie: dict = {}
    topics_of: dict[str, set[str]] = {}
    regexes: list[tuple[str, str]] = []  # (topic id, regex body)
    for topic in topics:
        for phrase in topic.patterns:
            if is_regex_phrase(phrase):
                regexes.append((topic.id, phrase[1:-1]))
            else:
                trie_insert(trie, char_tokens(phrase.lower(), any_case=False))
                topics_of.setdefault(spelling_key(phrase), set()).add(topic.id)
    phrases = (re.compile(scanner(f"(?=({trie_pattern(trie, PHRASE_END)}))"))
               if trie else re.compile(r"(?!)"))
    if not regexes:
        return _TopicMatcher(phrases, _with_shorter_phrases(topics_of), None, ())
    # A word where any regex matches, then each regex's own optional lookahead,
    # so that one regex matching there never hides another.
    bodies = [f"(?i:{body}){PHRASE_END}" for _, body in regexes]
    each = "".join(f"(?:(?=(?P<r{i}>{body}))|)" for i, body in enumerate(bodies))
    pattern = re.compile(scanner(f"(?=(?:{'|'.join(bodies)})){each}"))
    groups = tuple((topic_id, pattern.groupindex[f"r{i}"]) for i, (topic_id, _) in enumerate(regexes))
    return _TopicMatcher(phrases, _with_shorter_phrases(topics_of), pattern, groups)


def _with_shorter_phrases(topics_of: dict[str, set[str]]) -> dict[str, frozenset[str]]:
    """Each phrase's topics plus those of the phrases it starts with, ending at a word boundary.

    The trie reports the longest phrase at a word; "sparse attention" also
    contains the phrase "sparse", whose topic must not be lost.
    """
    merged = {}
    for key, owners in topics_of.items():
        topics = set(owners)
        for end in range(1, len(key)):
            if not key[end].isalnum() and key[:end] in topics_of:
                topics |= topics_of[key[:end]]
        merged[key] = frozenset(topics)
    return merged
