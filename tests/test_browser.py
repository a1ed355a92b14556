"""The table in a real browser: Playwright drives Debian's headless Chromium against `phom serve` on a
loopback port. One full game against three bots by clicking, a hint, a refused move with the referee's
reason, the result table; screenshots of the start, a lay-down and the result are kept as artifacts
(``PHOM_ARTIFACTS``, default ``tests/artifacts``)."""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import socket
import sys
import threading
import time

import pytest

ARTIFACTS = pathlib.Path(os.environ.get("PHOM_ARTIFACTS", pathlib.Path(__file__).parent / "artifacts"))


def chromium_path() -> str:
    """Debian's chromium: CI installs it (.ci/run) and fails without it; elsewhere its absence skips."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        message = "Debian's chromium is needed for the browser tests: apt-get install chromium (.ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


@pytest.fixture(scope="module")
def server():
    import uvicorn

    from phom.web.app import create_app
    from phom.web.hosting import GameHost
    from phom.web.limits import RateLimits

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # server seeds 0, 1, 2, … instead of secrets: the same deals every run, so the test is reproducible
    seeds = iter(range(1000))
    host = GameHost(server_seeds=lambda: f"{next(seeds):064x}")
    # one address makes every table of the module: its creations are not rate-limited here (the hostile
    # tests check the limits), so a quick run cannot meet a 429 where a slow one did not
    config = uvicorn.Config(create_app(host, rate_limits=RateLimits(create="10000/minute")), host="127.0.0.1",
                            port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    for _ in range(200):
        if running.started:
            break
        time.sleep(0.05)
    assert running.started, "the server did not start"
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)


class PolicyBypassingBrowser:
    """The launched browser whose pages bypass the page's Content-Security-Policy, so that Playwright's
    ``wait_for_function`` may evaluate its string predicates; ``raw`` opens pages under the real policy
    (``test_the_page_plays_under_its_content_security_policy``)."""

    def __init__(self, raw) -> None:
        self.raw = raw

    def new_page(self, **options):
        page = self.raw.new_page(bypass_csp=True, **options)
        # an error of the page's script is printed (pytest shows it beside a failed test)
        page.on("pageerror", lambda error: print(f"page error: {error}", file=sys.stderr))
        return page

    def new_context(self, **options):
        return self.raw.new_context(bypass_csp=True, **options)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        yield PolicyBypassingBrowser(launched)
        launched.close()


# the player's own hand: the listbox of the page (the drawn table leaves it out)
HAND = "#hand [role=option]"

# the page has answered the last click (aria-busy is cleared) and shows moves or the result
IDLE = ("document.body.getAttribute('aria-busy') !== 'true' && "
        "(document.querySelectorAll('#moves button').length > 0 || !document.getElementById('result').hidden)")

CARD_VERBS = ("discard", "play", "lay", "send")


def legal_moves(page) -> list[str]:
    """The seat's legal moves as the API names them (the page shows buttons for those without cards)."""
    return page.evaluate("state.view ? state.view.legal_actions.map(a => a.text) : []")


def make_move(page, action: str) -> None:
    """A move as a player makes it: a move with cards by tapping its cards, then its button (the one
    “Đánh”, or the Gửi / Hạ button for the chosen cards); the others (Bốc, Ăn, Hạ phỏm, Bỏ lượt) by theirs."""
    verb, *rest = action.split()
    if verb in CARD_VERBS:
        if page.locator("#hand .picked").count():
            page.click("#clear-selection")
        for code in rest[:1] if verb == "send" else rest:
            page.locator(f'#hand [data-card="{code}"]').click()
    page.click(f'#moves button[data-action="{action}"]')


