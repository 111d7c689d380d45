"""Finding topics in text: `content/topics.yml` lists topics with the phrases that signal
them (vocabularies.py loads it into the `Topics` defined here). Two scans of a text: one
for all plain phrases, ignoring case (looked up in a dict, as hardware names are: phrases.py), one
for the few phrases written as regexes, which run on RE2: a curator's regex takes time
linear in the text, whatever it is, and one RE2 cannot run is refused at its line.

The file's `ignore` lists phrases that hold a plain match phrase without signalling its
topic ("serving as", "graph convolutional"): where one stands, the plain phrases inside it
count for no topic (regexes are not affected: write the phrase plainly).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

import re2

from .phrases import LINK, WORD_STARTS, PhraseTable, phrase_words, spaced_once, spelling_key

# A /regex/ phrase at most this long: list the variants as phrases instead.
MAX_REGEX_CHARS = 200
_RE2 = re2.Options()
_RE2.log_errors = False  # a curator's invalid regex is reported at its line, not logged by RE2
_RE2.max_mem = 64 << 20  # room for all the file's regexes in one set (RE2's default, 8 MB, holds about 60)
_LOOKAROUND = re.compile(r"\(\?<?[=!]|\\[1-9]|\(\?\(")  # what Python's regexes have and RE2's do not
# A regex phrase matches whole words, as the plain phrases do: RE2 has no lookaround, so the
# letters or digits on either side are what may not be there.
_WORDS = r"(?:^|[^\p{L}\p{N}])(?i:%s)(?:$|[^\p{L}\p{N}])"


@dataclass(frozen=True)
class Topic:
    id: str
    name: str
    description: str
    patterns: tuple[str, ...]  # as written: phrases, or regexes between slashes


class Topics:
    """The topic vocabulary, and detection of topics in text."""

    def __init__(self, topics: Iterable[Topic], ignore: Iterable[str] = ()):
        self.topics: dict[str, Topic] = {topic.id: topic for topic in topics}
        self.ignore = tuple(ignore)

    def detect(self, text: str) -> list[str]:
        """The ids of the topics whose phrases occur in `text`, in file order."""
        matcher = self._matcher
        table = matcher.phrase_topics
        # Phrases ignore case: they are looked up in lowercase text.
        lowered = text.lower()
        phrases = []  # (start, end, topics) of the longest phrase at a word
        ignored = []  # (start, end) of the longest `ignore` phrase at a word
        for word in phrase_words(matcher.phrases.finditer(lowered), lowered, matcher.starts):
            key, start, end = word.group(), word.start(), word.end()
            if key in table.prefixes and (phrase := table.longest_at(lowered, start, end)):
                phrases.append((start, *phrase))
            if key in matcher.ignored.prefixes and (span := matcher.ignored.longest_at(lowered, start, end)):
                ignored.append((start, span[0]))
        found: set[str] = set()
        for start, end, topics in phrases:
            if not any(a <= start and end <= b for a, b in ignored):  # not inside an ignored phrase
                found.update(topics)
        if matcher.regexes is not None:
            for index in matcher.regexes.Match(LINK.sub(" ", text)) or ():
                found.add(matcher.regex_topics[index])
        return [topic_id for topic_id in self.topics if topic_id in found]

    @cached_property
    def _matcher(self) -> _TopicMatcher:
        return _topic_matcher(self.topics.values(), self.ignore)


@dataclass(frozen=True)
class _TopicMatcher:
    phrases: re.Pattern[str]  # the tokens where words start, which phrases are looked up from
    phrase_topics: PhraseTable[frozenset[str]]  # phrase -> topics of it and of the phrases it starts with
    ignored: PhraseTable[None]  # the `ignore` phrases
    regexes: re2.Set | None  # every /regex/ phrase, in one RE2 set
    regex_topics: tuple[str, ...]  # the topic of each
    starts: frozenset[str] = field(init=False)  # what a phrase or an `ignore` phrase starts with

    def __post_init__(self) -> None:
        object.__setattr__(self, "starts", self.phrase_topics.prefixes | self.ignored.prefixes)


def is_regex_phrase(phrase: str) -> bool:
    return len(phrase) > 2 and phrase.startswith("/") and phrase.endswith("/")


def regex_problem(body: str) -> str | None:
    """Why a /regex/ phrase cannot be used, or None."""
    if len(body) > MAX_REGEX_CHARS:
        return (f"is {len(body)} characters long (expected at most {MAX_REGEX_CHARS}; "
                "list the variants as phrases instead)")
    try:
        re2.compile(body, options=_RE2)
        compiled = re2.compile(_WORDS % body, options=_RE2)
    except re2.error as error:
        reason = error.args[0] if error.args else error
        reason = reason.decode(errors="replace") if isinstance(reason, bytes) else str(reason)
        hint = ("RE2's syntax, which has no lookaround or backreference; write the phrase plainly and list "
                "what holds it without meaning the topic under the file's 'ignore:', e.g. ignore: [serving as]"
                if _LOOKAROUND.search(body) else "RE2's syntax, e.g. /KV[- ]caches?/")
        return f"is not a regular expression RE2 can run: {reason} (expected {hint})"
    if compiled.search(" ") is not None:
        return "matches empty text (expected a pattern that needs at least one character)"
    return None


def _topic_matcher(topics: Iterable[Topic], ignore: Iterable[str]) -> _TopicMatcher:
    plain: list[str] = []
    topics_of: dict[str, set[str]] = {}
    regexes = re2.Set.SearchSet(_RE2)
    regex_topics: list[str] = []
    for topic in topics:
        for phrase in topic.patterns:
            if is_regex_phrase(phrase):
                regexes.Add(_WORDS % phrase[1:-1])
                regex_topics.append(topic.id)
            else:
                plain.append(phrase)
                topics_of.setdefault(spelling_key(phrase), set()).add(topic.id)
    merged = _with_shorter_phrases(topics_of)
    phrase_topics = PhraseTable.of((spaced_once(phrase.lower()), merged[spelling_key(phrase)]) for phrase in plain)
    ignored = PhraseTable.of((spaced_once(phrase.lower()), None) for phrase in ignore)
    if regex_topics:
        regexes.Compile()
    return _TopicMatcher(WORD_STARTS, phrase_topics, ignored, regexes if regex_topics else None, tuple(regex_topics))


def _with_shorter_phrases(topics_of: dict[str, set[str]]) -> dict[str, frozenset[str]]:
    """Each phrase's topics plus those of the phrases it starts with, ending at a word boundary.

    Only the longest phrase at a word is looked up; "sparse attention" also
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
