"""Every word of the page as a player reads it (issue 42), in a real browser: a bot has one name on the
whole page (the setup form, its seat on the table, the result and the table's totals), the name of the
level that plays like it (``phom.bots.levels``), as the terminal and the review name it; and a whole game
of each kind against bots, with the hint, the deeper hint, a refused move, the move log, the end, the
payments, the fairness seal and the review, shows no English on the Vietnamese page, no Vietnamese
outside ``lang="vi"`` on the English one, no code notation (#1, [0], ->, table[1], a hash, a key of the
program) and no number in the other language's format.

The English words come from the program's own English (the page's en.json and every msgid of
locale/vi.po) less every word its Vietnamese uses (vi.json, the msgstrs, the glossary): whatever the
program can say in English and never says in Vietnamese must not reach the Vietnamese page.

One server and one browser for the module (the fixtures of tests/test_browser.py); screenshots are kept
as ``words-*.png`` artifacts (``PHOM_ARTIFACTS``)."""

from __future__ import annotations

import functools
import json
import pathlib
import re

import pytest
from babel.messages.pofile import read_po
from phom.bots.levels import level_of
from phom.language import glossary
from test_browser import ARTIFACTS, HAND, IDLE, browser, legal_moves, open_review_details, server  # noqa: F401  (the module's fixtures)
from test_phone import (DESK, PHONE, VISIBLE_TEXT, check_en_text, check_vi_text, next_move, refuse_a_move,
                        wait_idle)

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGE_LANG = ROOT / "python" / "phom" / "web" / "static" / "lang"
WORD = re.compile(r"[^\W\d_]+")
# a placeholder, a printf field, a command-line option or a METAVAR is no word of a text
NOT_WORDS = re.compile(r"\{\w+\}|%\(\w+\)[sdr]|--?[\w-]+|\b[A-Z_]{2,}\b")


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(NOT_WORDS.sub(" ", text))}


@functools.cache
def english_only() -> frozenset[str]:
    """The words the program says in English and never in Vietnamese (two letters or more, a-z only)."""
    en = json.loads((PAGE_LANG / "en.json").read_text(encoding="utf-8"))
    vi = json.loads((PAGE_LANG / "vi.json").read_text(encoding="utf-8"))
    english = set().union(*(_words(text) for key, text in en.items() if key != "_terms"))
    vietnamese = set().union(*(_words(text) for text in vi.values()))
    with (ROOT / "locale" / "vi.po").open("rb") as stream:
        for message in read_po(stream, locale="vi"):
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            english |= set().union(*(_words(text) for text in ids))
            vietnamese |= set().union(*(_words(text or "") for text in strings))
    for entry in glossary().values():
        vietnamese |= _words(str(entry["vi"])) | _words(str(entry["definition_vi"]))
    return frozenset(word for word in english - vietnamese if re.fullmatch(r"[a-z]{2,}", word))


# code showing through: a number after #, an index in brackets, an arrow, a program's key or value,
# a placeholder left unfilled, a hash (the seal is in <code>, one tap away, and is not read here)
CODE = re.compile(r"#\d|\[\d+\]|->|\btable\[|\b[a-z]+_[a-z_]+\b|\{\w+\}|\b[0-9a-f]{12,}\b|\bundefined\b|\bNaN\b"
                  r"|\bnull\b|\[object|\blevel:\d|\bmontecarlo\b|\bgreedy\b")


def shown_texts(page) -> list[str]:
    """The visible text nodes, but the seal's own hash (in <code>, behind “Kiểm tra ván”)."""
    return [text for text, _, html in page.evaluate(VISIBLE_TEXT) if not html.startswith("<code")]


def check_words(page, lang: str, moment: str) -> None:
    """No English on the vi page (check_vi_text, and the program's English-only words), no Vietnamese
    outside lang=vi on the en page (check_en_text), and no code notation on either."""
    shown = shown_texts(page)
    text = "\n".join(shown)
    if lang == "vi":
        check_vi_text(page, moment)
        english = sorted({word for word in _words(text) if word in english_only()})
        where = [line for line in shown if any(word in _words(line) for word in english)]
        assert not english, f"{moment}: English on the vi page: {english} in {where[:4]}"
    else:
        check_en_text(page, moment)
    code = sorted({m.group(0) for m in CODE.finditer(text)})
    where = [line for line in shown if CODE.search(line)]
    assert not code, f"{moment}: code notation on the {lang} page: {code} in {where[:4]}"
    lower = [said for said in page.evaluate(SENTENCES) if said[:1].isalpha() and not said[:1].isupper()]
    assert not lower, f"{moment}: sentences that start in lower case: {lower[:4]}"


