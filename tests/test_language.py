"""Two languages everywhere a person reads: the gettext catalog compiled into the installed wheel, every
marked text translated (with the same placeholders, in NFC), the page's catalogs complete and in lockstep
with the Python names of cards and levels, and the terminal, hints, views and reviews in Vietnamese."""

from __future__ import annotations

import gettext
import io
import json
import pathlib
import re
import sys
import unicodedata
from html.parser import HTMLParser

import pytest

import phom
from phom import Game, hint
from phom import language
from phom.bots.levels import LEVELS
from phom.cli import main
from phom.language import CatalogMissing, card_name, catalog_path, pick_language, preferred_language, translator

PACKAGE = pathlib.Path(phom.__file__).resolve().parent
STATIC = PACKAGE / "web" / "static"
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
MARKED = re.compile(r"""\bN?_\("((?:[^"\\]|\\.)*)"\)""")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def installed_catalog() -> gettext.GNUTranslations:
    with catalog_path("vi").open("rb") as stream:
        return gettext.GNUTranslations(stream)


def marked_texts() -> set[str]:
    """What Babel extracts from the installed package: every text marked _() or N_()."""
    from babel.messages.extract import extract_from_dir

    found = extract_from_dir(str(PACKAGE), method_map=[("**.py", "python")], keywords={"_": None, "N_": None})
    return {message for _, _, message, _, _ in found if isinstance(message, str)}


def test_the_installed_wheel_holds_the_compiled_vietnamese_catalog():
    # the wheel's build compiles locale/vi.po with Babel; without it this fails (never a silent English)
    assert catalog_path("vi").is_file(), f"{catalog_path('vi')} is missing from the installed package"
    assert installed_catalog().gettext("Seat {seat}") == "Ghế {seat}"
    assert translator("vi")("The game is over.") == "Ván đã kết thúc."


def test_an_editable_install_reads_the_catalog_its_build_installed(tmp_path, monkeypatch):
    """``pip install -e .`` serves the modules from the source tree, which has no compiled catalog; the
    build installed it under site-packages, which ``catalog_path`` finds on ``sys.path``."""
    built = tmp_path / "site" / "phom" / "locale" / "vi" / "LC_MESSAGES"
    built.mkdir(parents=True)
    (built / "phom.mo").write_bytes(catalog_path("vi").read_bytes())
    monkeypatch.setattr(language, "LOCALE_DIR", tmp_path / "source-tree")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "elsewhere"), str(tmp_path / "site")])
    language._catalog.cache_clear()
    try:
        assert catalog_path("vi") == built / "phom.mo"
        assert translator("vi")("Seat {seat}") == "Ghế {seat}"
    finally:
        monkeypatch.undo()
        language._catalog.cache_clear()


