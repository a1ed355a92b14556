"""The drawn table as a player reads it (issue 42, "The page"): an eaten card drawn once (in its phỏm
once laid, marked eaten), the laid phỏm numbered in words ("phỏm 1", never "#1"), "… may be eaten"
said only to the seat that may eat it, and a finished Tiến lên table with no empty "no cards" drawing
for the seats that went out."""

from __future__ import annotations

import re

from phom import Game
from phom.phom.actions import Eat
from phom.bots import make_bot
from phom.phom.render import html
from phom.tienlen import TienLenGame
from phom.tienlen import render as tienlen_render
from phom.tienlen.bots import make_tienlen_bot


def seat_block(page: str, seat: int) -> str:
    start = page.index(f'data-seat="{seat}"')
    end = page.find('data-seat="', start + 10)
    return page[start:end if end > 0 else len(page)]


def test_an_eaten_card_is_drawn_once_and_phom_are_numbered_in_words() -> None:
    checked = 0
    for seed in range(30):
        game, bot = Game(seed=seed), make_bot("greedy")
        while not game.is_over:
            game.apply(bot.act(game.view(game.to_move)))
            for q in range(game.players):
                laid_eaten = [c for meld in game.laid[q] for c in meld if c in game.eaten[q]]
                if not laid_eaten or game.is_over:
                    continue
                page = html(game.view((q + 1) % game.players), lang="vi")
                block = seat_block(page, q)
                for card in laid_eaten:
                    assert block.count(f'data-card="{card.code}"') == 1, (seed, q, card)
                assert ">#1<" not in page and ">phỏm 1<" in block
                checked += 1
    assert checked > 0


def test_the_discard_may_be_eaten_only_when_the_seat_to_move_may_eat_it() -> None:
    said = not_said = 0
    for seed in range(10):
        game, bot = Game(seed=seed), make_bot("greedy")
        while not game.is_over:
            if game.last_discard is not None:
                view = game.view(game.to_move)
                page = html(view, lang="vi")
                may_eat = any(isinstance(a, Eat) for a in view.legal_actions)
                assert ("có thể ăn" in page) == may_eat
                assert ("bốc bài." in page) == (not may_eat)      # only Bốc: the line says so
                said += may_eat
                not_said += not may_eat
                other = html(game.view((game.to_move + 1) % game.players), lang="vi")
                assert "có thể ăn" not in other
            game.apply(bot.act(game.view(game.to_move)))
    assert said and not_said


def test_a_finished_phom_table_draws_no_empty_hand() -> None:
    seen = 0
    for seed in range(40):
        game, bot = Game(seed=seed), make_bot("greedy")
        while not game.is_over:
            game.apply(bot.act(game.view(game.to_move)))
        if game.result.u is None:
            continue
        seen += 1
        for seat in range(game.players):
            page = html(game.view(seat), revealed=game.hands, lang="vi")
            assert "không có lá nào" not in page
    assert seen


def test_a_finished_tienlen_table_draws_no_empty_hand() -> None:
    for seed in range(5):
        game, bot = TienLenGame(seed=seed), make_tienlen_bot("greedy")
        while not game.is_over:
            game.apply(bot.act(game.view(game.to_move)))
        for seat in range(game.players):
            page = tienlen_render.html(game.view(seat), revealed=game.hands, lang="vi")
            assert "không có lá nào" not in page
            drawn = {q for q in range(game.players) if 'class="card"' in seat_block(page, q)}
            assert drawn == {q for q in range(game.players) if game.hands[q]}
            assert len(re.findall(r'data-seat="\d"', page)) == game.players