# what the page says as sentences: each starts with a capital letter (issue 51, item 5)
SENTENCES = """[...document.querySelectorAll(`#status, #message, #connection, #moment, #result > p, #payments li,
    #log li > span:first-child, #log .moment-name, #table .seat-last, #away-line > span, #card-tip`)]
    .filter((e) => !e.closest('[hidden]') && e.textContent.trim()).map((e) => e.textContent.trim())"""


def shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"words-{name}.png"), full_page=True, animations="disabled")


def names_in(page, selector: str) -> dict[int, str]:
    """Seat (from 0) → the name in brackets of a result row ("Ghế 2 (Cấp 3 · Biết chơi)"); the player's
    own row (seat 0, "Ghế 1 (bạn)") left out."""
    rows = page.evaluate(f"[...document.querySelectorAll('{selector} tr td:first-child')].map((td) => td.textContent)")
    found = {}
    for row in rows:
        matched = re.fullmatch(r"(?:Ghế|Seat) (\d) \((.+)\)", row.strip())
        if matched and matched.group(1) != "1":
            found[int(matched.group(1)) - 1] = matched.group(2)
    return found


def seat_names(page) -> dict[int, str]:
    """Seat (from 0) → the name under the seat's place on the table."""
    pairs = page.evaluate("[...document.querySelectorAll('#table .phom-seat[data-seat]:not(.me)')].map((s) => "
                          "[s.dataset.seat, s.querySelector('.who-name').textContent])")
    return {int(seat): name for seat, name in pairs}


def form_names(page, game: str) -> list[str]:
    """The bots the setup form offers for a game, by their names."""
    return page.evaluate("""(game) => [...document.querySelectorAll('#bot-1 option')]
        .filter((o) => !o.hidden && (!o.dataset.game || o.dataset.game === game)).map((o) => o.textContent)""", game)


BOTS = {"phom": ["level:3", "level:8", "hunter"], "tienlen": ["level:2", "level:6", "level:1"]}


@pytest.mark.parametrize(("game", "locale"), [("phom", "vi-VN"), ("tienlen", "vi-VN"), ("phom", "en-US"),
                                              ("tienlen", "en-US")])
def test_a_whole_game_reads_in_one_language_and_a_bot_has_one_name(server, browser, game, locale):  # noqa: F811
    lang = locale[:2]
    name = f"{game}-{lang}"
    page = browser.new_page(locale=locale, viewport=PHONE, device_scale_factor=1, has_touch=True)
    page.goto(server + "/")
    page.wait_for_function(f"document.documentElement.lang === '{lang}' && document.getElementById('bot-1')")
    page.select_option("#game-kind", game)
    for seat, bot in enumerate(BOTS[game], start=1):
        page.select_option(f"#bot-{seat}", bot)
    page.click("#house-rules summary")
    check_words(page, lang, "the setup")
    offered = form_names(page, game)
    assert len(offered) == len(set(offered)), f"two bots of the form share a name: {offered}"
    chosen = {seat: page.evaluate(f"document.getElementById('bot-{seat}').selectedOptions[0].textContent")
              for seat in (1, 2, 3)}
    shoot(page, f"{name}-setup")
    page.click("#new-game-button")
    page.wait_for_selector(HAND)
    wait_idle(page)
    assert seat_names(page) == chosen, "the seats name their bots otherwise than the setup form"
    check_words(page, lang, "the start")
    shoot(page, f"{name}-start")
    page.click("#hint")
    page.wait_for_selector("#message:not([hidden])")
    check_words(page, lang, "the hint")
    page.click("#look-ahead")
    page.wait_for_function("document.getElementById('message').textContent.trim() !== '' && "
                           "!document.getElementById('message').textContent.includes('…')", timeout=120_000)
    check_words(page, lang, "the deeper hint")
    shoot(page, f"{name}-deeper-hint")
    turns, refused = 0, False
    for _ in range(400):
        wait_idle(page)
        if page.locator("#result:not([hidden])").count():
            break
        labels = legal_moves(page)
        turns += 1
        if not refused and turns >= 2 and refuse_a_move(page, game, labels):
            refused = True
            check_words(page, lang, "a refused move")
            if page.locator("#hand .picked").count():
                page.click("#clear-selection")
            continue
        if turns == 4:
            assert seat_names(page) == chosen
            page.click("#log-toggle")
            check_words(page, lang, "the move log")
            shoot(page, f"{name}-log")
            page.click("#log-close")
        next_move(page, game, labels)
    page.wait_for_selector("#result:not([hidden]) #result-table")
    assert refused
    wait_idle(page)
    assert seat_names(page) == chosen, "the seats at the end name their bots otherwise"
    assert names_in(page, "#result-table") == chosen, "the result names the bots otherwise"
    assert names_in(page, "#series-table") == chosen, "the table's totals name the bots otherwise"
    # the reader's own seat is "you" in the headline and the big moments, never "Ghế N" (issue 42)
    own = re.compile(rf"\b(Ghế|Seat) {page.evaluate('state.view.player') + 1}\b")
    said = [page.inner_text("#result > p"), *page.evaluate(
        "[...document.querySelectorAll('#log .moment-name')].map((e) => e.textContent)")]
    assert not any(own.search(text) for text in said), said
    page.evaluate("fetch(`/api/games/${state.id}/review?lang=${state.lang}`, "
                  "{ headers: { authorization: `Bearer ${state.token}` } })")
    page.wait_for_selector("#moment", state="hidden", timeout=5000)
    check_words(page, lang, "the end and its payments")
    page.click("#fairness summary")
    check_words(page, lang, "the fairness seal")
    shoot(page, f"{name}-end")
    page.click("#review-game")
    page.wait_for_selector("#review .ledger", state="attached", timeout=120_000)
    open_review_details(page)
    decisions = page.locator("#review .decision summary")
    if decisions.count():
        decisions.first.click()
    check_words(page, lang, "the review")
    shoot(page, f"{name}-review")
    page.set_viewport_size(DESK)
    check_words(page, lang, "the end on a desktop")
    shoot(page, f"{name}-review-desk")
    page.close()


