"""Drawings for people: the SVG of cards, hands, arrangements and lay-downs, and the HTML of views,
games and hints, parsed and checked for what they show (and for what they must never show)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import phom
from phom import Game, cards
from phom.phom.hints import hint
from phom.phom.render import html, svg, table_text
from game_helpers import play_out

NS = "{http://www.w3.org/2000/svg}"


def shown(drawing: str) -> list[tuple[str, str | None]]:
    """(card code, mark) of every card face in an SVG, in drawing order."""
    root = ET.fromstring(drawing)
    assert root.tag == f"{NS}svg" and float(root.get("width", 0)) > 0
    out = []
    for group in root.iter(f"{NS}g"):
        if group.get("class") == "card":
            marks = [r.get("class", "").split("mark-")[-1] for r in group.iter(f"{NS}rect") if "mark" in r.get("class", "")]
            out.append((group.get("data-card", ""), marks[0] if marks else None))
    return out


def colours(drawing: str) -> dict[str, str]:
    root = ET.fromstring(drawing)
    found = {}
    for group in root.iter(f"{NS}g"):
        if group.get("class") == "card":
            texts = list(group.iter(f"{NS}text"))
            found[group.get("data-card", "")] = texts[0].get("fill", "")
    return found


def test_cards_are_drawn_with_rank_suit_and_colour():
    drawing = phom.Card.parse("9H")._repr_svg_()
    assert shown(drawing) == [("9H", None)] and "♥" in drawing
    hand = cards("AS 10D KC 5H")
    drawn = hand._repr_svg_()
    assert [code for code, _ in shown(drawn)] == ["AS", "KC", "10D", "5H"]
    tint = colours(drawn)
    assert tint["AS"] == tint["KC"] != tint["10D"] == tint["5H"]


def test_a_hand_is_grouped_with_phom_ca_and_rac_marked():
    drawing = svg(cards("9H 10H JH 2S 3S KD 5C 5D QS AH"), hand=True)
    marks = dict(shown(drawing))
    assert marks["9H"] == marks["10H"] == marks["JH"] == "meld"
    assert marks["2S"] == marks["3S"] == marks["5C"] == marks["5D"] == "ca"   # one card from a phỏm
    assert marks["KD"] == marks["AH"] == marks["QS"] == "rac"
    labels = [t.text for t in ET.fromstring(drawing).iter(f"{NS}text") if t.get("class") == "label"]
    assert labels == ["phỏm", "cạ", "rác"]


def test_arrangements_and_lay_plans_show_their_groups():
    arrangement = phom.arrange("7D 7C 6H 7H 8H 2S", eaten="7H")
    drawn = shown(arrangement._repr_svg_())
    assert [c for c, m in drawn if m == "meld"] == ["6H", "7H", "8H"] and len(drawn) == 6
    plan = phom.best_lay("3S 3H 3D 5C 6C 7C 8C 10H 4D KS", table=["JH QH KH", "10S 10C 10D", "4S 4C 4H"])
    root = ET.fromstring(plan._repr_svg_())
    labels = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "label"]
    assert labels == ["hạ", "hạ", "gửi → 0", "gửi → 2", "đánh"]


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.cards: list[str] = []
        self.backs = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("class") == "card":
            self.cards.append(found.get("data-card") or "")
        if found.get("class") == "card-back":
            self.backs += 1

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(page: str) -> _Collector:
    collector = _Collector()
    collector.feed(page)
    return collector


def test_a_view_shows_its_own_hand_every_public_card_and_no_hidden_one():
    def check(game: Game) -> None:
        for p in range(game.players):
            view = game.view(p)
            page = parse(view._repr_html_())
            drawn = set(page.cards)
            assert {c.code for c in view.hand} <= drawn
            public = set()
            for q in range(game.players):
                public |= {c.code for c in view.rows[q]} | {c.code for c in view.eaten[q]}
                public |= {c.code for m in view.laid[q] for c in m}
            assert drawn == {c.code for c in view.hand} | public
            hidden = {c.code for q in range(game.players) if q != p for c in game.hands[q]}
            assert not (drawn & (hidden - public)), "a hidden card was drawn"
            # one back per card of another hand that is not shown face up (its eaten cards still in hand are)
            unseen = sum(len(game.hands[q]) - len(game.unlaid_eaten[q]) for q in range(game.players) if q != p)
            assert page.backs == unseen == sum(view.hidden_sizes)

    for seed in range(3):
        play_out(Game(seed=seed), "eager", seed, each=check)


def test_a_game_is_drawn_as_its_player_to_move_sees_it_and_a_hint_with_its_reason():
    game = Game(seed=12)
    assert game._repr_html_() == html(game.view(0))
    advice = hint(game)
    page = parse(advice._repr_html_())
    assert advice.action.card.code in page.cards and advice.reason in "".join(page.text)
    assert "seat 0: hand" in table_text(game)


def test_the_reviews_chart_caption_reads_as_a_player_says_it():
    """The chart's caption says what the line, the bars and the dots mean in words (issue 42), not a
    statistics legend ("Giá trị … (cược); cột: may rủi; dấu: lỗi")."""
    from html import unescape

    from phom.review.drawing import review_html, review_svg
    from phom.review.model import Ledger, Point, Review

    chain = (Point(0, 0.0, "expected"), Point(0, 1.5, "luck"), Point(3, 1.0, "skill"), Point(9, -2.0, "others"))
    result = Review("phom", 4, (), (Ledger(0, 0.0, -0.5, 1.5, -2.0, -1),), {0: 0.0}, {0: "-"}, {0: chain}, (), "", 0,
                    16, 0)
    vi, en = review_html(result, "vi"), review_html(result, "en")
    for page, words in ((vi, ("Tiền của ghế 1", "đường kẻ", "may hay rủi", "nước nên xem lại")),
                        (en, ("seat 1's money", "the line", "luck", "a move to look at again"))):
        caption = unescape(page[page.index("<figcaption>"):page.index("</figcaption>")])
        assert all(word in caption for word in words), caption
        assert not any(code in caption.lower() for code in ("giá trị", "dấu: lỗi", "bars:", "marks:", "errors", "value of"))
    assert "Tiền của ghế 1" in review_svg(result, 0, lang="vi")


def test_the_reviews_moves_say_their_interval_as_the_terminal_does():
    """No bare "95 % 0,69…1,55" in the page's review: "mất 2,60 cược; chắc 95% là mất từ … đến … cược"."""
    import re

    from phom.bots import GreedyBot
    from phom.review import review

    game = Game(seed=5)
    while not game.is_over:
        game.apply(GreedyBot().act(game.view(game.to_move)) if game.to_move else game.legal_actions()[0])
    result = review(game, seats=[0], worlds=16)
    assert result.labelled()
    vi, en = result.to_html("vi"), result.to_html("en")
    moves = [s for s in re.findall(r"<summary>(.*?)</summary>", vi) if s != "Chi tiết"]   # not the details switch
    assert moves
    for summary in moves:
        assert re.search(r"\(mất [\d,]+ cược; chắc 95% là mất từ −?[\d,]+ đến [\d,]+ cược\)", summary), summary
        assert "…" not in summary
    assert "có thể lệch (chắc 95%)" in vi and ">95" not in vi
    assert re.search(r"\(lost [\d.]+ stakes; the loss lies between −?[\d.]+ and [\d.]+ stakes \(95% sure\)\)", en)