def test_a_full_game_by_clicking(server, browser):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(locale="en-US", viewport={"width": 1000, "height": 900})
    page.goto(server + "/")
    page.click("#new-game-button")
    page.wait_for_selector(HAND)
    page.screenshot(path=str(ARTIFACTS / "web-start.png"), full_page=True)
    hand = page.locator(HAND)
    assert hand.count() == 10                                            # the leader holds 10 cards

    # select two cards, then clear; ask for a hint
    hand.nth(0).click()
    hand.nth(1).click()
    assert len(page.inner_text("#selected").split()) == 2
    page.click("#hint")
    page.wait_for_selector("#message:not([hidden])")
    said = page.inner_text("#message")
    move = re.match(r"hint: (discard \S+)", said.lower())
    assert move and said.lower().count(move.group(1)) == 1                 # the move named once

    laid_down_shot = False
    refused_seen = False
    for _ in range(200):
        # wait until the last click's answer is drawn, then read the move buttons in one go
        page.wait_for_function(IDLE)
        if page.locator("#result:not([hidden])").count():
            break
        labels = legal_moves(page)
        if not refused_seen and "draw" in labels:
            # a discard before taking a card: the referee refuses it and the page says why
            page.locator(HAND).first.dblclick()
            page.wait_for_selector("#message.refused")
            # "draw, or eat …" only when the discard can be eaten, else "Draw a card first."
            said = page.inner_text("#message")
            assert ("Take a card first" in said) == any(m.startswith("eat") for m in labels) and "card first" in said
            refused_seen = True
        if "autolay" in labels:
            page.click('#moves button[data-action="autolay"]')
            page.wait_for_function(IDLE)
            if not laid_down_shot:
                page.screenshot(path=str(ARTIFACTS / "web-lay-down.png"), full_page=True)
                laid_down_shot = True
            continue
        discards = [label for label in labels if label and label.startswith("discard ")]
        if discards and "draw" not in labels:
            code = discards[-1].split()[1]
            page.locator(f'#hand [data-card="{code}"]').dblclick()
            continue
        make_move(page, labels[0])
    page.wait_for_selector("#result:not([hidden]) #result-table")
    page.screenshot(path=str(ARTIFACTS / "web-result.png"), full_page=True)
    rows = page.locator("#result-table tr")
    assert rows.count() == 5 and refused_seen
    money = [int(rows.nth(i).locator("td").nth(3).inner_text().replace("\u2212", "-")) for i in range(1, 5)]
    assert sum(money) == 0
    assert page.locator("g.card-back").count() == 0               # every hand face up at the end
    page.click("#fairness summary")                                # “Check this game”: the record, one tap away
    assert not page.locator("#download-record").is_hidden()
    page.click("#play-again")
    page.wait_for_selector("#result", state="hidden")
    assert page.locator(HAND).count() == 10