def test_a_missing_catalog_is_an_error_not_english(tmp_path, monkeypatch):
    monkeypatch.setattr(language, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(sys, "path", [str(tmp_path)])      # no editable install's build either
    language._catalog.cache_clear()
    try:
        with pytest.raises(CatalogMissing, match="reinstall phom"):
            translator("vi")
    finally:
        monkeypatch.undo()
        language._catalog.cache_clear()
    with pytest.raises(ValueError, match="choose 'vi' or 'en'"):
        translator("fr")


def test_every_marked_text_has_a_vietnamese_translation_with_the_same_placeholders():
    texts = marked_texts()
    assert len(texts) > 150
    catalog = installed_catalog()._catalog          # msgid -> msgstr as compiled
    missing = sorted(t for t in texts if not catalog.get(t))
    assert not missing, f"texts without a Vietnamese translation (run python3 locale/update.py): {missing}"
    for text in texts:
        said = catalog[text]
        assert placeholders(said) == placeholders(text), (text, said)
        assert unicodedata.is_normalized("NFC", said), said


def test_no_marked_text_hides_where_babel_cannot_see_it():
    # a _("...") inside an f-string is invisible to the extraction, so it would never be translated
    texts = marked_texts()
    hidden = []
    for path in PACKAGE.rglob("*.py"):
        for literal in MARKED.findall(path.read_text(encoding="utf-8")):
            text = literal.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
            if text not in texts:
                hidden.append(f"{path.relative_to(PACKAGE)}: {text!r}")
    assert not hidden, hidden


def page_catalogs() -> dict[str, dict[str, object]]:
    return {lang: json.loads((STATIC / "lang" / f"{lang}.json").read_text(encoding="utf-8")) for lang in ("en", "vi")}


def test_the_page_catalogs_have_the_same_keys_and_placeholders_in_nfc():
    catalogs = page_catalogs()
    en = {k: v for k, v in catalogs["en"].items() if not k.startswith("_")}
    vi = catalogs["vi"]
    assert set(en) == set(vi)
    for key, text in en.items():
        assert isinstance(text, str) and text and vi[key], key
        assert placeholders(text) == placeholders(str(vi[key])), key
        for said in (text, str(vi[key])):
            assert unicodedata.is_normalized("NFC", said), key
    terms = catalogs["en"]["_terms"]
    assert isinstance(terms, list) and all(unicodedata.is_normalized("NFC", x) for x in terms)


class _PageTexts(HTMLParser):
    """The keys the page asks for, and any text of its own that no key covers."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: set[str] = set()
        self.untranslated: list[str] = []
        self.stack: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name in ("data-i18n", "data-i18n-placeholder", "data-i18n-aria-label"):
            if found.get(name):
                self.keys.add(str(found[name]))
        if tag not in ("meta", "link", "input", "br"):
            self.stack.append(found)

    def handle_endtag(self, tag: str) -> None:
        if self.stack and tag not in ("meta", "link", "input", "br"):
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        text = data.strip()
        if not text or not self.stack:
            return
        here = self.stack[-1]
        # a translated element, a name in its own language, a bot's algorithm name, or no words
        if "data-i18n" in here or here.get("lang") or here.get("value") or not any(ch.isalpha() for ch in text):
            return
        self.untranslated.append(text)


def test_every_text_of_the_page_comes_from_the_catalogs():
    parser = _PageTexts()
    parser.feed((STATIC / "index.html").read_text(encoding="utf-8"))
    assert not parser.untranslated, parser.untranslated
    script = (STATIC / "app.js").read_text(encoding="utf-8")
    asked = parser.keys | set(re.findall(r"""\bt\(["'`]([a-z_0-9]+)["'`]""", script))
    asked |= {m for m in re.findall(r"""t\(\w+ \? "(\w+)" : "(\w+)"\)""", script) for m in m}
    catalogs = page_catalogs()
    missing = sorted(k for k in asked if k not in catalogs["en"] or k not in catalogs["vi"])
    assert not missing, missing


def test_the_page_names_cards_and_levels_as_the_python_side_does():
    catalogs = page_catalogs()
    for lang in ("en", "vi"):
        words = catalogs[lang]
        for rank in range(1, 14):
            for suit, code in enumerate("SCDH"):
                said = str(words["card_name"]).format(rank=words[f"rank_{rank}"], suit=words[f"suit_{code}"])
                assert said == card_name((rank, suit), lang)
        for level in LEVELS:
            assert words[f"level_{level.number}"] == level.name(lang)
    assert card_name((12, 0), "vi") == "Đầm Bích" and card_name((10, 3), "en") == "10 of hearts"


def test_the_language_of_a_terminal_and_of_a_browser():
    assert pick_language(None, {}) == "en"
    assert pick_language(None, {"LANG": "vi_VN.UTF-8"}) == "vi"
    assert pick_language(None, {"LANGUAGE": "en:vi", "LANG": "vi_VN.UTF-8"}) == "en"
    assert pick_language(None, {"LC_ALL": "vi_VN.UTF-8", "LANG": "en_US.UTF-8"}) == "vi"
    assert pick_language(None, {"LC_MESSAGES": "vi", "LANG": "C"}) == "vi"
    assert pick_language("en", {"LANG": "vi_VN"}) == "en"
    with pytest.raises(ValueError):
        pick_language("de", {})
    assert preferred_language(None) == "en" and preferred_language("vi") == "vi"
    assert preferred_language("fr-FR,fr;q=0.9,vi;q=0.8,en;q=0.7") == "vi"
    assert preferred_language("en-GB,vi;q=0.1") == "en" and preferred_language("q=;;,") == "en"


def test_phom_play_speaks_vietnamese_by_the_environment_and_by_lang(monkeypatch):
    monkeypatch.setenv("LANG", "vi_VN.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    out = io.StringIO()
    assert main(["play", "--players", "2", "--seed", "1", "--bots", "level:2"], stdin=io.StringIO("1\n" * 60), stdout=out) == 0
    assert "Lượt của bạn (ghế 1)" in out.getvalue() and "Tổng:" in out.getvalue()
    out = io.StringIO()
    assert main(["play", "--players", "2", "--seed", "1", "--lang", "en"], stdin=io.StringIO("1\n" * 60), stdout=out) == 0
    assert "Your turn (seat 1)" in out.getvalue() and "Net:" in out.getvalue()
    out = io.StringIO()
    assert main(["tienlen", "play", "--seed", "3", "--lang", "vi"], stdin=io.StringIO("1\n" * 80), stdout=out) == 0
    assert "Tiến lên, 4 người chơi" in out.getvalue() and "Tổng:" in out.getvalue()


def test_phom_review_in_vietnamese(tmp_path):
    from phom.bots import GreedyBot

    game = Game(seed=3)
    while not game.is_over:
        game.apply(GreedyBot().act(game.view(game.to_move)))
    record = tmp_path / "game.json"
    record.write_text(game.to_json(), encoding="utf-8")
    out = io.StringIO()
    page = tmp_path / "review.html"
    assert main(["review", str(record), "--seats", "1", "--worlds", "16", "--lang", "vi", "--html", str(page)],
                stdout=out) == 0
    assert out.getvalue().startswith("Xem lại ván Phỏm, 4 người chơi.")
    assert '<html lang="vi">' in page.read_text(encoding="utf-8") and "Phân tích ván" in page.read_text(encoding="utf-8")


def test_hints_take_a_language():
    game = Game(seed=12)
    english, vietnamese = hint(game), hint(game, lang="vi")
    assert english.action == vietnamese.action
    from phom.phom.render import action_text

    assert vietnamese.reason.startswith(action_text(vietnamese.action, "vi") + ":")       # Đánh Q♠: …
    assert "điểm" in vietnamese.reason and "points" not in vietnamese.reason
    assert all(reason != english_reason for (_, _, reason), (_, _, english_reason)
               in zip(vietnamese.alternatives, english.alternatives))
    with pytest.raises(ValueError, match="choose 'vi' or 'en'"):
        hint(game, lang="xx")


def test_the_command_line_picks_its_language_before_its_parser():
    from phom.cli import argparse_speaks, command_language

    assert command_language(["play", "--lang", "vi"], {}) == "vi"
    assert command_language(["play", "--lang=en"], {"LANG": "vi_VN.UTF-8"}) == "en"
    assert command_language(["play", "--lang", "xx"], {"LC_ALL": "vi_VN"}) == "vi"   # argparse refuses xx later
    assert command_language(["solve"], {}) == "en"
    import argparse

    before = argparse._  # type: ignore[attr-defined]
    with argparse_speaks("vi"):
        assert argparse.ArgumentParser(prog="x").format_help().startswith("Cách dùng: x [-h]\n\nTuỳ chọn:")
    assert argparse._ is before  # type: ignore[attr-defined]         # argparse gets its own words back


def test_a_card_typed_wrong_is_said_in_the_players_words(capsys):
    """A card that is no card, or one written twice: the terminal and the API say it in Vietnamese
    (the English sentence stays for logs), in the solver and at the table."""
    import io

    from starlette.testclient import TestClient

    from phom.cli import main
    from phom.web.app import create_app

    assert main(["solve", "ZZ 9H", "--lang", "vi"]) == 1
    assert "“ZZ” không phải một lá bài" in capsys.readouterr().err
    assert main(["solve", "9H 9H", "--lang", "vi"]) == 1
    assert "lá 9H được ghi hai lần" in capsys.readouterr().err
    out = io.StringIO()
    main(["play", "--seed", "3", "--lang", "vi"], stdin=io.StringIO("đánh ZZ\nq\n"), stdout=out)
    assert "Không hiểu: “ZZ” không phải một lá bài" in out.getvalue()
    client = TestClient(create_app())
    answer = client.post("/api/solve?lang=vi", json={"hand": "9H 9H"}).json()
    assert answer["code"] == "card_twice" and "được ghi hai lần" in answer["message"]
    assert "appears twice" in answer["error"]