SPECS = ["random", "holder", "greedy", "planner", "search", "hunter", "learned", "best", "montecarlo:2",
         "montecarlo:8", "montecarlo:32", "montecarlo:128", "montecarlo:1024", "montecarlo:512:2", "level:1",
         "level:5", "level:8", "cmd:./my-bot"]


@pytest.mark.parametrize("locale", ["vi-VN", "en-US"])
def test_the_page_names_a_bot_by_the_level_that_plays_like_it(server, browser, locale):  # noqa: F811
    """The level of each bot the page names is phom.bots.levels.level_of (the view's ``bot_levels``, which
    the page never works out itself); a bot made through the API ("greedy", "montecarlo:32", "search") is
    named on its seat as the form names its level; a bot no level plays like has a name of the page's
    own, never its command-line spec."""
    import httpx
    from phom.web.views import bot_level

    page = browser.new_page(locale=locale, viewport=PHONE)
    page.goto(server + "/")
    page.wait_for_function("document.getElementById('bot-1')")
    for game in ("phom", "tienlen"):
        shown = [bot_level(game, spec) for spec in SPECS]
        expected = [int(spec.split(":")[1]) if spec.startswith("level:") else level_of(game, spec) for spec in SPECS]
        assert shown == expected, f"{game}: the view's levels differ from phom.bots.levels"
        names = page.evaluate("([specs, levels]) => specs.map((spec, seat) => botName({ bots: { [seat]: spec }, "
                              "bot_levels: { [seat]: levels[seat] } }, seat))", [SPECS, shown])
        assert not any(spec in said for spec, said in zip(SPECS, names)), names
    level_names = {int(value.split(":")[1]): text for value, text in page.evaluate(
        "[...document.querySelectorAll('#bot-1 option[data-level]')].map((o) => [o.value, o.textContent])")}
    page.close()
    for game, bots in (("phom", ["greedy", "montecarlo:32", "search"]), ("tienlen", ["greedy", "search", "random"])):
        created = httpx.post(server + "/api/games", json={"game": game, "humans": [0], "bots": bots}).json()
        page = browser.new_page(locale=locale, viewport=PHONE)      # a fresh page: a new hash alone is no load
        page.goto(f"{server}/#game={created['id']}&seat=0&token={created['tokens']['0']}")
        page.wait_for_selector(HAND)
        page.wait_for_function(IDLE)
        assert seat_names(page) == {seat: level_names[level_of(game, bot)] for seat, bot in enumerate(bots, start=1)}
        check_words(page, locale[:2], f"{game} with bots made through the API")
        page.close()