def test_a_seat_with_one_card_and_a_mom_seat_are_said_as_players_say_them() -> None:
    """'1 card' (never '1 cards'); a seat that laid nothing in its lay-down turn is móm, never 'đã hạ'."""
    one = mom = 0
    for seed in range(40):
        game, bot = Game(seed=seed), make_bot("greedy")
        while not game.is_over:
            view = game.view(game.to_move)
            for lang in ("en", "vi"):
                page = html(view, lang=lang)
                assert "1 cards" not in page
            for q in range(game.players):
                status = re.search(r'class="phom-status">([^<]*)<', seat_block(html(view, lang="vi"), q)).group(1)
                if view.hand_sizes[q] == 1:
                    assert status.startswith("1 lá"), status
                    assert "1 card," in seat_block(html(view), q) or "1 card<" in seat_block(html(view), q)
                    one += 1
                if view.laid_down[q] and not view.laid[q]:
                    assert status.endswith(", móm") and "đã hạ" not in status, status
                    mom += 1
                elif view.laid_down[q]:
                    assert status.endswith(", đã hạ"), status
            game.apply(bot.act(view))
    assert one and mom


def test_the_tienlen_table_names_the_play_to_beat_by_the_owners_place() -> None:
    """Where the table is drawn, whose play is to beat is said by place from the viewer (nhà dưới / nhà
    trên / nhà đối diện, or bạn), as the page seats them, never 'của ghế N'."""
    places = {"vi": ("nhà dưới", "nhà đối diện", "nhà trên"), "en": ("the next player", "the player across",
                                                                     "the previous player")}
    seen = set()
    for players in (2, 3, 4):
        from phom.tienlen import TienLenRules

        game, bot = TienLenGame(TienLenRules(players=players), seed=players), make_tienlen_bot("greedy")
        while not game.is_over:
            for viewer in range(players):
                view = game.view(viewer)
                if not view.table:
                    continue
                step = (view.table_owner - viewer) % players
                for lang in ("vi", "en"):
                    page = tienlen_render.html(view, lang=lang)
                    box = page[page.index('class="tienlen-table-play'):page.index('data-seat="0"')]
                    assert not re.search(r"(ghế|seat) \d", box), box
                    if step == 0:
                        expected = "của bạn" if lang == "vi" else "by you"
                    elif players == 2:
                        expected = places[lang][1]
                    else:
                        expected = places[lang][0 if step == 1 else 2 if step == players - 1 else 1]
                    assert expected in box, (players, viewer, view.table_owner, box)
                    seen.add((players, step))
            game.apply(bot.act(game.view(game.to_move)))
    assert {(4, 1), (4, 2), (4, 3), (4, 0), (3, 1), (3, 2), (2, 1)} <= seen


def test_the_drawn_tables_head_says_who_moves_from_the_viewers_place() -> None:
    """The head of a drawn table says the seat to move as the viewer sees it: bạn, or nhà dưới / nhà trên /
    nhà đối diện, never "ghế N" (issue 42); an empty Tiến lên table reads "Bàn trống, bạn đánh trước"."""
    from phom.tienlen import TienLenRules

    def head(page: str) -> str:
        return re.search(r'class="phom-status">(.*?)</div>', page).group(1)

    places = ("nhà dưới", "nhà trên", "nhà đối diện")
    seen: set[str] = set()
    for players in (2, 3, 4):
        games = [(Game(seed=players), make_bot("greedy"), html),
                 (TienLenGame(TienLenRules(players=players), seed=players), make_tienlen_bot("greedy"), tienlen_render.html)]
        for game, bot, draw in games:
            for _ in range(40):
                if game.is_over:
                    break
                for viewer in range(players):
                    said = head(draw(game.view(viewer), lang="vi"))
                    assert not re.search(r"ghế \d", said), said
                    if game.to_move == viewer:
                        assert "bạn" in said, said
                        seen.add("bạn đánh trước" if "Bàn trống, bạn đánh trước" in said else "bạn")
                    else:
                        assert any(place in said for place in places), said
                        seen |= {place for place in places if place in said}
                    english = head(draw(game.view(viewer), lang="en"))
                    assert not re.search(r"[Ss]eat \d", english), english
                game.apply(bot.act(game.view(game.to_move)))
    assert seen == {"bạn", "bạn đánh trước", *places}