def test_a_phone_sized_screen(server, browser):
    page = browser.new_page(locale="en-US", viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page.goto(server + "/")
    page.click("#new-game-button")
    page.wait_for_selector(HAND)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, f"the page is {width}px wide on a 390px screen"
    # every visible control is a thumb's size: at least 44 × 44 CSS px
    small = page.evaluate("""[...document.querySelectorAll('button, select, input')]
        .filter((e) => e.offsetParent !== null)
        .map((e) => [e.id || e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44).map(([name, r]) => `${name} ${r.width}x${r.height}`)""")
    assert not small, f"controls under 44 px on a phone: {small}"
    page.screenshot(path=str(ARTIFACTS / "web-phone.png"), full_page=True)
    page.set_viewport_size({"width": 844, "height": 390})           # landscape stays usable
    assert page.evaluate("document.documentElement.scrollWidth") <= 860


def test_friends_share_a_table_through_invite_links(server, browser):
    """Two browser contexts (two people): the host's invite link seats the friend; each sees the other's
    moves live; a refresh keeps the seat."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    host = browser.new_context(locale="en-US", viewport={"width": 1100, "height": 900}).new_page()
    host.goto(server + "/")
    host.select_option("#human-count", "2")
    host.fill("#client-seed", "friday night")
    host.click("#new-game-button")
    host.wait_for_selector(HAND)
    assert len(host.get_attribute("#commitment", "data-full")) == 64
    invite = host.locator('#invite-list input[data-seat="1"]').input_value()
    assert "#game=" in invite and "token=" in invite and "?" not in invite.split("#")[0].replace(server, "")
    friend = browser.new_context(locale="en-US", viewport={"width": 1100, "height": 900}).new_page()
    friend.goto(invite)
    friend.wait_for_selector('.phom-seat.me[data-seat="1"]')
    friend.wait_for_selector(HAND)
    assert friend.text_content("#commitment") == host.text_content("#commitment")

    def wait_idle(page):
        page.wait_for_function("document.body.getAttribute('aria-busy') !== 'true'")

    # the host plays his first turn; the friend's page shows the moves without any click
    host.wait_for_function("document.querySelectorAll('#moves button').length > 0")
    discard = next(label for label in legal_moves(host) if label.startswith("discard "))
    make_move(host, discard)
    wait_idle(host)
    card = discard.split()[1]
    friend.wait_for_function("document.querySelectorAll('#log li').length >= 1")
    assert friend.locator("#log li").first.inner_text().startswith("Seat 1 discarded")
    assert card[:-1] in friend.locator("#log li").first.inner_text()
    # the friend (seat 1) moves next: the host sees it live
    friend.wait_for_function("document.querySelectorAll('#moves button').length > 0")
    friend.click('#moves button[data-action="draw"]')
    wait_idle(friend)
    host.wait_for_function("[...document.querySelectorAll('#log li')].some(li => li.textContent === 'Seat 2 drew a card')")
    assert friend.locator("#log li").nth(1).inner_text() == "You drew a card"      # his own move: “you"
    host.screenshot(path=str(ARTIFACTS / "web-shared-host.png"), full_page=True)
    friend.screenshot(path=str(ARTIFACTS / "web-shared-friend.png"), full_page=True)
    # a refresh keeps the seat (the fragment holds it) and the live log
    hand_before = friend.evaluate("[...document.querySelectorAll('#hand [role=option]')]"
                                  ".map(c => c.dataset.card)")
    friend.reload()
    friend.wait_for_selector('.phom-seat.me[data-seat="1"]')
    friend.wait_for_selector(HAND)
    hand_after = friend.evaluate("[...document.querySelectorAll('#hand [role=option]')]"
                                 ".map(c => c.dataset.card)")
    assert hand_after == hand_before and friend.locator("#log li").count() >= 2
    # the friend finishes his turn after the refresh; the host sees it
    friend.wait_for_function("document.querySelectorAll('#moves button').length > 0")
    move = next(label for label in legal_moves(friend) if label.startswith("discard ") or label == "autolay")
    make_move(friend, move)
    wait_idle(friend)
    host.wait_for_function("document.querySelectorAll('#log li').length >= 3")
    for page in (host, friend):
        page.context.close()


def test_a_tienlen_game_by_clicking(server, browser):
    """Tiến lên at the same table: choose the game, play by buttons and by selecting cards, see who
    passed and the places, and the result with every hand face up."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(locale="en-US", viewport={"width": 1000, "height": 900})
    page.goto(server + "/")
    page.wait_for_selector("#bot-1")                  # the bots' choices are built once the words are loaded
    page.select_option("#game-kind", "tienlen")
    assert page.evaluate("document.querySelector('#bot-1 option[value=hunter]').hidden")
    page.click("#new-game-button")
    page.wait_for_selector(".phom-table.tienlen")
    page.wait_for_function(IDLE)
    page.screenshot(path=str(ARTIFACTS / "web-tienlen-start.png"), full_page=True)
    assert page.inner_text("#game-title") == "Tiến lên"
    selected_play = False
    refused_seen = False
    for _ in range(300):
        page.wait_for_function(IDLE)
        if page.locator("#result:not([hidden])").count():
            break
        labels = legal_moves(page)
        if not refused_seen and "pass" in labels:
            # a card that beats nothing: the referee refuses it and the page says why
            page.locator(HAND).first.click()
            page.click("#play-one")
            page.wait_for_function(IDLE)
            if page.locator("#message.refused").count():
                assert "Not allowed" in page.inner_text("#message")
                refused_seen = True
                page.screenshot(path=str(ARTIFACTS / "web-tienlen-refused.png"), full_page=True)
            continue
        plays = [label for label in labels if label.startswith("play ")]
        if not selected_play and plays:
            if page.locator("#hand .picked").count():
                page.click("#clear-selection")
            for code in plays[0].split()[1:]:          # the play, made by tapping its cards, then the one “Play”
                page.locator(f'#hand [data-card="{code}"]').click()
            assert page.get_attribute("#play-one", "data-action") == plays[0]
            page.click("#play-one")
            selected_play = True
            continue
        make_move(page, plays[0] if plays else labels[0])
    page.wait_for_selector("#result:not([hidden]) #result-table")
    page.screenshot(path=str(ARTIFACTS / "web-tienlen-result.png"), full_page=True)
    rows = page.locator("#result-table tr")
    assert rows.count() == 5 and selected_play and refused_seen
    money = [int(rows.nth(i).locator("td").nth(2).inner_text().replace("\u2212", "-")) for i in range(1, 5)]
    assert sum(money) == 0 and page.locator("g.card-back").count() == 0
    assert "passed" in page.inner_text("#log") or "played" in page.inner_text("#log")


def test_the_review_panel_after_a_game(server, browser):
    """A finished game's "Review this game": the plot, the ledger and the labelled decisions, each
    opening the position with its options; looked at wide and at phone width."""
    import httpx

    created = httpx.post(server + "/api/games", json={"humans": [0], "bots": ["random", "greedy", "greedy"]}).json()
    token = created["tokens"]["0"]
    headers = {"Authorization": f"Bearer {token}"}
    view = httpx.get(f"{server}/api/games/{created['id']}", headers=headers).json()
    while not view["is_over"]:                                   # seat 0 plays its first legal action
        text = view["legal_actions"][-1]["text"]
        view = httpx.post(f"{server}/api/games/{created['id']}/actions", headers=headers,
                          json={"action": text}).json()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (("wide", {"width": 1000, "height": 900}), ("phone", {"width": 390, "height": 844})):
        page = browser.new_page(locale="en-US", viewport=viewport)
        page.goto(f"{server}/#game={created['id']}&seat=0&token={token}")
        page.wait_for_selector("#review-game:not([hidden])")
        page.click("#review-game")
        page.wait_for_selector("#review .ledger", state="attached", timeout=60_000)
        open_review_details(page)
        assert page.locator("#review .ledger tbody tr").count() == 4
        decisions = page.locator("#review .decision")
        if decisions.count():
            decisions.first.locator("summary").click()
            assert decisions.first.locator(".options tr").count() >= 2
        page.screenshot(path=str(ARTIFACTS / f"web-review-{name}.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"] + 1, f"the review scrolls sideways at {viewport['width']} px"
        page.close()


def test_a_series_of_two_games_at_one_table(server, browser):
    """The result shows the table's totals and "Next game": the next game at the same seat, led by
    the previous nhất, with the totals carried."""
    import httpx

    created = httpx.post(server + "/api/games", json={"humans": [0], "bots": ["greedy", "greedy", "greedy"]}).json()
    token = created["tokens"]["0"]
    headers = {"Authorization": f"Bearer {token}"}
    view = httpx.get(f"{server}/api/games/{created['id']}", headers=headers).json()
    while not view["is_over"]:
        view = httpx.post(f"{server}/api/games/{created['id']}/actions", headers=headers,
                          json={"action": view["legal_actions"][-1]["text"]}).json()
    page = browser.new_page(locale="en-US", viewport={"width": 1000, "height": 900})
    page.goto(f"{server}/#game={created['id']}&seat=0&token={token}")
    page.wait_for_selector("#series-table")
    assert "Game 1 of this table" in page.inner_text("#series-table caption")
    page.click("#next-game")
    page.wait_for_function("document.querySelector('#message') && "
                           "document.querySelector('#message').innerText.startsWith('Game 2')")
    assert created["id"] not in page.url and "token=" in page.url
    second = httpx.get(f"{server}/api/games/{page.url.split('game=')[1].split('&')[0]}", headers=headers).json()
    assert second["series"]["number"] == 2 and second["series"]["totals"] == view["series"]["totals"]
    leader = second["history"][0]["player"] if second["history"] else second["to_move"]
    assert leader == view["result"]["winner"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-series.png"), full_page=True)
    page.close()


def open_review_details(page) -> None:
    """The review's figures sit behind its “Chi tiết” / “Details” switch (its first screen is in words)."""
    switch = page.locator("#review details.review-details > summary")
    if switch.count() and not page.locator("#review details.review-details[open]").count():
        switch.click()


def test_house_rules_are_chosen_in_the_form_and_shown_in_the_header(server, browser):
    page = browser.new_page(locale="en-US", viewport={"width": 1000, "height": 900})
    page.goto(server + "/")
    page.click("#house-rules summary")
    page.check('#house-rules input[name="eight_cards"]')
    page.uncheck('#house-rules input[name="tai_gui"]')
    page.click("#new-game-button")
    page.wait_for_selector(HAND)
    line = page.inner_text("#rules-line")
    assert "phỏm 8 lá" in line and "no gửi in tái turns" in line
    assert page.locator(HAND).count() == 9
    page.select_option("#game-kind", "tienlen")
    assert page.locator('#house-rules label[data-game="phom"]').first.is_hidden()
    page.close()


def axe_problems(page) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands (axe-playwright-python)."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [f"{v['id']}: {v['help']} ({v['nodes'][0]['target']})" for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("game", ["phom", "tienlen"])
@pytest.mark.parametrize("locale", ["vi-VN", "en-US"])
def test_no_serious_accessibility_violation_at_the_start_mid_game_and_the_end(server, browser, game, locale):
    page = browser.new_page(locale=locale, viewport={"width": 1000, "height": 900})
    page.goto(server + "/")
    assert axe_problems(page) == []
    page.select_option("#game-kind", game)
    page.click("#new-game-button")
    page.wait_for_selector(HAND)
    assert axe_problems(page) == []
    for _ in range(400):                                  # the first listed move until the end
        page.wait_for_function(IDLE)
        if page.locator("#result:not([hidden])").count():
            break
        make_move(page, legal_moves(page)[0])
    assert page.inner_text("#announce").strip()           # the others' moves were announced politely
    page.wait_for_selector("#result:not([hidden])")
    assert axe_problems(page) == []
    page.close()


# ---------------------------------------------------------------------------------------------
# Languages, the keyboard, xếp bài

def tab_to(page, selector: str, presses: int = 120) -> None:
    """Press Tab until the focused element matches ``selector`` (the keyboard is the only input)."""
    for _ in range(presses):
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def hand_order(page) -> list[str]:
    return page.evaluate("[...document.querySelectorAll('#hand [role=option]')].map(c => c.dataset.card)")


def pick_by_keyboard(page, codes: list[str]) -> None:
    """In the focused hand: arrows to each card, Space selects it."""
    page.keyboard.press("Home")
    at = 0
    for code in sorted(codes, key=hand_order(page).index):
        target = hand_order(page).index(code)
        for _ in range(target - at):
            page.keyboard.press("ArrowRight")
        at = target
        page.keyboard.press(" ")


def play_a_game_by_keyboard(page, server: str, game: str) -> int:
    """Start a table and play it to the end with the keyboard only; the number of moves made."""
    page.goto(server + "/")
    if game == "tienlen":
        tab_to(page, "#game-kind")
        page.keyboard.press("ArrowDown")
        assert page.input_value("#game-kind") == "tienlen"
    tab_to(page, "#new-game-button")
    page.keyboard.press("Enter")
    page.wait_for_selector(HAND)
    moves = 0
    for _ in range(400):
        page.wait_for_function(IDLE)
        if page.locator("#result:not([hidden])").count():
            return moves
        actions = legal_moves(page)
        if game == "phom":
            cards = [a.split()[1] for a in actions if a.startswith("discard ")]
            if cards and "draw" not in actions and "autolay" not in actions:
                tab_to(page, "#hand")
                pick_by_keyboard(page, [cards[-1]])
                page.keyboard.press("Enter")                    # one selected card: its discard
            else:
                wanted = "autolay" if "autolay" in actions else "draw" if "draw" in actions else actions[0]
                tab_to(page, f'#moves button[data-action="{wanted}"]')
                page.keyboard.press("Enter")
        else:
            plays = [a for a in actions if a.startswith("play ")]
            if plays:
                tab_to(page, "#hand")
                pick_by_keyboard(page, plays[0].split()[1:])
                page.keyboard.press("Enter")                    # the selected cards, played
            else:
                tab_to(page, '#moves button[data-action="pass"]')
                page.keyboard.press("Enter")
        moves += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game, locale", [("phom", "vi-VN"), ("tienlen", "en-US")])
def test_a_whole_game_by_keyboard_only(server, browser, game, locale):
    page = browser.new_page(locale=locale, viewport={"width": 1000, "height": 900})
    moves = play_a_game_by_keyboard(page, server, game)
    assert moves >= 3
    page.wait_for_selector("#result:not([hidden]) #result-table")
    assert page.evaluate("document.documentElement.lang") == locale[:2]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"web-keyboard-{game}-{locale}.png"), full_page=True)
    page.close()


def test_the_page_speaks_the_browsers_language_and_remembers_the_switch(server, browser):
    context = browser.new_context(locale="vi-VN", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server + "/")
    assert page.evaluate("document.documentElement.lang") == "vi"
    assert page.inner_text("#new-game-button") == "Bàn mới"
    assert "Cấp 8 · Cao thủ" in page.inner_text("#bot-1")
    page.click("#new-game-button")
    page.wait_for_selector(HAND)
    status = page.inner_text("#status")
    assert status.startswith("Lượt của bạn (ghế 1): đánh"), status
    labels = page.evaluate("[...document.querySelectorAll('#moves button')].map(b => b.textContent)")
    assert labels == ["Đánh"]                      # one “Đánh” for the card tapped, not one “Đánh Q♠” a card
    page.locator(HAND).first.click()
    assert page.get_attribute("#play-one", "data-action") == f"discard {page.locator(HAND).first.get_attribute('data-card')}"
    page.click("#clear-selection")
    first = page.locator(HAND).first
    assert first.get_attribute("aria-label").split(",")[0].split()[-1] in ("Bích", "Chuồn", "Rô", "Cơ")
    page.screenshot(path=str(ARTIFACTS / "web-vi-phone.png"), full_page=True)
    # the switch: English at once, <html lang> follows, the game terms stay Vietnamese and marked
    page.select_option("#lang-switch", "en")
    page.wait_for_function("document.getElementById('status').innerText.startsWith('Your turn')")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#rules-line span[lang=vi]").count() >= 2    # gửi, tái, ù khan, đền … marked
    assert page.locator(HAND).first.get_attribute("aria-label").split(",")[0].split()[-1] in (
        "spades", "clubs", "diamonds", "hearts")
    page.reload()                                                     # remembered across visits
    page.wait_for_selector(HAND)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.inner_text("#new-game-button") == "New table"
    page.screenshot(path=str(ARTIFACTS / "web-en-phone.png"), full_page=True)
    context.close()


def test_xep_bai_keeps_the_players_order_and_selection_across_updates(server, browser):
    page = browser.new_page(locale="en-US", viewport={"width": 1000, "height": 900})
    page.goto(server + "/")
    page.click("#new-game-button")
    page.wait_for_selector(HAND)
    page.click('#sorting button[data-sort="suit"]')
    by_suit = hand_order(page)
    assert [code[-1] for code in by_suit] == sorted((code[-1] for code in by_suit), key="SCDH".index)
    page.click('#sorting button[data-sort="rank"]')
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert [ranks.index(code[:-1]) for code in hand_order(page)] == sorted(ranks.index(c[:-1]) for c in hand_order(page))
    # the keyboard moves a card: Shift + ArrowRight takes the first card one place on
    page.focus("#hand")
    page.keyboard.press("Home")
    before = hand_order(page)
    page.keyboard.press("Shift+ArrowRight")
    assert hand_order(page) == [before[1], before[0], *before[2:]]
    # select a card that stays, discard another: the order and the selection survive the update
    arranged = hand_order(page)
    kept, thrown = arranged[0], arranged[-1]
    page.locator(f'#hand [data-card="{kept}"]').click()
    page.locator(f'#hand [data-card="{thrown}"]').dblclick()         # a double tap discards it at once
    page.wait_for_function(IDLE)
    page.wait_for_function("document.querySelectorAll('#moves button[data-action=draw]').length > 0")
    assert hand_order(page) == [code for code in arranged if code != thrown]
    assert page.locator(f'#hand [data-card="{kept}"]').get_attribute("aria-selected") == "true"
    # a drawn card joins at the end, the rest keep their places
    page.click('#moves button[data-action="draw"]')
    page.wait_for_function(IDLE)
    after = hand_order(page)
    assert after[:len(arranged) - 1] == [code for code in arranged if code != thrown] and len(after) == len(arranged)
    page.close()


def test_no_hidden_card_is_anywhere_in_the_page(server, browser):
    """At the start only the seat's own cards are known to it: no other card is named in the DOM, in
    ARIA text or in titles."""
    page = browser.new_page(locale="vi-VN", viewport={"width": 1000, "height": 900})
    page.goto(server + "/")
    page.click("#new-game-button")
    page.wait_for_selector(HAND)
    page.wait_for_function(IDLE)
    own = set(hand_order(page))
    named = set(page.evaluate("[...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)"))
    assert named == own
    words = page.evaluate("""[document.body.innerText,
        ...[...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')),
        ...[...document.querySelectorAll('title')].map(e => e.textContent)].join(' | ')""")
    ranks = {"A": "Át", "J": "Bồi", "Q": "Đầm", "K": "Già"}
    suits = {"S": ("♠", "Bích"), "C": ("♣", "Chuồn"), "D": ("♦", "Rô"), "H": ("♥", "Cơ")}
    for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]:
        for suit, (symbol, name) in suits.items():
            if rank + suit in own:
                continue
            assert f"{rank}{symbol}" not in words and f"{ranks.get(rank, rank)} {name}" not in words, rank + suit
    page.close()