@pytest.mark.parametrize("locale", ["vi-VN", "en-US"])
def test_a_failure_is_said_in_the_pages_language(server, browser, locale):  # noqa: F811
    """A server that answers with no sentence of its own (a proxy's error page), a network that fails and
    a live seat the server refuses (its error is English, for logs) are each said in the page's words."""
    lang = locale[:2]
    catalog = json.loads((PAGE_LANG / f"{lang}.json").read_text(encoding="utf-8"))
    page = browser.new_page(locale=locale, viewport=PHONE)
    page.goto(server + "/")
    page.wait_for_function("document.getElementById('bot-1')")
    page.click("#new-game-button")
    page.wait_for_selector(HAND)
    page.wait_for_function(IDLE)
    page.route("**/api/hint*", lambda route: route.fulfill(status=502, content_type="text/html",
                                                              body="<html><body>502 Bad Gateway</body></html>"))
    page.click("#hint")
    page.wait_for_selector("#message.refused")
    assert page.inner_text("#message") == catalog["no_hint"].replace("{error}", catalog["server_trouble"])
    page.unroute("**/api/hint*")
    page.route("**/api/hint*", lambda route: route.abort())
    page.click("#hint")
    page.wait_for_function("(said) => document.getElementById('message').textContent.includes(said)",
                           arg=catalog["no_server"])
    check_words(page, lang, "a failure")
    page.close()
    page = browser.new_page(locale=locale, viewport=PHONE)
    page.route_web_socket("**/ws", lambda ws: ws.on_message(
        lambda message: ws.send(json.dumps({"error": "no game has this id (it may have expired)"}))))
    page.goto(server + "/")
    page.wait_for_function("document.getElementById('bot-1')")
    page.click("#new-game-button")
    page.wait_for_selector("#message.refused")
    assert page.inner_text("#message") == catalog["live_refused"]
    check_words(page, lang, "a live seat refused")
    page.close()


def test_a_gui_names_the_phom_as_the_table_draws_it(server, browser):  # noqa: F811
    """A gửi's button names the phỏm by its number under its seat and the seat by its place at the table
    (“Gửi 4♣ vào phỏm 1 của nhà đối diện”), never a seat:index pair."""
    import httpx

    places = {0: "bạn", 1: "nhà dưới", 2: "nhà đối diện", 3: "nhà trên"}
    for _ in range(60):                          # a game in which the player may gửi (by the API, quickly)
        created = httpx.post(server + "/api/games", json={"humans": [0], "bots": ["level:4"] * 3}).json()
        headers = {"Authorization": f"Bearer {created['tokens']['0']}"}
        view = httpx.get(f"{server}/api/games/{created['id']}", headers=headers).json()
        sends: list[str] = []
        while not view["is_over"] and not sends:
            texts = [a["text"] for a in view["legal_actions"]]
            sends = [text for text in texts if text.startswith("send ")]
            if not sends:
                move = next((text for text in texts if text.startswith("lay ")), None) or (
                    "draw" if "draw" in texts else texts[-1])
                view = httpx.post(f"{server}/api/games/{created['id']}/actions", headers=headers,
                                  json={"action": move}).json()
        if sends:
            break
    assert sends, "no game offered a gửi"
    _, code, target = sends[0].split()
    seat, meld = (int(part) for part in target.split(":"))
    page = browser.new_page(locale="vi-VN", viewport=PHONE, device_scale_factor=1, has_touch=True)
    page.goto(f"{server}/#game={created['id']}&seat=0&token={created['tokens']['0']}")
    page.wait_for_selector(f'#hand [data-card="{code}"]')
    page.wait_for_function(IDLE)
    page.click(f'#hand [data-card="{code}"]')
    said = page.inner_text(f'#moves button[data-action="{sends[0]}"]')
    assert said == f"Gửi {code[:-1]}{'♠♣♦♥'['SCDH'.index(code[-1])]} vào phỏm {meld + 1} của {places[seat]}", said
    labels = page.evaluate(f"[...document.querySelectorAll('#table .phom-seat[data-seat=\"{seat}\"] svg text')]"
                           ".map((e) => e.textContent)")
    assert f"phỏm {meld + 1}" in labels, "the phỏm's number is not drawn under its seat"
    check_words(page, "vi", "a gửi")
    shoot(page, "gui-vi")
    page.close()
