"""The table on a phone (shared/API.md, "The table on a phone"; issue 34, item 3), in a real browser: at
390×844 in vi-VN, both games, a whole game each: at every one of the human's turns his hand, every move
button, the hint and every other seat are inside the first screen, and nothing makes the page scroll
sideways (the review panel included); the visible text at the start, mid-game, after a refused move, at
the end and in the review has no English action word, no English-format number and no seat 0; in en-US
no Vietnamese word outside ``lang="vi"`` spans (the word lists come from the glossary). Screenshots of
each moment at 390×844 and 1280×900 are kept as ``phone-*.png`` artifacts (``PHOM_ARTIFACTS``).

One server and one browser for the module (the fixtures of tests/test_browser.py)."""

from __future__ import annotations

import json
import re
import time

import pytest
from phom.language import glossary
from test_browser import ARTIFACTS, HAND, IDLE, browser, server  # noqa: F401  (the module's fixtures)

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}

# every visible text node of the page (SVG labels too), with whether it sits inside a lang="vi" element
VISIBLE_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, parent = node.parentElement;
    if (!node.nodeValue.trim() || !parent || parent.closest('script, style, option, [hidden], .visually-hidden')) continue;
    if (parent.checkVisibility && !parent.checkVisibility()) continue;
    const rect = parent.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    const vi = parent.closest('[lang]');
    out.push([node.nodeValue, Boolean(vi) && vi.getAttribute('lang') === 'vi', parent.outerHTML.slice(0, 200)]);
  }
  return out;
}"""

# what must sit inside the first screen at the human's turn: [name, left, top, right, bottom]
FIRST_SCREEN = """() => [
    ['hand', document.querySelector('#hand')],
    ...[...document.querySelectorAll('#moves button')].map((b) => ['move ' + b.dataset.action, b]),
    ['hint', document.querySelector('#hint')],
    ...[...document.querySelectorAll('#table .phom-seat[data-seat]:not(.me)')].map((s) => ['seat ' + s.dataset.seat, s]),
  ].map(([name, e]) => { const r = e.getBoundingClientRect(); return [name, r.left, r.top, r.right, r.bottom]; })"""


def _words(entries: list[str]) -> re.Pattern[str]:
    return re.compile(r"(?<![\w])(" + "|".join(entries) + r")(?![\w])", re.IGNORECASE)


def _terms() -> list[dict[str, object]]:
    return list(glossary().values())


# English words a vi player must never read (the glossary's avoid_vi: draw, eat, discard, lay, send,
# pass, play, autolay, seed, greedy, "ghế 0", …) and the seats counted from 0
ENGLISH_IN_VI = _words([variant for entry in _terms() for variant in entry.get("avoid_vi", [])]  # type: ignore[union-attr]
                       + ["seat", r"ghế\s*0", "hint", "played like", "table\\[0\\]"])
# numbers as English writes them: 1,234 or 0.45 (vi: 1.234, 0,45)
ENGLISH_NUMBER = re.compile(r"(?<![\d.,])(?:[1-9]\d{0,2}(?:,\d{3})+|\d+\.\d{1,2}|0\.\d+)(?![\d.,])")
# a Vietnamese word in English text: a letter only Vietnamese writes, or a glossary term in plain letters
VIETNAMESE_LETTER = re.compile(r"[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]", re.IGNORECASE)
VIETNAMESE_PLAIN = _words(sorted({str(entry["vi"]) for entry in _terms()
                                  if not VIETNAMESE_LETTER.search(str(entry["vi"])) and str(entry["vi"]) != str(entry["en"])
                                  and re.fullmatch(r"[a-z ]+", str(entry["vi"]))}))


def visible(page) -> list[tuple[str, bool]]:
    return [(text, vi) for text, vi, _ in page.evaluate(VISIBLE_TEXT)]


def check_vi_text(page, moment: str) -> None:
    text = "\n".join(part for part, _ in visible(page)) + "\n" + page.evaluate("document.body.innerText")
    english = sorted({m.group(0) for m in ENGLISH_IN_VI.finditer(text)})
    assert not english, f"{moment}: English or seat 0 in the vi page: {english}"
    numbers = sorted({m.group(0) for m in ENGLISH_NUMBER.finditer(text)})
    assert not numbers, f"{moment}: numbers as English writes them: {numbers}"


def check_en_text(page, moment: str) -> None:
    found = sorted({word for text, vi in visible(page) if not vi for word in re.findall(r"[\w’']+", text)
                    if VIETNAMESE_LETTER.search(word) or VIETNAMESE_PLAIN.fullmatch(word)})
    where = [html for text, vi, html in page.evaluate(VISIBLE_TEXT) if not vi and any(w in text for w in found)]
    assert not found, f"{moment}: Vietnamese outside lang=vi in the en page: {found} in {where[:3]}"


def check_no_sideways(page, moment: str) -> None:
    wide = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    if wide[0] > wide[1]:
        page.screenshot(path=str(ARTIFACTS / "phone-failure.png"))
    wider = [] if wide[0] <= wide[1] else page.evaluate("""[...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
        .map((e) => `${e.tagName}#${e.id}.${e.getAttribute('class')} ${Math.round(e.getBoundingClientRect().right)}`).slice(0, 6)""")
    assert wide[0] <= wide[1], f"{moment}: the page is {wide[0]} px wide on a {wide[1]} px screen: {wider}"


def check_first_screen(page, moment: str, others: int = 3) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    width, height = page.evaluate("[innerWidth, innerHeight]")
    boxes = page.evaluate(FIRST_SCREEN)
    outside = [f"{name} at ({left:.0f},{top:.0f})-({right:.0f},{bottom:.0f})" for name, left, top, right, bottom in boxes
               if left < 0 or top < 0 or right > width or bottom > height or right - left <= 0]
    if outside:
        page.screenshot(path=str(ARTIFACTS / "phone-failure.png"))
    assert not outside, f"{moment}: outside the first {width}×{height} screen: {outside}"
    seats = [name for name, *_ in boxes if name.startswith("seat ")]
    assert len(seats) == others, f"{moment}: the other seats drawn: {seats}"


def shoot(page, name: str) -> None:
    """phone-NAME.png at 390×844 and phone-NAME-desk.png at 1280×900 (the first screen of each)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"phone-{name}.png"), animations="disabled")
    page.set_viewport_size(DESK)
    page.screenshot(path=str(ARTIFACTS / f"phone-{name}-desk.png"), animations="disabled")
    page.set_viewport_size(size)