def test_the_page_plays_under_its_content_security_policy(server, browser):
    """(Last in the file: the deals of the tests above come from the server's seed counter.) Under the
    page's real policy (no inline script or style element, no eval) a game starts, is
    drawn, takes moves and gives a hint; the browser reports no violation of the policy."""
    page = browser.raw.new_page(locale="vi-VN", viewport={"width": 390, "height": 844})
    violations: list[str] = []
    page.on("console", lambda message: violations.append(message.text)
            if "Content Security Policy" in message.text else None)
    response = page.goto(server + "/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.evaluate("document.addEventListener('securitypolicyviolation', e => "
                  "(window.violations = window.violations || []).push(e.violatedDirective + ' ' + e.blockedURI))")
    page.click("#new-game-button")
    page.wait_for_selector(HAND)
    page.wait_for_selector("#table svg", state="attached")
    page.click("#hint")
    page.wait_for_selector("#message:not([hidden])")
    for _ in range(6):                             # a few moves: each answer is drawn again
        deadline = time.monotonic() + 30
        while not page.evaluate(IDLE) and time.monotonic() < deadline:
            time.sleep(0.05)
        labels = legal_moves(page)
        if not labels:
            break
        make_move(page, labels[0])
    violations += page.evaluate("window.violations || []")
    assert violations == []
