"""The glossary (phom/glossary.json) is the home of every term: every Vietnamese catalog text (locale/vi.po
and the page's lang/vi.json) avoids the variants it lists, keeps its source's placeholders, and the page's
two catalogs have the same keys."""

from __future__ import annotations

import json
import pathlib
import re
import string

import pytest
from babel.messages.pofile import read_po
from phom.language import glossary, term

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGE_LANG = ROOT / "python" / "phom" / "web" / "static" / "lang"


def po_messages() -> list[tuple[str, str]]:
    with (ROOT / "locale" / "vi.po").open("rb") as stream:
        catalog = read_po(stream, locale="vi")
    return [(m.id, m.string) for m in catalog if m.id and isinstance(m.id, str)]


def page_messages() -> list[tuple[str, str]]:
    en = json.loads((PAGE_LANG / "en.json").read_text(encoding="utf-8"))
    vi = json.loads((PAGE_LANG / "vi.json").read_text(encoding="utf-8"))
    return [(en[key], vi[key]) for key in sorted(vi)]


def vietnamese_texts() -> list[tuple[str, str]]:
    return po_messages() + page_messages()


def placeholders(text: str) -> set[str]:
    names = {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}
    return names | set(re.findall(r"\{(\w+)\}", text))


def avoided() -> list[tuple[str, str, re.Pattern[str]]]:
    return [(name, str(entry["vi"]), re.compile(rf"(?<!\w){variant}(?!\w)", re.IGNORECASE))
            for name, entry in glossary().items() for variant in entry.get("avoid_vi", [])]  # type: ignore[union-attr]


def test_every_term_has_both_languages_and_a_definition():
    assert len(glossary()) >= 30
    for name, entry in glossary().items():
        for field in ("vi", "en", "definition_vi", "definition_en"):
            assert str(entry[field]).strip(), f"{name} lacks {field}"
    assert term("stake", "vi") == "cược" and term("next_seat", "vi") == "nhà dưới"


def test_every_catalog_text_uses_the_glossarys_terms():
    problems = []
    for source, text in vietnamese_texts():
        words = re.sub(r"\{\w+\}", " ", text)          # a placeholder's name is no word of the text
        for name, word, pattern in avoided():
            if pattern.search(words):
                problems.append(f"{text!r} (from {source!r}) uses {pattern.pattern!r}: the glossary's {name} is {word!r}")
    assert not problems, "\n".join(problems)


def test_every_text_is_translated_with_the_same_placeholders():
    problems = []
    for source, text in vietnamese_texts():
        if not text:
            problems.append(f"{source!r} is untranslated")
        elif placeholders(source) != placeholders(text):
            problems.append(f"{source!r} → {text!r}: {placeholders(source)} ≠ {placeholders(text)}")
    assert not problems, "\n".join(problems)


def test_the_pages_catalogs_have_the_same_keys():
    en = json.loads((PAGE_LANG / "en.json").read_text(encoding="utf-8"))
    vi = json.loads((PAGE_LANG / "vi.json").read_text(encoding="utf-8"))
    assert set(en) - {"_terms"} == set(vi)      # _terms: the Vietnamese words the English page marks lang="vi"


@pytest.mark.parametrize("text", ["ba đôi có 3♠", "Seed của bạn", "máy: ghế 1 greedy", "đã đánh discard J♥",
                                  "1,5 tiền cược", "người kế tiếp có thể ăn",
                                  "Cần chặn: lá lẻ 2♥", "Các nước bị đánh dấu (3):"])
def test_the_check_catches_the_old_words(text):
    assert any(pattern.search(text) for _, _, pattern in avoided())


def test_a_lone_card_other_than_a_two_is_still_a_single():
    assert not any(pattern.search("Cần chặn: lá lẻ 9♥") for _, _, pattern in avoided())
    assert term("single", "vi") == "lá lẻ" and "heo" in str(glossary()["single"]["definition_vi"])
    assert term("you", "vi") == "bạn" and term("review", "vi") == "xem lại ván"