def wait_idle(page) -> None:
    deadline = time.monotonic() + 30
    while not page.evaluate(IDLE):
        assert time.monotonic() < deadline, "the page did not answer"
        time.sleep(0.03)


def refuse_a_move(page, game: str, labels: list[str]) -> bool:
    """A move the referee refuses (a discard before taking a card; two unmatched cards in Tiến lên)."""
    if game == "phom":
        if "draw" not in labels:
            return False
        page.locator(HAND).first.dblclick()
    else:
        cards = page.evaluate("[...document.querySelectorAll('#hand [role=option]')].map(c => c.dataset.card)")
        ranks = {}
        for code in cards:
            ranks.setdefault(code[:-1], code)
        if len(ranks) < 2:
            return False
        for code in list(ranks.values())[:2]:
            page.locator(f'#hand [data-card="{code}"]').click()
        page.click("#play-selected")
    page.wait_for_selector("#message.refused")
    return True


def next_move(page, game: str, labels: list[str]) -> None:
    if game == "phom":
        if "autolay" in labels:
            page.click('#moves button[data-action="autolay"]')
            return
        discards = [label for label in labels if label.startswith("discard ")]
        if discards and "draw" not in labels:
            page.click(f'#moves button[data-action="{discards[-1]}"]')
            return
        page.click(f'#moves button[data-action="{labels[0]}"]')
        return
    plays = [label for label in labels if label.startswith("play ")]
    page.click(f'#moves button[data-action="{plays[0] if plays else labels[0]}"]')


def check_the_drawn_card_arrives(page) -> bool:
    """A drawn card arrives with a short animation (class ``fresh``), and none when less motion is asked."""
    fresh = page.locator("#hand .hand-card.fresh")
    assert fresh.count() == 1, "the drawn card is not marked"
    assert fresh.evaluate("(e) => getComputedStyle(e).animationName") != "none"
    page.emulate_media(reduced_motion="reduce")
    assert fresh.evaluate("(e) => getComputedStyle(e).animationName") == "none"
    page.emulate_media(reduced_motion="no-preference")
    return True


def play_a_game(page, server: str, game: str, lang: str) -> None:  # noqa: F811
    check_text = check_vi_text if lang == "vi" else check_en_text
    name = f"{game}-{lang}"
    page.goto(server + "/")
    page.wait_for_function(f"document.documentElement.lang === '{lang}' && document.getElementById('bot-1')")
    check_text(page, "before a game")
    if lang == "vi" and game == "phom":
        page.click("#house-rules summary")
        check_no_sideways(page, "the setup")
        shoot(page, "setup-vi")
    page.select_option("#game-kind", game)
    page.click("#new-game-button")
    page.wait_for_selector(HAND)
    wait_idle(page)
    check_text(page, "the start")
    shoot(page, f"{name}-start")
    turns = 0
    refused = False
    animated = False
    for _ in range(400):
        wait_idle(page)
        if page.locator("#result:not([hidden])").count():
            break
        labels = page.evaluate("[...document.querySelectorAll('#moves button')].map(b => b.dataset.action)")
        turns += 1
        if lang == "vi":
            check_first_screen(page, f"{game}, turn {turns}")
            check_no_sideways(page, f"{game}, turn {turns}")
        if turns == 4:
            check_text(page, "mid-game")
            shoot(page, f"{name}-mid")
        if not refused and turns >= 2 and refuse_a_move(page, game, labels):
            refused = True
            check_text(page, "a refused move")
            if lang == "vi":
                check_first_screen(page, f"{game}, the refusal")
            if page.locator("#hand .picked").count():
                page.click("#clear-selection")
            continue
        if turns > 1:       # the latest move is said beside the seat that made it, without the log
            assert page.locator("#table .seat-last.latest").count() == 1, f"{game}, turn {turns}: no latest move"
        if game == "phom" and not animated and labels[0] == "draw":
            page.click('#moves button[data-action="draw"]')
            wait_idle(page)
            animated = check_the_drawn_card_arrives(page)
            continue
        next_move(page, game, labels)
    page.wait_for_selector("#result:not([hidden]) #result-table")
    assert turns >= 4 and refused and (animated or game == "tienlen")
    # the server starts the review now, while the end is looked at (the page's button then finds it ready)
    page.evaluate("fetch(`/api/games/${state.id}/review?lang=${state.lang}`, "
                  "{ headers: { authorization: `Bearer ${state.token}` } })")
    check_text(page, "the end")
    check_no_sideways(page, "the end")
    shoot(page, f"{name}-end")
    page.click("#review-game")
    page.wait_for_selector("#review .ledger", timeout=60_000)
    decisions = page.locator("#review .decision summary")
    if decisions.count():
        decisions.first.click()
    page.locator("#review").scroll_into_view_if_needed()
    check_text(page, "the review")
    check_no_sideways(page, "the review")
    ledger = page.evaluate("(e => [e.scrollWidth, e.clientWidth])(document.querySelector('#review .ledger'))")
    assert ledger[0] <= ledger[1] + 1, f"the review's ledger is cut at the screen's edge: {ledger}"
    page.locator("#review .ledger").screenshot(path=str(ARTIFACTS / f"phone-{name}-ledger.png"))
    page.locator("#review").screenshot(path=str(ARTIFACTS / f"phone-{name}-review.png"))


@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_a_whole_game_on_a_phone_in_vietnamese(server, browser, game):  # noqa: F811
    page = browser.new_page(locale="vi-VN", viewport=PHONE, device_scale_factor=1, has_touch=True)
    play_a_game(page, server, game, "vi")
    page.close()


@pytest.mark.parametrize("game", ["phom", "tienlen"])
def test_english_keeps_its_vietnamese_terms_marked(server, browser, game):  # noqa: F811
    page = browser.new_page(locale="en-US", viewport=PHONE, device_scale_factor=1)
    play_a_game(page, server, game, "en")
    page.close()


def test_the_invite_link_is_copied_with_the_page_s_words(server, browser):  # noqa: F811
    context = browser.new_context(locale="vi-VN", viewport=PHONE, permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(server + "/")
    page.select_option("#human-count", "2")
    page.click("#new-game-button")
    page.wait_for_selector(HAND)
    link = page.locator('#invite-list input[data-seat="1"]').input_value()
    page.click("#invite-list button.copy-link")
    page.wait_for_selector("#message:not([hidden])")
    said = page.inner_text("#message")
    catalog = json.loads(page.evaluate("fetch('/static/lang/vi.json').then(r => r.text())"))
    copied = page.evaluate("navigator.clipboard.readText().catch(() => null)")
    assert said in (catalog["copied"], catalog["copy_failed"])
    if said == catalog["copied"]:
        assert copied in (link, None)
    check_no_sideways(page, "the invites")
    page.wait_for_function(IDLE)
    check_first_screen(page, "a friend at the table")
    page.screenshot(path=str(ARTIFACTS / "phone-invites.png"), animations="disabled", full_page=True)
    context.close()


@pytest.mark.parametrize(("game", "bots", "places"), [("phom", ["level:2"], ["top"]),
                                                     ("tienlen", ["level:2", "level:3"], ["right", "left"])])
def test_two_or_three_at_a_table_sit_across_or_beside(server, browser, game, bots, places):  # noqa: F811
    """Two players sit across (Nhà đối diện); with three, nhà dưới on the right and nhà trên on the left."""
    import httpx

    created = httpx.post(server + "/api/games", json={"game": game, "humans": [0], "bots": bots,
                                                    "rules": {"players": len(bots) + 1}}).json()
    page = browser.new_page(locale="vi-VN", viewport=PHONE)
    page.goto(f"{server}/#game={created['id']}&seat=0&token={created['tokens']['0']}")
    page.wait_for_selector(HAND)
    page.wait_for_function(IDLE)
    check_first_screen(page, f"{len(bots) + 1} at the table", others=len(bots))
    check_no_sideways(page, f"{len(bots) + 1} at the table")
    seated = page.evaluate("[...document.querySelectorAll('#table .phom-seat:not(.me)')]"
                           ".map((s) => [s.dataset.seat, [...s.classList].find((c) => c.startsWith('pos-')), "
                           "s.querySelector('.seat-place').textContent])")
    names = {"top": "Nhà đối diện", "right": "Nhà dưới", "left": "Nhà trên"}
    assert seated == [[str(i + 1), f"pos-{place}", names[place]] for i, place in enumerate(places)]
    page.screenshot(path=str(ARTIFACTS / f"phone-{game}-{len(bots) + 1}-players.png"), animations="disabled")
    page.close()
